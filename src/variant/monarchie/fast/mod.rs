//! MONARCHIE's fast path: the same rules as [`crate::variant::monarchie::rules`], played on
//! 256-bit bitboards for perft and random games.
//!
//! The readable rule code in [`crate::variant::monarchie::rules`] stays the reference: it is
//! what the scenarios, the committee and every report read. This module
//! lives beside it and is held equal to it by tests, not by reading:
//! `tests/monarchie/fast_path.rs` compares the two on every perft block, on every
//! scenario position and on random positions from seeded games (every
//! ruling alternative, dead blockers, trays, eliminations, clocks): the
//! full legal move list and the position after every move must agree.
//! `regelwerk perft --reference` runs the reference path.
//!
//! How it differs in structure from the reference:
//! - a [`Board`] holds bitboards per party and per kind ([`bits::Bits`],
//!   four `u64`), and every line from every cell is a precomputed mask
//!   ([`tables`]); the first piece on a line is one bit scan;
//! - legality is judged from the mover's king: when it is not in check,
//!   only king moves and moves of pinned pieces get an attack test
//!   (every other active party is hostile, so the mover faces one enemy
//!   set); the test itself plays nothing, it asks whether the king's cell
//!   is attacked with the moved piece's cells and the captured piece
//!   changed in the masks;
//! - the transition ([`FastRules::play`]) changes only what the rules
//!   need: no events, texts, Gardez scans or re-validation;
//! - perft's last ply counts moves without listing them: a piece that
//!   needs no king-safety test adds its number of targets, a free slider
//!   line by line from the line lengths (`Tables::reach_count`, where
//!   `Tables::countable` allows it), with no target set built.
//!
//! Coverage: see [`covers`]. For a ruleset it does not cover, every
//! caller ([`crate::variant::monarchie::perft`], the random-game checks) uses the reference.

pub mod bits;
pub mod board;
pub mod checks;
pub mod differential;
pub mod generate;
pub mod legal;
pub mod tables;
pub mod transition;

pub use board::Board;
pub use generate::{covers, FastRules, LineCounts};

use crate::variant::monarchie::moves::Move;
use crate::variant::Rules;

impl Rules for FastRules {
    type Position = Board;
    type Move = Move;

    fn legal_moves(&self, board: &Board, out: &mut Vec<Move>) {
        if let Some(party) = board.to_move() {
            self.moves_of(board, party, out);
        }
    }

    fn count_moves(&self, board: &Board, _scratch: &mut Vec<Move>) -> u64 {
        board
            .to_move()
            .map_or(0, |party| self.count_of(board, party))
    }

    fn after(&self, board: &Board, mv: Move) -> Board {
        self.play(board, mv)
    }
}
