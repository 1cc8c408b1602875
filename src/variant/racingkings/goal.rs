//! Clause rk.5: the goal. A king that reaches rank 8 wins (rk.5.1); when
//! White's king gets there first and Black can answer by bringing its own
//! king there with a legal move, Black has exactly that one move, and the
//! game is drawn if Black's king then stands on rank 8 (rk.5.2, ruling
//! R-RK-ANSWER).

use crate::variant::chess::{Kind, Piece, Side, Square};
use crate::variant::Status;

use super::movegen;
use super::position::Position;
use super::readings::{Answer, Follow, GoalPiece, GoalRank};
use super::RacingKings;

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

/// Clause rk.5.1: whether `side`'s king stands on the goal rank.
pub fn home(position: &Position, side: Side, rules: &RacingKings) -> bool {
    let goal = goal_rank(side, rules);
    let any_piece = || {
        position
            .board
            .pieces()
            .any(|(square, piece)| piece.side == side && square.rank() == goal)
    };
    let king = position.board.king(side).rank() == goal;
    match rules.reading::<GoalPiece>() {
        GoalPiece::King => king,
        GoalPiece::AnyPiece => any_piece(),
        // RK-GOAL-ANY-PIECE.2: once White's king has arrived, any Black
        // piece on the goal rank counts as Black's answer.
        GoalPiece::AnyPieceInAnswer if side == Side::Black && white_king_home(position, rules) => {
            king || any_piece()
        }
        GoalPiece::AnyPieceInAnswer => king,
    }
}

/// Whether White's king stands on White's goal rank.
fn white_king_home(position: &Position, rules: &RacingKings) -> bool {
    position.board.king(Side::White).rank() == goal_rank(Side::White, rules)
}

/// Clause rk.5.1: the rank `side`'s king races to, rank 8 for both.
fn goal_rank(side: Side, rules: &RacingKings) -> u8 {
    match (rules.reading::<GoalRank>(), side) {
        (GoalRank::OwnSide, Side::Black) => 0,
        // RK-GOAL-OWN-SIDE.2: rank 8 of the board turned for Black, when
        // judging whether Black's king has arrived.
        (GoalRank::TurnedForBlackArrival, Side::Black) => turned(GOAL_RANK),
        _ => GOAL_RANK,
    }
}

/// Clause rk.5.2: the rank the answering `side`'s king must be able to
/// reach, the goal rank; RK-GOAL-OWN-SIDE.2 codes the answer apart from
/// the arrival and asks for White's rank 8 there ("the same rank").
fn answer_rank(side: Side, rules: &RacingKings) -> u8 {
    match rules.reading::<GoalRank>() {
        GoalRank::TurnedForBlackArrival => GOAL_RANK,
        _ => goal_rank(side, rules),
    }
}

/// Clauses rk.5.1 and rk.5.2 (ruling R-RK-ANSWER): where the race stands
/// in `position`. Both kings home: drawn (`goal-tie`). Black home alone:
/// Black wins. White home alone: Black answers if Black is to move and has
/// a legal king move to rank 8, else White wins.
pub fn race(position: &Position, rules: &RacingKings) -> Race {
    let white = home(position, Side::White, rules);
    let black = home(position, Side::Black, rules);
    let to_move = position.side;
    // Clause rk.5.2: only Black answers, and only with a move that brings
    // its king home.
    let answer = rules.reading::<Answer>();
    let king_rank = |side: Side| position.board.king(side).rank();
    match (white, black) {
        (true, _) if answer == Answer::WhiteJudgedFirst => Race::Decided(won(Side::White)),
        (true, true) => Race::Decided(Status::Drawn {
            reason: "goal-tie".to_string(),
        }),
        (false, true)
            if answer == Answer::ForWhiteByRank
                && to_move == Side::White
                && king_rank(Side::White) + 1 == goal_rank(Side::White, rules) =>
        {
            Race::Open
        }
        (false, true)
            if answer == Answer::ForWhiteToo
                && to_move == Side::White
                && can_follow(position, Side::White, rules) =>
        {
            Race::Open
        }
        (false, true) => Race::Decided(won(Side::Black)),
        (true, false) if answer == Answer::WhiteWinsAtOnce => Race::Decided(won(Side::White)),
        (true, false)
            if matches!(answer, Answer::Always | Answer::AlwaysAKingMove)
                && to_move == Side::Black =>
        {
            Race::BlackAnswers
        }
        (true, false)
            if answer == Answer::DrawnByRank
                && to_move == Side::Black
                && king_rank(Side::Black) + 1 == goal_rank(Side::Black, rules) =>
        {
            Race::Decided(Status::Drawn {
                reason: "goal-tie".to_string(),
            })
        }
        (true, false) if to_move == Side::Black && can_follow(position, Side::Black, rules) => {
            match answer {
                Answer::DrawnAtOnce => Race::Decided(Status::Drawn {
                    reason: "goal-tie".to_string(),
                }),
                _ => Race::BlackAnswers,
            }
        }
        (true, false) => Race::Decided(won(Side::White)),
        (false, false) => Race::Open,
    }
}

/// Clause rk.5.2 (for White too under a misreading): whether `side`, to
/// move, has a legal move (not into attack, giving no check) that brings
/// its king to the goal rank.
fn can_follow(position: &Position, side: Side, rules: &RacingKings) -> bool {
    let king: Square = position.board.king(side);
    let goal = answer_rank(side, rules);
    match rules.reading::<Follow>() {
        // RK-GOAL-ANY-PIECE.2: any legal move that brings a piece there.
        Follow::LegalKingMove if rules.reading::<GoalPiece>() == GoalPiece::AnyPieceInAnswer => {
            let mut moves = Vec::new();
            movegen::legal_moves(position, None, rules, &mut moves);
            moves.iter().any(|mv| mv.to.rank() == goal)
        }
        Follow::LegalKingMove => {
            if king.rank().abs_diff(goal) != 1 {
                return false;
            }
            let mut moves = Vec::new();
            movegen::legal_moves(position, Some(king), rules, &mut moves);
            moves.iter().any(|mv| mv.to.rank() == goal)
        }
        Follow::NoCheckOnly => {
            let mut follows = false;
            position
                .board
                .targets(king, Piece::new(side, Kind::King), |to| {
                    let mut after = position.board;
                    after.relocate(king, to);
                    follows |= to.rank() == goal && !after.in_check(side.opponent());
                });
            follows
        }
        Follow::KingPattern => {
            let mut reaches = false;
            position
                .board
                .targets(king, Piece::new(side, Kind::King), |to| {
                    reaches |= to.rank() == goal;
                });
            reaches
        }
    }
}

/// A rank (from 0) as seen from the other side of the board.
fn turned(rank: u8) -> u8 {
    GOAL_RANK - rank
}

/// RK-ANSWER-ALWAYS.2: the square whose piece alone may move in
/// `position` (Black's king, while Black answers), if the answer is read
/// as a king move.
pub fn only_mover(position: &Position, rules: &RacingKings) -> Option<Square> {
    (rules.reading::<Answer>() == Answer::AlwaysAKingMove
        && race(position, rules) == Race::BlackAnswers)
        .then(|| position.board.king(Side::Black))
}

fn won(side: Side) -> Status {
    Status::won_by(side.name(), "goal")
}
