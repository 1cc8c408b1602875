//! Driving a UCI engine as it is (Fairy-Stockfish and most hobby engines)
//! for the two-player variants: `conform --uci` and `fuzz --uci`
//! (`docs/uci.md`). [`UciEngine`] answers the protocol's requests by
//! asking the engine UCI questions, so the one conformance run and the one
//! differential driver use it like any other [`Responder`](crate::protocol::responder::Responder):
//!
//! - the legal moves of a position: `go perft 1` (one line per move);
//! - perft: `go perft N` (`Nodes searched`);
//! - an action: its legality (the move is in the engine's perft-1 set of
//!   the position before), the position after it (`d`, its `Fen:` line),
//!   check (`d`, its `Checkers:` line), and the game's end (no legal move
//!   after it; then `go depth 1`: `score mate 0` is a loss of the side to
//!   move, anything else a draw).
//!
//! Nothing is filled in from the reference engine: the report of an
//! action holds the engine's answers and placeholders for the rest, and
//! [`crate::protocol::responder::Responder::answers`] tells the runners which fields they may compare.

use std::collections::HashMap;
use std::io::Write;
use std::process::ChildStdin;
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

use crate::variant::{self, Game, VariantId};

use super::client::{handshake_failed, spawn_engine, tail_text, ClientError, EngineInfo};
use super::lines::{too_long_message, Line, MAX_LINE_BYTES};

mod answers;

/// The result code of an action the engine does not list as legal. UCI has
/// no refusal reasons, so every refusal carries this code.
pub const REFUSED: &str = "refused";

/// The report fields a UCI engine answers (besides the position).
pub const UCI_FIELDS: &[&str] = &["result", "checks", "next", "status", "winner", "position"];

/// The engine's `UCI_Variant` name of one of our variants; `None` for a
/// variant UCI engines do not play (MONARCHIE has six parties).
pub fn uci_variant_name(variant: VariantId) -> Option<&'static str> {
    crate::variant::info(variant).uci.map(|uci| uci.name)
}

/// Why `--uci` cannot play `variant`: the variants without a UCI name.
pub fn no_uci_variant(variant: VariantId) -> String {
    let info = variant::info(variant);
    let players = if info.parties.len() == 2 {
        "a two-player variant without a UCI_Variant name".to_string()
    } else {
        format!("a {}-party variant", info.parties.len())
    };
    format!(
        "{} is {players}: --uci plays only grand and racingkings (UCI_Variant grand and racingkings); speak the regelwerk protocol with --engine instead (docs/protocol.md)",
        info.title
    )
}

/// What `d` showed about a position.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct Shown {
    /// The `Fen:` line.
    fen: Option<String>,
    /// Whether the `Checkers:` line names a square.
    in_check: Option<bool>,
}

/// What the engine said about one position: its legal moves, and what
/// `d` showed (when the engine offers `d`).
#[derive(Clone, Debug, Default)]
struct Snapshot {
    moves: Vec<String>,
    shown: Shown,
}

/// A UCI engine process playing one variant.
pub struct UciEngine {
    command: String,
    timeout: Duration,
    variant: VariantId,
    engine_variant: String,
    child: Option<super::process::EngineProcess>,
    stdin: Option<ChildStdin>,
    lines: Option<Receiver<Line>>,
    stderr_tail: super::client::StderrTail,
    info: EngineInfo,
    restarts: usize,
    offers_fen: bool,
    cache: HashMap<String, Snapshot>,
    notation: Box<dyn Game>,
}

impl UciEngine {
    /// Starts the engine, shakes hands (`uci`/`uciok`), selects the
    /// variant (`setoption name UCI_Variant value NAME`; `engine_variant`
    /// overrides our name) and waits for `readyok`.
    ///
    /// # Errors
    /// [`ClientError`] if it cannot start, never says `uciok` or
    /// `readyok`, or does not offer the variant.
    pub fn start(
        command: &str,
        variant: VariantId,
        engine_variant: Option<&str>,
        timeout: Duration,
    ) -> Result<UciEngine, ClientError> {
        let engine_variant = match engine_variant.or(uci_variant_name(variant)) {
            Some(name) => name.to_string(),
            None => return Err(ClientError::Handshake(no_uci_variant(variant))),
        };
        let notation = variant::open(variant, None, &[])
            .map_err(|error| ClientError::Spawn(error.to_string()))?;
        let mut engine = UciEngine {
            command: command.to_string(),
            timeout,
            variant,
            engine_variant,
            child: None,
            stdin: None,
            lines: None,
            stderr_tail: super::client::StderrTail::default(),
            info: EngineInfo::default(),
            restarts: 0,
            offers_fen: false,
            cache: HashMap::new(),
            notation,
        };
        engine.launch()?;
        Ok(engine)
    }

    /// What the engine said about itself.
    pub fn info(&self) -> &EngineInfo {
        &self.info
    }

    /// How often it was restarted.
    pub fn restarts(&self) -> usize {
        self.restarts
    }

