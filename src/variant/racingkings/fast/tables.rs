//! The fast path's precomputed tables on the 8x8 board, bit `rank * 8 +
//! file` for a square: the king and knight steps, the slides of rooks and
//! bishops by magic multiplication (the magic factors are searched here
//! from a fixed seed), the full line through two squares and the squares
//! between them; built on first use.
//!
//! Every table is built from a plain walk of the steps and rays on the
//! board (`walk`), and a magic factor is used only after its lookup was
//! checked against that walk for every blocker subset, so a lookup and the
//! walk agree by construction. The factors this search found are recorded
//! in [`magics`] (checked the same way on every build of the tables; the
//! search runs only for a square whose recorded factor does not fit), so
//! the tables take milliseconds, not the search's quarter second; `tests`
//! compare the steps and rays with the reference 8x8 geometry
//! (`chess::geometry::EIGHT_BY_EIGHT`).

use std::sync::OnceLock;

use crate::variant::chess::geometry::{DIRECTIONS, KNIGHT_LEAPS};
use crate::variant::chess::Square;

use super::magics;

/// A set of squares, bit `rank * 8 + file`.
pub type Bits = u64;

/// The eight ranks' bit of file `a`.
pub const RANK_8: Bits = 0xff00_0000_0000_0000;

/// The rook's four directions, then the bishop's four, as (file, rank)
/// steps.
const ROOK_STEPS: [(i8, i8); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const BISHOP_STEPS: [(i8, i8); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];

/// The bit of square `index` (0-63).
#[inline]
pub const fn bit(index: u8) -> Bits {
    1 << index
}

/// The square `(file, rank)` moved by `step`, if it stays on the board.
const fn shifted(index: u8, step: (i8, i8)) -> Option<u8> {
    let file = (index % 8) as i8 + step.0;
    let rank = (index / 8) as i8 + step.1;
    if file < 0 || file > 7 || rank < 0 || rank > 7 {
        None
    } else {
        Some((rank * 8 + file) as u8)
    }
}

/// The squares a slider on `index` reaches along `steps` with the pieces
/// `occupied`: each ray up to and including its first piece.
fn walk(index: u8, steps: &[(i8, i8)], occupied: Bits) -> Bits {
    let mut reached = 0;
    for &step in steps {
        let mut at = index;
        while let Some(next) = shifted(at, step) {
            reached |= bit(next);
            if occupied & bit(next) != 0 {
                break;
            }
            at = next;
        }
    }
    reached
}

/// The squares one step of `steps` away.
fn leaps(index: u8, steps: &[(i8, i8)]) -> Bits {
    steps
        .iter()
        .filter_map(|&step| shifted(index, step))
        .fold(0, |bits, to| bits | bit(to))
}

/// One square's magic lookup: the relevant blockers (`mask`), the
/// multiplier, the shift and where its slice of the shared table starts.
#[derive(Clone, Copy, Debug, Default)]
struct Magic {
    mask: Bits,
    factor: u64,
    shift: u32,
    offset: usize,
}

impl Magic {
    #[inline]
    fn index(&self, occupied: Bits) -> usize {
        self.offset + ((occupied & self.mask).wrapping_mul(self.factor) >> self.shift) as usize
    }
}

/// Every table of the fast path. Get it with [`tables()`].
pub struct Tables {
    king: [Bits; 64],
    knight: [Bits; 64],
    rook_magic: [Magic; 64],
    bishop_magic: [Magic; 64],
    /// The rook's and the bishop's reach on an empty board.
    rook_empty: [Bits; 64],
    bishop_empty: [Bits; 64],
    slides: Vec<Bits>,
    /// `[a][b]`: the whole line through `a` and `b` (both included), empty
    /// when they share no rank, file or diagonal.
    line: Vec<[Bits; 64]>,
    /// `[a][b]`: the squares strictly between `a` and `b` on their line,
    /// empty when they share none.
    between: Vec<[Bits; 64]>,
    /// `[index]`: the reference square.
    squares: [Square; 64],
}

/// The shared tables, built on first use.
pub fn tables() -> &'static Tables {
    static TABLES: OnceLock<Tables> = OnceLock::new();
    TABLES.get_or_init(Tables::build)
}

