//! The one differential harness for every fast path: a variant's fast
//! move generator (`src/variant/<v>/fast/`) against its plain rule code.
//! For one position under one ruleset both must give the same legal moves
//! (in the same order or as sets, [`MoveOrder`]; neither lists one
//! twice), the same bulk count at the last ply, and for every legal move
//! the same position after it; perft to a chosen depth on both (and on
//! the fast path's own counter where it has one). [`random_positions`]
//! walks seeded random games for it, [`random_positions_parallel`] the
//! same games on the rayon pool, and [`random_positions_with_fault`] the
//! same games with a fault planted in the fast path, so that a test can
//! show the comparison catches it.
//!
//! What is the variant's own is a [`FastDifferential`] adapter in
//! `src/variant/<v>/fast/differential.rs`: how the fast path takes a
//! position, the extra checks of that rule system (checks, the race,
//! control), how a position is printed for the report, which ruleset and
//! start a random game has, and what the tally counts besides positions
//! and moves (defections, goals reached, ...).

use std::collections::BTreeMap;
use std::fmt::Display;

use crate::rng::Rng;

use super::walk::{list_difference, perft};
use super::Rules;

/// How the two move lists must agree.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveOrder {
    /// The same moves in the same order (MONARCHIE's fast path keeps the
    /// reference's order).
    Same,
    /// The same moves as sets, compared by their text (the fast path lists
    /// them in another order); neither list names a move twice.
    AsSets,
}

/// What the comparisons looked at: positions, moves, positions the fast
/// path left to the reference, and the adapter's named situations (how
/// many positions had a defection, a decided race, ...).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Compared {
    /// Positions compared.
    pub positions: u64,
    /// Moves whose resulting positions were compared.
    pub moves: u64,
    /// Positions the fast path does not take (compared with nothing: both
    /// paths are then the reference).
    pub reference_only: u64,
    /// The adapter's situations by name, each with how often it was seen.
    pub seen: BTreeMap<&'static str, u64>,
}

impl Compared {
    /// How often the situation `what` was seen (0 when never).
    pub fn seen(&self, what: &str) -> u64 {
        self.seen.get(what).copied().unwrap_or(0)
    }

    /// Counts `what` once more when `happened` (the name is listed with 0
    /// otherwise, so every situation shows in the tally).
    pub fn count(&mut self, what: &'static str, happened: bool) {
        *self.seen.entry(what).or_insert(0) += u64::from(happened);
    }

    /// Counts `what` at most once for this comparison of one position
    /// (several moves may show it).
    pub fn flag(&mut self, what: &'static str, happened: bool) {
        let seen = self.seen.entry(what).or_insert(0);
        *seen = (*seen).max(u64::from(happened));
    }

    /// Adds `other`'s counts to these.
    pub fn add(&mut self, other: &Compared) {
        self.positions += other.positions;
        self.moves += other.moves;
        self.reference_only += other.reference_only;
        for (what, count) in &other.seen {
            *self.seen.entry(what).or_insert(0) += count;
        }
    }
}

/// A variant's move. The reference and the fast path list the same type.
pub type MoveOf<D> = <<D as FastDifferential>::Reference as Rules>::Move;

/// The fast path's position (its board).
pub type BoardOf<D> = <<D as FastDifferential>::Fast as Rules>::Position;

/// A seeded random game of [`random_positions`]: its random source (the
/// moves are drawn from it), ruleset, start and length.
pub struct RandomGame<D: FastDifferential + ?Sized> {
    /// The game's random source, seeded with the game's seed.
    pub rng: Rng,
    /// The game's ruleset.
    pub rules: D::Ruleset,
    /// Where the game starts.
    pub position: D::Position,
    /// How many actions the game plays at the most.
    pub plies: usize,
}

impl<D: FastDifferential + ?Sized> RandomGame<D> {
    /// The game of `rules` from `position`, at most `plies` actions, its
    /// moves drawn from `rng`.
    pub fn new(rng: Rng, rules: D::Ruleset, position: D::Position, plies: usize) -> Self {
        RandomGame {
            rng,
            rules,
            position,
            plies,
        }
    }
}

