//! A scenario's steps as the engine plays them, in words: the Engine
//! column of the step table, and what a flipped scenario does at its
//! differing step under the settings before and after a ruling switch
//! (docs/explorer.md, "Ruling switches say what changed").

use crate::report::labels::Lang;
use crate::report::terms;
use crate::report::words::{describe_report, party_name};
use crate::scenario::format::Step;
use crate::scenario::load::Loaded;
use crate::variant::Game;

use super::ExploreError;

/// What the engine does at one step of a scenario, in words: a `play`
/// step's report or refusal, a `moves` step's move list, a `perft` step's
/// count, a `state` step's position. Returns the words, whether an action
/// was accepted, and for `moves` and `perft` whether the engine's answer
/// differs from the expected one.
pub fn engine_step(game: &mut dyn Game, step: &Step, lang: Lang) -> (String, bool, Option<bool>) {
    let l = lang.labels();
    match step {
        Step::Play { action, .. } => match game.play(action) {
            Ok(report) => (describe_report(game.variant(), &report, lang), true, None),
            Err(refusal) => (
                format!(
                    "{action}: {} ({})",
                    l.refused,
                    terms::reason(lang, refusal.code)
                ),
                false,
                None,
            ),
        },
        Step::Moves { from, expect } => {
            let (whose, moves) = match from {
                Some(square) => (
                    format!("{} {}", l.of_cell, square.0),
                    game.legal_moves_from(&square.0).unwrap_or_default(),
                ),
                None => (l.of_mover.to_string(), game.legal_moves()),
            };
            let mut sorted = moves.clone();
            sorted.sort();
            let mut expected = expect.clone();
            expected.sort();
            let differs = Some(expected != sorted);
            let list = if sorted.is_empty() {
                l.none.to_string()
            } else {
                sorted.join(", ")
            };
            (
                format!("{} {whose} ({}): {list}", l.legal_moves, sorted.len()),
                false,
                differs,
            )
        }
        Step::Perft { depth, nodes } => {
            let depth = *depth;
            // A deep count is left to `regelwerk perft` (the page must stay fast).
            if depth > 3 {
                return (format!("perft {depth}: regelwerk perft"), false, None);
            }
            let counted = game.perft(depth);
            (
                format!("perft {depth} = {counted}"),
                false,
                Some(*nodes != counted),
            )
        }
        Step::State(_) => {
            let next = game
                .to_move()
                .map_or_else(|| l.nobody.to_string(), |p| party_name(lang, &p));
            let checks: Vec<String> = game
                .in_check()
                .iter()
                .map(|p| party_name(lang, p))
                .collect();
            (
                format!(
                    "{}: {next}; {}: {}; {}",
                    l.to_move,
                    l.in_check,
                    if checks.is_empty() {
                        l.none.to_string()
                    } else {
                        checks.join(", ")
                    },
                    terms::status(lang, &game.status())
                ),
                false,
                None,
            )
        }
    }
}

/// What a flipped scenario does at its differing step, in words, under
/// the settings compared against (`before`) and under those now
/// (`after`): "Blau plays 53-64: legal; ..." beside "53-64: refused
/// (leaves-king-in-check)", or for a `moves` step the count and the moves
/// only that side has.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FlipWords {
    /// Under the settings compared against.
    pub before: String,
    /// Under the settings now.
    pub after: String,
}

/// The game of `loaded` under `forced` settings, standing before step
/// `step` (counted from 1): the actions of the steps before it played as
/// `check` plays them (a refused one leaves the position).
fn stand_before(
    loaded: &Loaded,
    forced: &[String],
    step: usize,
) -> Result<Box<dyn Game>, ExploreError> {
    let mut game = loaded.open_with(forced).map_err(ExploreError::Open)?;
    for earlier in loaded.scenario.steps.iter().take(step.saturating_sub(1)) {
        if let Some(action) = earlier.action() {
            let _ = game.play(action);
        }
    }
    Ok(game)
}

/// The engine at step `step` (from 1; 0 names the starting position) of
/// `loaded` under both settings, in words.
pub fn flip_words(
    loaded: &Loaded,
    before: &[String],
    after: &[String],
    step: usize,
    lang: Lang,
) -> FlipWords {
    let l = lang.labels();
    let games = (
        stand_before(loaded, before, step),
        stand_before(loaded, after, step),
    );
    let index = step.checked_sub(1);
    let (mut then, mut now) = match games {
        (Ok(then), Ok(now)) => (then, now),
        (then, now) => {
            let words = |opened: Result<Box<dyn Game>, ExploreError>| match opened {
                Ok(game) => game.position_text(),
                Err(error) => format!("{}: {error}", l.not_opened),
            };
            return FlipWords {
                before: words(then),
                after: words(now),
            };
        }
    };
    let Some(step) = index.and_then(|index| loaded.scenario.steps.get(index)) else {
        // Step 0: both positions opened; they differ in what they hold.
        return FlipWords {
            before: then.position_text(),
            after: now.position_text(),
        };
    };
    if let Step::Moves { from, .. } = step {
        let list = |game: &dyn Game| -> Vec<String> {
            let mut moves = match from {
                Some(square) => game.legal_moves_from(&square.0).unwrap_or_default(),
                None => game.legal_moves(),
            };
            moves.sort();
            moves
        };
        let (old, new) = (list(then.as_ref()), list(now.as_ref()));
        let whose = match from {
            Some(square) => format!("{} {}", l.of_cell, square.0),
            None => l.of_mover.to_string(),
        };
        let side = |mine: &[String], other: &[String]| {
            let only: Vec<&str> = mine
                .iter()
                .filter(|mv| !other.contains(mv))
                .map(String::as_str)
                .collect();
            let mut text = format!("{} {whose}: {}", l.legal_moves, mine.len());
            if !only.is_empty() {
                text.push_str(&format!("; {}: {}", l.only_here, only.join(", ")));
            }
            text
        };
        return FlipWords {
            before: side(&old, &new),
            after: side(&new, &old),
        };
    }
    FlipWords {
        before: engine_step(then.as_mut(), step, lang).0,
        after: engine_step(now.as_mut(), step, lang).0,
    }
}
