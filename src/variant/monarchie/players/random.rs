//! The uniformly random Joshua.

use crate::rng::Rng;
use crate::variant::monarchie::moves::Action;
use crate::variant::monarchie::position::Position;
use crate::variant::monarchie::rules::legal_moves;
use crate::variant::monarchie::ruleset::Ruleset;

use super::Player;

/// Plays a uniformly random legal move.
#[derive(Clone, Debug)]
pub struct RandomPlayer {
    rng: Rng,
}

impl RandomPlayer {
    /// A random player with its own seed.
    pub fn new(seed: u64) -> RandomPlayer {
        RandomPlayer {
            rng: Rng::new(seed),
        }
    }
}

impl Player for RandomPlayer {
    fn engine(&self) -> &'static str {
        "random"
    }

    fn choose(&mut self, position: &Position, rules: &Ruleset) -> Action {
        let moves = legal_moves(position, rules);
        match self.rng.pick(&moves) {
            Some(mv) => Action::play(mv),
            None => Action::Timeout,
        }
    }
}
