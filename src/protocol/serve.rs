//! `regelwerk serve`: the reference engine speaking the protocol on stdin
//! and stdout, both the reference and the sample adapter.

use std::io::{BufRead, Write};

use super::lines::{too_long_message, LineReader, RawLine};
use crate::budget::NodeBudget;

use crate::variant::{self, Game, VariantId};

use super::messages::{compatible, ActionResult, Request, Response, PROTOCOL_VERSION};

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
    /// Answer each request after the handshake with megabytes of text
    /// and no line end.
    Flood,
    /// Write each answer in pieces, a moment apart (a correct harness
    /// joins them).
    PartialLines,
    /// Never answer, not even the handshake.
    Silent,
    /// Exit with status 0, without answering, at the request with this seq.
    ExitOn(u64),
    /// Answer each request with the number of the one before.
    OutOfSequence,
}

/// The bytes [`Fault::Flood`] writes before it goes quiet: 64 MiB.
pub const FLOOD_BYTES: usize = 64 * 1024 * 1024;

/// Serves requests from `input` until `stop` or end of input. `forced`
/// settings are applied on top of each request's rulings (to play a
/// different reading of the rules).
///
/// # Errors
/// I/O errors on `output`.
pub fn serve(
    input: impl BufRead,
    output: impl Write,
    forced: &[String],
    fault: Fault,
) -> std::io::Result<()> {
    serve_only(input, output, forced, fault, None)
}

/// [`serve`] playing only `only` when given: the handshake names that
/// variant alone and a request of another is answered `skipped`.
///
/// # Errors
/// I/O errors on `output`.
pub fn serve_only(
    input: impl BufRead,
    output: impl Write,
    forced: &[String],
    fault: Fault,
    only: Option<VariantId>,
) -> std::io::Result<()> {
    let budget = NodeBudget::AtMost(crate::budget::SERVE_MAX_NODES);
    serve_loop(input, output, forced, fault, only, budget)
}

/// [`serve`] with perft requests held to `budget` (the fuzz target of
/// the server uses a small one, so that each input runs quickly).
///
/// # Errors
/// I/O errors on `output`.
pub fn serve_within(
    input: impl BufRead,
    output: impl Write,
    budget: NodeBudget,
) -> std::io::Result<()> {
    serve_loop(input, output, &[], Fault::None, None, budget)
}

fn serve_loop(
    input: impl BufRead,
    mut output: impl Write,
    forced: &[String],
    fault: Fault,
    only: Option<VariantId>,
    budget: NodeBudget,
) -> std::io::Result<()> {
    // The protocol version the harness named in the handshake, once the
    // handshake succeeded.
    let mut session: Option<String> = None;
    for line in LineReader::new(input) {
        let request = match read_request(line?) {
            Read::Blank => continue,
            Read::Request(request) => request,
            Read::Unreadable { seq, context } => {
                let response = Response::Errored { seq, context };
                writeln!(output, "{}", to_line(&response))?;
                output.flush()?;
                continue;
            }
        };
        if fault == Fault::Silent {
            continue;
        }
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
                Fault::ExitOn(seq) if seq_of(&request) == Some(seq) => std::process::exit(0),
                Fault::Flood => {
                    let block = vec![b'x'; 1024 * 1024];
                    for _ in 0..FLOOD_BYTES / block.len() {
                        output.write_all(&block)?;
                    }
                    output.flush()?;
                    continue;
                }
                Fault::ExitOn(_) | Fault::PartialLines | Fault::Silent | Fault::OutOfSequence => {}
            }
        }
        let handshake = match &request {
            Request::Start { protocol } => Some(protocol.clone()),
            _ => None,
        };
        let response = match (only, request.variant(), request.seq()) {
            _ if handshake.is_some() && session.is_some() => Some(second_start(
                handshake.as_deref().unwrap_or_default(),
                session.as_deref().unwrap_or_default(),
            )),
            (Some(only), Some(asked), Some(seq)) if asked != only => Some(Response::Skipped {
                seq,
                reason: format!("this engine was started for {only} only, not {asked}"),
            }),
            _ => answer_within(request, forced, budget).map(|mut response| {
                // The handshake names only the variant this server plays.
                if let (Some(only), Response::Ready { variants, .. }) = (only, &mut response) {
                    *variants = vec![only];
                }
                response
            }),
        };
        let Some(mut response) = response else {
            return Ok(());
        };
        if matches!(response, Response::Ready { .. }) {
            session = handshake;
        }
        if let (
            Fault::OutOfSequence,
            Response::Applied { seq, .. }
            | Response::Moves { seq, .. }
            | Response::Perft { seq, .. }
            | Response::Status { seq, .. }
            | Response::Skipped { seq, .. }
            | Response::Errored { seq, .. },
        ) = (fault, &mut response)
        {
            *seq = seq.wrapping_sub(1);
        }
        let line = to_line(&response);
        if fault == Fault::PartialLines && line.len() > 2 {
            let (head, tail) = line.split_at(line.len() / 2);
            output.write_all(head.as_bytes())?;
            output.flush()?;
            std::thread::sleep(std::time::Duration::from_millis(30));
            writeln!(output, "{tail}")?;
        } else {
            writeln!(output, "{line}")?;
        }
        output.flush()?;
        // A refused handshake ends the session: the two sides share no
        // protocol, so nothing after it can be answered meaningfully.
        if matches!(response, Response::Refused { .. }) {
            return Ok(());
        }
    }
    Ok(())
}

