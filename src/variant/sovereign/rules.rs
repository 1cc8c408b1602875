//! The rules of play: attacks (S-CHECK), the moves of every piece
//! (S-MOVE-SCOPE, S-SLIDE-LIMIT, S-OWN-COLOUR, S-PAIR, S-CAPTURE, the pawn
//! rules), promotion and regime change (S-PROMO, S-REGIME), defection
//! (S-DEFECT), castling (S-CASTLE), playing a move, and legality by the
//! reference procedure of the design (S-LEGAL): play every pseudo-legal
//! move, recompute control, keep it if the mover's king is not attacked.

pub use super::attacks::{attacked, double_directions, in_check, pawn_move_ok, PawnMove};
use super::attacks::{attacked_by, PawnAttacks};
use super::control::{holders, Holders};
use super::geometry::{partner, Colour, Square, DIRECTIONS, KNIGHT_JUMPS};
use super::moves::Move;
use super::position::{Piece, Player, Position, Role};
use super::readings::{
    Capturable, CastlingPath, CastlingRook, CastlingRookLanding, CastlingSafety, DefectionStep,
    DefectionTargets, DoubleStepPath, FiftyReset, LegalityTest, MoveNumber, OldColour,
    OwnColourSquares, PairBarring, PawnMoves, PromotionColour, PromotionEntry, PromotionZone,
    RegimeChange,
};
use super::ruleset::{
    CastleDefect, CastleKing, ControlFreed, Defect, DefectOnSquare, OwnColour, PairSelf, Promo,
    PromoInCheck, PromoPieces, Ruleset,
};

/// Why a piece may not end a move on a square (the target filters).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Landing {
    /// S-OWN-COLOUR: a square of the piece's own colour.
    OwnColour,
    /// S-PAIR: the other square of the pair is occupied.
    PairOccupied,
    /// S-CAPTURE: the piece there is the mover's own or neutral.
    CannotCapture,
}

/// The target filters every move obeys: S-OWN-COLOUR (the piece's army
/// colour; under `holder-colour` also its holder's king colour), S-PAIR
/// (with S-PAIR-SELF) and S-CAPTURE (only pieces the opponent holds).
pub fn landing(
    position: &Position,
    rules: &Ruleset,
    held: &Holders,
    mover: Player,
    piece: Piece,
    from: Square,
    to: Square,
) -> Result<(), Landing> {
    landing_tested(position, rules, held, mover, piece, (from, to), false)
}

/// [`landing`] for an ordinary move of a piece (`ordinary`) or for the
/// defection step: three second codings live in the generator of the
/// ordinary moves only, the defection step keeps the rule.
fn landing_tested(
    position: &Position,
    rules: &Ruleset,
    held: &Holders,
    mover: Player,
    piece: Piece,
    (from, to): (Square, Square),
    ordinary: bool,
) -> Result<(), Landing> {
    let colour = to.colour();
    // Clause sc.5: no piece, king included, ends on its own colour.
    let exempt = piece.role == Role::King
        && rules.reading::<OwnColourSquares>() == OwnColourSquares::KingsExempt;
    // A misreading of clause sc.5 (second coding): the king's ordinary
    // steps skip the own-colour test.
    let king_untested = ordinary
        && piece.role == Role::King
        && rules.reading::<OwnColourSquares>() == OwnColourSquares::KingStepsUntested;
    if colour == Some(piece.colour) && !exempt && !king_untested {
        return Err(Landing::OwnColour);
    }
    if rules.own_colour == OwnColour::HolderColour && colour == Some(position.kings[mover.index()])
    {
        return Err(Landing::OwnColour);
    }
    if let Some(other) = partner(to) {
        let self_move = other == from && rules.pair_self == PairSelf::Allowed;
        // Clause sc.8: any piece on the other square bars this one.
        let bars = position.at(other).is_some_and(|occupant| {
            rules.reading::<PairBarring>() != PairBarring::NeutralDoesNotBar
                || held[occupant.colour.index()].is_some()
        }) && (!ordinary
            || rules.reading::<PairBarring>() != PairBarring::HeldPieceBars
            || position
                .at(other)
                .and_then(|occupant| held[occupant.colour.index()])
                .is_some());
        if bars && !self_move {
            return Err(Landing::PairOccupied);
        }
    }
    if let Some(there) = position.at(to) {
        let holder = held[there.colour.index()];
        // Clause sc.9.1: only pieces the opponent holds may be captured.
        let capturable = holder == Some(mover.other())
            || match rules.reading::<Capturable>() {
                Capturable::OpponentHeld => false,
                Capturable::AlsoNeutral => holder.is_none(),
                Capturable::AlsoOwnHeld => {
                    holder == Some(mover) && there.colour != position.kings[mover.index()]
                }
                Capturable::UnlessMoverHolds => ordinary && holder != Some(mover),
                Capturable::OnlyKingColourSafe => there.colour != position.kings[mover.index()],
            };
        if !capturable {
            return Err(Landing::CannotCapture);
        }
    }
    Ok(())
}

