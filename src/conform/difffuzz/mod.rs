//! `regelwerk fuzz --engine`, one driver for every variant: random games on
//! the reference engine (through [`Game`]), with the external engine asked
//! after every action for its legal moves and its outcome. The first
//! divergence is shrunk to the latest starting point that still diverges
//! and written as a scenario; perft counts of sampled positions are
//! compared and a mismatch is bisected with divide. A request the engine
//! answers `errored` is named and written as the scenario's last step, so
//! that the scenario fails on replay as the game did; a perft request that
//! times out is noted ([`Notes`]), not taken for a difference.

use std::collections::BTreeSet;

use crate::rng::Rng;
use crate::variant::{self, Game, VariantId};

pub mod cause_clause;
pub mod diagnose;
mod divergence;
pub mod fault;
mod scenario;

pub use divergence::{Asked, Divergence, DivergentGame};
pub use scenario::divergence_scenario;

use crate::protocol::client::ClientError;
use crate::protocol::messages::{ActionResult, Request, Response};
use crate::protocol::responder::{Answers, Responder};
use crate::protocol::serve::action_result;
use crate::scenario::run::report_fields;

/// One request; no answer, `skipped` and `errored` become a divergence
/// that names the request.
pub(crate) fn ask(engine: &mut impl Responder, request: &Request) -> Result<Response, Divergence> {
    let asked = || Asked::of(request);
    match engine.respond(request) {
        Ok(Response::Skipped { reason, .. }) => Err(Divergence::Unanswered {
            request: asked(),
            answer: format!("`skipped`: {reason}"),
        }),
        Ok(Response::Errored { context, .. }) => Err(Divergence::Unanswered {
            request: asked(),
            answer: format!("`errored`: {context}"),
        }),
        Ok(response) => Ok(response),
        Err(error @ ClientError::Timeout(_)) => Err(Divergence::TimedOut {
            request: asked(),
            error: error.to_string(),
        }),
        Err(
            error @ (ClientError::Closed
            | ClientError::Invalid(_)
            | ClientError::Spawn(_)
            | ClientError::Handshake(_)),
        ) => Err(Divergence::EngineFault(format!("{}: {error}", asked()))),
    }
}

/// The reference game at `start` after `actions`.
fn reference_at(
    variant: VariantId,
    start: &str,
    actions: &[String],
    rulings: &[String],
) -> Result<Box<dyn Game>, Divergence> {
    let mut game = variant::open(variant, Some(start), rulings)
        .map_err(|message| Divergence::NoAnswer(format!("the reference cannot open: {message}")))?;
    for action in actions {
        let _ = game.play(action);
    }
    Ok(game)
}

/// Compares the move sets of the reference game's position.
fn compare_moves(
    engine: &mut impl Responder,
    game: &dyn Game,
    rulings: &[String],
) -> Result<(), Divergence> {
    let response = ask(
        engine,
        &Request::Moves {
            seq: 1,
            variant: game.variant(),
            position: game.position_text(),
            rulings: rulings.to_vec(),
            from: None,
        },
    )?;
    let Response::Moves { moves, .. } = response else {
        return Err(Divergence::NoAnswer(format!(
            "asked for moves, got {}",
            crate::protocol::words::response_text(&response)
        )));
    };
    let theirs: BTreeSet<String> = moves
        .iter()
        .map(|text| game.canonical_action(text))
        .collect::<Result<_, _>>()
        .map_err(|error| Divergence::NoAnswer(format!("unreadable move: {error}")))?;
    let ours: BTreeSet<String> = game.legal_moves().into_iter().collect();
    if theirs != ours {
        return Err(Divergence::Moves {
            missing: ours.difference(&theirs).cloned().collect(),
            unexpected: theirs.difference(&ours).cloned().collect(),
        });
    }
    Ok(())
}

/// Every shared report field of an action's outcome (the expectation
/// fields but the clocks and the position, which are compared apart), as
/// the key set [`report_fields`] fills.
fn info_fields() -> std::collections::BTreeMap<&'static str, serde_json::Value> {
    crate::scenario::validate::EXPECT_FIELDS
        .into_iter()
        .filter(|key| !["clocks", "position"].contains(key))
        .map(|key| (key, serde_json::Value::Null))
        .collect()
}

/// A result with its order-free lists sorted, so that two engines that
/// list checks in another order agree.
fn normal(result: &ActionResult) -> ActionResult {
    let mut result = result.clone();
    if let Some(report) = &mut result.report {
        report.checks.sort();
    }
    result
}

