//! Moves and actions (clauses 5, 15): what a party does on its turn.

use std::fmt;
use std::str::FromStr;

use crate::variant::monarchie::cell::{Cell, CellError};
use crate::variant::monarchie::piece::PieceKind;

/// A move as a player states it: from a cell to a cell, with an optional
/// promotion. Written `16-28`, `5x150` or `200-230=Q` (see
/// `docs/notation.md`); whether it captures follows from the position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    /// The cell the piece leaves.
    pub from: Cell,
    /// The cell the piece reaches.
    pub to: Cell,
    /// The kind a pawn becomes (R-PROMO), if it promotes.
    pub promotion: Option<PieceKind>,
}

impl Move {
    /// A move without promotion.
    pub const fn new(from: Cell, to: Cell) -> Move {
        Move {
            from,
            to,
            promotion: None,
        }
    }

    /// The same move with a promotion.
    pub const fn promoting(self, kind: PieceKind) -> Move {
        Move {
            promotion: Some(kind),
            ..self
        }
    }

    /// The move written with `x` when `capture` is true, `-` otherwise.
    pub fn text(&self, capture: bool) -> String {
        let mut text = String::with_capacity(10);
        self.from.push_number(&mut text);
        text.push(if capture { 'x' } else { '-' });
        self.to.push_number(&mut text);
        if let Some(kind) = self.promotion {
            text.push('=');
            text.push(kind.letter());
        }
        text
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text(false))
    }
}

/// A move text that cannot be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MoveParseError {
    /// No `-` or `x` between the two cells.
    #[error("'{0}' is not a move: expected FROM-TO or FROMxTO with cell numbers, e.g. 16-28, 5x150 or 200-230=Q")]
    Shape(String),
    /// One of the cells is not a cell.
    #[error("in move '{text}': {source}")]
    Cell {
        /// The whole move text.
        text: String,
        /// What is wrong with the cell.
        source: CellError,
    },
    /// The promotion suffix is not `=Q`, `=R`, `=B` or `=N`.
    #[error("in move '{0}': the promotion must be =Q, =R, =B or =N")]
    Promotion(String),
}

impl FromStr for Move {
    type Err = MoveParseError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let trimmed = text.trim();
        let (body, promotion) = match trimmed.split_once('=') {
            Some((body, suffix)) => {
                let mut chars = suffix.chars();
                let kind = match (chars.next(), chars.next()) {
                    (Some(letter), None) => PieceKind::from_letter(letter)
                        .filter(|kind| PieceKind::PROMOTABLE.contains(kind))
                        .ok_or_else(|| MoveParseError::Promotion(crate::input::quote(text)))?,
                    _ => return Err(MoveParseError::Promotion(crate::input::quote(text))),
                };
                (body, Some(kind))
            }
            None => (trimmed, None),
        };
        let (from, to) = body
            .split_once(['-', 'x', 'X'])
            .ok_or_else(|| MoveParseError::Shape(crate::input::quote(text)))?;
        let cell = |part: &str| {
            part.parse::<Cell>().map_err(|source| MoveParseError::Cell {
                text: crate::input::quote(text),
                source,
            })
        };
        Ok(Move {
            from: cell(from)?,
            to: cell(to)?,
            promotion,
        })
    }
}

/// What the party to move does: a move (with the seconds it took, when
/// clocks run), or nothing within 60 seconds (clause 15).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// A move, and the seconds the party thought about it.
    Move {
        /// The move.
        mv: Move,
        /// Seconds used (R-CLOCK); `None` counts as 0.
        elapsed: Option<u32>,
    },
    /// No move within 60 seconds: the turn is forfeited (R-TIMEOUT).
    Timeout,
}

impl Action {
    /// A move action without time.
    pub const fn play(mv: Move) -> Action {
        Action::Move { mv, elapsed: None }
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Move { mv, elapsed: None } => write!(f, "{mv}"),
            Action::Move {
                mv,
                elapsed: Some(seconds),
            } => write!(f, "{mv}@{seconds}"),
            Action::Timeout => f.write_str("timeout"),
        }
    }
}

/// An action text that cannot be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ActionParseError {
    /// The move part is wrong.
    #[error(transparent)]
    Move(#[from] MoveParseError),
    /// The seconds after `@` are not a number.
    #[error("in action '{0}': the seconds after @ must be a whole number")]
    Seconds(String),
    /// The seconds after `@` are more than a clock can hold.
    #[error("in action '{0}': the seconds after @ must be at most {max}", max = u32::MAX)]
    TooManySeconds(String),
}

/// Why the seconds after `@` do not read: too many for a clock, or not
/// a whole number.
fn seconds_error(text: &str) -> ActionParseError {
    let seconds = text.rsplit('@').next().unwrap_or_default().trim();
    let seconds = seconds.strip_suffix('s').unwrap_or(seconds);
    let quoted = crate::input::quote(text);
    if !seconds.is_empty() && seconds.bytes().all(|b| b.is_ascii_digit()) {
        ActionParseError::TooManySeconds(quoted)
    } else {
        ActionParseError::Seconds(quoted)
    }
}

impl FromStr for Action {
    type Err = ActionParseError;

    /// `timeout`, `16-28` or `16-28@12` (12 seconds used).
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let trimmed = text.trim();
        if trimmed.eq_ignore_ascii_case("timeout") {
            return Ok(Action::Timeout);
        }
        match trimmed.split_once('@') {
            Some((mv, seconds)) => Ok(Action::Move {
                mv: mv.parse()?,
                elapsed: Some(
                    seconds
                        .trim()
                        .trim_end_matches('s')
                        .parse()
                        .map_err(|_| seconds_error(text))?,
                ),
            }),
            None => Ok(Action::play(trimmed.parse()?)),
        }
    }
}
