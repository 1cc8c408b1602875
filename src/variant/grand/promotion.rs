//! Clause g.7: promotion. A pawn reaching its 8th or 9th rank may promote,
//! on its 10th rank it must (g.7.1); only into a kind of which its side now
//! has fewer on the board than at the start (g.7.2, ruling
//! R-G-PROMO-LIMIT); with no kind available it cannot move to the last rank
//! at all (g.7.3).

use crate::variant::chess::{Board, Kind, Move, RefusalCode, Side, Square};
use crate::variant::Refusal;

use super::position::BOARD_SIDE;
use super::readings::{NoKindLeft, PromotionKinds, PromotionZone};
use super::Grand;

/// Clause g.7.2: the kinds a pawn may become, with how many of each a side
/// has at the start.
pub const LIMITS: [(Kind, u8); 6] = [
    (Kind::Queen, 1),
    (Kind::Marshal, 1),
    (Kind::Cardinal, 1),
    (Kind::Rook, 2),
    (Kind::Bishop, 2),
    (Kind::Knight, 2),
];

/// Clause g.7.1: what a pawn arriving on a rank may or must do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Zone {
    /// Below the 8th rank: no promotion.
    Outside,
    /// The 8th and 9th ranks: promotion optional.
    Optional,
    /// The 10th (last) rank: promotion mandatory.
    Mandatory,
}

/// Clause g.7.1: the zone of `side`'s pawn arriving on `rank` (from 0):
/// White's ranks 8-10, Black's ranks 3-1.
#[inline]
pub fn zone(side: Side, rank: u8) -> Zone {
    match nth_rank(side, rank) {
        10 => Zone::Mandatory,
        8 | 9 => Zone::Optional,
        _ => Zone::Outside,
    }
}

/// The rank `rank` (from 0) counted from `side`'s own first rank (from 1).
#[inline]
fn nth_rank(side: Side, rank: u8) -> u8 {
    match side {
        Side::White => rank + 1,
        Side::Black => BOARD_SIDE - rank,
    }
}

/// Clause g.7.2, ruling R-G-PROMO-LIMIT: whether `side` may promote into
/// `kind` now: a promotable kind of which it has fewer on the board
/// (promoted pieces included) than at the start.
#[inline]
pub fn available(board: &Board, side: Side, kind: Kind) -> bool {
    LIMITS
        .iter()
        .any(|&(limited, start)| limited == kind && board.count(side, kind) < start)
}

/// Clause g.7.2: the kinds `side` may promote into now, in the order of
/// [`LIMITS`].
pub fn available_kinds(board: &Board, side: Side) -> impl Iterator<Item = Kind> + '_ {
    LIMITS
        .iter()
        .map(|&(kind, _)| kind)
        .filter(move |&kind| available(board, side, kind))
}

/// Clauses g.7.1 and g.7.3: calls `emit` with the moves of `side`'s pawn
/// from `from` to `to` (a step or a capture the pawn pattern allows): the
/// plain move outside the zone; the plain move and every available
/// promotion on the 8th and 9th ranks; only the available promotions on
/// the last rank, so none when no kind is available.
#[inline]
pub fn moves_to(
    board: &Board,
    side: Side,
    from: Square,
    to: Square,
    rules: &Grand,
    emit: &mut impl FnMut(Move),
) {
    // Clause g.7.1: promotion may on the 8th and 9th ranks, must on the 10th.
    let nth = nth_rank(side, to.rank());
    let zone = match (zone(side, to.rank()), rules.reading::<PromotionZone>()) {
        (Zone::Optional, PromotionZone::LastRankOnly) => Zone::Outside,
        (Zone::Optional, PromotionZone::ForcedEarly) => Zone::Mandatory,
        (Zone::Optional, PromotionZone::NinthAndLast) if nth == 8 => Zone::Outside,
        (Zone::Optional, PromotionZone::ForcedFromNinth) if nth == 9 => Zone::Mandatory,
        (zone, _) => zone,
    };
    if zone == Zone::Outside {
        emit(Move::new(from, to));
        return;
    }
    let kinds = || promotion_kinds(board, side, zone, rules);
    // Clause g.7.3: with no kind to become, a pawn cannot enter the last
    // rank.
    let stays = match rules.reading::<NoKindLeft>() {
        NoKindLeft::CannotEnter => false,
        NoKindLeft::StaysPawn => kinds().next().is_none(),
        NoKindLeft::CapturesAndStaysPawn => kinds().next().is_none() && board.piece(to).is_some(),
    };
    if zone != Zone::Mandatory || stays {
        emit(Move::new(from, to));
    }
    for kind in kinds() {
        emit(Move::promoting(from, to, kind));
    }
}