/// One compared position, as the adapter's checks see it.
pub struct Here<'a, D: FastDifferential + ?Sized> {
    /// The plain rule code.
    pub reference: &'a D::Reference,
    /// The fast path.
    pub fast: &'a D::Fast,
    /// The fast path's board of the position.
    pub board: &'a BoardOf<D>,
    /// The position.
    pub position: &'a D::Position,
    /// The ruleset.
    pub rules: &'a D::Ruleset,
}

/// One variant's side of the differential: what is its own about its
/// positions, rulesets and fast path. The comparison, the tally, the
/// random walks and the planted faults are this module's.
pub trait FastDifferential: Sync {
    /// The reference's position.
    type Position: Clone + Send;
    /// The ruleset (the rulings chosen).
    type Ruleset: Clone + Send + Sync;
    /// The plain rule code.
    type Reference: Rules<Position = Self::Position>;
    /// The fast path, walking its own board.
    type Fast: Rules<Move = MoveOf<Self>>;
    /// How the legal move lists must agree.
    const ORDER: MoveOrder;

    /// The plain rule code under `rules`.
    fn reference(&self, rules: &Self::Ruleset) -> Self::Reference;

    /// The fast path and its board for `position` under `rules`; `None`
    /// where the fast path leaves the position or ruleset to the
    /// reference.
    fn fast(
        &self,
        position: &Self::Position,
        rules: &Self::Ruleset,
    ) -> Option<(Self::Fast, BoardOf<Self>)>;

    /// Where a difference was found: the position's text and the
    /// rulings, enough to replay it (`in <text> under [<rulings>]`).
    fn describe(&self, position: &Self::Position, rules: &Self::Ruleset) -> String;

