//! Three Kingdoms' side of the one differential harness
//! ([`crate::variant::fast_differential`]): the legal moves are compared
//! as sets (the fast path lists them piece by piece, the rule code ray by
//! ray), the board must read back as the position, and the position after
//! every legal move must be the rule code's (board, owners, homes, who is
//! active and to move, the R-HEIR history, the counter); perft is counted
//! on the fast path's own counter too.
//!
//! Random games ([`Adapter::random_game`]), each under a random ruleset
//! ([`random_rules`]: every alternative of the register with probability
//! 1/4; a ruleset [`super::covers`] does not take gives no game): a third
//! of the games from the start, the others from a thinned start
//! ([`random_setup`]: pieces taken off at random, sometimes a kingdom
//! already defeated and its army owned by another), where checks, facing
//! generals, general captures, takeovers and turn-start defeats come
//! quickly.

use crate::rng::Rng;
use crate::variant::fast_differential::{
    Compared, Differs, FastDifferential, Here, MoveOrder, RandomGame,
};

use super::super::movegen::Engine;
use super::super::point::{Kingdom, Point};
use super::super::position::{Kind, Move, Position};
use super::super::ruleset::{register, Ruleset};
use super::super::{notation, setup, transition};
use super::{Board, FastRules};

/// What the tally counts: positions whose kingdom to move is in check.
pub const CHECKS: &str = "checks";
/// Positions with a general capture among the legal moves.
pub const GENERAL_CAPTURES: &str = "general captures";
/// Moves after which some kingdom was defeated at the start of a turn
/// (or, under every-move, right after the move).
pub const TRAP_DEFEATS: &str = "trap defeats";
/// Positions with only two kingdoms active.
pub const TWO_ACTIVE: &str = "two active";

/// Three Kingdoms' adapter to [`crate::variant::fast_differential`].
#[derive(Clone, Copy, Debug, Default)]
pub struct Adapter;

impl FastDifferential for Adapter {
    type Position = Position;
    type Ruleset = Ruleset;
    type Reference = Engine;
    type Fast = FastRules;
    const ORDER: MoveOrder = MoveOrder::AsSets;

    fn reference(&self, rules: &Ruleset) -> Engine {
        Engine::new(*rules)
    }

    fn fast(&self, position: &Position, rules: &Ruleset) -> Option<(FastRules, Board)> {
        let (Some(fast), Ok(board)) = (FastRules::new(rules), Board::from_position(position))
        else {
            return None;
        };
        Some((fast, board))
    }

    fn describe(&self, position: &Position, rules: &Ruleset) -> String {
        format!(
            "in `{}` under [{}]",
            notation::to_text(position),
            rules.settings().join(" ")
        )
    }

    fn check_position(&self, here: &Here<'_, Self>) -> Result<(), Differs> {
        if here.board.to_position() != *here.position {
            return Err(Differs("the board reads back differently".to_string()));
        }
        Ok(())
    }

    /// The rule code's whole transition, counting the general captures
    /// and the defeats at the start of a turn it brings.
    fn reference_after(
        &self,
        engine: &Engine,
        position: &Position,
        mv: Move,
        seen: &mut Compared,
    ) -> Result<Position, Differs> {
        let (after, outcome) = transition::play(engine, position, mv);
        let capture = outcome
            .capture
            .is_some_and(|(_, piece)| piece.kind == Kind::General);
        seen.flag(GENERAL_CAPTURES, capture);
        let traps = outcome
            .defeats
            .iter()
            .filter(|d| d.cause != transition::Cause::GeneralCapture)
            .count();
        seen.count(TRAP_DEFEATS, traps > 0);
        Ok(after)
    }

    fn check_after(
        &self,
        _: &Here<'_, Self>,
        played: &Board,
        expected: &Position,
    ) -> Result<(), Differs> {
        let played = played.to_position();
        if played != *expected {
            return Err(Differs(format!(
                "the fast path gives `{}` ({:?}), the rule code `{}` ({:?})",
                notation::to_text(&played),
                played.trapped_since,
                notation::to_text(expected),
                expected.trapped_since,
            )));
        }
        Ok(())
    }

    fn own_perft(&self, fast: &FastRules, board: &Board, depth: u32) -> Option<u64> {
        Some(fast.perft(board, depth))
    }

    fn situations(&self, here: &Here<'_, Self>, _moves: &[Move], seen: &mut Compared) {
        let position = here.position;
        let check = position
            .to_move
            .is_some_and(|k| here.reference.in_check(position, k));
        seen.count(CHECKS, check);
        seen.count(TWO_ACTIVE, position.active_kingdoms().len() == 2);
        // Present with 0 where no move captured a general.
        seen.flag(GENERAL_CAPTURES, false);
    }

    /// A game under [`random_rules`]: `None` when the fast path leaves
    /// the ruleset to the rule code (it would compare the rule code with
    /// itself) or the thinned start is no valid set-up.
    fn random_game(&self, seed: u64, plies: usize) -> Option<RandomGame<Self>> {
        let mut rng = Rng::new(seed);
        let rules = random_rules(&mut rng);
        if !super::covers(&rules) {
            return None;
        }
        let position = if seed % 3 == 0 {
            Position::start(rules.bannermen)
        } else {
            random_setup(&mut rng, &rules)?
        };
        Some(RandomGame::new(rng, rules, position, plies))
    }
}

/// A random ruleset: every alternative of the register applied with
/// probability 1/4 (a later one of the same ruling wins).
pub fn random_rules(rng: &mut Rng) -> Ruleset {
    let mut rules = Ruleset::default();
    for (id, keys) in register() {
        for key in &keys[1..] {
            if rng.below(4) == 0 {
                rules
                    .apply(&format!("{id}={key}"))
                    .unwrap_or_else(|error| panic!("{id}={key}: {error}"));
            }
        }
    }
    rules
}

/// A random set-up under `rules`: the start with each piece but the
/// generals kept with probability 15-75 %, a random kingdom to move; a
/// third of the time one kingdom is already defeated, its general gone
/// and its other pieces owned by a random active kingdom. The set-up
/// loop (R-TRAP) has run, as when a game opens. `None` when the draw is
/// not a valid set-up or nobody is left to move.
pub fn random_setup(rng: &mut Rng, rules: &Ruleset) -> Option<Position> {
    let mut position = Position::start(rules.bannermen);
    let keep = 15 + rng.below(61);
    for point in Point::all() {
        if position
            .at(point)
            .is_some_and(|piece| piece.kind != Kind::General)
            && !rng.chance(keep)
        {
            position.lift(point);
        }
    }
    if rng.below(3) == 0 {
        let victim = Kingdom::from_index(rng.below(3) as usize);
        let heir = if rng.below(2) == 0 {
            victim.next()
        } else {
            victim.previous()
        };
        for point in Point::all() {
            if let Some(mut piece) = position.at(point) {
                if piece.owner == victim {
                    position.lift(point);
                    if piece.kind != Kind::General {
                        piece.owner = heir;
                        position.put(point, piece);
                    }
                }
            }
        }
        position.active[victim.index()] = false;
    }
    let movers = position.active_kingdoms();
    position.to_move = Some(movers[rng.below(movers.len() as u64) as usize]);
    let engine = Engine::new(*rules);
    if !setup::problems(&engine, &position).is_empty() {
        return None;
    }
    let first = position.to_move?;
    transition::examine_from(&engine, &mut position, first);
    position.to_move.map(|_| position)
}
