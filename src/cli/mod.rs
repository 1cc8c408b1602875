//! Subcommands of the `regelwerk` binary.

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use anyhow::{Context, Result};
use clap::{Parser, Subcommand, ValueEnum};

use regelwerk::notation::{parse_position, to_notation};
use regelwerk::perft::{divide, perft};
use regelwerk::position::Position;
use regelwerk::rules::{self, legal_moves, legal_moves_from};
use regelwerk::scenario::report::{rerun_command, run_suite, Status, SuiteReport};
use regelwerk::spec::Spec;
use regelwerk::{Action, Cell, Ruleset};

/// regelwerk: the MONARCHIE rules oracle.
#[derive(Parser, Debug)]
#[command(name = "regelwerk", version, about)]
pub struct Cli {
    #[command(subcommand)]
    command: Command,
}

/// Output format of commands with machine-readable output.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// Human-readable text.
    Text,
    /// One JSON document.
    Json,
}

#[derive(clap::Args, Debug, Clone)]
struct PositionArgs {
    /// A position in the one-line notation (docs/notation.md); default: the Anhang A start.
    #[arg(long)]
    position: Option<String>,
    /// A ruling setting ID=key (repeatable), e.g. --ruling R-KING-DEAD=capture.
    #[arg(long = "ruling", value_name = "ID=KEY")]
    rulings: Vec<String>,
}

impl PositionArgs {
    fn load(&self) -> Result<(Position, Ruleset)> {
        let position = match &self.position {
            Some(text) => parse_position(text).context("reading --position")?,
            None => Position::start(),
        };
        let rules = Ruleset::from_settings(&self.rulings).context("reading --ruling")?;
        Ok((position, rules))
    }
}

/// Output format of `conform`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ConformFormat {
    /// A per-clause table, the failures, a summary line.
    Text,
    /// One JSON document.
    Json,
    /// JUnit XML.
    Junit,
    /// A standalone HTML page.
    Html,
}

