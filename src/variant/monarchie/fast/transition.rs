//! The fast path's transition: what a move does to a [`Board`] and who
//! moves next, as `rules::effects::play` and `rules::turn::pass_turn` do
//! it, without the reporting (no event list, no texts, no Gardez scan,
//! no re-validation of the listed move).

use crate::variant::monarchie::moves::Move;
use crate::variant::monarchie::party::Party;
use crate::variant::monarchie::piece::PieceKind;
use crate::variant::monarchie::rules::turn::TurnEvent;
use crate::variant::monarchie::ruleset::{CheckOrder, NoMoveJudgement, OutrankedClaim};

use super::board::{Board, NO_KING};
use super::generate::FastRules;

impl FastRules {
    /// The board after `mv`, a move that [`FastRules::moves_of`] listed for
    /// the party to move: the move's effects (clauses 5, 6.6, 13), the
    /// clock (R-CLOCK; a listed move uses no time), then the passing of
    /// the turn (R-NEXT, R-TURN-START, R-CHECK-PRIORITY).
    pub fn play(&self, board: &Board, mv: Move) -> Board {
        let mut next = board.clone();
        next.safety = None;
        next.checks = None;
        let Some(actor) = board.to_move else {
            return next;
        };
        let from = mv.from.index();
        let to = mv.to.index();
        let kind = board.kind_at(from);
        let mut event = TurnEvent::Plain;
        let mut king_captured = None;
        if board.occupied.has(to) {
            let victim = board.party_at(to);
            let victim_kind = board.kind_at(to);
            next.lift(to, victim, victim_kind);
            if !board.live.has(to) {
                event = TurnEvent::CapturedDead;
            } else if victim_kind == PieceKind::King {
                event = TurnEvent::KingCapture(victim);
                king_captured = Some(victim);
            } else {
                // R-PROMO: a captured piece goes to its owner's tray.
                next.trays[victim].add(victim_kind);
                event = TurnEvent::CapturedPiece(victim);
            }
        }
        next.lift(from, actor, kind);
        next.drop(to, actor, kind);
        next.unmoved.clear(from);
        next.unmoved.clear(to);
        if kind == PieceKind::King {
            next.kings[actor.index()] = to as u8;
        }
        if let Some(victim) = king_captured {
            // Clause 13: the king is gone (the capturer stands there).
            next.kings[victim.index()] = NO_KING;
            next.eliminate(victim);
        }
        if let Some(promoted) = mv.promotion {
            next.by_kind[PieceKind::Pawn.index()].clear(to);
            next.by_kind[promoted.index()].set(to);
            next.trays[actor].take(promoted);
        }
        // R-CLOCK: a clock already at zero falls with the move.
        let mut simple = true;
        if let Some(clocks) = &next.clocks {
            if clocks[actor] == 0 && next.is_active(actor) && next.active_count() > 1 {
                next.eliminate(actor);
                simple = false;
            }
        }
        let moved = mv.promotion.unwrap_or(kind);
        next.checks =
            Some(self.checks_after(&next, board.checks, (actor, moved, from, to), simple));
        self.pass_turn(&mut next, actor, event);
        next
    }

    /// `turn::pass_turn` for a move (no party is skipped by the check step).
    fn pass_turn(&self, board: &mut Board, actor: Party, event: TurnEvent) {
        let rules = &self.rules;
        let mut last_actor = actor;
        let mut event = event;
        self.update_anchor(board, actor);
        self.keep_outranked_claim(board, actor, event);
        loop {
            if rules.turn_start == NoMoveJudgement::EveryMove {
                self.eliminate_all_stuck(board, last_actor);
                self.update_anchor(board, last_actor);
            }
            let (next, checked) = self.next_mover(board, last_actor, event);
            board.to_move = next;
            self.settle_claims(board, next);
            let Some(party) = next else {
                board.check_anchor = None;
                return;
            };
            // The next mover's check is known from the search; its safety
            // is kept for the move list that follows.
            let safety = self.safety(board, party, checked);
            if let Some(safety) = safety.filter(|s| self.walk(board, s, |_| false)) {
                board.safety = Some(safety);
                return;
            }
            // Clauses 11 and 14: mate or stalemate.
            board.eliminate(party);
            board.checks = Some(self.all_checks(board));
            last_actor = party;
            event = TurnEvent::NoMoveElimination;
            self.update_anchor(board, party);
        }
    }