/// The magic search's seed.
const SEED: u64 = 0x005e_ed0f_4ace_2026;

/// A small deterministic generator for the magic search (xorshift64*).
struct Search(u64);

impl Search {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    /// A candidate with few bits set, as magic factors want.
    fn sparse(&mut self) -> u64 {
        self.next() & self.next() & self.next()
    }
}

/// The blocker squares that matter to a slider on `index`: its empty-board
/// rays without their last square (a piece on the edge blocks nothing
/// beyond it).
fn relevant(index: u8, steps: &[(i8, i8)]) -> Bits {
    let mut mask = 0;
    for &step in steps {
        let mut at = index;
        while let Some(next) = shifted(at, step) {
            if shifted(next, step).is_none() {
                break;
            }
            mask |= bit(next);
            at = next;
        }
    }
    mask
}

/// The magic factor search for one square and one slider: every subset of
/// the relevant blockers with its walked reach, and a table to try
/// factors in.
struct Candidates {
    mask: Bits,
    subsets: Vec<(Bits, Bits)>,
    table: Vec<Bits>,
    /// `tried[slot] == attempt`: the slot was filled in this attempt (no
    /// clearing between attempts).
    tried: Vec<u32>,
    attempt: u32,
}

impl Candidates {
    fn new(index: u8, steps: &[(i8, i8)]) -> Candidates {
        let mask = relevant(index, steps);
        let size = 1usize << mask.count_ones();
        let mut subsets = Vec::with_capacity(size);
        let mut subset: Bits = 0;
        loop {
            subsets.push((subset, walk(index, steps, subset)));
            subset = subset.wrapping_sub(mask) & mask;
            if subset == 0 {
                break;
            }
        }
        Candidates {
            mask,
            subsets,
            table: vec![0; size],
            tried: vec![0; size],
            attempt: 0,
        }
    }

    /// The lookup `factor` makes, if every subset maps to an entry that
    /// holds its walked reach (two subsets may share an entry only with
    /// one reach); the entries are then in `self.table`.
    fn fit(&mut self, factor: u64) -> Option<Magic> {
        let magic = Magic {
            mask: self.mask,
            factor,
            shift: 64 - self.mask.count_ones(),
            offset: 0,
        };
        self.attempt += 1;
        let (table, tried, attempt) = (&mut self.table, &mut self.tried, self.attempt);
        let fits = self.subsets.iter().all(|&(blockers, reach)| {
            let slot = magic.index(blockers);
            if tried[slot] == attempt {
                table[slot] == reach
            } else {
                tried[slot] = attempt;
                table[slot] = reach;
                true
            }
        });
        fits.then_some(magic)
    }

    /// Searches factors until one fits.
    fn search(&mut self, search: &mut Search) -> Magic {
        loop {
            let factor = search.sparse();
            if (self.mask.wrapping_mul(factor) >> 56).count_ones() < 6 {
                continue;
            }
            if let Some(magic) = self.fit(factor) {
                return magic;
            }
        }
    }
}

/// The magic lookup of `index`, its slice appended to `slides`: the
/// recorded factor ([`magics`]) when it fits, else one searched.
fn find_magic(
    index: u8,
    steps: &[(i8, i8)],
    recorded: u64,
    search: &mut Search,
    slides: &mut Vec<Bits>,
) -> Magic {
    let mut candidates = Candidates::new(index, steps);
    let magic = match candidates.fit(recorded) {
        Some(magic) => magic,
        None => candidates.search(search),
    };
    let offset = slides.len();
    slides.extend_from_slice(&candidates.table);
    Magic { offset, ..magic }
}