/// Output format of `check`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ReportFormat {
    /// A per-clause table and a summary line.
    Text,
    /// One JSON document.
    Json,
    /// JUnit XML.
    Junit,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Run the scenario suite on the reference engine (default: scenarios/monarchie).
    Check {
        /// Scenario files or directories.
        paths: Vec<PathBuf>,
        /// Only scenarios of this clause (and its sub-clauses), e.g. m.8.
        #[arg(long)]
        clause: Option<String>,
        /// Only the scenario with this ID.
        #[arg(long)]
        id: Option<String>,
        /// The spec directory the scenarios refer to.
        #[arg(long)]
        spec: Option<PathBuf>,
        /// Output format.
        #[arg(long, value_enum, default_value_t = ReportFormat::Text)]
        format: ReportFormat,
        /// Also list engine clauses and rulings that no scenario covers.
        #[arg(long)]
        coverage: bool,
    },
    /// Play seeded random games on the reference engine and check every invariant after every action.
    Fuzz {
        /// Number of games.
        #[arg(long, default_value_t = 1000)]
        games: u64,
        /// Seed of the first game; game i uses seed + i.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Maximum actions per game.
        #[arg(long, default_value_t = 200)]
        max_plies: usize,
        /// Where to write the scenario that reproduces a violation.
        #[arg(long, default_value = "fuzz-failures")]
        out: PathBuf,
        /// A ruling setting ID=key (repeatable).
        #[arg(long = "ruling", value_name = "ID=KEY")]
        rulings: Vec<String>,
        /// Run the exhaustive from-to comparison every N actions (0: never).
        #[arg(long, default_value_t = 25)]
        exhaustive_every: usize,
        /// Run the 60-degree rotation comparison every N actions (0: never).
        #[arg(long, default_value_t = 5)]
        rotation_every: usize,
        /// Output format of the summary.
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
    },
    /// Speak the engine protocol (docs/protocol.md) on stdin/stdout as the reference engine.
    Serve {
        /// Ruling settings ID=key forced on top of every request's rulings.
        #[arg(long = "ruling", value_name = "ID=KEY")]
        rulings: Vec<String>,
        /// For testing harnesses: crash-on=SEQ, sleep=SECONDS, garbage, close-stdout.
        #[arg(long, hide = true)]
        fault: Option<String>,
    },
    /// Run the scenario suite against an external engine through the protocol.
    Conform {
        /// The engine command line, e.g. "python3 adapter.py".
        #[arg(long)]
        engine: String,
        /// Scenario files or directories (default: scenarios/monarchie).
        paths: Vec<PathBuf>,
        /// Only scenarios of this clause (and its sub-clauses).
        #[arg(long)]
        clause: Option<String>,
        /// Only the scenario with this ID.
        #[arg(long)]
        id: Option<String>,
        /// Seconds to wait for each answer.
        #[arg(long, default_value_t = 10.0)]
        timeout: f64,
        /// A file of scenario IDs known to fail (one per line, # comments).
        #[arg(long)]
        expected_failures: Option<PathBuf>,
        /// Output format.
        #[arg(long, value_enum, default_value_t = ConformFormat::Text)]
        format: ConformFormat,
        /// Write the report here instead of stdout.
        #[arg(long, short)]
        output: Option<PathBuf>,
    },
    /// Play every ruling alternative against the suite and list the scenarios it changes.
    RulingsAudit {
        /// Add missing ruling IDs to the `rulings` of the scenarios that depend on them.
        #[arg(long)]
        fix: bool,
    },
    /// Rewrite the `scenarios` lists of spec/monarchie/findings.yaml from the scenarios' `findings` fields.
    SpecSync,
    /// Print the JSON Schema of the scenario file format.
    Schema,
    /// Draw the board of a position as text.
    Show {
        #[command(flatten)]
        position: PositionArgs,
    },
    /// Count the leaves of the legal-move tree (perft), optionally per first move.
    Perft {
        /// Depth in plies.
        depth: u32,
        #[command(flatten)]
        position: PositionArgs,
        /// Print the count below each first move.
        #[arg(long)]
        divide: bool,
        /// Output format.
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
    },
    /// List the legal moves of the party to move (or of one cell).
    Moves {
        #[command(flatten)]
        position: PositionArgs,
        /// Only the moves of the piece on this cell.
        #[arg(long)]
        cell: Option<u16>,
        /// Output format.
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
    },
    /// Apply actions (`16-28`, `5x150`, `200-230=Q`, `16-28@12`, `timeout`) and print each outcome.
    Apply {
        #[command(flatten)]
        position: PositionArgs,
        /// The actions, in order.
        actions: Vec<String>,
        /// Output format.
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
    },
}