    /// The rule system's own checks on one position before its moves
    /// (the board read back, checks, the race, control); `Err` says what
    /// differs.
    ///
    /// # Errors
    /// The first difference.
    fn check_position(&self, here: &Here<'_, Self>) -> Result<(), Differs>;

    /// The reference's position after `mv`; the adapter may count what
    /// the move did in `seen` (a capture of a general, a defeat).
    ///
    /// # Errors
    /// The reference refuses its own move.
    fn reference_after(
        &self,
        reference: &Self::Reference,
        position: &Self::Position,
        mv: MoveOf<Self>,
        _seen: &mut Compared,
    ) -> Result<Self::Position, Differs> {
        Ok(reference.after(position, mv))
    }

    /// The fast path's board `played` after a move from `here` against
    /// the reference's position `expected` after it; `Err` says what
    /// differs.
    ///
    /// # Errors
    /// The first difference.
    fn check_after(
        &self,
        here: &Here<'_, Self>,
        played: &BoardOf<Self>,
        expected: &Self::Position,
    ) -> Result<(), Differs>;

    /// The fast path's own perft counter, where it has one besides the
    /// generic walk over its [`Rules`].
    fn own_perft(&self, _fast: &Self::Fast, _board: &BoardOf<Self>, _depth: u32) -> Option<u64> {
        None
    }

    /// Counts the situations of one compared position in `seen` (a
    /// defection among the legal `moves`, the race decided); by default
    /// none.
    fn situations(&self, _here: &Here<'_, Self>, _moves: &[MoveOf<Self>], _seen: &mut Compared) {}

    /// The seeded random game `seed` with at most `plies` actions; `None`
    /// when the seed gives no game the fast path would take (drawn
    /// again with the next seed).
    fn random_game(&self, seed: u64, plies: usize) -> Option<RandomGame<Self>>;

    /// A random legal continuation of `position` drawn from `rng`; `None`
    /// when the game is over. By default a legal move of the reference,
    /// drawn uniformly.
    fn random_step(
        &self,
        reference: &Self::Reference,
        position: &Self::Position,
        _rules: &Self::Ruleset,
        rng: &mut Rng,
    ) -> Option<Self::Position> {
        let mut moves = Vec::new();
        reference.legal_moves(position, &mut moves);
        if moves.is_empty() {
            return None;
        }
        let mv = moves[rng.below(moves.len() as u64) as usize];
        Some(reference.after(position, mv))
    }
}

/// Compares the fast path with the reference on `position` under
/// `rules`, perft 1 to `depth` included (0: no perft); `Err` describes
/// the first difference with [`FastDifferential::describe`], to replay
/// it.
///
/// # Errors
/// The first difference found.
pub fn compare<D: FastDifferential>(
    adapter: &D,
    position: &D::Position,
    rules: &D::Ruleset,
    depth: u32,
) -> Result<Compared, Difference>
where
    MoveOf<D>: PartialEq,
{
    compare_on(
        adapter,
        &adapter.reference(rules),
        position,
        rules,
        depth,
        &no_fault::<D>,
    )
}

/// The fault-free fast path of [`compare`] and [`random_positions`].
fn no_fault<D: FastDifferential>(_: &BoardOf<D>, _: MoveOf<D>, _: &mut BoardOf<D>) {}

/// [`compare`] with the reference made once for a whole game and `fault`
/// applied to the fast path's board after every move.
fn compare_on<D: FastDifferential, F: Fn(&BoardOf<D>, MoveOf<D>, &mut BoardOf<D>)>(
    adapter: &D,
    reference: &D::Reference,
    position: &D::Position,
    rules: &D::Ruleset,
    depth: u32,
    fault: &F,
) -> Result<Compared, Difference>
where
    MoveOf<D>: PartialEq,
{
    let Some((fast, board)) = adapter.fast(position, rules) else {
        return Ok(Compared {
            reference_only: 1,
            ..Compared::default()
        });
    };
    let at = || adapter.describe(position, rules);
    let here = Here {
        reference,
        fast: &fast,
        board: &board,
        position,
        rules,
    };
    adapter
        .check_position(&here)
        .map_err(|problem| Difference::Position { problem, at: at() })?;
    let mut expected = Vec::new();
    reference.legal_moves(position, &mut expected);
    let mut actual = Vec::new();
    fast.legal_moves(&board, &mut actual);
    same_moves(D::ORDER, &expected, &actual)
        .map_err(|moves| Difference::Moves { moves, at: at() })?;
    if fast.count_moves(&board, &mut Vec::new()) != expected.len() as u64 {
        return Err(Difference::BulkCount { at: at() });
    }
    let mut compared = Compared {
        positions: 1,
        moves: expected.len() as u64,
        ..Compared::default()
    };
    for &mv in &expected {
        let after = adapter
            .reference_after(reference, position, mv, &mut compared)
            .map_err(|reason| Difference::RefusesOwnMove {
                mv: mv.to_string(),
                reason,
                at: at(),
            })?;
        let mut played = fast.after(&board, mv);
        fault(&board, mv, &mut played);
        adapter
            .check_after(&here, &played, &after)
            .map_err(|problem| Difference::After {
                mv: mv.to_string(),
                at: at(),
                problem,
            })?;
    }
    for d in 1..=depth {
        let plain = perft(reference, position, d);
        let quick = perft(&fast, &board, d);
        let own = adapter.own_perft(&fast, &board, d);
        if quick != plain || own.is_some_and(|own| own != plain) {
            return Err(Difference::Perft {
                depth: d,
                at: at(),
                fast: quick,
                own,
                reference: plain,
            });
        }
    }
    adapter.situations(&here, &expected, &mut compared);
    Ok(compared)
}

/// The two move lists agree as `order` asks; `Err` names the moves one
/// lacks and the other adds, or the move listed twice.
fn same_moves<M: Copy + Display + PartialEq>(
    order: MoveOrder,
    expected: &[M],
    actual: &[M],
) -> Result<(), MovesDiffer> {
    match order {
        MoveOrder::Same => {
            if actual != expected {
                return Err(MovesDiffer::Lists(list_difference(expected, actual)));
            }
        }
        MoveOrder::AsSets => {
            let texts = |moves: &[M]| {
                let mut texts: Vec<String> = moves.iter().map(ToString::to_string).collect();
                texts.sort();
                texts
            };
            let (expected, actual) = (texts(expected), texts(actual));
            if actual != expected {
                return Err(MovesDiffer::Lists(list_difference(&expected, &actual)));
            }
            if actual.windows(2).any(|pair| pair[0] == pair[1]) {
                return Err(MovesDiffer::Twice);
            }
        }
    }
    Ok(())
}

/// The size of a random differential run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Walk {
    /// The first game's seed; the next games take the next seeds.
    pub first_seed: u64,
    /// How many positions to compare (at least).
    pub positions: u64,
    /// How many actions a game plays at the most.
    pub plies: usize,
    /// The perft compared at each position.
    pub perft: PerftDepth,
}

impl Walk {
    /// `positions` positions of games from seed `first_seed` on, each of
    /// at most `plies` actions, no perft.
    pub const fn new(first_seed: u64, positions: u64, plies: usize) -> Walk {
        Walk {
            first_seed,
            positions,
            plies,
            perft: PerftDepth {
                depth: 0,
                deeper_every: 0,
            },
        }
    }

