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
    pub fn parse(text: &str, geometry: &Geometry) -> Result<Move, String> {
        let expected = "expected coordinates like e2e4 or a9a10q";
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
                .ok_or_else(|| format!("`{text}` has no {role} ({expected})"))?;
            let (name, tail) = rest.split_at(name_len);
            let square: Square = name
                .parse()
                .map_err(|_| format!("`{name}` in `{text}` is not a square ({expected})"))?;
            if !geometry.contains(square) {
                return Err(format!(
                    "{square} in `{text}` is off the {}x{} board",
                    geometry.files(),
                    geometry.ranks()
                ));
            }
            *slot = Some(square);
            rest = tail;
        }
        let [Some(from), Some(to)] = squares else {
            return Err(format!("`{text}` is not a move ({expected})"));
        };
        let mut tail = rest.chars();
        let promotion = match (tail.next(), tail.next()) {
            (None, _) => None,
            (Some(letter), None) if letter.is_ascii_lowercase() => {
                Some(Kind::from_letter(letter).ok_or_else(|| {
                    format!(
                        "`{letter}` in `{text}` is no piece letter (expected one of q r b n c a)"
                    )
                })?)
            }
            _ => return Err(format!("`{text}` has trailing text `{rest}` ({expected})")),
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
