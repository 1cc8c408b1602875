//! Sovereign Chess's protocol page (docs/protocol/sovereign.md), as data.

use crate::variant::{EventDoc, Example, ProtocolDoc};

/// What the protocol page of Sovereign Chess says.
pub static PROTOCOL: ProtocolDoc = ProtocolDoc {
    position: "The public FEN, six or seven fields: the board (rows 16 down to 1; a piece is \
        its army letter and its role letter, both lower case, `wk` the white king, `nb` a \
        navy bishop; a number counts empty squares), the player to move (`1`, `2`), the army \
        letter of player 1's king, that of player 2's king, the castling field, the halfmove \
        clock and an optional move number. Army letters: `n` navy, `r` red, `g` green, `v` \
        violet, `p` pink, `y` yellow, `a` ash, `s` slate, `c` cyan, `b` black, `w` white, \
        `o` orange.",
    moves: "`FROMTO` (`h2e5`), with `=Q`, `=R`, `=B`, `=N` or `=K` for a promotion (a king \
        promotion is a coup or an overthrow); castling `O-TO`, naming the king's destination \
        (`O-g1`); a defection `K=A`, the king becoming a king of army letter `A`, or \
        `K=A:FROMTO` with the king's step when it stands on a square of its new colour \
        (`K=n:e5d6`).",
    actions: "`claim`: the player to move claims a draw (threefold repetition, or 100 plies \
        without capture or pawn move); `swap`: under S-PIE=swap-action, the second player \
        takes White's seat right after White's first move.",
    precedence: "`bad-notation` when the text cannot be read, then `game-over`; then the first \
        rule the move breaks, in the order of the list below (the reference's precedence, \
        `CODES` in src/variant/sovereign/refusal.rs).",
    counters: "Castling: the files of the rooks that may still castle, upper case for rank 1 \
        (player 1), lower case for rank 16 (player 2), `-` for none; a letter means that rook \
        and its player's king are both unmoved (`CELNceln` at the start). The halfmove clock \
        counts the plies since the last capture or pawn move (0 after one; a promotion is a \
        pawn move, castling and defection are not): a claim at 100, a draw at 150 (S-FIFTY). \
        The move number, when the position has one, grows by one after each move of player \
        2; a position without it stays without.",
    report: &[
        ("capture", "`at`: its square"),
        ("checks", "the players in check afterwards"),
        ("eliminations", "always `[]`"),
        (
            "control",
            "every army whose holder changed, `{army, from, to}`, `from`/`to` a player \
            or `null` (neutral), in the army order below",
        ),
        ("next", "`null` when the game is over"),
        ("clocks", "always `{}`"),
    ],
    events: &[
        EventDoc {
            kind: "seat-swap",
            fields: "`party`: who swapped (the whole report of `swap`)",
        },
        EventDoc {
            kind: "moved",
            fields: "`party`: the mover (not for `claim` or `swap`)",
        },
        EventDoc {
            kind: "captured",
            fields: "`party`: the capture's `owner`, `at`: its square, `piece`: its kind",
        },
        EventDoc {
            kind: "promoted",
            fields: "`at`: the square, `piece`: the new kind",
        },
        EventDoc {
            kind: "coup",
            fields: "`party`, `at`, `cause`: the new king's army (a pawn of the king's own army \
                became the king)",
        },
        EventDoc {
            kind: "overthrow",
            fields: "`party`, `at`, `cause`: the new king's army (a pawn of a held army became \
                the king)",
        },
        EventDoc {
            kind: "castled",
            fields: "`party`, `at`: the king's destination",
        },
        EventDoc {
            kind: "defected",
            fields: "`party`, `at`: the king's square before its step, `cause`: the new army",
        },
        EventDoc {
            kind: "check",
            fields: "`parties`: the players in check",
        },
        EventDoc {
            kind: "won",
            fields: "`party`: the winner",
        },
        EventDoc {
            kind: "drawn",
            fields: "no fields",
        },
    ],
    status: "`won` with the reason `checkmate`, or `stalemate` under S-STALEMATE=loss; `drawn` \
        with `stalemate`, `bare-kings`, `seventy-five-move` or `fivefold` (at once), or by a \
        claim `threefold` or `fifty-move` (or at once under the `auto` alternatives).",
    example: Example {
        scenario: "scenarios/sovereign/sc.8/capture-on-the-occupied-square-is-fine.yaml",
        plays: 1,
        shows: "A white bishop takes the black knight standing on navy e5: the capture, and \
            navy passing from player 2 to player 1 (`control`).",
    },
    witnesses: super::witnesses::WITNESSES,
};
