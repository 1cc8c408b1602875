//! perft: the number of leaves of the tree of legal moves (rulings page,
//! "perft"). Timeouts are not actions here; a finished game is a leaf with
//! no children; each promotion choice is its own move. The walk is the
//! generic [`crate::variant::perft`] over MONARCHIE's [`crate::variant::Rules`]:
//! the fast path ([`crate::variant::monarchie::fast`]) where it covers the
//! ruleset, else the reference rule code ([`Ruleset`] itself).

use crate::variant;
use crate::variant::monarchie::fast::{Board, FastRules};
use crate::variant::monarchie::moves::Move;
use crate::variant::monarchie::position::Position;
use crate::variant::monarchie::ruleset::Ruleset;

/// Which move generator a perft walks: for MONARCHIE the bitboard fast
/// path (the reference where it does not cover the ruleset,
/// [`crate::variant::monarchie::fast::covers`]) or the rule code.
pub use crate::variant::PerftPath;

/// The number of move sequences of length `depth` from `position`.
pub fn perft(position: &Position, depth: u32, rules: &Ruleset) -> u64 {
    perft_with(position, depth, rules, PerftPath::Fast)
}

/// [`perft`] on the chosen path.
pub fn perft_with(position: &Position, depth: u32, rules: &Ruleset, path: PerftPath) -> u64 {
    match fast_rules(rules, path) {
        Some(fast) => variant::perft(&fast, &Board::from_position(position), depth),
        None => variant::perft(rules, position, depth),
    }
}

/// [`perft`] on `threads` threads (rayon over the first moves, split
/// deeper when there are few); the same count.
pub fn perft_parallel(
    position: &Position,
    depth: u32,
    rules: &Ruleset,
    path: PerftPath,
    threads: usize,
) -> u64 {
    match fast_rules(rules, path) {
        Some(fast) => {
            variant::perft_parallel(&fast, &Board::from_position(position), depth, threads)
        }
        None => variant::perft_parallel(rules, position, depth, threads),
    }
}

/// perft split by first move ("divide"), in move order.
pub fn divide(position: &Position, depth: u32, rules: &Ruleset) -> Vec<(Move, u64)> {
    divide_with(position, depth, rules, PerftPath::Fast)
}

/// [`divide`] on the chosen path.
pub fn divide_with(
    position: &Position,
    depth: u32,
    rules: &Ruleset,
    path: PerftPath,
) -> Vec<(Move, u64)> {
    match fast_rules(rules, path) {
        Some(fast) => variant::divide(&fast, &Board::from_position(position), depth),
        None => variant::divide(rules, position, depth),
    }
}

fn fast_rules(rules: &Ruleset, path: PerftPath) -> Option<FastRules> {
    match path {
        PerftPath::Fast => FastRules::new(rules),
        PerftPath::Reference => None,
    }
}
