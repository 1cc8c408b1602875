//! Misreadings of Grand Chess (`spec/grand/misreadings.yaml`): plausible
//! wrong readings of the rule text, played by the reference engine only
//! when a test or `--fault G-...` asks (the contract is in
//! [`crate::variant::faults`]). Each misreading is the hidden alternative
//! of one rule point in [`super::readings`]; the rule code asks
//! [`super::Grand::reading`] which reading of the rule is played and never
//! this set. With no fault set every reading is one test that fails.

misreadings! {
    "spec/grand/misreadings.yaml";
    /// A pawn promotes into any of the six kinds, lost or not.
    PromoAnyKind => "G-PROMO-ANY-KIND", ["g.7.2"];
    /// A pawn promotes only into a kind its side has captured from the
    /// opponent (the opponent's losses, not its own).
    PromoOpponentLosses => "G-PROMO-OPPONENT-LOSSES", ["g.7.2"];
    /// Promotion only on the last rank; the 8th and 9th ranks are plain
    /// squares.
    PromoLastRankOnly => "G-PROMO-LAST-RANK-ONLY", ["g.7.1"];
    /// Promotion is forced on the 8th and 9th ranks too.
    PromoEarlyForced => "G-PROMO-EARLY-FORCED", ["g.7.1"];
    /// With no kind to promote into, a pawn still steps onto the last rank
    /// and stays a pawn.
    LastRankUnpromoted => "G-LAST-RANK-UNPROMOTED", ["g.7.3"];
    /// A pawn may double-step from any rank, not only its third.
    DoubleStepAnywhere => "G-DOUBLE-STEP-ANYWHERE", ["g.5.2"];
    /// No en-passant capture.
    NoEnPassant => "G-NO-EN-PASSANT", ["g.5.3"];
    /// The marshal moves as a rook only (its knight leap forgotten).
    MarshalRookOnly => "G-MARSHAL-ROOK-ONLY", ["g.3.6"];
    /// The cardinal moves as a bishop only (its knight leap forgotten).
    CardinalBishopOnly => "G-CARDINAL-BISHOP-ONLY", ["g.3.7"];
    /// A pinned piece does not give check: the king may step onto a
    /// square only a pinned enemy piece attacks.
    PinnedNoCheck => "G-PINNED-NO-CHECK", ["g.4"];
    /// A pawn on its ninth rank with no kind to promote into, which cannot
    /// move, is taken to attack nothing: it gives no check.
    StuckPawnNoCheck => "G-STUCK-PAWN-NO-CHECK", ["g.7.3"];
    /// Stalemate wins for the side that stalemated.
    StalemateWins => "G-STALEMATE-WINS", ["g.8.2"];
    /// Insufficient material does not end the game.
    MaterialPlaysOn => "G-MATERIAL-PLAYS-ON", ["g.8.5"];
    /// The fifty-move rule counts fifty half-moves, not fifty moves each.
    FiftyMovePlies => "G-FIFTY-MOVE-PLIES", ["g.8.4"];
    // Second codings (issue 47): the same wrong reading as the entry
    // named before the dot, written on its own code path and reaching
    // its own set of positions.
    /// G-PROMO-ANY-KIND, second coding: the limit is forgotten on the
    /// optional ranks (8th and 9th); the last rank keeps it.
    PromoAnyKind2 => "G-PROMO-ANY-KIND.2", ["g.7.2"];
    /// G-PROMO-OPPONENT-LOSSES, second coding: a kind is open when either
    /// side has lost one ("a captured piece" of the game).
    PromoOpponentLosses2 => "G-PROMO-OPPONENT-LOSSES.2", ["g.7.2"];
    /// G-PROMO-LAST-RANK-ONLY, second coding: the zone read one rank too
    /// narrow: the 8th rank is a plain square, the 9th still optional.
    PromoLastRankOnly2 => "G-PROMO-LAST-RANK-ONLY.2", ["g.7.1"];
    /// G-PROMO-EARLY-FORCED, second coding: forced from the 9th rank on;
    /// only the 8th stays optional.
    PromoEarlyForced2 => "G-PROMO-EARLY-FORCED.2", ["g.7.1"];
    /// G-LAST-RANK-UNPROMOTED, second coding: only a capture onto the last
    /// rank forgets the g.7.3 test (the pawn takes and stays a pawn); the
    /// straight step is still barred.
    LastRankUnpromoted2 => "G-LAST-RANK-UNPROMOTED.2", ["g.7.3"];
    /// G-DOUBLE-STEP-ANYWHERE, second coding: a pawn may step twice from
    /// any rank of its own half (its 3rd to 5th).
    DoubleStepAnywhere2 => "G-DOUBLE-STEP-ANYWHERE.2", ["g.5.2"];
    /// G-NO-EN-PASSANT, second coding: a double step records no
    /// en-passant square, so the capture never opens.
    NoEnPassant2 => "G-NO-EN-PASSANT.2", ["g.5.3"];
    /// G-MARSHAL-ROOK-ONLY, second coding: the marshal's knight leap goes
    /// to empty squares only; it captures as a rook only.
    MarshalRookOnly2 => "G-MARSHAL-ROOK-ONLY.2", ["g.3.6"];
    /// G-CARDINAL-BISHOP-ONLY, second coding: the cardinal's knight leap
    /// goes to empty squares only; it captures as a bishop only.
    CardinalBishopOnly2 => "G-CARDINAL-BISHOP-ONLY.2", ["g.3.7"];
    /// G-PINNED-NO-CHECK, second coding: the enemy pieces pinned before
    /// the move (on the board as it stands) are left out of the safety
    /// test.
    PinnedNoCheck2 => "G-PINNED-NO-CHECK.2", ["g.4"];
    /// G-STUCK-PAWN-NO-CHECK, second coding: any enemy pawn that has no
    /// move of its own (blocked ahead, nothing to take, or barred from the
    /// last rank) attacks nothing.
    StuckPawnNoCheck2 => "G-STUCK-PAWN-NO-CHECK.2", ["g.7.3"];
    /// G-STALEMATE-WINS, second coding: a side without a legal move is
    /// mated, check or not (the end test forgets to ask for check), and
    /// mate is asked before insufficient material.
    StalemateWins2 => "G-STALEMATE-WINS.2", ["g.8.2"];
    /// G-MATERIAL-PLAYS-ON, second coding: only two bare kings end the
    /// game; a king with a lone minor piece, or bishops of one colour,
    /// play on.
    MaterialPlaysOn2 => "G-MATERIAL-PLAYS-ON.2", ["g.8.5"];
    /// G-FIFTY-MOVE-PLIES, second coding: fifty half-moves, the claim open
    /// once the clock has passed 50.
    FiftyMovePlies2 => "G-FIFTY-MOVE-PLIES.2", ["g.8.4"];
}
