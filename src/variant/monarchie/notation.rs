//! The one-line position notation (see `docs/notation.md`).
//!
//! ```text
//! <board> <to-move> <eliminated> <trays> <clocks> <anchor>
//! ```
//!
//! The board lists the 25 rows top to bottom, separated by `/`; in each
//! row, cells left to right: a number is a run of empty cells, a piece is
//! its party letter (`b g o l y r`) and kind letter (`K Q R B N P`), and an
//! unmoved pawn carries a `*`. Pieces of eliminated parties are dead
//! blockers. The other fields are `-` when empty.

use std::fmt;

use crate::cell::Cell;
use crate::geometry::ROW_WIDTHS;
use crate::party::{ByParty, Party};
use crate::piece::{Piece, PieceKind};
use crate::position::Position;
use crate::setup::{Placed, Setup, SetupError, Tray};

/// A notation string that cannot be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum NotationError {
    /// The text is not well formed.
    #[error("notation field '{field}' at column {column}: {message}")]
    Syntax {
        /// Which field (board, to-move, eliminated, trays, clocks, anchor).
        field: &'static str,
        /// 1-based column in the whole string.
        column: usize,
        /// What is wrong and what was expected.
        message: String,
    },
    /// Well formed, but not a valid position. Transparent, so that a
    /// report chain (anyhow) does not print the problems twice.
    #[error(transparent)]
    Invalid(#[from] SetupError),
}

const FIELDS: [&str; 6] = [
    "board",
    "to-move",
    "eliminated",
    "trays",
    "clocks",
    "anchor",
];

/// Writes a position in the one-line notation.
pub fn to_notation(position: &Position) -> String {
    let mut board = String::new();
    let mut cell_number = 1u16;
    for (row, &width) in ROW_WIDTHS.iter().enumerate() {
        if row > 0 {
            board.push('/');
        }
        let mut empty = 0;
        for _ in 0..width {
            let cell = Cell::from_index(cell_number as usize - 1);
            cell_number += 1;
            match position.piece_at(cell) {
                None => empty += 1,
                Some(piece) => {
                    if empty > 0 {
                        push_count(&mut board, empty);
                        empty = 0;
                    }
                    board.push(piece.party.letter());
                    board.push(piece.kind.letter());
                    if position.is_unmoved_pawn(cell) {
                        board.push('*');
                    }
                }
            }
        }
        if empty > 0 {
            push_count(&mut board, empty);
        }
    }
    let party_or_dash =
        |party: Option<Party>| party.map_or("-".to_string(), |p| p.letter().to_string());
    let eliminated: String = Party::ALL
        .into_iter()
        .filter(|&p| !position.is_active(p))
        .map(Party::letter)
        .collect();
    let trays: Vec<String> = Party::ALL
        .into_iter()
        .filter(|&p| !position.tray(p).is_empty())
        .map(|p| format!("{}{}", p.letter(), position.tray(p)))
        .collect();
    let clocks = position.clocks().map_or("-".to_string(), |clocks| {
        clocks
            .0
            .iter()
            .map(u32::to_string)
            .collect::<Vec<_>>()
            .join(",")
    });
    format!(
        "{board} {} {} {} {clocks} {}",
        party_or_dash(position.to_move()),
        dash_if_empty(eliminated),
        dash_if_empty(trays.join(",")),
        anchor_field(position),
    )
}

/// Writes a run of empty cells (at most a row's 19) as its number.
fn push_count(text: &mut String, count: u32) {
    if count >= 10 {
        text.push(char::from(b'0' + (count / 10) as u8));
    }
    text.push(char::from(b'0' + (count % 10) as u8));
}

/// The anchor field: the check anchor, followed under
/// R-CHECK-PRIORITY=postpone by `+` and the parties owed a turn.
fn anchor_field(position: &Position) -> String {
    let anchor = position
        .check_anchor()
        .map_or("-".to_string(), |p| p.letter().to_string());
    if !position.has_postponed() {
        return anchor;
    }
    let owed: String = position.postponed().map(|p| p.letter()).collect();
    format!("{anchor}+{owed}")
}

fn dash_if_empty(text: String) -> String {
    if text.is_empty() {
        "-".to_string()
    } else {
        text
    }
}

