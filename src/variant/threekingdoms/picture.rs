//! The board as drawing data for the one renderer
//! ([`crate::draw`]): three half-boards around the central
//! triangle, each bank bent at its e5 point so that its right half runs
//! along one river arm and its left half along the other (F-BANK-BEND);
//! every edge and the palace diagonals as lines, the points tinted by
//! half, any kingdom at the bottom. Also the movement figures.

use super::geometry::{palace_diagonals, Geometry};
use super::labels;
use super::notation;
use super::point::{Kingdom, Point, KINGDOMS};
use super::position::{Kind, Piece, Position};
use super::ruleset::{Bannermen, Ruleset};
use crate::draw::{baseline, place_reach, Board, Place, Shape};
use crate::variant::FigureSpec;

/// Units per file step.
const UNIT: f64 = 40.0;

/// The centre of a point with Shu at the bottom, in units, before the
/// turn: the back rank is straight, the bank bends at e5, ranks between
/// are interpolated.
fn shu_frame(file: u8, rank: u8) -> (f64, f64) {
    let t = 0.9; // centre to an e5 point
    let (c30, s30) = (30f64.to_radians().cos(), 30f64.to_radians().sin());
    let f = f64::from(file) - 4.0;
    let bank = if f >= 0.0 {
        (f * c30, t + f * s30)
    } else {
        (f * c30, t - f * s30)
    };
    let back = (f * 1.05, t + 6.2);
    let k = f64::from(rank) / 4.0;
    (
        back.0 + k * (bank.0 - back.0),
        back.1 + k * (bank.1 - back.1),
    )
}

/// The centre of `point` in the picture with `bottom` at the bottom.
pub fn centre(point: Point, bottom: Kingdom) -> (f64, f64) {
    let (x, y) = shu_frame(point.file(), point.rank());
    // Wu sits 120 degrees counter-clockwise of Shu on screen (on Shu's
    // right); each seat turns by -120 degrees, the bottom seat back to 0.
    let seat = (point.kingdom().index() + 3 - bottom.index()) % 3;
    let angle = (-120.0 * seat as f64).to_radians();
    let (sin, cos) = angle.sin_cos();
    ((x * cos - y * sin) * UNIT, (x * sin + y * cos) * UNIT)
}

/// The board with `bottom` (a kingdom key) at the bottom (Shu when `None`).
pub fn board(bottom: Option<&str>) -> Board {
    let bottom = bottom.and_then(Kingdom::from_key).unwrap_or(Kingdom::SHU);
    let geometry = Geometry::shared(&Ruleset::default());
    let shape = Shape::Point(3.0);
    let centres: Vec<(f64, f64)> = Point::all().map(|point| centre(point, bottom)).collect();
    let labels: Vec<String> = Point::all().map(|point| point.to_string()).collect();
    let names: Vec<((f64, f64), String)> = Kingdom::ALL
        .into_iter()
        .map(|k| {
            (
                centre(Point::new(k, 4, 0), bottom),
                format!(
                    "{} ({})",
                    KINGDOMS[k.index()].native,
                    ["red", "green", "blue"][k.index()]
                ),
            )
        })
        .collect();
    let layout = labels::layout(shape, &centres, &labels, &names);
    let places: Vec<Place> = Point::all()
        .zip(&centres)
        .zip(&layout.points)
        .map(|((point, &(x, y)), &label_at)| Place {
            name: point.to_string(),
            x,
            y,
            tint: point.kingdom().index(),
            label: point.to_string(),
            label_at: Some(label_at),
        })
        .collect();
    let mut lines = Vec::new();
    for (a, b) in geometry.edges() {
        let (ax, ay) = centre(a, bottom);
        let (bx, by) = centre(b, bottom);
        lines.push([ax, ay, bx, by]);
    }
    for point in Point::all() {
        for other in palace_diagonals(point) {
            if point < other {
                let (ax, ay) = centre(point, bottom);
                let (bx, by) = centre(other, bottom);
                lines.push([ax, ay, bx, by]);
            }
        }
    }
    let edge_labels = names
        .iter()
        .zip(&layout.names)
        .map(|((_, name), &(x, y))| (x, baseline(y, labels::NAME_SIZE), name.clone()))
        .collect();
    // The bounds of every point's reach and every label, with air.
    let reach = place_reach(shape);
    let (mut min_x, mut min_y, mut max_x, mut max_y) = (f64::MAX, f64::MAX, f64::MIN, f64::MIN);
    let point_boxes = centres
        .iter()
        .map(|&(x, y)| [x - reach, y - reach, x + reach, y + reach]);
    for b in point_boxes.chain(layout.boxes.iter().copied()) {
        min_x = min_x.min(b[0]);
        min_y = min_y.min(b[1]);
        max_x = max_x.max(b[2]);
        max_y = max_y.max(b[3]);
    }
    let margin = 12.0;
    Board {
        title: "Three Kingdoms Xiangqi board".to_string(),
        view_box: [
            min_x - margin,
            min_y - margin,
            max_x - min_x + 2.0 * margin,
            max_y - min_y + 2.0 * margin,
        ],
        shape,
        tints: vec!["#f4d9d4", "#d6ecd9", "#d7e1f3"],
        places,
        lines,
        edge_labels,
    }
}

fn generals_only() -> Position {
    let mut position = Position::empty(Bannermen::On);
    for k in Kingdom::ALL {
        position.put(Point::new(k, 3, 0), Piece::new(Kind::General, k));
    }
    position
}

