//! A set of cells as a 256-bit bitboard (four `u64` words; the 253 cells
//! use bits 0..=252, bit `i` is the cell with index `i`, number `i + 1`).
//! Cell numbers run row by row from the top, left to right, so every line
//! of the board (side, vertex, braid) visits cells in increasing or in
//! decreasing index order; the first piece on a line is the lowest or the
//! highest set bit of `line & occupied`.

use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, Not};

/// A set of cell indices 0..253.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Bits(pub [u64; 4]);

impl Bits {
    /// The empty set.
    pub const EMPTY: Bits = Bits([0; 4]);

    /// The set holding only `index`.
    #[inline(always)]
    pub const fn bit(index: usize) -> Bits {
        let mut words = [0; 4];
        words[index >> 6] = 1 << (index & 63);
        Bits(words)
    }

    /// Whether `index` is in the set.
    #[inline(always)]
    pub const fn has(&self, index: usize) -> bool {
        // Cell indices are below 253: the mask only spares the bounds check.
        debug_assert!(index < 256);
        self.0[(index >> 6) & 3] & (1 << (index & 63)) != 0
    }

    /// Adds `index`.
    #[inline(always)]
    pub fn set(&mut self, index: usize) {
        self.0[index >> 6] |= 1 << (index & 63);
    }

    /// Removes `index`.
    #[inline(always)]
    pub fn clear(&mut self, index: usize) {
        self.0[index >> 6] &= !(1 << (index & 63));
    }

    /// Whether the set is empty.
    #[inline(always)]
    pub fn is_empty(&self) -> bool {
        (self.0[0] | self.0[1] | self.0[2] | self.0[3]) == 0
    }

    /// Whether the set has a member.
    #[inline(always)]
    pub fn any(&self) -> bool {
        !self.is_empty()
    }

    /// Number of members. The sets counted in perft's last ply hold a
    /// few cells, and the baseline x86-64 target has no `popcnt`
    /// instruction (`count_ones` is a dozen instructions per word), so
    /// this clears one member at a time and skips empty words.
    #[inline(always)]
    pub fn count(&self) -> u32 {
        let mut count = 0;
        for &word in &self.0 {
            let mut word = word;
            while word != 0 {
                word &= word - 1;
                count += 1;
            }
        }
        count
    }

    /// The lowest member.
    #[inline(always)]
    pub fn first(&self) -> Option<usize> {
        for (i, &word) in self.0.iter().enumerate() {
            if word != 0 {
                return Some(i * 64 + word.trailing_zeros() as usize);
            }
        }
        None
    }

    /// The highest member.
    #[inline(always)]
    pub fn last(&self) -> Option<usize> {
        for i in (0..4).rev() {
            let word = self.0[i];
            if word != 0 {
                return Some(i * 64 + 63 - word.leading_zeros() as usize);
            }
        }
        None
    }

    /// The members, lowest first.
    #[inline(always)]
    pub fn iter(self) -> BitsIter {
        BitsIter {
            words: self.0,
            word: 0,
        }
    }
}

/// The members of a [`Bits`], lowest first.
pub struct BitsIter {
    words: [u64; 4],
    word: usize,
}

impl Iterator for BitsIter {
    type Item = usize;

    #[inline(always)]
    fn next(&mut self) -> Option<usize> {
        while self.word < 4 {
            let bits = self.words[self.word];
            if bits != 0 {
                self.words[self.word] = bits & (bits - 1);
                return Some(self.word * 64 + bits.trailing_zeros() as usize);
            }
            self.word += 1;
        }
        None
    }
}

impl BitAnd for Bits {
    type Output = Bits;
    #[inline(always)]
    fn bitand(self, other: Bits) -> Bits {
        Bits([
            self.0[0] & other.0[0],
            self.0[1] & other.0[1],
            self.0[2] & other.0[2],
            self.0[3] & other.0[3],
        ])
    }
}

impl BitOr for Bits {
    type Output = Bits;
    #[inline(always)]
    fn bitor(self, other: Bits) -> Bits {
        Bits([
            self.0[0] | other.0[0],
            self.0[1] | other.0[1],
            self.0[2] | other.0[2],
            self.0[3] | other.0[3],
        ])
    }
}

impl Not for Bits {
    type Output = Bits;
    #[inline(always)]
    fn not(self) -> Bits {
        Bits([!self.0[0], !self.0[1], !self.0[2], !self.0[3]])
    }
}

impl BitAndAssign for Bits {
    #[inline(always)]
    fn bitand_assign(&mut self, other: Bits) {
        *self = *self & other;
    }
}

impl BitOrAssign for Bits {
    #[inline(always)]
    fn bitor_assign(&mut self, other: Bits) {
        *self = *self | other;
    }
}

#[cfg(test)]
mod tests {
    use super::Bits;

    #[test]
    fn first_last_and_iteration_follow_the_indices() {
        let mut bits = Bits::EMPTY;
        for index in [3, 64, 130, 252] {
            bits.set(index);
        }
        assert_eq!(bits.first(), Some(3));
        assert_eq!(bits.last(), Some(252));
        assert_eq!(bits.iter().collect::<Vec<_>>(), vec![3, 64, 130, 252]);
        assert_eq!(bits.count(), 4);
        bits.clear(3);
        assert!(!bits.has(3) && bits.has(64));
        assert_eq!(Bits::EMPTY.first(), None);
        assert_eq!(Bits::EMPTY.last(), None);
    }
}
