//! MONARCHIE's game journal of clause 17 and its replay (clause 18).
//!
//! A journal is a YAML file (`docs/journal.md`, schema in
//! `schemas/journal.schema.json`): the match header (number, date, game
//! type, level, participants and their colours) and every action in order
//! with what it caused. [`replay`](fn@replay) plays it again from the Anhang A start
//! and checks every action and every recorded event against the engine.
//! The header's vocabulary and the discrepancy are every journal's
//! ([`crate::variant::journal`]); the harness reaches this one through
//! [`INFO`] (`VariantInfo::journal`).

pub mod cases;
pub mod record;
pub mod replay;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::variant::monarchie::cell::Cell;
use crate::variant::monarchie::party::Party;
use crate::variant::monarchie::piece::PieceKind;
use crate::variant::monarchie::rules::{Capture, Cause, Elimination};

pub use crate::variant::journal::{
    check_date, Clocks, DateError, Discrepancy, GameType, PlayerKind, ReplayError,
};
use crate::variant::journal::{JournalInfo, Replayed};
pub use record::{entry_of, Recorder};
pub use replay::{load_journal, load_journal_str, replay};

/// One seat of the game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Participant {
    /// The colour played.
    pub colour: Party,
    /// The player's name.
    pub name: String,
    /// Human or computer.
    pub kind: PlayerKind,
    /// For a computer player: which one (`random`, `greedy`, `search`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub engine: Option<String>,
}

/// A captured piece as recorded.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CaptureEntry {
    /// Where it stood.
    pub cell: Cell,
    /// Its party.
    pub party: Party,
    /// Its kind.
    pub kind: PieceKind,
    /// Whether it was a dead blocker (clause 8.2).
    #[serde(default, skip_serializing_if = "is_false")]
    pub dead: bool,
}

impl From<Capture> for CaptureEntry {
    fn from(capture: Capture) -> Self {
        CaptureEntry {
            cell: capture.cell,
            party: capture.party,
            kind: capture.kind,
            dead: capture.dead,
        }
    }
}

/// Why a party left the game, as recorded.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum CauseEntry {
    /// Clause 11: mate.
    Mate,
    /// Clause 14: stalemate.
    Stalemate,
    /// Clause 13: its king was captured.
    KingCapture,
    /// Clause 15: its total time ran out.
    FlagFall,
}

impl From<Cause> for CauseEntry {
    fn from(cause: Cause) -> Self {
        match cause {
            Cause::Mate => CauseEntry::Mate,
            Cause::Stalemate => CauseEntry::Stalemate,
            Cause::KingCapture => CauseEntry::KingCapture,
            Cause::FlagFall => CauseEntry::FlagFall,
        }
    }
}

/// A party leaving the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct EliminationEntry {
    /// Who left.
    pub party: Party,
    /// Why.
    pub cause: CauseEntry,
}

impl From<Elimination> for EliminationEntry {
    fn from(elimination: Elimination) -> Self {
        EliminationEntry {
            party: elimination.party,
            cause: elimination.cause.into(),
        }
    }
}

/// One action of the game and everything it caused.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Entry {
    /// 1-based action number.
    pub n: usize,
    /// The party that acted.
    pub party: Party,
    /// The move (`16-28`, `5x150`, `200-230=Q`) or `timeout` (a forfeited turn).
    pub action: String,
    /// Seconds the party used for a move (absent for a timeout, which uses
    /// 60 seconds or what is left).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub elapsed: Option<u32>,
    /// The piece captured, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub capture: Option<CaptureEntry>,
    /// The kind a pawn promoted to (6.6).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub promotion: Option<PieceKind>,
    /// Whether the turn was forfeited (clause 15).
    #[serde(default, skip_serializing_if = "is_false")]
    pub forfeit: bool,
    /// The party whose king was captured (clause 13).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub king_capture: Option<Party>,
    /// Parties in check right after the action (clause 9).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub check: Vec<Party>,
    /// Parties eliminated by the action: mates, stalemates, king captures,
    /// flag falls (timeouts), in order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub eliminated: Vec<EliminationEntry>,
    /// The winner, if the action ended the game.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub winner: Option<Party>,
}

/// How the game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Status {
    /// One party is left: it won.
    Decided,
    /// Stopped at the ply cap with several parties left.
    Undecided,
}

/// The end of the game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct GameResult {
    /// Decided or undecided.
    pub status: Status,
    /// The winner (clause 17), when decided.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub winner: Option<Party>,
    /// Every party eliminated, in order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub eliminated: Vec<EliminationEntry>,
    /// Number of actions.
    pub actions: usize,
}

/// A whole game journal (clause 17).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Journal {
    /// The match number.
    #[serde(rename = "match")]
    pub match_number: u64,
    /// The date, `YYYY-MM-DD`.
    pub date: String,
    /// The kind of game.
    pub game_type: GameType,
    /// The tournament level 1-6 (official games); absent for others.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub level: Option<u8>,
    /// Whether clocks run.
    #[serde(default)]
    pub clocks: Clocks,
    /// Ruling settings `ID=key` the game was played under (default rulings if empty).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub rulings: Vec<String>,
    /// The six seats with their colours.
    pub participants: Vec<Participant>,
    /// Every action in order.
    pub actions: Vec<Entry>,
    /// How the game ended.
    pub result: GameResult,
}

impl Journal {
    /// The journal as YAML text.
    ///
    /// # Errors
    /// A serialisation error (not expected for these types).
    pub fn to_yaml(&self) -> Result<String, serde_yaml::Error> {
        serde_yaml::to_string(self)
    }
}

fn is_false(value: &bool) -> bool {
    !*value
}

/// The JSON Schema of the journal format, as checked in at
/// `schemas/journal.schema.json`.
pub fn schema_json() -> String {
    let schema = schemars::schema_for!(Journal);
    serde_json::to_string_pretty(&schema)
        .unwrap_or_else(|error| unreachable!("a schema serialises: {error}"))
}

/// Reads a journal file and replays it (clause 18): the number of actions
/// and the winner's German name.
///
/// # Errors
/// [`ReplayError::Load`] for a file that is no journal, else the first
/// [`Discrepancy`].
pub fn replay_file(path: &std::path::Path) -> Result<Replayed, ReplayError> {
    let (journal, rules) = load_journal(path)?;
    let position = replay(path, &journal, &rules).map_err(ReplayError::Discrepancy)?;
    Ok(Replayed {
        actions: journal.actions.len(),
        winner: position.winner().map(|winner| winner.german().to_string()),
    })
}

/// MONARCHIE's journals as the registry hands them to the harness.
pub const INFO: JournalInfo = JournalInfo {
    schema: schema_json,
    replay: replay_file,
};
