//! `regelwerk fuzz`: random games with every invariant checked, or against an external engine.

use std::process::ExitCode;
use std::time::Instant;

use anyhow::{Context, Result};

use regelwerk::conform::difffuzz::diagnose::MoveCause;
use regelwerk::conform::difffuzz::Notes;
use regelwerk::fuzz::progress::{Mode, Progress};
use regelwerk::variant::VariantId;

use super::fuzz_report::{print_divergences, replay_command, Diverged};
use super::Format;

/// The progress report of a run on stderr: silent with `--quiet`, one
/// redrawn line on a terminal, else a plain line every
/// `--progress-every` seconds. `noun` names the differences.
fn progress(args: &FuzzArgs, noun: &'static str) -> Result<Progress<std::io::Stderr>> {
    use std::io::IsTerminal;
    let every = super::exit::timeout(args.progress_every, "--progress-every")?;
    let mode = if args.quiet {
        Mode::Silent
    } else if std::io::stderr().is_terminal() {
        Mode::Live
    } else {
        Mode::Lines(every)
    };
    // The games of this shard: indices i < games with i mod N = I - 1.
    let shard = args.shard.unwrap_or(regelwerk::shard::Shard::WHOLE);
    let (count, first) = (u64::from(shard.count), u64::from(shard.index) - 1);
    let total = args.games.saturating_sub(first).div_ceil(count);
    Ok(Progress::new(std::io::stderr(), mode, total, noun))
}

/// The summary of a differential run in which the engine agreed, or
/// differed only in listed known differences (`classified`: finding, games,
/// actions).
pub(super) fn print_agreement(
    variant: VariantId,
    games: u64,
    plies: usize,
    seconds: f64,
    format: Format,
    classified: &std::collections::BTreeMap<String, (u64, usize)>,
) {
    let known: u64 = classified.values().map(|(games, _)| games).sum();
    match format {
        Format::Text => {
            let label = if variant == VariantId::default() {
                String::new()
            } else {
                format!(" {variant}")
            };
            let divergences = if classified.is_empty() {
                "0 divergences"
            } else {
                "0 other divergences"
            };
            println!(
                "{games}{label} games, {plies} actions, {divergences} in {seconds:.1} s: {:.1} games/s, {:.0} plies/s",
                games as f64 / seconds,
                plies as f64 / seconds
            );
            for (finding, (count, actions)) in classified {
                println!(
                    "known difference {finding}: {count} games ended in it (after {actions} agreeing actions)"
                );
            }
            if classified.is_empty() {
                println!("fuzz: {games} passed, 0 failed");
            } else {
                println!(
                    "fuzz: {} passed, 0 failed, {known} ended in known differences",
                    games - known
                );
            }
        }
        Format::Json => println!(
            "{}",
            serde_json::json!({"variant": variant, "games": games, "plies": plies, "divergences": 0, "known_differences": classified.iter().map(|(finding, (count, actions))| serde_json::json!({"finding": finding, "games": count, "actions": actions})).collect::<Vec<_>>(),
                "seconds": seconds})
        ),
    }
}

/// Begins the results file of a fuzz shard (`--output`), fresh or
/// resumed (`--resume`: the games already in it are skipped); its header
/// records the campaign's game count, so that `merge` names the games an
/// interrupted shard did not play.
fn results_file(
    args: &FuzzArgs,
    path: &std::path::Path,
    campaign: serde_json::Value,
    shard: regelwerk::shard::Shard,
) -> Result<regelwerk::shard::ResultsWriter> {
    let inputs: Vec<std::path::PathBuf> = args.known_differences.iter().cloned().collect();
    let planned = usize::try_from(args.games)
        .ok()
        .map(|campaign_units| regelwerk::shard::Planned { campaign_units });
    let writer = regelwerk::shard::ResultsWriter::begin_planned(
        path,
        "fuzz",
        campaign,
        shard,
        args.resume,
        &inputs,
        planned,
    )?;
    if writer.resumed_units() > 0 {
        eprintln!(
            "fuzz: resuming {}: {} games of shard {shard} are done and skipped",
            path.display(),
            writer.resumed_units()
        );
    }
    Ok(writer)
}

