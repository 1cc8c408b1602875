//! Which kings are in check after a move, found from what the move
//! changed instead of six full attack tests (R-NEXT step 1 asks about
//! every king after every move, and that was the fast path's largest
//! cost: `docs/perf.md`, "MONARCHIE: where the time goes").
//!
//! A king that was not attacked before a move can be attacked after it
//! only by the moved piece from its target, or by a slider whose line to
//! the king ran through the vacated origin: a capture only takes an
//! attacker away, a captured king's party leaves dead blockers on the
//! same cells, and no other cell changes. Where more changes (a party
//! eliminated by its clock or by having no move, whose king leaves its
//! cell) or where a vacated cell can open a line that does not pass it
//! (R-BISHOP=flanks-block's flanks), every king gets the full test
//! ([`FastRules::all_checks`]), and so does every king that was attacked
//! before. The differential tests compare the kept set with the full one
//! after every move (`fast::differential::Adapter::check_after`).

use crate::variant::monarchie::party::Party;
use crate::variant::monarchie::piece::PieceKind;

use super::bits::Bits;
use super::board::{Board, PartySet, NO_KING};
use super::generate::FastRules;

impl FastRules {
    /// Clause 9: the active parties whose king is attacked, each judged
    /// with the full attack test.
    pub fn all_checks(&self, board: &Board) -> PartySet {
        let mut checks = 0;
        for party in Party::ALL {
            if board.is_active(party) && self.in_check(board, party) {
                checks |= 1 << party.index();
            }
        }
        checks
    }

    /// Whether `party`'s king is attacked: from the set the transition
    /// kept, else by the full test.
    #[inline]
    pub(super) fn checked(&self, board: &Board, party: Party) -> bool {
        match board.checks {
            Some(checks) => checks & (1 << party.index()) != 0,
            None => self.in_check(board, party),
        }
    }

    /// Whether any active king is attacked.
    #[inline]
    pub(super) fn any_checked(&self, board: &Board) -> bool {
        match board.checks {
            Some(checks) => checks != 0,
            None => self.all_checks(board) != 0,
        }
    }

    /// The kings in check on `next`, the board after `actor` moved a
    /// piece from `from` to `to` (now of `kind`, promoted or not) on a
    /// board whose kings in check were `before` (`None`: not known).
    /// `simple`: the move changed only its origin and target (no party
    /// left the board by its clock).
    pub(super) fn checks_after(
        &self,
        next: &Board,
        before: Option<PartySet>,
        mv: (Party, PieceKind, usize, usize),
        simple: bool,
    ) -> PartySet {
        let (actor, kind, from, to) = mv;
        let Some(before) = before.filter(|_| simple && !self.flanks) else {
            return self.all_checks(next);
        };
        let occupied = next.occupied;
        let mut checks = 0;
        for party in Party::ALL {
            let index = party.index();
            // Clause 5: a listed move leaves the mover's king unattacked.
            if party == actor || !next.active[index] || next.kings[index] == NO_KING {
                continue;
            }
            let king = next.kings[index] as usize;
            let attacked = if before & (1 << index) != 0 {
                let hostile = next.live & !next.by_party[index];
                self.attacked(next, king, occupied, hostile)
            } else {
                // The moved piece from its target (an active piece of
                // another party), or a line opened at the origin.
                (next.live.has(to) && self.piece_attacks(next, kind, actor, to, king, occupied))
                    || self.attacked_through(next, party, king, from, occupied)
            };
            if attacked {
                checks |= 1 << index;
            }
        }
        checks
    }

    /// Whether an active slider of another party than `party` attacks
    /// `target` along a line that runs through the cell `through` (the
    /// lines of `attacked`, R-ROOK and R-DIAGONAL-NOTCH; not for
    /// R-BISHOP=flanks-block).
    fn attacked_through(
        &self,
        board: &Board,
        party: Party,
        target: usize,
        through: usize,
        occupied: Bits,
    ) -> bool {
        let kinds = &board.by_kind;
        let own = board.by_party[party.index()];
        let hostile = |cell: usize| board.live.has(cell) && !own.has(cell);
        let queen = |cell: usize| kinds[PieceKind::Queen.index()].has(cell);
        let straight = |cell: usize| {
            hostile(cell) && (kinds[PieceKind::Rook.index()].has(cell) || queen(cell))
        };
        let diagonal = |cell: usize| {
            hostile(cell) && (kinds[PieceKind::Bishop.index()].has(cell) || queen(cell))
        };
        self.first_through(target, through, 0, occupied, straight)
            || (self.braid && self.first_through(target, through, 1, occupied, straight))
            || self.first_through(target, through, self.diagonal_family(), occupied, diagonal)
    }
}
