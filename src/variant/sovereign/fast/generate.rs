//! The legal moves on the fast board, in one pass with a cheap legality
//! test (S-LEGAL) instead of playing every move:
//! - a step of a piece other than the king, from and to uncoloured
//!   squares, while the mover is not in check, changes no holder (control
//!   depends only on the occupants of coloured squares and the king
//!   colours), removes no blocker but its origin and adds no attacker, so
//!   it is illegal only when the origin shields the king on a line: one
//!   ray from the king is walked with the origin empty and the target
//!   occupied;
//! - every other move (king steps, castling, defections, king promotions,
//!   a move touching a coloured square, any move while in check) is
//!   played on a copy and the king's square tested, as the reference does.

use super::super::geometry::{Colour, Square};
use super::super::moves::Move;
use super::super::position::{Position, Role};
use super::super::ruleset::{
    CastleDefect, CastleKing, ControlFreed, Defect, DefectOnSquare, OwnColour, PairSelf, Promo,
    PromoInCheck, PromoPieces,
};
use super::board::{cell, colour_of, role_of, Board, NEUTRAL};
use super::tables::NONE;
use super::FastRules;

const KING: u8 = Role::King as u8;
const QUEEN: u8 = Role::Queen as u8;
const ROOK: u8 = Role::Rook as u8;
const BISHOP: u8 = Role::Bishop as u8;
const KNIGHT: u8 = Role::Knight as u8;
const PAWN: u8 = Role::Pawn as u8;

/// The direction of [`super::super::geometry::DIRECTIONS`] from `from` to
/// `to` when they share a rank, file or diagonal.
#[inline]
fn direction(from: u8, to: u8) -> Option<usize> {
    let df = i32::from(to % 16) - i32::from(from % 16);
    let dr = i32::from(to / 16) - i32::from(from / 16);
    match (df.signum(), dr.signum()) {
        (0, 0) => None,
        (1, 0) => Some(0),
        (-1, 0) => Some(1),
        (0, 1) => Some(2),
        (0, -1) => Some(3),
        _ if df.abs() != dr.abs() => None,
        (1, 1) => Some(4),
        (1, -1) => Some(5),
        (-1, 1) => Some(6),
        _ => Some(7),
    }
}

/// Every set bit of a 256-bit set, lowest first.
#[inline]
fn each_square(set: [u64; 4], mut f: impl FnMut(u8)) {
    for (word, mut bits) in set.into_iter().enumerate() {
        while bits != 0 {
            f((word as u8) << 6 | bits.trailing_zeros() as u8);
            bits &= bits - 1;
        }
    }
}

/// The promotion roles of S-PROMO-PIECES, king last (as the reference).
const WITH_KING: [Role; 5] = [
    Role::Queen,
    Role::Rook,
    Role::Bishop,
    Role::Knight,
    Role::King,
];

impl FastRules {
    /// S-CHECK: whether a piece held by `by` attacks `target`, as the
    /// reference's `rules::attacked`.
    pub fn attacked(&self, b: &Board, target: u8, by: u8) -> bool {
        let t = &*self.tables;
        let square_colour = t.colour[usize::from(target)];
        if self.rules.own_colour == OwnColour::HolderColour
            && square_colour == b.kings[usize::from(by)]
        {
            return false;
        }
        let attacker = |c: u8| {
            let colour = colour_of(c);
            b.held[usize::from(colour)] == by && colour != square_colour
        };
        for (dir, ray) in t.rays[usize::from(target)].iter().enumerate() {
            for (distance, &s) in ray.as_slice().iter().enumerate() {
                let c = b.cells[usize::from(s)];
                if c == 0 {
                    continue;
                }
                if attacker(c) {
                    let hits = match role_of(c) {
                        KING => distance == 0,
                        QUEEN => true,
                        ROOK => dir < 4,
                        BISHOP => dir >= 4,
                        PAWN => {
                            dir >= 4
                                && distance == 0
                                && t.pawn_capture_dirs[usize::from(s)]
                                    & (1 << super::tables::OPPOSITE[dir])
                                    != 0
                        }
                        _ => false,
                    };
                    if hits {
                        return true;
                    }
                }
                break;
            }
        }
        t.knight[usize::from(target)].as_slice().iter().any(|&s| {
            let c = b.cells[usize::from(s)];
            c != 0 && role_of(c) == KNIGHT && attacker(c)
        })
    }

