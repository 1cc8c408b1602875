//! MONARCHIE's protocol page (docs/protocol/monarchie.md), as data.

use crate::variant::{EventDoc, Example, ProtocolDoc};

/// What the protocol page of MONARCHIE says.
pub static PROTOCOL: ProtocolDoc = ProtocolDoc {
    position: "The one-line notation of docs/notation.md: six fields separated by exactly one space each, \
        board, to-move, eliminated, trays, clocks and anchor, each `-` when it has nothing \
        to say. Engines read every valid spelling; the position they answer must be the \
        canonical form, because the harness compares it as a string.",
    moves: "`FROM-TO`, or `FROMxTO`, which means the same, with the cell numbers 1 to 253, \
        and `=Q`, `=R`, `=B` or `=N` for a promotion: `16-28`, `84x32`, `200-230=Q`. A \
        promotion choice is a move of its own: `200-230` (no promotion) and `200-230=Q` are \
        two moves. The canonical form, which `report.action` uses, is `FROM-TO`.",
    actions: "A move may be followed by `@SECONDS`, the whole seconds it took in a timed game \
        (`16-28@12`; without `@` it took 0 seconds). `timeout`: the party to move did nothing \
        within 60 seconds (clause 15) and forfeits its turn.",
    precedence: "`bad-notation` when the text cannot be read. Otherwise the first that applies \
        in this order: the game is over; a piece on the cell; dead; whose it is; the same \
        cell; an own piece on the target; the piece's movement rule; promotion; the mover's \
        own king; and last the time the move took. The list below follows clause 5.",
    counters: "There is no move counter and no halfmove clock. The clocks field holds the six \
        parties' remaining seconds in a timed game (a move's `@SECONDS` come off the mover's, \
        a `timeout` takes 60), and `-` in an untimed one. The anchor field is used only under \
        R-NEXT=trigger-anchor.",
    report: &[
        (
            "capture",
            "`at`: its cell; `dead: true` for \
            the piece of an eliminated party (a dead blocker)",
        ),
        (
            "checks",
            "the active parties in check right after the action's own effects",
        ),
        (
            "eliminations",
            "`{party, cause}` in the order they happen; no `heir`",
        ),
        ("control", "always `[]`"),
        ("next", "`null` once one party is left"),
        ("clocks", "all six parties in a timed game, `{}` otherwise"),
    ],
    events: &[
        EventDoc {
            kind: "moved",
            fields: "`party`: the mover",
        },
        EventDoc {
            kind: "forfeited",
            fields: "`party`: who forfeited the turn (`timeout`)",
        },
        EventDoc {
            kind: "captured",
            fields: "`party`: the owner of the piece taken, `at`: its cell, `piece`: its kind",
        },
        EventDoc {
            kind: "promoted",
            fields: "`at`: the cell, `piece`: the new kind",
        },
        EventDoc {
            kind: "gardez",
            fields: "`party`: the owner of an enemy queen newly attacked by the mover, `at`: \
                the queen's cell",
        },
        EventDoc {
            kind: "eliminated",
            fields: "`party`: who, `cause`: why (an elimination cause)",
        },
        EventDoc {
            kind: "check",
            fields: "`parties`: the parties in check",
        },
        EventDoc {
            kind: "won",
            fields: "`party`: the winner",
        },
    ],
    status: "`ongoing`, or `won` by the last active party with the reason `last-party`. \
        MONARCHIE has no draw.",
    example: Example {
        scenario: "scenarios/monarchie/m.1/mate-with-three-left-continues.yaml",
        plays: 1,
        shows: "Blau's rook mates Lila while Gelb is still in the game: Lila is eliminated \
            (`mate`) and the turn passes on.",
    },
    witnesses: super::witnesses::WITNESSES,
};
