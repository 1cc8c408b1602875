//! The one scenario file format of every variant (`scenarios/README.md`):
//! plain serde types with a generated JSON Schema. The fields of an
//! expectation are the fields of the shared report
//! ([`crate::variant::Report`]); a variant's own fields (declared in its
//! [`crate::variant::VariantInfo`]) and a variant's per-party listing of a
//! position are collected as they are written and checked by the loader
//! against the variant, so that an unknown field is still an error.

use std::collections::BTreeMap;
use std::fmt;

use schemars::JsonSchema;
use serde::{Deserialize, Deserializer, Serialize};
use serde_json::{Map, Value};

use crate::variant::{ControlChange, Status, VariantId};

/// Reads a present field as `Some(value)`, so that an absent field (the
/// `default`, `None`) differs from an explicit `null` (`Some(None)`).
fn present<'de, D, T>(deserializer: D) -> Result<Option<Option<T>>, D::Error>
where
    D: Deserializer<'de>,
    T: Deserialize<'de>,
{
    Option::<T>::deserialize(deserializer).map(Some)
}

/// One scenario: a variant, a position, steps (actions and queries),
/// expectations.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Scenario {
    /// The rule system; absent means `monarchie`.
    #[serde(default)]
    pub variant: VariantId,
    /// Stable unique ID; never reused once published.
    pub id: String,
    /// The clause IDs the scenario pins (from `spec/<variant>/clauses.yaml`).
    pub clauses: Vec<String>,
    /// The ruling IDs whose reading the expectation depends on.
    #[serde(default)]
    pub rulings: Vec<String>,
    /// Finding IDs this scenario demonstrates.
    #[serde(default)]
    pub findings: Vec<String>,
    /// Ruling settings `ID=key` to run under; empty for the default rulings.
    #[serde(default)]
    pub ruleset: Vec<String>,
    /// One line saying what is being pinned.
    pub description: String,
    /// The same line in German (every MONARCHIE scenario has one).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description_de: Option<String>,
    /// Where the scenario comes from (e.g. "rulebook example, clause 8.1").
    #[serde(default)]
    pub source: Option<String>,
    /// `proposed`: the expectations were written by the engine (the
    /// explorer's "save as scenario", docs/explorer.md) and wait for a
    /// person to review them; `check` lists such a scenario as awaiting
    /// review and never counts it as passed. Delete the line once the
    /// expectations have been reasoned from the rules.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub review: Option<Review>,
    /// `false`: the starting position could not arise in a game (a party
    /// other than the one to move is in check, with no forfeit or flag
    /// fall to explain it); allowed only for pure movement tests, with
    /// `unreachable_reason`.
    #[serde(default = "yes")]
    pub reachable: bool,
    /// Why a `reachable: false` position is acceptable for this case.
    #[serde(default)]
    pub unreachable_reason: Option<String>,
    /// The starting position.
    pub position: PositionSpec,
    /// What happens, in order.
    pub steps: Vec<Step>,
}

/// The review state of a scenario whose expectations a person has not
/// yet reasoned out.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Review {
    /// Written from the engine's outcome; not a test until reviewed.
    Proposed,
}

fn yes() -> bool {
    true
}

/// `start: true` (the variant's first start position) or the name of one
/// of its start positions (MONARCHIE: `untimed`, `timed`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(untagged)]
pub enum StartSpec {
    /// `true`: the variant's start position.
    Default(bool),
    /// A named start position.
    Named(String),
}

/// A position: a start position, the variant's notation, or the variant's
/// per-party listing (MONARCHIE: `to_move`, `eliminated`, one entry per
/// party, `clocks`, `check_anchor`), optionally with the notation as a
/// cross-check.
#[derive(Clone, Debug, PartialEq, Default, Serialize, Deserialize, JsonSchema)]
pub struct PositionSpec {
    /// A start position.
    #[serde(default)]
    pub start: Option<StartSpec>,
    /// The variant's notation: MONARCHIE's one-line notation
    /// (`docs/notation.md`), a FEN for the chess variants.
    #[serde(default)]
    pub notation: Option<String>,
    /// `true`: the notation describes an impossible position that an
    /// engine must refuse; the scenario then has no steps.
    #[serde(default)]
    pub invalid: bool,
    /// The variant's per-party listing, checked by the variant.
    #[serde(flatten)]
    pub listing: Map<String, Value>,
}

