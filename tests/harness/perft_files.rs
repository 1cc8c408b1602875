//! One perft test over every rule system, in one format: each
//! `tests/data/<variant>.perft` (docs/perft.md) is read by the one
//! perft-file reader and its counts up to a budget reproduced on the path
//! `perft-file` takes. The Grand Chess and Racing Kings files are written
//! from the outside anchor `tests/data/fsf-perft.yaml` by
//! `tools/perft/from_fsf.py`; the second test keeps the two equal.

use regelwerk::perftfile;
use regelwerk::variant::VariantId;

use crate::support::{fsf_anchors, perft_file_passes, root};

/// Counts up to this many nodes run in the normal test run (the deep ones
/// with each variant's `--ignored` tests and `perft-file`).
const BUDGET: u64 = 300_000;

fn corpus(variant: VariantId) -> perftfile::PerftFile {
    perftfile::read(&root().join(format!("tests/data/{}.perft", variant.name())))
        .unwrap_or_else(|error| panic!("{variant}: {error}"))
}

#[test]
fn every_variant_has_a_perft_file_whose_cheap_counts_reproduce() {
    for variant in VariantId::ALL {
        let file = corpus(variant);
        assert!(
            file.blocks.iter().any(|block| block.id == "start"),
            "{variant}: no block for the start position"
        );
        let passed = perft_file_passes(&file, variant, BUDGET);
        assert!(
            passed >= 5,
            "{variant}: only {passed} count(s) within {BUDGET} nodes"
        );
    }
}

/// The chess files hold every Fairy-Stockfish anchor and nothing else:
/// `python3 tools/perft/from_fsf.py` rewrites them after the YAML changes.
#[test]
fn the_chess_perft_files_are_the_fsf_anchors() {
    let anchors = fsf_anchors();
    for variant in [VariantId::Grand, VariantId::Racingkings] {
        let mut in_file: Vec<(String, u32, u64)> = corpus(variant)
            .blocks
            .iter()
            .flat_map(|block| {
                block
                    .counts
                    .iter()
                    .map(|count| (block.position.value.clone(), count.depth, count.nodes))
            })
            .collect();
        let mut in_yaml: Vec<(String, u32, u64)> = anchors
            .iter()
            .filter(|anchor| anchor.variant == variant)
            .map(|anchor| (anchor.fen.clone(), anchor.depth, anchor.nodes))
            .collect();
        in_file.sort();
        in_yaml.sort();
        assert!(!in_yaml.is_empty(), "{variant}: no anchors");
        assert_eq!(
            in_file, in_yaml,
            "{variant}: run `python3 tools/perft/from_fsf.py`"
        );
    }
}
