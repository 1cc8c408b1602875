//! Three Kingdoms Xiangqi's protocol page (docs/protocol/threekingdoms.md),
//! as data.

use crate::variant::{EventDoc, Example, ProtocolDoc};

/// What the protocol page of Three Kingdoms Xiangqi says.
pub static PROTOCOL: ProtocolDoc = ProtocolDoc {
    position: "One line, six fields: `<Shu half>|<Wu half>|<Wei half> <to-move> <defeated> \
        <bannermen> <history> <quiet>` (docs/threekingdoms.md). Each half lists ranks 1 to 5 \
        separated by `/`, files a to i; a digit counts empty points; a piece is its kind \
        letter, its owner's letter and, when its home differs, its home's letter (`Pbr`). \
        `<to-move>` is `r`, `g`, `b` or `-` when the game is won; `<defeated>` `-` or the \
        letters of the defeated kingdoms; `<bannermen>` `on` or `off`.",
    moves: "`FROM-TO` with point names, `Rb3-Bh1`; `Rb3xBh1` means the same, and the numbers \
        1-135 are read too (`20-98`). The canonical form is `FROM-TO` with letter names.",
    actions: "`resign KINGDOM`, `timeout KINGDOM`, `leave KINGDOM` (clause tk.T11): any \
        active kingdom, also when not on move; a defeated kingdom may only `leave`, without \
        effect. Without a kingdom they name the one to move.",
    precedence: "`bad-notation` when the text cannot be read, then `game-over`; then the first \
        that applies in this order: no piece on the point, the piece is another kingdom's, an \
        own piece on the target, the piece's movement (`not-a-move-of-the-piece` when it could \
        not even on an empty board, else `blocked`), and last the mover's general \
        (`general-attacked`, then `generals-facing`). `not-active` answers a defeated \
        kingdom's `resign` or `timeout`.",
    counters: "`<history>`: four characters for R-HEIR, the last mover, then per kingdom the \
        mover since whose move it has had no legal move (`-` none; a set-up has `----`). \
        `<quiet>`: single moves since the last capture or defeat (R-MOVE-LIMIT), 0 after \
        one. There is no move number.",
    report: &[
        ("capture", "`at`: its point"),
        (
            "checks",
            "the active kingdoms in check afterwards; `[]` once the game is over",
        ),
        (
            "eliminations",
            "`{party, cause, heir}` per defeated kingdom, in order; the heir \
            takes over its army",
        ),
        (
            "control",
            "per home army among the pieces that changed hands, `{army, from, to}`",
        ),
        ("next", "`null` once the game is over"),
        (
            "clocks",
            "always `{}` (`timeout` is an action, not a clock)",
        ),
    ],
    events: &[
        EventDoc {
            kind: "moved",
            fields: "`party`: the mover",
        },
        EventDoc {
            kind: "resigned",
            fields: "`party`: who resigned or timed out",
        },
        EventDoc {
            kind: "left",
            fields: "`party`: who left",
        },
        EventDoc {
            kind: "captured",
            fields: "`party`: the owner of the piece taken, `at`: its point, `piece`: its kind",
        },
        EventDoc {
            kind: "eliminated",
            fields: "`party`: the defeated kingdom, `cause`: why (an elimination cause)",
        },
        EventDoc {
            kind: "removed",
            fields: "`at`, `piece`: a piece taken off its palace (R-TAKEOVER=remove-palace-pieces)",
        },
        EventDoc {
            kind: "taken-over",
            fields: "`party`: the heir that takes over the army",
        },
        EventDoc {
            kind: "check",
            fields: "`parties`: the kingdoms in check",
        },
        EventDoc {
            kind: "won",
            fields: "`party`: a winner (one event per winner)",
        },
        EventDoc {
            kind: "drawn",
            fields: "`parties`: the kingdoms sharing the draw",
        },
    ],
    status: "`won` with the reason `last-general`, or `resignation`, `timeout`, `leaving` \
        (shared by two kingdoms when three were active); `drawn` with `repetition` or \
        `move-limit`.",
    example: Example {
        scenario: "scenarios/threekingdoms/tk.T7/s1-discovered-line.yaml",
        plays: 2,
        shows: "Wu's horse opens a line for Wei; Wei, in check, takes Shu's general: Shu is \
            eliminated, Wei takes over its army, and the check is gone.",
    },
    witnesses: super::witnesses::WITNESSES,
};
