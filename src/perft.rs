//! perft: the number of leaves of the tree of legal moves (rulings page,
//! "perft"). Timeouts are not actions here; a finished game is a leaf with
//! no children; each promotion choice is its own move.

use crate::moves::{Action, Move};
use crate::position::Position;
use crate::rules::{self, legal_moves};
use crate::ruleset::Ruleset;

/// The number of move sequences of length `depth` from `position`.
pub fn perft(position: &Position, depth: u32, rules: &Ruleset) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = legal_moves(position, rules);
    if depth == 1 {
        return moves.len() as u64;
    }
    moves
        .into_iter()
        .map(|mv| perft(&child(position, mv, rules), depth - 1, rules))
        .sum()
}

/// perft split by first move ("divide"), in move order.
pub fn divide(position: &Position, depth: u32, rules: &Ruleset) -> Vec<(Move, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    legal_moves(position, rules)
        .into_iter()
        .map(|mv| (mv, perft(&child(position, mv, rules), depth - 1, rules)))
        .collect()
}

/// The position after a legal move.
fn child(position: &Position, mv: Move, rules: &Ruleset) -> Position {
    let mut next = position.clone();
    if let Err(error) = rules::apply(&mut next, Action::play(mv), rules) {
        unreachable!("legal_moves listed {mv}, which is illegal: {error}");
    }
    next
}
