//! `regelwerk check`: the scenario suite on the reference engine.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Result;

use regelwerk::spec::Spec;
use regelwerk::variant::VariantId;

use super::exit::Exit;
use super::{repo_root, ReportFormat};
use regelwerk::scenario::results::{rerun_command, Status, SuiteReport};
use regelwerk::scenario::Filter;
use regelwerk::suite::Check;

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
    let shard = filters.shard.unwrap_or(regelwerk::shard::Shard::WHOLE);
    let campaign = Check {
        root: repo_root(),
        paths,
        spec_root,
        variant: filters.variant,
        filter: Filter::new(filters.clause.as_deref(), filters.id.as_deref()),
        faults: filters.faults,
        shard,
        output: filters.output,
        resume: filters.resume,
    };
    let specs = campaign.specs()?;
    let spec = match specs.as_slice() {
        [one] => one.clone(),
        several => Spec::merged(several),
    };
    if let Some(path) = &campaign.output {
        super::exit::check_output_parent(path, "--output")?;
    }
    let text = format == ReportFormat::Text;
    let mut bar: Option<indicatif::ProgressBar> = None;
    let checked = campaign.run(
        &specs,
        &mut |line| {
            if text {
                eprintln!("{line}");
            }
        },
        &mut |walked, of| {
            bar.get_or_insert_with(|| progress_bar(of as u64, text))
                .set_position(walked as u64);
        },
    );
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    let checked = checked?;
    let report = &checked.report;
    print_check_report(report, &spec, checked.seconds, format, coverage)?;
    if coverage && text && checked.forced.is_empty() {
        super::coverage::print_frames(&campaign.root, &checked.variants)?;
    }
    if let Some(error) = checked.nothing_matched(shard) {
        return Err(error.into());
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
