//! An engine's stderr, kept and told apart by request. The engine writes
//! to two pipes, and a thread that reads stderr on its own can fall
//! behind the answer on stdout (under load, a line written before an
//! answer arrived after it and was charged to the next request). So the
//! harness does not rely on the reading thread's pace: at each boundary
//! of a request (before it is sent, when its answer or its failure is
//! there) it drains the stderr pipe itself, under the same lock as the
//! thread. A line the engine wrote before it answered is then always the
//! request's; a line written after an answer and before the next request
//! is sent is "between requests", charged to neither. The thread only
//! keeps the pipe from filling up while a request runs (an engine that
//! logs a lot never blocks).

use std::collections::VecDeque;
use std::io::Read;
use std::process::ChildStderr;
use std::sync::{Arc, Mutex};

use super::lines::too_long_message;
use crate::input::MAX_LINE_BYTES;

/// Lines of stderr kept for reports.
pub(crate) const STDERR_TAIL: usize = 20;

/// The last lines kept, each with its number, and how many lines the
/// engine has written in all.
#[derive(Debug, Default)]
struct Log {
    lines: VecDeque<(u64, String)>,
    written: u64,
}

impl Log {
    fn push(&mut self, line: String) {
        if self.lines.len() == STDERR_TAIL {
            self.lines.pop_front();
        }
        self.lines.push_back((self.written, line));
        self.written += 1;
    }
}

/// One process's stderr pipe and the line it is in the middle of.
#[derive(Debug)]
struct Pipe {
    /// The pipe (dropped only by the reading thread, after the end, so
    /// that it never polls a closed descriptor).
    file: Option<ChildStderr>,
    /// The bytes of the line not yet ended.
    pending: Vec<u8>,
    /// The line not yet ended is over [`MAX_LINE_BYTES`] (its rest is
    /// skipped).
    overlong: bool,
    /// The engine closed its stderr.
    ended: bool,
}

impl Pipe {
    /// Reads everything the pipe holds now (never waits) into `log`.
    fn drain(&mut self, log: &Mutex<Log>) {
        if self.ended {
            return;
        }
        let mut buffer = [0u8; 8192];
        loop {
            let Some(file) = self.file.as_mut() else {
                return;
            };
            match file.read(&mut buffer) {
                Ok(0) => {
                    self.ended = true;
                    if !self.pending.is_empty() || self.overlong {
                        self.end_line(log);
                    }
                    return;
                }
                Ok(count) => {
                    for &byte in &buffer[..count] {
                        self.feed(byte, log);
                    }
                }
                Err(error) if error.kind() == std::io::ErrorKind::Interrupted => {}
                Err(error) if error.kind() == std::io::ErrorKind::WouldBlock => return,
                Err(_) => {
                    self.ended = true;
                    return;
                }
            }
        }
    }

    fn feed(&mut self, byte: u8, log: &Mutex<Log>) {
        if byte == b'\n' {
            self.end_line(log);
        } else if !self.overlong {
            self.pending.push(byte);
            if self.pending.len() > MAX_LINE_BYTES {
                self.overlong = true;
                self.pending = Vec::new();
            }
        }
    }

    fn end_line(&mut self, log: &Mutex<Log>) {
        let line = if self.overlong {
            format!("[{}]", too_long_message())
        } else {
            let bytes = std::mem::take(&mut self.pending);
            let bytes = bytes.strip_suffix(b"\r").unwrap_or(&bytes);
            String::from_utf8_lossy(bytes).into_owned()
        };
        self.overlong = false;
        self.pending.clear();
        if let Ok(mut log) = log.lock() {
            log.push(line);
        }
    }
}

#[derive(Debug, Default)]
struct Shared {
    log: Mutex<Log>,
    /// The pipe of the engine process now running (a restart replaces it).
    pipe: Mutex<Option<Arc<Mutex<Pipe>>>>,
}

/// An engine's stderr over its restarts: the last lines kept, numbered,
/// and the pipe of the process now running.
#[derive(Clone, Debug, Default)]
pub(crate) struct StderrTail(Arc<Shared>);

/// A delay the reading thread takes before each read, for the tests that
/// prove the attribution does not depend on its pace
/// (`REGELWERK_TEST_STDERR_LAG_MS`, docs/testing.md); none unless set.
fn reader_lag() -> Option<std::time::Duration> {
    static LAG: std::sync::OnceLock<Option<std::time::Duration>> = std::sync::OnceLock::new();
    *LAG.get_or_init(|| {
        std::env::var("REGELWERK_TEST_STDERR_LAG_MS")
            .ok()
            .and_then(|text| text.parse::<u64>().ok())
            .map(std::time::Duration::from_millis)
    })
}

