//! Known rule differences between the reference and an engine, by finding
//! ID: a differential game that ends in one of them is counted under the
//! finding instead of failing the run (`fuzz --uci --known-differences`,
//! `docs/uci.md`). Each entry recognises its difference from the
//! reference's view of the diverging position, so a new kind of difference
//! is never taken for a known one.

use crate::variant::{self, Game, Status, VariantId};

use super::difffuzz::{Divergence, DivergentGame};

/// One known difference.
#[derive(Debug)]
pub struct KnownDifference {
    /// The finding that records it (`spec/<variant>/findings.yaml`).
    pub finding: &'static str,
    /// The variant.
    pub variant: VariantId,
    /// What it looks like, one line.
    pub what: &'static str,
    /// The reference's status at the diverging position that marks it,
    /// while the engine plays on.
    pub ended: fn(&Status, &dyn Game) -> bool,
}

/// The differences the project has classified.
pub const KNOWN: &[KnownDifference] = &[
    KnownDifference {
        finding: "F-RK-FSF11-ANSWER",
        variant: VariantId::Racingkings,
        what: "a king has arrived and the reference has decided the race; Fairy-Stockfish 11.1 \
               still gives the other side a move (or calls its lack of moves a stalemate)",
        ended: |status, _| matches!(status, Status::Won { reason, .. } if reason == "goal"),
    },
    KnownDifference {
        finding: "F-G-MATERIAL",
        variant: VariantId::Grand,
        what: "neither side can mate: the reference ends the game (insufficient material), \
               the engine plays on",
        ended: |status, _| matches!(status, Status::Drawn { reason } if reason == "insufficient-material"),
    },
];

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

/// The known difference a diverging game ends in, if it is one: the
/// reference has ended the game where the engine goes on.
pub fn classify(game: &DivergentGame) -> Option<&'static KnownDifference> {
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
    KNOWN
        .iter()
        .find(|known| known.variant == game.variant && (known.ended)(&status, reference.as_ref()))
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
}
