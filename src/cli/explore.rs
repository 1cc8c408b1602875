//! `regelwerk explore`: starts the committee's explorer on 127.0.0.1
//! (docs/explorer.md) and prints its address.

use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::atomic::AtomicBool;

use anyhow::{Context, Result};
use serde_json::json;

use regelwerk::explore::{Explorer, Options, DEFAULT_PORT};
use regelwerk::variant::VariantId;

use super::repo_root;

/// The options of `regelwerk explore`.
#[derive(clap::Args, Debug, Clone)]
pub(super) struct ExploreArgs {
    /// The rule system the page opens with.
    #[arg(long, value_enum, default_value_t = VariantId::default())]
    variant: VariantId,
    /// The position the page opens with, in the variant's notation (default: its start).
    #[arg(long, conflicts_with = "scenario")]
    position: Option<String>,
    /// Open this scenario to step through: an ID of the variant's suite (scenarios/<variant>/), or a scenario file anywhere (its variant is the file's).
    #[arg(long)]
    scenario: Option<String>,
    /// With --scenario: stand before this step (1-based; the diverging step a conformance report names).
    #[arg(long, requires = "scenario", value_parser = regelwerk::input::whole(1usize, regelwerk::input::MAX_STEPS))]
    step: Option<usize>,
    /// A ruling setting ID=key switched on at the start (repeatable); the page marks what it changes against the defaults.
    #[arg(long = "ruling", value_name = "ID=KEY")]
    rulings: Vec<String>,
    /// The port on 127.0.0.1 (0: any free port).
    #[arg(long, default_value_t = DEFAULT_PORT, value_parser = regelwerk::input::whole(0u16, u16::MAX))]
    port: u16,
    /// Where "save as scenario" writes (default: scenarios/<variant>/proposed/).
    #[arg(long, value_name = "DIR")]
    output: Option<PathBuf>,
    /// The page's language, de or en (default: the browser's).
    #[arg(long, value_parser = ["de", "en"])]
    lang: Option<String>,
    /// Serve the report site in DIR under /report/ (written there first, in --lang or German, when DIR holds no index.html), so that its explorer links work on one address.
    #[arg(long, value_name = "DIR")]
    report: Option<PathBuf>,
}

/// Checks the options as the other commands would, binds, prints the
/// address and serves until Ctrl-C.
pub(super) fn explore(args: ExploreArgs) -> Result<ExitCode> {
    let root = repo_root();
    // A scenario of the suite by its ID, or a scenario file anywhere (the
    // file a conformance or fuzz run names): the file brings its variant.
    let mut variant = args.variant;
    let mut scenario_id = args.scenario.clone();
    let mut from_file = None;
    if let Some(id) = &args.scenario {
        let steps = if is_scenario_file(id) {
            // Checked as `check FILE` checks it (against the spec of the
            // nearest folder that has one).
            let loaded = regelwerk::scenario::suite_loop::load_with_specs(
                std::path::Path::new(id),
                &mut Default::default(),
            )
            .map_err(|error| anyhow::anyhow!("--scenario: {error}"))?;
            variant = loaded.scenario.variant;
            scenario_id = Some(loaded.scenario.id.clone());
            let steps = loaded.scenario.steps.len();
            from_file = Some(loaded);
            steps
        } else {
            let suite = regelwerk::explore::loaded::Suite::load(&root, args.variant)
                .map_err(anyhow::Error::msg)?;
            let case = suite.case(id).with_context(|| {
                format!(
                    "--scenario: no {} scenario with the ID `{id}` (give a file path for a scenario outside scenarios/{}/)",
                    args.variant, args.variant
                )
            })?;
            case.scenario.steps.len()
        };
        if let Some(step) = args.step {
            anyhow::ensure!(
                (1..=steps).contains(&step),
                "--step {step}: the scenario has steps 1 to {steps}"
            );
        }
    }
    // The position and the rulings are refused here as `moves` would.
    regelwerk::variant::open(variant, args.position.as_deref(), &args.rulings).map_err(
        |message| anyhow::anyhow!("reading --position/--ruling for {variant}: {message}"),
    )?;
    if let Some(dir) = &args.output {
        std::fs::create_dir_all(dir)
            .with_context(|| format!("creating --output {}", dir.display()))?;
    }
    if let Some(dir) = &args.report {
        if !dir.join("index.html").is_file() {
            write_report(&root, dir, args.lang.as_deref().unwrap_or("de"))?;
        }
    }
    let mut explorer = Explorer::bind(Options {
        root,
        output: args.output.clone(),
        port: args.port,
        initial: json!({
            "variant": variant,
            "start": args.position,
            "rulings": args.rulings,
            "scenario": scenario_id,
            "step": args.step,
            "lang": args.lang,
        }),
        report: args.report.clone(),
    })
    .map_err(anyhow::Error::msg)?;
    if let Some(loaded) = from_file {
        explorer.add_scenario(loaded).map_err(anyhow::Error::msg)?;
    }
    regelwerk::explore::http::stop_on_interrupt();
    println!("regelwerk explore: {} (Ctrl-C ends it)", explorer.url());
    if args.report.is_some() {
        println!("regelwerk explore: the report at {}report/", explorer.url());
    }
    explorer.serve(&AtomicBool::new(false));
    println!("regelwerk explore: stopped");
    Ok(ExitCode::SUCCESS)
}

/// Whether `--scenario` names a file rather than a suite ID: an existing
/// file, or a name ending in `.yaml`/`.yml` (so that a missing file is
/// reported as one).
fn is_scenario_file(text: &str) -> bool {
    let path = std::path::Path::new(text);
    path.is_file()
        || path
            .extension()
            .is_some_and(|ext| ext == "yaml" || ext == "yml")
}

/// Writes the report site of every variant into `dir` (as `regelwerk
/// report --html DIR --lang LANG` would) before the explorer serves it.
fn write_report(root: &std::path::Path, dir: &std::path::Path, lang: &str) -> Result<()> {
    use regelwerk::report::diff::DiffInput;
    use regelwerk::report::html::{write_site, SiteOptions};
    let lang: regelwerk::report::labels::Lang = lang.parse().context("reading --lang")?;
    let mut inputs = Vec::new();
    for variant in VariantId::ALL {
        inputs.push(
            DiffInput::load_variant(root, variant)
                .with_context(|| format!("loading the {variant} spec and scenarios"))?,
        );
    }
    let started = std::time::Instant::now();
    let mut progress = |what: &str| {
        eprintln!(
            "regelwerk explore: writing the report: {what} ({:.1} s)",
            started.elapsed().as_secs_f64()
        );
    };
    write_site(
        dir,
        &inputs,
        &SiteOptions {
            lang,
            perft_depth: regelwerk::report::diff::DEFAULT_PERFT_DEPTH,
            repo_root: root.to_path_buf(),
        },
        &mut progress,
    )
    .with_context(|| format!("writing the report into --report {}", dir.display()))?;
    Ok(())
}
