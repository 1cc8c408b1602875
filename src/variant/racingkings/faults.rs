//! Misreadings of Racing Kings (`spec/racingkings/misreadings.yaml`):
//! plausible wrong readings of the rule text, played by the reference
//! engine only when a test or `--fault RK-...` asks (the contract is in
//! [`crate::variant::faults`]). Each misreading is the hidden alternative
//! of one rule point in [`super::readings`]; the rule code asks
//! [`super::RacingKings::reading`] which reading of the rule is played and
//! never this set. A game with a fault is never sent to the bitboard fast
//! path.

misreadings! {
    "spec/racingkings/misreadings.yaml";
    /// A move may give check; only the mover's own king must stay
    /// unattacked.
    CheckAllowed => "RK-CHECK-ALLOWED", ["rk.4.2"];
    /// Only the moved piece's own attack counts as giving check; a check
    /// uncovered by the move is allowed.
    DiscoveredCheckAllowed => "RK-DISCOVERED-CHECK-ALLOWED", ["rk.4.2"];
    /// White's king reaching rank 8 wins at once; Black never answers.
    NoAnswer => "RK-NO-ANSWER", ["rk.5.2"];
    /// Black always gets one more move after White's king arrives, even
    /// when its king cannot reach rank 8 with it.
    AnswerAlways => "RK-ANSWER-ALWAYS", ["rk.5.2"];
    /// The game is drawn as soon as White's king arrives and Black's king
    /// could follow; Black does not have to play the move.
    AnswerDrawnAtOnce => "RK-ANSWER-DRAWN-AT-ONCE", ["rk.5.2"];
    /// Whether Black can follow is judged by the king's pattern alone,
    /// ignoring attacked squares and the no-check rule.
    AnswerIgnoresSafety => "RK-ANSWER-IGNORES-SAFETY", ["rk.5.2", "rk.4"];
    /// The answer rule works both ways: when Black's king arrives first,
    /// White may answer too.
    AnswerForWhite => "RK-ANSWER-FOR-WHITE", ["rk.5.2"];
    /// Any piece of a side reaching rank 8 wins, not only the king.
    GoalAnyPiece => "RK-GOAL-ANY-PIECE", ["rk.5.1"];
    /// A stalemated side loses.
    StalemateLoses => "RK-STALEMATE-LOSES", ["rk.6.1"];
    /// Two bare kings are a draw by insufficient material.
    BareKingsDrawn => "RK-BARE-KINGS-DRAWN", ["rk.6.4"];
    /// The fifty-move rule counts fifty half-moves, not fifty moves each.
    FiftyMovePlies => "RK-FIFTY-MOVE-PLIES", ["rk.6.3"];
    /// A capture may attack the enemy king; the no-check ban is read as
    /// one for quiet moves.
    CaptureMayCheck => "RK-CAPTURE-MAY-CHECK", ["rk.4.2"];
    /// Each side's eighth rank is counted from its own side: Black's king
    /// races to rank 1.
    GoalOwnSide => "RK-GOAL-OWN-SIDE", ["rk.5.1"];
}
