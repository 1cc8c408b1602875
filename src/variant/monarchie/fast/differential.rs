//! The differential check between the fast path and the reference rule
//! code: for one position and ruleset, both must give the same legal
//! moves (in the same order), the same checks and the same "can move"
//! answer for every party, and the same position after every legal move.
//! [`random_positions`] walks seeded random games for it: odd seeds start
//! from random positions (dead blockers, trays, clocks, unmoved pawns),
//! even seeds from the start position (timed on every fourth seed), each
//! game under a random ruleset drawn from every ruling alternative, with
//! timeouts and seconds used, so that eliminations, flag falls, check
//! anchors and owed turns occur.

use crate::moves::Action;
use crate::notation::to_notation;
use crate::party::Party;
use crate::position::Position;
use crate::rng::Rng;
use crate::rules::{self, legal_moves};
use crate::ruleset::{
    BishopBlocking, CheckOrder, DiagonalAtNotch, ForfeitInCheck, KingOnDeadBlocker, KingStep,
    KnightPath, NoMoveJudgement, OutrankedClaim, PawnStartMoves, PawnStartSides, PromotionChoice,
    PromotionZone, RookLines, Ruleset, UnmovedPawnAttack,
};
use crate::variant::monarchie::random::{action_from_choice, random_position};
use crate::variant::Rules;

use super::{Board, FastRules};

/// What one comparison looked at.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Compared {
    /// Positions compared.
    pub positions: u64,
    /// Moves whose resulting positions were compared.
    pub moves: u64,
    /// Positions whose ruleset the fast path does not cover (compared
    /// with nothing: both paths are then the reference).
    pub reference_only: u64,
}

/// Compares the two paths on one position; `Err` describes the first
/// difference, with the position, so it can be replayed.
///
/// # Errors
/// The first difference found.
pub fn compare(position: &Position, rules: &Ruleset) -> Result<Compared, String> {
    let Some(fast) = FastRules::new(rules) else {
        return Ok(Compared {
            reference_only: 1,
            ..Compared::default()
        });
    };
    let at = || format!("in {} under {rules}", to_notation(position));
    let mut board = Board::from_position(position);
    if board.to_position() != *position {
        return Err(format!("the board does not read back {}", at()));
    }
    // The transition finds the kings in check from what a move changed
    // when it knows them before the move (`fast::checks`): give it that.
    board.checks = Some(fast.all_checks(&board));
    for party in Party::ALL {
        let reference = rules::in_check(position, party, rules);
        if fast.in_check(&board, party) != reference {
            return Err(format!(
                "{party} in check: reference says {reference} {}",
                at()
            ));
        }
        let reference = rules::has_legal_move(position, party, rules);
        if fast.has_legal_move(&board, party) != reference {
            return Err(format!(
                "{party} can move: reference says {reference} {}",
                at()
            ));
        }
    }
    let expected = legal_moves(position, rules);
    let mut actual = Vec::new();
    fast.legal_moves(&board, &mut actual);
    if actual != expected {
        return Err(format!(
            "legal moves differ {}: {}",
            at(),
            crate::variant::walk::list_difference(&expected, &actual)
        ));
    }
    if fast.count_moves(&board, &mut Vec::new()) != expected.len() as u64 {
        return Err(format!("the move count differs from the list {}", at()));
    }
    for &mv in &expected {
        let mut reference = position.clone();
        rules::apply(&mut reference, Action::play(mv), rules).map_err(|error| {
            format!("the reference refuses its own move {mv}: {error} {}", at())
        })?;
        let played = fast.play(&board, mv);
        let after = played.to_position();
        // The king safety the transition keeps for the next mover must
        // give the count a fresh board gives.
        let fresh = Board::from_position(&after);
        if played
            .checks
            .is_some_and(|kept| kept != fast.all_checks(&fresh))
        {
            return Err(format!(
                "after {mv} {}: the kept kings in check differ from the full test",
                at()
            ));
        }
        let mut scratch = Vec::new();
        if fast.count_moves(&played, &mut scratch) != fast.count_moves(&fresh, &mut scratch) {
            return Err(format!(
                "after {mv} {}: the kept king safety changes the count",
                at()
            ));
        }
        if after != reference {
            return Err(format!(
                "after {mv} {}: the fast path gives {}, the reference {}",
                at(),
                to_notation(&after),
                to_notation(&reference)
            ));
        }
    }
    Ok(Compared {
        positions: 1,
        moves: expected.len() as u64,
        reference_only: 0,
    })
}

