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
        /// M-TURN-COUNTER-CLOCKWISE.2: the plain order counter-clockwise,
        /// the search for a checked party clockwise.
        PlainOrderCounterClockwise => TurnCounterClockwise2,
    }

    /// Clause 4: what becomes of an eliminated party's pieces other than
    /// its king.
    EliminatedArmy, "m.4" {
        /// The rule: they stay on their cells as dead blockers.
        StaysAsDeadBlockers,
        /// M-ELIM-REMOVES-PIECES: they leave the board with the king.
        LeavesTheBoard => EliminationRemovesPieces,
        /// M-ELIM-REMOVES-PIECES.2: they leave after a king capture only.
        LeavesOnKingCapture => EliminationRemovesPieces2,
    }

    /// Clause 4: whether a dead blocker attacks.
    DeadBlockerAttack, "m.4" {
        /// The rule: it attacks nothing, gives neither check nor Gardez.
        AttacksNothing,
        /// M-DEAD-GIVES-CHECK: it attacks as if its party were active.
        AttacksAsBefore => DeadGivesCheck,
        /// M-DEAD-GIVES-CHECK.2: dead rooks, bishops and queens attack.
        SlidersAttack => DeadGivesCheck2,
    }

    /// Clause 4: whether a dead blocker blocks the lines of the pieces
    /// that do not jump.
    DeadBlockerBlocks, "m.4" {
        /// The rule: its cell counts as occupied.
        Blocks,
        /// M-DEAD-NOT-BLOCKING: lines pass through it.
        PassedThrough => DeadNotBlocking,
        /// M-DEAD-NOT-BLOCKING.2: moves pass through it, attacks stop.
        MovesPassThrough => DeadNotBlocking2,
    }

    /// Clause 4 (dead capture): whether a dead blocker may be captured.
    DeadBlockerCapture, "m.4.dead-capture" {
        /// The rule: by any active party's ordinary move.
        Capturable,
        /// M-DEAD-NOT-CAPTURABLE: never.
        NotCapturable => DeadNotCapturable,
        /// M-DEAD-NOT-CAPTURABLE.2: not by a sliding piece.
        NotBySliders => DeadNotCapturable2,
    }

    /// Clause 5: how a move's own king safety is judged.
    KingSafety, "m.5" {
        /// The rule: after all the move's effects (a captured king's
        /// party eliminated), the mover's king must not be attacked.
        AfterAllEffects,
        /// M-KING-INTO-CHECK: it is not asked.
        NotAsked => KingIntoCheck,
        /// M-SAFETY-BEFORE-ELIM: judged before the party whose king the
        /// move captures is eliminated.
        BeforeElimination => SafetyBeforeElimination,
        /// M-KING-INTO-CHECK.2: asked for the king's own steps only.
        KingStepsOnly => KingIntoCheck2,
        /// M-SAFETY-BEFORE-ELIM.2: a king taking a king is judged before
        /// the elimination.
        KingTakingKingBeforeElimination => SafetyBeforeElimination2,
    }

    /// Clause 6.1: whether a king attacks the cells it could step to.
    KingAttack, "m.6.1" {
        /// The rule: it does, like every piece.
        Attacks,
        /// M-KINGS-DO-NOT-ATTACK: it does not.
        DoesNotAttack => KingsDoNotAttack,
        /// M-KINGS-DO-NOT-ATTACK.2: not when a king's step is judged safe.
        NotAgainstKingSteps => KingsDoNotAttack2,
    }

    /// Clause 6.5: the knight's jumps.
    KnightJumps, "m.6.5" {
        /// The rule: twelve jumps, two side steps then a turn either
        /// way; only the target counts.
        Twelve,
        /// M-KNIGHT-BLOCKED: a piece on a cell passed over blocks.
        BlockedOnTheWay => KnightBlocked,
        /// M-KNIGHT-ONE-TURN: only the clockwise turn, six jumps.
        ClockwiseTurnOnly => KnightOneTurn,
        /// M-KNIGHT-BLOCKED.2: a piece on the first cell passed over
        /// blocks.
        BlockedOnTheFirstCell => KnightBlocked2,
        /// M-KNIGHT-ONE-TURN.2: only the counter-clockwise turn.
        CounterClockwiseTurnOnly => KnightOneTurn2,
    }

    /// Clause 6.6: which way a pawn faces.
    PawnFacing, "m.6.6" {
        /// The rule: towards the centre, away from its own seat.
        TowardsTheCentre,
        /// M-PAWN-REVERSED: towards its own seat.
        TowardsItsSeat => PawnReversed,
        /// M-PAWN-REVERSED.2: a moved pawn towards its seat, the start
        /// move towards the centre.
        MovedPawnsTowardsItsSeat => PawnReversed2,
    }

    /// Clause 6.6 (moves, captures): the sides a moved pawn steps and
    /// captures across.
    PawnStepSides, "m.6.6.moves" {
        /// The rule: the four sides that are not backward.
        FourSides,
        /// M-PAWN-ALL-SIDES: all six.
        AllSix => PawnAllSides,
        /// M-PAWN-FORWARD-ONLY: only the two start sides.
        StartSidesOnly => PawnForwardOnly,
        /// M-PAWN-ALL-SIDES.2: steps across all six, captures across the
        /// four.
        StepsAcrossAllSix => PawnAllSides2,
        /// M-PAWN-FORWARD-ONLY.2: steps across the start sides only,
        /// captures across the four.
        StepsAcrossStartSides => PawnForwardOnly2,
    }

    /// Clause 6.6 (start): what an unmoved pawn's start move is.
    PawnStartMove, "m.6.6.start" {
        /// The rule: one or two cells straight along a start side, onto
        /// empty cells over an empty cell, never capturing.
        OneOrTwoEmpty,
        /// M-PAWN-UNMOVED-CAPTURES: the one-cell start move may capture.
        OneMayCapture => PawnUnmovedCaptures,
        /// M-PAWN-START-JUMPS: the two-cell move jumps over a piece on
        /// the first cell.
        TwoJumps => PawnStartJumps,
        /// M-PAWN-START-TWO-ONLY: always two cells.
        TwoOnly => PawnStartTwoOnly,
        /// M-PAWN-UNMOVED-CAPTURES.2: either start move may capture.
        EitherMayCapture => PawnUnmovedCaptures2,
        /// M-PAWN-START-JUMPS.2: the two-cell move jumps over an own
        /// piece.
        TwoJumpsOwn => PawnStartJumps2,
        /// M-PAWN-START-TWO-ONLY.2: one cell only where two are blocked.
        OneOnlyWhenTwoBlocked => PawnStartTwoOnly2,
    }

    /// Clause 6.6 (start): which pawns have the start move.
    PawnStartRight, "m.6.6.start" {
        /// The rule: the pawns that have not moved yet.
        UnmovedPawns,
        /// M-PAWN-START-RESTORED: also a pawn back on an own start cell.
        PawnsOnOwnStartCells => PawnStartRestored,
        /// M-PAWN-START-RESTORED.2: also a pawn anywhere in its own start
        /// triangle.
        PawnsInOwnTriangle => PawnStartRestored2,
    }

    /// Clause 6.6 (no special moves): when a pawn may go two cells.
    PawnDoubleStep, "m.6.6.no-special" {
        /// The rule: only with its start move.
        StartMoveOnly,
        /// M-PAWN-DOUBLE-ANYTIME: a moved pawn keeps the two-cell step
        /// along its start sides.
        Anytime => PawnDoubleAnytime,
        /// M-PAWN-DOUBLE-ANYTIME.2: a moved pawn may go two cells across
        /// any of its four sides.
        AnySide => PawnDoubleAnytime2,
    }

    /// Clause 6.6 (promotion): which pawn moves into the zone promote.
    PromotingMoves, "m.6.6.promotion" {
        /// The rule: every move that ends in the zone.
        EveryMoveIntoTheZone,
        /// M-PROMO-FIRST-ENTRY: only the move that first enters it.
        FirstEntryOnly => PromotionFirstEntry,
        /// M-PROMO-NOT-BY-CAPTURE: only a move that captures nothing.
        NoCaptureOnly => PromotionNotByCapture,
        /// M-PROMO-NOT-BY-CAPTURE.2: only a move that takes no active
        /// piece.
        NoActiveCaptureOnly => PromotionNotByCapture2,
        /// M-PROMO-FIRST-ENTRY.2: only a move onto the zone's rim.
        RimOnly => PromotionFirstEntry2,
    }

    /// Clause 6.6 (promotion): what the tray gives a promoting pawn.
    PromotionTray, "m.6.6.promotion" {
        /// The rule: a kind in the tray, which is taken out of it.
        TakesATrayPiece,
        /// M-PROMO-KEEPS-TRAY: the tray piece stays in the tray.
        TrayPieceStays => PromotionKeepsTray,
        /// M-PROMO-ANY-KIND: any kind, whatever the tray holds.
        AnyKind => PromotionAnyKind,
        /// M-PROMO-ANY-KIND.2: a queen when the tray is empty.
        QueenWhenEmpty => PromotionAnyKind2,
        /// M-PROMO-KEEPS-TRAY.2: it stays after a promotion that captures
        /// nothing.
        StaysOnQuietPromotion => PromotionKeepsTray2,
    }

    /// Clause 8.1: the turn of a party that lost a piece.
    CapturedPartyTurn, "m.8.1" {
        /// The rule: it moves next unless a check is pending, and the
        /// order goes on from it.
        NextBelowCheck,
        /// M-CAPTURED-NO-TURN: it gets no turn.
        NoTurn => CapturedNoTurn,
        /// M-CAPTURED-BEATS-CHECK: it moves next even when a check is
        /// pending.
        NextAboveCheck => CapturedBeatsCheck,
        /// M-CAPTURED-REPLY-INTERRUPTS: after its reply the order goes
        /// on after the capturer.
        ReplyInterrupts => CapturedReplyInterrupts,
        /// M-CAPTURED-BEATS-CHECK.2: it moves next above a check pending
        /// on other parties.
        NextAboveOthersChecks => CapturedBeatsCheck2,
        /// M-CAPTURED-NO-TURN.2: it is passed over, the order goes on
        /// from it.
        PassedOver => CapturedNoTurn2,
        /// M-CAPTURED-REPLY-INTERRUPTS.2: also when it was due by check.
        ReplyInterruptsEvenInCheck => CapturedReplyInterrupts2,
    }

    /// Clause 8.2: who moves after a dead blocker is captured.
    DeadCaptureTurn, "m.8.2" {
        /// The rule: the next active party clockwise.
        NextParty,
        /// M-DEAD-CAPTURE-EXTRA-MOVE: the capturer again.
        CapturerAgain => DeadCaptureExtraMove,
        /// M-DEAD-CAPTURE-EXTRA-MOVE.2: the capturer again, above check.
        CapturerAgainAboveCheck => DeadCaptureExtraMove2,
    }

    /// Clause 9: which attackers give check.
    CheckGivers, "m.9" {
        /// The rule: every active enemy piece that could capture the king.
        EveryAttacker,
        /// M-PINNED-NO-CHECK: not one pinned to its own king by a third
        /// party's slider.
        UnpinnedOnly => PinnedNoCheck,
        /// M-PINNED-NO-CHECK.2: not one pinned by any party's slider.
        UnpinnedByAnyone => PinnedNoCheck2,
    }

    /// Clause 10: which checked party answers first.
    FirstChecked, "m.10" {
        /// The rule: the first checked party going round from the party
        /// that caused the check (R-NEXT).
        GoingRound,
        /// M-CHECK-FROM-BLAU: the first in seat order from Blau.
        SeatOrderFromBlau => CheckFromBlau,
        /// M-CHECK-MOVER-ONLY: going round, but only kings the last actor
        /// attacks count.
        AttackedByTheActor => CheckMoverOnly,
        /// M-CHECK-FROM-BLAU.2: the first in seat order from Grün.
        SeatOrderAfterBlau => CheckFromBlau2,
        /// M-CHECK-MOVER-ONLY.2: going round, only when the last actor
        /// attacks a king.
        OnlyWhenTheActorChecks => CheckMoverOnly2,
    }

    /// Clause 11: what a party in check must lack to be mated.
    MateTest, "m.11" {
        /// The rule: any legal move.
        AnyLegalMove,
        /// M-MATE-KING-ONLY: a legal move of its king.
        KingMoves => MateKingOnly,
        /// M-MATE-KING-ONLY.2: a checked party may move only its king.
        CheckedMovesKingOnly => MateKingOnly2,
    }

    /// Clause 12: the queens a move reports Gardez for.
    GardezQueens, "m.12" {
        /// The rule: the active enemy queens the mover's pieces attack now
        /// and did not attack before.
        NewlyAttackedByTheMover,
        /// M-GARDEZ-ALREADY-ATTACKED: also the ones attacked before.
        AlreadyAttackedToo => GardezAlreadyAttacked,
        /// M-GARDEZ-MOVED-PIECE-ONLY: only the ones the moved piece attacks.
        AttackedByTheMovedPiece => GardezMovedPieceOnly,
        /// M-GARDEZ-ANY-ATTACKER: the ones newly attacked by any party.
        NewlyAttackedByAnyone => GardezAnyAttacker,
        /// M-GARDEZ-DEAD-QUEENS: dead queens too.
        DeadQueensToo => GardezDeadQueens,
        /// M-GARDEZ-ALREADY-ATTACKED.2: more of the mover's attackers than
        /// before.
        MoreAttackersThanBefore => GardezAlreadyAttacked2,
        /// M-GARDEZ-MOVED-PIECE-ONLY.2: the moved piece, new cell against
        /// old.
        MovedPieceNewAgainstOld => GardezMovedPieceOnly2,
        /// M-GARDEZ-ANY-ATTACKER.2: attacked by anyone now, not by the
        /// mover before.
        AnyoneNowMoverBefore => GardezAnyAttacker2,
        /// M-GARDEZ-DEAD-QUEENS.2: every dead queen the mover attacks.
        DeadQueensAlways => GardezDeadQueens2,
    }

    /// Clause 13: the capturer's extra move after a king capture.
    KingCaptureMove, "m.13" {
        /// The rule: the capturer moves again unless a check is pending.
        ExtraBelowCheck,
        /// M-KING-CAPTURE-NO-EXTRA: no extra move.
        NoExtra => KingCaptureNoExtra,
        /// M-KING-CAPTURE-BEATS-CHECK: the extra move even when a check is
        /// pending.
        ExtraAboveCheck => KingCaptureBeatsCheck,
        /// M-KING-CAPTURE-NO-EXTRA.2: the order goes on from the fallen
        /// party.
        OnFromTheFallen => KingCaptureNoExtra2,
        /// M-KING-CAPTURE-BEATS-CHECK.2: the extra move above a check the
        /// capturer gives.
        ExtraAboveOwnCheck => KingCaptureBeatsCheck2,
    }

    /// Clause 14: what a party not in check must lack to be stalemated.
    StalemateTest, "m.14" {
        /// The rule: any legal move.
        AnyLegalMove,
        /// M-STALEMATE-KING-ONLY: a legal move of its king.
        KingMoves => StalemateKingOnly,
        /// M-STALEMATE-KING-ONLY.2: the king has a cell to step to.
        KingHasACell => StalemateKingOnly2,
    }

    /// Clause 14: what stalemate does to the party.
    StalemateOutcome, "m.14" {
        /// The rule: it is eliminated.
        Eliminated,
        /// M-STALEMATE-NO-ELIM: it is passed over and stays in the game.
        PassedOver => StalemateNoElimination,
        /// M-STALEMATE-NO-ELIM.2: passed over unless it has a bare king.
        PassedOverUnlessBare => StalemateNoElimination2,
    }

    /// Clause 15 (move time): the limit of one move.
    MoveTimeLimit, "m.15.move-time" {
        /// The rule: 60 seconds.
        SixtySeconds,
        /// M-MOVE-LIMIT-UNENFORCED: none.
        NoLimit => MoveLimitUnenforced,
        /// M-MOVE-LIMIT-UNENFORCED.2: none; a longer move is charged 60 s.
        ChargedSixty => MoveLimitUnenforced2,
    }

    /// Clause 15 (move time): what letting the 60 seconds pass does.
    Forfeit, "m.15.move-time" {
        /// The rule: the time is spent and the turn is lost.
        CostsTimeAndTurn,
        /// M-FORFEIT-FREE: it costs no time.
        Free => ForfeitFree,
        /// M-FORFEIT-KEEPS-TURN: without a pending check the same party
        /// moves again.
        KeepsTheTurn => ForfeitKeepsTurn,
        /// M-FORFEIT-FREE.2: free unless the party is in check.
        FreeOutOfCheck => ForfeitFree2,
        /// M-FORFEIT-KEEPS-TURN.2: the same party again, above check.
        KeepsTheTurnAboveCheck => ForfeitKeepsTurn2,
    }

    /// Clause 15 (total time), with clause 16: when running out of total
    /// time ends a party.
    FlagFall, "m.15.total-time" {
        /// The rule: as soon as the clock reaches zero, before the checks
        /// of the move are judged.
        BeforeTheChecks,
        /// M-FLAG-AFTER-CHECKS: after the checks of the move are judged.
        AfterTheChecks => FlagAfterChecks,
        /// M-FLAG-ONLY-ON-FORFEIT: only a forfeit ends a party on time.
        OnlyOnForfeit => FlagOnlyOnForfeit,
        /// M-FLAG-AFTER-CHECKS.2: the order uses the checks before the
        /// flag falls, the report the later ones.
        OrderByChecksBefore => FlagAfterChecks2,
        /// M-FLAG-ONLY-ON-FORFEIT.2: a move that empties the clock ends
        /// the party when its next turn comes.
        AtTheNextTurn => FlagOnlyOnForfeit2,
    }

    /// Clause 16: when a pending check outranks every other claim to the
    /// next turn.
    CheckPrecedence, "m.16" {
        /// The rule: always.
        Always,
        /// M-CHECK-NO-PRIORITY: never; check does not change the order.
        Never => CheckNoPriority,
        /// M-ELIM-SKIPS-CHECK: not right after a mate or stalemate
        /// elimination.
        NotAfterNoMoveElimination => EliminationSkipsCheck,
        /// M-ELIM-SKIPS-CHECK.2: not right after a mate elimination.
        NotAfterMate => EliminationSkipsCheck2,
        /// M-CHECK-NO-PRIORITY.2: never right after a move.
        NotAfterAMove => CheckNoPriority2,
    }

    /// Clause 6.6 (no special moves): a pawn that passed a cell with its
    /// two-cell start move cannot be taken on the cell it passed.
    EnPassant, "m.6.6.no-special" {
        /// The rule: there is no capture en passant.
        NoCapture,
        /// M-EN-PASSANT: chess's en passant, on the very next move only.
        NextMove => EnPassant,
        /// M-EN-PASSANT.2: en passant by any party until the pawn's own
        /// party moves again.
        UntilItsPartyMovesAgain => EnPassant2,
    }
}
