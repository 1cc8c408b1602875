//! The fast path (`src/variant/monarchie/fast/`) against the reference
//! rule code: every perft block, every scenario position along its
//! actions, and random positions from seeded games
//! (`fast_differential` with MONARCHIE's adapter, `fast::differential`;
//! the shared scaffolding is `fast_harness`). The long run is
//! `REGELWERK_DIFF_POSITIONS=1000000 cargo test --release --test main -- --ignored fast_path_long --nocapture`.

use regelwerk::variant::fast_differential::{
    random_positions, random_positions_parallel, FastDifferential, Walk,
};
use regelwerk::variant::monarchie::fast::{covers, differential};
use regelwerk::variant::monarchie::notation::parse_position;
use regelwerk::variant::monarchie::perft::{perft_parallel, perft_with, PerftPath};
use regelwerk::variant::monarchie::ruleset::{BishopBlocking, DiagonalAtNotch};
use regelwerk::variant::monarchie::{Action, Ruleset};

use crate::harness::fast_harness::{agrees, long_run, random_agree};

/// A MONARCHIE scenario's start as position and ruleset: `None` for
/// another variant's scenario, a position marked invalid, or one that
/// does not read.
fn monarchie_start(
    loaded: &regelwerk::scenario::Loaded,
) -> Option<(regelwerk::variant::monarchie::Position, Ruleset)> {
    if loaded.scenario.variant != regelwerk::variant::VariantId::Monarchie
        || loaded.scenario.position.invalid
    {
        return None;
    }
    regelwerk::variant::monarchie::diagram::scenario::start(&loaded.start, &loaded.scenario.ruleset)
}

/// MONARCHIE's adapter.
type Mon = differential::Adapter;

/// The CI walk: 3,000 positions from seed 1, games of at most 80 actions.
const CI: Walk = Walk::new(1, 3000, 80);

const CORPUS: &str = include_str!("../data/monarchie.perft");

/// (id, position text, rulings) of every perft block.
fn perft_blocks() -> Vec<(String, String, Vec<String>)> {
    let file = regelwerk::perftfile::parse(CORPUS, "tests/data/monarchie.perft")
        .unwrap_or_else(|error| panic!("{error}"));
    assert!(
        file.blocks.len() >= 10,
        "the perft corpus has {} blocks",
        file.blocks.len()
    );
    file.blocks
        .into_iter()
        .map(|block| (block.id, block.position.value, block.rulings))
        .collect()
}

#[test]
fn every_perft_block_agrees_move_for_move() {
    for (id, text, rulings) in perft_blocks() {
        let position = parse_position(&text).unwrap_or_else(|e| panic!("block {id}: {e}"));
        let rules = Ruleset::from_settings(&rulings).unwrap_or_else(|e| panic!("block {id}: {e}"));
        agrees::<Mon>(&position, &rules, 0, &format!("block {id}"));
        for depth in 1..=3 {
            let fast = perft_with(&position, depth, &rules, PerftPath::Fast);
            let reference = perft_with(&position, depth, &rules, PerftPath::Reference);
            assert_eq!(fast, reference, "block {id}, perft {depth}");
            let parallel = perft_parallel(&position, depth, &rules, PerftPath::Fast, 2);
            assert_eq!(
                parallel, reference,
                "block {id}, perft {depth} on two threads"
            );
        }
    }
}

#[test]
fn every_scenario_position_agrees() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let files = regelwerk::suite::collect_files(&[root.join("scenarios/monarchie")])
        .unwrap_or_else(|e| panic!("scenarios/monarchie: {e}"));
    let mut compared = 0;
    for path in files {
        let loaded = regelwerk::scenario::load_file(&path, None)
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let Some((mut position, rules)) = monarchie_start(&loaded) else {
            continue;
        };
        let at = |ply: usize| format!("{}, before action {ply}", path.display());
        compared += agrees::<Mon>(&position, &rules, 0, &at(0)).positions;
        for (ply, step) in loaded.scenario.steps.iter().enumerate() {
            let Some(text) = step.action() else { continue };
            let Ok(action) = text.parse::<Action>() else {
                continue;
            };
            if regelwerk::variant::monarchie::rules::apply(&mut position, action, &rules).is_err() {
                continue;
            }
            compared += agrees::<Mon>(&position, &rules, 0, &at(ply + 1)).positions;
        }
    }
    eprintln!("monarchie: {compared} scenario positions compared");
    assert!(
        compared > 300,
        "only {compared} scenario positions compared"
    );
}

