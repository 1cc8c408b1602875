//! The fast path's legal moves: clause 5's king-safety test judged from
//! the mover's king (check and pins), the walk over the legal moves in the
//! reference order, the bulk count of perft's last ply, and "can move".

use crate::cell::Cell;
use crate::moves::Move;
use crate::party::Party;
use crate::piece::PieceKind;

use super::bits::Bits;
use super::board::Board;
use super::generate::FastRules;

/// What the king-safety test needs to know about the mover's king.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Safety {
    /// The party it was judged for.
    pub(super) party: Party,
    /// The king's cell index.
    pub(super) king: usize,
    /// The origins whose moves need the full test: every one when the
    /// king is in check or under R-BISHOP=flanks-block (where a vacated
    /// flank opens a diagonal that does not pass the origin), else the
    /// pinned pieces. King moves are always tested.
    pub(super) risky: Bits,
}

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

    /// Walks the legal moves of `party` (`movegen::legal_moves_of`, in the
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
        let kinds = board.trays[party].promotable().count() as u64;
        // R-PROMO: the moves a pawn arriving in its zone makes.
        let choices = match kinds {
            0 => 1,
            _ => kinds + u64::from(self.optional_promotion),
        };
        let mut count = 0;
        for kind in PieceKind::ALL {
            let pawn = kind == PieceKind::Pawn;
            for from in (own & board.by_kind[kind.index()]).iter() {
                let targets = self.targets(board, party, kind, from, own);
                if kind == PieceKind::King || safety.risky.has(from) {
                    for to in targets.iter() {
                        if self.keeps_king_safe(board, safety.king, kind, from, to, hostile) {
                            count += if pawn && zone.has(to) { choices } else { 1 };
                        }
                    }
                } else if pawn {
                    let promoting = targets & zone;
                    count += u64::from(targets.count());
                    if promoting.any() {
                        count += u64::from(promoting.count()) * (choices - 1);
                    }
                } else {
                    count += u64::from(targets.count());
                }
            }
        }
        count
    }

    /// Clauses 11 and 14 (`movegen::has_legal_move`): whether `party` has
    /// a legal move.
    pub fn has_legal_move(&self, board: &Board, party: Party) -> bool {
        board.is_active(party)
            && self
                .safety_on(board, party)
                .is_some_and(|safety| self.walk(board, &safety, |_| false))
    }
}
