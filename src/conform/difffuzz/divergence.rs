//! The vocabulary of a differential run: the request a message names
//! ([`Asked`]), what differs ([`Divergence`]) and the game it differs in
//! ([`DivergentGame`]).

use std::collections::BTreeSet;

use crate::variant::{self, VariantId};

use crate::protocol::messages::Request;

/// A request the fuzzer sends, as a message names it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Asked {
    /// `moves`: the legal moves of a position.
    Moves,
    /// `apply`: the outcome of this action.
    Apply(String),
    /// `perft` at this depth.
    Perft(u32),
}

impl Asked {
    /// The request a [`Request`] is.
    pub(super) fn of(request: &Request) -> Asked {
        match request {
            Request::Apply { actions, .. } => {
                Asked::Apply(actions.last().cloned().unwrap_or_default())
            }
            Request::Perft { depth, .. } => Asked::Perft(*depth),
            _ => Asked::Moves,
        }
    }
}

impl std::fmt::Display for Asked {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Asked::Moves => write!(f, "the `moves` request (the legal moves)"),
            Asked::Apply(action) => write!(f, "the `apply` request for `{action}`"),
            Asked::Perft(depth) => write!(f, "the `perft` request at depth {depth}"),
        }
    }
}

/// Where reference and engine first disagree.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Divergence {
    /// The legal-move sets differ before an action.
    Moves {
        /// Moves only the reference lists.
        missing: Vec<String>,
        /// Moves only the engine lists.
        unexpected: Vec<String>,
    },
    /// The outcome of an action differs.
    Outcome {
        /// The reference's result (JSON).
        expected: String,
        /// The engine's result (JSON).
        actual: String,
    },
    /// A perft count differs; `position` is the first position (found by
    /// bisecting with divide) whose move sets differ.
    Perft {
        /// The depth compared.
        depth: u32,
        /// Reference count.
        expected: u64,
        /// Engine count.
        actual: u64,
        /// The bisected position.
        position: String,
        /// The moves from the measured position to the bisected one.
        path: Vec<String>,
        /// Moves only the reference lists at the bisected position.
        missing: Vec<String>,
        /// Moves only the engine lists there.
        unexpected: Vec<String>,
    },
    /// The reference could not open the game, or the engine's answer was
    /// of another kind than the request or could not be read.
    NoAnswer(String),
    /// The engine answered a request `errored` or `skipped`.
    Unanswered {
        /// The request.
        request: Asked,
        /// `errored: CONTEXT` or `skipped: REASON`.
        answer: String,
    },
    /// The engine did not answer a request within `--timeout`: a perft
    /// request is noted and the game goes on; any other is an engine
    /// fault.
    TimedOut {
        /// The request.
        request: Asked,
        /// The error, with the time waited.
        error: String,
    },
    /// The engine did not answer in time, closed its output or wrote
    /// something that is not a message: an engine fault, not a rules
    /// difference (exit 3, no scenario).
    EngineFault(String),
}

impl Divergence {
    /// What kind of difference it is, for per-kind counts: `moves`,
    /// `perft`, `no-answer`, `engine-fault`, or `outcome` with the report
    /// fields that differ (`outcome: next, status`).
    pub fn kind(&self) -> String {
        match self {
            Divergence::Moves { .. } => "moves".to_string(),
            Divergence::Perft { .. } => "perft".to_string(),
            Divergence::NoAnswer(_) | Divergence::Unanswered { .. } => "no-answer".to_string(),
            Divergence::EngineFault(_) | Divergence::TimedOut { .. } => "engine-fault".to_string(),
            Divergence::Outcome { expected, actual } => {
                let read = |text: &str| {
                    serde_json::from_str::<serde_json::Value>(text).unwrap_or_default()
                };
                let (ours, theirs) = (read(expected), read(actual));
                let mut fields = BTreeSet::new();
                for (prefix, ours, theirs) in [
                    ("", &ours, &theirs),
                    ("", &ours["report"], &theirs["report"]),
                ] {
                    let keys = |value: &serde_json::Value| {
                        value
                            .as_object()
                            .map(|map| map.keys().cloned().collect::<Vec<_>>())
                            .unwrap_or_default()
                    };
                    for key in keys(ours).into_iter().chain(keys(theirs)) {
                        if key != "report" && ours[key.as_str()] != theirs[key.as_str()] {
                            fields.insert(format!("{prefix}{key}"));
                        }
                    }
                }
                let fields: Vec<String> = fields.into_iter().collect();
                format!("outcome: {}", fields.join(", "))
            }
        }
    }
}

