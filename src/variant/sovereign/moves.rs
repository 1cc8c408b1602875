//! Moves and their notation (clause sc.notation.moves): coordinates
//! `e2e4`, a promotion `h6h7=K`, castling as the king's destination
//! `O-g1`, a defection `K=n` or, with the forced king step, `K=n:e4f5`.

use std::fmt;

use super::geometry::{Colour, Square};
use super::position::Role;
use crate::variant::VariantError;

/// A move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Move {
    /// A piece from one square to another, a pawn perhaps promoting.
    Step {
        /// From.
        from: Square,
        /// To.
        to: Square,
        /// The promotion role.
        promotion: Option<Role>,
    },
    /// Castling: the king goes to `to`, the rook from `rook` jumps over it.
    Castle {
        /// The king's square.
        king: Square,
        /// The king's destination.
        to: Square,
        /// The castling rook's square.
        rook: Square,
    },
    /// A defection: the player's king becomes a king of `colour`, with the
    /// forced step where it stands on a square of that colour.
    Defect {
        /// The new king colour.
        colour: Colour,
        /// The king step (from, to), if any.
        step: Option<(Square, Square)>,
    },
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Step {
                from,
                to,
                promotion,
            } => {
                write!(f, "{from}{to}")?;
                if let Some(role) = promotion {
                    write!(f, "={}", role.letter().to_ascii_uppercase())?;
                }
                Ok(())
            }
            Move::Castle { to, .. } => write!(f, "O-{to}"),
            Move::Defect { colour, step } => {
                write!(f, "K={}", colour.letter())?;
                if let Some((from, to)) = step {
                    write!(f, ":{from}{to}")?;
                }
                Ok(())
            }
        }
    }
}

/// A move as written, before the position says what it means (castling
/// names only the destination).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveText {
    /// `e2e4`, `h6h7=K`.
    Step {
        /// From.
        from: Square,
        /// To.
        to: Square,
        /// The promotion role.
        promotion: Option<Role>,
    },
    /// `O-g1`.
    Castle {
        /// The king's destination.
        to: Square,
    },
    /// `K=n`, `K=n:e4f5`.
    Defect {
        /// The new colour.
        colour: Colour,
        /// The step.
        step: Option<(Square, Square)>,
    },
}

impl fmt::Display for MoveText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            MoveText::Step {
                from,
                to,
                promotion,
            } => Move::Step {
                from,
                to,
                promotion,
            }
            .fmt(f),
            MoveText::Castle { to } => write!(f, "O-{to}"),
            MoveText::Defect { colour, step } => Move::Defect { colour, step }.fmt(f),
        }
    }
}

/// Splits `e2e4` into its two squares.
fn two_squares(text: &str) -> Option<(Square, Square)> {
    let split = text
        .char_indices()
        .skip(1)
        .find(|(_, c)| c.is_ascii_lowercase())
        .map(|(index, _)| index)?;
    let from = Square::parse(&text[..split]).ok()?;
    let to = Square::parse(&text[split..]).ok()?;
    Some((from, to))
}

impl MoveText {
    /// Reads a move text.
    ///
    /// # Errors
    /// What was expected.
    pub fn parse(text: &str) -> Result<MoveText, VariantError> {
        let text = text.trim();
        let bad = || VariantError::NotAMove {
            text: text.to_string(),
            game: "Sovereign Chess",
            expected: "e2e4, h6h7=Q, O-g1, K=n or K=n:e4f5",
        };
        if let Some(rest) = text.strip_prefix("O-") {
            return Square::parse(rest)
                .map(|to| MoveText::Castle { to })
                .map_err(|_| bad());
        }
        if let Some(rest) = text.strip_prefix("K=") {
            let (letter, step) = match rest.split_once(':') {
                Some((letter, step)) => (letter, Some(two_squares(step).ok_or_else(bad)?)),
                None => (rest, None),
            };
            let mut chars = letter.chars();
            let colour = match (chars.next(), chars.next()) {
                (Some(c), None) => Colour::from_letter(c).ok_or_else(bad)?,
                _ => return Err(bad()),
            };
            return Ok(MoveText::Defect { colour, step });
        }
        let (squares, promotion) = match text.split_once('=') {
            Some((squares, letter)) => {
                let mut chars = letter.chars();
                let role = match (chars.next(), chars.next()) {
                    (Some(c), None) => Role::from_letter(c.to_ascii_lowercase()).ok_or_else(bad)?,
                    _ => return Err(bad()),
                };
                (squares, Some(role))
            }
            None => (text, None),
        };
        let (from, to) = two_squares(squares).ok_or_else(bad)?;
        Ok(MoveText::Step {
            from,
            to,
            promotion,
        })
    }

    /// Whether `mv` is what this text writes.
    pub fn names(&self, mv: &Move) -> bool {
        match (*self, *mv) {
            (MoveText::Castle { to }, Move::Castle { to: target, .. }) => to == target,
            (
                MoveText::Step {
                    from,
                    to,
                    promotion,
                },
                Move::Step {
                    from: f,
                    to: t,
                    promotion: p,
                },
            ) => from == f && to == t && promotion == p,
            (MoveText::Defect { colour, step }, Move::Defect { colour: c, step: s }) => {
                colour == c && step == s
            }
            _ => false,
        }
    }

    /// The from- and to-square for drawing.
    pub fn squares(&self) -> Option<(Square, Square)> {
        match *self {
            MoveText::Step { from, to, .. } => Some((from, to)),
            MoveText::Defect { step, .. } => step,
            MoveText::Castle { .. } => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn move_texts_read_and_write_back() {
        for text in [
            "e2e4", "h6h7=K", "a10a12", "p16o15", "O-g1", "K=n", "K=n:e4f5", "h15h14=N",
        ] {
            assert_eq!(MoveText::parse(text).expect(text).to_string(), text);
        }
        for bad in [
            "e2", "e2e17", "O-q1", "K=x", "K=nn", "h6h7=X", "K=n:e4", "hello", "",
        ] {
            assert!(MoveText::parse(bad).is_err(), "{bad}");
        }
        assert_eq!(
            MoveText::parse("h6h7=q").expect("lower").to_string(),
            "h6h7=Q"
        );
    }
}
