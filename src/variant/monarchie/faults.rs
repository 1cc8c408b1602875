//! Misreadings: the plausible wrong readings of the rulebook that an
//! implementer could make, catalogued in `spec/monarchie/misreadings.yaml`.
//! Each is built into the reference engine as a switchable fault, so that
//! the suite can be shown to catch it (`regelwerk rulings audit`).
//!
//! A fault is never a ruling: [`crate::variant::monarchie::ruleset::Ruleset::from_settings`]
//! refuses it, and it is set only through [`FaultSet::from_ids`] (the
//! hidden `--fault ID` of `check` and `serve`, and tests). The rule code
//! never asks for a fault: each misreading is a hidden alternative of one
//! rule point in [`super::readings`], and the rule code matches on the
//! reading [`super::ruleset::Ruleset::reading`] gives it.

pub use crate::variant::faults::UnknownMisreading;

misreadings! {
    "spec/monarchie/misreadings.yaml";
    /// Mate is judged by the king's own moves only; blocks and captures by
    /// other pieces are ignored.
    MateKingOnly => "M-MATE-KING-ONLY", ["m.11"];
    /// Stalemate is judged by the king's own moves only.
    StalemateKingOnly => "M-STALEMATE-KING-ONLY", ["m.14"];
    /// A stalemated party is passed over but stays in the game.
    StalemateNoElimination => "M-STALEMATE-NO-ELIM", ["m.14"];
    /// After a mate or stalemate elimination the turn passes clockwise
    /// without judging check again.
    EliminationSkipsCheck => "M-ELIM-SKIPS-CHECK", ["m.11", "m.16"];
    /// Check priority applies only to kings the last actor attacks.
    CheckMoverOnly => "M-CHECK-MOVER-ONLY", ["m.10", "m.16"];
    /// The first checked party is searched in seat order from Blau, not
    /// clockwise after the last actor.
    CheckFromBlau => "M-CHECK-FROM-BLAU", ["m.10"];
    /// Check never changes the order of turns.
    CheckNoPriority => "M-CHECK-NO-PRIORITY", ["m.9", "m.16"];
    /// A piece pinned to its own king by a third party's rook, bishop or
    /// queen gives no check.
    PinnedNoCheck => "M-PINNED-NO-CHECK", ["m.9"];
    /// The captured party moves next even when a check is pending.
    CapturedBeatsCheck => "M-CAPTURED-BEATS-CHECK", ["m.8.1", "m.16"];
    /// A capture does not give the captured party the next turn.
    CapturedNoTurn => "M-CAPTURED-NO-TURN", ["m.8.1"];
    /// After the captured party's reply the order goes on after the
    /// capturer, as if the reply had interrupted the capturer's round.
    CapturedReplyInterrupts => "M-CAPTURED-REPLY-INTERRUPTS", ["m.8.1"];
    /// The king capture's extra move is played even when a check is pending.
    KingCaptureBeatsCheck => "M-KING-CAPTURE-BEATS-CHECK", ["m.13", "m.16"];
    /// A king capture gives no extra move.
    KingCaptureNoExtra => "M-KING-CAPTURE-NO-EXTRA", ["m.13"];
    /// Capturing a dead blocker gives the capturer another move.
    DeadCaptureExtraMove => "M-DEAD-CAPTURE-EXTRA-MOVE", ["m.8.2"];
    /// The turn passes counter-clockwise.
    TurnCounterClockwise => "M-TURN-COUNTER-CLOCKWISE", ["m.7"];
    /// Dead blockers still attack: they give check and pin.
    DeadGivesCheck => "M-DEAD-GIVES-CHECK", ["m.4", "m.9"];
    /// Lines pass through dead blockers as if they were empty.
    DeadNotBlocking => "M-DEAD-NOT-BLOCKING", ["m.4"];
    /// Dead blockers cannot be captured.
    DeadNotCapturable => "M-DEAD-NOT-CAPTURABLE", ["m.4.dead-capture"];
    /// An eliminated party's pieces leave the board.
    EliminationRemovesPieces => "M-ELIM-REMOVES-PIECES", ["m.4"];
    /// A move may leave the mover's own king attacked (kings can be
    /// captured, after all).
    KingIntoCheck => "M-KING-INTO-CHECK", ["m.5", "m.9"];
    /// The mover's king safety is judged before the party whose king the
    /// move captures is eliminated.
    SafetyBeforeElimination => "M-SAFETY-BEFORE-ELIM", ["m.5", "m.13"];
    /// A knight is blocked by a piece on the cells it passes over.
    KnightBlocked => "M-KNIGHT-BLOCKED", ["m.6.5"];
    /// A knight turns only clockwise after its two side steps: six
    /// targets instead of twelve.
    KnightOneTurn => "M-KNIGHT-ONE-TURN", ["m.6.5"];
    /// Kings do not attack: a king may step next to an enemy king.
    KingsDoNotAttack => "M-KINGS-DO-NOT-ATTACK", ["m.6.1", "m.9"];
    /// Pawns face their own seat: every pawn direction turned by 180 degrees.
    PawnReversed => "M-PAWN-REVERSED", ["m.6.6"];
    /// A moved pawn steps and captures across all six sides.
    PawnAllSides => "M-PAWN-ALL-SIDES", ["m.6.6.moves", "m.6.6.captures"];
    /// A moved pawn steps and captures only across its two start sides.
    PawnForwardOnly => "M-PAWN-FORWARD-ONLY", ["m.6.6.moves", "m.6.6.captures"];
    /// An unmoved pawn's one-cell start move may capture.
    PawnUnmovedCaptures => "M-PAWN-UNMOVED-CAPTURES", ["m.6.6.start", "m.6.6.captures"];
    /// The two-cell start move jumps over a piece on the first cell.
    PawnStartJumps => "M-PAWN-START-JUMPS", ["m.6.6.start"];
    /// The start move always goes two cells.
    PawnStartTwoOnly => "M-PAWN-START-TWO-ONLY", ["m.6.6.start"];
    /// A moved pawn keeps the two-cell step along its start sides.
    PawnDoubleAnytime => "M-PAWN-DOUBLE-ANYTIME", ["m.6.6.no-special"];
    /// A pawn back on an own start cell gets its start move again.
    PawnStartRestored => "M-PAWN-START-RESTORED", ["m.6.6.start"];
    /// Promotion does not take the piece out of the tray.
    PromotionKeepsTray => "M-PROMO-KEEPS-TRAY", ["m.6.6.promotion"];
    /// Promotion only on the move that first enters the zone.
    PromotionFirstEntry => "M-PROMO-FIRST-ENTRY", ["m.6.6.promotion"];
    /// A pawn that enters the zone by capturing does not promote.
    PromotionNotByCapture => "M-PROMO-NOT-BY-CAPTURE", ["m.6.6.promotion"];
    /// Promotion into any of queen, rook, bishop, knight, tray or not.
    PromotionAnyKind => "M-PROMO-ANY-KIND", ["m.6.6.promotion"];
    /// Gardez is reported for queens the mover already attacked.
    GardezAlreadyAttacked => "M-GARDEZ-ALREADY-ATTACKED", ["m.12"];
    /// Gardez counts only the attacks of the piece that moved.
    GardezMovedPieceOnly => "M-GARDEZ-MOVED-PIECE-ONLY", ["m.12"];
    /// Gardez is reported for queens newly attacked by any party.
    GardezAnyAttacker => "M-GARDEZ-ANY-ATTACKER", ["m.12"];
    /// Gardez is reported for dead queens too.
    GardezDeadQueens => "M-GARDEZ-DEAD-QUEENS", ["m.12"];
    /// A flag fall is judged after the checks of the move.
    FlagAfterChecks => "M-FLAG-AFTER-CHECKS", ["m.15.total-time", "m.16"];
    /// A move may take longer than 60 s.
    MoveLimitUnenforced => "M-MOVE-LIMIT-UNENFORCED", ["m.15.move-time"];
    /// A forfeited turn costs no time.
    ForfeitFree => "M-FORFEIT-FREE", ["m.15.move-time"];
    /// After a forfeit without a pending check the same party moves again.
    ForfeitKeepsTurn => "M-FORFEIT-KEEPS-TURN", ["m.15.move-time", "m.7"];
    /// Only a forfeit ends a party on time; a move that uses the last
    /// second leaves it in the game.
    FlagOnlyOnForfeit => "M-FLAG-ONLY-ON-FORFEIT", ["m.15.total-time"];
}

/// `(ID, clauses)` of every misreading, in catalogue order (the
/// variant's [`crate::variant::MisreadingInfo`] catalogue).
pub fn catalogue() -> Vec<(&'static str, &'static [&'static str])> {
    Misreading::catalogue()
}

/// The misreadings that change what attacks a cell (a bit mask).
const ATTACK_FAULTS: u128 = {
    use Misreading::*;
    let list = [
        DeadGivesCheck,
        DeadNotBlocking,
        KnightBlocked,
        KnightOneTurn,
        KingsDoNotAttack,
        PawnReversed,
        PawnAllSides,
        PawnForwardOnly,
        PawnUnmovedCaptures,
        PawnStartRestored,
    ];
    let mut mask = 0u128;
    let mut i = 0;
    while i < list.len() {
        mask |= 1 << list[i] as u128;
        i += 1;
    }
    mask
};

impl FaultSet {
    /// Whether a set fault changes what attacks a cell, so that the
    /// attack test must follow the move generator.
    #[inline]
    pub fn changes_attacks(self) -> bool {
        self.bits() & ATTACK_FAULTS != 0
    }
}
