//! The scenario that reproduces a divergence, in the one scenario format.

use crate::fuzz::game::play_step;
use crate::variant;

use super::{Asked, Divergence, DivergentGame};

/// A ready scenario for a divergence, in the one scenario format: the
/// start, the actions before it pinned as the reference plays them, and
/// the step that diverged with the reference's expectation.
pub fn divergence_scenario(game: &DivergentGame, id: &str) -> String {
    let info = variant::info(game.variant);
    let mut text = format!(
        "# Written by `regelwerk fuzz --variant {variant} --engine`: {origin}.\n# {what}\nvariant: {variant}\nid: {id}\nclauses: [{prefix}1]\n",
        variant = game.variant,
        origin = origin(game),
        what = game
            .divergence
            .describe(game.variant)
            .replace('\n', "\n# "),
        prefix = info.clause_prefix,
    );
    if !game.rulings.is_empty() {
        text.push_str(&format!("ruleset: [{}]\n", game.rulings.join(", ")));
    }
    text.push_str(&format!(
        "description: \"differential fuzzing, {}: the engine diverges {}\"\nposition:\n  notation: \"{}\"\nsteps:\n",
        origin(game),
        super::where_diverged(game.actions.len()),
        game.start
    ));
    let Ok(mut reference) = variant::open(game.variant, Some(&game.start), &game.rulings) else {
        return text;
    };
    for action in &game.actions {
        text.push_str(&play_step(reference.as_mut(), action, false));
    }
    match (&game.divergence, &game.diverging_action) {
        (divergence, Some(action)) if divergence.at_action() => {
            // The outcome that differs, or the `apply` request the engine
            // did not answer: asked again on replay.
            text.push_str(&play_step(reference.as_mut(), action, true));
        }
        (
            Divergence::Unanswered {
                request: Asked::Perft(depth),
                ..
            },
            _,
        ) => {
            // The perft request the engine did not answer, asked again.
            text.push_str(&format!(
                "  - perft: {depth}\n    expect_nodes: {}\n",
                reference.perft(*depth)
            ));
        }
        (Divergence::Perft { depth, path, .. }, _) => {
            text.push_str(&format!(
                "  - perft: {depth}\n    expect_nodes: {}\n",
                reference.perft(*depth)
            ));
            // The moves step that shows the difference: down the divide
            // path to the first position whose move sets differ.
            for action in path {
                text.push_str(&play_step(reference.as_mut(), action, false));
            }
            text.push_str(&format!(
                "  - moves: {{}}\n    expect_moves: [{}]\n",
                reference.legal_moves().join(", ")
            ));
        }
        _ => {
            text.push_str(&format!(
                "  - moves: {{}}\n    expect_moves: [{}]\n",
                reference.legal_moves().join(", ")
            ));
        }
    }
    text
}

/// Where a divergence came from: the random game (its index, when known,
/// and its seed) and the ply at which it diverged.
fn origin(game: &DivergentGame) -> String {
    let index = game
        .game
        .map(|index| format!("game {index}, "))
        .unwrap_or_default();
    format!(
        "{index}seed {}, diverged at ply {} of the random game",
        game.seed, game.played
    )
}
