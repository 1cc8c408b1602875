//! The game journal of clause 17 and its replay (clause 18).
//!
//! A journal is a YAML file (`docs/journal.md`, schema in
//! `schemas/journal.schema.json`): the match header (number, date, game
//! type, level, participants and their colours) and every action in order
//! with what it caused. [`replay`] plays it again from the Anhang A start
//! and checks every action and every recorded event against the engine.

pub mod record;
pub mod replay;
pub mod suite;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::variant::monarchie::cell::Cell;
use crate::variant::monarchie::party::Party;
use crate::variant::monarchie::piece::PieceKind;
use crate::variant::monarchie::rules::{Capture, Cause, Elimination};

pub use record::{entry_of, Recorder};
pub use replay::{load_journal, load_journal_str, replay, Discrepancy, ReplayError};

/// Clause 17 (and 19-21): the kind of game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum GameType {
    /// Clause 19: a training game, humans and Joshuas; no ranks.
    Training,
    /// Clause 20: an officially rated game of six registered humans.
    Official,
    /// A demonstration game; no ranks.
    Demonstration,
}

impl GameType {
    /// The kebab-case key used in files.
    pub fn key(self) -> &'static str {
        match self {
            GameType::Training => "training",
            GameType::Official => "official",
            GameType::Demonstration => "demonstration",
        }
    }
}

/// Clause 19: whether a seat is taken by a human or a Joshua (computer).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum PlayerKind {
    /// A human player.
    Human,
    /// A computer player ("Joshua"), always marked as such.
    Computer,
}

/// Whether the clocks of clause 15 run.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Clocks {
    /// No clocks: elapsed times are recorded but never forfeit a party.
    #[default]
    Untimed,
    /// 20 minutes per party, 60 seconds per move (clause 15).
    Timed,
}

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

/// Checks a journal date: `YYYY-MM-DD`, a real day of the Gregorian
/// calendar (month 1-12, the day within its month, 29 February in leap
/// years only).
///
/// # Errors
/// What is wrong, and the form expected.
pub fn check_date(text: &str) -> Result<(), DateError> {
    let parts: Vec<&str> = text.split('-').collect();
    let number = |part: &str, digits: usize| {
        (part.len() == digits && part.bytes().all(|b| b.is_ascii_digit()))
            .then(|| part.parse::<u32>().ok())
            .flatten()
    };
    let text = text.to_string();
    let [year, month, day] = parts.as_slice() else {
        return Err(DateError::NotADate { text });
    };
    let (Some(year), Some(month), Some(day)) = (number(year, 4), number(month, 2), number(day, 2))
    else {
        return Err(DateError::NotADate { text });
    };
    if !(1..=12).contains(&month) {
        return Err(DateError::NoMonth { text, month });
    }
    let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
    let days = match month {
        2 if leap => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    };
    if !(1..=days).contains(&day) {
        return Err(DateError::NoDay {
            text,
            year,
            month,
            days,
        });
    }
    Ok(())
}

/// A journal date that is no day of the calendar.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DateError {
    /// Not of the form `YYYY-MM-DD`.
    #[error("'{}' is not a date: expected YYYY-MM-DD", crate::input::quote(.text))]
    NotADate {
        /// The text given.
        text: String,
    },
    /// A month outside 1-12.
    #[error("'{}': there is no month {month}; expected 01 to 12", crate::input::quote(.text))]
    NoMonth {
        /// The text given.
        text: String,
        /// The month.
        month: u32,
    },
    /// A day outside its month.
    #[error(
        "'{}': month {month:02} of {year} has days 01 to {days}",
        crate::input::quote(.text)
    )]
    NoDay {
        /// The text given.
        text: String,
        /// The year.
        year: u32,
        /// The month.
        month: u32,
        /// The days the month has.
        days: u32,
    },
}

#[cfg(test)]
mod date_tests {
    use super::check_date;

    #[test]
    fn real_days_only() {
        for good in ["2026-01-31", "2024-02-29", "2000-02-29", "2026-12-01"] {
            assert_eq!(check_date(good), Ok(()), "{good}");
        }
        for bad in [
            "2026-13-45",
            "2026-99-99",
            "2025-02-29",
            "1900-02-29",
            "2026-04-31",
            "2026-00-10",
            "26-1-1",
            "today",
            "2026-01-1x",
        ] {
            assert!(check_date(bad).is_err(), "{bad}");
        }
    }
}
