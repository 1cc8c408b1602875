//! A Grand Chess position as a FEN record (clauses g.2, g.5.3): read and
//! validated with every problem listed, written as Fairy-Stockfish writes
//! it, and the position's repetition key, both with the en-passant square
//! only where an en-passant capture is legal (clause g.8.3).

use crate::variant::chess::fen::{self, Fen};
use crate::variant::chess::geometry::TEN_BY_TEN;
use crate::variant::chess::zobrist::en_passant_key;
use crate::variant::chess::{Board, ChessPosition, Core, Kind, Move, Piece, Side, Square};
use crate::variant::VariantId;

use super::pawn;
use super::position::{Position, BOARD_SIDE, START_FEN};
use super::safety::keeps_king_safe;

impl Position {
    /// A position with its key computed: `core`'s, and the en-passant
    /// right if a capture on `en_passant` is legal.
    pub(super) fn new(core: Core, en_passant: Option<Square>) -> Position {
        let mut position = Position { core, en_passant };
        position.core.key ^= en_passant_right(&position).map_or(0, en_passant_key);
        position
    }
}

impl ChessPosition for Position {
    /// Clause g.2: the start position's FEN record.
    const START_FEN: &'static str = START_FEN;

    /// Reads and validates a FEN record.
    ///
    /// # Errors
    /// Every problem at once: the notation (rank count and width, letters,
    /// fields, counters), not exactly one king per side, pawns on a rank
    /// they cannot stand on, an impossible en-passant square, the side not
    /// to move in check.
    fn from_fen(text: &str) -> Result<Position, crate::variant::VariantError> {
        let fen = fen::read(text, &TEN_BY_TEN, &Kind::ALL, VariantId::Grand, problems)?;
        Ok(Position::new(Core::from_fen(&fen), fen.en_passant))
    }

    /// The FEN record; the en-passant square only when an en-passant
    /// capture is legal for the side to move (as Stockfish writes it).
    fn to_fen(&self) -> String {
        fen::format(
            &self.board,
            self.side,
            en_passant_right(self),
            self.halfmove,
            self.fullmove,
        )
    }
}

/// The problems of a FEN record that the notation allows but the rules do
/// not.
fn problems(fen: &Fen) -> Vec<String> {
    let mut problems = Vec::new();
    for (square, piece) in fen.board.pieces() {
        if piece.kind == Kind::Pawn && !pawn::may_stand_on(piece.side, square) {
            problems.push(format!(
                "a {} pawn on {square}: a pawn cannot stand on its own first rank or on its last rank",
                piece.side
            ));
        }
    }
    if let Some(square) = fen.en_passant {
        if let Err(problem) = check_en_passant_square(&fen.board, fen.side, square) {
            problems.push(problem.to_string());
        }
    }
    let waiting = fen.side.opponent();
    if fen.board.in_check(waiting) {
        problems.push(format!("{waiting} is in check but {} is to move", fen.side));
    }
    problems
}

/// Clause g.5.3: the en-passant square if a pawn of the side to move can
/// legally capture en passant now, else `None` (for the FEN and the
/// repetition key).
pub fn en_passant_right(position: &Position) -> Option<Square> {
    let target = position.en_passant?;
    let side = position.side;
    let geometry = position.board.geometry();
    // The capturing pawns stand where a pawn of the other side on the
    // target square would attack.
    geometry
        .pawn_attacks(side.opponent(), target)
        .iter()
        .any(|&from| {
            position.board.piece(from) == Some(Piece::new(side, Kind::Pawn))
                && keeps_king_safe(position, Move::new(from, target))
        })
        .then_some(target)
}

/// Clause g.5.3: whether an en-passant square read from a FEN record fits
/// a double step just played by the side not to move: on the passed rank,
/// empty, with the origin empty and the pawn just past it.
///
/// # Errors
/// A sentence saying what is wrong.
pub fn check_en_passant_square(
    board: &Board,
    side: Side,
    square: Square,
) -> Result<(), EnPassantMisfit> {
    let mover = side.opponent();
    let passed = mover.relative_rank(4, BOARD_SIDE);
    let origin = square.offset(0, -mover.forward());
    let pawn = square.offset(0, mover.forward());
    let fits = square.rank() == passed
        && board.piece(square).is_none()
        && origin.is_some_and(|origin| board.piece(origin).is_none())
        && pawn.is_some_and(|pawn| board.piece(pawn) == Some(Piece::new(mover, Kind::Pawn)));
    if fits {
        Ok(())
    } else {
        Err(EnPassantMisfit {
            square,
            mover,
            rank: passed + 1,
        })
    }
}

/// An en-passant square of a FEN record that fits no double step just
/// played (clause g.5.3).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "en-passant square {square} does not fit a double step by {mover} (expected an empty square on rank {rank} with {mover}'s pawn just past it and the square it came from empty)"
)]
pub struct EnPassantMisfit {
    /// The square.
    pub square: Square,
    /// The side that would have made the double step.
    pub mover: Side,
    /// The rank it must be on, from 1.
    pub rank: u8,
}
