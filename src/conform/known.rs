//! Known rule differences between the reference and an engine, by finding
//! ID: a differential game that ends in one of them is counted under the
//! finding instead of failing the run (`fuzz --engine/--uci
//! --known-differences`, `docs/uci.md`, `docs/implementations.md`). Each
//! entry recognises its difference from the reference's view of the
//! diverging position or from the two answers, so a new kind of difference
//! is never taken for a known one. The one mechanism serves both routes:
//! nothing is rewritten before the comparison.
//!
//! Any finding of `spec/<variant>/findings.yaml` may be declared
//! ([`read_declared`]); an ID that is not a finding is an error naming the
//! file and line. Only the findings a variant lists in its
//! [`crate::variant::VariantInfo::known_differences`] have a recogniser, so only
//! they can count a fuzz game; the others serve the conformance run's
//! expected failures (the `# ID` of each line, `docs/implementations.md`).

use std::collections::BTreeSet;
use std::path::Path;

use serde_json::Value;

use crate::spec::{Spec, SpecError};
pub use crate::variant::known::{KnownDifference, Sign};
use crate::variant::{self, Game, VariantId};

use super::difffuzz::{Divergence, DivergentGame};

/// The reference game at `start` after `actions`.
fn at(game: &DivergentGame, actions: &[String]) -> Option<Box<dyn Game>> {
    let mut reference = variant::open(game.variant, Some(&game.start), &game.rulings).ok()?;
    for action in actions {
        reference.play(action).ok()?;
    }
    Some(reference)
}

/// Whether both sides of an outcome name the same position (so that they
/// differ only in how the game stands).
fn same_position(expected: &str, actual: &str) -> bool {
    let position = |text: &str| {
        serde_json::from_str::<serde_json::Value>(text)
            .ok()
            .and_then(|value| value.get("position").cloned())
    };
    position(expected).is_some() && position(expected) == position(actual)
}

/// Whether a position text differs from the reference's only in its
/// fourth field (en passant), which the reference leaves `-` and the engine
/// fills with a square.
fn only_en_passant_differs(reference: &str, engine: &str) -> bool {
    let ours: Vec<&str> = reference.split_whitespace().collect();
    let theirs: Vec<&str> = engine.split_whitespace().collect();
    ours.len() == theirs.len()
        && ours.len() > 3
        && ours[3] == "-"
        && theirs[3] != "-"
        && ours
            .iter()
            .zip(&theirs)
            .enumerate()
            .all(|(at, (a, b))| at == 3 || a == b)
}

/// Whether two answers agree but for en-passant fields
/// ([`only_en_passant_differs`]), at least one of them: `Some(true)`;
/// `Some(false)` when they agree in full; `None` when anything else
/// differs.
fn en_passant_only(expected: &Value, actual: &Value) -> Option<bool> {
    match (expected, actual) {
        (Value::String(a), Value::String(b)) if a == b => Some(false),
        (Value::String(a), Value::String(b)) => only_en_passant_differs(a, b).then_some(true),
        (Value::Object(a), Value::Object(b)) if a.len() == b.len() => {
            a.iter().try_fold(false, |seen, (key, left)| {
                Some(seen | en_passant_only(left, b.get(key)?)?)
            })
        }
        (Value::Array(a), Value::Array(b)) if a.len() == b.len() => {
            a.iter().zip(b).try_fold(false, |seen, (left, right)| {
                Some(seen | en_passant_only(left, right)?)
            })
        }
        (a, b) => (a == b).then_some(false),
    }
}

/// Whether an outcome divergence is the en-passant field alone.
fn is_en_passant_field(divergence: &Divergence) -> bool {
    let Divergence::Outcome { expected, actual } = divergence else {
        return false;
    };
    match (
        serde_json::from_str::<Value>(expected),
        serde_json::from_str::<Value>(actual),
    ) {
        (Ok(expected), Ok(actual)) => en_passant_only(&expected, &actual) == Some(true),
        _ => false,
    }
}

/// The known difference a diverging game ends in, if it is one: the
/// reference has ended the game where the engine goes on, or the two
/// answers differ in a way a finding describes.
pub fn classify(game: &DivergentGame) -> Option<&'static KnownDifference> {
    let known = variant::info(game.variant).known_differences;
    if let Some(known) = known.iter().find(|known| {
        matches!(known.sign, Sign::EnPassantField) && is_en_passant_field(&game.divergence)
    }) {
        return Some(known);
    }
    let reference = match (&game.divergence, &game.diverging_action) {
        (Divergence::Outcome { expected, actual }, Some(action))
            if same_position(expected, actual) =>
        {
            let mut actions = game.actions.clone();
            actions.push(action.clone());
            at(game, &actions)?
        }
        (
            Divergence::Moves {
                missing,
                unexpected,
            },
            _,
        ) if missing.is_empty() && !unexpected.is_empty() => at(game, &game.actions)?,
        (Divergence::Perft { position, .. }, _) => {
            variant::open(game.variant, Some(position), &game.rulings).ok()?
        }
        _ => return None,
    };
    let status = reference.status();
    known.iter().find(
        |known| matches!(known.sign, Sign::Ended(ended) if ended(&status, reference.as_ref())),
    )
}

