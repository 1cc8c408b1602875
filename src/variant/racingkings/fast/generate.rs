//! The legal moves on bitboards: clause rk.3 (the piece patterns) filtered
//! by clause rk.4 (no own king left attacked, no enemy king attacked),
//! decided without playing the move, and the race of clause rk.5 that
//! says whether there are moves at all.
//!
//! Every position the fast path holds has neither king attacked
//! ([`super::Board::from_position`] leaves other positions to the
//! reference, and every legal move keeps it so). From such a position a
//! move breaks clause rk.4 in exactly these ways:
//! - rk.4.1: the king steps onto a square the enemy attacks (the attack
//!   seen with the king lifted off its square), or a piece pinned to its
//!   own king leaves the line of the pin;
//! - rk.4.2: the moved piece attacks the enemy king from its target (seen
//!   with its origin emptied), or it was the only piece between the enemy
//!   king and one of its own sliders on that slider's line and leaves the
//!   line (a discovered attack through the vacated origin).
//!
//! A capture opens no line (the capturing piece stands on the target), and
//! there are no pawns, castling or en passant (clause rk.2), so nothing
//! else can attack a king after a move.

use crate::variant::chess::{Kind, Move, Side};

use super::board::Board;
use super::tables::{bit, Bits, Tables, RANK_8};

/// Clause rk.5.1: the goal rank's first square (a8).
const GOAL_RANK_FIRST: u8 = 56;
/// The rank below the goal (rank 7), from where Black may answer.
const ANSWER_RANK_FIRST: u8 = 48;

/// What the side to move must respect, computed once per position.
pub(super) struct Safety {
    /// The side to move's pieces.
    own: Bits,
    /// Every piece.
    occupied: Bits,
    /// The own king's square.
    king: u8,
    /// The enemy king's square.
    enemy_king: u8,
    /// Clause rk.4.1: the squares the enemy attacks, seen with the own
    /// king lifted off its square (so a step along a slider's line is
    /// attacked too).
    danger: Bits,
    /// Clause rk.4.1: own pieces alone between the own king and an enemy
    /// slider on its line (pinned: they may move only along it).
    pinned: Bits,
    /// Clause rk.4.2: own pieces alone between the enemy king and an own
    /// slider on its line (moving off the line uncovers an attack).
    discoverers: Bits,
    /// Clause rk.4.2: where a rook's or queen's slide would reach the
    /// enemy king, on the board as it stands.
    straight_checks: Bits,
    /// Clause rk.4.2: where a bishop's or queen's slide would reach the
    /// enemy king, on the board as it stands.
    diagonal_checks: Bits,
}

/// Where the race of clause rk.5 leaves the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Stage {
    /// No king on rank 8: play on.
    Open,
    /// Clause rk.5.2: White's king is on rank 8 and Black's on rank 7,
    /// Black to move: Black plays on if its king can reach rank 8 (ruling
    /// R-RK-ANSWER).
    MayAnswer,
    /// Clauses rk.5.1, rk.5.2: decided; no moves.
    Decided,
}

/// Clause rk.5.1: whether `side`'s king stands on rank 8.
#[inline]
pub(super) fn home(board: &Board, side: Side) -> bool {
    board.kings[side.index()] >= GOAL_RANK_FIRST
}

/// Clauses rk.5.1 and rk.5.2 (ruling R-RK-ANSWER), as `goal::race` reads
/// them: both kings home, or Black home, decides; White home alone
/// decides unless Black is to move with its king one step below the goal
/// (whether it can step up is [`Safety::can_reach_goal`]).
#[inline]
pub(super) fn stage(board: &Board) -> Stage {
    let black = board.kings[Side::Black.index()];
    match (home(board, Side::White), home(board, Side::Black)) {
        (false, false) => Stage::Open,
        (true, false) if board.side == Side::Black && black >= ANSWER_RANK_FIRST => {
            Stage::MayAnswer
        }
        _ => Stage::Decided,
    }
}

impl Safety {
    /// The pins, the attacked squares and the checking squares of
    /// `board` for its side to move.
    #[inline]
    pub(super) fn of(tables: &Tables, board: &Board) -> Safety {
        let us = board.side.index();
        let them = 1 - us;
        let own = board.sides[us];
        let occupied = board.occupied();
        let king = board.kings[us];
        let enemy_king = board.kings[them];
        let lifted = occupied & !bit(king);
        let mut danger = tables.king(enemy_king);
        for at in ones(board.of(them, Kind::Knight)) {
            danger |= tables.knight(at);
        }
        for at in ones(board.straight(them)) {
            danger |= tables.rook(at, lifted);
        }
        for at in ones(board.diagonal(them)) {
            danger |= tables.bishop(at, lifted);
        }
        Safety {
            own,
            occupied,
            king,
            enemy_king,
            danger,
            pinned: shields(tables, board, king, them, own),
            discoverers: shields(tables, board, enemy_king, us, own),
            straight_checks: tables.rook(enemy_king, occupied),
            diagonal_checks: tables.bishop(enemy_king, occupied),
        }
    }

    /// Clauses rk.3.1, rk.4: the king's legal targets.
    #[inline]
    fn king_targets(&self, tables: &Tables) -> Bits {
        let mut targets = tables.king(self.king) & !self.own & !self.danger;
        if self.discoverers & bit(self.king) != 0 {
            targets &= tables.line(self.enemy_king, self.king);
        }
        targets
    }

