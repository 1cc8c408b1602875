//! MONARCHIE behind the variant interfaces ([`Rules`], [`Game`]): the
//! command line, the protocol server and the generic runners reach the
//! engine through these. The perft of [`crate::perft`] is the generic
//! [`crate::variant::perft`] over this [`Rules`] implementation.

use crate::moves::{Action, Move};
use crate::notation::{parse_position, to_notation};
use crate::position::Position;
use crate::rules::{self, legal_moves, legal_moves_from, Outcome};
use crate::ruleset::Ruleset;
use crate::variant::{self, Captured, Game, Refusal, Report, Rules, Status, VariantId};
use crate::Cell;

impl Rules for Ruleset {
    type Position = Position;
    type Move = Move;

    fn legal_moves(&self, position: &Position, out: &mut Vec<Move>) {
        out.extend(legal_moves(position, self));
    }

    fn after(&self, position: &Position, mv: Move) -> Position {
        let mut next = position.clone();
        if let Err(error) = rules::apply(&mut next, Action::play(mv), self) {
            unreachable!("legal_moves listed {mv}, which is illegal: {error}");
        }
        next
    }
}

/// A MONARCHIE game: a position and the rulings it is played under.
#[derive(Clone, Debug)]
pub struct MonarchieGame {
    /// The current position.
    pub position: Position,
    /// The rulings.
    pub rules: Ruleset,
}

/// Opens a MONARCHIE game at a position in the one-line notation (the
/// Anhang A start when `None`) under ruling settings `ID=key`.
///
/// # Errors
/// The notation or ruling error, as text.
pub fn open(position: Option<&str>, rulings: &[String]) -> Result<Box<dyn Game>, String> {
    let position = match position {
        Some(text) => parse_position(text).map_err(|error| error.to_string())?,
        None => Position::start(),
    };
    let rules = Ruleset::from_settings(rulings).map_err(|error| error.to_string())?;
    Ok(Box::new(MonarchieGame { position, rules }))
}

/// The lowercase English name of a party or piece kind (its `Debug` name).
fn lower(value: impl std::fmt::Debug) -> String {
    format!("{value:?}").to_lowercase()
}

/// The shared report of a MONARCHIE outcome.
fn report(action: Action, outcome: &Outcome, position: &Position) -> Report {
    Report {
        action: action.to_string(),
        capture: outcome.capture.map(|capture| Captured {
            kind: lower(capture.kind),
            square: capture.cell.to_string(),
        }),
        promotion: outcome.promotion.map(lower),
        check: outcome
            .checks
            .iter()
            .any(|party| Some(*party) == outcome.next),
        next: outcome.next.map(lower),
        status: status_of(position),
        position: to_notation(position),
    }
}

/// Clause 1: the game is won when one active party is left.
fn status_of(position: &Position) -> Status {
    match position.winner() {
        Some(winner) => Status::Won {
            winner: lower(winner),
            reason: "last-party".to_string(),
        },
        None => Status::Ongoing,
    }
}

impl Game for MonarchieGame {
    fn variant(&self) -> VariantId {
        VariantId::Monarchie
    }

    fn position_text(&self) -> String {
        to_notation(&self.position)
    }

    fn legal_moves(&self) -> Vec<String> {
        let mut moves: Vec<Move> = legal_moves(&self.position, &self.rules);
        moves.sort();
        moves.iter().map(Move::to_string).collect()
    }

    fn legal_moves_from(&self, square: &str) -> Result<Vec<String>, String> {
        let cell: Cell = square.parse().map_err(|error| format!("{error}"))?;
        let mut moves = legal_moves_from(&self.position, cell, &self.rules);
        moves.sort();
        Ok(moves.iter().map(Move::to_string).collect())
    }

    fn play(&mut self, action: &str) -> Result<Report, Refusal> {
        let action: Action = action.parse().map_err(|error| Refusal {
            code: "bad-notation",
            detail: format!("{error}"),
        })?;
        let mut next = self.position.clone();
        let outcome = rules::apply(&mut next, action, &self.rules).map_err(|illegal| Refusal {
            code: illegal.code(),
            detail: illegal.to_string(),
        })?;
        self.position = next;
        Ok(report(action, &outcome, &self.position))
    }

    fn perft(&self, depth: u32) -> u64 {
        variant::perft(&self.rules, &self.position, depth)
    }

    fn divide(&self, depth: u32) -> Vec<(String, u64)> {
        let mut split = variant::divide(&self.rules, &self.position, depth);
        split.sort_by_key(|(mv, _)| *mv);
        split
            .into_iter()
            .map(|(mv, nodes)| (mv.to_string(), nodes))
            .collect()
    }

    fn status(&self) -> Status {
        status_of(&self.position)
    }
}