/// The promotion roles (S-PROMO-PIECES), king last.
fn promotion_roles(rules: &Ruleset) -> &'static [Role] {
    match rules.promo_pieces {
        PromoPieces::WithKing => &[
            Role::Queen,
            Role::Rook,
            Role::Bishop,
            Role::Knight,
            Role::King,
        ],
        PromoPieces::Qrbn => &[Role::Queen, Role::Rook, Role::Bishop, Role::Knight],
    }
}

/// A pawn move to `to`: promotions on entering the zone (S-PROMO), else
/// the plain move.
fn push_pawn_move(rules: &Ruleset, from: Square, to: Square, capture: bool, out: &mut Vec<Move>) {
    // Clause sc.10.1: entering the zone by a step or a capture promotes.
    let by_capture = capture && rules.reading::<PromotionEntry>() == PromotionEntry::NotByCapture;
    let diagonal = from.file() != to.file() && from.rank() != to.rank();
    let by_capture =
        by_capture || (diagonal && rules.reading::<PromotionEntry>() == PromotionEntry::StepsOnly);
    // Clause sc.10.1: the zone is the central 4 x 4.
    let in_zone = |square: Square| match rules.reading::<PromotionZone>() {
        PromotionZone::Central4x4 => square.in_zone(),
        PromotionZone::Central6x6 => {
            (5..=10).contains(&square.file()) && (5..=10).contains(&square.rank())
        }
        PromotionZone::InnerThreeRings => square.ring() >= 6,
    };
    // A misreading of clause sc.10.1 (second coding): the arrival is asked
    // against the widened zone, the departure against the zone as drawn.
    let came_from_zone = match rules.reading::<PromotionZone>() {
        PromotionZone::InnerThreeRings => from.in_zone(),
        _ => in_zone(from),
    };
    if in_zone(to) && !came_from_zone && !by_capture {
        for &role in promotion_roles(rules) {
            out.push(Move::Step {
                from,
                to,
                promotion: Some(role),
            });
        }
        if rules.promo == Promo::Forced {
            return;
        }
    }
    out.push(Move::Step {
        from,
        to,
        promotion: None,
    });
}

