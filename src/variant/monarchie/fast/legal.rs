//! The fast path's legal moves: clause 5's king-safety test judged from
//! the mover's king (check and pins), the walk over the legal moves in the
//! reference order, the bulk count of perft's last ply, and "can move".

use crate::variant::monarchie::cell::Cell;
use crate::variant::monarchie::moves::Move;
use crate::variant::monarchie::party::Party;
use crate::variant::monarchie::piece::PieceKind;

use super::bits::Bits;
use super::board::{Board, Safety};
use super::generate::FastRules;
use super::tables::{NONE, SIDE_LINES};

impl FastRules {
    /// The [`Safety`] of `party`'s king; `checked` when the caller knows
    /// whether it is in check (the next-mover search does). `None` for a
    /// party without a king (eliminated).
    pub(super) fn safety(
        &self,
        board: &Board,
        party: Party,
        checked: Option<bool>,
    ) -> Option<Safety> {
        let king = board.king(party)?;
        let own = board.by_party[party.index()];
        let hostile = board.live & !own;
        let checked =
            checked.unwrap_or_else(|| self.attacked(board, king, board.occupied, hostile));
        let risky = if checked || self.flanks {
            !Bits::EMPTY
        } else {
            self.pinned(board, king, own, hostile)
        };
        Some(Safety { party, king, risky })
    }

    /// The safety of `party` on `board`: the one the transition stored
    /// for the party to move, else computed.
    #[inline]
    fn safety_on(&self, board: &Board, party: Party) -> Option<Safety> {
        match board.safety {
            Some(safety) if safety.party == party => Some(safety),
            _ => self.safety(board, party, None),
        }
    }

    /// Walks the legal moves of `party` (`legality::legal_moves_of`, in the
    /// same order: by origin, then target, then promotion choice), calling
    /// `visit` for each until it returns `false`. Returns whether the walk
    /// was stopped.
    #[inline]
    pub(super) fn walk(
        &self,
        board: &Board,
        safety: &Safety,
        mut visit: impl FnMut(Move) -> bool,
    ) -> bool {
        let party = safety.party;
        let own = board.by_party[party.index()];
        let hostile = board.live & !own;
        let zone = self.tables.zones[self.zone][party.index()];
        let tray = board.trays[party];
        for from in own.iter() {
            let kind = board.kind_at(from);
            let targets = self.targets(board, party, kind, from, own);
            let test = kind == PieceKind::King || safety.risky.has(from);
            for to in targets.iter() {
                if test && !self.keeps_king_safe(board, safety.king, kind, from, to, hostile) {
                    continue;
                }
                let mv = Move::new(Cell::from_index(from), Cell::from_index(to));
                // R-PROMO (`movegen::promotion_choices`).
                if kind == PieceKind::Pawn && zone.has(to) && tray.promotable().next().is_some() {
                    if self.optional_promotion && !visit(mv) {
                        return true;
                    }
                    for promoted in tray.promotable() {
                        if !visit(mv.promoting(promoted)) {
                            return true;
                        }
                    }
                } else if !visit(mv) {
                    return true;
                }
            }
        }
        false
    }

    /// The legal moves of `party`, appended to `out`.
    pub fn moves_of(&self, board: &Board, party: Party, out: &mut Vec<Move>) {
        if let Some(safety) = self.safety_on(board, party) {
            self.walk(board, &safety, |mv| {
                out.push(mv);
                true
            });
        }
    }

