//! Standard algebraic notation for the two-player variants, read and
//! written through [`Game`] alone: the legal moves in coordinates and the
//! occupants of squares. The reference is the one judge of what a text
//! means.
//!
//! Piece letters are the English ones python-chess, lichess and
//! Fairy-Stockfish write: `K Q R B N`, and for Grand Chess `C` for the
//! marshal and `A` for the cardinal (the letters of our FEN, uppercase).
//! Pawn moves carry no letter (`e4`, `exd5`), a capture has `x`, a
//! promotion `=Q`; disambiguation adds the from-file, else the from-rank,
//! else both, only where another piece of the same kind could reach the
//! same square. A move that gives check ends in `+`; one after which the
//! game is won ends in `#` (checkmate, or a decided race in Racing Kings,
//! as python-chess writes it).

use std::collections::HashMap;

use crate::variant::chess::{Geometry, Kind, Move, Square};
use crate::variant::{Game, RecordFormat, Report, Status, VariantId};

use super::RecordError;

/// The board shape of a two-player variant.
///
/// # Errors
/// MONARCHIE, which has no SAN.
pub fn geometry(variant: VariantId) -> Result<&'static Geometry, RecordError> {
    let record = &crate::variant::info(variant).record;
    let name = record.name;
    match record.format {
        RecordFormat::PgnSan(geometry) => Ok(geometry),
        RecordFormat::Journal => Err(RecordError::JournalNotPgn { name }),
        RecordFormat::TurnRecord => Err(RecordError::NoSanTurnRecord { name }),
        RecordFormat::PgnCoordinates => Err(RecordError::NoSanCoordinates { name }),
    }
}

/// The kind named by an occupant text (`white knight`), if a piece.
fn kind_of(occupant: &str) -> Option<Kind> {
    let name = occupant.rsplit(' ').next()?;
    Kind::ALL.into_iter().find(|kind| kind.name() == name)
}

/// The SAN letter of a kind; none for the pawn.
fn letter(kind: Kind) -> Option<char> {
    (kind != Kind::Pawn).then(|| kind.letter().to_ascii_uppercase())
}

/// The board of `game`: square name to the kind on it.
fn kinds(game: &dyn Game) -> HashMap<String, Kind> {
    game.pieces()
        .into_iter()
        .filter_map(|(square, occupant)| kind_of(&occupant).map(|kind| (square, kind)))
        .collect()
}

/// A legal move with the kind that makes it and whether it captures.
#[derive(Clone, Debug)]
struct Candidate {
    text: String,
    mv: Move,
    kind: Kind,
    capture: bool,
}

/// The legal moves of `game`, read.
fn candidates(game: &dyn Game, geometry: &Geometry) -> Vec<Candidate> {
    let board = kinds(game);
    game.legal_moves()
        .into_iter()
        .filter_map(|text| {
            let mv = Move::parse(&text, geometry).ok()?;
            let kind = *board.get(&mv.from.to_string())?;
            let capture = board.contains_key(&mv.to.to_string())
                || (kind == Kind::Pawn && mv.from.file() != mv.to.file());
            Some(Candidate {
                text,
                mv,
                kind,
                capture,
            })
        })
        .collect()
}

fn file_char(square: Square) -> char {
    char::from(b'a' + square.file())
}

/// The SAN of one candidate among all, without the check suffix.
fn body(candidate: &Candidate, all: &[Candidate]) -> String {
    let mv = candidate.mv;
    let mut san = String::new();
    match letter(candidate.kind) {
        None => {
            if candidate.capture {
                san.push(file_char(mv.from));
            }
        }
        Some(letter) => {
            san.push(letter);
            let others: Vec<&Candidate> = all
                .iter()
                .filter(|other| {
                    other.kind == candidate.kind && other.mv.to == mv.to && other.mv.from != mv.from
                })
                .collect();
            if !others.is_empty() {
                let same_file = others.iter().any(|o| o.mv.from.file() == mv.from.file());
                let same_rank = others.iter().any(|o| o.mv.from.rank() == mv.from.rank());
                if !same_file || same_rank {
                    san.push(file_char(mv.from));
                }
                if same_file {
                    san.push_str(&(mv.from.rank() + 1).to_string());
                }
            }
        }
    }
    if candidate.capture {
        san.push('x');
    }
    san.push_str(&mv.to.to_string());
    if let Some(kind) = mv.promotion {
        san.push('=');
        san.push(kind.letter().to_ascii_uppercase());
    }
    san
}

/// The suffix a move earns by what it did: `#` when the game is won after
/// it, `+` when it gives check, else nothing.
pub fn suffix(report: &Report) -> &'static str {
    match report.status {
        Status::Won { .. } => "#",
        _ if !report.checks.is_empty() => "+",
        _ => "",
    }
}

