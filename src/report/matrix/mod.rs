//! The conformance matrix of the outside implementations
//! (`implementations/`, `docs/implementations.md`): implementations x
//! clauses, each cell counting the cases that passed, failed with a
//! declared difference (the finding or ruling named), failed anew, were
//! not applicable (the reading named) or were not answered (`skipped`).
//!
//! It is built from data alone: each implementation's manifest
//! (`implementation.yaml`), its declared differences (the
//! expected-failures list, every line naming a finding or ruling), and the
//! JSON report of each `conform` run. [`text`] is the CI log's table,
//! [`html`] the committee's page (its words in German and English are the
//! [`WORDS`] table), and the [`Matrix`] itself serialises as JSON.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::variant::VariantId;

mod output;

pub use output::{cell_text, html, page_name, text, word, WORDS};

/// The manifest of one outside implementation (`implementations/<name>/implementation.yaml`).
#[derive(Clone, Debug, Deserialize, Serialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct Manifest {
    /// Its name, also the folder's and the result files' (`<name>-<variant>.json`).
    pub name: String,
    /// What it wraps, in a few words.
    pub library: String,
    /// The pinned version of the library.
    pub version: String,
    /// Where it comes from (the registry and package).
    pub source: String,
    /// How the harness drives it: `engine` (protocol 2.1) or `uci`.
    pub route: String,
    /// The variants it is run on.
    pub variants: Vec<VariantId>,
    /// Its declared differences for `conform` (relative to its folder):
    /// one scenario ID a line, each comment naming the finding or ruling.
    pub expected_failures: String,
    /// Its declared differences for `fuzz` (finding IDs), if it is fuzzed.
    #[serde(default)]
    pub known_differences: Option<String>,
    /// Its known bugs (relative to its folder), if it has any: one bug
    /// class a line with the scenarios that show it ([`read_known_bugs`]).
    #[serde(default)]
    pub known_bugs: Option<String>,
    /// The protocol fields its adapter answers itself rather than from
    /// the library, each with the reason (the places are marked `own
    /// answer: FIELD:` in the adapter's source; docs/implementations.md).
    #[serde(default)]
    pub own_answers: BTreeMap<String, String>,
}

/// One known bug class of an implementation (`known-bugs.txt`): a
/// difference that is the library's mistake by the rules, not a reading.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct KnownBug {
    /// Its name (the line's first word).
    pub name: String,
    /// What the library does wrong, in a few words (the line's comment).
    pub description: String,
    /// The scenarios that show it.
    pub scenarios: Vec<String>,
}

/// Reads a list of known bugs: one bug class a line, `NAME SCENARIO...  #
/// what the library does wrong`; `#` lines are comments.
///
/// # Errors
/// [`MatrixError::Format`] naming the file and line of a line without a
/// scenario or a description, or a name given twice. A scenario may show
/// two bugs (it is counted under the first).
pub fn read_known_bugs(path: &Path, text: &str) -> Result<Vec<KnownBug>, MatrixError> {
    let mut bugs: Vec<KnownBug> = Vec::new();
    for (index, line) in text.lines().enumerate() {
        let (words, comment) = line.split_once('#').unwrap_or((line, ""));
        let mut words = words.split_whitespace().map(str::to_string);
        let Some(name) = words.next() else {
            continue;
        };
        let fail = |message: String| MatrixError::Format {
            path: path.to_path_buf(),
            line: index + 1,
            message,
        };
        let scenarios: Vec<String> = words.collect();
        if scenarios.is_empty() {
            return Err(fail(format!(
                "bug `{name}` names no scenario: expected `{name} SCENARIO-ID...  # what the library does wrong`"
            )));
        }
        let description = comment.trim().to_string();
        if description.is_empty() {
            return Err(fail(format!(
                "bug `{name}` has no description: expected `# what the library does wrong` after its scenarios"
            )));
        }
        if bugs.iter().any(|bug| bug.name == name) {
            return Err(fail(format!("bug `{name}` is listed twice")));
        }
        bugs.push(KnownBug {
            name,
            description,
            scenarios,
        });
    }
    Ok(bugs)
}