/// One option of every switchable ruling, drawn at random.
pub fn random_ruleset(rng: &mut Rng) -> Ruleset {
    fn pick<T: Copy>(rng: &mut Rng, all: &[T]) -> T {
        all[rng.below(all.len() as u64) as usize]
    }
    Ruleset {
        rook: pick(rng, RookLines::ALL),
        bishop: pick(rng, BishopBlocking::ALL),
        knight: pick(rng, KnightPath::ALL),
        king: pick(rng, KingStep::ALL),
        pawn_dir: pick(rng, PawnStartSides::ALL),
        pawn_start: pick(rng, PawnStartMoves::ALL),
        pawn_unmoved_attack: pick(rng, UnmovedPawnAttack::ALL),
        promo_zone: pick(rng, PromotionZone::ALL),
        promo: pick(rng, PromotionChoice::ALL),
        king_dead: pick(rng, KingOnDeadBlocker::ALL),
        next: pick(rng, CheckOrder::ALL),
        turn_start: pick(rng, NoMoveJudgement::ALL),
        timeout: pick(rng, ForfeitInCheck::ALL),
        check_priority: pick(rng, OutrankedClaim::ALL),
        diagonal: pick(rng, DiagonalAtNotch::ALL),
        ..Ruleset::default()
    }
}

/// Runs [`compare`] on the positions of seeded random games, seed after
/// seed from `first_seed`, until `positions` positions were compared;
/// each game plays at most `plies` actions. `progress` is called after
/// every game with the running totals.
///
/// # Errors
/// The first difference, with the seed and ply that found it.
pub fn random_positions(
    first_seed: u64,
    positions: u64,
    plies: usize,
    mut progress: impl FnMut(&Compared),
) -> Result<Compared, String> {
    let mut total = Compared::default();
    let mut seed = first_seed;
    while total.positions < positions {
        let game = one_game(seed, plies, positions - total.positions)?;
        total.add(&game);
        progress(&total);
        seed += 1;
    }
    Ok(total)
}

/// [`random_positions`] on the threads of the current rayon pool: the
/// games of a batch of seeds run in parallel and are added up in seed
/// order, batch after batch, until at least `positions` positions were
/// compared. Every game is played to its end or to `plies` actions, so
/// the last batch may go past `positions`; the totals and the first
/// difference (the lowest seed that has one) do not depend on the number
/// of threads. `progress` is called after every batch.
///
/// # Errors
/// The difference of the lowest seed with one, with its seed and ply.
pub fn random_positions_parallel(
    first_seed: u64,
    positions: u64,
    plies: usize,
    mut progress: impl FnMut(&Compared),
) -> Result<Compared, String> {
    use rayon::prelude::{IntoParallelIterator, ParallelIterator};
    /// Seeds per batch: enough to keep every thread busy between two
    /// progress reports.
    const BATCH: u64 = 64;
    let mut total = Compared::default();
    let mut seed = first_seed;
    while total.positions < positions {
        let games: Vec<Result<Compared, String>> = (seed..seed + BATCH)
            .into_par_iter()
            .map(|seed| one_game(seed, plies, u64::MAX))
            .collect();
        for game in games {
            total.add(&game?);
        }
        progress(&total);
        seed += BATCH;
    }
    Ok(total)
}

impl Compared {
    fn add(&mut self, other: &Compared) {
        self.positions += other.positions;
        self.moves += other.moves;
        self.reference_only += other.reference_only;
    }
}

/// The seeded random game `seed`: its ruleset, start and actions, with
/// [`compare`] at every position until `plies` actions or `limit`
/// compared positions.
fn one_game(seed: u64, plies: usize, limit: u64) -> Result<Compared, String> {
    let mut total = Compared::default();
    let mut rng = Rng::new(seed);
    let rules = random_ruleset(&mut rng);
    let mut position = match seed % 4 {
        1 | 3 => random_position(&mut rng, &rules),
        2 => Position::timed_start(),
        _ => Position::start(),
    };
    for ply in 0..plies {
        let compared = compare(&position, &rules)
            .map_err(|error| format!("seed {seed}, ply {ply}: {error}"))?;
        total.add(&compared);
        let Some(action) = action_from_choice(&position, &rules, rng.next_u64()) else {
            break;
        };
        if rules::apply(&mut position, action, &rules).is_err() || total.positions >= limit {
            break;
        }
    }
    Ok(total)
}
