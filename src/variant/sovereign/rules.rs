//! The rules of play: attacks (S-CHECK), the moves of every piece
//! (S-MOVE-SCOPE, S-SLIDE-LIMIT, S-OWN-COLOUR, S-PAIR, S-CAPTURE, the pawn
//! rules), promotion and regime change (S-PROMO, S-REGIME), defection
//! (S-DEFECT), castling (S-CASTLE), playing a move, and legality by the
//! reference procedure of the design (S-LEGAL): play every pseudo-legal
//! move, recompute control, keep it if the mover's king is not attacked.

use super::control::{holders, Holders};
use super::faults::Misreading;
use super::geometry::{partner, Colour, Square, DIRECTIONS, KNIGHT_JUMPS};
use super::moves::Move;
use super::position::{Piece, Player, Position, Role};
use super::ruleset::{
    CastleDefect, CastleKing, ControlFreed, Defect, DefectOnSquare, OwnColour, PairSelf, PawnDir,
    PawnDouble, Promo, PromoInCheck, PromoPieces, Ruleset,
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

/// Whether a step or capture of a pawn from `from` to `to` brings it
/// nearer a brown line (S-PAWN-DIR): `(file distance lowered, rank
/// distance lowered)`. Under `box` the distances are to the 4 x 4 instead.
fn lowers(rules: &Ruleset, from: Square, to: Square) -> (bool, bool) {
    match rules.pawn_dir {
        PawnDir::Lines => (
            to.file_distance() < from.file_distance(),
            to.rank_distance() < from.rank_distance(),
        ),
        PawnDir::Box => {
            let outside = |x: i32| (6 - x).max(x - 9).max(0);
            (
                outside(to.file()) < outside(from.file()),
                outside(to.rank()) < outside(from.rank()),
            )
        }
    }
}

/// S-PAWN-DIR: a pawn's one-square orthogonal step from `from` to `to`
/// (adjacent) is allowed if it lowers the distance it changes.
pub fn pawn_step_ok(rules: &Ruleset, from: Square, to: Square) -> bool {
    let (file, rank) = lowers(rules, from, to);
    // Fault SC-PAWN-STEP-KEEPS: a step that keeps the distance (across a
    // line) is taken as not moving away, and allowed.
    if rules.fault(Misreading::PawnStepKeeps) {
        let (back_file, back_rank) = lowers(rules, to, from);
        return !back_file && !back_rank;
    }
    file || rank
}

/// S-PAWN-DIR: a pawn's diagonal capture is allowed if it lowers either
/// distance; the other may grow.
pub fn pawn_capture_ok(rules: &Ruleset, from: Square, to: Square) -> bool {
    let (file, rank) = lowers(rules, from, to);
    // Fault SC-PAWN-CAPTURE-NO-AWAY: the capture may not move away from
    // the other line.
    if rules.fault(Misreading::PawnCaptureNoAway) {
        let (back_file, back_rank) = lowers(rules, to, from);
        return (file || rank) && !back_file && !back_rank;
    }
    file || rank
}

/// S-PAWN-DOUBLE: the directions of a pawn's two-square move from
/// `from` (none off rings 1 and 2).
pub fn double_directions(rules: &Ruleset, from: Square) -> Vec<(i32, i32)> {
    // Fault SC-PAWN-DOUBLE-THREE-RINGS: from ring 3 as well.
    let outer = 2 + i32::from(rules.fault(Misreading::PawnDoubleThreeRings));
    if from.ring() > outer {
        return Vec::new();
    }
    // Fault SC-PAWN-DOUBLE-RING-TWO: only from the pawns' start ring.
    if rules.fault(Misreading::PawnDoubleRingTwo) && from.ring() != 2 {
        return Vec::new();
    }
    let (f, r) = (from.file(), from.rank());
    let edges = [
        (f, (1, 0)),
        (15 - f, (-1, 0)),
        (r, (0, 1)),
        (15 - r, (0, -1)),
    ];
    match rules.pawn_double {
        PawnDouble::NearestEdge => {
            let nearest = f.min(15 - f).min(r).min(15 - r);
            edges
                .into_iter()
                .filter(|(distance, _)| *distance == nearest)
                .map(|(_, direction)| direction)
                .collect()
        }
        PawnDouble::AnyRingEdge => edges
            .into_iter()
            .filter(|(distance, _)| *distance <= 1)
            .map(|(_, direction)| direction)
            .collect(),
        PawnDouble::Osc => vec![match f {
            0 | 1 => (1, 0),
            14 | 15 => (-1, 0),
            _ if r < 8 => (0, 1),
            _ => (0, -1),
        }],
    }
}

/// S-CHECK: whether a piece held by `by` attacks `target` by its capturing
/// pattern: sliders within the slide limit and not through pieces, pawns
/// by their capture squares, never a piece of the target square's own
/// colour (S-OWN-COLOUR), never a neutral piece.
pub fn attacked(
    position: &Position,
    rules: &Ruleset,
    held: &Holders,
    target: Square,
    by: Player,
) -> bool {
    attacked_by(position, rules, held, target, by, true)
}

/// [`attacked`], with the pawns' capture pattern counted or not (`pawns`:
/// only the crossing test of the fault SC-CASTLE-PAWN-ATTACK-IGNORED
/// leaves them out).
fn attacked_by(
    position: &Position,
    rules: &Ruleset,
    held: &Holders,
    target: Square,
    by: Player,
    pawns: bool,
) -> bool {
    let square_colour = target.colour();
    if rules.own_colour == OwnColour::HolderColour
        && square_colour == Some(position.kings[by.index()])
    {
        return false;
    }
    let attacker = |piece: Piece| {
        let holder = held[piece.colour.index()];
        // Fault SC-CHECK-BY-NEUTRAL: neutral pieces attack too.
        let by_holder =
            holder == Some(by) || (rules.fault(Misreading::CheckByNeutral) && holder.is_none());
        // Fault SC-CHECK-OWN-ARMY-ONLY: only the opponent's own army attacks.
        let army = !rules.fault(Misreading::CheckOwnArmyOnly)
            || piece.colour == position.kings[by.index()];
        // Fault SC-OWN-COLOUR-CHECKS: a piece attacks its own colour's squares.
        let colour_ok =
            Some(piece.colour) != square_colour || rules.fault(Misreading::OwnColourChecks);
        by_holder && army && colour_ok
    };
    // Fault SC-LIMIT-MOVES-ONLY: the limit does not bound attacks.
    let limit = if rules.fault(Misreading::LimitMovesOnly) {
        15
    } else {
        rules.slide_limit()
    };
    for (index, (df, dr)) in DIRECTIONS.into_iter().enumerate() {
        let diagonal = index >= 4;
        for distance in 1..16 {
            let Some(square) = target.offset(df * distance, dr * distance) else {
                break;
            };
            let Some(piece) = position.at(square) else {
                continue;
            };
            if attacker(piece) {
                let hits = match piece.role {
                    Role::King => distance == 1,
                    Role::Queen => distance <= limit,
                    Role::Rook => !diagonal && distance <= limit,
                    Role::Bishop => diagonal && distance <= limit,
                    Role::Pawn => {
                        pawns && diagonal && distance == 1 && pawn_capture_ok(rules, square, target)
                    }
                    Role::Knight => false,
                };
                if hits {
                    return true;
                }
            }
            break;
        }
    }
    KNIGHT_JUMPS.into_iter().any(|(df, dr)| {
        target
            .offset(df, dr)
            .and_then(|square| position.at(square))
            .is_some_and(|piece| piece.role == Role::Knight && attacker(piece))
    })
}

/// Whether `player`'s king is attacked by the other player's pieces.
pub fn in_check(position: &Position, rules: &Ruleset, held: &Holders, player: Player) -> bool {
    position
        .king(player)
        .is_some_and(|king| attacked(position, rules, held, king, player.other()))
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
    let colour = to.colour();
    // Fault SC-KING-OWN-COLOUR-EXEMPT: kings may end on their own colour.
    let exempt = piece.role == Role::King && rules.fault(Misreading::KingOwnColourExempt);
    if colour == Some(piece.colour) && !exempt {
        return Err(Landing::OwnColour);
    }
    if rules.own_colour == OwnColour::HolderColour && colour == Some(position.kings[mover.index()])
    {
        return Err(Landing::OwnColour);
    }
    if let Some(other) = partner(to) {
        let self_move = other == from && rules.pair_self == PairSelf::Allowed;
        // Fault SC-PAIR-NEUTRAL-NO-BLOCK: only a held piece bars the other square.
        let bars = position.at(other).is_some_and(|occupant| {
            !rules.fault(Misreading::PairNeutralNoBlock) || held[occupant.colour.index()].is_some()
        });
        if bars && !self_move {
            return Err(Landing::PairOccupied);
        }
    }
    if let Some(there) = position.at(to) {
        let holder = held[there.colour.index()];
        // Fault SC-CAPTURE-NEUTRAL: neutral pieces may be captured.
        let neutral_ok = holder.is_none() && rules.fault(Misreading::CaptureNeutral);
        // Fault SC-CAPTURE-OWN-HELD: a held colour that is not the king's may be taken.
        let held_ok = holder == Some(mover)
            && there.colour != position.kings[mover.index()]
            && rules.fault(Misreading::CaptureOwnHeld);
        if holder != Some(mover.other()) && !neutral_ok && !held_ok {
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
    // Fault SC-PROMO-NOT-BY-CAPTURE: a capture into the zone does not promote.
    let by_capture = capture && rules.fault(Misreading::PromoNotByCapture);
    if to.in_zone() && !from.in_zone() && !by_capture {
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
    let lands = |to: Square| landing(position, rules, held, mover, piece, from, to).is_ok();
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
            for &(df, dr) in directions {
                for distance in 1..=rules.slide_limit() {
                    let Some(to) = from.offset(df * distance, dr * distance) else {
                        break;
                    };
                    if lands(to) {
                        step(to, out);
                    }
                    if position.at(to).is_some() {
                        break;
                    }
                    // Fault SC-OWN-COLOUR-NO-PASS: no passing over an own-colour square.
                    if rules.fault(Misreading::OwnColourNoPass) && to.colour() == Some(piece.colour)
                    {
                        break;
                    }
                    // Fault SC-PAIR-BLOCKS-LINES: a barred pair square stops the slide.
                    let barred = partner(to).is_some_and(|other| position.at(other).is_some());
                    if rules.fault(Misreading::PairBlocksLines) && barred {
                        break;
                    }
                }
            }
        }
        Role::Pawn => {
            for (df, dr) in &DIRECTIONS[..4] {
                if let Some(to) = from.offset(*df, *dr) {
                    // Fault SC-PAWN-CAPTURES-STRAIGHT: the step squares capture too.
                    let open =
                        position.at(to).is_none() || rules.fault(Misreading::PawnCapturesStraight);
                    if open && pawn_step_ok(rules, from, to) && lands(to) {
                        push_pawn_move(rules, from, to, position.at(to).is_some(), out);
                    }
                }
            }
            for (df, dr) in &DIRECTIONS[4..] {
                if let Some(to) = from.offset(*df, *dr) {
                    if position.at(to).is_some() && pawn_capture_ok(rules, from, to) && lands(to) {
                        push_pawn_move(rules, from, to, true, out);
                    }
                }
            }
            for (df, dr) in double_directions(rules, from) {
                let (Some(over), Some(to)) = (from.offset(df, dr), from.offset(2 * df, 2 * dr))
                else {
                    continue;
                };
                // Fault SC-PAWN-DOUBLE-JUMPS: the first square may be occupied.
                let over_free =
                    position.at(over).is_none() || rules.fault(Misreading::PawnDoubleJumps);
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
    // Fault SC-CASTLE-OUT-OF-CHECK: the king's own square is not tested.
    let checked = !rules.fault(Misreading::CastleOutOfCheck)
        && attacked(position, rules, held, king, mover.other());
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
        // Fault SC-CASTLE-NEUTRAL-ROOK: a rook nobody holds serves too.
        let usable = position.at(rook).is_some_and(|piece| {
            let holder = held[piece.colour.index()];
            piece.role == Role::Rook
                && (holder == Some(mover)
                    || (holder.is_none() && rules.fault(Misreading::CastleNeutralRook)))
        });
        if !flagged || !usable || rook == king {
            continue;
        }
        let direction = (rook.file() - king.file()).signum();
        let between: Vec<Square> = (1..(rook.file() - king.file()).abs())
            .filter_map(|step| king.offset(direction * step, 0))
            .collect();
        let path_king_only = rules.fault(Misreading::CastlePathKingOnly);
        if !path_king_only && between.iter().any(|&square| position.at(square).is_some()) {
            continue;
        }
        let destinations: Vec<Square> = match rules.castle_king {
            CastleKing::AnyBetween => between.clone(),
            CastleKing::TwoSquares => between.get(1).copied().into_iter().collect(),
        };
        for to in destinations {
            let walk = (to.file() - king.file()).abs();
            // Fault SC-CASTLE-PATH-KING-ONLY: only the king's walk must be empty.
            if path_king_only
                && (1..=walk)
                    .filter_map(|step| king.offset(direction * step, 0))
                    .any(|square| position.at(square).is_some())
            {
                continue;
            }
            // Fault SC-CASTLE-PAWN-ATTACK-IGNORED: pawns do not count in the
            // crossing test.
            let pawns = !rules.fault(Misreading::CastlePawnAttackIgnored);
            let crossed = (1..walk)
                .filter_map(|step| king.offset(direction * step, 0))
                .any(|square| attacked_by(position, rules, held, square, mover.other(), pawns));
            // Fault SC-CASTLE-CROSSING-UNCHECKED: the crossed squares are not tested.
            if !crossed || rules.fault(Misreading::CastleCrossingUnchecked) {
                out.push(Move::Castle { king, to, rook });
            }
        }
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
    if rules.control_freed == ControlFreed::NeutralUntilReoccupied {
        next.frozen |= 1 << old.index();
    }
    // Fault SC-OLD-COLOUR-KEPT: the old colour is not freed.
    if rules.fault(Misreading::OldColourKept) {
        next.kept[mover.index()] |= 1 << old.index();
    }
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
        // Fault SC-DEFECT-TO-UNHELD: any colour but the opponent's.
        let open = held[colour.index()] == Some(mover)
            || (rules.fault(Misreading::DefectToUnheld)
                && colour != position.kings[mover.other().index()]);
        if !open || colour == position.kings[mover.index()] {
            continue;
        }
        if rules.defect == Defect::NeedsPieces
            && !position.pieces().any(|(_, piece)| piece.colour == colour)
        {
            continue;
        }
        // Fault SC-DEFECT-NO-STEP: the king stays on its new colour.
        if king.colour() != Some(colour) || rules.fault(Misreading::DefectNoStep) {
            out.push(Move::Defect { colour, step: None });
            continue;
        }
        if rules.defect_on_square == DefectOnSquare::Forbidden {
            continue;
        }
        let middle = defected(position, rules, colour, true);
        // Fault SC-STEP-CAPTURE-BEFORE: whom the step captures is judged
        // before the colour change.
        let middle_held = if rules.fault(Misreading::StepCaptureBefore) {
            *held
        } else {
            holders(&middle, rules)
        };
        // Fault SC-STEP-OLD-COLOUR: the step avoids the old colour's squares.
        let step_colour = if rules.fault(Misreading::StepOldColour) {
            position.kings[mover.index()]
        } else {
            colour
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
    let reset;
    match mv {
        Move::Step {
            from,
            to,
            promotion,
        } => {
            let Some(piece) = position.at(from) else {
                return (next, None);
            };
            reset = piece.role == Role::Pawn;
            if piece.role == Role::King {
                next.castling &= !Position::castling_of(mover);
            }
            let old_colour = position.kings[mover.index()];
            // Fault SC-PROMO-MOVER-COLOUR: the new piece takes the mover's colour.
            let colour = if promotion.is_some() && rules.fault(Misreading::PromoMoverColour) {
                old_colour
            } else {
                piece.colour
            };
            let placed = Piece {
                colour,
                role: promotion.unwrap_or(piece.role),
            };
            if promotion == Some(Role::King) {
                // Fault SC-REGIME-KEEPS-OLD-KING: the old king stays.
                if let Some(old) = position
                    .king(mover)
                    .filter(|_| !rules.fault(Misreading::RegimeKeepsOldKing))
                {
                    next.put(old, None);
                }
                if colour != old_colour {
                    next.kings[mover.index()] = colour;
                    if rules.control_freed == ControlFreed::NeutralUntilReoccupied {
                        next.frozen |= 1 << old_colour.index();
                    }
                    // Fault SC-OLD-COLOUR-KEPT: the old colour is not freed.
                    if rules.fault(Misreading::OldColourKept) {
                        next.kept[mover.index()] |= 1 << old_colour.index();
                    }
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
            // Fault SC-CASTLE-ROOK-ON-ORIGIN: the rook lands where the king stood.
            let rook_to = if rules.fault(Misreading::CastleRookOnOrigin) {
                Some(king)
            } else {
                to.offset(-direction, 0)
            };
            if let Some(beside) = rook_to {
                next.put(beside, Some(rook_piece));
            }
            reset = rules.fault(Misreading::FiftyDefectResets);
            next.castling &= !Position::castling_of(mover);
        }
        Move::Defect { colour, step } => {
            // Fault SC-FIFTY-DEFECT-RESETS: a defection resets the count.
            reset = rules.fault(Misreading::FiftyDefectResets);
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
    // Fault SC-FIFTY-PAWN-ONLY: a capture does not reset the count.
    let capture_resets = captured.is_some() && !rules.fault(Misreading::FiftyPawnOnly);
    if reset || capture_resets {
        next.halfmove = 0;
    } else {
        next.halfmove += 1;
    }
    // Fault SC-MOVE-NUMBER-PER-PLY: the number counts plies.
    if mover == Player::Two || rules.fault(Misreading::MoveNumberPerPly) {
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
    // Fault SC-DEFECT-UNCHECKED: defections are not tested.
    if matches!(mv, Move::Defect { .. }) && rules.fault(Misreading::DefectUnchecked) {
        return true;
    }
    // Fault SC-KING-PROMO-UNCHECKED: king promotions are not tested.
    let king_promotion = matches!(
        mv,
        Move::Step {
            promotion: Some(Role::King),
            ..
        }
    );
    if king_promotion && rules.fault(Misreading::KingPromoUnchecked) {
        return true;
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
    out.extend(
        pseudo
            .into_iter()
            .filter(|&mv| is_legal(position, rules, checked, mv)),
    );
}
