//! Clause 6.6: the pawn's directions for each colour (R-PAWN-DIR) and its
//! promotion zone (R-PROMO-ZONE).

use crate::variant::monarchie::cell::Cell;
use crate::variant::monarchie::geometry::{geometry, Side, Vertex};
use crate::variant::monarchie::party::Party;
use crate::variant::monarchie::ruleset::{Misreading, PawnStartSides, PromotionZone, Ruleset};

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

/// The start sides with the misreadings played: M-PAWN-REVERSED turns
/// them round (the pawn faces its own seat).
pub fn start_move_sides(party: Party, rules: &Ruleset) -> Vec<Side> {
    let sides = usable_start_sides(party, rules);
    if rules.fault(Misreading::PawnReversed) {
        sides.iter().map(|side| side.opposite()).collect()
    } else {
        sides.to_vec()
    }
}

/// The sides a moved pawn steps and captures across, with the misreadings
/// played: M-PAWN-ALL-SIDES (all six), M-PAWN-FORWARD-ONLY (the two start
/// sides), M-PAWN-REVERSED (turned round).
pub fn step_sides(party: Party, rules: &Ruleset) -> Vec<Side> {
    let sides: Vec<Side> = if rules.fault(Misreading::PawnAllSides) {
        Side::ALL.to_vec()
    } else if rules.fault(Misreading::PawnForwardOnly) {
        start_sides(party).to_vec()
    } else {
        allowed_sides(party).to_vec()
    };
    if rules.fault(Misreading::PawnReversed) {
        sides.into_iter().map(Side::opposite).collect()
    } else {
        sides
    }
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
