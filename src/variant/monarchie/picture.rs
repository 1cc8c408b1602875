//! MONARCHIE's board as drawing data for the one renderer
//! ([`crate::draw`]): the 253 pointy-top hexagons of clause 2 in
//! their 25 rows, three tints by lattice column, the cell numbers as
//! labels, any seat at the bottom.
//!
//! A cell at `(row, x)` has its centre at `(x * w / 2, row * 1.5 * r)`,
//! `r` the hexagon radius and `w = sqrt(3) * r` its width. The reference
//! view has Blau's tip at 12 o'clock and Lila's at 6 o'clock; any other
//! seat at the bottom turns the drawing (never the position) about the
//! centre cell 127. Labels stay upright.

use crate::draw::{Board, Place, Shape};
use crate::variant::monarchie::cell::Cell;
use crate::variant::monarchie::geometry::geometry;
use crate::variant::monarchie::party::Party;

/// Hexagon radius (centre to corner) in SVG units.
pub const RADIUS: f64 = 20.0;

/// y of the centre cell 127 (row 13).
const CENTRE_Y: f64 = 13.0 * 1.5 * RADIUS;

/// The centre of a cell in the reference view: `(x * w / 2, row * 1.5 * r)`.
pub fn cell_centre(cell: Cell) -> (f64, f64) {
    let (row, x) = geometry().coords(cell);
    let width = 3f64.sqrt() * RADIUS;
    (f64::from(x) * width / 2.0, f64::from(row) * 1.5 * RADIUS)
}

/// The centre of a cell in the picture with `bottom`'s seat at 6 o'clock.
pub fn picture_centre(bottom: Party, cell: Cell) -> (f64, f64) {
    // Seat i sits 60 * i degrees clockwise from 12 o'clock; turning the
    // picture clockwise by 180 - 60 * i degrees brings it to 6 o'clock.
    let degrees = (180.0 - 60.0 * bottom.index() as f64).rem_euclid(360.0);
    let (sin, cos) = degrees.to_radians().sin_cos();
    let (x, y) = cell_centre(cell);
    let dy = y - CENTRE_Y;
    (x * cos - dy * sin, CENTRE_Y + x * sin + dy * cos)
}

/// The board with `bottom`'s seat at the bottom (Lila when `None` or not
/// a party).
pub fn board(bottom: Option<&str>) -> Board {
    let seat = bottom
        .and_then(|key| key.parse::<Party>().ok())
        .unwrap_or(Party::Lila);
    let places = Cell::all()
        .map(|cell| {
            let (x, y) = picture_centre(seat, cell);
            let (_, lattice_x) = geometry().coords(cell);
            Place {
                name: cell.to_string(),
                x,
                y,
                tint: usize::try_from(i32::from(lattice_x).rem_euclid(3)).unwrap_or(0),
                label: cell.to_string(),
                label_at: None,
            }
        })
        .collect();
    Board {
        title: "MONARCHIE board".to_string(),
        view_box: [-400.0, -10.0, 800.0, 800.0],
        shape: Shape::Hex(RADIUS),
        tints: vec!["#f3eee3", "#e2dac8", "#cfc4ad"],
        places,
        lines: Vec::new(),
        edge_labels: Vec::new(),
    }
}
