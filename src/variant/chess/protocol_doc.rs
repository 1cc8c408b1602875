//! What the protocol pages of the chess variants share (docs/protocol/grand.md,
//! docs/protocol/racingkings.md): each variant's page is data in its own
//! folder (`grand/protocol_doc.rs`, `racingkings/protocol_doc.rs`).

use crate::variant::EventDoc;

/// Shared by the chess variants' pages.
pub const MOVES: &str = "Coordinates, `FROMTO`: `e3e5`, with a lower-case promotion letter \
    (`q c a r b n`): `a9a10q`. En passant is the pawn's own diagonal move onto the passed \
    square. There is no castling.";

/// Shared by the chess variants' pages.
pub const COUNTERS: &str = "The FEN's castling field is always `-`. The halfmove clock counts the \
    plies since the last capture or pawn move (0 after one) and decides the fifty-move rule \
    (100 plies); the move number starts at 1 and grows by one after each Black move. The \
    en-passant square is written only when an en-passant capture is legal for the side to \
    move.";

/// Shared by the chess variants' pages.
pub const REPORT: &[(&str, &str)] = &[
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

/// Shared by the chess variants' pages.
pub const EVENTS: &[EventDoc] = &[
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
