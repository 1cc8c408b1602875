//! `regelwerk fuzz --engine`, one driver for every variant: random games on
//! the reference engine (through [`Game`]), with the external engine asked
//! after every action for its legal moves and its outcome. The first
//! divergence is shrunk to the latest starting point that still diverges
//! and written as a scenario; perft counts of sampled positions are
//! compared and a mismatch is bisected with divide.

use std::collections::BTreeSet;

use crate::fuzz::game::play_step;
use crate::rng::Rng;
use crate::variant::{self, Game, VariantId};

use super::client::ClientError;
use super::conform::{Answers, Responder};
use super::messages::{ActionResult, Request, Response};
use super::serve::action_result;
use crate::scenario::run::report_fields;

/// Where reference and engine first disagree.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Divergence {
    /// The legal-move sets differ before an action.
    Moves {
        /// Moves only the reference lists.
        missing: Vec<String>,
        /// Moves only the engine lists.
        unexpected: Vec<String>,
    },
    /// The outcome of an action differs.
    Outcome {
        /// The reference's result (JSON).
        expected: String,
        /// The engine's result (JSON).
        actual: String,
    },
    /// A perft count differs; `position` is the first position (found by
    /// bisecting with divide) whose move sets differ.
    Perft {
        /// The depth compared.
        depth: u32,
        /// Reference count.
        expected: u64,
        /// Engine count.
        actual: u64,
        /// The bisected position.
        position: String,
        /// The moves from the measured position to the bisected one.
        path: Vec<String>,
        /// Moves only the reference lists at the bisected position.
        missing: Vec<String>,
        /// Moves only the engine lists there.
        unexpected: Vec<String>,
    },
    /// The engine answered `skipped` or `errored`, or the reference could
    /// not open the game.
    NoAnswer(String),
    /// The engine did not answer in time, closed its output or wrote
    /// something that is not a message: an engine fault, not a rules
    /// difference (exit 3, no scenario).
    EngineFault(String),
}

impl Divergence {
    /// What kind of difference it is, for per-kind counts: `moves`,
    /// `perft`, `no-answer`, `engine-fault`, or `outcome` with the report
    /// fields that differ (`outcome: next, status`).
    pub fn kind(&self) -> String {
        match self {
            Divergence::Moves { .. } => "moves".to_string(),
            Divergence::Perft { .. } => "perft".to_string(),
            Divergence::NoAnswer(_) => "no-answer".to_string(),
            Divergence::EngineFault(_) => "engine-fault".to_string(),
            Divergence::Outcome { expected, actual } => {
                let read = |text: &str| {
                    serde_json::from_str::<serde_json::Value>(text).unwrap_or_default()
                };
                let (ours, theirs) = (read(expected), read(actual));
                let mut fields = BTreeSet::new();
                for (prefix, ours, theirs) in [
                    ("", &ours, &theirs),
                    ("", &ours["report"], &theirs["report"]),
                ] {
                    let keys = |value: &serde_json::Value| {
                        value
                            .as_object()
                            .map(|map| map.keys().cloned().collect::<Vec<_>>())
                            .unwrap_or_default()
                    };
                    for key in keys(ours).into_iter().chain(keys(theirs)) {
                        if key != "report" && ours[key.as_str()] != theirs[key.as_str()] {
                            fields.insert(format!("{prefix}{key}"));
                        }
                    }
                }
                let fields: Vec<String> = fields.into_iter().collect();
                format!("outcome: {}", fields.join(", "))
            }
        }
    }
}

impl std::fmt::Display for Divergence {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Divergence::Moves {
                missing,
                unexpected,
            } => write!(
                f,
                "legal moves differ: missing {missing:?}, unexpected {unexpected:?}"
            ),
            Divergence::Outcome { expected, actual } => {
                write!(
                    f,
                    "outcome differs:\n  reference: {expected}\n  engine:    {actual}"
                )
            }
            Divergence::Perft {
                depth,
                expected,
                actual,
                position,
                path,
                missing,
                unexpected,
            } => {
                write!(
                    f,
                    "perft {depth}: reference {expected}, engine {actual}; first differing position {position}"
                )?;
                if !path.is_empty() {
                    write!(f, " (after {})", path.join(" "))?;
                }
                if !missing.is_empty() || !unexpected.is_empty() {
                    write!(
                        f,
                        "; its moves differ: missing {missing:?}, unexpected {unexpected:?}"
                    )?;
                }
                Ok(())
            }
            Divergence::NoAnswer(error) => write!(f, "no usable answer: {error}"),
            Divergence::EngineFault(error) => write!(f, "engine fault: {error}"),
        }
    }
}

