//! The refusal-precedence witnesses of Sovereign Chess: actions that break
//! two or more of its rules at once, each with the rules it breaks
//! reasoned from the rules in `why` (never pasted from the engine). The
//! protocol page orders the refusal codes by the reference's answers to
//! them (`regelwerk::protocol::precedence`).

use crate::variant::witness::{Witness, START};

/// The witnesses, reached through the variant's protocol page data.
pub const WITNESSES: &[Witness] = &[
    Witness {
        position: SC_MATED,
        rulings: &[],
        action: "zz",
        breaks: &["bad-notation", "game-over"],
        why: "player 1's king on a1 is mated by the queen on b2, guarded by the king on c3, and the text names no square",
    },
    Witness {
        position: SC_MATED,
        rulings: &[],
        action: "e5e6=Q",
        breaks: &["game-over", "no-piece", "promotion-not-allowed"],
        why: "player 1 is mated, e5 is empty, and e6 is no square of the promotion zone",
    },
    Witness {
        position: SC_MATED,
        rulings: &[],
        action: "claim",
        breaks: &["game-over", "no-draw-to-claim"],
        why: "player 1 is mated, and nothing repeated and no capture-free plies passed",
    },
    Witness {
        position: SC_MATED,
        rulings: &[],
        action: "swap",
        breaks: &["game-over", "swap-not-allowed"],
        why: "player 1 is mated, and the swap exists only under S-PIE=swap-action after White's first move",
    },
    Witness {
        position: SC_MATED,
        rulings: &[],
        action: "K=n",
        breaks: &["game-over", "defection-not-allowed"],
        why: "player 1 is mated, and nobody holds navy",
    },
    Witness {
        position: SC_MATED,
        rulings: &[],
        action: "O-g1",
        breaks: &["game-over", "castling-not-allowed"],
        why: "player 1 is mated, and its king has no rook to castle with",
    },
    Witness {
        position: START,
        rulings: &[],
        action: "e5e6=Q",
        breaks: &["no-piece", "promotion-not-allowed"],
        why: "e5 is empty at the start, and e6 is outside the promotion zone",
    },
    Witness {
        position: START,
        rulings: &[],
        action: "a16a1",
        breaks: &["neutral-piece", "blocked", "beyond-slide-limit", "cannot-capture"],
        why: "nobody holds ash at the start (S-MOVE-SCOPE); the a-file is full; fifteen squares pass the slide limit of eight; the slate queen on a1 is neutral and cannot be taken (S-CAPTURE)",
    },
    Witness {
        position: START,
        rulings: &[],
        action: "e16e10",
        breaks: &["not-your-piece", "blocked"],
        why: "the black rook on e16 is player 2's, and the black pawn on e15 stands in its way",
    },
    Witness {
        position: START,
        rulings: &[],
        action: "f1f5=Q",
        breaks: &["not-a-move-of-the-piece", "promotion-not-allowed"],
        why: "a knight cannot go four squares straight, and only a pawn entering the zone promotes",
    },
    Witness {
        position: START,
        rulings: &[],
        action: "h1h10",
        breaks: &["blocked", "beyond-slide-limit"],
        why: "the white pawn on h2 stands in the queen's way, and h1 to h10 is nine squares, one more than the slide limit",
    },
    Witness {
        position: START,
        rulings: &[],
        action: "h1h9",
        breaks: &["blocked", "own-colour-square"],
        why: "the white pawn on h2 stands in the queen's way, and h9 is a white square, the queen's own colour (S-OWN-COLOUR)",
    },
    Witness {
        position: START,
        rulings: &[],
        action: "e1e2=Q",
        breaks: &["cannot-capture", "promotion-not-allowed"],
        why: "e2 holds player 1's own pawn, and a rook never promotes",
    },
    Witness {
        position: "bk15/16/16/16/11wp4/16/16/16/16/16/16/16/16/3nn12/16/15wk 1 w b - 0",
        rulings: &[],
        action: "d3e5",
        breaks: &["own-colour-square", "pair-occupied"],
        why: "the white pawn on l12 gives player 1 navy; e5 is a navy square, the knight's own colour, and its partner l12 is occupied (S-PAIR)",
    },
    Witness {
        position: SC_PINNED_PAWN,
        rulings: &[],
        action: "h6h7",
        breaks: &["promotion-required", "leaves-king-in-check"],
        why: "the pawn enters the zone on h7 and must promote (S-PROMO), and it shields its king on c6 from the black rook on k6",
    },
    Witness {
        position: SC_PINNED_PAWN,
        rulings: &[],
        action: "h6h7=P",
        breaks: &["promotion-unavailable", "leaves-king-in-check"],
        why: "a pawn cannot become a pawn, and it shields its king on c6 from the black rook on k6",
    },
    Witness {
        position: "bk15/16/16/16/16/16/16/16/16/16/2wk1wn5br5/16/16/16/16/16 1 w b - 0",
        rulings: &[],
        action: "e6d8=Q",
        breaks: &["promotion-not-allowed", "leaves-king-in-check"],
        why: "a knight never promotes, and the knight on e6 shields its king on c6 from the black rook on k6",
    },
];

/// Sovereign Chess: player 1's king on a1 mated by the black queen on b2,
/// which the black king on c3 guards.
const SC_MATED: &str = "16/16/16/16/16/16/16/16/16/16/16/16/16/2bk13/1bq14/wk15 1 w b - 0 1";

/// Sovereign Chess: player 1's king on c6, its pawn on h6 before the
/// zone, the black rook on k6 eight squares from the king.
const SC_PINNED_PAWN: &str = "bk15/16/16/16/16/16/16/16/16/16/2wk4wp2br5/16/16/16/16/16 1 w b - 0";