/// Whether game `index` is already in a resumed results file.
fn resumed(results: Option<&regelwerk::shard::ResultsWriter>, index: u64) -> bool {
    results.is_some_and(|results| results.is_done(index as usize))
}

/// Writes a reproducing scenario as `<out>/<id>.yaml`.
fn write_case(out: &std::path::Path, id: &str, text: &str) -> Result<std::path::PathBuf> {
    regelwerk::render::output_dir(out)?;
    let path = out.join(format!("{id}.yaml"));
    regelwerk::output::write_atomic(&path, text.as_bytes())?;
    Ok(path)
}

/// The size of a fuzz run, and the external engine if it is differential.
pub(super) struct FuzzArgs {
    pub(super) games: u64,
    pub(super) seed: u64,
    pub(super) max_plies: usize,
    pub(super) checks: regelwerk::variant::DeepChecks,
    pub(super) engine: Option<String>,
    /// The misreading the second reference plays (`--fault`).
    pub(super) fault: Option<String>,
    /// With `fault`: games from the suite's start positions too.
    pub(super) from_suite: bool,
    /// The engine speaks UCI (`--uci`).
    pub(super) uci: bool,
    /// Its `UCI_Variant` name, when it differs from ours.
    pub(super) uci_variant: Option<String>,
    /// A file of finding IDs whose differences are known.
    pub(super) known_differences: Option<std::path::PathBuf>,
    pub(super) timeout: f64,
    pub(super) perft_every: usize,
    pub(super) variant: VariantId,
    /// Only this shard's games (game i is shard i mod N's; docs/scale.md).
    pub(super) shard: Option<regelwerk::shard::Shard>,
    /// Write the shard's games as JSON lines for `regelwerk merge`.
    pub(super) output: Option<std::path::PathBuf>,
    /// Begin `output` fresh or continue it, skipping its finished games
    /// (`--resume`).
    pub(super) resume: regelwerk::shard::Begin,
    /// Threads for the random games (`--threads`; 1 = serial).
    pub(super) threads: u32,
    /// Play every game and count the differences (`--keep-going`)
    /// instead of stopping at the first.
    pub(super) keep_going: bool,
    /// No progress on stderr (`--quiet`).
    pub(super) quiet: bool,
    /// Seconds between two progress lines when stderr is not a terminal.
    pub(super) progress_every: f64,
}

/// A game in which the engine and the reference parted: its ID, the
/// number of actions, what differed, and the scenario that replays it.
struct Parted {
    /// The known difference it ends in, if any.
    known: Option<&'static str>,
    /// Actions the game had played when it diverged.
    played: usize,
    id: String,
    actions: usize,
    divergence: String,
    /// The kind of difference ([`regelwerk::conform::difffuzz::Divergence::kind`]).
    kind: String,
    /// The reference's answers about the moves only one side lists
    /// ([`regelwerk::conform::difffuzz::diagnose::move_causes`]).
    causes: Vec<MoveCause>,
    scenario: String,
    /// The engine stopped answering: an engine fault, not a divergence.
    engine_fault: bool,
}

