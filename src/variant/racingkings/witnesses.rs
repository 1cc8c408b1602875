//! The refusal-precedence witnesses of Racing Kings: actions that break
//! two or more of its rules at once, each with the rules it breaks
//! reasoned from the rules in `why` (never pasted from the engine). The
//! protocol page orders the refusal codes by the reference's answers to
//! them (`regelwerk::protocol::precedence`).

use crate::variant::witness::Witness;

/// The witnesses, reached through the variant's protocol page data.
pub const WITNESSES: &[Witness] = &[
    Witness {
        position: "1K4k1/8/8/8/8/8/8/8 b - - 0 1",
        rulings: &[],
        action: "zz",
        breaks: &["bad-notation", "game-over"],
        why: "both kings stand on the eighth rank, so the race is drawn (rk.5.2), and the text names no square",
    },
    Witness {
        position: "1K4k1/8/8/8/8/8/8/8 b - - 0 1",
        rulings: &[],
        action: "a1a2",
        breaks: &["game-over", "no-piece"],
        why: "the race is over, and a1 is empty",
    },
    Witness {
        position: "8/3kr3/8/8/8/8/4R3/4K3 w - - 0 1",
        rulings: &[],
        action: "e2d2",
        breaks: &["leaves-king-in-check", "gives-check"],
        why: "the rook on e2 shields its king on e1 from the rook on e7, and on d2 it would attack the king on d7",
    },
];
