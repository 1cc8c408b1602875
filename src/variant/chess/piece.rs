//! Piece kinds and pieces: their letters, names and how they move.

use std::fmt;

use super::side::Side;

/// A kind of piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Kind {
    /// The king: one step in any direction.
    King,
    /// The queen: rook or bishop.
    Queen,
    /// The rook: any distance along a rank or file.
    Rook,
    /// The bishop: any distance along a diagonal.
    Bishop,
    /// The knight: the (1, 2) leap.
    Knight,
    /// The pawn: its moves are the rules' business; it attacks one step
    /// diagonally forward.
    Pawn,
    /// The marshal (chancellor): rook or knight.
    Marshal,
    /// The cardinal (archbishop): bishop or knight.
    Cardinal,
}

impl Kind {
    /// Every kind, in index order.
    pub const ALL: [Kind; 8] = [
        Kind::King,
        Kind::Queen,
        Kind::Rook,
        Kind::Bishop,
        Kind::Knight,
        Kind::Pawn,
        Kind::Marshal,
        Kind::Cardinal,
    ];

    /// 0-7, for per-kind arrays.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The lowercase FEN letter: `k q r b n p c a` (as Fairy-Stockfish
    /// writes the marshal and the cardinal).
    pub const fn letter(self) -> char {
        match self {
            Kind::King => 'k',
            Kind::Queen => 'q',
            Kind::Rook => 'r',
            Kind::Bishop => 'b',
            Kind::Knight => 'n',
            Kind::Pawn => 'p',
            Kind::Marshal => 'c',
            Kind::Cardinal => 'a',
        }
    }

    /// The kind with this FEN letter, in either case.
    pub fn from_letter(letter: char) -> Option<Kind> {
        let lower = letter.to_ascii_lowercase();
        Kind::ALL.into_iter().find(|kind| kind.letter() == lower)
    }

    /// The lowercase English name (`king`, `marshal`...).
    pub const fn name(self) -> &'static str {
        match self {
            Kind::King => "king",
            Kind::Queen => "queen",
            Kind::Rook => "rook",
            Kind::Bishop => "bishop",
            Kind::Knight => "knight",
            Kind::Pawn => "pawn",
            Kind::Marshal => "marshal",
            Kind::Cardinal => "cardinal",
        }
    }

    /// Whether it slides any distance along ranks and files.
    pub const fn slides_orthogonally(self) -> bool {
        matches!(self, Kind::Queen | Kind::Rook | Kind::Marshal)
    }

    /// Whether it slides any distance along diagonals.
    pub const fn slides_diagonally(self) -> bool {
        matches!(self, Kind::Queen | Kind::Bishop | Kind::Cardinal)
    }

    /// Whether it makes the knight's (1, 2) leap.
    pub const fn leaps_like_knight(self) -> bool {
        matches!(self, Kind::Knight | Kind::Marshal | Kind::Cardinal)
    }
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A piece: a side and a kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    /// Whose piece.
    pub side: Side,
    /// What kind.
    pub kind: Kind,
}

impl Piece {
    /// The piece of `side` and `kind`.
    pub const fn new(side: Side, kind: Kind) -> Piece {
        Piece { side, kind }
    }

    /// The FEN letter: uppercase for White, lowercase for Black.
    pub fn letter(self) -> char {
        match self.side {
            Side::White => self.kind.letter().to_ascii_uppercase(),
            Side::Black => self.kind.letter(),
        }
    }

    /// The piece with this FEN letter (uppercase White, lowercase Black).
    pub fn from_letter(letter: char) -> Option<Piece> {
        let kind = Kind::from_letter(letter)?;
        let side = if letter.is_ascii_uppercase() {
            Side::White
        } else {
            Side::Black
        };
        Some(Piece { side, kind })
    }

    /// 0-15, for per-piece tables (side * 8 + kind).
    pub const fn index(self) -> usize {
        self.side.index() * 8 + self.kind.index()
    }
}
