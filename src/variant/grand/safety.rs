//! Clause g.4: king safety. No move may leave the mover's own king
//! attacked (a pinned piece's attacks still count, and so does the
//! diagonal attack of a pawn that cannot move, clause g.7.3).

use crate::variant::chess::{Board, Move, Side};

use super::pawn;
use super::position::Position;

/// Clause g.4: whether the mover's king is unattacked after `mv` (a move
/// the piece's pattern allows). The promotion kind cannot matter: the
/// pawn's square is occupied either way.
#[inline]
pub fn keeps_king_safe(position: &Position, mv: Move) -> bool {
    !after(position, mv).in_check(position.side)
}

/// Clause g.4 as a misreading of which enemy pieces attack reads it
/// ([`super::readings::KingAttackers`]): whether the mover's king is
/// unattacked after `mv` by the enemy pieces off the squares `ignored`
/// gives (a square set of the board after the move, for the enemy side).
pub fn keeps_king_safe_ignoring(
    position: &Position,
    mv: Move,
    ignored: impl FnOnce(&Board, Side) -> u128,
) -> bool {
    let board = after(position, mv);
    let king = board.king(position.side);
    let them = position.side.opponent();
    let ignored = ignored(&board, them);
    let attacked = board.pieces().any(|(square, piece)| {
        piece.side == them
            && ignored & (1u128 << square.index()) == 0
            && board.attacks(piece, square, king, king)
    });
    !attacked
}

/// The board after `mv` (an en-passant victim taken), for the safety test.
#[inline]
fn after(position: &Position, mv: Move) -> Board {
    let mut board = position.board;
    if pawn::is_en_passant(position, mv) {
        if let Some(victim) = pawn::en_passant_victim(position.side, mv.to) {
            board.take(victim);
        }
    }
    board.relocate(mv.from, mv.to);
    board
}