/// Whether fuzz can recognise the finding's difference (it has an entry
/// in its variant's [`crate::variant::VariantInfo::known_differences`]).
pub fn recognisable(finding: &str) -> bool {
    VariantId::ALL.iter().any(|&v| {
        variant::info(v)
            .known_differences
            .iter()
            .any(|known| known.finding == finding)
    })
}

/// Why a list of declared differences cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum DeclaredError {
    /// A line names an ID that is no finding of any variant.
    #[error("{file}:{line}: `{id}` is not a finding: expected a finding ID of spec/<variant>/findings.yaml (one of {count}, e.g. {examples}), then an optional `# comment`")]
    Unknown {
        /// The list file.
        file: String,
        /// 1-based line.
        line: usize,
        /// The ID as written.
        id: String,
        /// How many findings could be declared.
        count: usize,
        /// A few of them, the closest first.
        examples: String,
    },
    /// A line holds more than one word before its comment.
    #[error("{file}:{line}: `{text}` is not one finding ID: expected one ID per line, then an optional `# comment`")]
    Malformed {
        /// The list file.
        file: String,
        /// 1-based line.
        line: usize,
        /// The line's text before its comment.
        text: String,
    },
    /// A variant's findings could not be read.
    #[error("reading the findings to check {file} against: {source}")]
    Spec {
        /// The list file.
        file: String,
        /// Why.
        source: SpecError,
    },
}

/// Every finding ID of every variant (`<root>/spec/<variant>/findings.yaml`):
/// what a list of known differences may declare.
///
/// # Errors
/// [`SpecError`] when a variant's spec cannot be read.
pub fn declarable(root: &Path) -> Result<BTreeSet<String>, SpecError> {
    let mut ids = BTreeSet::new();
    for variant in VariantId::ALL {
        let spec = Spec::load(&root.join("spec").join(variant.name()))?;
        ids.extend(spec.findings.into_iter().map(|finding| finding.id));
    }
    Ok(ids)
}

/// Reads a list of declared known differences (one finding ID per line,
/// `#` comments), checking every ID against `declarable`.
///
/// # Errors
/// [`DeclaredError`] naming `file`, the line and the ID that is not a
/// finding.
pub fn read_declared(
    file: &str,
    text: &str,
    declarable: &BTreeSet<String>,
) -> Result<Vec<String>, DeclaredError> {
    let mut ids = Vec::new();
    for (index, line) in text.lines().enumerate() {
        let content = line.split('#').next().unwrap_or("").trim();
        if content.is_empty() {
            continue;
        }
        if content.split_whitespace().count() > 1 {
            return Err(DeclaredError::Malformed {
                file: file.to_string(),
                line: index + 1,
                text: content.to_string(),
            });
        }
        if !declarable.contains(content) {
            let prefix: String = content.chars().take(4).collect();
            let mut near: Vec<&String> = declarable
                .iter()
                .filter(|id| id.starts_with(&prefix))
                .collect();
            near.extend(declarable.iter().filter(|id| !id.starts_with(&prefix)));
            return Err(DeclaredError::Unknown {
                file: file.to_string(),
                line: index + 1,
                id: content.to_string(),
                count: declarable.len(),
                examples: near
                    .iter()
                    .take(4)
                    .map(|id| id.as_str())
                    .collect::<Vec<_>>()
                    .join(", "),
            });
        }
        ids.push(content.to_string());
    }
    Ok(ids)
}

