//! The legal moves: clause g.3 (the pieces' patterns, from the board core)
//! and g.5 (pawns, with g.7 promotion), filtered by g.4 (king safety).

use crate::variant::chess::{Board, Kind, Move, Piece, Square};

use super::faults::{FaultSet, Misreading};
use super::position::Position;
use super::{pawn, safety};

/// Clauses g.3-g.5 and g.7: appends to `out` the legal moves of the side
/// to move, of the piece on `only` if given. (Whether the game is over is
/// the caller's business.)
pub fn legal_moves(
    position: &Position,
    only: Option<Square>,
    faults: FaultSet,
    out: &mut Vec<Move>,
) {
    let board = &position.board;
    let side = position.side;
    let checked = board.in_check(side);
    let pinned = board.pinned(side);
    let king = board.king(side);
    let mut push = |mv: Move| {
        // Clause g.4. A move that is not the king's, from a square that
        // shields no line to the king, while not in check and not en
        // passant, cannot expose the king; every other move is tried.
        let risky = checked
            || mv.from == king
            || pinned & (1u128 << mv.from.index()) != 0
            || (position.en_passant == Some(mv.to) && pawn::is_en_passant(position, mv));
        if !risky || king_safe(position, mv, faults) {
            out.push(mv);
        }
    };
    for (from, piece) in board.pieces() {
        if piece.side != side || only.is_some_and(|only| only != from) {
            continue;
        }
        if piece.kind == Kind::Pawn {
            pawn::moves(position, from, faults, &mut push);
        } else {
            piece_moves(board, from, moving_as(piece, faults), &mut push);
        }
    }
}

/// Clause g.4 with its misreading: whether the mover's king is safe after
/// `mv`.
#[inline]
fn king_safe(position: &Position, mv: Move, faults: FaultSet) -> bool {
    if faults.has(Misreading::PinnedNoCheck) {
        // Fault G-PINNED-NO-CHECK.
        return super::faults::king_safe_ignoring_pinned(position, mv);
    }
    if faults.has(Misreading::StuckPawnNoCheck) {
        // Fault G-STUCK-PAWN-NO-CHECK.
        return super::faults::king_safe_ignoring_stuck_pawns(position, mv);
    }
    safety::keeps_king_safe(position, mv)
}

/// Clauses g.3.6 and g.3.7 with their misreadings: the pattern `piece`
/// moves by (its own unless a fault forgets the marshal's or the
/// cardinal's knight leap).
#[inline]
fn moving_as(piece: Piece, faults: FaultSet) -> Piece {
    match piece.kind {
        // Fault G-MARSHAL-ROOK-ONLY.
        Kind::Marshal if faults.has(Misreading::MarshalRookOnly) => {
            Piece::new(piece.side, Kind::Rook)
        }
        // Fault G-CARDINAL-BISHOP-ONLY.
        Kind::Cardinal if faults.has(Misreading::CardinalBishopOnly) => {
            Piece::new(piece.side, Kind::Bishop)
        }
        _ => piece,
    }
}

/// Clause g.3: the moves of a piece other than a pawn by its pattern, onto
/// empty squares and enemy pieces: g.3.1 king (one step), g.3.2 queen
/// (rook or bishop), g.3.3 rook, g.3.4 bishop, g.3.5 knight, g.3.6 marshal
/// (rook or knight), g.3.7 cardinal (bishop or knight). No castling
/// (clause g.6).
#[inline]
fn piece_moves(board: &Board, from: Square, piece: Piece, emit: &mut impl FnMut(Move)) {
    board.targets(from, piece, |to| emit(Move::new(from, to)));
}
