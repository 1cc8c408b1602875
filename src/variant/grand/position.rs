//! A Grand Chess position (clauses g.1, g.2): the board, the side to move,
//! the en-passant square a double step left, the clocks and the repetition
//! history; read from FEN with every problem listed, written as
//! Fairy-Stockfish writes it.

use crate::variant::chess::fen::{self, Fen};
use crate::variant::chess::geometry::TEN_BY_TEN;
use crate::variant::chess::zobrist::{en_passant_key, side_key};
use crate::variant::chess::{Board, History, Kind, Side, Square};

use super::pawn;

/// Clause g.2: the start position (Fairy-Stockfish's FEN, `c` marshal,
/// `a` cardinal).
pub const START_FEN: &str =
    "r8r/1nbqkcabn1/pppppppppp/10/10/10/10/PPPPPPPPPP/1NBQKCABN1/R8R w - - 0 1";

/// Clause g.1: the board has ten files and ten ranks.
pub const BOARD_SIDE: u8 = 10;

/// A playable Grand Chess position.
#[derive(Clone, Debug)]
pub struct Position {
    pub(super) board: Board,
    pub(super) side: Side,
    /// The square a pawn passed over with a double step on the last move.
    pub(super) en_passant: Option<Square>,
    pub(super) halfmove: u32,
    pub(super) fullmove: u32,
    /// The repetition key of this position.
    pub(super) key: u64,
    /// The keys of the earlier positions since the last capture or pawn
    /// move.
    pub(super) history: History,
}

impl Position {
    /// Clause g.2: the start position.
    pub fn start() -> Position {
        match Position::from_fen(START_FEN) {
            Ok(position) => position,
            Err(error) => unreachable!("the start FEN is valid: {error}"),
        }
    }

    /// Reads and validates a FEN record.
    ///
    /// # Errors
    /// Every problem at once: the notation (rank count and width, letters,
    /// fields, counters), not exactly one king per side, pawns on a rank
    /// they cannot stand on, an impossible en-passant square, the side not
    /// to move in check.
    pub fn from_fen(text: &str) -> Result<Position, String> {
        let fen = fen::parse(text, &TEN_BY_TEN, &Kind::ALL).map_err(|problems| {
            let problems: Vec<String> = problems.iter().map(ToString::to_string).collect();
            invalid(&problems)
        })?;
        let problems = problems(&fen);
        if !problems.is_empty() {
            return Err(invalid(&problems));
        }
        Ok(Position::new(
            fen.board,
            fen.side,
            fen.en_passant,
            fen.halfmove,
            fen.fullmove,
            History::new(),
        ))
    }

    /// A position with its key computed.
    pub(super) fn new(
        board: Board,
        side: Side,
        en_passant: Option<Square>,
        halfmove: u32,
        fullmove: u32,
        history: History,
    ) -> Position {
        let mut position = Position {
            board,
            side,
            en_passant,
            halfmove,
            fullmove,
            key: 0,
            history,
        };
        position.key = position.board.placement_key()
            ^ side_key(side)
            ^ pawn::en_passant_right(&position).map_or(0, en_passant_key);
        position
    }

    /// The FEN record; the en-passant square only when an en-passant
    /// capture is legal for the side to move (as Stockfish writes it).
    pub fn to_fen(&self) -> String {
        fen::format(
            &self.board,
            self.side,
            pawn::en_passant_right(self),
            self.halfmove,
            self.fullmove,
        )
    }

    /// The pieces.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The side to move.
    pub fn side(&self) -> Side {
        self.side
    }

    /// Half-moves since the last capture or pawn move.
    pub fn halfmove(&self) -> u32 {
        self.halfmove
    }

    /// The fullmove number.
    pub fn fullmove(&self) -> u32 {
        self.fullmove
    }

    /// The repetition key: placement, side to move and en-passant right.
    pub fn key(&self) -> u64 {
        self.key
    }

    /// The keys of the earlier positions since the last capture or pawn
    /// move, newest first.
    pub fn history(&self) -> &History {
        &self.history
    }
}

fn invalid(problems: &[String]) -> String {
    format!("invalid grand position: {}", problems.join("; "))
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
            problems.push(problem);
        }
    }
    let waiting = fen.side.opponent();
    if fen.board.in_check(waiting) {
        problems.push(format!("{waiting} is in check but {} is to move", fen.side));
    }
    problems
}
