//! The fast path's move generation: attacks, pins and the legal moves of
//! a party on a [`Board`]. Each function mirrors one of the reference
//! rules, named in its doc comment; the differential tests
//! (`tests/monarchie/fast_path.rs`) hold the two to the same answers.

use crate::variant::monarchie::cell::{Cell, CELL_COUNT};
use crate::variant::monarchie::geometry::{geometry, Vertex};
use crate::variant::monarchie::party::Party;
use crate::variant::monarchie::piece::PieceKind;
use crate::variant::monarchie::ruleset::{
    BishopBlocking, DiagonalAtNotch, KingOnDeadBlocker, KingStep, KnightPath, PawnStartMoves,
    PawnStartSides, PromotionChoice, RookLines, Ruleset, UnmovedPawnAttack,
};

use super::bits::Bits;
use super::board::Board;
use super::tables::{
    tables, Tables, BRAID_LINES, CROSSING_LINES, DIAGONAL_LINES, FAMILIES, MANY, NONE, SIDE_LINES,
};

const KING: usize = PieceKind::King as usize;
const QUEEN: usize = PieceKind::Queen as usize;
const ROOK: usize = PieceKind::Rook as usize;
const BISHOP: usize = PieceKind::Bishop as usize;
const KNIGHT: usize = PieceKind::Knight as usize;
const PAWN: usize = PieceKind::Pawn as usize;

/// R-PAWN-DIR: the two start sides per party (as `pawn::usable_start_sides`).
static START_SIDES: [[usize; 2]; 6] = [[2, 3], [3, 4], [4, 5], [5, 0], [0, 1], [1, 2]];

/// The fast rules of one ruleset: the ruling switches read once, as
/// table choices. Make it with [`FastRules::new`].
#[derive(Clone)]
pub struct FastRules {
    pub(super) rules: Ruleset,
    pub(super) tables: &'static Tables,
    pub(super) braid: bool,
    pub(super) flanks: bool,
    crosses: bool,
    pub(super) diagonal_lines: usize,
    twelve: bool,
    pub(super) knight: usize,
    king_dead_barred: bool,
    unmoved_pawns_attack: bool,
    pub(super) steps_too: bool,
    start_sides: usize,
    pub(super) optional_promotion: bool,
    pub(super) zone: usize,
    /// The end of the rook's lines: the sides, then the braids (R-ROOK).
    pub(super) straight_end: usize,
    /// The `line_to` family of the diagonals (R-DIAGONAL-NOTCH).
    diagonal_family: usize,
    /// Whether the targets of a free rook, bishop or queen are counted
    /// line by line (`Tables::countable`; never under R-BISHOP=flanks-block).
    pub(super) count_rook: bool,
    pub(super) count_bishop: bool,
    pub(super) count_queen: bool,
}

/// Which free sliders perft's last ply counts line by line from the line
/// lengths (`Tables::reach_count`) instead of listing their targets; the
/// others are counted from their target sets. Read it with
/// [`FastRules::line_counts`] (tests/monarchie/fast_path.rs pins it per ruleset).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LineCounts {
    /// The rook's lines (`Tables::countable` of the sides, and the braids
    /// under R-ROOK=braid).
    pub rook: bool,
    /// The bishop's diagonals (R-DIAGONAL-NOTCH; never under
    /// R-BISHOP=flanks-block, whose blocking is not a line's first piece).
    pub bishop: bool,
    /// The queen's lines, both families (the same two conditions).
    pub queen: bool,
}

/// Whether the fast path plays a ruleset. It plays every ruling option
/// and no misreading: the reference path is used for any ruleset with
/// faults (misreadings are played only by the mutation tests).
///
/// R-BISHOP=flanks-block together with R-DIAGONAL-NOTCH=crosses needs no
/// exception: the reference walks a diagonal from the moving piece and
/// this path walks it from the attacked king, and the two walks test the
/// same flanks, because the two flanks of a step between neighbouring
/// cells are the same seen from either end, and a step across a notch
/// never has both flanks on the board, so it is never closed from
/// either end (`tables::tests::no_step_across_a_notch_has_two_flanks`;
/// finding F-FLANKS-ACROSS-NOTCH).
pub fn covers(rules: &Ruleset) -> bool {
    rules.faults.is_empty()
}

