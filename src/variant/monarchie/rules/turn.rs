//! Who moves next: clauses 7, 8, 9, 10, 13, 16 as ruling R-NEXT, and the
//! eliminations of clauses 11 and 14 as ruling R-TURN-START.

use serde::Serialize;

use crate::variant::monarchie::party::Party;
use crate::variant::monarchie::position::Position;
use crate::variant::monarchie::readings::TurnDirection;
use crate::variant::monarchie::ruleset::{
    CheckOrder, Misreading, NoMoveJudgement, OutrankedClaim, Ruleset,
};

use super::{attack, movegen};

/// What the last action did that matters for the order of turns.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TurnEvent {
    /// A move without capture, a dead-blocker capture (clause 8.2), a
    /// forfeit, or an elimination: only steps 1 and 4 of R-NEXT apply.
    Plain,
    /// Clause 13: the actor captured a king.
    KingCapture,
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
    if !rules.faults.is_empty() {
        return next_mover_misread(position, last_actor, event, skip_check, rules);
    }
    let search_from = match rules.next {
        CheckOrder::AfterLastActor => last_actor,
        CheckOrder::TriggerAnchor => position.check_anchor().unwrap_or(last_actor),
    };
    let checked = (1..=6)
        .map(|step| search_from.clockwise(step))
        .filter(|&party| Some(party) != skip_check)
        .find(|&party| attack::in_check(position, party, rules));
    if let Some(party) = checked {
        return Some(party);
    }
    match event {
        TurnEvent::KingCapture if position.is_active(last_actor) => return Some(last_actor),
        TurnEvent::CapturedPiece(party) if position.is_active(party) => return Some(party),
        _ => {}
    }
    if let Some(party) = postponed_claim(position) {
        return Some(party);
    }
    (1..=6)
        .map(|step| last_actor.clockwise(step))
        .find(|&party| position.is_active(party))
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
/// no check outranks it.
fn claim_of(position: &Position, last_actor: Party, event: TurnEvent) -> Option<Party> {
    match event {
        TurnEvent::KingCapture if position.is_active(last_actor) => Some(last_actor),
        TurnEvent::CapturedPiece(party) if position.is_active(party) => Some(party),
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

/// [`next_mover`] with misreadings played: the same four steps, each
/// changed at the spot a fault names.
fn next_mover_misread(
    position: &Position,
    last_actor: Party,
    event: TurnEvent,
    skip_check: Option<Party>,
    rules: &Ruleset,
) -> Option<Party> {
    // Clause 7: every search runs round the board the way the turn goes.
    let around = |from: Party, step: usize| match rules.reading::<TurnDirection>() {
        TurnDirection::Clockwise => from.clockwise(step),
        TurnDirection::CounterClockwise => from.clockwise(6 - step % 6),
    };
    let search_from = match rules.next {
        CheckOrder::AfterLastActor => last_actor,
        CheckOrder::TriggerAnchor => position.check_anchor().unwrap_or(last_actor),
    };
    // Fault M-CHECK-FROM-BLAU: checked parties are taken in seat order.
    let candidates: Vec<Party> = if rules.fault(Misreading::CheckFromBlau) {
        Party::ALL.to_vec()
    } else {
        (1..=6).map(|step| around(search_from, step)).collect()
    };
    // Fault M-CHECK-NO-PRIORITY: no check step; M-ELIM-SKIPS-CHECK: none
    // right after a mate or stalemate elimination.
    let skip_after_elimination =
        event == TurnEvent::NoMoveElimination && rules.fault(Misreading::EliminationSkipsCheck);
    let check_step = !(rules.fault(Misreading::CheckNoPriority) || skip_after_elimination);
    let checked = candidates
        .into_iter()
        .filter(|&party| Some(party) != skip_check)
        .filter(|_| check_step)
        .find(|&party| {
            // Fault M-CHECK-MOVER-ONLY: only kings the last actor attacks
            // (never its own: its own pieces attack nobody of its own).
            if rules.fault(Misreading::CheckMoverOnly) {
                position.is_active(party)
                    && party != last_actor
                    && position.king(party).is_some_and(|king| {
                        attack::attacked_by(position, king, rules, |by| by == last_actor)
                    })
            } else {
                attack::in_check(position, party, rules)
            }
        });
    let extra_move = |event: TurnEvent| match event {
        // Fault M-KING-CAPTURE-NO-EXTRA: no extra move.
        TurnEvent::KingCapture
            if position.is_active(last_actor) && !rules.fault(Misreading::KingCaptureNoExtra) =>
        {
            Some(last_actor)
        }
        // Fault M-CAPTURED-NO-TURN: the captured party is not due.
        TurnEvent::CapturedPiece(party)
            if position.is_active(party) && !rules.fault(Misreading::CapturedNoTurn) =>
        {
            Some(party)
        }
        // Fault M-DEAD-CAPTURE-EXTRA-MOVE: the capturer moves again.
        TurnEvent::CapturedDead
            if position.is_active(last_actor) && rules.fault(Misreading::DeadCaptureExtraMove) =>
        {
            Some(last_actor)
        }
        // Fault M-FORFEIT-KEEPS-TURN: the forfeiting party moves again.
        TurnEvent::Forfeit
            if position.is_active(last_actor) && rules.fault(Misreading::ForfeitKeepsTurn) =>
        {
            Some(last_actor)
        }
        _ => None,
    };
    // Faults M-KING-CAPTURE-BEATS-CHECK and M-CAPTURED-BEATS-CHECK: the
    // capture's turn comes before the check step.
    let before_check = match event {
        TurnEvent::KingCapture => rules.fault(Misreading::KingCaptureBeatsCheck),
        TurnEvent::CapturedPiece(_) => rules.fault(Misreading::CapturedBeatsCheck),
        _ => false,
    };
    if before_check {
        if let Some(party) = extra_move(event) {
            return Some(party);
        }
    }
    if let Some(party) = checked {
        return Some(party);
    }
    if let Some(party) = extra_move(event) {
        return Some(party);
    }
    if let Some(party) = postponed_claim(position) {
        return Some(party);
    }
    // Fault M-CAPTURED-REPLY-INTERRUPTS: once the captured party has had
    // its turn, the order goes on after the capturer.
    let resume_after = match position.interrupted_reply() {
        Some((replier, capturer))
            if replier == last_actor && rules.fault(Misreading::CapturedReplyInterrupts) =>
        {
            capturer
        }
        _ => last_actor,
    };
    (1..=6)
        .map(|step| around(resume_after, step))
        .find(|&party| position.is_active(party))
}

/// Fault M-CAPTURED-REPLY-INTERRUPTS: when a capture has just handed the
/// turn to the captured party (R-NEXT step 3, no check pending), remembers
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
    let reply = match event {
        TurnEvent::CapturedPiece(captured) if next == Some(captured) && !pending => {
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
        if rules.fault(Misreading::CapturedReplyInterrupts) {
            note_interrupted_reply(position, last_actor, event, next, rules);
        }
        settle_claims(position, next, rules);
        let Some(party) = next else {
            position.set_check_anchor(None);
            return eliminations;
        };
        if can_move(position, party, rules) {
            return eliminations;
        }
        // Fault M-STALEMATE-NO-ELIM: a stalemated party is passed over.
        if rules.fault(Misreading::StalemateNoElimination)
            && !attack::in_check(position, party, rules)
        {
            passed_over += 1;
            if passed_over >= 6 {
                return eliminations;
            }
            last_actor = party;
            event = TurnEvent::Plain;
            continue;
        }
        eliminations.push(eliminate_for_no_move(position, party, rules));
        last_actor = party;
        event = TurnEvent::NoMoveElimination;
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
    if !rules.faults.is_empty() {
        let in_check = attack::in_check(position, party, rules);
        // Faults M-MATE-KING-ONLY and M-STALEMATE-KING-ONLY: only the
        // king's own moves are looked at.
        let king_only = if in_check {
            rules.fault(Misreading::MateKingOnly)
        } else {
            rules.fault(Misreading::StalemateKingOnly)
        };
        if king_only {
            return position
                .king(party)
                .is_some_and(|king| !movegen::legal_moves_from(position, king, rules).is_empty());
        }
    }
    movegen::has_legal_move(position, party, rules)
}