/// Plays `action` on the reference and asks the engine for its outcome.
/// The engine gets the position before the action and the action alone,
/// or, for an action that is not a move (a draw claim needs the history),
/// the start and every action so far.
fn compare_action(
    engine: &mut impl Responder,
    game: &mut dyn Game,
    start: &str,
    history: &[String],
    action: &str,
    rulings: &[String],
) -> Result<(), Divergence> {
    let special = game.special_actions().iter().any(|s| s == action);
    let (position, actions) = if special {
        let mut all = history.to_vec();
        all.push(action.to_string());
        (start.to_string(), all)
    } else {
        (game.position_text(), vec![action.to_string()])
    };
    let variant = game.variant();
    let ours = action_result(game, action);
    let response = ask(
        engine,
        &Request::Apply {
            seq: 2,
            variant,
            position,
            rulings: rulings.to_vec(),
            actions: actions.clone(),
        },
    )?;
    let Response::Applied { results, .. } = response else {
        return Err(Divergence::NoAnswer(format!(
            "asked to apply, got {}",
            crate::protocol::words::response_text(&response)
        )));
    };
    let json = |result: &ActionResult| serde_json::to_string(result).unwrap_or_default();
    let answers = engine.answers();
    if answers != Answers::ALL {
        // A route that answers less: only what it answers is compared.
        let Some(theirs) = results.last().filter(|_| results.len() == actions.len()) else {
            return Err(Divergence::NoAnswer(format!(
                "expected {} results, got {}",
                actions.len(),
                results.len()
            )));
        };
        let comparable = |result: &ActionResult| {
            let info = variant::info(variant);
            let wanted = info_fields();
            let mut map = report_fields(&wanted, &result.as_result(), info);
            map.insert("position", serde_json::json!(result.position));
            answers.restrict(&mut map);
            serde_json::to_string(&map).unwrap_or_default()
        };
        let (expected, actual) = (comparable(&ours), comparable(theirs));
        return if expected == actual {
            Ok(())
        } else {
            Err(Divergence::Outcome { expected, actual })
        };
    }
    let judged = results.last().map(|theirs| {
        let mut theirs = theirs.clone();
        if theirs.result == crate::protocol::messages::ILLEGAL && ours.result != "legal" {
            // Refused, reason not given: the legality agrees.
            theirs.result = ours.result.clone();
        }
        theirs
    });
    match judged.as_ref() {
        Some(theirs) if results.len() == actions.len() && normal(theirs) == normal(&ours) => Ok(()),
        Some(theirs) if results.len() == actions.len() => Err(Divergence::Outcome {
            expected: json(&ours),
            actual: json(theirs),
        }),
        _ => Err(Divergence::NoAnswer(format!(
            "expected {} results, got {}",
            actions.len(),
            results.len()
        ))),
    }
}

fn engine_perft(
    engine: &mut impl Responder,
    game: &dyn Game,
    depth: u32,
    rulings: &[String],
) -> Result<u64, Divergence> {
    let response = ask(
        engine,
        &Request::Perft {
            seq: 3,
            variant: game.variant(),
            position: game.position_text(),
            rulings: rulings.to_vec(),
            depth,
        },
    )?;
    match response {
        Response::Perft { nodes, .. } => Ok(nodes),
        other => Err(Divergence::NoAnswer(format!(
            "asked for perft, got {}",
            crate::protocol::words::response_text(&other)
        ))),
    }
}

/// Compares perft at `depth`; on a mismatch, follows the first move whose
/// divide counts differ down to the first position whose move sets differ.
fn compare_perft(
    engine: &mut impl Responder,
    game: &dyn Game,
    depth: u32,
    rulings: &[String],
) -> Result<(), Divergence> {
    let expected = game.perft(depth);
    let actual = engine_perft(engine, game, depth, rulings)?;
    if expected == actual {
        return Ok(());
    }
    let mut current = game.boxed_clone();
    let mut level = depth;
    let mut path = Vec::new();
    let (mut missing, mut unexpected) = (Vec::new(), Vec::new());
    loop {
        if let Err(Divergence::Moves {
            missing: ours,
            unexpected: theirs,
        }) = compare_moves(engine, current.as_ref(), rulings)
        {
            (missing, unexpected) = (ours, theirs);
            break;
        }
        if level <= 1 {
            break;
        }
        let mut next = None;
        for (mv, ours) in current.divide(level) {
            let mut child = current.boxed_clone();
            if child.play(&mv).is_err() {
                continue;
            }
            match engine_perft(engine, child.as_ref(), level - 1, rulings) {
                Ok(theirs) if theirs != ours => {
                    next = Some((mv, child));
                    break;
                }
                Ok(_) => {}
                // No answer while bisecting: the difference stands where
                // the bisection got to.
                Err(_) => break,
            }
        }
        match next {
            Some((mv, child)) => {
                path.push(mv);
                current = child;
                level -= 1;
            }
            None => break,
        }
    }
    Err(Divergence::Perft {
        depth,
        expected,
        actual,
        position: current.position_text(),
        path,
        missing,
        unexpected,
    })
}

