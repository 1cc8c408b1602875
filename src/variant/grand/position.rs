//! A Grand Chess position (clauses g.1, g.2): the board, the side to move,
//! the en-passant square a double step left, the clocks and the repetition
//! history; read from FEN with every problem listed, written as
//! Fairy-Stockfish writes it.

use std::ops::Deref;

use crate::variant::chess::fen::{self, Fen};
use crate::variant::chess::geometry::TEN_BY_TEN;
use crate::variant::chess::zobrist::en_passant_key;
use crate::variant::chess::{ChessPosition, Core, Kind, Square};
use crate::variant::VariantId;

use super::pawn;

/// Clause g.2: the start position (Fairy-Stockfish's FEN, `c` marshal,
/// `a` cardinal).
pub const START_FEN: &str =
    "r8r/1nbqkcabn1/pppppppppp/10/10/10/10/PPPPPPPPPP/1NBQKCABN1/R8R w - - 0 1";

/// Clause g.1: the board has ten files and ten ranks.
pub const BOARD_SIDE: u8 = 10;

/// A playable Grand Chess position: the [`Core`] (board, side to move,
/// clocks since the last capture or pawn move, repetition key and
/// history), which it dereferences to, and the en-passant square.
#[derive(Clone, Debug)]
pub struct Position {
    /// The board, the side to move, the clocks; the repetition key covers
    /// placement, side to move and en-passant right (clause g.8.3), the
    /// history the keys since the last capture or pawn move.
    pub(super) core: Core,
    /// The square a pawn passed over with a double step on the last move.
    pub(super) en_passant: Option<Square>,
}

impl Deref for Position {
    type Target = Core;

    fn deref(&self) -> &Core {
        &self.core
    }
}

impl Position {
    /// A position with its key computed: `core`'s, and the en-passant
    /// right if a capture on `en_passant` is legal.
    pub(super) fn new(core: Core, en_passant: Option<Square>) -> Position {
        let mut position = Position { core, en_passant };
        position.core.key ^= pawn::en_passant_right(&position).map_or(0, en_passant_key);
        position
    }

    /// Clause g.2: the start position.
    pub fn start() -> Position {
        <Position as ChessPosition>::start()
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
            pawn::en_passant_right(self),
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
        if let Err(problem) = pawn::check_en_passant_square(&fen.board, fen.side, square) {
            problems.push(problem.to_string());
        }
    }
    let waiting = fen.side.opponent();
    if fen.board.in_check(waiting) {
        problems.push(format!("{waiting} is in check but {} is to move", fen.side));
    }
    problems
}
