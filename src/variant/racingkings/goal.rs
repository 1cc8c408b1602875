//! Clause rk.5: the goal. A king that reaches rank 8 wins (rk.5.1); when
//! White's king gets there first and Black can answer by bringing its own
//! king there with a legal move, Black has exactly that one move, and the
//! game is drawn if Black's king then stands on rank 8 (rk.5.2, ruling
//! R-RK-ANSWER).

use crate::variant::chess::{Side, Square};
use crate::variant::Status;

use super::movegen;
use super::position::Position;

/// Clause rk.5.1: the goal rank (rank 8, from 0).
pub const GOAL_RANK: u8 = 7;

/// Where the race stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Race {
    /// No king has reached rank 8.
    Open,
    /// Clause rk.5.2: White's king stands on rank 8 and Black, to move, can
    /// bring its king there; Black plays one more move.
    BlackAnswers,
    /// The race is decided.
    Decided(Status),
}

/// Clause rk.5.1: whether `side`'s king stands on rank 8.
pub fn home(position: &Position, side: Side) -> bool {
    position.board.king(side).rank() == GOAL_RANK
}

/// Clauses rk.5.1 and rk.5.2 (ruling R-RK-ANSWER): where the race stands
/// in `position`. Both kings home: drawn (`goal-tie`). Black home alone:
/// Black wins. White home alone: Black answers if Black is to move and has
/// a legal king move to rank 8, else White wins.
pub fn race(position: &Position) -> Race {
    match (home(position, Side::White), home(position, Side::Black)) {
        (true, true) => Race::Decided(Status::Drawn {
            reason: "goal-tie".to_string(),
        }),
        (false, true) => Race::Decided(won(Side::Black)),
        (true, false) if position.side == Side::Black && black_can_follow(position) => {
            Race::BlackAnswers
        }
        (true, false) => Race::Decided(won(Side::White)),
        (false, false) => Race::Open,
    }
}

/// Clause rk.5.2: whether Black, to move, has a legal move (not into
/// attack, giving no check) that brings its king to rank 8.
fn black_can_follow(position: &Position) -> bool {
    let king: Square = position.board.king(Side::Black);
    if king.rank() + 1 != GOAL_RANK {
        return false;
    }
    let mut moves = Vec::new();
    movegen::legal_moves(position, Some(king), &mut moves);
    moves.iter().any(|mv| mv.to.rank() == GOAL_RANK)
}

fn won(side: Side) -> Status {
    Status::won_by(side.name(), "goal")
}
