//! The scenario that reproduces a divergence, in the one scenario format.

use crate::fuzz::game::play_step;
use crate::variant;

use super::cause_clause::CauseClauses;
use super::{Asked, Divergence, DivergentGame};

/// A ready scenario for a divergence, in the one scenario format: the
/// start, the actions before it pinned as the reference plays them, and
/// the step that diverged with the reference's expectation. It is filed
/// under the clause of the difference's cause, found in `clauses`.
pub fn divergence_scenario(game: &DivergentGame, id: &str, clauses: &CauseClauses) -> String {
    let cause = clauses.of(game);
    let mut text = format!(
        "# Written by `regelwerk fuzz --variant {variant} --engine`: {origin}.\n# {what}\n# Filed under {clause}: {why}.\nvariant: {variant}\nid: {id}\nclauses: [{clause}]\n",
        variant = game.variant,
        origin = origin(game),
        what = game
            .divergence
            .describe(game.variant)
            .replace('\n', "\n# "),
        clause = cause.clause,
        why = cause.why,
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
