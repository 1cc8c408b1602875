//! Playing a legal move: the piece moves, a capture removes the enemy
//! piece (en passant the pawn behind the target, clause g.5.3), a promoting
//! pawn becomes the kind named (g.7), the clocks and the repetition history
//! go on (g.8.3, g.8.4).

use crate::variant::chess::{Kind, Move, Piece, Square};

use super::pawn;
use super::position::Position;
use super::readings::EnPassant;
use super::Grand;

/// What a move took off the board, and where it stood.
pub type Capture = Option<(Piece, Square)>;

/// The position after the legal move `mv`, and the piece it captured.
pub fn after(position: &Position, mv: Move, rules: &Grand) -> (Position, Capture) {
    let side = position.side;
    let mut board = position.board;
    let Some(mover) = board.piece(mv.from) else {
        // Not a legal move (nothing to move): the position unchanged.
        return (position.clone(), None);
    };
    let pawn_move = mover.kind == Kind::Pawn;
    let mut capture = None;
    if pawn_move && pawn::is_en_passant(position, mv) {
        capture = pawn::en_passant_victim(side, mv.to)
            .and_then(|victim| Some((board.take(victim)?, victim)));
    }
    if let Some(taken) = board.relocate(mv.from, mv.to) {
        capture = Some((taken, mv.to));
    }
    if let Some(kind) = mv.promotion {
        board.put(mv.to, Piece::new(side, kind));
    }
    // Clause g.5.3: a double step opens the en-passant right on the passed
    // square for one move.
    let double_step = pawn_move && mv.from.rank().abs_diff(mv.to.rank()) == 2;
    let recorded = rules.reading::<EnPassant>() != EnPassant::NeverRecorded;
    let en_passant = if double_step && recorded {
        mv.from.offset(0, side.forward())
    } else {
        None
    };
    // Clause g.8.4: the clock counts half-moves since the last capture or
    // pawn move; clause g.8.3: such a move makes every earlier position
    // unrepeatable.
    let irreversible = pawn_move || capture.is_some();
    let next = Position::new(position.after_move(board, irreversible), en_passant);
    (next, capture)
}
