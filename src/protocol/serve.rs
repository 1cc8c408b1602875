//! `regelwerk serve`: the reference engine speaking the protocol on stdin
//! and stdout, both the reference and the sample adapter.

use std::io::{BufRead, Write};

use crate::moves::Action;
use crate::notation::{parse_position, to_notation};
use crate::perft::perft;
use crate::rules::{self, legal_moves, legal_moves_from, Outcome};
use crate::ruleset::Ruleset;
use crate::scenario::format::{CaptureSpec, EliminationSpec, GardezSpec};
use crate::scenario::run::event_kind;

use crate::variant::{self, Game, VariantId};

use super::messages::{ActionResult, PlayedResult, Request, Response, PROTOCOL_VERSION};

/// Deliberate faults, for testing harnesses against a misbehaving engine.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fault {
    /// Behave.
    None,
    /// Exit without answering the request with this seq.
    CrashOn(u64),
    /// Sleep for this many seconds before answering each request after the handshake.
    Sleep(u64),
    /// Answer every request after the handshake with a line that is not JSON.
    Garbage,
    /// Close stdout right after the handshake.
    CloseStdout,
}

/// Serves requests from `input` until `stop` or end of input. `forced`
/// settings are applied on top of each request's rulings (to play a
/// different reading of the rules).
///
/// # Errors
/// I/O errors on `output`.
pub fn serve(
    input: impl BufRead,
    mut output: impl Write,
    forced: &[String],
    fault: Fault,
) -> std::io::Result<()> {
    for line in input.lines() {
        let line = line?;
        if line.trim().is_empty() {
            continue;
        }
        let request: Request = match serde_json::from_str(&line) {
            Ok(request) => request,
            Err(error) => {
                let response = Response::Errored {
                    seq: 0,
                    context: format!("cannot read request: {error}"),
                };
                writeln!(output, "{}", to_line(&response))?;
                output.flush()?;
                continue;
            }
        };
        if let Request::Start { .. } = request {
        } else {
            match fault {
                Fault::None => {}
                Fault::CrashOn(seq) if seq_of(&request) == Some(seq) => std::process::exit(3),
                Fault::CrashOn(_) => {}
                Fault::Sleep(seconds) => {
                    std::thread::sleep(std::time::Duration::from_secs(seconds))
                }
                Fault::Garbage => {
                    writeln!(output, "this is not json {{")?;
                    output.flush()?;
                    continue;
                }
                Fault::CloseStdout => return Ok(()),
            }
        }
        let Some(response) = answer(request, forced) else {
            return Ok(());
        };
        writeln!(output, "{}", to_line(&response))?;
        output.flush()?;
    }
    Ok(())
}

fn seq_of(request: &Request) -> Option<u64> {
    match request {
        Request::Apply { seq, .. } | Request::Moves { seq, .. } | Request::Perft { seq, .. } => {
            Some(*seq)
        }
        Request::Start { .. } | Request::Stop => None,
    }
}

fn to_line(response: &Response) -> String {
    serde_json::to_string(response)
        .unwrap_or_else(|error| unreachable!("responses serialise: {error}"))
}

