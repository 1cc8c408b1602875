//! The turn record: regelwerk's game record for rule systems with more
//! than two parties that are not MONARCHIE (whose record is the clause-17
//! journal). Today that is Three Kingdoms Xiangqi. PGN cannot carry these
//! games: it knows two players, White and Black, and results `1-0`,
//! `0-1`, `1/2-1/2`, and its move numbers pair two plies
//! (`docs/records.md`, "Turn records").
//!
//! A file holds one or more games. Each game is a block of header lines
//! `key: value` (the first is `regelwerk-record: 1`), then one line per
//! turn: `N. PARTY ACTION`, optionally followed by ` | ` and the events
//! the move caused, as [`events_text`] writes them. Blank lines and lines
//! starting with `#` are skipped. Unknown headers, repeated headers,
//! missing required headers, gaps in the turn numbers and a `moves` count
//! that does not match the turns are errors with the line, the field and
//! what was expected.

use std::fmt;

use super::ResultError;
use crate::variant::{Report, Status};

/// The header that opens every game, with the format version.
pub const FORMAT_KEY: &str = "regelwerk-record";

/// The format version this code reads and writes.
pub const FORMAT_VERSION: &str = "1";

/// The extension `replay` and `play --record` know turn records by.
pub const EXTENSION: &str = "turns";

/// What the value of a `result` header may be.
pub(super) const EXPECTED_RESULT: &str =
    "expected `won PARTY... (RULE)`, `drawn (RULE)` or `ongoing`";

/// Every header a game may carry, in the order they are written.
pub const HEADERS: [&str; 10] = [
    FORMAT_KEY, "variant", "start", "rulings", "event", "date", "round", "party", "result", "moves",
];

/// How a game stands at the end of its record: the `result` header.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RecordResult {
    /// `won WINNER... (RULE)`: the winners in party order and the rule
    /// that ended the game.
    Won {
        /// The winners.
        winners: Vec<String>,
        /// The rule (`last-general`, `resignation`...).
        rule: String,
    },
    /// `drawn (RULE)`.
    Drawn {
        /// The rule (`repetition`, `move-limit`...).
        rule: String,
    },
    /// `ongoing`: the record stops while the game goes on (the ply cap).
    Ongoing,
}

impl RecordResult {
    /// The result a status gives.
    pub fn of(status: &Status) -> RecordResult {
        match status {
            Status::Won { winners, reason } => RecordResult::Won {
                winners: winners.clone(),
                rule: reason.clone(),
            },
            Status::Drawn { reason } => RecordResult::Drawn {
                rule: reason.clone(),
            },
            Status::Ongoing => RecordResult::Ongoing,
        }
    }

    /// Reads the value of a `result` header.
    ///
    /// # Errors
    /// A sentence saying what was expected.
    pub fn parse(text: &str) -> Result<RecordResult, ResultError> {
        let text_of = || text.to_string();
        let (words, rule) = match text.split_once('(') {
            Some((words, rest)) => {
                let rule = rest
                    .strip_suffix(')')
                    .ok_or_else(|| ResultError::Unclosed { text: text_of() })?
                    .trim();
                if rule.is_empty() || rule.contains(char::is_whitespace) {
                    return Err(ResultError::RuleWords { text: text_of() });
                }
                (words, Some(rule.to_string()))
            }
            None => (text, None),
        };
        let mut words = words.split_whitespace();
        let result = match (words.next(), rule) {
            (Some("won"), Some(rule)) => {
                let winners: Vec<String> = words.map(str::to_string).collect();
                if winners.is_empty() {
                    return Err(ResultError::NoWinner { text: text_of() });
                }
                return Ok(RecordResult::Won { winners, rule });
            }
            (Some("drawn"), Some(rule)) => RecordResult::Drawn { rule },
            (Some("ongoing"), None) => RecordResult::Ongoing,
            _ => return Err(ResultError::NoResult { text: text_of() }),
        };
        if let Some(extra) = words.next() {
            return Err(ResultError::Unexpected {
                text: text_of(),
                extra: extra.to_string(),
            });
        }
        Ok(result)
    }
}

