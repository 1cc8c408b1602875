//! The scenario file format (`scenarios/README.md`): plain serde types,
//! unknown fields rejected, with a generated JSON Schema.

use std::collections::BTreeMap;

use schemars::JsonSchema;
use serde::{Deserialize, Deserializer, Serialize};

use crate::cell::Cell;
use crate::party::Party;
use crate::piece::PieceKind;

/// Reads a present field as `Some(value)`, so that an absent field (the
/// `default`, `None`) differs from an explicit `null` (`Some(None)`).
fn present<'de, D, T>(deserializer: D) -> Result<Option<Option<T>>, D::Error>
where
    D: Deserializer<'de>,
    T: Deserialize<'de>,
{
    Option::<T>::deserialize(deserializer).map(Some)
}

/// One scenario: a position, steps (actions and queries), expectations.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Scenario {
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
    /// Where the scenario comes from (e.g. "rulebook example, clause 8.1").
    #[serde(default)]
    pub source: Option<String>,
    /// The starting position.
    pub position: PositionSpec,
    /// What happens, in order.
    pub steps: Vec<Step>,
}

/// Which built-in start position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum StartKind {
    /// Anhang A, no clocks.
    Untimed,
    /// Anhang A, 20 minutes on every clock.
    Timed,
}

/// The pieces of one party, by kind. For an eliminated party these are its
/// dead blockers.
#[derive(Clone, Debug, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ArmySpec {
    /// The king's cell (active parties only).
    #[serde(default)]
    pub king: Option<Cell>,
    /// Queens.
    #[serde(default)]
    pub queens: Vec<Cell>,
    /// Rooks.
    #[serde(default)]
    pub rooks: Vec<Cell>,
    /// Bishops.
    #[serde(default)]
    pub bishops: Vec<Cell>,
    /// Knights.
    #[serde(default)]
    pub knights: Vec<Cell>,
    /// Pawns.
    #[serde(default)]
    pub pawns: Vec<Cell>,
    /// Which of `pawns` are still unmoved on their own start cell.
    #[serde(default)]
    pub unmoved: Vec<Cell>,
    /// Captured own pieces available for promotion.
    #[serde(default)]
    pub tray: Vec<PieceKind>,
}

/// A position: the built-in start, a notation string, or a per-party
/// listing (optionally with the notation as a cross-check).
#[derive(Clone, Debug, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PositionSpec {
    /// Start from Anhang A (nothing else may be given).
    #[serde(default)]
    pub start: Option<StartKind>,
    /// The one-line notation (`docs/notation.md`). With a listing, both
    /// must describe the same position.
    #[serde(default)]
    pub notation: Option<String>,
    /// The party to move (listing).
    #[serde(default)]
    pub to_move: Option<Party>,
    /// Eliminated parties (listing); their pieces are dead blockers.
    #[serde(default)]
    pub eliminated: Vec<Party>,
    /// Blau's pieces.
    #[serde(default)]
    pub blau: Option<ArmySpec>,
    /// Grün's pieces.
    #[serde(default)]
    pub gruen: Option<ArmySpec>,
    /// Orange's pieces.
    #[serde(default)]
    pub orange: Option<ArmySpec>,
    /// Lila's pieces.
    #[serde(default)]
    pub lila: Option<ArmySpec>,
    /// Gelb's pieces.
    #[serde(default)]
    pub gelb: Option<ArmySpec>,
    /// Rot's pieces.
    #[serde(default)]
    pub rot: Option<ArmySpec>,
    /// Remaining seconds, all six parties, when the game is timed.
    #[serde(default)]
    pub clocks: Option<BTreeMap<Party, u32>>,
    /// R-NEXT=trigger-anchor only: the party whose move began the pending checks.
    #[serde(default)]
    pub check_anchor: Option<Party>,
}

/// One step: exactly one of `play`, `moves`, `perft`, `state`.
#[derive(Clone, Debug, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Step {
    /// An action: `16-28`, `5x150`, `200-230=Q`, `timeout`.
    #[serde(default)]
    pub play: Option<String>,
    /// Seconds the move took (timed games).
    #[serde(default)]
    pub elapsed: Option<u32>,
    /// Expectation of a `play` step.
    #[serde(default)]
    pub expect: Option<ActionExpect>,
    /// A legal-move query: all moves of the party to move, or of one cell.
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

/// Which moves to list.
#[derive(Clone, Debug, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MovesQuery {
    /// Only the moves of the piece on this cell.
    #[serde(default)]
    pub cell: Option<Cell>,
}

