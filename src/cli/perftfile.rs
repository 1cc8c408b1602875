//! `regelwerk perft-file`: every position, `perft` and `divide` line of a
//! perft file (`docs/perft.md`) against the reference engine of one
//! variant, with progress on stderr and text, JSON or JUnit on stdout.

use std::path::Path;
use std::process::ExitCode;
use std::time::Instant;

use anyhow::Result;
use regelwerk::budget::NodeBudget;
use regelwerk::draw::escape;
use regelwerk::perftfile::{self, Checked, Outcome};
use regelwerk::variant::{PerftPath, VariantId};
use serde_json::json;

use super::exit::Exit;
use super::ReportFormat;

/// Runs the file; exits 1 when a line fails, 2 when the file is malformed.
pub(super) fn run(
    file: &Path,
    variant: VariantId,
    max_nodes: NodeBudget,
    path: PerftPath,
    format: ReportFormat,
) -> Result<ExitCode> {
    if max_nodes == NodeBudget::AtMost(0) {
        anyhow::bail!(
            "--max-nodes 0 would skip every line and check nothing: give a budget of at least 1 (e.g. 1e8), or none for no limit"
        );
    }
    let perft = perftfile::read(file).map_err(anyhow::Error::msg)?;
    // A `position` line that is no position of the variant breaks the
    // file's format (exit 2), before anything is counted.
    for block in &perft.blocks {
        if let Err(message) = regelwerk::variant::open(variant, Some(&block.position.value), &[]) {
            anyhow::bail!(
                "{}:{}: block `{}`: the `position` line is not a {variant} position: {message}",
                file.display(),
                block.position.line,
                block.id
            );
        }
    }
    let limit = match max_nodes {
        NodeBudget::AtMost(nodes) => nodes,
        NodeBudget::Unlimited => u64::MAX,
    };
    let started = Instant::now();
    let total: usize = perft
        .blocks
        .iter()
        .map(|block| 1 + block.counts.len() + block.divides.len())
        .sum();
    let mut done = 0;
    let checked = perft.run(variant, limit, path, |line| {
        done += 1;
        eprintln!(
            "[{done}/{total}] {} {} {} ({:.2} s)",
            line.block,
            line.what,
            verdict(&line.outcome),
            line.seconds
        );
    });
    let seconds = started.elapsed().as_secs_f64();
    let count =
        |wanted: fn(&Outcome) -> bool| checked.iter().filter(|c| wanted(&c.outcome)).count();
    let passed = count(|o| matches!(o, Outcome::Passed));
    let failed = count(|o| matches!(o, Outcome::Failed(_)));
    let skipped = count(|o| matches!(o, Outcome::Skipped(_)));
    match format {
        ReportFormat::Text => {
            for line in &checked {
                match &line.outcome {
                    Outcome::Passed => {}
                    Outcome::Failed(message) => println!("FAIL {message}"),
                    Outcome::Skipped(why) => {
                        println!(
                            "skip {}:{}: {} {}: {why}",
                            perft.path, line.line, line.block, line.what
                        )
                    }
                }
            }
            println!(
                "{}: {} blocks, {} lines in {seconds:.2} s",
                perft.path,
                perft.blocks.len(),
                checked.len()
            );
            println!("perft-file: {passed} passed, {failed} failed, {skipped} skipped");
        }
        ReportFormat::Json => {
            let lines: Vec<_> = checked.iter().map(line_json).collect();
            println!(
                "{}",
                json!({
                    "file": perft.path,
                    "variant": variant,
                    "passed": passed,
                    "failed": failed,
                    "skipped": skipped,
                    "seconds": seconds,
                    "lines": lines,
                })
            );
        }
        ReportFormat::Junit => print!("{}", junit(&perft.path, &checked, failed, skipped, seconds)),
    }
    Ok(if failed > 0 { Exit::Failed } else { Exit::Ok }.code())
}

fn verdict(outcome: &Outcome) -> &'static str {
    match outcome {
        Outcome::Passed => "ok",
        Outcome::Failed(_) => "FAILED",
        Outcome::Skipped(_) => "skipped",
    }
}

fn line_json(line: &Checked) -> serde_json::Value {
    let message = match &line.outcome {
        Outcome::Passed => None,
        Outcome::Failed(text) | Outcome::Skipped(text) => Some(text.as_str()),
    };
    json!({
        "block": line.block,
        "line": line.line,
        "what": line.what,
        "expected": line.expected,
        "counted": line.counted,
        "seconds": line.seconds,
        "verdict": verdict(&line.outcome),
        "message": message,
    })
}

/// JUnit XML: one test suite per file, one test case per checked line.
fn junit(path: &str, checked: &[Checked], failed: usize, skipped: usize, seconds: f64) -> String {
    let mut xml = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    xml.push_str(&format!(
        "<testsuite name=\"regelwerk perft-file {}\" tests=\"{}\" failures=\"{failed}\" skipped=\"{skipped}\" time=\"{seconds:.3}\">\n",
        escape(path),
        checked.len()
    ));
    for line in checked {
        xml.push_str(&format!(
            "  <testcase classname=\"{}\" name=\"{} (line {})\" file=\"{}\" time=\"{:.3}\"",
            escape(&line.block),
            escape(&line.what),
            line.line,
            escape(path),
            line.seconds
        ));
        match &line.outcome {
            Outcome::Passed => xml.push_str("/>\n"),
            Outcome::Failed(message) => xml.push_str(&format!(
                ">\n    <failure message=\"{}\"/>\n  </testcase>\n",
                escape(message)
            )),
            Outcome::Skipped(why) => xml.push_str(&format!(
                ">\n    <skipped message=\"{}\"/>\n  </testcase>\n",
                escape(why)
            )),
        }
    }
    xml.push_str("</testsuite>\n");
    xml
}
