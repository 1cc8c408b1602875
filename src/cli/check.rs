//! `regelwerk check`: the scenario suite on the reference engine.

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use anyhow::{Context, Result};

use regelwerk::spec::Spec;
use regelwerk::variant::VariantId;

use super::exit::Exit;
use super::{repo_root, ReportFormat};
use regelwerk::scenario::results::{rerun_command, Status, SuiteReport};
use regelwerk::scenario::Filter;
use regelwerk::suite::CheckHooks;

/// Which scenarios to run.
pub(super) struct Filters {
    /// Only scenarios of this clause and its sub-clauses.
    pub clause: Option<String>,
    /// Only the scenario with this ID.
    pub id: Option<String>,
    /// Only this variant's suite.
    pub variant: Option<VariantId>,
    /// Misreadings to play (deliberate faults).
    pub faults: Vec<String>,
    /// Only this shard's files (docs/scale.md).
    pub shard: Option<regelwerk::shard::Shard>,
    /// Write the shard's results here (JSON lines, for `merge`).
    pub output: Option<PathBuf>,
    /// Begin the results file fresh or resume it (`--resume`).
    pub resume: regelwerk::shard::Begin,
}

pub(super) fn check(
    paths: Vec<PathBuf>,
    filters: Filters,
    spec_root: Option<PathBuf>,
    format: ReportFormat,
    coverage: bool,
) -> Result<ExitCode> {
    let root = repo_root();
    let spec_given = spec_root.as_ref().map(|path| path.display().to_string());
    let spec_root = spec_root.unwrap_or_else(|| root.join("spec"));
    let variants: Vec<VariantId> = match filters.variant {
        Some(variant) => vec![variant],
        None => VariantId::ALL.to_vec(),
    };
    let specs = variants
        .iter()
        .map(|variant| {
            let dir = spec_root.join(variant.name());
            Spec::load(&dir).with_context(|| format!("loading the spec {}", dir.display()))
        })
        .collect::<Result<Vec<Spec>>>()?;
    let spec = match specs.as_slice() {
        [one] => one.clone(),
        several => Spec::merged(several),
    };
    let Filters {
        clause,
        id,
        faults,
        shard,
        output,
        variant,
        resume,
    } = filters;
    if let Some(path) = &output {
        super::exit::check_output_parent(path, "--output")?;
    }
    // A misreading belongs to one variant: its suite alone is run, and a
    // variant without it is one usage error (not a failure per scenario).
    let fault_variant = regelwerk::variant::faults::variant_of_faults(variant, &faults)
        .map_err(|message| anyhow::anyhow!("--fault: {message}"))?;
    let variants = if faults.is_empty() {
        variants
    } else {
        fault_variant.into_iter().collect()
    };
    let forced: Vec<String> = faults
        .iter()
        .map(|id| format!("{}{id}", regelwerk::variant::FAULT_PREFIX))
        .collect();
    if !forced.is_empty() && format == ReportFormat::Text {
        eprintln!(
            "check: playing the misreading(s) {} on purpose; failures are the scenarios that catch them",
            faults.join(", ")
        );
    }
    let paths = if paths.is_empty() {
        variants
            .iter()
            .map(|variant| root.join("scenarios").join(variant.name()))
            .filter(|dir| dir.is_dir())
            .collect()
    } else {
        paths
    };
    let all_files =
        regelwerk::scenario::collect_all_files(&paths).context("finding scenario files")?;
    let shard = shard.unwrap_or(regelwerk::shard::Shard::WHOLE);
    let files = (0..all_files.len()).filter(|&i| shard.takes(i)).count();
    let started = Instant::now();
    // Each case's unit is written when its file is done (docs/scale.md).
    let mut writer = match &output {
        Some(path) => {
            let campaign = serde_json::json!({
                "suite_revision": regelwerk::conform::suite_revision(&all_files),
                "variant": variant,
                "clause": clause,
                "id": id,
                "faults": faults,
                "spec": spec_given,
            });
            Some(regelwerk::shard::ResultsWriter::begin(
                path, "check", campaign, shard, resume, &all_files,
            )?)
        }
        None => None,
    };
    let bar = progress_bar(files as u64, format == ReportFormat::Text);
    let (report, resumed) = regelwerk::suite::check_campaign(
        &all_files,
        &specs,
        Filter::new(clause.as_deref(), id.as_deref()),
        &forced,
        &mut CheckHooks {
            shard,
            writer: writer.as_mut(),
            progress: &mut |walked| bar.set_position(walked as u64),
        },
    )?;
    bar.finish_and_clear();
    let seconds = started.elapsed().as_secs_f64();
    if let Some(writer) = writer {
        writer.finish()?;
    }
    print_check_report(&report, &spec, seconds, format, coverage)?;
    if coverage && format == ReportFormat::Text && forced.is_empty() {
        super::coverage::print_frames(&root, &variants)?;
    }
    if report.cases.is_empty() && resumed == 0 && shard == regelwerk::shard::Shard::WHOLE {
        if all_files.is_empty() {
            anyhow::bail!("no scenario matched: no scenario file (*.yaml) in the paths given");
        }
        anyhow::bail!(
            "no scenario matched: {} scenario files, none with the --clause or --id asked for",
            all_files.len()
        );
    }
    // A file that breaks its format or a limit is an input error (2, as
    // `conform` says for the same file), whatever the other cases gave.
    Ok(if report.invalid() > 0 {
        Exit::Input.code()
    } else if report.all_passed() {
        Exit::Ok.code()
    } else {
        Exit::Failed.code()
    })
}

/// The report of a suite run (or of merged shards) in `format`.
///
/// # Errors
/// A JSON serialisation error.
pub(super) fn print_check_report(
    report: &SuiteReport,
    spec: &Spec,
    seconds: f64,
    format: ReportFormat,
    coverage: bool,
) -> Result<()> {
    match format {
        ReportFormat::Text => print_text_report(report, spec, seconds, coverage),
        ReportFormat::Json => {
            let mut value = report.to_json(Some(spec), seconds);
            if coverage {
                let (clauses, rulings) = report.coverage_gaps(spec);
                value["coverage"] = serde_json::json!({"clauses_without_scenarios": clauses, "rulings_without_scenarios": rulings});
            }
            println!("{}", serde_json::to_string_pretty(&value)?);
        }
        ReportFormat::Junit => print!("{}", report.to_junit(seconds)),
    }
    Ok(())
}

/// A progress bar on stderr, hidden when stderr is not a terminal.
pub(super) fn progress_bar(length: u64, visible: bool) -> indicatif::ProgressBar {
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

pub(super) fn print_text_report(report: &SuiteReport, spec: &Spec, seconds: f64, coverage: bool) {
    for case in &report.cases {
        match &case.status {
            Status::Passed => {}
            Status::Failed(mismatch) => {
                println!("FAILED {} ({})", case.id, case.path.display());
                println!(
                    "  {}: {}",
                    regelwerk::scenario::run::step_label(mismatch.step),
                    mismatch.what
                );
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
            Status::AwaitingReview => {
                println!("AWAITING REVIEW {} ({})", case.id, case.path.display());
                println!("  {}", regelwerk::scenario::results::REVIEW_NOTE);
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
    if report.awaiting_review() > 0 {
        println!(
            "{} awaiting review, not counted as passed",
            report.awaiting_review()
        );
    }
    println!(
        "check: {} passed, {} failed",
        report.passed(),
        report.cases.len() - report.passed()
    );
}

pub(super) fn indent(text: &str) -> String {
    text.lines().map(|line| format!("    {line}\n")).collect()
}
