//! What the journal of a game (clause 17) shares with every rule system
//! that keeps one: the kind of game, who sits at a seat (a human or one
//! of the computer players, the Joshuas), whether clocks run, the date,
//! and the first discrepancy a replay finds. A rule system that records
//! its games in a journal (MONARCHIE, `variant/monarchie/journal/`)
//! builds its journal from these and gives the harness its schema and
//! its replay through [`JournalInfo`] (`VariantInfo::journal`).

use std::fmt;
use std::path::{Path, PathBuf};
use std::str::FromStr;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::input::LoadError;

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

/// The kinds of computer player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Joshua {
    /// Uniformly random among the legal moves.
    Random,
    /// Captures first, then checks, avoids leaving the moved piece hanging.
    Greedy,
    /// A shallow search that also looks at the next mover's best reply.
    Search,
}

impl Joshua {
    /// All kinds.
    pub const ALL: [Joshua; 3] = [Joshua::Random, Joshua::Greedy, Joshua::Search];

    /// The key used on the command line and in journals.
    pub fn key(self) -> &'static str {
        match self {
            Joshua::Random => "random",
            Joshua::Greedy => "greedy",
            Joshua::Search => "search",
        }
    }
}

impl fmt::Display for Joshua {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.key())
    }
}

/// A name that is no computer player.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown player '{0}': expected random, greedy, search (or joshua = search)")]
pub struct UnknownPlayer(pub String);

impl FromStr for Joshua {
    type Err = UnknownPlayer;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        match text.trim().to_ascii_lowercase().as_str() {
            "random" => Ok(Joshua::Random),
            "greedy" => Ok(Joshua::Greedy),
            "search" | "joshua" => Ok(Joshua::Search),
            _ => Err(UnknownPlayer(text.to_string())),
        }
    }
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

/// The first point where a journal and the rules disagree.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Discrepancy {
    /// The journal file.
    pub path: PathBuf,
    /// 1-based action number; 0 for the header, `actions + 1` for the result.
    pub action: usize,
    /// What was compared (`action 12 (blau 16-28)`, `result`...).
    pub what: String,
    /// The position before the action, in notation.
    pub notation: String,
    /// The same position as a text board.
    pub board: String,
    /// What the journal says (YAML).
    pub journal: String,
    /// What the rules give (YAML).
    pub rules: String,
}

impl fmt::Display for Discrepancy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "{}: discrepancy at action {}: {}",
            self.path.display(),
            self.action,
            self.what
        )?;
        writeln!(f, "position before: {}", self.notation)?;
        writeln!(f, "{}", self.board.trim_end())?;
        writeln!(f, "the journal says:")?;
        for line in self.journal.lines() {
            writeln!(f, "  {line}")?;
        }
        writeln!(f, "the rules give:")?;
        for line in self.rules.lines() {
            writeln!(f, "  {line}")?;
        }
        Ok(())
    }
}

/// Why a journal does not replay.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ReplayError {
    /// The file cannot be read as a journal.
    #[error(transparent)]
    Load(#[from] LoadError),
    /// The journal disagrees with the rules.
    #[error("{0}")]
    Discrepancy(Box<Discrepancy>),
}

/// A journal that replayed: how many actions it has and who won.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Replayed {
    /// The number of actions replayed.
    pub actions: usize,
    /// The winner's name, when the game was decided.
    pub winner: Option<String>,
}

/// How a rule system's games are kept in journals, as the harness
/// reaches them (`regelwerk schema journal`, `replay`, the journals of
/// `check`).
#[derive(Debug, Clone, Copy)]
pub struct JournalInfo {
    /// The JSON Schema of the journal format.
    pub schema: fn() -> String,
    /// Reads a journal file and replays it from the start position.
    pub replay: fn(&Path) -> Result<Replayed, ReplayError>,
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