/// The pseudo-legal moves of the piece on `from` (moved by `mover`, who
/// holds it): every pattern with the target filters, before S-LEGAL.
fn piece_moves(
    position: &Position,
    rules: &Ruleset,
    held: &Holders,
    mover: Player,
    from: Square,
    piece: Piece,
    out: &mut Vec<Move>,
) {
    let lands =
        |to: Square| landing_tested(position, rules, held, mover, piece, (from, to), true).is_ok();
    let step = |to: Square, out: &mut Vec<Move>| {
        out.push(Move::Step {
            from,
            to,
            promotion: None,
        })
    };
    match piece.role {
        Role::King => {
            for (df, dr) in DIRECTIONS {
                if let Some(to) = from.offset(df, dr).filter(|&to| lands(to)) {
                    step(to, out);
                }
            }
        }
        Role::Knight => {
            for (df, dr) in KNIGHT_JUMPS {
                if let Some(to) = from.offset(df, dr).filter(|&to| lands(to)) {
                    step(to, out);
                }
            }
        }
        Role::Queen | Role::Rook | Role::Bishop => {
            let directions = match piece.role {
                Role::Rook => &DIRECTIONS[..4],
                Role::Bishop => &DIRECTIONS[4..],
                _ => &DIRECTIONS[..],
            };
            let own_colour = rules.reading::<OwnColourSquares>();
            let pair = rules.reading::<PairBarring>();
            for &(df, dr) in directions {
                for distance in 1..=rules.slide_limit() {
                    let Some(to) = from.offset(df * distance, dr * distance) else {
                        break;
                    };
                    // A misreading of clause sc.8: a slider stops before a
                    // square whose partner is occupied, once it would pass it.
                    if pair == PairBarring::StopsBeforePassing && distance > 1 {
                        let behind = from.offset(df * (distance - 1), dr * (distance - 1));
                        if behind.is_some_and(|square| {
                            partner(square).is_some_and(|other| position.at(other).is_some())
                        }) {
                            break;
                        }
                    }
                    // A misreading of clause sc.5: the ray ends before the
                    // first square of the piece's own colour.
                    if own_colour == OwnColourSquares::RayCutAtOwnColour
                        && distance > 1
                        && from
                            .offset(df * (distance - 1), dr * (distance - 1))
                            .is_some_and(|square| square.colour() == Some(piece.colour))
                    {
                        break;
                    }
                    if lands(to) {
                        step(to, out);
                    }
                    if position.at(to).is_some() {
                        break;
                    }
                    // Clause sc.5: a slider crosses squares of its own colour.
                    if own_colour == OwnColourSquares::NoPassing
                        && to.colour() == Some(piece.colour)
                    {
                        break;
                    }
                    // Clause sc.8: a barred pair square bars landing only.
                    let barred = partner(to).is_some_and(|other| position.at(other).is_some());
                    if pair == PairBarring::BlocksLines && barred {
                        break;
                    }
                }
            }
        }
        Role::Pawn => {
            for (df, dr) in &DIRECTIONS[..4] {
                if let Some(to) = from.offset(*df, *dr) {
                    // Clause sc.6.1: a pawn steps onto an empty square only.
                    let open = position.at(to).is_none()
                        || rules.reading::<PawnMoves>() == PawnMoves::CapturesStraight;
                    if open && pawn_move_ok(rules, PawnMove::Step, from, to) && lands(to) {
                        push_pawn_move(rules, from, to, position.at(to).is_some(), out);
                    }
                }
            }
            // A misreading of clause sc.6.1: the step squares capture as
            // the diagonal ones do.
            if rules.reading::<PawnMoves>() == PawnMoves::StepSquaresCapture {
                for (df, dr) in &DIRECTIONS[..4] {
                    if let Some(to) = from.offset(*df, *dr) {
                        if position.at(to).is_some()
                            && pawn_move_ok(rules, PawnMove::Step, from, to)
                            && lands(to)
                        {
                            push_pawn_move(rules, from, to, true, out);
                        }
                    }
                }
            }
            for (df, dr) in &DIRECTIONS[4..] {
                if let Some(to) = from.offset(*df, *dr) {
                    if position.at(to).is_some()
                        && pawn_move_ok(rules, PawnMove::Capture, from, to)
                        && lands(to)
                    {
                        push_pawn_move(rules, from, to, true, out);
                    }
                }
            }
            for (df, dr) in double_directions(rules, from) {
                let (Some(over), Some(to)) = (from.offset(df, dr), from.offset(2 * df, 2 * dr))
                else {
                    continue;
                };
                // Clause sc.6.2: the pawn passes over an empty square.
                let over_free = match rules.reading::<DoubleStepPath>() {
                    DoubleStepPath::OverEmpty => position.at(over).is_none(),
                    DoubleStepPath::Jumps | DoubleStepPath::TargetOnly => true,
                };
                if over_free && position.at(to).is_none() && lands(to) {
                    push_pawn_move(rules, from, to, false, out);
                }
            }
        }
    }
}

