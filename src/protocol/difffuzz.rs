//! `regelwerk fuzz --engine`: random games on the reference engine, with
//! the external engine asked after every action for its legal moves and
//! its outcome. The first divergence is shrunk to the shortest action
//! sequence that still diverges and written as a scenario; perft counts of
//! sampled positions are compared and a mismatch is bisected with divide.

use std::collections::BTreeSet;

use serde_json::json;

use crate::fuzz::{action_from_choice, random_position, Rng};
use crate::moves::{Action, Move};
use crate::notation::to_notation;
use crate::perft::{divide, perft};
use crate::position::Position;
use crate::rules;
use crate::ruleset::Ruleset;

use super::client::ClientError;
use super::conform::Responder;
use crate::variant::VariantId;

use super::messages::{ActionResult, Request, Response};
use super::serve::result_of;

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
    },
    /// The engine failed to answer.
    NoAnswer(String),
}

impl std::fmt::Display for Divergence {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Divergence::Moves { missing, unexpected } => write!(
                f,
                "legal moves differ: missing {missing:?}, unexpected {unexpected:?}"
            ),
            Divergence::Outcome { expected, actual } => {
                write!(f, "outcome differs:\n  reference: {expected}\n  engine:    {actual}")
            }
            Divergence::Perft { depth, expected, actual, position } => write!(
                f,
                "perft {depth}: reference {expected}, engine {actual}; first differing position {position}"
            ),
            Divergence::NoAnswer(error) => write!(f, "no usable answer: {error}"),
        }
    }
}

/// A diverging game: start, actions before the divergence, the divergence.
#[derive(Clone, Debug)]
pub struct DivergentGame {
    /// The start position.
    pub start: Position,
    /// Actions played before the divergence appears.
    pub actions: Vec<Action>,
    /// The action at which the outcome diverged, if it was an outcome.
    pub diverging_action: Option<Action>,
    /// What differs.
    pub divergence: Divergence,
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
        ) => Err(Divergence::NoAnswer(error.to_string())),
    }
}

/// Compares the move sets of one position.
fn compare_moves(
    engine: &mut impl Responder,
    position: &Position,
    rules: &Ruleset,
    rulings: &[String],
) -> Result<(), Divergence> {
    let response = ask(
        engine,
        &Request::Moves {
            seq: 1,
            variant: VariantId::Monarchie,
            position: to_notation(position),
            rulings: rulings.to_vec(),
            cell: None,
            square: None,
        },
    )?;
    let Response::Moves { moves, .. } = response else {
        return Err(Divergence::NoAnswer(format!(
            "asked for moves, got {response:?}"
        )));
    };
    let theirs: BTreeSet<Move> = moves
        .iter()
        .map(|text| text.parse::<Move>())
        .collect::<Result<_, _>>()
        .map_err(|error| Divergence::NoAnswer(format!("unreadable move: {error}")))?;
    let ours: BTreeSet<Move> = rules::legal_moves(position, rules).into_iter().collect();
    if theirs != ours {
        return Err(Divergence::Moves {
            missing: ours.difference(&theirs).map(ToString::to_string).collect(),
            unexpected: theirs.difference(&ours).map(ToString::to_string).collect(),
        });
    }
    Ok(())
}

/// Compares the outcome of one action; returns the reference position after it.
fn compare_action(
    engine: &mut impl Responder,
    position: &Position,
    action: Action,
    rules: &Ruleset,
    rulings: &[String],
) -> Result<Position, Divergence> {
    let mut after = position.clone();
    let ours: ActionResult = match rules::apply(&mut after, action, rules) {
        Ok(outcome) => result_of(&outcome, to_notation(&after)),
        Err(illegal) => ActionResult {
            result: illegal.code().to_string(),
            position: to_notation(&after),
            ..ActionResult::default()
        },
    };
    let response = ask(
        engine,
        &Request::Apply {
            seq: 2,
            variant: VariantId::Monarchie,
            position: to_notation(position),
            rulings: rulings.to_vec(),
            actions: vec![action.to_string()],
        },
    )?;
    let Response::Applied { results, .. } = response else {
        return Err(Divergence::NoAnswer(format!(
            "asked to apply, got {response:?}"
        )));
    };
    let normal = |result: &ActionResult| {
        let mut result = result.clone();
        result.checks.sort();
        result.gardez.sort_by_key(|g| (g.party, g.cell));
        result
    };
    match results.as_slice() {
        [theirs] if normal(theirs) == normal(&ours) => Ok(after),
        [theirs] => Err(Divergence::Outcome {
            expected: json!(ours).to_string(),
            actual: json!(theirs).to_string(),
        }),
        _ => Err(Divergence::NoAnswer(format!(
            "expected 1 result, got {}",
            results.len()
        ))),
    }
}

