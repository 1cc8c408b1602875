//! MONARCHIE's rulebook figures, drawn from the engine: every dot is a
//! legal target the move generator returns, every direction comes from
//! the geometry tables or the pawn rules, so a figure can never disagree
//! with the engine. The harness writes them (`render::figures`) through
//! [`crate::variant::Drawings::figures`].

use crate::variant::monarchie::cell::Cell;
use crate::variant::monarchie::geometry::{geometry, Side, Vertex};
use crate::variant::monarchie::party::{ByParty, Party};
use crate::variant::monarchie::piece::{Piece, PieceKind};
use crate::variant::monarchie::position::Position;
use crate::variant::monarchie::rules::legal_moves_from;
use crate::variant::monarchie::rules::pawn::{forbidden_sides, start_sides};
use crate::variant::monarchie::ruleset::Ruleset;
use crate::variant::monarchie::setup::{Placed, Setup, SetupError};
use crate::variant::monarchie::start::StartArmy;

use crate::variant::Figure;

use super::{ArrowKind, Diagram};
use crate::variant::PieceLetter;

/// A figure of `diagram` on `position` (or the empty board), written as
/// `file`.
fn figure(
    file: &str,
    diagram: &Diagram,
    position: Option<&Position>,
    letter: Option<PieceLetter>,
) -> Figure {
    let mut lettered = diagram.clone();
    lettered.letters = letter;
    Figure {
        file: file.to_string(),
        caption: diagram.caption.clone().unwrap_or_default(),
        svg: lettered.render(position),
        arrows: diagram.arrows.len(),
        dots: diagram.dots.len(),
    }
}

/// A figure position that the engine refused (a bug in this module).
#[derive(Debug, thiserror::Error)]
#[error("figure '{figure}': {source}")]
pub struct FigureError {
    /// The figure.
    pub figure: String,
    /// Why the position is invalid.
    pub source: SetupError,
}

fn cell(number: u16) -> Cell {
    Cell::from_index(number as usize - 1)
}

fn placed(number: u16, party: Party, kind: PieceKind) -> Placed {
    Placed {
        cell: cell(number),
        piece: Piece::new(party, kind),
    }
}

/// A position from pieces, dead blockers and eliminated parties, `mover`
/// to move, untimed.
fn build(
    figure: &str,
    mover: Party,
    pieces: Vec<Placed>,
    dead: Vec<Placed>,
    unmoved: Vec<Cell>,
) -> Result<Position, FigureError> {
    let eliminated: Vec<Party> = Party::ALL
        .into_iter()
        .filter(|&party| {
            !pieces
                .iter()
                .any(|p| p.piece.party == party && p.piece.kind == PieceKind::King)
        })
        .collect();
    let setup = Setup {
        pieces,
        dead_blockers: dead,
        unmoved_pawns: unmoved,
        eliminated,
        trays: ByParty::default(),
        to_move: Some(mover),
        clocks: None,
        check_anchor: None,
        postponed: Vec::new(),
    };
    Position::from_setup(&setup).map_err(|source| FigureError {
        figure: figure.to_string(),
        source,
    })
}

/// Every figure, in order.
///
/// # Errors
/// [`FigureError`] if a figure's position is invalid (never for the
/// built-in figures; tests check this).
pub fn figures(letter: Option<PieceLetter>) -> Result<Vec<Figure>, FigureError> {
    let rules = Ruleset::default();
    let mut out = Vec::new();
    let start = Position::start();
    let diagram = Diagram::new()
        .with_caption("Anhang A: the start position, Blau at 12 o'clock and the seats clockwise");
    out.push(figure("start.svg", &diagram, Some(&start), letter));
    let mut seats = Diagram::new()
        .with_caption("Clause 2 and Anhang A: the six start triangles of 21 cells each");
    for party in Party::ALL {
        seats = seats.with_start_triangle(party);
    }
    out.push(figure("seats.svg", &seats, None, letter));
    let zone = Diagram::new()
        .with_promotion_zone(Party::Blau, &rules)
        .with_caption("R-PROMO-ZONE: a Blau pawn promotes in Lila's start triangle (shaded)");
    out.push(figure(
        "promotion-zone-blau.svg",
        &zone,
        Some(&start),
        letter,
    ));
    for party in Party::ALL {
        out.push(pawn_figure(party, &rules, letter)?);
    }
    out.push(rook_figure(&rules, letter)?);
    out.push(bishop_figure(&rules, letter)?);
    out.push(knight_figure(&rules, letter)?);
    out.push(king_figure(&rules, letter)?);
    Ok(out)
}

