//! Clauses 5 and 6: where each piece may go, and the legal moves of the
//! party to move.

use crate::cell::{Cell, CellSet};
use crate::geometry::{geometry, Side, Vertex};
use crate::moves::Move;
use crate::party::Party;
use crate::piece::{Piece, PieceKind};
use crate::position::{Occupant, Position};
use crate::ruleset::{
    BishopBlocking, KingOnDeadBlocker, KingStep, KnightPath, PawnStartMoves, PromotionChoice,
    RookLines, Ruleset,
};

use super::{attack, effects, pawn};

/// Clause 5 and R-DEAD-CAPTURE: whether a piece of `mover` may end its
/// move on a cell: empty, an active enemy piece (kings included), or a dead
/// blocker. An own piece blocks.
fn may_land(position: &Position, mover: Party, cell: Cell) -> bool {
    match position.occupant(cell) {
        Occupant::Empty | Occupant::Dead(_) => true,
        Occupant::Active(piece) => piece.party != mover,
    }
}

/// Clauses 6.2-6.4: a slider walks a line until the edge, stopping on the
/// first occupied cell, which it may capture unless it is its own.
fn slide(
    position: &Position,
    mover: Party,
    from: Cell,
    ray: &[Cell],
    flank_vertex: Option<Vertex>,
    out: &mut CellSet,
) {
    let mut previous = from;
    for &cell in ray {
        if let Some(vertex) = flank_vertex {
            if attack::flanks_closed(position, previous, vertex) {
                return;
            }
        }
        if position.is_empty(cell) {
            out.insert(cell);
            previous = cell;
        } else {
            if may_land(position, mover, cell) {
                out.insert(cell);
            }
            return;
        }
    }
}

/// Clause 6.3 and R-ROOK: the rook's lines.
fn rook_targets(position: &Position, mover: Party, from: Cell, rules: &Ruleset, out: &mut CellSet) {
    let geometry = geometry();
    for side in Side::ALL {
        slide(
            position,
            mover,
            from,
            geometry.side_ray(from, side),
            None,
            out,
        );
    }
    if rules.rook == RookLines::Braid {
        for ray in geometry.braid_rays(from) {
            slide(position, mover, from, ray, None, out);
        }
    }
}

/// Clause 6.4 and R-BISHOP: the bishop's diagonals.
fn bishop_targets(
    position: &Position,
    mover: Party,
    from: Cell,
    rules: &Ruleset,
    out: &mut CellSet,
) {
    let geometry = geometry();
    let flanks = rules.bishop == BishopBlocking::FlanksBlock;
    for vertex in Vertex::ALL {
        let ray = geometry.vertex_ray(from, vertex);
        slide(position, mover, from, ray, flanks.then_some(vertex), out);
    }
}

/// Clause 6.1, R-KING and R-KING-DEAD: one step; never onto a dead
/// blocker by default.
fn king_targets(position: &Position, mover: Party, from: Cell, rules: &Ruleset, out: &mut CellSet) {
    let geometry = geometry();
    let sides = Side::ALL.map(|side| geometry.neighbour(from, side));
    let vertices = Vertex::ALL.map(|vertex| geometry.vertex_neighbour(from, vertex));
    let twelve = rules.king == KingStep::Twelve;
    let steps = sides
        .into_iter()
        .chain(vertices.into_iter().filter(|_| twelve))
        .flatten();
    for cell in steps {
        let dead = matches!(position.occupant(cell), Occupant::Dead(_));
        if dead && rules.king_dead == KingOnDeadBlocker::Barred {
            continue;
        }
        if may_land(position, mover, cell) {
            out.insert(cell);
        }
    }
}

/// Clause 6.5 and R-KNIGHT: the twelve jumps; only the target counts.
fn knight_targets(
    position: &Position,
    mover: Party,
    from: Cell,
    rules: &Ruleset,
    out: &mut CellSet,
) {
    for jump in geometry().knight_jumps(from) {
        if rules.knight == KnightPath::NeedsCells && !jump.path_exists {
            continue;
        }
        if may_land(position, mover, jump.target) {
            out.insert(jump.target);
        }
    }
}

/// Clause 6.6 (start move), R-PAWN-START and R-PAWN-DIR: one or two cells
/// straight along a start side onto empty cells, never capturing.
fn pawn_start_targets(
    position: &Position,
    mover: Party,
    from: Cell,
    rules: &Ruleset,
    out: &mut CellSet,
) {
    let geometry = geometry();
    for &side in pawn::usable_start_sides(mover, rules) {
        let Some(one) = geometry
            .neighbour(from, side)
            .filter(|&c| position.is_empty(c))
        else {
            continue;
        };
        out.insert(one);
        if let Some(two) = geometry
            .neighbour(one, side)
            .filter(|&c| position.is_empty(c))
        {
            out.insert(two);
        }
    }
}

