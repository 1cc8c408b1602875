//! Sovereign Chess's fast path (`src/variant/sovereign/fast/`) against its
//! reference rule code: every count of `tests/data/sovereign.perft` on
//! both paths (and on two threads), every block's position and every
//! Sovereign scenario position along its actions through the
//! differential (`fast::differential`: legal moves as sets, the bulk
//! count, the position and holders after every move), random positions
//! under random rulesets, and a deliberately broken fast path that the
//! differential must catch. The long run is
//! `REGELWERK_SC_DIFF_POSITIONS=100000 cargo test --release --test main -- --ignored sovereign_fast_long --nocapture`.

use regelwerk::perftfile::{self, Outcome, PerftFile};
use regelwerk::variant::sovereign::fast::{differential, Board};
use regelwerk::variant::sovereign::{Position, Ruleset};
use regelwerk::variant::{divide_game_parallel, PerftPath, VariantId};

const CORPUS: &str = include_str!("data/sovereign.perft");

fn corpus() -> PerftFile {
    perftfile::parse(CORPUS, "tests/data/sovereign.perft").unwrap_or_else(|error| panic!("{error}"))
}

fn position(fen: &str) -> Position {
    Position::from_fen(fen).unwrap_or_else(|error| panic!("`{fen}`: {error:?}"))
}

fn rules(settings: &[String]) -> Ruleset {
    Ruleset::from_settings(settings).unwrap_or_else(|error| panic!("{settings:?}: {error}"))
}

/// Every corpus line up to 2,000,000 nodes on the fast path and up to
/// 300,000 on the reference (the file's own counts are the reference's),
/// each block's deepest cheap count on two threads, every block's
/// position through the differential.
#[test]
fn every_corpus_line_agrees_on_both_paths() {
    let file = corpus();
    let run = |max_nodes, path| {
        let checked = file.run(VariantId::Sovereign, max_nodes, path, |_| {});
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
    let fast = run(2_000_000, PerftPath::Fast);
    let reference = run(300_000, PerftPath::Reference);
    assert!(fast >= reference && reference > 480, "{fast} {reference}");
    for block in &file.blocks {
        let game = file
            .game_of(VariantId::Sovereign, block)
            .unwrap_or_else(|error| panic!("{error}"));
        let now = position(&game.position_text());
        differential::compare(&now, &rules(&block.rulings))
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

/// Every Sovereign scenario: the start and each position its actions
/// reach go through the differential under the scenario's rulings; its
/// perft steps count the same on both paths.
#[test]
fn every_sovereign_scenario_position_agrees() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let files = regelwerk::suite::collect_files(&[root.join("scenarios/sovereign")])
        .unwrap_or_else(|e| panic!("scenarios/sovereign: {e}"));
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
            let now = position(&game.position_text());
            differential::compare(&now, &ruleset).unwrap_or_else(|e| panic!("{}: {e}", at(ply)));
            compared += 1;
            if let Some(depth) = step.perft.filter(|&depth| depth <= 3) {
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
        let last = position(&game.position_text());
        differential::compare(&last, &ruleset)
            .unwrap_or_else(|e| panic!("{}: at the end: {e}", at(0)));
        compared += 1;
    }
    assert!(
        compared > 100,
        "only {compared} scenario positions compared"
    );
    assert!(counted >= 2, "only {counted} scenario perft steps counted");
}

/// The CI size of the random differential: 3,000 positions under random
/// rulesets, with defections, promotions, castling and held chains seen.
#[test]
fn random_sovereign_positions_agree() {
    let total = differential::random_positions(1, 3000, 60, |_| {})
        .unwrap_or_else(|error| panic!("{error}"));
    assert!(total.positions >= 3000, "{total:?}");
    assert!(total.moves > 30_000, "{total:?}");
    assert!(total.defections >= 50, "{total:?}");
    assert!(total.promotions >= 20, "{total:?}");
    assert!(total.castlings >= 20, "{total:?}");
    assert!(total.chains >= 50, "{total:?}");
}

/// A fast path that keeps the holders of the position before the move
/// (control not recomputed when a coloured square changes hands) is
/// caught by the differential on the random positions.
#[test]
fn a_fast_path_that_forgets_to_recompute_control_is_caught() {
    let forget = |before: &Board, _mv, after: &mut Board| after.held = before.held;
    let caught = differential::random_positions_with(1, 3000, 60, forget, |_| {});
    let error = caught.expect_err("the broken fast path passed");
    assert!(error.contains("holders differ"), "{error}");
}

/// A game playing a misreading counts with the rule code, where the
/// fault lives: for every misreading and every corpus block, perft 2 on
/// the fast path equals perft 2 on the reference, and some misreading
/// changes some count (so the fast path, which knows no faults, would
/// have given another number).
#[test]
fn a_game_with_a_fault_counts_with_the_rule_code() {
    use regelwerk::variant::sovereign::faults::Misreading;
    let file = corpus();
    let mut changed = 0;
    for misreading in Misreading::ALL {
        let faults = vec![misreading.id().to_string()];
        for block in &file.blocks {
            let plain = file
                .game_of(VariantId::Sovereign, block)
                .unwrap_or_else(|error| panic!("{error}"));
            let fen = plain.position_text();
            let Ok(game) = regelwerk::variant::open_with_faults(
                VariantId::Sovereign,
                Some(&fen),
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

/// The long run: `REGELWERK_SC_DIFF_POSITIONS` positions (default
/// 100,000), progress every 10,000 on stderr.
#[test]
#[ignore]
fn sovereign_fast_long() {
    let positions = std::env::var("REGELWERK_SC_DIFF_POSITIONS")
        .ok()
        .and_then(|text| text.parse().ok())
        .unwrap_or(100_000);
    let started = std::time::Instant::now();
    let mut last = 0;
    let total = differential::random_positions(1_000_000, positions, 150, |total| {
        if total.positions / 10_000 > last {
            last = total.positions / 10_000;
            eprintln!("{total:?} after {:.0?}", started.elapsed());
        }
    })
    .unwrap_or_else(|error| panic!("{error}"));
    eprintln!("done: {total:?} in {:.0?}", started.elapsed());
    assert!(total.positions >= positions);
}
