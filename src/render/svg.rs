//! The board as an SVG picture: the 253 pointy-top hexagons of clause 2 in
//! their 25 rows, pieces as discs in the party colours with letters, dead
//! blockers grey and hatched, and the marks a diagram needs (move arrows,
//! dots on legal targets, a ring on a king in check, shaded areas).
//!
//! A cell at `(row, x)` has its centre at `(x * w / 2, row * 1.5 * r)`,
//! `r` the hexagon radius and `w = sqrt(3) * r` its width. The reference
//! view has Blau's tip at 12 o'clock and Lila's at 6 o'clock; any other
//! seat can be put at the bottom, which turns the drawing (never the
//! position) about the centre cell 127. Labels stay upright.

use std::fmt::Write as _;

use crate::cell::Cell;
use crate::geometry::geometry;
use crate::party::Party;
use crate::position::{Occupant, Position};
use crate::rules::pawn::in_promotion_zone;
use crate::rules::{in_check, legal_moves_from};
use crate::ruleset::Ruleset;

/// Hexagon radius (centre to corner) in SVG units.
pub const RADIUS: f64 = 20.0;

/// Whether the cell numbers are drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum CellNumbers {
    /// Every cell shows its number (small, above a piece).
    #[default]
    Shown,
    /// No numbers.
    Hidden,
}

/// What an arrow means, which sets its style.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ArrowKind {
    /// A move (black, solid).
    Move,
    /// A pawn's start move (green, thick).
    Start,
    /// A direction the piece may not take (red, dashed, a cross at the end).
    Forbidden,
}

impl ArrowKind {
    fn class(self) -> &'static str {
        match self {
            ArrowKind::Move => "move",
            ArrowKind::Start => "start",
            ArrowKind::Forbidden => "forbidden",
        }
    }
}

/// An arrow from the centre of one cell to the centre of another.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Arrow {
    /// Where it starts.
    pub from: Cell,
    /// Where it points.
    pub to: Cell,
    /// Its style.
    pub kind: ArrowKind,
}

/// Everything drawn on top of the board. Build it with the `with_*`
/// methods, then call [`Diagram::render`].
#[derive(Clone, Debug, Default)]
pub struct Diagram {
    /// Cell numbers on or off.
    pub numbers: CellNumbers,
    /// The seat drawn at 6 o'clock (`None`: the reference view, Lila).
    pub seat_at_bottom: Option<Party>,
    /// Arrows, drawn in order.
    pub arrows: Vec<Arrow>,
    /// Cells with a dot (legal targets).
    pub dots: Vec<Cell>,
    /// Cells tinted in a party's colour (start triangle, promotion zone).
    pub shaded: Vec<(Cell, Party)>,
    /// Cells with a thick outline (the sample cell of a figure).
    pub marked: Vec<Cell>,
    /// Cells of kings drawn with the check ring.
    pub checks: Vec<Cell>,
    /// A one-line caption under the board and the picture's title.
    pub caption: Option<String>,
}

impl Diagram {
    /// An empty diagram in the reference view with cell numbers.
    pub fn new() -> Diagram {
        Diagram::default()
    }

    /// Sets the caption.
    pub fn with_caption(mut self, caption: impl Into<String>) -> Diagram {
        self.caption = Some(caption.into());
        self
    }

    /// Sets whether cell numbers are drawn.
    pub fn with_numbers(mut self, numbers: CellNumbers) -> Diagram {
        self.numbers = numbers;
        self
    }

    /// Puts `party`'s seat at the bottom of the picture.
    pub fn with_seat_at_bottom(mut self, party: Party) -> Diagram {
        self.seat_at_bottom = Some(party);
        self
    }

    /// Adds an arrow.
    pub fn with_arrow(mut self, from: Cell, to: Cell, kind: ArrowKind) -> Diagram {
        self.arrows.push(Arrow { from, to, kind });
        self
    }

    /// Adds a dot on each target of the legal moves of the piece on
    /// `cell` (one dot per target, promotions counted once).
    pub fn with_moves_of(mut self, position: &Position, cell: Cell, rules: &Ruleset) -> Diagram {
        for mv in legal_moves_from(position, cell, rules) {
            if !self.dots.contains(&mv.to) {
                self.dots.push(mv.to);
            }
        }
        self.marked.push(cell);
        self
    }