/// Runs one command.
///
/// # Errors
/// Any input problem, with context.
pub fn run(cli: Cli) -> Result<ExitCode> {
    match cli.command {
        Command::Check {
            paths,
            clause,
            id,
            spec,
            format,
            coverage,
        } => check(paths, clause, id, spec, format, coverage),
        Command::Show { position } => {
            let (position, _) = position.load()?;
            print!("{}", regelwerk::board_text::render(&position));
            Ok(ExitCode::SUCCESS)
        }
        Command::Fuzz {
            games,
            seed,
            max_plies,
            out,
            rulings,
            exhaustive_every,
            rotation_every,
            format,
        } => fuzz(
            FuzzArgs {
                games,
                seed,
                max_plies,
                checks: regelwerk::fuzz::Checks {
                    exhaustive_every,
                    rotation_every,
                },
            },
            &out,
            &rulings,
            format,
        ),
        Command::Serve { rulings, fault } => {
            Ruleset::from_settings(&rulings).context("reading --ruling")?;
            let fault = parse_fault(fault.as_deref())?;
            let stdin = std::io::stdin();
            regelwerk::protocol::serve::serve(
                stdin.lock(),
                std::io::stdout().lock(),
                &rulings,
                fault,
            )?;
            Ok(ExitCode::SUCCESS)
        }
        Command::Conform {
            engine,
            paths,
            clause,
            id,
            timeout,
            expected_failures,
            format,
            output,
        } => conform(ConformArgs {
            engine,
            paths,
            clause,
            id,
            timeout,
            expected_failures,
            format,
            output,
        }),
        Command::RulingsAudit { fix } => rulings_audit(fix),
        Command::SpecSync => spec_sync(),
        Command::Schema => {
            println!("{}", regelwerk::scenario::format::schema_json());
            Ok(ExitCode::SUCCESS)
        }
        Command::Perft {
            depth,
            position,
            divide: split,
            format,
        } => {
            let (position, rules) = position.load()?;
            let started = Instant::now();
            let (total, rows) = if split {
                let rows = divide(&position, depth, &rules);
                (rows.iter().map(|(_, n)| n).sum(), rows)
            } else {
                (perft(&position, depth, &rules), Vec::new())
            };
            let seconds = started.elapsed().as_secs_f64();
            match format {
                Format::Text => {
                    for (mv, count) in &rows {
                        println!("{} {count}", position_move_text(&position, *mv));
                    }
                    if split {
                        println!();
                    }
                    println!("perft {depth} {total}");
                    eprintln!(
                        "{:.3} s, {:.0} nodes/s",
                        seconds,
                        total as f64 / seconds.max(1e-9)
                    );
                }
                Format::Json => {
                    let divide: Vec<_> = rows
                        .iter()
                        .map(|(mv, n)| serde_json::json!({"move": mv.to_string(), "nodes": n}))
                        .collect();
                    println!(
                        "{}",
                        serde_json::json!({
                            "position": to_notation(&position),
                            "depth": depth,
                            "nodes": total,
                            "divide": divide,
                            "seconds": seconds,
                        })
                    );
                }
            }
            Ok(ExitCode::SUCCESS)
        }
        Command::Moves {
            position,
            cell,
            format,
        } => {
            let (position, rules) = position.load()?;
            let moves = match cell {
                Some(number) => {
                    let cell = Cell::try_from(number).context("reading --cell")?;
                    legal_moves_from(&position, cell, &rules)
                        .into_iter()
                        .filter(|mv| {
                            Some(position.piece_at(mv.from).map(|p| p.party))
                                == Some(position.to_move())
                        })
                        .collect()
                }
                None => legal_moves(&position, &rules),
            };
            let texts: Vec<String> = moves
                .iter()
                .map(|&mv| position_move_text(&position, mv))
                .collect();
            match format {
                Format::Text => {
                    for text in &texts {
                        println!("{text}");
                    }
                    eprintln!("{} legal moves", texts.len());
                }
                Format::Json => println!("{}", serde_json::json!({ "moves": texts })),
            }
            Ok(ExitCode::SUCCESS)
        }
        Command::Apply {
            position,
            actions,
            format,
        } => {
            let (mut position, rules) = position.load()?;
            for (index, text) in actions.iter().enumerate() {
                let action: Action = text
                    .parse()
                    .with_context(|| format!("reading action {} '{text}'", index + 1))?;
                let outcome = rules::apply(&mut position, action, &rules).map_err(|illegal| {
                    anyhow::anyhow!(
                        "action {} '{text}' is illegal ({}): {illegal}",
                        index + 1,
                        illegal.code()
                    )
                })?;
                match format {
                    Format::Text => println!("{text}: {}", serde_json::to_string(&outcome)?),
                    Format::Json => println!("{}", serde_json::to_string(&outcome)?),
                }
            }
            println!("{}", to_notation(&position));
            Ok(ExitCode::SUCCESS)
        }
    }
}

/// A move written with `x` when it captures in `position`.
fn position_move_text(position: &Position, mv: regelwerk::Move) -> String {
    mv.text(!position.is_empty(mv.to))
}

