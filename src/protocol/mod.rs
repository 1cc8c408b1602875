//! The engine protocol, the wire alone: its messages ([`messages`]),
//! reading lines from a pipe ([`lines`]) and parser errors in its words
//! ([`words`]); the reference server ([`serve`]); the client side, an
//! engine process ([`process`], [`client`]) or a UCI engine ([`uci`]),
//! each a [`responder::Responder`]; and the generated protocol pages
//! ([`doc`], [`precedence`]). The campaigns that use it (`conform`,
//! `fuzz --engine`) are in [`crate::conform`].

pub mod client;
pub mod doc;
pub mod lines;
pub mod messages;
pub mod precedence;
pub mod process;
pub mod reaper;
pub mod responder;
pub mod serve;
pub mod stderr;
pub mod uci;
pub mod words;

pub use messages::{ActionResult, Request, Response, PROTOCOL_VERSION};
