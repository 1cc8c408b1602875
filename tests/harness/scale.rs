//! Sharded campaigns (docs/scale.md): N shards run as separate processes
//! at the same time, and `regelwerk merge` gives exactly the report of a
//! single run (text, JSON, JUnit; timing lines aside); merge refuses
//! shards of different campaigns and names the missing ones.

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};

use crate::harness::hostile::{run, scratch};

const BIN: &str = env!("CARGO_BIN_EXE_regelwerk");

/// Starts every shard of `args` (with `--shard I/N --output DIR/NAME-I.jsonl`)
/// at once and waits for all; returns the results files.
fn shards(dir: &Path, name: &str, count: u32, args: &[&str]) -> Vec<PathBuf> {
    let children: Vec<(PathBuf, Child)> = (1..=count)
        .map(|index| {
            let file = dir.join(format!("{name}-{index}.jsonl"));
            let child = Command::new(BIN)
                .args(args)
                .args(["--shard", &format!("{index}/{count}"), "--output"])
                .arg(&file)
                .current_dir(env!("CARGO_MANIFEST_DIR"))
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .spawn()
                .unwrap_or_else(|error| panic!("{BIN}: {error}"));
            (file, child)
        })
        .collect();
    children
        .into_iter()
        .map(|(file, mut child)| {
            let status = child.wait().unwrap_or_else(|error| panic!("{error}"));
            // 2 too: a shard that holds an invalid file (a duplicate ID).
            assert!(
                status.code().is_some_and(|code| code <= 2),
                "{}: {status}",
                file.display()
            );
            file
        })
        .collect()
}

fn paths(files: &[PathBuf]) -> Vec<String> {
    files
        .iter()
        .map(|file| file.display().to_string())
        .collect()
}

/// A report without its timing (seconds differ between runs): text cut at
/// " in N s", JSON `seconds` lines and JUnit `time` attributes dropped.
fn untimed(text: &str) -> String {
    text.lines()
        .map(|line| match line.find(" in ") {
            Some(at) if line[at + 4..].starts_with(|c: char| c.is_ascii_digit()) => {
                line[..at].to_string()
            }
            _ => line.to_string(),
        })
        .map(|line| {
            line.split(' ')
                .filter(|word| !word.starts_with("time="))
                .collect::<Vec<_>>()
                .join(" ")
        })
        .filter(|line| !line.trim_start().starts_with("\"seconds\""))
        .collect::<Vec<_>>()
        .join("\n")
}

fn merged(files: &[PathBuf], format: &str) -> String {
    let mut args = vec![
        "merge".to_string(),
        "--format".to_string(),
        format.to_string(),
    ];
    args.extend(paths(files));
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let result = run(&args);
    assert!(
        result.code.is_some_and(|code| code <= 1),
        "{}",
        result.stderr
    );
    result.stdout
}

#[test]
fn sharded_check_merges_to_the_single_run() {
    let dir = scratch("shard-check");
    let files = shards(&dir, "check", 3, &["check"]);
    for format in ["text", "json", "junit"] {
        let single = run(&["check", "--format", format]);
        assert_eq!(
            untimed(&merged(&files, format)),
            untimed(&single.stdout),
            "{format}"
        );
    }
    // One ID in files of different shards, and a filter that leaves files out.
    let suite = dir.join("suite");
    std::fs::create_dir_all(&suite).unwrap_or_else(|e| panic!("{e}"));
    let one =
        std::fs::read(crate::harness::hostile::ONE_SCENARIO).unwrap_or_else(|e| panic!("{e}"));
    for name in ["a.yaml", "b.yaml", "c.yaml"] {
        std::fs::write(suite.join(name), &one).unwrap_or_else(|e| panic!("{e}"));
    }
    let suite = suite.display().to_string();
    let copies = shards(&dir, "copies", 2, &["check", &suite]);
    let single = run(&["check", &suite]);
    assert!(
        single.stdout.contains("is already used by"),
        "{}",
        single.stdout
    );
    assert_eq!(untimed(&merged(&copies, "text")), untimed(&single.stdout));
    let filtered = shards(&dir, "m8", 3, &["check", "--clause", "m.8"]);
    let single = run(&["check", "--clause", "m.8"]);
    assert_eq!(untimed(&merged(&filtered, "text")), untimed(&single.stdout));
}

#[test]
fn sharded_perft_fuzz_and_conform_merge_to_the_single_run() {
    let dir = scratch("shard-more");
    let perft = shards(
        &dir,
        "perft",
        4,
        &["perft", "4", "--variant", "racingkings"],
    );
    let single = run(&["perft", "4", "--variant", "racingkings"]);
    assert_eq!(merged(&perft, "text"), single.stdout);
    // More shards than root moves (21): split at two moves.
    let deeper = shards(
        &dir,
        "perft-deep",
        8,
        &["perft", "4", "--variant", "racingkings"],
    );
    let header = std::fs::read_to_string(&deeper[0]).unwrap_or_default();
    assert!(header.contains("\"split_depth\":2"), "{header}");
    assert_eq!(merged(&deeper, "text"), single.stdout);
    let fuzz = shards(
        &dir,
        "fuzz",
        3,
        &["fuzz", "--variant", "grand", "--games", "12", "--seed", "7"],
    );
    let single = run(&["fuzz", "--variant", "grand", "--games", "12", "--seed", "7"]);
    assert_eq!(untimed(&merged(&fuzz, "text")), untimed(&single.stdout));
    let engine = format!("'{BIN}' serve");
    let conform = shards(
        &dir,
        "conform",
        2,
        &["conform", "--engine", &engine, "--variant", "racingkings"],
    );
    let single = run(&[
        "conform",
        "--engine",
        &engine,
        "--variant",
        "racingkings",
        "--format",
        "json",
    ]);
    assert_eq!(merged(&conform, "json"), single.stdout);
}

