//! The fast path's moves and safety test (clauses tk.T4, tk.T5, tk.T7;
//! R-CHECK, R-FACING, R-GENERAL-CAPTURE, R-ORIGIN): the pseudo-legal
//! targets of a piece as a point set, the check test from the general's
//! point outward, and the legal targets of a piece, most of them without
//! playing the move: a kingdom not in check whose move neither leaves nor
//! enters a point watched from its general ([`FastRules::safety`], a
//! general capture always watched) stays out of check.

use super::board::{
    kind, owner, Board, ADVISOR, BANNERMAN, CANNON, CHARIOT, ELEPHANT, GENERAL, HORSE, NO_POINT,
    SOLDIER,
};
use super::tables::Bits;
use super::FastRules;

/// What the legality test of one kingdom's moves needs, computed once
/// per position and kingdom.
#[derive(Clone, Copy)]
pub struct Safety {
    /// The kingdom.
    pub k: u8,
    /// Its general's point.
    pub general: usize,
    /// Whether it is in check now (then every move is played out).
    pub in_check: bool,
    /// The points whose change may expose its general, with the rival
    /// generals' points (a general capture is always played out).
    pub watch: Bits,
}

impl FastRules {
    /// R-ORIGIN: the kingdom whose half, palace and forward sense `cell`
    /// follows (its home, or its owner under `owner-frame`).
    #[inline]
    fn frame(&self, cell: u8) -> u8 {
        (cell >> self.frame_shift) & 3
    }

    /// The points the piece `cell` of owner `k` on `from` may move to by
    /// its own movement, its general's safety aside (clause tk.T5,
    /// R-LINES, R-HORSE, R-BANNER, R-SOLDIER); never onto its owner's
    /// pieces.
    #[inline]
    pub fn targets(&self, cells: &[u8; 135], own: Bits, from: usize, cell: u8) -> Bits {
        let t = &*self.tables;
        let mut out = Bits::EMPTY;
        match kind(cell) {
            GENERAL => {
                out = t.general[from];
                // R-FACING=fly-capture: the rival general first on a ray.
                if self.fly_capture {
                    for &ray in t.rays.of(from) {
                        if let Some(&hit) = t.ray(ray).iter().find(|&&p| cells[usize::from(p)] != 0)
                        {
                            let c = cells[usize::from(hit)];
                            if kind(c) == GENERAL && owner(c) != owner(cell) {
                                out.set(usize::from(hit));
                            }
                        }
                    }
                }
            }
            ADVISOR if t.palace[from] && t.half[from] == self.frame(cell) => {
                out = t.advisor[from];
            }
            ELEPHANT if t.half[from] == self.frame(cell) => {
                for &(eye, to) in t.elephant.of(from) {
                    if cells[usize::from(eye)] == 0 {
                        out.set(usize::from(to));
                    }
                }
            }
            HORSE => {
                for &(leg, to) in t.horse.of(from) {
                    if cells[usize::from(leg)] == 0 {
                        out.set(usize::from(to));
                    }
                }
            }
            BANNERMAN => {
                for &(leg, leg2, to) in t.banner.of(from) {
                    if cells[usize::from(leg)] == 0
                        && (self.banner_leg_only || cells[usize::from(leg2)] == 0)
                    {
                        out.set(usize::from(to));
                    }
                }
            }
            CHARIOT => {
                for &ray in t.rays.of(from) {
                    for &p in t.ray(ray) {
                        out.set(usize::from(p));
                        if cells[usize::from(p)] != 0 {
                            break;
                        }
                    }
                }
            }
            CANNON => {
                for &ray in t.rays.of(from) {
                    let mut screened = false;
                    for &p in t.ray(ray) {
                        let occupied = cells[usize::from(p)] != 0;
                        if !screened {
                            if occupied {
                                screened = true;
                            } else {
                                out.set(usize::from(p));
                            }
                        } else if occupied {
                            out.set(usize::from(p));
                            break;
                        }
                    }
                }
            }
            SOLDIER => out = t.soldier[usize::from(self.frame(cell))][from],
            _ => {}
        }
        out.minus(own)
    }

