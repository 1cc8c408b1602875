//! The refusal-precedence witnesses of MONARCHIE: actions that break
//! two or more of its rules at once, each with the rules it breaks
//! reasoned from the rules in `why` (never pasted from the engine). The
//! protocol page orders the refusal codes by the reference's answers to
//! them (`regelwerk::protocol::precedence`).

use crate::variant::witness::{Witness, START};

/// The witnesses, reached through the variant's protocol page data.
pub const WITNESSES: &[Witness] = &[
    Witness {
        position: M_OVER,
        rulings: &[],
        action: "zz",
        breaks: &["bad-notation", "game-over"],
        why: "only Blau is left, so the game is over (clause 17), and the text names no cell",
    },
    Witness {
        position: M_OVER,
        rulings: &[],
        action: "126-114",
        breaks: &["game-over", "no-piece"],
        why: "the game is over, and cell 126 is empty",
    },
    Witness {
        position: M_OVER,
        rulings: &[],
        action: "1-1",
        breaks: &["game-over", "same-cell"],
        why: "the game is over, and the move goes nowhere",
    },
    Witness {
        position: START,
        rulings: &[],
        action: "126-126",
        breaks: &["no-piece", "same-cell"],
        why: "cell 126 is empty at the start, and the move goes nowhere",
    },
    Witness {
        position: M_ENDGAME,
        rulings: &[],
        action: "32-33",
        breaks: &["dead-piece", "wrong-party"],
        why: "the rook on 32 is a dead blocker of eliminated Lila (clause 4), and it is not Blau's, who is to move (clause 5)",
    },
    Witness {
        position: START,
        rulings: &[],
        action: "40-40",
        breaks: &["wrong-party", "same-cell"],
        why: "the king on 40 is Grün's while Blau is to move, and the move goes nowhere",
    },
    Witness {
        position: START,
        rulings: &[],
        action: "40-1",
        breaks: &["wrong-party", "own-piece-on-target"],
        why: "the king on 40 is Grün's while Blau is to move, and cell 1 holds Blau's own king",
    },
    Witness {
        position: START,
        rulings: &[],
        action: "1-1",
        breaks: &["same-cell", "own-piece-on-target"],
        why: "the move goes nowhere, and its target holds the mover's own king",
    },
    Witness {
        position: START,
        rulings: &[],
        action: "1-8",
        breaks: &["own-piece-on-target", "not-a-move-of-piece"],
        why: "cell 8 holds a Blau knight, and a king steps to a neighbouring cell only, while 8 is three rows below 1",
    },
    Witness {
        position: START,
        rulings: &[],
        action: "2-200=Q",
        breaks: &["not-a-move-of-piece", "promotion-not-a-pawn"],
        why: "no knight jump spans the board from 2 to 200, and only a pawn promotes (R-PROMO)",
    },
    Witness {
        position: M_ENDGAME,
        rulings: &[],
        action: "31-32=Q",
        breaks: &["king-onto-dead-blocker", "promotion-not-a-pawn"],
        why: "the king on 31 would step onto the dead Lila rook on 32 (clause 6.1, R-KING-DEAD), and a king never promotes",
    },
    Witness {
        position: M_ENDGAME,
        rulings: &[],
        action: "99-83=Q",
        breaks: &["pawn-direction-forbidden", "promotion-outside-zone"],
        why: "83 lies behind Blau's pawn on 99, a forbidden side (clause 6.6), and Blau promotes only in the far triangle",
    },
    Witness {
        position: M_ENDGAME,
        rulings: &[],
        action: "99-126=Q",
        breaks: &["pawn-double-step-spent", "promotion-outside-zone"],
        why: "the pawn on 99 has moved, so its two-cell move is gone (clause 6.6), and 126 is outside Blau's promotion zone",
    },
    Witness {
        position: M_ENDGAME_TIMED,
        rulings: &[],
        action: "99-98=Q@61",
        breaks: &["promotion-outside-zone", "leaves-king-in-check", "elapsed-over-limit"],
        why: "98 is outside Blau's zone; the pawn on 99 shields Blau's king on 31 from Gelb's bishop on 155 along one diagonal, and 98 is off it; 61 seconds pass the 60 a move may take (R-CLOCK)",
    },
    Witness {
        position: M_ENDGAME_TIMED,
        rulings: &[],
        action: "99-98@61",
        breaks: &["leaves-king-in-check", "elapsed-over-limit"],
        why: "the pinned pawn on 99 leaves the diagonal from Gelb's bishop on 155 to Blau's king on 31, and 61 seconds pass the limit",
    },
    Witness {
        position: M_ENDGAME_TIMED,
        rulings: &[],
        action: "31-31@61",
        breaks: &["same-cell", "elapsed-over-limit"],
        why: "the move goes nowhere, and 61 seconds pass the limit",
    },
    Witness {
        position: M_ENDGAME_TIMED,
        rulings: &[],
        action: "84-48@1300",
        breaks: &["elapsed-over-limit", "elapsed-over-remaining"],
        why: "1300 seconds pass both the 60 a move may take and the 1200 Blau has left",
    },
    Witness {
        position: M_PROMOTION,
        rulings: &[],
        action: "12-8=R@61",
        breaks: &["promotion-not-available", "elapsed-over-limit"],
        why: "Lila's tray holds a queen and no rook (R-PROMO), and 61 seconds pass the limit",
    },
    Witness {
        position: M_PROMOTION,
        rulings: &["R-PROMO=mandatory"],
        action: "12-8@61",
        breaks: &["promotion-required", "elapsed-over-limit"],
        why: "the Lila pawn reaches its zone on 8 with a queen in the tray and must promote under R-PROMO=mandatory, and 61 seconds pass the limit",
    },
];

/// MONARCHIE: Blau alone is left, the game is over.
const M_OVER: &str =
    "bK/2/3/4/5/6/19/18/17/16/15/14/13/14/15/16/17/18/19/6/5/4/3/2/1 - golyr - - -";

/// MONARCHIE: the endgame of docs/notation.md (Blau king 31, knight 84,
/// moved pawn 99; dead Lila rook on 32 and Rot pawn on 113; Gelb king 214
/// and bishop 155; Orange king 232 and knight 187), Blau to move.
const M_ENDGAME: &str =
    "1/2/3/4/5/6/9bKlR8/18/17/8bN7/7bP7/6rP7/13/14/7yB7/16/8oN8/18/yK17oK/6/5/4/3/2/1 b glr - - -";

/// [`M_ENDGAME`] with every clock at 1200 seconds.
const M_ENDGAME_TIMED: &str = "1/2/3/4/5/6/9bKlR8/18/17/8bN7/7bP7/6rP7/13/14/7yB7/16/8oN8/18/yK17oK/6/5/4/3/2/1 b glr - 1200,1200,1200,1200,1200,1200 -";

/// MONARCHIE: a Lila pawn on 12 and rook on 13 next to Blau's triangle,
/// a queen in Lila's tray, every clock at 1200 seconds, Lila to move (as
/// m.6.6.promotion-lila-rook-cannot-promote).
const M_PROMOTION: &str = "bK/2/3/4/1lPlR2/6/rK17gK/18/17/16/15/14/13/14/15/16/17/18/yK17oK/6/5/4/3/2/lK l - lQ 1200,1200,1200,1200,1200,1200 -";
