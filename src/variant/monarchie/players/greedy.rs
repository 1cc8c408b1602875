//! The greedy Joshua: captures first, then checks, and does not leave the
//! piece it moves (least of all its king) where an enemy attacks it.

use crate::rng::Rng;
use crate::variant::monarchie::moves::{Action, Move};
use crate::variant::monarchie::party::Party;
use crate::variant::monarchie::piece::PieceKind;
use crate::variant::monarchie::position::Position;
use crate::variant::monarchie::rules::{apply, in_check, is_attacked, legal_moves, Outcome};
use crate::variant::monarchie::ruleset::Ruleset;

use super::{value, Player};

/// Captures the most valuable piece it can, else gives check, else makes a
/// random move that does not hang the moved piece.
#[derive(Clone, Debug)]
pub struct Greedy {
    rng: Rng,
}

impl Greedy {
    /// A greedy player with its own seed.
    pub fn new(seed: u64) -> Greedy {
        Greedy {
            rng: Rng::new(seed),
        }
    }
}

/// Score of what a move did right away, for the party `me` that made it:
/// captures, eliminations, checks on others, and the win.
pub fn immediate_score(me: Party, outcome: &Outcome) -> i32 {
    let mut score = 0;
    if outcome.winner == Some(me) {
        score += 1_000_000;
    }
    if let Some(capture) = outcome.capture {
        if !capture.dead {
            score += 100 * value(capture.kind);
        }
    }
    for elimination in &outcome.eliminations {
        score += if elimination.party == me {
            -100_000
        } else {
            2_000
        };
    }
    let others_checked = outcome.checks.iter().filter(|&&p| p != me).count() as i32;
    score + 30 * others_checked
}

/// Penalty for leaving the moved piece (at `mv.to`) attacked, and a large
/// one for an own king in check after the move.
pub fn hanging_penalty(me: Party, after: &Position, mv: Move, rules: &Ruleset) -> i32 {
    if !after.is_active(me) {
        return 0;
    }
    let mut penalty = 0;
    if in_check(after, me, rules) {
        penalty += 100 * value(PieceKind::King);
    }
    if let Some(piece) = after.piece_at(mv.to) {
        if piece.party == me && is_attacked(after, mv.to, me, rules) {
            penalty += 100 * value(piece.kind);
        }
    }
    penalty
}

/// Plays every legal move of the party to move on a copy, returning each
/// move with the position after it and its outcome.
pub fn successors(position: &Position, rules: &Ruleset) -> Vec<(Move, Position, Outcome)> {
    legal_moves(position, rules)
        .into_iter()
        .filter_map(|mv| {
            let mut after = position.clone();
            apply(&mut after, Action::play(mv), rules)
                .ok()
                .map(|outcome| (mv, after, outcome))
        })
        .collect()
}

/// Chooses uniformly among the moves with the highest score.
pub(crate) fn best_of(rng: &mut Rng, scored: &[(Move, i32)]) -> Action {
    let Some(best) = scored.iter().map(|&(_, s)| s).max() else {
        return Action::Timeout;
    };
    let top: Vec<Move> = scored
        .iter()
        .filter(|&&(_, s)| s == best)
        .map(|&(mv, _)| mv)
        .collect();
    rng.pick(&top).map_or(Action::Timeout, Action::play)
}

impl Player for Greedy {
    fn engine(&self) -> &'static str {
        "greedy"
    }

    fn choose(&mut self, position: &Position, rules: &Ruleset) -> Action {
        let Some(me) = position.to_move() else {
            return Action::Timeout;
        };
        let scored: Vec<(Move, i32)> = successors(position, rules)
            .iter()
            .map(|(mv, after, outcome)| {
                let score =
                    immediate_score(me, outcome) - hanging_penalty(me, after, *mv, rules) / 2;
                (*mv, score)
            })
            .collect();
        best_of(&mut self.rng, &scored)
    }
}
