//! The fast path's transition after a move (clauses tk.T6, tk.T8; R-TURN,
//! R-TRAP, R-HEIR, R-TAKEOVER), step by step as the rule code's
//! [`super::super::transition`]: the capture and a captured general's
//! army taken over, the every-move defeats, the R-HEIR history, the turn
//! handed on with turn-start defeats, the counter.

use super::board::{kind, owner, Board, ADVISOR, ELEPHANT, GENERAL, NOBODY, NO_POINT};
use super::FastRules;

impl FastRules {
    /// R-TAKEOVER: `victim` is defeated; its general leaves the board,
    /// every other piece it owns goes to `heir` keeping point and home
    /// (advisors and elephants leave instead under
    /// `remove-palace-pieces`); R-HEIR claims on the victim pass to the
    /// heir.
    pub fn defeat(&self, board: &mut Board, victim: u8, heir: u8) {
        let v = usize::from(victim);
        let g = board.general[v];
        if g != NO_POINT {
            board.lift(usize::from(g));
        }
        let mut army = board.own[v];
        while let Some(p) = army.pop() {
            let cell = board.lift(p);
            if self.remove_palace_pieces && matches!(kind(cell), ADVISOR | ELEPHANT) {
                continue;
            }
            board.put(p, (cell & !0x30) | heir << 4);
        }
        board.active[v] = false;
        board.trapped_since[v] = NOBODY;
        for (index, slot) in board.trapped_since.iter_mut().enumerate() {
            if *slot == victim {
                *slot = if usize::from(heir) != index {
                    heir
                } else {
                    NOBODY
                };
            }
        }
        if board.last_mover == victim {
            board.last_mover = heir;
        }
    }

    /// Step 1: the piece moves; a captured piece leaves; a captured
    /// general's kingdom is defeated, the mover its heir. Whether a
    /// piece was captured.
    #[inline]
    pub fn move_and_capture(&self, board: &mut Board, mover: u8, from: usize, to: usize) -> bool {
        let piece = board.lift(from);
        let captured = board.lift(to);
        board.put(to, piece);
        if kind(captured) == GENERAL && board.active[usize::from(owner(captured))] {
            self.defeat(board, owner(captured), mover);
        }
        captured != 0
    }

    /// R-HEIR: the heir of the trapped kingdom `k`.
    fn heir_of(&self, board: &Board, k: u8) -> u8 {
        let active = |q: u8| q != NOBODY && q != k && board.active[usize::from(q)];
        let trapper = board.trapped_since[usize::from(k)];
        if self.heir_trapper && active(trapper) {
            trapper
        } else if active(board.last_mover) {
            board.last_mover
        } else {
            board.previous_active(k)
        }
    }

    /// Step 3 from `first`: the first active kingdom with a legal move is
    /// to move, each one without is defeated (R-TRAP, R-HEIR); `known`
    /// says whether `first` has a legal move, if already judged. Whether
    /// anybody was defeated.
    pub fn examine_from(&self, board: &mut Board, first: u8, mut known: Option<bool>) -> bool {
        let mut q = first;
        let mut defeated = false;
        loop {
            if board.active_count() <= 1 {
                board.to_move = NOBODY;
                return defeated;
            }
            if !board.active[usize::from(q)] {
                q = board.next_active(q);
                known = None;
                continue;
            }
            if known
                .take()
                .unwrap_or_else(|| self.has_legal_move(board, q))
            {
                board.to_move = q;
                return defeated;
            }
            let heir = self.heir_of(board, q);
            self.defeat(board, q, heir);
            defeated = true;
            q = board.next_active(q);
        }
    }

    /// The whole transition of `mover`'s legal move from `from` to `to`
    /// (steps 1-3 and the counter).
    pub fn play_move(&self, board: &Board, from: usize, to: usize) -> Board {
        let mut next = *board;
        let mover = board.to_move;
        let alive = next.active_count();
        let captured = self.move_and_capture(&mut next, mover, from, to);
        let mut defeated = next.active_count() != alive;
        if next.active_count() <= 1 {
            next.to_move = NOBODY;
            next.last_mover = mover;
        } else {
            defeated |= self.after_move(&mut next, mover);
        }
        if captured || defeated {
            next.quiet = 0;
        } else {
            next.quiet += 1;
        }
        next
    }

    /// Steps 2 and 3 after `mover`'s move and capture effects. Whether
    /// anybody was defeated.
    fn after_move(&self, board: &mut Board, mover: u8) -> bool {
        let mut defeated = false;
        // Step 2 (R-TRAP=every-move).
        if self.every_move {
            loop {
                let trapped = (0..3).find(|&k| {
                    k != mover
                        && board.active[usize::from(k)]
                        && board.active_count() > 1
                        && !self.has_legal_move(board, k)
                });
                let Some(k) = trapped else { break };
                self.defeat(board, k, mover);
                defeated = true;
            }
        }
        // The R-HEIR history.
        board.trapped_since[usize::from(mover)] = NOBODY;
        let next = board.next_active(mover);
        let mut known = None;
        if self.heir_trapper {
            for k in 0..3u8 {
                if k == mover || !board.active[usize::from(k)] {
                    continue;
                }
                let has = self.has_legal_move(board, k);
                if k == next {
                    known = Some(has);
                }
                if has {
                    board.trapped_since[usize::from(k)] = NOBODY;
                } else if board.trapped_since[usize::from(k)] == NOBODY {
                    board.trapped_since[usize::from(k)] = mover;
                }
            }
        }
        board.last_mover = mover;
        // Step 3.
        defeated | self.examine_from(board, next, known)
    }
}