/// The differential loop: starts the engine (protocol or UCI), plays
/// `args.games` seeded games with `game` (Ok: actions played), writes the
/// first divergence that is not a listed known difference as a scenario,
/// and prints the summary.
fn run_differential(
    args: &FuzzArgs,
    engine_command: &str,
    out: &std::path::Path,
    format: Format,
    rulings: &[String],
    mut game: impl FnMut(
        &mut regelwerk::conform::external::External,
        u64,
        &[String],
        &mut Notes,
    ) -> Result<usize, Box<Parted>>,
) -> Result<ExitCode> {
    use regelwerk::conform::external::External;
    let timeout = super::exit::timeout(args.timeout, "--timeout")?;
    let mut bar = progress(args, "differences")?;
    super::exit::check_uci_variant(args.uci, args.variant)?;
    super::exit::check_engine_command(engine_command, if args.uci { "--uci" } else { "--engine" })?;
    // The list is checked before the engine is started: a typo in it is
    // the user's to fix, whatever the engine does.
    let known: Vec<String> = match &args.known_differences {
        Some(path) => read_known_differences(path)?,
        None => Vec::new(),
    };
    let mut engine = External::start(
        engine_command,
        args.uci,
        args.variant,
        args.uci_variant.as_deref(),
        timeout,
    )
    .map_err(|error| {
        super::exit::EngineFault(format!("the engine could not be started: {error}"))
    })?;
    if !engine.info().variants.contains(&args.variant) {
        return Err(super::exit::EngineFault(format!(
            "the engine plays {}, not {}",
            super::conform::variant_list(&engine.info().variants),
            args.variant
        ))
        .into());
    }
    // The engine's readings (`ready.rulings`) and `--ruling`: the
    // reference plays them, and every request carries them.
    let readings = regelwerk::conform::readings::merge(&engine.info().rulings, rulings);
    if let Err(message) = regelwerk::variant::open(args.variant, None, &readings) {
        return Err(super::exit::EngineFault(format!(
            "the readings the engine declares ({}) are not {}'s: {message}",
            readings.join(", "),
            args.variant
        ))
        .into());
    }
    let shard = args.shard.unwrap_or(regelwerk::shard::Shard::WHOLE);
    let mut results = match &args.output {
        Some(path) => {
            let campaign = serde_json::json!({
                "variant": args.variant,
                "seed": args.seed,
                "games": args.games,
                "max_plies": args.max_plies,
                "perft_every": args.perft_every,
                "engine": engine.info(),
                "uci": args.uci,
                "known_differences": known,
            });
            Some(results_file(args, path, campaign, shard)?)
        }
        None => None,
    };
    let started = Instant::now();
    let (mut plies, mut games) = (0usize, 0u64);
    let mut classified: std::collections::BTreeMap<String, (u64, usize)> = Default::default();
    let mut diverged: Vec<Diverged> = Vec::new();
    let mut notes = Notes::default();
    for index in 0..args.games {
        if !shard.takes(index as usize) || resumed(results.as_ref(), index) {
            continue;
        }
        games += 1;
        let seed = args.seed.wrapping_add(index);
        let timeouts = notes.perft_timeouts;
        let outcome = game(&mut engine, seed, &readings, &mut notes);
        if timeouts == 0 && notes.perft_timeouts > 0 {
            // Said at once: a run slowed by timeouts is not silent.
            if let Some(advice) = notes.perft_advice() {
                bar.finish();
                eprintln!("fuzz: game {index} (seed {seed}): {advice}");
            }
        }
        match outcome {
            Ok(played) => {
                plies += played;
                if let Some(results) = results.as_mut() {
                    results.unit(
                        index as usize,
                        serde_json::json!({"seed": seed, "plies": played}),
                    )?;
                }
            }
            Err(parted) => {
                if let Some(finding) = parted.known.filter(|f| known.iter().any(|k| k == f)) {
                    plies += parted.played;
                    let entry = classified.entry(finding.to_string()).or_default();
                    entry.0 += 1;
                    entry.1 += parted.played;
                    if let Some(results) = results.as_mut() {
                        results.unit(index as usize, serde_json::json!({"seed": seed, "plies": parted.played, "known": finding}))?;
                    }
                    bar.update(games, diverged.len() as u64 + known_count(&classified));
                    continue;
                }
                bar.finish();
                if parted.engine_fault {
                    use regelwerk::protocol::responder::Responder as _;
                    let tail = engine.stderr_tail();
                    engine.stop();
                    let mut message = format!(
                        "game {index} (seed {seed}), after {} actions: {}; this is an engine fault, not a rules difference (no scenario written)",
                        parted.played, parted.divergence
                    );
                    if !tail.is_empty() {
                        message.push_str(&format!("\nengine stderr during this request:\n{tail}"));
                    }
                    return Err(super::exit::EngineFault(message).into());
                }
                let path = write_case(out, &parted.id, &parted.scenario)?;
                if args.keep_going {
                    plies += parted.played;
                    if let Some(results) = results.as_mut() {
                        results.unit(index as usize, serde_json::json!({"seed": seed, "plies": parted.played, "kind": parted.kind, "divergence": format!("diverges {}: {}; scenario: {}", regelwerk::conform::difffuzz::where_diverged(parted.actions), parted.divergence, path.display())}))?;
                    }
                    diverged.push(Diverged {
                        index,
                        seed,
                        kind: parted.kind.clone(),
                        causes: parted.causes.clone(),
                        actions: parted.actions,
                        summary: format!(
                            "diverges at ply {} (shrunk: {}): {}",
                            parted.played,
                            regelwerk::conform::difffuzz::where_diverged(parted.actions),
                            parted.divergence.lines().next().unwrap_or("")
                        ),
                        path,
                    });
                    bar.update(games, diverged.len() as u64 + known_count(&classified));
                    continue;
                }
                if let Some(mut results) = results.take() {
                    results.unit(
                        index as usize,
                        serde_json::json!({"seed": seed, "divergence": format!("diverges {}: {}; scenario: {}", regelwerk::conform::difffuzz::where_diverged(parted.actions), parted.divergence, path.display())}),
                    )?;
                    results.finish()?;
                }
                println!(
                    "game {index} (seed {seed}) diverges {}: {}",
                    regelwerk::conform::difffuzz::where_diverged(parted.actions),
                    parted.divergence
                );
                for cause in &parted.causes {
                    println!("  cause: {cause}");
                }
                if let Some(finding) = parted.known {
                    println!(
                        "(a known difference, {finding}, but not listed in --known-differences)"
                    );
                }
                println!("scenario: {}", path.display());
                println!(
                    "replay: {}",
                    replay_command(args.variant, engine_command, &path, args.uci)
                );
                if let Some(advice) = notes.perft_advice() {
                    println!("note: {advice}");
                }
                engine.stop();
                return Ok(ExitCode::from(1));
            }
        }
        bar.update(games, diverged.len() as u64 + known_count(&classified));
    }
    bar.finish();
    engine.stop();
    if let Some(results) = results {
        results.finish()?;
    }
    if !diverged.is_empty() {
        print_divergences(
            (args.variant, args.uci),
            games,
            plies,
            &classified,
            &diverged,
            engine_command,
            format,
        );
    } else {
        print_agreement(
            args.variant,
            games,
            plies,
            started.elapsed().as_secs_f64().max(1e-9),
            format,
            &classified,
        );
    }
    if let Some(advice) = notes.perft_advice() {
        // On stderr as well as in a text summary: a JSON summary stays one
        // object.
        eprintln!("fuzz: {advice}");
        if format == Format::Text {
            println!("note: {advice}");
        }
    }
    Ok(if diverged.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

/// The games that ended in listed known differences.
fn known_count(classified: &std::collections::BTreeMap<String, (u64, usize)>) -> u64 {
    classified.values().map(|(games, _)| games).sum()
}

/// `regelwerk fuzz --variant grand|racingkings`: random games through the
/// game interface with the generic invariants and the variant's own.
fn variant_games(
    args: &FuzzArgs,
    out: &std::path::Path,
    rulings: &[String],
    format: Format,
) -> Result<ExitCode> {
    use regelwerk::fuzz::game::{game_failure_scenario, play_game_checked_deep, shrink};
    let shard = args.shard.unwrap_or(regelwerk::shard::Shard::WHOLE);
    let mut results = match &args.output {
        Some(path) => {
            let campaign = serde_json::json!({
                "variant": args.variant,
                "seed": args.seed,
                "games": args.games,
                "max_plies": args.max_plies,
                "rulings": rulings,
                "exhaustive_every": args.checks.exhaustive_every,
                "symmetry_every": args.checks.symmetry_every,
            });
            Some(results_file(args, path, campaign, shard)?)
        }
        None => None,
    };
    let mut bar = progress(args, "violations")?;
    let started = Instant::now();
    let (mut plies, mut finished, mut games) = (0usize, 0u64, 0u64);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(args.threads as usize)
        .build()
        .context("starting the fuzz threads")?;
    // Games are played in batches, on the pool, and their outcomes read in
    // game order: the first broken game is the serial run's first, and the
    // output is the same for any number of threads.
    let batch = u64::from(args.threads) * 8;
    let mut pending = std::collections::VecDeque::new();
    for index in 0..args.games {
        if !shard.takes(index as usize) || resumed(results.as_ref(), index) {
            continue;
        }
        if pending.is_empty() {
            let indices: Vec<u64> = (index..args.games.min(index.saturating_add(batch)))
                .filter(|&i| shard.takes(i as usize) && !resumed(results.as_ref(), i))
                .collect();
            pending = pool.install(|| {
                use rayon::prelude::*;
                indices
                    .par_iter()
                    .map(|&i| {
                        // Every game's seed derives from the one campaign seed.
                        let seed = args.seed.wrapping_add(i);
                        play_game_checked_deep(
                            args.variant,
                            seed,
                            args.max_plies,
                            rulings,
                            args.checks,
                        )
                    })
                    .collect::<Vec<_>>()
                    .into()
            });
        }
        let Some(outcome) = pending.pop_front() else {
            continue;
        };
        let seed = args.seed.wrapping_add(index);
        games += 1;
        match outcome {
            Ok(played) => {
                plies += played.plies;
                finished += u64::from(played.status.is_over());
                if let Some(results) = results.as_mut() {
                    results.unit(
                        index as usize,
                        serde_json::json!({"seed": seed, "plies": played.plies, "finished": played.status.is_over()}),
                    )?;
                }
            }
            Err(failure) => {
                bar.finish();
                if let Some(mut results) = results.take() {
                    results.unit(
                        index as usize,
                        serde_json::json!({"seed": seed, "violation": format!("{}: {}", failure.invariant, failure.detail)}),
                    )?;
                    results.finish()?;
                }
                let small = shrink(&failure);
                let id = format!("fuzz-{}-game-{index}-seed-{seed}", args.variant);
                let path = write_case(out, &id, &game_failure_scenario(&small, &id))?;
                println!(
                    "game {index} (seed {seed}) broke {}: {}",
                    small.invariant, small.detail
                );
                println!(
                    "shrunk from {} to {} actions; scenario: {}",
                    failure.actions.len(),
                    small.actions.len(),
                    path.display()
                );
                println!("replay: cargo run --release -- check {}", path.display());
                return Ok(ExitCode::from(1));
            }
        }
        bar.update(games, 0);
    }
    bar.finish();
    if let Some(results) = results {
        results.finish()?;
    }
    let seconds = started.elapsed().as_secs_f64().max(1e-9);
    print_games(args.variant, games, plies, finished, seconds, format);
    Ok(ExitCode::SUCCESS)
}

/// The summary of random games in which no invariant broke (a run, or
/// merged shards).
pub(super) fn print_games(
    variant: VariantId,
    games: u64,
    plies: usize,
    finished: u64,
    seconds: f64,
    format: Format,
) {
    let seconds = seconds.max(1e-9);
    match format {
        Format::Text => {
            println!(
                "{games} {} games, {plies} actions, {finished} finished, 0 violations in {seconds:.1} s: {:.1} games/s, {:.0} plies/s",
                variant,
                games as f64 / seconds,
                plies as f64 / seconds
            );
            println!("fuzz: {games} passed, 0 failed");
        }
        Format::Json => println!(
            "{}",
            serde_json::json!({"variant": variant, "games": games, "plies": plies, "finished": finished,
                "violations": 0, "seconds": seconds, "games_per_second": games as f64 / seconds,
                "plies_per_second": plies as f64 / seconds})
        ),
    }
}

/// `regelwerk fuzz --engine`: the reference against an external engine,
/// one driver for every variant.
fn differential(
    args: &FuzzArgs,
    engine_command: &str,
    out: &std::path::Path,
    rulings: &[String],
    format: Format,
) -> Result<ExitCode> {
    use regelwerk::conform::difffuzz::{divergence_scenario, fuzz_game_noting};
    regelwerk::variant::open(args.variant, None, rulings)
        .map_err(|message| anyhow::anyhow!("reading --ruling: {message}"))?;
    // Each written scenario is filed under its cause's clause, looked up
    // in the variant's spec and suite.
    let clauses = regelwerk::conform::difffuzz::cause_clause::CauseClauses::load(
        &super::repo_root(),
        args.variant,
    )
    .map_err(|message| anyhow::anyhow!("reading the {} suite: {message}", args.variant))?;
    run_differential(
        args,
        engine_command,
        out,
        format,
        rulings,
        |engine, seed, readings, notes| {
            fuzz_game_noting(
                engine,
                args.variant,
                seed,
                args.max_plies,
                args.perft_every,
                readings,
                notes,
            )
            .map_err(|mut game| {
                let index = seed.wrapping_sub(args.seed);
                game.game = Some(index);
                // Named by the game's number as the report counts it and
                // by its seed, which replays it.
                let id = format!("diverge-{}-game-{index}-seed-{seed}", args.variant);
                Box::new(Parted {
                    kind: game.divergence.kind(),
                    causes: regelwerk::conform::difffuzz::diagnose::move_causes(&game),
                    known: regelwerk::conform::known::classify(&game).map(|known| known.finding),
                    played: game.played,
                    scenario: divergence_scenario(&game, &id, &clauses),
                    id,
                    actions: game.actions.len(),
                    engine_fault: matches!(
                        game.divergence,
                        regelwerk::conform::difffuzz::Divergence::EngineFault(_)
                            | regelwerk::conform::difffuzz::Divergence::TimedOut { .. }
                    ),
                    divergence: game.divergence.describe(args.variant),
                })
            })
        },
    )
}

pub(super) fn fuzz(
    args: FuzzArgs,
    out: &std::path::Path,
    rulings: &[String],
    format: Format,
) -> Result<ExitCode> {
    if let Some(path) = &args.output {
        super::exit::check_writable(
            path,
            regelwerk::output::Writes::Results {
                resume: args.resume == regelwerk::shard::Begin::Resume,
            },
        )?;
    }
    super::exit::check_output_parent(out, "--out")?;
    if let Some(fault) = &args.fault {
        return fault_fuzz(&args, fault, rulings, format);
    }
    if let Some(engine) = &args.engine {
        if args.threads > 1 {
            anyhow::bail!("--threads is for random games against the reference; with --engine or --uci the engine answers one request at a time");
        }
        return differential(&args, engine, out, rulings, format);
    }
    if args.keep_going || args.known_differences.is_some() {
        anyhow::bail!("--keep-going and --known-differences are for --engine or --uci");
    }
    regelwerk::variant::open(args.variant, None, rulings)
        .map_err(|message| anyhow::anyhow!("reading --ruling: {message}"))?;
    variant_games(&args, out, rulings, format)
}

/// The `--known-differences` list: every line a finding of some variant's
/// spec, else a usage error (exit 2) naming the file and line. A declared
/// finding fuzz has no recogniser for is said once on stderr.
fn read_known_differences(path: &std::path::Path) -> anyhow::Result<Vec<String>> {
    use regelwerk::conform::known;
    let text = regelwerk::input::read_to_string(path)
        .with_context(|| format!("reading {}", path.display()))?;
    let declarable = known::declarable(&super::repo_root())?;
    let ids = known::read_declared(&path.display().to_string(), &text, &declarable)?;
    for id in ids.iter().filter(|id| !known::recognisable(id)) {
        eprintln!(
            "note: {id} ({}) is declared, but fuzz cannot recognise its difference in a game; a game that ends in it fails",
            path.display()
        );
    }
    Ok(ids)
}

/// `fuzz --fault ID`: the reference against the reference playing one
/// misreading ([`regelwerk::conform::difffuzz::fault`]); lists every shrunk difference,
/// exit 1 when there is one (the misreading shows in play), 0 when the
/// games never parted.
fn fault_fuzz(
    args: &FuzzArgs,
    fault: &str,
    rulings: &[String],
    format: Format,
) -> Result<ExitCode> {
    use regelwerk::conform::difffuzz::fault::{difference_line, fault_differences};
    let variant = regelwerk::variant::faults::variant_of_faults(None, &[fault.to_string()])
        .map_err(|message| anyhow::anyhow!("--fault: {message}"))?
        .unwrap_or(args.variant);
    regelwerk::variant::open(variant, None, rulings)
        .map_err(|message| anyhow::anyhow!("reading --ruling: {message}"))?;
    let mut found = fault_differences(
        variant,
        fault,
        args.seed,
        args.games,
        args.max_plies,
        rulings,
        !args.keep_going,
    )
    .map_err(|message| anyhow::anyhow!("--fault: {message}"))?;
    let mut games = args.games;
    if args.from_suite && (args.keep_going || found.is_empty()) {
        let root = super::repo_root();
        let dir = root.join("spec").join(variant.name());
        let spec = regelwerk::spec::Spec::load(&dir)
            .with_context(|| format!("loading {}", dir.display()))?;
        let files =
            regelwerk::suite::collect_files(&[root.join("scenarios").join(variant.name())])?;
        let mut starts = Vec::new();
        for file in &files {
            let loaded = regelwerk::scenario::load_file(file, Some(&spec))
                .map_err(|error| anyhow::anyhow!("{error}"))?;
            if !loaded.scenario.position.invalid {
                let mut settings = loaded.scenario.ruleset.clone();
                settings.extend(rulings.iter().cloned());
                starts.push((loaded.start.clone(), settings));
            }
        }
        games += starts.len() as u64;
        found.extend(
            regelwerk::conform::difffuzz::fault::fault_differences_from(
                variant,
                fault,
                &starts,
                args.seed,
                args.max_plies,
                !args.keep_going,
            )
            .map_err(|message| anyhow::anyhow!("--fault: {message}"))?,
        );
    }
    match format {
        Format::Text => {
            for game in &found {
                println!("{}", difference_line(game));
            }
            println!(
                "{fault}: {} game(s), {} shrunk difference(s) from the reference{}",
                games,
                found.len(),
                if args.keep_going {
                    ""
                } else {
                    " (the first; --keep-going for all)"
                }
            );
        }
        Format::Json => println!(
            "{}",
            serde_json::json!({
                "variant": variant,
                "fault": fault,
                "games": games,
                "differences": found.iter().map(|game| serde_json::json!({
                    "game": game.game,
                    "seed": game.seed,
                    "start": game.start,
                    "actions": game.actions,
                    "action": game.diverging_action,
                    "kind": game.divergence.kind(),
                    "difference": game.divergence.describe(variant),
                })).collect::<Vec<_>>(),
            })
        ),
    }
    Ok(if found.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}
