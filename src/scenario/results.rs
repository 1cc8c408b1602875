//! The suite's results: what became of each case ([`CaseResult`], one
//! unit of a sharded `check`, docs/scale.md) and of the whole run
//! ([`SuiteReport`]), with their counts. The loop that makes them is
//! [`super::suite_loop`]; their tables, JSON and JUnit are
//! [`super::outputs`].

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde::Serialize;

use super::kind::{FileCase, FileOutcome};
use super::load::{LoadError, Loaded};
use super::run::Mismatch;

/// The result of one scenario file.
#[derive(Debug, Clone, Serialize, serde::Deserialize)]
#[serde(tag = "status", content = "detail", rename_all = "kebab-case")]
pub enum Status {
    /// Every step matched.
    Passed,
    /// A step differed.
    Failed(Mismatch),
    /// The file could not be used.
    Invalid(LoadError),
    /// Its expectations are the engine's own (`review: proposed`, written
    /// by the explorer): it ran as written, but it is no test until a
    /// person has reviewed it, so it never counts as passed.
    AwaitingReview,
}

/// One scenario's result (also a unit of a sharded `check`, docs/scale.md).
#[derive(Debug, Clone, Serialize, serde::Deserialize)]
pub struct CaseResult {
    /// The file.
    pub path: PathBuf,
    /// The scenario ID (empty if the file could not be read).
    pub id: String,
    /// Its clauses.
    pub clauses: Vec<String>,
    /// Its rulings.
    pub rulings: Vec<String>,
    /// Its findings.
    pub findings: Vec<String>,
    /// Whether its first action is expected legal (for coverage counts).
    pub expects_legal: bool,
    /// What happened.
    pub status: Status,
}

impl CaseResult {
    /// A file that could not be used.
    pub fn invalid(path: &Path, error: LoadError) -> CaseResult {
        CaseResult {
            path: path.to_path_buf(),
            id: String::new(),
            clauses: Vec::new(),
            rulings: Vec::new(),
            findings: Vec::new(),
            expects_legal: false,
            status: Status::Invalid(error),
        }
    }

    /// Whether it passed.
    pub fn passed(&self) -> bool {
        matches!(self.status, Status::Passed)
    }

    /// The result row of a loaded scenario.
    pub fn of_loaded(loaded: &Loaded, status: Status) -> CaseResult {
        CaseResult {
            path: loaded.path.clone(),
            id: loaded.scenario.id.clone(),
            clauses: loaded.scenario.clauses.clone(),
            rulings: loaded.scenario.rulings.clone(),
            findings: loaded.scenario.findings.clone(),
            expects_legal: loaded.expects_legal(),
            status,
        }
    }

    /// The result of a suite file of another kind than a scenario.
    pub fn of_file(case: FileCase) -> CaseResult {
        CaseResult {
            path: case.path,
            id: case.id,
            clauses: case.clauses,
            rulings: case.rulings,
            findings: case.findings,
            expects_legal: case.expects_legal,
            status: match case.outcome {
                FileOutcome::Passed => Status::Passed,
                FileOutcome::Failed {
                    step,
                    what,
                    expected,
                    actual,
                } => Status::Failed(Mismatch {
                    step,
                    what,
                    expected,
                    actual,
                }),
                FileOutcome::Invalid(error) => Status::Invalid(error),
            },
        }
    }
}

/// A whole run.
#[derive(Debug, Clone, Default)]
pub struct SuiteReport {
    /// Per-file results, in path order.
    pub cases: Vec<CaseResult>,
}

/// Makes every case whose ID an earlier case already has invalid, naming
/// the first file (also run over merged shards, whose duplicates may lie
/// in different shards).
pub fn mark_duplicate_ids(cases: &mut [CaseResult]) {
    let mut seen: BTreeMap<String, PathBuf> = BTreeMap::new();
    for case in cases.iter_mut().filter(|case| !case.id.is_empty()) {
        match seen.get(&case.id) {
            Some(first) => {
                case.status = Status::Invalid(LoadError {
                    path: case.path.clone(),
                    line: 1,
                    column: 1,
                    field: "id".to_string(),
                    message: format!(
                        "ID '{}' is already used by {}; IDs are unique and never reused",
                        case.id,
                        first.display()
                    ),
                });
            }
            None => {
                seen.insert(case.id.clone(), case.path.clone());
            }
        }
    }
}

impl SuiteReport {
    /// Number passed.
    pub fn passed(&self) -> usize {
        self.cases.iter().filter(|c| c.passed()).count()
    }

    /// Number failed (a step differed).
    pub fn failed(&self) -> usize {
        self.cases
            .iter()
            .filter(|c| matches!(c.status, Status::Failed(_)))
            .count()
    }

    /// Number awaiting review (`review: proposed`).
    pub fn awaiting_review(&self) -> usize {
        self.cases
            .iter()
            .filter(|c| matches!(c.status, Status::AwaitingReview))
            .count()
    }

    /// Number of files that could not be used.
    pub fn invalid(&self) -> usize {
        self.cases
            .iter()
            .filter(|c| matches!(c.status, Status::Invalid(_)))
            .count()
    }

    /// Whether everything passed.
    pub fn all_passed(&self) -> bool {
        self.passed() == self.cases.len()
    }
}

/// What a scenario awaiting review needs, for the reports.
pub const REVIEW_NOTE: &str = "its expectations were proposed by the engine (review: proposed): reason each one from the rules, correct it where the engine is wrong, then delete the `review:` line (docs/explorer.md)";

/// The command that reruns one scenario.
pub fn rerun_command(case: &CaseResult) -> String {
    format!("cargo run --release -- check {}", shell_path(&case.path))
}

fn shell_path(path: &Path) -> String {
    let text = path.display().to_string();
    if text
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || "/._-".contains(c))
    {
        text
    } else {
        format!("'{}'", text.replace('\'', "'\\''"))
    }
}