/// The pawn start cell of `party` nearest the centre.
fn front_pawn_cell(party: Party) -> Cell {
    let (cr, cx) = geometry().coords(cell(127));
    let distance = |c: &Cell| {
        let (r, x) = geometry().coords(*c);
        let (dr, dx) = (i32::from(r - cr), i32::from(x - cx));
        3 * dr * dr + dx * dx
    };
    StartArmy::of(party)
        .pawns
        .iter()
        .map(|&n| cell(n))
        .min_by_key(distance)
        .unwrap_or_else(|| unreachable!("every army has pawns"))
}

/// Clause 6.6 for one colour: an unmoved pawn's start moves along its
/// two start sides (green), a moved pawn on 127 with its four allowed
/// steps (black) and its two forbidden sides (red crosses).
fn pawn_figure(
    party: Party,
    rules: &Ruleset,
    letter: Option<PieceLetter>,
) -> Result<Figure, FigureError> {
    let name = format!("pawn-{}.svg", party.key());
    let opposite = party.opposite();
    let front = front_pawn_cell(party);
    let centre = cell(127);
    let pieces = vec![
        Placed {
            cell: geometry().tip(party),
            piece: Piece::new(party, PieceKind::King),
        },
        Placed {
            cell: geometry().tip(opposite),
            piece: Piece::new(opposite, PieceKind::King),
        },
        Placed {
            cell: front,
            piece: Piece::new(party, PieceKind::Pawn),
        },
        Placed {
            cell: centre,
            piece: Piece::new(party, PieceKind::Pawn),
        },
    ];
    let position = build(&name, party, pieces, Vec::new(), vec![front])?;
    let [s1, s2] = start_sides(party);
    let [f1, f2] = forbidden_sides(party);
    let mut diagram = Diagram::new().with_caption(format!(
        "6.6, {}: start sides {} and {} (green), allowed steps (black), forbidden sides {} and {} (red)",
        party.german(),
        s1.letter(),
        s2.letter(),
        f1.letter(),
        f2.letter()
    ));
    for mv in legal_moves_from(&position, front, rules) {
        diagram = diagram.with_arrow(mv.from, mv.to, ArrowKind::Start);
    }
    for mv in legal_moves_from(&position, centre, rules) {
        diagram = diagram.with_arrow(mv.from, mv.to, ArrowKind::Move);
    }
    for side in forbidden_sides(party) {
        if let Some(to) = geometry().neighbour(centre, side) {
            diagram = diagram.with_arrow(centre, to, ArrowKind::Forbidden);
        }
    }
    Ok(figure(&name, &diagram, Some(&position), letter))
}

/// Clause 6.3 and R-ROOK: a rook on 127 with an own pawn, an enemy knight
/// and a dead blocker on three of its six lines.
fn rook_figure(rules: &Ruleset, letter: Option<PieceLetter>) -> Result<Figure, FigureError> {
    let g = geometry();
    let centre = cell(127);
    let own = g.side_ray(centre, Side::A)[2];
    let enemy = g.side_ray(centre, Side::C)[3];
    let dead = g.side_ray(centre, Side::E)[2];
    let pieces = vec![
        placed(1, Party::Blau, PieceKind::King),
        placed(40, Party::Gruen, PieceKind::King),
        placed(127, Party::Blau, PieceKind::Rook),
        Placed {
            cell: own,
            piece: Piece::new(Party::Blau, PieceKind::Pawn),
        },
        Placed {
            cell: enemy,
            piece: Piece::new(Party::Gruen, PieceKind::Knight),
        },
    ];
    let dead = vec![Placed {
        cell: dead,
        piece: Piece::new(Party::Rot, PieceKind::Bishop),
    }];
    let position = build("rook.svg", Party::Blau, pieces, dead.clone(), Vec::new())?;
    let diagram = Diagram::new()
        .with_caption(format!(
            "6.3: a rook on 127 stops before its own pawn on {own}, may capture the Grün knight on {enemy} and the dead blocker on {}",
            dead[0].cell
        ))
        .with_moves_of(&position, centre, rules);
    Ok(figure("rook.svg", &diagram, Some(&position), letter))
}