/// S-CASTLE with S-CASTLE-KING: the castling moves of the player to move.
fn castlings(position: &Position, rules: &Ruleset, held: &Holders, out: &mut Vec<Move>) {
    let mover = position.to_move;
    let Some(king) = position.king(mover) else {
        return;
    };
    // Clause sc.12: the king's square, the squares it crosses and its
    // arrival (by S-LEGAL) are unattacked.
    let safety = rules.reading::<CastlingSafety>();
    let checked = !matches!(
        safety,
        CastlingSafety::OutOfCheck | CastlingSafety::KingSquareUnasked
    ) && attacked(position, rules, held, king, mover.other());
    if king.rank() != mover.back_rank()
        || position.castling & Position::castling_of(mover) == 0
        || checked
    {
        return;
    }
    for file in 0..16 {
        let Some(rook) = Square::at(file, mover.back_rank()) else {
            continue;
        };
        let flagged = Position::castling_bit(rook).is_some_and(|bit| position.castling & bit != 0);
        // Clause sc.12: with a rook the player holds.
        let usable = position.at(rook).is_some_and(|piece| {
            let holder = held[piece.colour.index()];
            piece.role == Role::Rook
                && match rules.reading::<CastlingRook>() {
                    CastlingRook::Held => holder == Some(mover),
                    CastlingRook::NeutralToo => holder == Some(mover) || holder.is_none(),
                    CastlingRook::NotOpponents => holder != Some(mover.other()),
                }
        });
        if !flagged || !usable || rook == king {
            continue;
        }
        let direction = (rook.file() - king.file()).signum();
        let between: Vec<Square> = (1..(rook.file() - king.file()).abs())
            .filter_map(|step| king.offset(direction * step, 0))
            .collect();
        // Clause sc.12: every square between king and rook is empty.
        let path_king_only = rules.reading::<CastlingPath>() == CastlingPath::KingsWalkOnly;
        let start_to_arrival = rules.reading::<CastlingPath>() == CastlingPath::StartToArrival;
        if !path_king_only
            && !start_to_arrival
            && between.iter().any(|&square| position.at(square).is_some())
        {
            continue;
        }
        let destinations: Vec<Square> = match rules.castle_king {
            CastleKing::AnyBetween => between.clone(),
            CastleKing::TwoSquares => between.get(1).copied().into_iter().collect(),
        };
        for to in destinations {
            let walk = (to.file() - king.file()).abs();
            // A misreading of clause sc.12: only the squares from the king
            // to its arrival must be empty.
            if rules.reading::<CastlingPath>() == CastlingPath::StartToArrival
                && (1..=walk)
                    .filter_map(|step| king.offset(direction * step, 0))
                    .any(|square| position.at(square).is_some())
            {
                continue;
            }
            if path_king_only
                && (1..=walk)
                    .filter_map(|step| king.offset(direction * step, 0))
                    .any(|square| position.at(square).is_some())
            {
                continue;
            }
            let crossed = |pawns: PawnAttacks| {
                (1..walk)
                    .filter_map(|step| king.offset(direction * step, 0))
                    .any(|square| attacked_by(position, rules, held, square, mover.other(), pawns))
            };
            let crossing_attacked = match safety {
                CastlingSafety::Unattacked
                | CastlingSafety::OutOfCheck
                | CastlingSafety::KingSquareUnasked => crossed(PawnAttacks::Counted),
                CastlingSafety::PawnsIgnoredOnCrossing => crossed(PawnAttacks::Ignored),
                CastlingSafety::CrossingUntested | CastlingSafety::NoCrossedSquare => false,
                // A misreading: whether a piece could move there, so a
                // pawn's diagonal onto an empty square is no threat.
                CastlingSafety::CouldMoveThere => {
                    let mut threatened = false;
                    for step in 1..walk {
                        let Some(square) = king.offset(direction * step, 0) else {
                            continue;
                        };
                        // The opponent's piece moves only: its castlings
                        // would ask this question again, without end.
                        let mut probe = position.clone();
                        probe.to_move = mover.other();
                        let mut replies = Vec::new();
                        for (from, piece) in probe.pieces() {
                            if held[piece.colour.index()] == Some(mover.other())
                                && piece.role != Role::Pawn
                            {
                                piece_moves(
                                    &probe,
                                    rules,
                                    held,
                                    mover.other(),
                                    from,
                                    piece,
                                    &mut replies,
                                );
                            }
                        }
                        threatened |= replies
                            .iter()
                            .any(|reply| matches!(reply, Move::Step { to, .. } if *to == square));
                    }
                    threatened
                }
            };
            if !crossing_attacked {
                out.push(Move::Castle { king, to, rook });
            }
        }
    }
}