/// A captured piece, as expected.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CaptureSpec {
    /// Where it stood.
    pub cell: Cell,
    /// Its (former) party.
    pub party: Party,
    /// Its kind.
    pub kind: PieceKind,
    /// Whether it was a dead blocker.
    #[serde(default)]
    pub dead: bool,
}

/// An elimination, as expected.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct EliminationSpec {
    /// Who.
    pub party: Party,
    /// Why: mate, stalemate, king-capture, flag-fall.
    pub cause: String,
}

/// A Gardez event, as expected.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct GardezSpec {
    /// The queen's party.
    pub party: Party,
    /// The queen's cell.
    pub cell: Cell,
}

/// What an action must do. Only the fields given are compared; `result`
/// is always compared, and `next` is required for a legal action.
#[derive(Clone, Debug, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ActionExpect {
    /// `legal`, or the code of the reason it is illegal (e.g. `path-blocked`).
    pub result: String,
    /// The captured piece; `null` for no capture.
    #[serde(default, deserialize_with = "present")]
    #[schemars(with = "Option<CaptureSpec>")]
    pub capture: Option<Option<CaptureSpec>>,
    /// The party whose king was captured; `null` for none.
    #[serde(default, deserialize_with = "present")]
    #[schemars(with = "Option<Party>")]
    pub king_captured: Option<Option<Party>>,
    /// The promotion; `null` for none.
    #[serde(default, deserialize_with = "present")]
    #[schemars(with = "Option<PieceKind>")]
    pub promotion: Option<Option<PieceKind>>,
    /// Whether the action was a forfeited turn.
    #[serde(default)]
    pub forfeited: Option<bool>,
    /// Exactly the active parties in check after the action's own effects.
    #[serde(default)]
    pub checks: Option<Vec<Party>>,
    /// Exactly the Gardez events.
    #[serde(default)]
    pub gardez: Option<Vec<GardezSpec>>,
    /// Exactly the eliminations, in order.
    #[serde(default)]
    pub eliminations: Option<Vec<EliminationSpec>>,
    /// The next party to move; `null` when the game is over.
    #[serde(default, deserialize_with = "present")]
    #[schemars(with = "Option<Party>")]
    pub next: Option<Option<Party>>,
    /// The winner; `null` while the game goes on.
    #[serde(default, deserialize_with = "present")]
    #[schemars(with = "Option<Party>")]
    pub winner: Option<Option<Party>>,
    /// The kinds of events in order: moved, captured, promoted, forfeited,
    /// check, gardez, eliminated, won.
    #[serde(default)]
    pub events: Option<Vec<String>>,
    /// Remaining seconds of some parties after the action.
    #[serde(default)]
    pub clocks: Option<BTreeMap<Party, u32>>,
}

/// What the current position must look like. Only the fields given are compared.
#[derive(Clone, Debug, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct StateExpect {
    /// The party to move; `null` when the game is over.
    #[serde(default, deserialize_with = "present")]
    #[schemars(with = "Option<Party>")]
    pub to_move: Option<Option<Party>>,
    /// Exactly the active parties.
    #[serde(default)]
    pub active: Option<Vec<Party>>,
    /// The winner; `null` while the game goes on.
    #[serde(default, deserialize_with = "present")]
    #[schemars(with = "Option<Party>")]
    pub winner: Option<Option<Party>>,
    /// The exact one-line notation.
    #[serde(default)]
    pub notation: Option<String>,
    /// Cells and what stands there: `empty`, `<party> <kind>` for an
    /// active piece, `dead <party> <kind>` for a dead blocker.
    #[serde(default)]
    pub cells: Option<BTreeMap<Cell, String>>,
    /// Exact trays of some parties.
    #[serde(default)]
    pub trays: Option<BTreeMap<Party, Vec<PieceKind>>>,
    /// Exactly the cells of unmoved pawns.
    #[serde(default)]
    pub unmoved: Option<Vec<Cell>>,
    /// Exactly the parties in check.
    #[serde(default)]
    pub in_check: Option<Vec<Party>>,
}

/// The JSON Schema of the scenario format, as pretty JSON.
pub fn schema_json() -> String {
    let schema = schemars::schema_for!(Scenario);
    serde_json::to_string_pretty(&schema)
        .unwrap_or_else(|error| unreachable!("a schema serialises: {error}"))
}
