//! An unvalidated description of a game state: what a scenario file or a
//! notation string holds. Only [`Position::from_setup`] turns it into a
//! playable [`Position`], and it reports every problem at once.
//!
//! [`Position`]: crate::variant::monarchie::position::Position
//! [`Position::from_setup`]: crate::variant::monarchie::position::Position::from_setup

use std::fmt;

use crate::variant::monarchie::cell::Cell;
use crate::variant::monarchie::party::{ByParty, Party};
use crate::variant::monarchie::piece::{Piece, PieceKind};

/// A piece standing on a cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Placed {
    /// Where it stands.
    pub cell: Cell,
    /// What it is and whose it is (or was, for a dead blocker).
    pub piece: Piece,
}

/// The captured pieces of one party that may come back by promotion
/// (R-PROMO): a count per kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Tray([u8; 6]);

impl Tray {
    /// An empty tray.
    pub const EMPTY: Tray = Tray([0; 6]);

    /// How many pieces it holds in all.
    pub fn total(&self) -> usize {
        self.0.iter().map(|&count| usize::from(count)).sum()
    }

    /// How many pieces of `kind` it holds.
    pub fn count(&self, kind: PieceKind) -> u8 {
        self.0[kind.index()]
    }

    /// Puts one piece of `kind` in.
    pub fn add(&mut self, kind: PieceKind) {
        self.0[kind.index()] = self.0[kind.index()].saturating_add(1);
    }

    /// Takes one piece of `kind` out; false if there was none.
    pub fn take(&mut self, kind: PieceKind) -> bool {
        let slot = &mut self.0[kind.index()];
        if *slot == 0 {
            false
        } else {
            *slot -= 1;
            true
        }
    }

    /// Whether it holds nothing.
    pub fn is_empty(&self) -> bool {
        self.0 == [0; 6]
    }

    /// Total number of pieces.
    pub fn len(&self) -> usize {
        self.0.iter().map(|&n| n as usize).sum()
    }

    /// The kinds a pawn could become from this tray, queen first.
    pub fn promotable(&self) -> impl Iterator<Item = PieceKind> + '_ {
        PieceKind::PROMOTABLE
            .into_iter()
            .filter(|&kind| self.count(kind) > 0)
    }

    /// Every piece, one entry each, in K Q R B N P order.
    pub fn kinds(&self) -> Vec<PieceKind> {
        PieceKind::ALL
            .into_iter()
            .flat_map(|kind| std::iter::repeat_n(kind, self.count(kind) as usize))
            .collect()
    }
}

impl FromIterator<PieceKind> for Tray {
    fn from_iter<I: IntoIterator<Item = PieceKind>>(iter: I) -> Self {
        let mut tray = Tray::EMPTY;
        for kind in iter {
            tray.add(kind);
        }
        tray
    }
}

impl fmt::Display for Tray {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for kind in self.kinds() {
            write!(f, "{}", kind.letter())?;
        }
        Ok(())
    }
}

/// Plain data for a game state, as read from a file. Nothing is checked
/// until it becomes a [`Position`](crate::variant::monarchie::position::Position).
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Setup {
    /// The pieces of the active parties.
    pub pieces: Vec<Placed>,
    /// Dead blockers: pieces of eliminated parties left on the board (clause 4).
    pub dead_blockers: Vec<Placed>,
    /// Pawns still on their own start cell that have never moved (6.6).
    pub unmoved_pawns: Vec<Cell>,
    /// Parties that have left the game.
    pub eliminated: Vec<Party>,
    /// Captured own pieces of each party, available for promotion.
    pub trays: ByParty<Tray>,
    /// The party to move; `None` only when the game is over.
    pub to_move: Option<Party>,
    /// Remaining seconds per party, when the game is timed (clause 15).
    pub clocks: Option<ByParty<u32>>,
    /// R-NEXT=trigger-anchor only: the party whose move started the
    /// pending checks.
    pub check_anchor: Option<Party>,
    /// R-CHECK-PRIORITY=postpone only: parties owed a turn that a check
    /// outranked, oldest first.
    pub postponed: Vec<Party>,
}

