//! Three Kingdoms' fast path (`src/variant/threekingdoms/fast/`) against
//! its rule code: every count of `tests/data/threekingdoms.perft` on both
//! paths (and on two threads), every block's position and every Three
//! Kingdoms scenario position along its actions through the differential
//! (`fast::differential`: legal moves as sets, the bulk count, the
//! position after every move, perft 1-3), random positions under random
//! rulesets, and the rulings and misreadings the fast path leaves to the
//! rule code. The long run is
//! `REGELWERK_TK_DIFF_POSITIONS=100000 cargo test --release --test main -- --ignored threekingdoms_fast_long --nocapture`.

use regelwerk::perftfile::{self, Outcome, PerftFile};
use regelwerk::variant::threekingdoms::fast::{covers, differential, FastRules};
use regelwerk::variant::threekingdoms::notation;
use regelwerk::variant::threekingdoms::position::Position;
use regelwerk::variant::threekingdoms::ruleset::{register, Ruleset};
use regelwerk::variant::{divide_game_parallel, PerftPath, VariantId};

const CORPUS: &str = include_str!("data/threekingdoms.perft");

fn corpus() -> PerftFile {
    perftfile::parse(CORPUS, "tests/data/threekingdoms.perft")
        .unwrap_or_else(|error| panic!("{error}"))
}

fn position(text: &str) -> Position {
    let mut position =
        notation::from_text(text).unwrap_or_else(|error| panic!("`{text}`: {error}"));
    position.refresh_generals();
    position
}

fn rules(settings: &[String]) -> Ruleset {
    Ruleset::from_settings(settings).unwrap_or_else(|error| panic!("{settings:?}: {error}"))
}

/// Every corpus line up to 3,000,000 nodes on the fast path and up to
/// 300,000 on the rule code (the file's own counts are the rule code's),
/// each block's deepest cheap count on two threads, every block's
/// position through the differential with perft 1-3.
#[test]
fn every_corpus_line_agrees_on_both_paths() {
    let file = corpus();
    let run = |max_nodes, path| {
        let checked = file.run(VariantId::Threekingdoms, max_nodes, path, |_| {});
        for line in &checked {
            if let Outcome::Failed(message) = &line.outcome {
                panic!("{path:?}: {message}");
            }
        }
        checked
            .iter()
            .filter(|line| line.outcome == Outcome::Passed)
            .count()
    };
    let fast = run(3_000_000, PerftPath::Fast);
    let reference = run(300_000, PerftPath::Reference);
    assert!(fast >= reference && reference > 30, "{fast} {reference}");
    for block in &file.blocks {
        let game = file
            .game_of(VariantId::Threekingdoms, block)
            .unwrap_or_else(|error| panic!("{error}"));
        let now = position(&game.position_text());
        differential::compare(&now, &rules(&block.rulings), 3)
            .unwrap_or_else(|error| panic!("{}: {error}", block.id));
        let Some(count) = block.counts.iter().rfind(|c| c.nodes <= 300_000) else {
            continue;
        };
        let threads: u64 = divide_game_parallel(game.as_ref(), count.depth, 2, PerftPath::Fast)
            .iter()
            .map(|(_, nodes)| nodes)
            .sum();
        assert_eq!(threads, count.nodes, "{}: two threads", block.id);
    }
}

/// Every Three Kingdoms scenario: the start and each position its actions
/// reach go through the differential (perft 1-3) under the scenario's
/// rulings; its perft steps count the same on both paths.
#[test]
fn every_threekingdoms_scenario_position_agrees() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let files = regelwerk::suite::collect_files(&[root.join("scenarios/threekingdoms")])
        .unwrap_or_else(|e| panic!("scenarios/threekingdoms: {e}"));
    let (mut compared, mut counted) = (0, 0);
    for path in files {
        let loaded = regelwerk::scenario::load_file(&path, None)
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let Ok(mut game) = loaded.open() else {
            continue;
        };
        let ruleset = rules(&loaded.scenario.ruleset);
        let at = |ply: usize| format!("{}, before action {ply}", path.display());
        for (ply, step) in loaded.scenario.steps.iter().enumerate() {
            if game.status().is_over() {
                break;
            }
            let now = position(&game.position_text());
            let compared_here = differential::compare(&now, &ruleset, 3)
                .unwrap_or_else(|e| panic!("{}: {e}", at(ply)));
            compared += compared_here.positions;
            if let Some(depth) = step.perft.filter(|&depth| depth <= 4) {
                let fast = game.perft_on(depth, PerftPath::Fast);
                assert_eq!(
                    fast,
                    game.perft_on(depth, PerftPath::Reference),
                    "{}: perft {depth}",
                    at(ply)
                );
                if let Some(expected) = step.expect_nodes {
                    assert_eq!(fast, expected, "{}: perft {depth}", at(ply));
                }
                counted += 1;
            }
            if let Some(text) = &step.play {
                // A refused action leaves the game as it was.
                let _ = game.play(text);
            }
        }
        if !game.status().is_over() {
            let last = position(&game.position_text());
            compared += differential::compare(&last, &ruleset, 3)
                .unwrap_or_else(|e| panic!("{}: at the end: {e}", at(0)))
                .positions;
        }
    }
    assert!(
        compared > 100,
        "only {compared} scenario positions compared"
    );
    assert!(counted >= 2, "only {counted} scenario perft steps counted");
}

