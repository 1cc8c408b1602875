//! A Racing Kings position (clauses rk.1, rk.2): the board, the side to
//! move, the clocks and the repetition history; read from FEN with every
//! problem listed.

use std::ops::Deref;

use crate::variant::chess::fen::{self, Fen};
use crate::variant::chess::geometry::EIGHT_BY_EIGHT;
use crate::variant::chess::{ChessPosition, Core, Kind, Side};
use crate::variant::VariantId;

/// Clause rk.2: the start position (no pawns, no castling).
pub const START_FEN: &str = "8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - - 0 1";

/// Clause rk.2: the kinds of piece in the game (no pawns, so no
/// promotion and no en passant).
pub const KINDS: [Kind; 5] = [
    Kind::King,
    Kind::Queen,
    Kind::Rook,
    Kind::Bishop,
    Kind::Knight,
];

/// A playable Racing Kings position: the [`Core`] (board, side to move,
/// clocks since the last capture, repetition key of placement and side to
/// move, history), which it dereferences to; nothing more, as there are no
/// pawns.
#[derive(Clone, Debug)]
pub struct Position {
    pub(super) core: Core,
}

impl Deref for Position {
    type Target = Core;

    fn deref(&self) -> &Core {
        &self.core
    }
}

impl Position {
    /// Clause rk.2: the start position.
    pub fn start() -> Position {
        <Position as ChessPosition>::start()
    }
}

impl ChessPosition for Position {
    /// Clause rk.2: the start position's FEN record.
    const START_FEN: &'static str = START_FEN;

    /// Reads and validates a FEN record.
    ///
    /// # Errors
    /// Every problem at once: the notation (rank count and width, letters
    /// other than K Q R B N, fields, counters), not exactly one king per
    /// side, an en-passant square, a king in check (clause rk.4).
    fn from_fen(text: &str) -> Result<Position, crate::variant::VariantError> {
        let fen = fen::read(
            text,
            &EIGHT_BY_EIGHT,
            &KINDS,
            VariantId::Racingkings,
            problems,
        )?;
        Ok(Position {
            core: Core::from_fen(&fen),
        })
    }

    /// The FEN record (castling and en passant always `-`).
    fn to_fen(&self) -> String {
        fen::format(&self.board, self.side, None, self.halfmove, self.fullmove)
    }
}

/// Clauses rk.2 and rk.4: the problems of a FEN record that the notation
/// allows but the rules do not: an en-passant square (there are no pawns),
/// a king in check (no move may give check, so no position has one).
fn problems(fen: &Fen) -> Vec<String> {
    let mut problems = Vec::new();
    if let Some(square) = fen.en_passant {
        problems.push(format!(
            "en-passant square {square} given (expected `-`: racing kings has no pawns)"
        ));
    }
    for side in Side::ALL {
        if fen.board.in_check(side) {
            let role = if side == fen.side {
                "to move"
            } else {
                "not to move"
            };
            problems.push(format!(
                "{side} ({role}) is in check, which no racing kings position allows (checks are forbidden)"
            ));
        }
    }
    problems
}
