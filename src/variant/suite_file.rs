//! The kinds of suite file a rule system brings besides scenarios, each
//! run as one case of `check` (MONARCHIE's journals, clauses 17-18, and
//! tournament cases, clauses 19-22). A rule system names its kinds in its
//! [`super::VariantInfo::suite_files`]; the harness's suite loop
//! (`scenario/`) asks every registered variant for them and turns each
//! [`SuiteFileCase`] into a case result, so neither side names the other.

use std::path::{Path, PathBuf};

use crate::input::LoadError;

/// One kind of suite file other than a scenario.
#[derive(Clone, Copy, Debug)]
pub struct SuiteFileKind {
    /// Its name, e.g. `journal`.
    pub name: &'static str,
    /// The file-name ending that marks a file of the kind, e.g.
    /// `.journal.yaml`.
    pub suffix: &'static str,
    /// Loads and runs one file of the kind as a suite case (never panics:
    /// a file it cannot use is an invalid case).
    pub case: fn(&Path) -> SuiteFileCase,
}

impl SuiteFileKind {
    /// Whether `path` is a file of this kind.
    pub fn recognizes(&self, path: &Path) -> bool {
        path.to_string_lossy().ends_with(self.suffix)
    }
}

/// One file of a [`SuiteFileKind`] run as a case.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SuiteFileCase {
    /// The file.
    pub path: PathBuf,
    /// Its case ID (empty if the file could not be read).
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
    pub outcome: SuiteFileOutcome,
}

/// What running a suite file gave.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SuiteFileOutcome {
    /// Everything agreed.
    Passed,
    /// A step differed.
    Failed {
        /// The step's number, counted from 1.
        step: usize,
        /// What the step was.
        what: String,
        /// Expected (text).
        expected: String,
        /// What the rules gave (text).
        actual: String,
    },
    /// The file could not be used.
    Invalid(LoadError),
}