/// A square (cell, point) name as written: `16`, `e2`.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, JsonSchema)]
#[serde(transparent)]
pub struct SquareText(pub String);

impl fmt::Display for SquareText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl<'de> Deserialize<'de> for SquareText {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Visitor;
        impl serde::de::Visitor<'_> for Visitor {
            type Value = SquareText;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a square name or cell number")
            }
            fn visit_str<E: serde::de::Error>(self, text: &str) -> Result<SquareText, E> {
                Ok(SquareText(text.to_string()))
            }
            fn visit_u64<E: serde::de::Error>(self, number: u64) -> Result<SquareText, E> {
                Ok(SquareText(number.to_string()))
            }
            fn visit_i64<E: serde::de::Error>(self, number: i64) -> Result<SquareText, E> {
                Ok(SquareText(number.to_string()))
            }
        }
        deserializer.deserialize_any(Visitor)
    }
}

/// One step of a scenario, validated when it is read: exactly one kind,
/// each with the expectation it needs. The file spells a step as the
/// fields of [`StepFields`]; reading it turns them into this enum, so
/// that every runner matches on the four kinds and nothing else
/// (docs/architecture.md, "One runner").
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(try_from = "StepFields", into = "StepFields")]
// A file holds a handful of steps, each read once: the size of the play
// variant costs nothing worth an indirection through a box.
#[allow(clippy::large_enum_variant)]
pub enum Step {
    /// Play an action and compare what it did.
    Play {
        /// The action in the variant's notation.
        action: String,
        /// What it must do.
        expect: Expect,
    },
    /// List legal moves and compare the set.
    Moves {
        /// Only the moves of the piece on this square (cell); `None` for
        /// every move of the party to move.
        from: Option<SquareText>,
        /// The exact move set (order does not matter).
        expect: Vec<String>,
    },
    /// Count perft and compare the node count.
    Perft {
        /// The depth in plies.
        depth: u32,
        /// The expected node count.
        nodes: u64,
    },
    /// Check the current position.
    State(StateExpect),
}

impl Step {
    /// The action of a `play` step.
    pub fn action(&self) -> Option<&str> {
        match self {
            Step::Play { action, .. } => Some(action),
            _ => None,
        }
    }

    /// The expectation of a `play` step.
    pub fn expect(&self) -> Option<&Expect> {
        match self {
            Step::Play { expect, .. } => Some(expect),
            _ => None,
        }
    }

    /// The key the step is written with (`play`, `moves`, `perft`,
    /// `state`).
    pub fn kind(&self) -> &'static str {
        match self {
            Step::Play { .. } => "play",
            Step::Moves { .. } => "moves",
            Step::Perft { .. } => "perft",
            Step::State(_) => "state",
        }
    }
}

impl JsonSchema for Step {
    fn schema_name() -> String {
        "Step".to_string()
    }

    fn json_schema(generator: &mut schemars::gen::SchemaGenerator) -> schemars::schema::Schema {
        StepFields::json_schema(generator)
    }
}

/// One step: exactly one of `play`, `moves`, `perft`, `state`.
#[derive(Clone, Debug, PartialEq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct StepFields {
    /// An action in the variant's notation: `16-28`, `5x150`, `200-230=Q`,
    /// `16-28@12` (12 seconds used), `timeout`; `e2e4`, `a9a10q`, `claim`.
    #[serde(default)]
    pub play: Option<String>,
    /// Expectation of a `play` step.
    #[serde(default)]
    pub expect: Option<Expect>,
    /// A legal-move query: all moves of the party to move, or of one piece.
    #[serde(default)]
    pub moves: Option<MovesQuery>,
    /// The exact expected move set of a `moves` step (order does not matter).
    #[serde(default)]
    pub expect_moves: Option<Vec<String>>,
    /// A perft query: the depth.
    #[serde(default)]
    pub perft: Option<u32>,
    /// The expected node count of a `perft` step.
    #[serde(default)]
    pub expect_nodes: Option<u64>,
    /// A check of the current position.
    #[serde(default)]
    pub state: Option<StateExpect>,
}

