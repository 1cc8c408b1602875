//! MONARCHIE's computer players ("Joshuas", clause 19): random, greedy
//! and search, each deterministic for its seed, and the game runner that
//! seats them with humans and records the journal ([`game`]). A player is
//! picked by kind ([`Joshua`], every variant's).

pub mod game;
pub mod greedy;
pub mod random;
pub mod search;

use crate::variant::monarchie::moves::Action;
use crate::variant::monarchie::piece::PieceKind;
use crate::variant::monarchie::position::Position;
use crate::variant::monarchie::ruleset::Ruleset;

pub use crate::variant::journal::Joshua;
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

/// A MONARCHIE player of kind `joshua` seeded with `seed`.
pub fn computer(joshua: Joshua, seed: u64) -> Box<dyn Player> {
    match joshua {
        Joshua::Random => Box::new(RandomPlayer::new(seed)),
        Joshua::Greedy => Box::new(Greedy::new(seed)),
        Joshua::Search => Box::new(Search::new(seed)),
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
