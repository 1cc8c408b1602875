//! `regelwerk matrix`: the conformance matrix of the outside
//! implementations (`docs/implementations.md`), from their manifests,
//! declared differences and conform reports.

use std::path::Path;
use std::process::ExitCode;

use anyhow::{Context, Result};

use regelwerk::report::labels::Lang;
use regelwerk::report::matrix;

use super::exit::Exit;
use super::repo_root;

/// Builds the matrix, prints its table, writes the JSON and the pages
/// asked for; exit 1 when a row is a problem (a new difference, a stale
/// declaration, a missing result, a failed fuzz run).
pub(super) fn run(
    implementations: &Path,
    results: &Path,
    json: Option<&Path>,
    html: Option<&Path>,
) -> Result<ExitCode> {
    // A results folder that is not there is a usage error, not a row of
    // missing results (the fourth hostile table).
    if !results.is_dir() {
        anyhow::bail!(
            "--results {}: {}; give the folder of the conform reports (e.g. target/implementations)",
            results.display(),
            if results.exists() {
                "a file, not a folder"
            } else {
                "no such folder"
            }
        );
    }
    if let Some(path) = json {
        super::exit::check_output_parent(path, "--json")?;
    }
    let inputs = matrix::load(&repo_root(), implementations, results)?;
    if inputs.is_empty() {
        anyhow::bail!(
            "{}: no implementation (expected sub-folders with an implementation.yaml)",
            implementations.display()
        );
    }
    let built = matrix::build(&inputs);
    print!("{}", matrix::text(&built));
    if let Some(path) = json {
        let text = serde_json::to_string_pretty(&built)? + "\n";
        regelwerk::output::may_replace_like(path, &text)?;
        regelwerk::output::write_atomic(path, text.as_bytes())?;
    }
    if let Some(dir) = html {
        std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
        for lang in [Lang::De, Lang::En] {
            let path = dir.join(matrix::page_name(lang));
            let page = matrix::html(&built, lang);
            regelwerk::output::may_replace_like(&path, &page)?;
            regelwerk::output::write_atomic(&path, page.as_bytes())?;
        }
    }
    Ok(if built.has_problems() {
        Exit::Failed.code()
    } else {
        Exit::Ok.code()
    })
}
