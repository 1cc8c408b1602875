//! Clause rk.6: draws, and where the game stands. Stalemate draws
//! (rk.6.1); threefold repetition (rk.6.2) and the fifty-move rule (rk.6.3)
//! are claimed; there is no insufficient-material rule (rk.6.4): bare kings
//! race on.

use crate::variant::Status;

use super::goal::{self, Race};
use super::movegen;
use super::position::Position;

/// Clause rk.6.3: half-moves without a capture after which a draw may be
/// claimed.
pub const FIFTY_MOVE_PLIES: u32 = 100;

/// Clause rk.6.2: how often a position must have occurred to claim.
pub const REPETITIONS: usize = 3;

/// Clauses rk.5 and rk.6.1: where the game stands in `position` (claims
/// aside): decided by the race, drawn by stalemate, or going on.
pub fn status(position: &Position) -> Status {
    if let Race::Decided(status) = goal::race(position) {
        return status;
    }
    let mut moves = Vec::new();
    movegen::legal_moves(position, None, &mut moves);
    if moves.is_empty() {
        Status::Drawn {
            reason: "stalemate".to_string(),
        }
    } else {
        Status::Ongoing
    }
}

/// Clauses rk.6.2 and rk.6.3: the draw the side to move may claim now, if
/// any: `threefold` when the current position (placement and side to
/// move) has occurred at least three times since the last capture,
/// `fifty-move` when the halfmove clock is at least 100.
pub fn claimable_draw(position: &Position) -> Option<&'static str> {
    if position.history.count(position.key) + 1 >= REPETITIONS {
        Some("threefold")
    } else if position.halfmove >= FIFTY_MOVE_PLIES {
        Some("fifty-move")
    } else {
        None
    }
}
