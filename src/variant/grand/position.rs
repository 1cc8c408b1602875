//! A Grand Chess position (clauses g.1, g.2): the board, the side to move,
//! the en-passant square a double step left, the clocks and the repetition
//! history. Its FEN record and its key's en-passant right are
//! [`super::fen`]'s.

use std::ops::Deref;

use crate::variant::chess::{ChessPosition, Core, Square};

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
    /// Clause g.2: the start position.
    pub fn start() -> Position {
        <Position as ChessPosition>::start()
    }
}
