//! The two sides.

use std::fmt;

/// White or Black.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Side {
    /// White, whose pawns (where there are any) move up the ranks.
    White,
    /// Black, whose pawns move down the ranks.
    Black,
}

impl Side {
    /// Both sides, White first.
    pub const ALL: [Side; 2] = [Side::White, Side::Black];

    /// 0 for White, 1 for Black, for per-side arrays.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The other side.
    pub const fn opponent(self) -> Side {
        match self {
            Side::White => Side::Black,
            Side::Black => Side::White,
        }
    }

    /// The lowercase name used in reports: `white` or `black`.
    pub const fn name(self) -> &'static str {
        match self {
            Side::White => "white",
            Side::Black => "black",
        }
    }

    /// The direction of "forward" in ranks: +1 for White, -1 for Black.
    pub const fn forward(self) -> i8 {
        match self {
            Side::White => 1,
            Side::Black => -1,
        }
    }

    /// The rank index (from 0) that is this side's `nth` rank (from 1) on a
    /// board of `ranks` ranks: White counts from the bottom, Black from the
    /// top.
    pub const fn relative_rank(self, nth: u8, ranks: u8) -> u8 {
        match self {
            Side::White => nth - 1,
            Side::Black => ranks - nth,
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
