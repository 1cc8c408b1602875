//! Three Kingdoms' rule points that have misreadings, each with its
//! readings: the rule, and the misreadings of
//! `spec/threekingdoms/misreadings.yaml` that are its hidden alternatives
//! (the fence is described in [`crate::variant::readings`]). Rule code
//! asks [`super::movegen::Engine::reading`] and matches on the answer;
//! this file is the only one that turns a fault into a reading.

use super::faults::{FaultSet, Misreading};

readings! {
    /// Clause tk.P2: where a line that comes up an e-file goes on at the
    /// triangle, for chariots and cannons.
    TriangleLines, "tk.P2" {
        /// The rule: into both other kingdoms' e-files.
        BothBranches,
        /// TK-TRIANGLE-CLOSED: nowhere; every e-file ends at its e5 (for
        /// the facing test too).
        Closed => TriangleClosed,
        /// TK-FORK-ONE-BRANCH: into the next kingdom's e-file only.
        NextBranchOnly => ForkOneBranch,
        /// TK-TRIANGLE-CLOSED.2: closed for chariots and cannons only.
        ClosedForSliders => TriangleClosed2,
        /// TK-FORK-ONE-BRANCH.2: into the previous kingdom's e-file only.
        PreviousBranchOnly => ForkOneBranch2,
    }

    /// Clause tk.P2 (F-TRIANGLE-PIECES): whether a horse or a bannerman
    /// may pass the triangle on its way.
    TriangleJumps, "tk.P2" {
        /// The rule: a triangle point is an ordinary leg or path point,
        /// and the triangle's edges ordinary steps of the path.
        PassesIt,
        /// TK-JUMP-NOT-THROUGH-TRIANGLE: no leg or path point may be a
        /// triangle point.
        NoTrianglePoint => JumpNotThroughTriangle,
        /// TK-JUMP-NOT-THROUGH-TRIANGLE.2: no step of the path (the
        /// straight steps and the line's next point) may run along a
        /// triangle edge.
        NoTriangleEdge => JumpNotThroughTriangle2,
    }

    /// Clause tk.T4: how a bannerman moves and attacks.
    BannermanMoves, "tk.T4" {
        /// The rule: its straight points must be empty (R-BANNER), and it
        /// attacks where it moves.
        BlockedAndAttacking,
        /// TK-BANNER-JUMPS: nothing on its straight points blocks.
        JumpsOverAnything => BannerJumps,
        /// TK-BANNER-NO-CHECK: it moves but never attacks a general.
        NeverAttacks => BannerNoCheck,
        /// TK-BANNER-JUMPS.2: a piece on the first straight point is
        /// jumped; the second must be empty.
        JumpsOverTheFirst => BannerJumps2,
        /// TK-BANNER-NO-CHECK.2: it never captures, so never attacks.
        NeverCaptures => BannerNoCheck2,
    }

    /// Clause tk.T5 (general): where a general steps.
    GeneralSteps, "tk.T5.general" {
        /// The rule: one orthogonal step inside the palace.
        InsideThePalace,
        /// TK-GENERAL-LEAVES-PALACE: one orthogonal step anywhere on the
        /// half it stands on.
        AnywhereOnItsHalf => GeneralLeavesPalace,
        /// TK-GENERAL-LEAVES-PALACE.2: files d to f of its own half, up
        /// to the bank.
        PalaceFilesToTheBank => GeneralLeavesPalace2,
    }

    /// Clause tk.T5 (advisor): where an advisor steps.
    AdvisorSteps, "tk.T5.advisor" {
        /// The rule: along the palace diagonals of its frame's palace.
        PalaceDiagonals,
        /// TK-ADVISOR-LEAVES-PALACE: along any diagonal, out of the
        /// palace too.
        AnyDiagonal => AdvisorLeavesPalace,
        /// TK-ADVISOR-LEAVES-PALACE.2: any diagonal on its frame's half.
        AnyDiagonalOnItsHalf => AdvisorLeavesPalace2,
    }

    /// Clause tk.T5 (elephant): whether the elephant's eye blocks.
    ElephantEye, "tk.T5.elephant" {
        /// The rule: a piece on the eye blocks the move.
        Blocks,
        /// TK-ELEPHANT-EYE-IGNORED: it never blocks.
        Ignored => ElephantEyeIgnored,
        /// TK-ELEPHANT-EYE-IGNORED.2: it never blocks a capture.
        IgnoredWhenCapturing => ElephantEyeIgnored2,
    }

    /// Clause tk.T5 (elephant): whether an elephant stays on its half.
    ElephantRange, "tk.T5.elephant" {
        /// The rule: never across the river.
        OnItsHalf,
        /// TK-ELEPHANT-CROSSES-ARM: its diagonal runs on across a river
        /// cell.
        AcrossRiverCells => ElephantCrossesArm,
        /// TK-ELEPHANT-CROSSES-ARM.2: across to the faced half's fourth
        /// rank, the two halves glued as one board.
        GluedBoards => ElephantCrossesArm2,
    }

    /// Clause tk.T5 (horse): whether the horse's leg blocks.
    HorseLeg, "tk.T5.horse" {
        /// The rule: a piece on the leg blocks the jump.
        Blocks,
        /// TK-HORSE-LEG-IGNORED: it never blocks.
        Ignored => HorseLegIgnored,
        /// TK-HORSE-LEG-IGNORED.2: only the owner's own piece blocks.
        OwnPieceBlocks => HorseLegIgnored2,
    }

    /// Clause tk.T5 (cannon): how a cannon captures.
    CannonCapture, "tk.T5.cannon" {
        /// The rule: the first piece beyond exactly one screen.
        OverOneScreen,
        /// TK-CANNON-CAPTURES-DIRECT: the first piece on the line too.
        DirectToo => CannonCapturesDirect,
        /// TK-CANNON-CAPTURES-DIRECT.2: the chariot's targets besides, in
        /// the move list only (the attack test asks for a screen).
        ChariotTargetsToo => CannonCapturesDirect2,
    }

    /// Clause tk.T5 (soldier): where a soldier steps.
    SoldierSteps, "tk.T5.soldier" {
        /// The rule (R-SOLDIER): forward on its frame's half, forking at
        /// its e5 into both neighbours' e5; once across, toward the back
        /// rank of the half it stands on or sideways.
        AsRuled,
        /// TK-SOLDIER-BANK-SIDEWAYS: on its own bank already sideways.
        SidewaysOnItsBank => SoldierBankSideways,
        /// TK-SOLDIER-NO-SIDEWAYS: across the river still only forward.
        NeverSideways => SoldierNoSideways,
        /// TK-SOLDIER-ONE-BRANCH: from its e5 into the next kingdom's e5
        /// only.
        OneBranchAtE5 => SoldierOneBranch,
        /// TK-SOLDIER-CROSSED-BACKWARD: across the river, "forward" in the
        /// frame of the half it stands on, toward that half's bank.
        CrossedTowardTheBank => SoldierCrossedBackward,
        /// TK-SOLDIER-BANK-SIDEWAYS.2: sideways from its start rank on.
        SidewaysFromItsFourthRank => SoldierBankSideways2,
        /// TK-SOLDIER-NO-SIDEWAYS.2: no sideways step on a rival's bank.
        NoSidewaysOnARivalBank => SoldierNoSideways2,
        /// TK-SOLDIER-ONE-BRANCH.2: from its e5 into the previous
        /// kingdom's e5 only.
        PreviousBranchAtE5 => SoldierOneBranch2,
        /// TK-SOLDIER-CROSSED-BACKWARD.2: across the river, back toward
        /// the bank too.
        CrossedBackToo => SoldierCrossedBackward2,
    }

    /// Clause tk.T6: the order of turns.
    TurnOrder, "tk.T6" {
        /// The rule: Shu, Wu, Wei (counter-clockwise).
        ShuWuWei,
        /// TK-TURN-CLOCKWISE: Shu, Wei, Wu.
        ShuWeiWu => TurnClockwise,
        /// TK-TURN-CLOCKWISE.2: Shu, Wei, Wu from a fixed table, in play
        /// only (the set-up loop walks the ruled order).
        FixedTableShuWeiWu => TurnClockwise2,
    }

    /// Clause tk.T7: which rivals a move must leave the general safe from,
    /// and when that is judged.
    GeneralSafety, "tk.T7" {
        /// The rule: every rival, judged after the move's capture effects
        /// (a captured general's army changed hands).
        EveryRivalAfterTakeover,
        /// TK-SAFETY-NEXT-ONLY: only the kingdom that moves next (and
        /// facing).
        NextRivalOnly => SafetyNextOnly,
        /// TK-SAFETY-BEFORE-TAKEOVER: judged before a captured general's
        /// army changes hands.
        BeforeTakeover => SafetyBeforeTakeover,
        /// TK-SAFETY-PREVIOUS-ONLY: only the kingdom that moved just
        /// before (and facing).
        PreviousRivalOnly => SafetyPreviousOnly,
        /// TK-SAFETY-NEXT-ONLY.2: a check only by the kingdom that moves
        /// after the attacked one, in the check test itself.
        AllButPrevious => SafetyNextOnly2,
        /// TK-SAFETY-BEFORE-TAKEOVER.2: the captured general leaves, its
        /// army changes hands after the test.
        HandoverAfterTest => SafetyBeforeTakeover2,
        /// TK-SAFETY-PREVIOUS-ONLY.2: a check only by the kingdom that
        /// moves before the attacked one, in the check test itself.
        AllButNext => SafetyPreviousOnly2,
    }

    /// Clause tk.T7 (facing): whether two generals may face each other.
    GeneralsFacing, "tk.T7.facing" {
        /// The rule: never on an open line, through the triangle too.
        Refused,
        /// TK-FACING-IGNORED: they may.
        Ignored => FacingIgnored,
        /// TK-FACING-NOT-THROUGH-TRIANGLE: facing counts on through-files
        /// only.
        NotThroughTheTriangle => FacingNotThroughTriangle,
        /// TK-FACING-CREATED-ONLY: refused only when the move creates it.
        OnlyWhenCreated => FacingCreatedOnly,
        /// TK-FACING-IGNORED.2: a general's own step may end facing.
        GeneralStepsExempt => FacingIgnored2,
        /// TK-FACING-NOT-THROUGH-TRIANGLE.2: through the triangle into the
        /// next kingdom's e-file only.
        NextBranchOnly => FacingNotThroughTriangle2,
        /// TK-FACING-CREATED-ONLY.2: refused only when the general comes
        /// to face a rival general it did not face before.
        NoneBefore => FacingCreatedOnly2,
    }

    /// Clause tk.T7 (general capture): whether a general may be captured.
    GeneralCapturable, "tk.T7.general-capture" {
        /// The rule: it may (R-GENERAL-CAPTURE says when).
        Capturable,
        /// TK-GENERAL-NOT-CAPTURABLE: never.
        NeverCaptured => GeneralNotCapturable,
        /// TK-GENERAL-NOT-CAPTURABLE.2: dropped from the move list.
        DroppedFromTheList => GeneralNotCapturable2,
    }

    /// Clause tk.T8: what a kingdom without a legal move that is not in
    /// check does.
    Stalemate, "tk.T8" {
        /// The rule: it is defeated.
        Defeated,
        /// TK-STALEMATE-SKIPS: it passes its turn.
        Passes => StalemateSkips,
        /// TK-STALEMATE-SKIPS.2: skipped before its moves are counted,
        /// after an action only (the set-up loop defeats as ruled).
        SkippedUnlessInCheck => StalemateSkips2,
    }

    /// Clause tk.T8 (with tk.T6): whether a set-up position's kingdom to
    /// move is examined.
    SetupExamination, "tk.T8" {
        /// The rule: it is, as after a move.
        Examined,
        /// TK-SETUP-NOT-EXAMINED: the set-up loop never runs.
        NotExamined => SetupNotExamined,
        /// TK-SETUP-NOT-EXAMINED.2: examined only when in check.
        OnlyInCheck => SetupNotExamined2,
    }

    /// Clause tk.T8 (heir): who inherits a kingdom defeated for having no
    /// legal move.
    TrapHeir, "tk.T8.heir" {
        /// The rule, as R-HEIR reads it.
        AsRuled,
        /// TK-HEIR-NEXT-KINGDOM: the kingdom that moves after it.
        NextKingdom => HeirNextKingdom,
        /// TK-HEIR-NEXT-KINGDOM.2: the kingdom the turn order hands the
        /// move to after it, in play (the set-up loop as ruled).
        NextInTurnOrder => HeirNextKingdom2,
    }

    /// Clause tk.T8 (takeover): what becomes of a defeated kingdom's
    /// pieces.
    ArmyTakeover, "tk.T8.takeover" {
        /// The rule: every piece it owns goes to the heir (R-TAKEOVER).
        EveryPieceToTheHeir,
        /// TK-TAKEOVER-REMOVES-ARMY: the whole army leaves the board.
        ArmyLeaves => TakeoverRemovesArmy,
        /// TK-TAKEOVER-OWN-HOME-ONLY: only its own pieces change hands;
        /// those it had taken over leave.
        OwnHomeOnly => TakeoverOwnHomeOnly,
        /// TK-TAKEOVER-REMOVES-ARMY.2: a captured general's army leaves,
        /// a trapped kingdom's goes to the heir.
        LeavesWhenCaptured => TakeoverRemovesArmy2,
        /// TK-TAKEOVER-OWN-HOME-ONLY.2: inherited pieces cleared first.
        InheritedClearedFirst => TakeoverOwnHomeOnly2,
    }

    /// Clause tk.T9: when the game is over.
    GameEnd, "tk.T9" {
        /// The rule: when one general is left.
        LastGeneralStanding,
        /// TK-GAME-ENDS-AT-FIRST-DEFEAT: at the first defeat, won by the
        /// kingdom that defeated.
        FirstDefeat => GameEndsAtFirstDefeat,
        /// TK-GAME-ENDS-AT-FIRST-DEFEAT.2: at the first defeat, won by the
        /// last mover.
        FirstDefeatLastMoverWins => GameEndsAtFirstDefeat2,
    }

    /// Clause tk.T10 (repetition): when a repetition ends the game, and
    /// how.
    RepeatedPosition, "tk.T10.repetition" {
        /// The rule: the third occurrence is a draw.
        ThirdOccurrenceDraws,
        /// TK-REPETITION-FOURTH: the fourth occurrence draws.
        FourthOccurrenceDraws => RepetitionFourth,
        /// TK-PERPETUAL-CHECK-LOSES: a repetition reached by a checking
        /// move loses for the checker.
        PerpetualCheckLoses => PerpetualCheckLoses,
        /// TK-REPETITION-FOURTH.2: the start position is no occurrence.
        StartNotCounted => RepetitionFourth2,
        /// TK-PERPETUAL-CHECK-LOSES.2: the checked kingdom alone wins.
        CheckedKingdomWins => PerpetualCheckLoses2,
    }

    /// Clause tk.T10 (move limit): which moves count toward the limit and
    /// when it draws.
    QuietMoveLimit, "tk.T10.move-limit" {
        /// The rule: a capture or a defeat resets the counter; the limit
        /// draws when it is reached.
        AsRuled,
        /// TK-COUNTER-CAPTURE-ONLY: only a capture resets it.
        CaptureOnlyResets => CounterCaptureOnly,
        /// TK-COUNTER-NEVER-RESETS: nothing resets it.
        NeverResets => CounterNeverResets,
        /// TK-MOVE-LIMIT-EXCLUSIVE: only more moves than the limit draw.
        DrawsAfterTheLimit => MoveLimitExclusive,
        /// TK-COUNTER-CAPTURE-ONLY.2: a capture or a mate resets it.
        CaptureOrMateResets => CounterCaptureOnly2,
        /// TK-COUNTER-NEVER-RESETS.2: it counts every move since the
        /// start of play (a set-up's count is not read).
        CountsEveryMove => CounterNeverResets2,
        /// TK-MOVE-LIMIT-EXCLUSIVE.2: strictly above the limit, counted
        /// from the resetting move on (which sets it to 1).
        StrictlyAbove => MoveLimitExclusive2,
    }

    /// Clause tk.T11: who may resign (or run out of time).
    Resignation, "tk.T11" {
        /// The rule: any active kingdom, at any time.
        AnyKingdom,
        /// TK-RESIGN-ONLY-ON-MOVE: only the kingdom to move.
        OnlyOnMove => ResignOnlyOnMove,
        /// TK-RESIGN-ONLY-ON-MOVE.2: resigning only on move; leaving and
        /// time-outs any time.
        ResignOnMoveOnly => ResignOnlyOnMove2,
    }
}
