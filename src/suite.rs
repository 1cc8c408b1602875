//! The suite `check` runs: scenarios and the other file kinds a scenario
//! tree holds. A rule system brings its kinds in its
//! `VariantInfo::suite_files` (MONARCHIE's journals and tournament cases,
//! clauses 17-22), and [`file_kinds`] is the one list of them gathered
//! from every registered variant; `scenario/` iterates whatever list it
//! is handed and imports none of the kinds (docs/architecture.md).

use std::path::{Path, PathBuf};

use crate::scenario::results::{mark_duplicate_ids, CaseResult, SuiteReport};
use crate::scenario::suite_loop::{run_suite_among, walk, Hooks, OnReference, Reader, Walked};
use crate::scenario::{collect_files_among, is_scenario_among, FileKind, Filter};
use crate::shard::{ResultsWriter, Shard};
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
    let kinds = file_kinds();
    let mut reader = Reader::new(&kinds, given, Filter::new(clause_filter, id_filter));
    run_suite_among(files, &mut reader, forced, progress)
}

/// Where the units of a `check` campaign go: the shard's files, a results
/// file (`--output`, each file's case written when it is done, the done
/// ones skipped on `--resume`, docs/scale.md), the progress.
pub struct CheckHooks<'a> {
    /// The shard's files.
    pub shard: Shard,
    /// The results file, if one is written.
    pub writer: Option<&'a mut ResultsWriter>,
    /// Called with the number of the shard's files walked so far.
    pub progress: &'a mut dyn FnMut(usize),
}

impl Hooks<CaseResult> for CheckHooks<'_> {
    fn takes(&self, unit: usize) -> bool {
        self.shard.takes(unit)
    }

    fn is_done(&self, unit: usize) -> bool {
        self.writer
            .as_ref()
            .is_some_and(|writer| writer.is_done(unit))
    }

    fn ran(&mut self, unit: usize, walked: &Walked<CaseResult>) -> std::io::Result<()> {
        let (Some(writer), Some(case)) = (self.writer.as_mut(), walked.outcomes.last()) else {
            return Ok(());
        };
        if walked.units.last() == Some(&unit) {
            writer.unit(unit, serde_json::to_value(case)?)?;
        }
        Ok(())
    }

    fn progress(&mut self, walked: usize) {
        (self.progress)(walked);
    }
}

/// A `check` campaign over `files` (every file of the campaign; `hooks`
/// take the shard's): each file read by its kind and filtered, each
/// scenario validated against one of `given` or its own spec and run on
/// the reference with `forced` settings; duplicate IDs make the later
/// file invalid. Also the number of files a resumed results file had
/// done.
///
/// # Errors
/// A results file that cannot be written.
pub fn check_campaign(
    files: &[PathBuf],
    given: &[Spec],
    filter: Filter,
    forced: &[String],
    hooks: &mut CheckHooks<'_>,
) -> std::io::Result<(SuiteReport, usize)> {
    let kinds = file_kinds();
    let mut reader = Reader::new(&kinds, given, filter);
    let walked = walk(
        files,
        |path| reader.read(path),
        &mut OnReference { forced },
        hooks,
    )?;
    let mut cases = walked.outcomes;
    mark_duplicate_ids(&mut cases);
    Ok((SuiteReport { cases }, walked.resumed))
}