impl fmt::Display for RecordResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RecordResult::Won { winners, rule } => write!(f, "won {} ({rule})", winners.join(" ")),
            RecordResult::Drawn { rule } => write!(f, "drawn ({rule})"),
            RecordResult::Ongoing => f.write_str("ongoing"),
        }
    }
}

/// A header's value with the line it stands on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line<T> {
    /// The 1-based line.
    pub line: usize,
    /// The value.
    pub value: T,
}

/// One `party` header: a party and who played it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Seat {
    /// The party key (`shu`).
    pub party: String,
    /// The player, free text (`regelwerk search`).
    pub player: String,
}

/// One turn line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Turn {
    /// The 1-based line.
    pub line: usize,
    /// The turn number (1, 2, ... without gaps).
    pub number: usize,
    /// The party that acted.
    pub party: String,
    /// The action in the variant's notation (a move, or a special action
    /// such as `resign wu`).
    pub action: String,
    /// The events written after ` | `; empty when none.
    pub events: String,
}

/// One game of a turn record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TurnRecord {
    /// The line of its `regelwerk-record` header.
    pub line: usize,
    /// `variant`: the variant key.
    pub variant: Line<String>,
    /// `start`: a start position name (`start`) or a position text.
    pub start: Line<String>,
    /// `rulings`: the ruling settings `ID=key`, if any.
    pub rulings: Option<Line<Vec<String>>>,
    /// `event`, `date`, `round`: free text, if given.
    pub about: Vec<(String, String)>,
    /// `party` headers, in the order written.
    pub seats: Vec<Line<Seat>>,
    /// `result`.
    pub result: Line<RecordResult>,
    /// `moves`: how many turns follow.
    pub moves: Line<usize>,
    /// The turns.
    pub turns: Vec<Turn>,
}

/// A file that breaks the format: the line, the field and what is wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordError {
    /// The 1-based line.
    pub line: usize,
    /// The header key, or `turn`.
    pub field: String,
    /// What is wrong and what was expected.
    pub message: String,
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}: {}", self.line, self.field, self.message)
    }
}

fn error(line: usize, field: &str, message: impl Into<String>) -> RecordError {
    RecordError {
        line,
        field: field.to_string(),
        message: message.into(),
    }
}

/// The headers of a game being read.
#[derive(Default)]
struct Draft {
    line: usize,
    fields: Vec<(usize, String, String)>,
    turns: Vec<Turn>,
}

impl Draft {
    fn one(&self, key: &str) -> Option<(usize, &str)> {
        self.fields
            .iter()
            .find(|(_, k, _)| k == key)
            .map(|(line, _, value)| (*line, value.as_str()))
    }

    fn required(&self, key: &str) -> Result<(usize, &str), RecordError> {
        self.one(key).ok_or_else(|| {
            error(
                self.line,
                key,
                format!("the game has no `{key}:` header (required)"),
            )
        })
    }

    /// The game, once its last line is read.
    fn finish(self) -> Result<TurnRecord, RecordError> {
        let text = |key: &str| -> Result<Line<String>, RecordError> {
            let (line, value) = self.required(key)?;
            Ok(Line {
                line,
                value: value.to_string(),
            })
        };
        let variant = text("variant")?;
        let start = text("start")?;
        let (line, value) = self.required("result")?;
        let result = Line {
            line,
            value: RecordResult::parse(value).map_err(|m| error(line, "result", m.to_string()))?,
        };
        let (line, value) = self.required("moves")?;
        let count: usize = value.parse().map_err(|_| {
            error(
                line,
                "moves",
                format!("`{value}` is no count (expected the number of turns, 0 or more)"),
            )
        })?;
        if count != self.turns.len() {
            return Err(error(
                line,
                "moves",
                format!(
                    "`moves: {count}` but the game has {} turn lines (a truncated or padded record)",
                    self.turns.len()
                ),
            ));
        }
        let rulings = self.one("rulings").map(|(line, value)| Line {
            line,
            value: value.split_whitespace().map(str::to_string).collect(),
        });
        let mut seats = Vec::new();
        for (line, key, value) in &self.fields {
            if key != "party" {
                continue;
            }
            let (party, player) = value.split_once(' ').unwrap_or((value, ""));
            if player.trim().is_empty() {
                return Err(error(
                    *line,
                    "party",
                    format!("`{value}` (expected `PARTY PLAYER`, e.g. `shu regelwerk search`)"),
                ));
            }
            seats.push(Line {
                line: *line,
                value: Seat {
                    party: party.to_string(),
                    player: player.trim().to_string(),
                },
            });
        }
        let about = ["event", "date", "round"]
            .into_iter()
            .filter_map(|key| self.one(key).map(|(_, v)| (key.to_string(), v.to_string())))
            .collect();
        Ok(TurnRecord {
            line: self.line,
            variant,
            start,
            rulings,
            about,
            seats,
            result,
            moves: Line { line, value: count },
            turns: self.turns,
        })
    }
}

