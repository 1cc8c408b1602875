//! The fast path's game state: the same fields as
//! [`Position`], with the board held as
//! bitboards per party and per kind instead of a cell array. It is built
//! from a `Position` and turned back into one, so the two paths can be
//! compared field for field. Beside the state it keeps what the
//! transition found out, which is no part of the state: the mover's king
//! [`Safety`] and the kings in check as a [`PartySet`].

use crate::variant::monarchie::cell::Cell;
use crate::variant::monarchie::party::{ByParty, Party};
use crate::variant::monarchie::piece::{Piece, PieceKind};
use crate::variant::monarchie::position::Position;
use crate::variant::monarchie::setup::{Placed, Setup, Tray};

use super::bits::Bits;

/// No king (an eliminated party).
pub(super) const NO_KING: u8 = u8::MAX;

/// A set of parties as bits (`1 << party index`).
pub type PartySet = u8;

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

/// A playable position as bitboards. Build it with [`Board::from_position`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    /// Every occupied cell, dead blockers included.
    pub(super) occupied: Bits,
    /// The pieces of active parties.
    pub(super) live: Bits,
    /// `[party]`: the pieces of each party, alive or dead.
    pub(super) by_party: [Bits; 6],
    /// `[kind]`: the pieces of each kind (`PieceKind::index` order).
    pub(super) by_kind: [Bits; 6],
    /// Pawns that still have their start move.
    pub(super) unmoved: Bits,
    /// `[party]`: whether it is still in the game.
    pub(super) active: [bool; 6],
    /// `[party]`: the king's cell index, or [`NO_KING`].
    pub(super) kings: [u8; 6],
    pub(super) trays: ByParty<Tray>,
    pub(super) to_move: Option<Party>,
    pub(super) clocks: Option<ByParty<u32>>,
    pub(super) check_anchor: Option<Party>,
    pub(super) postponed: [Option<Party>; 6],
    /// The king safety of the party to move, as the transition judged it
    /// when it asked whether that party can move (not part of the state).
    pub(super) safety: Option<Safety>,
    /// The active parties whose king is attacked, as the transition found
    /// them (`fast::checks`; not part of the state, `None` when not known).
    pub(super) checks: Option<PartySet>,
}

impl Board {
    /// The bitboard form of a position.
    pub fn from_position(position: &Position) -> Board {
        let mut board = Board {
            occupied: Bits::EMPTY,
            live: Bits::EMPTY,
            by_party: [Bits::EMPTY; 6],
            by_kind: [Bits::EMPTY; 6],
            unmoved: Bits::EMPTY,
            active: Party::ALL.map(|party| position.is_active(party)),
            kings: Party::ALL
                .map(|party| position.king(party).map_or(NO_KING, |c| c.index() as u8)),
            trays: ByParty::from_fn(|party| *position.tray(party)),
            to_move: position.to_move(),
            clocks: position.clocks().copied(),
            check_anchor: position.check_anchor(),
            postponed: [None; 6],
            safety: None,
            checks: None,
        };
        for (slot, party) in board.postponed.iter_mut().zip(position.postponed()) {
            *slot = Some(party);
        }
        for (cell, piece) in position.pieces() {
            let i = cell.index();
            board.occupied.set(i);
            board.by_party[piece.party.index()].set(i);
            board.by_kind[piece.kind.index()].set(i);
            if position.is_active(piece.party) {
                board.live.set(i);
            }
        }
        for cell in position.unmoved_pawns().iter() {
            board.unmoved.set(cell.index());
        }
        board
    }

    /// The same state as a [`Position`].
    ///
    /// # Panics
    /// Never for a board made from a position and changed by the fast
    /// rules (they keep every structural rule); the differential tests
    /// check this.
    pub fn to_position(&self) -> Position {
        let mut setup = Setup {
            trays: self.trays,
            to_move: self.to_move,
            clocks: self.clocks,
            check_anchor: self.check_anchor,
            postponed: self.postponed.iter().map_while(|&p| p).collect(),
            ..Setup::default()
        };
        for i in self.occupied.iter() {
            let Some(piece) = self.piece_at(i) else {
                continue;
            };
            let placed = Placed {
                cell: Cell::from_index(i),
                piece,
            };
            if self.active[piece.party.index()] {
                setup.pieces.push(placed);
            } else {
                setup.dead_blockers.push(placed);
            }
        }
        setup.unmoved_pawns = self.unmoved.iter().map(Cell::from_index).collect();
        setup.eliminated = Party::ALL
            .into_iter()
            .filter(|party| !self.active[party.index()])
            .collect();
        Position::from_setup(&setup)
            .unwrap_or_else(|error| panic!("the fast path made an invalid position: {error}"))
    }

