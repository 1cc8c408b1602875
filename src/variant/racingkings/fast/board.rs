//! The fast path's position: one bitboard per side and per kind, the king
//! squares, the side to move and the two clocks; `Copy`, about 80 bytes.
//! It keeps no repetition history: in Racing Kings threefold repetition
//! and the fifty-move rule are claimed (clauses rk.6.2, rk.6.3), so they
//! change no move list and no perft count (the reference's `Rules` walk
//! does not look at them either).

use crate::variant::chess::{Kind, Side};

use super::super::position::{Position, KINDS};
use super::tables::{bit, index_of, Bits};

/// A Racing Kings position as bitboards (bit `rank * 8 + file`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Board {
    /// `[side]`: the squares of that side's pieces.
    pub(super) sides: [Bits; 2],
    /// `[kind]` in [`Kind::index`] order (king, queen, rook, bishop,
    /// knight): the squares of pieces of that kind, of either side.
    pub(super) kinds: [Bits; 5],
    /// `[side]`: the king's square.
    pub(super) kings: [u8; 2],
    /// The side to move.
    pub(super) side: Side,
    /// Clause rk.6.3: half-moves since the last capture.
    pub(super) halfmove: u32,
    /// The fullmove number.
    pub(super) fullmove: u32,
}

/// Why a reference position is left to the reference path.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outside {
    /// A piece the bitboards cannot hold: of a kind Racing Kings does not
    /// have (clause rk.2), or off the 8x8 board.
    Piece,
    /// A king is attacked: the fast path's legality test assumes that
    /// neither is (clause rk.4 keeps every reachable position so; a FEN
    /// with a check is refused by the reference too).
    Check,
}

impl Board {
    /// The bitboards of a reference position, or why the fast path does
    /// not take it.
    ///
    /// # Errors
    /// [`Outside`]: a piece of a kind other than those of clause rk.2 or
    /// off the 8x8 board, a king in check.
    pub fn from_position(position: &Position) -> Result<Board, Outside> {
        let reference = &position.board;
        if Side::ALL.iter().any(|&side| reference.in_check(side)) {
            return Err(Outside::Check);
        }
        let mut board = Board {
            sides: [0; 2],
            kinds: [0; 5],
            kings: [
                index_of(reference.king(Side::White)),
                index_of(reference.king(Side::Black)),
            ],
            side: position.side,
            halfmove: position.halfmove,
            fullmove: position.fullmove,
        };
        for (square, piece) in reference.pieces() {
            if !KINDS.contains(&piece.kind) || square.file() >= 8 || square.rank() >= 8 {
                return Err(Outside::Piece);
            }
            let at = bit(index_of(square));
            board.sides[piece.side.index()] |= at;
            board.kinds[piece.kind.index()] |= at;
        }
        Ok(board)
    }

    /// The side to move.
    pub fn side(&self) -> Side {
        self.side
    }

    /// Every occupied square.
    #[inline]
    pub(super) fn occupied(&self) -> Bits {
        self.sides[0] | self.sides[1]
    }

    /// `side`'s pieces of `kind`.
    #[inline]
    pub(super) fn of(&self, side: usize, kind: Kind) -> Bits {
        self.sides[side] & self.kinds[kind.index()]
    }

    /// `side`'s rooks and queens (the pieces that slide along ranks and
    /// files).
    #[inline]
    pub(super) fn straight(&self, side: usize) -> Bits {
        self.sides[side] & (self.kinds[Kind::Rook.index()] | self.kinds[Kind::Queen.index()])
    }

    /// `side`'s bishops and queens (the pieces that slide along
    /// diagonals).
    #[inline]
    pub(super) fn diagonal(&self, side: usize) -> Bits {
        self.sides[side] & (self.kinds[Kind::Bishop.index()] | self.kinds[Kind::Queen.index()])
    }

    /// Plays the legal move `from`-`to` as the reference's `make::after`
    /// does: the piece moves, a capture removes the enemy piece on the
    /// target, the halfmove clock restarts on a capture (clause rk.6.3)
    /// and goes on otherwise, the fullmove number goes up after Black's
    /// move, and the other side is to move.
    #[inline]
    pub fn play(&self, from: u8, to: u8) -> Board {
        let us = self.side.index();
        let them = 1 - us;
        let (from_bit, to_bit) = (bit(from), bit(to));
        let mut next = *self;
        let captured = self.sides[them] & to_bit != 0;
        if captured {
            next.sides[them] &= !to_bit;
            for kind in &mut next.kinds {
                *kind &= !to_bit;
            }
        }
        let moved = from_bit | to_bit;
        next.sides[us] ^= moved;
        if let Some(kind) = self.kinds.iter().position(|kind| kind & from_bit != 0) {
            next.kinds[kind] ^= moved;
            if kind == Kind::King.index() {
                next.kings[us] = to;
            }
        }
        next.halfmove = if captured {
            0
        } else {
            self.halfmove.saturating_add(1)
        };
        if self.side == Side::Black {
            next.fullmove = self.fullmove.saturating_add(1);
        }
        next.side = self.side.opponent();
        next
    }

    /// The board's pieces as text, rank 8 first (`K` White's king, `q`
    /// Black's queen, `.` empty), for failure messages.
    pub fn picture(&self) -> String {
        let letters = ['k', 'q', 'r', 'b', 'n'];
        let mut text = String::new();
        for rank in (0..8u8).rev() {
            for file in 0..8u8 {
                let index = rank * 8 + file;
                let at = bit(index);
                let letter = match self.kinds.iter().position(|kind| kind & at != 0) {
                    Some(kind) if self.sides[0] & at != 0 => letters[kind].to_ascii_uppercase(),
                    Some(kind) => letters[kind],
                    None => '.',
                };
                text.push(letter);
            }
            text.push('/');
        }
        text.push_str(&format!(
            " {} {} {}",
            self.side, self.halfmove, self.fullmove
        ));
        text
    }
}
