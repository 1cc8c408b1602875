//! The searching Joshua: a two-ply look-ahead. For each own move it also
//! plays the reply of the party due next, assuming that party takes the
//! most valuable own piece it can (a paranoid reply), and when the turn
//! comes straight back it counts its own best follow-up capture.

use crate::rng::Rng;
use crate::variant::monarchie::moves::{Action, Move};
use crate::variant::monarchie::party::Party;
use crate::variant::monarchie::piece::PieceKind;
use crate::variant::monarchie::position::{Occupant, Position};
use crate::variant::monarchie::rules::{is_attacked, legal_moves, Outcome};
use crate::variant::monarchie::ruleset::Ruleset;

use super::greedy::{best_of, hanging_penalty, immediate_score, successors};
use super::{value, Player};

/// Two-ply paranoid search over the next mover's captures.
#[derive(Clone, Debug)]
pub struct Search {
    rng: Rng,
}

impl Search {
    /// A searching player with its own seed.
    pub fn new(seed: u64) -> Search {
        Search {
            rng: Rng::new(seed),
        }
    }
}

/// The most valuable piece of `victim` (or, with `None`, of any active
/// party but the mover) that the party to move can capture, in points.
fn best_capture(position: &Position, victim: Option<Party>, rules: &Ruleset) -> i32 {
    let Some(mover) = position.to_move() else {
        return 0;
    };
    legal_moves(position, rules)
        .into_iter()
        .filter_map(|mv| match position.occupant(mv.to) {
            Occupant::Active(piece)
                if piece.party != mover && victim.is_none_or(|v| v == piece.party) =>
            {
                Some(100 * value(piece.kind))
            }
            _ => None,
        })
        .max()
        .unwrap_or(0)
}

/// Score of one own move: its immediate gain, minus what the next mover can
/// take from `me`, plus half of a follow-up capture when `me` moves again.
fn score_move(me: Party, mv: Move, after: &Position, outcome: &Outcome, rules: &Ruleset) -> i32 {
    let gain = immediate_score(me, outcome);
    if outcome.winner.is_some() || !after.is_active(me) {
        return gain;
    }
    let reply = match after.to_move() {
        Some(next) if next == me => best_capture(after, None, rules) / 2,
        Some(_) => -best_capture(after, Some(me), rules),
        None => 0,
    };
    gain + reply - hanging_penalty(me, after, mv, rules) / 4 - exposed(me, after, rules) / 3
}

/// The value of the most valuable own piece any enemy attacks (the later
/// movers' threats, which the two-ply reply does not see).
fn exposed(me: Party, after: &Position, rules: &Ruleset) -> i32 {
    after
        .pieces()
        .filter(|&(_, piece)| piece.party == me && piece.kind != PieceKind::King)
        .filter(|&(cell, _)| is_attacked(after, cell, me, rules))
        .map(|(_, piece)| 100 * value(piece.kind))
        .max()
        .unwrap_or(0)
}

impl Player for Search {
    fn engine(&self) -> &'static str {
        "search"
    }

    fn choose(&mut self, position: &Position, rules: &Ruleset) -> Action {
        let Some(me) = position.to_move() else {
            return Action::Timeout;
        };
        let scored: Vec<(Move, i32)> = successors(position, rules)
            .iter()
            .map(|(mv, after, outcome)| (*mv, score_move(me, *mv, after, outcome, rules)))
            .collect();
        best_of(&mut self.rng, &scored)
    }
}