/// The repository root: the current directory if it holds `scenarios/`,
/// else the directory the binary was built from.
fn repo_root() -> PathBuf {
    let here = PathBuf::from(".");
    if here.join("scenarios").is_dir() {
        here
    } else {
        PathBuf::from(env!("CARGO_MANIFEST_DIR"))
    }
}

fn check(
    paths: Vec<PathBuf>,
    clause: Option<String>,
    id: Option<String>,
    spec_dir: Option<PathBuf>,
    format: ReportFormat,
    coverage: bool,
) -> Result<ExitCode> {
    let root = repo_root();
    let spec_dir = spec_dir.unwrap_or_else(|| root.join("spec/monarchie"));
    let spec = Spec::load(&spec_dir).context("loading the spec")?;
    let paths = if paths.is_empty() {
        vec![root.join("scenarios/monarchie")]
    } else {
        paths
    };
    let files = regelwerk::scenario::collect_files(&paths).context("finding scenario files")?;
    let started = Instant::now();
    let bar = progress_bar(files.len() as u64, format == ReportFormat::Text);
    let report = run_suite(
        &files,
        Some(&spec),
        clause.as_deref(),
        id.as_deref(),
        |done, _| bar.set_position(done as u64),
    );
    bar.finish_and_clear();
    let seconds = started.elapsed().as_secs_f64();
    match format {
        ReportFormat::Text => print_text_report(&report, &spec, seconds, coverage),
        ReportFormat::Json => {
            let mut value = report.to_json(Some(&spec), seconds);
            if coverage {
                let (clauses, rulings) = report.coverage_gaps(&spec);
                value["coverage"] = serde_json::json!({"clauses_without_scenarios": clauses, "rulings_without_scenarios": rulings});
            }
            println!("{}", serde_json::to_string_pretty(&value)?);
        }
        ReportFormat::Junit => print!("{}", report.to_junit(seconds)),
    }
    if report.cases.is_empty() {
        eprintln!("no scenario matched");
        return Ok(ExitCode::from(1));
    }
    Ok(if report.all_passed() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

/// A progress bar on stderr, hidden when stderr is not a terminal.
fn progress_bar(length: u64, visible: bool) -> indicatif::ProgressBar {
    use std::io::IsTerminal;
    if !visible || !std::io::stderr().is_terminal() {
        return indicatif::ProgressBar::hidden();
    }
    let bar = indicatif::ProgressBar::new(length);
    bar.set_style(
        indicatif::ProgressStyle::with_template("{bar:40} {pos}/{len} {msg}")
            .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
    );
    bar
}

fn print_text_report(report: &SuiteReport, spec: &Spec, seconds: f64, coverage: bool) {
    for case in &report.cases {
        match &case.status {
            Status::Passed => {}
            Status::Failed(mismatch) => {
                println!("FAILED {} ({})", case.id, case.path.display());
                println!("  step {}: {}", mismatch.step, mismatch.what);
                if std::io::IsTerminal::is_terminal(&std::io::stdout()) {
                    println!("  (left: expected, right: actual)");
                    println!(
                        "{}",
                        pretty_assertions::StrComparison::new(&mismatch.expected, &mismatch.actual)
                    );
                } else {
                    println!("  expected:\n{}", indent(&mismatch.expected));
                    println!("  actual:\n{}", indent(&mismatch.actual));
                }
                println!("  rerun: {}", rerun_command(case));
                println!();
            }
            Status::Invalid(error) => {
                println!("INVALID {error}");
                println!();
            }
        }
    }
    println!(
        "{:<22} {:>6} {:>7} {:>7} {:>6} {:>8}",
        "clause", "cases", "passed", "failed", "legal", "illegal"
    );
    for row in report.clause_rows(Some(spec)) {
        println!(
            "{:<22} {:>6} {:>7} {:>7} {:>6} {:>8}",
            row.clause, row.cases, row.passed, row.failed, row.legal, row.illegal
        );
    }
    if coverage {
        let (clauses, rulings) = report.coverage_gaps(spec);
        println!();
        println!(
            "clauses without scenarios: {}",
            if clauses.is_empty() {
                "none".to_string()
            } else {
                clauses.join(", ")
            }
        );
        println!(
            "rulings without scenarios: {}",
            if rulings.is_empty() {
                "none".to_string()
            } else {
                rulings.join(", ")
            }
        );
    }
    println!();
    println!(
        "{} scenarios in {:.2} s ({} invalid)",
        report.cases.len(),
        seconds,
        report.invalid()
    );
    println!(
        "check: {} passed, {} failed",
        report.passed(),
        report.cases.len() - report.passed()
    );
}

fn indent(text: &str) -> String {
    text.lines().map(|line| format!("    {line}\n")).collect()
}

/// `regelwerk fuzz`: random games with every invariant checked.
/// The size of a fuzz run.
struct FuzzArgs {
    games: u64,
    seed: u64,
    max_plies: usize,
    checks: regelwerk::fuzz::Checks,
}

fn fuzz(
    args: FuzzArgs,
    out: &std::path::Path,
    rulings: &[String],
    format: Format,
) -> Result<ExitCode> {
    use regelwerk::fuzz::{failure_scenario, play_checked, random_position, shrink, Rng};
    let FuzzArgs {
        games,
        seed,
        max_plies,
        checks,
    } = args;
    let rules = Ruleset::from_settings(rulings).context("reading --ruling")?;
    let bar = progress_bar(games, format == Format::Text);
    let started = Instant::now();
    let mut plies = 0usize;
    let mut finished = 0u64;
    for index in 0..games {
        let game_seed = seed.wrapping_add(index);
        let mut rng = Rng::new(game_seed);
        let start = if index % 2 == 0 {
            Position::start()
        } else {
            random_position(&mut rng, &rules)
        };
        let choices: Vec<u64> = (0..max_plies).map(|_| rng.next_u64()).collect();
        match play_checked(&start, &choices, &rules, checks) {
            Ok(played) => {
                plies += played.plies;
                finished += u64::from(played.finished);
            }
            Err(failure) => {
                bar.finish_and_clear();
                let small = shrink(&failure, &rules);
                std::fs::create_dir_all(out)
                    .with_context(|| format!("creating {}", out.display()))?;
                let id = format!("fuzz-seed-{game_seed}");
                let path = out.join(format!("{id}.yaml"));
                std::fs::write(&path, failure_scenario(&small, &id, &rules))
                    .with_context(|| format!("writing {}", path.display()))?;
                println!("game {index} (seed {game_seed}) broke {}", small.violation);
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
        bar.set_position(index + 1);
    }
    bar.finish_and_clear();
    let seconds = started.elapsed().as_secs_f64().max(1e-9);
    match format {
        Format::Text => {
            println!(
                "{games} games, {plies} actions, {finished} finished, 0 violations in {seconds:.1} s: {:.1} games/s, {:.0} plies/s",
                games as f64 / seconds,
                plies as f64 / seconds
            );
            println!("fuzz: {games} passed, 0 failed");
        }
        Format::Json => println!(
            "{}",
            serde_json::json!({"games": games, "plies": plies, "finished": finished, "violations": 0,
                "seconds": seconds, "games_per_second": games as f64 / seconds, "plies_per_second": plies as f64 / seconds})
        ),
    }
    Ok(ExitCode::SUCCESS)
}

fn parse_fault(text: Option<&str>) -> Result<regelwerk::protocol::serve::Fault> {
    use regelwerk::protocol::serve::Fault;
    let Some(text) = text else {
        return Ok(Fault::None);
    };
    let number = |value: &str| {
        value
            .parse::<u64>()
            .with_context(|| format!("--fault {text}: expected a number"))
    };
    Ok(match text.split_once('=') {
        Some(("crash-on", seq)) => Fault::CrashOn(number(seq)?),
        Some(("sleep", seconds)) => Fault::Sleep(number(seconds)?),
        None if text == "garbage" => Fault::Garbage,
        None if text == "close-stdout" => Fault::CloseStdout,
        _ => anyhow::bail!(
            "--fault {text}: expected crash-on=SEQ, sleep=SECONDS, garbage or close-stdout"
        ),
    })
}

/// The arguments of `conform`.
struct ConformArgs {
    engine: String,
    paths: Vec<PathBuf>,
    clause: Option<String>,
    id: Option<String>,
    timeout: f64,
    expected_failures: Option<PathBuf>,
    format: ConformFormat,
    output: Option<PathBuf>,
}

fn conform(args: ConformArgs) -> Result<ExitCode> {
    use regelwerk::protocol::client::Engine;
    use regelwerk::protocol::conform::{
        conform_case, smoke_check, suite_revision, CaseVerdict, ConformReport, Smoke,
    };
    use regelwerk::protocol::conform_report;
    let root = repo_root();
    let spec = Spec::load(&root.join("spec/monarchie")).context("loading the spec")?;
    let paths = if args.paths.is_empty() {
        vec![root.join("scenarios/monarchie")]
    } else {
        args.paths.clone()
    };
    let files = regelwerk::scenario::collect_files(&paths).context("finding scenario files")?;
    let mut cases = Vec::new();
    for file in &files {
        let loaded = regelwerk::scenario::load_file(file, Some(&spec))
            .map_err(|error| anyhow::anyhow!("the suite itself is broken: {error}"))?;
        let clause_ok = args.clause.as_ref().is_none_or(|wanted| {
            loaded
                .scenario
                .clauses
                .iter()
                .any(|c| c == wanted || c.starts_with(&format!("{wanted}.")))
        });
        let id_ok = args
            .id
            .as_ref()
            .is_none_or(|wanted| &loaded.scenario.id == wanted);
        if clause_ok && id_ok {
            cases.push(loaded);
        }
    }
    if cases.is_empty() {
        anyhow::bail!("no scenario matched");
    }
    let expected: std::collections::BTreeSet<String> = match &args.expected_failures {
        Some(path) => std::fs::read_to_string(path)
            .with_context(|| format!("reading {}", path.display()))?
            .lines()
            .map(|line| line.split('#').next().unwrap_or("").trim().to_string())
            .filter(|line| !line.is_empty())
            .collect(),
        None => Default::default(),
    };
    let timeout = std::time::Duration::from_secs_f64(args.timeout.max(0.01));
    let mut engine = match Engine::start(&args.engine, timeout) {
        Ok(engine) => engine,
        Err(error) => {
            eprintln!("the engine could not be started or did not complete the handshake: {error}");
            eprintln!("this is an adapter problem, not a rules difference: check the command and docs/protocol.md");
            return Ok(ExitCode::from(2));
        }
    };
    match smoke_check(&mut engine) {
        Smoke::Healthy => {}
        Smoke::Disagrees(detail) => eprintln!(
            "smoke check: the engine answers but disagrees on the start position: {detail}"
        ),
        Smoke::Broken(detail) => {
            eprintln!("smoke check failed: the adapter does not answer a simple moves request properly: {detail}");
            let tail = engine.stderr_tail();
            if !tail.is_empty() {
                eprintln!("engine stderr (tail):\n{tail}");
            }
            return Ok(ExitCode::from(2));
        }
    }
    let bar = progress_bar(
        cases.len() as u64,
        args.format == ConformFormat::Text && args.output.is_none(),
    );
    let mut seq = 0u64;
    let mut verdicts = Vec::new();
    for (index, loaded) in cases.iter().enumerate() {
        let verdict = conform_case(&mut engine, loaded, &mut seq);
        verdicts.push(CaseVerdict {
            id: loaded.scenario.id.clone(),
            file: loaded.path.display().to_string(),
            clauses: loaded.scenario.clauses.clone(),
            rulings: loaded.scenario.rulings.clone(),
            verdict,
            expected_failure: expected.contains(&loaded.scenario.id),
        });
        bar.set_position(index as u64 + 1);
    }
    bar.finish_and_clear();
    let report = ConformReport {
        engine: engine.info().clone(),
        protocol: regelwerk::protocol::PROTOCOL_VERSION.to_string(),
        suite_revision: suite_revision(&files),
        command: args.engine.clone(),
        restarts: engine.restarts(),
        cases: verdicts,
    };
    engine.stop();
    let text = match args.format {
        ConformFormat::Text => conform_report::text(&report),
        ConformFormat::Json => serde_json::to_string_pretty(&report)? + "\n",
        ConformFormat::Junit => conform_report::junit(&report),
        ConformFormat::Html => conform_report::html(&report),
    };
    match &args.output {
        Some(path) => {
            std::fs::write(path, text).with_context(|| format!("writing {}", path.display()))?
        }
        None => print!("{text}"),
    }
    Ok(if report.unexpected_problems().is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

fn rulings_audit(fix: bool) -> Result<ExitCode> {
    let root = repo_root();
    let spec = Spec::load(&root.join("spec/monarchie")).context("loading the spec")?;
    let files = regelwerk::scenario::collect_files(&[root.join("scenarios/monarchie")])?;
    let cases = files
        .iter()
        .map(|file| regelwerk::scenario::load_file(file, Some(&spec)))
        .collect::<Result<Vec<_>, _>>()
        .map_err(|error| anyhow::anyhow!("{error}"))?;
    let effects = regelwerk::scenario::audit::audit(&cases);
    let mut additions: std::collections::BTreeMap<PathBuf, Vec<String>> = Default::default();
    for effect in &effects {
        println!(
            "{:<32} changes {:>3} scenarios, {:>3} of them without the ruling listed",
            effect.setting,
            effect.changed.len(),
            effect.unlisted.len()
        );
        let id = effect
            .setting
            .split('=')
            .next()
            .unwrap_or_default()
            .to_string();
        for (scenario, path) in &effect.unlisted {
            if !fix {
                println!("    {scenario}");
            }
            let entry = additions.entry(path.clone()).or_default();
            if !entry.contains(&id) {
                entry.push(id.clone());
            }
        }
    }
    if fix {
        let changed = regelwerk::scenario::audit::add_rulings(&additions)?;
        println!("added rulings to {} scenario files", changed.len());
        return Ok(ExitCode::SUCCESS);
    }
    Ok(if additions.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

fn spec_sync() -> Result<ExitCode> {
    let root = repo_root();
    let spec = Spec::load(&root.join("spec/monarchie")).context("loading the spec")?;
    let files = regelwerk::scenario::collect_files(&[root.join("scenarios/monarchie")])?;
    let mut naming: std::collections::BTreeMap<String, Vec<String>> = Default::default();
    for file in &files {
        let loaded = regelwerk::scenario::load_file(file, Some(&spec))
            .map_err(|error| anyhow::anyhow!("{error}"))?;
        for finding in &loaded.scenario.findings {
            naming
                .entry(finding.clone())
                .or_default()
                .push(loaded.scenario.id.clone());
        }
    }
    let path = root.join("spec/monarchie/findings.yaml");
    let text =
        std::fs::read_to_string(&path).with_context(|| format!("reading {}", path.display()))?;
    let mut current = String::new();
    let mut out = String::new();
    for line in text.lines() {
        if let Some(id) = line.trim_start().strip_prefix("- id: ") {
            current = id.trim().to_string();
        }
        if line.starts_with("    scenarios:") {
            let mut ids = naming.get(&current).cloned().unwrap_or_default();
            ids.sort();
            out.push_str(&format!("    scenarios: [{}]\n", ids.join(", ")));
        } else {
            out.push_str(line);
            out.push('\n');
        }
    }
    std::fs::write(&path, out).with_context(|| format!("writing {}", path.display()))?;
    println!(
        "findings.yaml: scenario lists of {} findings updated",
        naming.len()
    );
    Ok(ExitCode::SUCCESS)
}
