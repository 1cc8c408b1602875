//! Computer players ("Joshuas", clause 19) and a game runner that records
//! a journal.
//!
//! Every player is deterministic for its seed: the same seed and the same
//! positions give the same moves on every platform.

pub mod any;
pub mod game;
pub mod greedy;
pub mod random;
pub mod search;

use std::fmt;
use std::str::FromStr;

use crate::variant::monarchie::moves::Action;
use crate::variant::monarchie::piece::PieceKind;
use crate::variant::monarchie::position::Position;
use crate::variant::monarchie::ruleset::Ruleset;

pub use any::{play_recorded, GamePlayer};
pub use game::{play_at, play_game, ComputersOnly, GameConfig, GameSummary, Seat, Table};
pub use greedy::Greedy;
pub use random::RandomPlayer;
pub use search::Search;

/// A computer player: given the position (its party is the one to move), it
/// picks an action.
pub trait Player {
    /// The engine key written to journals (`random`, `greedy`, `search`).
    fn engine(&self) -> &'static str;

    /// Chooses an action for the party to move. Only called when that party
    /// has a legal move.
    fn choose(&mut self, position: &Position, rules: &Ruleset) -> Action;
}

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

/// Material value of a piece kind, for the players' judgement.
pub fn value(kind: PieceKind) -> i32 {
    match kind {
        PieceKind::Pawn => 1,
        PieceKind::Knight => 3,
        PieceKind::Bishop => 3,
        PieceKind::Rook => 5,
        PieceKind::Queen => 9,
        PieceKind::King => 40,
    }
}

/// Picks one of `items` uniformly with the seeded generator.
pub(crate) fn pick<T: Copy>(rng: &mut crate::rng::Rng, items: &[T]) -> Option<T> {
    if items.is_empty() {
        None
    } else {
        Some(items[rng.below(items.len() as u64) as usize])
    }
}
