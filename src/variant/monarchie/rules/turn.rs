//! Who moves next: clauses 7, 8, 9, 10, 13, 16 as ruling R-NEXT, and the
//! eliminations of clauses 11 and 14 as ruling R-TURN-START.

use serde::Serialize;

use crate::party::Party;
use crate::position::Position;
use crate::ruleset::{CheckOrder, NoMoveJudgement, Ruleset};

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
    (1..=6)
        .map(|step| last_actor.clockwise(step))
        .find(|&party| position.is_active(party))
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
    position.eliminate(party);
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
        let stuck = (1..=6).map(|step| actor.clockwise(step)).find(|&party| {
            position.is_active(party) && !movegen::has_legal_move(position, party, rules)
        });
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
    update_anchor(position, actor, rules);
    loop {
        if rules.turn_start == NoMoveJudgement::EveryMove {
            eliminate_all_stuck(position, last_actor, rules, &mut eliminations);
            update_anchor(position, last_actor, rules);
        }
        let next = next_mover(position, last_actor, event, skip_check, rules);
        position.set_to_move(next);
        let Some(party) = next else {
            position.set_check_anchor(None);
            return eliminations;
        };
        if movegen::has_legal_move(position, party, rules) {
            return eliminations;
        }
        eliminations.push(eliminate_for_no_move(position, party, rules));
        last_actor = party;
        event = TurnEvent::Plain;
        update_anchor(position, party, rules);
    }
}
