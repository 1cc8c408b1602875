//! The scaffolding the fast-path tests share (`fast_path`,
//! `racingkings::fast`, `sovereign::fast`, `threekingdoms::fast`): each
//! variant's adapter of `regelwerk::variant::fast_differential` with how
//! its positions and rulesets are read ([`Case`]), and the checks every
//! fast path goes through: the perft corpus on both paths, every scenario
//! position along its actions, the CI-sized random differential, the long
//! `--ignored` run with progress, and the misreadings a game leaves to
//! the rule code.

use regelwerk::perftfile::{Outcome, PerftFile};
use regelwerk::scenario::Step;
use regelwerk::variant::fast_differential::{
    compare, random_positions, random_positions_parallel, Compared, FastDifferential, MoveOf, Walk,
};
use regelwerk::variant::{divide_game_parallel, open_with_faults, Game, PerftPath, VariantId};

/// A variant's differential adapter with what a test needs to feed it.
pub trait Case: FastDifferential {
    /// The variant.
    const VARIANT: VariantId;
    /// The adapter.
    const ADAPTER: Self;
    /// The position a game's position text names.
    fn position(text: &str) -> Self::Position;
    /// The ruleset of ruling settings (`R-...=...`).
    fn rules(settings: &[String]) -> Self::Ruleset;
}

impl Case for regelwerk::variant::monarchie::fast::differential::Adapter {
    const VARIANT: VariantId = VariantId::Monarchie;
    const ADAPTER: Self = Self;
    fn position(text: &str) -> Self::Position {
        regelwerk::variant::monarchie::notation::parse_position(text)
            .unwrap_or_else(|error| panic!("`{text}`: {error}"))
    }
    fn rules(settings: &[String]) -> Self::Ruleset {
        regelwerk::variant::monarchie::Ruleset::from_settings(settings)
            .unwrap_or_else(|error| panic!("{settings:?}: {error}"))
    }
}

impl Case for regelwerk::variant::racingkings::fast::differential::Adapter {
    const VARIANT: VariantId = VariantId::Racingkings;
    const ADAPTER: Self = Self;
    fn position(text: &str) -> Self::Position {
        use regelwerk::variant::chess::ChessPosition;
        regelwerk::variant::racingkings::Position::from_fen(text)
            .unwrap_or_else(|error| panic!("`{text}`: {error}"))
    }
    fn rules(settings: &[String]) -> Self::Ruleset {
        assert!(
            settings.is_empty(),
            "Racing Kings has no rulings: {settings:?}"
        );
    }
}

impl Case for regelwerk::variant::sovereign::fast::differential::Adapter {
    const VARIANT: VariantId = VariantId::Sovereign;
    const ADAPTER: Self = Self;
    fn position(text: &str) -> Self::Position {
        regelwerk::variant::sovereign::Position::from_fen(text)
            .unwrap_or_else(|error| panic!("`{text}`: {error:?}"))
    }
    fn rules(settings: &[String]) -> Self::Ruleset {
        regelwerk::variant::sovereign::Ruleset::from_settings(settings)
            .unwrap_or_else(|error| panic!("{settings:?}: {error}"))
    }
}

impl Case for regelwerk::variant::threekingdoms::fast::differential::Adapter {
    const VARIANT: VariantId = VariantId::Threekingdoms;
    const ADAPTER: Self = Self;
    fn position(text: &str) -> Self::Position {
        let mut position = regelwerk::variant::threekingdoms::notation::from_text(text)
            .unwrap_or_else(|error| panic!("`{text}`: {error}"));
        position.refresh_generals();
        position
    }
    fn rules(settings: &[String]) -> Self::Ruleset {
        regelwerk::variant::threekingdoms::ruleset::Ruleset::from_settings(settings)
            .unwrap_or_else(|error| panic!("{settings:?}: {error}"))
    }
}

/// The differential on one position, perft 1 to `depth` included; panics
/// with `at` and the difference.
pub fn agrees<C: Case>(position: &C::Position, rules: &C::Ruleset, depth: u32, at: &str) -> Compared
where
    MoveOf<C>: PartialEq,
{
    compare(&C::ADAPTER, position, rules, depth).unwrap_or_else(|error| panic!("{at}: {error}"))
}