    /// R-CHECK, R-FACING: whether the general of `k` on `g` is attacked
    /// by a piece of another owner or faces a rival general, on `cells`.
    pub fn in_check_at(&self, cells: &[u8; 135], g: usize, k: u8) -> bool {
        let t = &*self.tables;
        let rival = |c: u8| c != 0 && owner(c) != k;
        for &ray in t.rays.of(g) {
            let mut points = t.ray(ray).iter();
            // The first piece: a rival chariot attacks; a rival general
            // faces (and under fly-capture attacks too).
            let first = points
                .by_ref()
                .map(|&p| cells[usize::from(p)])
                .find(|&c| c != 0);
            let Some(first) = first else { continue };
            if rival(first) && matches!(kind(first), CHARIOT | GENERAL) {
                return true;
            }
            // The second: a rival cannon over the first as its screen.
            if let Some(second) = points.map(|&p| cells[usize::from(p)]).find(|&c| c != 0) {
                if rival(second) && kind(second) == CANNON {
                    return true;
                }
            }
        }
        for &(from, leg) in t.horse_to.of(g) {
            let c = cells[usize::from(from)];
            if kind(c) == HORSE && owner(c) != k && cells[usize::from(leg)] == 0 {
                return true;
            }
        }
        for &(from, leg, leg2) in t.banner_to.of(g) {
            let c = cells[usize::from(from)];
            if kind(c) == BANNERMAN
                && owner(c) != k
                && cells[usize::from(leg)] == 0
                && (self.banner_leg_only || cells[usize::from(leg2)] == 0)
            {
                return true;
            }
        }
        for &(from, eye) in t.elephant_to.of(g) {
            let c = cells[usize::from(from)];
            if kind(c) == ELEPHANT
                && owner(c) != k
                && cells[usize::from(eye)] == 0
                && t.half[usize::from(from)] == self.frame(c)
            {
                return true;
            }
        }
        self.near_attack(cells, g, k)
    }

    /// Whether a rival soldier, general or advisor next to `g` steps onto it.
    #[inline]
    fn near_attack(&self, cells: &[u8; 135], g: usize, k: u8) -> bool {
        let t = &*self.tables;
        t.near.of(g).iter().any(|&from| {
            let from = usize::from(from);
            let c = cells[from];
            c != 0
                && owner(c) != k
                && match kind(c) {
                    SOLDIER => t.soldier[usize::from(self.frame(c))][from].has(g),
                    GENERAL => t.general[from].has(g),
                    ADVISOR => {
                        t.palace[from] && t.half[from] == self.frame(c) && t.advisor[from].has(g)
                    }
                    _ => false,
                }
        })
    }

    /// Whether kingdom `k` is in check on `board`.
    #[inline]
    pub fn in_check(&self, board: &Board, k: u8) -> bool {
        let g = board.general[usize::from(k)];
        g != NO_POINT && self.in_check_at(&board.cells, usize::from(g), k)
    }

    /// What the legality test of `k`'s moves on `board` needs, in one
    /// look outward from its general: whether it is in check, and the
    /// points whose change could expose it. On a ray, a move vacates at
    /// most one point and fills one with a piece of `k`, so a rival piece
    /// that attacks after it stood among the first three pieces before
    /// (a chariot or general among the first two, a cannon among the
    /// first three): only such rays are watched, up to that piece. A
    /// rival horse, bannerman or elephant whose leg or eye is blocked
    /// watches that point. The rival generals are watched (a general
    /// capture changes owners).
    #[inline]
    pub fn safety(&self, board: &Board, k: u8) -> Safety {
        let t = &*self.tables;
        let cells = &board.cells;
        let general = usize::from(board.general[usize::from(k)]);
        let mut watch = Bits::EMPTY;
        for (other, &g) in board.general.iter().enumerate() {
            if other != usize::from(k) && g != NO_POINT {
                watch.set(usize::from(g));
            }
        }
        let mut in_check = false;
        for &ray in t.rays.of(general) {
            let points = t.ray(ray);
            let mut seen = 0;
            let mut hot = None;
            for (i, &p) in points.iter().enumerate() {
                let c = cells[usize::from(p)];
                if c == 0 {
                    continue;
                }
                seen += 1;
                if owner(c) != k {
                    match kind(c) {
                        CHARIOT | GENERAL if seen <= 2 => {
                            in_check |= seen == 1;
                            hot = Some(i);
                        }
                        CANNON => {
                            in_check |= seen == 2;
                            hot = Some(i);
                        }
                        _ => {}
                    }
                }
                if seen == 3 {
                    break;
                }
            }
            if let Some(last) = hot {
                for &p in &points[..=last] {
                    watch.set(usize::from(p));
                }
            }
        }
        for &(from, leg) in t.horse_to.of(general) {
            let c = cells[usize::from(from)];
            if kind(c) == HORSE && owner(c) != k {
                in_check |= cells[usize::from(leg)] == 0;
                watch.set(usize::from(leg));
            }
        }
        for &(from, leg, leg2) in t.banner_to.of(general) {
            let c = cells[usize::from(from)];
            if kind(c) == BANNERMAN && owner(c) != k {
                in_check |= cells[usize::from(leg)] == 0
                    && (self.banner_leg_only || cells[usize::from(leg2)] == 0);
                watch.set(usize::from(leg));
                watch.set(usize::from(leg2));
            }
        }
        for &(from, eye) in t.elephant_to.of(general) {
            let c = cells[usize::from(from)];
            if kind(c) == ELEPHANT && owner(c) != k && t.half[usize::from(from)] == self.frame(c) {
                in_check |= cells[usize::from(eye)] == 0;
                watch.set(usize::from(eye));
            }
        }
        in_check = in_check || self.near_attack(cells, general, k);
        Safety {
            k,
            general,
            in_check,
            watch,
        }
    }

