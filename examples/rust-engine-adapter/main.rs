//! A Rust engine adapter skeleton for the regelwerk engine protocol 2.2
//! (docs/protocol.md, docs/implementers.md): one JSON request per line on
//! stdin, exactly one JSON answer per line on stdout (flushed), logs on
//! stderr only.
//!
//! It computes nothing itself: like the Python adapter next to it, it
//! relays `apply`, `moves` and `perft` to a `regelwerk serve` child. A real
//! engine replaces [`Engine::answer`] with its own move generator and keeps
//! the rest: the handshake, `seq`, `errored` for what it cannot read, and
//! `stop`.
//!
//! ```sh
//! cargo run --example rust-engine-adapter -- target/debug/regelwerk
//! regelwerk conform --variant racingkings \
//!     --engine "target/debug/examples/rust-engine-adapter target/debug/regelwerk"
//! ```
//!
//! `ADAPTER_RULINGS=S-PAWN-DIR=box` (comma-separated settings) plays those
//! readings and declares them in `ready` (`rulings`, protocol 2.1).

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

use serde_json::{json, Value};

/// The protocol version this adapter is written for.
const PROTOCOL: &str = "2.2";
const NAME: &str = "rust-adapter";

/// The major and minor parts of a `MAJOR.MINOR` version text.
fn version(text: &str) -> Option<(u32, u32)> {
    let (major, minor) = text.split_once('.')?;
    Some((major.parse().ok()?, minor.parse().ok()?))
}

fn log(message: &str) {
    // Logs go to stderr: the harness shows a failing request's lines.
    eprintln!("[{NAME}] {message}");
}

fn errored(seq: u64, context: &str) -> Value {
    json!({"type": "errored", "seq": seq, "context": context})
}

/// The engine behind the adapter: here a `regelwerk serve` child.
struct Engine {
    child: Child,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
}

impl Engine {
    fn start(program: &str, rulings: &[String]) -> std::io::Result<Engine> {
        let mut command = Command::new(program);
        command.arg("serve");
        for setting in rulings {
            command.args(["--ruling", setting]);
        }
        let mut child = command
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()?;
        let stdin = child.stdin.take().ok_or(std::io::ErrorKind::BrokenPipe)?;
        let stdout = child.stdout.take().ok_or(std::io::ErrorKind::BrokenPipe)?;
        Ok(Engine {
            child,
            stdin,
            stdout: BufReader::new(stdout),
        })
    }

    /// The answer to `apply`, `moves` or `perft`. A real engine reads
    /// `variant`, `position`, `rulings` and the request's own fields here,
    /// and builds `applied`, `moves` or `perft` (or `skipped` for a ruling
    /// setting it does not play).
    fn answer(&mut self, request: &Value) -> Value {
        let seq = request["seq"].as_u64().unwrap_or(0);
        let mut reply = String::new();
        let sent = writeln!(self.stdin, "{request}").and_then(|()| self.stdin.flush());
        if sent.is_err() || self.stdout.read_line(&mut reply).unwrap_or(0) == 0 {
            return errored(seq, "the engine behind the adapter exited");
        }
        serde_json::from_str(&reply)
            .unwrap_or_else(|error| errored(seq, &format!("the engine answered no JSON: {error}")))
    }

    fn stop(mut self) {
        let _ = writeln!(self.stdin, "{}", json!({"type": "stop"}));
        let _ = self.child.wait();
    }
}

/// The answer to `start`: `ready`, or `refused` for another major version.
fn handshake(request: &Value, rulings: &[String]) -> Value {
    let theirs = request["protocol"].as_str().unwrap_or("");
    let ours = version(PROTOCOL);
    match version(theirs) {
        Some((major, minor)) if Some(major) == ours.map(|v| v.0) => {
            let mut ready = json!({
                "type": "ready", "protocol": PROTOCOL, "name": NAME,
                "version": env!("CARGO_PKG_VERSION"), "language": "Rust",
                "capabilities": ["apply", "moves", "perft"],
                "variants": ["monarchie", "grand", "racingkings", "threekingdoms", "sovereign"],
            });
            // Speak the older minor version: `rulings` is new in 2.1, the
            // `status` request (answered by the engine behind) in 2.2.
            if minor >= 1 && !rulings.is_empty() {
                ready["rulings"] = json!(rulings);
            }
            if minor >= 2 {
                ready["capabilities"] = json!(["apply", "moves", "perft", "status"]);
            }
            ready
        }
        Some(_) => json!({
            "type": "refused",
            "reason": format!("the harness speaks protocol {theirs}; this adapter speaks {PROTOCOL}"),
        }),
        None => errored(
            0,
            "cannot read request: `start` needs `protocol`, e.g. \"2.2\"",
        ),
    }
}

fn main() -> std::process::ExitCode {
    let program = std::env::args()
        .nth(1)
        .or_else(|| std::env::var("REGELWERK").ok())
        .unwrap_or_else(|| "regelwerk".to_string());
    let rulings: Vec<String> = std::env::var("ADAPTER_RULINGS")
        .unwrap_or_default()
        .split(',')
        .map(str::trim)
        .filter(|setting| !setting.is_empty())
        .map(str::to_string)
        .collect();
    let mut engine = match Engine::start(&program, &rulings) {
        Ok(engine) => engine,
        Err(error) => {
            log(&format!("cannot start {program} serve: {error}"));
            return std::process::ExitCode::from(3);
        }
    };
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    // The protocol the first `start` named, once it was answered `ready`:
    // one handshake per session (docs/protocol.md §3).
    let mut session: Option<String> = None;
    for line in std::io::stdin().lock().lines() {
        let Ok(line) = line else { break };
        if line.trim().is_empty() {
            continue;
        }
        let answer = match serde_json::from_str::<Value>(&line) {
            Err(error) => errored(0, &format!("cannot read request: {error}")),
            Ok(request) => match request["type"].as_str() {
                Some("start") if session.is_some() => errored(
                    0,
                    &format!(
                        "cannot answer `start` (protocol {}): this session is already started (its handshake named protocol {})",
                        request["protocol"].as_str().unwrap_or_default(),
                        session.as_deref().unwrap_or_default()
                    ),
                ),
                Some("start") => {
                    let answer = handshake(&request, &rulings);
                    if answer["type"] == "ready" {
                        session = request["protocol"].as_str().map(str::to_string);
                    }
                    answer
                }
                Some("stop") => break,
                Some("apply" | "moves" | "perft" | "status") => engine.answer(&request),
                other => errored(
                    request["seq"].as_u64().unwrap_or(0),
                    &format!("unknown request type {other:?}"),
                ),
            },
        };
        // One line per answer, flushed, or the harness waits in vain.
        if writeln!(out, "{answer}")
            .and_then(|()| out.flush())
            .is_err()
        {
            break;
        }
    }
    engine.stop();
    std::process::ExitCode::SUCCESS
}