/// Reads a turn line `N. PARTY ACTION [| EVENTS]`.
fn read_turn(line: usize, text: &str, expected: usize) -> Result<Turn, RecordError> {
    let shape = "expected `N. PARTY ACTION`, optionally followed by ` | EVENTS`";
    let (head, events) = match text.split_once(" | ") {
        Some((head, events)) => (head, events.trim()),
        None => (text, ""),
    };
    let mut words = head.trim().splitn(3, ' ');
    let number = words.next().unwrap_or_default();
    let Some(number) = number
        .strip_suffix('.')
        .and_then(|n| n.parse::<usize>().ok())
    else {
        return Err(error(
            line,
            "turn",
            format!("`{number}` is no turn number ({shape})"),
        ));
    };
    if number != expected {
        return Err(error(
            line,
            "turn",
            format!("turn {number} where turn {expected} was expected (numbers count from 1 without gaps)"),
        ));
    }
    let party = words.next().unwrap_or_default().trim();
    let action = words.next().unwrap_or_default().trim();
    if party.is_empty() || action.is_empty() {
        return Err(error(line, "turn", format!("`{text}` ({shape})")));
    }
    Ok(Turn {
        line,
        number,
        party: party.to_string(),
        action: action.to_string(),
        events: events.to_string(),
    })
}

/// Reads every game of a turn record file.
///
/// # Errors
/// The first line that breaks the format.
pub fn read(text: &str) -> Result<Vec<TurnRecord>, RecordError> {
    let mut games = Vec::new();
    let mut draft: Option<Draft> = None;
    for (index, raw) in text.lines().enumerate() {
        let line = index + 1;
        let body = raw.trim();
        if body.is_empty() || body.starts_with('#') {
            continue;
        }
        if body.starts_with(|c: char| c.is_ascii_digit()) {
            let Some(game) = draft.as_mut() else {
                return Err(error(
                    line,
                    "turn",
                    format!(
                        "a turn before the `{FORMAT_KEY}: {FORMAT_VERSION}` line that opens a game"
                    ),
                ));
            };
            if game.turns.len() >= crate::input::MAX_PLIES {
                return Err(error(
                    line,
                    "turn",
                    format!(
                        "more than {} turns in one game (MAX_PLIES)",
                        crate::input::MAX_PLIES
                    ),
                ));
            }
            let turn = read_turn(line, body, game.turns.len() + 1)?;
            game.turns.push(turn);
            continue;
        }
        let Some((key, value)) = body.split_once(':') else {
            return Err(error(
                line,
                "line",
                format!(
                    "`{}` is neither a header `key: value` nor a turn `N. PARTY ACTION`",
                    crate::input::quote(body)
                ),
            ));
        };
        let (key, value) = (key.trim(), value.trim());
        if !HEADERS.contains(&key) {
            return Err(error(
                line,
                key,
                format!("unknown header (expected one of {})", HEADERS.join(", ")),
            ));
        }
        if key == FORMAT_KEY {
            if value != FORMAT_VERSION {
                return Err(error(
                    line,
                    key,
                    format!("version `{value}` (expected {FORMAT_VERSION})"),
                ));
            }
            if let Some(done) = draft.take() {
                games.push(done.finish()?);
            }
            draft = Some(Draft {
                line,
                ..Draft::default()
            });
            continue;
        }
        let Some(game) = draft.as_mut() else {
            return Err(error(
                line,
                key,
                format!(
                    "a header before the `{FORMAT_KEY}: {FORMAT_VERSION}` line that opens a game"
                ),
            ));
        };
        if !game.turns.is_empty() {
            return Err(error(line, key, "a header after the turns (headers come first; a new game starts with `regelwerk-record: 1`)"));
        }
        if key != "party" {
            if let Some((first, _)) = game.one(key) {
                return Err(error(
                    line,
                    key,
                    format!("given twice (first on line {first})"),
                ));
            }
        }
        if value.is_empty() {
            return Err(error(line, key, "empty value"));
        }
        game.fields.push((line, key.to_string(), value.to_string()));
    }
    match draft {
        Some(done) => games.push(done.finish()?),
        None => {
            return Err(error(
                text.lines().count().max(1),
                FORMAT_KEY,
                format!(
                "no game in the file (a turn record starts with `{FORMAT_KEY}: {FORMAT_VERSION}`)"
            ),
            ))
        }
    }
    Ok(games)
}

