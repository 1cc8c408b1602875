//! The board: a mailbox of pieces with each side's king square, per-kind
//! piece counts and the Zobrist key of the placement kept up to date. It is
//! `Copy` (copy-make: play a move on a copy), and it answers the questions
//! every chess rule set asks: what stands where, which squares a piece
//! reaches, is a square attacked.

use super::geometry::{direction_between, Geometry};
use super::piece::{Kind, Piece};
use super::side::Side;
use super::square::{Square, SLOTS};
use super::zobrist::piece_key;

/// A placement that is not a board.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BoardError {
    /// A side has no king or more than one.
    #[error("{side} has {count} kings (expected exactly one)")]
    KingCount {
        /// Whose kings.
        side: Side,
        /// How many.
        count: usize,
    },
    /// A piece stands outside the board's files and ranks.
    #[error("a piece stands on {square}, which is off the board")]
    OffBoard {
        /// The square.
        square: Square,
    },
}

/// Pieces on squares, one king per side.
#[derive(Clone, Copy, Debug)]
pub struct Board {
    geometry: &'static Geometry,
    squares: [Option<Piece>; SLOTS],
    kings: [Square; 2],
    counts: [[u8; 8]; 2],
    hash: u64,
}

/// How a piece's movement pattern relates to a target square.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reach {
    /// The pattern does not lead there.
    No,
    /// A slide leads there but a piece stands in between.
    Blocked,
    /// The piece reaches the square (which may hold any piece).
    Yes,
}

impl Board {
    /// A board of `geometry` holding `placement`.
    ///
    /// # Errors
    /// Every problem found: a side without exactly one king, a piece off the
    /// board.
    pub fn new(
        geometry: &'static Geometry,
        placement: &[Option<Piece>; SLOTS],
    ) -> Result<Board, Vec<BoardError>> {
        let mut problems = Vec::new();
        let mut board = Board {
            geometry,
            squares: [None; SLOTS],
            kings: [Square::at(0); 2],
            counts: [[0; 8]; 2],
            hash: 0,
        };
        for (index, piece) in placement.iter().enumerate() {
            let (Some(piece), Some(square)) = (piece, Square::from_index(index)) else {
                continue;
            };
            if geometry.contains(square) {
                board.put(square, *piece);
            } else {
                problems.push(BoardError::OffBoard { square });
            }
        }
        for side in Side::ALL {
            let count = board.count(side, Kind::King) as usize;
            if count != 1 {
                problems.push(BoardError::KingCount { side, count });
            }
        }
        if problems.is_empty() {
            Ok(board)
        } else {
            Err(problems)
        }
    }

