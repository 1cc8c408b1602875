//! Three Kingdoms Xiangqi (seed 004; clauses `tk.`): three kingdoms,
//! Shu, Wu and Wei, on three xiangqi half-boards around a river with
//! three arms and a central triangle; a defeated kingdom's army goes to
//! the kingdom that defeated it, and the last general wins.
//!
//! The files follow the rules: [`point`] (tk.T2 points and names),
//! [`geometry`] (tk.P2/tk.T2/tk.T5 lines, rays, cells, jumps),
//! [`position`] (tk.T3/tk.T4 pieces, start), [`notation`] (position
//! text), [`setup`] (set-up validity), [`movegen`] (tk.T5 moves, tk.T7
//! check and facing), [`transition`] (tk.T6/tk.T8 turn order, defeats,
//! heirs, takeover), [`game`] (tk.T9-tk.T11 results, the text interface),
//! [`ruleset`] (the 21 rulings), [`faults`] (the misreadings played on
//! purpose, each a hidden reading of one rule point in [`readings`]),
//! [`info`], [`picture`] and [`labels`] (the board picture),
//! [`invariants`]; [`fast`] is the fast path perft counts with.

pub mod fast;
pub mod faults;
pub mod frames;
pub mod game;
pub mod geometry;
pub mod info;
pub mod invariants;
pub mod labels;
pub mod listing;
pub mod movegen;
pub mod notation;
pub mod picture;
pub mod point;
pub mod position;
pub mod protocol_doc;
pub mod readings;
#[cfg(test)]
mod rejection_search;
pub mod ruleset;
pub mod setup;
pub mod transition;
pub mod witnesses;

#[cfg(test)]
mod tests;

pub use game::{open, open_with_faults, ThreeKingdomsGame};
pub use info::INFO;
pub use movegen::Engine;

use crate::variant::Rules;

impl Rules for Engine {
    type Position = position::Position;
    type Move = position::Move;

    /// The legal moves of the kingdom to move (clauses tk.T5, tk.T7).
    fn legal_moves(&self, position: &position::Position, out: &mut Vec<position::Move>) {
        Engine::legal_moves(self, position, out);
    }

    /// The whole transition (perft's definition: steps 1-3).
    fn after(&self, position: &position::Position, mv: position::Move) -> position::Position {
        transition::play(self, position, mv).0
    }
}
