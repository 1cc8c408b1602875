//! The kinds of file a suite holds besides scenarios (journals, tournament
//! cases, ...). A rule system brings its kinds in its
//! `VariantInfo::suite_files` ([`FileKind`]: the file-name ending that
//! marks a file and the function that runs one as a case); the loader and
//! the suite loop only iterate the kinds they are handed, so `scenario/`
//! knows none of them; the one list of them is
//! [`crate::suite::file_kinds`] (docs/architecture.md).

use std::path::Path;

pub use crate::variant::suite_file::{
    SuiteFileCase as FileCase, SuiteFileKind as FileKind, SuiteFileOutcome as FileOutcome,
};

/// The kind among `kinds` that `path` is a file of; `None` for a scenario.
pub fn kind_of<'a>(path: &Path, kinds: &'a [FileKind]) -> Option<&'a FileKind> {
    kinds.iter().find(|kind| kind.recognizes(path))
}
