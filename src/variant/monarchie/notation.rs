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

use crate::variant::monarchie::cell::{Cell, CELL_COUNT};
use crate::variant::monarchie::geometry::ROW_WIDTHS;
use crate::variant::monarchie::party::{ByParty, Party};
use crate::variant::monarchie::piece::{Piece, PieceKind};
use crate::variant::monarchie::position::Position;
use crate::variant::monarchie::setup::{Placed, Setup, SetupError, Tray};

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

pub(crate) const FIELDS: [&str; 6] = [
    "board",
    "to-move",
    "eliminated",
    "trays",
    "clocks",
    "anchor",
];

/// Writes a position in the one-line notation.
pub fn to_notation(position: &Position) -> String {
    // One buffer, no formatter: the fuzzer writes every position it meets.
    let mut text = String::with_capacity(320);
    // The pieces in cell order; the cells between them are the empty runs.
    let mut pieces = position.pieces().peekable();
    let mut row_start = 0;
    for (row, &width) in ROW_WIDTHS.iter().enumerate() {
        if row > 0 {
            text.push('/');
        }
        let row_end = row_start + width as usize;
        let mut next_cell = row_start;
        while let Some((cell, piece)) = pieces.next_if(|(cell, _)| cell.index() < row_end) {
            push_count(&mut text, (cell.index() - next_cell) as u32);
            text.push(piece.party.letter());
            text.push(piece.kind.letter());
            if position.is_unmoved_pawn(cell) {
                text.push('*');
            }
            next_cell = cell.index() + 1;
        }
        push_count(&mut text, (row_end - next_cell) as u32);
        row_start = row_end;
    }
    text.push(' ');
    push_party_or_dash(&mut text, position.to_move());
    text.push(' ');
    let eliminated = text.len();
    for party in Party::ALL.into_iter().filter(|&p| !position.is_active(p)) {
        text.push(party.letter());
    }
    dash_if_nothing_since(&mut text, eliminated);
    text.push(' ');
    let trays = text.len();
    for party in Party::ALL {
        let tray = position.tray(party);
        if tray.is_empty() {
            continue;
        }
        if text.len() > trays {
            text.push(',');
        }
        text.push(party.letter());
        for kind in PieceKind::ALL {
            for _ in 0..tray.count(kind) {
                text.push(kind.letter());
            }
        }
    }
    dash_if_nothing_since(&mut text, trays);
    text.push(' ');
    match position.clocks() {
        None => text.push('-'),
        Some(clocks) => {
            for (index, seconds) in clocks.0.iter().enumerate() {
                if index > 0 {
                    text.push(',');
                }
                push_decimal(&mut text, *seconds);
            }
        }
    }
    text.push(' ');
    push_anchor_field(&mut text, position);
    text
}

/// Writes a run of empty cells (at most a row's 19) as its number; a run
/// of none as nothing.
fn push_count(text: &mut String, count: u32) {
    if count == 0 {
        return;
    }
    if count >= 10 {
        text.push(char::from(b'0' + (count / 10) as u8));
    }
    text.push(char::from(b'0' + (count % 10) as u8));
}

/// Writes a number in decimal.
fn push_decimal(text: &mut String, number: u32) {
    if number >= 10 {
        push_decimal(text, number / 10);
    }
    text.push(char::from(b'0' + (number % 10) as u8));
}

/// Writes a party's letter, or `-` for none.
fn push_party_or_dash(text: &mut String, party: Option<Party>) {
    text.push(party.map_or('-', Party::letter));
}

/// Writes `-` when nothing was written since `start` (an empty field).
fn dash_if_nothing_since(text: &mut String, start: usize) {
    if text.len() == start {
        text.push('-');
    }
}

/// The anchor field: the check anchor, followed under
/// R-CHECK-PRIORITY=postpone by `+` and the parties owed a turn.
fn push_anchor_field(text: &mut String, position: &Position) {
    push_party_or_dash(text, position.check_anchor());
    if position.has_postponed() {
        text.push('+');
        for party in position.postponed() {
            text.push(party.letter());
        }
    }
}

