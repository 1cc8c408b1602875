//! Interrupted `fuzz` and `conform` shards continue with `--resume`
//! (the one mechanism of `check --resume` and `perft --resume`), `merge`
//! names the units an interrupted shard did not write with the command
//! that completes it, `serve` names standard output when it cannot write
//! it, and the lists of expected failures and known differences are
//! checked before the engine is started (issues 33 and 35).

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::Duration;

use crate::harness::hostile::{run_in, scratch, Run};
use crate::harness::messages::{said, write};

const BIN: &str = env!("CARGO_BIN_EXE_regelwerk");
const ROOT: &str = env!("CARGO_MANIFEST_DIR");
const LIMIT: Duration = Duration::from_secs(300);

/// The unit lines of a results file.
fn units(path: &Path) -> Vec<String> {
    std::fs::read_to_string(path)
        .unwrap_or_default()
        .lines()
        .filter(|line| line.contains(r#""record":"unit""#))
        .map(str::to_string)
        .collect()
}

/// Cuts a finished results file back to its header and its first `keep`
/// units, as a run killed after `keep` units leaves it (no end record,
/// the next line cut off in the middle).
fn interrupt(path: &Path, keep: usize) -> Vec<String> {
    let text = std::fs::read_to_string(path).expect("the results file");
    let lines: Vec<&str> = text.lines().collect();
    let kept: Vec<&str> = lines[..=keep].to_vec();
    let cut = &lines[keep + 1][..10];
    std::fs::write(path, format!("{}\n{cut}", kept.join("\n"))).expect("written");
    kept[1..].iter().map(|line| line.to_string()).collect()
}

fn merged_summary(dir: &Path, file: &str) -> Run {
    run_in(dir, &["merge", file], LIMIT)
}

/// Runs `args` (a shard written to `file`), interrupts the file after
/// `keep` units, checks what `merge` says, resumes, and checks that the
/// resumed file merges to what the whole run gave.
fn resumes(dir: &Path, args: &[&str], file: &str, keep: usize) {
    let first = run_in(dir, args, LIMIT);
    assert!(matches!(first.code, Some(0 | 1)), "{}", said(&first));
    let whole = merged_summary(dir, file);
    assert_ne!(whole.code, Some(2), "{}", said(&whole));
    let path = dir.join(file);
    let missing = units(&path).len() - keep;
    assert!(missing > 0, "the shard has more than {keep} units");
    let kept = interrupt(&path, keep);
    let told = merged_summary(dir, file);
    assert_eq!(told.code, Some(2), "{}", said(&told));
    let message = said(&told);
    assert!(message.contains("did not finish"), "{message}");
    assert!(
        message.contains(&format!(
            "{missing} of its {} units missing",
            keep + missing
        )),
        "the missing units are counted: {message}"
    );
    assert!(
        message.contains(&format!("--output {file} --resume")),
        "the completing command: {message}"
    );
    let mut again: Vec<&str> = args.to_vec();
    again.push("--resume");
    let resumed = run_in(dir, &again, LIMIT);
    assert!(matches!(resumed.code, Some(0 | 1)), "{}", said(&resumed));
    assert!(
        resumed.stderr.contains(&format!("{keep} ")) && resumed.stderr.contains("skipped"),
        "the resumed run says what it skipped: {}",
        resumed.stderr
    );
    let all = units(&path);
    assert_eq!(&all[..keep], &kept[..], "the finished units stay");
    assert_eq!(all.len(), keep + missing, "each unit once");
    let merged = merged_summary(dir, file);
    assert_eq!(merged.code, whole.code, "{}", said(&merged));
    assert_eq!(
        timeless(&merged.stdout),
        timeless(&whole.stdout),
        "the resumed shard merges to the whole run's report"
    );
}

/// A report without its timings (`... in 0.4 s: 27.7 games/s, ...`).
fn timeless(report: &str) -> Vec<&str> {
    report
        .lines()
        .map(|line| match line.find(" in ") {
            Some(at) if line.contains("/s") => &line[..at],
            _ => line,
        })
        .collect()
}

#[test]
fn an_interrupted_fuzz_shard_resumes() {
    let dir = scratch("resume-fuzz");
    resumes(
        &dir,
        &[
            "fuzz",
            "--variant",
            "racingkings",
            "--games",
            "12",
            "--seed",
            "5",
            "--shard",
            "1/1",
            "--output",
            "fuzz.jsonl",
            "--quiet",
        ],
        "fuzz.jsonl",
        4,
    );
}

#[test]
fn an_interrupted_differential_fuzz_shard_resumes() {
    let dir = scratch("resume-difffuzz");
    let engine = format!("{BIN} serve");
    resumes(
        &dir,
        &[
            "fuzz",
            "--variant",
            "grand",
            "--engine",
            &engine,
            "--games",
            "3",
            "--max-plies",
            "30",
            "--shard",
            "1/1",
            "--output",
            "diff.jsonl",
            "--quiet",
        ],
        "diff.jsonl",
        1,
    );
}

#[test]
fn an_interrupted_conform_shard_resumes() {
    let dir = scratch("resume-conform");
    let engine = format!("{BIN} serve");
    let suite = format!("{ROOT}/scenarios/racingkings");
    resumes(
        &dir,
        &[
            "conform",
            "--variant",
            "racingkings",
            "--engine",
            &engine,
            &suite,
            "--clause",
            "rk.5",
            "--shard",
            "1/1",
            "--output",
            "conform.jsonl",
        ],
        "conform.jsonl",
        3,
    );
}

#[test]
fn resume_of_a_conform_report_is_refused() {
    let dir = scratch("resume-conform-report");
    let engine = format!("{BIN} serve");
    let ran = run_in(
        &dir,
        &[
            "conform",
            "--variant",
            "racingkings",
            "--engine",
            &engine,
            "--output",
            "report.txt",
            "--resume",
        ],
        LIMIT,
    );
    assert_eq!(ran.code, Some(2), "{}", said(&ran));
    assert!(said(&ran).contains("FILE.jsonl"), "{}", said(&ran));
}

#[test]
fn serve_on_a_full_disk_names_standard_output() {
    let full = std::fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .expect("/dev/full");
    let mut child = Command::new(BIN)
        .arg("serve")
        .stdin(Stdio::piped())
        .stdout(full)
        .stderr(Stdio::piped())
        .spawn()
        .expect("serve starts");
    {
        use std::io::Write;
        let mut stdin = child.stdin.take().expect("stdin");
        let hello = r#"{"type":"hello","seq":1,"protocol":"2.2"}"#;
        let _ = writeln!(stdin, "{hello}");
    }
    let output = child.wait_with_output().expect("serve ends");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("standard output"), "{stderr}");
    assert!(!stderr.contains("os error"), "{stderr}");
}

#[test]
fn a_list_of_expected_failures_is_checked_before_the_engine_starts() {
    let dir = scratch("lists-before-handshake");
    let list = write(
        &dir,
        "expected.txt",
        "# known\nrk.5.2-fen-both-home-black-to-move\nrk.no-such-case\n",
    );
    // An engine that cannot even start: the list's error comes first.
    let ran = run_in(
        &dir,
        &[
            "conform",
            "--variant",
            "racingkings",
            "--engine",
            "/nonexistent/engine",
            "--expected-failures",
            &list,
        ],
        LIMIT,
    );
    assert_eq!(ran.code, Some(2), "{}", said(&ran));
    assert!(
        said(&ran).contains("expected.txt:3:") && said(&ran).contains("rk.no-such-case"),
        "file, line and ID: {}",
        said(&ran)
    );
}

#[test]
fn a_list_of_known_differences_is_checked_before_the_engine_starts() {
    let dir = scratch("known-before-handshake");
    let list = write(&dir, "known.txt", "\n# ours\nF-NO-SUCH-FINDING\n");
    let ran = run_in(
        &dir,
        &[
            "fuzz",
            "--variant",
            "racingkings",
            "--engine",
            "/nonexistent/engine",
            "--known-differences",
            &list,
            "--games",
            "1",
        ],
        LIMIT,
    );
    assert_eq!(ran.code, Some(2), "{}", said(&ran));
    assert!(
        said(&ran).contains("known.txt:3:"),
        "file and line: {}",
        said(&ran)
    );
    assert!(said(&ran).contains("F-NO-SUCH-FINDING"), "{}", said(&ran));
}
