//! Subcommands of the `regelwerk` binary.

mod bench;
mod check;
mod conform;
mod coverage;
mod exit;
mod explore;
mod formats;
mod fuzz;
mod fuzz_report;
mod maintain;
mod matrix;
mod perftfile;
mod play;
mod play_record;
mod position_args;
mod render;
mod replay;
mod shard;
mod variants;

pub use formats::{ConformFormat, Format, ReportFormat, SchemaKind};

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Result;
use clap::{Parser, Subcommand};

use regelwerk::variant::{PerftPath, VariantId};

use position_args::PositionArgs;

/// regelwerk: the rules oracle for MONARCHIE, Grand Chess, Racing Kings, Three Kingdoms Xiangqi and Sovereign Chess.
#[derive(Parser, Debug)]
#[command(name = "regelwerk", version, about)]
pub struct Cli {
    #[command(subcommand)]
    command: Command,
    /// Replace an existing output file that the write rule protects (a results file, a game's record, a file of another kind; README, "Exit codes").
    #[arg(long, global = true)]
    force: bool,
}

impl Cli {
    /// Whether the command writes to external engine processes (`conform`,
    /// `fuzz --engine`), which may exit at any time.
    pub fn talks_to_engines(&self) -> bool {
        match &self.command {
            Command::Conform { .. } | Command::Bench { .. } => true,
            Command::Fuzz { engine, uci, .. } => engine.is_some() || uci.is_some(),
            _ => false,
        }
    }
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Run the scenario suites on the reference engine (default: every variant's, scenarios/<variant>).
    Check {
        /// Scenario files or directories.
        paths: Vec<PathBuf>,
        /// Only scenarios of this clause (and its sub-clauses), e.g. m.8.
        #[arg(long)]
        clause: Option<String>,
        /// Only the scenario with this ID.
        #[arg(long)]
        id: Option<String>,
        /// The spec root the scenarios refer to (holding `<variant>/clauses.yaml`); default: the repository's `spec/`.
        #[arg(long)]
        spec: Option<PathBuf>,
        /// Only this variant's suite (default: every variant's).
        #[arg(long, value_enum)]
        variant: Option<VariantId>,
        /// Output format.
        #[arg(long, value_enum, default_value_t = ReportFormat::Text)]
        format: ReportFormat,
        /// Also list engine clauses and rulings that no scenario covers.
        #[arg(long)]
        coverage: bool,
        /// Deliberate fault, never for a normal run: play the misreading ID of spec/<variant>/misreadings.yaml (M-, G-, RK-, TK-, SC-; repeatable, one variant) to see which scenarios catch it; runs that variant's suite only.
        #[arg(long = "fault", value_name = "ID")]
        faults: Vec<String>,
        /// Run only shard I of N (every N-th file from the I-th; docs/scale.md).
        #[arg(long, value_name = "I/N")]
        shard: Option<regelwerk::shard::Shard>,
        /// Write the results as JSON lines for `regelwerk merge` (docs/scale.md).
        #[arg(long, value_name = "FILE.jsonl")]
        output: Option<PathBuf>,
        /// With --output: continue the file an interrupted run of this shard left, skipping its finished units.
        #[arg(long, requires = "output")]
        resume: bool,
    },
    /// Build the conformance matrix of the outside implementations (implementations/, docs/implementations.md) from their conform JSON reports; exit 1 on a new difference or a stale declaration.
    Matrix {
        /// The folder of the implementations' manifests (`<name>/implementation.yaml`).
        #[arg(long, default_value = "implementations")]
        implementations: PathBuf,
        /// The folder of the results: `<name>-<variant>.json` (conform --format json) and `<name>-<variant>.time.json`.
        #[arg(long)]
        results: PathBuf,
        /// Write the matrix as JSON here.
        #[arg(long)]
        json: Option<PathBuf>,
        /// Write the committee's page (German and English) into this folder, e.g. the report's (target/report).
        #[arg(long)]
        html: Option<PathBuf>,
    },
    /// Merge the results files of a sharded campaign (check, perft, fuzz) into the report of a single run.
    Merge {
        /// The shards' results files (`--output`).
        files: Vec<PathBuf>,
        /// Output format.
        #[arg(long, value_enum, default_value_t = ReportFormat::Text)]
        format: ReportFormat,
    },
    /// Play seeded random games on the reference engine and check every invariant after every action.
    Fuzz {
        /// The rule system.
        #[arg(long, value_enum, default_value_t = VariantId::default())]
        variant: VariantId,
        /// Number of games.
        #[arg(long, default_value_t = 1000, value_parser = regelwerk::input::whole(1u64, u64::MAX))]
        games: u64,
        /// Seed of the first game; game i uses seed + i.
        #[arg(long, default_value_t = 1, value_parser = regelwerk::input::whole(0u64, u64::MAX))]
        seed: u64,
        /// Maximum actions per game (at most 1,000,000: MAX_PLIES).
        #[arg(long, default_value_t = 200, value_parser = regelwerk::input::max_plies)]
        max_plies: usize,
        /// Where to write the scenario that reproduces a violation.
        #[arg(long, default_value = "fuzz-failures")]
        out: PathBuf,
        /// A ruling setting ID=key (repeatable).
        #[arg(long = "ruling", value_name = "ID=KEY")]
        rulings: Vec<String>,
        /// Run the exhaustive from-to comparison every N actions (0: never).
        #[arg(long, default_value_t = 25, value_parser = regelwerk::input::whole(0usize, 1_000_000_000))]
        exhaustive_every: usize,
        /// Run the 60-degree rotation comparison every N actions (0: never).
        #[arg(long, default_value_t = 5, value_parser = regelwerk::input::whole(0usize, 1_000_000_000))]
        rotation_every: usize,
        /// Compare with this external engine (protocol command line) instead of checking invariants.
        #[arg(long, conflicts_with = "uci")]
        engine: Option<String>,
        /// Play the reference against the reference playing this misreading of spec/<variant>/misreadings.yaml and list every position where the two differ, shrunk (no scenario is written).
        #[arg(long, conflicts_with_all = ["engine", "uci"], value_name = "ID")]
        fault: Option<String>,
        /// With --fault: play one short game (--max-plies) from the start of every scenario of the variant's suite, after the --games random games.
        #[arg(long, requires = "fault")]
        from_suite: bool,
        /// Compare with this UCI engine instead (grand, racingkings; docs/uci.md).
        #[arg(long)]
        uci: Option<String>,
        /// With --uci: the engine's UCI_Variant name, when it differs from ours.
        #[arg(long, requires = "uci")]
        uci_variant: Option<String>,
        /// With --engine or --uci: finding IDs of known rule differences (one per line, # comments); a game that ends in one is counted, not failed.
        #[arg(long)]
        known_differences: Option<PathBuf>,
        /// With --engine or --uci: play every game and report the differences per game and per kind, instead of stopping at the first.
        #[arg(long)]
        keep_going: bool,
        /// With --engine: seconds to wait for each answer.
        #[arg(long, default_value_t = 10.0, value_parser = regelwerk::input::seconds)]
        timeout: f64,
        /// With --engine: compare perft 2 every N actions (0: never).
        #[arg(long, default_value_t = 20, value_parser = regelwerk::input::whole(0usize, 1_000_000_000))]
        perft_every: usize,
        /// Output format of the summary.
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
        /// Play only shard I of N of the games (game i belongs to shard i mod N; docs/scale.md).
        #[arg(long, value_name = "I/N")]
        shard: Option<regelwerk::shard::Shard>,
        /// Write the games as JSON lines for `regelwerk merge` (docs/scale.md).
        #[arg(long, value_name = "FILE.jsonl")]
        output: Option<PathBuf>,
        /// With --output: continue the file an interrupted run of this shard left, skipping its finished games.
        #[arg(long, requires = "output")]
        resume: bool,
        /// Play the random games on N threads (rayon); the results and the
        /// report are the serial run's. Not with --engine/--uci.
        #[arg(long, default_value_t = 1, value_parser = regelwerk::input::whole(1u32, 256))]
        threads: u32,
        /// No progress on stderr (games done, differences, games/s, ETA).
        #[arg(long, short)]
        quiet: bool,
        /// When stderr is not a terminal: a progress line every SECONDS (on a terminal one line is redrawn).
        #[arg(long, default_value_t = 5.0, value_name = "SECONDS")]
        progress_every: f64,
    },
    /// Speak the engine protocol (docs/protocol.md) on stdin/stdout as the reference engine.
    Serve {
        /// Play only this variant (requests of another are answered `skipped`); default: every variant.
        #[arg(long, value_enum)]
        variant: Option<VariantId>,
        /// Ruling settings ID=key forced on top of every request's rulings.
        #[arg(long = "ruling", value_name = "ID=KEY")]
        rulings: Vec<String>,
        /// For testing harnesses: crash-on=SEQ, exit-on=SEQ, sleep=SECONDS, garbage, close-stdout, flood, partial-lines, silent, out-of-sequence, or a misreading ID of spec/<variant>/misreadings.yaml (M-, G-, RK-, TK-, SC-; repeatable, one variant; without --variant only that variant is served).
        #[arg(long, hide = true)]
        fault: Vec<String>,
    },
    /// Run the scenario suite against an external engine through the protocol.
    Conform {
        /// The engine command line, e.g. "python3 adapter.py".
        #[arg(long, required_unless_present = "uci", conflicts_with = "uci")]
        engine: Option<String>,
        /// A UCI engine's command line instead (grand, racingkings; docs/uci.md), e.g. /usr/games/fairy-stockfish.
        #[arg(long)]
        uci: Option<String>,
        /// With --uci: the engine's UCI_Variant name, when it differs from ours.
        #[arg(long, requires = "uci")]
        uci_variant: Option<String>,
        /// Cases listed in --expected-failures that pass fail the run too.
        #[arg(long)]
        strict: bool,
        /// The rule system whose suite to run.
        #[arg(long, value_enum, default_value_t = VariantId::default())]
        variant: VariantId,
        /// Scenario files or directories (default: scenarios/<variant>).
        paths: Vec<PathBuf>,
        /// Only scenarios of this clause (and its sub-clauses).
        #[arg(long)]
        clause: Option<String>,
        /// Only the scenario with this ID.
        #[arg(long)]
        id: Option<String>,
        /// Seconds to wait for each answer.
        #[arg(long, default_value_t = 10.0, value_parser = regelwerk::input::seconds)]
        timeout: f64,
        /// A file of scenario IDs known to fail (one per line, # comments).
        #[arg(long)]
        expected_failures: Option<PathBuf>,
        /// Output format.
        #[arg(long, value_enum, default_value_t = ConformFormat::Text)]
        format: ConformFormat,
        /// Write the report here instead of stdout; a `*.jsonl` file gets the results as JSON lines for `regelwerk merge` (docs/scale.md).
        #[arg(long, short)]
        output: Option<PathBuf>,
        /// Run only shard I of N of the cases (docs/scale.md).
        #[arg(long, value_name = "I/N")]
        shard: Option<regelwerk::shard::Shard>,
        /// With a `*.jsonl` --output: continue the file an interrupted run of this shard left, skipping its finished cases.
        #[arg(long, requires = "output")]
        resume: bool,
        /// A reading the engine plays, ID=KEY (repeatable; besides its `ready.rulings`): judged under it.
        #[arg(long = "ruling", value_name = "ID=KEY")]
        rulings: Vec<String>,
    },
    /// Time perft of the reference and of a UCI engine side by side (docs/perf.md).
    Bench {
        /// The UCI engine's command line, e.g. /usr/games/fairy-stockfish.
        #[arg(long)]
        uci: String,
        /// The variants (default: grand and racingkings).
        #[arg(long, value_enum)]
        variant: Vec<VariantId>,
        /// perft depth (default 4).
        #[arg(long, value_parser = regelwerk::input::whole(1u32, regelwerk::input::MAX_PERFT_DEPTH))]
        depth: Option<u32>,
        /// Alternating runs per position; the best of each side counts (1 to 1000).
        #[arg(long, default_value_t = 5, value_parser = regelwerk::input::whole(1u32, 1000))]
        runs: u32,
        /// Middle-game positions besides the start (0 to 1000).
        #[arg(long, default_value_t = 4, value_parser = regelwerk::input::whole(0usize, 1000))]
        middle: usize,
        /// Seconds to wait for each engine answer.
        #[arg(long, default_value_t = 600.0, value_parser = regelwerk::input::seconds)]
        timeout: f64,
    },
    /// Rewrite the `scenarios` lists of spec/<variant>/findings.yaml from the scenarios' `findings` fields.
    SpecSync {
        /// Only this variant's spec (default: every variant's).
        #[arg(long, value_enum)]
        variant: Option<VariantId>,
    },
    /// Print the JSON Schema of a file format (default: scenario).
    Schema {
        /// Which format.
        #[arg(value_enum, default_value_t = SchemaKind::Scenario)]
        kind: SchemaKind,
        /// The scenario schema of one variant: `variant` fixed and the variant's own fields listed.
        #[arg(long, value_enum)]
        variant: Option<VariantId>,
    },
    /// Draw a position (or a scenario's starting position) as an SVG board diagram.
    Render(render::RenderArgs),
    /// Write the rulebook's figures, drawn from the engine, as SVG files with an index.html.
    Figures {
        /// The directory to write.
        #[arg(long, short)]
        output: PathBuf,
        /// The rule system whose movement figures to draw.
        #[arg(long, value_enum, default_value_t = VariantId::default())]
        variant: VariantId,
    },
    /// Write the rules committee's report: a static HTML site that works offline.
    Report {
        /// The directory of the site.
        #[arg(long, value_name = "DIR")]
        html: PathBuf,
        /// Interface language: de or en.
        #[arg(long, default_value = "de")]
        lang: String,
        /// perft depth of the ruling diffs (1 to 64, within perft's default node budget).
        #[arg(long, default_value_t = regelwerk::report::diff::DEFAULT_PERFT_DEPTH, value_parser = regelwerk::input::whole(1u32, 64))]
        perft_depth: u32,
        /// Only this variant's report (default: every variant behind one index).
        #[arg(long, value_enum)]
        variant: Option<VariantId>,
    },
    /// Ruling and misreading tools for any variant (`rulings audit --variant V`, `rulings diff ID=KEY`, `rulings misreadings`).
    Rulings {
        /// The rule system; before or after the subcommand.
        #[arg(long, value_enum, global = true, default_value_t = VariantId::default())]
        variant: VariantId,
        #[command(subcommand)]
        command: render::RulingsCommand,
    },
    /// Play a game (MONARCHIE: a six-party training game of humans and Joshuas) and write its record.
    Play(play::PlayArgs),
    /// Replay journals (clause 18), PGN files (`*.pgn`: grand, racingkings, sovereign) and turn records (`*.turns`: threekingdoms) and report the first discrepancy of each game.
    Replay {
        /// Journal files (YAML), PGN files (by the extension `.pgn`) and turn records (`.turns`).
        journals: Vec<PathBuf>,
        /// Every file must record a game of this variant (MONARCHIE: journals; threekingdoms: turn records; the others: PGN).
        #[arg(long, value_enum)]
        variant: Option<VariantId>,
    },
    /// Draw the board of a position as text.
    Show {
        #[command(flatten)]
        position: PositionArgs,
    },
    /// Check a perft file (docs/perft.md): its positions and every perft and divide line.
    PerftFile {
        /// The perft file, e.g. tests/data/monarchie.perft.
        file: PathBuf,
        /// The rule system the file is for.
        #[arg(long, value_enum, default_value_t = VariantId::default())]
        variant: VariantId,
        /// Skip lines of more nodes than this (a number such as 1e9, or none).
        #[arg(long, default_value = "1e8")]
        max_nodes: regelwerk::budget::NodeBudget,
        /// Count with the readable reference rule code, not the fast path.
        #[arg(long)]
        reference: bool,
        /// Output format.
        #[arg(long, value_enum, default_value_t = ReportFormat::Text)]
        format: ReportFormat,
    },
    /// Count the leaves of the legal-move tree (perft), optionally per first move.
    Perft {
        /// Depth in plies (0 to 64: MAX_PERFT_DEPTH).
        #[arg(value_parser = regelwerk::input::perft_depth)]
        depth: u32,
        #[command(flatten)]
        position: PositionArgs,
        /// Print the count below each first move.
        #[arg(long)]
        divide: bool,
        /// Refuse a depth whose estimated node count exceeds this (a number such as 1e9, or none).
        #[arg(long, default_value_t = regelwerk::budget::NodeBudget::default())]
        max_nodes: regelwerk::budget::NodeBudget,
        /// Count only shard I of N of the root moves (docs/scale.md).
        #[arg(long, value_name = "I/N")]
        shard: Option<regelwerk::shard::Shard>,
        /// With --shard: write the shard's root-move counts as JSON lines for `regelwerk merge`.
        #[arg(long, value_name = "FILE.jsonl", requires = "shard")]
        output: Option<PathBuf>,
        /// With --output: continue the file an interrupted run of this shard left, skipping its finished units.
        #[arg(long, requires = "output")]
        resume: bool,
        /// Output format.
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
        /// Count on N threads (rayon over the first moves; MONARCHIE with --divide uses one); the same count.
        #[arg(long, default_value_t = 1, value_parser = regelwerk::input::whole(1u32, 256))]
        threads: u32,
        /// Walk the readable reference rule code, not the fast path (MONARCHIE, Racing Kings, Three Kingdoms, Sovereign; Grand Chess has one move generator).
        #[arg(long)]
        reference: bool,
    },
    /// List the legal moves of the party to move (or of one cell).
    Moves {
        #[command(flatten)]
        position: PositionArgs,
        /// Only the moves of the piece on this square, point or cell, in the variant's notation: e2, or a MONARCHIE cell number such as 16 (`--cell` is the same option).
        #[arg(long, visible_alias = "cell")]
        square: Option<String>,
        /// Output format.
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
    },
    /// Start the explorer: a local web page on 127.0.0.1 to play any position, switch rulings live and save a case as a scenario (docs/explorer.md).
    Explore(explore::ExploreArgs),
    /// Apply actions in the variant's notation (MONARCHIE `16-28`, `5x150`, `200-230=Q`, `16-28@12`, `timeout`; the chess variants `e2e4`, `claim`; Three Kingdoms and Sovereign Chess their move texts) and print each outcome: text, or one JSON document.
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

/// How a results file is begun: `--resume` continues it.
fn begin_of(resume: bool) -> regelwerk::shard::Begin {
    if resume {
        regelwerk::shard::Begin::Resume
    } else {
        regelwerk::shard::Begin::Fresh
    }
}

/// See [`exit::install_stdout_hook`].
pub fn install_stdout_hook() {
    exit::install_stdout_hook();
}

/// See [`exit::flush_stdout`].
pub fn flush_stdout() {
    exit::flush_stdout();
}

/// The exit code of an error that ended a command (the README's table).
pub fn exit_code_of(error: &anyhow::Error) -> ExitCode {
    exit::of_error(error)
}

/// Runs one command.
///
/// # Errors
/// Any input problem, with context.
pub fn run(cli: Cli) -> Result<ExitCode> {
    regelwerk::output::set_force(cli.force);
    match cli.command {
        Command::Check {
            paths,
            clause,
            id,
            spec,
            variant,
            format,
            coverage,
            faults,
            shard,
            output,
            resume,
        } => check::check(
            paths,
            check::Filters {
                clause,
                id,
                variant,
                faults,
                shard,
                output,
                resume: begin_of(resume),
            },
            spec,
            format,
            coverage,
        ),
        Command::Merge { files, format } => shard::merge_command(&files, format),
        Command::Matrix {
            implementations,
            results,
            json,
            html,
        } => matrix::run(&implementations, &results, json.as_deref(), html.as_deref()),
        Command::Show { position } => {
            use std::io::IsTerminal as _;
            let colour = std::io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none();
            print!(
                "{}",
                variants::board_text(position.open()?.as_ref(), colour)
            );
            Ok(ExitCode::SUCCESS)
        }
        Command::Fuzz {
            variant,
            games,
            seed,
            max_plies,
            out,
            rulings,
            exhaustive_every,
            rotation_every,
            engine,
            fault,
            from_suite,
            uci,
            uci_variant,
            known_differences,
            keep_going,
            timeout,
            perft_every,
            format,
            shard,
            output,
            resume,
            threads,
            quiet,
            progress_every,
        } => fuzz::fuzz(
            fuzz::FuzzArgs {
                games,
                seed,
                max_plies,
                checks: regelwerk::variant::DeepChecks {
                    exhaustive_every,
                    symmetry_every: rotation_every,
                },
                uci: uci.is_some(),
                engine: engine.or(uci),
                fault,
                from_suite,
                uci_variant,
                known_differences,
                timeout,
                perft_every,
                variant,
                shard,
                output,
                resume: begin_of(resume),
                threads,
                keep_going,
                quiet,
                progress_every,
            },
            &out,
            &rulings,
            format,
        ),
        Command::Serve {
            variant,
            rulings,
            fault,
        } => conform::serve(variant, rulings, fault),
        Command::Conform {
            engine,
            uci,
            uci_variant,
            strict,
            variant,
            paths,
            clause,
            id,
            timeout,
            expected_failures,
            format,
            output,
            shard,
            resume,
            rulings,
        } => conform::conform(conform::ConformArgs {
            uci: uci.is_some(),
            engine: engine.or(uci).unwrap_or_default(),
            uci_variant,
            strict,
            variant,
            paths,
            clause,
            id,
            timeout,
            expected_failures,
            format,
            output,
            shard,
            resume: begin_of(resume),
            rulings,
        }),
        Command::Render(args) => render::render(args),
        Command::Explore(args) => explore::explore(args),
        Command::Figures { output, variant } => render::figures(&output, variant),
        Command::Report {
            html,
            lang,
            perft_depth,
            variant,
        } => render::report(&html, &lang, perft_depth, variant),
        Command::Rulings { variant, command } => render::rulings(command, variant),
        Command::SpecSync { variant } => maintain::spec_sync(variant),
        Command::Bench {
            uci,
            variant,
            depth,
            runs,
            middle,
            timeout,
        } => bench::bench(bench::BenchArgs {
            uci,
            // By default every variant a UCI engine plays.
            variants: if variant.is_empty() {
                VariantId::ALL
                    .into_iter()
                    .filter(|&variant| {
                        regelwerk::protocol::uci::uci_variant_name(variant).is_some()
                    })
                    .collect()
            } else {
                variant
            },
            depth,
            runs,
            middle,
            timeout,
        }),
        Command::Play(args) => {
            // A variant recorded in a journal plays humans and Joshuas
            // (clause 17's journal, MONARCHIE); the others play computers
            // and write PGN or a turn record.
            match regelwerk::variant::info(args.variant).record.format {
                regelwerk::variant::RecordFormat::Journal => play::play(args),
                _ => play_record::play(args),
            }
        }
        Command::Replay { journals, variant } => replay::replay_journals(journals, variant),
        Command::Schema { kind, variant } => {
            if variant.is_some() && kind != SchemaKind::Scenario {
                anyhow::bail!("--variant goes with the scenario schema (journals and tournament cases are MONARCHIE's)");
            }
            let schema = match (kind, variant) {
                (SchemaKind::Scenario, Some(variant)) => {
                    regelwerk::scenario::format::variant_schema_json(variant)
                }
                (SchemaKind::Scenario, None) => regelwerk::scenario::format::schema_json(),
                (SchemaKind::Journal, _) => regelwerk::journal::schema_json(),
                (SchemaKind::Tournament, _) => {
                    regelwerk::variant::monarchie::tournament::cases::schema_json()
                }
            };
            println!("{schema}");
            Ok(ExitCode::SUCCESS)
        }
        Command::PerftFile {
            file,
            variant,
            max_nodes,
            reference,
            format,
        } => {
            let path = if reference {
                PerftPath::Reference
            } else {
                PerftPath::Fast
            };
            perftfile::run(&file, variant, max_nodes, path, format)
        }
        Command::Perft {
            depth,
            position,
            max_nodes,
            shard: Some(shard),
            output,
            resume,
            ..
        } => {
            let game = position.open()?;
            variants::check_budget(game.as_ref(), depth, max_nodes)?;
            shard::perft_shard(
                game.as_ref(),
                depth,
                shard,
                output.as_deref(),
                begin_of(resume),
            )
        }
        Command::Perft {
            depth,
            position,
            divide: split,
            format,
            threads,
            reference,
            max_nodes,
            ..
        } => {
            let game = position.open()?;
            variants::check_budget(game.as_ref(), depth, max_nodes)?;
            let path = if reference {
                PerftPath::Reference
            } else {
                PerftPath::Fast
            };
            variants::perft(game.as_ref(), depth, split, format, threads as usize, path)
        }
        Command::Moves {
            position,
            square,
            format,
        } => variants::moves(position.open()?.as_ref(), square.as_deref(), format),
        Command::Apply {
            position,
            actions,
            format,
        } => variants::apply(position.open()?, &actions, format),
    }
}

/// The repository root: the current directory if it holds `scenarios/`,
/// else the directory the binary was built from.
pub(super) fn repo_root() -> PathBuf {
    let here = PathBuf::from(".");
    if here.join("scenarios").is_dir() {
        here
    } else {
        PathBuf::from(env!("CARGO_MANIFEST_DIR"))
    }
}
