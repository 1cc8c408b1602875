//! `regelwerk conform` and `regelwerk serve`: the engine protocol.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{Context, Result};

use regelwerk::scenario::Loaded;
use regelwerk::spec::Spec;
use regelwerk::variant::VariantId;

use super::check::progress_bar;
use super::exit::Exit;

/// Variant names for a message: `grand, racingkings`, or `none`.
pub(super) fn variant_list(variants: &[VariantId]) -> String {
    if variants.is_empty() {
        return "none".to_string();
    }
    let names: Vec<&str> = variants.iter().map(|variant| variant.name()).collect();
    names.join(", ")
}
use super::{repo_root, ConformFormat};

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

/// A scenario file that cannot be used, told as whose it is: a file the
/// user named (`PATHS`) is the user's to fix; a file of the suite the
/// harness found by itself means the suite is broken.
fn broken(error: regelwerk::scenario::LoadError, given: bool) -> anyhow::Error {
    if given {
        anyhow::anyhow!("a scenario file you gave is broken: {error}")
    } else {
        anyhow::anyhow!("the suite itself is broken: {error}")
    }
}

pub(super) fn conform(args: ConformArgs) -> Result<ExitCode> {
    use regelwerk::conform::external::External;
    use regelwerk::conform::output;
    use regelwerk::conform::{
        charge_repeated, conform_case_asking, not_compared, smoke_check, suite_revision,
        CaseVerdict, ConformReport, Smoke,
    };
    use regelwerk::protocol::responder::Responder;
    let timeout = super::exit::timeout(args.timeout, "--timeout")?;
    super::exit::check_uci_variant(args.uci, args.variant)?;
    super::exit::check_engine_command(&args.engine, if args.uci { "--uci" } else { "--engine" })?;
    if let Some(path) = &args.output {
        super::exit::check_conform_output(
            path,
            args.format,
            args.resume == regelwerk::shard::Begin::Resume,
        )?;
    }
    let root = repo_root();
    let variant = args.variant;
    regelwerk::variant::open(variant, None, &args.rulings)
        .map_err(|message| anyhow::anyhow!("reading --ruling: {message}"))?;
    let spec_dir = root.join("spec").join(variant.name());
    let spec = Spec::load(&spec_dir)
        .with_context(|| format!("loading the spec {}", spec_dir.display()))?;
    let paths = if args.paths.is_empty() {
        vec![root.join("scenarios").join(variant.name())]
    } else {
        args.paths.clone()
    };
    let found = regelwerk::scenario::collect_all_files(&paths).context("finding scenario files")?;
    // Each file is parsed once; the variant and the filter look at the
    // parsed file, and only the cases taken are validated and run.
    let given = !args.paths.is_empty();
    let filter = regelwerk::scenario::Filter::new(args.clause.as_deref(), args.id.as_deref());
    let mut other_variants = std::collections::BTreeSet::new();
    let mut files: Vec<PathBuf> = Vec::new();
    let mut cases = Vec::new();
    let mut every_id = std::collections::BTreeSet::new();
    for file in found
        .iter()
        .filter(|file| regelwerk::suite::is_scenario_file(file))
    {
        let parsed = regelwerk::scenario::parse_file(file).map_err(|error| broken(error, given))?;
        if parsed.scenario.variant != variant {
            other_variants.insert(parsed.scenario.variant);
            continue;
        }
        files.push(file.clone());
        every_id.insert(parsed.scenario.id.clone());
        if filter.takes(&parsed.scenario.clauses, &parsed.scenario.id) {
            cases.push(
                parsed
                    .validate(Some(&spec))
                    .map_err(|error| broken(error, given))?,
            );
        }
    }
    if files.is_empty() && !other_variants.is_empty() {
        let names: Vec<&str> = other_variants.iter().map(|v| v.name()).collect();
        anyhow::bail!(
            "no {variant} scenario in the files given: they are {} scenarios, and conform runs one variant's cases (--variant {variant}); give --variant {}",
            names.join(" and "),
            names[0]
        );
    }
    if cases.is_empty() {
        anyhow::bail!("no scenario matched");
    }
    let shard = args.shard.unwrap_or(regelwerk::shard::Shard::WHOLE);
    let every_case = cases.len();
    let indices: Vec<usize> = (0..cases.len()).filter(|&i| shard.takes(i)).collect();
    let cases: Vec<Loaded> = indices.iter().map(|&i| cases[i].clone()).collect();
    // The list is read and checked before the engine is started: a typo
    // in it is the user's to fix, whatever the engine does.
    let listed: Vec<(usize, String)> = match &args.expected_failures {
        Some(path) => regelwerk::input::read_to_string(path)
            .with_context(|| format!("reading {}", path.display()))?
            .lines()
            .enumerate()
            .map(|(index, line)| {
                (
                    index + 1,
                    line.split('#').next().unwrap_or("").trim().to_string(),
                )
            })
            .filter(|(_, id)| !id.is_empty())
            .collect(),
        None => Vec::new(),
    };
    let expected: std::collections::BTreeSet<String> =
        listed.iter().map(|(_, id)| id.clone()).collect();
    // One list may serve several suites (tests/data/fsf-expected-failures.txt
    // names Grand and Racing Kings cases): an ID in another variant's
    // clause namespace belongs to that suite; any other unknown ID is an error.
    let others = other_suites_prefixes(&root, variant);
    let unknown: Vec<&(usize, String)> = listed
        .iter()
        .filter(|(_, id)| !every_id.contains(id))
        .filter(|(_, id)| !others.contains(id.split('.').next().unwrap_or_default()))
        .collect();
    if let (Some(path), Some((line, first))) = (&args.expected_failures, unknown.first()) {
        let read = if args.paths.is_empty() {
            "suite"
        } else {
            "files"
        };
        let mut message = format!(
            "{}:{line}: `{first}` names no scenario of the {variant} {read} read (a scenario ID, as in the `id:` field of its file)",
            path.display(),
        );
        if unknown.len() > 1 {
            message.push_str(&format!(
                "; {} more unknown: {}",
                unknown.len() - 1,
                unknown
                    .iter()
                    .skip(1)
                    .take(10)
                    .map(|(line, id)| format!("line {line} `{id}`"))
                    .collect::<Vec<_>>()
                    .join(", ")
            ));
        }
        // Against the whole suite an unknown ID is a typo or a stale
        // list; against some files of it, the others' IDs are expected.
        if args.paths.is_empty() {
            anyhow::bail!("{message}");
        }
        eprintln!("note: {message}");
    }
    if args.resume == regelwerk::shard::Begin::Resume
        && !args.output.as_deref().is_some_and(is_results_file)
    {
        anyhow::bail!(
            "--resume continues a results file: give --output FILE.jsonl (a report file is written whole)"
        );
    }
    let started = External::start(
        &args.engine,
        args.uci,
        variant,
        args.uci_variant.as_deref(),
        timeout,
    );
    let mut engine = match started {
        Ok(engine) => engine,
        Err(error) => {
            eprintln!("the engine could not be started or did not complete the handshake: {error}");
            let doc = if args.uci {
                "docs/uci.md"
            } else {
                "docs/protocol.md"
            };
            eprintln!(
                "this is an adapter problem, not a rules difference: check the command and {doc}"
            );
            return Ok(Exit::Engine.code());
        }
    };
    if !engine.info().variants.contains(&variant) {
        eprintln!(
            "the engine plays {}, not {variant}: nothing to check",
            variant_list(&engine.info().variants)
        );
        return Ok(Exit::Engine.code());
    }
    match smoke_check(&mut engine, variant) {
        Smoke::Healthy => {}
        Smoke::Disagrees(detail) => eprintln!(
            "smoke check: the engine answers but disagrees on the start position: {detail}"
        ),
        Smoke::Broken(detail) => {
            eprintln!("smoke check failed: the adapter does not answer a simple moves request properly: {detail}");
            let tail = engine.stderr_tail();
            if !tail.is_empty() {
                eprintln!("engine stderr during the smoke check:\n{tail}");
            }
            return Ok(Exit::Engine.code());
        }
    }
    let bar = progress_bar(
        cases.len() as u64,
        args.format == ConformFormat::Text && args.output.is_none(),
    );
    let readings = regelwerk::conform::readings::merge(&engine.info().rulings, &args.rulings);
    if let Err(message) = regelwerk::variant::open(variant, None, &readings) {
        eprintln!(
            "the readings the engine declares in `ready` ({}) are not {variant}'s: {message}",
            readings.join(", ")
        );
        engine.stop();
        return Ok(Exit::Engine.code());
    }
    // A results file gets each case when it is judged (docs/scale.md).
    let mut results = match args.output.as_ref().filter(|path| is_results_file(path)) {
        Some(path) => {
            let campaign = serde_json::json!({
                "suite_revision": suite_revision(&files),
                "variant": variant,
                "engine": engine.info(),
                "command": args.engine,
                "uci": args.uci,
                "protocol": regelwerk::protocol::PROTOCOL_VERSION,
                "readings": readings,
                "clause": args.clause,
                "id": args.id,
            });
            let mut inputs = files.clone();
            inputs.extend(args.expected_failures.iter().cloned());
            let writer = regelwerk::shard::ResultsWriter::begin_planned(
                path,
                "conform",
                campaign,
                shard,
                args.resume,
                &inputs,
                Some(regelwerk::shard::Planned {
                    campaign_units: every_case,
                }),
            )?;
            if writer.resumed_units() > 0 {
                eprintln!(
                    "conform: resuming {}: {} cases of shard {shard} are done and skipped",
                    path.display(),
                    writer.resumed_units()
                );
            }
            Some(writer)
        }
        None => None,
    };
    let mut seq = 0u64;
    let mut verdicts = Vec::new();
    // Each case's requests, by seq and step, and the seqs answered twice.
    let mut asked: Vec<Vec<(u64, usize)>> = Vec::new();
    let mut repeated = engine.take_repeated();
    let answers = engine.answers();
    // A case's unit is written once the next case has run: a second
    // answer to its last request is seen only then.
    let mut unwritten: Option<usize> = None;
    let mut units = Vec::new();
    for (index, case) in cases.iter().enumerate() {
        if results
            .as_ref()
            .is_some_and(|results| results.is_done(indices[index]))
        {
            bar.set_position(index as u64 + 1);
            continue;
        }
        let mut lost = std::collections::BTreeSet::new();
        let mut requests = Vec::new();
        let verdict = match regelwerk::conform::readings::applies(case, &readings) {
            Ok(case) => conform_case_asking(&mut engine, &case, &mut seq, &mut lost, &mut requests),
            Err(not_applicable) => not_applicable.into(),
        };
        asked.push(requests);
        repeated.extend(engine.take_repeated());
        lost.extend(not_compared(case, &answers));
        let not_compared: Vec<String> = lost.into_iter().collect();
        let verdict = verdict.judged(&not_compared);
        verdicts.push(CaseVerdict {
            not_compared,
            id: case.scenario.id.clone(),
            file: case.path.display().to_string(),
            clauses: case.scenario.clauses.clone(),
            rulings: case.scenario.rulings.clone(),
            verdict,
            expected_failure: expected.contains(&case.scenario.id),
        });
        units.push(indices[index]);
        charge_repeated(&mut verdicts, &asked, &repeated);
        if let (Some(results), Some(earlier)) = (results.as_mut(), unwritten) {
            results.unit(units[earlier], serde_json::to_value(&verdicts[earlier])?)?;
        }
        unwritten = Some(verdicts.len() - 1);
        bar.set_position(index as u64 + 1);
    }
    bar.finish_and_clear();
    let info = engine.info().clone();
    let restarts = engine.restarts();
    repeated.extend(engine.finish());
    charge_repeated(&mut verdicts, &asked, &repeated);
    if repeated.contains(&0) {
        eprintln!("the engine answered the smoke check (seq 0) more than once");
    }
    if let (Some(results), Some(last)) = (results.as_mut(), unwritten) {
        results.unit(units[last], serde_json::to_value(&verdicts[last])?)?;
    }
    let report = ConformReport {
        variant,
        engine: info,
        protocol: regelwerk::protocol::PROTOCOL_VERSION.to_string(),
        suite_revision: suite_revision(&files),
        command: args.engine.clone(),
        uci: args.uci,
        restarts,
        readings,
        cases: verdicts,
    };
    if let (Some(path), Some(results)) = (args.output.as_ref(), results) {
        let totals = [("restarts".to_string(), report.restarts as u64)].into();
        results.finish_with(totals)?;
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

/// The clause prefixes (`g`, `rk`, ...) of the other variants' suites, read
/// from their folders `scenarios/<variant>/<clause>/`.
fn other_suites_prefixes(
    root: &std::path::Path,
    variant: regelwerk::variant::VariantId,
) -> std::collections::BTreeSet<String> {
    let ours: std::collections::BTreeSet<String> = suite_prefixes(root, variant);
    regelwerk::variant::VariantId::ALL
        .into_iter()
        .filter(|&other| other != variant)
        .flat_map(|other| suite_prefixes(root, other))
        .filter(|prefix| !ours.contains(prefix))
        .collect()
}

fn suite_prefixes(
    root: &std::path::Path,
    variant: regelwerk::variant::VariantId,
) -> std::collections::BTreeSet<String> {
    std::fs::read_dir(root.join("scenarios").join(variant.name()))
        .into_iter()
        .flatten()
        .flatten()
        .filter(|entry| entry.path().is_dir())
        .filter_map(|entry| {
            let name = entry.file_name().to_string_lossy().into_owned();
            name.split_once('.').map(|(prefix, _)| prefix.to_string())
        })
        .collect()
}