/// The position of a figure: the three generals on their d1 points and
/// `pieces`.
fn figure_position(pieces: &[(&str, Piece)]) -> Position {
    let mut position = generals_only();
    for (name, piece) in pieces {
        if let Ok(point) = name.parse::<Point>() {
            position.put(point, *piece);
        }
    }
    position
}

fn figure(file: &str, caption: &str, pieces: &[(&str, Piece)], square: &str) -> FigureSpec {
    FigureSpec {
        file: file.to_string(),
        caption: caption.to_string(),
        notation: notation::to_text(&figure_position(pieces)),
        square: square.to_string(),
        one_way: Vec::new(),
    }
}

/// The targets of the piece on `square` (among `pieces`) from which the
/// same piece, standing there instead, has no move back to `square`:
/// asked of the engine, both ways.
fn one_way_targets(pieces: &[(&str, Piece)], square: &str) -> Vec<String> {
    let targets = |pieces: &[(&str, Piece)], from: &str| -> Vec<String> {
        let Ok(game) = super::open(Some(&notation::to_text(&figure_position(pieces))), &[]) else {
            return Vec::new();
        };
        game.legal_moves_from(from)
            .unwrap_or_default()
            .iter()
            .filter_map(|mv| game.move_squares(mv).map(|(_, to)| to))
            .collect()
    };
    targets(pieces, square)
        .into_iter()
        .filter(|to| {
            let moved: Vec<(&str, Piece)> = pieces
                .iter()
                .map(|&(at, piece)| (if at == square { to.as_str() } else { at }, piece))
                .collect();
            !targets(&moved, to).iter().any(|back| back == square)
        })
        .collect()
}

/// The horse on the triangle point Re5, its one-way targets marked and
/// named in the caption.
fn horse_triangle(horse: Piece) -> FigureSpec {
    let pieces = [("Re5", horse)];
    let one_way = one_way_targets(&pieces, "Re5");
    let game = super::open(Some(&notation::to_text(&figure_position(&pieces))), &[]);
    let count = game
        .ok()
        .and_then(|game| game.legal_moves_from("Re5").ok())
        .map_or(0, |moves| moves.len());
    let caption = format!(
        "Horse on the triangle point Re5: {count} targets; {} one-way (R-HORSE, F-HORSE-ASYM)",
        match one_way.as_slice() {
            [] => "none is".to_string(),
            [one] => format!("{one} (orange) is"),
            [init @ .., last] => format!("{} and {last} (orange) are", init.join(", ")),
        }
    );
    FigureSpec {
        one_way,
        ..figure("horse-triangle.svg", &caption, &pieces, "Re5")
    }
}

/// The movement figures: every piece, the forks at the triangle, and
/// one-way horse and bannerman moves (seen from the point they go to).
pub fn figures() -> Vec<FigureSpec> {
    let shu = |kind| Piece::new(kind, Kingdom::SHU);
    let wu = |kind| Piece::new(kind, Kingdom::WU);
    vec![
        figure(
            "general.svg",
            "General: one step inside its palace (tk.T5)",
            &[],
            "Rd1",
        ),
        figure(
            "advisor.svg",
            "Advisor: the palace diagonals (tk.T5)",
            &[("Re2", shu(Kind::Advisor))],
            "Re2",
        ),
        figure(
            "elephant.svg",
            "Elephant: two diagonal steps on its home half, never across (tk.T5)",
            &[("Re3", shu(Kind::Elephant))],
            "Re3",
        ),
        figure(
            "horse.svg",
            "Horse: a step, then a diagonal beyond it (R-HORSE)",
            &[("Rg3", shu(Kind::Horse))],
            "Rg3",
        ),
        horse_triangle(shu(Kind::Horse)),
        figure(
            "horse-one-way.svg",
            "Horse on Gd4: a horse on Be5 reaches it, but this one cannot jump back to Be5 (one-way, R-HORSE)",
            &[("Gd4", shu(Kind::Horse))],
            "Gd4",
        ),
        figure(
            "chariot-fork.svg",
            "Chariot on the e-file: the line forks at the triangle (R-LINES)",
            &[("Re3", shu(Kind::Chariot))],
            "Re3",
        ),
        figure(
            "cannon.svg",
            "Cannon: captures over one screen on both branches of the fork (S5)",
            &[
                ("Re3", shu(Kind::Cannon)),
                ("Re5", shu(Kind::Soldier)),
                ("Ge4", wu(Kind::Horse)),
                ("Be3", wu(Kind::Horse)),
            ],
            "Re3",
        ),
        figure(
            "soldier-fork.svg",
            "Soldier on its own e5: forward into either neighbour's e5 (R-SOLDIER)",
            &[("Re5", shu(Kind::Soldier))],
            "Re5",
        ),
        figure(
            "soldier-crossed.svg",
            "Crossed soldier: toward that half's back rank or sideways (R-SOLDIER)",
            &[("Gc4", shu(Kind::Soldier))],
            "Gc4",
        ),
        figure(
            "bannerman.svg",
            "Bannerman: two points straight, then a diagonal outward (R-BANNER)",
            &[("Rg3", shu(Kind::Bannerman))],
            "Rg3",
        ),
        figure(
            "bannerman-one-way.svg",
            "Bannerman on Rd5: one on Bc5 reaches it, but this one cannot reach Bc5 (one-way, R-BANNER)",
            &[("Rd5", shu(Kind::Bannerman))],
            "Rd5",
        ),
        figure(
            "bannerman-river.svg",
            "Bannerman crossing a river arm onto the neighbour's bank (R-BANNER)",
            &[("Rf3", shu(Kind::Bannerman))],
            "Rf3",
        ),
    ]
}