/// Protocol §3: the handshake happens once per session. A second `start`
/// is refused with `errored` (seq 0: `start` has none) naming the request
/// and the version agreed, and the session goes on under that version.
fn second_start(asked: &str, agreed: &str) -> Response {
    Response::Errored {
        seq: 0,
        context: format!(
            "cannot answer `start` (protocol {}): this session is already started (its handshake named protocol {}); `start` is sent once, as the first request, and the session goes on under it",
            crate::input::quote(asked),
            crate::input::quote(agreed)
        ),
    }
}

/// One input line, read.
enum Read {
    /// An empty line (skipped).
    Blank,
    /// A request.
    Request(Request),
    /// A line that is not a request: answered `errored` with its seq
    /// where one can be read (else 0), and the server goes on.
    Unreadable {
        /// The line's seq, or 0.
        seq: u64,
        /// What is wrong with it.
        context: String,
    },
}

fn read_request(line: RawLine) -> Read {
    let bytes = match line {
        RawLine::Bytes(bytes) => bytes,
        RawLine::TooLong => {
            return Read::Unreadable {
                seq: 0,
                context: format!("cannot read request: {}", too_long_message()),
            }
        }
    };
    let text = match std::str::from_utf8(&bytes) {
        Ok(text) => text,
        Err(error) => {
            return Read::Unreadable {
                seq: 0,
                context: format!(
                    "cannot read request: byte {} is not UTF-8; a request is one line of JSON text",
                    error.valid_up_to() + 1
                ),
            }
        }
    };
    if text.trim().is_empty() {
        return Read::Blank;
    }
    if !text.trim_start().starts_with('{') {
        // serde would read a list as the enum's tag and name its first item.
        return Read::Unreadable {
            seq: 0,
            context:
                "cannot read request: a request is one JSON object (`{\"type\": ...}`) on one line"
                    .to_string(),
        };
    }
    match serde_json::from_str(text) {
        Ok(request) => Read::Request(request),
        Err(error) => Read::Unreadable {
            // The answer carries the request's number when it has one.
            seq: serde_json::from_str::<serde_json::Value>(text)
                .ok()
                .and_then(|value| value.get("seq")?.as_u64())
                .unwrap_or(0),
            context: format!("cannot read request: {}", super::words::json_error(&error)),
        },
    }
}

fn seq_of(request: &Request) -> Option<u64> {
    request.seq()
}

fn to_line(response: &Response) -> String {
    serde_json::to_string(response)
        .unwrap_or_else(|error| unreachable!("responses serialise: {error}"))
}

/// The answer to one request; `None` for `stop`. Every variant is answered
/// the same way, through [`Game`].
pub fn answer(request: Request, forced: &[String]) -> Option<Response> {
    answer_within(
        request,
        forced,
        NodeBudget::AtMost(crate::budget::SERVE_MAX_NODES),
    )
}

/// [`answer`] with perft requests held to `budget`.
pub fn answer_within(request: Request, forced: &[String], budget: NodeBudget) -> Option<Response> {
    let response = match request {
        Request::Stop => return None,
        Request::Start { protocol } if !compatible(&protocol) => Response::Refused {
            reason: if super::messages::major(&protocol).is_some() {
                format!(
                    "the harness speaks protocol {protocol}; this engine speaks {PROTOCOL_VERSION}"
                )
            } else {
                format!(
                        "`{}` is not a protocol version (expected MAJOR.MINOR, e.g. {PROTOCOL_VERSION}); this engine speaks {PROTOCOL_VERSION}",
                        crate::input::quote(&protocol)
                    )
            },
        },
        Request::Start { .. } => Response::Ready {
            protocol: PROTOCOL_VERSION.to_string(),
            name: "regelwerk".to_string(),
            version: env!("CARGO_PKG_VERSION").to_string(),
            language: "Rust".to_string(),
            capabilities: vec![
                "apply".to_string(),
                "moves".to_string(),
                "perft".to_string(),
                super::messages::STATUS_CAPABILITY.to_string(),
            ],
            variants: VariantId::ALL.to_vec(),
            rulings: Vec::new(),
        },
        Request::Apply {
            seq,
            variant,
            position,
            rulings,
            actions,
        } => answer_game(seq, variant, &position, &rulings, forced, |game| {
            let results = actions
                .iter()
                .map(|action| action_result(game, action))
                .collect();
            Response::Applied { seq, results }
        }),
        Request::Moves {
            seq,
            variant,
            position,
            rulings,
            from,
        } => answer_game(seq, variant, &position, &rulings, forced, |game| match from
            .as_deref()
            .map(|square| game.legal_moves_from(square))
        {
            None => Response::Moves {
                seq,
                moves: game.legal_moves(),
            },
            Some(Ok(moves)) => Response::Moves { seq, moves },
            Some(Err(error)) => Response::Errored {
                seq,
                context: error.to_string(),
            },
        }),
        Request::Status {
            seq,
            variant,
            position,
            rulings,
            actions,
        } => answer_game(seq, variant, &position, &rulings, forced, |game| {
            for action in &actions {
                // A refused action leaves the position as it was.
                let _ = game.play(action);
            }
            Response::Status {
                seq,
                status: game.status(),
                to_move: game.to_move(),
            }
        }),
        Request::Perft {
            seq,
            variant,
            position,
            rulings,
            depth,
        } => {
            answer_game(
                seq,
                variant,
                &position,
                &rulings,
                forced,
                |game| match crate::budget::check(game, depth, budget, "the server's budget") {
                    Ok(counted) => Response::Perft {
                        seq,
                        nodes: counted.unwrap_or_else(|| game.perft(depth)),
                    },
                    Err(error) => Response::Errored {
                        seq,
                        context: error.to_string(),
                    },
                },
            )
        }
    };
    Some(response)
}

