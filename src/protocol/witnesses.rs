//! The witnesses of [`super::precedence`]: for each variant, actions that
//! break two or more rules at once. What each breaks is reasoned from
//! the rules and written in `why`; the code the reference answers is
//! asked when the pages are written and tested, never written here.
//!
//! Pairs of codes that can never apply together (no piece on the square
//! and the piece being another party's; a move that is not the piece's
//! and one whose path is blocked) have no witness: their order on the
//! page is the variant's declared order and decides nothing.

use crate::variant::VariantId;

/// The position a witness names to play from the variant's start
/// position (MONARCHIE's Anhang A, the other variants' `start`).
pub const START: &str = "start";

/// An action that breaks several rules at once.
#[derive(Clone, Copy, Debug)]
pub struct Witness {
    /// The rule system.
    pub variant: VariantId,
    /// The position, in the variant's notation.
    pub position: &'static str,
    /// Ruling settings `ID=key` the position is played under (most
    /// witnesses play the defaults).
    pub rulings: &'static [&'static str],
    /// The action.
    pub action: &'static str,
    /// The codes of every rule the action breaks.
    pub breaks: &'static [&'static str],
    /// Why it breaks them.
    pub why: &'static str,
}

/// The witnesses of every variant.
pub const WITNESSES: &[Witness] = &[
    // Grand Chess
    Witness {
        variant: VariantId::Grand,
        position: "10/10/10/10/10/10/10/2k7/1q8/K9 w - - 0 1",
        rulings: &[],
        action: "zz",
        breaks: &["bad-notation", "game-over"],
        why: "White is mated (queen on b2 guarded by the king on c3), and the text names no square",
    },
    Witness {
        variant: VariantId::Grand,
        position: "10/10/10/10/10/10/10/2k7/1q8/K9 w - - 0 1",
        rulings: &[],
        action: "e5e6",
        breaks: &["game-over", "no-piece"],
        why: "White is mated, and e5 is empty",
    },
    Witness {
        variant: VariantId::Grand,
        position: "10/K3P4r/10/10/10/10/10/10/10/9k w - - 0 1",
        rulings: &[],
        action: "e9e10",
        breaks: &["promotion-required", "leaves-king-in-check"],
        why: "a pawn reaching the tenth rank must promote (g.7), and this one shields its king on a9 from the rook on j9",
    },
    Witness {
        variant: VariantId::Grand,
        position: "10/K3P4r/10/10/10/10/10/10/10/9k w - - 0 1",
        rulings: &[],
        action: "e9e10k",
        breaks: &["bad-promotion-piece", "leaves-king-in-check"],
        why: "a pawn never becomes a king, and the pawn shields its king on a9 from the rook on j9",
    },
    Witness {
        variant: VariantId::Grand,
        position: "10/K3P4r/10/10/10/10/10/10/Q9/9k w - - 0 1",
        rulings: &[],
        action: "e9e10q",
        breaks: &["promotion-unavailable", "leaves-king-in-check"],
        why: "White still has its one queen on a2, so no pawn may become one (g.7), and the pawn shields its king on a9",
    },
    Witness {
        variant: VariantId::Grand,
        position: "10/10/10/10/K3P4r/10/10/10/10/9k w - - 0 1",
        rulings: &[],
        action: "e6e7q",
        breaks: &["promotion-not-allowed", "leaves-king-in-check"],
        why: "the seventh rank is outside the promotion zone, and the pawn shields its king on a6 from the rook on j6",
    },
    // Racing Kings
    Witness {
        variant: VariantId::Racingkings,
        position: "1K4k1/8/8/8/8/8/8/8 b - - 0 1",
        rulings: &[],
        action: "zz",
        breaks: &["bad-notation", "game-over"],
        why: "both kings stand on the eighth rank, so the race is drawn (rk.5.2), and the text names no square",
    },
    Witness {
        variant: VariantId::Racingkings,
        position: "1K4k1/8/8/8/8/8/8/8 b - - 0 1",
        rulings: &[],
        action: "a1a2",
        breaks: &["game-over", "no-piece"],
        why: "the race is over, and a1 is empty",
    },
    Witness {
        variant: VariantId::Racingkings,
        position: "8/3kr3/8/8/8/8/4R3/4K3 w - - 0 1",
        rulings: &[],
        action: "e2d2",
        breaks: &["leaves-king-in-check", "gives-check"],
        why: "the rook on e2 shields its king on e1 from the rook on e7, and on d2 it would attack the king on d7",
    },
    // MONARCHIE
    Witness {
        variant: VariantId::Monarchie,
        position: M_OVER,
        rulings: &[],
        action: "zz",
        breaks: &["bad-notation", "game-over"],
        why: "only Blau is left, so the game is over (clause 17), and the text names no cell",
    },
    Witness {
        variant: VariantId::Monarchie,
        position: M_OVER,
        rulings: &[],
        action: "126-114",
        breaks: &["game-over", "no-piece"],
        why: "the game is over, and cell 126 is empty",
    },
    Witness {
        variant: VariantId::Monarchie,
        position: M_OVER,
        rulings: &[],
        action: "1-1",
        breaks: &["game-over", "same-cell"],
        why: "the game is over, and the move goes nowhere",
    },
    Witness {
        variant: VariantId::Monarchie,
        position: START,
        rulings: &[],
        action: "126-126",
        breaks: &["no-piece", "same-cell"],
        why: "cell 126 is empty at the start, and the move goes nowhere",
    },
    Witness {
        variant: VariantId::Monarchie,
        position: M_ENDGAME,
        rulings: &[],
        action: "32-33",
        breaks: &["dead-piece", "wrong-party"],
        why: "the rook on 32 is a dead blocker of eliminated Lila (clause 4), and it is not Blau's, who is to move (clause 5)",
    },
    Witness {
        variant: VariantId::Monarchie,
        position: START,
        rulings: &[],
        action: "40-40",
        breaks: &["wrong-party", "same-cell"],
        why: "the king on 40 is Grün's while Blau is to move, and the move goes nowhere",
    },
    Witness {
        variant: VariantId::Monarchie,
        position: START,
        rulings: &[],
        action: "40-1",
        breaks: &["wrong-party", "own-piece-on-target"],
        why: "the king on 40 is Grün's while Blau is to move, and cell 1 holds Blau's own king",
    },
    Witness {
        variant: VariantId::Monarchie,
        position: START,
        rulings: &[],
        action: "1-1",
        breaks: &["same-cell", "own-piece-on-target"],
        why: "the move goes nowhere, and its target holds the mover's own king",
    },
    Witness {
        variant: VariantId::Monarchie,
        position: START,
        rulings: &[],
        action: "1-8",
        breaks: &["own-piece-on-target", "not-a-move-of-piece"],
        why: "cell 8 holds a Blau knight, and a king steps to a neighbouring cell only, while 8 is three rows below 1",
    },
    Witness {
        variant: VariantId::Monarchie,
        position: START,
        rulings: &[],
        action: "2-200=Q",
        breaks: &["not-a-move-of-piece", "promotion-not-a-pawn"],
        why: "no knight jump spans the board from 2 to 200, and only a pawn promotes (R-PROMO)",
    },
    Witness {
        variant: VariantId::Monarchie,
        position: M_ENDGAME,
        rulings: &[],
        action: "31-32=Q",
        breaks: &["king-onto-dead-blocker", "promotion-not-a-pawn"],
        why: "the king on 31 would step onto the dead Lila rook on 32 (clause 6.1, R-KING-DEAD), and a king never promotes",
    },
    Witness {
        variant: VariantId::Monarchie,
        position: M_ENDGAME,
        rulings: &[],
        action: "99-83=Q",
        breaks: &["pawn-direction-forbidden", "promotion-outside-zone"],
        why: "83 lies behind Blau's pawn on 99, a forbidden side (clause 6.6), and Blau promotes only in the far triangle",
    },
    Witness {
        variant: VariantId::Monarchie,
        position: M_ENDGAME,
        rulings: &[],
        action: "99-126=Q",
        breaks: &["pawn-double-step-spent", "promotion-outside-zone"],
        why: "the pawn on 99 has moved, so its two-cell move is gone (clause 6.6), and 126 is outside Blau's promotion zone",
    },
    Witness {
        variant: VariantId::Monarchie,
        position: M_ENDGAME_TIMED,
        rulings: &[],
        action: "99-98=Q@61",
        breaks: &["promotion-outside-zone", "leaves-king-in-check", "elapsed-over-limit"],
        why: "98 is outside Blau's zone; the pawn on 99 shields Blau's king on 31 from Gelb's bishop on 155 along one diagonal, and 98 is off it; 61 seconds pass the 60 a move may take (R-CLOCK)",
    },
    Witness {
        variant: VariantId::Monarchie,
        position: M_ENDGAME_TIMED,
        rulings: &[],
        action: "99-98@61",
        breaks: &["leaves-king-in-check", "elapsed-over-limit"],
        why: "the pinned pawn on 99 leaves the diagonal from Gelb's bishop on 155 to Blau's king on 31, and 61 seconds pass the limit",
    },
    Witness {
        variant: VariantId::Monarchie,
        position: M_ENDGAME_TIMED,
        rulings: &[],
        action: "31-31@61",
        breaks: &["same-cell", "elapsed-over-limit"],
        why: "the move goes nowhere, and 61 seconds pass the limit",
    },
    Witness {
        variant: VariantId::Monarchie,
        position: M_ENDGAME_TIMED,
        rulings: &[],
        action: "84-48@1300",
        breaks: &["elapsed-over-limit", "elapsed-over-remaining"],
        why: "1300 seconds pass both the 60 a move may take and the 1200 Blau has left",
    },
    Witness {
        variant: VariantId::Monarchie,
        position: M_PROMOTION,
        rulings: &[],
        action: "12-8=R@61",
        breaks: &["promotion-not-available", "elapsed-over-limit"],
        why: "Lila's tray holds a queen and no rook (R-PROMO), and 61 seconds pass the limit",
    },
    Witness {
        variant: VariantId::Monarchie,
        position: M_PROMOTION,
        rulings: &["R-PROMO=mandatory"],
        action: "12-8@61",
        breaks: &["promotion-required", "elapsed-over-limit"],
        why: "the Lila pawn reaches its zone on 8 with a queen in the tray and must promote under R-PROMO=mandatory, and 61 seconds pass the limit",
    },
    // Three Kingdoms Xiangqi
    Witness {
        variant: VariantId::Threekingdoms,
        position: TK_OVER,
        rulings: &[],
        action: "zz",
        breaks: &["bad-notation", "game-over"],
        why: "Wu and Wei are defeated, so Shu has won (tk.T9), and the text names no point",
    },
    Witness {
        variant: VariantId::Threekingdoms,
        position: TK_OVER,
        rulings: &[],
        action: "Re5-Re4",
        breaks: &["game-over", "no-piece"],
        why: "the game is won, and Re5 is empty",
    },
    Witness {
        variant: VariantId::Threekingdoms,
        position: TK_OVER,
        rulings: &[],
        action: "resign b",
        breaks: &["game-over", "not-active"],
        why: "the game is won, and Wei is already defeated (tk.T11)",
    },
    Witness {
        variant: VariantId::Threekingdoms,
        position: START,
        rulings: &[],
        action: "Ga1-Ra1",
        breaks: &["not-your-piece", "own-piece-on-target"],
        why: "Shu is to move and the chariot on Ga1 is Wu's, and Ra1 holds Shu's own chariot",
    },
    Witness {
        variant: VariantId::Threekingdoms,
        position: START,
        rulings: &[],
        action: "Ge1-Ge3",
        breaks: &["not-your-piece", "not-a-move-of-the-piece"],
        why: "the general on Ge1 is Wu's, and a general steps one point only",
    },
    Witness {
        variant: VariantId::Threekingdoms,
        position: START,
        rulings: &[],
        action: "Ra1-Rb3",
        breaks: &["own-piece-on-target", "not-a-move-of-the-piece"],
        why: "Rb3 holds Shu's cannon, and a chariot moves along a line, never a knight's shape",
    },
    Witness {
        variant: VariantId::Threekingdoms,
        position: START,
        rulings: &[],
        action: "Ra1-Rc1",
        breaks: &["own-piece-on-target", "blocked"],
        why: "Rc1 holds Shu's elephant, and Shu's horse on Rb1 stands in the chariot's way",
    },
    Witness {
        variant: VariantId::Threekingdoms,
        position: "9/4Kr4/9/9/5Rg3|3Kg5/9/9/9/9|3Kb5/9/9/9/9 r - off ---- 0",
        rulings: &[],
        action: "Re2-Rf2",
        breaks: &["general-attacked", "generals-facing"],
        why: "on Rf2 Shu's general stands on the file of Wu's chariot on Rf5 (R-CHECK) and faces a rival general as in tk.T5-general-may-not-face (R-FACING)",
    },
    // Sovereign Chess
    Witness {
        variant: VariantId::Sovereign,
        position: SC_MATED,
        rulings: &[],
        action: "zz",
        breaks: &["bad-notation", "game-over"],
        why: "player 1's king on a1 is mated by the queen on b2, guarded by the king on c3, and the text names no square",
    },
    Witness {
        variant: VariantId::Sovereign,
        position: SC_MATED,
        rulings: &[],
        action: "e5e6=Q",
        breaks: &["game-over", "no-piece", "promotion-not-allowed"],
        why: "player 1 is mated, e5 is empty, and e6 is no square of the promotion zone",
    },
    Witness {
        variant: VariantId::Sovereign,
        position: SC_MATED,
        rulings: &[],
        action: "claim",
        breaks: &["game-over", "no-draw-to-claim"],
        why: "player 1 is mated, and nothing repeated and no capture-free plies passed",
    },
    Witness {
        variant: VariantId::Sovereign,
        position: SC_MATED,
        rulings: &[],
        action: "swap",
        breaks: &["game-over", "swap-not-allowed"],
        why: "player 1 is mated, and the swap exists only under S-PIE=swap-action after White's first move",
    },
    Witness {
        variant: VariantId::Sovereign,
        position: SC_MATED,
        rulings: &[],
        action: "K=n",
        breaks: &["game-over", "defection-not-allowed"],
        why: "player 1 is mated, and nobody holds navy",
    },
    Witness {
        variant: VariantId::Sovereign,
        position: SC_MATED,
        rulings: &[],
        action: "O-g1",
        breaks: &["game-over", "castling-not-allowed"],
        why: "player 1 is mated, and its king has no rook to castle with",
    },
    Witness {
        variant: VariantId::Sovereign,
        position: START,
        rulings: &[],
        action: "e5e6=Q",
        breaks: &["no-piece", "promotion-not-allowed"],
        why: "e5 is empty at the start, and e6 is outside the promotion zone",
    },
    Witness {
        variant: VariantId::Sovereign,
        position: START,
        rulings: &[],
        action: "a16a1",
        breaks: &["neutral-piece", "blocked", "beyond-slide-limit", "cannot-capture"],
        why: "nobody holds ash at the start (S-MOVE-SCOPE); the a-file is full; fifteen squares pass the slide limit of eight; the slate queen on a1 is neutral and cannot be taken (S-CAPTURE)",
    },
    Witness {
        variant: VariantId::Sovereign,
        position: START,
        rulings: &[],
        action: "e16e10",
        breaks: &["not-your-piece", "blocked"],
        why: "the black rook on e16 is player 2's, and the black pawn on e15 stands in its way",
    },
    Witness {
        variant: VariantId::Sovereign,
        position: START,
        rulings: &[],
        action: "f1f5=Q",
        breaks: &["not-a-move-of-the-piece", "promotion-not-allowed"],
        why: "a knight cannot go four squares straight, and only a pawn entering the zone promotes",
    },
    Witness {
        variant: VariantId::Sovereign,
        position: START,
        rulings: &[],
        action: "h1h10",
        breaks: &["blocked", "beyond-slide-limit"],
        why: "the white pawn on h2 stands in the queen's way, and h1 to h10 is nine squares, one more than the slide limit",
    },
    Witness {
        variant: VariantId::Sovereign,
        position: START,
        rulings: &[],
        action: "h1h9",
        breaks: &["blocked", "own-colour-square"],
        why: "the white pawn on h2 stands in the queen's way, and h9 is a white square, the queen's own colour (S-OWN-COLOUR)",
    },
    Witness {
        variant: VariantId::Sovereign,
        position: START,
        rulings: &[],
        action: "e1e2=Q",
        breaks: &["cannot-capture", "promotion-not-allowed"],
        why: "e2 holds player 1's own pawn, and a rook never promotes",
    },
    Witness {
        variant: VariantId::Sovereign,
        position: "bk15/16/16/16/11wp4/16/16/16/16/16/16/16/16/3nn12/16/15wk 1 w b - 0",
        rulings: &[],
        action: "d3e5",
        breaks: &["own-colour-square", "pair-occupied"],
        why: "the white pawn on l12 gives player 1 navy; e5 is a navy square, the knight's own colour, and its partner l12 is occupied (S-PAIR)",
    },
    Witness {
        variant: VariantId::Sovereign,
        position: SC_PINNED_PAWN,
        rulings: &[],
        action: "h6h7",
        breaks: &["promotion-required", "leaves-king-in-check"],
        why: "the pawn enters the zone on h7 and must promote (S-PROMO), and it shields its king on c6 from the black rook on k6",
    },
    Witness {
        variant: VariantId::Sovereign,
        position: SC_PINNED_PAWN,
        rulings: &[],
        action: "h6h7=P",
        breaks: &["promotion-unavailable", "leaves-king-in-check"],
        why: "a pawn cannot become a pawn, and it shields its king on c6 from the black rook on k6",
    },
    Witness {
        variant: VariantId::Sovereign,
        position: "bk15/16/16/16/16/16/16/16/16/16/2wk1wn5br5/16/16/16/16/16 1 w b - 0",
        rulings: &[],
        action: "e6d8=Q",
        breaks: &["promotion-not-allowed", "leaves-king-in-check"],
        why: "a knight never promotes, and the knight on e6 shields its king on c6 from the black rook on k6",
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

/// Three Kingdoms: Shu's general alone, Wu and Wei defeated: Shu has won.
const TK_OVER: &str = "3Kr5/9/9/9/9|9/9/9/9/9|9/9/9/9/9 - gb off ---- 0";

/// Sovereign Chess: player 1's king on a1 mated by the black queen on b2,
/// which the black king on c3 guards.
const SC_MATED: &str = "16/16/16/16/16/16/16/16/16/16/16/16/16/2bk13/1bq14/wk15 1 w b - 0 1";

/// Sovereign Chess: player 1's king on c6, its pawn on h6 before the
/// zone, the black rook on k6 eight squares from the king.
const SC_PINNED_PAWN: &str = "bk15/16/16/16/16/16/16/16/16/16/2wk4wp2br5/16/16/16/16/16 1 w b - 0";
