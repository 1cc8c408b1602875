//! `regelwerk explore`: the committee's explorer, a local web page where
//! any position of any variant is played, every ruling switched live and
//! a case saved as a scenario (docs/explorer.md).
//!
//! The server ([`Explorer`]) listens on 127.0.0.1 only, answers only
//! requests whose `Host` is a loopback name, and serves one page whose
//! script and style are compiled in (`http::page`); everything it knows it
//! asks of the shared pieces: [`crate::variant::open_with_faults`] and the
//! [`crate::variant::Game`] interface, the board renderer
//! ([`crate::render::render_game`]), the report in words
//! ([`crate::report::words`]), the one suite loop under forced settings
//! ([`crate::scenario::suite_loop`]) and the scenario loader. The
//! requests and answers are JSON ([`api`]); the page keeps the game (a
//! start position, the actions, the rulings) and the server replays it
//! for every answer, so no state lives between requests but the loaded
//! suites and their results.

pub mod api;
pub mod http;
pub mod labels;
pub mod line;
pub mod loaded;
pub mod reply;
pub mod save;
pub mod site;
pub mod steps;

pub use http::{Explorer, Options};

/// Why the explorer cannot start, load a suite or open a scenario's game.
#[derive(Debug, thiserror::Error)]
pub enum ExploreError {
    /// The port cannot be bound.
    #[error("binding 127.0.0.1:{port}: {reason}")]
    Bind {
        /// The port asked for.
        port: u16,
        /// The server's reason.
        reason: String,
    },
    /// The bound server has no IP address.
    #[error("the server has no IP address")]
    NoAddress,
    /// The spec or the scenarios of a variant cannot be read.
    #[error(transparent)]
    Suite(#[from] crate::report::diff::DiffError),
    /// The misreadings of a variant cannot be read.
    #[error(transparent)]
    Misreadings(#[from] crate::spec::SpecError),
    /// A scenario's game cannot be opened (the rule system's words).
    #[error(transparent)]
    Open(#[from] crate::variant::VariantError),
}

/// The explorer's address and command line, defined with the report that
/// links to it (below the explorer, so that the two never import each
/// other).
pub use crate::report::links::{Target, DEFAULT_PORT};