    /// Whether any active king is attacked.
    fn check_pending(&self, board: &Board) -> bool {
        self.any_checked(board)
    }

    /// `turn::next_mover` (R-NEXT steps 1-4), with whether the party
    /// chosen is in check: step 1 looks at every party, so when it finds
    /// none, no party is.
    fn next_mover(
        &self,
        board: &Board,
        last_actor: Party,
        event: TurnEvent,
    ) -> (Option<Party>, Option<bool>) {
        if board.active_count() <= 1 {
            return (None, None);
        }
        let search_from = match self.rules.next {
            CheckOrder::AfterLastActor => last_actor,
            CheckOrder::TriggerAnchor => board.check_anchor.unwrap_or(last_actor),
        };
        for step in 1..=6 {
            let party = search_from.clockwise(step);
            if self.checked(board, party) {
                return (Some(party), Some(true));
            }
        }
        let claim = match event {
            TurnEvent::KingCapture(_) if board.is_active(last_actor) => Some(last_actor),
            TurnEvent::CapturedPiece(party) if board.is_active(party) => Some(party),
            _ => None,
        };
        let owed = || {
            board.postponed[0]
                .is_some()
                .then(|| board.postponed().find(|&party| board.is_active(party)))
                .flatten()
        };
        let next = claim.or_else(owed).or_else(|| {
            (1..=6)
                .map(|step| last_actor.clockwise(step))
                .find(|&party| board.is_active(party))
        });
        (next, Some(false))
    }

    /// `turn::keep_outranked_claim` (R-CHECK-PRIORITY=postpone).
    fn keep_outranked_claim(&self, board: &mut Board, actor: Party, event: TurnEvent) {
        if self.rules.check_priority != OutrankedClaim::Postpone {
            return;
        }
        let claim = match event {
            TurnEvent::KingCapture(_) if board.is_active(actor) => actor,
            TurnEvent::CapturedPiece(party) if board.is_active(party) => party,
            _ => return,
        };
        if self.check_pending(board) {
            board.postpone(claim);
        }
    }

    /// `turn::update_anchor` (R-NEXT=trigger-anchor bookkeeping).
    fn update_anchor(&self, board: &mut Board, actor: Party) {
        if self.rules.next != CheckOrder::TriggerAnchor {
            return;
        }
        let pending = self.check_pending(board);
        match (pending, board.check_anchor) {
            (false, _) => board.check_anchor = None,
            (true, None) if board.is_active(actor) => board.check_anchor = Some(actor),
            _ => {}
        }
    }

    /// `turn::settle_claims` (R-CHECK-PRIORITY=postpone).
    fn settle_claims(&self, board: &mut Board, next: Option<Party>) {
        if board.postponed[0].is_none() {
            return;
        }
        for party in Party::ALL {
            if !board.is_active(party) {
                board.settle_postponed(party);
            }
        }
        if let Some(party) = next {
            if !self.check_pending(board) {
                board.settle_postponed(party);
            }
        }
    }

    /// `turn::eliminate_all_stuck` (R-TURN-START=every-move).
    fn eliminate_all_stuck(&self, board: &mut Board, actor: Party) {
        loop {
            if board.active_count() <= 1 {
                return;
            }
            let stuck = (1..=6)
                .map(|step| actor.clockwise(step))
                .find(|&party| board.is_active(party) && !self.has_legal_move(board, party));
            match stuck {
                Some(party) => {
                    board.eliminate(party);
                    board.checks = Some(self.all_checks(board));
                }
                None => return,
            }
        }
    }
}