/// The answer to one request; `None` for `stop`.
pub fn answer(request: Request, forced: &[String]) -> Option<Response> {
    let ruleset = |seq: u64, rulings: &[String]| {
        let mut all: Vec<String> = rulings.to_vec();
        all.extend(forced.iter().cloned());
        Ruleset::from_settings(&all).map_err(|error| {
            Box::new(Response::Skipped {
                seq,
                reason: format!("unsupported ruling: {error}"),
            })
        })
    };
    let position = |seq: u64, text: &str| {
        parse_position(text).map_err(|error| {
            Box::new(Response::Errored {
                seq,
                context: format!("cannot read position: {error}"),
            })
        })
    };
    let response = match request {
        Request::Stop => return None,
        Request::Start { .. } => Response::Ready {
            protocol: PROTOCOL_VERSION.to_string(),
            name: "regelwerk".to_string(),
            version: env!("CARGO_PKG_VERSION").to_string(),
            language: "Rust".to_string(),
            capabilities: vec![
                "apply".to_string(),
                "moves".to_string(),
                "perft".to_string(),
            ],
            variants: VariantId::ALL.to_vec(),
        },
        Request::Apply {
            seq,
            variant,
            position: text,
            rulings,
            actions,
        } if variant != VariantId::Monarchie => {
            answer_game(seq, variant, &text, &rulings, forced, |game| {
                let results = actions
                    .iter()
                    .map(|action| played_result(game, action))
                    .collect();
                Response::Played { seq, results }
            })
        }
        Request::Moves {
            seq,
            variant,
            position: text,
            rulings,
            cell: None,
            square,
        } if variant != VariantId::Monarchie => {
            answer_game(seq, variant, &text, &rulings, forced, |game| {
                match square
                    .as_deref()
                    .map(|square| game.legal_moves_from(square))
                {
                    None => Response::Moves {
                        seq,
                        moves: game.legal_moves(),
                    },
                    Some(Ok(moves)) => Response::Moves { seq, moves },
                    Some(Err(message)) => Response::Errored {
                        seq,
                        context: message,
                    },
                }
            })
        }
        Request::Perft {
            seq,
            variant,
            position: text,
            rulings,
            depth,
        } if variant != VariantId::Monarchie => {
            answer_game(seq, variant, &text, &rulings, forced, |game| {
                Response::Perft {
                    seq,
                    nodes: game.perft(depth),
                }
            })
        }
        Request::Apply {
            seq,
            position: text,
            rulings,
            actions,
            ..
        } => (|| {
            let rules = ruleset(seq, &rulings)?;
            let mut current = position(seq, &text)?;
            let mut results = Vec::new();
            for text in actions {
                let action: Action = text.parse().map_err(|error| {
                    Box::new(Response::Errored {
                        seq,
                        context: format!("cannot read action '{text}': {error}"),
                    })
                })?;
                let result = match rules::apply(&mut current, action, &rules) {
                    Ok(outcome) => result_of(&outcome, to_notation(&current)),
                    Err(illegal) => ActionResult {
                        result: illegal.code().to_string(),
                        position: to_notation(&current),
                        ..ActionResult::default()
                    },
                };
                results.push(result);
            }
            Ok(Response::Applied { seq, results })
        })()
        .unwrap_or_else(|response: Box<Response>| *response),
        Request::Moves {
            seq,
            position: text,
            rulings,
            cell,
            ..
        } => (|| {
            let rules = ruleset(seq, &rulings)?;
            let current = position(seq, &text)?;
            let moves = match cell {
                Some(number) => {
                    let cell = crate::cell::Cell::new(number).ok_or_else(|| {
                        Box::new(Response::Errored {
                            seq,
                            context: format!("cell {number} is out of range"),
                        })
                    })?;
                    legal_moves_from(&current, cell, &rules)
                        .into_iter()
                        .filter(|mv| {
                            current.piece_at(mv.from).map(|p| p.party) == current.to_move()
                        })
                        .collect()
                }
                None => legal_moves(&current, &rules),
            };
            Ok(Response::Moves {
                seq,
                moves: moves
                    .iter()
                    .map(|mv| mv.text(!current.is_empty(mv.to)))
                    .collect(),
            })
        })()
        .unwrap_or_else(|response: Box<Response>| *response),
        Request::Perft {
            seq,
            position: text,
            rulings,
            depth,
            ..
        } => (|| {
            let rules = ruleset(seq, &rulings)?;
            let current = position(seq, &text)?;
            Ok(Response::Perft {
                seq,
                nodes: perft(&current, depth, &rules),
            })
        })()
        .unwrap_or_else(|response: Box<Response>| *response),
    };
    Some(response)
}

/// The answer to a request of a two-player variant: opens the game (an
/// unknown ruling is `skipped`, a bad position `errored`) and lets `then`
/// answer.
fn answer_game(
    seq: u64,
    variant: VariantId,
    position: &str,
    rulings: &[String],
    forced: &[String],
    then: impl FnOnce(&mut dyn Game) -> Response,
) -> Response {
    let mut all = rulings.to_vec();
    all.extend(forced.iter().cloned());
    if let Err(message) = variant::open(variant, None, &all) {
        return Response::Skipped {
            seq,
            reason: format!("unsupported ruling: {message}"),
        };
    }
    match variant::open(variant, Some(position), &all) {
        Ok(mut game) => then(game.as_mut()),
        Err(message) => Response::Errored {
            seq,
            context: format!("cannot read position: {message}"),
        },
    }
}

/// The protocol form of one action of a two-player variant.
pub fn played_result(game: &mut dyn Game, action: &str) -> PlayedResult {
    match game.play(action) {
        Ok(report) => PlayedResult {
            result: "legal".to_string(),
            capture: report.capture,
            promotion: report.promotion,
            check: report.check,
            next: report.next,
            status: Some(report.status),
            position: report.position,
        },
        Err(refusal) => PlayedResult {
            result: refusal.code.to_string(),
            position: game.position_text(),
            ..PlayedResult::default()
        },
    }
}

/// The protocol form of an outcome.
pub fn result_of(outcome: &Outcome, position: String) -> ActionResult {
    ActionResult {
        result: "legal".to_string(),
        capture: outcome.capture.map(|c| CaptureSpec {
            cell: c.cell,
            party: c.party,
            kind: c.kind,
            dead: c.dead,
        }),
        king_captured: outcome.king_captured,
        promotion: outcome.promotion,
        forfeited: outcome.forfeited,
        checks: outcome.checks.clone(),
        gardez: outcome
            .gardez
            .iter()
            .map(|&(party, cell)| GardezSpec { party, cell })
            .collect(),
        eliminations: outcome
            .eliminations
            .iter()
            .map(|e| EliminationSpec {
                party: e.party,
                cause: e.cause.code().to_string(),
            })
            .collect(),
        next: outcome.next,
        winner: outcome.winner,
        events: outcome
            .events
            .iter()
            .map(event_kind)
            .map(str::to_string)
            .collect(),
        position,
    }
}