impl Tables {
    fn build() -> Tables {
        let mut search = Search(SEED);
        let mut slides = Vec::new();
        let mut king = [0; 64];
        let mut knight = [0; 64];
        let mut rook_magic = [Magic::default(); 64];
        let mut bishop_magic = [Magic::default(); 64];
        let mut rook_empty = [0; 64];
        let mut bishop_empty = [0; 64];
        let mut squares = [Square::new(0, 0).unwrap_or_else(|| unreachable!()); 64];
        for index in 0..64u8 {
            let i = usize::from(index);
            king[i] = leaps(index, &DIRECTIONS);
            knight[i] = leaps(index, &KNIGHT_LEAPS);
            rook_magic[i] = find_magic(
                index,
                &ROOK_STEPS,
                magics::ROOK[i],
                &mut search,
                &mut slides,
            );
            bishop_magic[i] = find_magic(
                index,
                &BISHOP_STEPS,
                magics::BISHOP[i],
                &mut search,
                &mut slides,
            );
            rook_empty[i] = walk(index, &ROOK_STEPS, 0);
            bishop_empty[i] = walk(index, &BISHOP_STEPS, 0);
            squares[i] = Square::new(index % 8, index / 8).unwrap_or_else(|| unreachable!());
        }
        let mut line = vec![[0; 64]; 64];
        let mut between = vec![[0; 64]; 64];
        for a in 0..64u8 {
            for (steps, empty) in [(&ROOK_STEPS, &rook_empty), (&BISHOP_STEPS, &bishop_empty)] {
                for b in 0..64u8 {
                    if a == b || empty[usize::from(a)] & bit(b) == 0 {
                        continue;
                    }
                    line[usize::from(a)][usize::from(b)] =
                        (empty[usize::from(a)] & empty[usize::from(b)]) | bit(a) | bit(b);
                    between[usize::from(a)][usize::from(b)] =
                        walk(a, steps, bit(b)) & walk(b, steps, bit(a));
                }
            }
        }
        Tables {
            king,
            knight,
            rook_magic,
            bishop_magic,
            rook_empty,
            bishop_empty,
            slides,
            line,
            between,
            squares,
        }
    }

    /// Clause rk.3.1: the king's steps from `at`.
    #[inline]
    pub fn king(&self, at: u8) -> Bits {
        self.king[usize::from(at)]
    }

    /// Clause rk.3.5: the knight's leaps from `at`.
    #[inline]
    pub fn knight(&self, at: u8) -> Bits {
        self.knight[usize::from(at)]
    }

    /// Clause rk.3.3: a rook's slides from `at` with the pieces
    /// `occupied`, each up to and including the first piece.
    #[inline]
    pub fn rook(&self, at: u8, occupied: Bits) -> Bits {
        self.slides[self.rook_magic[usize::from(at)].index(occupied)]
    }

    /// Clause rk.3.4: a bishop's slides from `at` with the pieces
    /// `occupied`, each up to and including the first piece.
    #[inline]
    pub fn bishop(&self, at: u8, occupied: Bits) -> Bits {
        self.slides[self.bishop_magic[usize::from(at)].index(occupied)]
    }

    /// The rook's reach from `at` on an empty board.
    #[inline]
    pub fn rook_empty(&self, at: u8) -> Bits {
        self.rook_empty[usize::from(at)]
    }

    /// The bishop's reach from `at` on an empty board.
    #[inline]
    pub fn bishop_empty(&self, at: u8) -> Bits {
        self.bishop_empty[usize::from(at)]
    }

    /// The whole line through `a` and `b`, both included; empty when they
    /// share no rank, file or diagonal.
    #[inline]
    pub fn line(&self, a: u8, b: u8) -> Bits {
        self.line[usize::from(a)][usize::from(b)]
    }

    /// The squares strictly between `a` and `b` on their line; empty when
    /// they share none (or are neighbours).
    #[inline]
    pub fn between(&self, a: u8, b: u8) -> Bits {
        self.between[usize::from(a)][usize::from(b)]
    }

    /// The reference square of bit `index`.
    #[inline]
    pub fn square(&self, index: u8) -> Square {
        self.squares[usize::from(index & 63)]
    }
}

/// The bit index of a reference square of the 8x8 board.
#[inline]
pub fn index_of(square: Square) -> u8 {
    square.rank() * 8 + square.file()
}

#[cfg(test)]
mod tests {
    use crate::variant::chess::geometry::EIGHT_BY_EIGHT;

    use super::{
        bit, find_magic, index_of, magics, tables, walk, Bits, Candidates, Search, Square,
        BISHOP_STEPS, ROOK_STEPS, SEED,
    };

    fn set(squares: &[Square]) -> Bits {
        squares
            .iter()
            .fold(0, |bits, &square| bits | bit(index_of(square)))
    }

