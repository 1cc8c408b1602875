//! Who moves next: clauses 7, 8, 9, 10, 13, 16 as ruling R-NEXT, and the
//! eliminations of clauses 11 and 14 as ruling R-TURN-START.

use serde::Serialize;

use crate::variant::monarchie::party::Party;
use crate::variant::monarchie::piece::PieceKind;
use crate::variant::monarchie::position::Position;
use crate::variant::monarchie::readings::{
    CapturedPartyTurn, CheckPrecedence, DeadCaptureTurn, FirstChecked, FlagFall, Forfeit,
    KingCaptureMove, MateTest, StalemateOutcome, StalemateTest, TurnDirection,
};
use crate::variant::monarchie::ruleset::{CheckOrder, NoMoveJudgement, OutrankedClaim, Ruleset};

use super::{attack, legality, movegen};

/// What the last action did that matters for the order of turns.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TurnEvent {
    /// A move without capture, a dead-blocker capture (clause 8.2), a
    /// forfeit, or an elimination: only steps 1 and 4 of R-NEXT apply.
    Plain,
    /// Clause 13: the actor captured the king of this party.
    KingCapture(Party),
    /// Clause 8.1: the actor captured a piece of this active party.
    CapturedPiece(Party),
    /// Clause 8.2: the actor captured a dead blocker (as `Plain`).
    CapturedDead,
    /// Clause 15: the actor forfeited its turn (as `Plain`).
    Forfeit,
    /// Clauses 11, 14: the actor was just eliminated for having no legal
    /// move (as `Plain`).
    NoMoveElimination,
}

/// Why a party left the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Cause {
    /// Clause 11: due to move, in check, no legal move.
    Mate,
    /// Clause 14: due to move, not in check, no legal move.
    Stalemate,
    /// Clause 13: its king was captured.
    KingCapture,
    /// Clause 15: its total time ran out.
    FlagFall,
}

impl Cause {
    /// The kebab-case code used in files.
    pub fn code(self) -> &'static str {
        match self {
            Cause::Mate => "mate",
            Cause::Stalemate => "stalemate",
            Cause::KingCapture => "king-capture",
            Cause::FlagFall => "flag-fall",
        }
    }

    /// All causes.
    pub const ALL: [Cause; 4] = [
        Cause::Mate,
        Cause::Stalemate,
        Cause::KingCapture,
        Cause::FlagFall,
    ];
}

/// One party leaving the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct Elimination {
    /// Who left.
    pub party: Party,
    /// Why.
    pub cause: Cause,
}

/// R-NEXT: the next party to move after `last_actor` acted.
///
/// 1. If any active king is in check, the first checked party clockwise
///    after the last actor (or, with `trigger-anchor`, after the anchor),
///    skipping `skip_check` (R-TIMEOUT: the party that just forfeited).
/// 2. Else after a king capture, the capturer again (clause 13).
/// 3. Else after a capture of an active party's piece, that party (8.1).
/// 4. Else the next active party clockwise (clauses 7, 8.2).
pub fn next_mover(
    position: &Position,
    last_actor: Party,
    event: TurnEvent,
    skip_check: Option<Party>,
    rules: &Ruleset,
) -> Option<Party> {
    if position.active_count() <= 1 {
        return None;
    }
    // Clause 7: every search runs round the board the way the turn goes.
    let direction = rules.reading::<TurnDirection>();
    let around = |from: Party, step: usize| match direction {
        TurnDirection::Clockwise => from.clockwise(step),
        TurnDirection::CounterClockwise | TurnDirection::PlainOrderCounterClockwise => {
            from.clockwise(6 - step % 6)
        }
    };
    // M-TURN-COUNTER-CLOCKWISE.2 turns only the plain order round.
    let check_around = |from: Party, step: usize| match direction {
        TurnDirection::PlainOrderCounterClockwise => from.clockwise(step),
        _ => around(from, step),
    };
    let checked = first_checked(position, last_actor, event, skip_check, rules, check_around);
    // Clause 16: a pending check outranks the claims of clauses 13 and
    // 8.1, unless the claim is read to outrank it.
    let claim = turn_claim(position, last_actor, event, rules);
    if let Some((party, Rank::AboveCheck)) = claim {
        return Some(party);
    }
    if let Some(party) = checked {
        return Some(party);
    }
    if let Some((party, _)) = claim {
        return Some(party);
    }
    if let Some(party) = postponed_claim(position) {
        return Some(party);
    }
    // Clause 8.1: once the captured party has replied, the order goes on
    // from it.
    let resume_after = match (
        rules.reading::<CapturedPartyTurn>(),
        position.interrupted_reply(),
    ) {
        (
            CapturedPartyTurn::ReplyInterrupts | CapturedPartyTurn::ReplyInterruptsEvenInCheck,
            Some((replier, capturer)),
        ) if replier == last_actor => capturer,
        // M-CAPTURED-NO-TURN.2: the captured party is passed over.
        (CapturedPartyTurn::PassedOver, _) => match event {
            TurnEvent::CapturedPiece(captured) => captured,
            _ => last_actor,
        },
        _ => match (rules.reading::<KingCaptureMove>(), event) {
            // M-KING-CAPTURE-NO-EXTRA.2: on from the fallen party's seat.
            (KingCaptureMove::OnFromTheFallen, TurnEvent::KingCapture(fallen)) => fallen,
            _ => last_actor,
        },
    };
    (1..=6)
        .map(|step| around(resume_after, step))
        .find(|&party| position.is_active(party))
}

