//! MONARCHIE's rule points that have misreadings, each with its readings:
//! the rule, and the misreadings of `spec/monarchie/misreadings.yaml`
//! that are its hidden alternatives (the fence is described in
//! [`crate::variant::readings`]). Rule code asks
//! [`super::ruleset::Ruleset::reading`] and matches on the answer; this
//! file is the only one that turns a fault into a reading.

use super::faults::{FaultSet, Misreading};

readings! {
    /// Clause 7: which way the turn, and every search for the next
    /// party, goes round the board.
    TurnDirection, "m.7" {
        /// The rule: clockwise.
        Clockwise,
        /// M-TURN-COUNTER-CLOCKWISE: counter-clockwise.
        CounterClockwise => TurnCounterClockwise,
    }
}
