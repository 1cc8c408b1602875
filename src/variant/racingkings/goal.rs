//! Clause rk.5: the goal. A king that reaches rank 8 wins (rk.5.1); when
//! White's king gets there first and Black can answer by bringing its own
//! king there with a legal move, Black has exactly that one move, and the
//! game is drawn if Black's king then stands on rank 8 (rk.5.2, ruling
//! R-RK-ANSWER).

use crate::variant::chess::{Kind, Piece, Side, Square};
use crate::variant::Status;

use super::faults::{FaultSet, Misreading};
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

/// [`home`] with the misreadings `faults` played.
fn home_with(position: &Position, side: Side, faults: FaultSet) -> bool {
    let goal = goal_rank_with(side, faults);
    if faults.has(Misreading::GoalAnyPiece) {
        // Fault RK-GOAL-ANY-PIECE: any piece of `side` on rank 8.
        return position
            .board
            .pieces()
            .any(|(square, piece)| piece.side == side && square.rank() == goal);
    }
    position.board.king(side).rank() == goal
}

/// Clause rk.5.1 with its misreadings: the rank `side`'s king races to.
fn goal_rank_with(side: Side, faults: FaultSet) -> u8 {
    if faults.has(Misreading::GoalOwnSide) && side == Side::Black {
        // Fault RK-GOAL-OWN-SIDE: Black's eighth rank counted from Black's
        // side, rank 1.
        return 0;
    }
    GOAL_RANK
}

/// Clauses rk.5.1 and rk.5.2 (ruling R-RK-ANSWER): where the race stands
/// in `position`. Both kings home: drawn (`goal-tie`). Black home alone:
/// Black wins. White home alone: Black answers if Black is to move and has
/// a legal king move to rank 8, else White wins.
pub fn race(position: &Position) -> Race {
    race_with(position, FaultSet::NONE)
}

/// [`race`] with the misreadings `faults` played.
pub fn race_with(position: &Position, faults: FaultSet) -> Race {
    if !faults.is_empty() {
        if let Some(race) = misread_race(position, faults) {
            return race;
        }
    }
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

/// Clauses rk.5.1 and rk.5.2 with their misreadings: where the race
/// stands when a fault changes it, `None` where [`race`] applies as written.
fn misread_race(position: &Position, faults: FaultSet) -> Option<Race> {
    let white = home_with(position, Side::White, faults);
    let black = home_with(position, Side::Black, faults);
    let to_move = position.side;
    let follow = |side: Side| {
        if faults.has(Misreading::AnswerIgnoresSafety) {
            // Fault RK-ANSWER-IGNORES-SAFETY: the king's pattern alone.
            let king = position.board.king(side);
            let mut reaches = false;
            let goal = goal_rank_with(side, faults);
            position
                .board
                .targets(king, Piece::new(side, Kind::King), |to| {
                    reaches |= to.rank() == goal;
                });
            reaches
        } else {
            can_follow(position, side, faults)
        }
    };
    Some(match (white, black) {
        (true, true) => Race::Decided(Status::Drawn {
            reason: "goal-tie".to_string(),
        }),
        // Fault RK-ANSWER-FOR-WHITE: White answers Black's arrival (one
        // more move, as Black answers White's).
        (false, true)
            if faults.has(Misreading::AnswerForWhite)
                && to_move == Side::White
                && follow(Side::White) =>
        {
            Race::Open
        }
        (false, true) => Race::Decided(won(Side::Black)),
        // Fault RK-NO-ANSWER.
        (true, false) if faults.has(Misreading::NoAnswer) => Race::Decided(won(Side::White)),
        // Fault RK-ANSWER-ALWAYS.
        (true, false) if faults.has(Misreading::AnswerAlways) && to_move == Side::Black => {
            Race::BlackAnswers
        }
        (true, false) if to_move == Side::Black && follow(Side::Black) => {
            if faults.has(Misreading::AnswerDrawnAtOnce) {
                // Fault RK-ANSWER-DRAWN-AT-ONCE.
                Race::Decided(Status::Drawn {
                    reason: "goal-tie".to_string(),
                })
            } else {
                Race::BlackAnswers
            }
        }
        (true, false) => Race::Decided(won(Side::White)),
        (false, false) => Race::Open,
    })
}

/// Clause rk.5.2 (for either side under a misreading): whether `side`, to
/// move, has a legal king move to rank 8.
fn can_follow(position: &Position, side: Side, faults: FaultSet) -> bool {
    let king: Square = position.board.king(side);
    let goal = goal_rank_with(side, faults);
    if king.rank().abs_diff(goal) != 1 {
        return false;
    }
    let mut moves = Vec::new();
    movegen::legal_moves_with(position, Some(king), faults, &mut moves);
    moves.iter().any(|mv| mv.to.rank() == goal)
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