/// One thing wrong with a [`Setup`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SetupProblem {
    /// An active party has no king.
    #[error("{0} is active but has no king")]
    MissingKing(Party),
    /// An active party has more than one king.
    #[error("{party} has {count} kings; an active party has exactly one")]
    ExtraKings {
        /// The party.
        party: Party,
        /// How many kings it has.
        count: usize,
    },
    /// An eliminated party still has pieces listed as alive.
    #[error(
        "{party} is eliminated, so its {kind} on cell {cell} must be listed as a dead blocker"
    )]
    PieceOfEliminatedParty {
        /// The party.
        party: Party,
        /// The piece kind.
        kind: PieceKind,
        /// Where it stands.
        cell: Cell,
    },
    /// A dead blocker belongs to a party that is still active.
    #[error("the dead blocker on cell {cell} belongs to {party}, which is not eliminated")]
    DeadBlockerOfActiveParty {
        /// Where it stands.
        cell: Cell,
        /// Its former party.
        party: Party,
    },
    /// A dead king: an eliminated party's king is removed (clause 4).
    #[error("cell {0} holds a dead king: an eliminated party's king leaves the board")]
    DeadKing(Cell),
    /// Two pieces on one cell.
    #[error("cell {0} holds more than one piece")]
    DoubleOccupied(Cell),
    /// An unmoved-pawn mark on a cell without a pawn of an active party.
    #[error("cell {0} is marked as an unmoved pawn but holds no pawn of an active party")]
    UnmovedWithoutPawn(Cell),
    /// An unmoved-pawn mark on a cell that is not a pawn start cell of the pawn's party.
    #[error("the {party} pawn on cell {cell} is marked unmoved, but cell {cell} is not a start cell of a {party} pawn")]
    UnmovedOffStart {
        /// Where the pawn stands.
        cell: Cell,
        /// Its party.
        party: Party,
    },
    /// A cell marked unmoved twice.
    #[error("cell {0} is marked as an unmoved pawn twice")]
    UnmovedTwice(Cell),
    /// A party listed as eliminated twice.
    #[error("{0} is listed as eliminated twice")]
    EliminatedTwice(Party),
    /// The party to move is not active.
    #[error("{0} is to move but is not active")]
    ToMoveNotActive(Party),
    /// No party to move although two or more are active.
    #[error("no party is to move, but {0} parties are still active")]
    NobodyToMove(usize),
    /// A party to move although the game is over.
    #[error("{0} is to move, but the game is over: at most one party is active")]
    ToMoveAfterEnd(Party),
    /// A king in a tray.
    #[error("the tray of {0} holds a king; kings never go to a tray")]
    KingInTray(Party),
    /// A clock beyond 20 minutes.
    #[error("the clock of {party} shows {seconds} s; a party has at most 1200 s (clause 15)")]
    ClockTooHigh {
        /// The party.
        party: Party,
        /// The seconds given.
        seconds: u32,
    },
    /// An active party whose clock is at 0.
    #[error("{0} is active with 0 s left; a party whose time is up is eliminated (clause 15)")]
    ActiveWithoutTime(Party),
    /// The check anchor names an inactive party.
    #[error("the check anchor {0} is not an active party")]
    AnchorNotActive(Party),
}

/// Every problem found in a [`Setup`], in a stable order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SetupError(pub Vec<SetupProblem>);

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let count = self.0.len();
        write!(
            f,
            "invalid position ({count} problem{}): ",
            if count == 1 { "" } else { "s" }
        )?;
        let texts: Vec<String> = self.0.iter().map(ToString::to_string).collect();
        f.write_str(&texts.join("; "))
    }
}

impl std::error::Error for SetupError {}