    /// R-CHECK, R-GENERAL-CAPTURE: whether `safety.k`'s move from `from`
    /// to `to` leaves its general neither attacked nor facing, judged
    /// right after the move and its capture effects.
    pub fn safe(&self, board: &Board, safety: &Safety, from: usize, to: usize) -> bool {
        let captured = board.cells[to];
        if kind(captured) == GENERAL {
            if self.always_legal {
                return true;
            }
            // The captured general's army changes hands first.
            let mut next = *board;
            self.move_and_capture(&mut next, safety.k, from, to);
            return !self.in_check(&next, safety.k);
        }
        let mut cells = board.cells;
        cells[to] = cells[from];
        cells[from] = 0;
        let g = if from == safety.general {
            to
        } else {
            safety.general
        };
        !self.in_check_at(&cells, g, safety.k)
    }

    /// The legal targets of the piece `cell` on `from` of `safety.k`.
    #[inline]
    pub fn legal_targets(&self, board: &Board, safety: &Safety, from: usize, cell: u8) -> Bits {
        let targets = self.targets(&board.cells, board.own[usize::from(safety.k)], from, cell);
        let (mut sure, mut doubtful) =
            if safety.in_check || from == safety.general || safety.watch.has(from) {
                (Bits::EMPTY, targets)
            } else {
                (targets.minus(safety.watch), targets.and(safety.watch))
            };
        while let Some(to) = doubtful.pop() {
            if self.safe(board, safety, from, to) {
                sure.set(to);
            }
        }
        sure
    }

    /// Calls `each(from, legal targets)` for every piece of `k`.
    #[inline]
    pub fn each_piece(&self, board: &Board, k: u8, mut each: impl FnMut(usize, Bits)) {
        if board.general[usize::from(k)] == NO_POINT {
            return;
        }
        let safety = self.safety(board, k);
        let mut pieces = board.own[usize::from(k)];
        while let Some(from) = pieces.pop() {
            each(
                from,
                self.legal_targets(board, &safety, from, board.cells[from]),
            );
        }
    }

    /// The number of legal moves of `k` (perft's last ply).
    pub fn count_of(&self, board: &Board, k: u8) -> u64 {
        let mut count = 0;
        self.each_piece(board, k, |_, targets| count += targets.count());
        count
    }

    /// Clause tk.T8: whether `k`, judged as if it were to move, has a
    /// legal move (right after capture effects).
    pub fn has_legal_move(&self, board: &Board, k: u8) -> bool {
        if board.general[usize::from(k)] == NO_POINT {
            return false;
        }
        let safety = self.safety(board, k);
        let mut pieces = board.own[usize::from(k)];
        while let Some(from) = pieces.pop() {
            if self.any_legal_target(board, &safety, from, board.cells[from]) {
                return true;
            }
        }
        false
    }

    /// Whether the piece `cell` on `from` of `safety.k` has a legal move.
    #[inline]
    fn any_legal_target(&self, board: &Board, safety: &Safety, from: usize, cell: u8) -> bool {
        let k = usize::from(safety.k);
        let targets = self.targets(&board.cells, board.own[k], from, cell);
        let mut doubtful = if safety.in_check || from == safety.general || safety.watch.has(from) {
            targets
        } else if !targets.minus(safety.watch).is_empty() {
            return true;
        } else {
            targets.and(safety.watch)
        };
        while let Some(to) = doubtful.pop() {
            if self.safe(board, safety, from, to) {
                return true;
            }
        }
        false
    }
}