    /// Whether its `d` command prints the position as FEN.
    pub fn offers_fen(&self) -> bool {
        self.offers_fen
    }

    /// The last lines of its stderr.
    pub fn stderr_tail(&self) -> String {
        tail_text(&self.stderr_tail)
    }

    fn launch(&mut self) -> Result<(), ClientError> {
        let (child, stdin, receiver) = spawn_engine(&self.command, &self.stderr_tail)?;
        self.stdin = stdin;
        self.child = Some(child);
        self.lines = Some(receiver);
        self.cache.clear();
        self.handshake().map_err(|error| {
            let error = match error {
                ClientError::Handshake(text) => text,
                other => other.to_string(),
            };
            handshake_failed(&error, &self.stderr_tail)
        })
    }

    fn handshake(&mut self) -> Result<(), ClientError> {
        self.send(&["uci"])?;
        let lines = self
            .read_until(|line| line == "uciok")
            .map_err(|error| match error {
                ClientError::Timeout(t) => ClientError::Handshake(format!(
                    "no `uciok` within {:.2} s after `uci`",
                    t.as_secs_f64()
                )),
                other => other,
            })?;
        let mut name = String::new();
        let mut variants: Option<Vec<String>> = None;
        for line in &lines {
            if let Some(rest) = line.strip_prefix("id name ") {
                name = rest.trim().to_string();
            }
            if let Some(rest) = line.strip_prefix("option name UCI_Variant ") {
                let words: Vec<&str> = rest.split_whitespace().collect();
                variants = Some(
                    words
                        .windows(2)
                        .filter(|pair| pair[0] == "var")
                        .map(|pair| pair[1].to_string())
                        .collect(),
                );
            }
        }
        match &variants {
            None => {
                return Err(ClientError::Handshake(
                    "the engine has no UCI_Variant option".to_string(),
                ))
            }
            Some(list) if !list.contains(&self.engine_variant) => {
                return Err(ClientError::Handshake(format!(
                    "the engine's UCI_Variant does not offer `{}`",
                    self.engine_variant
                )))
            }
            Some(_) => {}
        }
        let select = format!("setoption name UCI_Variant value {}", self.engine_variant);
        self.send(&[&select, "isready"])?;
        self.read_until(|line| line == "readyok")
            .map_err(|error| match error {
                ClientError::Timeout(t) => ClientError::Handshake(format!(
                    "no `readyok` within {:.2} s after `isready`",
                    t.as_secs_f64()
                )),
                other => other,
            })?;
        let start = self.notation.position_text();
        let shown = self.display(&position_command(&start, &start, &[]))?;
        self.offers_fen = shown.fen.is_some();
        // UCI's `id name` holds name and version in one text (and no
        // language): it is kept whole as the name.
        self.info = EngineInfo {
            name: if name.is_empty() {
                "(unnamed UCI engine)".to_string()
            } else {
                name
            },
            version: String::new(),
            language: String::new(),
            protocol: "uci".to_string(),
            capabilities: vec![
                "moves".to_string(),
                "perft".to_string(),
                "apply".to_string(),
                "status".to_string(),
            ],
            variants: vec![self.variant],
            rulings: Vec::new(),
        };
        Ok(())
    }

    /// perft of `fen` (`go perft DEPTH`), the engine's own count; for
    /// benchmarks and checks outside a conformance run.
    ///
    /// # Errors
    /// [`ClientError`] when no count came.
    pub fn perft(&mut self, fen: &str, depth: u32) -> Result<u64, ClientError> {
        let command = position_command(&self.notation.position_text(), fen, &[]);
        self.perft_lines(&command, depth).map(|(_, nodes)| nodes)
    }

    /// Kills the process and starts it again.
    ///
    /// # Errors
    /// [`ClientError`] if the new start fails.
    pub fn restart(&mut self) -> Result<(), ClientError> {
        self.kill();
        self.restarts += 1;
        self.launch()
    }

    fn kill(&mut self) {
        self.stdin = None;
        self.lines = None;
        if let Some(mut child) = self.child.take() {
            child.end();
        }
    }

    /// Says `quit` and waits briefly for the process to end.
    pub fn stop(mut self) {
        if let Some(stdin) = self.stdin.as_mut() {
            let _ = writeln!(stdin, "quit");
            let _ = stdin.flush();
        }
        self.stdin = None;
        if let Some(child) = self.child.take() {
            child.end_after(Duration::from_millis(200));
        }
    }

    /// Writes command lines, after dropping any line left over from an
    /// earlier answer.
    fn send(&mut self, commands: &[&str]) -> Result<(), ClientError> {
        if let Some(lines) = self.lines.as_ref() {
            while lines.try_recv().is_ok() {}
        }
        let stdin = self.stdin.as_mut().ok_or(ClientError::Closed)?;
        for command in commands {
            writeln!(stdin, "{command}").map_err(|_| ClientError::Closed)?;
        }
        stdin.flush().map_err(|_| ClientError::Closed)
    }

