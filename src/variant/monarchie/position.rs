//! A validated, playable game state.

use crate::variant::monarchie::cell::{Cell, CellSet, CELL_COUNT};
use crate::variant::monarchie::party::{ByParty, Party};
use crate::variant::monarchie::piece::{Piece, PieceKind};
use crate::variant::monarchie::setup::{Placed, Setup, SetupError, SetupProblem, Tray};
use crate::variant::monarchie::start::{StartArmy, START_CLOCK_SECONDS};

/// What stands on a cell, seen by the rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Occupant {
    /// Nothing.
    Empty,
    /// A piece of an active party.
    Active(Piece),
    /// A dead blocker: a piece of an eliminated party (clause 4).
    Dead(Piece),
}

/// A game state that satisfies every structural rule: each active party has
/// exactly one king, eliminated parties have none, one piece per cell,
/// unmoved pawns on their own start cells, an active party to move unless
/// the game is over. Build it with [`Position::from_setup`].
#[derive(Clone, Debug)]
pub struct Position {
    board: [Option<Piece>; CELL_COUNT],
    /// The cells of `board` that hold a piece, kept with it, so that
    /// walking the pieces visits only those.
    occupied: CellSet,
    unmoved: CellSet,
    active: ByParty<bool>,
    kings: ByParty<Option<Cell>>,
    trays: ByParty<Tray>,
    to_move: Option<Party>,
    clocks: Option<ByParty<u32>>,
    check_anchor: Option<Party>,
    /// R-CHECK-PRIORITY=postpone: parties owed a turn by clause 8.1 or 13
    /// that a pending check outranked, oldest first (each at most once).
    postponed: [Option<Party>; 6],
    /// Only for the reading `CapturedPartyTurn::ReplyInterrupts` of clause
    /// 8.1 (M-CAPTURED-REPLY-INTERRUPTS): the captured party due to reply
    /// and the capturer whose turn its reply interrupts. `None` in every
    /// game without that fault; never part of the notation.
    interrupted_reply: Option<(Party, Party)>,
}

/// Two positions are equal when every field is, the cheap fields first
/// (positions that differ mostly differ in their occupied cells). The
/// boards are compared on the occupied cells only: every other cell is
/// empty in both, since `occupied` is kept equal to the board's pieces
/// (which [`Position::pieces`] relies on too; debug builds check it here).
impl PartialEq for Position {
    fn eq(&self, other: &Self) -> bool {
        let equal = self.occupied == other.occupied
            && self.to_move == other.to_move
            && self.kings == other.kings
            && self.unmoved == other.unmoved
            && self.active == other.active
            && self.check_anchor == other.check_anchor
            && self.clocks == other.clocks
            && self.postponed == other.postponed
            && self.interrupted_reply == other.interrupted_reply
            && self.trays == other.trays
            && self
                .occupied
                .iter()
                .all(|cell| self.board[cell.index()] == other.board[cell.index()]);
        debug_assert!(
            !equal || self.board == other.board,
            "a cell outside `occupied` holds a piece"
        );
        equal
    }
}

impl Eq for Position {}

/// Hashes every field that [`PartialEq`] compares.
impl std::hash::Hash for Position {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.board.hash(state);
        self.occupied.hash(state);
        self.unmoved.hash(state);
        self.active.hash(state);
        self.kings.hash(state);
        self.trays.hash(state);
        self.to_move.hash(state);
        self.clocks.hash(state);
        self.check_anchor.hash(state);
        self.postponed.hash(state);
        // Hashed only when set, so that a position of a game without the
        // fault M-CAPTURED-REPLY-INTERRUPTS hashes as it always did.
        if let Some(reply) = self.interrupted_reply {
            reply.hash(state);
        }
    }
}

/// The owed turns as fixed slots, oldest first, each party once.
fn owed_slots(parties: &[Party]) -> [Option<Party>; 6] {
    let mut slots = [None; 6];
    let mut count = 0;
    for &party in parties {
        if count < 6 && !slots[..count].contains(&Some(party)) {
            slots[count] = Some(party);
            count += 1;
        }
    }
    slots
}