/// Clauses 9, 10 and 16 (R-NEXT step 1): the checked party due to answer,
/// going round from the last actor (or, with `trigger-anchor`, from the
/// anchor), skipping `skip_check`.
fn first_checked(
    position: &Position,
    last_actor: Party,
    event: TurnEvent,
    skip_check: Option<Party>,
    rules: &Ruleset,
    around: impl Fn(Party, usize) -> Party,
) -> Option<Party> {
    // Clause 16: check outranks the order of turns.
    match rules.reading::<CheckPrecedence>() {
        CheckPrecedence::Always => {}
        CheckPrecedence::Never => return None,
        CheckPrecedence::NotAfterNoMoveElimination | CheckPrecedence::NotAfterMate => {
            if event == TurnEvent::NoMoveElimination {
                return None;
            }
        }
        CheckPrecedence::NotAfterAMove => {
            if !matches!(event, TurnEvent::Forfeit | TurnEvent::NoMoveElimination) {
                return None;
            }
        }
    }
    let search_from = match rules.next {
        CheckOrder::AfterLastActor => last_actor,
        CheckOrder::TriggerAnchor => position.check_anchor().unwrap_or(last_actor),
    };
    // Clause 10: the checked parties answer going round from the party
    // that caused the check.
    let reading = rules.reading::<FirstChecked>();
    let candidates: [Party; 6] = match reading {
        FirstChecked::GoingRound
        | FirstChecked::AttackedByTheActor
        | FirstChecked::OnlyWhenTheActorChecks => {
            std::array::from_fn(|i| around(search_from, i + 1))
        }
        FirstChecked::SeatOrderFromBlau => Party::ALL,
        FirstChecked::SeatOrderAfterBlau => std::array::from_fn(|i| Party::ALL[(i + 1) % 6]),
    };
    // M-CHECK-MOVER-ONLY.2: no check goes first unless the last actor
    // attacks a king.
    if reading == FirstChecked::OnlyWhenTheActorChecks
        && !position.active_parties().any(|party| {
            party != last_actor
                && position.king(party).is_some_and(|king| {
                    attack::attacked_by(position, king, rules, |by| by == last_actor)
                })
        })
    {
        return None;
    }
    candidates
        .into_iter()
        .filter(|&party| Some(party) != skip_check)
        .find(|&party| match reading {
            FirstChecked::GoingRound
            | FirstChecked::SeatOrderFromBlau
            | FirstChecked::SeatOrderAfterBlau
            | FirstChecked::OnlyWhenTheActorChecks => attack::in_check(position, party, rules),
            // Only kings the last actor attacks (never its own: its own
            // pieces attack nobody of its own).
            FirstChecked::AttackedByTheActor => {
                position.is_active(party)
                    && party != last_actor
                    && position.king(party).is_some_and(|king| {
                        attack::attacked_by(position, king, rules, |by| by == last_actor)
                    })
            }
        })
}

