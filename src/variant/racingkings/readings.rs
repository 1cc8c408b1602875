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
        /// RK-CHECK-ALLOWED.2: a check is allowed unless it mates.
        MateOnly => CheckAllowed2,
        /// RK-DISCOVERED-CHECK-ALLOWED.2: king moves are not tested.
        KingMovesExempt => DiscoveredCheckAllowed2,
        /// RK-CAPTURE-MAY-CHECK.2: a capturing piece's own attack is not
        /// tested.
        CapturerExempt => CaptureMayCheck2,
    }
    /// Clause rk.5.1: which piece reaching the goal wins.
    GoalPiece, "rk.5.1" {
        /// The rule: the king.
        King,
        /// RK-GOAL-ANY-PIECE: any piece of the side.
        AnyPiece => GoalAnyPiece,
        /// RK-GOAL-ANY-PIECE.2: any piece in the answer rule only: after
        /// White's king arrives, Black follows and draws with any piece.
        AnyPieceInAnswer => GoalAnyPiece2,
    }
    /// Clause rk.5.1: the rank both kings race to.
    GoalRank, "rk.5.1" {
        /// The rule: rank 8, for both sides.
        Eighth,
        /// RK-GOAL-OWN-SIDE: each side's eighth rank; Black's is rank 1.
        OwnSide => GoalOwnSide,
        /// RK-GOAL-OWN-SIDE.2: the board turned for Black when judging
        /// arrival (rank 1), while the answer rule asks for rank 8.
        TurnedForBlackArrival => GoalOwnSide2,
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
        /// RK-NO-ANSWER.2: judged White first; White's arrival wins.
        WhiteJudgedFirst => NoAnswer2,
        /// RK-ANSWER-ALWAYS.2: Black always has one more king move.
        AlwaysAKingMove => AnswerAlways2,
        /// RK-ANSWER-DRAWN-AT-ONCE.2: drawn when Black's king is on rank 7.
        DrawnByRank => AnswerDrawnAtOnce2,
        /// RK-ANSWER-FOR-WHITE.2: White answers from rank 7.
        ForWhiteByRank => AnswerForWhite2,
    }
    /// Clause rk.5.2 (with rk.4): whether the answering side can follow.
    Follow, "rk.5.2" {
        /// The rule: it has a legal king move to the goal.
        LegalKingMove,
        /// RK-ANSWER-IGNORES-SAFETY: the king's pattern reaches the goal.
        KingPattern => AnswerIgnoresSafety,
        /// RK-ANSWER-IGNORES-SAFETY.2: a step that gives no check.
        NoCheckOnly => AnswerIgnoresSafety2,
    }
    /// Clause rk.6.1: a stalemated side.
    Stalemate, "rk.6.1" {
        /// The rule: the game is drawn.
        Draw,
        /// RK-STALEMATE-LOSES: the side loses.
        Loses => StalemateLoses,
        /// RK-STALEMATE-LOSES.2: the side loses, judged before the race.
        LosesBeforeRace => StalemateLoses2,
    }
    /// Clause rk.6.3: the fifty-move rule.
    FiftyMove, "rk.6.3" {
        /// The rule: fifty moves each, 100 half-moves.
        FiftyEach,
        /// RK-FIFTY-MOVE-PLIES: fifty half-moves.
        FiftyPlies => FiftyMovePlies,
        /// RK-FIFTY-MOVE-PLIES.2: more than fifty half-moves.
        OverFiftyPlies => FiftyMovePlies2,
    }
    /// Clause rk.6.4: there is no insufficient material.
    BareKings, "rk.6.4" {
        /// The rule: two bare kings race on.
        RaceOn,
        /// RK-BARE-KINGS-DRAWN: they are a draw.
        Drawn => BareKingsDrawn,
        /// RK-BARE-KINGS-DRAWN.2: chess's insufficient material.
        ChessMaterial => BareKingsDrawn2,
    }
}