/// Plays fixed actions from `start` against both; the index of the first
/// divergence and the divergence, if any.
pub fn replay(
    engine: &mut impl Responder,
    variant: VariantId,
    start: &str,
    actions: &[String],
    rulings: &[String],
) -> Option<(usize, Divergence)> {
    let mut game = match reference_at(variant, start, &[], rulings) {
        Ok(game) => game,
        Err(divergence) => return Some((0, divergence)),
    };
    for (index, action) in actions.iter().enumerate() {
        if let Err(divergence) = compare_moves(engine, game.as_ref(), rulings) {
            return Some((index, divergence));
        }
        if let Err(divergence) = compare_action(
            engine,
            game.as_mut(),
            start,
            &actions[..index],
            action,
            rulings,
        ) {
            return Some((index, divergence));
        }
    }
    compare_moves(engine, game.as_ref(), rulings)
        .err()
        .map(|divergence| (actions.len(), divergence))
}

/// What a run met that is not a difference: perft requests that timed
/// out (an engine slow at perft, not a wrong one).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Notes {
    /// Perft requests that got no answer within `--timeout`.
    pub perft_timeouts: u64,
    /// The first of them: the request, the position and the error.
    pub first_perft_timeout: Option<String>,
}

impl Notes {
    /// The advice for perft timeouts, when there were any.
    pub fn perft_advice(&self) -> Option<String> {
        let first = self.first_perft_timeout.as_ref()?;
        Some(format!(
            "{} perft request{} timed out and {} not compared (first: {first}); \
             the engine is slow at perft, not wrong: use --perft-every 0 to skip perft, \
             or a longer --timeout",
            self.perft_timeouts,
            if self.perft_timeouts == 1 { "" } else { "s" },
            if self.perft_timeouts == 1 {
                "was"
            } else {
                "were"
            },
        ))
    }
}

/// Plays one random game of `variant`; the first divergence, shrunk.
///
/// # Errors
/// The [`DivergentGame`].
pub fn fuzz_game(
    engine: &mut impl Responder,
    variant: VariantId,
    seed: u64,
    max_plies: usize,
    perft_every: usize,
    rulings: &[String],
) -> Result<usize, Box<DivergentGame>> {
    let mut notes = Notes::default();
    fuzz_game_noting(
        engine,
        variant,
        seed,
        max_plies,
        perft_every,
        rulings,
        &mut notes,
    )
}

/// A game that diverged before any shrinking: its start, the actions
/// played and what differed.
fn unshrunk(
    variant: VariantId,
    rulings: &[String],
    seed: u64,
    start: &str,
    actions: &[String],
    divergence: Divergence,
) -> Box<DivergentGame> {
    Box::new(DivergentGame {
        variant,
        rulings: rulings.to_vec(),
        seed,
        start: start.to_string(),
        actions: actions.to_vec(),
        diverging_action: None,
        divergence,
        played: actions.len(),
        game: None,
    })
}

/// [`fuzz_game`], adding to `notes` what is not a difference: a perft
/// request that timed out is noted there and the game goes on.
///
/// # Errors
/// The [`DivergentGame`].
pub fn fuzz_game_noting(
    engine: &mut impl Responder,
    variant: VariantId,
    seed: u64,
    max_plies: usize,
    perft_every: usize,
    rulings: &[String],
    notes: &mut Notes,
) -> Result<usize, Box<DivergentGame>> {
    let diverged = |start: &str, actions: &[String], divergence| {
        unshrunk(variant, rulings, seed, start, actions, divergence)
    };
    let start = match crate::fuzz::game::random_start(variant, seed, rulings) {
        Ok(Some(notation)) => notation,
        Ok(None) => variant::open(variant, None, rulings)
            .map(|game| game.position_text())
            .map_err(|error| diverged("", &[], Divergence::NoAnswer(error.to_string())))?,
        Err(error) => return Err(diverged("", &[], Divergence::NoAnswer(error.to_string()))),
    };
    play_from(
        engine,
        variant,
        seed,
        &start,
        max_plies,
        perft_every,
        rulings,
        notes,
    )
}

/// [`fuzz_game`] from a given start position (`fuzz --fault` plays from
/// the positions of the suite too): random actions from `start`, seeded
/// by `seed`, compared after each; the first divergence, shrunk.
///
/// # Errors
/// The [`DivergentGame`].
pub fn fuzz_game_from(
    engine: &mut impl Responder,
    variant: VariantId,
    seed: u64,
    start: &str,
    max_plies: usize,
    rulings: &[String],
) -> Result<usize, Box<DivergentGame>> {
    let mut notes = Notes::default();
    play_from(
        engine, variant, seed, start, max_plies, 0, rulings, &mut notes,
    )
}