/// The events of a move as a turn line notes them, `; `-separated, in
/// this order: `takes OWNER KIND`, `defeated PARTY (CAUSE)` for each
/// party defeated, `ARMY army to PARTY` for each army taken over,
/// `check PARTY...`, and `won PARTY... (RULE)` or `drawn (RULE)` when the
/// move ends the game. Empty when the move caused none.
pub fn events_text(report: &Report) -> String {
    let mut parts = Vec::new();
    if let Some(capture) = &report.capture {
        let dead = if capture.dead { " (dead)" } else { "" };
        parts.push(format!("takes {} {}{dead}", capture.owner, capture.kind));
    }
    for elimination in &report.eliminations {
        let heir = elimination
            .heir
            .as_ref()
            .map_or(String::new(), |heir| format!(", heir {heir}"));
        parts.push(format!(
            "defeated {} ({}){heir}",
            elimination.party, elimination.cause
        ));
    }
    for change in &report.control {
        let to = change.to.as_deref().unwrap_or("nobody");
        parts.push(format!("{} army to {to}", change.army));
    }
    if !report.checks.is_empty() {
        parts.push(format!("check {}", report.checks.join(" ")));
    }
    if report.status.is_over() {
        parts.push(RecordResult::of(&report.status).to_string());
    }
    parts.join("; ")
}

/// Writes one game: the headers in [`HEADERS`] order, a blank line, the
/// turns. `about` holds `event`, `date`, `round` (left out when absent);
/// `seats` one `(party, player)` per party.
pub fn write(
    variant: &str,
    start: &str,
    rulings: &[String],
    about: &[(String, String)],
    seats: &[(String, String)],
    result: &RecordResult,
    turns: &[Turn],
) -> String {
    let mut out = format!("{FORMAT_KEY}: {FORMAT_VERSION}\nvariant: {variant}\nstart: {start}\n");
    if !rulings.is_empty() {
        out.push_str(&format!("rulings: {}\n", rulings.join(" ")));
    }
    for key in ["event", "date", "round"] {
        if let Some((_, value)) = about.iter().find(|(k, _)| k == key) {
            out.push_str(&format!("{key}: {}\n", one_line(value)));
        }
    }
    for (party, player) in seats {
        out.push_str(&format!("party: {party} {}\n", one_line(player)));
    }
    out.push_str(&format!("result: {result}\nmoves: {}\n\n", turns.len()));
    for turn in turns {
        out.push_str(&format!("{}. {} {}", turn.number, turn.party, turn.action));
        if !turn.events.is_empty() {
            out.push_str(&format!(" | {}", turn.events));
        }
        out.push('\n');
    }
    out
}

/// Free text kept on one line.
fn one_line(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}