impl Position {
    /// Validates a setup, reporting every problem at once.
    ///
    /// # Errors
    /// [`SetupError`] listing each [`SetupProblem`] found.
    pub fn from_setup(setup: &Setup) -> Result<Position, SetupError> {
        let mut problems = Vec::new();
        let mut board = [None; CELL_COUNT];
        let mut active = ByParty([true; 6]);
        for &party in &setup.eliminated {
            if !active[party] {
                problems.push(SetupProblem::EliminatedTwice(party));
            }
            active[party] = false;
        }
        let mut place = |placed: &Placed, problems: &mut Vec<SetupProblem>| {
            let slot = &mut board[placed.cell.index()];
            if slot.is_some() {
                problems.push(SetupProblem::DoubleOccupied(placed.cell));
            }
            *slot = Some(placed.piece);
        };
        let mut kings: ByParty<Vec<Cell>> = ByParty::default();
        for placed in &setup.pieces {
            let Piece { party, kind } = placed.piece;
            if !active[party] {
                problems.push(SetupProblem::PieceOfEliminatedParty {
                    party,
                    kind,
                    cell: placed.cell,
                });
            }
            if kind == PieceKind::King {
                kings[party].push(placed.cell);
            }
            place(placed, &mut problems);
        }
        for placed in &setup.dead_blockers {
            if active[placed.piece.party] {
                problems.push(SetupProblem::DeadBlockerOfActiveParty {
                    cell: placed.cell,
                    party: placed.piece.party,
                });
            }
            if placed.piece.kind == PieceKind::King {
                problems.push(SetupProblem::DeadKing(placed.cell));
            }
            place(placed, &mut problems);
        }
        for party in Party::ALL {
            if active[party] {
                match kings[party].len() {
                    0 => problems.push(SetupProblem::MissingKing(party)),
                    1 => {}
                    count => problems.push(SetupProblem::ExtraKings { party, count }),
                }
            }
        }
        let mut unmoved = CellSet::EMPTY;
        for &cell in &setup.unmoved_pawns {
            if unmoved.contains(cell) {
                problems.push(SetupProblem::UnmovedTwice(cell));
            }
            unmoved.insert(cell);
            match board[cell.index()] {
                Some(Piece {
                    party,
                    kind: PieceKind::Pawn,
                }) if active[party] => {
                    if !StartArmy::of(party).is_pawn_start(cell) {
                        problems.push(SetupProblem::UnmovedOffStart { cell, party });
                    }
                }
                _ => problems.push(SetupProblem::UnmovedWithoutPawn(cell)),
            }
        }
        for (party, tray) in setup.trays.iter() {
            if tray.count(PieceKind::King) > 0 {
                problems.push(SetupProblem::KingInTray(party));
            }
        }
        if let Some(clocks) = &setup.clocks {
            // R-END: the winner of a finished game may have used its last
            // second on the winning move.
            let game_over = Party::ALL.iter().filter(|&&p| active[p]).count() <= 1;
            for (party, &seconds) in clocks.iter() {
                if seconds > START_CLOCK_SECONDS {
                    problems.push(SetupProblem::ClockTooHigh { party, seconds });
                } else if seconds == 0 && active[party] && !game_over {
                    problems.push(SetupProblem::ActiveWithoutTime(party));
                }
            }
        }
        let active_count = Party::ALL.iter().filter(|&&p| active[p]).count();
        match setup.to_move {
            Some(party) if !active[party] => problems.push(SetupProblem::ToMoveNotActive(party)),
            Some(party) if active_count <= 1 => problems.push(SetupProblem::ToMoveAfterEnd(party)),
            None if active_count > 1 => problems.push(SetupProblem::NobodyToMove(active_count)),
            _ => {}
        }
        if let Some(anchor) = setup.check_anchor {
            if !active[anchor] {
                problems.push(SetupProblem::AnchorNotActive(anchor));
            }
        }
        if !problems.is_empty() {
            return Err(SetupError(problems));
        }
        Ok(Position {
            board,
            occupied: Cell::all()
                .filter(|cell| board[cell.index()].is_some())
                .collect(),
            unmoved,
            active,
            kings: kings.map(|_, cells| cells.first().copied()),
            trays: setup.trays,
            to_move: setup.to_move,
            clocks: setup.clocks,
            check_anchor: setup.check_anchor,
            postponed: owed_slots(&setup.postponed),
            interrupted_reply: None,
        })
    }

    /// The Anhang A start position, untimed, Blau to move.
    pub fn start() -> Position {
        Position::from_setup(&crate::variant::monarchie::start::start_setup())
            .unwrap_or_else(|error| unreachable!("Anhang A is a valid setup: {error}"))
    }

    /// The Anhang A start position with 20 minutes on every clock.
    pub fn timed_start() -> Position {
        Position::from_setup(&crate::variant::monarchie::start::timed_start_setup())
            .unwrap_or_else(|error| unreachable!("Anhang A is a valid setup: {error}"))
    }

