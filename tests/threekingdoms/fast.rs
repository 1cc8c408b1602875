//! Three Kingdoms' fast path (`src/variant/threekingdoms/fast/`) against
//! its rule code: every count of `tests/data/threekingdoms.perft` on both
//! paths (and on two threads), every block's position and every Three
//! Kingdoms scenario position along its actions through the differential
//! (`fast_differential` with Three Kingdoms' adapter, `fast::differential`:
//! legal moves as sets, the bulk count, the position after every move,
//! perft 1-3), random positions under random rulesets, a deliberately
//! broken fast path that the differential must catch, and the rulings and
//! misreadings the fast path leaves to the rule code; the shared
//! scaffolding is `fast_harness`. The long run is
//! `REGELWERK_TK_DIFF_POSITIONS=100000 cargo test --release --test main -- --ignored threekingdoms_fast_long --nocapture`.

use regelwerk::perftfile::{self, PerftFile};
use regelwerk::variant::fast_differential::{random_positions_with_fault, Walk, DEEPER_PERFT};
use regelwerk::variant::threekingdoms::fast::{covers, differential, Board, FastRules};
use regelwerk::variant::threekingdoms::faults::Misreading;
use regelwerk::variant::threekingdoms::ruleset::{register, Ruleset};
use regelwerk::variant::{PerftPath, VariantId};

use crate::harness::fast_harness::{
    corpus_agrees, faults_count_with_the_rule_code, long_run, random_agree, scenarios_agree, Case,
    Finished,
};

/// Three Kingdoms' adapter.
type Tk = differential::Adapter;

/// The CI walk: 3,000 positions from seed 1, games of at most 80 moves,
/// perft 2 at every position and perft 3 at every tenth of a game.
const CI: Walk = Walk::new(1, 3000, 80).with_perft(2, 10);

const CORPUS: &str = include_str!("../data/threekingdoms.perft");

fn corpus() -> PerftFile {
    perftfile::parse(CORPUS, "tests/data/threekingdoms.perft")
        .unwrap_or_else(|error| panic!("{error}"))
}

/// Every corpus line up to 3,000,000 nodes on the fast path and up to
/// 300,000 on the rule code (the file's own counts are the rule code's),
/// each block's deepest cheap count on two threads, every block's
/// position through the differential with perft 1-3.
#[test]
fn every_corpus_line_agrees_on_both_paths() {
    corpus_agrees::<Tk>(&corpus(), (3_000_000, 300_000), 3, 30);
}

/// Every Three Kingdoms scenario: the start and each position its actions
/// reach go through the differential (perft 1-3) under the scenario's
/// rulings, until the game is over; its perft steps count the same on
/// both paths.
#[test]
fn every_threekingdoms_scenario_position_agrees() {
    scenarios_agree::<Tk>(3, 4, Finished::Stop, (100, 2));
}

/// The CI size of the random differential: 3,000 positions under random
/// rulesets, perft 1-2 at each and perft 3 at every tenth of a game, with
/// checks, general captures, turn-start defeats and two-kingdom games
/// seen.
#[test]
fn random_threekingdoms_positions_agree() {
    let total = random_agree::<Tk>(CI, 30_000);
    assert!(total.seen(DEEPER_PERFT) >= 250, "{total:?}");
    assert!(total.seen(differential::CHECKS) >= 50, "{total:?}");
    assert!(total.seen(differential::GENERAL_CAPTURES) >= 3, "{total:?}");
    assert!(total.seen(differential::TRAP_DEFEATS) >= 20, "{total:?}");
    assert!(total.seen(differential::TWO_ACTIVE) >= 300, "{total:?}");
    assert_eq!(total.reference_only, 0, "{total:?}");
}

/// A fast path that forgets to move the counter of quiet moves on (it
/// keeps the one before the move) is caught by the differential on the
/// random positions.
#[test]
fn a_fast_path_that_forgets_the_move_counter_is_caught() {
    let forget = |before: &Board, _, after: &mut Board| after.quiet = before.quiet;
    let caught = random_positions_with_fault(&Tk::default(), CI, forget);
    let error = caught.expect_err("the broken fast path passed").to_string();
    eprintln!("threekingdoms: the planted fault is caught: {error}");
    assert!(error.contains("the fast path gives"), "{error}");
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
            let ruleset = Tk::rules(std::slice::from_ref(&setting));
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
    let faults: Vec<&str> = Misreading::ALL.iter().map(|m| m.id()).collect();
    let changed = faults_count_with_the_rule_code(VariantId::Threekingdoms, &corpus(), &faults);
    assert!(changed > 0, "no misreading changed a count");
}

/// The long run: `REGELWERK_TK_DIFF_POSITIONS` positions (default
/// 100,000), perft 3 at every fifth position of a game, on every core,
/// progress every 10,000 on stderr.
#[test]
#[ignore]
fn threekingdoms_fast_long() {
    let walk = Walk::new(1_000_000, 100_000, 150).with_perft(2, 5);
    long_run::<Tk>("REGELWERK_TK_DIFF_POSITIONS", walk);
}