/// Why the matrix cannot be built.
#[derive(Debug, thiserror::Error)]
pub enum MatrixError {
    /// A file could not be read.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// A manifest or a result breaks its format.
    #[error("{path}:{line}: {message}")]
    Format {
        /// The file.
        path: PathBuf,
        /// 1-based line (0 when unknown).
        line: usize,
        /// What is wrong and what was expected.
        message: String,
    },
}

fn read(path: &Path) -> Result<String, MatrixError> {
    crate::input::read_text(path).map_err(|error| MatrixError::Io {
        path: path.to_path_buf(),
        // The load error's own words: the path is said once, by `Io`.
        source: std::io::Error::other(error.message),
    })
}

/// Reads a manifest.
///
/// # Errors
/// [`MatrixError`] naming the file and line of what is wrong (an unknown
/// field included).
pub fn read_manifest(path: &Path) -> Result<Manifest, MatrixError> {
    let text = read(path)?;
    // The bounded reader every YAML file goes through: nesting, items and
    // aliases limited, messages in the format's words.
    let manifest: Manifest =
        crate::input::parse_yaml(path, &text).map_err(|error| MatrixError::Format {
            path: path.to_path_buf(),
            line: error.line,
            message: error.message,
        })?;
    if !matches!(manifest.route.as_str(), "engine" | "uci") {
        return Err(MatrixError::Format {
            path: path.to_path_buf(),
            line: 0,
            message: format!(
                "route `{}`: expected `engine` (protocol 2.1) or `uci`",
                manifest.route
            ),
        });
    }
    Ok(manifest)
}

/// The IDs a line's comment names: words shaped like `F-...` or `R-...`.
fn named_ids(comment: &str) -> Vec<String> {
    comment
        .split(|c: char| !(c.is_ascii_alphanumeric() || c == '-'))
        .filter(|word| {
            (word.starts_with("F-") || word.starts_with("R-"))
                && word.len() > 2
                && word[2..]
                    .chars()
                    .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == '-')
        })
        .map(str::to_string)
        .collect()
}

/// Reads a list of declared differences for `conform`: one scenario ID a
/// line, its `#` comment naming at least one finding or ruling of
/// `declarable` (the first so named is the case's declaration).
///
/// # Errors
/// [`MatrixError::Format`] naming the file and line of a case that names
/// no finding or ruling, or names one that does not exist.
pub fn read_declared_cases(
    path: &Path,
    text: &str,
    declarable: &BTreeSet<String>,
) -> Result<BTreeMap<String, Vec<String>>, MatrixError> {
    let mut cases = BTreeMap::new();
    for (index, line) in text.lines().enumerate() {
        let (case, comment) = line.split_once('#').unwrap_or((line, ""));
        let case = case.trim();
        if case.is_empty() {
            continue;
        }
        let fail = |message: String| MatrixError::Format {
            path: path.to_path_buf(),
            line: index + 1,
            message,
        };
        let ids = named_ids(comment);
        if ids.is_empty() {
            return Err(fail(format!(
                "`{case}` declares no difference: expected `{case}  # F-... or R-...: why`, naming a finding or ruling of spec/<variant>/"
            )));
        }
        if let Some(unknown) = ids.iter().find(|id| !declarable.contains(*id)) {
            return Err(fail(format!(
                "`{unknown}` is neither a finding nor a ruling of spec/<variant>/ (findings.yaml, rulings.yaml)"
            )));
        }
        cases.insert(case.to_string(), ids);
    }
    Ok(cases)
}

/// What a `conform --format json` report holds that the matrix reads
/// (read as data, so that the report layer does not name the protocol's
/// types).
#[derive(Clone, Debug, Deserialize)]
pub struct ConformResult {
    /// The variant.
    pub variant: VariantId,
    /// Per-scenario verdicts.
    pub cases: Vec<CaseResult>,
}

/// One case of a conform report.
#[derive(Clone, Debug, Deserialize)]
pub struct CaseResult {
    /// The scenario ID.
    pub id: String,
    /// Its clauses.
    #[serde(default)]
    pub clauses: Vec<String>,
    /// Its verdict: `passed`, `partly-compared`, `failed`, `errored`,
    /// `skipped` or `not-applicable`.
    pub status: String,
    /// The ruling of a `not-applicable` case.
    #[serde(default)]
    pub ruling: Option<String>,
    /// The reason of a `skipped` or `not-applicable` case.
    #[serde(default)]
    pub reason: Option<String>,
}