/// Clause 6.6 (after the first move) and R-PAWN-MOVED: one step across an
/// allowed side onto an empty cell, an active enemy piece or a dead blocker.
fn pawn_step_targets(position: &Position, mover: Party, from: Cell, out: &mut CellSet) {
    let geometry = geometry();
    for side in pawn::allowed_sides(mover) {
        if let Some(cell) = geometry.neighbour(from, side) {
            if may_land(position, mover, cell) {
                out.insert(cell);
            }
        }
    }
}

/// The cells the active piece on `from` may reach by its movement rule,
/// before the king-safety test of clause 5.
pub fn piece_targets(position: &Position, from: Cell, rules: &Ruleset) -> CellSet {
    let mut out = CellSet::EMPTY;
    let Occupant::Active(Piece { party, kind }) = position.occupant(from) else {
        return out;
    };
    match kind {
        PieceKind::King => king_targets(position, party, from, rules, &mut out),
        PieceKind::Queen => {
            rook_targets(position, party, from, rules, &mut out);
            bishop_targets(position, party, from, rules, &mut out);
        }
        PieceKind::Rook => rook_targets(position, party, from, rules, &mut out),
        PieceKind::Bishop => bishop_targets(position, party, from, rules, &mut out),
        PieceKind::Knight => knight_targets(position, party, from, rules, &mut out),
        PieceKind::Pawn => {
            if position.is_unmoved_pawn(from) {
                pawn_start_targets(position, party, from, rules, &mut out);
                if rules.pawn_start == PawnStartMoves::StepsToo {
                    pawn_step_targets(position, party, from, &mut out);
                }
            } else {
                pawn_step_targets(position, party, from, &mut out);
            }
        }
    }
    out
}

/// R-PROMO: the promotion choices of a pawn move to `to`: `None` (stay a
/// pawn) unless promotion is mandatory and possible, plus one entry per
/// kind in the tray, when `to` is in the promotion zone.
pub fn promotion_choices(
    position: &Position,
    piece: Piece,
    to: Cell,
    rules: &Ruleset,
) -> Vec<Option<PieceKind>> {
    if piece.kind != PieceKind::Pawn || !pawn::in_promotion_zone(piece.party, to, rules) {
        return vec![None];
    }
    let kinds: Vec<Option<PieceKind>> = position.tray(piece.party).promotable().map(Some).collect();
    if kinds.is_empty() {
        return vec![None];
    }
    let mut choices = Vec::with_capacity(kinds.len() + 1);
    if rules.promo == PromotionChoice::Optional {
        choices.push(None);
    }
    choices.extend(kinds);
    choices
}

/// Clause 5 and R-CHECK: whether a move keeps the mover's king safe once
/// all its effects (a captured king's party eliminated) have happened.
pub fn keeps_king_safe(position: &Position, mv: Move, rules: &Ruleset) -> bool {
    let Some(piece) = position.piece_at(mv.from) else {
        return false;
    };
    let mut after = position.clone();
    effects::play(&mut after, mv);
    !attack::in_check(&after, piece.party, rules)
}

/// The legal moves of the active piece on `from`, in target order.
pub fn legal_moves_from(position: &Position, from: Cell, rules: &Ruleset) -> Vec<Move> {
    let Occupant::Active(piece) = position.occupant(from) else {
        return Vec::new();
    };
    let mut moves = Vec::new();
    for to in piece_targets(position, from, rules).iter() {
        for promotion in promotion_choices(position, piece, to, rules) {
            let mv = Move {
                from,
                to,
                promotion,
            };
            if keeps_king_safe(position, mv, rules) {
                moves.push(mv);
            }
        }
    }
    moves
}

/// Every legal move of `party` in the position, by origin then target.
pub fn legal_moves_of(position: &Position, party: Party, rules: &Ruleset) -> Vec<Move> {
    let mut moves = Vec::new();
    for (from, piece) in position.pieces() {
        if piece.party == party && position.is_active(party) {
            moves.extend(legal_moves_from(position, from, rules));
        }
    }
    moves
}

/// Whether `party` has at least one legal move (clauses 11, 14).
pub fn has_legal_move(position: &Position, party: Party, rules: &Ruleset) -> bool {
    if !position.is_active(party) {
        return false;
    }
    position.pieces().any(|(from, piece)| {
        piece.party == party
            && piece_targets(position, from, rules).iter().any(|to| {
                promotion_choices(position, piece, to, rules)
                    .into_iter()
                    .any(|promotion| {
                        keeps_king_safe(
                            position,
                            Move {
                                from,
                                to,
                                promotion,
                            },
                            rules,
                        )
                    })
            })
    })
}

/// The legal moves of the party to move; empty when the game is over.
pub fn legal_moves(position: &Position, rules: &Ruleset) -> Vec<Move> {
    match position.to_move() {
        Some(party) => legal_moves_of(position, party, rules),
        None => Vec::new(),
    }
}
