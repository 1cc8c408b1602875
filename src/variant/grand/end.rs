//! Clause g.8: the end of the game. Checkmate wins (g.8.1), stalemate
//! draws (g.8.2), insufficient material draws at once (g.8.5, ruling
//! R-G-MATERIAL); threefold repetition (g.8.3) and the fifty-move rule
//! (g.8.4) are claimed.

use crate::variant::chess::{Board, DrawClaims, Kind, Side, Square};
use crate::variant::Status;

use super::position::Position;
use super::readings::Stalemate;
use super::{movegen, Grand};

/// Clauses g.8.3 and g.8.4: the draws the side to move may claim:
/// `threefold` when the current position (placement, side to move,
/// en-passant right) has occurred at least three times since the last
/// capture or pawn move, `fifty-move` when the halfmove clock (half-moves
/// without capture or pawn move) is at least 100.
pub const DRAW_CLAIMS: DrawClaims = DrawClaims {
    // Clause g.8.3.
    repetitions: 3,
    // Clause g.8.4.
    fifty_move_plies: 100,
};

/// Clause g.8.5, ruling R-G-MATERIAL: the game is drawn when no pawns and
/// no queen, rook, marshal or cardinal remain, and the minor pieces left
/// (both sides together) are at most one knight or one bishop, or only
/// bishops, all on squares of one colour.
pub fn insufficient_material(board: &Board) -> bool {
    let count = |kind: Kind| -> u32 {
        Side::ALL
            .iter()
            .map(|&side| u32::from(board.count(side, kind)))
            .sum()
    };
    let heavy = [
        Kind::Pawn,
        Kind::Queen,
        Kind::Rook,
        Kind::Marshal,
        Kind::Cardinal,
    ];
    if heavy.into_iter().any(|kind| count(kind) > 0) {
        return false;
    }
    let knights = count(Kind::Knight);
    let bishops = count(Kind::Bishop);
    if knights + bishops <= 1 {
        return true;
    }
    if knights > 0 {
        return false;
    }
    let mut squares = board
        .pieces()
        .filter(|(_, piece)| piece.kind == Kind::Bishop)
        .map(|(square, _)| square);
    let first: Option<Square> = squares.next();
    first.is_none_or(|first| squares.all(|square| square.same_colour(first)))
}

/// Clauses g.8.1, g.8.2 and g.8.5: where the game stands in `position`
/// (claims aside): drawn by insufficient material, won by checkmate, drawn
/// by stalemate, or going on.
pub fn status(position: &Position, rules: &Grand) -> Status {
    // G-STALEMATE-WINS.2: a side without a legal move is mated, check or
    // not, and mate is asked before the material.
    if rules.reading::<Stalemate>() == Stalemate::NoMoveIsMate {
        let mut moves = Vec::new();
        movegen::legal_moves(position, None, rules, &mut moves);
        if moves.is_empty() {
            return Status::won_by(position.side.opponent().name(), "checkmate");
        }
    }
    if rules.material_ends(position) {
        return Status::Drawn {
            reason: "insufficient-material".to_string(),
        };
    }
    let mut moves = Vec::new();
    movegen::legal_moves(position, None, rules, &mut moves);
    if !moves.is_empty() {
        return Status::Ongoing;
    }
    if position.board.in_check(position.side) {
        return Status::won_by(position.side.opponent().name(), "checkmate");
    }
    // Clause g.8.2: stalemate draws.
    match rules.reading::<Stalemate>() {
        Stalemate::Draw => Status::Drawn {
            reason: "stalemate".to_string(),
        },
        Stalemate::Wins => Status::won_by(position.side.opponent().name(), "stalemate"),
        Stalemate::NoMoveIsMate => Status::won_by(position.side.opponent().name(), "checkmate"),
    }
}
