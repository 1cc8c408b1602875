//! The protocol page of Racing Kings (docs/protocol/racingkings.md), as data.

use crate::variant::chess::protocol_doc::{COUNTERS, EVENTS, REPORT};
use crate::variant::{Example, ProtocolDoc};

/// What the protocol page of Racing Kings says.
pub static PROTOCOL: ProtocolDoc = ProtocolDoc {
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
    witnesses: super::witnesses::WITNESSES,
};
