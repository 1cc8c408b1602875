//! `regelwerk bench --uci CMD`: perft of the reference and of a UCI engine
//! (`go perft N`) side by side, on the same positions in one run,
//! alternating, best of N (docs/perf.md).

use std::process::ExitCode;
use std::time::{Duration, Instant};

use anyhow::{Context, Result};

use regelwerk::protocol::uci::UciEngine;
use regelwerk::rng::Rng;
use regelwerk::variant::{self, Game, VariantId};

/// The arguments of `bench`.
pub(super) struct BenchArgs {
    pub(super) uci: String,
    pub(super) variants: Vec<VariantId>,
    pub(super) depth: Option<u32>,
    pub(super) runs: u32,
    pub(super) middle: usize,
    pub(super) timeout: f64,
}

/// The default depth: 4, a few million to some ten million nodes in
/// both variants (a tenth of a second to a second for the reference).
fn default_depth(_variant: VariantId) -> u32 {
    4
}

/// The start position and `count` middle-game positions: the position
/// after 20, 30, 40, ... plies of seeded random games (seed 1, 2, ...; a
/// game that ends earlier is replaced by the next seed).
pub fn positions(variant: VariantId, count: usize) -> Result<Vec<(String, String)>> {
    let start = variant::open(variant, None, &[]).map_err(anyhow::Error::msg)?;
    let mut out = vec![("start".to_string(), start.position_text())];
    let mut seed = 1u64;
    while out.len() <= count && seed < 1000 {
        let plies = 20 + 10 * (out.len() - 1);
        let mut game: Box<dyn Game> = start.boxed_clone();
        let mut rng = Rng::new(seed);
        let mut reached = true;
        for _ in 0..plies {
            let legal = game.legal_moves();
            let action =
                (!legal.is_empty()).then(|| legal[rng.below(legal.len() as u64) as usize].clone());
            match action {
                Some(action) if game.play(&action).is_ok() && !game.status().is_over() => {}
                _ => {
                    reached = false;
                    break;
                }
            }
        }
        if reached {
            out.push((format!("seed {seed}, {plies} plies"), game.position_text()));
        }
        seed += 1;
    }
    Ok(out)
}

/// The best of `runs` timings of `count`, which must give the same
/// number each time.
fn best(runs: u32, mut count: impl FnMut() -> Result<u64>) -> Result<(u64, Duration)> {
    let mut best: Option<(u64, Duration)> = None;
    for _ in 0..runs.max(1) {
        let started = Instant::now();
        let nodes = count()?;
        let took = started.elapsed();
        if let Some((seen, _)) = best {
            anyhow::ensure!(seen == nodes, "perft gave {seen}, then {nodes}");
        }
        if best.is_none_or(|(_, fastest)| took < fastest) {
            best = Some((nodes, took));
        }
    }
    best.context("no run")
}

pub(super) fn bench(args: BenchArgs) -> Result<ExitCode> {
    let timeout = super::exit::timeout(args.timeout, "--timeout")?;
    super::exit::check_engine_command(&args.uci, "--uci")?;
    for &variant in &args.variants {
        super::exit::check_uci_variant(true, variant)?;
    }
    // Every position and its budget first: a usage error is found before
    // any engine starts or any table line is printed.
    let mut plan = Vec::new();
    for &variant in &args.variants {
        let depth = args.depth.unwrap_or_else(|| default_depth(variant));
        regelwerk::input::check_perft_depth(depth).map_err(anyhow::Error::msg)?;
        let mut games = Vec::new();
        for (label, fen) in positions(variant, args.middle)? {
            let game = variant::open(variant, Some(&fen), &[]).map_err(anyhow::Error::msg)?;
            regelwerk::budget::check(
                game.as_ref(),
                depth,
                Default::default(),
                "bench's fixed budget: give a smaller --depth",
            )
            .map_err(anyhow::Error::msg)?;
            games.push((label, fen, game));
        }
        plan.push((variant, depth, games));
    }
    let mut mismatches = 0;
    let mut header = false;
    for (variant, depth, games) in plan {
        let mut engine = UciEngine::start(&args.uci, variant, None, timeout).map_err(|error| {
            super::exit::EngineFault(format!("the engine could not be started: {error}"))
        })?;
        if !std::mem::replace(&mut header, true) {
            println!("| variant | position | depth | nodes | regelwerk s | regelwerk nodes/s | engine s | engine nodes/s | regelwerk faster by |");
            println!("|---|---|---|---|---|---|---|---|---|");
        }
        for (label, fen, game) in games {
            // Alternating: one reference run, one engine run, N times.
            let mut ours: Option<(u64, Duration)> = None;
            let mut theirs: Option<(u64, Duration)> = None;
            for _ in 0..args.runs.max(1) {
                let run = best(1, || Ok(game.perft(depth)))?;
                ours = Some(ours.map_or(run, |old| if run.1 < old.1 { run } else { old }));
                let run = best(1, || {
                    engine.perft(&fen, depth).map_err(|error| {
                        super::exit::EngineFault(format!("engine perft: {error}")).into()
                    })
                })?;
                theirs = Some(theirs.map_or(run, |old| if run.1 < old.1 { run } else { old }));
            }
            let ((nodes, ours), (their_nodes, theirs)) =
                (ours.context("no run")?, theirs.context("no run")?);
            let rate = |nodes: u64, took: Duration| nodes as f64 / took.as_secs_f64().max(1e-9);
            let count = if nodes == their_nodes {
                format!("{nodes}")
            } else {
                mismatches += 1;
                format!("{nodes} (engine: {their_nodes})")
            };
            println!(
                "| {variant} | {label}: `{fen}` | {depth} | {count} | {:.3} | {:.0} | {:.3} | {:.0} | {:.1}x |",
                ours.as_secs_f64(),
                rate(nodes, ours),
                theirs.as_secs_f64(),
                rate(their_nodes, theirs),
                theirs.as_secs_f64() / ours.as_secs_f64().max(1e-9),
            );
        }
        engine.stop();
    }
    println!(
        "\nbest of {} alternating runs per position; the engine's time runs from `go perft` to `Nodes searched`",
        args.runs.max(1)
    );
    if mismatches > 0 {
        println!(
            "{mismatches} positions where the counts differ (a rule difference; see docs/uci.md)"
        );
    }
    Ok(ExitCode::SUCCESS)
}