/// The CI size of the random differential: a few thousand positions.
#[test]
fn random_positions_agree() {
    random_agree::<Mon>(CI, 30_000);
}

/// The parallel run adds the games up in seed order, so its totals do not
/// depend on the number of threads, and they are the serial run's when
/// both stop at the same game.
#[test]
fn the_parallel_differential_equals_the_serial_one() {
    // Games of at most 24 plies: short, since the batch is run three times.
    let walk = |positions| Walk::new(5, positions, 24);
    let parallel = |threads| {
        rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap_or_else(|e| panic!("{e}"))
            .install(|| random_positions_parallel(&Mon::default(), walk(1), |_| {}))
            .unwrap_or_else(|e| panic!("{e}"))
    };
    let one = parallel(1);
    assert_eq!(one, parallel(2));
    assert!(one.positions > 0, "{one:?}");
    // One batch of 64 games, every game played out; the serial run asked
    // for exactly as many positions stops at the end of the same game (or
    // before a last game whose ruleset only the reference plays).
    let serial = random_positions(&Mon::default(), walk(one.positions), |_| {})
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!((serial.positions, serial.moves), (one.positions, one.moves));
}

/// The long run: `REGELWERK_DIFF_POSITIONS` positions (default a million),
/// on every core (`RAYON_NUM_THREADS` to choose).
#[test]
#[ignore]
fn fast_path_long() {
    long_run::<Mon>(
        "REGELWERK_DIFF_POSITIONS",
        Walk::new(1_000_000, 1_000_000, 120),
    );
}

/// Rulesets with misreadings fall back to the reference; every ruling
/// option is played by the fast path, the pair R-BISHOP=flanks-block and
/// R-DIAGONAL-NOTCH=crosses too (F-FLANKS-ACROSS-NOTCH).
#[test]
fn faulty_rulesets_fall_back_to_the_reference() {
    let both = Ruleset {
        bishop: BishopBlocking::FlanksBlock,
        diagonal: DiagonalAtNotch::Crosses,
        ..Ruleset::default()
    };
    assert!(covers(&both));
    let faulty = Ruleset::default()
        .with_faults(&["M-KING-INTO-CHECK"])
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(!covers(&faulty));
    assert!(covers(&Ruleset::default()));
    let position = regelwerk::variant::monarchie::Position::start();
    for rules in [both, faulty] {
        assert_eq!(
            perft_with(&position, 3, &rules, PerftPath::Fast),
            perft_with(&position, 3, &rules, PerftPath::Reference)
        );
    }
}

/// The pair R-BISHOP=flanks-block and R-DIAGONAL-NOTCH=crosses on random
/// positions: every ruleset of the run has both, the other rulings drawn.
#[test]
fn flanks_across_notches_agree_on_random_positions() {
    let mut compared = 0;
    for seed in 1..=40u64 {
        let mut rng = regelwerk::rng::Rng::new(seed);
        let mut rules = differential::random_ruleset(&mut rng);
        rules.bishop = BishopBlocking::FlanksBlock;
        rules.diagonal = DiagonalAtNotch::Crosses;
        let mut position = regelwerk::variant::monarchie::random::random_position(&mut rng, &rules);
        for _ in 0..20 {
            let done = agrees::<Mon>(&position, &rules, 0, &format!("seed {seed}"));
            assert_eq!(done.reference_only, 0);
            compared += done.positions;
            let Some(next) = Mon::default().random_step(&rules, &position, &rules, &mut rng) else {
                break;
            };
            position = next;
        }
    }
    eprintln!("monarchie: {compared} positions with flanks across notches");
    assert!(compared > 300, "{compared} positions");
}

