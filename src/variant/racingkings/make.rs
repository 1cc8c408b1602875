//! Playing a legal move: the piece moves, a capture removes the enemy
//! piece, the clocks and the repetition history go on (clauses rk.6.2,
//! rk.6.3).

use crate::variant::chess::{History, Move, Piece, Side};

use super::position::Position;

/// The position after the legal move `mv`, and the piece it captured.
pub fn after(position: &Position, mv: Move) -> (Position, Option<Piece>) {
    let side = position.side;
    let mut board = position.board;
    let captured = board.relocate(mv.from, mv.to);
    // Clause rk.6.3: the clock counts half-moves since the last capture;
    // clause rk.6.2: a capture makes every earlier position unrepeatable.
    let (halfmove, history) = match captured {
        Some(_) => (0, History::new()),
        None => (
            position.halfmove.saturating_add(1),
            position.history.pushed(position.key),
        ),
    };
    let fullmove = match side {
        Side::White => position.fullmove,
        Side::Black => position.fullmove.saturating_add(1),
    };
    (
        Position::new(board, side.opponent(), halfmove, fullmove, history),
        captured,
    )
}
