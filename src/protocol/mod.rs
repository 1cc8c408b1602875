//! The engine protocol: messages ([`messages`]), the reference server
//! ([`serve`]), a client for external engines ([`client`]), the
//! conformance run ([`conform`]) and differential fuzzing ([`difffuzz`]).

pub mod client;
pub mod conform;
pub mod conform_output;
pub mod difffuzz;
pub mod doc;
pub mod external;
pub mod known;
pub mod lines;
pub mod messages;
pub mod precedence;
pub mod process;
pub mod readings;
pub mod remote;
pub mod serve;
pub mod uci;
pub mod words;

pub use messages::{ActionResult, Request, Response, PROTOCOL_VERSION};
