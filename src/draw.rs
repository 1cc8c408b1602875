//! The one board renderer: every variant supplies its board as data (a
//! [`Board`]: places with names, centres, a shape and a tint; lines to
//! draw; edge labels), and [`render`] draws it with pieces and marks
//! (arrows, legal-move dots, check rings, shaded and outlined places, a
//! caption). Nothing here knows a rule system or the harness: it sits
//! below both (docs/architecture.md), so that each variant's `picture`
//! builds its board here and `render/` draws it.
//!
//! Pieces are discs with the kind's letter and a small second letter for
//! the party, and an outline dash pattern per party, so that a picture
//! reads in greyscale and for colour-blind readers as well as in colour.

use std::fmt::Write as _;

/// The outline of one place of the board.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Shape {
    /// A pointy-top hexagon of this radius (centre to corner).
    Hex(f64),
    /// A square of this side.
    Square(f64),
    /// A point where lines cross (pieces stand on it), drawn as a small
    /// circle of this radius.
    Point(f64),
}

impl Shape {
    /// The radius a piece disc gets on this shape.
    fn piece_radius(self) -> f64 {
        match self {
            Shape::Hex(r) => r * 0.6,
            Shape::Square(side) => side * 0.36,
            Shape::Point(r) => r * 3.2,
        }
    }

    /// The half-size used for dots, rings and arrow ends.
    pub fn half(self) -> f64 {
        match self {
            Shape::Hex(r) => r,
            Shape::Square(side) => side / 2.0,
            Shape::Point(r) => r * 4.0,
        }
    }
}

/// One place of the board (a cell, a square, a point).
#[derive(Clone, Debug, PartialEq)]
pub struct Place {
    /// Its name in the variant's notation (`127`, `e4`).
    pub name: String,
    /// Its centre in picture coordinates.
    pub x: f64,
    /// Its centre in picture coordinates.
    pub y: f64,
    /// Index into [`Board::tints`].
    pub tint: usize,
    /// The label drawn on it when labels are shown (the cell number), or
    /// empty.
    pub label: String,
}

/// A board as data.
#[derive(Clone, Debug, PartialEq)]
pub struct Board {
    /// The picture's default title.
    pub title: String,
    /// `min_x min_y width height` of the picture.
    pub view_box: [f64; 4],
    /// The shape of every place.
    pub shape: Shape,
    /// The fill colours of the tints.
    pub tints: Vec<&'static str>,
    /// Every place.
    pub places: Vec<Place>,
    /// Lines to draw (`x1 y1 x2 y2`): under the places of a board of points
    /// or hexagons (a grid), over the squares of a board of squares
    /// (dividing lines: Sovereign Chess's brown lines and zone frame).
    pub lines: Vec<[f64; 4]>,
    /// Labels at the board's edge (`x`, `y`, text): coordinates.
    pub edge_labels: Vec<(f64, f64, String)>,
}

impl Board {
    /// The place named `name`.
    pub fn place(&self, name: &str) -> Option<&Place> {
        self.places.iter().find(|place| place.name == name)
    }
}

/// How a party's pieces look.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PartyStyle {
    /// Disc fill.
    pub fill: &'static str,
    /// Letter colour (contrasting with the fill).
    pub ink: &'static str,
    /// `stroke-dasharray` of the disc outline (`none` for solid).
    pub dash: &'static str,
    /// The small second letter that names the party.
    pub letter: char,
}