impl CaseResult {
    fn passed(&self) -> bool {
        self.status == "passed"
    }
}

/// The verdicts a conform report may hold.
const STATUSES: &[&str] = &[
    "passed",
    "partly-compared",
    "failed",
    "errored",
    "skipped",
    "not-applicable",
];

/// The measured times of one run, written by `.ci/implementations.sh`
/// (`<name>-<variant>.time.json`).
#[derive(Clone, Debug, Default, Deserialize, Serialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Timing {
    /// Wall seconds of the `conform` run.
    pub conform_seconds: f64,
    /// Fuzz games played (0: not fuzzed).
    #[serde(default)]
    pub fuzz_games: u64,
    /// Wall seconds of the fuzz run.
    #[serde(default)]
    pub fuzz_seconds: f64,
    /// The fuzz run's exit code (0: no new difference).
    #[serde(default)]
    pub fuzz_exit: i32,
}

/// One cell: the cases of one clause (or all clauses) for one
/// implementation and variant.
#[derive(Clone, Debug, Default, Serialize, PartialEq, Eq)]
pub struct Cell {
    /// Cases in all.
    pub cases: usize,
    /// Passed.
    pub passed: usize,
    /// Agreed where compared, but something expected was not asked: not
    /// a pass.
    pub partly_compared: usize,
    /// Failed or errored, declared: the finding or ruling IDs named.
    pub known: BTreeMap<String, usize>,
    /// Failed or errored, a known bug of the library: the bug's name.
    pub bugs: BTreeMap<String, usize>,
    /// Failed or errored, not declared: new differences, by case ID.
    pub new: Vec<String>,
    /// Not applicable to the implementation's readings, by ruling.
    pub not_applicable: BTreeMap<String, usize>,
    /// Not answered (`skipped`), by the implementation's reason.
    pub skipped: BTreeMap<String, usize>,
}

impl Cell {
    fn add(&mut self, case: &CaseResult, declared: Option<&Vec<String>>, bug: Option<&String>) {
        self.cases += 1;
        let text =
            |value: &Option<String>| value.clone().unwrap_or_else(|| "(none given)".to_string());
        match (case.status.as_str(), declared) {
            ("passed", _) => self.passed += 1,
            ("partly-compared", _) => self.partly_compared += 1,
            ("not-applicable", _) => {
                *self.not_applicable.entry(text(&case.ruling)).or_default() += 1;
            }
            ("skipped", _) => {
                *self.skipped.entry(text(&case.reason)).or_default() += 1;
            }
            _ if bug.is_some() => {
                *self
                    .bugs
                    .entry(bug.cloned().unwrap_or_default())
                    .or_default() += 1;
            }
            (_, Some(ids)) => {
                let id = ids.first().map_or("(declared)", String::as_str);
                *self.known.entry(id.to_string()).or_default() += 1;
            }
            (_, None) => self.new.push(case.id.clone()),
        }
    }

    /// Declared failures in all.
    pub fn known_count(&self) -> usize {
        self.known.values().sum()
    }

    /// Failures from known bugs in all.
    pub fn bug_count(&self) -> usize {
        self.bugs.values().sum()
    }

    /// Not applicable and not answered in all.
    pub fn not_asked(&self) -> usize {
        self.not_applicable.values().sum::<usize>() + self.skipped.values().sum::<usize>()
    }
}

/// One implementation on one variant.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct Row {
    /// The implementation's name.
    pub implementation: String,
    /// The library and its pinned version.
    pub library: String,
    /// The pinned version.
    pub version: String,
    /// The route (`engine` or `uci`).
    pub route: String,
    /// The variant.
    pub variant: VariantId,
    /// Whether its conform result was there (a missing one is a failure).
    pub present: bool,
    /// All its cases.
    pub total: Cell,
    /// Per clause.
    pub clauses: BTreeMap<String, Cell>,
    /// Declared cases that passed: declarations to take back.
    pub stale: Vec<String>,
    /// Scenarios of a known bug that passed (or were only partly
    /// compared): the bug's line to take back or correct.
    pub stale_bugs: Vec<String>,
    /// The implementation's known bugs (all its variants').
    pub bugs: Vec<KnownBug>,
    /// The measured times, if given.
    pub timing: Option<Timing>,
}