    /// The target filters (S-OWN-COLOUR, S-PAIR, S-CAPTURE), as the
    /// reference's `rules::landing`, for a piece of `colour` of the
    /// player to move.
    #[inline]
    fn lands(&self, b: &Board, colour: u8, from: u8, to: u8) -> bool {
        let t = &*self.tables;
        let mover = b.to_move;
        let square_colour = t.colour[usize::from(to)];
        if square_colour != NONE {
            if square_colour == colour {
                return false;
            }
            if self.rules.own_colour == OwnColour::HolderColour
                && square_colour == b.kings[usize::from(mover)]
            {
                return false;
            }
            let other = t.partner[usize::from(to)];
            let self_move = other == from && self.rules.pair_self == PairSelf::Allowed;
            if b.cells[usize::from(other)] != 0 && !self_move {
                return false;
            }
        }
        let there = b.cells[usize::from(to)];
        there == 0 || b.held[usize::from(colour_of(there))] == 1 - mover
    }

    /// S-LEGAL by playing: the mover's king is not attacked after `mv`.
    fn played_legal(&self, b: &Board, mv: Move) -> bool {
        let next = self.play(b, mv);
        let mover = usize::from(b.to_move);
        !self.attacked(&next, next.king[mover], 1 - b.to_move)
    }

    /// S-LEGAL for a step of a non-king piece without promotion to king,
    /// from and to uncoloured squares, while not in check: the origin
    /// does not shield the king from a slider.
    #[inline]
    fn shields_nothing(&self, b: &Board, from: u8, to: u8) -> bool {
        let mover = usize::from(b.to_move);
        let king = b.king[mover];
        let Some(dir) = direction(king, from) else {
            return true;
        };
        let t = &*self.tables;
        let by = 1 - b.to_move;
        let square_colour = t.colour[usize::from(king)];
        if self.rules.own_colour == OwnColour::HolderColour
            && square_colour == b.kings[usize::from(by)]
        {
            return true;
        }
        for &s in t.rays[usize::from(king)][dir].as_slice() {
            if s == from {
                continue;
            }
            if s == to {
                return true;
            }
            let c = b.cells[usize::from(s)];
            if c == 0 {
                continue;
            }
            let colour = colour_of(c);
            if b.held[usize::from(colour)] != by || colour == square_colour {
                return true;
            }
            return match role_of(c) {
                QUEEN => false,
                ROOK => dir >= 4,
                BISHOP => dir < 4,
                _ => true,
            };
        }
        true
    }

    /// Whether a step (no king promotion) of a non-king piece is legal.
    #[inline]
    fn step_legal(&self, b: &Board, check: bool, from: u8, to: u8) -> bool {
        let t = &*self.tables;
        if check || t.colour[usize::from(from)] != NONE || t.colour[usize::from(to)] != NONE {
            return self.played_legal(
                b,
                Move::Step {
                    from: Square(from),
                    to: Square(to),
                    promotion: None,
                },
            );
        }
        self.shields_nothing(b, from, to)
    }

    /// A pawn's move: the promotions on entering the zone (S-PROMO,
    /// S-PROMO-PIECES, S-PROMO-IN-CHECK), else the plain move.
    #[inline]
    fn pawn_move(&self, b: &Board, check: bool, from: u8, to: u8, emit: &mut impl FnMut(Move)) {
        let t = &*self.tables;
        let step = |promotion| Move::Step {
            from: Square(from),
            to: Square(to),
            promotion,
        };
        // The legality of every choice but the king (the promoted piece
        // stands where the pawn would; only the king promotion changes
        // the regime).
        let plain = self.step_legal(b, check, from, to);
        if t.zone[usize::from(to)] && !t.zone[usize::from(from)] {
            let roles: &[Role] = match self.rules.promo_pieces {
                PromoPieces::WithKing => &WITH_KING,
                PromoPieces::Qrbn => &WITH_KING[..4],
            };
            let king_only = self.rules.promo_in_check == PromoInCheck::KingOnly && check;
            for &role in roles {
                let legal = if role == Role::King {
                    self.played_legal(b, step(Some(role)))
                } else {
                    plain && !king_only
                };
                if legal {
                    emit(step(Some(role)));
                }
            }
            if self.rules.promo == Promo::Forced {
                return;
            }
        }
        if plain {
            emit(step(None));
        }
    }