    /// This walk with perft to `depth` at every position, one deeper at
    /// every `deeper_every`-th position of a game (0: never).
    pub const fn with_perft(self, depth: u32, deeper_every: u64) -> Walk {
        Walk {
            perft: PerftDepth {
                depth,
                deeper_every,
            },
            ..self
        }
    }
}

/// The perft compared at each position of a random game: to `depth`,
/// and one deeper at every `deeper_every`-th position of a game (its
/// first included; 0: never).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PerftDepth {
    /// The depth at every position (0: no perft).
    pub depth: u32,
    /// Every how many positions of a game perft goes one deeper (0: never).
    pub deeper_every: u64,
}

/// The name under which [`random_positions`] counts the positions that
/// compared the deeper perft of [`PerftDepth::deeper_every`].
pub const DEEPER_PERFT: &str = "deeper perft";

/// Runs [`compare`] on the positions of seeded random games, seed after
/// seed from `walk.first_seed`, until `walk.positions` positions were
/// compared. `progress` is called after every game with the running
/// totals.
///
/// # Errors
/// The first difference, with the seed and ply that found it.
pub fn random_positions<D: FastDifferential>(
    adapter: &D,
    walk: Walk,
    progress: impl FnMut(&Compared),
) -> Result<Compared, Difference>
where
    MoveOf<D>: PartialEq,
{
    serial(adapter, walk, &no_fault::<D>, progress)
}

/// [`random_positions`] with `fault` planted in the fast path: it changes
/// the fast path's board after every move (given the board before it and
/// the move). A test shows with it that the comparison catches such a
/// fault.
///
/// # Errors
/// The first difference, with the seed and ply that found it.
pub fn random_positions_with_fault<D: FastDifferential>(
    adapter: &D,
    walk: Walk,
    fault: impl Fn(&BoardOf<D>, MoveOf<D>, &mut BoardOf<D>),
) -> Result<Compared, Difference>
where
    MoveOf<D>: PartialEq,
{
    serial(adapter, walk, &fault, |_| {})
}

/// The serial walk of [`random_positions`] with `fault`.
fn serial<D: FastDifferential, F: Fn(&BoardOf<D>, MoveOf<D>, &mut BoardOf<D>)>(
    adapter: &D,
    walk: Walk,
    fault: &F,
    mut progress: impl FnMut(&Compared),
) -> Result<Compared, Difference>
where
    MoveOf<D>: PartialEq,
{
    let mut total = Compared::default();
    let mut seed = walk.first_seed;
    while total.positions < walk.positions {
        let limit = walk.positions - total.positions;
        if let Some(game) = one_game(adapter, seed, walk, limit, fault)? {
            total.add(&game);
            progress(&total);
        }
        seed += 1;
    }
    Ok(total)
}

/// [`random_positions`] on the threads of the current rayon pool: the
/// games of a batch of seeds run in parallel and are added up in seed
/// order, batch after batch, until at least `walk.positions` positions
/// were compared. Every game is played to its end or to `walk.plies`
/// actions, so the last batch may go past `walk.positions`; the totals
/// and the first difference (the lowest seed that has one) do not depend
/// on the number of threads. `progress` is called after every batch.
///
/// # Errors
/// The difference of the lowest seed with one, with its seed and ply.
pub fn random_positions_parallel<D: FastDifferential>(
    adapter: &D,
    walk: Walk,
    mut progress: impl FnMut(&Compared),
) -> Result<Compared, Difference>
where
    MoveOf<D>: PartialEq,
{
    use rayon::prelude::{IntoParallelIterator, ParallelIterator};
    /// Seeds per batch: enough to keep every thread busy between two
    /// progress reports.
    const BATCH: u64 = 64;
    let mut total = Compared::default();
    let mut seed = walk.first_seed;
    while total.positions < walk.positions {
        let games: Vec<Result<Option<Compared>, Difference>> = (seed..seed + BATCH)
            .into_par_iter()
            .map(|seed| one_game(adapter, seed, walk, u64::MAX, &no_fault::<D>))
            .collect();
        for game in games {
            if let Some(game) = game? {
                total.add(&game);
            }
        }
        progress(&total);
        seed += BATCH;
    }
    Ok(total)
}