impl Row {
    /// Cases per second of the conform run, if timed.
    pub fn cases_per_second(&self) -> Option<f64> {
        let timing = self.timing.as_ref()?;
        (timing.conform_seconds > 0.0).then(|| self.total.cases as f64 / timing.conform_seconds)
    }

    /// Fuzz games per second, if fuzzed.
    pub fn games_per_second(&self) -> Option<f64> {
        let timing = self.timing.as_ref()?;
        (timing.fuzz_games > 0 && timing.fuzz_seconds > 0.0)
            .then(|| timing.fuzz_games as f64 / timing.fuzz_seconds)
    }

    /// Whether CI must fail for it: a new difference, a stale
    /// declaration, a missing result or a failed fuzz run.
    pub fn is_problem(&self) -> bool {
        !self.present
            || !self.total.new.is_empty()
            || !self.stale.is_empty()
            || !self.stale_bugs.is_empty()
            || self.timing.as_ref().is_some_and(|t| t.fuzz_exit != 0)
    }
}

/// The whole matrix.
#[derive(Clone, Debug, Default, Serialize, PartialEq)]
pub struct Matrix {
    /// One row per implementation and variant, in manifest order.
    pub rows: Vec<Row>,
}

impl Matrix {
    /// Whether any row is a problem ([`Row::is_problem`]).
    pub fn has_problems(&self) -> bool {
        self.rows.iter().any(Row::is_problem)
    }
}

/// One implementation's inputs for one variant.
#[derive(Clone, Debug)]
pub struct RowInput {
    /// The manifest.
    pub manifest: Manifest,
    /// The variant.
    pub variant: VariantId,
    /// Its conform result, if there is one.
    pub result: Option<ConformResult>,
    /// Its declared cases (scenario ID to the IDs named).
    pub declared: BTreeMap<String, Vec<String>>,
    /// Its known bugs.
    pub bugs: Vec<KnownBug>,
    /// Its measured times.
    pub timing: Option<Timing>,
}

/// Builds one row.
pub fn row(input: &RowInput) -> Row {
    let mut total = Cell::default();
    let mut clauses: BTreeMap<String, Cell> = BTreeMap::new();
    let mut stale = Vec::new();
    let mut stale_bugs = Vec::new();
    let bug_of: BTreeMap<&String, &String> = input
        .bugs
        .iter()
        .rev()
        .flat_map(|bug| bug.scenarios.iter().map(move |case| (case, &bug.name)))
        .collect();
    let cases = input
        .result
        .as_ref()
        .map_or(&[][..], |r| r.cases.as_slice());
    for case in cases {
        let declared = input.declared.get(&case.id);
        // A declared case that no longer fails where it was compared.
        if declared.is_some() && (case.passed() || case.status == "partly-compared") {
            stale.push(case.id.clone());
        }
        let bug = bug_of.get(&case.id).copied();
        if bug.is_some() && matches!(case.status.as_str(), "passed" | "partly-compared") {
            stale_bugs.push(case.id.clone());
        }
        total.add(case, declared, bug);
        for clause in &case.clauses {
            clauses
                .entry(clause.clone())
                .or_default()
                .add(case, declared, bug);
        }
    }
    Row {
        implementation: input.manifest.name.clone(),
        library: input.manifest.library.clone(),
        version: input.manifest.version.clone(),
        route: input.manifest.route.clone(),
        variant: input.variant,
        present: input.result.is_some(),
        total,
        clauses,
        stale,
        stale_bugs,
        bugs: input
            .bugs
            .iter()
            .filter(|bug| bug.scenarios.iter().any(|case| ran(input, case)))
            .cloned()
            .collect(),
        timing: input.timing.clone(),
    }
}

/// Whether the row's conform run had the case.
fn ran(input: &RowInput, case: &str) -> bool {
    input
        .result
        .as_ref()
        .is_some_and(|result| result.cases.iter().any(|c| c.id == case))
}

/// Builds the matrix.
pub fn build(inputs: &[RowInput]) -> Matrix {
    Matrix {
        rows: inputs.iter().map(row).collect(),
    }
}