fn engine_perft(
    engine: &mut impl Responder,
    position: &Position,
    depth: u32,
    rulings: &[String],
) -> Result<u64, Divergence> {
    let response = ask(
        engine,
        &Request::Perft {
            seq: 3,
            variant: VariantId::Monarchie,
            position: to_notation(position),
            rulings: rulings.to_vec(),
            depth,
        },
    )?;
    match response {
        Response::Perft { nodes, .. } => Ok(nodes),
        other => Err(Divergence::NoAnswer(format!(
            "asked for perft, got {other:?}"
        ))),
    }
}

/// Compares perft at `depth`; on a mismatch, follows the first move whose
/// divide counts differ down to the first position whose move sets differ.
fn compare_perft(
    engine: &mut impl Responder,
    position: &Position,
    depth: u32,
    rules: &Ruleset,
    rulings: &[String],
) -> Result<(), Divergence> {
    let expected = perft(position, depth, rules);
    let actual = engine_perft(engine, position, depth, rulings)?;
    if expected == actual {
        return Ok(());
    }
    let mut current = position.clone();
    let mut level = depth;
    loop {
        if compare_moves(engine, &current, rules, rulings).is_err() || level <= 1 {
            break;
        }
        let mut next = None;
        for (mv, ours) in divide(&current, level, rules) {
            let mut child = current.clone();
            if rules::apply(&mut child, Action::play(mv), rules).is_err() {
                continue;
            }
            if engine_perft(engine, &child, level - 1, rulings)? != ours {
                next = Some(child);
                break;
            }
        }
        match next {
            Some(child) => {
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
        position: to_notation(&current),
    })
}

/// Plays fixed actions against both; the first divergence, if any.
pub fn replay(
    engine: &mut impl Responder,
    start: &Position,
    actions: &[Action],
    rules: &Ruleset,
    rulings: &[String],
) -> Option<(usize, Divergence)> {
    let mut position = start.clone();
    for (index, &action) in actions.iter().enumerate() {
        if let Err(divergence) = compare_moves(engine, &position, rules, rulings) {
            return Some((index, divergence));
        }
        match compare_action(engine, &position, action, rules, rulings) {
            Ok(after) => position = after,
            Err(divergence) => return Some((index, divergence)),
        }
    }
    compare_moves(engine, &position, rules, rulings)
        .err()
        .map(|divergence| (actions.len(), divergence))
}

/// Plays one random game; the first divergence, shrunk.
pub fn fuzz_game(
    engine: &mut impl Responder,
    seed: u64,
    max_plies: usize,
    perft_every: usize,
    rules: &Ruleset,
    rulings: &[String],
) -> Result<usize, Box<DivergentGame>> {
    let mut rng = Rng::new(seed);
    let start = if seed % 2 == 0 {
        Position::start()
    } else {
        random_position(&mut rng, rules)
    };
    let mut position = start.clone();
    let mut actions = Vec::new();
    for ply in 0..max_plies {
        let Some(action) = action_from_choice(&position, rules, rng.next_u64()) else {
            return Ok(ply);
        };
        actions.push(action);
        if let Err(divergence) = replay_step(engine, &mut position, action, rules, rulings) {
            return Err(Box::new(shrink(
                engine, &start, actions, divergence, rules, rulings,
            )));
        }
        if perft_every > 0 && ply % perft_every == 0 {
            if let Err(divergence) = compare_perft(engine, &position, 2, rules, rulings) {
                // Moves and outcomes agreed all along: the perft position
                // itself is the smallest reproduction.
                return Err(Box::new(DivergentGame {
                    start: position,
                    actions: Vec::new(),
                    diverging_action: None,
                    divergence,
                }));
            }
        }
    }
    Ok(max_plies)
}

fn replay_step(
    engine: &mut impl Responder,
    position: &mut Position,
    action: Action,
    rules: &Ruleset,
    rulings: &[String],
) -> Result<(), Divergence> {
    compare_moves(engine, position, rules, rulings)?;
    *position = compare_action(engine, position, action, rules, rulings)?;
    Ok(())
}

/// Greedily drops actions while a divergence remains.
fn shrink(
    engine: &mut impl Responder,
    start: &Position,
    actions: Vec<Action>,
    divergence: Divergence,
    rules: &Ruleset,
    rulings: &[String],
) -> DivergentGame {
    let mut best = actions;
    let mut found =
        replay(engine, start, &best, rules, rulings).unwrap_or((best.len(), divergence));
    best.truncate(found.0 + 1);
    let mut index = 0;
    while index < best.len() {
        let mut candidate = best.clone();
        candidate.remove(index);
        if !all_legal(start, &candidate, rules) {
            index += 1;
            continue;
        }
        match replay(engine, start, &candidate, rules, rulings) {
            Some(hit) => {
                candidate.truncate(hit.0 + 1);
                best = candidate;
                found = hit;
            }
            None => index += 1,
        }
    }
    let (at, divergence) = found;
    let diverging_action = best.get(at).copied();
    best.truncate(at);
    DivergentGame {
        start: start.clone(),
        actions: best,
        diverging_action: match divergence {
            Divergence::Outcome { .. } => diverging_action,
            _ => None,
        },
        divergence,
    }
}

fn all_legal(start: &Position, actions: &[Action], rules: &Ruleset) -> bool {
    let mut position = start.clone();
    actions
        .iter()
        .all(|&action| rules::apply(&mut position, action, rules).is_ok())
}

/// A ready scenario for a divergence: the start, the actions before it, and
/// the step that diverged, with the reference engine's expectation.
pub fn divergence_scenario(game: &DivergentGame, id: &str, rules: &Ruleset) -> String {
    let mut text = format!(
        "# Written by `regelwerk fuzz --engine`: {}\nid: {id}\nclauses: [m.5]\n",
        game.divergence.to_string().replace('\n', " ")
    );
    let settings = rules.non_default_settings();
    if !settings.is_empty() {
        text.push_str(&format!("ruleset: [{}]\n", settings.join(", ")));
    }
    text.push_str(&format!(
        "description: \"differential fuzzing: the engine diverges after {} actions\"\nposition:\n  notation: \"{}\"\nsteps:\n",
        game.actions.len(),
        to_notation(&game.start)
    ));
    let mut position = game.start.clone();
    let play_step = |text: &mut String, position: &mut Position, action: Action, full: bool| {
        let shown = match action {
            Action::Move { mv, elapsed } => {
                let base = mv.text(!position.is_empty(mv.to));
                match elapsed {
                    Some(seconds) => format!("{base}\"\n    elapsed: {seconds}\n    x: \""),
                    None => base,
                }
            }
            Action::Timeout => "timeout".to_string(),
        };
        let (play, elapsed) = match shown.split_once("\"\n    elapsed: ") {
            Some((play, rest)) => (
                play.to_string(),
                rest.split('\n').next().map(str::to_string),
            ),
            None => (shown, None),
        };
        text.push_str(&format!("  - play: \"{play}\"\n"));
        if let Some(seconds) = elapsed {
            text.push_str(&format!("    elapsed: {seconds}\n"));
        }
        match rules::apply(position, action, rules) {
            Ok(outcome) => {
                let next = outcome
                    .next
                    .map_or("null".to_string(), |p| p.key().to_string());
                if full {
                    let list = |parties: &[crate::party::Party]| {
                        parties
                            .iter()
                            .map(|p| p.key())
                            .collect::<Vec<_>>()
                            .join(", ")
                    };
                    let capture = outcome.capture.map_or("null".to_string(), |c| {
                        format!(
                            "{{cell: {}, party: {}, kind: {}, dead: {}}}",
                            c.cell,
                            c.party.key(),
                            c.kind.key(),
                            c.dead
                        )
                    });
                    let eliminations: Vec<String> = outcome
                        .eliminations
                        .iter()
                        .map(|e| format!("{{party: {}, cause: {}}}", e.party.key(), e.cause.code()))
                        .collect();
                    text.push_str(&format!(
                        "    expect:\n      result: legal\n      capture: {capture}\n      checks: [{}]\n      eliminations: [{}]\n      next: {next}\n      winner: {}\n",
                        list(&outcome.checks),
                        eliminations.join(", "),
                        outcome.winner.map_or("null".to_string(), |p| p.key().to_string()),
                    ));
                } else {
                    text.push_str(&format!("    expect: {{result: legal, next: {next}}}\n"));
                }
            }
            Err(illegal) => text.push_str(&format!("    expect: {{result: {}}}\n", illegal.code())),
        }
    };
    for &action in &game.actions {
        play_step(&mut text, &mut position, action, false);
    }
    match (&game.divergence, game.diverging_action) {
        (Divergence::Outcome { .. }, Some(action)) => {
            play_step(&mut text, &mut position, action, true)
        }
        (
            Divergence::Perft {
                depth, expected, ..
            },
            _,
        ) => {
            text.push_str(&format!(
                "  - perft: {depth}\n    expect_nodes: {expected}\n"
            ));
        }
        _ => {
            let moves: Vec<String> = rules::legal_moves(&position, rules)
                .iter()
                .map(|mv| mv.text(!position.is_empty(mv.to)))
                .collect();
            text.push_str(&format!(
                "  - moves: {{}}\n    expect_moves: [{}]\n",
                moves.join(", ")
            ));
        }
    }
    text
}