/// Where a claim to the next turn ranks against a pending check.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Rank {
    /// A pending check comes first (clause 16).
    BelowCheck,
    /// The claim comes first (a misreading of clause 16).
    AboveCheck,
}

/// R-CHECK-PRIORITY=postpone: the oldest kept claim of a party still in
/// the game (the list is empty under the default `cancel`).
fn postponed_claim(position: &Position) -> Option<Party> {
    if !position.has_postponed() {
        return None;
    }
    position
        .postponed()
        .find(|&party| position.is_active(party))
}

/// Clauses 8.1 and 13: the party the action gives the next turn to, if
/// no check outranks it (what R-CHECK-PRIORITY=postpone keeps).
fn claim_of(position: &Position, last_actor: Party, event: TurnEvent) -> Option<Party> {
    match event {
        TurnEvent::KingCapture(_) if position.is_active(last_actor) => Some(last_actor),
        TurnEvent::CapturedPiece(party) if position.is_active(party) => Some(party),
        _ => None,
    }
}

/// R-NEXT steps 2 and 3 as the rules are read: the party the action
/// gives the next turn to (clauses 8.1, 8.2, 13 and 15, move time), and
/// how the claim ranks against a pending check (clause 16).
fn turn_claim(
    position: &Position,
    last_actor: Party,
    event: TurnEvent,
    rules: &Ruleset,
) -> Option<(Party, Rank)> {
    match event {
        // Clause 13: the capturer of a king moves again.
        TurnEvent::KingCapture(_) if position.is_active(last_actor) => {
            match rules.reading::<KingCaptureMove>() {
                KingCaptureMove::ExtraBelowCheck => Some((last_actor, Rank::BelowCheck)),
                KingCaptureMove::NoExtra | KingCaptureMove::OnFromTheFallen => None,
                KingCaptureMove::ExtraAboveCheck => Some((last_actor, Rank::AboveCheck)),
                // M-KING-CAPTURE-BEATS-CHECK.2: above a check the capturer
                // itself gives.
                KingCaptureMove::ExtraAboveOwnCheck => {
                    let gives_check = position.active_parties().any(|party| {
                        party != last_actor
                            && position.king(party).is_some_and(|king| {
                                attack::attacked_by(position, king, rules, |by| by == last_actor)
                            })
                    });
                    let rank = if gives_check {
                        Rank::AboveCheck
                    } else {
                        Rank::BelowCheck
                    };
                    Some((last_actor, rank))
                }
            }
        }
        // Clause 8.1: the party that lost a piece moves next.
        TurnEvent::CapturedPiece(party) if position.is_active(party) => {
            match rules.reading::<CapturedPartyTurn>() {
                CapturedPartyTurn::NextBelowCheck
                | CapturedPartyTurn::ReplyInterrupts
                | CapturedPartyTurn::ReplyInterruptsEvenInCheck => Some((party, Rank::BelowCheck)),
                CapturedPartyTurn::NoTurn | CapturedPartyTurn::PassedOver => None,
                CapturedPartyTurn::NextAboveCheck => Some((party, Rank::AboveCheck)),
                CapturedPartyTurn::NextAboveOthersChecks => {
                    if attack::in_check(position, party, rules) {
                        Some((party, Rank::BelowCheck))
                    } else {
                        Some((party, Rank::AboveCheck))
                    }
                }
            }
        }
        // Clause 8.2: capturing a dead blocker gives no extra move.
        TurnEvent::CapturedDead if position.is_active(last_actor) => {
            match rules.reading::<DeadCaptureTurn>() {
                DeadCaptureTurn::NextParty => None,
                DeadCaptureTurn::CapturerAgain => Some((last_actor, Rank::BelowCheck)),
                DeadCaptureTurn::CapturerAgainAboveCheck => Some((last_actor, Rank::AboveCheck)),
            }
        }
        // Clause 15 (move time): a forfeit loses the turn.
        TurnEvent::Forfeit if position.is_active(last_actor) => match rules.reading::<Forfeit>() {
            Forfeit::CostsTimeAndTurn | Forfeit::Free | Forfeit::FreeOutOfCheck => None,
            Forfeit::KeepsTheTurn => Some((last_actor, Rank::BelowCheck)),
            Forfeit::KeepsTheTurnAboveCheck => Some((last_actor, Rank::AboveCheck)),
        },
        _ => None,
    }
}

