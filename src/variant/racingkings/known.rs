//! The differences between Racing Kings's reference and outside engines
//! that the project has classified, each by its finding
//! (`spec/racingkings/findings.yaml`).

use crate::variant::known::{KnownDifference, Sign};
use crate::variant::Status;

/// The classified differences.
pub const KNOWN: &[KnownDifference] = &[KnownDifference {
    finding: "F-RK-FSF11-ANSWER",
    what: "a king has arrived and the reference has decided the race; Fairy-Stockfish 11.1 \
               still gives the other side a move (or calls its lack of moves a stalemate)",
    sign: Sign::Ended(|status, _| matches!(status, Status::Won { reason, .. } if reason == "goal")),
}];
