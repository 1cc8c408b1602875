//! Renderings of a [`ConformReport`]: text, JUnit XML and a standalone HTML
//! page (JSON is its serde form).

use super::{CaseVerdict, ConformReport, Verdict};
use crate::scenario::run::step_label;

/// The one-line command that reruns one scenario against the engine.
pub fn reproduce_command(report: &ConformReport, case: &CaseVerdict) -> String {
    let route = if report.uci { "uci" } else { "engine" };
    format!(
        "regelwerk conform --variant {} --{route} '{}' --id {} {}",
        report.variant,
        report.command.replace('\'', "'\\''"),
        case.id,
        case.file
    )
}

/// The number of the step where the engine first diverged (counted from
/// 1, as `explore --step` counts), if it did.
fn diverging_step(case: &CaseVerdict) -> Option<usize> {
    match case.verdict {
        Verdict::Failed { step, .. } | Verdict::Errored { step, .. } => Some(step),
        _ => None,
    }
}

fn indent(text: &str) -> String {
    text.lines().map(|line| format!("    {line}\n")).collect()
}

/// The text report: header, per-clause table, problems, summary line.
pub fn text(report: &ConformReport) -> String {
    let mut out = String::new();
    let mut engine = report.engine.name.clone();
    if !report.engine.version.is_empty() {
        engine.push_str(&format!(" {}", report.engine.version));
    }
    if !report.engine.language.is_empty() {
        engine.push_str(&format!(" ({})", report.engine.language));
    }
    out.push_str(&format!(
        "engine: {engine}, protocol {}; harness protocol {}\nsuite: {}\n",
        report.engine.protocol, report.protocol, report.suite_revision
    ));
    if report.restarts > 0 {
        let times = if report.restarts == 1 {
            "time"
        } else {
            "times"
        };
        out.push_str(&format!(
            "the engine was restarted {} {times}\n",
            report.restarts
        ));
    }
    if !report.readings.is_empty() {
        out.push_str(&format!(
            "readings: the engine plays {}; judged against the reference under them\n",
            report.readings.join(", ")
        ));
    }
    let mut lost: std::collections::BTreeMap<&str, usize> = Default::default();
    for case in &report.cases {
        for field in &case.not_compared {
            *lost.entry(field.as_str()).or_default() += 1;
        }
    }
    if report.uci {
        out.push_str(
            "driven over UCI (docs/uci.md): compared are legality, the position after each move, check, game end, move sets and perft\n",
        );
    }
    if !lost.is_empty() {
        let list: Vec<String> = lost
            .iter()
            .map(|(field, cases)| format!("{field} ({cases} cases)"))
            .collect();
        let route = if report.uci { " over UCI" } else { "" };
        out.push_str(&format!(
            "expected but not compared{route}: {}\n",
            list.join(", ")
        ));
    }
    out.push_str(
        "\nper clause (a case counts under each of its clauses, so the rows add up to more than the cases):\n",
    );
    out.push_str(&format!(
        "{:<22} {:>6} {:>7} {:>7} {:>7} {:>8} {:>8} {:>7}\n",
        "clause", "cases", "passed", "partly", "failed", "errored", "skipped", "%"
    ));
    for row in report.rows() {
        out.push_str(&format!(
            "{:<22} {:>6} {:>7} {:>7} {:>7} {:>8} {:>8} {:>6.1}%\n",
            row.clause,
            row.cases,
            row.passed,
            row.partly_compared,
            row.failed,
            row.errored,
            row.skipped,
            row.percent()
        ));
    }
    for (title, expected) in [("failures", false), ("expected failures", true)] {
        let cases: Vec<&CaseVerdict> = report
            .cases
            .iter()
            .filter(|c| c.is_problem() && c.expected_failure == expected)
            .collect();
        if cases.is_empty() {
            continue;
        }
        out.push_str(&format!("\n{title}:\n"));
        for case in cases {
            out.push_str(&format!("\n{} ({})\n", case.id, case.file));
            if !case.rulings.is_empty() {
                out.push_str(&format!("  rulings: {}\n", case.rulings.join(", ")));
            }
            match &case.verdict {
                Verdict::Failed {
                    step,
                    what,
                    expected,
                    actual,
                } => {
                    out.push_str(&format!(
                        "  {}: {what}\n  expected:\n{}  actual:\n{}",
                        step_label(*step),
                        indent(expected),
                        indent(actual)
                    ));
                }
                Verdict::Errored {
                    step,
                    context,
                    stderr,
                } => {
                    out.push_str(&format!("  {}: errored: {context}\n", step_label(*step)));
                    if !stderr.is_empty() {
                        out.push_str(&format!(
                            "  engine stderr during this request:\n{}",
                            indent(stderr)
                        ));
                    }
                }
                _ => {}
            }
            out.push_str(&format!(
                "  reproduce: {}\n",
                reproduce_command(report, case)
            ));
            if let Some(step) = diverging_step(case) {
                // A file of the suite by its ID; any other file by its
                // path, which `explore --scenario` opens as well.
                let in_suite = std::path::Path::new(&case.file)
                    .starts_with(format!("scenarios/{}", report.variant))
                    || case
                        .file
                        .contains(&format!("/scenarios/{}/", report.variant));
                let explore = crate::report::links::Target {
                    variant: report.variant,
                    scenario: Some(if in_suite { &case.id } else { &case.file }),
                    // Step 0 is the starting position, where the
                    // explorer opens anyway (a scenario may have no steps).
                    step: (step > 0).then_some(step),
                    ..crate::report::links::Target::default()
                };
                out.push_str(&format!("  explore: {}\n", explore.command()));
            }
        }
    }
    let partly = report.partly_compared();
    if !partly.is_empty() {
        out.push_str(&format!(
            "\npartly compared ({}; agreed where compared, not passed), with what was not compared:\n",
            partly.len()
        ));
        for case in partly {
            out.push_str(&format!(
                "  {}: {}\n",
                case.id,
                case.not_compared.join(", ")
            ));
        }
    }
    let passes = report.unexpected_passes();
    if !passes.is_empty() {
        out.push_str("\nunexpected passes (listed as expected failures):\n");
        for case in passes {
            out.push_str(&format!("  {}\n", case.id));
        }
    }
    let skipped: Vec<&CaseVerdict> = report
        .cases
        .iter()
        .filter(|c| matches!(c.verdict, Verdict::Skipped { .. }))
        .collect();
    if !skipped.is_empty() {
        out.push_str(&format!(
            "\n{} skipped, e.g. {}: ",
            skipped.len(),
            skipped[0].id
        ));
        if let Verdict::Skipped { reason } = &skipped[0].verdict {
            out.push_str(reason);
        }
        out.push('\n');
    }
    let not_applicable = report.not_applicable();
    if !not_applicable.is_empty() {
        out.push_str(&format!(
            "\nnot applicable to the engine's readings ({}):\n",
            not_applicable.len()
        ));
        for case in &not_applicable {
            if let Verdict::NotApplicable { ruling, reason } = &case.verdict {
                out.push_str(&format!("  {} [{ruling}]: {reason}\n", case.id));
            }
        }
    }
    let totals = report.totals();
    if totals.cases > 0 && totals.errored == totals.cases {
        out.push_str(&all_errored(report));
    }
    out.push_str(&format!("\n{}\n", summary(&totals)));
    // The closing line: the same words, then what decides the exit code.
    let mut verdict = format!(
        "conform: {} unexpected (failed or errored, not listed)",
        totals.unexpected
    );
    if totals.expected_failures > 0 {
        verdict.push_str(&format!(", {} expected failures", totals.expected_failures));
    }
    if totals.partly_compared > 0 {
        verdict.push_str(&format!(
            ", {} partly compared (not passed; --strict fails on them)",
            totals.partly_compared
        ));
    }
    out.push_str(&verdict);
    out.push('\n');
    out
}