impl Divergence {
    /// The message, with a differing field of a position text named by
    /// `variant`'s names for its fields (`position (en passant)`), where
    /// [`Display`](std::fmt::Display) numbers them.
    pub fn describe(&self, variant: VariantId) -> String {
        match self {
            Divergence::Outcome { expected, actual } => {
                outcome_text(expected, actual, variant::info(variant).position_fields)
            }
            other => other.to_string(),
        }
    }

    /// Whether the divergence is at an action (the outcome of an action,
    /// or an `apply` request the engine did not answer): the action is
    /// the scenario's last step.
    pub(super) fn at_action(&self) -> bool {
        matches!(
            self,
            Divergence::Outcome { .. }
                | Divergence::Unanswered {
                    request: Asked::Apply(_),
                    ..
                }
        )
    }

    /// Whether the engine stopped answering (no rules question to shrink).
    pub(super) fn is_fault(&self) -> bool {
        matches!(
            self,
            Divergence::EngineFault(_) | Divergence::TimedOut { .. }
        )
    }
}

/// `outcome differs: FIELD: reference A, engine B; ...`: only the fields
/// that differ ([`crate::conform::difffuzz::diagnose::outcome_differences`]).
fn outcome_text(expected: &str, actual: &str, names: &[&str]) -> String {
    let fields: Vec<String> =
        crate::conform::difffuzz::diagnose::outcome_differences(expected, actual, names)
            .iter()
            .map(ToString::to_string)
            .collect();
    if fields.is_empty() {
        // Equal as JSON, unequal as compared (a list in another order).
        return format!("outcome differs:\n  reference: {expected}\n  engine:    {actual}");
    }
    format!("outcome differs: {}", fields.join("; "))
}

impl std::fmt::Display for Divergence {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Divergence::Moves {
                missing,
                unexpected,
            } => write!(
                f,
                "legal moves differ: missing {missing:?}, unexpected {unexpected:?}"
            ),
            Divergence::Outcome { expected, actual } => {
                write!(f, "{}", outcome_text(expected, actual, &[]))
            }
            Divergence::Perft {
                depth,
                expected,
                actual,
                position,
                path,
                missing,
                unexpected,
            } => {
                write!(
                    f,
                    "perft {depth}: reference {expected}, engine {actual}; first differing position {position}"
                )?;
                if !path.is_empty() {
                    write!(f, " (after {})", path.join(" "))?;
                }
                if !missing.is_empty() || !unexpected.is_empty() {
                    write!(
                        f,
                        "; its moves differ: missing {missing:?}, unexpected {unexpected:?}"
                    )?;
                }
                Ok(())
            }
            Divergence::NoAnswer(error) => write!(f, "no usable answer: {error}"),
            Divergence::Unanswered { request, answer } => {
                write!(f, "the engine answered {request} with {answer}")
            }
            Divergence::TimedOut { request, error } => {
                write!(f, "engine fault: {request} got {error}")
            }
            Divergence::EngineFault(error) => write!(f, "engine fault: {error}"),
        }
    }
}

/// A diverging game: the start, the actions before the divergence, the
/// diverging action (for an outcome), and what differs.
#[derive(Clone, Debug)]
pub struct DivergentGame {
    /// The variant.
    pub variant: VariantId,
    /// The ruling settings played under.
    pub rulings: Vec<String>,
    /// The seed.
    pub seed: u64,
    /// The start position, in the variant's notation.
    pub start: String,
    /// Actions played before the divergence appears.
    pub actions: Vec<String>,
    /// The action at which the outcome diverged, if it was an outcome.
    pub diverging_action: Option<String>,
    /// What differs.
    pub divergence: Divergence,
    /// The actions the random game had played when it diverged (before
    /// shrinking).
    pub played: usize,
    /// The game's index in the run (game `i` has seed `S + i`), when the
    /// caller knows it.
    pub game: Option<u64>,
}
