//! The refusal-precedence witnesses of Grand Chess: actions that break
//! two or more of its rules at once, each with the rules it breaks
//! reasoned from the rules in `why` (never pasted from the engine). The
//! protocol page orders the refusal codes by the reference's answers to
//! them (`regelwerk::protocol::precedence`).

use crate::variant::witness::Witness;

/// The witnesses, reached through the variant's protocol page data.
pub const WITNESSES: &[Witness] = &[
    Witness {
        position: "10/10/10/10/10/10/10/2k7/1q8/K9 w - - 0 1",
        rulings: &[],
        action: "zz",
        breaks: &["bad-notation", "game-over"],
        why: "White is mated (queen on b2 guarded by the king on c3), and the text names no square",
    },
    Witness {
        position: "10/10/10/10/10/10/10/2k7/1q8/K9 w - - 0 1",
        rulings: &[],
        action: "e5e6",
        breaks: &["game-over", "no-piece"],
        why: "White is mated, and e5 is empty",
    },
    Witness {
        position: "10/K3P4r/10/10/10/10/10/10/10/9k w - - 0 1",
        rulings: &[],
        action: "e9e10",
        breaks: &["promotion-required", "leaves-king-in-check"],
        why: "a pawn reaching the tenth rank must promote (g.7), and this one shields its king on a9 from the rook on j9",
    },
    Witness {
        position: "10/K3P4r/10/10/10/10/10/10/10/9k w - - 0 1",
        rulings: &[],
        action: "e9e10k",
        breaks: &["bad-promotion-piece", "leaves-king-in-check"],
        why: "a pawn never becomes a king, and the pawn shields its king on a9 from the rook on j9",
    },
    Witness {
        position: "10/K3P4r/10/10/10/10/10/10/Q9/9k w - - 0 1",
        rulings: &[],
        action: "e9e10q",
        breaks: &["promotion-unavailable", "leaves-king-in-check"],
        why: "White still has its one queen on a2, so no pawn may become one (g.7), and the pawn shields its king on a9",
    },
    Witness {
        position: "10/10/10/10/K3P4r/10/10/10/10/9k w - - 0 1",
        rulings: &[],
        action: "e6e7q",
        breaks: &["promotion-not-allowed", "leaves-king-in-check"],
        why: "the seventh rank is outside the promotion zone, and the pawn shields its king on a6 from the rook on j6",
    },
];