/// Every line of `file` up to `max_nodes` on `path` through
/// `perft-file`'s runner; panics on the first failure, returns how many
/// lines passed.
pub fn corpus_lines_pass(
    file: &PerftFile,
    variant: VariantId,
    max_nodes: u64,
    path: PerftPath,
) -> usize {
    let checked = file.run(variant, max_nodes, path, |_| {});
    for line in &checked {
        if let Outcome::Failed(message) = &line.outcome {
            panic!("{path:?}: {message}");
        }
    }
    checked
        .iter()
        .filter(|line| line.outcome == Outcome::Passed)
        .count()
}

/// Every corpus line up to `fast_max` nodes on the fast path and up to
/// `reference_max` on the reference (the file's own counts are the
/// reference's), each block's deepest count up to `reference_max` on two
/// threads, every block's position through the differential with perft
/// 1 to `depth`. Asserts that the fast path passed at least the lines the
/// reference passed and the reference more than `reference_lines`.
pub fn corpus_agrees<C: Case>(
    file: &PerftFile,
    (fast_max, reference_max): (u64, u64),
    depth: u32,
    reference_lines: usize,
) where
    MoveOf<C>: PartialEq,
{
    let fast = corpus_lines_pass(file, C::VARIANT, fast_max, PerftPath::Fast);
    let reference = corpus_lines_pass(file, C::VARIANT, reference_max, PerftPath::Reference);
    for block in &file.blocks {
        let game = file
            .game_of(C::VARIANT, block)
            .unwrap_or_else(|error| panic!("{error}"));
        let now = C::position(&game.position_text());
        agrees::<C>(&now, &C::rules(&block.rulings), depth, &block.id);
        let Some(count) = block.counts.iter().rfind(|c| c.nodes <= reference_max) else {
            continue;
        };
        assert_eq!(
            threads_count(game.as_ref(), count.depth),
            count.nodes,
            "{}: two threads",
            block.id
        );
    }
    eprintln!(
        "{}: corpus lines fast {fast}, reference {reference}",
        C::VARIANT
    );
    assert!(
        fast >= reference && reference > reference_lines,
        "{fast} {reference}"
    );
}

/// perft `depth` of `game` split by first move on two threads, added up.
pub fn threads_count(game: &dyn Game, depth: u32) -> u64 {
    divide_game_parallel(game, depth, 2, PerftPath::Fast)
        .iter()
        .map(|(_, nodes)| nodes)
        .sum()
}

/// What to do at a finished game's position in [`scenarios_agree`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Finished {
    /// Compare it too.
    Compare,
    /// Stop the scenario there.
    Stop,
}

/// Every scenario of the variant (`scenarios/<variant>/`): the start and
/// each position its actions reach go through the differential (perft 1
/// to `depth`) under the scenario's rulings; its perft steps up to
/// `perft_max` count the same on both paths (and the step's count where
/// it names one). Asserts that more than `at_least.0` positions were
/// compared on the fast path and at least `at_least.1` perft steps
/// counted.
pub fn scenarios_agree<C: Case>(
    depth: u32,
    perft_max: u32,
    finished: Finished,
    at_least: (u64, u64),
) where
    MoveOf<C>: PartialEq,
{
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let folder = root.join("scenarios").join(C::VARIANT.name());
    let files = regelwerk::suite::collect_files(&[folder])
        .unwrap_or_else(|e| panic!("scenarios/{}: {e}", C::VARIANT));
    let (mut compared, mut counted) = (Compared::default(), 0);
    for path in files {
        let loaded = regelwerk::scenario::load_file(&path, None)
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let Ok(mut game) = loaded.open() else {
            continue;
        };
        let rules = C::rules(&loaded.scenario.ruleset);
        let at = |ply: usize| format!("{}, before action {ply}", path.display());
        let over = |game: &dyn Game| finished == Finished::Stop && game.status().is_over();
        for (ply, step) in loaded.scenario.steps.iter().enumerate() {
            if over(game.as_ref()) {
                break;
            }
            let now = C::position(&game.position_text());
            compared.add(&agrees::<C>(&now, &rules, depth, &at(ply)));
            if let Step::Perft {
                depth,
                nodes: expected,
            } = *step
            {
                if depth <= perft_max {
                    let fast = game.perft_on(depth, PerftPath::Fast);
                    assert_eq!(
                        fast,
                        game.perft_on(depth, PerftPath::Reference),
                        "{}: perft {depth}",
                        at(ply)
                    );
                    assert_eq!(fast, expected, "{}: perft {depth}", at(ply));
                    counted += 1;
                }
            }
            if let Some(text) = step.action() {
                // A refused action leaves the game as it was.
                let _ = game.play(text);
            }
        }
        if !over(game.as_ref()) {
            let last = C::position(&game.position_text());
            let at = format!("{}: at the end", path.display());
            compared.add(&agrees::<C>(&last, &rules, depth, &at));
        }
    }
    eprintln!(
        "{}: scenario positions {compared:?}, {counted} perft steps counted",
        C::VARIANT
    );
    assert!(
        compared.positions > at_least.0,
        "only {compared:?} compared"
    );
    assert!(
        counted >= at_least.1,
        "only {counted} scenario perft steps counted"
    );
}

