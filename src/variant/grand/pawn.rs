//! Clause g.5: pawns. A pawn steps one square forward to an empty square
//! and captures one square diagonally forward (g.5.1); from its own third
//! rank it may step two squares over an empty one (g.5.2); right after such
//! a double step an enemy pawn that could have captured it on the passed
//! square may do so en passant (g.5.3).

use crate::variant::chess::{Kind, Move, RefusalCode, Side, Square};
use crate::variant::Refusal;

use super::position::{Position, BOARD_SIDE};
use super::readings::{DoubleStep, EnPassant};
use super::{promotion, Grand};

/// Clause g.5.2: the rank (from 0) from which `side`'s pawns may step
/// twice: White's rank 3, Black's rank 8.
pub fn double_step_rank(side: Side) -> u8 {
    side.relative_rank(3, BOARD_SIDE)
}

/// Clauses g.5 and g.7.1: a pawn never stands on its own first rank, and
/// never on its last rank (it promotes there).
pub fn may_stand_on(side: Side, square: Square) -> bool {
    let rank = square.rank();
    rank != side.relative_rank(1, BOARD_SIDE) && rank != side.relative_rank(10, BOARD_SIDE)
}

/// Clauses g.5.1-g.5.3 (and g.7 for the last ranks): calls `emit` with the
/// moves of `side`'s pawn on `from`, before king safety.
#[inline]
pub fn moves(position: &Position, from: Square, rules: &Grand, emit: &mut impl FnMut(Move)) {
    let board = &position.board;
    let side = position.side;
    let geometry = board.geometry();
    let Some(one) = from
        .offset(0, side.forward())
        .filter(|s| geometry.contains(*s))
    else {
        return;
    };
    if board.piece(one).is_none() {
        promotion::moves_to(board, side, from, one, rules, emit);
        // Clause g.5.2: from the pawn's own third rank.
        let double = match rules.reading::<DoubleStep>() {
            DoubleStep::ThirdRank => from.rank() == double_step_rank(side),
            DoubleStep::AnyRank => true,
            DoubleStep::OwnHalf => {
                (3..=5).any(|nth| from.rank() == side.relative_rank(nth, BOARD_SIDE))
            }
        };
        if double {
            if let Some(two) = one
                .offset(0, side.forward())
                .filter(|s| board.piece(*s).is_none())
            {
                emit(Move::new(from, two));
            }
        }
    }
    for &to in geometry.pawn_attacks(side, from) {
        match board.piece(to) {
            Some(piece) if piece.side != side => {
                promotion::moves_to(board, side, from, to, rules, emit);
            }
            Some(_) => {}
            // Clause g.5.3: en passant onto the passed square.
            None if position.en_passant == Some(to)
                && rules.reading::<EnPassant>() == EnPassant::Captures =>
            {
                emit(Move::new(from, to));
            }
            None => {}
        }
    }
}

/// Clause g.5.3: whether `mv` of the pawn on its from-square is an
/// en-passant capture (a diagonal step onto the empty passed square).
#[inline]
pub fn is_en_passant(position: &Position, mv: Move) -> bool {
    position.en_passant == Some(mv.to)
        && mv.from.file() != mv.to.file()
        && position.board.piece(mv.to).is_none()
        && matches!(position.board.piece(mv.from), Some(piece) if piece.kind == Kind::Pawn)
}

/// Clause g.5.3: the square of the pawn an en-passant capture onto `to`
/// by `side` removes (just behind `to`).
pub fn en_passant_victim(side: Side, to: Square) -> Option<Square> {
    to.offset(0, -side.forward())
}

/// Clauses g.5.1-g.5.3: why the pawn on `mv.from` cannot make `mv` by its
/// pattern, if it cannot (for refusals). Promotion and king safety are
/// checked afterwards.
///
/// # Errors
/// The refusal: `not-a-move-of-the-piece`, `blocked` or
/// `own-piece-on-target`.
pub fn check_pattern(position: &Position, mv: Move) -> Result<(), Refusal> {
    let board = &position.board;
    let side = position.side;
    let ahead = (mv.to.rank() as i8 - mv.from.rank() as i8) * side.forward();
    let sideways = (mv.to.file() as i8 - mv.from.file() as i8).abs();
    let target = board.piece(mv.to);
    let own_target = matches!(target, Some(piece) if piece.side == side);
    let not_a_move =
        |why: &str| Err(RefusalCode::NotAMoveOfThePiece.refuse(format!("{mv}: {why}")));
    match (sideways, ahead) {
        (0, 1) | (0, 2) => {
            if ahead == 2 && mv.from.rank() != double_step_rank(side) {
                return not_a_move(&format!(
                    "a pawn steps two squares only from rank {}",
                    double_step_rank(side) + 1
                ));
            }
            let passed = mv.from.offset(0, side.forward());
            if ahead == 2 && passed.is_some_and(|square| board.piece(square).is_some()) {
                return Err(RefusalCode::Blocked.refuse(format!("{mv}: the square passed over is occupied")));
            }
            if own_target {
                return Err(RefusalCode::OwnPieceOnTarget.refuse(format!("{mv}: {} holds your own piece", mv.to)));
            }
            if target.is_some() {
                return Err(RefusalCode::Blocked.refuse(format!("{mv}: a pawn cannot move straight onto an occupied square")));
            }
            Ok(())
        }
        (1, 1) => {
            if own_target {
                return Err(RefusalCode::OwnPieceOnTarget.refuse(format!("{mv}: {} holds your own piece", mv.to)));
            }
            if target.is_none() && position.en_passant != Some(mv.to) {
                return not_a_move("a pawn moves diagonally only to capture (and no en-passant capture is open there)");
            }
            Ok(())
        }
        _ => not_a_move("a pawn steps one square forward, two from its third rank, or captures one square diagonally forward"),
    }
}
