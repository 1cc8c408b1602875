//! The fast path's position: a mailbox of 256 one-byte cells, one 256-bit
//! set per army colour, both kings' squares, and the holders of every
//! colour (clauses sc.control) kept with the position and recomputed only
//! when a move can change them: a coloured square left or entered, or a
//! king colour changed (regime change, defection).

use super::super::control::holders;
use super::super::geometry::Colour;
use super::super::position::{Piece, Player, Position, Role};
use super::super::ruleset::{ControlChain, Ruleset};
use super::tables::NONE;

/// A cell: 0 empty, else `1 + colour * 8 + role`.
pub type Cell = u8;

/// The cell of a piece.
#[inline]
pub fn cell(colour: u8, role: Role) -> Cell {
    1 + colour * 8 + role as u8
}

/// The colour index of an occupied cell.
#[inline]
pub fn colour_of(cell: Cell) -> u8 {
    (cell - 1) >> 3
}

/// The role index of an occupied cell (as `Role as u8`).
#[inline]
pub fn role_of(cell: Cell) -> u8 {
    (cell - 1) & 7
}

/// The role of a role index.
pub fn role(index: u8) -> Role {
    Role::ALL[usize::from(index)]
}

/// No holder.
pub const NEUTRAL: u8 = 2;

/// Why a position is left to the reference rule code.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outside {
    /// A player's king colour has no king on the board, or several.
    KingCount,
    /// A king piece that is neither player's king, or both players on one
    /// king colour.
    OtherKing,
    /// The king of the player not to move is attacked.
    Capturable,
}

/// The fast path's position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    /// The cells, a1 = 0, b1 = 1, ..., p16 = 255.
    pub cells: [Cell; 256],
    /// Per colour, the squares of its pieces.
    pub armies: [[u64; 4]; 12],
    /// Per colour, its holder: 0 player 1, 1 player 2, [`NEUTRAL`].
    pub held: [u8; 12],
    /// Both kings' squares.
    pub king: [u8; 2],
    /// Both king colours.
    pub kings: [u8; 2],
    /// Who moves: 0 or 1.
    pub to_move: u8,
    /// The castling rooks, as [`Position::castling`].
    pub castling: u32,
    /// The frozen colours, as [`Position::frozen`].
    pub frozen: u16,
    /// The halfmove clock.
    pub halfmove: u32,
    /// The move number.
    pub fullmove: Option<u32>,
}

/// Sets or clears bit `square` of a 256-bit set.
#[inline]
pub fn flip(set: &mut [u64; 4], square: u8) {
    set[usize::from(square >> 6)] ^= 1 << (square & 63);
}

impl Board {
    /// The board of `position`, or why the fast path leaves it to the
    /// reference: it needs exactly one king of each player's king colour
    /// and no other king (the reference finds a king by its colour; the
    /// fast path keeps its square).
    ///
    /// # Errors
    /// The reason the position is outside the fast path.
    pub fn from_position(position: &Position, rules: &Ruleset) -> Result<Board, Outside> {
        let kings = position.kings.map(|c| c.index() as u8);
        if kings[0] == kings[1] {
            return Err(Outside::OtherKing);
        }
        let mut board = Board {
            cells: [0; 256],
            armies: [[0; 4]; 12],
            held: [NEUTRAL; 12],
            king: [0; 2],
            kings,
            to_move: position.to_move.index() as u8,
            castling: position.castling,
            frozen: position.frozen,
            halfmove: position.halfmove,
            fullmove: position.fullmove,
        };
        let mut found = [0; 2];
        for (square, piece) in position.pieces() {
            let colour = piece.colour.index() as u8;
            board.cells[usize::from(square.0)] = cell(colour, piece.role);
            flip(&mut board.armies[usize::from(colour)], square.0);
            if piece.role == Role::King {
                let Some(player) = kings.iter().position(|&k| k == colour) else {
                    return Err(Outside::OtherKing);
                };
                found[player] += 1;
                board.king[player] = square.0;
            }
        }
        if found != [1, 1] {
            return Err(Outside::KingCount);
        }
        let held = holders(position, rules);
        for (slot, holder) in board.held.iter_mut().zip(held) {
            *slot = holder.map_or(NEUTRAL, |p| p.index() as u8);
        }
        Ok(board)
    }

    /// The reference's position of this board.
    pub fn to_position(&self) -> Position {
        let mut board = [None; 256];
        for (slot, &c) in board.iter_mut().zip(&self.cells) {
            if c != 0 {
                *slot = Some(Piece {
                    colour: Colour::ALL[usize::from(colour_of(c))],
                    role: role(role_of(c)),
                });
            }
        }
        Position {
            board,
            to_move: Player::ALL[usize::from(self.to_move)],
            kings: self.kings.map(|k| Colour::ALL[usize::from(k)]),
            castling: self.castling,
            halfmove: self.halfmove,
            fullmove: self.fullmove,
            frozen: self.frozen,
            // Only the fault SC-OLD-COLOUR-KEPT keeps colours, and a game with
            // a fault never takes the fast path.
            kept: [0; 2],
        }
    }

    /// The squares of a player's pieces: every colour it holds.
    #[inline]
    pub fn pieces_of(&self, player: u8) -> [u64; 4] {
        let mut set = [0; 4];
        for (colour, army) in self.armies.iter().enumerate() {
            if self.held[colour] == player {
                for (word, bits) in set.iter_mut().zip(army) {
                    *word |= bits;
                }
            }
        }
        set
    }

    /// Empties `square` (occupied).
    #[inline]
    pub fn lift(&mut self, square: u8) -> Cell {
        let c = self.cells[usize::from(square)];
        if c != 0 {
            self.cells[usize::from(square)] = 0;
            flip(&mut self.armies[usize::from(colour_of(c))], square);
        }
        c
    }

    /// Puts `c` on the empty `square`.
    #[inline]
    pub fn put(&mut self, square: u8, c: Cell) {
        self.cells[usize::from(square)] = c;
        flip(&mut self.armies[usize::from(colour_of(c))], square);
    }

    /// S-CONTROL-CHAIN, S-CONTROL-OWNED, S-CONTROL-FREED: the holders, as
    /// [`holders`] computes them, from this board.
    pub fn recompute_holders(&mut self, chain: ControlChain) {
        let mut held = [NEUTRAL; 12];
        held[usize::from(self.kings[0])] = 0;
        held[usize::from(self.kings[1])] = 1;
        let roots = held;
        let mut occupant = [NONE; 12];
        for (colour, slot) in occupant.iter_mut().enumerate() {
            let [a, b] = Colour::ALL[colour].squares();
            let first = [a, b]
                .into_iter()
                .map(|square| self.cells[usize::from(square.0)])
                .find(|&c| c != 0);
            if let Some(c) = first {
                *slot = colour_of(c);
            }
        }
        let open = |colour: usize| roots[colour] == NEUTRAL && self.frozen & (1 << colour) == 0;
        match chain {
            ControlChain::DirectOnly => {
                for colour in 0..12 {
                    let by = occupant[colour];
                    if by != NONE && open(colour) {
                        held[colour] = roots[usize::from(by)];
                    }
                }
            }
            ControlChain::Chain => loop {
                let mut changed = false;
                for colour in 0..12 {
                    if held[colour] != NEUTRAL || !open(colour) {
                        continue;
                    }
                    let by = occupant[colour];
                    if by != NONE && held[usize::from(by)] != NEUTRAL {
                        held[colour] = held[usize::from(by)];
                        changed = true;
                    }
                }
                if !changed {
                    break;
                }
            },
        }
        self.held = held;
    }
}
