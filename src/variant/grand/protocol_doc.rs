//! The protocol page of Grand Chess (docs/protocol/grand.md), as data.

use crate::variant::chess::protocol_doc::{COUNTERS, EVENTS, MOVES, REPORT};
use crate::variant::{Example, ProtocolDoc};

/// What the protocol page of Grand Chess says.
pub static PROTOCOL: ProtocolDoc = ProtocolDoc {
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
    witnesses: super::witnesses::WITNESSES,
};
