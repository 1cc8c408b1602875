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
    /// The promotion zone read one ring too wide: the central 6 x 6.
    PromoZoneWide => "SC-PROMO-ZONE-WIDE", ["sc.10.1"];
    // Second codings (issue 47): the same wrong reading as the entry
    // named before the dot, on a code path of its own.
    /// SC-CHAIN-ONE-PASS, second coding: chains resolved in one pass in reverse colour order: a link through a colour earlier in the order is missed.
    ChainOnePass2 => "SC-CHAIN-ONE-PASS.2", ["sc.7.3"];
    /// SC-OLD-COLOUR-KEPT, second coding: a defection does not free the old colour (an overthrow does).
    OldColourKept2 => "SC-OLD-COLOUR-KEPT.2", ["sc.11.1", "sc.10.2", "sc.7"];
    /// SC-OPPONENT-KING-COLOUR-WON, second coding: a piece of the opponent's own army on a square of the player's king colour takes that army.
    OpponentKingColourWon2 => "SC-OPPONENT-KING-COLOUR-WON.2", ["sc.7.4"];
    /// SC-CAPTURE-NEUTRAL, second coding: in the ordinary moves a piece is capturable unless its holder is the mover: nobody's pieces fall too.
    CaptureNeutral2 => "SC-CAPTURE-NEUTRAL.2", ["sc.9.1"];
    /// SC-STEP-CAPTURE-BEFORE, second coding: the defection step's captures read from control recomputed on the board before the change.
    StepCaptureBefore2 => "SC-STEP-CAPTURE-BEFORE.2", ["sc.11.2", "sc.9.1"];
    /// SC-CAPTURE-OWNER-BEFORE, second coding: the report names the holder of the captured piece's colour on the board before the move.
    CaptureOwnerBefore2 => "SC-CAPTURE-OWNER-BEFORE.2", ["sc.9.1", "sc.11.2"];
    /// SC-OWN-COLOUR-NO-PASS, second coding: a slider's ray is cut at the first square of its own colour, attacks too.
    OwnColourNoPass2 => "SC-OWN-COLOUR-NO-PASS.2", ["sc.5"];
    /// SC-OWN-COLOUR-CHECKS, second coding: a king on a square of the attacker's colour is attacked (other squares keep the rule).
    OwnColourChecks2 => "SC-OWN-COLOUR-CHECKS.2", ["sc.5", "sc.13"];
    /// SC-KING-OWN-COLOUR-EXEMPT, second coding: the own-colour test is skipped for the king's ordinary steps, not its defection step.
    KingOwnColourExempt2 => "SC-KING-OWN-COLOUR-EXEMPT.2", ["sc.5"];
    /// SC-STEP-OLD-COLOUR, second coding: the defection step is filtered wholly (colour and holders) as a step of the king before the change.
    StepOldColour2 => "SC-STEP-OLD-COLOUR.2", ["sc.11.2", "sc.5"];
    /// SC-PAIR-NEUTRAL-NO-BLOCK, second coding: in the ordinary moves only a piece somebody holds on the other square of a pair bars it.
    PairNeutralNoBlock2 => "SC-PAIR-NEUTRAL-NO-BLOCK.2", ["sc.8"];
    /// SC-PAIR-BLOCKS-LINES, second coding: a slider stops before passing a square whose partner is occupied, attacks too.
    PairBlocksLines2 => "SC-PAIR-BLOCKS-LINES.2", ["sc.8"];
    /// SC-LIMIT-MOVES-ONLY, second coding: the attack test scans the whole line, the move generator stops at eight.
    LimitMovesOnly2 => "SC-LIMIT-MOVES-ONLY.2", ["sc.4", "sc.13"];
    /// SC-LIMIT-SEVEN, second coding: the move generator stops at seven, the attack test keeps eight.
    LimitSeven2 => "SC-LIMIT-SEVEN.2", ["sc.4"];
    /// SC-PAWN-STEP-KEEPS, second coding: a pawn step is refused only when it moves away from a line.
    PawnStepKeeps2 => "SC-PAWN-STEP-KEEPS.2", ["sc.6.1"];
    /// SC-PAWN-CAPTURE-NO-AWAY, second coding: a pawn capture must lower both distances or lower one and keep the other.
    PawnCaptureNoAway2 => "SC-PAWN-CAPTURE-NO-AWAY.2", ["sc.6.1"];
    /// SC-PAWN-CAPTURES-STRAIGHT, second coding: the step squares are also capture squares of the pawn, attacked too.
    PawnCapturesStraight2 => "SC-PAWN-CAPTURES-STRAIGHT.2", ["sc.6.1"];
    /// SC-PAWN-DOUBLE-RING-TWO, second coding: the two-square move from the outermost ring only.
    PawnDoubleRingTwo2 => "SC-PAWN-DOUBLE-RING-TWO.2", ["sc.6.2"];
    /// SC-PAWN-DOUBLE-JUMPS, second coding: the two-square move asks only its target square.
    PawnDoubleJumps2 => "SC-PAWN-DOUBLE-JUMPS.2", ["sc.6.2"];
    /// SC-PROMO-NOT-BY-CAPTURE, second coding: the promotions are offered for the pawn's steps only.
    PromoNotByCapture2 => "SC-PROMO-NOT-BY-CAPTURE.2", ["sc.10.1"];
    /// SC-PROMO-MOVER-COLOUR, second coding: the promoted piece takes the colour of the king piece the mover has on the board.
    PromoMoverColour2 => "SC-PROMO-MOVER-COLOUR.2", ["sc.10.1", "sc.10.2"];
    /// SC-REGIME-KEEPS-OLD-KING, second coding: the king promotion puts the new king down and leaves the board else untouched.
    RegimeKeepsOldKing2 => "SC-REGIME-KEEPS-OLD-KING.2", ["sc.10.2"];
    /// SC-KING-PROMO-UNCHECKED, second coding: a promotion to king is tested against the old king's square.
    KingPromoUnchecked2 => "SC-KING-PROMO-UNCHECKED.2", ["sc.10.2", "sc.13"];
    /// SC-DEFECT-NO-STEP, second coding: the defection list never adds the step.
    DefectNoStep2 => "SC-DEFECT-NO-STEP.2", ["sc.11.2"];
    /// SC-DEFECT-TO-UNHELD, second coding: a player may defect to any colour the opponent does not hold.
    DefectToUnheld2 => "SC-DEFECT-TO-UNHELD.2", ["sc.11.1"];
    /// SC-DEFECT-UNCHECKED, second coding: the legality filter lets every defection without a step through.
    DefectUnchecked2 => "SC-DEFECT-UNCHECKED.2", ["sc.11.1", "sc.13"];
    /// SC-CASTLE-CROSSING-UNCHECKED, second coding: the crossing test looks at no square between start and arrival.
    CastleCrossingUnchecked2 => "SC-CASTLE-CROSSING-UNCHECKED.2", ["sc.12"];
    /// SC-CASTLE-PAWN-ATTACK-IGNORED, second coding: the crossing test asks whether a piece could move there, so pawns only by their steps.
    CastlePawnAttackIgnored2 => "SC-CASTLE-PAWN-ATTACK-IGNORED.2", ["sc.12"];
    /// SC-CASTLE-OUT-OF-CHECK, second coding: castling never asks whether the king stands in check.
    CastleOutOfCheck2 => "SC-CASTLE-OUT-OF-CHECK.2", ["sc.12"];
    /// SC-CASTLE-ROOK-ON-ORIGIN, second coding: the rook and king swap: the rook goes where the king stood.
    CastleRookOnOrigin2 => "SC-CASTLE-ROOK-ON-ORIGIN.2", ["sc.12"];
    /// SC-CASTLE-NEUTRAL-ROOK, second coding: any rook on the back rank not held by the opponent serves.
    CastleNeutralRook2 => "SC-CASTLE-NEUTRAL-ROOK.2", ["sc.12"];
    /// SC-CASTLE-PATH-KING-ONLY, second coding: the path test walks from the king to its arrival only.
    CastlePathKingOnly2 => "SC-CASTLE-PATH-KING-ONLY.2", ["sc.12"];
    /// SC-CHECK-BY-NEUTRAL, second coding: every piece not held by the king's own player attacks it.
    CheckByNeutral2 => "SC-CHECK-BY-NEUTRAL.2", ["sc.13"];
    /// SC-CHECK-OWN-ARMY-ONLY, second coding: the attack test looks only for pieces of the opponent's king colour.
    CheckOwnArmyOnly2 => "SC-CHECK-OWN-ARMY-ONLY.2", ["sc.13"];
    /// SC-MATE-KING-ONLY, second coding: a player in check may move only its king.
    MateKingOnly2 => "SC-MATE-KING-ONLY.2", ["sc.14.1"];
    /// SC-BARE-KINGS-IGNORES-NEUTRAL, second coding: bare kings when neither player holds a piece but its king.
    BareKingsIgnoresNeutral2 => "SC-BARE-KINGS-IGNORES-NEUTRAL.2", ["sc.14.3"];
    /// SC-FIFTY-PAWN-ONLY, second coding: the count is reset by the pawn's own move only, whatever it takes.
    FiftyPawnOnly2 => "SC-FIFTY-PAWN-ONLY.2", ["sc.14.4"];
    /// SC-FIFTY-DEFECT-RESETS, second coding: a defection resets the count (castling does not).
    FiftyDefectResets2 => "SC-FIFTY-DEFECT-RESETS.2", ["sc.14.4"];
    /// SC-REPETITION-BOARD-ONLY, second coding: repetition compares the placement of the pieces and the player to move.
    RepetitionBoardOnly2 => "SC-REPETITION-BOARD-ONLY.2", ["sc.14.5"];
    /// SC-MOVE-NUMBER-PER-PLY, second coding: the move number is raised after the first player's move too.
    MoveNumberPerPly2 => "SC-MOVE-NUMBER-PER-PLY.2", ["sc.15"];
    /// SC-LIMIT-NINE, second coding: the move generator goes to nine, the attack test keeps eight.
    LimitNine2 => "SC-LIMIT-NINE.2", ["sc.4"];
    /// SC-CAPTURE-OWN-HELD, second coding: a piece is safe from its player's captures only if it has the player's king colour.
    CaptureOwnHeld2 => "SC-CAPTURE-OWN-HELD.2", ["sc.9.1"];
    /// SC-PAWN-DOUBLE-THREE-RINGS, second coding: the two-square move from any square at most three from an edge.
    PawnDoubleThreeRings2 => "SC-PAWN-DOUBLE-THREE-RINGS.2", ["sc.6.2"];
    /// SC-PROMO-ZONE-WIDE, second coding: the arrival asked against the
    /// three innermost rings, the departure against the 4 x 4.
    PromoZoneWide2 => "SC-PROMO-ZONE-WIDE.2", ["sc.10.1"];
}
