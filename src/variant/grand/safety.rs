//! Clause g.4: king safety. No move may leave the mover's own king
//! attacked (a pinned piece's attacks still count, and so does the
//! diagonal attack of a pawn that cannot move, clause g.7.3).

use crate::variant::chess::Move;

use super::pawn;
use super::position::Position;

/// Clause g.4: whether the mover's king is unattacked after `mv` (a move
/// the piece's pattern allows). The promotion kind cannot matter: the
/// pawn's square is occupied either way.
#[inline]
pub fn keeps_king_safe(position: &Position, mv: Move) -> bool {
    let mut board = position.board;
    if pawn::is_en_passant(position, mv) {
        if let Some(victim) = pawn::en_passant_victim(position.side, mv.to) {
            board.take(victim);
        }
    }
    board.relocate(mv.from, mv.to);
    !board.in_check(position.side)
}