/// Clause sc.11.1 with S-CONTROL-FREED: a regime change (a defection or an
/// overthrow) frees `mover`'s old king colour `old`; under
/// `neutral-until-reoccupied` it stays neutral until a piece stands on it.
fn free_old_colour(
    next: &mut Position,
    rules: &Ruleset,
    mover: Player,
    old: Colour,
    defection: bool,
) {
    if rules.control_freed == ControlFreed::NeutralUntilReoccupied {
        next.frozen |= 1 << old.index();
    }
    match rules.reading::<OldColour>() {
        OldColour::Freed => {}
        // The kept colour stays a root of `holders`.
        OldColour::Kept => next.kept[mover.index()] |= 1 << old.index(),
        OldColour::KeptAfterDefection if defection => {
            next.kept[mover.index()] |= 1 << old.index();
        }
        OldColour::KeptAfterDefection => {}
    }
}

/// S-DEFECT, S-CONTROL-FREED, S-CASTLE-DEFECT: the position right after
/// the king's colour changes to `colour` (before any step).
pub fn defected(position: &Position, rules: &Ruleset, colour: Colour, stepping: bool) -> Position {
    let mover = position.to_move;
    let mut next = position.clone();
    let old = position.kings[mover.index()];
    if let Some(king) = position.king(mover) {
        next.put(
            king,
            Some(Piece {
                colour,
                role: Role::King,
            }),
        );
    }
    next.kings[mover.index()] = colour;
    free_old_colour(&mut next, rules, mover, old, true);
    if stepping || rules.castle_defect == CastleDefect::Lose {
        next.castling &= !Position::castling_of(mover);
    }
    next
}

/// S-DEFECT with S-DEFECT-ON-SQUARE: the defections of the player to move.
fn defections(position: &Position, rules: &Ruleset, held: &Holders, out: &mut Vec<Move>) {
    let mover = position.to_move;
    let Some(king) = position.king(mover) else {
        return;
    };
    for colour in Colour::ALL {
        // Clause sc.11.1: to a colour the player holds.
        let open = match rules.reading::<DefectionTargets>() {
            DefectionTargets::Held => held[colour.index()] == Some(mover),
            DefectionTargets::AnyButOpponents => {
                held[colour.index()] == Some(mover)
                    || colour != position.kings[mover.other().index()]
            }
            DefectionTargets::AnyNotOpponentHeld => held[colour.index()] != Some(mover.other()),
        };
        if !open || colour == position.kings[mover.index()] {
            continue;
        }
        if rules.defect == Defect::NeedsPieces
            && !position.pieces().any(|(_, piece)| piece.colour == colour)
        {
            continue;
        }
        // Clause sc.11.2: a king on a square of its new colour steps off,
        // the step judged after the colour change.
        let step = rules.reading::<DefectionStep>();
        if step == DefectionStep::StepNeverAdded {
            out.push(Move::Defect { colour, step: None });
            continue;
        }
        if king.colour() != Some(colour) || step == DefectionStep::NoStep {
            out.push(Move::Defect { colour, step: None });
            continue;
        }
        if rules.defect_on_square == DefectOnSquare::Forbidden {
            continue;
        }
        let middle = defected(position, rules, colour, true);
        let (middle_held, step_colour) = match step {
            DefectionStep::CaptureJudgedBefore => (*held, colour),
            DefectionStep::OldColourBarred => {
                (holders(&middle, rules), position.kings[mover.index()])
            }
            DefectionStep::AfterChange | DefectionStep::NoStep | DefectionStep::StepNeverAdded => {
                (holders(&middle, rules), colour)
            }
            DefectionStep::CaptureOnOldBoard => (holders(position, rules), colour),
            // A misreading: the step filtered wholly as a step of the king
            // before the change: its colour and the holders it captures
            // from.
            DefectionStep::FilteredAsOldKing => {
                let before = position.king(mover).and_then(|square| position.at(square));
                (
                    *held,
                    before.map_or(position.kings[mover.index()], |piece| piece.colour),
                )
            }
        };
        let piece = Piece {
            colour: step_colour,
            role: Role::King,
        };
        for (df, dr) in DIRECTIONS {
            if let Some(to) = king.offset(df, dr) {
                if landing(&middle, rules, &middle_held, mover, piece, king, to).is_ok() {
                    out.push(Move::Defect {
                        colour,
                        step: Some((king, to)),
                    });
                }
            }
        }
    }
}

