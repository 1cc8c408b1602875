//! Journals as cases of `regelwerk check`: every `*.journal.yaml` under the
//! scenario paths is replayed and reported under clauses m.17.journal and
//! m.18.

use std::path::Path;

use crate::scenario::results::{CaseResult, Status};
use crate::scenario::{FileKind, Mismatch};

use super::{replay_file, ReplayError};

/// The file-name ending that marks a journal in the scenario tree.
pub const JOURNAL_SUFFIX: &str = ".journal.yaml";

/// Journals as a suite file kind, registered in [`crate::suite::FILE_KINDS`].
pub const FILE_KIND: FileKind = FileKind {
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
pub fn journal_case(path: &Path) -> CaseResult {
    let status = match replay_file(path) {
        Ok(_) => Status::Passed,
        Err(ReplayError::Load(error)) => Status::Invalid(error),
        Err(ReplayError::Discrepancy(discrepancy)) => Status::Failed(Mismatch {
            step: discrepancy.action,
            what: format!(
                "{} (position before: {})",
                discrepancy.what, discrepancy.notation
            ),
            expected: discrepancy.journal,
            actual: discrepancy.rules,
        }),
    };
    CaseResult {
        path: path.to_path_buf(),
        id: journal_id(path),
        clauses: JOURNAL_CLAUSES.iter().map(|c| c.to_string()).collect(),
        rulings: Vec::new(),
        findings: vec!["F-JOURNAL-REPLAY".to_string()],
        expects_legal: true,
        status,
    }
}
