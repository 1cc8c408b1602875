//! Talking to an external engine process: spawn it, shake hands, send a
//! request and wait for the answer with a timeout, keep the tail of its
//! stderr, restart it after a crash.

use std::io::{BufReader, Write};
use std::process::{ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::Duration;

use super::lines::{too_long_message, Line, LineReader};
use super::messages::{Request, Response, PROTOCOL_VERSION};
use super::process::EngineProcess;

/// What the engine said about itself in the handshake.
#[derive(Clone, Debug, PartialEq, Eq, Default, serde::Serialize, serde::Deserialize)]
pub struct EngineInfo {
    /// Its name.
    pub name: String,
    /// Its version.
    pub version: String,
    /// Its language.
    pub language: String,
    /// The protocol version it speaks.
    pub protocol: String,
    /// What it supports.
    pub capabilities: Vec<String>,
    /// The rule systems it plays.
    pub variants: Vec<crate::variant::VariantId>,
    /// The ruling settings it plays (protocol 2.1; empty: the defaults).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub rulings: Vec<String>,
}

impl EngineInfo {
    /// Whether the engine may be sent `status` requests: it speaks
    /// protocol 2.2 or later and names the capability.
    pub fn answers_status(&self) -> bool {
        let minor = self
            .protocol
            .split_once('.')
            .and_then(|(_, minor)| minor.parse::<u32>().ok());
        minor.is_some_and(|minor| minor >= 2)
            && self
                .capabilities
                .iter()
                .any(|capability| capability == super::messages::STATUS_CAPABILITY)
    }
}

/// Why a request got no usable answer.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ClientError {
    /// The engine could not be started.
    #[error("cannot start the engine: {0}")]
    Spawn(String),
    /// The engine did not answer in time.
    #[error("no answer within {:.2} s", .0.as_secs_f64())]
    Timeout(Duration),
    /// The engine exited or closed its stdout.
    #[error("the engine closed its output (exited or crashed)")]
    Closed,
    /// The engine answered something that is not a valid message.
    #[error("invalid reply: {0}")]
    Invalid(String),
    /// The handshake failed.
    #[error("handshake failed: {0}")]
    Handshake(String),
}

/// A running engine.
pub struct Engine {
    command: String,
    timeout: Duration,
    child: Option<EngineProcess>,
    stdin: Option<ChildStdin>,
    lines: Option<Receiver<Line>>,
    stderr_tail: StderrTail,
    /// How many stderr lines had been written when the current request
    /// was sent, and when its answer (or failure) was there: the lines
    /// between belong to that request (docs/protocol.md, stderr).
    mark: u64,
    end: u64,
    /// The requests whose answer was taken, by seq, since the last
    /// (re)start: a later line answering one of them again is a second
    /// answer.
    answered: std::collections::BTreeSet<u64>,
    /// The seqs answered more than once, not yet handed over
    /// ([`Engine::take_repeated`]).
    repeated: Vec<u64>,
    /// The stderr of the last request, kept when it failed (before the
    /// restart that follows).
    failed_stderr: Option<String>,
    info: EngineInfo,
    restarts: usize,
}

fn request_seq(request: &Request) -> Option<u64> {
    request.seq()
}

fn response_seq(response: &Response) -> Option<u64> {
    response.seq()
}

/// Reads lines as bytes within [`super::lines::MAX_LINE_BYTES`], so that bytes that are
/// not UTF-8 neither stop the reader nor close the pipe (they are
/// replaced, and the line goes on) and an endless line takes no more
/// memory than the limit.
pub(crate) fn lossy_lines(reader: impl std::io::Read, mut each: impl FnMut(Line) -> bool) {
    for line in LineReader::new(BufReader::new(reader)) {
        let Ok(line) = line else {
            return;
        };
        if !each(line.lossy()) {
            return;
        }
    }
}

