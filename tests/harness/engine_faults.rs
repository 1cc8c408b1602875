//! Conformance under engine faults (issue 19, part 5): an engine that
//! floods stdout, writes partial lines, never answers the handshake,
//! exits 0 mid-run, replies out of sequence or answers only after the
//! timeout. Every case gets a verdict, none is lost or given to the wrong
//! case, and the run ends in bounded time.

use std::time::{Duration, Instant};

use regelwerk::conform::{conform_case, Verdict};
use regelwerk::protocol::client::Engine;
use regelwerk::scenario::Loaded;
use regelwerk::spec::Spec;
use serde_json::Value;

use crate::harness::hostile::run;

const BIN: &str = env!("CARGO_BIN_EXE_regelwerk");
const M81: &str = "scenarios/monarchie/m.8.1";

fn serve(fault: &str) -> String {
    format!("'{BIN}' serve --fault {fault}")
}

fn cases() -> Vec<Loaded> {
    let root = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let spec = Spec::load(&root.join("spec/monarchie")).unwrap_or_else(|e| panic!("{e}"));
    let files =
        regelwerk::suite::collect_files(&[root.join(M81)]).unwrap_or_else(|e| panic!("{e}"));
    files
        .iter()
        .take(4)
        .map(|file| {
            regelwerk::scenario::load_file(file, Some(&spec)).unwrap_or_else(|e| panic!("{e}"))
        })
        .collect()
}

/// Runs the cases against `fault` through the library: one verdict each.
fn verdicts(fault: &str, timeout: Duration) -> (Vec<Verdict>, Duration) {
    let started = Instant::now();
    let mut engine =
        Engine::start(&serve(fault), timeout).unwrap_or_else(|e| panic!("{fault}: {e}"));
    let mut seq = 0;
    let verdicts = cases()
        .iter()
        .map(|case| conform_case(&mut engine, case, &mut seq))
        .collect();
    engine.stop();
    (verdicts, started.elapsed())
}

fn errored_with(verdicts: &[Verdict], words: &str) {
    assert!(!verdicts.is_empty());
    for verdict in verdicts {
        match verdict {
            Verdict::Errored { context, .. } => assert!(context.contains(words), "{context}"),
            other => panic!("expected an error with '{words}', got {other:?}"),
        }
    }
}

#[test]
fn a_flood_of_megabytes_errors_each_case_in_bounded_memory() {
    let (verdicts, elapsed) = verdicts("flood", Duration::from_secs(10));
    assert_eq!(verdicts.len(), 4, "a verdict per case");
    errored_with(&verdicts, "MAX_LINE_BYTES");
    assert!(elapsed < Duration::from_secs(40), "{elapsed:?}");
}

#[test]
fn partial_lines_are_joined_and_every_case_passes() {
    let (verdicts, _) = verdicts("partial-lines", Duration::from_secs(10));
    assert!(
        verdicts.iter().all(|v| *v == Verdict::Passed),
        "{verdicts:?}"
    );
}

#[test]
fn an_engine_that_never_answers_the_handshake_is_an_engine_fault() {
    let started = Instant::now();
    let error = Engine::start(&serve("silent"), Duration::from_millis(300)).err();
    assert!(error.is_some_and(|e| e.to_string().contains("handshake")));
    let conformed = run(&[
        "conform",
        "--engine",
        &serve("silent"),
        "--timeout",
        "0.3",
        M81,
    ]);
    assert_eq!(conformed.code, Some(3), "{}", conformed.stderr);
    assert!(started.elapsed() < Duration::from_secs(10));
}

#[test]
fn an_exit_0_mid_run_errors_that_case_only() {
    let conformed = run(&[
        "conform",
        "--engine",
        &serve("exit-on=6"),
        "--format",
        "json",
        M81,
    ]);
    assert_eq!(conformed.code, Some(1), "{}", conformed.stderr);
    let report: Value = serde_json::from_str(&conformed.stdout).unwrap_or_else(|e| panic!("{e}"));
    let statuses: Vec<&str> = report["cases"]
        .as_array()
        .unwrap_or_else(|| panic!("no cases"))
        .iter()
        .map(|case| case["status"].as_str().unwrap_or("?"))
        .collect();
    let files =
        regelwerk::suite::collect_files(&[
            std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(M81)
        ])
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(statuses.len(), files.len(), "no case lost");
    assert_eq!(
        statuses.iter().filter(|s| **s == "errored").count(),
        1,
        "{statuses:?}"
    );
    assert!(
        statuses.iter().all(|s| *s == "errored" || *s == "passed"),
        "{statuses:?}"
    );
    assert_eq!(report["restarts"], 1);
}

#[test]
fn answers_out_of_sequence_are_never_given_to_another_case() {
    let (verdicts, _) = verdicts("out-of-sequence", Duration::from_secs(10));
    assert_eq!(verdicts.len(), 4);
    errored_with(&verdicts, "expected seq");
}

#[test]
fn answers_after_the_timeout_error_their_case_and_the_run_ends() {
    let (verdicts, elapsed) = verdicts("sleep=2", Duration::from_millis(300));
    assert_eq!(verdicts.len(), 4);
    errored_with(&verdicts, "no answer within 0.30 s");
    assert!(elapsed < Duration::from_secs(10), "{elapsed:?}");
}
