//! The kinds of file a suite holds besides scenarios (journals, tournament
//! cases, ...). A kind registers itself with the loader by giving a
//! [`FileKind`]: the file-name ending that marks it and the function that
//! loads and runs one file as a suite case. The loader and the suite
//! runner only iterate the kinds they are handed, so `scenario/` knows
//! none of them; the one list of registered kinds is
//! [`crate::suite::FILE_KINDS`] (docs/architecture.md).

use std::path::Path;

use super::results::CaseResult;

/// One kind of suite file other than a scenario.
#[derive(Clone, Copy, Debug)]
pub struct FileKind {
    /// Its name, e.g. `journal`.
    pub name: &'static str,
    /// The file-name ending that marks a file of the kind, e.g.
    /// `.journal.yaml`.
    pub suffix: &'static str,
    /// Loads and runs one file of the kind as a suite case (never panics:
    /// a file it cannot use is an invalid case).
    pub case: fn(&Path) -> CaseResult,
}

impl FileKind {
    /// Whether `path` is a file of this kind.
    pub fn recognizes(&self, path: &Path) -> bool {
        path.to_string_lossy().ends_with(self.suffix)
    }
}

/// The kind among `kinds` that `path` is a file of; `None` for a scenario.
pub fn kind_of<'a>(path: &Path, kinds: &'a [FileKind]) -> Option<&'a FileKind> {
    kinds.iter().find(|kind| kind.recognizes(path))
}