#[allow(clippy::too_many_arguments)]
fn play_from(
    engine: &mut impl Responder,
    variant: VariantId,
    seed: u64,
    start: &str,
    max_plies: usize,
    perft_every: usize,
    rulings: &[String],
    notes: &mut Notes,
) -> Result<usize, Box<DivergentGame>> {
    let mut rng = Rng::new(seed);
    let diverged = |start: &str, actions: &[String], divergence| {
        unshrunk(variant, rulings, seed, start, actions, divergence)
    };
    let start = start.to_string();
    let mut game =
        reference_at(variant, &start, &[], rulings).map_err(|d| diverged(&start, &[], d))?;
    let mut actions: Vec<String> = Vec::new();
    for ply in 0..max_plies {
        compare_moves(engine, game.as_ref(), rulings)
            .map_err(|d| shrink(engine, variant, seed, &start, &actions, d, rulings))?;
        if perft_every > 0 && ply % perft_every == 0 {
            match compare_perft(engine, game.as_ref(), 2, rulings) {
                Ok(()) => {}
                Err(Divergence::TimedOut {
                    request: request @ Asked::Perft(_),
                    error,
                }) => {
                    // Slow, not wrong: noted, and the game goes on.
                    notes.perft_timeouts += 1;
                    notes.first_perft_timeout.get_or_insert_with(|| {
                        format!("{request} at {} got {error}", game.position_text())
                    });
                }
                Err(divergence) => {
                    // Moves and outcomes agreed all along: the perft position
                    // itself is the smallest reproduction.
                    let mut found = diverged(&game.position_text(), &[], divergence);
                    found.played = actions.len();
                    return Err(found);
                }
            }
        }
        // An engine that cannot be asked about special actions (UCI: no
        // draw claims) gets legal moves only.
        let choice = rng.next_u64();
        let action = if engine.answers().special_actions {
            game.random_action(choice)
        } else {
            let legal = game.legal_moves();
            (!legal.is_empty()).then(|| legal[(choice % legal.len() as u64) as usize].clone())
        };
        let Some(action) = action else {
            return Ok(ply);
        };
        if let Err(divergence) =
            compare_action(engine, game.as_mut(), &start, &actions, &action, rulings)
        {
            actions.push(action);
            return Err(shrink(
                engine, variant, seed, &start, &actions, divergence, rulings,
            ));
        }
        actions.push(action);
        if game.status().is_over() {
            return Ok(actions.len());
        }
    }
    Ok(max_plies)
}

/// The latest starting point that still diverges: from the position just
/// before the divergence backwards, the first suffix of the game that
/// reproduces a divergence on its own.
fn shrink(
    engine: &mut impl Responder,
    variant: VariantId,
    seed: u64,
    start: &str,
    actions: &[String],
    divergence: Divergence,
    rulings: &[String],
) -> Box<DivergentGame> {
    if divergence.is_fault() {
        // No rules question to shrink: the engine stopped answering.
        return unshrunk(variant, rulings, seed, start, actions, divergence);
    }
    let outcome = divergence.at_action();
    let last = if outcome {
        actions.len().saturating_sub(1)
    } else {
        actions.len()
    };
    for from in (0..=last).rev() {
        let Ok(reference) = reference_at(variant, start, &actions[..from], rulings) else {
            break;
        };
        let position = reference.position_text();
        let rest = &actions[from..];
        if let Some((at, found)) = replay(engine, variant, &position, rest, rulings) {
            let found_outcome = found.at_action();
            return Box::new(DivergentGame {
                variant,
                rulings: rulings.to_vec(),
                seed,
                start: position,
                actions: rest[..at].to_vec(),
                diverging_action: found_outcome.then(|| rest[at].clone()),
                divergence: found,
                played: actions.len(),
                game: None,
            });
        }
    }
    Box::new(DivergentGame {
        variant,
        rulings: rulings.to_vec(),
        seed,
        start: start.to_string(),
        actions: actions[..last].to_vec(),
        diverging_action: outcome.then(|| actions[last].clone()),
        divergence,
        played: actions.len(),
        game: None,
    })
}

/// Where in a game the engine diverged, in words: `at its first action`
/// when no action came before (a shrunk game of 0 actions), else `after N
/// actions`.
pub fn where_diverged(actions: usize) -> String {
    match actions {
        0 => "at its first action".to_string(),
        1 => "after 1 action".to_string(),
        n => format!("after {n} actions"),
    }
}
