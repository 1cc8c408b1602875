//! The fast path's board: a mailbox of one byte per point (kind, owner,
//! home), the points of each owner as [`Bits`], where the generals stand,
//! and the state perft needs (the kingdom to move, who is active, the
//! R-HEIR history, the counter), with the conversions from and to the
//! rule code's [`Position`].

use super::super::point::{Kingdom, Point, POINT_COUNT};
use super::super::position::{Kind, Piece, Position};
use super::super::ruleset::Bannermen;
use super::tables::Bits;

/// No kingdom (nobody to move, no last mover, no trapper).
pub const NOBODY: u8 = 3;
/// No point (a general that left the board).
pub const NO_POINT: u8 = u8::MAX;

/// Piece kinds in a cell's low nibble (0 is an empty point).
pub const GENERAL: u8 = 1;
/// An advisor.
pub const ADVISOR: u8 = 2;
/// An elephant.
pub const ELEPHANT: u8 = 3;
/// A horse.
pub const HORSE: u8 = 4;
/// A chariot.
pub const CHARIOT: u8 = 5;
/// A cannon.
pub const CANNON: u8 = 6;
/// A soldier.
pub const SOLDIER: u8 = 7;
/// A bannerman.
pub const BANNERMAN: u8 = 8;

/// The kind of a cell (0 for empty).
#[inline]
pub fn kind(cell: u8) -> u8 {
    cell & 15
}

/// The owner of an occupied cell.
#[inline]
pub fn owner(cell: u8) -> u8 {
    (cell >> 4) & 3
}

/// The home of an occupied cell.
#[inline]
pub fn home(cell: u8) -> u8 {
    cell >> 6
}

/// The cell of `piece`.
pub fn encode(piece: Piece) -> u8 {
    let kind = Kind::ALL.iter().position(|k| *k == piece.kind).unwrap_or(0) as u8 + 1;
    kind | (piece.owner.index() as u8) << 4 | (piece.home.index() as u8) << 6
}

/// The piece of an occupied cell.
pub fn decode(cell: u8) -> Piece {
    Piece {
        kind: Kind::ALL[usize::from(kind(cell)) - 1],
        owner: Kingdom::from_index(usize::from(owner(cell))),
        home: Kingdom::from_index(usize::from(home(cell))),
    }
}

/// A position on the fast path.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Board {
    /// One byte per point: kind (low nibble), owner, home; 0 for empty.
    pub cells: [u8; POINT_COUNT],
    /// The points of each owner's pieces.
    pub own: [Bits; 3],
    /// Where each kingdom's general stands ([`NO_POINT`] once gone).
    pub general: [u8; 3],
    /// The kingdom to move, [`NOBODY`] once the game is won.
    pub to_move: u8,
    /// Whether each kingdom is still in the game.
    pub active: [bool; 3],
    /// R-HEIR: the last mover, [`NOBODY`] for none.
    pub last_mover: u8,
    /// R-HEIR: per kingdom the mover since whose move it has had no legal
    /// move, [`NOBODY`] for none.
    pub trapped_since: [u8; 3],
    /// R-MOVE-LIMIT's counter (kept so that positions compare equal).
    pub quiet: u32,
    /// Whether bannermen play.
    pub bannermen: Bannermen,
}

/// Why the fast path leaves a position to the rule code.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outside {
    /// An active kingdom without exactly one general, or a defeated one
    /// owning pieces (a game ended by resignation).
    Generals,
}

fn slot(kingdom: Option<Kingdom>) -> u8 {
    kingdom.map_or(NOBODY, |k| k.index() as u8)
}

fn kingdom(slot: u8) -> Option<Kingdom> {
    (slot != NOBODY).then(|| Kingdom::from_index(usize::from(slot)))
}

impl Board {
    /// The board of `position`.
    ///
    /// # Errors
    /// A position the fast path does not play ([`Outside`]).
    pub fn from_position(position: &Position) -> Result<Board, Outside> {
        let mut board = Board {
            cells: [0; POINT_COUNT],
            own: [Bits::EMPTY; 3],
            general: [NO_POINT; 3],
            to_move: slot(position.to_move),
            active: position.active,
            last_mover: slot(position.last_mover),
            trapped_since: position.trapped_since.map(slot),
            quiet: position.quiet,
            bannermen: position.bannermen,
        };
        let mut generals = [0; 3];
        for (point, piece) in position.pieces() {
            let p = point.index();
            let o = piece.owner.index();
            if !position.active[o] {
                return Err(Outside::Generals);
            }
            if piece.kind == Kind::General {
                generals[o] += 1;
                board.general[o] = p as u8;
            }
            board.cells[p] = encode(piece);
            board.own[o].set(p);
        }
        if (0..3).any(|k| generals[k] != usize::from(position.active[k])) {
            return Err(Outside::Generals);
        }
        Ok(board)
    }

    /// The rule code's position of this board.
    pub fn to_position(&self) -> Position {
        let mut position = Position::empty(self.bannermen);
        for p in 0..POINT_COUNT {
            if self.cells[p] != 0 {
                position.put(Point::from_index(p), decode(self.cells[p]));
            }
        }
        position.to_move = kingdom(self.to_move);
        position.active = self.active;
        position.last_mover = kingdom(self.last_mover);
        position.trapped_since = self.trapped_since.map(kingdom);
        position.quiet = self.quiet;
        position
    }

    /// The points of every piece.
    #[inline]
    pub fn occupied(&self) -> Bits {
        self.own[0].or(self.own[1]).or(self.own[2])
    }

    /// How many kingdoms are active.
    #[inline]
    pub fn active_count(&self) -> usize {
        self.active.iter().filter(|a| **a).count()
    }

    /// The next active kingdom after `k` (clause tk.T6), `k` if none.
    #[inline]
    pub fn next_active(&self, k: u8) -> u8 {
        let mut q = k;
        for _ in 0..3 {
            q = if q == 2 { 0 } else { q + 1 };
            if self.active[usize::from(q)] {
                return q;
            }
        }
        k
    }

    /// The previous active kingdom before `k`, `k` if none.
    #[inline]
    pub fn previous_active(&self, k: u8) -> u8 {
        let mut q = k;
        for _ in 0..3 {
            q = if q == 0 { 2 } else { q - 1 };
            if self.active[usize::from(q)] {
                return q;
            }
        }
        k
    }

    /// Empties point `p`, returning its cell.
    #[inline]
    pub fn lift(&mut self, p: usize) -> u8 {
        let cell = self.cells[p];
        if cell != 0 {
            let o = usize::from(owner(cell));
            self.own[o].clear(p);
            if kind(cell) == GENERAL && usize::from(self.general[o]) == p {
                self.general[o] = NO_POINT;
            }
            self.cells[p] = 0;
        }
        cell
    }

    /// Puts `cell` on the empty point `p`.
    #[inline]
    pub fn put(&mut self, p: usize, cell: u8) {
        let o = usize::from(owner(cell));
        self.own[o].set(p);
        if kind(cell) == GENERAL {
            self.general[o] = p as u8;
        }
        self.cells[p] = cell;
    }
}
