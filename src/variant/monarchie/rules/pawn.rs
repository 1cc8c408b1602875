//! Clause 6.6: the pawn's directions for each colour (R-PAWN-DIR) and its
//! promotion zone (R-PROMO-ZONE).

use crate::variant::monarchie::cell::Cell;
use crate::variant::monarchie::geometry::{geometry, Side, Vertex};
use crate::variant::monarchie::party::Party;
use crate::variant::monarchie::readings::{PawnFacing, PawnStepSides};
use crate::variant::monarchie::ruleset::{PawnStartSides, PromotionZone, Ruleset};

/// R-PAWN-DIR: the forward axis of a colour, the vertex direction from its
/// tip towards the centre. Blau's is `cd` (straight down); each seat
/// clockwise turns it by 60 degrees.
pub fn forward_axis(party: Party) -> Vertex {
    Vertex::CD.clockwise(party.index())
}

/// R-PAWN-DIR: the two start sides, the sides flanking the forward axis
/// (Blau: c and d).
pub fn start_sides(party: Party) -> [Side; 2] {
    let (left, right) = forward_axis(party).flanks();
    [left, right]
}

/// R-PAWN-DIR: the start sides a start move may use under the ruleset:
/// both, or with `single-side` only the second one clockwise (Blau: d).
pub fn usable_start_sides(party: Party, rules: &Ruleset) -> &'static [Side] {
    const BOTH: [[Side; 2]; 6] = [
        [Side::C, Side::D],
        [Side::D, Side::E],
        [Side::E, Side::F],
        [Side::F, Side::A],
        [Side::A, Side::B],
        [Side::B, Side::C],
    ];
    let pair = &BOTH[party.index()];
    match rules.pawn_dir {
        PawnStartSides::Both => pair,
        PawnStartSides::SingleSide => &pair[1..],
    }
}

/// R-PAWN-DIR: the two forbidden (backward) sides, opposite the start sides
/// (Blau: f and a).
pub fn forbidden_sides(party: Party) -> [Side; 2] {
    start_sides(party).map(Side::opposite)
}

/// R-PAWN-DIR: the four allowed sides a moved pawn steps and captures
/// across (Blau: b, c, d, e).
pub fn allowed_sides(party: Party) -> [Side; 4] {
    let first = start_sides(party)[0];
    [
        first.clockwise(5),
        first,
        first.clockwise(1),
        first.clockwise(2),
    ]
}

/// Whether a pawn of `party` may step across `side` at all.
pub fn is_allowed(party: Party, side: Side) -> bool {
    allowed_sides(party).contains(&side)
}

/// Clause 6.6: a side as a pawn of the reading faces it: as it is, or
/// turned round when the pawn faces its own seat (`moved`: a step of a
/// pawn that has made its first move, not a start move).
fn faced(side: Side, facing: PawnFacing, moved: bool) -> Side {
    match facing {
        PawnFacing::TowardsTheCentre => side,
        PawnFacing::TowardsItsSeat => side.opposite(),
        PawnFacing::MovedPawnsTowardsItsSeat if moved => side.opposite(),
        PawnFacing::MovedPawnsTowardsItsSeat => side,
    }
}

/// Clause 6.6 (start) and R-PAWN-DIR: the sides a start move goes along,
/// [`usable_start_sides`] as the pawn faces.
pub fn start_move_sides(party: Party, rules: &Ruleset) -> impl Iterator<Item = Side> {
    let facing = rules.reading::<PawnFacing>();
    usable_start_sides(party, rules)
        .iter()
        .map(move |&side| faced(side, facing, false))
}

/// Clause 6.6 (moves, captures): the sides a moved pawn steps and
/// captures across, [`allowed_sides`] as the pawn faces.
pub fn step_sides(party: Party, rules: &Ruleset) -> impl Iterator<Item = Side> {
    let (sides, len) = match rules.reading::<PawnStepSides>() {
        PawnStepSides::FourSides
        | PawnStepSides::StepsAcrossAllSix
        | PawnStepSides::StepsAcrossStartSides => {
            let [a, b, c, d] = allowed_sides(party);
            ([a, b, c, d, a, a], 4)
        }
        PawnStepSides::AllSix => (Side::ALL, 6),
        PawnStepSides::StartSidesOnly => {
            let [a, b] = start_sides(party);
            ([a, b, a, a, a, a], 2)
        }
    };
    let facing = rules.reading::<PawnFacing>();
    sides
        .into_iter()
        .take(len)
        .map(move |side| faced(side, facing, true))
}

/// M-PAWN-ALL-SIDES.2, M-PAWN-FORWARD-ONLY.2: the sides a moved pawn
/// steps across onto an empty cell when they are not the sides it
/// captures across ([`step_sides`]); `None` under the rule.
pub fn empty_step_sides(party: Party, rules: &Ruleset) -> Option<Vec<Side>> {
    let facing = rules.reading::<PawnFacing>();
    let sides: Vec<Side> = match rules.reading::<PawnStepSides>() {
        PawnStepSides::FourSides | PawnStepSides::AllSix | PawnStepSides::StartSidesOnly => {
            return None
        }
        PawnStepSides::StepsAcrossAllSix => Side::ALL.to_vec(),
        PawnStepSides::StepsAcrossStartSides => start_sides(party).to_vec(),
    };
    Some(
        sides
            .into_iter()
            .map(|side| faced(side, facing, true))
            .collect(),
    )
}

/// R-PROMO-ZONE: whether a pawn of `party` that ends its move on `cell`
/// has reached its promotion zone.
pub fn in_promotion_zone(party: Party, cell: Cell, rules: &Ruleset) -> bool {
    let geometry = geometry();
    match rules.promo_zone {
        PromotionZone::OppositeTriangle => geometry.triangle_of(cell) == Some(party.opposite()),
        PromotionZone::TipOnly => cell == geometry.tip(party.opposite()),
        PromotionZone::AnyForeign => {
            matches!(geometry.triangle_of(cell), Some(owner) if owner != party)
        }
    }
}
