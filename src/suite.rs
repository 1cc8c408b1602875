//! The suite `check` runs: scenarios and the other file kinds a scenario
//! tree holds. A rule system brings its kinds in its
//! `VariantInfo::suite_files` (MONARCHIE's journals and tournament cases,
//! clauses 17-22), and [`file_kinds`] is the one list of them gathered
//! from every registered variant; `scenario/` iterates whatever list it
//! is handed and imports none of the kinds (docs/architecture.md).

use std::path::{Path, PathBuf};

use crate::scenario::results::{run_suite_among, SuiteReport};
use crate::scenario::{collect_files_among, is_scenario_among, FileKind};
use crate::spec::Spec;

/// Every registered file kind besides scenarios, of every variant
/// (`VariantInfo::suite_files`: MONARCHIE's journals, clauses 17-18, and
/// tournament cases, clauses 19-22).
pub fn file_kinds() -> Vec<FileKind> {
    crate::variant::VariantId::ALL
        .into_iter()
        .flat_map(|variant| crate::variant::info(variant).suite_files.iter().copied())
        .collect()
}

/// The scenario files under the given paths (files of the other
/// [`file_kinds`] left out).
///
/// # Errors
/// An I/O error naming the path.
pub fn collect_files(paths: &[PathBuf]) -> std::io::Result<Vec<PathBuf>> {
    collect_files_among(paths, &file_kinds())
}

/// Whether a file is a scenario rather than a file of one of the other
/// [`file_kinds`].
pub fn is_scenario_file(path: &Path) -> bool {
    is_scenario_among(path, &file_kinds())
}

/// Loads and runs every file, each by its kind ([`run_suite_among`] with
/// [`file_kinds`]); a scenario is checked against `spec` when it is its
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
        &file_kinds(),
        given,
        clause_filter,
        id_filter,
        forced,
        progress,
    )
}