/// The style of a party by its key: MONARCHIE's six colours, White and
/// Black, and a fallback palette by position for parties not listed.
pub fn party_style(key: &str, index: usize) -> PartyStyle {
    let style = |fill, ink, dash, letter| PartyStyle {
        fill,
        ink,
        dash,
        letter,
    };
    match key {
        "blau" => style("#2363b8", "#ffffff", "none", 'b'),
        "gruen" => style("#23854a", "#ffffff", "5 2", 'g'),
        "orange" => style("#f08a24", "#000000", "1.5 2", 'o'),
        "lila" => style("#7a3fb8", "#ffffff", "7 2 1.5 2", 'l'),
        "gelb" => style("#f2d22e", "#000000", "3 3", 'y'),
        "rot" => style("#c22a2a", "#ffffff", "9 3", 'r'),
        "white" => style("#fbfbf7", "#111111", "none", 'w'),
        "black" => style("#262626", "#ffffff", "4 2", 'b'),
        // Three Kingdoms Xiangqi: Shu red, Wu green, Wei blue (the owner
        // letters of its notation).
        "shu" => style("#c22a2a", "#ffffff", "none", 'r'),
        "wu" => style("#23854a", "#ffffff", "5 2", 'g'),
        "wei" => style("#2363b8", "#ffffff", "1.5 2", 'b'),
        // Sovereign Chess's armies (MONARCHIE's orange serves both).
        "navy" => style("#1f3a7a", "#ffffff", "none", 'n'),
        "red" => style("#c0282d", "#ffffff", "9 3", 'r'),
        "green" => style("#2e8b3a", "#ffffff", "5 2", 'g'),
        "violet" => style("#9a7fd1", "#000000", "7 2 1.5 2", 'v'),
        "pink" => style("#f19ac0", "#000000", "1.5 2", 'p'),
        "yellow" => style("#f2d22e", "#000000", "3 3", 'y'),
        "ash" => style("#c9cdd2", "#000000", "2 1", 'a'),
        "slate" => style("#5b6570", "#ffffff", "6 1", 's'),
        "cyan" => style("#38c6d9", "#000000", "4 1 1 1", 'c'),
        _ => {
            const FALLBACK: [(&str, &str, &str); 4] = [
                ("#b8233a", "#ffffff", "none"),
                ("#1f6fb8", "#ffffff", "5 2"),
                ("#1c8a3c", "#ffffff", "1.5 2"),
                ("#8a6d1c", "#ffffff", "7 2 1.5 2"),
            ];
            let (fill, ink, dash) = FALLBACK[index % FALLBACK.len()];
            style(fill, ink, dash, key.chars().next().unwrap_or('?'))
        }
    }
}

/// The letter drawn for a piece kind (lowercase English name): the FEN
/// letter, so that a diagram reads like the notation (Grand Chess writes
/// the marshal `C` and the cardinal `A`, as Fairy-Stockfish does).
pub fn kind_letter(kind: &str) -> char {
    match kind {
        "knight" => 'N',
        "marshal" => 'C',
        "cardinal" => 'A',
        // Three Kingdoms Xiangqi writes its pieces with xiangqi letters.
        "general" => 'K',
        "chariot" => 'R',
        "soldier" => 'P',
        "bannerman" => 'F',
        other => other
            .chars()
            .next()
            .map_or('?', |letter| letter.to_ascii_uppercase()),
    }
}

/// A piece to draw.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PieceMark {
    /// The place it stands on.
    pub at: String,
    /// The kind's letter.
    pub letter: char,
    /// Its party's style.
    pub style: PartyStyle,
    /// A dead blocker (drawn grey and hatched).
    pub dead: bool,
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

/// Everything drawn on top of the board.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Marks {
    /// Whether the places' labels (cell numbers) are drawn.
    pub labels: bool,
    /// Arrows (from, to, kind), drawn in order.
    pub arrows: Vec<(String, String, ArrowKind)>,
    /// Places with a dot (legal targets).
    pub dots: Vec<String>,
    /// Places tinted in a colour (start triangle, promotion zone).
    pub shaded: Vec<(String, &'static str)>,
    /// Places with a thick outline.
    pub marked: Vec<String>,
    /// Places of kings drawn with the check ring.
    pub checks: Vec<String>,
    /// A one-line caption under the board and the picture's title.
    pub caption: Option<String>,
}

