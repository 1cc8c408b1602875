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
    // Second codings (issue 47): the same wrong reading as the entry
    // named before the dot, written on its own code path and reaching
    // its own set of positions.
    /// RK-CHECK-ALLOWED, second coding: the ban read as one on mate: a
    /// move may give check unless the checked king has no way out.
    CheckAllowed2 => "RK-CHECK-ALLOWED.2", ["rk.4.2"];
    /// RK-DISCOVERED-CHECK-ALLOWED, second coding: king moves are tested
    /// for the mover's own safety only, so a king step may uncover a
    /// check.
    DiscoveredCheckAllowed2 => "RK-DISCOVERED-CHECK-ALLOWED.2", ["rk.4.2"];
    /// RK-NO-ANSWER, second coding: the race is judged White first: White's
    /// king on rank 8 wins, Black's king there or not.
    NoAnswer2 => "RK-NO-ANSWER.2", ["rk.5.2"];
    /// RK-ANSWER-ALWAYS, second coding: after White's arrival Black
    /// always has one more move, a king move.
    AnswerAlways2 => "RK-ANSWER-ALWAYS.2", ["rk.5.2"];
    /// RK-ANSWER-DRAWN-AT-ONCE, second coding: drawn as soon as White
    /// arrives while Black's king stands on rank 7.
    AnswerDrawnAtOnce2 => "RK-ANSWER-DRAWN-AT-ONCE.2", ["rk.5.2"];
    /// RK-ANSWER-IGNORES-SAFETY, second coding: a king step to rank 8
    /// counts when it gives no check, attacked square or not.
    AnswerIgnoresSafety2 => "RK-ANSWER-IGNORES-SAFETY.2", ["rk.5.2", "rk.4"];
    /// RK-ANSWER-FOR-WHITE, second coding: when Black's king arrives
    /// first, White answers whenever its king stands on rank 7.
    AnswerForWhite2 => "RK-ANSWER-FOR-WHITE.2", ["rk.5.2"];
    /// RK-GOAL-ANY-PIECE, second coding: any piece in the answer rule
    /// only: after White's king arrives, Black follows, and draws, with
    /// any piece on rank 8.
    GoalAnyPiece2 => "RK-GOAL-ANY-PIECE.2", ["rk.5.1"];
    /// RK-STALEMATE-LOSES, second coding: a side without a legal move
    /// loses, asked before the race (a tie or an arrival included).
    StalemateLoses2 => "RK-STALEMATE-LOSES.2", ["rk.6.1"];
    /// RK-BARE-KINGS-DRAWN, second coding: chess's insufficient material
    /// carried over: bare kings, or a king with one knight or bishop
    /// against a bare king, are drawn.
    BareKingsDrawn2 => "RK-BARE-KINGS-DRAWN.2", ["rk.6.4"];
    /// RK-FIFTY-MOVE-PLIES, second coding: fifty half-moves, the claim
    /// open once the clock has passed 50.
    FiftyMovePlies2 => "RK-FIFTY-MOVE-PLIES.2", ["rk.6.3"];
    /// RK-CAPTURE-MAY-CHECK, second coding: a capturing piece's own
    /// attack on the enemy king is not tested; a check a capture uncovers
    /// still is.
    CaptureMayCheck2 => "RK-CAPTURE-MAY-CHECK.2", ["rk.4.2"];
    /// RK-GOAL-OWN-SIDE, second coding: the board is turned for Black
    /// when judging arrival, so Black's king is home on rank 1, while the
    /// answer rule still asks for a step to rank 8.
    GoalOwnSide2 => "RK-GOAL-OWN-SIDE.2", ["rk.5.1"];
}
