//! Racing Kings' fast path (`src/variant/racingkings/fast/`) against its
//! reference rule code: every Racing Kings perft count of
//! `tests/data/fsf-perft.yaml` and of the scenarios' perft steps on both
//! paths (and on two threads), every Racing Kings scenario position along
//! its actions, and random positions from seeded games and random legal
//! set-ups (`fast_differential` with Racing Kings' adapter,
//! `fast::differential`: the legal moves compared as sets; the shared
//! scaffolding is `fast_harness`). The long run is
//! `REGELWERK_RK_DIFF_POSITIONS=200000 cargo test --release --test main -- --ignored racingkings_fast_long --nocapture`.

use pretty_assertions::assert_eq;

use regelwerk::variant::fast_differential::Walk;
use regelwerk::variant::racingkings::fast::{self, differential, Board};
use regelwerk::variant::racingkings::Position;
use regelwerk::variant::{open, Game, PerftPath, VariantId};

use crate::support::{fsf_anchors, Anchor};

use crate::harness::fast_harness::{
    agrees, long_run, random_agree, scenarios_agree, threads_count, Case, Finished,
};

/// Racing Kings' adapter.
type Rk = differential::Adapter;

/// The CI walk: 4,000 positions from seed 1, games of at most 40 moves.
const CI: Walk = Walk::new(1, 4000, 40);

fn rk(fen: &str) -> Box<dyn Game> {
    open(VariantId::Racingkings, Some(fen), &[])
        .unwrap_or_else(|error| panic!("racingkings `{fen}`: {error}"))
}

/// Every count on the fast path, the reference, and the fast path on two
/// threads; the anchor's count on each.
#[test]
fn every_racing_kings_anchor_agrees_on_both_paths() {
    let anchors = fsf_anchors();
    let anchors: Vec<&Anchor> = anchors
        .iter()
        .filter(|anchor| anchor.variant == VariantId::Racingkings)
        .collect();
    assert!(anchors.len() >= 20, "only {} anchors", anchors.len());
    for anchor in anchors {
        let at = format!("`{}` depth {}", anchor.fen, anchor.depth);
        let game = rk(&anchor.fen);
        assert_eq!(
            game.perft_on(anchor.depth, PerftPath::Fast),
            anchor.nodes,
            "fast {at}"
        );
        assert_eq!(game.perft(anchor.depth), anchor.nodes, "default {at}");
        if anchor.nodes < 20_000_000 {
            assert_eq!(
                game.perft_on(anchor.depth, PerftPath::Reference),
                anchor.nodes,
                "reference {at}"
            );
        }
        if anchor.depth > 0 {
            assert_eq!(
                threads_count(game.as_ref(), anchor.depth),
                anchor.nodes,
                "two threads {at}"
            );
        }
        agrees::<Rk>(&Rk::position(&anchor.fen), &(), 0, &at);
    }
}

/// Every Racing Kings scenario: the start and each position its actions
/// reach go through the differential; its perft steps count the same on
/// both paths.
#[test]
fn every_racing_kings_scenario_position_agrees() {
    scenarios_agree::<Rk>(0, 4, Finished::Compare, (100, 8));
}

/// The CI size of the random differential: a few thousand positions,
/// some of them with a decided race or Black's answer pending.
#[test]
fn random_racing_kings_positions_agree() {
    let total = random_agree::<Rk>(CI, 40_000);
    assert!(total.seen(differential::GOAL_REACHED) >= 20, "{total:?}");
}

/// The long run: `REGELWERK_RK_DIFF_POSITIONS` positions (default
/// 200,000), on every core, progress every 10,000 on stderr.
#[test]
#[ignore]
fn racingkings_fast_long() {
    long_run::<Rk>(
        "REGELWERK_RK_DIFF_POSITIONS",
        Walk::new(1_000_000, 200_000, 150),
    );
}

/// The goal rule on both paths: White home with Black able to answer
/// lists every Black move (R-RK-ANSWER); each answer decides the race.
#[test]
fn blacks_answer_is_counted_alike() {
    for fen in [
        "1K6/6k1/8/8/8/8/8/8 b - - 0 1",
        "1K6/6k1/8/8/8/8/8/r7 b - - 0 1",
        "1K5R/6k1/8/8/8/8/8/8 b - - 0 1",
        "1K5R/6k1/8/8/8/8/8/7R b - - 0 1",
        "8/1K4k1/8/8/8/8/8/8 w - - 0 1",
    ] {
        let game = rk(fen);
        for depth in 1..=4 {
            assert_eq!(
                game.perft_on(depth, PerftPath::Fast),
                game.perft_on(depth, PerftPath::Reference),
                "`{fen}` depth {depth}"
            );
        }
        agrees::<Rk>(&Rk::position(fen), &(), 0, fen);
    }
}

/// Every position the reference's FEN reader accepts is one the fast
/// path takes; `fast::perft` on either path gives the reference count.
#[test]
fn the_fast_path_takes_every_readable_position() {
    let start = Position::start();
    assert!(Board::from_position(&start).is_ok());
    for path in [PerftPath::Fast, PerftPath::Reference] {
        assert_eq!(fast::perft(&start, 3, path), 11_264);
    }
}

/// `regelwerk perft --variant racingkings` on both paths, with
/// `--divide` and `--threads`: one count.
#[test]
fn the_command_counts_alike_on_both_paths() {
    let bin = env!("CARGO_BIN_EXE_regelwerk");
    for extra in [
        &[][..],
        &["--reference"][..],
        &["--threads", "2"][..],
        &["--reference", "--threads", "2"][..],
        &["--divide"][..],
        &["--divide", "--reference"][..],
    ] {
        let output = std::process::Command::new(bin)
            .args(["perft", "4", "--variant", "racingkings", "--format", "json"])
            .args(extra)
            .output()
            .unwrap_or_else(|error| panic!("{bin}: {error}"));
        assert!(output.status.success(), "{extra:?}: {output:?}");
        let json: serde_json::Value = serde_json::from_slice(&output.stdout)
            .unwrap_or_else(|error| panic!("{extra:?}: {error}"));
        assert_eq!(json["nodes"], 296_242, "{extra:?}");
    }
}
