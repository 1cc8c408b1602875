//! The board's shape and its precomputed step and ray tables: for every
//! square, the king's and the knight's steps, the pawn's diagonal attacks,
//! and the eight rays in order of distance, all clipped to the board.

use super::side::Side;
use super::square::{Square, SLOTS};

/// The eight line directions as (file, rank) steps: the four orthogonal
/// ones first (indices 0-3), then the four diagonal ones (4-7).
pub const DIRECTIONS: [(i8, i8); 8] = [
    (0, 1),
    (1, 0),
    (0, -1),
    (-1, 0),
    (1, 1),
    (1, -1),
    (-1, -1),
    (-1, 1),
];

/// The knight's eight (1, 2) leaps.
pub const KNIGHT_LEAPS: [(i8, i8); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];

/// At most eight squares, in a fixed order.
#[derive(Clone, Copy, Debug)]
struct Steps {
    squares: [Square; 8],
    len: u8,
}

impl Steps {
    const EMPTY: Steps = Steps {
        squares: [Square::at(0); 8],
        len: 0,
    };
}

/// The squares of one ray from a square, nearest first (at most nine).
#[derive(Clone, Copy, Debug)]
struct Ray {
    squares: [Square; 9],
    len: u8,
}

impl Ray {
    const EMPTY: Ray = Ray {
        squares: [Square::at(0); 9],
        len: 0,
    };
}

/// A rectangular board of `files` x `ranks` (each at most 10) with its
/// tables.
#[derive(Debug)]
pub struct Geometry {
    files: u8,
    ranks: u8,
    rays: [[Ray; 8]; SLOTS],
    knight: [Steps; SLOTS],
    king: [Steps; SLOTS],
    pawn_attacks: [[Steps; SLOTS]; 2],
}

/// The 8x8 board.
pub static EIGHT_BY_EIGHT: Geometry = Geometry::new(8, 8);

/// The 10x10 board.
pub static TEN_BY_TEN: Geometry = Geometry::new(10, 10);

impl Geometry {
    /// Builds the tables of a `files` x `ranks` board (both clamped to
    /// 1..=10).
    pub const fn new(files: u8, ranks: u8) -> Geometry {
        let files = clamp_side(files);
        let ranks = clamp_side(ranks);
        let mut geometry = Geometry {
            files,
            ranks,
            rays: [[Ray::EMPTY; 8]; SLOTS],
            knight: [Steps::EMPTY; SLOTS],
            king: [Steps::EMPTY; SLOTS],
            pawn_attacks: [[Steps::EMPTY; SLOTS]; 2],
        };
        let mut index = 0;
        while index < SLOTS {
            let square = Square::at(index as u8);
            if square.file() < files && square.rank() < ranks {
                let mut direction = 0;
                while direction < 8 {
                    let (df, dr) = DIRECTIONS[direction];
                    geometry.rays[index][direction] = ray(square, df, dr, files, ranks);
                    direction += 1;
                }
                geometry.knight[index] = steps(square, &KNIGHT_LEAPS, files, ranks);
                geometry.king[index] = steps(square, &DIRECTIONS, files, ranks);
                geometry.pawn_attacks[0][index] = steps(square, &[(-1, 1), (1, 1)], files, ranks);
                geometry.pawn_attacks[1][index] = steps(square, &[(-1, -1), (1, -1)], files, ranks);
            }
            index += 1;
        }
        geometry
    }

    /// Number of files (columns).
    pub const fn files(&self) -> u8 {
        self.files
    }

    /// Number of ranks (rows).
    pub const fn ranks(&self) -> u8 {
        self.ranks
    }

    /// Whether `square` lies on this board.
    pub const fn contains(&self, square: Square) -> bool {
        square.file() < self.files && square.rank() < self.ranks
    }

    /// Every square of the board, rank 1 first, file a first.
    pub fn squares(&self) -> impl Iterator<Item = Square> + '_ {
        (0..self.ranks)
            .flat_map(move |rank| (0..self.files).filter_map(move |file| Square::new(file, rank)))
    }

    /// The squares along direction `direction` (an index into
    /// [`DIRECTIONS`]) from `from`, nearest first, `from` excluded.
    #[inline]
    pub fn ray(&self, from: Square, direction: usize) -> &[Square] {
        let ray = &self.rays[from.index()][direction & 7];
        &ray.squares[..ray.len as usize]
    }

    /// The squares a knight's leap away from `from`.
    #[inline]
    pub fn knight_steps(&self, from: Square) -> &[Square] {
        let steps = &self.knight[from.index()];
        &steps.squares[..steps.len as usize]
    }

    /// The squares a king's step away from `from`.
    #[inline]
    pub fn king_steps(&self, from: Square) -> &[Square] {
        let steps = &self.king[from.index()];
        &steps.squares[..steps.len as usize]
    }

    /// The squares a pawn of `side` on `from` attacks (one step diagonally
    /// forward).
    #[inline]
    pub fn pawn_attacks(&self, side: Side, from: Square) -> &[Square] {
        let steps = &self.pawn_attacks[side.index()][from.index()];
        &steps.squares[..steps.len as usize]
    }
}

/// The direction index of the straight line from `from` to `to`, if they
/// share a rank, a file or a diagonal (and differ).
pub fn direction_between(from: Square, to: Square) -> Option<usize> {
    let df = to.file() as i8 - from.file() as i8;
    let dr = to.rank() as i8 - from.rank() as i8;
    if (df, dr) == (0, 0) || !(df == 0 || dr == 0 || df.abs() == dr.abs()) {
        return None;
    }
    let step = (df.signum(), dr.signum());
    DIRECTIONS.iter().position(|&direction| direction == step)
}

const fn clamp_side(side: u8) -> u8 {
    if side == 0 {
        1
    } else if side > 10 {
        10
    } else {
        side
    }
}

const fn on_board(file: i8, rank: i8, files: u8, ranks: u8) -> bool {
    file >= 0 && rank >= 0 && file < files as i8 && rank < ranks as i8
}

const fn ray(from: Square, df: i8, dr: i8, files: u8, ranks: u8) -> Ray {
    let mut ray = Ray::EMPTY;
    let mut file = from.file() as i8 + df;
    let mut rank = from.rank() as i8 + dr;
    while on_board(file, rank, files, ranks) {
        ray.squares[ray.len as usize] = Square::at((rank * 10 + file) as u8);
        ray.len += 1;
        file += df;
        rank += dr;
    }
    ray
}

const fn steps(from: Square, offsets: &[(i8, i8)], files: u8, ranks: u8) -> Steps {
    let mut steps = Steps::EMPTY;
    let mut i = 0;
    while i < offsets.len() {
        let file = from.file() as i8 + offsets[i].0;
        let rank = from.rank() as i8 + offsets[i].1;
        if on_board(file, rank, files, ranks) {
            steps.squares[steps.len as usize] = Square::at((rank * 10 + file) as u8);
            steps.len += 1;
        }
        i += 1;
    }
    steps
}