/// The summary line of every rendering: the counts ([`super::Totals::counts`]),
/// the expected failures among them, and the cases left out.
pub fn summary(totals: &super::Totals) -> String {
    let mut line = totals.counts();
    line.push_str(&format!(" ({} expected failures", totals.expected_failures));
    if totals.not_applicable > 0 {
        line.push_str(&format!(
            "; {} not applicable to the engine's readings, left out",
            totals.not_applicable
        ));
    }
    line.push(')');
    line
}

/// The note when every case errored: timeouts are named as such (a slow
/// engine or a too short `--timeout`), one case is only that case, and
/// only several cases that all failed otherwise point at the adapter.
fn all_errored(report: &ConformReport) -> String {
    let contexts: Vec<&str> = report
        .cases
        .iter()
        .filter_map(|case| match &case.verdict {
            Verdict::Errored { context, .. } => Some(context.as_str()),
            _ => None,
        })
        .collect();
    let timeouts = contexts
        .iter()
        .filter(|context| context.starts_with("no answer within"))
        .count();
    match (contexts.len(), timeouts) {
        (1, 1) => format!(
            "\nthe case timed out ({}): a slow answer, not a protocol problem; try a longer --timeout\n",
            contexts[0]
        ),
        (1, _) => format!("\nthe case errored: {}\n", contexts[0]),
        (n, t) if t == n => format!(
            "\nevery case timed out ({}): the engine answers too slowly or not at all; try a longer --timeout\n",
            contexts[0]
        ),
        // An engine that answered `errored` (e.g. a perft over its budget)
        // does speak the protocol: only cases that got no answer at all
        // say that it might not.
        (n, _)
            if contexts
                .iter()
                .any(|context| context.starts_with("the engine reported an error")) =>
        {
            format!("\nevery case errored ({n} cases; see the errors above)\n")
        }
        _ => "\nEVERY case errored: the adapter probably does not speak the protocol (see the engine's stderr above).\n".to_string(),
    }
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// JUnit XML: a test suite per clause (first clause of each case).
pub fn junit(report: &ConformReport) -> String {
    let totals = report.totals();
    let (failed, errored) = (totals.failed, totals.errored);
    // JUnit knows no partial pass: a partly compared case is `skipped`
    // with what was not compared, as are the not-applicable ones.
    let skipped = totals.skipped + totals.partly_compared + totals.not_applicable;
    let mut xml = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    xml.push_str(&format!(
        "<testsuites name=\"regelwerk conform {}\" tests=\"{}\" failures=\"{failed}\" errors=\"{errored}\" skipped=\"{skipped}\">\n",
        escape(&report.engine.name),
        report.cases.len()
    ));
    let mut by_clause: std::collections::BTreeMap<&str, Vec<&CaseVerdict>> = Default::default();
    for case in &report.cases {
        by_clause
            .entry(case.clauses.first().map_or("-", String::as_str))
            .or_default()
            .push(case);
    }
    for (clause, cases) in by_clause {
        xml.push_str(&format!(
            "  <testsuite name=\"{}\" tests=\"{}\">\n",
            escape(clause),
            cases.len()
        ));
        for case in cases {
            xml.push_str(&format!(
                "    <testcase classname=\"{}\" name=\"{}\" file=\"{}\"",
                escape(clause),
                escape(&case.id),
                escape(&case.file)
            ));
            match &case.verdict {
                Verdict::Passed => xml.push_str("/>\n"),
                Verdict::PartlyCompared => xml.push_str(&format!(
                    ">\n      <skipped message=\"partly compared, not passed: not compared: {}\"/>\n    </testcase>\n",
                    escape(&case.not_compared.join(", "))
                )),
                _ if case.expected_failure => xml.push_str(
                    ">\n      <skipped message=\"expected failure\"/>\n    </testcase>\n",
                ),
                Verdict::Failed {
                    step,
                    what,
                    expected,
                    actual,
                } => xml.push_str(&format!(
                    ">\n      <failure message=\"{} ({}){}\">{}</failure>\n    </testcase>\n",
                    step_label(*step),
                    escape(what),
                    if case.expected_failure {
                        ", expected failure"
                    } else {
                        ""
                    },
                    escape(&format!(
                        "expected:\n{expected}actual:\n{actual}reproduce: {}",
                        reproduce_command(report, case)
                    ))
                )),
                Verdict::Errored {
                    step,
                    context,
                    stderr,
                } => xml.push_str(&format!(
                    ">\n      <error message=\"{}: {}\">{}</error>\n    </testcase>\n",
                    step_label(*step),
                    escape(context),
                    escape(stderr)
                )),
                Verdict::Skipped { reason } => xml.push_str(&format!(
                    ">\n      <skipped message=\"{}\"/>\n    </testcase>\n",
                    escape(reason)
                )),
                Verdict::NotApplicable { ruling, reason } => xml.push_str(&format!(
                    ">\n      <skipped message=\"not applicable ({}): {}\"/>\n    </testcase>\n",
                    escape(ruling),
                    escape(reason)
                )),
            }
        }
        xml.push_str("  </testsuite>\n");
    }
    xml.push_str("</testsuites>\n");
    xml
}

/// A standalone HTML page (no external resources).
pub fn html(report: &ConformReport) -> String {
    let totals = report.totals();
    let mut page = String::from("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>regelwerk conformance</title>\n<style>body{font-family:sans-serif;margin:2em}table{border-collapse:collapse}td,th{border:1px solid #999;padding:2px 8px;text-align:right}td:first-child{text-align:left}.bad{background:#fdd}pre{background:#f4f4f4;padding:6px}</style></head><body>\n");
    page.push_str(&format!(
        "<h1>Conformance of {} {}</h1>\n<p>language {}, protocol {} (harness {}); suite {}</p>\n",
        escape(&report.engine.name),
        escape(&report.engine.version),
        escape(&report.engine.language),
        escape(&report.engine.protocol),
        escape(&report.protocol),
        escape(&report.suite_revision)
    ));
    page.push_str(&format!("<p><b>{}</b></p>\n", escape(&summary(&totals))));
    if !report.readings.is_empty() {
        page.push_str(&format!(
            "<p>readings the engine plays: {}</p>\n",
            escape(&report.readings.join(", "))
        ));
    }
    page.push_str("<p>A case counts under each of its clauses.</p>\n<table><tr><th>clause</th><th>cases</th><th>passed</th><th>partly compared</th><th>failed</th><th>errored</th><th>skipped</th><th>%</th></tr>\n");
    for row in report.rows() {
        let class = if row.failed + row.errored > 0 {
            " class=\"bad\""
        } else {
            ""
        };
        page.push_str(&format!(
            "<tr{class}><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{:.1}</td></tr>\n",
            escape(&row.clause), row.cases, row.passed, row.partly_compared, row.failed, row.errored, row.skipped, row.percent()
        ));
    }
    page.push_str("</table>\n<h2>Problems</h2>\n");
    for case in report.cases.iter().filter(|c| c.is_problem()) {
        page.push_str(&format!(
            "<h3>{}{}</h3>\n<p>{}</p>\n",
            escape(&case.id),
            if case.expected_failure {
                " (expected)"
            } else {
                ""
            },
            escape(&case.file)
        ));
        match &case.verdict {
            Verdict::Failed {
                step,
                what,
                expected,
                actual,
            } => page.push_str(&format!(
                "<p>{}: {}</p><pre>expected:\n{}</pre><pre>actual:\n{}</pre>\n",
                step_label(*step),
                escape(what),
                escape(expected),
                escape(actual)
            )),
            Verdict::Errored {
                step,
                context,
                stderr,
            } => page.push_str(&format!(
                "<p>{}: {}</p><pre>{}</pre>\n",
                step_label(*step),
                escape(context),
                escape(stderr)
            )),
            _ => {}
        }
        page.push_str(&format!(
            "<pre>{}</pre>\n",
            escape(&reproduce_command(report, case))
        ));
    }
    let partly = report.partly_compared();
    if !partly.is_empty() {
        page.push_str("<h2>Partly compared (not passed)</h2>\n<ul>\n");
        for case in partly {
            page.push_str(&format!(
                "<li>{}: not compared: {}</li>\n",
                escape(&case.id),
                escape(&case.not_compared.join(", "))
            ));
        }
        page.push_str("</ul>\n");
    }
    page.push_str("</body></html>\n");
    page
}