    /// Rings every king whose party is in check (R-CHECK).
    pub fn with_checks(mut self, position: &Position, rules: &Ruleset) -> Diagram {
        for party in Party::ALL {
            if let Some(king) = position.king(party) {
                if position.is_active(party) && in_check(position, party, rules) {
                    self.checks.push(king);
                }
            }
        }
        self
    }

    /// Tints the 21 cells of `party`'s start triangle.
    pub fn with_start_triangle(mut self, party: Party) -> Diagram {
        for &cell in geometry().triangle(party) {
            self.shaded.push((cell, party));
        }
        self
    }

    /// Tints the promotion zone of `party`'s pawns (R-PROMO-ZONE) in the
    /// party's colour.
    pub fn with_promotion_zone(mut self, party: Party, rules: &Ruleset) -> Diagram {
        for cell in Cell::all().filter(|&cell| in_promotion_zone(party, cell, rules)) {
            self.shaded.push((cell, party));
        }
        self
    }

    /// Marks a cell with a thick outline.
    pub fn with_mark(mut self, cell: Cell) -> Diagram {
        self.marked.push(cell);
        self
    }

    /// The SVG document of the board with `position`'s pieces (or an empty
    /// board) and this diagram's marks.
    pub fn render(&self, position: Option<&Position>) -> String {
        let view = View::new(self.seat_at_bottom.unwrap_or(Party::Lila));
        let height = if self.caption.is_some() { 830 } else { 800 };
        let mut out = String::new();
        let _ = writeln!(
            out,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"-400 -10 800 {height}\" \
             width=\"800\" height=\"{height}\" role=\"img\">"
        );
        let title = self
            .caption
            .clone()
            .unwrap_or_else(|| "MONARCHIE board".to_string());
        let _ = writeln!(out, "<title>{}</title>", escape(&title));
        out.push_str(DEFS);
        self.draw_cells(&mut out, &view);
        draw_pieces(&mut out, &view, position, self.numbers, &self.dots);
        for &cell in &self.checks {
            let (x, y) = view.centre(cell);
            let _ = writeln!(
                out,
                "<circle class=\"check\" cx=\"{}\" cy=\"{}\" r=\"{}\"/>",
                num(x),
                num(y),
                num(RADIUS * 0.82)
            );
        }
        for arrow in &self.arrows {
            draw_arrow(&mut out, &view, arrow);
        }
        for &cell in &self.dots {
            let (x, y) = view.centre(cell);
            let occupied = position.is_some_and(|p| !p.is_empty(cell));
            let class = if occupied { "dot capture" } else { "dot" };
            let r = if occupied {
                RADIUS * 0.7
            } else {
                RADIUS * 0.25
            };
            let _ = writeln!(
                out,
                "<circle class=\"{class}\" cx=\"{}\" cy=\"{}\" r=\"{}\"/>",
                num(x),
                num(y),
                num(r)
            );
        }
        if let Some(caption) = &self.caption {
            let _ = writeln!(
                out,
                "<text class=\"caption\" x=\"0\" y=\"{}\">{}</text>",
                height - 22,
                escape(caption)
            );
        }
        out.push_str("</svg>\n");
        out
    }

    fn draw_cells(&self, out: &mut String, view: &View) {
        out.push_str("<g class=\"cells\">\n");
        for cell in Cell::all() {
            let (x, y) = view.centre(cell);
            let (_, lattice_x) = geometry().coords(cell);
            let tint = i32::from(lattice_x).rem_euclid(3);
            let _ = writeln!(
                out,
                "<use href=\"#hex\" class=\"c{tint}\" x=\"{}\" y=\"{}\"/>",
                num(x),
                num(y)
            );
        }
        out.push_str("</g>\n");
        for &(cell, party) in &self.shaded {
            let (x, y) = view.centre(cell);
            let _ = writeln!(
                out,
                "<use href=\"#hex\" class=\"shade\" fill=\"{}\" x=\"{}\" y=\"{}\"/>",
                style_of(party).fill,
                num(x),
                num(y)
            );
        }
        for &cell in &self.marked {
            let (x, y) = view.centre(cell);
            let _ = writeln!(
                out,
                "<use href=\"#hex\" class=\"mark\" x=\"{}\" y=\"{}\"/>",
                num(x),
                num(y)
            );
        }
    }
}