/// R-CHECK-PRIORITY: with `postpone`, a claim that a pending check
/// outranks is kept for later; with `cancel` (default) it is lost.
fn keep_outranked_claim(position: &mut Position, actor: Party, event: TurnEvent, rules: &Ruleset) {
    if rules.check_priority != OutrankedClaim::Postpone {
        return;
    }
    let Some(party) = claim_of(position, actor, event) else {
        return;
    };
    let pending = position
        .active_parties()
        .any(|checked| attack::in_check(position, checked, rules));
    if pending {
        position.postpone(party);
    }
}

/// Clause 8.1 as M-CAPTURED-REPLY-INTERRUPTS reads it: when a capture has
/// just handed the turn to the captured party (R-NEXT step 3, no check pending), remembers
/// the capturer whose turn the reply interrupts; after any other choice of
/// the next mover the memory is gone.
fn note_interrupted_reply(
    position: &mut Position,
    last_actor: Party,
    event: TurnEvent,
    next: Option<Party>,
    rules: &Ruleset,
) {
    let pending = position
        .active_parties()
        .any(|party| attack::in_check(position, party, rules));
    // M-CAPTURED-REPLY-INTERRUPTS.2 also remembers a reply due by check.
    let even_in_check =
        rules.reading::<CapturedPartyTurn>() == CapturedPartyTurn::ReplyInterruptsEvenInCheck;
    let reply = match event {
        TurnEvent::CapturedPiece(captured)
            if next == Some(captured) && (!pending || even_in_check) =>
        {
            Some((captured, last_actor))
        }
        _ => None,
    };
    position.set_interrupted_reply(reply);
}

/// R-NEXT=trigger-anchor bookkeeping: a check that appears with no anchor
/// anchors at the actor; the anchor goes when no check is pending.
fn update_anchor(position: &mut Position, actor: Party, rules: &Ruleset) {
    if rules.next != CheckOrder::TriggerAnchor {
        return;
    }
    let pending = position
        .active_parties()
        .any(|party| attack::in_check(position, party, rules));
    match (pending, position.check_anchor()) {
        (false, _) => position.set_check_anchor(None),
        (true, None) if position.is_active(actor) => position.set_check_anchor(Some(actor)),
        _ => {}
    }
}

/// Clauses 11 and 14: the party leaves the game for having no legal move.
fn eliminate_for_no_move(position: &mut Position, party: Party, rules: &Ruleset) -> Elimination {
    let cause = if attack::in_check(position, party, rules) {
        Cause::Mate
    } else {
        Cause::Stalemate
    };
    super::effects::eliminate(position, party, rules);
    Elimination { party, cause }
}

/// R-TURN-START=every-move: eliminate, clockwise from the actor and until
/// none is left, every active party without a legal move.
fn eliminate_all_stuck(
    position: &mut Position,
    actor: Party,
    rules: &Ruleset,
    out: &mut Vec<Elimination>,
) {
    loop {
        if position.active_count() <= 1 {
            return;
        }
        let stuck = (1..=6)
            .map(|step| actor.clockwise(step))
            .find(|&party| position.is_active(party) && !can_move(position, party, rules));
        match stuck {
            Some(party) => out.push(eliminate_for_no_move(position, party, rules)),
            None => return,
        }
    }
}

