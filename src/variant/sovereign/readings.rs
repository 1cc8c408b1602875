//! Sovereign Chess's rule points that have misreadings, each with its
//! readings: the rule, and the misreadings of
//! `spec/sovereign/misreadings.yaml` that are its hidden alternatives (the
//! fence is described in [`crate::variant::readings`]). Rule code asks
//! [`super::ruleset::Ruleset::reading`] and matches on the answer; this
//! file is the only one that turns a fault into a reading.

use super::faults::{FaultSet, Misreading};

readings! {
    /// Clause sc.4 (S-SLIDE-LIMIT): how far a slider reaches, moving and
    /// attacking.
    SlideReach, "sc.4" {
        /// The rule: at most eight squares, for moves and attacks alike.
        Eight,
        /// SC-LIMIT-SEVEN: at most seven squares.
        Seven => LimitSeven,
        /// SC-LIMIT-NINE: at most nine squares.
        Nine => LimitNine,
        /// Second coding: the attack test scans the whole line.
        AttackScansWholeLine => LimitMovesOnly2,
        /// Second coding: seven for moves, eight for attacks.
        SevenBeyondStart => LimitSeven2,
        /// Second coding: nine for moves, eight for attacks.
        NineCountedFromNext => LimitNine2,
        /// SC-LIMIT-MOVES-ONLY: the limit bounds moves, not attacks.
        MovesOnly => LimitMovesOnly,
    }
    /// Clause sc.5 (S-OWN-COLOUR): a piece never ends a move on a square of
    /// its own colour.
    OwnColourSquares, "sc.5" {
        /// The rule: every piece, king too, may cross such a square but
        /// neither end there nor attack there.
        Barred,
        /// SC-OWN-COLOUR-NO-PASS: sliders may not cross it either.
        NoPassing => OwnColourNoPass,
        /// SC-OWN-COLOUR-CHECKS: a piece attacks (checks) there.
        Attacked => OwnColourChecks,
        /// SC-KING-OWN-COLOUR-EXEMPT: kings may end there.
        KingsExempt => KingOwnColourExempt,
        /// Second coding: the ray is cut at its first own-colour square.
        RayCutAtOwnColour => OwnColourNoPass2,
        /// Second coding: a king there is attacked.
        KingOnOwnColourChecked => OwnColourChecks2,
        /// Second coding: the king's ordinary steps skip the test.
        KingStepsUntested => KingOwnColourExempt2,
    }
    /// Clause sc.6.1: pawns step straight towards a line and capture
    /// diagonally, neither moving away from the lines.
    PawnMoves, "sc.6.1" {
        /// The rule: a step lowers the distance it changes, a capture
        /// lowers one of the two; only captures take.
        Toward,
        /// SC-PAWN-STEP-KEEPS: a step may keep the distance.
        StepKeeps => PawnStepKeeps,
        /// SC-PAWN-CAPTURE-NO-AWAY: a capture may not move away from the
        /// other line.
        CaptureNoAway => PawnCaptureNoAway,
        /// SC-PAWN-CAPTURES-STRAIGHT: the step squares capture too.
        CapturesStraight => PawnCapturesStraight,
        /// Second coding: a step is refused only when it moves away.
        StepRefusedOnlyAway => PawnStepKeeps2,
        /// Second coding: a capture lowers one distance and raises none.
        CaptureLowersWithoutRaising => PawnCaptureNoAway2,
        /// Second coding: the step squares are capture (and attacked)
        /// squares too.
        StepSquaresCapture => PawnCapturesStraight2,
    }
    /// Clause sc.6.2: from which rings a pawn has the two-square move.
    DoubleStepRings, "sc.6.2" {
        /// The rule: from the two outer rings.
        OuterTwo,
        /// SC-PAWN-DOUBLE-RING-TWO: from the second ring only.
        RingTwoOnly => PawnDoubleRingTwo,
        /// SC-PAWN-DOUBLE-THREE-RINGS: from the three outer rings.
        OuterThree => PawnDoubleThreeRings,
        /// Second coding: from the outermost ring only.
        RingOneOnly => PawnDoubleRingTwo2,
        /// Second coding: from any square at most three from an edge.
        WithinThreeOfAnEdge => PawnDoubleThreeRings2,
    }
    /// Clause sc.6.2: the two-square move passes over an empty square.
    DoubleStepPath, "sc.6.2" {
        /// The rule: the first square must be empty.
        OverEmpty,
        /// SC-PAWN-DOUBLE-JUMPS: it jumps over a piece there.
        Jumps => PawnDoubleJumps,
        /// Second coding: only the target square is asked.
        TargetOnly => PawnDoubleJumps2,
    }
    /// Clause sc.7.3: a colour is held through a chain of occupants.
    ChainResolution, "sc.7.3" {
        /// The rule: chains of any length, in any colour order.
        Complete,
        /// SC-CHAIN-ONE-PASS: one pass in colour order.
        OnePass => ChainOnePass,
        /// Second coding: one pass in reverse colour order.
        OnePassReversed => ChainOnePass2,
    }
    /// Clause sc.7.4: a king's colour belongs to that king's player.
    KingColourOwnership, "sc.7.4" {
        /// The rule: always, whoever stands on its squares.
        Owned,
        /// SC-OPPONENT-KING-COLOUR-WON: the opponent standing on it takes it.
        WonByOccupation => OpponentKingColourWon,
        /// Second coding: a piece of the opponent's own army there takes it.
        WonByOwnArmy => OpponentKingColourWon2,
    }
    /// Clause sc.8: a piece on one square of a pair bars the other.
    PairBarring, "sc.8" {
        /// The rule: any piece bars it, for ending a move only.
        AnyPieceBarsLanding,
        /// SC-PAIR-NEUTRAL-NO-BLOCK: a neutral piece does not bar it.
        NeutralDoesNotBar => PairNeutralNoBlock,
        /// SC-PAIR-BLOCKS-LINES: a barred square stops sliders.
        BlocksLines => PairBlocksLines,
        /// Second coding: only a held piece bars an ordinary move.
        HeldPieceBars => PairNeutralNoBlock2,
        /// Second coding: a slider stops before passing it.
        StopsBeforePassing => PairBlocksLines2,
    }
    /// Clause sc.9.1: which pieces a move may capture.
    Capturable, "sc.9.1" {
        /// The rule: the pieces the opponent holds.
        OpponentHeld,
        /// SC-CAPTURE-NEUTRAL: neutral pieces too.
        AlsoNeutral => CaptureNeutral,
        /// SC-CAPTURE-OWN-HELD: the mover's held colours (not its army) too.
        AlsoOwnHeld => CaptureOwnHeld,
        /// Second coding: any piece the mover does not hold, in the
        /// ordinary moves.
        UnlessMoverHolds => CaptureNeutral2,
        /// Second coding: only the mover's king colour is safe.
        OnlyKingColourSafe => CaptureOwnHeld2,
    }
    /// Clause sc.9.1: a captured piece's owner is its holder at the
    /// moment of the capture.
    CaptureOwner, "sc.9.1" {
        /// The rule: for a defection step, after the colour change.
        AtCapture,
        /// SC-CAPTURE-OWNER-BEFORE: always before the move.
        BeforeMove => CaptureOwnerBefore,
        /// Second coding: control recomputed on the board before the move.
        BoardBefore => CaptureOwnerBefore2,
    }
    /// Clause sc.10.1: a pawn entering the zone promotes.
    PromotionEntry, "sc.10.1" {
        /// The rule: by a step or a capture.
        AnyEntry,
        /// SC-PROMO-NOT-BY-CAPTURE: not by a capture.
        NotByCapture => PromoNotByCapture,
        /// Second coding: promotions offered for steps only.
        StepsOnly => PromoNotByCapture2,
    }
    /// Clause sc.10.1: the squares a pawn promotes on entering.
    PromotionZone, "sc.10.1" {
        /// The rule: the central 4 x 4 (files g-j, ranks 7-10).
        Central4x4,
        /// SC-PROMO-ZONE-WIDE: the central 6 x 6 (files f-k, ranks 6-11).
        Central6x6 => PromoZoneWide,
        /// SC-PROMO-ZONE-WIDE.2: the three innermost rings for the
        /// arrival, the 4 x 4 for the departure.
        InnerThreeRings => PromoZoneWide2,
    }
    /// Clause sc.10.1: the colour of the promoted piece.
    PromotionColour, "sc.10.1" {
        /// The rule: the pawn's colour.
        Pawns,
        /// SC-PROMO-MOVER-COLOUR: the mover's king colour.
        MoversKing => PromoMoverColour,
        /// Second coding: the colour of the mover's king on the board.
        MoversKingOnTheBoard => PromoMoverColour2,
    }
    /// Clause sc.10.2: a king promotion replaces the player's king.
    RegimeChange, "sc.10.2" {
        /// The rule: the old king leaves the board.
        OldKingRemoved,
        /// SC-REGIME-KEEPS-OLD-KING: it stays.
        OldKingStays => RegimeKeepsOldKing,
        /// Second coding: the new king is added, nothing removed.
        NewKingAdded => RegimeKeepsOldKing2,
    }
    /// Clause sc.11.1 (with sc.7, sc.10.2): a regime change frees the old
    /// colour.
    OldColour, "sc.11.1" {
        /// The rule: the player no longer owns it.
        Freed,
        /// SC-OLD-COLOUR-KEPT: the player keeps owning it.
        Kept => OldColourKept,
        /// Second coding: kept after a defection.
        KeptAfterDefection => OldColourKept2,
    }
    /// Clause sc.11.1: the colours a player may defect to.
    DefectionTargets, "sc.11.1" {
        /// The rule: the colours the player holds.
        Held,
        /// SC-DEFECT-TO-UNHELD: any colour but the opponent's.
        AnyButOpponents => DefectToUnheld,
        /// Second coding: any colour the opponent does not hold.
        AnyNotOpponentHeld => DefectToUnheld2,
    }
    /// Clause sc.11.2: a king on a square of its new colour steps off,
    /// the step judged after the colour change.
    DefectionStep, "sc.11.2" {
        /// The rule: it steps, judged as the new colour's king.
        AfterChange,
        /// SC-DEFECT-NO-STEP: it stays.
        NoStep => DefectNoStep,
        /// SC-STEP-CAPTURE-BEFORE: whom it captures is judged before the
        /// change.
        CaptureJudgedBefore => StepCaptureBefore,
        /// SC-STEP-OLD-COLOUR: it avoids the old colour's squares.
        OldColourBarred => StepOldColour,
        /// Second coding: captures read from control on the old board.
        CaptureOnOldBoard => StepCaptureBefore2,
        /// Second coding: the step is never added.
        StepNeverAdded => DefectNoStep2,
        /// Second coding: filtered wholly as a step of the old king.
        FilteredAsOldKing => StepOldColour2,
    }
    /// Clause sc.12: castling needs an own rook.
    CastlingRook, "sc.12" {
        /// The rule: a rook the player holds.
        Held,
        /// SC-CASTLE-NEUTRAL-ROOK: a rook nobody holds serves too.
        NeutralToo => CastleNeutralRook,
        /// Second coding: any rook the opponent does not hold.
        NotOpponents => CastleNeutralRook2,
    }
    /// Clause sc.12: the squares between king and rook are empty.
    CastlingPath, "sc.12" {
        /// The rule: all of them.
        AllBetween,
        /// SC-CASTLE-PATH-KING-ONLY: only those the king crosses.
        KingsWalkOnly => CastlePathKingOnly,
        /// Second coding: from the king to its arrival.
        StartToArrival => CastlePathKingOnly2,
    }
    /// Clause sc.12: the king castles neither out of, through nor into
    /// check.
    CastlingSafety, "sc.12" {
        /// The rule: its square, the squares it crosses (any attack,
        /// pawns' included) and its arrival are unattacked.
        Unattacked,
        /// SC-CASTLE-CROSSING-UNCHECKED: the crossed squares are not tested.
        CrossingUntested => CastleCrossingUnchecked,
        /// SC-CASTLE-PAWN-ATTACK-IGNORED: pawns do not count on the
        /// crossed squares.
        PawnsIgnoredOnCrossing => CastlePawnAttackIgnored,
        /// SC-CASTLE-OUT-OF-CHECK: the king's own square is not tested.
        OutOfCheck => CastleOutOfCheck,
        /// Second coding: no crossed square is looked at.
        NoCrossedSquare => CastleCrossingUnchecked2,
        /// Second coding: whether a piece could move there.
        CouldMoveThere => CastlePawnAttackIgnored2,
        /// Second coding: the king's square is never asked.
        KingSquareUnasked => CastleOutOfCheck2,
    }
    /// Clause sc.12: where the castling rook lands.
    CastlingRookLanding, "sc.12" {
        /// The rule: beside the king, on the side it came from.
        BesideKing,
        /// SC-CASTLE-ROOK-ON-ORIGIN: on the king's old square.
        KingsOrigin => CastleRookOnOrigin,
        /// Second coding: king and rook swap.
        Swap => CastleRookOnOrigin2,
    }
    /// Clause sc.13: which pieces give check.
    CheckingPieces, "sc.13" {
        /// The rule: every piece the opponent holds.
        Held,
        /// SC-CHECK-BY-NEUTRAL: neutral pieces too.
        AlsoNeutral => CheckByNeutral,
        /// SC-CHECK-OWN-ARMY-ONLY: only the opponent's own army.
        OwnArmyOnly => CheckOwnArmyOnly,
        /// Second coding: every piece the king's player does not hold.
        AllButOwn => CheckByNeutral2,
        /// Second coding: only pieces of the opponent's king colour.
        KingColourOnly => CheckOwnArmyOnly2,
    }
    /// Clause sc.13 (S-LEGAL): no move may leave the mover's king attacked.
    LegalityTest, "sc.13" {
        /// The rule: every move is tested.
        EveryMove,
        /// SC-DEFECT-UNCHECKED: defections are not.
        DefectionsUntested => DefectUnchecked,
        /// SC-KING-PROMO-UNCHECKED: king promotions are not.
        KingPromotionsUntested => KingPromoUnchecked,
        /// Second coding: defections without a step let through.
        DefectionsLetThrough => DefectUnchecked2,
        /// Second coding: a king promotion tested at the old king's square.
        KingPromotionAgainstOldSquare => KingPromoUnchecked2,
    }
    /// Clause sc.14.1: checkmate is check with no legal move.
    Mate, "sc.14.1" {
        /// The rule: no legal move at all.
        NoLegalMove,
        /// SC-MATE-KING-ONLY: no legal move of the king.
        NoKingMove => MateKingOnly,
        /// Second coding: in check only the king moves.
        OnlyKingMovesInCheck => MateKingOnly2,
    }
    /// Clause sc.14.3: bare kings are a draw.
    BareKings, "sc.14.3" {
        /// The rule: nothing but the two kings on the board.
        OnlyKings,
        /// SC-BARE-KINGS-IGNORES-NEUTRAL: neutral pieces not counted.
        NeutralIgnored => BareKingsIgnoresNeutral,
        /// Second coding: the held pieces are only the kings.
        HeldPiecesOnlyKings => BareKingsIgnoresNeutral2,
    }
    /// Clause sc.14.4: which moves reset the move count.
    FiftyReset, "sc.14.4" {
        /// The rule: pawn moves and captures.
        PawnMovesAndCaptures,
        /// SC-FIFTY-PAWN-ONLY: pawn moves only.
        PawnMovesOnly => FiftyPawnOnly,
        /// SC-FIFTY-DEFECT-RESETS: defections and castling too.
        DefectionsAndCastlingToo => FiftyDefectResets,
        /// Second coding: the moving pawn only.
        MovingPawnOnly => FiftyPawnOnly2,
        /// Second coding: defections too.
        DefectionsToo => FiftyDefectResets2,
    }
    /// Clause sc.14.5: what a repetition compares.
    RepetitionKey, "sc.14.5" {
        /// The rule: the whole position.
        WholePosition,
        /// SC-REPETITION-BOARD-ONLY: the board and the side to move.
        BoardAndMover => RepetitionBoardOnly,
        /// Second coding: the placement and the player to move.
        PlacementAndMover => RepetitionBoardOnly2,
    }
    /// Clause sc.15: what the move number counts.
    MoveNumber, "sc.15" {
        /// The rule: full moves (after the second player's).
        FullMoves,
        /// SC-MOVE-NUMBER-PER-PLY: plies.
        Plies => MoveNumberPerPly,
        /// Second coding: raised after each move.
        AfterEachMove => MoveNumberPerPly2,
    }
}
