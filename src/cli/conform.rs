//! `regelwerk conform` and `regelwerk serve`: the engine protocol.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{Context, Result};

use regelwerk::scenario::report::declared_variant;
use regelwerk::scenario::Loaded;
use regelwerk::spec::Spec;
use regelwerk::variant::VariantId;

use super::check::progress_bar;
use super::{repo_root, ConformFormat};

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
        None if text == "garbage" => Fault::Garbage,
        None if text == "close-stdout" => Fault::CloseStdout,
        _ => anyhow::bail!(
            "--fault {text}: expected crash-on=SEQ, sleep=SECONDS, garbage or close-stdout"
        ),
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
}

/// Loads one suite file of `variant` (checked against its spec).
fn load_case(file: &std::path::Path, spec: &Spec) -> Result<Loaded> {
    regelwerk::scenario::load_file(file, Some(spec))
        .map_err(|error| anyhow::anyhow!("the suite itself is broken: {error}"))
}

pub(super) fn conform(args: ConformArgs) -> Result<ExitCode> {
    use regelwerk::protocol::conform::{
        conform_case, not_compared, smoke_check, suite_revision, CaseVerdict, ConformReport,
        Responder, Smoke,
    };
    use regelwerk::protocol::conform_report;
    use regelwerk::protocol::external::External;
    let root = repo_root();
    let variant = args.variant;
    let spec_dir = root.join("spec").join(variant.name());
    let spec = Spec::load(&spec_dir)
        .with_context(|| format!("loading the spec {}", spec_dir.display()))?;
    let paths = if args.paths.is_empty() {
        vec![root.join("scenarios").join(variant.name())]
    } else {
        args.paths.clone()
    };
    let files: Vec<PathBuf> = regelwerk::scenario::collect_all_files(&paths)
        .context("finding scenario files")?
        .into_iter()
        .filter(|file| {
            regelwerk::scenario::is_scenario_file(file)
                && std::fs::read_to_string(file)
                    .map(|text| declared_variant(&text))
                    .is_ok_and(|declared| declared == variant)
        })
        .collect();
    let mut cases = Vec::new();
    for file in &files {
        let case = load_case(file, &spec)?;
        let clause_ok = args.clause.as_ref().is_none_or(|wanted| {
            case.scenario
                .clauses
                .iter()
                .any(|c| c == wanted || c.starts_with(&format!("{wanted}.")))
        });
        let id_ok = args
            .id
            .as_ref()
            .is_none_or(|wanted| &case.scenario.id == wanted);
        if clause_ok && id_ok {
            cases.push(case);
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
            return Ok(ExitCode::from(2));
        }
    };
    if !engine.info().variants.contains(&variant) {
        eprintln!(
            "the engine plays {:?}, not {variant}: nothing to check",
            engine.info().variants
        );
        return Ok(ExitCode::from(2));
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
    let answers = engine.answers();
    for (index, case) in cases.iter().enumerate() {
        let verdict = conform_case(&mut engine, case, &mut seq);
        verdicts.push(CaseVerdict {
            not_compared: not_compared(case, &answers),
            id: case.scenario.id.clone(),
            file: case.path.display().to_string(),
            clauses: case.scenario.clauses.clone(),
            rulings: case.scenario.rulings.clone(),
            verdict,
            expected_failure: expected.contains(&case.scenario.id),
        });
        bar.set_position(index as u64 + 1);
    }
    bar.finish_and_clear();
    let report = ConformReport {
        variant,
        engine: engine.info().clone(),
        protocol: regelwerk::protocol::PROTOCOL_VERSION.to_string(),
        suite_revision: suite_revision(&files),
        command: args.engine.clone(),
        uci: args.uci,
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
    let strict_failure = args.strict && !report.unexpected_passes().is_empty();
    if strict_failure {
        eprintln!("--strict: cases listed as expected failures passed; take them off the list");
    }
    Ok(
        if report.unexpected_problems().is_empty() && !strict_failure {
            ExitCode::SUCCESS
        } else {
            ExitCode::from(1)
        },
    )
}
