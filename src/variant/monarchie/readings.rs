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
    }

    /// Clause 4: what becomes of an eliminated party's pieces other than
    /// its king.
    EliminatedArmy, "m.4" {
        /// The rule: they stay on their cells as dead blockers.
        StaysAsDeadBlockers,
        /// M-ELIM-REMOVES-PIECES: they leave the board with the king.
        LeavesTheBoard => EliminationRemovesPieces,
    }

    /// Clause 4: whether a dead blocker attacks.
    DeadBlockerAttack, "m.4" {
        /// The rule: it attacks nothing, gives neither check nor Gardez.
        AttacksNothing,
        /// M-DEAD-GIVES-CHECK: it attacks as if its party were active.
        AttacksAsBefore => DeadGivesCheck,
    }

    /// Clause 4: whether a dead blocker blocks the lines of the pieces
    /// that do not jump.
    DeadBlockerBlocks, "m.4" {
        /// The rule: its cell counts as occupied.
        Blocks,
        /// M-DEAD-NOT-BLOCKING: lines pass through it.
        PassedThrough => DeadNotBlocking,
    }

    /// Clause 4 (dead capture): whether a dead blocker may be captured.
    DeadBlockerCapture, "m.4.dead-capture" {
        /// The rule: by any active party's ordinary move.
        Capturable,
        /// M-DEAD-NOT-CAPTURABLE: never.
        NotCapturable => DeadNotCapturable,
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
    }

    /// Clause 6.1: whether a king attacks the cells it could step to.
    KingAttack, "m.6.1" {
        /// The rule: it does, like every piece.
        Attacks,
        /// M-KINGS-DO-NOT-ATTACK: it does not.
        DoesNotAttack => KingsDoNotAttack,
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
    }

    /// Clause 6.6: which way a pawn faces.
    PawnFacing, "m.6.6" {
        /// The rule: towards the centre, away from its own seat.
        TowardsTheCentre,
        /// M-PAWN-REVERSED: towards its own seat.
        TowardsItsSeat => PawnReversed,
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
    }

    /// Clause 6.6 (start): which pawns have the start move.
    PawnStartRight, "m.6.6.start" {
        /// The rule: the pawns that have not moved yet.
        UnmovedPawns,
        /// M-PAWN-START-RESTORED: also a pawn back on an own start cell.
        PawnsOnOwnStartCells => PawnStartRestored,
    }

    /// Clause 6.6 (no special moves): when a pawn may go two cells.
    PawnDoubleStep, "m.6.6.no-special" {
        /// The rule: only with its start move.
        StartMoveOnly,
        /// M-PAWN-DOUBLE-ANYTIME: a moved pawn keeps the two-cell step
        /// along its start sides.
        Anytime => PawnDoubleAnytime,
    }

    /// Clause 6.6 (promotion): which pawn moves into the zone promote.
    PromotingMoves, "m.6.6.promotion" {
        /// The rule: every move that ends in the zone.
        EveryMoveIntoTheZone,
        /// M-PROMO-FIRST-ENTRY: only the move that first enters it.
        FirstEntryOnly => PromotionFirstEntry,
        /// M-PROMO-NOT-BY-CAPTURE: only a move that captures nothing.
        NoCaptureOnly => PromotionNotByCapture,
    }

    /// Clause 6.6 (promotion): what the tray gives a promoting pawn.
    PromotionTray, "m.6.6.promotion" {
        /// The rule: a kind in the tray, which is taken out of it.
        TakesATrayPiece,
        /// M-PROMO-KEEPS-TRAY: the tray piece stays in the tray.
        TrayPieceStays => PromotionKeepsTray,
        /// M-PROMO-ANY-KIND: any kind, whatever the tray holds.
        AnyKind => PromotionAnyKind,
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
    }

    /// Clause 8.2: who moves after a dead blocker is captured.
    DeadCaptureTurn, "m.8.2" {
        /// The rule: the next active party clockwise.
        NextParty,
        /// M-DEAD-CAPTURE-EXTRA-MOVE: the capturer again.
        CapturerAgain => DeadCaptureExtraMove,
    }

    /// Clause 9: which attackers give check.
    CheckGivers, "m.9" {
        /// The rule: every active enemy piece that could capture the king.
        EveryAttacker,
        /// M-PINNED-NO-CHECK: not one pinned to its own king by a third
        /// party's slider.
        UnpinnedOnly => PinnedNoCheck,
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
    }

    /// Clause 11: what a party in check must lack to be mated.
    MateTest, "m.11" {
        /// The rule: any legal move.
        AnyLegalMove,
        /// M-MATE-KING-ONLY: a legal move of its king.
        KingMoves => MateKingOnly,
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
    }

    /// Clause 14: what a party not in check must lack to be stalemated.
    StalemateTest, "m.14" {
        /// The rule: any legal move.
        AnyLegalMove,
        /// M-STALEMATE-KING-ONLY: a legal move of its king.
        KingMoves => StalemateKingOnly,
    }

    /// Clause 14: what stalemate does to the party.
    StalemateOutcome, "m.14" {
        /// The rule: it is eliminated.
        Eliminated,
        /// M-STALEMATE-NO-ELIM: it is passed over and stays in the game.
        PassedOver => StalemateNoElimination,
    }

    /// Clause 15 (move time): the limit of one move.
    MoveTimeLimit, "m.15.move-time" {
        /// The rule: 60 seconds.
        SixtySeconds,
        /// M-MOVE-LIMIT-UNENFORCED: none.
        NoLimit => MoveLimitUnenforced,
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
    }
}