/// Reads the one-line notation into a plain setup (not yet validated).
///
/// # Errors
/// [`NotationError::Syntax`] naming the field, the column and what was expected.
pub fn parse_setup(text: &str) -> Result<Setup, NotationError> {
    let mut fields = Vec::new();
    let mut offset = 0;
    for part in text.split(' ') {
        if !part.is_empty() {
            fields.push((offset, part));
        }
        offset += part.len() + 1;
    }
    if fields.len() != FIELDS.len() {
        return Err(NotationError::Syntax {
            field: FIELDS.get(fields.len()).copied().unwrap_or("anchor"),
            column: text.len() + 1,
            message: format!(
                "expected 6 space-separated fields (board, to-move, eliminated, trays, clocks, anchor), found {}",
                fields.len()
            ),
        });
    }
    let mut setup = Setup::default();
    let (board_at, board) = fields[0];
    let pieces = parse_board(board, board_at)?;
    let (_, eliminated_text) = fields[2];
    setup.eliminated = parse_party_list(eliminated_text, fields[2].0, "eliminated")?;
    for placed in pieces {
        let (placed, unmoved) = placed;
        if unmoved {
            setup.unmoved_pawns.push(placed.cell);
        }
        if setup.eliminated.contains(&placed.piece.party) {
            setup.dead_blockers.push(placed);
        } else {
            setup.pieces.push(placed);
        }
    }
    setup.to_move = parse_optional_party(fields[1].1, fields[1].0, "to-move")?;
    setup.trays = parse_trays(fields[3].1, fields[3].0)?;
    setup.clocks = parse_clocks(fields[4].1, fields[4].0)?;
    let (anchor, owed) = match fields[5].1.split_once('+') {
        Some((anchor, owed)) if !owed.is_empty() => (anchor, Some(owed)),
        Some(_) => {
            return Err(syntax(
                "anchor",
                fields[5].0 + fields[5].1.len(),
                "expected the parties owed a turn after '+'",
            ))
        }
        None => (fields[5].1, None),
    };
    setup.check_anchor = parse_optional_party(anchor, fields[5].0, "anchor")?;
    if let Some(owed) = owed {
        setup.postponed = parse_party_list(owed, fields[5].0 + anchor.len() + 1, "anchor")?;
    }
    Ok(setup)
}

/// Reads the one-line notation into a validated position.
///
/// # Errors
/// [`NotationError`] for bad syntax or an invalid position.
pub fn parse_position(text: &str) -> Result<Position, NotationError> {
    let setup = parse_setup(text.trim())?;
    Ok(Position::from_setup(&setup)?)
}

fn syntax(field: &'static str, column: usize, message: impl Into<String>) -> NotationError {
    NotationError::Syntax {
        field,
        column: column + 1,
        message: message.into(),
    }
}

fn parse_board(text: &str, at: usize) -> Result<Vec<(Placed, bool)>, NotationError> {
    let rows: Vec<&str> = text.split('/').collect();
    if rows.len() != ROW_WIDTHS.len() {
        return Err(syntax(
            "board",
            at,
            format!("expected 25 rows separated by '/', found {}", rows.len()),
        ));
    }
    let mut placed = Vec::new();
    let mut first_cell = 1u16;
    let mut column = at;
    for (row_index, row) in rows.iter().enumerate() {
        let width = ROW_WIDTHS[row_index] as u16;
        let mut filled = 0u16;
        let chars: Vec<char> = row.chars().collect();
        let mut i = 0;
        while i < chars.len() {
            let here = column + i;
            let c = chars[i];
            if c.is_ascii_digit() {
                let start = i;
                while i < chars.len() && chars[i].is_ascii_digit() {
                    i += 1;
                }
                let run: String = chars[start..i].iter().collect();
                let count: u16 = run
                    .parse()
                    .map_err(|_| syntax("board", here, "empty-cell count too large"))?;
                if count == 0 {
                    return Err(syntax(
                        "board",
                        here,
                        "an empty-cell count must be at least 1",
                    ));
                }
                filled = filled.saturating_add(count);
                continue;
            }
            let party = Party::from_letter(c).ok_or_else(|| {
                syntax(
                    "board",
                    here,
                    format!("expected a digit or a party letter (b g o l y r), found '{c}'"),
                )
            })?;
            let kind_char = chars.get(i + 1).copied().ok_or_else(|| {
                syntax(
                    "board",
                    here + 1,
                    "expected a piece letter (K Q R B N P) after the party letter",
                )
            })?;
            let kind = PieceKind::from_letter(kind_char)
                .filter(|_| kind_char.is_ascii_uppercase())
                .ok_or_else(|| {
                    syntax(
                        "board",
                        here + 1,
                        format!("expected a piece letter (K Q R B N P), found '{kind_char}'"),
                    )
                })?;
            i += 2;
            let unmoved = chars.get(i) == Some(&'*');
            if unmoved {
                if kind != PieceKind::Pawn {
                    return Err(syntax(
                        "board",
                        column + i,
                        "'*' (unmoved) may only follow a pawn",
                    ));
                }
                i += 1;
            }
            if filled >= width {
                return Err(syntax(
                    "board",
                    here,
                    format!(
                        "row {} has {width} cells, but more are listed",
                        row_index + 1
                    ),
                ));
            }
            let cell = Cell::from_index((first_cell + filled) as usize - 1);
            placed.push((
                Placed {
                    cell,
                    piece: Piece::new(party, kind),
                },
                unmoved,
            ));
            filled += 1;
        }
        if filled != width {
            return Err(syntax(
                "board",
                column,
                format!(
                    "row {} must describe {width} cells, found {filled}",
                    row_index + 1
                ),
            ));
        }
        first_cell += width;
        column += row.len() + 1;
    }
    Ok(placed)
}

