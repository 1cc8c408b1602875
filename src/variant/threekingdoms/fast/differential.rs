//! The differential check between Three Kingdoms' fast path and its rule
//! code: for one position under one ruleset both must give the same legal
//! moves (as sets: the fast path lists them piece by piece, the rule code
//! ray by ray), the same bulk count, the same position after every legal
//! move (board, owners, homes, who is active and to move, the R-HEIR
//! history, the counter), and the same perft to a small depth.
//!
//! [`random_positions`] walks seeded random games for it, each under a
//! random ruleset (every alternative of the register with probability
//! 1/4): a third of the games from the start, the others from a thinned
//! start ([`random_setup`]: pieces taken off at random, sometimes a
//! kingdom already defeated and its army owned by another), where checks,
//! facing generals, general captures, takeovers and turn-start defeats
//! come quickly.

use crate::rng::Rng;
use crate::variant::Rules;

use super::super::movegen::Engine;
use super::super::point::{Kingdom, Point};
use super::super::position::{Kind, Move, Position};
use super::super::ruleset::{register, Ruleset};
use super::super::{notation, setup, transition};
use super::{Board, FastRules};

/// What the comparisons looked at.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Compared {
    /// Positions compared.
    pub positions: u64,
    /// Moves whose resulting positions were compared.
    pub moves: u64,
    /// Positions the fast path does not take (both paths are the rule code).
    pub reference_only: u64,
    /// Positions whose kingdom to move is in check.
    pub checks: u64,
    /// Positions with a general capture among the legal moves.
    pub general_captures: u64,
    /// Moves after which some kingdom was defeated at the start of a turn
    /// (or, under every-move, right after the move).
    pub trap_defeats: u64,
    /// Positions with only two kingdoms active.
    pub two_active: u64,
    /// Positions where perft 3 was compared too (perft 1 and 2 always).
    pub deep: u64,
}

impl Compared {
    fn add(&mut self, other: Compared) {
        self.positions += other.positions;
        self.moves += other.moves;
        self.reference_only += other.reference_only;
        self.checks += other.checks;
        self.general_captures += other.general_captures;
        self.trap_defeats += other.trap_defeats;
        self.two_active += other.two_active;
        self.deep += other.deep;
    }
}

fn sorted_texts(moves: &[Move]) -> Vec<String> {
    let mut texts: Vec<String> = moves.iter().map(Move::to_string).collect();
    texts.sort();
    texts
}

/// Compares the two paths on `position` under `rules`, perft to `depth`
/// (1 to 3); `Err` describes the first difference, with the position
/// text and the rulings, to replay it.
///
/// # Errors
/// The first difference found.
pub fn compare(position: &Position, rules: &Ruleset, depth: u32) -> Result<Compared, String> {
    let at = || {
        format!(
            "in `{}` under [{}]",
            notation::to_text(position),
            rules.settings().join(" ")
        )
    };
    let (Some(fast), Ok(board)) = (FastRules::new(rules), Board::from_position(position)) else {
        return Ok(Compared {
            reference_only: 1,
            ..Compared::default()
        });
    };
    if board.to_position() != *position {
        return Err(format!("the board reads back differently {}", at()));
    }
    let engine = Engine::new(*rules);
    let mut expected = Vec::new();
    engine.legal_moves(position, &mut expected);
    let mut actual = Vec::new();
    fast.legal_moves(&board, &mut actual);
    let (expected_texts, actual_texts) = (sorted_texts(&expected), sorted_texts(&actual));
    if actual_texts != expected_texts {
        return Err(format!(
            "legal moves differ {}: {}",
            at(),
            crate::variant::walk::list_difference(&expected_texts, &actual_texts)
        ));
    }
    if fast.count(&board) != expected.len() as u64 {
        return Err(format!("the bulk count differs from the list {}", at()));
    }
    let mut compared = Compared {
        positions: 1,
        moves: expected.len() as u64,
        ..Compared::default()
    };
    for &mv in &expected {
        let (after, outcome) = transition::play(&engine, position, mv);
        let played = fast.after(&board, mv);
        if played.to_position() != after {
            return Err(format!(
                "after {mv} {}: the fast path gives `{}` ({:?}), the rule code `{}` ({:?})",
                at(),
                notation::to_text(&played.to_position()),
                played.to_position().trapped_since,
                notation::to_text(&after),
                after.trapped_since,
            ));
        }
        let capture = outcome
            .capture
            .is_some_and(|(_, piece)| piece.kind == Kind::General);
        compared.general_captures |= u64::from(capture);
        let traps = outcome
            .defeats
            .iter()
            .filter(|d| d.cause != transition::Cause::GeneralCapture)
            .count();
        compared.trap_defeats += u64::from(traps > 0);
    }
    for d in 1..=depth {
        let plain = crate::variant::perft(&engine, position, d);
        let quick = fast.perft(&board, d);
        let generic = crate::variant::perft(&fast, &board, d);
        if plain != quick || plain != generic {
            return Err(format!(
                "perft {d} differs {}: fast {quick} (through the Rules walk {generic}), rule code {plain}",
                at()
            ));
        }
    }
    compared.deep = u64::from(depth >= 3);
    if let Some(k) = position.to_move {
        compared.checks = u64::from(engine.in_check(position, k));
    }
    compared.two_active = u64::from(position.active_kingdoms().len() == 2);
    Ok(compared)
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

/// Runs [`compare`] on the positions of seeded random games, seed after
/// seed from `first_seed`, until `positions` positions were compared;
/// each game, under its own [`random_rules`], plays at most `plies`
/// random legal moves of the rule code (a ruleset [`super::covers`]
/// does not take is drawn again); every `deep_every`-th position
/// compares perft 3, the others perft 2. `progress` is called after every
/// game with the running totals.
///
/// # Errors
/// The first difference, with the seed and ply that found it.
pub fn random_positions(
    first_seed: u64,
    positions: u64,
    plies: usize,
    deep_every: u64,
    mut progress: impl FnMut(&Compared),
) -> Result<Compared, String> {
    let mut total = Compared::default();
    let mut seed = first_seed;
    while total.positions < positions {
        let mut rng = Rng::new(seed);
        let rules = random_rules(&mut rng);
        // The two rulings the fast path leaves to the rule code would
        // compare the rule code with itself: such a game is skipped.
        if !super::covers(&rules) {
            seed += 1;
            continue;
        }
        let start = if seed % 3 == 0 {
            Some(Position::start(rules.bannermen))
        } else {
            random_setup(&mut rng, &rules)
        };
        seed += 1;
        let Some(mut position) = start else {
            continue;
        };
        let engine = Engine::new(rules);
        let mut moves = Vec::new();
        for ply in 0..plies {
            let depth = if total.positions % deep_every.max(1) == 0 {
                3
            } else {
                2
            };
            let compared = compare(&position, &rules, depth)
                .map_err(|error| format!("seed {}, ply {ply}: {error}", seed - 1))?;
            total.add(compared);
            moves.clear();
            engine.legal_moves(&position, &mut moves);
            if moves.is_empty() || total.positions >= positions {
                break;
            }
            let mv = moves[rng.below(moves.len() as u64) as usize];
            position = transition::play(&engine, &position, mv).0;
        }
        progress(&total);
    }
    Ok(total)
}
