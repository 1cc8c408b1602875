//! What every chess variant's position keeps, whatever its rules: the
//! board, the side to move, the clocks, the repetition key and the
//! history of earlier keys ([`Core`]); how the shell reads, writes and
//! starts a variant's position ([`ChessPosition`]); and the numbers of the
//! two draw claims ([`DrawClaims`]). Which moves restart the clocks, what
//! else a position holds (an en-passant square) and what a FEN record may
//! not say are the variant's rules.

use std::ops::Deref;

use super::board::Board;
use super::fen::Fen;
use super::history::History;
use super::side::Side;
use super::zobrist::side_key;

/// The part of a position every chess variant keeps. A variant's position
/// holds it and dereferences to it, so rule code reads `position.board`
/// and `position.side`.
#[derive(Clone, Debug)]
pub struct Core {
    /// The pieces.
    pub(in crate::variant) board: Board,
    /// The side to move.
    pub(in crate::variant) side: Side,
    /// Half-moves since the last irreversible move.
    pub(in crate::variant) halfmove: u32,
    /// The fullmove number.
    pub(in crate::variant) fullmove: u32,
    /// The repetition key of this position: placement and side to move, and
    /// whatever more the variant adds.
    pub(in crate::variant) key: u64,
    /// The keys of the earlier positions since the last irreversible move.
    pub(in crate::variant) history: History,
}

impl Core {
    /// The core with its key computed from the placement and the side to
    /// move.
    pub fn new(board: Board, side: Side, halfmove: u32, fullmove: u32, history: History) -> Core {
        Core {
            key: board.placement_key() ^ side_key(side),
            board,
            side,
            halfmove,
            fullmove,
            history,
        }
    }

    /// The core of the position a FEN record describes, with no history.
    pub fn from_fen(fen: &Fen) -> Core {
        Core::new(
            fen.board,
            fen.side,
            fen.halfmove,
            fen.fullmove,
            History::new(),
        )
    }

    /// The core after a move that left `board`: the other side to move, the
    /// fullmove number up after Black's move, and the halfmove clock and
    /// the history restarted by an `irreversible` move (which moves are,
    /// the variant's rules say) or else going on.
    pub fn after_move(&self, board: Board, irreversible: bool) -> Core {
        let (halfmove, history) = if irreversible {
            (0, History::new())
        } else {
            (
                self.halfmove.saturating_add(1),
                self.history.pushed(self.key),
            )
        };
        let fullmove = match self.side {
            Side::White => self.fullmove,
            Side::Black => self.fullmove.saturating_add(1),
        };
        Core::new(board, self.side.opponent(), halfmove, fullmove, history)
    }

    /// The pieces.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The side to move.
    pub fn side(&self) -> Side {
        self.side
    }

    /// Half-moves since the last irreversible move.
    pub fn halfmove(&self) -> u32 {
        self.halfmove
    }

    /// The fullmove number.
    pub fn fullmove(&self) -> u32 {
        self.fullmove
    }

    /// The repetition key.
    pub fn key(&self) -> u64 {
        self.key
    }

    /// The keys of the earlier positions since the last irreversible move,
    /// newest first.
    pub fn history(&self) -> &History {
        &self.history
    }

    /// How often this position has occurred since the last irreversible
    /// move, this time included.
    pub fn occurrences(&self) -> usize {
        self.history.count(self.key) + 1
    }
}

/// A chess variant's position as the shell sees it: a [`Core`] and
/// whatever more the variant keeps, read from and written as FEN.
pub trait ChessPosition: Deref<Target = Core> + Clone + Send + Sized + 'static {
    /// The start position's FEN record.
    const START_FEN: &'static str;

    /// Reads and validates a FEN record.
    ///
    /// # Errors
    /// Every problem at once, in one message.
    fn from_fen(text: &str) -> Result<Self, crate::variant::VariantError>;

    /// The FEN record.
    fn to_fen(&self) -> String;

    /// The start position.
    fn start() -> Self {
        match Self::from_fen(Self::START_FEN) {
            Ok(position) => position,
            Err(error) => unreachable!("the start FEN is valid: {error}"),
        }
    }
}

/// The numbers a variant's rules set for the draws the side to move may
/// claim: `threefold` repetition and the `fifty-move` rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DrawClaims {
    /// How often a position must have occurred to claim.
    pub repetitions: usize,
    /// Half-moves without an irreversible move after which a draw may be
    /// claimed.
    pub fifty_move_plies: u32,
}

impl DrawClaims {
    /// The draw the side to move may claim in `core`, if any: `threefold`
    /// when the position has occurred at least [`Self::repetitions`] times
    /// since the last irreversible move, else `fifty-move` when the
    /// halfmove clock is at least [`Self::fifty_move_plies`].
    pub fn claimable(self, core: &Core) -> Option<&'static str> {
        if core.occurrences() >= self.repetitions {
            Some("threefold")
        } else if core.halfmove >= self.fifty_move_plies {
            Some("fifty-move")
        } else {
            None
        }
    }

    /// Why no draw may be claimed in `core`, in a sentence.
    pub fn no_claim_detail(self, core: &Core) -> String {
        format!(
            "no draw to claim: the position has occurred {} time(s) ({} needed) and the halfmove clock is {} ({} needed)",
            core.occurrences(),
            self.repetitions,
            core.halfmove,
            self.fifty_move_plies
        )
    }
}