/// Reads one reply line as a response.
///
/// # Errors
/// [`ClientError::Invalid`] naming what is wrong, quoting the line's start.
pub fn parse_reply(reply: &str) -> Result<Response, ClientError> {
    serde_json::from_str(reply).map_err(|error| {
        ClientError::Invalid(format!(
            "{}: {}",
            super::words::json_error(&error),
            crate::input::quote(reply)
        ))
    })
}

pub(crate) use super::stderr::StderrTail;

/// A failed handshake, with what the engine wrote to stderr before it
/// failed (read from the pipe at once, [`StderrTail::settle`]).
pub(crate) fn handshake_failed(error: &str, tail: &StderrTail) -> ClientError {
    let tail = tail_text(tail);
    if tail.is_empty() {
        ClientError::Handshake(error.to_string())
    } else {
        ClientError::Handshake(format!("{error}; engine stderr: {tail}"))
    }
}

/// The kept stderr lines as one text.
pub(crate) fn tail_text(tail: &StderrTail) -> String {
    tail.text()
}

/// Starts an engine process from its command line: its stdout as a
/// channel of lines (read as bytes, so that text that is not UTF-8 never
/// stops the reader), its stderr's last lines kept in `tail`, its stdin.
///
/// # Errors
/// [`ClientError::Spawn`] when it cannot be started.
pub(crate) fn spawn_engine(
    command: &str,
    tail: &StderrTail,
) -> Result<(EngineProcess, Option<ChildStdin>, Receiver<Line>), ClientError> {
    let words = split_command(command).map_err(|error| ClientError::Spawn(error.to_string()))?;
    let (program, args) = words
        .split_first()
        .ok_or_else(|| ClientError::Spawn("the engine command is empty".to_string()))?;
    let mut process = EngineProcess::spawn(
        Command::new(program)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped()),
    )
    .map_err(|error| ClientError::Spawn(crate::input::program_failure(&words, &error)))?;
    let child = process.child_mut().ok_or(ClientError::Closed)?;
    let stdout = child.stdout.take().ok_or(ClientError::Closed)?;
    let stderr = child.stderr.take().ok_or(ClientError::Closed)?;
    let (sender, receiver) = mpsc::channel();
    std::thread::spawn(move || lossy_lines(stdout, |line| sender.send(line).is_ok()));
    tail.attach(stderr);
    let stdin = child.stdin.take();
    Ok((process, stdin, receiver))
}

/// Splits a command line into words, honouring single and double quotes.
///
/// # Errors
/// A quote that is never closed (`python3 'engine.py`): the words would
/// not be the ones meant.
pub fn split_command(text: &str) -> Result<Vec<String>, UnclosedQuote> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut quote = None;
    let mut any = false;
    for c in text.chars() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some(_), c) => word.push(c),
            (None, '\'' | '"') => {
                quote = Some(c);
                any = true;
            }
            (None, c) if c.is_whitespace() => {
                if any || !word.is_empty() {
                    words.push(std::mem::take(&mut word));
                    any = false;
                }
            }
            (None, c) => word.push(c),
        }
    }
    if let Some(q) = quote {
        return Err(UnclosedQuote {
            command: text.to_string(),
            quote: q,
        });
    }
    if any || !word.is_empty() {
        words.push(word);
    }
    Ok(words)
}

/// An engine command with a quote that is never closed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "the engine command `{}` opens a {quote} quote and never closes it",
    crate::input::quote(.command)
)]
pub struct UnclosedQuote {
    /// The command.
    pub command: String,
    /// The quote character.
    pub quote: char,
}

impl Engine {
    /// Starts the engine and performs the handshake.
    ///
    /// # Errors
    /// [`ClientError`] if it cannot start or the handshake fails.
    pub fn start(command: &str, timeout: Duration) -> Result<Engine, ClientError> {
        let mut engine = Engine {
            command: command.to_string(),
            timeout,
            child: None,
            stdin: None,
            lines: None,
            stderr_tail: StderrTail::default(),
            mark: 0,
            end: 0,
            answered: std::collections::BTreeSet::new(),
            repeated: Vec::new(),
            failed_stderr: None,
            info: EngineInfo::default(),
            restarts: 0,
        };
        engine.launch()?;
        Ok(engine)
    }