/// Clause g.7.2 (ruling R-G-PROMO-LIMIT): the kinds `side`'s pawn may
/// become now, in the order of [`LIMITS`]: those its side has lost
/// ([`available`]), for a pawn arriving in `zone`.
fn promotion_kinds<'a>(
    board: &'a Board,
    side: Side,
    zone: Zone,
    rules: &Grand,
) -> impl Iterator<Item = Kind> + 'a {
    let reading = rules.reading::<PromotionKinds>();
    LIMITS
        .iter()
        .map(|&(kind, _)| kind)
        .filter(move |&kind| match reading {
            PromotionKinds::OwnLosses => available(board, side, kind),
            PromotionKinds::AnyKind => true,
            PromotionKinds::OpponentLosses => available(board, side.opponent(), kind),
            PromotionKinds::AnyKindWhenOptional => {
                zone == Zone::Optional || available(board, side, kind)
            }
            PromotionKinds::EitherSidesLosses => {
                available(board, side, kind) || available(board, side.opponent(), kind)
            }
        })
}

/// Clauses g.7.1-g.7.3: why `mv`, a move the pawn pattern allows, breaks a
/// promotion rule, if it does (for refusals).
///
/// # Errors
/// `promotion-not-allowed`, `bad-promotion-piece`, `no-promotion-available`,
/// `promotion-required` or `promotion-unavailable`.
pub fn check(board: &Board, side: Side, mv: Move) -> Result<(), Refusal> {
    let zone = zone(side, mv.to.rank());
    match (zone, mv.promotion) {
        (Zone::Outside, Some(kind)) => Err(RefusalCode::PromotionNotAllowed.refuse(format!(
            "{mv}: a pawn promotes only on its 8th, 9th or 10th rank, so it cannot become a {kind} on {}",
            mv.to
        ))),
        (_, Some(kind @ (Kind::King | Kind::Pawn))) => Err(RefusalCode::BadPromotionPiece.refuse(format!(
            "{mv}: a pawn cannot become a {kind} (only queen, marshal, cardinal, rook, bishop, knight)"
        ))),
        (Zone::Mandatory, _) if available_kinds(board, side).next().is_none() => {
            Err(RefusalCode::NoPromotionAvailable.refuse(format!(
                "{mv}: {side} has every promotable kind at its start count, so the pawn cannot move to the last rank"
            )))
        }
        (Zone::Mandatory, None) => Err(RefusalCode::PromotionRequired.refuse(format!(
            "{mv}: a pawn reaching the last rank must promote (available: {})",
            available_list(board, side)
        ))),
        (_, Some(kind)) if !available(board, side, kind) => Err(RefusalCode::PromotionUnavailable.refuse(format!(
            "{mv}: {side} already has as many of kind {kind} as at the start (available: {})",
            available_list(board, side)
        ))),
        _ => Ok(()),
    }
}

/// The available kinds as a comma-separated list, or `none`.
fn available_list(board: &Board, side: Side) -> String {
    let names: Vec<&str> = available_kinds(board, side).map(Kind::name).collect();
    if names.is_empty() {
        "none".to_string()
    } else {
        names.join(", ")
    }
}
