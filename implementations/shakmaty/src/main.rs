//! shakmaty 0.30.1 (feature `variant`) as a regelwerk engine: Racing
//! Kings, answered by `shakmaty::variant::RacingKings` alone. It speaks
//! protocol 2.2 (docs/protocol.md, with the `status` request) on
//! stdin/stdout; logs go to stderr.
//!
//! What it cannot answer and how it says so (README.md): refusal reasons
//! (`illegal`), and a threefold claim (shakmaty keeps no history: the
//! request is answered `skipped`).

use std::io::{self, BufRead, Write};

use serde_json::{json, Value};
use shakmaty::fen::Fen;
use shakmaty::uci::UciMove;
use shakmaty::variant::RacingKings;
use shakmaty::{CastlingMode, Color, EnPassantMode, KnownOutcome, Outcome, Position, Square};

const PROTOCOL: &str = "2.2";
const VERSION: &str = "0.30.1";

/// Why a request gets no answer but `skipped`.
struct Skip(String);

fn side(color: Color) -> &'static str {
    match color {
        Color::White => "white",
        Color::Black => "black",
    }
}

fn kind(letter: char) -> &'static str {
    match letter {
        'k' => "king",
        'q' => "queen",
        'r' => "rook",
        'b' => "bishop",
        'n' => "knight",
        _ => "pawn",
    }
}

fn open(fen: &str) -> Result<RacingKings, String> {
    let fen: Fen = fen
        .trim()
        .parse()
        .map_err(|error| format!("shakmaty refuses the FEN: {error}"))?;
    fen.into_position(CastlingMode::Standard)
        .map_err(|error| format!("shakmaty refuses the position: {error}"))
}

fn fen(pos: &RacingKings) -> String {
    Fen::from_position(pos, EnPassantMode::Legal).to_string()
}

fn legal(pos: &RacingKings) -> Vec<String> {
    if pos.is_game_over() {
        return Vec::new();
    }
    pos.legal_moves()
        .iter()
        .map(|m| m.to_uci(CastlingMode::Standard).to_string())
        .collect()
}

/// The library's outcome in the protocol's words: the race (`goal`,
/// `goal-tie`), checkmate, stalemate.
fn status(pos: &RacingKings) -> Value {
    match pos.outcome() {
        Outcome::Unknown => json!({"result": "ongoing"}),
        Outcome::Known(KnownOutcome::Decisive { winner }) => {
            let reason = if pos.is_variant_end() { "goal" } else { "checkmate" };
            json!({"result": "won", "winners": [side(winner)], "reason": reason})
        }
        Outcome::Known(KnownOutcome::Draw) => {
            let reason = if pos.is_variant_end() {
                "goal-tie"
            } else if pos.is_insufficient_material() {
                "insufficient-material"
            } else {
                // own answer: status.reason: shakmaty has no word for stalemate; a drawn end that is neither the race nor material is one
                "stalemate"
            };
            json!({"result": "drawn", "reason": reason})
        }
    }
}

fn report(action: &str, actor: &str, capture: Value, checks: Value, next: Value, status: Value, events: Value, position: &str) -> Value {
    json!({"result": "legal", "position": position, "report": {
        "action": action, "actor": actor, "capture": capture, "promotion": null,
        "checks": checks, "eliminations": [], "control": [], "next": next,
        "status": status, "events": events, "clocks": {}, "position": position,
    }})
}

/// The results of `actions`, the position after them and the draw a
/// granted claim gave (for `status`).
type Played = (Vec<Value>, RacingKings, Option<Value>);

fn apply(pos: RacingKings, actions: &[Value]) -> Result<Vec<Value>, Skip> {
    play(pos, actions).map(|(results, _, _)| results)
}

/// The `status` request (2.2): the actions played as `apply` plays them,
/// then the library's own outcome (a granted claim is its draw) and who
/// moves next.
fn status_after(pos: RacingKings, actions: &[Value], seq: u64) -> Result<Value, Skip> {
    let (_, pos, drawn) = play(pos, actions)?;
    let status = drawn.unwrap_or_else(|| status(&pos));
    let to_move = if status["result"] == "ongoing" { json!(side(pos.turn())) } else { Value::Null };
    Ok(json!({"type": "status", "seq": seq, "status": status, "to_move": to_move}))
}

