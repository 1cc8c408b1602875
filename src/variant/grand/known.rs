//! The differences between Grand Chess's reference and outside engines
//! that the project has classified, each by its finding
//! (`spec/grand/findings.yaml`).

use crate::variant::known::{KnownDifference, Sign};
use crate::variant::Status;

/// The classified differences.
pub const KNOWN: &[KnownDifference] = &[
    KnownDifference {
        finding: "F-G-MATERIAL",
        what: "neither side can mate: the reference ends the game (insufficient material), \
               the engine plays on",
        sign: Sign::Ended(
            |status, _| matches!(status, Status::Drawn { reason } if reason == "insufficient-material"),
        ),
    },
    KnownDifference {
        finding: "F-G-EP-FEN",
        what: "after a double step next to an enemy pawn that may not take, the engine writes the \
               en-passant square in the position text; the reference writes `-`",
        sign: Sign::EnPassantField,
    },
];