    /// Every legal move of the player to move, as the reference's
    /// `rules::legal_moves` lists them (in another order).
    pub fn each_legal(&self, b: &Board, emit: &mut impl FnMut(Move)) {
        let t = &*self.tables;
        let mover = b.to_move;
        let king = b.king[usize::from(mover)];
        let check = self.attacked(b, king, 1 - mover);
        each_square(b.pieces_of(mover), |from| {
            let c = b.cells[usize::from(from)];
            let colour = colour_of(c);
            let at = usize::from(from);
            let step = |to: u8| Move::Step {
                from: Square(from),
                to: Square(to),
                promotion: None,
            };
            match role_of(c) {
                KING => {
                    for &to in t.king[at].as_slice() {
                        if self.lands(b, colour, from, to) && self.played_legal(b, step(to)) {
                            emit(step(to));
                        }
                    }
                }
                KNIGHT => {
                    for &to in t.knight[at].as_slice() {
                        if self.lands(b, colour, from, to) && self.step_legal(b, check, from, to) {
                            emit(step(to));
                        }
                    }
                }
                PAWN => {
                    for &to in t.pawn_step[at].as_slice() {
                        if b.cells[usize::from(to)] == 0 && self.lands(b, colour, from, to) {
                            self.pawn_move(b, check, from, to, emit);
                        }
                    }
                    for &to in t.pawn_capture[at].as_slice() {
                        if b.cells[usize::from(to)] != 0 && self.lands(b, colour, from, to) {
                            self.pawn_move(b, check, from, to, emit);
                        }
                    }
                    for &(over, to) in &t.pawn_double[at] {
                        if b.cells[usize::from(over)] == 0
                            && b.cells[usize::from(to)] == 0
                            && self.lands(b, colour, from, to)
                        {
                            self.pawn_move(b, check, from, to, emit);
                        }
                    }
                }
                role => {
                    let dirs = match role {
                        ROOK => 0..4,
                        BISHOP => 4..8,
                        _ => 0..8,
                    };
                    for ray in &t.rays[at][dirs] {
                        for &to in ray.as_slice() {
                            if self.lands(b, colour, from, to)
                                && self.step_legal(b, check, from, to)
                            {
                                emit(step(to));
                            }
                            if b.cells[usize::from(to)] != 0 {
                                break;
                            }
                        }
                    }
                }
            }
        });
        self.castlings(b, check, emit);
        self.defections(b, emit);
    }

    /// S-CASTLE with S-CASTLE-KING, as the reference's `castlings`.
    fn castlings(&self, b: &Board, check: bool, emit: &mut impl FnMut(Move)) {
        let mover = b.to_move;
        let king = b.king[usize::from(mover)];
        let back = if mover == 0 { 0 } else { 15 };
        let own = Position::castling_of(super::player(mover));
        if king / 16 != back || b.castling & own == 0 || check {
            return;
        }
        let king_file = i32::from(king % 16);
        for file in 0..16u8 {
            let rook = back * 16 + file;
            let bit = if back == 0 {
                1 << file
            } else {
                1 << (16 + file)
            };
            let c = b.cells[usize::from(rook)];
            let usable = c != 0 && role_of(c) == ROOK && b.held[usize::from(colour_of(c))] == mover;
            if b.castling & bit == 0 || !usable || rook == king {
                continue;
            }
            let direction = (i32::from(file) - king_file).signum();
            let gap = (i32::from(file) - king_file).abs();
            let along = |step: i32| (i32::from(king) + direction * step) as u8;
            if (1..gap).any(|step| b.cells[usize::from(along(step))] != 0) {
                continue;
            }
            let steps = match self.rules.castle_king {
                CastleKing::AnyBetween => 1..gap,
                CastleKing::TwoSquares => 2..(gap.min(3)),
            };
            for distance in steps {
                let to = along(distance);
                if (1..distance).any(|step| self.attacked(b, along(step), 1 - mover)) {
                    continue;
                }
                let mv = Move::Castle {
                    king: Square(king),
                    to: Square(to),
                    rook: Square(rook),
                };
                if self.played_legal(b, mv) {
                    emit(mv);
                }
            }
        }
    }

    /// S-DEFECT with S-DEFECT-ON-SQUARE, as the reference's `defections`.
    fn defections(&self, b: &Board, emit: &mut impl FnMut(Move)) {
        let t = &*self.tables;
        let mover = b.to_move;
        let king = b.king[usize::from(mover)];
        for colour in 0..12u8 {
            if b.held[usize::from(colour)] != mover || colour == b.kings[usize::from(mover)] {
                continue;
            }
            if self.rules.defect == Defect::NeedsPieces && b.armies[usize::from(colour)] == [0; 4] {
                continue;
            }
            let named = Colour::ALL[usize::from(colour)];
            if t.colour[usize::from(king)] != colour {
                let mv = Move::Defect {
                    colour: named,
                    step: None,
                };
                if self.played_legal(b, mv) {
                    emit(mv);
                }
                continue;
            }
            if self.rules.defect_on_square == DefectOnSquare::Forbidden {
                continue;
            }
            let middle = self.defected(b, colour, true);
            for &to in t.king[usize::from(king)].as_slice() {
                if self.lands(&middle, colour, king, to) {
                    let mv = Move::Defect {
                        colour: named,
                        step: Some((Square(king), Square(to))),
                    };
                    if self.played_legal(b, mv) {
                        emit(mv);
                    }
                }
            }
        }
    }

