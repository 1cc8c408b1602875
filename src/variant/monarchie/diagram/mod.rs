//! MONARCHIE's diagrams: a builder of the marks a rulebook diagram needs
//! (move arrows, dots on legal targets, a ring on a king in check, shaded
//! start triangles and promotion zones), computed with the rules, drawn by
//! the one renderer ([`crate::draw`]) on MONARCHIE's board data
//! ([`crate::variant::monarchie::picture`]): pieces as discs in the party
//! colours with letters, dead blockers grey and hatched. Any seat can be
//! at the bottom, which turns the drawing (never the position).
//!
//! The rulebook's figures ([`figures`](mod@figures)) and a scenario's diagram in the
//! committee's report ([`scenario`]) are built with it; the harness
//! reaches both through the registry ([`crate::variant::Drawings`]).

pub mod figures;
pub mod scenario;

use crate::variant::monarchie::cell::Cell;
use crate::variant::monarchie::geometry::geometry;
use crate::variant::monarchie::party::Party;
use crate::variant::monarchie::position::{Occupant, Position};
use crate::variant::monarchie::rules::pawn::in_promotion_zone;
use crate::variant::monarchie::rules::{in_check, legal_moves_from};
use crate::variant::monarchie::ruleset::Ruleset;

use crate::draw::{self, party_style, Marks, PieceMark};
use crate::variant::piece_names::{self, MONARCHIE};
use crate::variant::PieceLetter;

pub use crate::draw::ArrowKind;
pub use crate::variant::monarchie::picture::{cell_centre, picture_centre, RADIUS};
pub use figures::{figures, FigureError};

/// Whether the cell numbers are drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum CellNumbers {
    /// Every cell shows its number (small, above a piece).
    #[default]
    Shown,
    /// No numbers.
    Hidden,
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
    /// Which letters the pieces carry (the report's language: German
    /// K D T L P B); `None`: the notation's letters (K Q R B N P).
    pub letters: Option<PieceLetter>,
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
        let seat = self.seat_at_bottom.unwrap_or(Party::Lila);
        let board = crate::variant::monarchie::picture::board(Some(seat.key()));
        let name = |cell: &Cell| cell.to_string();
        let marks = Marks {
            labels: self.numbers == CellNumbers::Shown,
            arrows: self
                .arrows
                .iter()
                .map(|arrow| (name(&arrow.from), name(&arrow.to), arrow.kind))
                .collect(),
            dots: self.dots.iter().map(name).collect(),
            shaded: self
                .shaded
                .iter()
                .map(|(cell, party)| (name(cell), style_of(*party).fill))
                .collect(),
            marked: self.marked.iter().map(name).collect(),
            checks: self.checks.iter().map(name).collect(),
            caption: self.caption.clone(),
        };
        let pieces: Vec<PieceMark> = position
            .map(|position| {
                Cell::all()
                    .filter_map(|cell| {
                        let (piece, dead) = match position.occupant(cell) {
                            Occupant::Empty => return None,
                            Occupant::Active(piece) => (piece, false),
                            Occupant::Dead(piece) => (piece, true),
                        };
                        Some(PieceMark {
                            at: cell.to_string(),
                            letter: self.letter(piece.kind.key()),
                            style: style_of(piece.party),
                            dead,
                        })
                    })
                    .collect()
            })
            .unwrap_or_default();
        draw::render(&board, &pieces, &marks)
    }
}

impl Diagram {
    /// The letter a piece of `kind` carries.
    fn letter(&self, kind: &str) -> char {
        match self.letters {
            Some(letter) => letter(&MONARCHIE, kind),
            None => piece_names::find(&MONARCHIE, kind)
                .map_or_else(|| draw::kind_letter(kind), |names| names.en.letter),
        }
    }
}

/// The drawing style of a party: the colour tells the party on screen,
/// the small second letter and the outline pattern tell it in greyscale
/// and to colour-blind readers.
pub fn style_of(party: Party) -> draw::PartyStyle {
    party_style(party.key(), party.index())
}