// The fields as a file writes them (above) are read into a [`Step`] by
// checking the combination: one kind, with the expectation it needs.
impl TryFrom<StepFields> for Step {
    type Error = StepError;

    /// The kind the fields name, with the expectation it needs; stray
    /// fields of another kind are refused.
    fn try_from(fields: StepFields) -> Result<Step, StepError> {
        let StepFields {
            play,
            expect,
            moves,
            expect_moves,
            perft,
            expect_nodes,
            state,
        } = fields;
        let stray =
            |field: &'static str, owner: &'static str| Err(StepError::Stray { field, owner });
        let kinds = [
            play.is_some(),
            moves.is_some(),
            perft.is_some(),
            state.is_some(),
        ];
        if kinds.iter().filter(|&&kind| kind).count() != 1 {
            return Err(StepError::Kinds);
        }
        if play.is_none() && expect.is_some() {
            return stray("expect", "play");
        }
        if moves.is_none() && expect_moves.is_some() {
            return stray("expect_moves", "moves");
        }
        if perft.is_none() && expect_nodes.is_some() {
            return stray("expect_nodes", "perft");
        }
        Ok(match (play, moves, perft, state) {
            (Some(action), ..) => Step::Play {
                action,
                expect: expect.ok_or(StepError::Needs {
                    kind: "a play step",
                    field: "an 'expect' with at least 'result'",
                })?,
            },
            (_, Some(query), ..) => Step::Moves {
                from: query.from,
                expect: expect_moves.ok_or(StepError::Needs {
                    kind: "a moves step",
                    field: "'expect_moves' (the exact move set)",
                })?,
            },
            (_, _, Some(depth), _) => Step::Perft {
                depth,
                nodes: expect_nodes.ok_or(StepError::Needs {
                    kind: "a perft step",
                    field: "'expect_nodes'",
                })?,
            },
            (_, _, _, Some(state)) => Step::State(state),
            (None, None, None, None) => return Err(StepError::Kinds),
        })
    }
}

/// Why the fields of a scenario step make no step.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum StepError {
    /// None or more than one of the kinds.
    #[error("a step has exactly one of play, moves, perft, state")]
    Kinds,
    /// A field of another kind of step.
    #[error("'{field}' belongs to a '{owner}' step")]
    Stray {
        /// The stray field.
        field: &'static str,
        /// The kind it belongs to.
        owner: &'static str,
    },
    /// A kind without the expectation it needs.
    #[error("{kind} needs {field}")]
    Needs {
        /// The kind of step.
        kind: &'static str,
        /// What it needs.
        field: &'static str,
    },
}

impl From<Step> for StepFields {
    fn from(step: Step) -> StepFields {
        match step {
            Step::Play { action, expect } => StepFields {
                play: Some(action),
                expect: Some(expect),
                ..StepFields::default()
            },
            Step::Moves { from, expect } => StepFields {
                moves: Some(MovesQuery { from }),
                expect_moves: Some(expect),
                ..StepFields::default()
            },
            Step::Perft { depth, nodes } => StepFields {
                perft: Some(depth),
                expect_nodes: Some(nodes),
                ..StepFields::default()
            },
            Step::State(state) => StepFields {
                state: Some(state),
                ..StepFields::default()
            },
        }
    }
}

/// Which moves to list.
#[derive(Clone, Debug, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MovesQuery {
    /// Only the moves of the piece on this square (cell).
    #[serde(default)]
    pub from: Option<SquareText>,
}

/// A captured piece, as expected.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CaptureExpect {
    /// Where it stood.
    pub at: SquareText,
    /// The party it belonged to.
    pub owner: String,
    /// Its kind.
    pub kind: String,
    /// Whether it was a dead blocker.
    #[serde(default)]
    pub dead: bool,
}

