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
    /// Chess's en passant carried over: a pawn's move onto the cell an
    /// enemy pawn's two-cell start move has just passed takes that pawn,
    /// on the very next move only (the search of
    /// `src/variant/monarchie/rejection_search.rs` found it buildable).
    EnPassant => "M-EN-PASSANT", ["m.6.6.no-special"];
    // Second codings (issue 47): the same wrong reading as the entry
    // named before the dot, written on its own code path and reaching
    // its own set of positions.
    /// M-MATE-KING-ONLY, second coding: a party in check may move only
    /// its king (the move list, and so the mate test, leaves out every
    /// other piece).
    MateKingOnly2 => "M-MATE-KING-ONLY.2", ["m.11"];
    /// M-STALEMATE-KING-ONLY, second coding: an unchecked party is
    /// stalemated when its king has no cell to step to at all (its own
    /// pieces or the rim all round), whatever the rest could do.
    StalemateKingOnly2 => "M-STALEMATE-KING-ONLY.2", ["m.14"];
    /// M-ELIM-SKIPS-CHECK, second coding: only a mate elimination passes
    /// the turn without judging check; after a stalemate check counts.
    EliminationSkipsCheck2 => "M-ELIM-SKIPS-CHECK.2", ["m.11", "m.16"];
    /// M-CHECK-MOVER-ONLY, second coding: check goes first only when the
    /// last actor itself attacks a king; then every checked party counts.
    CheckMoverOnly2 => "M-CHECK-MOVER-ONLY.2", ["m.10", "m.16"];
    /// M-CHECK-FROM-BLAU, second coding: the checked parties are searched
    /// in a fixed seat order that starts after Blau (Grün first, Blau last).
    CheckFromBlau2 => "M-CHECK-FROM-BLAU.2", ["m.10"];
    /// M-CAPTURED-BEATS-CHECK, second coding: the captured party moves
    /// next above a check pending on others; only its own check keeps the
    /// usual search.
    CapturedBeatsCheck2 => "M-CAPTURED-BEATS-CHECK.2", ["m.8.1", "m.16"];
    /// M-KING-CAPTURE-NO-EXTRA, second coding: a king capture is handled
    /// as a capture of the fallen party, which cannot reply: the order goes
    /// on from the fallen party's seat.
    KingCaptureNoExtra2 => "M-KING-CAPTURE-NO-EXTRA.2", ["m.13"];
    /// M-DEAD-CAPTURE-EXTRA-MOVE, second coding: the capturer of a dead
    /// blocker moves again even when a check is pending.
    DeadCaptureExtraMove2 => "M-DEAD-CAPTURE-EXTRA-MOVE.2", ["m.8.2"];
    /// M-TURN-COUNTER-CLOCKWISE, second coding: the plain order runs
    /// counter-clockwise; the search for a checked party still runs
    /// clockwise.
    TurnCounterClockwise2 => "M-TURN-COUNTER-CLOCKWISE.2", ["m.7"];
    /// M-DEAD-GIVES-CHECK, second coding: dead rooks, bishops and queens
    /// still attack along their lines; other dead pieces do not.
    DeadGivesCheck2 => "M-DEAD-GIVES-CHECK.2", ["m.4", "m.9"];
    /// M-DEAD-NOT-BLOCKING, second coding: the move generator slides
    /// through dead blockers; the attack test still stops at them.
    DeadNotBlocking2 => "M-DEAD-NOT-BLOCKING.2", ["m.4"];
    /// M-DEAD-NOT-CAPTURABLE, second coding: a sliding piece stops before
    /// a dead blocker; kings, knights and pawns may take it.
    DeadNotCapturable2 => "M-DEAD-NOT-CAPTURABLE.2", ["m.4.dead-capture"];
    /// M-KING-INTO-CHECK, second coding: only the king's own steps are
    /// tested for safety; another piece may leave its king attacked.
    KingIntoCheck2 => "M-KING-INTO-CHECK.2", ["m.5", "m.9"];
    /// M-KNIGHT-BLOCKED, second coding: a piece on the first cell of the
    /// two side steps blocks (the second may be occupied).
    KnightBlocked2 => "M-KNIGHT-BLOCKED.2", ["m.6.5"];
    /// M-KNIGHT-ONE-TURN, second coding: only the counter-clockwise turn
    /// after the two side steps: the other six targets.
    KnightOneTurn2 => "M-KNIGHT-ONE-TURN.2", ["m.6.5"];
    /// M-KINGS-DO-NOT-ATTACK, second coding: a king's step is judged safe
    /// without looking at the enemy kings; elsewhere kings attack.
    KingsDoNotAttack2 => "M-KINGS-DO-NOT-ATTACK.2", ["m.6.1", "m.9"];
    /// M-PAWN-REVERSED, second coding: a moved pawn faces its own seat;
    /// the start move still goes towards the centre.
    PawnReversed2 => "M-PAWN-REVERSED.2", ["m.6.6"];
    /// M-PAWN-ALL-SIDES, second coding: a moved pawn steps onto an empty
    /// cell across all six sides; it captures across its four.
    PawnAllSides2 => "M-PAWN-ALL-SIDES.2", ["m.6.6.moves", "m.6.6.captures"];
    /// M-PAWN-FORWARD-ONLY, second coding: a moved pawn steps onto an
    /// empty cell only across its two start sides; it captures across its
    /// four.
    PawnForwardOnly2 => "M-PAWN-FORWARD-ONLY.2", ["m.6.6.moves", "m.6.6.captures"];
    /// M-PAWN-UNMOVED-CAPTURES, second coding: both start moves, one cell
    /// or two, may end on a piece and capture it.
    PawnUnmovedCaptures2 => "M-PAWN-UNMOVED-CAPTURES.2", ["m.6.6.start", "m.6.6.captures"];
    /// M-PAWN-START-JUMPS, second coding: the two-cell start move jumps
    /// over a piece of its own party on the first cell.
    PawnStartJumps2 => "M-PAWN-START-JUMPS.2", ["m.6.6.start"];
    /// M-PAWN-START-TWO-ONLY, second coding: the one-cell start move is
    /// offered only where the two-cell move is blocked.
    PawnStartTwoOnly2 => "M-PAWN-START-TWO-ONLY.2", ["m.6.6.start"];
    /// M-PAWN-DOUBLE-ANYTIME, second coding: a moved pawn may go two
    /// empty cells straight across any of its four sides.
    PawnDoubleAnytime2 => "M-PAWN-DOUBLE-ANYTIME.2", ["m.6.6.no-special"];
    /// M-PAWN-START-RESTORED, second coding: a pawn anywhere in its own
    /// start triangle has the start move.
    PawnStartRestored2 => "M-PAWN-START-RESTORED.2", ["m.6.6.start"];
    /// M-PROMO-NOT-BY-CAPTURE, second coding: taking an active piece into
    /// the zone does not promote; taking a dead blocker does.
    PromotionNotByCapture2 => "M-PROMO-NOT-BY-CAPTURE.2", ["m.6.6.promotion"];
    /// M-PROMO-ANY-KIND, second coding: with an empty tray the pawn
    /// promotes to a queen.
    PromotionAnyKind2 => "M-PROMO-ANY-KIND.2", ["m.6.6.promotion"];
    /// M-GARDEZ-ALREADY-ATTACKED, second coding: Gardez whenever more of
    /// the mover's pieces attack a queen than before.
    GardezAlreadyAttacked2 => "M-GARDEZ-ALREADY-ATTACKED.2", ["m.12"];
    /// M-GARDEZ-MOVED-PIECE-ONLY, second coding: the queens the moved
    /// piece attacks from its new cell and did not from its old one.
    GardezMovedPieceOnly2 => "M-GARDEZ-MOVED-PIECE-ONLY.2", ["m.12"];
    /// M-GARDEZ-ANY-ATTACKER, second coding: the queens attacked now by
    /// any party that the mover did not attack before.
    GardezAnyAttacker2 => "M-GARDEZ-ANY-ATTACKER.2", ["m.12"];
    /// M-GARDEZ-DEAD-QUEENS, second coding: every dead queen the mover
    /// attacks is reported after each of its moves.
    GardezDeadQueens2 => "M-GARDEZ-DEAD-QUEENS.2", ["m.12"];
    /// M-FLAG-AFTER-CHECKS, second coding: the order of turns uses the
    /// checks as they stood before the flag fell; the checks reported
    /// with the move are the later ones.
    FlagAfterChecks2 => "M-FLAG-AFTER-CHECKS.2", ["m.15.total-time", "m.16"];
    /// M-MOVE-LIMIT-UNENFORCED, second coding: a longer move is accepted
    /// and charged 60 s.
    MoveLimitUnenforced2 => "M-MOVE-LIMIT-UNENFORCED.2", ["m.15.move-time"];
    /// M-FORFEIT-FREE, second coding: a forfeit costs no time unless the
    /// party is in check.
    ForfeitFree2 => "M-FORFEIT-FREE.2", ["m.15.move-time"];
    /// M-FORFEIT-KEEPS-TURN, second coding: after a forfeit the same party
    /// moves again, even when a check is pending.
    ForfeitKeepsTurn2 => "M-FORFEIT-KEEPS-TURN.2", ["m.15.move-time", "m.7"];
    /// M-STALEMATE-NO-ELIM, second coding: a stalemated party with pieces
    /// besides its king is passed over; a bare king is eliminated.
    StalemateNoElimination2 => "M-STALEMATE-NO-ELIM.2", ["m.14"];
    /// M-CHECK-NO-PRIORITY, second coding: after a move the turn passes
    /// in plain order whatever the checks; only after a forfeit or an
    /// elimination does a checked party go first.
    CheckNoPriority2 => "M-CHECK-NO-PRIORITY.2", ["m.9", "m.16"];
    /// M-PINNED-NO-CHECK, second coding: a piece pinned to its own king
    /// by any slider, the checked party's own included, gives no check.
    PinnedNoCheck2 => "M-PINNED-NO-CHECK.2", ["m.9"];
    /// M-CAPTURED-NO-TURN, second coding: the captured party is passed
    /// over: the order goes on from its seat.
    CapturedNoTurn2 => "M-CAPTURED-NO-TURN.2", ["m.8.1"];
    /// M-CAPTURED-REPLY-INTERRUPTS, second coding: the reply interrupts
    /// the capturer's round also when the captured party was due by
    /// check.
    CapturedReplyInterrupts2 => "M-CAPTURED-REPLY-INTERRUPTS.2", ["m.8.1"];
    /// M-KING-CAPTURE-BEATS-CHECK, second coding: the extra move goes
    /// first when the capturer itself gives the pending check.
    KingCaptureBeatsCheck2 => "M-KING-CAPTURE-BEATS-CHECK.2", ["m.13", "m.16"];
    /// M-ELIM-REMOVES-PIECES, second coding: a party whose king is
    /// captured leaves the board with its army; other eliminations leave
    /// dead blockers.
    EliminationRemovesPieces2 => "M-ELIM-REMOVES-PIECES.2", ["m.4"];
    /// M-SAFETY-BEFORE-ELIM, second coding: a king that takes a king is
    /// judged on its target cell before the fallen party is eliminated.
    SafetyBeforeElimination2 => "M-SAFETY-BEFORE-ELIM.2", ["m.5", "m.13"];
    /// M-PROMO-KEEPS-TRAY, second coding: a promotion on a move that
    /// captures nothing leaves the tray piece in the tray.
    PromotionKeepsTray2 => "M-PROMO-KEEPS-TRAY.2", ["m.6.6.promotion"];
    /// M-PROMO-FIRST-ENTRY, second coding: promotion only on a move onto
    /// the zone's rim, where a pawn enters it.
    PromotionFirstEntry2 => "M-PROMO-FIRST-ENTRY.2", ["m.6.6.promotion"];
    /// M-FLAG-ONLY-ON-FORFEIT, second coding: a move that empties the
    /// clock leaves the party in the game until its next turn comes.
    FlagOnlyOnForfeit2 => "M-FLAG-ONLY-ON-FORFEIT.2", ["m.15.total-time"];
    /// M-EN-PASSANT, second coding: the right to take en passant lasts,
    /// for every other party, until the pawn's own party moves again (in
    /// two-handed chess the same moment).
    EnPassant2 => "M-EN-PASSANT.2", ["m.6.6.no-special"];
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
        DeadGivesCheck2,
        KnightBlocked2,
        KnightOneTurn2,
        PawnReversed2,
        PawnUnmovedCaptures2,
        PawnStartRestored2,
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