    /// What the engine said in the handshake.
    pub fn info(&self) -> &EngineInfo {
        &self.info
    }

    /// How often the engine was restarted.
    pub fn restarts(&self) -> usize {
        self.restarts
    }

    /// What the engine wrote to stderr during the last request (its last
    /// 20 lines): the request that failed, when it did.
    pub fn stderr_tail(&self) -> String {
        if let Some(text) = &self.failed_stderr {
            return text.clone();
        }
        self.stderr_tail.between(self.mark, self.end)
    }

    /// The seqs of requests the engine answered more than once since the
    /// last call (docs/protocol.md: exactly one response per request; the
    /// campaign charges each to the case that sent it).
    pub fn take_repeated(&mut self) -> Vec<u64> {
        std::mem::take(&mut self.repeated)
    }

    /// Notes a line that came when no answer was awaited, or while
    /// another was: a second answer to a request already answered is
    /// noted; anything else is left as before (an answer to no request
    /// still fails the request it is taken for).
    fn note_repeat(&mut self, line: &Line) -> bool {
        let Line::Text(text) = line else {
            return false;
        };
        match parse_reply(text).ok().as_ref().and_then(response_seq) {
            Some(seq) if self.answered.contains(&seq) => {
                self.repeated.push(seq);
                true
            }
            _ => false,
        }
    }

    /// Takes every line waiting on stdout now, noting second answers.
    fn take_waiting(&mut self) {
        let waiting: Vec<Line> = match self.lines.as_ref() {
            Some(lines) => std::iter::from_fn(|| lines.try_recv().ok()).collect(),
            None => Vec::new(),
        };
        for line in &waiting {
            self.note_repeat(line);
        }
    }

    fn launch(&mut self) -> Result<(), ClientError> {
        let (child, stdin, receiver) = spawn_engine(&self.command, &self.stderr_tail)?;
        self.stdin = stdin;
        self.child = Some(child);
        self.lines = Some(receiver);
        let ready = self
            .exchange(&Request::Start {
                protocol: PROTOCOL_VERSION.to_string(),
            })
            .map_err(|error| handshake_failed(&error.to_string(), &self.stderr_tail))?;
        match ready {
            Response::Ready {
                protocol,
                name,
                version,
                language,
                capabilities,
                variants,
                rulings,
            } => {
                if !super::messages::compatible(&protocol) {
                    return Err(ClientError::Handshake(format!(
                        "the engine speaks protocol {protocol}, the harness {PROTOCOL_VERSION}"
                    )));
                }
                self.info = EngineInfo {
                    name,
                    version,
                    language,
                    protocol,
                    capabilities,
                    variants,
                    rulings,
                };
                Ok(())
            }
            Response::Refused { reason } => Err(ClientError::Handshake(format!(
                "the engine refused protocol {PROTOCOL_VERSION}: {reason}"
            ))),
            other => Err(ClientError::Handshake(format!(
                "expected 'ready', got '{}'",
                super::words::response_type(&other)
            ))),
        }
    }

    /// Kills the process and starts it again with a new handshake.
    ///
    /// # Errors
    /// [`ClientError`] if the new start fails.
    pub fn restart(&mut self) -> Result<(), ClientError> {
        self.kill();
        self.restarts += 1;
        self.launch()
    }

    fn kill(&mut self) {
        // A second answer already sent is still charged before the
        // process (and its output) goes.
        self.take_waiting();
        self.answered.clear();
        self.stdin = None;
        self.lines = None;
        if let Some(mut child) = self.child.take() {
            child.end();
        }
    }