/// Every pseudo-legal move of the player to move (of the piece on `only`
/// if given; castling counts as the king's, defections as no piece's).
pub fn pseudo_moves(
    position: &Position,
    rules: &Ruleset,
    held: &Holders,
    only: Option<Square>,
    out: &mut Vec<Move>,
) {
    let mover = position.to_move;
    for (from, piece) in position.pieces() {
        if held[piece.colour.index()] == Some(mover) && only.is_none_or(|square| square == from) {
            piece_moves(position, rules, held, mover, from, piece, out);
        }
    }
    let king = position.king(mover);
    if only.is_none() || only == king {
        castlings(position, rules, held, out);
    }
    if only.is_none() {
        defections(position, rules, held, out);
    }
}

/// Moves `piece` from `from` to `to` on `next`, keeping the castling flags
/// and the frozen colours: the captured piece, if any.
fn relocate(next: &mut Position, from: Square, to: Square, piece: Piece) -> Option<Piece> {
    let captured = next.at(to);
    next.put(from, None);
    next.put(to, Some(piece));
    for square in [from, to] {
        if let Some(bit) = Position::castling_bit(square) {
            next.castling &= !bit;
        }
    }
    if let Some(colour) = to.colour() {
        next.frozen &= !(1 << colour.index());
    }
    captured
}

/// The position after `mv` (pseudo-legal), and the piece it captured with
/// its square. S-REGIME: a king promotion removes the old king; of a held
/// colour it is an overthrow and the old colour is freed (S-CONTROL-FREED).
pub fn play(position: &Position, rules: &Ruleset, mv: Move) -> (Position, Option<(Piece, Square)>) {
    let mover = position.to_move;
    let mut next = position.clone();
    let mut captured = None;
    let mut pawn_move = false;
    match mv {
        Move::Step {
            from,
            to,
            promotion,
        } => {
            let Some(piece) = position.at(from) else {
                return (next, None);
            };
            pawn_move = piece.role == Role::Pawn;
            if piece.role == Role::King {
                next.castling &= !Position::castling_of(mover);
            }
            let old_colour = position.kings[mover.index()];
            // Clause sc.10.1: the promoted piece keeps the pawn's colour.
            let colour = match (promotion, rules.reading::<PromotionColour>()) {
                (Some(_), PromotionColour::MoversKing) => old_colour,
                // A misreading: the colour looked up from the mover's king
                // on the board.
                (Some(_), PromotionColour::MoversKingOnTheBoard) => position
                    .king(mover)
                    .and_then(|square| position.at(square))
                    .map_or(piece.colour, |king| king.colour),
                _ => piece.colour,
            };
            let placed = Piece {
                colour,
                role: promotion.unwrap_or(piece.role),
            };
            if promotion == Some(Role::King) {
                // Clause sc.10.2: the old king leaves the board.
                if let Some(old) = position.king(mover) {
                    match rules.reading::<RegimeChange>() {
                        RegimeChange::OldKingRemoved => next.put(old, None),
                        RegimeChange::OldKingStays | RegimeChange::NewKingAdded => {}
                    }
                }
                if colour != old_colour {
                    next.kings[mover.index()] = colour;
                    free_old_colour(&mut next, rules, mover, old_colour, false);
                }
                next.castling &= !Position::castling_of(mover);
            }
            captured = relocate(&mut next, from, to, placed).map(|taken| (taken, to));
        }
        Move::Castle { king, to, rook } => {
            let (Some(king_piece), Some(rook_piece)) = (position.at(king), position.at(rook))
            else {
                return (next, None);
            };
            let direction = (rook.file() - king.file()).signum();
            next.put(king, None);
            next.put(rook, None);
            next.put(to, Some(king_piece));
            // Clause sc.12: the rook lands beside the king, on the side it
            // came from.
            let rook_to = match rules.reading::<CastlingRookLanding>() {
                CastlingRookLanding::BesideKing => to.offset(-direction, 0),
                CastlingRookLanding::KingsOrigin => Some(king),
                CastlingRookLanding::Swap => {
                    next.put(king, Some(rook_piece));
                    None
                }
            };
            if let Some(beside) = rook_to {
                next.put(beside, Some(rook_piece));
            }
            next.castling &= !Position::castling_of(mover);
        }
        Move::Defect { colour, step } => {
            next = defected(position, rules, colour, step.is_some());
            if let Some((from, to)) = step {
                let piece = Piece {
                    colour,
                    role: Role::King,
                };
                captured = relocate(&mut next, from, to, piece).map(|taken| (taken, to));
            }
        }
    }
    // Clause sc.14.4: a pawn move or a capture resets the count.
    let reset = match rules.reading::<FiftyReset>() {
        FiftyReset::PawnMovesAndCaptures => pawn_move || captured.is_some(),
        FiftyReset::PawnMovesOnly => pawn_move,
        FiftyReset::DefectionsAndCastlingToo => {
            pawn_move || captured.is_some() || !matches!(mv, Move::Step { .. })
        }
        FiftyReset::MovingPawnOnly => matches!(mv, Move::Step { from, .. }
            if position.at(from).is_some_and(|piece| piece.role == Role::Pawn)),
        FiftyReset::DefectionsToo => {
            pawn_move || captured.is_some() || matches!(mv, Move::Defect { .. })
        }
    };
    if reset {
        next.halfmove = 0;
    } else {
        next.halfmove += 1;
    }
    // Clause sc.15: the number counts full moves.
    let counts = match rules.reading::<MoveNumber>() {
        MoveNumber::FullMoves => mover == Player::Two,
        MoveNumber::Plies => true,
        MoveNumber::AfterEachMove => Player::ALL.contains(&mover),
    };
    if counts {
        next.fullmove = next.fullmove.map(|number| number + 1);
    }
    next.to_move = mover.other();
    (next, captured)
}

