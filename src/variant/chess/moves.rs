//! Moves and their coordinate text: the from-square, the to-square and an
//! optional promotion letter, `e2e4`, `a9a10q`, `f6e7`.

use std::fmt;

use super::geometry::Geometry;
use super::piece::Kind;
use super::square::Square;

/// A move as coordinates: what moves from where to where, and the kind a
/// pawn becomes, if it promotes. Whether it captures, or en passant, the
/// rules read off the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Move {
    /// The square the piece leaves.
    pub from: Square,
    /// The square the piece goes to.
    pub to: Square,
    /// The promotion kind, if any.
    pub promotion: Option<Kind>,
}

impl Move {
    /// A move without promotion.
    pub const fn new(from: Square, to: Square) -> Move {
        Move {
            from,
            to,
            promotion: None,
        }
    }

    /// A move that promotes to `kind`.
    pub const fn promoting(from: Square, to: Square, kind: Kind) -> Move {
        Move {
            from,
            to,
            promotion: Some(kind),
        }
    }

    /// Reads coordinate text on a board of `geometry`: two square names
    /// and an optional piece letter (any of `k q r b n p c a`; whether it
    /// may promote is the rules' business).
    ///
    /// # Errors
    /// A sentence naming what is unreadable or which square is off the
    /// board.
    pub fn parse(text: &str, geometry: &Geometry) -> Result<Move, MoveError> {
        let text_of = || text.to_string();
        let mut rest = text;
        let mut squares = [None, None];
        for (slot, role) in squares.iter_mut().zip(["from-square", "to-square"]) {
            let name_len = rest
                .char_indices()
                .skip(1)
                .take(2)
                .take_while(|(_, c)| c.is_ascii_digit())
                .last()
                .map(|(index, c)| index + c.len_utf8())
                .ok_or_else(|| MoveError::NoSquare {
                    text: text_of(),
                    role,
                })?;
            let (name, tail) = rest.split_at(name_len);
            let square: Square = name.parse().map_err(|_| MoveError::NotASquare {
                name: name.to_string(),
                text: text_of(),
            })?;
            if !geometry.contains(square) {
                return Err(MoveError::OffBoard {
                    square,
                    text: text_of(),
                    files: geometry.files(),
                    ranks: geometry.ranks(),
                });
            }
            *slot = Some(square);
            rest = tail;
        }
        let [Some(from), Some(to)] = squares else {
            return Err(MoveError::NotAMove { text: text_of() });
        };
        let mut tail = rest.chars();
        let promotion = match (tail.next(), tail.next()) {
            (None, _) => None,
            (Some(letter), None) if letter.is_ascii_lowercase() => Some(
                Kind::from_letter(letter).ok_or_else(|| MoveError::NoPieceLetter {
                    letter,
                    text: text_of(),
                })?,
            ),
            _ => {
                return Err(MoveError::Trailing {
                    text: text_of(),
                    rest: rest.to_string(),
                })
            }
        };
        Ok(Move {
            from,
            to,
            promotion,
        })
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.from, self.to)?;
        if let Some(kind) = self.promotion {
            write!(f, "{}", kind.letter())?;
        }
        Ok(())
    }
}
/// What coordinate move text must look like.
const EXPECTED: &str = "expected coordinates like e2e4 or a9a10q";

/// Why coordinate text is no move of the board.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MoveError {
    /// A square missing.
    #[error("`{text}` has no {role} ({EXPECTED})")]
    NoSquare {
        /// The text given.
        text: String,
        /// `from-square` or `to-square`.
        role: &'static str,
    },
    /// A square name that is not one.
    #[error("`{name}` in `{text}` is not a square ({EXPECTED})")]
    NotASquare {
        /// The name.
        name: String,
        /// The text given.
        text: String,
    },
    /// A square off the board.
    #[error("{square} in `{text}` is off the {files}x{ranks} board")]
    OffBoard {
        /// The square.
        square: Square,
        /// The text given.
        text: String,
        /// The board's files.
        files: u8,
        /// Its ranks.
        ranks: u8,
    },
    /// No two squares.
    #[error("`{text}` is not a move ({EXPECTED})")]
    NotAMove {
        /// The text given.
        text: String,
    },
    /// A promotion letter that names no piece.
    #[error("`{letter}` in `{text}` is no piece letter (expected one of q r b n c a)")]
    NoPieceLetter {
        /// The letter.
        letter: char,
        /// The text given.
        text: String,
    },
    /// Text after the move.
    #[error("`{text}` has trailing text `{rest}` ({EXPECTED})")]
    Trailing {
        /// The text given.
        text: String,
        /// What follows the move.
        rest: String,
    },
}