    /// The piece on a cell index, alive or dead.
    #[inline]
    pub fn piece_at(&self, index: usize) -> Option<Piece> {
        if !self.occupied.has(index) {
            return None;
        }
        let party = (0..6).find(|&p| self.by_party[p].has(index))?;
        let kind = (0..6).find(|&k| self.by_kind[k].has(index))?;
        Some(Piece::new(Party::from_index(party), PieceKind::ALL[kind]))
    }

    /// The kind of the piece on an occupied cell index.
    #[inline(always)]
    pub(super) fn kind_at(&self, index: usize) -> PieceKind {
        let kind = (0..5).find(|&k| self.by_kind[k].has(index)).unwrap_or(5);
        PieceKind::ALL[kind]
    }

    /// The party of the piece on an occupied cell index.
    #[inline(always)]
    pub(super) fn party_at(&self, index: usize) -> Party {
        Party::from_index((0..5).find(|&p| self.by_party[p].has(index)).unwrap_or(5))
    }

    /// The party to move; `None` when the game is over.
    pub fn to_move(&self) -> Option<Party> {
        self.to_move
    }

    /// Whether a party is still in the game.
    #[inline(always)]
    pub(super) fn is_active(&self, party: Party) -> bool {
        self.active[party.index()]
    }

    /// How many parties are still in the game.
    #[inline]
    pub(super) fn active_count(&self) -> usize {
        self.active.iter().filter(|&&a| a).count()
    }

    /// The king of a party, if it has one.
    #[inline(always)]
    pub(super) fn king(&self, party: Party) -> Option<usize> {
        match self.kings[party.index()] {
            NO_KING => None,
            index => Some(index as usize),
        }
    }

    /// Takes the piece on `index` off every set.
    #[inline(always)]
    pub(super) fn lift(&mut self, index: usize, party: Party, kind: PieceKind) {
        self.occupied.clear(index);
        self.live.clear(index);
        self.by_party[party.index()].clear(index);
        self.by_kind[kind.index()].clear(index);
    }

    /// Puts a live piece on an empty `index`.
    #[inline(always)]
    pub(super) fn drop(&mut self, index: usize, party: Party, kind: PieceKind) {
        self.occupied.set(index);
        self.live.set(index);
        self.by_party[party.index()].set(index);
        self.by_kind[kind.index()].set(index);
    }

    /// Clause 4, as `Position::eliminate`: the party leaves the game; its
    /// king is removed, its other pieces stay as dead blockers, its pawns
    /// lose their start move, a check anchor on it goes.
    pub(super) fn eliminate(&mut self, party: Party) {
        if let Some(king) = self.king(party) {
            self.lift(king, party, PieceKind::King);
            self.kings[party.index()] = NO_KING;
        }
        self.active[party.index()] = false;
        let pieces = self.by_party[party.index()];
        self.live &= !pieces;
        self.unmoved &= !pieces;
        if self.check_anchor == Some(party) {
            self.check_anchor = None;
        }
    }

    /// R-CHECK-PRIORITY=postpone: the owed turns, oldest first.
    pub(super) fn postponed(&self) -> impl Iterator<Item = Party> + '_ {
        self.postponed.iter().map_while(|&slot| slot)
    }

    /// As `Position::postpone`.
    pub(super) fn postpone(&mut self, party: Party) {
        if self.postponed().any(|owed| owed == party) {
            return;
        }
        if let Some(slot) = self.postponed.iter_mut().find(|slot| slot.is_none()) {
            *slot = Some(party);
        }
    }

    /// As `Position::settle_postponed`.
    pub(super) fn settle_postponed(&mut self, party: Party) {
        let mut kept = [None; 6];
        let mut count = 0;
        for owed in self.postponed() {
            if owed != party {
                kept[count] = Some(owed);
                count += 1;
            }
        }
        self.postponed = kept;
    }
}