/// Reads the one-line notation into a plain setup (not yet validated).
///
/// # Errors
/// [`NotationError::Syntax`] naming the field, the column and what was expected.
pub fn parse_setup(text: &str) -> Result<Setup, NotationError> {
    // Fields are separated by exactly one space, as in every variant's
    // position text (`crate::variant::fields`).
    let fields = crate::variant::fields::split_fields(text, &FIELDS).map_err(|error| {
        NotationError::Syntax {
            field: error.field.unwrap_or(FIELDS[FIELDS.len() - 1]),
            column: error.column,
            message: error.to_string(),
        }
    })?;
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
    let (board_at, board) = fields[0];
    let pieces = parse_board(board, board_at)?;
    let mut setup = Setup {
        pieces: Vec::with_capacity(pieces.len()),
        ..Setup::default()
    };
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
    let setup = parse_setup(text)?;
    Ok(Position::from_setup(&setup)?)
}

/// [`parse_position`], remembering the last texts read on this thread
/// with what they read as. The random-game fuzzer reads each position it
/// reaches several times (its notation round trip, the game read back
/// from it, the position before the next action); reading is a pure
/// function of the text, so each text is read once.
///
/// # Errors
/// As [`parse_position`].
pub fn parse_recent(text: &str) -> Result<Position, NotationError> {
    RECENT.with(|recent| {
        let mut recent = recent.borrow_mut();
        if let Some((_, position)) = recent.iter().find(|(known, _)| known == text) {
            return Ok(position.clone());
        }
        let position = parse_position(text)?;
        recent.truncate(RECENT_TEXTS - 1);
        recent.insert(0, (text.to_string(), position.clone()));
        Ok(position)
    })
}

/// How many texts [`parse_recent`] and [`to_notation_recent`] remember
/// per thread.
const RECENT_TEXTS: usize = 4;

/// [`to_notation`], remembering the last positions written on this
/// thread with their texts. The fuzzer writes each position it reaches
/// several times (the report, the state check, the round trip, the game
/// read back from it); writing is a pure function of the position, so
/// each is written once.
pub fn to_notation_recent(position: &Position) -> String {
    WRITTEN.with(|written| {
        let mut written = written.borrow_mut();
        if let Some((_, text)) = written.iter().find(|(known, _)| known == position) {
            return text.clone();
        }
        let text = to_notation(position);
        written.truncate(RECENT_TEXTS - 1);
        written.insert(0, (position.clone(), text.clone()));
        text
    })
}

thread_local! {
    /// The last texts [`parse_recent`] read on this thread, the latest
    /// first, with the positions they read as.
    static RECENT: std::cell::RefCell<Vec<(String, Position)>> =
        const { std::cell::RefCell::new(Vec::new()) };
    /// The last positions [`to_notation_recent`] wrote on this thread, the
    /// latest first, with their texts.
    static WRITTEN: std::cell::RefCell<Vec<(Position, String)>> =
        const { std::cell::RefCell::new(Vec::new()) };
}

fn syntax(field: &'static str, column: usize, message: impl Into<String>) -> NotationError {
    NotationError::Syntax {
        field,
        column: column + 1,
        message: message.into(),
    }
}

fn parse_board(text: &str, at: usize) -> Result<Vec<(Placed, bool)>, NotationError> {
    let rows = text.split('/').count();
    if rows != ROW_WIDTHS.len() {
        return Err(syntax(
            "board",
            at,
            format!("expected 25 rows separated by '/', found {rows}"),
        ));
    }
    let mut placed = Vec::with_capacity(CELL_COUNT);
    let mut first_cell = 1u16;
    let mut column = at;
    // One buffer for the characters of every row (columns count characters).
    let mut chars: Vec<char> = Vec::new();
    for (row_index, row) in text.split('/').enumerate() {
        let width = ROW_WIDTHS[row_index] as u16;
        let mut filled = 0u16;
        chars.clear();
        chars.extend(row.chars());
        let mut i = 0;
        while i < chars.len() {
            let here = column + i;
            let c = chars[i];
            if c.is_ascii_digit() {
                let mut count: Option<u16> = Some(0);
                while i < chars.len() && chars[i].is_ascii_digit() {
                    let digit = chars[i] as u16 - u16::from(b'0');
                    count = count
                        .and_then(|count| count.checked_mul(10))
                        .and_then(|count| count.checked_add(digit));
                    i += 1;
                }
                let count =
                    count.ok_or_else(|| syntax("board", here, "empty-cell count too large"))?;
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
