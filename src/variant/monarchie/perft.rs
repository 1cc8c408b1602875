//! perft: the number of leaves of the tree of legal moves (rulings page,
//! "perft"). Timeouts are not actions here; a finished game is a leaf with
//! no children; each promotion choice is its own move. The walk is the
//! generic [`crate::variant::perft`] over MONARCHIE's [`crate::variant::Rules`].

use crate::moves::Move;
use crate::position::Position;
use crate::ruleset::Ruleset;
use crate::variant;

/// The number of move sequences of length `depth` from `position`.
pub fn perft(position: &Position, depth: u32, rules: &Ruleset) -> u64 {
    variant::perft(rules, position, depth)
}

/// perft split by first move ("divide"), in move order.
pub fn divide(position: &Position, depth: u32, rules: &Ruleset) -> Vec<(Move, u64)> {
    variant::divide(rules, position, depth)
}