    fn exchange(&mut self, request: &Request) -> Result<Response, ClientError> {
        let line = serde_json::to_string(request)
            .map_err(|error| ClientError::Invalid(error.to_string()))?;
        // Lines left over from an earlier answer (an engine that said too
        // much) are never taken for this answer; a second answer among
        // them is noted.
        self.take_waiting();
        // The stderr written so far is the earlier requests' or between
        // requests; this request's starts here.
        self.mark = self.stderr_tail.settle();
        let answer = self.send_and_wait(request, &line);
        // Everything the engine wrote to stderr before its answer is in
        // the pipe now: read it, so that it is this request's.
        self.end = self.stderr_tail.settle();
        let response = answer?;
        if let Some(seq) = request_seq(request) {
            self.answered.insert(seq);
        }
        Ok(response)
    }

    fn send_and_wait(&mut self, request: &Request, line: &str) -> Result<Response, ClientError> {
        let stdin = self.stdin.as_mut().ok_or(ClientError::Closed)?;
        writeln!(stdin, "{line}").map_err(|_| ClientError::Closed)?;
        stdin.flush().map_err(|_| ClientError::Closed)?;
        let deadline = std::time::Instant::now() + self.timeout;
        loop {
            let lines = self.lines.as_ref().ok_or(ClientError::Closed)?;
            let left = deadline.saturating_duration_since(std::time::Instant::now());
            let reply = match lines.recv_timeout(left) {
                Ok(Line::Text(reply)) => reply,
                Ok(Line::TooLong) => return Err(ClientError::Invalid(too_long_message())),
                Err(RecvTimeoutError::Timeout) => return Err(ClientError::Timeout(self.timeout)),
                Err(RecvTimeoutError::Disconnected) => return Err(ClientError::Closed),
            };
            // A second answer to an earlier request, sent late: noted for
            // that request's case, and this request's answer still awaited.
            let response = parse_reply(&reply)?;
            let seq = response_seq(&response);
            if seq != request_seq(request) && self.note_repeat(&Line::Text(reply)) {
                continue;
            }
            if let (Some(asked), Some(answered)) = (request_seq(request), response_seq(&response)) {
                if asked != answered {
                    return Err(ClientError::Invalid(format!(
                        "answer for seq {answered}, expected seq {asked}"
                    )));
                }
            }
            return Ok(response);
        }
    }

    /// Sends a request and waits for its answer. After a crash, a timeout
    /// or an invalid reply the engine is restarted (so the next request
    /// finds it ready) and the error is returned.
    ///
    /// # Errors
    /// [`ClientError`] when no valid answer came.
    pub fn request(&mut self, request: &Request) -> Result<Response, ClientError> {
        self.failed_stderr = None;
        match self.exchange(request) {
            Ok(response) => Ok(response),
            Err(error) => {
                // The request's stderr (read at its failure), before the
                // restart writes more.
                let during = self.stderr_tail.between(self.mark, self.end);
                // Best effort: a failed restart shows up on the next request.
                let _ = self.restart();
                self.failed_stderr = Some(during);
                Err(error)
            }
        }
    }

    /// Says `stop` and waits briefly for the process to end.
    pub fn stop(self) {
        let _ = self.finish();
    }

    /// Says `stop`, reads what the engine still writes until it ends
    /// (at most 200 ms), and returns the seqs it answered more than once
    /// that were not handed over yet (the last request's second answer
    /// comes after it).
    pub fn finish(mut self) -> Vec<u64> {
        if let Some(stdin) = self.stdin.as_mut() {
            let _ = writeln!(stdin, "{}", serde_json::json!({"type": "stop"}));
            let _ = stdin.flush();
        }
        self.stdin = None;
        let deadline = std::time::Instant::now() + Duration::from_millis(200);
        let mut rest = Vec::new();
        if let Some(lines) = self.lines.as_ref() {
            while let Ok(line) =
                lines.recv_timeout(deadline.saturating_duration_since(std::time::Instant::now()))
            {
                rest.push(line);
            }
        }
        for line in &rest {
            self.note_repeat(line);
        }
        if let Some(child) = self.child.take() {
            child.end_after(deadline.saturating_duration_since(std::time::Instant::now()));
        }
        self.take_repeated()
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        self.kill();
    }
}
