//! `regelwerk fuzz --variant grand|racingkings --engine CMD`: random games
//! on the reference engine; after every action the other engine is asked
//! for the legal moves of the position reached and for the outcome of the
//! action, and every few actions for perft 2. The first difference is
//! written as a variant scenario that `conform` replays.

use std::collections::BTreeSet;

use crate::fuzz::rng::Rng;
use crate::variant::{self, Game, VariantId};

use super::conform::Responder;
use super::difffuzz::{ask, Divergence};
use super::messages::{PlayedResult, Request, Response};
use super::serve::played_result;

/// A diverging game: the actions from the start (the last one is where it
/// diverged, for an outcome) and what differed.
#[derive(Clone, Debug)]
pub struct DivergentVariantGame {
    /// The variant.
    pub variant: VariantId,
    /// The seed.
    pub seed: u64,
    /// Actions played from the start.
    pub actions: Vec<String>,
    /// What differs, after `actions`.
    pub divergence: Divergence,
}

fn check_moves(engine: &mut impl Responder, game: &dyn Game) -> Result<(), Divergence> {
    let request = Request::Moves {
        seq: 1,
        variant: game.variant(),
        position: game.position_text(),
        rulings: Vec::new(),
        cell: None,
        square: None,
    };
    let Response::Moves { moves, .. } = ask(engine, &request)? else {
        return Err(Divergence::NoAnswer("expected a moves answer".to_string()));
    };
    let reference: BTreeSet<String> = game.legal_moves().into_iter().collect();
    let got: BTreeSet<String> = moves.into_iter().collect();
    if reference == got {
        return Ok(());
    }
    Err(Divergence::Moves {
        missing: reference.difference(&got).cloned().collect(),
        unexpected: got.difference(&reference).cloned().collect(),
    })
}

fn check_perft(engine: &mut impl Responder, game: &dyn Game) -> Result<(), Divergence> {
    let request = Request::Perft {
        seq: 1,
        variant: game.variant(),
        position: game.position_text(),
        rulings: Vec::new(),
        depth: 2,
    };
    let Response::Perft { nodes, .. } = ask(engine, &request)? else {
        return Err(Divergence::NoAnswer("expected a perft answer".to_string()));
    };
    let expected = game.perft(2);
    if nodes == expected {
        Ok(())
    } else {
        Err(Divergence::Perft {
            depth: 2,
            expected,
            actual: nodes,
            position: game.position_text(),
        })
    }
}

fn check_outcome(
    engine: &mut impl Responder,
    start: &str,
    actions: &[String],
    reference: &PlayedResult,
    variant: VariantId,
) -> Result<(), Divergence> {
    let request = Request::Apply {
        seq: 1,
        variant,
        position: start.to_string(),
        rulings: Vec::new(),
        actions: actions.to_vec(),
    };
    let Response::Played { results, .. } = ask(engine, &request)? else {
        return Err(Divergence::NoAnswer("expected a played answer".to_string()));
    };
    let json = |result: &PlayedResult| serde_json::to_string(result).unwrap_or_default();
    match results.last() {
        Some(last) if results.len() == actions.len() && last == reference => Ok(()),
        Some(last) => Err(Divergence::Outcome {
            expected: json(reference),
            actual: json(last),
        }),
        None => Err(Divergence::NoAnswer("no result".to_string())),
    }
}

/// Plays one seeded random game of `variant` on the reference and compares
/// the engine after every action. Returns the number of actions played.
///
/// # Errors
/// The first divergence, as a [`DivergentVariantGame`].
pub fn fuzz_variant_game(
    engine: &mut impl Responder,
    variant: VariantId,
    seed: u64,
    max_plies: usize,
    perft_every: usize,
) -> Result<usize, Box<DivergentVariantGame>> {
    let mut rng = Rng::new(seed);
    let mut actions: Vec<String> = Vec::new();
    let diverged = |actions: &[String], divergence| {
        Box::new(DivergentVariantGame {
            variant,
            seed,
            actions: actions.to_vec(),
            divergence,
        })
    };
    let mut game = variant::open(variant, None, &[])
        .map_err(|message| diverged(&actions, Divergence::NoAnswer(message)))?;
    let start = game.position_text();
    for ply in 0..max_plies {
        check_moves(engine, game.as_ref()).map_err(|d| diverged(&actions, d))?;
        if perft_every > 0 && ply % perft_every == 0 {
            check_perft(engine, game.as_ref()).map_err(|d| diverged(&actions, d))?;
        }
        let legal = game.legal_moves();
        if legal.is_empty() {
            break;
        }
        let action = if rng.chance(3) {
            "claim".to_string()
        } else {
            legal[rng.below(legal.len() as u64) as usize].clone()
        };
        actions.push(action.clone());
        let reference = played_result(game.as_mut(), &action);
        check_outcome(engine, &start, &actions, &reference, variant)
            .map_err(|d| diverged(&actions, d))?;
    }
    Ok(actions.len())
}

/// A variant scenario that replays a divergence: every action pinned as
/// the reference plays it, then the query that differed.
pub fn variant_divergence_scenario(game: &DivergentVariantGame, id: &str) -> String {
    let clause = match game.variant {
        VariantId::Racingkings => "rk.1",
        _ => "g.1",
    };
    let mut text = format!(
        "# Written by `regelwerk fuzz --variant {variant} --engine` (seed {seed}):\n# {what}\nvariant: {variant}\nid: {id}\nclauses: [{clause}]\ndescription: \"differential fuzzing divergence\"\nposition: {{start: true}}\nsteps:\n",
        variant = game.variant,
        seed = game.seed,
        what = game.divergence.to_string().replace('\n', "\n# "),
    );
    let Ok(mut reference) = variant::open(game.variant, None, &[]) else {
        return text;
    };
    for action in &game.actions {
        let result = played_result(reference.as_mut(), action);
        if result.result == "legal" {
            let next = result.next.unwrap_or_else(|| "null".to_string());
            text.push_str(&format!(
                "  - play: {action}\n    expect: {{result: legal, next: {next}, fen: \"{}\"}}\n",
                result.position
            ));
        } else {
            text.push_str(&format!(
                "  - play: {action}\n    expect: {{result: {}}}\n",
                result.result
            ));
        }
    }
    match &game.divergence {
        Divergence::Perft { .. } => text.push_str(&format!(
            "  - perft: 2\n    expect_nodes: {}\n",
            reference.perft(2)
        )),
        Divergence::Moves { .. } | Divergence::NoAnswer(_) => {
            let moves = reference.legal_moves();
            text.push_str("  - moves: {}\n    expect_moves: [");
            text.push_str(&moves.join(", "));
            text.push_str("]\n");
        }
        Divergence::Outcome { .. } => {}
    }
    text
}