#[test]
fn merge_refuses_other_campaigns_and_names_missing_shards() {
    let dir = scratch("shard-refuse");
    let a = shards(
        &dir,
        "a",
        2,
        &[
            "fuzz",
            "--variant",
            "racingkings",
            "--games",
            "4",
            "--seed",
            "1",
        ],
    );
    let b = shards(
        &dir,
        "b",
        2,
        &[
            "fuzz",
            "--variant",
            "racingkings",
            "--games",
            "4",
            "--seed",
            "2",
        ],
    );
    let mixed = run(&["merge", &paths(&a)[0], &paths(&b)[1]]);
    assert_eq!(mixed.code, Some(2));
    assert!(
        mixed.stderr.contains("different campaigns: seed: 1 vs 2"),
        "{}",
        mixed.stderr
    );
    let missing = run(&["merge", &paths(&a)[0]]);
    assert_eq!(missing.code, Some(2));
    assert!(
        missing.stderr.contains("missing shards: 2/2"),
        "{}",
        missing.stderr
    );
    // A shard cut short (no end record) is named.
    let text = std::fs::read_to_string(&a[1]).unwrap_or_else(|e| panic!("{e}"));
    let cut: Vec<&str> = text.lines().collect();
    let short = dir.join("short.jsonl");
    std::fs::write(&short, cut[..cut.len() - 1].join("\n")).unwrap_or_else(|e| panic!("{e}"));
    let unfinished = run(&["merge", &paths(&a)[0], &short.display().to_string()]);
    assert_eq!(unfinished.code, Some(2));
    assert!(
        unfinished.stderr.contains("did not finish"),
        "{}",
        unfinished.stderr
    );
}

#[test]
fn fuzz_on_threads_gives_the_serial_run() {
    let dir = scratch("fuzz-threads");
    let mut runs = Vec::new();
    for threads in ["1", "2", "3"] {
        let jsonl = dir.join(format!("fuzz-{threads}.jsonl"));
        let jsonl_text = jsonl.display().to_string();
        let args = [
            "fuzz",
            "--variant",
            "threekingdoms",
            "--games",
            "10",
            "--seed",
            "11",
            "--max-plies",
            "60",
            "--threads",
            threads,
            "--output",
            &jsonl_text,
        ];
        let result = run(&args);
        assert_eq!(result.code, Some(0), "{}", result.stderr);
        let lines = std::fs::read_to_string(&jsonl).unwrap_or_default();
        assert!(lines.contains("\"record\":\"unit\""), "{lines}");
        // Every record but the end's time and the header's command line
        // (which holds --threads and --output) is the same.
        let records: Vec<serde_json::Value> = lines
            .lines()
            .map(|line| {
                let mut record: serde_json::Value =
                    serde_json::from_str(line).unwrap_or_else(|error| panic!("{line}: {error}"));
                if let Some(fields) = record.as_object_mut() {
                    fields.remove("seconds");
                    fields.remove("argv");
                }
                record
            })
            .collect();
        runs.push((untimed(&result.stdout), records));
    }
    assert_eq!(runs[0], runs[1], "two threads");
    assert_eq!(runs[0], runs[2], "three threads");
    // The engine answers one request at a time: --threads is refused there.
    let engine = format!("'{BIN}' serve");
    let refused = run(&["fuzz", "--engine", &engine, "--threads", "2"]);
    assert_eq!(refused.code, Some(2), "{}", refused.stderr);
    assert!(refused.stderr.contains("--threads"), "{}", refused.stderr);
}

/// docs/scale.md shows the Slurm recipe CI submits (`tools/slurm/ci.sh`):
/// each file of `tools/slurm/*.sbatch` stands in the page, whole, in the
/// fenced block after its marker line, so the page cannot drift from what
/// runs.
#[test]
fn the_slurm_recipe_in_the_docs_is_the_one_ci_runs() {
    let root = env!("CARGO_MANIFEST_DIR");
    let page = std::fs::read_to_string(format!("{root}/docs/scale.md")).expect("docs/scale.md");
    let mut files: Vec<String> = std::fs::read_dir(format!("{root}/tools/slurm"))
        .expect("tools/slurm")
        .filter_map(|entry| {
            entry
                .ok()
                .map(|e| e.file_name().to_string_lossy().into_owned())
        })
        .filter(|name| name.ends_with(".sbatch"))
        .collect();
    files.sort();
    assert!(
        files.len() >= 3,
        "the perft, fuzz and merge recipes: {files:?}"
    );
    for name in files {
        let path = format!("tools/slurm/{name}");
        let file = std::fs::read_to_string(format!("{root}/{path}")).expect("recipe");
        let marker =
            format!("<!-- the file {path}, checked by tests/harness/scale.rs -->\n```sh\n");
        let at = page
            .find(&marker)
            .unwrap_or_else(|| panic!("docs/scale.md does not show {path} (marker: {marker})"));
        let shown = &page[at + marker.len()..];
        let shown = &shown[..shown.find("```\n").expect("the block's end")];
        assert_eq!(shown, file, "docs/scale.md shows a different {path}");
    }
}
