//! Zobrist keys for repetition detection: one random 64-bit key per piece
//! and square, one for the side to move, one per en-passant square. The
//! keys are fixed (a seeded generator evaluated at compile time), so a
//! position's key is the same in every run.

use super::piece::Piece;
use super::side::Side;
use super::square::{Square, SLOTS};

/// splitmix64, one step.
const fn splitmix(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (state, z ^ (z >> 31))
}

/// Keys: 16 pieces per square, then one en-passant key per square, then
/// the side key.
const KEY_COUNT: usize = SLOTS * 17 + 1;

static KEYS: [u64; KEY_COUNT] = {
    let mut keys = [0u64; KEY_COUNT];
    let mut state = 0x5245_4745_4c57_4552; // "REGELWER"
    let mut i = 0;
    while i < KEY_COUNT {
        let (next, key) = splitmix(state);
        state = next;
        keys[i] = key;
        i += 1;
    }
    keys
};

/// The key of `piece` standing on `square`.
#[inline]
pub fn piece_key(piece: Piece, square: Square) -> u64 {
    KEYS[square.index() * 16 + piece.index()]
}

/// The key of an en-passant right onto `square`.
#[inline]
pub fn en_passant_key(square: Square) -> u64 {
    KEYS[SLOTS * 16 + square.index()]
}

/// The key of `side` to move (zero for White).
#[inline]
pub fn side_key(side: Side) -> u64 {
    match side {
        Side::White => 0,
        Side::Black => KEYS[KEY_COUNT - 1],
    }
}
