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

/// What a `check` campaign is asked (the arguments of `check`).
pub struct Check {
    /// The repository (`scenarios/`, `spec/`).
    pub root: PathBuf,
    /// The scenario files or folders given; the variants' suites if none.
    pub paths: Vec<PathBuf>,
    /// The folder of the specs (`--spec`); `spec/` under the root if none.
    pub spec_root: Option<PathBuf>,
    /// Only this variant's suite.
    pub variant: Option<crate::variant::VariantId>,
    /// The cases taken.
    pub filter: Filter,
    /// Misreadings to play (deliberate faults).
    pub faults: Vec<String>,
    /// The shard's files (docs/scale.md).
    pub shard: Shard,
    /// The results file, if one is written.
    pub output: Option<PathBuf>,
    /// Begin the results file fresh or continue it.
    pub resume: crate::shard::Begin,
}

/// Why a `check` campaign cannot run or found nothing: the user's to fix
/// (exit 2).
#[derive(Debug, thiserror::Error)]
pub enum CheckError {
    /// A spec does not load.
    #[error("loading the spec {}", dir.display())]
    Spec {
        /// The spec folder.
        dir: PathBuf,
        /// Why.
        #[source]
        error: crate::spec::SpecError,
    },
    /// The misreadings asked are not one variant's.
    #[error("--fault: {0}")]
    Fault(crate::variant::VariantError),
    /// The scenario files cannot be found.
    #[error("finding scenario files")]
    Find(#[source] std::io::Error),
    /// No file, or no case the filter takes.
    #[error("no scenario matched: {0}")]
    NoMatch(String),
    /// The results file cannot be written.
    #[error(transparent)]
    Output(#[from] crate::output::OutputError),
    /// The results file cannot be written.
    #[error(transparent)]
    Io(#[from] std::io::Error),
}

/// A `check` campaign that ran.
pub struct Checked {
    /// What became of each case.
    pub report: SuiteReport,
    /// The variants whose suites ran.
    pub variants: Vec<crate::variant::VariantId>,
    /// The settings forced on every case (the misreadings played).
    pub forced: Vec<String>,
    /// How long the cases took.
    pub seconds: f64,
    /// The files of the campaign, every shard's.
    pub files: usize,
    /// The shard's files a resumed results file had done.
    pub resumed: usize,
}

impl Check {
    /// The variants asked: the one of `--variant`, else every one.
    fn variants(&self) -> Vec<crate::variant::VariantId> {
        match self.variant {
            Some(variant) => vec![variant],
            None => crate::variant::VariantId::ALL.to_vec(),
        }
    }

    /// The specs of the variants asked, loaded.
    ///
    /// # Errors
    /// [`CheckError::Spec`].
    pub fn specs(&self) -> Result<Vec<Spec>, CheckError> {
        let spec_root = self
            .spec_root
            .clone()
            .unwrap_or_else(|| self.root.join("spec"));
        self.variants()
            .iter()
            .map(|variant| {
                let dir = spec_root.join(variant.name());
                Spec::load(&dir).map_err(|error| CheckError::Spec { dir, error })
            })
            .collect()
    }

    /// Runs the campaign against `specs` ([`Check::specs`]): a misreading
    /// belongs to one variant, so with `--fault` its suite alone is run
    /// (said through `say`); every file is read and its case run on the
    /// reference through the one suite loop ([`check_campaign`]);
    /// `progress` is called with the shard's files walked and their
    /// number.
    ///
    /// # Errors
    /// [`CheckError`].
    pub fn run(
        &self,
        specs: &[Spec],
        say: &mut dyn FnMut(&str),
        progress: &mut dyn FnMut(usize, usize),
    ) -> Result<Checked, CheckError> {
        let fault_variant = crate::variant::faults::variant_of_faults(self.variant, &self.faults)
            .map_err(CheckError::Fault)?;
        let variants = if self.faults.is_empty() {
            self.variants()
        } else {
            fault_variant.into_iter().collect()
        };
        let forced: Vec<String> = self
            .faults
            .iter()
            .map(|id| format!("{}{id}", crate::variant::FAULT_PREFIX))
            .collect();
        if !forced.is_empty() {
            say(&format!(
                "check: playing the misreading(s) {} on purpose; failures are the scenarios that catch them",
                self.faults.join(", ")
            ));
        }
        let paths = if self.paths.is_empty() {
            variants
                .iter()
                .map(|variant| self.root.join("scenarios").join(variant.name()))
                .filter(|dir| dir.is_dir())
                .collect()
        } else {
            self.paths.clone()
        };
        let files = crate::scenario::collect_all_files(&paths).map_err(CheckError::Find)?;
        let shard_files = (0..files.len()).filter(|&i| self.shard.takes(i)).count();
        let started = std::time::Instant::now();
        // Each case's unit is written when its file is done (docs/scale.md).
        let mut writer = match &self.output {
            Some(path) => {
                let campaign = serde_json::json!({
                    "suite_revision": suite_revision(&files),
                    "variant": self.variant,
                    "clause": self.filter.clause,
                    "id": self.filter.id,
                    "faults": self.faults,
                    "spec": self.spec_root.as_ref().map(|path| path.display().to_string()),
                });
                Some(ResultsWriter::begin(
                    path,
                    "check",
                    campaign,
                    self.shard,
                    self.resume,
                    &files,
                )?)
            }
            None => None,
        };
        let (report, resumed) = check_campaign(
            &files,
            specs,
            self.filter.clone(),
            &forced,
            &mut CheckHooks {
                shard: self.shard,
                writer: writer.as_mut(),
                progress: &mut |walked| progress(walked, shard_files),
            },
        )?;
        let seconds = started.elapsed().as_secs_f64();
        if let Some(writer) = writer {
            writer.finish()?;
        }
        Ok(Checked {
            report,
            variants,
            forced,
            seconds,
            files: files.len(),
            resumed,
        })
    }
}

impl Checked {
    /// The error of a whole run that took no case (a shard or a resumed
    /// run may take none).
    pub fn nothing_matched(&self, shard: Shard) -> Option<CheckError> {
        if !self.report.cases.is_empty() || self.resumed > 0 || shard != Shard::WHOLE {
            return None;
        }
        Some(CheckError::NoMatch(if self.files == 0 {
            "no scenario file (*.yaml) in the paths given".to_string()
        } else {
            format!(
                "{} scenario files, none with the --clause or --id asked for",
                self.files
            )
        }))
    }
}

/// A content hash of the scenario files (FNV-1a, 64 bits), stable across
/// machines, plus the git commit when `git` knows one.
pub fn suite_revision(files: &[PathBuf]) -> String {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for file in files {
        let bytes = crate::input::read_bytes(file).unwrap_or_default();
        for byte in file.to_string_lossy().bytes().chain(bytes) {
            hash ^= u64::from(byte);
            hash = hash.wrapping_mul(0x0100_0000_01b3);
        }
    }
    let commit = std::process::Command::new("git")
        .args(["rev-parse", "--short", "HEAD"])
        .output()
        .ok()
        .filter(|out| out.status.success())
        .map(|out| String::from_utf8_lossy(&out.stdout).trim().to_string());
    match commit {
        Some(commit) if !commit.is_empty() => {
            format!("{} files, content {hash:016x}, git {commit}", files.len())
        }
        _ => format!("{} files, content {hash:016x}", files.len()),
    }
}
