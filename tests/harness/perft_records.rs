//! The perft records of `tests/data/records/` (docs/perft.md, "Records"):
//! deep counts from the start, each computed twice, split differently.
//! The normal run checks that every record file reads, that each block
//! carries its provenance, that its divide lines add up to its deepest
//! count, and its cheap lines; the deep lines run with `--ignored`.

use regelwerk::perftfile::{self, PerftFile};
use regelwerk::variant::VariantId;

/// The record files and their rule systems.
const FILES: [(&str, VariantId); 4] = [
    ("tests/data/records/monarchie.perft", VariantId::Monarchie),
    (
        "tests/data/records/racingkings.perft",
        VariantId::Racingkings,
    ),
    ("tests/data/records/grand.perft", VariantId::Grand),
    (
        "tests/data/records/threekingdoms.perft",
        VariantId::Threekingdoms,
    ),
];

fn records() -> Vec<(PerftFile, VariantId)> {
    FILES
        .iter()
        .filter_map(|&(path, variant)| {
            let full = format!("{}/{path}", env!("CARGO_MANIFEST_DIR"));
            let text = std::fs::read_to_string(&full).ok()?;
            Some((
                perftfile::parse(&text, path).unwrap_or_else(|e| panic!("{e}")),
                variant,
            ))
        })
        .collect()
}

#[test]
fn every_record_names_its_provenance_and_divides_to_its_count() {
    let files = records();
    assert!(files.len() >= 2, "the MONARCHIE and Racing Kings records");
    for (file, _) in &files {
        for block in &file.blocks {
            assert!(
                block.comments >= 6,
                "{}: command, commit, machine, date, load, second run",
                block.id
            );
            let deepest = block.counts.last().expect("a perft line");
            let divided: u64 = block
                .divides
                .iter()
                .filter(|d| d.depth == deepest.depth)
                .map(|d| d.nodes)
                .sum();
            assert_eq!(
                divided, deepest.nodes,
                "{}: the divide lines of depth {}",
                block.id, deepest.depth
            );
        }
    }
}

#[test]
fn record_files_pass_their_cheap_lines() {
    let mut passed = 0;
    for (file, variant) in records() {
        passed += crate::support::perft_file_passes(&file, variant, 10_000_000);
    }
    assert!(passed >= 10, "only {passed} cheap lines");
}

/// Every line: about 40 s for MONARCHIE perft 6 and 5 min for perft 7 on
/// one idle core of the project machine, and about 4,000 core-seconds for
/// perft 8's count and as much again for its divide lines; 30 s for Racing
/// Kings perft 7, 15 s for Grand Chess perft 5 and about 10 min for its
/// perft 6 (release build; docs/perft.md).
#[test]
#[ignore = "deep: run with `cargo test --release --test main -- --ignored perft_records`"]
fn record_files_pass_every_line() {
    for (file, variant) in records() {
        crate::support::perft_file_passes(&file, variant, u64::MAX);
    }
}
