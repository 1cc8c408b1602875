//! A scenario's steps as the engine answered them, in words: the Engine
//! column of the step table, and what a flipped scenario does at its
//! differing step under the settings before and after a ruling switch
//! (docs/explorer.md, "Ruling switches say what changed"). The answers
//! are recorded by the one step interpreter
//! ([`crate::scenario::record`]), which also says which steps differ;
//! this file compares nothing and plays nothing, it only words them.

use crate::report::labels::Lang;
use crate::report::terms;
use crate::report::words::{describe_report, describe_state};
use crate::scenario::load::Loaded;
use crate::scenario::record::{record, Answered, Recording};
use crate::variant::VariantId;

/// What the engine answered at one step, in words: a `play` step's
/// report or refusal, a `moves` step's move list, a `perft` step's count,
/// a `state` step's position.
pub fn answer_words(variant: VariantId, answered: &Answered, lang: Lang) -> String {
    let l = lang.labels();
    match answered {
        Answered::Played { action, result } => match result {
            Ok(report) => describe_report(variant, report, lang),
            Err(code) => format!("{action}: {} ({})", l.refused, terms::reason(lang, code)),
        },
        Answered::Moves { from, moves } => {
            let list = if moves.is_empty() {
                l.none.to_string()
            } else {
                moves.join(", ")
            };
            format!(
                "{} {} ({}): {list}",
                l.legal_moves,
                whose(from.as_deref(), lang),
                moves.len()
            )
        }
        Answered::Perft { depth, answer } => match answer.get("nodes") {
            Some(nodes) => format!("perft {depth} = {nodes}"),
            None => format!(
                "perft {depth}: {}",
                answer
                    .get("refused")
                    .and_then(serde_json::Value::as_str)
                    .unwrap_or_default()
            ),
        },
        // The fields the step expects, worded as the expectation is.
        Answered::State(stood) => describe_state(variant, stood, lang),
    }
}

/// Whose moves a `moves` step asks for, in words.
fn whose(from: Option<&str>, lang: Lang) -> String {
    let l = lang.labels();
    match from {
        Some(square) => format!("{} {square}", l.of_cell),
        None => l.of_mover.to_string(),
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

/// The engine at step `step` (from 1; 0 names the starting position) of
/// `loaded` under both settings, in words, from the two recordings.
pub fn flip_words(
    loaded: &Loaded,
    before: &[String],
    after: &[String],
    step: usize,
    lang: Lang,
) -> FlipWords {
    let (then, now) = (record(loaded, before), record(loaded, after));
    flip_words_of(loaded, &then, &now, step, lang)
}

/// [`flip_words`] of two recordings of `loaded`.
pub fn flip_words_of(
    loaded: &Loaded,
    then: &Recording,
    now: &Recording,
    step: usize,
    lang: Lang,
) -> FlipWords {
    let l = lang.labels();
    let variant = loaded.scenario.variant;
    let (Some(old), Some(new)) = (then.step(step), now.step(step)) else {
        // The starting position (or a position that did not open): what
        // each side made of it.
        let words = |recording: &Recording| match &recording.first {
            Some(mismatch) if mismatch.step == 0 => {
                format!("{}: {}", l.not_opened, mismatch.actual.trim())
            }
            _ => loaded.start.clone(),
        };
        return FlipWords {
            before: words(then),
            after: words(now),
        };
    };
    if let (Answered::Moves { from, moves: mine }, Answered::Moves { moves: theirs, .. }) =
        (&old.answered, &new.answered)
    {
        let whose = whose(from.as_deref(), lang);
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
            before: side(mine, theirs),
            after: side(theirs, mine),
        };
    }
    FlipWords {
        before: answer_words(variant, &old.answered, lang),
        after: answer_words(variant, &new.answered, lang),
    }
}
