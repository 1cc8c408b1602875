//! Running a whole suite and reporting it: a per-clause table, JSON, JUnit
//! XML, and coverage of clauses and rulings.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use serde::Serialize;

use crate::spec::{Spec, TestableBy};

use crate::variant::VariantId;

use super::filter::Filter;
use super::kind::{kind_of, FileCase, FileKind, FileOutcome};
use super::load::{LoadError, Loaded, Parsed};
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

/// Loads and runs every file; duplicate IDs make the later file invalid.
/// A file of one of `kinds` runs through that kind's loader, every other
/// file is a scenario. `clause_filter` and `id_filter` restrict the run to
/// cases of one clause (or its sub-clauses) and/or one ID; `forced`
/// settings go on top of every scenario's ruleset (`fault:M-...` entries
/// play misreadings, as `check --fault`); `progress` is called after each
/// file. A scenario of a variant that one of `given` is for is checked
/// against it wherever the file is (`check /tmp/x.yaml` validates its
/// clauses, rulings and findings), else against `spec/<variant>/` in the
/// nearest folder above the file that has one. The suite with every
/// registered kind is [`crate::suite::run_suite`].
pub fn run_suite_among(
    files: &[PathBuf],
    kinds: &[FileKind],
    given: &[Spec],
    clause_filter: Option<&str>,
    id_filter: Option<&str>,
    forced: &[String],
    mut progress: impl FnMut(usize, usize),
) -> SuiteReport {
    let mut specs = SpecCache::new();
    for spec in given {
        if let Ok(variant) = spec.variant.parse::<VariantId>() {
            specs.insert(variant, Ok(Some(spec.clone())));
        }
    }
    let filter = Filter::new(clause_filter, id_filter);
    let mut cases = Vec::new();
    for (index, path) in files.iter().enumerate() {
        progress(index + 1, files.len());
        let case = match kind_of(path, kinds) {
            // Another kind loads and runs in one go; its case is filtered
            // after (a file it cannot read is always reported).
            Some(kind) => {
                let case = CaseResult::of_file((kind.case)(path));
                if !filter.takes(&case.clauses, &case.id) && !case.id.is_empty() {
                    continue;
                }
                case
            }
            // A scenario is parsed once and filtered before it is
            // validated or run (a file that does not parse is reported).
            None => match super::load::parse_file(path) {
                Err(error) => CaseResult::invalid(path, error),
                Ok(parsed) if !filter.takes(&parsed.scenario.clauses, &parsed.scenario.id) => {
                    continue
                }
                Ok(parsed) => parsed_case(parsed, &mut specs, forced),
            },
        };
        cases.push(case);
    }
    mark_duplicate_ids(&mut cases);
    SuiteReport { cases }
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

/// The specs loaded so far in one run, by variant: `Ok(None)` when no spec
/// folder was found, `Err` when one was found but does not load.
pub type SpecCache = BTreeMap<VariantId, Result<Option<Spec>, SpecUnloadable>>;

/// A spec folder that is there but does not load.
#[derive(Debug, Clone, thiserror::Error)]
#[error("the spec {} does not load: {error}", dir.display())]
pub struct SpecUnloadable {
    /// The spec folder.
    pub dir: std::path::PathBuf,
    /// Why it does not load (shared by every scenario of the variant).
    pub error: std::sync::Arc<crate::spec::SpecError>,
}

/// The variant a scenario file names (`variant: grand`, in block or flow
/// style); MONARCHIE when it names none or the file does not read (its
/// full reading then says why).
pub fn declared_variant(text: &str) -> VariantId {
    /// Only the top-level `variant` field; the rest is read later.
    #[derive(serde::Deserialize)]
    struct Head {
        variant: Option<String>,
    }
    crate::input::parse_yaml::<Head>(Path::new(""), text)
        .ok()
        .and_then(|head| head.variant)
        .and_then(|name| name.parse::<VariantId>().ok())
        .unwrap_or_default()
}

/// The spec of `variant` for a scenario file: `spec/<variant>/` in the
/// nearest ancestor folder that has one.
///
/// # Errors
/// [`SpecUnloadable`] when the spec folder is there but does not load.
pub fn spec_for(path: &Path, variant: VariantId) -> Result<Option<Spec>, SpecUnloadable> {
    let Some(dir) = path
        .ancestors()
        .skip(1)
        .map(|dir| dir.join("spec").join(variant.name()))
        .find(|dir| dir.join("clauses.yaml").is_file())
    else {
        return Ok(None);
    };
    Spec::load(&dir).map(Some).map_err(|error| SpecUnloadable {
        error: std::sync::Arc::new(error),
        dir,
    })
}

/// Loads one scenario file, checked against its variant's spec.
///
/// # Errors
/// The [`LoadError`].
pub fn load_with_specs(path: &Path, specs: &mut SpecCache) -> Result<Loaded, LoadError> {
    validate_with_specs(super::load::parse_file(path)?, specs)
}

/// Validates a parsed scenario against its variant's spec (looked up
/// once per variant in `specs`).
///
/// # Errors
/// The [`LoadError`].
pub fn validate_with_specs(parsed: Parsed, specs: &mut SpecCache) -> Result<Loaded, LoadError> {
    let variant = parsed.scenario.variant;
    let spec = match specs
        .entry(variant)
        .or_insert_with(|| spec_for(&parsed.path, variant))
    {
        Ok(spec) => spec.as_ref(),
        Err(error) => {
            return Err(LoadError::located(
                &parsed.path,
                &parsed.text,
                "variant",
                "variant:",
                error.to_string(),
            ))
        }
    };
    parsed.validate(spec)
}

/// Loads and runs one scenario file.
pub fn scenario_case(path: &Path, specs: &mut SpecCache) -> CaseResult {
    scenario_case_with(path, specs, &[])
}

/// [`scenario_case`] with `forced` settings.
pub fn scenario_case_with(path: &Path, specs: &mut SpecCache, forced: &[String]) -> CaseResult {
    match super::load::parse_file(path) {
        Ok(parsed) => parsed_case(parsed, specs, forced),
        Err(error) => CaseResult::invalid(path, error),
    }
}

/// Validates and runs one parsed scenario on the reference.
fn parsed_case(parsed: Parsed, specs: &mut SpecCache, forced: &[String]) -> CaseResult {
    let path = parsed.path.clone();
    match validate_with_specs(parsed, specs) {
        Ok(loaded) => {
            let status = match super::run::run_with(&loaded, forced) {
                Ok(()) if loaded.scenario.review.is_some() => Status::AwaitingReview,
                Ok(()) => Status::Passed,
                Err(mismatch) => Status::Failed(mismatch),
            };
            case_of(&loaded, status)
        }
        Err(error) => CaseResult::invalid(&path, error),
    }
}

/// The result row of a loaded scenario.
pub fn case_of(loaded: &Loaded, status: Status) -> CaseResult {
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

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}
