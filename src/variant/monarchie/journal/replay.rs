//! Clause 18: replaying a journal from the start position, checking every
//! action and every recorded event against the engine.

use std::path::Path;

use crate::input::LoadError;
use crate::variant::monarchie::board_text::render;
use crate::variant::monarchie::moves::{Action, Move};
use crate::variant::monarchie::notation::to_notation;
use crate::variant::monarchie::party::Party;
use crate::variant::monarchie::position::Position;
use crate::variant::monarchie::rules::apply;
use crate::variant::monarchie::ruleset::Ruleset;

use super::record::{entry_of, result_of};
use super::{Clocks, Discrepancy, GameType, Journal};

/// Reads a journal file.
///
/// # Errors
/// [`LoadError`] with the file, line, column, field and what was expected.
pub fn load_journal(path: &Path) -> Result<(Journal, Ruleset), LoadError> {
    let text = crate::input::read_text(path)?;
    load_journal_str(path, &text)
}

/// Reads journal text (as if from `path`) and checks its header.
///
/// # Errors
/// As [`load_journal`].
pub fn load_journal_str(path: &Path, text: &str) -> Result<(Journal, Ruleset), LoadError> {
    let journal: Journal = crate::input::parse_yaml(path, text).map_err(|error| {
        // serde_yaml prefixes the message with the path of the field.
        let (field, message) = match error.message.split_once(": ") {
            Some((head, rest)) if !head.contains(' ') => (head.to_string(), rest.to_string()),
            _ => ("journal".to_string(), error.message.clone()),
        };
        LoadError {
            field,
            message,
            ..error
        }
    })?;
    let fail = |field: &str, needle: &str, message: String| {
        LoadError::located(path, text, field, needle, message)
    };
    let rules = Ruleset::from_settings(&journal.rulings)
        .map_err(|error| fail("rulings", "rulings", error.to_string()))?;
    for party in Party::ALL {
        let seats = journal
            .participants
            .iter()
            .filter(|p| p.colour == party)
            .count();
        if seats != 1 {
            return Err(fail(
                "participants",
                "participants",
                format!("expected exactly one participant per colour, {party} has {seats}"),
            ));
        }
    }
    if journal.participants.len() != 6 {
        return Err(fail(
            "participants",
            "participants",
            format!(
                "expected six participants, found {}",
                journal.participants.len()
            ),
        ));
    }
    match (journal.game_type, journal.level) {
        (_, Some(level)) if !(1..=6).contains(&level) => {
            return Err(fail(
                "level",
                "level",
                format!("expected a level from 1 to 6, found {level}"),
            ))
        }
        (GameType::Official, None) => {
            return Err(fail(
                "level",
                "game_type",
                "an official game needs its tournament level (1-6)".to_string(),
            ))
        }
        _ => {}
    }
    super::check_date(&journal.date).map_err(|error| fail("date", "date", error.to_string()))?;
    Ok((journal, rules))
}

/// Clause 18: sets up Anhang A, plays the journal's actions in order and
/// checks each action's party, legality and recorded events, then the
/// result.
///
/// # Errors
/// The first [`Discrepancy`].
pub fn replay(
    path: &Path,
    journal: &Journal,
    rules: &Ruleset,
) -> Result<Position, Box<Discrepancy>> {
    let mut position = match journal.clocks {
        Clocks::Untimed => Position::start(),
        Clocks::Timed => Position::timed_start(),
    };
    let differ = |position: &Position, action: usize, what: String, said: String, given: String| {
        Box::new(Discrepancy {
            path: path.to_path_buf(),
            action,
            what,
            notation: to_notation(position),
            board: render(position),
            journal: said,
            rules: given,
        })
    };
    for (index, entry) in journal.actions.iter().enumerate() {
        let number = index + 1;
        let what = format!("action {number} ({} {})", entry.party, entry.action);
        let said = yaml(entry);
        if entry.n != number {
            return Err(differ(
                &position,
                number,
                what,
                format!("n: {}", entry.n),
                format!("n: {number} (actions are numbered from 1 without gaps)"),
            ));
        }
        let action = match parse_action(&entry.action, entry.elapsed) {
            Ok(action) => action,
            Err(error) => return Err(differ(&position, number, what, said, error.to_string())),
        };
        match position.to_move() {
            Some(party) if party == entry.party => {}
            Some(party) => {
                return Err(differ(
                    &position,
                    number,
                    what,
                    format!("party: {}", entry.party),
                    format!("party: {party} (is to move)"),
                ))
            }
            None => {
                return Err(differ(
                    &position,
                    number,
                    what,
                    said,
                    "the game is over: no action follows".to_string(),
                ))
            }
        }
        let before = position.clone();
        match apply(&mut position, action, rules) {
            Ok(outcome) => {
                let expected = entry_of(number, action, &outcome);
                if &expected != entry {
                    return Err(differ(&before, number, what, said, yaml(&expected)));
                }
            }
            Err(illegal) => {
                return Err(differ(
                    &before,
                    number,
                    what,
                    said,
                    format!("illegal ({}): {illegal}", illegal.code()),
                ))
            }
        }
    }
    let result = result_of(&position, &journal.actions);
    if result != journal.result {
        return Err(differ(
            &position,
            journal.actions.len() + 1,
            "result".to_string(),
            yaml(&journal.result),
            yaml(&result),
        ));
    }
    Ok(position)
}

/// The engine action of a journal entry.
fn parse_action(text: &str, elapsed: Option<u32>) -> Result<Action, UnreadableAction> {
    if text.trim().eq_ignore_ascii_case("timeout") {
        return Ok(Action::Timeout);
    }
    let mv: Move = text
        .parse()
        .map_err(|error| UnreadableAction(format!("{error}")))?;
    Ok(Action::Move { mv, elapsed })
}

/// A journal action that is no move of MONARCHIE's notation (the
/// notation's words).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unreadable action: {0}")]
struct UnreadableAction(String);

fn yaml<T: serde::Serialize>(value: &T) -> String {
    serde_yaml::to_string(value).unwrap_or_else(|error| format!("<{error}>"))
}