/// A diverging game: the start, the actions before the divergence, the
/// diverging action (for an outcome), and what differs.
#[derive(Clone, Debug)]
pub struct DivergentGame {
    /// The variant.
    pub variant: VariantId,
    /// The ruling settings played under.
    pub rulings: Vec<String>,
    /// The seed.
    pub seed: u64,
    /// The start position, in the variant's notation.
    pub start: String,
    /// Actions played before the divergence appears.
    pub actions: Vec<String>,
    /// The action at which the outcome diverged, if it was an outcome.
    pub diverging_action: Option<String>,
    /// What differs.
    pub divergence: Divergence,
    /// The actions the random game had played when it diverged (before
    /// shrinking).
    pub played: usize,
    /// The game's index in the run (game `i` has seed `S + i`), when the
    /// caller knows it.
    pub game: Option<u64>,
}

/// One request; no answer, `skipped` and `errored` become a divergence.
pub(crate) fn ask(engine: &mut impl Responder, request: &Request) -> Result<Response, Divergence> {
    match engine.respond(request) {
        Ok(Response::Skipped { reason, .. }) => {
            Err(Divergence::NoAnswer(format!("skipped: {reason}")))
        }
        Ok(Response::Errored { context, .. }) => {
            Err(Divergence::NoAnswer(format!("errored: {context}")))
        }
        Ok(response) => Ok(response),
        Err(
            error @ (ClientError::Timeout(_)
            | ClientError::Closed
            | ClientError::Invalid(_)
            | ClientError::Spawn(_)
            | ClientError::Handshake(_)),
        ) => Err(Divergence::EngineFault(error.to_string())),
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
            super::words::response_text(&response)
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
            super::words::response_text(&response)
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
        if theirs.result == super::messages::ILLEGAL && ours.result != "legal" {
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
            super::words::response_text(&other)
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
            if engine_perft(engine, child.as_ref(), level - 1, rulings)? != ours {
                next = Some((mv, child));
                break;
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
    let mut rng = Rng::new(seed);
    let diverged = |start: &str, actions: &[String], divergence| {
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
    };
    let start = match crate::fuzz::game::random_start(variant, seed, rulings) {
        Ok(Some(notation)) => notation,
        Ok(None) => variant::open(variant, None, rulings)
            .map(|game| game.position_text())
            .map_err(|message| diverged("", &[], Divergence::NoAnswer(message)))?,
        Err(message) => return Err(diverged("", &[], Divergence::NoAnswer(message))),
    };
    let mut game =
        reference_at(variant, &start, &[], rulings).map_err(|d| diverged(&start, &[], d))?;
    let mut actions: Vec<String> = Vec::new();
    for ply in 0..max_plies {
        compare_moves(engine, game.as_ref(), rulings)
            .map_err(|d| shrink(engine, variant, seed, &start, &actions, d, rulings))?;
        if perft_every > 0 && ply % perft_every == 0 {
            if let Err(divergence) = compare_perft(engine, game.as_ref(), 2, rulings) {
                // Moves and outcomes agreed all along: the perft position
                // itself is the smallest reproduction.
                let mut found = diverged(&game.position_text(), &[], divergence);
                found.played = actions.len();
                return Err(found);
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
    if let Divergence::EngineFault(_) = divergence {
        // No rules question to shrink: the engine stopped answering.
        return Box::new(DivergentGame {
            variant,
            rulings: rulings.to_vec(),
            seed,
            start: start.to_string(),
            actions: actions.to_vec(),
            diverging_action: None,
            divergence,
            played: actions.len(),
            game: None,
        });
    }
    let outcome = matches!(divergence, Divergence::Outcome { .. });
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
            let found_outcome = matches!(found, Divergence::Outcome { .. });
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

/// A ready scenario for a divergence, in the one scenario format: the
/// start, the actions before it pinned as the reference plays them, and
/// the step that diverged with the reference's expectation.
pub fn divergence_scenario(game: &DivergentGame, id: &str) -> String {
    let info = variant::info(game.variant);
    let mut text = format!(
        "# Written by `regelwerk fuzz --variant {variant} --engine`: {origin}.\n# {what}\nvariant: {variant}\nid: {id}\nclauses: [{prefix}1]\n",
        variant = game.variant,
        origin = origin(game),
        what = game.divergence.to_string().replace('\n', "\n# "),
        prefix = info.clause_prefix,
    );
    if !game.rulings.is_empty() {
        text.push_str(&format!("ruleset: [{}]\n", game.rulings.join(", ")));
    }
    text.push_str(&format!(
        "description: \"differential fuzzing, {}: the engine diverges after {} actions\"\nposition:\n  notation: \"{}\"\nsteps:\n",
        origin(game),
        game.actions.len(),
        game.start
    ));
    let Ok(mut reference) = variant::open(game.variant, Some(&game.start), &game.rulings) else {
        return text;
    };
    for action in &game.actions {
        text.push_str(&play_step(reference.as_mut(), action, false));
    }
    match (&game.divergence, &game.diverging_action) {
        (Divergence::Outcome { .. }, Some(action)) => {
            text.push_str(&play_step(reference.as_mut(), action, true));
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