    /// Clause rk.5.2: whether the king (Black's, on rank 7) has a legal
    /// step to rank 8.
    #[inline]
    pub(super) fn can_reach_goal(&self, tables: &Tables) -> bool {
        self.king_targets(tables) & RANK_8 != 0
    }

    /// Clause rk.4.2, direct attack: the squares from which a piece of
    /// `kind` moving from `from` would attack the enemy king, with `from`
    /// emptied. (The origin matters only when it lies on the slider's own
    /// line to the king; then the line is looked at again without it.)
    #[inline]
    fn checking(&self, tables: &Tables, kind: Kind, from: u8) -> Bits {
        let king = self.enemy_king;
        let emptied = self.occupied & !bit(from);
        let straight = || {
            if tables.rook_empty(king) & bit(from) != 0 {
                tables.rook(king, emptied)
            } else {
                self.straight_checks
            }
        };
        let diagonal = || {
            if tables.bishop_empty(king) & bit(from) != 0 {
                tables.bishop(king, emptied)
            } else {
                self.diagonal_checks
            }
        };
        match kind {
            Kind::Queen => straight() | diagonal(),
            Kind::Rook => straight(),
            Kind::Bishop => diagonal(),
            Kind::Knight => tables.knight(king),
            // The king is handled by `king_targets`; there are no other
            // kinds (clause rk.2).
            _ => 0,
        }
    }

    /// Clauses rk.3.2-rk.3.5 and rk.4: the legal targets of the own
    /// `kind` (not the king) on `from`.
    #[inline]
    fn piece_targets(&self, tables: &Tables, kind: Kind, from: u8) -> Bits {
        let reach = match kind {
            Kind::Queen => tables.rook(from, self.occupied) | tables.bishop(from, self.occupied),
            Kind::Rook => tables.rook(from, self.occupied),
            Kind::Bishop => tables.bishop(from, self.occupied),
            Kind::Knight => tables.knight(from),
            _ => 0,
        };
        let mut targets = reach & !self.own & !self.checking(tables, kind, from);
        let at = bit(from);
        // Clause rk.4.1: a pinned piece stays on the line of its pin.
        if self.pinned & at != 0 {
            targets &= tables.line(self.king, from);
        }
        // Clause rk.4.2: a shielding piece stays on the line it shields.
        if self.discoverers & at != 0 {
            targets &= tables.line(self.enemy_king, from);
        }
        targets
    }

    /// Calls `visit(from, targets)` for every own piece with its legal
    /// targets (possibly none): the king first, then queens, rooks,
    /// bishops and knights, each kind from a1 up.
    #[inline]
    pub(super) fn each(&self, tables: &Tables, board: &Board, mut visit: impl FnMut(u8, Bits)) {
        visit(self.king, self.king_targets(tables));
        let us = board.side.index();
        for kind in [Kind::Queen, Kind::Rook, Kind::Bishop, Kind::Knight] {
            for from in ones(board.of(us, kind)) {
                visit(from, self.piece_targets(tables, kind, from));
            }
        }
    }
}

/// The pieces of `shield` that stand alone between the king on `king` and
/// a slider of `attacker` that moves along that line.
#[inline]
fn shields(tables: &Tables, board: &Board, king: u8, attacker: usize, shield: Bits) -> Bits {
    let occupied = board.occupied();
    let snipers = (tables.rook_empty(king) & board.straight(attacker))
        | (tables.bishop_empty(king) & board.diagonal(attacker));
    let mut found = 0;
    for sniper in ones(snipers) {
        let between = tables.between(king, sniper) & occupied;
        if between.count_ones() == 1 {
            found |= between & shield;
        }
    }
    found
}

/// The set squares of `bits`, lowest first.
#[inline]
pub(super) fn ones(mut bits: Bits) -> impl Iterator<Item = u8> {
    std::iter::from_fn(move || {
        if bits == 0 {
            return None;
        }
        let at = bits.trailing_zeros() as u8;
        bits &= bits - 1;
        Some(at)
    })
}

/// Clauses rk.3-rk.5: the legal moves of `board` appended to `out`.
pub(super) fn legal_moves(tables: &Tables, board: &Board, out: &mut Vec<Move>) {
    let Some(safety) = playable(tables, board) else {
        return;
    };
    safety.each(tables, board, |from, targets| {
        let from_square = tables.square(from);
        out.extend(ones(targets).map(|to| Move::new(from_square, tables.square(to))));
    });
}

/// Clauses rk.3-rk.5: the number of legal moves of `board` (perft's last
/// ply), without a list.
#[inline]
pub(super) fn count_moves(tables: &Tables, board: &Board) -> u64 {
    let Some(safety) = playable(tables, board) else {
        return 0;
    };
    let mut count = 0;
    safety.each(tables, board, |_, targets| {
        count += u64::from(targets.count_ones());
    });
    count
}

/// The side to move's [`Safety`] when the race (clause rk.5) leaves it
/// moves to play; `None` when the race is decided. With White home and
/// Black able to answer, every legal move of Black's is listed, as the
/// reference does (R-RK-ANSWER: one more move, after which the race is
/// decided whatever it was).
#[inline]
fn playable(tables: &Tables, board: &Board) -> Option<Safety> {
    match stage(board) {
        Stage::Open => Some(Safety::of(tables, board)),
        Stage::MayAnswer => {
            let safety = Safety::of(tables, board);
            safety.can_reach_goal(tables).then_some(safety)
        }
        Stage::Decided => None,
    }
}