/// The SAN of the legal move `action` in `game`, without the suffix.
///
/// # Errors
/// The action is no legal move of `game`, or the variant has no SAN.
pub fn san_body(game: &dyn Game, action: &str) -> Result<String, RecordError> {
    if own_move_text(game.variant()) {
        return own_body(game, action);
    }
    let geometry = geometry(game.variant())?;
    let all = candidates(game, geometry);
    let canonical = game
        .canonical_action(action)
        .map_err(RecordError::Variant)?;
    let candidate = all
        .iter()
        .find(|candidate| candidate.text == canonical)
        .ok_or_else(|| RecordError::NotLegal {
            action: action.to_string(),
        })?;
    Ok(body(candidate, &all))
}

/// Whether `variant`'s PGN carries its own move text instead of SAN
/// (Sovereign Chess in coordinates: `e2e4`, `h6h7=K`, `O-g1`,
/// `K=n:e5e4`; docs/records.md).
pub fn own_move_text(variant: VariantId) -> bool {
    matches!(
        crate::variant::info(variant).record.format,
        RecordFormat::PgnCoordinates
    )
}

/// The variant's own text of the legal move `action`.
fn own_body(game: &dyn Game, action: &str) -> Result<String, RecordError> {
    let canonical = game
        .canonical_action(action)
        .map_err(RecordError::Variant)?;
    if game.legal_moves().contains(&canonical) {
        Ok(canonical)
    } else {
        Err(RecordError::NotLegal {
            action: action.to_string(),
        })
    }
}

/// The suffix a SAN text claims.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Claim {
    /// None written.
    Nothing,
    /// `+`: the move gives check.
    Check,
    /// `#`: the game is won after the move.
    Win,
}

/// A move token read against the legal moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Resolved {
    /// The move in the variant's coordinates (`e2e4`).
    pub action: String,
    /// The suffix written.
    pub claim: Claim,
}

/// The parts of a SAN text.
struct SanParts {
    kind: Kind,
    from_file: Option<u8>,
    from_rank: Option<u8>,
    capture: bool,
    to: Square,
    promotion: Option<Kind>,
}

/// Reads SAN text without its suffix.
fn parse_san(text: &str) -> Result<SanParts, RecordError> {
    let shape = || RecordError::NotSan {
        text: text.to_string(),
    };
    if !text.is_ascii() {
        return Err(shape());
    }
    let (body, promotion) = match text.split_once('=') {
        Some((body, letter)) => {
            let mut chars = letter.chars();
            let (Some(c), None) = (chars.next(), chars.next()) else {
                return Err(shape());
            };
            let kind = Kind::from_letter(c).ok_or_else(shape)?;
            (body, Some(kind))
        }
        None => {
            let ends_in_letter = text.ends_with(|c: char| c.is_ascii_uppercase());
            let before_digit = text
                .len()
                .checked_sub(2)
                .and_then(|i| text.as_bytes().get(i))
                .is_some_and(u8::is_ascii_digit);
            if ends_in_letter && before_digit {
                let (body, letter) = text.split_at(text.len() - 1);
                let kind = letter
                    .chars()
                    .next()
                    .and_then(Kind::from_letter)
                    .ok_or_else(shape)?;
                (body, Some(kind))
            } else {
                (text, None)
            }
        }
    };
    let digits = body
        .bytes()
        .rev()
        .take_while(u8::is_ascii_digit)
        .count()
        .min(2);
    if digits == 0 || body.len() < digits + 1 {
        return Err(shape());
    }
    let (head, square) = body.split_at(body.len() - digits - 1);
    let to: Square = square.parse().map_err(|_| shape())?;
    let mut rest = head.chars().peekable();
    let kind = match rest.peek() {
        Some(&c) if c.is_ascii_uppercase() => {
            rest.next();
            Kind::from_letter(c).ok_or_else(shape)?
        }
        _ => Kind::Pawn,
    };
    let mut from_file = None;
    let mut from_rank = None;
    let mut capture = false;
    if let Some(&c) = rest.peek() {
        if ('a'..='j').contains(&c) {
            from_file = Some(c as u8 - b'a');
            rest.next();
        }
    }
    let mut rank_digits = String::new();
    while let Some(&c) = rest.peek() {
        if c.is_ascii_digit() {
            rank_digits.push(c);
            rest.next();
        } else {
            break;
        }
    }
    if !rank_digits.is_empty() {
        let rank: u8 = rank_digits.parse().map_err(|_| shape())?;
        if !(1..=10).contains(&rank) {
            return Err(shape());
        }
        from_rank = Some(rank - 1);
    }
    if rest.peek() == Some(&'x') || rest.peek() == Some(&':') {
        capture = true;
        rest.next();
    }
    if rest.next().is_some() {
        return Err(shape());
    }
    Ok(SanParts {
        kind,
        from_file,
        from_rank,
        capture,
        to,
        promotion,
    })
}