/// A cell and vertex direction whose diagonal ends at a notch: the next
/// lattice point is missing but the line would re-enter the star after
/// it. The longest such diagonal, from the cell nearest the centre.
fn notch_diagonal() -> (Cell, Vertex, Cell) {
    let g = geometry();
    let mut best: Option<(i32, Cell, Vertex, Cell)> = None;
    for from in Cell::all() {
        for vertex in Vertex::ALL {
            let ray = g.vertex_ray(from, vertex);
            let Some(&last) = ray.last() else { continue };
            let (dr, dx) = vertex.delta();
            let (r, x) = g.coords(last);
            let beyond = (1..=3).find_map(|k| {
                g.cell_at(
                    i32::from(r) + k * i32::from(dr),
                    i32::from(x) + k * i32::from(dx),
                )
            });
            if let Some(reentry) = beyond {
                let (fr, fx) = g.coords(from);
                let distance = 3 * (i32::from(fr) - 13).pow(2) + i32::from(fx).pow(2);
                let score = distance - 1000 * ray.len() as i32;
                if best.is_none_or(|(s, ..)| score < s) {
                    best = Some((score, from, vertex, reentry));
                }
            }
        }
    }
    let (_, from, vertex, reentry) =
        best.unwrap_or_else(|| unreachable!("the hexagram has notches"));
    (from, vertex, reentry)
}

/// Clause 6.4 and R-BISHOP: a bishop's six diagonals, one of which ends
/// at a notch of the star (red cross: the line does not jump the gap).
fn bishop_figure(rules: &Ruleset, letter: Option<PieceLetter>) -> Result<Figure, FigureError> {
    let (from, vertex, reentry) = notch_diagonal();
    let last = *geometry()
        .vertex_ray(from, vertex)
        .last()
        .unwrap_or_else(|| unreachable!("notch_diagonal returns a non-empty ray"));
    let kings = [(1, Party::Blau), (253, Party::Lila)];
    let mut pieces: Vec<Placed> = kings
        .iter()
        .filter(|(n, _)| cell(*n) != from)
        .map(|&(n, party)| placed(n, party, PieceKind::King))
        .collect();
    pieces.push(Placed {
        cell: from,
        piece: Piece::new(Party::Blau, PieceKind::Bishop),
    });
    let position = build("bishop.svg", Party::Blau, pieces, Vec::new(), Vec::new())?;
    let diagram = Diagram::new()
        .with_caption(format!(
            "6.4: a bishop on {from}; its {} diagonal ends at {last}, the star's notch stops it before {reentry}",
            vertex.name()
        ))
        .with_moves_of(&position, from, rules)
        .with_arrow(last, reentry, ArrowKind::Forbidden);
    Ok(figure("bishop.svg", &diagram, Some(&position), letter))
}

/// Clause 6.5 and R-KNIGHT: the twelve targets of a knight on 127, which
/// jumps over the dead blockers around it.
fn knight_figure(rules: &Ruleset, letter: Option<PieceLetter>) -> Result<Figure, FigureError> {
    let centre = cell(127);
    let pieces = vec![
        placed(1, Party::Blau, PieceKind::King),
        placed(253, Party::Lila, PieceKind::King),
        placed(127, Party::Blau, PieceKind::Knight),
    ];
    let dead: Vec<Placed> = Side::ALL
        .into_iter()
        .filter_map(|side| geometry().neighbour(centre, side))
        .map(|c| Placed {
            cell: c,
            piece: Piece::new(Party::Rot, PieceKind::Pawn),
        })
        .collect();
    let position = build("knight.svg", Party::Blau, pieces, dead, Vec::new())?;
    let mut diagram = Diagram::new()
        .with_caption(
            "6.5: the twelve targets of a knight on 127; the dead blockers around it do not stop the jump",
        )
        .with_moves_of(&position, centre, rules);
    if let Some(&first) = diagram.dots.first() {
        diagram = diagram.with_arrow(centre, first, ArrowKind::Move);
    }
    Ok(figure("knight.svg", &diagram, Some(&position), letter))
}

/// Clause 6.1, R-KING and R-KING-DEAD: a king on 127 steps to the
/// side-adjacent cells, but not onto the dead blocker beside it.
fn king_figure(rules: &Ruleset, letter: Option<PieceLetter>) -> Result<Figure, FigureError> {
    let centre = cell(127);
    let blocked = geometry()
        .neighbour(centre, Side::B)
        .unwrap_or_else(|| unreachable!("127 has six neighbours"));
    let pieces = vec![
        placed(127, Party::Blau, PieceKind::King),
        placed(253, Party::Lila, PieceKind::King),
    ];
    let dead = vec![Placed {
        cell: blocked,
        piece: Piece::new(Party::Gelb, PieceKind::Rook),
    }];
    let position = build("king.svg", Party::Blau, pieces, dead, Vec::new())?;
    let diagram = Diagram::new()
        .with_caption(format!(
            "6.1: a king on 127 steps to a side-adjacent cell, but never onto the dead blocker on {blocked}"
        ))
        .with_moves_of(&position, centre, rules)
        .with_arrow(centre, blocked, ArrowKind::Forbidden);
    Ok(figure("king.svg", &diagram, Some(&position), letter))
}