/// Passes the turn after an action by `actor`: R-NEXT picks the next
/// mover; under R-TURN-START a mover without a legal move is eliminated
/// (mate or stalemate) and the choice is made again from it, until a party
/// that can move is found or one party is left (R-END).
pub fn pass_turn(
    position: &mut Position,
    actor: Party,
    event: TurnEvent,
    skip_check: Option<Party>,
    rules: &Ruleset,
) -> Vec<Elimination> {
    let mut eliminations = Vec::new();
    let mut last_actor = actor;
    let mut event = event;
    let mut passed_over = 0;
    update_anchor(position, actor, rules);
    keep_outranked_claim(position, actor, event, rules);
    loop {
        if rules.turn_start == NoMoveJudgement::EveryMove {
            eliminate_all_stuck(position, last_actor, rules, &mut eliminations);
            update_anchor(position, last_actor, rules);
        }
        let next = next_mover(position, last_actor, event, skip_check, rules);
        position.set_to_move(next);
        if matches!(
            rules.reading::<CapturedPartyTurn>(),
            CapturedPartyTurn::ReplyInterrupts | CapturedPartyTurn::ReplyInterruptsEvenInCheck
        ) {
            note_interrupted_reply(position, last_actor, event, next, rules);
        }
        settle_claims(position, next, rules);
        let Some(party) = next else {
            position.set_check_anchor(None);
            return eliminations;
        };
        // M-FLAG-ONLY-ON-FORFEIT.2: a party whose move emptied its clock
        // falls when its next turn comes.
        if rules.reading::<FlagFall>() == FlagFall::AtTheNextTurn
            && position.clocks().is_some_and(|clocks| clocks[party] == 0)
        {
            super::effects::eliminate(position, party, rules);
            eliminations.push(Elimination {
                party,
                cause: Cause::FlagFall,
            });
            last_actor = party;
            event = TurnEvent::Plain;
            continue;
        }
        if can_move(position, party, rules) {
            return eliminations;
        }
        // Clause 14: a stalemated party is eliminated (unless read to be
        // passed over).
        let pass_over = match rules.reading::<StalemateOutcome>() {
            StalemateOutcome::Eliminated => false,
            StalemateOutcome::PassedOver => true,
            StalemateOutcome::PassedOverUnlessBare => position
                .pieces()
                .any(|(_, piece)| piece.party == party && piece.kind != PieceKind::King),
        };
        if pass_over && !attack::in_check(position, party, rules) {
            passed_over += 1;
            if passed_over >= 6 {
                return eliminations;
            }
            last_actor = party;
            event = TurnEvent::Plain;
            continue;
        }
        let elimination = eliminate_for_no_move(position, party, rules);
        eliminations.push(elimination);
        last_actor = party;
        // M-ELIM-SKIPS-CHECK.2 skips the check after a mate only.
        event = match (rules.reading::<CheckPrecedence>(), elimination.cause) {
            (CheckPrecedence::NotAfterMate, Cause::Stalemate) => TurnEvent::Plain,
            _ => TurnEvent::NoMoveElimination,
        };
        update_anchor(position, party, rules);
    }
}

/// R-CHECK-PRIORITY=postpone: kept claims of parties that left the game
/// lapse, and the claim of a party that is now due with no check pending
/// is settled.
fn settle_claims(position: &mut Position, next: Option<Party>, rules: &Ruleset) {
    if !position.has_postponed() {
        return;
    }
    for party in Party::ALL {
        if !position.is_active(party) {
            position.settle_postponed(party);
        }
    }
    if let Some(party) = next {
        let pending = position
            .active_parties()
            .any(|checked| attack::in_check(position, checked, rules));
        if !pending {
            position.settle_postponed(party);
        }
    }
}

/// Clauses 11 and 14: whether the party due to move has a legal move.
fn can_move(position: &Position, party: Party, rules: &Ruleset) -> bool {
    // Clauses 11 and 14: any legal move of the party counts, in check or
    // not.
    let king_only = match (
        rules.reading::<MateTest>(),
        rules.reading::<StalemateTest>(),
    ) {
        (MateTest::AnyLegalMove, StalemateTest::AnyLegalMove) => false,
        (mate, stalemate) => {
            if attack::in_check(position, party, rules) {
                mate == MateTest::KingMoves
            } else if stalemate == StalemateTest::KingHasACell {
                // M-STALEMATE-KING-ONLY.2: any cell the king could step to.
                return position
                    .king(party)
                    .is_some_and(|king| !movegen::piece_targets(position, king, rules).is_empty());
            } else {
                stalemate == StalemateTest::KingMoves
            }
        }
    };
    if king_only {
        return position
            .king(party)
            .is_some_and(|king| !legality::legal_moves_from(position, king, rules).is_empty());
    }
    legality::has_legal_move(position, party, rules)
}