/// The seeded random game `seed` ([`FastDifferential::random_game`]),
/// with [`compare`] at every position until `walk.plies` actions or
/// `limit` compared positions, `fault` planted in the fast path; `None`
/// when the seed gives no game.
fn one_game<D: FastDifferential, F: Fn(&BoardOf<D>, MoveOf<D>, &mut BoardOf<D>)>(
    adapter: &D,
    seed: u64,
    walk: Walk,
    limit: u64,
    fault: &F,
) -> Result<Option<Compared>, Difference>
where
    MoveOf<D>: PartialEq,
{
    let Some(mut game) = adapter.random_game(seed, walk.plies) else {
        return Ok(None);
    };
    let reference = adapter.reference(&game.rules);
    let mut total = Compared::default();
    for ply in 0..game.plies {
        let every = walk.perft.deeper_every;
        let deeper = every > 0 && ply as u64 % every == 0;
        let depth = walk.perft.depth + u32::from(deeper);
        let mut compared = compare_on(
            adapter,
            &reference,
            &game.position,
            &game.rules,
            depth,
            fault,
        )
        .map_err(|difference| Difference::InGame {
            seed,
            ply,
            difference: Box::new(difference),
        })?;
        if every > 0 {
            compared.count(DEEPER_PERFT, deeper && compared.positions > 0);
        }
        total.add(&compared);
        if total.positions >= limit {
            break;
        }
        let Some(next) =
            adapter.random_step(&reference, &game.position, &game.rules, &mut game.rng)
        else {
            break;
        };
        game.position = next;
    }
    Ok(Some(total))
}

/// What an adapter's own check found to differ, in the rule system's
/// words (`the holders differ`); [`Difference`] says where.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct Differs(pub String);

impl From<String> for Differs {
    fn from(words: String) -> Differs {
        Differs(words)
    }
}

/// Where the fast path and the rule code disagree.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Difference {
    /// The rule system's own checks of a position (the adapter's words).
    #[error("{problem} {at}")]
    Position {
        /// What differs.
        problem: Differs,
        /// Where ([`FastDifferential::describe`]).
        at: String,
    },
    /// The legal moves.
    #[error("{moves} {at}")]
    Moves {
        /// How they differ.
        moves: MovesDiffer,
        /// Where.
        at: String,
    },
    /// The bulk count against the list.
    #[error("the bulk count differs from the list {at}")]
    BulkCount {
        /// Where.
        at: String,
    },
    /// The reference refuses a move it listed.
    #[error("the reference refuses its own move {mv}: {reason} {at}")]
    RefusesOwnMove {
        /// The move.
        mv: String,
        /// The adapter's words.
        reason: Differs,
        /// Where.
        at: String,
    },
    /// The position after a move (the adapter's words).
    #[error("after {mv} {at}: {problem}")]
    After {
        /// The move.
        mv: String,
        /// Where.
        at: String,
        /// What differs.
        problem: Differs,
    },
    /// A perft count.
    #[error(
        "perft {depth} differs {at}: fast {fast} (its own counter {own:?}), reference {reference}"
    )]
    Perft {
        /// The depth.
        depth: u32,
        /// Where.
        at: String,
        /// The fast path's count.
        fast: u64,
        /// The fast path's own counter, where it has one.
        own: Option<u64>,
        /// The reference's count.
        reference: u64,
    },
    /// A difference in a seeded random game.
    #[error("seed {seed}, ply {ply}: {difference}")]
    InGame {
        /// The game's seed.
        seed: u64,
        /// The ply.
        ply: usize,
        /// The difference there.
        difference: Box<Difference>,
    },
}

/// How two lists of legal moves differ.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MovesDiffer {
    /// Moves one lacks and the other adds.
    #[error("legal moves differ: {0}")]
    Lists(String),
    /// A move listed twice.
    #[error("the fast path lists a move twice")]
    Twice,
}