    /// The number of legal moves of `party` (perft's bulk count): the
    /// targets of a piece that needs no test are counted as a set.
    pub fn count_of(&self, board: &Board, party: Party) -> u64 {
        let Some(safety) = self.safety_on(board, party) else {
            return 0;
        };
        let own = board.by_party[party.index()];
        let hostile = board.live & !own;
        let zone = self.tables.zones[self.zone][party.index()];
        let promotable = board.trays[party].promotable().count() as u64;
        // R-PROMO: the moves a pawn arriving in its zone makes.
        let choices = match promotable {
            0 => 1,
            _ => promotable + u64::from(self.optional_promotion),
        };
        let kinds = &board.by_kind;
        let kings = kinds[PieceKind::King.index()];
        // The king and the risky pieces: every target gets the test.
        let tested = own & (safety.risky | kings);
        let mut count = 0;
        for from in tested.iter() {
            let kind = board.kind_at(from);
            let pawn = kind == PieceKind::Pawn;
            let targets = self.targets(board, party, kind, from, own);
            for to in targets.iter() {
                if self.keeps_king_safe(board, safety.king, kind, from, to, hostile) {
                    count += if pawn && zone.has(to) { choices } else { 1 };
                }
            }
        }
        // The free pieces, kind by kind: their targets are their moves.
        let free = own & !tested;
        if free.is_empty() {
            return count;
        }
        let t = self.tables;
        let occupied = board.occupied;
        let straight = |from: usize| {
            u64::from(t.reach_count(
                from,
                SIDE_LINES,
                self.straight_end - SIDE_LINES,
                occupied,
                own,
            ))
        };
        let diagonal =
            |from: usize| u64::from(t.reach_count(from, self.diagonal_lines, 6, occupied, own));
        let set_count = |kind: PieceKind, from: usize| {
            u64::from(self.targets(board, party, kind, from, own).count())
        };
        for from in (free & kinds[PieceKind::Queen.index()]).iter() {
            count += if self.count_queen {
                straight(from) + diagonal(from)
            } else {
                set_count(PieceKind::Queen, from)
            };
        }
        for from in (free & kinds[PieceKind::Rook.index()]).iter() {
            count += if self.count_rook {
                straight(from)
            } else {
                set_count(PieceKind::Rook, from)
            };
        }
        for from in (free & kinds[PieceKind::Bishop.index()]).iter() {
            count += if self.count_bishop {
                diagonal(from)
            } else {
                set_count(PieceKind::Bishop, from)
            };
        }
        let knights = &t.knight_to[self.knight];
        for from in (free & kinds[PieceKind::Knight.index()]).iter() {
            count += u64::from((knights[from] & !own).count());
        }
        let pawns = free & kinds[PieceKind::Pawn.index()];
        // Unmoved pawns step by step, the others (and every pawn under
        // R-PAWN-START=steps-too) by their target set.
        let (unmoved, moved) = if self.steps_too {
            (Bits::EMPTY, pawns)
        } else {
            (pawns & board.unmoved, pawns & !board.unmoved)
        };
        for from in unmoved.iter() {
            count += self.unmoved_pawn_count(board, party, from, zone, choices);
        }
        for from in moved.iter() {
            let targets = self.targets(board, party, PieceKind::Pawn, from, own);
            let promoting = targets & zone;
            count += u64::from(targets.count());
            if promoting.any() {
                count += u64::from(promoting.count()) * (choices - 1);
            }
        }
        count
    }

    /// The number of moves of an unmoved pawn that needs no king-safety
    /// test, as `targets` finds them without R-PAWN-START=steps-too
    /// (clause 7 and R-PAWN-DIR): one or two empty cells along each usable
    /// start side, each promotion choice a move (R-PROMO).
    #[inline(always)]
    fn unmoved_pawn_count(
        &self,
        board: &Board,
        party: Party,
        from: usize,
        zone: Bits,
        choices: u64,
    ) -> u64 {
        let t = self.tables;
        let occupied = board.occupied;
        let weight = |cell: usize| if zone.has(cell) { choices } else { 1 };
        let mut count = 0;
        for &side in self.start_sides_of(party) {
            let one = t.neighbours[from][side];
            if one == NONE || occupied.has(usize::from(one)) {
                continue;
            }
            count += weight(usize::from(one));
            let two = t.neighbours[usize::from(one)][side];
            if two != NONE && !occupied.has(usize::from(two)) {
                count += weight(usize::from(two));
            }
        }
        count
    }

    /// Clauses 11 and 14 (`legality::has_legal_move`): whether `party` has
    /// a legal move.
    pub fn has_legal_move(&self, board: &Board, party: Party) -> bool {
        board.is_active(party)
            && self
                .safety_on(board, party)
                .is_some_and(|safety| self.walk(board, &safety, |_| false))
    }
}
