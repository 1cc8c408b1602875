//! The suite `check` runs: scenarios and the other file kinds a scenario
//! tree holds. Each kind registers with the loader by giving its
//! [`FileKind`] (its file-name ending and its loader), and this is the
//! one list of them; `scenario/` iterates whatever list it is handed and
//! imports none of the kinds (docs/architecture.md). A new kind is one
//! more `FILE_KIND` in its own module and one more entry here.

use std::path::{Path, PathBuf};

use crate::scenario::results::{run_suite_among, SuiteReport};
use crate::scenario::{collect_files_among, is_scenario_among, FileKind};
use crate::spec::Spec;

/// Every registered file kind besides scenarios: journals (clauses 17-18)
/// and tournament cases (clauses 19-22).
pub const FILE_KINDS: &[FileKind] = &[
    crate::journal::cases::FILE_KIND,
    crate::tournament::cases::FILE_KIND,
];

/// The scenario files under the given paths (files of the other
/// [`FILE_KINDS`] left out).
///
/// # Errors
/// An I/O error naming the path.
pub fn collect_files(paths: &[PathBuf]) -> std::io::Result<Vec<PathBuf>> {
    collect_files_among(paths, FILE_KINDS)
}

/// Whether a file is a scenario rather than a file of one of the other
/// [`FILE_KINDS`].
pub fn is_scenario_file(path: &Path) -> bool {
    is_scenario_among(path, FILE_KINDS)
}

/// Loads and runs every file, each by its kind ([`run_suite_among`] with
/// [`FILE_KINDS`]); a scenario is checked against `spec` when it is its
/// variant's.
pub fn run_suite(
    files: &[PathBuf],
    spec: Option<&Spec>,
    clause_filter: Option<&str>,
    id_filter: Option<&str>,
    progress: impl FnMut(usize, usize),
) -> SuiteReport {
    run_suite_with(files, spec, clause_filter, id_filter, &[], progress)
}

/// [`run_suite`] with `forced` settings on top of every scenario's
/// ruleset (`fault:M-...` entries play misreadings, as `check --fault`).
pub fn run_suite_with(
    files: &[PathBuf],
    spec: Option<&Spec>,
    clause_filter: Option<&str>,
    id_filter: Option<&str>,
    forced: &[String],
    progress: impl FnMut(usize, usize),
) -> SuiteReport {
    run_suite_under(
        files,
        spec.map(std::slice::from_ref).unwrap_or_default(),
        clause_filter,
        id_filter,
        forced,
        progress,
    )
}

/// [`run_suite_with`] against several specs: a scenario of a variant
/// that one of `given` is for is checked against it wherever the file is.
pub fn run_suite_under(
    files: &[PathBuf],
    given: &[Spec],
    clause_filter: Option<&str>,
    id_filter: Option<&str>,
    forced: &[String],
    progress: impl FnMut(usize, usize),
) -> SuiteReport {
    run_suite_among(
        files,
        FILE_KINDS,
        given,
        clause_filter,
        id_filter,
        forced,
        progress,
    )
}