/// An elimination, as expected.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct EliminationExpect {
    /// Who.
    pub party: String,
    /// Why (MONARCHIE: mate, stalemate, king-capture, flag-fall).
    pub cause: String,
    /// The party that takes over the army; absent for none.
    #[serde(default)]
    pub heir: Option<String>,
}

/// What an action must do: the fields of the shared report, and the
/// variant's own fields. `result` is always compared; only the other fields
/// given are compared, and a legal action must pin `next`.
#[derive(Clone, Debug, PartialEq, Default, Serialize, Deserialize, JsonSchema)]
pub struct Expect {
    /// `legal`, or the code of the reason it is refused (e.g. `path-blocked`).
    pub result: String,
    /// The party that acted.
    #[serde(default)]
    pub actor: Option<String>,
    /// The captured piece; `null` for no capture.
    #[serde(default, deserialize_with = "present")]
    #[schemars(with = "Option<CaptureExpect>")]
    pub capture: Option<Option<CaptureExpect>>,
    /// The promotion kind; `null` for none.
    #[serde(default, deserialize_with = "present")]
    #[schemars(with = "Option<String>")]
    pub promotion: Option<Option<String>>,
    /// Exactly the parties in check afterwards (MONARCHIE: after the
    /// action's own effects).
    #[serde(default)]
    pub checks: Option<Vec<String>>,
    /// Exactly the eliminations, in order.
    #[serde(default)]
    pub eliminations: Option<Vec<EliminationExpect>>,
    /// Exactly the control changes, in order.
    #[serde(default)]
    pub control: Option<Vec<ControlChange>>,
    /// The next party to move; `null` when the game is over.
    #[serde(default, deserialize_with = "present")]
    #[schemars(with = "Option<String>")]
    pub next: Option<Option<String>>,
    /// The game's status after the action.
    #[serde(default)]
    pub status: Option<Status>,
    /// The sole winner; `null` while no single party has won.
    #[serde(default, deserialize_with = "present")]
    #[schemars(with = "Option<String>")]
    pub winner: Option<Option<String>>,
    /// The kinds of the events in order (MONARCHIE: moved, captured,
    /// promoted, forfeited, check, gardez, eliminated, won).
    #[serde(default)]
    pub events: Option<Vec<String>>,
    /// Remaining seconds of some parties after the action.
    #[serde(default)]
    pub clocks: Option<BTreeMap<String, u32>>,
    /// The exact position after the action, in the variant's notation.
    #[serde(default)]
    pub position: Option<String>,
    /// The variant's own fields (MONARCHIE: `king_captured`, `forfeited`,
    /// `gardez`), checked against the variant.
    #[serde(flatten)]
    pub variant_fields: Map<String, Value>,
}

impl Expect {
    /// The expectation an accepted action's report would satisfy, field by
    /// field (the variant's own fields left out): what the explorer
    /// proposes and describes. Never a scenario's expectation as it
    /// stands: a person reasons each field from the rules
    /// (`review: proposed`).
    pub fn of_report(report: &crate::variant::Report) -> Expect {
        Expect {
            result: "legal".to_string(),
            actor: Some(report.actor.clone()),
            capture: Some(report.capture.as_ref().map(|capture| CaptureExpect {
                at: SquareText(capture.at.clone()),
                owner: capture.owner.clone(),
                kind: capture.kind.clone(),
                dead: capture.dead,
            })),
            promotion: Some(report.promotion.clone()),
            checks: Some(report.checks.clone()),
            eliminations: Some(
                report
                    .eliminations
                    .iter()
                    .map(|e| EliminationExpect {
                        party: e.party.clone(),
                        cause: e.cause.clone(),
                        heir: e.heir.clone(),
                    })
                    .collect(),
            ),
            control: Some(report.control.clone()),
            next: Some(report.next.clone()),
            status: Some(report.status.clone()),
            // The status names the winners and the rule.
            winner: None,
            events: None,
            clocks: (!report.clocks.is_empty()).then(|| report.clocks.clone()),
            position: None,
            variant_fields: Map::new(),
        }
    }
}