impl FastRules {
    /// The fast rules of `rules`, or `None` when [`covers`] says no.
    pub fn new(rules: &Ruleset) -> Option<FastRules> {
        if !covers(rules) {
            return None;
        }
        let t = tables();
        let braid = rules.rook == RookLines::Braid;
        let crosses = rules.diagonal == DiagonalAtNotch::Crosses;
        let flanks = rules.bishop == BishopBlocking::FlanksBlock;
        Some(FastRules {
            straight_end: if braid {
                BRAID_LINES + 4
            } else {
                SIDE_LINES + 6
            },
            diagonal_family: if crosses { 3 } else { 2 },
            count_rook: t.count_straight[usize::from(braid)],
            count_bishop: !flanks && t.count_diagonal[usize::from(crosses)],
            count_queen: !flanks && t.count_queen[usize::from(braid)][usize::from(crosses)],
            rules: *rules,
            tables: tables(),
            braid: rules.rook == RookLines::Braid,
            flanks: rules.bishop == BishopBlocking::FlanksBlock,
            crosses: rules.diagonal == DiagonalAtNotch::Crosses,
            diagonal_lines: match rules.diagonal {
                DiagonalAtNotch::Ends => DIAGONAL_LINES,
                DiagonalAtNotch::Crosses => CROSSING_LINES,
            },
            twelve: rules.king == KingStep::Twelve,
            knight: match rules.knight {
                KnightPath::TargetOnly => 0,
                KnightPath::NeedsCells => 1,
            },
            king_dead_barred: rules.king_dead == KingOnDeadBlocker::Barred,
            unmoved_pawns_attack: rules.pawn_unmoved_attack == UnmovedPawnAttack::Attacks
                || rules.pawn_start == PawnStartMoves::StepsToo,
            steps_too: rules.pawn_start == PawnStartMoves::StepsToo,
            start_sides: match rules.pawn_dir {
                PawnStartSides::Both => 0,
                PawnStartSides::SingleSide => 1,
            },
            optional_promotion: rules.promo == PromotionChoice::Optional,
            zone: Tables::zone_index(rules.promo_zone),
        })
    }

