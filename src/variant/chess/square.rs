//! Squares of a rectangular board of at most 10x10: files `a`-`j`, ranks
//! 1-10, named like `e4` or `a10`.

use std::fmt;
use std::str::FromStr;

/// The widest and tallest board the core supports.
pub const MAX_SIDE: u8 = 10;

/// Number of square slots in every board array (10x10, whatever the board's
/// real size).
pub const SLOTS: usize = (MAX_SIDE as usize) * (MAX_SIDE as usize);

/// A square: file 0-9 (`a`-`j`) and rank 0-9 (ranks 1-10). Whether it lies
/// on a given board is the board geometry's business.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Square(u8);

impl Square {
    /// The square on `file` and `rank` (both counted from 0), or `None`
    /// past the 10x10 limit.
    pub const fn new(file: u8, rank: u8) -> Option<Square> {
        if file < MAX_SIDE && rank < MAX_SIDE {
            Some(Square(rank * MAX_SIDE + file))
        } else {
            None
        }
    }

    /// The square with this slot index (`rank * 10 + file`), or `None` past
    /// the last slot.
    pub const fn from_index(index: usize) -> Option<Square> {
        if index < SLOTS {
            Some(Square(index as u8))
        } else {
            None
        }
    }

    /// The square of a slot index known to be below [`SLOTS`] (table
    /// building); larger values wrap into range rather than panic.
    pub(super) const fn at(index: u8) -> Square {
        Square(index % SLOTS as u8)
    }

    /// The slot index, `rank * 10 + file`, for board arrays.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The file counted from 0 (`a` = 0).
    pub const fn file(self) -> u8 {
        self.0 % MAX_SIDE
    }

    /// The rank counted from 0 (rank 1 = 0).
    pub const fn rank(self) -> u8 {
        self.0 / MAX_SIDE
    }

    /// The square shifted by (`files`, `ranks`), or `None` past the 10x10
    /// limit.
    pub const fn offset(self, files: i8, ranks: i8) -> Option<Square> {
        let file = self.file() as i8 + files;
        let rank = self.rank() as i8 + ranks;
        if file < 0 || rank < 0 {
            None
        } else {
            Square::new(file as u8, rank as u8)
        }
    }

    /// Whether both squares are of one colour (dark or light).
    pub const fn same_colour(self, other: Square) -> bool {
        (self.file() + self.rank()) % 2 == (other.file() + other.rank()) % 2
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", char::from(b'a' + self.file()), self.rank() + 1)
    }
}

/// Why a text is not a square name.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("`{text}` is not a square (expected a file letter and a rank number, like e4, within the board)")]
pub struct SquareError {
    /// The text as given.
    pub text: String,
}

impl FromStr for Square {
    type Err = SquareError;

    /// Reads `e4`, `a10`: a lowercase file letter `a`-`j`, then a rank
    /// 1-10 without leading zeros.
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let error = || SquareError {
            text: text.to_string(),
        };
        let mut chars = text.chars();
        let file = chars
            .next()
            .filter(|c| ('a'..='j').contains(c))
            .ok_or_else(error)?;
        let digits = chars.as_str();
        if digits.starts_with('0') || digits.is_empty() || digits.len() > 2 {
            return Err(error());
        }
        let rank: u8 = digits.parse().map_err(|_| error())?;
        if !(1..=MAX_SIDE).contains(&rank) {
            return Err(error());
        }
        Square::new(file as u8 - b'a', rank - 1).ok_or_else(error)
    }
}