/// The SVG document of `board` with `pieces` and `marks`.
pub fn render(board: &Board, pieces: &[PieceMark], marks: &Marks) -> String {
    let [min_x, min_y, width, mut height] = board.view_box;
    if marks.caption.is_some() {
        height += 30.0;
    }
    let mut out = String::new();
    let _ = writeln!(
        out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"{} {} {} {}\" \
         width=\"{}\" height=\"{}\" role=\"img\">",
        num(min_x),
        num(min_y),
        num(width),
        num(height),
        num(width),
        num(height)
    );
    let title = marks.caption.clone().unwrap_or_else(|| board.title.clone());
    let _ = writeln!(out, "<title>{}</title>", escape(&title));
    out.push_str(&defs(board));
    let lines = |out: &mut String| {
        for [x1, y1, x2, y2] in &board.lines {
            let _ = writeln!(
                out,
                "<line class=\"grid\" x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\"/>",
                num(*x1),
                num(*y1),
                num(*x2),
                num(*y2)
            );
        }
    };
    // A grid of points or hexagons lies under the places; on a board of
    // squares the lines divide it and are drawn over the squares.
    let over = matches!(board.shape, Shape::Square(_));
    if !over {
        lines(&mut out);
    }
    out.push_str("<g class=\"cells\">\n");
    for place in &board.places {
        let _ = writeln!(
            out,
            "<use href=\"#place\" class=\"c{}\" x=\"{}\" y=\"{}\"/>",
            place.tint,
            num(place.x),
            num(place.y)
        );
    }
    out.push_str("</g>\n");
    if over {
        lines(&mut out);
    }
    for (name, fill) in &marks.shaded {
        if let Some(place) = board.place(name) {
            let _ = writeln!(
                out,
                "<use href=\"#place\" class=\"shade\" fill=\"{fill}\" x=\"{}\" y=\"{}\"/>",
                num(place.x),
                num(place.y)
            );
        }
    }
    for name in &marks.marked {
        if let Some(place) = board.place(name) {
            let _ = writeln!(
                out,
                "<use href=\"#place\" class=\"mark\" x=\"{}\" y=\"{}\"/>",
                num(place.x),
                num(place.y)
            );
        }
    }
    for (x, y, text) in &board.edge_labels {
        let _ = writeln!(
            out,
            "<text class=\"edge\" x=\"{}\" y=\"{}\">{}</text>",
            num(*x),
            num(*y),
            escape(text)
        );
    }
    draw_pieces(&mut out, board, pieces, marks);
    let half = board.shape.half();
    for name in &marks.checks {
        if let Some(place) = board.place(name) {
            let _ = writeln!(
                out,
                "<circle class=\"check\" cx=\"{}\" cy=\"{}\" r=\"{}\"/>",
                num(place.x),
                num(place.y),
                num(half * 0.82)
            );
        }
    }
    for (from, to, kind) in &marks.arrows {
        if let (Some(from), Some(to)) = (board.place(from), board.place(to)) {
            draw_arrow(&mut out, board, from, to, *kind);
        }
    }
    for name in &marks.dots {
        let Some(place) = board.place(name) else {
            continue;
        };
        let occupied = pieces.iter().any(|piece| &piece.at == name);
        let (class, r) = if occupied {
            ("dot capture", half * 0.7)
        } else {
            ("dot", half * 0.25)
        };
        let _ = writeln!(
            out,
            "<circle class=\"{class}\" cx=\"{}\" cy=\"{}\" r=\"{}\"/>",
            num(place.x),
            num(place.y),
            num(r)
        );
    }
    if let Some(caption) = &marks.caption {
        let _ = writeln!(
            out,
            "<text class=\"caption\" x=\"{}\" y=\"{}\">{}</text>",
            num(min_x + width / 2.0),
            num(min_y + height - 12.0),
            escape(caption)
        );
    }
    out.push_str("</svg>\n");
    out
}

/// The style and defs of a picture: the place shape, the hatch pattern of
/// dead blockers, the arrow heads.
fn defs(board: &Board) -> String {
    let mut tints = String::new();
    for (index, fill) in board.tints.iter().enumerate() {
        let _ = write!(tints, ".c{index}{{fill:{fill}}}");
    }
    let shape = match board.shape {
        Shape::Hex(r) => {
            let w = 3f64.sqrt() / 2.0 * r;
            format!(
                "<path id=\"place\" d=\"M0,{}L{},{}L{},{}L0,{}L{},{}L{},{}Z\"/>",
                num(-r),
                num(w),
                num(-r / 2.0),
                num(w),
                num(r / 2.0),
                num(r),
                num(-w),
                num(r / 2.0),
                num(-w),
                num(-r / 2.0)
            )
        }
        Shape::Square(side) => format!(
            "<rect id=\"place\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\"/>",
            num(-side / 2.0),
            num(-side / 2.0),
            num(side),
            num(side)
        ),
        Shape::Point(r) => format!("<circle id=\"place\" r=\"{}\"/>", num(r)),
    };
    format!(
        "<defs>\n<style>{tints}\
use{{stroke:#7d735f;stroke-width:0.8}}\
.grid{{stroke:#5a5140;stroke-width:1.2}}\
.shade{{fill-opacity:0.45}}\
.mark{{fill:none;stroke:#000;stroke-width:3}}\
.n{{font:10px sans-serif;fill:#3d382e;text-anchor:middle}}\
.ne{{font:bold 12px sans-serif;fill:#3b3528;text-anchor:middle}}\
.edge{{font:13px sans-serif;fill:#333;text-anchor:middle}}\
.p{{stroke-width:2}}\
.k{{font:bold 13px sans-serif;text-anchor:middle}}\
.q{{font:bold 7px sans-serif;text-anchor:start}}\
.dead{{fill:url(#hatch);stroke:#444;stroke-width:1.5;stroke-dasharray:2 2}}\
.check{{fill:none;stroke:#d00000;stroke-width:3.5}}\
.dot{{fill:#111;fill-opacity:0.8;stroke:#fff;stroke-width:1.5}}\
.capture{{fill:none;stroke:#111;stroke-width:3;stroke-opacity:0.75}}\
.arrow{{stroke-width:3.5;fill:none}}\
.arrow.move{{stroke:#111}}\
.arrow.start{{stroke:#0b7a35;stroke-width:5}}\
.arrow.forbidden{{stroke:#c00000;stroke-dasharray:6 4}}\
.caption{{font:13px sans-serif;text-anchor:middle;fill:#222}}\
</style>\n{shape}\n\
<pattern id=\"hatch\" width=\"5\" height=\"5\" patternUnits=\"userSpaceOnUse\" patternTransform=\"rotate(45)\">\
<rect width=\"5\" height=\"5\" fill=\"#b4b4b4\"/><line x1=\"0\" y1=\"0\" x2=\"0\" y2=\"5\" stroke=\"#6e6e6e\" stroke-width=\"2\"/></pattern>\n\
<marker id=\"head-move\" viewBox=\"0 0 10 10\" refX=\"8\" refY=\"5\" markerWidth=\"4\" markerHeight=\"4\" orient=\"auto\">\
<path d=\"M0,0L10,5L0,10Z\" fill=\"#111\"/></marker>\n\
<marker id=\"head-start\" viewBox=\"0 0 10 10\" refX=\"8\" refY=\"5\" markerWidth=\"3.5\" markerHeight=\"3.5\" orient=\"auto\">\
<path d=\"M0,0L10,5L0,10Z\" fill=\"#0b7a35\"/></marker>\n\
<marker id=\"head-forbidden\" viewBox=\"0 0 10 10\" refX=\"5\" refY=\"5\" markerWidth=\"5\" markerHeight=\"5\" orient=\"auto\">\
<path d=\"M1,1L9,9M9,1L1,9\" stroke=\"#c00000\" stroke-width=\"2.5\"/></marker>\n\
</defs>\n"
    )
}