impl StderrTail {
    /// Takes over a new process's stderr: a thread keeps the pipe from
    /// filling up, and [`StderrTail::settle`] reads it at the boundaries.
    pub(crate) fn attach(&self, file: ChildStderr) {
        #[cfg(unix)]
        set_nonblocking(&file);
        let pipe = Arc::new(Mutex::new(Pipe {
            file: Some(file),
            pending: Vec::new(),
            overlong: false,
            ended: false,
        }));
        if let Ok(mut slot) = self.0.pipe.lock() {
            *slot = Some(Arc::clone(&pipe));
        }
        let shared = Arc::clone(&self.0);
        std::thread::spawn(move || keep_reading(&pipe, &shared.log));
    }

    /// Reads everything the engine has written to stderr so far (what is
    /// in the pipe now), and returns the number of lines written in all.
    pub(crate) fn settle(&self) -> u64 {
        #[cfg(unix)]
        {
            let pipe = self.0.pipe.lock().ok().and_then(|slot| slot.clone());
            if let Some(pipe) = pipe {
                if let Ok(mut pipe) = pipe.lock() {
                    pipe.drain(&self.0.log);
                }
            }
        }
        self.written()
    }

    /// The number of lines written so far (as read).
    pub(crate) fn written(&self) -> u64 {
        self.0.log.lock().map(|log| log.written).unwrap_or_default()
    }

    /// The kept lines numbered from `from` up to (not including) `to`, as
    /// one text.
    pub(crate) fn between(&self, from: u64, to: u64) -> String {
        self.0
            .log
            .lock()
            .map(|log| {
                let lines: Vec<&str> = log
                    .lines
                    .iter()
                    .filter(|(number, _)| (from..to).contains(number))
                    .map(|(_, line)| line.as_str())
                    .collect();
                lines.join("\n")
            })
            .unwrap_or_default()
    }

    /// Every kept line, as one text (after reading what the pipe holds).
    pub(crate) fn text(&self) -> String {
        let to = self.settle();
        self.between(0, to)
    }
}

/// The reading thread: waits until the pipe has something (or ends),
/// then reads it under the pipe's lock; ends with the pipe.
fn keep_reading(pipe: &Mutex<Pipe>, log: &Mutex<Log>) {
    loop {
        #[cfg(unix)]
        {
            let fd = match pipe.lock() {
                Ok(pipe) => match pipe.file.as_ref() {
                    Some(file) if !pipe.ended => std::os::unix::io::AsRawFd::as_raw_fd(file),
                    _ => return,
                },
                Err(_) => return,
            };
            let mut poll = libc::pollfd {
                fd,
                events: libc::POLLIN,
                revents: 0,
            };
            // SAFETY: one valid pollfd; the descriptor stays open, since
            // only this thread closes it.
            let ready = unsafe { libc::poll(&mut poll, 1, -1) };
            if ready < 0
                && std::io::Error::last_os_error().kind() != std::io::ErrorKind::Interrupted
            {
                return;
            }
        }
        if let Some(lag) = reader_lag() {
            std::thread::sleep(lag);
        }
        let Ok(mut pipe) = pipe.lock() else {
            return;
        };
        #[cfg(not(unix))]
        {
            // Without non-blocking pipes the thread reads (and waits)
            // itself; settle then adds nothing.
            let mut buffer = [0u8; 8192];
            match pipe.file.as_mut().map(|file| file.read(&mut buffer)) {
                Some(Ok(count)) if count > 0 => {
                    for &byte in &buffer[..count] {
                        pipe.feed(byte, log);
                    }
                    continue;
                }
                _ => pipe.ended = true,
            }
        }
        pipe.drain(log);
        if pipe.ended {
            pipe.file = None;
            return;
        }
    }
}

#[cfg(unix)]
fn set_nonblocking(file: &ChildStderr) {
    let fd = std::os::unix::io::AsRawFd::as_raw_fd(file);
    // SAFETY: fcntl on a descriptor we own, reading then setting flags.
    unsafe {
        let flags = libc::fcntl(fd, libc::F_GETFL);
        if flags >= 0 {
            libc::fcntl(fd, libc::F_SETFL, flags | libc::O_NONBLOCK);
        }
    }
}
