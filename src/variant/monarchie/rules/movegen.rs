//! Clause 6: where each piece may go by its movement rule, and the
//! promotion choices of a move (the legal moves of the party to move,
//! clause 5, are [`super::legality`]'s).

use crate::variant::monarchie::cell::{Cell, CellSet};
use crate::variant::monarchie::geometry::{geometry, Side, Vertex};
use crate::variant::monarchie::party::Party;
use crate::variant::monarchie::piece::{Piece, PieceKind};
use crate::variant::monarchie::position::{Occupant, Position};
use crate::variant::monarchie::readings::{
    DeadBlockerBlocks, DeadBlockerCapture, KnightJumps, PawnDoubleStep, PawnStartMove,
    PawnStartRight, PromotingMoves, PromotionTray,
};
use crate::variant::monarchie::ruleset::{
    BishopBlocking, DiagonalAtNotch, KingOnDeadBlocker, KingStep, KnightPath, PawnStartMoves,
    PromotionChoice, RookLines, Ruleset,
};
use crate::variant::monarchie::start::StartArmy;

use super::pawn;

/// Clause 5 and R-DEAD-CAPTURE: whether a piece of `mover` may end its
/// move on a cell: empty, an active enemy piece (kings included), or a dead
/// blocker. An own piece blocks.
fn may_land(position: &Position, mover: Party, cell: Cell, rules: &Ruleset) -> bool {
    match position.occupant(cell) {
        Occupant::Empty => true,
        // Clause 4 (dead capture): any active party may take a dead blocker.
        Occupant::Dead(_) => match rules.reading::<DeadBlockerCapture>() {
            DeadBlockerCapture::Capturable | DeadBlockerCapture::NotBySliders => true,
            DeadBlockerCapture::NotCapturable => false,
        },
        Occupant::Active(piece) => piece.party != mover,
    }
}

/// R-BISHOP=flanks-block: whether the diagonal step from `from` in
/// direction `vertex` squeezes between two occupied cells.
pub fn flanks_closed(position: &Position, from: Cell, vertex: Vertex) -> bool {
    let geometry = geometry();
    let (left, right) = vertex.flanks();
    let occupied = |side: Side| {
        geometry
            .neighbour(from, side)
            .is_some_and(|cell| !position.is_empty(cell))
    };
    occupied(left) && occupied(right)
}

