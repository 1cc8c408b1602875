//! No source file grows past what a reader takes in at once: 800 lines
//! (issue 46's measure). `OVER` may list a file while it waits for its
//! split, shrink-only: a listed file back under the bound fails until it
//! is taken off, and no file may join it.

use std::path::{Path, PathBuf};

/// The most lines a source file under `src/` may have.
const MAX_LINES: usize = 800;

/// Files over the bound, to be split (none now: a file that grows past
/// it is split by concept, not listed here).
const OVER: &[&str] = &[];
fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let entries = std::fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
    for entry in entries {
        let path = entry.expect("a directory entry").path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|ext| ext == "rs") {
            out.push(path);
        }
    }
}

#[test]
fn no_source_file_is_over_800_lines_but_the_listed_ones_and_they_shrink() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    rust_files(&root.join("src"), &mut files);
    assert!(files.len() > 100, "the walk found the sources");
    let mut problems = Vec::new();
    for file in files {
        let name = file
            .strip_prefix(root)
            .expect("under the root")
            .display()
            .to_string();
        let lines = std::fs::read_to_string(&file)
            .unwrap_or_else(|e| panic!("{name}: {e}"))
            .lines()
            .count();
        let listed = OVER.contains(&name.as_str());
        if lines > MAX_LINES && !listed {
            problems.push(format!(
                "{name}: {lines} lines (at most {MAX_LINES}): split it"
            ));
        }
        if lines <= MAX_LINES && listed {
            problems.push(format!(
                "{name}: {lines} lines, within the bound: take it off OVER"
            ));
        }
    }
    for listed in OVER {
        if !root.join(listed).is_file() {
            problems.push(format!("{listed}: listed in OVER but gone: take it off"));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
