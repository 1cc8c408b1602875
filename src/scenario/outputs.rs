//! The suite's results as the committee and CI read them: the per-clause
//! table's rows, the coverage gaps, JSON and JUnit XML. The results
//! themselves are [`super::results`]; the loop that makes them is
//! [`super::suite_loop`].

use std::collections::{BTreeMap, BTreeSet};

use serde::Serialize;

use crate::spec::{Spec, TestableBy};

use super::results::{rerun_command, CaseResult, Status, SuiteReport, REVIEW_NOTE};

/// Counts of one clause.
#[derive(Debug, Clone, Default, Serialize, PartialEq, Eq)]
pub struct ClauseRow {
    /// Clause ID.
    pub clause: String,
    /// Scenarios naming it.
    pub cases: usize,
    /// Of those, passed.
    pub passed: usize,
    /// Of those, failed.
    pub failed: usize,
    /// Of those, expecting their first action to be legal.
    pub legal: usize,
    /// Of those, expecting their first action to be illegal.
    pub illegal: usize,
}

impl SuiteReport {
    /// Per-clause rows, in spec order when a spec is given, else sorted.
    pub fn clause_rows(&self, spec: Option<&Spec>) -> Vec<ClauseRow> {
        let mut rows: BTreeMap<String, ClauseRow> = BTreeMap::new();
        for case in &self.cases {
            for clause in &case.clauses {
                let row = rows.entry(clause.clone()).or_insert_with(|| ClauseRow {
                    clause: clause.clone(),
                    ..ClauseRow::default()
                });
                row.cases += 1;
                if case.passed() {
                    row.passed += 1;
                } else {
                    row.failed += 1;
                }
                if case.expects_legal {
                    row.legal += 1;
                } else {
                    row.illegal += 1;
                }
            }
        }
        match spec {
            Some(spec) => {
                let mut ordered: Vec<ClauseRow> = spec
                    .clauses
                    .iter()
                    .filter_map(|clause| rows.remove(&clause.id))
                    .collect();
                ordered.extend(rows.into_values());
                ordered
            }
            None => rows.into_values().collect(),
        }
    }

    /// Engine-testable clauses (not groups) and rulings without any scenario.
    pub fn coverage_gaps(&self, spec: &Spec) -> (Vec<String>, Vec<String>) {
        let clauses: BTreeSet<&String> = self.cases.iter().flat_map(|c| &c.clauses).collect();
        let rulings: BTreeSet<&String> = self.cases.iter().flat_map(|c| &c.rulings).collect();
        let missing_clauses = spec
            .clauses
            .iter()
            .filter(|clause| {
                clause.testable_by != TestableBy::Group && !clauses.contains(&clause.id)
            })
            .map(|clause| clause.id.clone())
            .collect();
        let missing_rulings = spec
            .rulings
            .iter()
            .filter(|ruling| !rulings.contains(&ruling.id))
            .map(|ruling| ruling.id.clone())
            .collect();
        (missing_clauses, missing_rulings)
    }

    /// The report as JSON.
    pub fn to_json(&self, spec: Option<&Spec>, seconds: f64) -> serde_json::Value {
        let cases: Vec<serde_json::Value> = self
            .cases
            .iter()
            .map(|case| {
                let mut value = serde_json::json!({
                    "id": case.id,
                    "file": case.path.display().to_string(),
                    "clauses": case.clauses,
                    "rulings": case.rulings,
                    "status": match case.status {
                        Status::Passed => "passed",
                        Status::Failed(_) => "failed",
                        Status::Invalid(_) => "invalid",
                        Status::AwaitingReview => "awaiting-review",
                    },
                });
                match &case.status {
                    Status::Failed(mismatch) => {
                        value["step"] = serde_json::json!(mismatch.step);
                        value["what"] = serde_json::json!(mismatch.what);
                        value["expected"] = serde_json::json!(mismatch.expected);
                        value["actual"] = serde_json::json!(mismatch.actual);
                        value["rerun"] = serde_json::json!(rerun_command(case));
                    }
                    Status::Invalid(error) => value["error"] = serde_json::json!(error.to_string()),
                    Status::AwaitingReview => {
                        value["review"] = serde_json::json!(REVIEW_NOTE);
                    }
                    Status::Passed => {}
                }
                value
            })
            .collect();
        serde_json::json!({
            "summary": {
                "cases": self.cases.len(),
                "passed": self.passed(),
                "failed": self.failed(),
                "invalid": self.invalid(),
                "awaiting_review": self.awaiting_review(),
                "seconds": seconds,
            },
            "clauses": self.clause_rows(spec),
            "cases": cases,
        })
    }

    /// The report as JUnit XML: one test suite per clause (a scenario
    /// appears under its first clause), one test case per scenario.
    pub fn to_junit(&self, seconds: f64) -> String {
        let mut by_clause: BTreeMap<String, Vec<&CaseResult>> = BTreeMap::new();
        for case in &self.cases {
            let clause = case
                .clauses
                .first()
                .cloned()
                .unwrap_or_else(|| "invalid".to_string());
            by_clause.entry(clause).or_default().push(case);
        }
        let mut xml = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
        xml.push_str(&format!(
            "<testsuites name=\"regelwerk check\" tests=\"{}\" failures=\"{}\" errors=\"{}\" time=\"{seconds:.3}\">\n",
            self.cases.len(),
            self.failed() + self.awaiting_review(),
            self.invalid()
        ));
        for (clause, cases) in by_clause {
            let failures = cases
                .iter()
                .filter(|c| matches!(c.status, Status::Failed(_) | Status::AwaitingReview))
                .count();
            let errors = cases
                .iter()
                .filter(|c| matches!(c.status, Status::Invalid(_)))
                .count();
            xml.push_str(&format!(
                "  <testsuite name=\"{}\" tests=\"{}\" failures=\"{failures}\" errors=\"{errors}\">\n",
                escape(&clause),
                cases.len()
            ));
            for case in cases {
                let name = if case.id.is_empty() {
                    case.path.display().to_string()
                } else {
                    case.id.clone()
                };
                xml.push_str(&format!(
                    "    <testcase classname=\"{}\" name=\"{}\" file=\"{}\"",
                    escape(&clause),
                    escape(&name),
                    escape(&case.path.display().to_string())
                ));
                match &case.status {
                    Status::Passed => xml.push_str("/>\n"),
                    Status::Failed(mismatch) => xml.push_str(&format!(
                        ">\n      <failure message=\"{} ({}) differs\">{}</failure>\n    </testcase>\n",
                        super::run::step_label(mismatch.step),
                        escape(&mismatch.what),
                        escape(&format!("expected:\n{}actual:\n{}rerun: {}", mismatch.expected, mismatch.actual, rerun_command(case)))
                    )),
                    Status::Invalid(error) => xml.push_str(&format!(
                        ">\n      <error message=\"invalid scenario file\">{}</error>\n    </testcase>\n",
                        escape(&error.to_string())
                    )),
                    Status::AwaitingReview => xml.push_str(&format!(
                        ">\n      <failure message=\"awaiting review\">{}</failure>\n    </testcase>\n",
                        escape(REVIEW_NOTE)
                    )),
                }
            }
            xml.push_str("  </testsuite>\n");
        }
        xml.push_str("</testsuites>\n");
        xml
    }
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}
