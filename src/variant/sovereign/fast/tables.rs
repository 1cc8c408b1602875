//! The fast path's tables, built once per ruleset: for every square the
//! eight rays (cut at the slide limit), the knight jumps, the pawn steps,
//! captures and two-square moves of S-PAWN-DIR and S-PAWN-DOUBLE, the
//! square colours and pair partners of clause sc.1, and the promotion
//! zone. They are read from the reference's own functions
//! ([`rules::pawn_move_ok`], [`rules::double_directions`], ...), so they
//! hold the same rulings.

use super::super::geometry::{partner, Square, DIRECTIONS, KNIGHT_JUMPS};
use super::super::rules;
use super::super::ruleset::Ruleset;

/// No colour (a square outside the 24 coloured squares).
pub const NONE: u8 = 12;

/// The direction opposite to each of [`DIRECTIONS`].
pub const OPPOSITE: [usize; 8] = [1, 0, 3, 2, 7, 6, 5, 4];

/// Up to `N` squares and how many there are.
#[derive(Clone, Copy, Debug)]
pub struct List<const N: usize> {
    /// The squares.
    pub items: [u8; N],
    /// How many.
    pub len: u8,
}

impl<const N: usize> List<N> {
    const EMPTY: List<N> = List {
        items: [0; N],
        len: 0,
    };

    fn push(&mut self, square: u8) {
        self.items[usize::from(self.len)] = square;
        self.len += 1;
    }

    /// The squares in order.
    #[inline]
    pub fn as_slice(&self) -> &[u8] {
        &self.items[..usize::from(self.len)]
    }
}

/// The tables of one ruleset.
#[derive(Debug)]
pub struct Tables {
    /// Per square and direction, the squares along the ray, nearest
    /// first, at most the slide limit of S-SLIDE-LIMIT.
    pub rays: Vec<[List<15>; 8]>,
    /// Per square, the knight's targets on the board.
    pub knight: Vec<List<8>>,
    /// Per square, the king's targets with their direction.
    pub king: Vec<List<8>>,
    /// Per square, a pawn's orthogonal steps allowed by S-PAWN-DIR.
    pub pawn_step: Vec<List<4>>,
    /// Per square, a pawn's diagonal captures allowed by S-PAWN-DIR.
    pub pawn_capture: Vec<List<4>>,
    /// Per square, bit `d` set when a pawn there may capture in direction
    /// `d` of [`DIRECTIONS`] (for the attack test).
    pub pawn_capture_dirs: Vec<u8>,
    /// Per square, the (passed, target) squares of S-PAWN-DOUBLE.
    pub pawn_double: Vec<Vec<(u8, u8)>>,
    /// Per square, its colour index or [`NONE`].
    pub colour: [u8; 256],
    /// Per coloured square, the other square of its pair (else itself).
    pub partner: [u8; 256],
    /// Whether a square is in the promotion zone.
    pub zone: [bool; 256],
}

impl Tables {
    /// The tables of `rules`.
    pub fn new(rules: &Ruleset) -> Tables {
        let limit = rules.slide_limit();
        let mut tables = Tables {
            rays: vec![[List::EMPTY; 8]; 256],
            knight: vec![List::EMPTY; 256],
            king: vec![List::EMPTY; 256],
            pawn_step: vec![List::EMPTY; 256],
            pawn_capture: vec![List::EMPTY; 256],
            pawn_capture_dirs: vec![0; 256],
            pawn_double: vec![Vec::new(); 256],
            colour: [NONE; 256],
            partner: [0; 256],
            zone: [false; 256],
        };
        for square in Square::all() {
            let at = usize::from(square.0);
            for (dir, (df, dr)) in DIRECTIONS.into_iter().enumerate() {
                for distance in 1..=limit {
                    match square.offset(df * distance, dr * distance) {
                        Some(to) => tables.rays[at][dir].push(to.0),
                        None => break,
                    }
                }
                if let Some(to) = square.offset(df, dr) {
                    tables.king[at].push(to.0);
                    if dir < 4 && rules::pawn_move_ok(rules, rules::PawnMove::Step, square, to) {
                        tables.pawn_step[at].push(to.0);
                    }
                    if dir >= 4 && rules::pawn_move_ok(rules, rules::PawnMove::Capture, square, to)
                    {
                        tables.pawn_capture[at].push(to.0);
                        tables.pawn_capture_dirs[at] |= 1 << dir;
                    }
                }
            }
            for (df, dr) in KNIGHT_JUMPS {
                if let Some(to) = square.offset(df, dr) {
                    tables.knight[at].push(to.0);
                }
            }
            for (df, dr) in rules::double_directions(rules, square) {
                if let (Some(over), Some(to)) =
                    (square.offset(df, dr), square.offset(2 * df, 2 * dr))
                {
                    tables.pawn_double[at].push((over.0, to.0));
                }
            }
            tables.colour[at] = square.colour().map_or(NONE, |c| c.index() as u8);
            tables.partner[at] = partner(square).map_or(square.0, |p| p.0);
            tables.zone[at] = square.in_zone();
        }
        tables
    }
}
