//! `check --coverage`'s table of frames and edges (issue 47): for each
//! variant with a `spec/<variant>/frames.yaml`, every movement, capture
//! and check rule by frame and edge with the number of scenarios that
//! play it there ([`regelwerk::scenario::coverage`]).

use std::path::Path;

use anyhow::{Context, Result};

use regelwerk::scenario::coverage::{
    coverage_table, coverage_text, load_frame_spec, unlisted_rules, Tagged,
};
use regelwerk::spec::Spec;
use regelwerk::variant::VariantId;

/// Prints the table of every variant of `variants` that has one.
pub(super) fn print_frames(root: &Path, variants: &[VariantId]) -> Result<()> {
    for &variant in variants {
        let Some(frames) = load_frame_spec(root, variant)? else {
            println!(
                "{}: no spec/{variant}/frames.yaml, no table of frames and edges",
                regelwerk::variant::info(variant).title
            );
            continue;
        };
        let dir = root.join("spec").join(variant.name());
        let spec = Spec::load(&dir).with_context(|| format!("loading {}", dir.display()))?;
        let files =
            regelwerk::suite::collect_files(&[root.join("scenarios").join(variant.name())])?;
        let cases = files
            .iter()
            .map(|file| regelwerk::scenario::load_file(file, Some(&spec)))
            .collect::<Result<Vec<_>, _>>()
            .map_err(|error| anyhow::anyhow!("{error}"))?;
        let tagged = Tagged::new(variant, &cases, Some(frames.clone()));
        let table = coverage_table(&frames, &tagged);
        print!(
            "{}",
            coverage_text(regelwerk::variant::info(variant).title, &table)
        );
        let unlisted = unlisted_rules(&frames, &tagged);
        if !unlisted.is_empty() {
            println!(
                "  rules the scenarios play that spec/{variant}/frames.yaml does not list: {}",
                unlisted.into_iter().collect::<Vec<_>>().join(", ")
            );
        }
    }
    Ok(())
}
