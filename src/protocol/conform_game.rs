//! `regelwerk conform` for the two-player variants: each step of a variant
//! scenario is sent as a protocol 1.1 request naming the variant, and the
//! answer is compared with the scenario's expectation and with the
//! reference engine's position. A `play` step sends the scenario's start
//! and every action so far (the last result is compared), so that rules
//! that need the game's history (threefold repetition) see it.

use serde_json::json;

use crate::scenario::game::{actual_fields, expected_fields, LoadedGame};
use crate::variant::Game;

use super::conform::{ask, protocol_mismatch, yaml, Responder, Verdict};
use super::messages::{PlayedResult, Request, Response};

/// Runs one variant scenario against the engine. The reference engine
/// plays alongside, so that every request carries the position the
/// scenario has reached and every answer's position is compared with it.
pub fn conform_game_case(
    engine: &mut impl Responder,
    loaded: &LoadedGame,
    next_seq: &mut u64,
) -> Verdict {
    let variant = loaded.scenario.variant;
    let rulings = loaded.scenario.ruleset.clone();
    if loaded.scenario.position.invalid {
        return refuses_position(engine, loaded, next_seq);
    }
    let mut reference: Box<dyn Game> = match loaded.open() {
        Ok(game) => game,
        Err(message) => {
            return Verdict::Errored {
                step: 0,
                context: format!("the reference cannot open the scenario: {message}"),
                stderr: String::new(),
            }
        }
    };
    let start = reference.position_text();
    let mut history: Vec<String> = Vec::new();
    for (index, step) in loaded.scenario.steps.iter().enumerate() {
        *next_seq += 1;
        let seq = *next_seq;
        let position = reference.position_text();
        let (request, what) = if let Some(play) = &step.play {
            history.push(play.clone());
            (
                Request::Apply {
                    seq,
                    variant,
                    position: start.clone(),
                    rulings: rulings.clone(),
                    actions: history.clone(),
                },
                format!("play {play}"),
            )
        } else if let Some(query) = &step.moves {
            (
                Request::Moves {
                    seq,
                    variant,
                    position,
                    rulings: rulings.clone(),
                    cell: None,
                    square: query.from.clone(),
                },
                match &query.from {
                    Some(square) => format!("moves from {square}"),
                    None => "moves".to_string(),
                },
            )
        } else if let Some(depth) = step.perft {
            (
                Request::Perft {
                    seq,
                    variant,
                    position,
                    rulings: rulings.clone(),
                    depth,
                },
                format!("perft {depth}"),
            )
        } else {
            // A state step: `apply` answers carry positions, compared already.
            continue;
        };
        let response = match ask(engine, &request, seq, index) {
            Ok(response) => response,
            Err(verdict) => return verdict,
        };
        let fail = |expected: serde_json::Value, actual: serde_json::Value| Verdict::Failed {
            step: index,
            what: what.clone(),
            expected: yaml(&expected),
            actual: yaml(&actual),
        };
        match response {
            Response::Played { results, .. } => {
                let (Some(play), Some(expect)) = (&step.play, &step.expect) else {
                    return protocol_mismatch(index, engine, "played");
                };
                let (Some(result), true) = (results.last(), results.len() == history.len()) else {
                    return Verdict::Errored {
                        step: index,
                        context: format!(
                            "expected {} results, got {}",
                            history.len(),
                            results.len()
                        ),
                        stderr: engine.stderr_tail(),
                    };
                };
                let _ = reference.play(play);
                let wanted = expected_fields(expect);
                let mut expected = wanted.clone();
                let mut actual = actual_fields(&wanted, &as_result(result));
                expected.insert("position", json!(reference.position_text()));
                actual.insert("position", json!(result.position));
                if expected != actual {
                    return fail(json!(expected), json!(actual));
                }
            }
            Response::Moves { mut moves, .. } => {
                let Some(expected_moves) = &step.expect_moves else {
                    return protocol_mismatch(index, engine, "moves");
                };
                let mut expected = expected_moves.clone();
                expected.sort();
                moves.sort();
                if moves != expected {
                    let missing: Vec<&String> =
                        expected.iter().filter(|mv| !moves.contains(mv)).collect();
                    let extra: Vec<&String> =
                        moves.iter().filter(|mv| !expected.contains(mv)).collect();
                    return fail(
                        json!({"moves": expected}),
                        json!({"missing": missing, "unexpected": extra}),
                    );
                }
            }
            Response::Perft { nodes, .. } => {
                let Some(expected) = step.expect_nodes else {
                    return protocol_mismatch(index, engine, "perft");
                };
                if nodes != expected {
                    return fail(json!({"nodes": expected}), json!({"nodes": nodes}));
                }
            }
            Response::Applied { .. } => return protocol_mismatch(index, engine, "applied"),
            Response::Ready { .. } | Response::Skipped { .. } | Response::Errored { .. } => {
                return protocol_mismatch(index, engine, "ready")
            }
        }
    }
    Verdict::Passed
}

/// An impossible position: the engine must answer a `moves` request for
/// it with `errored` (it cannot read the position).
fn refuses_position(
    engine: &mut impl Responder,
    loaded: &LoadedGame,
    next_seq: &mut u64,
) -> Verdict {
    *next_seq += 1;
    let request = Request::Moves {
        seq: *next_seq,
        variant: loaded.scenario.variant,
        position: loaded.scenario.position.fen.clone().unwrap_or_default(),
        rulings: loaded.scenario.ruleset.clone(),
        cell: None,
        square: None,
    };
    match engine.respond(&request) {
        Ok(Response::Errored { .. }) => Verdict::Passed,
        Ok(Response::Skipped { reason, .. }) => Verdict::Skipped { reason },
        Ok(other) => Verdict::Failed {
            step: 0,
            what: "moves of an impossible position".to_string(),
            expected: "errored (the position is refused)\n".to_string(),
            actual: format!("{other:?}\n"),
        },
        Err(error) => Verdict::Errored {
            step: 0,
            context: error.to_string(),
            stderr: engine.stderr_tail(),
        },
    }
}

/// An engine's result in the shape the scenario runner compares.
fn as_result(result: &PlayedResult) -> Result<crate::variant::Report, String> {
    if result.result != "legal" {
        return Err(result.result.clone());
    }
    Ok(crate::variant::Report {
        action: String::new(),
        capture: result.capture.clone(),
        promotion: result.promotion.clone(),
        check: result.check,
        next: result.next.clone(),
        status: result
            .status
            .clone()
            .unwrap_or(crate::variant::Status::Ongoing),
        position: result.position.clone(),
    })
}