    /// S-DEFECT, S-CONTROL-FREED, S-CASTLE-DEFECT: the board right after
    /// the mover's king takes `colour`, as the reference's `defected`.
    fn defected(&self, b: &Board, colour: u8, stepping: bool) -> Board {
        let mover = usize::from(b.to_move);
        let mut next = b.clone();
        let old = b.kings[mover];
        let king = b.king[mover];
        next.lift(king);
        next.put(king, cell(colour, Role::King));
        next.kings[mover] = colour;
        if self.rules.control_freed == ControlFreed::NeutralUntilReoccupied {
            next.frozen |= 1 << old;
        }
        if stepping || self.rules.castle_defect == CastleDefect::Lose {
            next.castling &= !Position::castling_of(super::player(b.to_move));
        }
        next.recompute_holders(self.rules.control_chain);
        next
    }

    /// The piece moves from `from` to `to` as `placed`, as the
    /// reference's `relocate`: whether it captured.
    fn relocate(&self, next: &mut Board, from: u8, to: u8, placed: u8) -> bool {
        let captured = next.lift(to) != 0;
        next.lift(from);
        next.put(to, placed);
        for square in [from, to] {
            match square / 16 {
                0 => next.castling &= !(1 << (square % 16)),
                15 => next.castling &= !(1 << (16 + square % 16)),
                _ => {}
            }
        }
        let colour = self.tables.colour[usize::from(to)];
        if colour != NONE {
            next.frozen &= !(1 << colour);
        }
        captured
    }

    /// The board after the pseudo-legal `mv`, as the reference's
    /// `rules::play`; the holders recomputed where the move can change
    /// them.
    pub fn play(&self, b: &Board, mv: Move) -> Board {
        let t = &*self.tables;
        let mover = usize::from(b.to_move);
        let own = Position::castling_of(super::player(b.to_move));
        let mut next = b.clone();
        let (mut captured, mut reset, mut recompute) = (false, false, false);
        match mv {
            Move::Step {
                from,
                to,
                promotion,
            } => {
                let (from, to) = (from.0, to.0);
                let c = b.cells[usize::from(from)];
                if c == 0 {
                    return next;
                }
                let role = role_of(c);
                reset = role == PAWN;
                if role == KING {
                    next.castling &= !own;
                    next.king[mover] = to;
                }
                let placed = cell(colour_of(c), promotion.unwrap_or(super::board::role(role)));
                if promotion == Some(Role::King) {
                    next.lift(b.king[mover]);
                    let old = b.kings[mover];
                    if colour_of(c) != old {
                        next.kings[mover] = colour_of(c);
                        if self.rules.control_freed == ControlFreed::NeutralUntilReoccupied {
                            next.frozen |= 1 << old;
                        }
                    }
                    next.castling &= !own;
                    next.king[mover] = to;
                    recompute = true;
                }
                captured = self.relocate(&mut next, from, to, placed);
                recompute |=
                    t.colour[usize::from(from)] != NONE || t.colour[usize::from(to)] != NONE;
            }
            Move::Castle { king, to, rook } => {
                let (king, to, rook) = (king.0, to.0, rook.0);
                let direction: i32 = if rook % 16 > king % 16 { 1 } else { -1 };
                let king_cell = next.lift(king);
                let rook_cell = next.lift(rook);
                next.put(to, king_cell);
                next.put((i32::from(to) - direction) as u8, rook_cell);
                next.castling &= !own;
                next.king[mover] = to;
            }
            Move::Defect { colour, step } => {
                let colour = colour.index() as u8;
                next = self.defected(b, colour, step.is_some());
                if let Some((from, to)) = step {
                    captured = self.relocate(&mut next, from.0, to.0, cell(colour, Role::King));
                    next.king[mover] = to.0;
                }
                recompute = true;
            }
        }
        next.halfmove = if reset || captured {
            0
        } else {
            next.halfmove + 1
        };
        if mover == 1 {
            next.fullmove = next.fullmove.map(|number| number + 1);
        }
        next.to_move = 1 - b.to_move;
        if recompute {
            next.recompute_holders(self.rules.control_chain);
        }
        debug_assert!(next.held.iter().all(|&h| h <= NEUTRAL));
        next
    }
}