    /// The board's shape and tables.
    #[inline]
    pub fn geometry(&self) -> &'static Geometry {
        self.geometry
    }

    /// The piece on `square`, if any.
    #[inline]
    pub fn piece(&self, square: Square) -> Option<Piece> {
        self.squares[square.index()]
    }

    /// The square of `side`'s king.
    #[inline]
    pub fn king(&self, side: Side) -> Square {
        self.kings[side.index()]
    }

    /// How many pieces of `kind` `side` has on the board.
    #[inline]
    pub fn count(&self, side: Side, kind: Kind) -> u8 {
        self.counts[side.index()][kind.index()]
    }

    /// The Zobrist key of the placement (pieces on squares only).
    #[inline]
    pub fn placement_key(&self) -> u64 {
        self.hash
    }

    /// The occupied squares with their pieces, rank 1 first.
    pub fn pieces(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        self.squares
            .iter()
            .enumerate()
            .filter_map(|(index, piece)| Some((Square::from_index(index)?, (*piece)?)))
    }

    /// Removes and returns the piece on `square`. Removing a king leaves
    /// the king square stale until a king is put back; rule code only moves
    /// kings with [`Board::relocate`].
    #[inline]
    pub fn take(&mut self, square: Square) -> Option<Piece> {
        let piece = self.squares[square.index()].take()?;
        self.counts[piece.side.index()][piece.kind.index()] -= 1;
        self.hash ^= piece_key(piece, square);
        Some(piece)
    }

    /// Puts `piece` on `square`, returning what stood there.
    #[inline]
    pub fn put(&mut self, square: Square, piece: Piece) -> Option<Piece> {
        let old = self.take(square);
        self.squares[square.index()] = Some(piece);
        let count = &mut self.counts[piece.side.index()][piece.kind.index()];
        *count = count.saturating_add(1);
        self.hash ^= piece_key(piece, square);
        if piece.kind == Kind::King {
            self.kings[piece.side.index()] = square;
        }
        old
    }

    /// Moves the piece on `from` to `to`, returning the piece that stood on
    /// `to`. Nothing happens when `from` is empty.
    #[inline]
    pub fn relocate(&mut self, from: Square, to: Square) -> Option<Piece> {
        match self.take(from) {
            Some(piece) => self.put(to, piece),
            None => None,
        }
    }

    /// Whether `side`'s king is attacked.
    #[inline]
    pub fn in_check(&self, side: Side) -> bool {
        self.attacked(self.king(side), side.opponent())
    }

    /// Whether any piece of `by` attacks `target`: a king's step, a
    /// knight's leap (knight, marshal, cardinal), a pawn's diagonal step
    /// forward, or an unobstructed slide.
    pub fn attacked(&self, target: Square, by: Side) -> bool {
        let geometry = self.geometry;
        let is = |square: Square, test: fn(Kind) -> bool| matches!(self.squares[square.index()], Some(piece) if piece.side == by && test(piece.kind));
        if geometry
            .knight_steps(target)
            .iter()
            .any(|&square| is(square, Kind::leaps_like_knight))
        {
            return true;
        }
        if geometry
            .king_steps(target)
            .iter()
            .any(|&square| is(square, |kind| kind == Kind::King))
        {
            return true;
        }
        // A pawn of `by` attacks `target` from where a pawn of the other
        // side on `target` would attack.
        if geometry
            .pawn_attacks(by.opponent(), target)
            .iter()
            .any(|&square| is(square, |kind| kind == Kind::Pawn))
        {
            return true;
        }
        for direction in 0..8 {
            let slides: fn(Kind) -> bool = if direction < 4 {
                Kind::slides_orthogonally
            } else {
                Kind::slides_diagonally
            };
            if let Some(&square) = geometry
                .ray(target, direction)
                .iter()
                .find(|square| self.squares[square.index()].is_some())
            {
                if is(square, slides) {
                    return true;
                }
            }
        }
        false
    }

    /// The squares of `side`'s pieces that alone stand between `side`'s
    /// king and a sliding piece of the other side that moves along that
    /// line (pinned pieces), as a bit set over slot indices (bit
    /// `square.index()`).
    pub fn pinned(&self, side: Side) -> u128 {
        self.shields(side, side)
    }

    /// The squares of `shield`'s pieces that alone stand between
    /// `king_side`'s king and a sliding piece of `king_side`'s opponent
    /// that moves along that line, as a bit set over slot indices. With
    /// `shield == king_side` these are the pinned pieces; otherwise the
    /// pieces whose move may uncover an attack on the king.
    pub fn shields(&self, king_side: Side, shield: Side) -> u128 {
        let king = self.king(king_side);
        let attacker = king_side.opponent();
        let mut found = 0u128;
        for direction in 0..8 {
            let mut between: Option<Square> = None;
            for &square in self.geometry.ray(king, direction) {
                let Some(piece) = self.squares[square.index()] else {
                    continue;
                };
                match between {
                    None if piece.side == shield => between = Some(square),
                    None => break,
                    Some(candidate) => {
                        let slides = if direction < 4 {
                            piece.kind.slides_orthogonally()
                        } else {
                            piece.kind.slides_diagonally()
                        };
                        if piece.side == attacker && slides {
                            found |= 1u128 << candidate.index();
                        }
                        break;
                    }
                }
            }
        }
        found
    }

    /// Whether `piece` standing on `at` would attack `target`, with the
    /// square `vacated` treated as empty (the square a moving piece just
    /// left).
    pub fn attacks(&self, piece: Piece, at: Square, target: Square, vacated: Square) -> bool {
        let geometry = self.geometry;
        let kind = piece.kind;
        match kind {
            Kind::King => return geometry.king_steps(at).contains(&target),
            Kind::Pawn => return geometry.pawn_attacks(piece.side, at).contains(&target),
            _ => {}
        }
        if kind.leaps_like_knight() && geometry.knight_steps(at).contains(&target) {
            return true;
        }
        let Some(direction) = direction_between(at, target) else {
            return false;
        };
        let slides = if direction < 4 {
            kind.slides_orthogonally()
        } else {
            kind.slides_diagonally()
        };
        slides
            && geometry
                .ray(at, direction)
                .iter()
                .take_while(|&&square| square != target)
                .all(|&square| square == vacated || self.squares[square.index()].is_none())
    }

    /// Calls `visit` with every square the non-pawn `piece` on `from`
    /// reaches by its movement pattern: empty squares and squares of the
    /// other side, never past the first piece of a slide. Pawns reach
    /// nothing here; their moves are the rules' business.
    #[inline]
    pub fn targets(&self, from: Square, piece: Piece, mut visit: impl FnMut(Square)) {
        let geometry = self.geometry;
        let free = |square: Square| match self.squares[square.index()] {
            Some(other) => other.side != piece.side,
            None => true,
        };
        let kind = piece.kind;
        if kind == Kind::King {
            geometry
                .king_steps(from)
                .iter()
                .copied()
                .filter(|&s| free(s))
                .for_each(&mut visit);
            return;
        }
        if kind.leaps_like_knight() {
            geometry
                .knight_steps(from)
                .iter()
                .copied()
                .filter(|&s| free(s))
                .for_each(&mut visit);
        }
        let first = if kind.slides_orthogonally() { 0 } else { 4 };
        let last = if kind.slides_diagonally() { 8 } else { 4 };
        for direction in first..last {
            for &square in geometry.ray(from, direction) {
                match self.squares[square.index()] {
                    None => visit(square),
                    Some(other) => {
                        if other.side != piece.side {
                            visit(square);
                        }
                        break;
                    }
                }
            }
        }
    }

    /// Whether the movement pattern of a non-pawn `kind` leads from `from`
    /// to `to`, and whether a slide there is blocked (for explaining a
    /// refused move).
    pub fn reach(&self, kind: Kind, from: Square, to: Square) -> Reach {
        let df = (to.file() as i8 - from.file() as i8).abs();
        let dr = (to.rank() as i8 - from.rank() as i8).abs();
        if kind == Kind::Pawn || (df, dr) == (0, 0) {
            return Reach::No;
        }
        if kind == Kind::King {
            return if df <= 1 && dr <= 1 {
                Reach::Yes
            } else {
                Reach::No
            };
        }
        if kind.leaps_like_knight() && df.min(dr) == 1 && df.max(dr) == 2 {
            return Reach::Yes;
        }
        let Some(direction) = direction_between(from, to) else {
            return Reach::No;
        };
        let slides = if direction < 4 {
            kind.slides_orthogonally()
        } else {
            kind.slides_diagonally()
        };
        if !slides {
            return Reach::No;
        }
        let path = self.geometry.ray(from, direction);
        let clear = path
            .iter()
            .take_while(|&&square| square != to)
            .all(|square| self.squares[square.index()].is_none());
        if clear {
            Reach::Yes
        } else {
            Reach::Blocked
        }
    }
}