    /// The steps and the empty-board rays equal the reference geometry's.
    #[test]
    fn steps_and_rays_match_the_reference_geometry() {
        let tables = tables();
        assert_eq!((EIGHT_BY_EIGHT.files(), EIGHT_BY_EIGHT.ranks()), (8, 8));
        for index in 0..64u8 {
            let square = tables.square(index);
            assert_eq!(index_of(square), index);
            assert_eq!(tables.king(index), set(EIGHT_BY_EIGHT.king_steps(square)));
            assert_eq!(
                tables.knight(index),
                set(EIGHT_BY_EIGHT.knight_steps(square))
            );
            let rays = |directions: std::ops::Range<usize>| {
                directions.fold(0, |bits, direction| {
                    bits | set(EIGHT_BY_EIGHT.ray(square, direction))
                })
            };
            assert_eq!(tables.rook(index, 0), rays(0..4), "rook on {square}");
            assert_eq!(tables.bishop(index, 0), rays(4..8), "bishop on {square}");
        }
    }

    /// The magic lookups equal the walk for random blockers.
    #[test]
    fn magic_lookups_equal_the_walk() {
        let tables = tables();
        let mut search = Search(42);
        for _ in 0..20_000 {
            let occupied = search.next() & search.next();
            let at = (search.next() % 64) as u8;
            assert_eq!(tables.rook(at, occupied), walk(at, &ROOK_STEPS, occupied));
            assert_eq!(
                tables.bishop(at, occupied),
                walk(at, &BISHOP_STEPS, occupied)
            );
        }
    }

    /// Every recorded factor fits, so the search never runs.
    #[test]
    fn every_recorded_factor_fits() {
        for index in 0..64u8 {
            let i = usize::from(index);
            assert!(
                Candidates::new(index, &ROOK_STEPS)
                    .fit(magics::ROOK[i])
                    .is_some(),
                "rook factor of square {index}"
            );
            assert!(
                Candidates::new(index, &BISHOP_STEPS)
                    .fit(magics::BISHOP[i])
                    .is_some(),
                "bishop factor of square {index}"
            );
        }
    }

    /// A recorded factor that does not fit (0 sends every subset to one
    /// entry) is searched again, and the searched lookup equals the walk.
    #[test]
    fn a_factor_that_does_not_fit_is_searched_again() {
        for (index, steps) in [(27u8, &ROOK_STEPS), (0, &ROOK_STEPS), (36, &BISHOP_STEPS)] {
            assert!(Candidates::new(index, steps).fit(0).is_none());
            let mut slides = vec![0; 3];
            let magic = find_magic(index, steps, 0, &mut Search(SEED), &mut slides);
            assert_eq!(magic.offset, 3);
            let mut search = Search(7);
            for _ in 0..2_000 {
                let occupied = search.next() & search.next();
                assert_eq!(slides[magic.index(occupied)], walk(index, steps, occupied));
            }
        }
    }

    /// Prints the factors the search finds from the tables' seed, in the
    /// form of `magics.rs`:
    /// `cargo test --release --lib -- --ignored searched_factors --nocapture`.
    #[test]
    #[ignore]
    fn searched_factors() {
        let mut search = Search(SEED);
        let mut rook = Vec::new();
        let mut bishop = Vec::new();
        for index in 0..64u8 {
            rook.push(
                Candidates::new(index, &ROOK_STEPS)
                    .search(&mut search)
                    .factor,
            );
            bishop.push(
                Candidates::new(index, &BISHOP_STEPS)
                    .search(&mut search)
                    .factor,
            );
        }
        for (name, factors) in [("ROOK", rook), ("BISHOP", bishop)] {
            println!("pub const {name}: [u64; 64] = [");
            for factor in factors {
                println!("    {factor:#018x},");
            }
            println!("];");
        }
    }

    /// Lines and betweens on a few known squares (a1 = 0, h8 = 63).
    #[test]
    fn lines_and_betweens() {
        let tables = tables();
        assert_eq!(tables.between(0, 63), 0x0040_2010_0804_0200);
        assert_eq!(tables.line(9, 18), 0x8040_2010_0804_0201);
        assert_eq!(tables.between(0, 7), 0x7e);
        assert_eq!(tables.between(0, 17), 0);
        assert_eq!(tables.line(0, 17), 0);
        assert_eq!(tables.between(0, 1), 0);
    }
}