/// What the current position must look like. Only the fields given are
/// compared.
#[derive(Clone, Debug, PartialEq, Default, Serialize, Deserialize, JsonSchema)]
pub struct StateExpect {
    /// The party to move; `null` when the game is over.
    #[serde(default, deserialize_with = "present")]
    #[schemars(with = "Option<String>")]
    pub to_move: Option<Option<String>>,
    /// Exactly the active parties.
    #[serde(default)]
    pub active: Option<Vec<String>>,
    /// The game's status.
    #[serde(default)]
    pub status: Option<Status>,
    /// The sole winner; `null` while no single party has won.
    #[serde(default, deserialize_with = "present")]
    #[schemars(with = "Option<String>")]
    pub winner: Option<Option<String>>,
    /// The exact position in the variant's notation.
    #[serde(default)]
    pub position: Option<String>,
    /// Squares and what stands there: `empty`, `<party> <kind>` for an
    /// active piece, `dead <party> <kind>` for a dead blocker.
    #[serde(default)]
    pub cells: Option<BTreeMap<SquareText, String>>,
    /// Exactly the parties in check.
    #[serde(default)]
    pub in_check: Option<Vec<String>>,
    /// The variant's own fields (MONARCHIE: `trays`, `unmoved`), checked
    /// against the variant.
    #[serde(flatten)]
    pub variant_fields: Map<String, Value>,
}

/// Fields of earlier formats and what replaced them: `(where, old, new)`.
pub const REPLACED: &[(&str, &str, &str)] = &[
    (
        "position",
        "fen",
        "`notation` (the variant's notation, FEN for the chess variants)",
    ),
    ("position", "to_move_fen", "`notation`"),
    (
        "expect",
        "check",
        "`checks` (the set of parties in check afterwards: `[black]` or `[]`)",
    ),
    (
        "expect",
        "fen",
        "`position` (the position after the action)",
    ),
    ("expect", "notation", "`position`"),
    ("state", "fen", "`position`"),
    ("state", "notation", "`position`"),
    ("moves", "cell", "`from`"),
    (
        "step",
        "elapsed",
        "the action text: `16-28@12` plays 16-28 using 12 seconds",
    ),
    ("capture", "cell", "`at`"),
    ("capture", "party", "`owner`"),
    ("capture", "square", "`at`"),
    ("status", "winner", "`winners` (a list: `winners: [white]`)"),
];

/// "unknown field" with what replaced it, where an earlier format had it.
pub(super) fn unknown_field_message(place: &str, key: &str, expected: &[&str]) -> String {
    let mut message = format!(
        "unknown field `{key}`, expected one of {}",
        expected.join(", ")
    );
    if let Some((_, _, new)) = REPLACED
        .iter()
        .find(|(at, old, _)| *at == place && *old == key)
    {
        message.push_str(&format!("; `{key}` was replaced by {new}"));
    }
    message
}

/// The JSON Schema of the scenario format, as pretty JSON.
pub fn schema_json() -> String {
    let schema = schemars::schema_for!(Scenario);
    serde_json::to_string_pretty(&schema)
        .unwrap_or_else(|error| unreachable!("a schema serialises: {error}"))
}

/// The JSON Schema of the scenario format for one variant: `variant`
/// fixed to it, and its own `expect` and `state` fields listed with what
/// they pin.
pub fn variant_schema_json(variant: VariantId) -> String {
    let mut schema = serde_json::to_value(schemars::schema_for!(Scenario))
        .unwrap_or_else(|error| unreachable!("a schema serialises: {error}"));
    let info = crate::variant::info(variant);
    schema["title"] = Value::String(format!("{} scenario", info.title));
    schema["properties"]["variant"] = serde_json::json!({
        "description": "The rule system.",
        "const": variant.name(),
    });
    for (definition, fields) in [
        ("Expect", info.report_fields),
        ("StateExpect", info.state_fields),
    ] {
        let target = &mut schema["definitions"][definition]["properties"];
        for field in fields {
            target[field.name] = serde_json::json!({
                "description": format!("{} ({} only)", field.doc, info.title),
            });
        }
    }
    serde_json::to_string_pretty(&schema)
        .unwrap_or_else(|error| unreachable!("a schema serialises: {error}"))
}
