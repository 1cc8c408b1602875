//! The rules of play: attacks (S-CHECK), the moves of every piece
//! (S-MOVE-SCOPE, S-SLIDE-LIMIT, S-OWN-COLOUR, S-PAIR, S-CAPTURE, the pawn
//! rules), promotion and regime change (S-PROMO, S-REGIME), defection
//! (S-DEFECT), castling (S-CASTLE), playing a move, and legality by the
//! reference procedure of the design (S-LEGAL): play every pseudo-legal
//! move, recompute control, keep it if the mover's king is not attacked.

use super::control::{holders, Holders};
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
    file || rank
}

/// S-PAWN-DIR: a pawn's diagonal capture is allowed if it lowers either
/// distance; the other may grow.
pub fn pawn_capture_ok(rules: &Ruleset, from: Square, to: Square) -> bool {
    let (file, rank) = lowers(rules, from, to);
    file || rank
}

/// S-PAWN-DOUBLE: the directions of a pawn's two-square move from
/// `from` (none off rings 1 and 2).
pub fn double_directions(rules: &Ruleset, from: Square) -> Vec<(i32, i32)> {
    if from.ring() > 2 {
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
    let square_colour = target.colour();
    if rules.own_colour == OwnColour::HolderColour
        && square_colour == Some(position.kings[by.index()])
    {
        return false;
    }
    let attacker = |piece: Piece| {
        held[piece.colour.index()] == Some(by) && Some(piece.colour) != square_colour
    };
    let limit = rules.slide_limit();
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
                        diagonal && distance == 1 && pawn_capture_ok(rules, square, target)
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
    if colour == Some(piece.colour) {
        return Err(Landing::OwnColour);
    }
    if rules.own_colour == OwnColour::HolderColour && colour == Some(position.kings[mover.index()])
    {
        return Err(Landing::OwnColour);
    }
    if let Some(other) = partner(to) {
        let self_move = other == from && rules.pair_self == PairSelf::Allowed;
        if position.at(other).is_some() && !self_move {
            return Err(Landing::PairOccupied);
        }
    }
    if let Some(there) = position.at(to) {
        if held[there.colour.index()] != Some(mover.other()) {
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
fn push_pawn_move(rules: &Ruleset, from: Square, to: Square, out: &mut Vec<Move>) {
    if to.in_zone() && !from.in_zone() {
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
                }
            }
        }
        Role::Pawn => {
            for (df, dr) in &DIRECTIONS[..4] {
                if let Some(to) = from.offset(*df, *dr) {
                    if position.at(to).is_none() && pawn_step_ok(rules, from, to) && lands(to) {
                        push_pawn_move(rules, from, to, out);
                    }
                }
            }
            for (df, dr) in &DIRECTIONS[4..] {
                if let Some(to) = from.offset(*df, *dr) {
                    if position.at(to).is_some() && pawn_capture_ok(rules, from, to) && lands(to) {
                        push_pawn_move(rules, from, to, out);
                    }
                }
            }
            for (df, dr) in double_directions(rules, from) {
                let (Some(over), Some(to)) = (from.offset(df, dr), from.offset(2 * df, 2 * dr))
                else {
                    continue;
                };
                if position.at(over).is_none() && position.at(to).is_none() && lands(to) {
                    push_pawn_move(rules, from, to, out);
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
    if king.rank() != mover.back_rank()
        || position.castling & Position::castling_of(mover) == 0
        || attacked(position, rules, held, king, mover.other())
    {
        return;
    }
    for file in 0..16 {
        let Some(rook) = Square::at(file, mover.back_rank()) else {
            continue;
        };
        let flagged = Position::castling_bit(rook).is_some_and(|bit| position.castling & bit != 0);
        let usable = position.at(rook).is_some_and(|piece| {
            piece.role == Role::Rook && held[piece.colour.index()] == Some(mover)
        });
        if !flagged || !usable || rook == king {
            continue;
        }
        let direction = (rook.file() - king.file()).signum();
        let between: Vec<Square> = (1..(rook.file() - king.file()).abs())
            .filter_map(|step| king.offset(direction * step, 0))
            .collect();
        if between.iter().any(|&square| position.at(square).is_some()) {
            continue;
        }
        let destinations: Vec<Square> = match rules.castle_king {
            CastleKing::AnyBetween => between.clone(),
            CastleKing::TwoSquares => between.get(1).copied().into_iter().collect(),
        };
        for to in destinations {
            let crossed = (1..(to.file() - king.file()).abs())
                .filter_map(|step| king.offset(direction * step, 0))
                .any(|square| attacked(position, rules, held, square, mover.other()));
            if !crossed {
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
        if held[colour.index()] != Some(mover) || colour == position.kings[mover.index()] {
            continue;
        }
        if rules.defect == Defect::NeedsPieces
            && !position.pieces().any(|(_, piece)| piece.colour == colour)
        {
            continue;
        }
        if king.colour() != Some(colour) {
            out.push(Move::Defect { colour, step: None });
            continue;
        }
        if rules.defect_on_square == DefectOnSquare::Forbidden {
            continue;
        }
        let middle = defected(position, rules, colour, true);
        let middle_held = holders(&middle, rules);
        let piece = Piece {
            colour,
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
    let mut reset = false;
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
            let placed = Piece {
                colour: piece.colour,
                role: promotion.unwrap_or(piece.role),
            };
            if promotion == Some(Role::King) {
                if let Some(old) = position.king(mover) {
                    next.put(old, None);
                }
                let old_colour = position.kings[mover.index()];
                if piece.colour != old_colour {
                    next.kings[mover.index()] = piece.colour;
                    if rules.control_freed == ControlFreed::NeutralUntilReoccupied {
                        next.frozen |= 1 << old_colour.index();
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
            if let Some(beside) = to.offset(-direction, 0) {
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
    if reset || captured.is_some() {
        next.halfmove = 0;
    } else {
        next.halfmove += 1;
    }
    if mover == Player::Two {
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
