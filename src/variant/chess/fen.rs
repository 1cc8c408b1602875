//! Forsyth-Edwards Notation for any board up to 10x10: the placement (rank
//! by rank from the top, runs of empty squares as numbers that may be
//! `10`), the side to move, the castling field (always `-` here), the
//! en-passant square, the halfmove clock and the fullmove number. Reading
//! checks only the notation and that each side has one king; what a
//! variant forbids (pawns on some rank, an impossible en-passant square) it
//! checks itself.

use std::fmt::Write;

use crate::variant::{VariantError, VariantId};

use super::board::{Board, BoardError};
use super::geometry::Geometry;
use super::piece::{Kind, Piece};
use super::side::Side;
use super::square::{Square, SLOTS};

/// Why a FEN text could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FenError {
    /// Whitespace that is not one space between two fields
    /// (`crate::variant::fields`).
    #[error("FEN: {0}")]
    Separator(crate::variant::fields::SeparatorError),
    /// Not 4 or 6 space-separated fields.
    #[error("FEN has {found} fields (expected 6: placement, side, castling, en passant, halfmove clock, fullmove number)")]
    FieldCount {
        /// How many.
        found: usize,
    },
    /// The placement has the wrong number of ranks.
    #[error("FEN placement has {found} ranks (expected {expected})")]
    RankCount {
        /// How many the board has.
        expected: u8,
        /// How many the text has.
        found: usize,
    },
    /// One rank describes the wrong number of squares.
    #[error("FEN placement: rank {rank} describes {found} squares (expected {expected})")]
    RankWidth {
        /// The rank (1-based).
        rank: u8,
        /// How many files the board has.
        expected: u8,
        /// How many squares the text describes.
        found: usize,
    },
    /// A character that is no piece letter of the variant nor a digit.
    #[error("FEN placement: rank {rank} has `{letter}`, which is no piece of this variant (expected one of {allowed} or a digit)")]
    UnknownLetter {
        /// The rank (1-based).
        rank: u8,
        /// The character.
        letter: char,
        /// The letters the variant allows.
        allowed: String,
    },
    /// A run of empty squares written badly (`0`, `01`, `11`...).
    #[error("FEN placement: rank {rank} has the empty-square count `{text}` (expected 1-{max})")]
    EmptyRun {
        /// The rank (1-based).
        rank: u8,
        /// The digits.
        text: String,
        /// The board's width.
        max: u8,
    },
    /// The side field is not `w` or `b`.
    #[error("FEN side to move is `{0}` (expected `w` or `b`)")]
    Side(String),
    /// The castling field is not `-`.
    #[error("FEN castling field is `{0}` (expected `-`: this variant has no castling)")]
    Castling(String),
    /// The en-passant field is not `-` or a square of the board.
    #[error("FEN en-passant field is `{0}` (expected `-` or a square of the board)")]
    EnPassant(String),
    /// The halfmove clock is not a number.
    #[error("FEN halfmove clock is `{0}` (expected a whole number 0 or more)")]
    Halfmove(String),
    /// The fullmove number is not a positive number.
    #[error("FEN fullmove number is `{0}` (expected a whole number 1 or more)")]
    Fullmove(String),
    /// The placement is no board (king count).
    #[error("FEN placement: {0}")]
    Board(BoardError),
}

/// A FEN record as read, before a variant validates it.
#[derive(Clone, Copy, Debug)]
pub struct Fen {
    /// The pieces (exactly one king per side).
    pub board: Board,
    /// The side to move.
    pub side: Side,
    /// The en-passant square as written, if any.
    pub en_passant: Option<Square>,
    /// Half-moves since the last capture or pawn move.
    pub halfmove: u32,
    /// The move number, starting at 1 and counting up after Black moves.
    pub fullmove: u32,
}

/// The names of a FEN's fields, for messages.
pub(crate) const FEN_FIELDS: [&str; 6] = [
    "placement",
    "side",
    "castling",
    "en passant",
    "halfmove clock",
    "fullmove number",
];

/// Reads a FEN record for a board of `geometry` whose pieces may be of
/// `kinds`. Four fields (no counters) are read as `0 1`.
///
/// # Errors
/// Every problem found, field by field (a broken placement stops before
/// the king count).
pub fn parse(
    text: &str,
    geometry: &'static Geometry,
    kinds: &[Kind],
) -> Result<Fen, Vec<FenError>> {
    let fields: Vec<&str> = crate::variant::fields::split_fields(text, &FEN_FIELDS)
        .map_err(|error| vec![FenError::Separator(error)])?
        .into_iter()
        .map(|(_, field)| field)
        .collect();
    if fields.len() != 4 && fields.len() != 6 {
        return Err(vec![FenError::FieldCount {
            found: fields.len(),
        }]);
    }
    let mut problems = Vec::new();
    let board = match parse_placement(fields[0], geometry, kinds) {
        Ok(placement) => match Board::new(geometry, &placement) {
            Ok(board) => Some(board),
            Err(errors) => {
                problems.extend(errors.into_iter().map(FenError::Board));
                None
            }
        },
        Err(error) => {
            problems.push(error);
            None
        }
    };
    let side = match fields[1] {
        "w" => Some(Side::White),
        "b" => Some(Side::Black),
        other => {
            problems.push(FenError::Side(other.to_string()));
            None
        }
    };
    if fields[2] != "-" {
        problems.push(FenError::Castling(fields[2].to_string()));
    }
    let en_passant = match fields[3] {
        "-" => Ok(None),
        other => other
            .parse::<Square>()
            .ok()
            .filter(|square| geometry.contains(*square))
            .map(Some)
            .ok_or_else(|| FenError::EnPassant(other.to_string())),
    };
    let en_passant = en_passant.unwrap_or_else(|error| {
        problems.push(error);
        None
    });
    let (halfmove, fullmove) = match fields.get(4..6) {
        Some(&[halfmove, fullmove]) => (
            counter(halfmove, 0).unwrap_or_else(|| {
                problems.push(FenError::Halfmove(halfmove.to_string()));
                0
            }),
            counter(fullmove, 1).unwrap_or_else(|| {
                problems.push(FenError::Fullmove(fullmove.to_string()));
                1
            }),
        ),
        _ => (0, 1),
    };
    match (board, side) {
        (Some(board), Some(side)) if problems.is_empty() => Ok(Fen {
            board,
            side,
            en_passant,
            halfmove,
            fullmove,
        }),
        _ => Err(problems),
    }
}

