//! `regelwerk conform` and `regelwerk serve`: the engine protocol.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{Context, Result};

use regelwerk::variant::VariantId;

use super::check::progress_bar;
use super::exit::Exit;
use super::{repo_root, ConformFormat};

/// Variant names for a message: `grand, racingkings`, or `none`
/// ([`regelwerk::conform::variant_list`]).
pub(super) fn variant_list(variants: &[VariantId]) -> String {
    regelwerk::conform::variant_list(variants)
}

/// The harness faults `serve --fault` plays.
pub(super) const HARNESS_FAULTS: &str = "crash-on=SEQ, exit-on=SEQ, sleep=SECONDS, garbage, close-stdout, flood, partial-lines, silent or out-of-sequence";

pub(super) fn parse_fault(text: Option<&str>) -> Result<regelwerk::protocol::serve::Fault> {
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
        Some(("exit-on", seq)) => Fault::ExitOn(number(seq)?),
        None if text == "garbage" => Fault::Garbage,
        None if text == "close-stdout" => Fault::CloseStdout,
        None if text == "flood" => Fault::Flood,
        None if text == "partial-lines" => Fault::PartialLines,
        None if text == "silent" => Fault::Silent,
        None if text == "out-of-sequence" => Fault::OutOfSequence,
        _ => anyhow::bail!("--fault {text}: expected {HARNESS_FAULTS}"),
    })
}

/// The arguments of `conform`.
pub(super) struct ConformArgs {
    pub(super) engine: String,
    /// The engine speaks UCI (`--uci`), not the protocol.
    pub(super) uci: bool,
    /// The engine's `UCI_Variant` name, when it differs from ours.
    pub(super) uci_variant: Option<String>,
    /// Unexpected passes fail the run too.
    pub(super) strict: bool,
    pub(super) paths: Vec<PathBuf>,
    pub(super) clause: Option<String>,
    pub(super) id: Option<String>,
    pub(super) timeout: f64,
    pub(super) expected_failures: Option<PathBuf>,
    pub(super) format: ConformFormat,
    pub(super) output: Option<PathBuf>,
    pub(super) variant: VariantId,
    /// Only this shard's cases (docs/scale.md).
    pub(super) shard: Option<regelwerk::shard::Shard>,
    /// Begin a results file fresh or continue it, skipping its finished
    /// cases (`--resume`).
    pub(super) resume: regelwerk::shard::Begin,
    /// The readings the engine plays (`--ruling`), besides those its
    /// `ready` declares.
    pub(super) rulings: Vec<String>,
}

/// Whether `--output` names a results file for `merge` (`*.jsonl`)
/// rather than the report.
fn is_results_file(path: &std::path::Path) -> bool {
    path.extension().is_some_and(|ext| ext == "jsonl")
}

pub(super) fn conform(args: ConformArgs) -> Result<ExitCode> {
    use regelwerk::conform::campaign::{Campaign, Ended};
    use regelwerk::conform::output;
    let timeout = super::exit::timeout(args.timeout, "--timeout")?;
    super::exit::check_uci_variant(args.uci, args.variant)?;
    super::exit::check_engine_command(&args.engine, if args.uci { "--uci" } else { "--engine" })?;
    let resume = args.resume == regelwerk::shard::Begin::Resume;
    if let Some(path) = &args.output {
        super::exit::check_conform_output(path, args.format, resume)?;
    }
    regelwerk::variant::open(args.variant, None, &args.rulings)
        .map_err(|message| anyhow::anyhow!("reading --ruling: {message}"))?;
    let shard = args.shard.unwrap_or(regelwerk::shard::Shard::WHOLE);
    let results = args.output.clone().filter(|path| is_results_file(path));
    let campaign = Campaign {
        root: repo_root(),
        engine: args.engine,
        uci: args.uci,
        uci_variant: args.uci_variant,
        paths: args.paths,
        filter: regelwerk::scenario::Filter::new(args.clause.as_deref(), args.id.as_deref()),
        timeout,
        expected_failures: args.expected_failures,
        variant: args.variant,
        shard,
        resume: args.resume,
        results: results.clone(),
        rulings: args.rulings,
    };
    let visible = args.format == ConformFormat::Text && args.output.is_none();
    let mut bar: Option<indicatif::ProgressBar> = None;
    let ended = campaign.run(&mut |line| eprintln!("{line}"), &mut |walked, of| {
        bar.get_or_insert_with(|| progress_bar(of as u64, visible))
            .set_position(walked as u64);
    });
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    let report = match ended? {
        Ended::Report(report) => report,
        Ended::Unfit => return Ok(Exit::Engine.code()),
    };
    if let Some(path) = &results {
        eprintln!(
            "conform shard {shard}: {} cases, results in {}",
            report.cases.len(),
            path.display()
        );
        return Ok(conform_exit(&report, args.strict));
    }
    let text = match args.format {
        ConformFormat::Text => output::text(&report),
        ConformFormat::Json => serde_json::to_string_pretty(&report)? + "\n",
        ConformFormat::Junit => output::junit(&report),
        ConformFormat::Html => output::html(&report),
    };
    match &args.output {
        Some(path) => regelwerk::output::write_atomic(path, text.as_bytes())?,
        None => print!("{text}"),
    }
    Ok(conform_exit(&report, args.strict))
}