fn draw_pieces(out: &mut String, board: &Board, pieces: &[PieceMark], marks: &Marks) {
    let radius = board.shape.piece_radius();
    let half = board.shape.half();
    for place in &board.places {
        let piece = pieces.iter().find(|piece| piece.at == place.name);
        if marks.labels && !place.label.is_empty() {
            let (class, dy) = match piece {
                None if !marks.dots.contains(&place.name) => ("ne", 4.0),
                _ => ("n", -half * 0.62),
            };
            let _ = writeln!(
                out,
                "<text class=\"{class}\" x=\"{}\" y=\"{}\">{}</text>",
                num(place.x),
                num(place.y + dy),
                escape(&place.label)
            );
        }
        let Some(piece) = piece else {
            continue;
        };
        let (x, cy) = (place.x, place.y + half * 0.12);
        if piece.dead {
            let _ = writeln!(
                out,
                "<circle class=\"dead\" cx=\"{}\" cy=\"{}\" r=\"{}\"/>",
                num(x),
                num(cy),
                num(radius)
            );
        } else {
            let _ = writeln!(
                out,
                "<circle class=\"p\" cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"{}\" stroke=\"#111\" \
                 stroke-dasharray=\"{}\"/>",
                num(x),
                num(cy),
                num(radius),
                piece.style.fill,
                piece.style.dash
            );
        }
        let ink = if piece.dead {
            "#1a1a1a"
        } else {
            piece.style.ink
        };
        let _ = writeln!(
            out,
            "<text class=\"k\" x=\"{}\" y=\"{}\" fill=\"{ink}\">{}<tspan class=\"q\" dy=\"1\">{}</tspan></text>",
            num(x - 2.0),
            num(cy + 4.5),
            piece.letter,
            piece.style.letter
        );
    }
}

fn draw_arrow(out: &mut String, board: &Board, from: &Place, to: &Place, kind: ArrowKind) {
    let (dx, dy) = (to.x - from.x, to.y - from.y);
    let length = (dx * dx + dy * dy).sqrt().max(1e-9);
    let (ux, uy) = (dx / length, dy / length);
    let half = board.shape.half();
    let start = half * 0.35;
    let end = match kind {
        ArrowKind::Forbidden => 0.0,
        _ => half * 0.3,
    };
    let class = kind.class();
    let _ = writeln!(
        out,
        "<line class=\"arrow {class}\" x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" marker-end=\"url(#head-{class})\"/>",
        num(from.x + ux * start),
        num(from.y + uy * start),
        num(to.x - ux * end),
        num(to.y - uy * end)
    );
}

/// A coordinate with at most two decimals, without `-0`.
pub fn num(value: f64) -> String {
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
