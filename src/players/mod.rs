//! Computer players ("Joshuas", clause 19) and a game runner that records
//! a journal.
//!
//! Every player is deterministic for its seed: the same seed and the same
//! positions give the same moves on every platform.

pub mod any;
pub mod game;

use std::fmt;
use std::str::FromStr;

pub use crate::variant::monarchie::players::{value, Greedy, Player, RandomPlayer, Search};
pub use any::{play_recorded, GamePlayer};
pub use game::{play_at, play_game, ComputersOnly, GameConfig, GameSummary, Seat, Table};

/// The kinds of computer player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Joshua {
    /// Uniformly random among the legal moves.
    Random,
    /// Captures first, then checks, avoids leaving the moved piece hanging.
    Greedy,
    /// A shallow search that also looks at the next mover's best reply.
    Search,
}

impl Joshua {
    /// All kinds.
    pub const ALL: [Joshua; 3] = [Joshua::Random, Joshua::Greedy, Joshua::Search];

    /// The key used on the command line and in journals.
    pub fn key(self) -> &'static str {
        match self {
            Joshua::Random => "random",
            Joshua::Greedy => "greedy",
            Joshua::Search => "search",
        }
    }

    /// A player of this kind seeded with `seed`.
    pub fn build(self, seed: u64) -> Box<dyn Player> {
        match self {
            Joshua::Random => Box::new(RandomPlayer::new(seed)),
            Joshua::Greedy => Box::new(Greedy::new(seed)),
            Joshua::Search => Box::new(Search::new(seed)),
        }
    }
}

impl fmt::Display for Joshua {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.key())
    }
}

/// A name that is no computer player.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown player '{0}': expected random, greedy, search (or joshua = search)")]
pub struct UnknownPlayer(pub String);

impl FromStr for Joshua {
    type Err = UnknownPlayer;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        match text.trim().to_ascii_lowercase().as_str() {
            "random" => Ok(Joshua::Random),
            "greedy" => Ok(Joshua::Greedy),
            "search" | "joshua" => Ok(Joshua::Search),
            _ => Err(UnknownPlayer(text.to_string())),
        }
    }
}