fn parse_optional_party(
    text: &str,
    at: usize,
    field: &'static str,
) -> Result<Option<Party>, NotationError> {
    if text == "-" {
        return Ok(None);
    }
    let mut chars = text.chars();
    match (chars.next().and_then(Party::from_letter), chars.next()) {
        (Some(party), None) => Ok(Some(party)),
        _ => Err(syntax(
            field,
            at,
            format!("expected '-' or one party letter (b g o l y r), found '{text}'"),
        )),
    }
}

fn parse_party_list(
    text: &str,
    at: usize,
    field: &'static str,
) -> Result<Vec<Party>, NotationError> {
    if text == "-" {
        return Ok(Vec::new());
    }
    text.chars()
        .enumerate()
        .map(|(i, c)| {
            Party::from_letter(c).ok_or_else(|| {
                syntax(
                    field,
                    at + i,
                    format!("expected party letters (b g o l y r) or '-', found '{c}'"),
                )
            })
        })
        .collect()
}

/// The most pieces a tray can hold: a party's own captured pieces, and
/// every army of Anhang A has 20 besides its king.
pub const MAX_TRAY: usize = 20;

fn parse_trays(text: &str, at: usize) -> Result<ByParty<Tray>, NotationError> {
    let mut trays = ByParty::<Tray>::default();
    if text == "-" {
        return Ok(trays);
    }
    let mut offset = at;
    for group in text.split(',') {
        let mut chars = group.chars();
        let party = chars.next().and_then(Party::from_letter).ok_or_else(|| {
            syntax(
                "trays",
                offset,
                format!("expected a party letter to start the tray group '{group}'"),
            )
        })?;
        for (i, c) in chars.enumerate() {
            let kind = PieceKind::from_letter(c)
                .filter(|kind| *kind != PieceKind::King && c.is_ascii_uppercase())
                .ok_or_else(|| {
                    syntax(
                        "trays",
                        offset + 1 + i,
                        format!("expected a piece letter Q R B N P in a tray, found '{c}'"),
                    )
                })?;
            if trays[party].total() >= MAX_TRAY {
                return Err(syntax(
                    "trays",
                    offset + 1 + i,
                    format!("the tray of {party} holds more than MAX_TRAY ({MAX_TRAY}) pieces; a party has {MAX_TRAY} pieces besides its king (Anhang A)"),
                ));
            }
            trays[party].add(kind);
        }
        offset += group.len() + 1;
    }
    Ok(trays)
}

fn parse_clocks(text: &str, at: usize) -> Result<Option<ByParty<u32>>, NotationError> {
    if text == "-" {
        return Ok(None);
    }
    let parts: Vec<&str> = text.split(',').collect();
    if parts.len() != 6 {
        return Err(syntax(
            "clocks",
            at,
            format!(
                "expected '-' or 6 comma-separated seconds (Blau to Rot), found {} values",
                parts.len()
            ),
        ));
    }
    let mut clocks = [0u32; 6];
    let mut offset = at;
    for (slot, part) in clocks.iter_mut().zip(&parts) {
        *slot = part.parse().map_err(|_| {
            syntax(
                "clocks",
                offset,
                format!("expected whole seconds, found '{part}'"),
            )
        })?;
        offset += part.len() + 1;
    }
    Ok(Some(ByParty(clocks)))
}

/// Wraps a position so that `{}` prints its notation.
pub struct Notation<'a>(pub &'a Position);

impl fmt::Display for Notation<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&to_notation(self.0))
    }
}

impl std::str::FromStr for Position {
    type Err = NotationError;
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        parse_position(text)
    }
}