/// The style and defs shared by every picture: the hexagon shape, the
/// hatch pattern of dead blockers, the arrow heads.
const DEFS: &str = "<defs>\n\
<style>\
.c0{fill:#f3eee3}.c1{fill:#e2dac8}.c2{fill:#cfc4ad}\
use{stroke:#7d735f;stroke-width:0.8}\
.shade{fill-opacity:0.45}\
.mark{fill:none;stroke:#000;stroke-width:3}\
.n{font:7px sans-serif;fill:#4a4438;text-anchor:middle}\
.ne{font:9px sans-serif;fill:#6b6350;text-anchor:middle}\
.p{stroke-width:2}\
.k{font:bold 13px sans-serif;text-anchor:middle}\
.q{font:bold 7px sans-serif;text-anchor:start}\
.dead{fill:url(#hatch);stroke:#444;stroke-width:1.5;stroke-dasharray:2 2}\
.check{fill:none;stroke:#d00000;stroke-width:3.5}\
.dot{fill:#111;fill-opacity:0.75}\
.capture{fill:none;stroke:#111;stroke-width:3;stroke-opacity:0.75}\
.arrow{stroke-width:3.5;fill:none}\
.arrow.move{stroke:#111}\
.arrow.start{stroke:#0b7a35;stroke-width:5}\
.arrow.forbidden{stroke:#c00000;stroke-dasharray:6 4}\
.caption{font:13px sans-serif;text-anchor:middle;fill:#222}\
</style>\n\
<path id=\"hex\" d=\"M0,-20L17.32,-10L17.32,10L0,20L-17.32,10L-17.32,-10Z\"/>\n\
<pattern id=\"hatch\" width=\"5\" height=\"5\" patternUnits=\"userSpaceOnUse\" patternTransform=\"rotate(45)\">\
<rect width=\"5\" height=\"5\" fill=\"#b4b4b4\"/><line x1=\"0\" y1=\"0\" x2=\"0\" y2=\"5\" stroke=\"#6e6e6e\" stroke-width=\"2\"/></pattern>\n\
<marker id=\"head-move\" viewBox=\"0 0 10 10\" refX=\"8\" refY=\"5\" markerWidth=\"4\" markerHeight=\"4\" orient=\"auto\">\
<path d=\"M0,0L10,5L0,10Z\" fill=\"#111\"/></marker>\n\
<marker id=\"head-start\" viewBox=\"0 0 10 10\" refX=\"8\" refY=\"5\" markerWidth=\"3.5\" markerHeight=\"3.5\" orient=\"auto\">\
<path d=\"M0,0L10,5L0,10Z\" fill=\"#0b7a35\"/></marker>\n\
<marker id=\"head-forbidden\" viewBox=\"0 0 10 10\" refX=\"5\" refY=\"5\" markerWidth=\"5\" markerHeight=\"5\" orient=\"auto\">\
<path d=\"M1,1L9,9M9,1L1,9\" stroke=\"#c00000\" stroke-width=\"2.5\"/></marker>\n\
</defs>\n";

/// Fill, letter colour and outline dash pattern of a party's pieces: the
/// colour tells the party on screen, the small second letter and the
/// outline pattern tell it in greyscale and to colour-blind readers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PartyStyle {
    /// Disc fill.
    pub fill: &'static str,
    /// Letter colour (contrasting with the fill).
    pub ink: &'static str,
    /// `stroke-dasharray` of the disc outline (`none` for solid).
    pub dash: &'static str,
}

/// The drawing style of a party.
pub fn style_of(party: Party) -> PartyStyle {
    match party {
        Party::Blau => PartyStyle {
            fill: "#2363b8",
            ink: "#ffffff",
            dash: "none",
        },
        Party::Gruen => PartyStyle {
            fill: "#23854a",
            ink: "#ffffff",
            dash: "5 2",
        },
        Party::Orange => PartyStyle {
            fill: "#f08a24",
            ink: "#000000",
            dash: "1.5 2",
        },
        Party::Lila => PartyStyle {
            fill: "#7a3fb8",
            ink: "#ffffff",
            dash: "7 2 1.5 2",
        },
        Party::Gelb => PartyStyle {
            fill: "#f2d22e",
            ink: "#000000",
            dash: "3 3",
        },
        Party::Rot => PartyStyle {
            fill: "#c22a2a",
            ink: "#ffffff",
            dash: "9 3",
        },
    }
}