    /// Reads lines until one satisfies `end` (included), within the
    /// timeout. Lines the harness does not understand are kept and
    /// ignored by the callers (UCI tells a GUI to ignore them).
    fn read_until(
        &mut self,
        mut end: impl FnMut(&str) -> bool,
    ) -> Result<Vec<String>, ClientError> {
        let deadline = Instant::now() + self.timeout;
        let lines = self.lines.as_ref().ok_or(ClientError::Closed)?;
        let mut read = Vec::new();
        let mut bytes = 0usize;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match lines.recv_timeout(left) {
                Ok(Line::TooLong) => return Err(ClientError::Invalid(too_long_message())),
                Ok(Line::Text(line)) => {
                    bytes += line.len();
                    if bytes > MAX_LINE_BYTES {
                        return Err(ClientError::Invalid(format!(
                            "an answer longer than MAX_LINE_BYTES ({} MiB) in all",
                            MAX_LINE_BYTES / (1024 * 1024)
                        )));
                    }
                    let line = line.trim().to_string();
                    let done = end(&line);
                    read.push(line);
                    if done {
                        return Ok(read);
                    }
                }
                Err(RecvTimeoutError::Timeout) => return Err(ClientError::Timeout(self.timeout)),
                Err(RecvTimeoutError::Disconnected) => return Err(ClientError::Closed),
            }
        }
    }

    /// `go perft DEPTH` after `position`: the divide lines and the total.
    fn perft_lines(
        &mut self,
        position: &str,
        depth: u32,
    ) -> Result<(Vec<(String, u64)>, u64), ClientError> {
        let go = format!("go perft {depth}");
        self.send(&[position, &go])?;
        let lines = self.read_until(|line| line.starts_with("Nodes searched"))?;
        let mut divide = Vec::new();
        let mut total = None;
        for line in &lines {
            if let Some(rest) = line.strip_prefix("Nodes searched:") {
                total = rest.trim().parse::<u64>().ok();
            } else if let Some((mv, count)) = line.split_once(':') {
                let (mv, count) = (mv.trim(), count.trim());
                let plausible = !mv.is_empty()
                    && !mv.contains(' ')
                    && mv.chars().next().is_some_and(|c| c.is_ascii_lowercase());
                if let (true, Ok(count)) = (plausible, count.parse::<u64>()) {
                    divide.push((mv.to_string(), count));
                }
            }
        }
        let total = total.ok_or_else(|| {
            ClientError::Invalid(format!(
                "`Nodes searched` without a number: {}",
                lines.last().map(String::as_str).unwrap_or("")
            ))
        })?;
        Ok((divide, total))
    }
}

impl Drop for UciEngine {
    fn drop(&mut self) {
        self.kill();
    }
}

/// The `position` command: `startpos` for the variant's start position,
/// else `fen FEN`, then the moves.
pub fn position_command(start_fen: &str, fen: &str, moves: &[String]) -> String {
    let mut command = if fen.trim() == start_fen {
        "position startpos".to_string()
    } else {
        format!("position fen {}", fen.trim())
    };
    if !moves.is_empty() {
        command.push_str(" moves ");
        command.push_str(&moves.join(" "));
    }
    command
}

#[cfg(test)]
mod tests {
    use super::answers::{kings_on_last_rank, side_of, split_move};
    use super::*;

    #[test]
    fn moves_split_into_squares() {
        assert_eq!(split_move("e2e4"), ("e2", "e4"));
        assert_eq!(split_move("e10e9q"), ("e10", "e9"));
        assert_eq!(split_move("a9a10c"), ("a9", "a10"));
        assert_eq!(split_move("j1j10"), ("j1", "j10"));
    }

    #[test]
    fn position_commands_use_startpos_for_the_start() {
        let start = "8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - - 0 1";
        assert_eq!(position_command(start, start, &[]), "position startpos");
        assert_eq!(
            position_command(
                start,
                "8/8/8/8/8/8/krbnNBRK/qrbnNBR1 w - - 0 1",
                &["h2h3".into()]
            ),
            "position fen 8/8/8/8/8/8/krbnNBRK/qrbnNBR1 w - - 0 1 moves h2h3"
        );
    }

    #[test]
    fn fen_fields_are_read() {
        assert_eq!(side_of("8/8/8/8/8/8/8/8 b - - 0 1"), Some("black"));
        assert_eq!(side_of("junk"), None);
        assert_eq!(
            kings_on_last_rank("6Kk/8/8/8/8/8/8/8 w - - 0 1"),
            (true, true)
        );
        assert_eq!(
            kings_on_last_rank("k7/6K1/8/8/8/8/8/8 w - - 0 1"),
            (false, true)
        );
        assert_eq!(
            kings_on_last_rank("8/6K1/8/8/8/8/8/k7 w - - 0 1"),
            (false, false)
        );
    }

    #[test]
    fn monarchie_has_no_uci_name() {
        assert_eq!(uci_variant_name(VariantId::Monarchie), None);
        assert_eq!(uci_variant_name(VariantId::Grand), Some("grand"));
    }
}
