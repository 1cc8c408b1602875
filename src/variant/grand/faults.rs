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
}
