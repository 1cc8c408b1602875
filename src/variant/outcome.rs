//! What playing an action gives: the [`Report`] of an accepted action
//! (its events, captures, eliminations and control changes, and the
//! [`Status`] after it) or the [`Refusal`] of a refused one.

use std::collections::BTreeMap;
use std::fmt;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// Where a game stands.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "result", rename_all = "kebab-case", deny_unknown_fields)]
pub enum Status {
    /// Play goes on.
    Ongoing,
    /// One party has won, or several share the win.
    Won {
        /// The winners, in the variant's party order (one for a sole win).
        winners: Vec<String>,
        /// The rule that ended the game, e.g. `checkmate`, `goal`,
        /// `last-party`.
        reason: String,
    },
    /// Drawn.
    Drawn {
        /// The rule that ended the game, e.g. `stalemate`, `threefold`,
        /// `fifty-move`, `goal-tie`.
        reason: String,
    },
}

impl Status {
    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        !matches!(self, Status::Ongoing)
    }

    /// The sole winner, if exactly one party has won.
    pub fn sole_winner(&self) -> Option<&str> {
        match self {
            Status::Won { winners, .. } if winners.len() == 1 => Some(&winners[0]),
            _ => None,
        }
    }

    /// A sole win by `winner` for `reason`.
    pub fn won_by(winner: impl Into<String>, reason: impl Into<String>) -> Status {
        Status::Won {
            winners: vec![winner.into()],
            reason: reason.into(),
        }
    }
}

impl fmt::Display for Status {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Status::Ongoing => f.write_str("going on"),
            Status::Won { winners, reason } => {
                write!(f, "{} won by {reason}", winners.join(" and "))
            }
            Status::Drawn { reason } => write!(f, "drawn by {reason}"),
        }
    }
}

/// A captured piece.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Capture {
    /// The piece kind in lowercase English (`pawn`, `knight`, `marshal`...).
    pub kind: String,
    /// The party that owned the piece at the moment it was taken (after
    /// any change of colour the same move makes before the capture):
    /// `VariantInfo::capture_owner` says it per variant.
    pub owner: String,
    /// The square (cell, point) it stood on; differs from the move's
    /// target for en passant.
    pub at: String,
    /// Whether it was a dead blocker (an eliminated army's piece).
    #[serde(default, skip_serializing_if = "is_false")]
    pub dead: bool,
}

fn is_false(value: &bool) -> bool {
    !*value
}

/// A party leaving the game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Elimination {
    /// Who.
    pub party: String,
    /// Why: `mate`, `stalemate`, `king-capture`, `flag-fall`, ...
    pub cause: String,
    /// The party that takes over the army, where one does.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub heir: Option<String>,
}

/// Control of an army (or colour) passing from one party to another.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ControlChange {
    /// The army or colour.
    pub army: String,
    /// Who held it before; `null` when nobody did.
    pub from: Option<String>,
    /// Who holds it now; `null` when nobody does.
    pub to: Option<String>,
}

/// One of a variant's typed events, in the order it happened.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Event {
    /// The kind, kebab-case: `moved`, `captured`, `promoted`, `check`,
    /// `won`, `drawn`, and each variant's own (MONARCHIE: `forfeited`,
    /// `gardez`, `eliminated`).
    pub kind: String,
    /// The party it concerns, where there is one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub party: Option<String>,
    /// Several parties (a check of more than one king).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub parties: Vec<String>,
    /// The square it concerns, where there is one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub at: Option<String>,
    /// The piece kind it concerns, where there is one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub piece: Option<String>,
    /// Why, where the event has a cause (an elimination's `mate`, ...).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cause: Option<String>,
}

impl Event {
    /// The events that close every report: `check` (the parties in check),
    /// then `won` per winner or `drawn` (among `drawn_among`, which may be
    /// empty for all).
    pub fn closing(checks: &[String], status: &Status, drawn_among: Vec<String>) -> Vec<Event> {
        let mut events = Vec::new();
        if !checks.is_empty() {
            events.push(Event {
                parties: checks.to_vec(),
                ..Event::new("check")
            });
        }
        match status {
            Status::Won { winners, .. } => {
                for winner in winners {
                    events.push(Event::new("won").party(winner.clone()));
                }
            }
            Status::Drawn { .. } => events.push(Event {
                parties: drawn_among,
                ..Event::new("drawn")
            }),
            Status::Ongoing => {}
        }
        events
    }

    /// An event of `kind` with no other field.
    pub fn new(kind: &str) -> Event {
        Event {
            kind: kind.to_string(),
            party: None,
            parties: Vec::new(),
            at: None,
            piece: None,
            cause: None,
        }
    }

    /// The same event about `party`.
    pub fn party(mut self, party: impl Into<String>) -> Event {
        self.party = Some(party.into());
        self
    }

    /// The same event at `square`.
    pub fn at(mut self, square: impl Into<String>) -> Event {
        self.at = Some(square.into());
        self
    }

    /// The same event with the cause `cause`.
    pub fn cause(mut self, cause: impl Into<String>) -> Event {
        self.cause = Some(cause.into());
        self
    }

    /// The same event about the piece kind `piece`.
    pub fn piece(mut self, piece: impl Into<String>) -> Event {
        self.piece = Some(piece.into());
        self
    }
}

/// What an accepted action did: one shape for every variant, N parties.
/// Two-player chess is the N = 2 case.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Report {
    /// The action in its canonical notation.
    pub action: String,
    /// The party that acted.
    pub actor: String,
    /// The captured piece, if any.
    pub capture: Option<Capture>,
    /// The promotion piece kind, if any.
    pub promotion: Option<String>,
    /// The parties in check afterwards, in the variant's party order
    /// (MONARCHIE: right after the action's own effects).
    pub checks: Vec<String>,
    /// The parties eliminated (defeated), in order.
    pub eliminations: Vec<Elimination>,
    /// Ownership or control changes, in order.
    pub control: Vec<ControlChange>,
    /// Who moves next; `None` when the game is over.
    pub next: Option<String>,
    /// The game's status after the action.
    pub status: Status,
    /// The variant's typed events, in order.
    pub events: Vec<Event>,
    /// Remaining seconds per party after the action; empty when the game
    /// is not timed.
    pub clocks: BTreeMap<String, u32>,
    /// The position after the action, in the variant's notation.
    pub position: String,
}

/// Why an action was refused: a stable kebab-case code and a sentence.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refusal {
    /// The code scenarios pin (`leaves-king-in-check`, `gives-check`...).
    pub code: &'static str,
    /// A human-readable explanation.
    pub detail: String,
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.code, self.detail)
    }
}