/// Reads a list of finding IDs (one per line, `#` comments).
pub fn read_list(text: &str) -> Vec<String> {
    text.lines()
        .map(|line| line.split('#').next().unwrap_or("").trim().to_string())
        .filter(|line| !line.is_empty())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(start: &str, action: &str, divergence: Divergence) -> DivergentGame {
        DivergentGame {
            variant: VariantId::Racingkings,
            rulings: Vec::new(),
            seed: 1,
            start: start.to_string(),
            actions: Vec::new(),
            diverging_action: Some(action.to_string()),
            divergence,
            played: 1,
            game: None,
        }
    }

    #[test]
    fn an_arrival_the_engine_plays_on_from_is_the_fsf11_answer() {
        let after = "6K1/8/8/8/8/k7/8/8 b - - 1 1";
        let outcome = Divergence::Outcome {
            expected: format!(r#"{{"next":null,"position":"{after}"}}"#),
            actual: format!(r#"{{"next":"black","position":"{after}"}}"#),
        };
        let found = classify(&game("8/6K1/8/8/8/k7/8/8 w - - 0 1", "g7g8", outcome));
        assert_eq!(found.map(|known| known.finding), Some("F-RK-FSF11-ANSWER"));
    }

    #[test]
    fn other_differences_are_not_known() {
        // Another position after the move: not a difference in the race.
        let outcome = Divergence::Outcome {
            expected: r#"{"position":"6K1/8/8/8/8/k7/8/8 b - - 1 1"}"#.to_string(),
            actual: r#"{"position":"6K1/8/8/8/8/k7/8/8 b - - 0 1"}"#.to_string(),
        };
        assert!(classify(&game("8/6K1/8/8/8/k7/8/8 w - - 0 1", "g7g8", outcome)).is_none());
        // The race still open, and the engine lacks a move: not known.
        let moves = Divergence::Moves {
            missing: vec!["a3a4".to_string()],
            unexpected: Vec::new(),
        };
        assert!(classify(&game("8/6K1/8/8/8/k7/8/8 w - - 0 1", "g7g6", moves)).is_none());
    }

    #[test]
    fn lists_read_ids_and_drop_comments() {
        assert_eq!(
            read_list("# header\nF-A   # why\n\n  F-B\n"),
            vec!["F-A".to_string(), "F-B".to_string()]
        );
    }

    #[test]
    fn an_en_passant_square_only_the_engine_writes_is_f_g_ep_fen() {
        let mut grand = game(
            "10/3k6/10/10/10/3p6/10/4P5/10/3R5K w - - 0 1",
            "e3e5",
            Divergence::Outcome {
                expected:
                    r#"{"next":"black","position":"10/3k6/10/10/10/3pP5/10/10/10/3R5K b - - 0 1"}"#
                        .to_string(),
                actual:
                    r#"{"next":"black","position":"10/3k6/10/10/10/3pP5/10/10/10/3R5K b - e4 0 1"}"#
                        .to_string(),
            },
        );
        grand.variant = VariantId::Grand;
        assert_eq!(
            classify(&grand).map(|known| known.finding),
            Some("F-G-EP-FEN")
        );
        // Another field differs as well: not the finding.
        grand.divergence = Divergence::Outcome {
            expected:
                r#"{"next":"black","position":"10/3k6/10/10/10/3pP5/10/10/10/3R5K b - - 0 1"}"#
                    .to_string(),
            actual:
                r#"{"next":"white","position":"10/3k6/10/10/10/3pP5/10/10/10/3R5K b - e4 0 1"}"#
                    .to_string(),
        };
        assert!(classify(&grand).is_none());
        // The reference writes a square the engine leaves out: not it either.
        grand.divergence = Divergence::Outcome {
            expected: r#"{"position":"10/3k6/10/10/10/3pP5/10/10/10/3R5K b - e4 0 1"}"#.to_string(),
            actual: r#"{"position":"10/3k6/10/10/10/3pP5/10/10/10/3R5K b - - 0 1"}"#.to_string(),
        };
        assert!(classify(&grand).is_none());
    }

    #[test]
    fn declared_lists_accept_findings_and_name_the_line_of_anything_else() {
        let declarable: BTreeSet<String> = ["F-G-EP-FEN", "F-G-MATERIAL", "F-RK-FIFTY"]
            .iter()
            .map(|id| id.to_string())
            .collect();
        assert_eq!(
            read_declared(
                "list.txt",
                "# header\nF-G-MATERIAL  # why\n\nF-RK-FIFTY\n",
                &declarable
            )
            .unwrap(),
            vec!["F-G-MATERIAL".to_string(), "F-RK-FIFTY".to_string()]
        );
        let error = read_declared("list.txt", "F-G-MATERIAL\nF-G-TYPO # x\n", &declarable)
            .unwrap_err()
            .to_string();
        assert!(
            error.starts_with("list.txt:2: `F-G-TYPO` is not a finding"),
            "{error}"
        );
        assert!(error.contains("F-G-EP-FEN"), "{error}");
        let error = read_declared("list.txt", "F-G-MATERIAL F-RK-FIFTY\n", &declarable)
            .unwrap_err()
            .to_string();
        assert!(error.starts_with("list.txt:1: "), "{error}");
    }

    #[test]
    fn every_finding_of_the_specs_can_be_declared() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        let ids = declarable(root).unwrap();
        for known in VariantId::ALL
            .iter()
            .flat_map(|&v| variant::info(v).known_differences)
        {
            assert!(
                ids.contains(known.finding),
                "{} is not a finding",
                known.finding
            );
        }
        let all: String = ids.iter().map(|id| format!("{id}\n")).collect();
        assert_eq!(read_declared("all", &all, &ids).unwrap().len(), ids.len());
        assert!(ids.len() > 100, "only {} findings found", ids.len());
    }
}
