//! Playing a legal move: the piece moves, a capture removes the enemy
//! piece, the clocks and the repetition history go on (clauses rk.6.2,
//! rk.6.3).

use crate::variant::chess::{Move, Piece};

use super::position::Position;

/// The position after the legal move `mv`, and the piece it captured.
pub fn after(position: &Position, mv: Move) -> (Position, Option<Piece>) {
    let mut board = position.board;
    let captured = board.relocate(mv.from, mv.to);
    // Clause rk.6.3: the clock counts half-moves since the last capture;
    // clause rk.6.2: a capture makes every earlier position unrepeatable.
    let irreversible = captured.is_some();
    let next = Position {
        core: position.after_move(board, irreversible),
    };
    (next, captured)
}