    /// R-PAWN-DIR: the start sides an unmoved pawn of `party` may use.
    #[inline(always)]
    pub(super) fn start_sides_of(&self, party: Party) -> &'static [usize] {
        &START_SIDES[party.index()][self.start_sides..]
    }

    /// Which free sliders are counted line by line under this ruleset.
    pub fn line_counts(&self) -> LineCounts {
        LineCounts {
            rook: self.count_rook,
            bishop: self.count_bishop,
            queen: self.count_queen,
        }
    }

    /// The ruleset these fast rules play.
    pub fn ruleset(&self) -> &Ruleset {
        &self.rules
    }

    /// R-BISHOP=flanks-block, as `movegen::flanks_closed`: the diagonal step
    /// from `from` along `vertex` squeezes between two occupied cells.
    #[inline(always)]
    fn flanks_closed(&self, from: usize, vertex: usize, occupied: Bits) -> bool {
        let flanks = self.tables.flanks[from][vertex];
        flanks.any() && (flanks & occupied) == flanks
    }

    /// Clause 9 and R-CHECK, as `attack::attacked_by`: whether a piece in
    /// `hostile` (active pieces of the attacking parties) attacks
    /// `target` on a board whose occupied cells are `occupied`.
    #[inline]
    pub(super) fn attacked(
        &self,
        board: &Board,
        target: usize,
        occupied: Bits,
        hostile: Bits,
    ) -> bool {
        let t = self.tables;
        let kinds = &board.by_kind;
        let straight = hostile & (kinds[ROOK] | kinds[QUEEN]);
        if straight.any() {
            let lines = if self.braid {
                BRAID_LINES + 4
            } else {
                SIDE_LINES + 6
            };
            // The first piece on each line (most lines are closed at
            // their first cell, `Tables::first_on`).
            for line in SIDE_LINES..lines {
                if let Some(first) = t.first_on(target, line, occupied) {
                    if straight.has(first) {
                        return true;
                    }
                }
            }
        }
        let diagonal = hostile & (kinds[BISHOP] | kinds[QUEEN]);
        if diagonal.any() {
            if self.flanks {
                for vertex in 0..6 {
                    if self.flank_walk_finds(target, vertex, occupied, diagonal) {
                        return true;
                    }
                }
            } else {
                for line in self.diagonal_lines..self.diagonal_lines + 6 {
                    if let Some(first) = t.first_on(target, line, occupied) {
                        if diagonal.has(first) {
                            return true;
                        }
                    }
                }
            }
        }
        let mut king_steps = t.king_sides[target];
        if self.twelve {
            king_steps |= t.king_vertices[target];
        }
        if (king_steps & hostile & kinds[KING]).any() {
            return true;
        }
        if (t.knight_from[self.knight][target] & hostile & kinds[KNIGHT]).any() {
            return true;
        }
        // A pawn attacks from a side neighbour (`pawn_from` lies within
        // `king_sides`, `tables::tests`), along its own party's sides.
        let mut pawns = hostile & kinds[PAWN] & t.king_sides[target];
        if !self.unmoved_pawns_attack {
            pawns &= !board.unmoved;
        }
        pawns
            .iter()
            .any(|cell| t.pawn_from[board.party_at(cell).index()][target].has(cell))
    }

    /// `attacked` with one attacker: whether the active piece of `kind`
    /// and `party` on `at` attacks `target` on `occupied`. It asks only
    /// the line (if any) of each family from `target` through `at`
    /// (`Tables::line_to`), the steps and jumps that could reach it.
    #[inline]
    pub(super) fn piece_attacks(
        &self,
        board: &Board,
        kind: PieceKind,
        party: Party,
        at: usize,
        target: usize,
        occupied: Bits,
    ) -> bool {
        let t = self.tables;
        match kind {
            PieceKind::King => {
                t.king_sides[target].has(at) || (self.twelve && t.king_vertices[target].has(at))
            }
            PieceKind::Knight => t.knight_from[self.knight][target].has(at),
            PieceKind::Pawn => {
                (self.unmoved_pawns_attack || !board.unmoved.has(at))
                    && t.pawn_from[party.index()][target].has(at)
            }
            _ if self.flanks && kind != PieceKind::Rook => {
                self.attacked(board, target, occupied, Bits::bit(at))
            }
            PieceKind::Rook => self.straight_sees(target, at, occupied),
            PieceKind::Bishop => self.line_sees(target, at, self.diagonal_family, occupied),
            PieceKind::Queen => {
                self.straight_sees(target, at, occupied)
                    || self.line_sees(target, at, self.diagonal_family, occupied)
            }
        }
    }

    /// Whether `at` is the first piece on a rook's line (R-ROOK) from `target`.
    #[inline(always)]
    fn straight_sees(&self, target: usize, at: usize, occupied: Bits) -> bool {
        self.line_sees(target, at, 0, occupied)
            || (self.braid && self.line_sees(target, at, 1, occupied))
    }

    /// Whether `at` is the first piece on a line of `family` from `target`.
    #[inline(always)]
    pub(super) fn line_sees(
        &self,
        target: usize,
        at: usize,
        family: usize,
        occupied: Bits,
    ) -> bool {
        self.first_through(target, at, family, occupied, |first| first == at)
    }

    /// The first piece on a line of `family` from `target` through the
    /// cell `through`, for each such line, tested with `is`.
    #[inline(always)]
    pub(super) fn first_through(
        &self,
        target: usize,
        through: usize,
        family: usize,
        occupied: Bits,
        is: impl Fn(usize) -> bool,
    ) -> bool {
        let t = self.tables;
        match t.line_to[target * CELL_COUNT + through][family] {
            NONE => false,
            MANY => {
                let (first, n) = FAMILIES[family];
                (first..first + n).any(|line| {
                    t.rays[target][line].has(through)
                        && t.first_on(target, line, occupied).is_some_and(&is)
                })
            }
            line => t.first_on(target, line as usize, occupied).is_some_and(is),
        }
    }

    /// The `line_to` family of the diagonals.
    #[inline(always)]
    pub(super) fn diagonal_family(&self) -> usize {
        self.diagonal_family
    }

    /// R-DIAGONAL-NOTCH: the cells of the diagonal from `from` along
    /// `vertex`, in walking order (for the flank walks only; the other
    /// rulesets read line masks).
    #[inline]
    fn diagonal_ray(&self, from: usize, vertex: usize) -> &[Cell] {
        if self.crosses {
            geometry().crossing_ray(Cell::from_index(from), Vertex::ALL[vertex])
        } else {
            geometry().vertex_ray(Cell::from_index(from), Vertex::ALL[vertex])
        }
    }

    /// `attack::slider_on_ray` with R-BISHOP=flanks-block: walking the
    /// diagonal from `target`, is the first piece met one of `attackers`?
    fn flank_walk_finds(
        &self,
        target: usize,
        vertex: usize,
        occupied: Bits,
        attackers: Bits,
    ) -> bool {
        let ray = self.diagonal_ray(target, vertex);
        let mut previous = target;
        for cell in ray {
            if self.flanks_closed(previous, vertex, occupied) {
                return false;
            }
            let index = cell.index();
            if occupied.has(index) {
                return attackers.has(index);
            }
            previous = index;
        }
        false
    }

    /// Clause 9: whether the king of `party` is attacked by an active enemy.
    #[inline]
    pub fn in_check(&self, board: &Board, party: Party) -> bool {
        match board.king(party) {
            Some(king) => self.attacked(
                board,
                king,
                board.occupied,
                board.live & !board.by_party[party.index()],
            ),
            None => false,
        }
    }

    /// The own pieces standing alone between the king and an enemy slider
    /// that would attack the king along that line without them.
    pub(super) fn pinned(&self, board: &Board, king: usize, own: Bits, hostile: Bits) -> Bits {
        let t = self.tables;
        let kinds = &board.by_kind;
        let occupied = board.occupied;
        let mut pinned = Bits::EMPTY;
        let straight = hostile & (kinds[ROOK] | kinds[QUEEN]);
        let diagonal = hostile & (kinds[BISHOP] | kinds[QUEEN]);
        let families = [
            (SIDE_LINES..self.straight_end, straight),
            (self.diagonal_lines..self.diagonal_lines + 6, diagonal),
        ];
        for (lines, attackers) in families {
            if attackers.is_empty() {
                continue;
            }
            for line in lines {
                // The first piece on the line must be the party's own, the
                // second an attacker.
                let Some(first) = t.first_on(king, line, occupied) else {
                    continue;
                };
                if !own.has(first) {
                    continue;
                }
                let mut rest = occupied;
                rest.clear(first);
                if t.first_on(king, line, rest)
                    .is_some_and(|second| attackers.has(second))
                {
                    pinned.set(first);
                }
            }
        }
        pinned
    }

    /// Clauses 6.2-6.4 (`movegen::slide`): the cells of the rook's lines
    /// (R-ROOK) up to and including the first piece.
    #[inline]
    fn rook_reach(&self, from: usize, occupied: Bits) -> Bits {
        let t = self.tables;
        let mut reach = Bits::EMPTY;
        for line in SIDE_LINES..SIDE_LINES + 6 {
            reach |= t.reach(from, line, occupied);
        }
        if self.braid {
            for line in BRAID_LINES..BRAID_LINES + 4 {
                reach |= t.reach(from, line, occupied);
            }
        }
        reach
    }

    /// Clause 6.4, R-BISHOP and R-DIAGONAL-NOTCH (`movegen::bishop_targets`):
    /// the cells of the diagonals up to and including the first piece.
    #[inline]
    fn bishop_reach(&self, from: usize, occupied: Bits) -> Bits {
        let t = self.tables;
        let mut reach = Bits::EMPTY;
        if self.flanks {
            for vertex in 0..6 {
                let ray = self.diagonal_ray(from, vertex);
                let mut previous = from;
                for cell in ray {
                    if self.flanks_closed(previous, vertex, occupied) {
                        break;
                    }
                    let index = cell.index();
                    reach.set(index);
                    if occupied.has(index) {
                        break;
                    }
                    previous = index;
                }
            }
            return reach;
        }
        for line in self.diagonal_lines..self.diagonal_lines + 6 {
            reach |= t.reach(from, line, occupied);
        }
        reach
    }

    /// `movegen::targets_of` for an active piece of `party` on `from`:
    /// the cells its movement rule reaches, before king safety. `own` are
    /// the party's pieces (an own piece blocks, clause 5).
    #[inline]
    pub(super) fn targets(
        &self,
        board: &Board,
        party: Party,
        kind: PieceKind,
        from: usize,
        own: Bits,
    ) -> Bits {
        let t = self.tables;
        let occupied = board.occupied;
        match kind {
            PieceKind::King => {
                let mut steps = t.king_sides[from];
                if self.twelve {
                    steps |= t.king_vertices[from];
                }
                steps &= !own;
                if self.king_dead_barred {
                    steps &= !(occupied & !board.live);
                }
                steps
            }
            PieceKind::Queen => {
                (self.rook_reach(from, occupied) | self.bishop_reach(from, occupied)) & !own
            }
            PieceKind::Rook => self.rook_reach(from, occupied) & !own,
            PieceKind::Bishop => self.bishop_reach(from, occupied) & !own,
            PieceKind::Knight => t.knight_to[self.knight][from] & !own,
            PieceKind::Pawn => {
                let steps = t.pawn_to[party.index()][from] & !own;
                if !board.unmoved.has(from) {
                    return steps;
                }
                let mut targets = Bits::EMPTY;
                for &side in self.start_sides_of(party) {
                    let one = t.neighbours[from][side];
                    if one == NONE || occupied.has(one as usize) {
                        continue;
                    }
                    targets.set(one as usize);
                    let two = t.neighbours[one as usize][side];
                    if two != NONE && !occupied.has(two as usize) {
                        targets.set(two as usize);
                    }
                }
                if self.steps_too {
                    targets |= steps;
                }
                targets
            }
        }
    }

    /// Clause 5 and R-CHECK (`legality::keeps_king_safe`): the mover's king
    /// is not attacked once the move's own effects have happened: the
    /// piece moved, the captured piece gone, a captured king's party dead.
    #[inline]
    pub(super) fn keeps_king_safe(
        &self,
        board: &Board,
        king: usize,
        kind: PieceKind,
        from: usize,
        to: usize,
        hostile: Bits,
    ) -> bool {
        let mut occupied = board.occupied;
        occupied.clear(from);
        occupied.set(to);
        let mut attackers = hostile;
        if hostile.has(to) {
            attackers.clear(to);
            if board.by_kind[KING].has(to) {
                attackers &= !board.by_party[board.party_at(to).index()];
            }
        }
        let king = if kind == PieceKind::King { to } else { king };
        !self.attacked(board, king, occupied, attackers)
    }
}