/// Every finding and ruling ID of `variants` (`<root>/spec/<variant>/`).
///
/// # Errors
/// [`MatrixError::Format`] when a spec cannot be read.
pub fn declarable(root: &Path, variants: &[VariantId]) -> Result<BTreeSet<String>, MatrixError> {
    let mut ids = BTreeSet::new();
    for variant in variants {
        let dir = root.join("spec").join(variant.name());
        let spec = crate::spec::Spec::load(&dir).map_err(|error| MatrixError::Format {
            path: dir.clone(),
            line: 0,
            message: error.to_string(),
        })?;
        ids.extend(spec.findings.into_iter().map(|f| f.id));
        ids.extend(spec.rulings.into_iter().map(|r| r.id));
    }
    Ok(ids)
}

/// Reads every manifest under `implementations` (its sub-folders with an
/// `implementation.yaml`, by name) and the results under `results`
/// (`<name>-<variant>.json`, `<name>-<variant>.time.json`).
///
/// # Errors
/// [`MatrixError`] for an unreadable or malformed manifest, declaration
/// list or result; a missing result is not an error (its row says so).
pub fn load(
    root: &Path,
    implementations: &Path,
    results: &Path,
) -> Result<Vec<RowInput>, MatrixError> {
    let mut folders: Vec<PathBuf> = std::fs::read_dir(implementations)
        .map_err(|source| MatrixError::Io {
            path: implementations.to_path_buf(),
            source,
        })?
        .filter_map(|entry| entry.ok().map(|entry| entry.path()))
        .filter(|path| path.join("implementation.yaml").is_file())
        .collect();
    folders.sort();
    let mut inputs = Vec::new();
    for folder in folders {
        let manifest = read_manifest(&folder.join("implementation.yaml"))?;
        let ids = declarable(root, &manifest.variants)?;
        let list = folder.join(&manifest.expected_failures);
        let declared = read_declared_cases(&list, &read(&list)?, &ids)?;
        let bugs = match &manifest.known_bugs {
            Some(name) => {
                let path = folder.join(name);
                let bugs = read_known_bugs(&path, &read(&path)?)?;
                if let Some(case) = bugs
                    .iter()
                    .flat_map(|bug| &bug.scenarios)
                    .find(|case| declared.contains_key(*case))
                {
                    return Err(MatrixError::Format {
                        path,
                        line: 0,
                        message: format!(
                            "`{case}` is both a known bug and a declared difference of {}: a case is one or the other",
                            list.display()
                        ),
                    });
                }
                bugs
            }
            None => Vec::new(),
        };
        for &variant in &manifest.variants {
            let stem = format!("{}-{}", manifest.name, variant.name());
            let result_path = results.join(format!("{stem}.json"));
            let result = if result_path.is_file() {
                let text = read(&result_path)?;
                let parsed: ConformResult =
                    serde_json::from_str(&text).map_err(|error| MatrixError::Format {
                        path: result_path.clone(),
                        line: error.line(),
                        message: format!("not a `conform --format json` report: {error}"),
                    })?;
                if let Some(case) = parsed
                    .cases
                    .iter()
                    .find(|case| !STATUSES.contains(&case.status.as_str()))
                {
                    return Err(MatrixError::Format {
                        path: result_path,
                        line: 0,
                        message: format!(
                            "case {}: status `{}`, expected one of {}",
                            case.id,
                            case.status,
                            STATUSES.join(", ")
                        ),
                    });
                }
                if parsed.variant != variant {
                    return Err(MatrixError::Format {
                        path: result_path,
                        line: 0,
                        message: format!("a report for {}, expected {variant}", parsed.variant),
                    });
                }
                Some(parsed)
            } else {
                None
            };
            let time_path = results.join(format!("{stem}.time.json"));
            let timing = if time_path.is_file() {
                let text = read(&time_path)?;
                Some(serde_json::from_str(&text).map_err(|error| MatrixError::Format {
                    path: time_path.clone(),
                    line: error.line(),
                    message: format!("expected {{\"conform_seconds\": S, \"fuzz_games\": N, \"fuzz_seconds\": S, \"fuzz_exit\": C}}: {error}"),
                })?)
            } else {
                None
            };
            inputs.push(RowInput {
                manifest: manifest.clone(),
                variant,
                result,
                declared: declared.clone(),
                bugs: bugs.clone(),
                timing,
            });
        }
    }
    Ok(inputs)
}
