//! A Racing Kings position (clauses rk.1, rk.2): the board, the side to
//! move, the clocks and the repetition history; read from FEN with every
//! problem listed.

use crate::variant::chess::fen::{self, Fen};
use crate::variant::chess::geometry::EIGHT_BY_EIGHT;
use crate::variant::chess::zobrist::side_key;
use crate::variant::chess::{Board, History, Kind, Side};

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

/// A playable Racing Kings position.
#[derive(Clone, Debug)]
pub struct Position {
    pub(super) board: Board,
    pub(super) side: Side,
    pub(super) halfmove: u32,
    pub(super) fullmove: u32,
    /// The repetition key of this position.
    pub(super) key: u64,
    /// The keys of the earlier positions since the last capture.
    pub(super) history: History,
}

impl Position {
    /// Clause rk.2: the start position.
    pub fn start() -> Position {
        match Position::from_fen(START_FEN) {
            Ok(position) => position,
            Err(error) => unreachable!("the start FEN is valid: {error}"),
        }
    }

    /// Reads and validates a FEN record.
    ///
    /// # Errors
    /// Every problem at once: the notation (rank count and width, letters
    /// other than K Q R B N, fields, counters), not exactly one king per
    /// side, an en-passant square, a king in check (clause rk.4).
    pub fn from_fen(text: &str) -> Result<Position, String> {
        let fen = fen::parse(text, &EIGHT_BY_EIGHT, &KINDS).map_err(|problems| {
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
            fen.halfmove,
            fen.fullmove,
            History::new(),
        ))
    }

    /// A position with its key computed.
    pub(super) fn new(
        board: Board,
        side: Side,
        halfmove: u32,
        fullmove: u32,
        history: History,
    ) -> Position {
        Position {
            key: board.placement_key() ^ side_key(side),
            board,
            side,
            halfmove,
            fullmove,
            history,
        }
    }

    /// The FEN record (castling and en passant always `-`).
    pub fn to_fen(&self) -> String {
        fen::format(&self.board, self.side, None, self.halfmove, self.fullmove)
    }

    /// The pieces.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The side to move.
    pub fn side(&self) -> Side {
        self.side
    }

    /// Half-moves since the last capture.
    pub fn halfmove(&self) -> u32 {
        self.halfmove
    }

    /// The fullmove number.
    pub fn fullmove(&self) -> u32 {
        self.fullmove
    }

    /// The repetition key: placement and side to move.
    pub fn key(&self) -> u64 {
        self.key
    }

    /// The keys of the earlier positions since the last capture, newest
    /// first.
    pub fn history(&self) -> &History {
        &self.history
    }
}

fn invalid(problems: &[String]) -> String {
    format!("invalid racingkings position: {}", problems.join("; "))
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