    /// The plain data of this position; `from_setup` of it gives it back
    /// (all but the fault-only memory of an interrupted reply).
    pub fn to_setup(&self) -> Setup {
        let mut pieces = Vec::new();
        let mut dead_blockers = Vec::new();
        for cell in Cell::all() {
            if let Some(piece) = self.piece_at(cell) {
                let placed = Placed { cell, piece };
                if self.is_active(piece.party) {
                    pieces.push(placed);
                } else {
                    dead_blockers.push(placed);
                }
            }
        }
        Setup {
            pieces,
            dead_blockers,
            unmoved_pawns: self.unmoved.iter().collect(),
            eliminated: Party::ALL
                .into_iter()
                .filter(|&p| !self.is_active(p))
                .collect(),
            trays: self.trays,
            to_move: self.to_move,
            clocks: self.clocks,
            check_anchor: self.check_anchor,
            postponed: self.postponed().collect(),
        }
    }

    /// The piece on a cell, alive or dead.
    pub fn piece_at(&self, cell: Cell) -> Option<Piece> {
        self.board[cell.index()]
    }

    /// What stands on a cell, telling active pieces from dead blockers.
    pub fn occupant(&self, cell: Cell) -> Occupant {
        match self.board[cell.index()] {
            None => Occupant::Empty,
            Some(piece) if self.active[piece.party] => Occupant::Active(piece),
            Some(piece) => Occupant::Dead(piece),
        }
    }

    /// Whether a cell is empty.
    pub fn is_empty(&self, cell: Cell) -> bool {
        self.board[cell.index()].is_none()
    }

    /// Whether the pawn on `cell` has never moved and still has its start move.
    pub fn is_unmoved_pawn(&self, cell: Cell) -> bool {
        self.unmoved.contains(cell)
    }

    /// The cells of all unmoved pawns.
    pub fn unmoved_pawns(&self) -> &CellSet {
        &self.unmoved
    }

    /// Whether a party is still in the game (clause 4).
    pub fn is_active(&self, party: Party) -> bool {
        self.active[party]
    }

