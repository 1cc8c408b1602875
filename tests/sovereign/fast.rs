//! Sovereign Chess's fast path (`src/variant/sovereign/fast/`) against its
//! reference rule code: every count of `tests/data/sovereign.perft` on
//! both paths (and on two threads), every block's position and every
//! Sovereign scenario position along its actions through the
//! differential (`fast_differential` with Sovereign's adapter,
//! `fast::differential`: legal moves as sets, the bulk count, the
//! position and holders after every move), random positions under random
//! rulesets, and a deliberately broken fast path that the differential
//! must catch; the shared scaffolding is `fast_harness`. The long run is
//! `REGELWERK_SC_DIFF_POSITIONS=100000 cargo test --release --test main -- --ignored sovereign_fast_long --nocapture`.

use regelwerk::perftfile::{self, PerftFile};
use regelwerk::variant::fast_differential::{random_positions_with_fault, Walk};
use regelwerk::variant::sovereign::fast::{differential, Board};
use regelwerk::variant::sovereign::faults::Misreading;
use regelwerk::variant::VariantId;

use crate::harness::fast_harness::{
    corpus_agrees, faults_count_with_the_rule_code, long_run, random_agree, scenarios_agree,
    Finished,
};

/// Sovereign's adapter.
type Sov = differential::Adapter;

/// The CI walk: 3,000 positions from seed 1, games of at most 60 moves.
const CI: Walk = Walk::new(1, 3000, 60);

const CORPUS: &str = include_str!("../data/sovereign.perft");

fn corpus() -> PerftFile {
    perftfile::parse(CORPUS, "tests/data/sovereign.perft").unwrap_or_else(|error| panic!("{error}"))
}

/// Every corpus line up to 2,000,000 nodes on the fast path and up to
/// 300,000 on the reference (the file's own counts are the reference's),
/// each block's deepest cheap count on two threads, every block's
/// position through the differential.
#[test]
fn every_corpus_line_agrees_on_both_paths() {
    corpus_agrees::<Sov>(&corpus(), (2_000_000, 300_000), 0, 480);
}

/// Every Sovereign scenario: the start and each position its actions
/// reach go through the differential under the scenario's rulings; its
/// perft steps count the same on both paths.
#[test]
fn every_sovereign_scenario_position_agrees() {
    scenarios_agree::<Sov>(0, 3, Finished::Compare, (100, 2));
}

/// The CI size of the random differential: 3,000 positions under random
/// rulesets, with defections, promotions, castling and held chains seen.
#[test]
fn random_sovereign_positions_agree() {
    let total = random_agree::<Sov>(CI, 30_000);
    assert!(total.seen(differential::DEFECTIONS) >= 50, "{total:?}");
    assert!(total.seen(differential::PROMOTIONS) >= 20, "{total:?}");
    assert!(total.seen(differential::CASTLINGS) >= 20, "{total:?}");
    assert!(total.seen(differential::CHAINS) >= 50, "{total:?}");
}

/// A fast path that keeps the holders of the position before the move
/// (control not recomputed when a coloured square changes hands) is
/// caught by the differential on the random positions.
#[test]
fn a_fast_path_that_forgets_to_recompute_control_is_caught() {
    let forget = |before: &Board, _, after: &mut Board| after.held = before.held;
    let caught = random_positions_with_fault(&Sov::default(), CI, forget);
    let error = caught.expect_err("the broken fast path passed").to_string();
    eprintln!("sovereign: the planted fault is caught: {error}");
    assert!(error.contains("holders differ"), "{error}");
}

/// A game playing a misreading counts with the rule code, where the
/// fault lives: for every misreading and every corpus block, perft 2 on
/// the fast path equals perft 2 on the reference, and some misreading
/// changes some count (so the fast path, which knows no faults, would
/// have given another number).
#[test]
fn a_game_with_a_fault_counts_with_the_rule_code() {
    let faults: Vec<&str> = Misreading::ALL.iter().map(|m| m.id()).collect();
    let changed = faults_count_with_the_rule_code(VariantId::Sovereign, &corpus(), &faults);
    assert!(changed > 0, "no misreading changed a count");
}

/// The long run: `REGELWERK_SC_DIFF_POSITIONS` positions (default
/// 100,000), on every core, progress every 10,000 on stderr.
#[test]
#[ignore]
fn sovereign_fast_long() {
    long_run::<Sov>(
        "REGELWERK_SC_DIFF_POSITIONS",
        Walk::new(1_000_000, 100_000, 150),
    );
}