fn draw_pieces(
    out: &mut String,
    view: &View,
    position: Option<&Position>,
    numbers: CellNumbers,
    dots: &[Cell],
) {
    for cell in Cell::all() {
        let (x, y) = view.centre(cell);
        let occupant = position.map_or(Occupant::Empty, |p| p.occupant(cell));
        if numbers == CellNumbers::Shown {
            let (class, dy) = match occupant {
                Occupant::Empty if !dots.contains(&cell) => ("ne", 3.0),
                _ => ("n", -RADIUS * 0.62),
            };
            let _ = writeln!(
                out,
                "<text class=\"{class}\" x=\"{}\" y=\"{}\">{}</text>",
                num(x),
                num(y + dy),
                cell.number()
            );
        }
        let (piece, dead) = match occupant {
            Occupant::Empty => continue,
            Occupant::Active(piece) => (piece, false),
            Occupant::Dead(piece) => (piece, true),
        };
        let style = style_of(piece.party);
        let cy = y + RADIUS * 0.12;
        let r = RADIUS * 0.6;
        if dead {
            let _ = writeln!(
                out,
                "<circle class=\"dead\" cx=\"{}\" cy=\"{}\" r=\"{}\"/>",
                num(x),
                num(cy),
                num(r)
            );
        } else {
            let _ = writeln!(
                out,
                "<circle class=\"p\" cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"{}\" stroke=\"#111\" \
                 stroke-dasharray=\"{}\"/>",
                num(x),
                num(cy),
                num(r),
                style.fill,
                style.dash
            );
        }
        let ink = if dead { "#1a1a1a" } else { style.ink };
        let kind = piece.kind.letter();
        let _ = writeln!(
            out,
            "<text class=\"k\" x=\"{}\" y=\"{}\" fill=\"{ink}\">{kind}<tspan class=\"q\" dy=\"1\">{}</tspan></text>",
            num(x - 2.0),
            num(cy + 4.5),
            piece.party.letter()
        );
    }
}

fn draw_arrow(out: &mut String, view: &View, arrow: &Arrow) {
    let (x1, y1) = view.centre(arrow.from);
    let (x2, y2) = view.centre(arrow.to);
    let (dx, dy) = (x2 - x1, y2 - y1);
    let length = (dx * dx + dy * dy).sqrt().max(1e-9);
    let (ux, uy) = (dx / length, dy / length);
    let start = RADIUS * 0.35;
    let end = match arrow.kind {
        ArrowKind::Forbidden => 0.0,
        _ => RADIUS * 0.3,
    };
    let class = arrow.kind.class();
    let _ = writeln!(
        out,
        "<line class=\"arrow {class}\" x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" marker-end=\"url(#head-{class})\"/>",
        num(x1 + ux * start),
        num(y1 + uy * start),
        num(x2 - ux * end),
        num(y2 - uy * end)
    );
}

/// The mapping from cells to picture coordinates for one seat at the
/// bottom.
struct View {
    cos: f64,
    sin: f64,
}

/// y of the centre cell 127 (row 13).
const CENTRE_Y: f64 = 13.0 * 1.5 * RADIUS;

impl View {
    fn new(bottom: Party) -> View {
        // Seat i sits 60 * i degrees clockwise from 12 o'clock; turning the
        // picture clockwise by 180 - 60 * i degrees brings it to 6 o'clock.
        let degrees = (180.0 - 60.0 * bottom.index() as f64).rem_euclid(360.0);
        let radians = degrees.to_radians();
        View {
            cos: radians.cos(),
            sin: radians.sin(),
        }
    }

    /// The centre of a cell in the picture.
    fn centre(&self, cell: Cell) -> (f64, f64) {
        let (x, y) = cell_centre(cell);
        let dy = y - CENTRE_Y;
        (
            x * self.cos - dy * self.sin,
            CENTRE_Y + x * self.sin + dy * self.cos,
        )
    }
}

/// The centre of a cell in the picture with `bottom`'s seat at 6 o'clock.
pub fn picture_centre(bottom: Party, cell: Cell) -> (f64, f64) {
    View::new(bottom).centre(cell)
}

/// The centre of a cell in the reference view: `(x * w / 2, row * 1.5 * r)`.
pub fn cell_centre(cell: Cell) -> (f64, f64) {
    let (row, x) = geometry().coords(cell);
    let width = 3f64.sqrt() * RADIUS;
    (f64::from(x) * width / 2.0, f64::from(row) * 1.5 * RADIUS)
}

/// A coordinate with at most two decimals, without `-0`.
fn num(value: f64) -> String {
    let rounded = (value * 100.0).round() / 100.0;
    if rounded == 0.0 {
        return "0".to_string();
    }
    let text = format!("{rounded:.2}");
    text.trim_end_matches('0').trim_end_matches('.').to_string()
}

/// Escapes text for XML content and attributes.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            _ => out.push(c),
        }
    }
    out
}
