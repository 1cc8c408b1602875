//! The protocol pages of Grand Chess and Racing Kings
//! (docs/protocol/grand.md, docs/protocol/racingkings.md), as data.

use crate::variant::{EventDoc, Example, ProtocolDoc};

const MOVES: &str = "Coordinates, `FROMTO`: `e3e5`, with a lower-case promotion letter \
    (`q c a r b n`): `a9a10q`. En passant is the pawn's own diagonal move onto the passed \
    square. There is no castling.";

const COUNTERS: &str = "The FEN's castling field is always `-`. The halfmove clock counts the \
    plies since the last capture or pawn move (0 after one) and decides the fifty-move rule \
    (100 plies); the move number starts at 1 and grows by one after each Black move. The \
    en-passant square is written only when an en-passant capture is legal for the side to \
    move.";

const REPORT: &[(&str, &str)] = &[
    ("capture", "`at`: where it stood"),
    ("checks", "the side to move, if it is in check"),
    (
        "eliminations",
        "always `[]`: a mate, a goal or a draw ends the game through `status`",
    ),
    ("control", "always `[]`"),
    ("next", "`null` when the game is over"),
    ("clocks", "always `{}` (the chess variants are not timed)"),
];

const EVENTS: &[EventDoc] = &[
    EventDoc {
        kind: "moved",
        fields: "`party`: the mover (not for a `claim`)",
    },
    EventDoc {
        kind: "captured",
        fields: "`party`: the owner of the piece taken, `at`: its square, `piece`: its kind",
    },
    EventDoc {
        kind: "promoted",
        fields: "`piece`: the new kind",
    },
    EventDoc {
        kind: "check",
        fields: "`parties`: the side in check",
    },
    EventDoc {
        kind: "won",
        fields: "`party`: the winner",
    },
    EventDoc {
        kind: "drawn",
        fields: "no fields",
    },
];

/// What the protocol page of Grand Chess says.
pub static GRAND: ProtocolDoc = ProtocolDoc {
    position: "FEN as Fairy-Stockfish writes it for Grand Chess: ranks 10 down to 1, `c` for \
        the marshal, `a` for the cardinal, a `10` in a rank for ten empty squares; then the \
        side to move (`w`, `b`), castling (`-`), en passant, halfmove clock and move number.",
    moves: MOVES,
    actions: "`claim`: the side to move claims a draw (threefold repetition or the fifty-move \
        rule).",
    precedence: "`bad-notation` when the text cannot be read, then `game-over`; then the first \
        rule the move breaks in this order: a piece of the mover on the square (`no-piece`, \
        `not-your-piece`), the piece's pattern (`not-a-move-of-the-piece`, `blocked`, \
        `own-piece-on-target`), promotion (`promotion-not-allowed`, `bad-promotion-piece`, \
        `no-promotion-available`, `promotion-required`, `promotion-unavailable`), and last the \
        mover's king (`leaves-king-in-check`). A `claim` without a draw is \
        `no-draw-to-claim`.",
    counters: COUNTERS,
    report: REPORT,
    events: EVENTS,
    status: "`won` with the reason `checkmate`; `drawn` with `stalemate`, `threefold`, \
        `fifty-move` (by a claim) or `insufficient-material` (at once).",
    example: Example {
        scenario: "scenarios/grand/g.7/promotion-only-into-missing-kinds.yaml",
        plays: 6,
        shows: "White lacks its queen and a knight: five promotions are refused, each with its \
            code, and the pawn then takes the rook on b10 and becomes a queen. A refused \
            action leaves the position as it was for the next one.",
    },
};

/// What the protocol page of Racing Kings says.
pub static RACINGKINGS: ProtocolDoc = ProtocolDoc {
    position: "FEN: ranks 8 down to 1, the side to move (`w`, `b`), castling (`-`), en passant \
        (`-`: there are no pawns), halfmove clock and move number.",
    moves: "Coordinates, `FROMTO`: `e2d4`. There are no pawns, so no promotion, no en passant \
        and no castling.",
    actions: "`claim`: the side to move claims a draw (threefold repetition or the fifty-move \
        rule).",
    precedence: "`bad-notation` when the text cannot be read, then `game-over`; then the first \
        rule the move breaks in this order: a piece of the mover on the square (`no-piece`, \
        `not-your-piece`), the piece's pattern (`not-a-move-of-the-piece`, `blocked`, \
        `own-piece-on-target`), a promotion letter (`promotion-not-allowed`), and last the \
        kings: the mover's own attacked (`leaves-king-in-check`) or the other king attacked \
        (`gives-check`: no move may give check). A `claim` without a draw is \
        `no-draw-to-claim`.",
    counters: COUNTERS,
    report: REPORT,
    events: EVENTS,
    status: "`won` with the reason `goal` (a king reached the eighth rank and the other cannot \
        follow at once) or `checkmate`; `drawn` with `goal-tie` (both kings arrived), \
        `stalemate`, `threefold` or `fifty-move` (by a claim).",
    example: Example {
        scenario: "scenarios/racingkings/rk.4/rook-unblocks-own-king.yaml",
        plays: 4,
        shows: "A rook move that would give check is refused (`gives-check`); the rook clears \
            the goal square another way, and the king wins on a8.",
    },
};