/// The exit code of a conformance report: 1 for an unexpected problem, or
/// (with `strict`) an expected failure that passed or a case only partly
/// compared.
pub(super) fn conform_exit(report: &regelwerk::conform::ConformReport, strict: bool) -> ExitCode {
    let passes = strict && !report.unexpected_passes().is_empty();
    if passes {
        eprintln!("--strict: cases listed as expected failures passed; take them off the list");
    }
    let partly = if strict {
        report.partly_compared().len()
    } else {
        0
    };
    if partly > 0 {
        eprintln!(
            "--strict: {partly} cases were only partly compared (the engine was not asked all they expect; see `partly compared` above)"
        );
    }
    let strict_failure = passes || partly > 0;
    if report.unexpected_problems().is_empty() && !strict_failure {
        Exit::Ok.code()
    } else {
        Exit::Failed.code()
    }
}

/// `regelwerk serve`: checks the rulings and faults, then serves stdin.
pub(super) fn serve(
    variant: Option<VariantId>,
    rulings: Vec<String>,
    fault: Vec<String>,
) -> Result<ExitCode> {
    match variant {
        Some(variant) => regelwerk::variant::open(variant, None, &rulings)
            .map(|_| ())
            .map_err(|message| anyhow::anyhow!("reading --ruling: {message}"))?,
        // Without --variant a setting may be any variant's: requests of
        // the variants that do not know it are answered `skipped`.
        None if rulings.is_empty()
            || VariantId::ALL
                .iter()
                .any(|variant| regelwerk::variant::open(*variant, None, &rulings).is_ok()) => {}
        // No variant knows them all: the default variant says why not.
        None => regelwerk::variant::open(VariantId::default(), None, &rulings)
            .map(|_| ())
            .map_err(|message| anyhow::anyhow!("reading --ruling: {message}"))?,
    }
    let (misreadings, harness): (Vec<String>, Vec<String>) = fault
        .into_iter()
        .partition(|text| regelwerk::variant::faults::looks_like_misreading(text));
    // Misreadings are one variant's: without --variant only that variant
    // is served (the others' requests are answered `skipped`).
    let variant = regelwerk::variant::faults::variant_of_faults(variant, &misreadings)
        .map_err(|message| anyhow::anyhow!("--fault: {message}"))?;
    if harness.len() > 1 {
        anyhow::bail!("--fault: at most one of {}", HARNESS_FAULTS);
    }
    let fault = parse_fault(harness.first().map(String::as_str))?;
    let mut forced = rulings;
    forced.extend(
        misreadings
            .iter()
            .map(|id| format!("{}{id}", regelwerk::variant::FAULT_PREFIX)),
    );
    let stdin = std::io::stdin();
    regelwerk::protocol::serve::serve_only(
        stdin.lock(),
        Stdout(std::io::stdout().lock()),
        &forced,
        fault,
        variant,
    )?;
    Ok(ExitCode::SUCCESS)
}

/// `serve`'s standard output: a write or flush that fails ends the run
/// as every command's standard output does ([`super::exit::stdout_failed`]:
/// a closed pipe quietly, a full disk with "standard output" named and
/// exit 2), never as an error without a name.
struct Stdout<W>(W);

impl<W: std::io::Write> std::io::Write for Stdout<W> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0
            .write(buf)
            .map_err(|error| super::exit::stdout_failed(&error.to_string()))
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.0
            .flush()
            .map_err(|error| super::exit::stdout_failed(&error.to_string()))
    }
}