/// Whether `text` has the shape of coordinates (`e2e4`, `a9a10q`).
fn looks_like_coordinates(text: &str) -> bool {
    let bytes = text.as_bytes();
    let square = |at: usize| -> Option<usize> {
        let file = *bytes.get(at)?;
        if !(b'a'..=b'j').contains(&file) {
            return None;
        }
        let digits = bytes[at + 1..]
            .iter()
            .take(2)
            .take_while(|b| b.is_ascii_digit())
            .count();
        (digits > 0).then_some(at + 1 + digits)
    };
    match square(0).and_then(square) {
        Some(end) => {
            end == bytes.len() || (end + 1 == bytes.len() && bytes[end].is_ascii_lowercase())
        }
        None => false,
    }
}

/// Reads a move token (SAN or coordinates, with an optional `+` or `#`)
/// against the legal moves of `game`.
///
/// # Errors
/// A sentence: castling or a null move (neither variant has them), text
/// of no known shape, no legal move or several legal moves that match, a
/// capture mark on a move that captures nothing or none on one that does.
pub fn resolve(game: &dyn Game, token: &str) -> Result<Resolved, RecordError> {
    let (text, claim) = if let Some(text) = token.strip_suffix('#') {
        (text, Claim::Win)
    } else if let Some(text) = token.strip_suffix("++") {
        (text, Claim::Check)
    } else if let Some(text) = token.strip_suffix('+') {
        (text, Claim::Check)
    } else {
        (token, Claim::Nothing)
    };
    if own_move_text(game.variant()) {
        let action = own_body(game, text)?;
        return Ok(Resolved { action, claim });
    }
    let geometry = geometry(game.variant())?;
    if matches!(text, "O-O" | "O-O-O" | "0-0" | "0-0-0") {
        return Err(RecordError::Castling {
            token: token.to_string(),
            title: game.info().title,
        });
    }
    if matches!(text, "--" | "Z0" | "0000" | "@@@@") {
        return Err(RecordError::NullMove {
            token: token.to_string(),
        });
    }
    let all = candidates(game, geometry);
    if looks_like_coordinates(text) {
        let canonical = game.canonical_action(text).map_err(RecordError::Variant)?;
        return if all.iter().any(|candidate| candidate.text == canonical) {
            Ok(Resolved {
                action: canonical,
                claim,
            })
        } else {
            Err(RecordError::NotLegal {
                action: token.to_string(),
            })
        };
    }
    let parts = parse_san(text)?;
    let matching: Vec<&Candidate> = all
        .iter()
        .filter(|c| {
            c.kind == parts.kind
                && c.mv.to == parts.to
                && c.mv.promotion == parts.promotion
                && parts.from_file.is_none_or(|file| c.mv.from.file() == file)
                && parts.from_rank.is_none_or(|rank| c.mv.from.rank() == rank)
        })
        .collect();
    match matching.as_slice() {
        [] => {
            let near: Vec<String> = all
                .iter()
                .filter(|c| c.mv.to == parts.to)
                .map(|c| body(c, &all))
                .collect();
            Err(if near.is_empty() {
                RecordError::NoMatch {
                    token: token.to_string(),
                }
            } else {
                RecordError::NoMatchNear {
                    token: token.to_string(),
                    to: parts.to.to_string(),
                    near: near.join(", "),
                }
            })
        }
        [one] if one.capture != parts.capture => Err(if one.capture {
            RecordError::CaptureWithoutX {
                token: token.to_string(),
                to: parts.to.to_string(),
            }
        } else {
            RecordError::XWithoutCapture {
                token: token.to_string(),
                to: parts.to.to_string(),
            }
        }),
        [one] => Ok(Resolved {
            action: one.text.clone(),
            claim,
        }),
        several => Err(RecordError::Ambiguous {
            token: token.to_string(),
            matches: several
                .iter()
                .map(|c| c.text.as_str())
                .collect::<Vec<_>>()
                .join(", "),
        }),
    }
}

/// Whether the suffix written agrees with what the move did: `+` needs a
/// check, `#` a won game; no suffix is always accepted.
pub fn claim_holds(claim: Claim, report: &Report) -> bool {
    match claim {
        Claim::Nothing => true,
        Claim::Check => !report.checks.is_empty() || matches!(report.status, Status::Won { .. }),
        Claim::Win => matches!(report.status, Status::Won { .. }),
    }
}