/// The answer to a request: opens the game (an unknown ruling is
/// `skipped`, a bad position `errored`) and lets `then` answer.
fn answer_game(
    seq: u64,
    variant: VariantId,
    position: &str,
    rulings: &[String],
    forced: &[String],
    then: impl FnOnce(&mut dyn Game) -> Response,
) -> Response {
    // Forced `fault:M-...` entries (serve --fault) play misreadings; a
    // request's own rulings never can.
    let (forced, faults) = variant::split_faults(forced);
    let mut all = rulings.to_vec();
    all.extend(forced);
    if let Err(message) = variant::open_with_faults(variant, None, &all, &faults) {
        return Response::Skipped {
            seq,
            reason: format!("unsupported ruling: {message}"),
        };
    }
    match variant::open_with_faults(variant, Some(position), &all, &faults) {
        Ok(mut game) => then(game.as_mut()),
        Err(message) => Response::Errored {
            seq,
            context: format!("cannot read position: {message}"),
        },
    }
}

/// The protocol form of one action played on `game`.
pub fn action_result(game: &mut dyn Game, action: &str) -> ActionResult {
    match game.play(action) {
        Ok(report) => ActionResult {
            result: "legal".to_string(),
            position: report.position.clone(),
            report: Some(report),
        },
        Err(refusal) => ActionResult {
            result: refusal.code.to_string(),
            report: None,
            position: game.position_text(),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The server's answers to `input`, one per line.
    fn answers(input: &str) -> Vec<Response> {
        let mut output = Vec::new();
        serve_within(input.as_bytes(), &mut output, NodeBudget::AtMost(1000))
            .unwrap_or_else(|error| panic!("serving: {error}"));
        String::from_utf8(output)
            .unwrap_or_else(|error| panic!("not UTF-8: {error}"))
            .lines()
            .map(|line| {
                serde_json::from_str(line).unwrap_or_else(|error| panic!("{line}: {error}"))
            })
            .collect()
    }

    const MOVES: &str = r#"{"type":"moves","seq":7,"variant":"racingkings","position":"8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - - 0 1","from":"e2"}"#;

    /// §3: a second `start`, of the same or another version, is refused
    /// with `errored` naming the request and the handshake already made;
    /// the session goes on and answers the next request.
    #[test]
    fn a_second_start_is_refused_and_the_session_goes_on() {
        for second in ["2.1", "2.0", "1.1", "two"] {
            let input = format!(
                "{{\"type\":\"start\",\"protocol\":\"2.0\"}}\n{{\"type\":\"start\",\"protocol\":\"{second}\"}}\n{MOVES}\n"
            );
            let answers = answers(&input);
            assert_eq!(answers.len(), 3, "{second}: {answers:?}");
            assert!(matches!(answers[0], Response::Ready { .. }), "{answers:?}");
            match &answers[1] {
                Response::Errored { seq: 0, context } => {
                    assert!(
                        context.contains(&format!("cannot answer `start` (protocol {second})"))
                            && context.contains("already started")
                            && context.contains("protocol 2.0"),
                        "{second}: {context}"
                    )
                }
                other => panic!("{second}: a second start is answered {other:?}"),
            }
            assert!(
                matches!(&answers[2], Response::Moves { seq: 7, moves } if moves.len() == 3),
                "{second}: the session goes on: {answers:?}"
            );
        }
    }

    /// A refused handshake does not start a session: it ends it, as before.
    #[test]
    fn a_refused_handshake_still_ends_the_session() {
        let input = format!(
            "{{\"type\":\"start\",\"protocol\":\"1.1\"}}\n{{\"type\":\"start\",\"protocol\":\"2.1\"}}\n{MOVES}\n"
        );
        let answers = answers(&input);
        assert!(
            matches!(answers.as_slice(), [Response::Refused { .. }]),
            "{answers:?}"
        );
    }
}