fn play(mut pos: RacingKings, actions: &[Value]) -> Result<Played, Skip> {
    let mut drawn = None;
    let mut results = Vec::new();
    let mut claimed = false;
    for action in actions {
        let action = action.as_str().unwrap_or("").trim().to_lowercase();
        let before = fen(&pos);
        let mover = pos.turn();
        if claimed {
            results.push(json!({"result": "illegal", "position": before}));
            continue;
        }
        if action == "claim" {
            if pos.is_game_over() {
                results.push(json!({"result": "illegal", "position": before}));
            } else if pos.halfmoves() >= 100 {
                // own answer: claim: shakmaty has no claims; the fifty-move claim is read off its half-move clock
                let draw = json!({"result": "drawn", "reason": "fifty-move"});
                results.push(report("claim", side(mover), Value::Null, json!([]), Value::Null, draw.clone(), json!([{"kind": "drawn"}]), &before));
                claimed = true;
                drawn = Some(draw);
            } else {
                return Err(Skip("shakmaty keeps no move history, so a threefold-repetition claim cannot be judged".into()));
            }
            continue;
        }
        if !legal(&pos).contains(&action) {
            results.push(json!({"result": "illegal", "position": before}));
            continue;
        }
        // own answer: refusal: shakmaty gives no refusal reason; a refused move is `illegal`
        let Ok(m) = action.parse::<UciMove>().map_err(|_| ()).and_then(|uci| uci.to_move(&pos).map_err(|_| ())) else {
            results.push(json!({"result": "illegal", "position": before}));
            continue;
        };
        let capture = m.capture().map(|role| {
            let at = m.to();
            json!({"kind": kind(role.char()), "owner": side(!mover), "at": at.to_string()})
        });
        pos.play_unchecked(m);
        let after = fen(&pos);
        let checks = if pos.is_check() { json!([side(!mover)]) } else { json!([]) };
        let status = status(&pos);
        let mut events = vec![json!({"kind": "moved", "party": side(mover)})];
        if let Some(capture) = &capture {
            events.push(json!({"kind": "captured", "party": capture["owner"], "at": capture["at"], "piece": capture["kind"]}));
        }
        if pos.is_check() {
            events.push(json!({"kind": "check", "parties": [side(!mover)]}));
        }
        match status["result"].as_str() {
            Some("won") => events.push(json!({"kind": "won", "party": status["winners"][0]})),
            Some("drawn") => events.push(json!({"kind": "drawn"})),
            _ => {}
        }
        let next = if status["result"] == "ongoing" { json!(side(!mover)) } else { Value::Null };
        results.push(report(&action, side(mover), capture.unwrap_or(Value::Null), checks, next, status, Value::Array(events), &after));
    }
    Ok((results, pos, drawn))
}

fn answer(request: &Value, seq: u64) -> Value {
    let kind = request["type"].as_str().unwrap_or("");
    if request["variant"] != "racingkings" {
        return json!({"type": "skipped", "seq": seq, "reason": format!("shakmaty adapter does not play {}", request["variant"])});
    }
    if request["rulings"].as_array().is_some_and(|r| !r.is_empty()) {
        return json!({"type": "skipped", "seq": seq, "reason": "shakmaty has no ruling settings"});
    }
    let pos = match open(request["position"].as_str().unwrap_or("")) {
        Ok(pos) => pos,
        Err(error) => return json!({"type": "errored", "seq": seq, "context": format!("cannot read position: {error}")}),
    };
    match kind {
        "moves" => {
            let mut moves = legal(&pos);
            if let Some(from) = request["from"].as_str() {
                match from.parse::<Square>() {
                    Ok(square) => {
                        let from = square.to_string();
                        moves.retain(|m| m.starts_with(&from));
                    }
                    Err(_) => return json!({"type": "errored", "seq": seq, "context": format!("`from` {from} is not a square")}),
                }
            }
            json!({"type": "moves", "seq": seq, "moves": moves})
        }
        "perft" => {
            let depth = request["depth"].as_u64().unwrap_or(0) as u32;
            let nodes = if depth > 0 && pos.is_game_over() { 0 } else { shakmaty::perft(&pos, depth) };
            json!({"type": "perft", "seq": seq, "nodes": nodes})
        }
        "apply" => match apply(pos, request["actions"].as_array().map(Vec::as_slice).unwrap_or(&[])) {
            Ok(results) => json!({"type": "applied", "seq": seq, "results": results}),
            Err(Skip(reason)) => json!({"type": "skipped", "seq": seq, "reason": reason}),
        },
        "status" => match status_after(pos, request["actions"].as_array().map(Vec::as_slice).unwrap_or(&[]), seq) {
            Ok(answer) => answer,
            Err(Skip(reason)) => json!({"type": "skipped", "seq": seq, "reason": reason}),
        },
        other => json!({"type": "skipped", "seq": seq, "reason": format!("unknown request type {other}")}),
    }
}

fn main() {
    let stdin = io::stdin();
    let mut out = io::stdout().lock();
    let mut started = false;
    for line in stdin.lock().lines() {
        let Ok(line) = line else { break };
        if line.trim().is_empty() {
            continue;
        }
        let reply = match serde_json::from_str::<Value>(&line) {
            Err(error) => json!({"type": "errored", "seq": 0, "context": format!("cannot read request: {error}")}),
            Ok(request) => match request["type"].as_str() {
                Some("stop") => break,
                Some("start") if started => json!({"type": "errored", "seq": 0, "context": "this session is already started"}),
                Some("start") => {
                    let theirs = request["protocol"].as_str().unwrap_or("");
                    if theirs.split('.').next() != PROTOCOL.split('.').next() {
                        json!({"type": "refused", "reason": format!("the harness speaks protocol {theirs}; this adapter speaks {PROTOCOL}")})
                    } else {
                        started = true;
                        json!({"type": "ready", "protocol": PROTOCOL, "name": "shakmaty", "version": VERSION,
                               "language": "Rust", "capabilities": ["apply", "moves", "perft", "status"], "variants": ["racingkings"]})
                    }
                }
                _ => answer(&request, request["seq"].as_u64().unwrap_or(0)),
            },
        };
        if writeln!(out, "{reply}").and_then(|()| out.flush()).is_err() {
            eprintln!("[shakmaty] stdout closed");
            break;
        }
    }
}
