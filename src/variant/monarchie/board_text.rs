//! The text picture of the board printed by `regelwerk show`: the hexagram
//! in its 25 rows, Blau's tip at the top, every cell four characters wide.
//! Empty cells show their number; pieces show party and kind letters.

use crate::variant::monarchie::cell::Cell;
use crate::variant::monarchie::geometry::{geometry, ROW_WIDTHS};
use crate::variant::monarchie::notation::to_notation;
use crate::variant::monarchie::party::Party;
use crate::variant::monarchie::position::{Occupant, Position};

/// The token of one cell: its number when empty, `bK` for an active
/// piece, `bP*` for an unmoved pawn, `~gR` for a dead blocker.
fn token(position: &Position, cell: Cell) -> String {
    match position.occupant(cell) {
        Occupant::Empty => cell.number().to_string(),
        Occupant::Active(piece) => {
            let star = if position.is_unmoved_pawn(cell) {
                "*"
            } else {
                ""
            };
            format!("{}{}{star}", piece.party.letter(), piece.kind.letter())
        }
        Occupant::Dead(piece) => format!("~{}{}", piece.party.letter(), piece.kind.letter()),
    }
}

/// Draws the board and a legend (party to move, eliminated parties, trays,
/// clocks, notation).
pub fn render(position: &Position) -> String {
    let geometry = geometry();
    let mut lines = Vec::new();
    let mut number = 1u16;
    for &width in &ROW_WIDTHS {
        let mut line = String::new();
        for _ in 0..width {
            let cell = Cell::from_index(number as usize - 1);
            number += 1;
            let (_, x) = geometry.coords(cell);
            let column = (x as i32 + 18) as usize * 2;
            while line.len() < column {
                line.push(' ');
            }
            line.push_str(&format!("{:>4}", token(position, cell)));
        }
        lines.push(line.trim_end().to_string());
    }
    lines.push(String::new());
    let to_move = position
        .to_move()
        .map_or("nobody (game over)".to_string(), |p| p.german().to_string());
    lines.push(format!("to move: {to_move}"));
    let eliminated: Vec<&str> = Party::ALL
        .into_iter()
        .filter(|&p| !position.is_active(p))
        .map(Party::german)
        .collect();
    if !eliminated.is_empty() {
        lines.push(format!("eliminated: {}", eliminated.join(", ")));
    }
    if let Some(winner) = position.winner() {
        lines.push(format!("winner: {}", winner.german()));
    }
    for party in Party::ALL {
        let tray = position.tray(party);
        if !tray.is_empty() {
            lines.push(format!("tray {}: {tray}", party.german()));
        }
    }
    if let Some(clocks) = position.clocks() {
        let text: Vec<String> = clocks
            .iter()
            .map(|(party, seconds)| {
                format!("{} {}:{:02}", party.german(), seconds / 60, seconds % 60)
            })
            .collect();
        lines.push(format!("clocks: {}", text.join("  ")));
    }
    lines.push(
        "legend: number = empty cell, bK = Blau king, bP* = unmoved pawn, ~gR = dead blocker"
            .to_string(),
    );
    lines.push(format!("notation: {}", to_notation(position)));
    let mut text = lines.join("\n");
    text.push('\n');
    text
}