    /// The active parties in clockwise order from Blau.
    pub fn active_parties(&self) -> impl Iterator<Item = Party> + '_ {
        Party::ALL.into_iter().filter(|&p| self.active[p])
    }

    /// How many parties are active.
    pub fn active_count(&self) -> usize {
        self.active_parties().count()
    }

    /// The king of an active party.
    pub fn king(&self, party: Party) -> Option<Cell> {
        self.kings[party]
    }

    /// The tray of captured own pieces of a party (R-PROMO).
    pub fn tray(&self, party: Party) -> &Tray {
        &self.trays[party]
    }

    /// The party to move; `None` when the game is over.
    pub fn to_move(&self) -> Option<Party> {
        self.to_move
    }

    /// The winner: the only active party, once the game is over (R-END).
    pub fn winner(&self) -> Option<Party> {
        if self.active_count() == 1 {
            self.active_parties().next()
        } else {
            None
        }
    }

    /// Remaining seconds per party, when clocks run.
    pub fn clocks(&self) -> Option<&ByParty<u32>> {
        self.clocks.as_ref()
    }

    /// R-NEXT=trigger-anchor: the party that started the pending checks.
    pub fn check_anchor(&self) -> Option<Party> {
        self.check_anchor
    }

    /// R-CHECK-PRIORITY=postpone: the parties owed a turn, oldest first.
    pub fn postponed(&self) -> impl Iterator<Item = Party> + '_ {
        self.postponed.iter().map_while(|&slot| slot)
    }

    /// Whether any party is owed a turn (R-CHECK-PRIORITY=postpone).
    #[inline]
    pub fn has_postponed(&self) -> bool {
        self.postponed[0].is_some()
    }

    /// Under the reading `CapturedPartyTurn::ReplyInterrupts` of clause 8.1
    /// (M-CAPTURED-REPLY-INTERRUPTS): the captured party due to reply and
    /// the capturer whose turn it interrupts; `None` without the fault.
    pub fn interrupted_reply(&self) -> Option<(Party, Party)> {
        self.interrupted_reply
    }

    /// Every piece with its cell, in cell order.
    pub fn pieces(&self) -> impl Iterator<Item = (Cell, Piece)> + '_ {
        self.occupied
            .iter()
            .filter_map(move |cell| self.piece_at(cell).map(|piece| (cell, piece)))
    }

    /// Marks `cell` occupied or not, as `board` says.
    fn sync_occupied(&mut self, cell: Cell) {
        if self.board[cell.index()].is_some() {
            self.occupied.insert(cell);
        } else {
            self.occupied.remove(cell);
        }
    }

    // --- changes, used by the rules only ---

    /// Moves whatever is on `from` to `to`, returning what stood on `to`.
    pub(crate) fn relocate(&mut self, from: Cell, to: Cell) -> Option<Piece> {
        let moving = self.board[from.index()].take();
        let taken = std::mem::replace(&mut self.board[to.index()], moving);
        self.sync_occupied(from);
        self.sync_occupied(to);
        self.unmoved.remove(from);
        self.unmoved.remove(to);
        if let Some(Piece {
            party,
            kind: PieceKind::King,
        }) = moving
        {
            self.kings[party] = Some(to);
        }
        taken
    }

    /// Replaces the kind of the piece on `cell`.
    pub(crate) fn set_kind(&mut self, cell: Cell, kind: PieceKind) {
        if let Some(piece) = &mut self.board[cell.index()] {
            piece.kind = kind;
        }
    }

    /// The tray of a party, mutably.
    pub(crate) fn tray_mut(&mut self, party: Party) -> &mut Tray {
        &mut self.trays[party]
    }

    /// Clause 4: the party leaves the game; its king is removed, its other
    /// pieces stay as dead blockers.
    pub(crate) fn eliminate(&mut self, party: Party) {
        if let Some(cell) = self.kings[party].take() {
            self.board[cell.index()] = None;
            self.occupied.remove(cell);
        }
        self.active[party] = false;
        // A dead blocker never moves, so its pawns lose their start move:
        // the unmoved mark belongs to pawns of active parties only (the
        // rule `from_setup` checks), which keeps the notation round trip.
        let own_unmoved: Vec<Cell> = self
            .unmoved
            .iter()
            .filter(|&cell| self.board[cell.index()].is_some_and(|piece| piece.party == party))
            .collect();
        for cell in own_unmoved {
            self.unmoved.remove(cell);
        }
        if self.check_anchor == Some(party) {
            self.check_anchor = None;
        }
    }

    /// Takes every piece of `party` off the board (for the reading
    /// `EliminatedArmy::LeavesTheBoard` of clause 4 only,
    /// M-ELIM-REMOVES-PIECES).
    pub(crate) fn remove_pieces_of(&mut self, party: Party) {
        for slot in self.board.iter_mut() {
            if slot.is_some_and(|piece| piece.party == party) {
                *slot = None;
            }
        }
        for cell in Cell::all() {
            self.sync_occupied(cell);
        }
    }

    /// Records a king captured on a cell: the cell has already been taken
    /// over by the capturer, so only the bookkeeping changes.
    pub(crate) fn forget_king(&mut self, party: Party) {
        self.kings[party] = None;
    }

    /// Sets the party to move.
    pub(crate) fn set_to_move(&mut self, party: Option<Party>) {
        self.to_move = party;
    }

    /// R-CHECK-PRIORITY=postpone: keeps a claim outranked by a check.
    pub(crate) fn postpone(&mut self, party: Party) {
        if self.postponed().any(|owed| owed == party) {
            return;
        }
        if let Some(slot) = self.postponed.iter_mut().find(|slot| slot.is_none()) {
            *slot = Some(party);
        }
    }

    /// R-CHECK-PRIORITY=postpone: a party got its turn with no check
    /// pending (or left the game); its kept claims are settled.
    pub(crate) fn settle_postponed(&mut self, party: Party) {
        let kept: Vec<Party> = self.postponed().filter(|&owed| owed != party).collect();
        self.postponed = owed_slots(&kept);
    }

    /// Under the reading `CapturedPartyTurn::ReplyInterrupts` of clause 8.1
    /// (M-CAPTURED-REPLY-INTERRUPTS): remembers or forgets the reply of a
    /// captured party (`(captured, capturer)`).
    pub(crate) fn set_interrupted_reply(&mut self, reply: Option<(Party, Party)>) {
        self.interrupted_reply = reply;
    }

    /// Sets the check anchor.
    pub(crate) fn set_check_anchor(&mut self, party: Option<Party>) {
        self.check_anchor = party;
    }

    /// Remaining seconds of all parties, mutably.
    pub(crate) fn clocks_mut(&mut self) -> Option<&mut ByParty<u32>> {
        self.clocks.as_mut()
    }
}
