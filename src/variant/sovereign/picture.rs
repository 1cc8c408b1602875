//! The 16 x 16 board as drawing data for the one renderer: light and dark
//! squares, the 24 coloured squares in their colours, the promotion zone
//! in its own tint, the two brown lines through the centre and the black
//! frame of the zone; and the movement figures.

use crate::draw::{Board, Place, Shape};
use crate::variant::FigureSpec;

use super::geometry::Square;

/// The side of a square in SVG units.
pub const SIDE: f64 = 40.0;

/// The tints: light, dark, the zone, then the twelve colours in
/// [`super::geometry::Colour::ALL`] order.
const TINTS: [&str; 15] = [
    "#efe4cc", "#c9b48f", "#d8d2c4", "#1f3a7a", "#c0282d", "#2e8b3a", "#9a7fd1", "#f19ac0",
    "#f2d22e", "#c9cdd2", "#5b6570", "#38c6d9", "#1b1b1b", "#ffffff", "#f08a24",
];

/// The board with `bottom` (`player1`, the default, or `player2`) at the
/// bottom.
pub fn board(bottom: Option<&str>) -> Board {
    let flipped = bottom == Some("player2");
    let at = |file: i32, rank: i32| {
        let (column, row) = if flipped {
            (15 - file, rank)
        } else {
            (file, 15 - rank)
        };
        (
            f64::from(column) * SIDE + SIDE / 2.0,
            f64::from(row) * SIDE + SIDE / 2.0,
        )
    };
    let mut places = Vec::new();
    for square in Square::all() {
        let (x, y) = at(square.file(), square.rank());
        let tint = match square.colour() {
            Some(colour) => 3 + colour.index(),
            None if square.in_zone() => 2,
            None => usize::from((square.file() + square.rank()) % 2 == 0),
        };
        places.push(Place {
            name: square.to_string(),
            x,
            y,
            tint,
            label: String::new(),
        });
    }
    let mut edge_labels = Vec::new();
    for file in 0..16 {
        let (x, _) = at(file, 0);
        edge_labels.push((
            x,
            16.0 * SIDE + 16.0,
            char::from(b'a' + file as u8).to_string(),
        ));
    }
    for rank in 0..16 {
        let (_, y) = at(0, rank);
        edge_labels.push((-16.0, y + 5.0, (rank + 1).to_string()));
    }
    let full = 16.0 * SIDE;
    let mid = 8.0 * SIDE;
    let (zone_low, zone_high) = (6.0 * SIDE, 10.0 * SIDE);
    let lines = vec![
        // The brown lines (h|i and 8|9).
        [mid, 0.0, mid, full],
        [0.0, mid, full, mid],
        // The frame of the zone.
        [zone_low, zone_low, zone_high, zone_low],
        [zone_low, zone_high, zone_high, zone_high],
        [zone_low, zone_low, zone_low, zone_high],
        [zone_high, zone_low, zone_high, zone_high],
    ];
    Board {
        title: "Sovereign Chess, 16x16".to_string(),
        view_box: [-34.0, -10.0, full + 44.0, full + 40.0],
        shape: Shape::Square(SIDE),
        tints: TINTS.to_vec(),
        places,
        lines,
        edge_labels,
    }
}

/// One figure per piece kind: the piece alone with the two kings far
/// away, so that its dots show its moves (the slide limit of 8, the pawn
/// directions, the squares of its own colour left out).
pub fn figures() -> Vec<FigureSpec> {
    let figure = |file: &str, caption: &str, square: &str, piece: &str| {
        let kings = |row: usize| match row {
            15 => Some("bk15"),
            0 if piece != "wk" => Some("15wk"),
            _ => None,
        };
        let target = Square::parse(square).ok();
        let mut rows = Vec::new();
        for row in (0..16).rev() {
            if let Some(text) = kings(row) {
                rows.push(text.to_string());
                continue;
            }
            match target {
                Some(target) if target.rank() as usize == row => {
                    let before = target.file();
                    let after = 15 - before;
                    let mut text = String::new();
                    if before > 0 {
                        text.push_str(&before.to_string());
                    }
                    text.push_str(piece);
                    if after > 0 {
                        text.push_str(&after.to_string());
                    }
                    rows.push(text);
                }
                _ => rows.push("16".to_string()),
            }
        }
        FigureSpec {
            file: file.to_string(),
            caption: caption.to_string(),
            notation: format!("{} 1 w b - 0", rows.join("/")),
            square: square.to_string(),
        }
    };
    vec![
        figure("queen.svg", "A white queen on d4: at most 8 squares in each direction, so its long diagonal ends at l12", "d4", "wq"),
        figure("rook.svg", "A white rook on c8: 8 squares at most, so it stops at k8 and never reaches the far edge", "c8", "wr"),
        figure("bishop.svg", "A white bishop on b2: the long diagonal ends after 8 squares at j10", "b2", "wb"),
        figure("knight.svg", "A white knight on g5: the ordinary jumps", "g5", "wn"),
        figure("king.svg", "Player 1's white king on h10: it may not step onto the white square h9", "h10", "wk"),
        figure("pawn-g3.svg", "A white pawn on g3 steps to g4 or h3 (nearer a brown line), two squares only from rings 1 and 2", "g3", "wp"),
        figure("pawn-e2.svg", "A white pawn on e2 (ring 2): e3, the double step e4, and f2 toward the h|i line", "e2", "wp"),
    ]
}
