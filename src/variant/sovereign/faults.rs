//! Misreadings: the plausible wrong readings of the seed (001) that an
//! implementer who read it once could make, catalogued in
//! `spec/sovereign/misreadings.yaml`. Each is built into the reference
//! engine as a switchable fault, so that the suite can be shown to catch
//! it (`regelwerk check --variant sovereign --fault SC-...`).
//!
//! A fault is never a ruling: [`super::Ruleset::from_settings`] refuses
//! it; it is set only through [`FaultSet::from_ids`] (the `--fault ID` of
//! `check` and `serve`, and tests; the contract is in
//! [`crate::variant::faults`]). Each misreading is the hidden alternative
//! of one rule point in [`super::readings`]; the rule code asks
//! [`super::Ruleset::reading`] which reading of the rule is played and
//! never this set.

misreadings! {
    "spec/sovereign/misreadings.yaml";
    /// Chains are resolved in one pass in colour order: a link through a
    /// colour later in the order is missed.
    ChainOnePass => "SC-CHAIN-ONE-PASS", ["sc.7.3"];
    /// A regime change (defection, overthrow) does not free the old
    /// colour: the player keeps owning it.
    OldColourKept => "SC-OLD-COLOUR-KEPT", ["sc.11.1", "sc.10.2", "sc.7"];
    /// Standing on a square of the opponent's king colour takes that army
    /// from the opponent.
    OpponentKingColourWon => "SC-OPPONENT-KING-COLOUR-WON", ["sc.7.4"];
    /// Neutral pieces may be captured.
    CaptureNeutral => "SC-CAPTURE-NEUTRAL", ["sc.9.1"];
    /// Whom a defection's king step may capture is judged before the
    /// colour change.
    StepCaptureBefore => "SC-STEP-CAPTURE-BEFORE", ["sc.11.2", "sc.9.1"];
    /// The report names the captured piece's holder before the move, also
    /// for a defection step that captures only because of the colour change.
    CaptureOwnerBefore => "SC-CAPTURE-OWNER-BEFORE", ["sc.9.1", "sc.11.2"];
    /// Sliders may not pass over a square of their own colour either.
    OwnColourNoPass => "SC-OWN-COLOUR-NO-PASS", ["sc.5"];
    /// A piece gives check to a king standing on a square of the piece's
    /// own colour.
    OwnColourChecks => "SC-OWN-COLOUR-CHECKS", ["sc.5", "sc.13"];
    /// The own-colour rule is for the other pieces: kings may end on a
    /// square of their own colour.
    KingOwnColourExempt => "SC-KING-OWN-COLOUR-EXEMPT", ["sc.5"];
    /// A defection's king step is barred from the old colour's squares
    /// instead of the new colour's (the step judged before the change).
    StepOldColour => "SC-STEP-OLD-COLOUR", ["sc.11.2", "sc.5"];
    /// A neutral piece on one square of a pair does not bar the other.
    PairNeutralNoBlock => "SC-PAIR-NEUTRAL-NO-BLOCK", ["sc.8"];
    /// A barred square of a pair stops sliders like a piece.
    PairBlocksLines => "SC-PAIR-BLOCKS-LINES", ["sc.8"];
    /// The eight-square limit bounds moves only: sliders check from
    /// further away.
    LimitMovesOnly => "SC-LIMIT-MOVES-ONLY", ["sc.4", "sc.13"];
    /// Off by one: sliders go at most seven squares.
    LimitSeven => "SC-LIMIT-SEVEN", ["sc.4"];
    /// A pawn step may keep the distance to a line (a pawn beside a line
    /// steps across it or along it).
    PawnStepKeeps => "SC-PAWN-STEP-KEEPS", ["sc.6.1"];
    /// A pawn capture may not move away from the other line.
    PawnCaptureNoAway => "SC-PAWN-CAPTURE-NO-AWAY", ["sc.6.1"];
    /// Pawns also capture on their step squares.
    PawnCapturesStraight => "SC-PAWN-CAPTURES-STRAIGHT", ["sc.6.1"];
    /// The two-square move only from the second ring (the pawns' start).
    PawnDoubleRingTwo => "SC-PAWN-DOUBLE-RING-TWO", ["sc.6.2"];
    /// The two-square move jumps over a piece on the first square.
    PawnDoubleJumps => "SC-PAWN-DOUBLE-JUMPS", ["sc.6.2"];
    /// A pawn entering the zone by a capture does not promote.
    PromoNotByCapture => "SC-PROMO-NOT-BY-CAPTURE", ["sc.10.1"];
    /// A pawn promotes into a piece of its player's king colour.
    PromoMoverColour => "SC-PROMO-MOVER-COLOUR", ["sc.10.1", "sc.10.2"];
    /// A king promotion leaves the old king on the board.
    RegimeKeepsOldKing => "SC-REGIME-KEEPS-OLD-KING", ["sc.10.2"];
    /// A king promotion is legal even when the new king stands attacked.
    KingPromoUnchecked => "SC-KING-PROMO-UNCHECKED", ["sc.10.2", "sc.13"];
    /// A king on a square of its new colour stays there: no step.
    DefectNoStep => "SC-DEFECT-NO-STEP", ["sc.11.2"];
    /// A player may defect to any colour but the opponent's, held or not.
    DefectToUnheld => "SC-DEFECT-TO-UNHELD", ["sc.11.1"];
    /// A defection is never tested for leaving the king attacked.
    DefectUnchecked => "SC-DEFECT-UNCHECKED", ["sc.11.1", "sc.13"];
    /// Castling tests the king's square and its arrival, not the squares
    /// it crosses.
    CastleCrossingUnchecked => "SC-CASTLE-CROSSING-UNCHECKED", ["sc.12"];
    /// The crossing test asks whether a piece could capture there, so a
    /// pawn's diagonal on an empty square does not count.
    CastlePawnAttackIgnored => "SC-CASTLE-PAWN-ATTACK-IGNORED", ["sc.12"];
    /// Castling is allowed out of check.
    CastleOutOfCheck => "SC-CASTLE-OUT-OF-CHECK", ["sc.12"];
    /// The castling rook lands on the king's old square.
    CastleRookOnOrigin => "SC-CASTLE-ROOK-ON-ORIGIN", ["sc.12"];
    /// Castling with a rook nobody holds (osc).
    CastleNeutralRook => "SC-CASTLE-NEUTRAL-ROOK", ["sc.12"];
    /// Only the squares the king crosses must be empty.
    CastlePathKingOnly => "SC-CASTLE-PATH-KING-ONLY", ["sc.12"];
    /// Neutral pieces give check.
    CheckByNeutral => "SC-CHECK-BY-NEUTRAL", ["sc.13"];
    /// Only the opponent's own army gives check, not the colours it holds.
    CheckOwnArmyOnly => "SC-CHECK-OWN-ARMY-ONLY", ["sc.13"];
    /// Mate is judged by the king's own moves only.
    MateKingOnly => "SC-MATE-KING-ONLY", ["sc.14.1"];
    /// Bare kings are judged by the players' pieces: neutral pieces are
    /// not counted.
    BareKingsIgnoresNeutral => "SC-BARE-KINGS-IGNORES-NEUTRAL", ["sc.14.3"];
    /// Only pawn moves reset the move count, captures do not.
    FiftyPawnOnly => "SC-FIFTY-PAWN-ONLY", ["sc.14.4"];
    /// Defections and castling reset the move count.
    FiftyDefectResets => "SC-FIFTY-DEFECT-RESETS", ["sc.14.4"];
    /// Repetition compares the board and the side to move only.
    RepetitionBoardOnly => "SC-REPETITION-BOARD-ONLY", ["sc.14.5"];
    /// The move number counts plies.
    MoveNumberPerPly => "SC-MOVE-NUMBER-PER-PLY", ["sc.15"];
    /// Off by one the other way: sliders go at most nine squares.
    LimitNine => "SC-LIMIT-NINE", ["sc.4"];
    /// Only the player's own army is safe from its captures: pieces of a
    /// colour it merely holds may be taken.
    CaptureOwnHeld => "SC-CAPTURE-OWN-HELD", ["sc.9.1"];
    /// The two-square move from the three outer rings.
    PawnDoubleThreeRings => "SC-PAWN-DOUBLE-THREE-RINGS", ["sc.6.2"];
}
