//! An external engine of either route, for the commands that take both:
//! a protocol engine (`--engine`) or a UCI engine (`--uci`).

use std::time::Duration;

use crate::variant::VariantId;

use crate::protocol::client::{ClientError, EngineInfo};
use crate::protocol::messages::{Request, Response};
use crate::protocol::responder::{Answers, Responder};
use crate::protocol::uci::UciEngine;

/// An external engine: a protocol engine or a UCI engine.
pub enum External {
    /// An engine speaking the JSON-lines protocol.
    Protocol(Box<crate::protocol::client::Engine>),
    /// A UCI engine.
    Uci(Box<UciEngine>),
}

impl External {
    /// Starts `command` as a protocol engine, or as a UCI engine for
    /// `variant` when `uci`.
    ///
    /// # Errors
    /// [`ClientError`] if it cannot start or the handshake fails.
    pub fn start(
        command: &str,
        uci: bool,
        variant: VariantId,
        engine_variant: Option<&str>,
        timeout: Duration,
    ) -> Result<External, ClientError> {
        Ok(if uci {
            External::Uci(Box::new(UciEngine::start(
                command,
                variant,
                engine_variant,
                timeout,
            )?))
        } else {
            External::Protocol(Box::new(crate::protocol::client::Engine::start(
                command, timeout,
            )?))
        })
    }

    /// What the engine said about itself.
    pub fn info(&self) -> &EngineInfo {
        match self {
            External::Protocol(engine) => engine.info(),
            External::Uci(engine) => engine.info(),
        }
    }

    /// How often it was restarted.
    pub fn restarts(&self) -> usize {
        match self {
            External::Protocol(engine) => engine.restarts(),
            External::Uci(engine) => engine.restarts(),
        }
    }

    /// Ends the process politely.
    pub fn stop(self) {
        match self {
            External::Protocol(engine) => (*engine).stop(),
            External::Uci(engine) => (*engine).stop(),
        }
    }

    /// Ends the process politely, returning the seqs of the requests it
    /// answered more than once that were not handed over yet (the last
    /// request's second answer comes after it).
    pub fn finish(self) -> Vec<u64> {
        match self {
            External::Protocol(engine) => (*engine).finish(),
            External::Uci(engine) => {
                (*engine).stop();
                Vec::new()
            }
        }
    }
}

impl Responder for External {
    fn respond(&mut self, request: &Request) -> Result<Response, ClientError> {
        match self {
            External::Protocol(engine) => engine.respond(request),
            External::Uci(engine) => engine.respond(request),
        }
    }

    fn stderr_tail(&self) -> String {
        match self {
            External::Protocol(engine) => Responder::stderr_tail(engine.as_ref()),
            External::Uci(engine) => Responder::stderr_tail(engine.as_ref()),
        }
    }

    fn answers(&self) -> Answers {
        match self {
            External::Protocol(engine) => engine.answers(),
            External::Uci(engine) => engine.answers(),
        }
    }

    fn answers_status(&self) -> bool {
        match self {
            External::Protocol(engine) => engine.answers_status(),
            External::Uci(engine) => engine.answers_status(),
        }
    }

    fn take_repeated(&mut self) -> Vec<u64> {
        match self {
            External::Protocol(engine) => engine.take_repeated(),
            External::Uci(engine) => engine.take_repeated(),
        }
    }
}
