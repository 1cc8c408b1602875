//! `regelwerk conform` and `regelwerk serve`: the engine protocol.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{Context, Result};

use regelwerk::protocol::conform_game::conform_game_case;
use regelwerk::scenario::game::{declared_variant, load_game_str, LoadedGame};
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
    pub(super) paths: Vec<PathBuf>,
    pub(super) clause: Option<String>,
    pub(super) id: Option<String>,
    pub(super) timeout: f64,
    pub(super) expected_failures: Option<PathBuf>,
    pub(super) format: ConformFormat,
    pub(super) output: Option<PathBuf>,
    pub(super) variant: VariantId,
}

/// One case of the suite: a MONARCHIE scenario or a variant scenario.
enum Case {
    Monarchie(Box<regelwerk::scenario::Loaded>),
    Game(Box<LoadedGame>),
}

impl Case {
    fn id(&self) -> &str {
        match self {
            Case::Monarchie(loaded) => &loaded.scenario.id,
            Case::Game(loaded) => &loaded.scenario.id,
        }
    }

    fn clauses(&self) -> &[String] {
        match self {
            Case::Monarchie(loaded) => &loaded.scenario.clauses,
            Case::Game(loaded) => &loaded.scenario.clauses,
        }
    }

    fn rulings(&self) -> &[String] {
        match self {
            Case::Monarchie(loaded) => &loaded.scenario.rulings,
            Case::Game(loaded) => &loaded.scenario.rulings,
        }
    }

    fn path(&self) -> &std::path::Path {
        match self {
            Case::Monarchie(loaded) => &loaded.path,
            Case::Game(loaded) => &loaded.path,
        }
    }
}

/// Loads one suite file of `variant` (checked against its spec).
fn load_case(file: &std::path::Path, variant: VariantId, spec: &Spec) -> Result<Case> {
    let broken = |error: regelwerk::scenario::LoadError| {
        anyhow::anyhow!("the suite itself is broken: {error}")
    };
    if variant == VariantId::Monarchie {
        let loaded = regelwerk::scenario::load_file(file, Some(spec)).map_err(broken)?;
        return Ok(Case::Monarchie(Box::new(loaded)));
    }
    let text =
        std::fs::read_to_string(file).with_context(|| format!("reading {}", file.display()))?;
    let loaded = load_game_str(file, &text, Some(spec)).map_err(broken)?;
    Ok(Case::Game(Box::new(loaded)))
}

pub(super) fn conform(args: ConformArgs) -> Result<ExitCode> {
    use regelwerk::protocol::client::Engine;
    use regelwerk::protocol::conform::{
        conform_case, smoke_check_variant, suite_revision, CaseVerdict, ConformReport, Smoke,
    };
    use regelwerk::protocol::conform_report;
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
        .filter(|file| match variant {
            VariantId::Monarchie => regelwerk::scenario::is_scenario_file(file),
            _ => {
                std::fs::read_to_string(file)
                    .ok()
                    .and_then(|text| declared_variant(&text))
                    == Some(variant)
            }
        })
        .collect();
    let mut cases = Vec::new();
    for file in &files {
        let case = load_case(file, variant, &spec)?;
        let clause_ok = args.clause.as_ref().is_none_or(|wanted| {
            case.clauses()
                .iter()
                .any(|c| c == wanted || c.starts_with(&format!("{wanted}.")))
        });
        let id_ok = args.id.as_ref().is_none_or(|wanted| case.id() == wanted);
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
    let mut engine = match Engine::start(&args.engine, timeout) {
        Ok(engine) => engine,
        Err(error) => {
            eprintln!("the engine could not be started or did not complete the handshake: {error}");
            eprintln!("this is an adapter problem, not a rules difference: check the command and docs/protocol.md");
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
    match smoke_check_variant(&mut engine, variant) {
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
    for (index, case) in cases.iter().enumerate() {
        let verdict = match case {
            Case::Monarchie(loaded) => conform_case(&mut engine, loaded, &mut seq),
            Case::Game(loaded) => conform_game_case(&mut engine, loaded, &mut seq),
        };
        verdicts.push(CaseVerdict {
            id: case.id().to_string(),
            file: case.path().display().to_string(),
            clauses: case.clauses().to_vec(),
            rulings: case.rulings().to_vec(),
            verdict,
            expected_failure: expected.contains(case.id()),
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