/// The CI-sized random differential ([`random_positions`]); prints the
/// tally, asserts that at least `walk.positions` positions and more than
/// `moves` moves were compared, returns the tally; panics on the first
/// difference.
pub fn random_agree<C: Case>(walk: Walk, moves: u64) -> Compared
where
    MoveOf<C>: PartialEq,
{
    let total =
        random_positions(&C::ADAPTER, walk, |_| {}).unwrap_or_else(|error| panic!("{error}"));
    eprintln!("{}: {total:?}", C::VARIANT);
    assert!(total.positions >= walk.positions, "{total:?}");
    assert!(total.moves > moves, "{total:?}");
    total
}

/// The long `--ignored` run: `walk` with as many positions as the
/// environment variable `knob` says (`walk.positions` when unset), on
/// every core (`RAYON_NUM_THREADS` to choose), progress every 10,000
/// positions on stderr.
pub fn long_run<C: Case>(knob: &str, walk: Walk) -> Compared
where
    MoveOf<C>: PartialEq,
{
    let positions = std::env::var(knob)
        .ok()
        .map(|text| {
            text.parse()
                .unwrap_or_else(|error| panic!("{knob}=`{text}`: {error}"))
        })
        .unwrap_or(walk.positions);
    let walk = Walk { positions, ..walk };
    let started = std::time::Instant::now();
    let mut last = 0;
    let total = random_positions_parallel(&C::ADAPTER, walk, |total| {
        if total.positions / 10_000 > last {
            last = total.positions / 10_000;
            eprintln!("{}: {total:?} after {:.0?}", C::VARIANT, started.elapsed());
        }
    })
    .unwrap_or_else(|error| panic!("{error}"));
    eprintln!(
        "{}: done: {total:?} in {:.0?}",
        C::VARIANT,
        started.elapsed()
    );
    assert!(total.positions >= positions, "{total:?}");
    total
}

/// A game playing a misreading counts with the rule code, where the
/// fault lives: for every misreading of `faults` and every corpus block,
/// perft 2 on the fast path equals perft 2 on the reference; returns how
/// many (misreading, block) pairs change a count (the fast path, which
/// knows no faults, would have given another number there).
pub fn faults_count_with_the_rule_code(
    variant: VariantId,
    file: &PerftFile,
    faults: &[&str],
) -> usize {
    let mut changed = 0;
    for fault in faults {
        let faults = vec![fault.to_string()];
        for block in &file.blocks {
            let plain = file
                .game_of(variant, block)
                .unwrap_or_else(|error| panic!("{error}"));
            let text = plain.position_text();
            let Ok(game) = open_with_faults(variant, Some(&text), &block.rulings, &faults) else {
                continue;
            };
            let at = format!("{fault} in {}", block.id);
            let fast = game.perft_on(2, PerftPath::Fast);
            assert_eq!(fast, game.perft_on(2, PerftPath::Reference), "{at}");
            changed += usize::from(fast != plain.perft_on(2, PerftPath::Fast));
        }
    }
    eprintln!("{variant}: {changed} (misreading, block) pairs change a count");
    changed
}
