//! Journals as cases of `regelwerk check`: every `*.journal.yaml` under the
//! scenario paths is replayed and reported under clauses m.17.journal and
//! m.18 (a MONARCHIE suite file kind, registered in its
//! `VariantInfo::suite_files`).

use std::path::Path;

use crate::variant::journal::ReplayError;
use crate::variant::suite_file::{SuiteFileCase, SuiteFileKind, SuiteFileOutcome};

/// The file-name ending that marks a journal in the scenario tree.
pub const JOURNAL_SUFFIX: &str = ".journal.yaml";

/// Journals as a suite file kind of MONARCHIE.
pub const FILE_KIND: SuiteFileKind = SuiteFileKind {
    name: "journal",
    suffix: JOURNAL_SUFFIX,
    case: journal_case,
};

/// The clauses a journal case is reported under.
pub const JOURNAL_CLAUSES: [&str; 2] = ["m.17.journal", "m.18"];

/// Whether a path names a journal file.
pub fn is_journal_file(path: &Path) -> bool {
    FILE_KIND.recognizes(path)
}

/// The case ID of a journal: `journal:` and its file name without suffix.
pub fn journal_id(path: &Path) -> String {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().to_string())
        .unwrap_or_default();
    format!("journal:{}", name.trim_end_matches(JOURNAL_SUFFIX))
}

/// Loads and replays one journal and reports it as a suite case.
pub fn journal_case(path: &Path) -> SuiteFileCase {
    let outcome = match (super::INFO.replay)(path) {
        Ok(_) => SuiteFileOutcome::Passed,
        Err(ReplayError::Load(error)) => SuiteFileOutcome::Invalid(error),
        Err(ReplayError::Discrepancy(discrepancy)) => SuiteFileOutcome::Failed {
            step: discrepancy.action,
            what: format!(
                "{} (position before: {})",
                discrepancy.what, discrepancy.notation
            ),
            expected: discrepancy.journal,
            actual: discrepancy.rules,
        },
    };
    SuiteFileCase {
        path: path.to_path_buf(),
        id: journal_id(path),
        clauses: JOURNAL_CLAUSES.iter().map(|c| c.to_string()).collect(),
        rulings: Vec::new(),
        findings: vec!["F-JOURNAL-REPLAY".to_string()],
        expects_legal: true,
        outcome,
    }
}