/// Reads a FEN record as [`parse`] does, then lists what `rules` (the
/// variant's) find wrong with it that the notation allows.
///
/// # Errors
/// Every problem at once, in one message naming the `variant`: those of
/// the notation, or else those `rules` found.
pub fn read(
    text: &str,
    geometry: &'static Geometry,
    kinds: &[Kind],
    variant: VariantId,
    rules: impl FnOnce(&Fen) -> Vec<String>,
) -> Result<Fen, VariantError> {
    let invalid = |problems: Vec<String>| VariantError::InvalidPosition { variant, problems };
    let fen = parse(text, geometry, kinds)
        .map_err(|problems| invalid(problems.iter().map(ToString::to_string).collect()))?;
    let problems = rules(&fen);
    if !problems.is_empty() {
        return Err(invalid(problems));
    }
    Ok(fen)
}

/// A counter of at least `min`, in plain decimal digits.
fn counter(text: &str, min: u32) -> Option<u32> {
    if text.is_empty() || !text.bytes().all(|byte| byte.is_ascii_digit()) {
        return None;
    }
    text.parse().ok().filter(|value| *value >= min)
}

fn parse_placement(
    text: &str,
    geometry: &'static Geometry,
    kinds: &[Kind],
) -> Result<[Option<Piece>; SLOTS], FenError> {
    let rows: Vec<&str> = text.split('/').collect();
    if rows.len() != geometry.ranks() as usize {
        return Err(FenError::RankCount {
            expected: geometry.ranks(),
            found: rows.len(),
        });
    }
    let mut placement = [None; SLOTS];
    for (row, rank) in rows.iter().zip((0..geometry.ranks()).rev()) {
        let mut file: usize = 0;
        let mut chars = row.chars().peekable();
        while let Some(c) = chars.next() {
            if c.is_ascii_digit() {
                let mut digits = String::from(c);
                while let Some(&next) = chars.peek().filter(|next| next.is_ascii_digit()) {
                    digits.push(next);
                    chars.next();
                }
                let run = digits
                    .parse::<usize>()
                    .ok()
                    .filter(|run| {
                        (1..=geometry.files() as usize).contains(run) && !digits.starts_with('0')
                    })
                    .ok_or_else(|| FenError::EmptyRun {
                        rank: rank + 1,
                        text: digits.clone(),
                        max: geometry.files(),
                    })?;
                file += run;
                continue;
            }
            let piece = Piece::from_letter(c)
                .filter(|piece| c.is_ascii_alphabetic() && kinds.contains(&piece.kind))
                .ok_or_else(|| FenError::UnknownLetter {
                    rank: rank + 1,
                    letter: c,
                    allowed: allowed_letters(kinds),
                })?;
            if let Some(square) = u8::try_from(file)
                .ok()
                .filter(|file| *file < geometry.files())
                .and_then(|file| Square::new(file, rank))
            {
                placement[square.index()] = Some(piece);
            }
            file += 1;
        }
        if file != geometry.files() as usize {
            return Err(FenError::RankWidth {
                rank: rank + 1,
                expected: geometry.files(),
                found: file,
            });
        }
    }
    Ok(placement)
}

fn allowed_letters(kinds: &[Kind]) -> String {
    let upper: String = kinds
        .iter()
        .map(|kind| kind.letter().to_ascii_uppercase())
        .collect();
    let lower: String = kinds.iter().map(|kind| kind.letter()).collect();
    format!("{upper}{lower}")
}

/// Writes a FEN record; the castling field is always `-`.
pub fn format(
    board: &Board,
    side: Side,
    en_passant: Option<Square>,
    halfmove: u32,
    fullmove: u32,
) -> String {
    let geometry = board.geometry();
    let mut text = String::new();
    for rank in (0..geometry.ranks()).rev() {
        let mut empty = 0;
        for file in 0..geometry.files() {
            match Square::new(file, rank).and_then(|square| board.piece(square)) {
                Some(piece) => {
                    if empty > 0 {
                        let _ = write!(text, "{empty}");
                        empty = 0;
                    }
                    text.push(piece.letter());
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            let _ = write!(text, "{empty}");
        }
        if rank > 0 {
            text.push('/');
        }
    }
    let side = match side {
        Side::White => 'w',
        Side::Black => 'b',
    };
    let en_passant = en_passant.map_or_else(|| "-".to_string(), |square| square.to_string());
    let _ = write!(text, " {side} - {en_passant} {halfmove} {fullmove}");
    text
}
