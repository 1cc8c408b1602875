//! regelwerk: a rules-specification test oracle. Its first rule system is
//! MONARCHIE, the six-player chess variant on a 253-cell hexagram; Grand
//! Chess and Racing Kings follow. Each lives in its own folder under
//! [`variant`]; the harness parts ([`scenario`], [`protocol`], [`fuzz`],
//! [`journal`], [`report`]) sit beside them.
//!
//! MONARCHIE's reference engine reads like the rulebook: [`geometry`]
//! (clause 2), [`party`] (clause 3), [`piece`] (clause 6), [`setup`] and
//! [`position`] (the state), [`rules`] (clauses 4-16), [`start`] (Anhang
//! A). Every ruling where the text is silent is a field of
//! [`ruleset::Ruleset`]. These modules live in [`variant::monarchie`] and
//! are re-exported here under their short names.

#![warn(missing_docs)]

pub mod budget;
pub mod draw;
pub mod explore;
pub mod fuzz;
pub mod input;
pub mod journal;
pub mod output;
pub mod perftfile;
pub mod players;
pub mod protocol;
pub mod record;
pub mod render;
pub mod report;
pub mod rng;
pub mod scenario;
pub mod shard;
pub mod spec;
pub mod suite;
pub mod tournament;
pub mod variant;

pub use variant::monarchie::{
    board_text, cell, geometry, moves, notation, party, perft, piece, position, rules, ruleset,
    setup, start,
};

pub use cell::Cell;
pub use moves::{Action, Move};
pub use party::{ByParty, Party};
pub use piece::{Piece, PieceKind};
pub use position::Position;
pub use ruleset::Ruleset;
pub use setup::Setup;