/// The CI size of the random differential: 3,000 positions under random
/// rulesets, perft 1-2 at each and perft 3 at every tenth, with checks,
/// general captures, turn-start defeats and two-kingdom games seen.
#[test]
fn random_threekingdoms_positions_agree() {
    let total = differential::random_positions(1, 3000, 80, 10, |_| {})
        .unwrap_or_else(|error| panic!("{error}"));
    assert!(total.positions >= 3000, "{total:?}");
    assert!(total.moves > 30_000, "{total:?}");
    assert!(total.deep >= 250, "{total:?}");
    assert!(total.checks >= 50, "{total:?}");
    assert!(total.general_captures >= 3, "{total:?}");
    assert!(total.trap_defeats >= 20, "{total:?}");
    assert!(total.two_active >= 300, "{total:?}");
    assert_eq!(total.reference_only, 0, "{total:?}");
}

/// Every alternative but `R-CHECK=after-transition` and
/// `R-MOVE-ID=by-path` is the fast path's; those two count with the rule
/// code (and do so from the start, as perft 3 on both paths shows).
#[test]
fn every_ruling_is_covered_or_left_to_the_rule_code() {
    assert!(covers(&Ruleset::default()));
    let left = ["R-CHECK=after-transition", "R-MOVE-ID=by-path"];
    for (id, keys) in register() {
        for key in &keys[1..] {
            let setting = format!("{id}={key}");
            let ruleset = rules(std::slice::from_ref(&setting));
            assert_eq!(
                covers(&ruleset),
                !left.contains(&setting.as_str()),
                "{setting}"
            );
            assert_eq!(
                FastRules::new(&ruleset).is_some(),
                covers(&ruleset),
                "{setting}"
            );
            let game = regelwerk::variant::open(
                VariantId::Threekingdoms,
                None,
                std::slice::from_ref(&setting),
            )
            .unwrap_or_else(|error| panic!("{setting}: {error}"));
            assert_eq!(
                game.perft_on(3, PerftPath::Fast),
                game.perft_on(3, PerftPath::Reference),
                "{setting}"
            );
        }
    }
}

/// A game playing a misreading counts with the rule code, where the
/// fault lives: for every misreading and every corpus block, perft 2 on
/// the fast path equals perft 2 on the reference, and some misreading
/// changes some count (so the fast path, which knows no faults, would
/// have given another number).
#[test]
fn a_game_with_a_fault_counts_with_the_rule_code() {
    use regelwerk::variant::threekingdoms::faults::Misreading;
    let file = corpus();
    let mut changed = 0;
    for misreading in Misreading::ALL {
        let faults = vec![misreading.id().to_string()];
        for block in &file.blocks {
            let plain = file
                .game_of(VariantId::Threekingdoms, block)
                .unwrap_or_else(|error| panic!("{error}"));
            let text = plain.position_text();
            let Ok(game) = regelwerk::variant::open_with_faults(
                VariantId::Threekingdoms,
                Some(&text),
                &block.rulings,
                &faults,
            ) else {
                continue;
            };
            let at = format!("{} in {}", misreading.id(), block.id);
            let fast = game.perft_on(2, PerftPath::Fast);
            assert_eq!(fast, game.perft_on(2, PerftPath::Reference), "{at}");
            changed += usize::from(fast != plain.perft_on(2, PerftPath::Fast));
        }
    }
    assert!(changed > 0, "no misreading changed a count");
}

/// The long run: `REGELWERK_TK_DIFF_POSITIONS` positions (default
/// 100,000), perft 3 at every fifth, progress every 10,000 on stderr.
#[test]
#[ignore]
fn threekingdoms_fast_long() {
    let positions = std::env::var("REGELWERK_TK_DIFF_POSITIONS")
        .ok()
        .and_then(|text| text.parse().ok())
        .unwrap_or(100_000);
    let started = std::time::Instant::now();
    let mut last = 0;
    let total = differential::random_positions(1_000_000, positions, 150, 5, |total| {
        if total.positions / 10_000 > last {
            last = total.positions / 10_000;
            eprintln!("{total:?} after {:.0?}", started.elapsed());
        }
    })
    .unwrap_or_else(|error| panic!("{error}"));
    eprintln!("done: {total:?} in {:.0?}", started.elapsed());
    assert!(total.positions >= positions);
}
