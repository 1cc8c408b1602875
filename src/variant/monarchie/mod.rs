//! MONARCHIE, the six-player chess variant on a 253-cell hexagram.
//!
//! The reference engine reads like the rulebook: [`geometry`] (clause 2),
//! [`party`] (clause 3), [`piece`] (clause 6), [`setup`] and [`position`]
//! (the state), [`rules`] (clauses 4-16), [`start`] (Anhang A). Every
//! ruling where the text is silent is a field of [`ruleset::Ruleset`];
//! every misreading is a hidden reading of one rule point ([`readings`]).

pub mod board_text;
pub mod cell;
pub mod diagram;
pub mod en_passant;
pub mod fast;
pub mod faults;
pub mod frames;
pub mod game;
pub mod geometry;
pub mod info;
pub mod invariants;
pub mod journal;
pub mod listing;
pub mod moves;
pub mod notation;
pub mod party;
pub mod perft;
pub mod picture;
pub mod piece;
pub mod players;
pub mod position;
pub mod protocol_doc;
pub mod random;
pub mod readings;
#[cfg(test)]
mod rejection_search;
pub mod rules;
pub mod ruleset;
pub mod setup;
pub mod start;
pub mod tournament;
pub mod witnesses;

pub use cell::Cell;
pub use moves::{Action, Move};
pub use party::{ByParty, Party};
pub use piece::{Piece, PieceKind};
pub use position::Position;
pub use ruleset::Ruleset;
pub use setup::Setup;
