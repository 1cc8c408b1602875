//! The refusal-precedence witnesses of Three Kingdoms Xiangqi: actions that break
//! two or more of its rules at once, each with the rules it breaks
//! reasoned from the rules in `why` (never pasted from the engine). The
//! protocol page orders the refusal codes by the reference's answers to
//! them (`regelwerk::protocol::precedence`).

use crate::variant::witness::{Witness, START};

/// The witnesses, reached through the variant's protocol page data.
pub const WITNESSES: &[Witness] = &[
    Witness {
        position: TK_OVER,
        rulings: &[],
        action: "zz",
        breaks: &["bad-notation", "game-over"],
        why: "Wu and Wei are defeated, so Shu has won (tk.T9), and the text names no point",
    },
    Witness {
        position: TK_OVER,
        rulings: &[],
        action: "Re5-Re4",
        breaks: &["game-over", "no-piece"],
        why: "the game is won, and Re5 is empty",
    },
    Witness {
        position: TK_OVER,
        rulings: &[],
        action: "resign b",
        breaks: &["game-over", "not-active"],
        why: "the game is won, and Wei is already defeated (tk.T11)",
    },
    Witness {
        position: START,
        rulings: &[],
        action: "Ga1-Ra1",
        breaks: &["not-your-piece", "own-piece-on-target"],
        why: "Shu is to move and the chariot on Ga1 is Wu's, and Ra1 holds Shu's own chariot",
    },
    Witness {
        position: START,
        rulings: &[],
        action: "Ge1-Ge3",
        breaks: &["not-your-piece", "not-a-move-of-the-piece"],
        why: "the general on Ge1 is Wu's, and a general steps one point only",
    },
    Witness {
        position: START,
        rulings: &[],
        action: "Ra1-Rb3",
        breaks: &["own-piece-on-target", "not-a-move-of-the-piece"],
        why: "Rb3 holds Shu's cannon, and a chariot moves along a line, never a knight's shape",
    },
    Witness {
        position: START,
        rulings: &[],
        action: "Ra1-Rc1",
        breaks: &["own-piece-on-target", "blocked"],
        why: "Rc1 holds Shu's elephant, and Shu's horse on Rb1 stands in the chariot's way",
    },
    Witness {
        position: "9/4Kr4/9/9/5Rg3|3Kg5/9/9/9/9|3Kb5/9/9/9/9 r - off ---- 0",
        rulings: &[],
        action: "Re2-Rf2",
        breaks: &["general-attacked", "generals-facing"],
        why: "on Rf2 Shu's general stands on the file of Wu's chariot on Rf5 (R-CHECK) and faces a rival general as in tk.T5-general-may-not-face (R-FACING)",
    },
];

/// Three Kingdoms: Shu's general alone, Wu and Wei defeated: Shu has won.
const TK_OVER: &str = "3Kr5/9/9/9/9|9/9/9/9/9|9/9/9/9/9 - gb off ---- 0";