/// Clauses 6.2-6.4: a slider walks a line until the edge, stopping on the
/// first occupied cell, which it may capture unless it is its own.
fn slide(
    position: &Position,
    mover: Party,
    from: Cell,
    ray: &[Cell],
    flank_vertex: Option<Vertex>,
    rules: &Ruleset,
    out: &mut CellSet,
) {
    let mut previous = from;
    for &cell in ray {
        if let Some(vertex) = flank_vertex {
            if flanks_closed(position, previous, vertex) {
                return;
            }
        }
        if position.is_empty(cell) {
            out.insert(cell);
            previous = cell;
        } else {
            let dead = matches!(position.occupant(cell), Occupant::Dead(_));
            // M-DEAD-NOT-CAPTURABLE.2: a slider stops before a dead blocker.
            let refused =
                dead && rules.reading::<DeadBlockerCapture>() == DeadBlockerCapture::NotBySliders;
            if !refused && may_land(position, mover, cell, rules) {
                out.insert(cell);
            }
            // Clause 4: a dead blocker blocks like any piece.
            match rules.reading::<DeadBlockerBlocks>() {
                DeadBlockerBlocks::PassedThrough | DeadBlockerBlocks::MovesPassThrough if dead => {
                    previous = cell;
                }
                _ => return,
            }
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
            rules,
            out,
        );
    }
    if rules.rook == RookLines::Braid {
        for ray in geometry.braid_rays(from) {
            slide(position, mover, from, ray, None, rules, out);
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
        let flank = flanks.then_some(vertex);
        let ray = match rules.diagonal {
            DiagonalAtNotch::Ends => geometry.vertex_ray(from, vertex),
            DiagonalAtNotch::Crosses => geometry.crossing_ray(from, vertex),
        };
        slide(position, mover, from, ray, flank, rules, out);
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
        if may_land(position, mover, cell, rules) {
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
    let reading = rules.reading::<KnightJumps>();
    if reading == KnightJumps::Twelve {
        for jump in geometry().knight_jumps(from) {
            if rules.knight == KnightPath::NeedsCells && !jump.path_exists {
                continue;
            }
            if may_land(position, mover, jump.target, rules) {
                out.insert(jump.target);
            }
        }
        return;
    }
    // The jumps as a misreading makes them: two side steps, then a turn,
    // walked out on the board.
    let geometry = geometry();
    let (row, x) = geometry.coords(from);
    let (row, x) = (i32::from(row), i32::from(x));
    for side in Side::ALL {
        let (dr, dx) = side.delta();
        let (dr, dx) = (i32::from(dr), i32::from(dx));
        let first = geometry.cell_at(row + dr, x + dx);
        let second = geometry.cell_at(row + 2 * dr, x + 2 * dx);
        if rules.knight == KnightPath::NeedsCells && (first.is_none() || second.is_none()) {
            continue;
        }
        let occupied = |cell: Option<Cell>| cell.is_some_and(|cell| !position.is_empty(cell));
        if reading == KnightJumps::BlockedOnTheWay && (occupied(first) || occupied(second)) {
            continue;
        }
        if reading == KnightJumps::BlockedOnTheFirstCell && occupied(first) {
            continue;
        }
        let turns: &[Side] = match reading {
            KnightJumps::ClockwiseTurnOnly => &[side.clockwise(1)],
            KnightJumps::CounterClockwiseTurnOnly => &[side.clockwise(5)],
            KnightJumps::Twelve
            | KnightJumps::BlockedOnTheWay
            | KnightJumps::BlockedOnTheFirstCell => &[side.clockwise(5), side.clockwise(1)],
        };
        for turn in turns {
            let (tr, tx) = turn.delta();
            let target = geometry.cell_at(row + 2 * dr + i32::from(tr), x + 2 * dx + i32::from(tx));
            if let Some(target) = target {
                if may_land(position, mover, target, rules) {
                    out.insert(target);
                }
            }
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
    let start = rules.reading::<PawnStartMove>();
    for side in pawn::start_move_sides(mover, rules) {
        let Some(one) = geometry.neighbour(from, side) else {
            continue;
        };
        let one_free = position.is_empty(one);
        let two = geometry.neighbour(one, side);
        // The one-cell start move goes onto an empty cell.
        match start {
            PawnStartMove::OneOrTwoEmpty | PawnStartMove::TwoJumps | PawnStartMove::TwoJumpsOwn => {
                if one_free {
                    out.insert(one);
                }
            }
            PawnStartMove::OneMayCapture | PawnStartMove::EitherMayCapture => {
                if one_free || may_land(position, mover, one, rules) {
                    out.insert(one);
                }
            }
            PawnStartMove::TwoOnly => {}
            // M-PAWN-START-TWO-ONLY.2: one cell only where two are blocked.
            PawnStartMove::OneOnlyWhenTwoBlocked => {
                if one_free && !two.is_some_and(|c| position.is_empty(c)) {
                    out.insert(one);
                }
            }
        }
        // The two-cell start move passes over an empty cell.
        let over = one_free
            || start == PawnStartMove::TwoJumps
            || (start == PawnStartMove::TwoJumpsOwn
                && matches!(position.occupant(one), Occupant::Active(p) if p.party == mover));
        if !over {
            continue;
        }
        let Some(two) = two else {
            continue;
        };
        if position.is_empty(two)
            || (start == PawnStartMove::EitherMayCapture && may_land(position, mover, two, rules))
        {
            out.insert(two);
        }
    }
}

/// Clause 6.6 (after the first move) and R-PAWN-MOVED: one step across an
/// allowed side onto an empty cell, an active enemy piece or a dead blocker.
fn pawn_step_targets(
    position: &Position,
    mover: Party,
    from: Cell,
    rules: &Ruleset,
    out: &mut CellSet,
) {
    let geometry = geometry();
    // M-PAWN-ALL-SIDES.2, M-PAWN-FORWARD-ONLY.2: the steps onto an empty
    // cell go their own sides; the captures keep the four.
    let empty_steps = pawn::empty_step_sides(mover, rules);
    for side in pawn::step_sides(mover, rules) {
        if let Some(cell) = geometry.neighbour(from, side) {
            if empty_steps.is_some() && position.is_empty(cell) {
                continue;
            }
            if may_land(position, mover, cell, rules) {
                out.insert(cell);
            }
        }
    }
    for side in empty_steps.into_iter().flatten() {
        if let Some(cell) = geometry
            .neighbour(from, side)
            .filter(|&c| position.is_empty(c))
        {
            out.insert(cell);
        }
    }
    // Clause 6.6 (no special moves): a moved pawn has no two-cell step.
    match rules.reading::<PawnDoubleStep>() {
        PawnDoubleStep::StartMoveOnly => {}
        PawnDoubleStep::Anytime | PawnDoubleStep::AnySide => {
            let sides: Vec<Side> = match rules.reading::<PawnDoubleStep>() {
                PawnDoubleStep::AnySide => pawn::step_sides(mover, rules).collect(),
                _ => pawn::start_move_sides(mover, rules).collect(),
            };
            for side in sides {
                let one = geometry
                    .neighbour(from, side)
                    .filter(|&c| position.is_empty(c));
                if let Some(two) = one
                    .and_then(|one| geometry.neighbour(one, side))
                    .filter(|&c| position.is_empty(c))
                {
                    out.insert(two);
                }
            }
        }
    }
}

/// Clause 6.6 (start): whether the pawn of `party` on `from` still has
/// its start move: it has not moved yet.
pub(super) fn has_start_move(
    position: &Position,
    party: Party,
    from: Cell,
    rules: &Ruleset,
) -> bool {
    position.is_unmoved_pawn(from)
        || match rules.reading::<PawnStartRight>() {
            PawnStartRight::UnmovedPawns => false,
            PawnStartRight::PawnsOnOwnStartCells => {
                position.is_active(party) && StartArmy::of(party).is_pawn_start(from)
            }
            PawnStartRight::PawnsInOwnTriangle => {
                position.is_active(party)
                    && position
                        .piece_at(from)
                        .is_some_and(|piece| piece.kind == PieceKind::Pawn)
                    && geometry().triangle_of(from) == Some(party)
            }
        }
}

/// The cells the active piece on `from` may reach by its movement rule,
/// before the king-safety test of clause 5.
#[inline]
pub fn piece_targets(position: &Position, from: Cell, rules: &Ruleset) -> CellSet {
    let Occupant::Active(piece) = position.occupant(from) else {
        return CellSet::EMPTY;
    };
    targets_of(position, from, piece, rules)
}

/// The cells `piece` standing on `from` may reach by its movement rule
/// (also for a dead piece, which the misreading M-DEAD-GIVES-CHECK lets
/// attack).
#[inline]
pub fn targets_of(position: &Position, from: Cell, piece: Piece, rules: &Ruleset) -> CellSet {
    let mut out = CellSet::EMPTY;
    let Piece { party, kind } = piece;
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
            if has_start_move(position, party, from, rules) {
                pawn_start_targets(position, party, from, rules, &mut out);
                if rules.pawn_start == PawnStartMoves::StepsToo {
                    pawn_step_targets(position, party, from, rules, &mut out);
                }
            } else {
                pawn_step_targets(position, party, from, rules, &mut out);
            }
        }
    }
    out
}

/// The promotion choices of one move (R-PROMO): at most staying a pawn
/// and the four kinds a tray can give back, kept without allocating (move
/// generation asks for them at every target).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Choices {
    choices: [Option<PieceKind>; 1 + PieceKind::PROMOTABLE.len()],
    len: usize,
}

impl Choices {
    /// Only `choice`.
    fn only(choice: Option<PieceKind>) -> Choices {
        Choices {
            choices: [choice; 1 + PieceKind::PROMOTABLE.len()],
            len: 1,
        }
    }

    /// No choice yet.
    fn none() -> Choices {
        Choices {
            len: 0,
            ..Choices::only(None)
        }
    }

    /// Adds a choice; there are never more than five (R-PROMO).
    fn push(&mut self, choice: Option<PieceKind>) {
        if let Some(slot) = self.choices.get_mut(self.len) {
            *slot = choice;
            self.len += 1;
        }
    }

    /// The choices in order.
    pub fn as_slice(&self) -> &[Option<PieceKind>] {
        &self.choices[..self.len]
    }
}

impl IntoIterator for Choices {
    type Item = Option<PieceKind>;
    type IntoIter = std::iter::Take<std::array::IntoIter<Option<PieceKind>, 5>>;

    fn into_iter(self) -> Self::IntoIter {
        self.choices.into_iter().take(self.len)
    }
}

/// R-PROMO: the promotion choices of a pawn move to `to`: `None` (stay a
/// pawn) unless promotion is mandatory and possible, plus one entry per
/// kind in the tray, when `to` is in the promotion zone.
pub fn promotion_choices(position: &Position, piece: Piece, to: Cell, rules: &Ruleset) -> Choices {
    if piece.kind != PieceKind::Pawn || !pawn::in_promotion_zone(piece.party, to, rules) {
        return Choices::only(None);
    }
    let mut kinds = Choices::none();
    // Clause 6.6 (promotion): the kinds in the tray.
    match rules.reading::<PromotionTray>() {
        PromotionTray::TakesATrayPiece
        | PromotionTray::TrayPieceStays
        | PromotionTray::StaysOnQuietPromotion => position
            .tray(piece.party)
            .promotable()
            .for_each(|kind| kinds.push(Some(kind))),
        PromotionTray::QueenWhenEmpty => {
            position
                .tray(piece.party)
                .promotable()
                .for_each(|kind| kinds.push(Some(kind)));
            if kinds.len == 0 {
                kinds.push(Some(PieceKind::Queen));
            }
        }
        PromotionTray::AnyKind => {
            for kind in PieceKind::PROMOTABLE {
                kinds.push(Some(kind));
            }
        }
    }
    if kinds.len == 0 {
        return Choices::only(None);
    }
    let mut choices = Choices::none();
    if rules.promo == PromotionChoice::Optional {
        choices.push(None);
    }
    kinds.into_iter().for_each(|kind| choices.push(kind));
    choices
}

/// Clause 6.6 (promotion): the promotion choices of a move from `from`:
/// every pawn move that ends in the zone may promote.
pub(super) fn choices_from(
    position: &Position,
    piece: Piece,
    from: Cell,
    to: Cell,
    rules: &Ruleset,
) -> Choices {
    let promotes = piece.kind != PieceKind::Pawn
        || match rules.reading::<PromotingMoves>() {
            PromotingMoves::EveryMoveIntoTheZone => true,
            PromotingMoves::FirstEntryOnly => !pawn::in_promotion_zone(piece.party, from, rules),
            PromotingMoves::NoCaptureOnly => matches!(position.occupant(to), Occupant::Empty),
            // M-PROMO-FIRST-ENTRY.2: only onto the zone's rim.
            PromotingMoves::RimOnly => Side::ALL
                .into_iter()
                .filter_map(|side| geometry().neighbour(to, side))
                .any(|cell| !pawn::in_promotion_zone(piece.party, cell, rules)),
            PromotingMoves::NoActiveCaptureOnly => {
                !matches!(position.occupant(to), Occupant::Active(_))
            }
        };
    if !promotes {
        return Choices::only(None);
    }
    promotion_choices(position, piece, to, rules)
}
