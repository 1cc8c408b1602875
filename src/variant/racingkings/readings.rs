//! Racing Kings' rule points that have misreadings, each with its
//! readings: the rule, and the misreadings of
//! `spec/racingkings/misreadings.yaml` that are its hidden alternatives
//! (the fence is described in [`crate::variant::readings`]). Rule code asks
//! [`super::RacingKings::reading`] and matches on the answer; this file is
//! the only one that turns a fault into a reading.

use super::faults::{FaultSet, Misreading};

readings! {
    /// Clause rk.4.2: no move may attack the enemy king.
    NoCheck, "rk.4.2" {
        /// The rule: none, whether the attack is direct, discovered or
        /// by a capture.
        Banned,
        /// RK-CHECK-ALLOWED: a move may give check.
        Allowed => CheckAllowed,
        /// RK-CAPTURE-MAY-CHECK: the ban is for quiet moves only.
        CapturesExempt => CaptureMayCheck,
        /// RK-DISCOVERED-CHECK-ALLOWED: only the moved piece's attack counts.
        DirectOnly => DiscoveredCheckAllowed,
    }
    /// Clause rk.5.1: which piece reaching the goal wins.
    GoalPiece, "rk.5.1" {
        /// The rule: the king.
        King,
        /// RK-GOAL-ANY-PIECE: any piece of the side.
        AnyPiece => GoalAnyPiece,
    }
    /// Clause rk.5.1: the rank both kings race to.
    GoalRank, "rk.5.1" {
        /// The rule: rank 8, for both sides.
        Eighth,
        /// RK-GOAL-OWN-SIDE: each side's eighth rank; Black's is rank 1.
        OwnSide => GoalOwnSide,
    }
    /// Clause rk.5.2 (ruling R-RK-ANSWER): the answer to White's arrival.
    Answer, "rk.5.2" {
        /// The rule: Black, if it can bring its king to the goal with its
        /// move, has that one move; then both home is a draw.
        BlackIfItCanFollow,
        /// RK-NO-ANSWER: White's arrival wins at once.
        WhiteWinsAtOnce => NoAnswer,
        /// RK-ANSWER-ALWAYS: Black always has one more move.
        Always => AnswerAlways,
        /// RK-ANSWER-DRAWN-AT-ONCE: drawn as soon as Black could follow.
        DrawnAtOnce => AnswerDrawnAtOnce,
        /// RK-ANSWER-FOR-WHITE: White may answer Black's arrival too.
        ForWhiteToo => AnswerForWhite,
    }
    /// Clause rk.5.2 (with rk.4): whether the answering side can follow.
    Follow, "rk.5.2" {
        /// The rule: it has a legal king move to the goal.
        LegalKingMove,
        /// RK-ANSWER-IGNORES-SAFETY: the king's pattern reaches the goal.
        KingPattern => AnswerIgnoresSafety,
    }
    /// Clause rk.6.1: a stalemated side.
    Stalemate, "rk.6.1" {
        /// The rule: the game is drawn.
        Draw,
        /// RK-STALEMATE-LOSES: the side loses.
        Loses => StalemateLoses,
    }
    /// Clause rk.6.3: the fifty-move rule.
    FiftyMove, "rk.6.3" {
        /// The rule: fifty moves each, 100 half-moves.
        FiftyEach,
        /// RK-FIFTY-MOVE-PLIES: fifty half-moves.
        FiftyPlies => FiftyMovePlies,
    }
    /// Clause rk.6.4: there is no insufficient material.
    BareKings, "rk.6.4" {
        /// The rule: two bare kings race on.
        RaceOn,
        /// RK-BARE-KINGS-DRAWN: they are a draw.
        Drawn => BareKingsDrawn,
    }
}