/// The scenario positions the line-count test below counts from: a
/// queen, rooks on braid and straight lines, bishops at a notch.
const SLIDER_SCENARIOS: [&str; 5] = [
    "scenarios/monarchie/m.6.2/queen-is-rook-plus-bishop.yaml",
    "scenarios/monarchie/m.6.3/braid-alternative-zigzag-columns.yaml",
    "scenarios/monarchie/m.6.3/gruen-rook-six-lines-from-73.yaml",
    "scenarios/monarchie/m.6.4/crosses-alternative-bishop-jumps-notch.yaml",
    "scenarios/monarchie/m.6.4/flanks-block-alternative.yaml",
];

/// Perft's last ply counts a free slider's targets line by line only
/// where `Tables::countable` allows it: the lines from a cell must be
/// disjoint and each line beyond a cell must be that cell's own line.
/// The six straight lines are, and so are the diagonals under both
/// readings of R-DIAGONAL-NOTCH: a diagonal that crosses a notch is still
/// one straight line that goes on past the missing cells, so the line
/// beyond any of its cells is that cell's own. The braid's zig-zag
/// columns (R-ROOK=braid) are not, so neither the rook nor the queen is
/// counted by lines there; and under R-BISHOP=flanks-block a diagonal is
/// not blocked by its first piece alone, so neither the bishop nor the
/// queen is. For each combination of these three rulings the test pins
/// which sliders use the line count, and that perft from the start
/// (depth 3) and from scenario positions (depth 2) equals the plain rule
/// code.
#[test]
fn the_line_count_is_used_exactly_where_it_is_allowed_and_agrees() {
    use regelwerk::variant::monarchie::fast::{FastRules, LineCounts};
    use regelwerk::variant::monarchie::ruleset::RookLines;
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let positions: Vec<(String, regelwerk::variant::monarchie::Position)> = std::iter::once((
        "start".to_string(),
        regelwerk::variant::monarchie::Position::start(),
    ))
    .chain(SLIDER_SCENARIOS.iter().map(|name| {
        let loaded = regelwerk::scenario::load_file(&root.join(name), None)
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        let (position, _) =
            monarchie_start(&loaded).unwrap_or_else(|| panic!("{name}: not a MONARCHIE position"));
        (name.to_string(), position)
    }))
    .collect();
    let mut used = [0; 3];
    for &rook in RookLines::ALL {
        for &diagonal in DiagonalAtNotch::ALL {
            for &bishop in BishopBlocking::ALL {
                let rules = Ruleset {
                    rook,
                    diagonal,
                    bishop,
                    ..Ruleset::default()
                };
                let fast = FastRules::new(&rules)
                    .unwrap_or_else(|| panic!("the fast path covers {rules}"));
                let straight = rook == RookLines::Sides;
                // R-DIAGONAL-NOTCH changes the diagonals' extent, not
                // whether they can be counted.
                let diagonals = bishop == BishopBlocking::OnLine;
                let wanted = LineCounts {
                    rook: straight,
                    bishop: diagonals,
                    queen: straight && diagonals,
                };
                assert_eq!(fast.line_counts(), wanted, "under {rules}");
                for (index, on) in [wanted.rook, wanted.bishop, wanted.queen]
                    .into_iter()
                    .enumerate()
                {
                    used[index] += usize::from(on);
                }
                for (name, position) in &positions {
                    let depth = if name == "start" { 3 } else { 2 };
                    assert_eq!(
                        perft_with(position, depth, &rules, PerftPath::Fast),
                        perft_with(position, depth, &rules, PerftPath::Reference),
                        "{name}, perft {depth} under {rules}"
                    );
                }
            }
        }
    }
    // Both answers occur for each slider among the eight rulesets.
    assert_eq!(
        used,
        [4, 4, 2],
        "rulesets counting rook, bishop, queen by lines"
    );
}