/// S-LEGAL: whether the pseudo-legal `mv` leaves the mover's king
/// unattacked once all its effects (captures, control changes, a regime
/// change, a freed colour) are in; S-PROMO-IN-CHECK=king-only also drops
/// other promotions while in check.
pub fn is_legal(position: &Position, rules: &Ruleset, in_check_now: bool, mv: Move) -> bool {
    if rules.promo_in_check == PromoInCheck::KingOnly && in_check_now {
        if let Move::Step {
            promotion: Some(role),
            ..
        } = mv
        {
            if role != Role::King {
                return false;
            }
        }
    }
    // Clause sc.13: every move is tested.
    let untested = match rules.reading::<LegalityTest>() {
        LegalityTest::EveryMove => false,
        LegalityTest::DefectionsUntested => matches!(mv, Move::Defect { .. }),
        LegalityTest::KingPromotionsUntested => matches!(
            mv,
            Move::Step {
                promotion: Some(Role::King),
                ..
            }
        ),
        LegalityTest::DefectionsLetThrough | LegalityTest::KingPromotionAgainstOldSquare => false,
    };
    if untested {
        return true;
    }
    match (rules.reading::<LegalityTest>(), mv) {
        (LegalityTest::DefectionsLetThrough, Move::Defect { step: None, .. }) => return true,
        // A misreading: the new king is tested on the old king's square,
        // where nothing stands after the move.
        (
            LegalityTest::KingPromotionAgainstOldSquare,
            Move::Step {
                promotion: Some(Role::King),
                ..
            },
        ) => {
            let (next, _) = play(position, rules, mv);
            let held = holders(&next, rules);
            return position
                .king(position.to_move)
                .is_none_or(|old| !attacked(&next, rules, &held, old, position.to_move.other()));
        }
        _ => {}
    }
    let (next, _) = play(position, rules, mv);
    let held = holders(&next, rules);
    !in_check(&next, rules, &held, position.to_move)
}

/// The legal moves of the player to move (of the piece on `only`).
pub fn legal_moves(
    position: &Position,
    rules: &Ruleset,
    only: Option<Square>,
    out: &mut Vec<Move>,
) {
    let held = holders(position, rules);
    let checked = in_check(position, rules, &held, position.to_move);
    let mut pseudo = Vec::new();
    pseudo_moves(position, rules, &held, only, &mut pseudo);
    // A misreading of clause sc.14.1: a player in check moves only its king.
    if checked
        && rules.reading::<super::readings::Mate>() == super::readings::Mate::OnlyKingMovesInCheck
    {
        let king = position.king(position.to_move);
        pseudo.retain(|mv| matches!(mv, Move::Step { from, .. } if Some(*from) == king));
    }
    out.extend(
        pseudo
            .into_iter()
            .filter(|&mv| is_legal(position, rules, checked, mv)),
    );
}
