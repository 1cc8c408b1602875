//! Regressions: one test per defect found, named by the defect, through
//! the binary where a user meets it. Each failed on main before its fix.
//! The defects come from the systematic hostile tables
//! (`tools/hostile_table.py`, every kind of bad input on every variant;
//! docs/hostile-table.md): a hang, a panic, a destroyed input, a lost
//! shard, a wrapped sum, an engine left running, a parser's words.

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use crate::harness::hostile::{run, run_in, run_with, scratch, Run};
use crate::harness::messages::{said, write};

const BIN: &str = env!("CARGO_BIN_EXE_regelwerk");
const ROOT: &str = env!("CARGO_MANIFEST_DIR");
/// A special file must be refused at once, not read for ever.
const QUICK: Duration = Duration::from_secs(30);
/// The memory a hostile run may take (kilobytes; the measure includes the
/// test process it was forked from).
const PEAK_KB: u64 = 500 * 1024;

/// Words of a parser, of Rust or of the operating system that no message
/// may hold (the issue's jargon list).
const JARGON: [&str; 16] = [
    "invalid digit found in string",
    "number too large to fit in target type",
    "missing field `",
    "unknown variant `",
    "EOF while parsing",
    "expected value",
    "control character (",
    "recursion limit exceeded",
    "invalid type",
    "expected struct",
    "as u128",
    "cannot start any token",
    "(os error",
    "panicked",
    "while scanning",
    "invalid float literal",
];

fn no_jargon(ran: &Run, what: &str) {
    let text = said(ran);
    for word in JARGON {
        assert!(!text.contains(word), "{what}: says {word:?}: {text}");
    }
}

fn mkfifo(path: &Path) {
    let name = std::ffi::CString::new(path.display().to_string()).expect("a path without NUL");
    // SAFETY: name is a valid C string; mkfifo has no other effect.
    let made = unsafe { libc::mkfifo(name.as_ptr(), 0o644) };
    assert_eq!(made, 0, "mkfifo {}", path.display());
}

fn refused_plainly(ran: &Run, what: &str, words: &str) {
    assert_eq!(ran.code, Some(2), "{what}: {}", said(ran));
    assert!(said(ran).contains(words), "{what}: {}", said(ran));
    assert!(ran.peak_kb < PEAK_KB, "{what}: {} KB", ran.peak_kb);
    no_jargon(ran, what);
}

#[test]
fn special_files_are_refused_by_every_reader() {
    let dir = scratch("third-special");
    let zero = dir.join("z.yaml");
    std::os::unix::fs::symlink("/dev/zero", &zero).expect("symlink");
    let fifo = dir.join("f.yaml");
    mkfifo(&fifo);
    let journal = dir.join("g.journal.yaml");
    mkfifo(&journal);
    let perft = dir.join("f.perft");
    mkfifo(&perft);
    let results = dir.join("f.jsonl");
    mkfifo(&results);
    let (zero, fifo, journal, perft, results) = (
        zero.display().to_string(),
        fifo.display().to_string(),
        journal.display().to_string(),
        perft.display().to_string(),
        results.display().to_string(),
    );
    let suite = format!("{ROOT}/scenarios/monarchie/m.8.1");
    let engine = format!("{BIN} serve");
    let cases: Vec<(&str, Vec<&str>, &str)> = vec![
        (
            "render --scenario /dev/zero",
            vec!["render", "--scenario", &zero, "-o", "-"],
            "a character device",
        ),
        ("check a FIFO", vec!["check", &fifo], "a named pipe (FIFO)"),
        (
            "conform a FIFO",
            vec!["conform", "--engine", &engine, &fifo],
            "a named pipe (FIFO)",
        ),
        (
            "--expected-failures /dev/zero",
            vec![
                "conform",
                "--engine",
                &engine,
                "--expected-failures",
                "/dev/zero",
                &suite,
            ],
            "a character device",
        ),
        (
            "--expected-failures a FIFO",
            vec![
                "conform",
                "--engine",
                &engine,
                "--expected-failures",
                &fifo,
                &suite,
            ],
            "a named pipe (FIFO)",
        ),
        (
            "merge a FIFO",
            vec!["merge", &results],
            "a named pipe (FIFO)",
        ),
        (
            "perft-file a FIFO",
            vec!["perft-file", &perft],
            "a named pipe (FIFO)",
        ),
        (
            "replay a FIFO journal",
            vec!["replay", &journal],
            "a named pipe (FIFO)",
        ),
    ];
    for (what, args, words) in cases {
        let ran = run_with(&args, b"", QUICK);
        // `check` reports a file it cannot read as INVALID (exit 2).
        refused_plainly(&ran, what, words);
        assert!(
            said(&ran).contains("not a regular file"),
            "{what}: {}",
            said(&ran)
        );
    }
}

#[test]
fn no_run_writes_over_its_own_input() {
    let dir = scratch("third-own-input");
    let original = std::fs::read(crate::harness::hostile::ONE_SCENARIO).expect("the scenario");
    let input = dir.join("s.yaml");
    std::fs::write(&input, &original).expect("write");
    let link = dir.join("other-name.yaml");
    std::fs::hard_link(&input, &link).expect("hard link");
    for output in [&input, &link] {
        let ran = run(&[
            "check",
            &input.display().to_string(),
            "--shard",
            "1/1",
            "--output",
            &output.display().to_string(),
        ]);
        assert_eq!(ran.code, Some(2), "{}", said(&ran));
        assert!(
            said(&ran).contains("an input of this run"),
            "{}",
            said(&ran)
        );
        assert_eq!(
            std::fs::read(&input).expect("read"),
            original,
            "the input is intact"
        );
    }
}

/// Runs the binary with its standard output on `stdout`.
fn run_to(args: &[&str], stdout: Stdio) -> (Option<i32>, String) {
    let output = Command::new(BIN)
        .args(args)
        .current_dir(ROOT)
        .stdin(Stdio::null())
        .stdout(stdout)
        .stderr(Stdio::piped())
        .output()
        .expect("runs");
    (
        output.status.code(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

#[test]
fn a_full_standard_output_is_an_error_not_a_panic() {
    for args in [
        vec!["perft", "2", "--divide"],
        vec!["check", "--variant", "grand"],
        vec!["moves", "--variant", "grand"],
    ] {
        let full = std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .expect("/dev/full");
        let (code, stderr) = run_to(&args, Stdio::from(full));
        assert_eq!(code, Some(2), "{args:?}: {stderr}");
        assert!(
            stderr.contains("cannot write standard output: the disk is full"),
            "{args:?}: {stderr}"
        );
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
    }
}

#[test]
fn a_closed_pipe_ends_an_engine_run_quietly() {
    // `conform` keeps SIGPIPE ignored (its engine may close its pipe), so
    // a reader that went away reaches it as a write error.
    let mut child = Command::new(BIN)
        .args(["conform", "--variant", "racingkings", "--engine"])
        .arg(format!("{BIN} serve"))
        .current_dir(ROOT)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("runs");
    drop(child.stdout.take());
    let mut stderr = String::new();
    child
        .stderr
        .take()
        .expect("stderr")
        .read_to_string(&mut stderr)
        .expect("reads");
    let status = child.wait().expect("waits");
    assert_eq!(status.code(), Some(0), "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert!(!stderr.contains("error"), "{stderr}");
}

/// The unit lines of a results file.
fn unit_lines(path: &Path) -> Vec<String> {
    std::fs::read_to_string(path)
        .unwrap_or_default()
        .lines()
        .filter(|line| line.contains(r#""record":"unit""#))
        .map(str::to_string)
        .collect()
}

#[test]
fn a_killed_shard_keeps_its_finished_units_and_resume_completes_it() {
    let dir = scratch("third-killed");
    let out = dir.join("monarchie.jsonl");
    let args = [
        "check",
        "--variant",
        "monarchie",
        "--shard",
        "1/1",
        "--output",
        "monarchie.jsonl",
    ];
    let mut child = Command::new(BIN)
        .args(args)
        .arg("--spec")
        .arg(format!("{ROOT}/spec"))
        .current_dir(&dir)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("runs");
    let started = Instant::now();
    while unit_lines(&out).len() < 3 && started.elapsed() < Duration::from_secs(60) {
        std::thread::sleep(Duration::from_millis(20));
    }
    child.kill().expect("SIGKILL");
    child.wait().expect("reaped");
    let kept = unit_lines(&out);
    assert!(kept.len() >= 3, "the finished units are in the file");
    let merged = run_in(&dir, &["merge", "monarchie.jsonl"], Duration::from_secs(60));
    assert_eq!(merged.code, Some(2), "{}", said(&merged));
    let message = said(&merged);
    assert!(message.contains("did not finish"), "{message}");
    assert!(
        message.contains("--output monarchie.jsonl --resume"),
        "the command that completes it: {message}"
    );
    let mut resumed: Vec<String> = args.iter().map(|word| word.to_string()).collect();
    resumed.extend([
        "--spec".to_string(),
        format!("{ROOT}/spec"),
        "--resume".to_string(),
    ]);
    let words: Vec<&str> = resumed.iter().map(String::as_str).collect();
    let ran = run_in(&dir, &words, Duration::from_secs(300));
    assert!(ran.code == Some(0) || ran.code == Some(1), "{}", said(&ran));
    let all = unit_lines(&out);
    assert_eq!(
        &all[..kept.len()],
        &kept[..],
        "the finished units stay as they were"
    );
    let merged = run_in(&dir, &["merge", "monarchie.jsonl"], Duration::from_secs(60));
    assert!(
        merged.code != Some(2) && merged.stderr.contains("merge: 1 shards of `check`"),
        "{}",
        said(&merged)
    );
    let fresh = run_in(
        &dir,
        &[
            "check",
            "--variant",
            "monarchie",
            "--spec",
            &format!("{ROOT}/spec"),
        ],
        Duration::from_secs(300),
    );
    assert!(
        fresh.stdout.lines().last() == merged.stdout.lines().last(),
        "the merged summary is a single run's: {} vs {}",
        merged.stdout,
        fresh.stdout
    );
    let indices: std::collections::BTreeSet<&str> = all
        .iter()
        .filter_map(|line| line.split(r#""index":"#).nth(1))
        .filter_map(|rest| rest.split(',').next())
        .collect();
    assert_eq!(indices.len(), all.len(), "no unit is written twice");
}

/// A perft results file of shard `shard` with one unit of `nodes` nodes.
fn perft_shard(dir: &Path, name: &str, shard: &str, index: usize, nodes: &str) -> String {
    let text = format!(
        "{{\"record\":\"header\",\"command\":\"perft\",\"campaign\":{{\"depth\":2,\"variant\":\"grand\"}},\"shard\":\"{shard}\"}}\n\
         {{\"record\":\"unit\",\"index\":{index},\"result\":{{\"moves\":[],\"nodes\":{nodes}}}}}\n\
         {{\"record\":\"end\",\"units\":1,\"seconds\":0.1}}\n"
    );
    write(dir, name, &text)
}

#[test]
fn merge_refuses_a_sum_that_overflows_and_an_endless_line() {
    let dir = scratch("third-merge");
    let a = perft_shard(&dir, "a.jsonl", "1/2", 0, "18446744073709551615");
    let b = perft_shard(&dir, "b.jsonl", "2/2", 1, "20673");
    let ran = run(&["merge", &a, &b]);
    assert_eq!(ran.code, Some(2), "{}", said(&ran));
    assert!(
        said(&ran).contains("b.jsonl:2:"),
        "names file and line: {}",
        said(&ran)
    );
    assert!(
        said(&ran).contains("18446744073709551615"),
        "{}",
        said(&ran)
    );
    let big = perft_shard(&dir, "c.jsonl", "2/2", 1, "18446744073709551616");
    let ran = run(&["merge", &a, &big]);
    assert_eq!(ran.code, Some(2), "{}", said(&ran));
    no_jargon(&ran, "merge of 2^64 nodes");
    let long = dir.join("long.jsonl");
    let mut file = std::fs::File::create(&long).expect("create");
    file.write_all(b"{\"record\":\"header\",\"command\":\"perft\",\"campaign\":{},\"shard\":\"1/1\"}\n{\"x\":\"")
        .expect("write");
    file.write_all(&vec![b'a'; 40 * 1024 * 1024])
        .expect("write");
    drop(file);
    let ran = run(&["merge", &long.display().to_string()]);
    assert_eq!(ran.code, Some(2), "{}", said(&ran));
    assert!(said(&ran).contains("MAX_RESULTS_LINE"), "{}", said(&ran));
    assert!(ran.peak_kb < PEAK_KB, "{} KB", ran.peak_kb);
}

#[test]
fn a_failed_run_leaves_no_output_file() {
    let dir = scratch("third-no-partial");
    let out = dir.join("x.jsonl");
    let ran = run(&[
        "check",
        &dir.join("missing.yaml").display().to_string(),
        "--shard",
        "1/2",
        "--output",
        &out.display().to_string(),
    ]);
    assert_eq!(ran.code, Some(2), "{}", said(&ran));
    assert!(!out.exists(), "no empty output is left behind");
    let report = dir.join("report.svg");
    std::fs::write(&report, "complete\n").expect("write");
    let ran = run(&[
        "render",
        "--scenario",
        &dir.join("missing.yaml").display().to_string(),
        "-o",
        &report.display().to_string(),
    ]);
    assert_eq!(ran.code, Some(2), "{}", said(&ran));
    assert_eq!(
        std::fs::read_to_string(&report).expect("read"),
        "complete\n"
    );
    let left: Vec<_> = std::fs::read_dir(&dir)
        .expect("dir")
        .filter_map(Result::ok)
        .filter(|entry| entry.file_name().to_string_lossy().ends_with(".partial"))
        .collect();
    assert!(left.is_empty(), "no temporary file is left");
}

/// The process IDs whose command line holds `mark` as one word.
fn processes_with(mark: &str) -> Vec<i32> {
    std::fs::read_dir("/proc")
        .expect("/proc")
        .filter_map(Result::ok)
        .filter_map(|entry| entry.file_name().to_str()?.parse::<i32>().ok())
        .filter(|pid| {
            std::fs::read(format!("/proc/{pid}/cmdline"))
                .map(|line| line.split(|&b| b == 0).any(|word| word == mark.as_bytes()))
                .unwrap_or(false)
        })
        .collect()
}

#[test]
fn an_engine_ends_with_a_harness_killed_by_sigkill() {
    let mark = format!("sleep={}", 600 + std::process::id() % 300);
    let script = scratch("third-pdeathsig").join("engine.sh");
    std::fs::write(
        &script,
        format!("#!/bin/sh\nexec {BIN} serve --variant racingkings --fault {mark}\n"),
    )
    .expect("write");
    let mut harness = Command::new(BIN)
        .args([
            "conform",
            "--variant",
            "racingkings",
            "--timeout",
            "100",
            "--engine",
        ])
        .arg(format!("sh {}", script.display()))
        .current_dir(ROOT)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("runs");
    let started = Instant::now();
    let mark_word = mark.clone();
    while processes_with(&mark_word).is_empty() && started.elapsed() < Duration::from_secs(30) {
        std::thread::sleep(Duration::from_millis(20));
    }
    assert!(!processes_with(&mark_word).is_empty(), "the engine started");
    harness.kill().expect("SIGKILL");
    harness.wait().expect("reaped");
    let started = Instant::now();
    let mut left = processes_with(&mark_word);
    while !left.is_empty() && started.elapsed() < Duration::from_secs(5) {
        std::thread::sleep(Duration::from_millis(20));
        left = processes_with(&mark_word);
    }
    for pid in &left {
        // SAFETY: kill has no memory effects; the pid is an engine this
        // test started.
        unsafe {
            libc::kill(*pid, libc::SIGKILL);
        }
    }
    assert!(left.is_empty(), "the engine outlived the harness: {left:?}");
}

#[test]
fn the_explorer_refuses_two_host_headers() {
    use regelwerk::explore::{Explorer, Options};
    let mut explorer = Explorer::bind(Options {
        root: ROOT.into(),
        output: None,
        port: 0,
        initial: serde_json::json!({"variant": "grand"}),
        report: None,
    })
    .expect("binds a free port");
    let address: SocketAddr = explorer.address();
    let stop = Arc::new(AtomicBool::new(false));
    let flag = Arc::clone(&stop);
    let thread = std::thread::spawn(move || explorer.serve(&flag));
    let ask = |head: &str, body: &str| {
        let mut stream = TcpStream::connect(address).expect("connects");
        let request = format!(
            "{head}\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
            body.len()
        );
        stream.write_all(request.as_bytes()).expect("writes");
        let mut answer = String::new();
        stream.read_to_string(&mut answer).expect("reads");
        answer
    };
    let two = ask(
        &format!("GET /api/initial HTTP/1.0\r\nHost: {address}\r\nHost: evil.example"),
        "",
    );
    let one = ask(&format!("GET /api/initial HTTP/1.0\r\nHost: {address}"), "");
    let null = ask(
        &format!("POST /api/state HTTP/1.0\r\nHost: {address}\r\nContent-Type: application/json"),
        "null",
    );
    stop.store(true, Ordering::SeqCst);
    let _ = thread.join();
    assert!(
        two.starts_with("HTTP/1.0 400") || two.starts_with("HTTP/1.1 400"),
        "{two}"
    );
    assert!(two.contains("more than one Host header"), "{two}");
    assert!(one.contains(" 200 "), "{one}");
    for word in JARGON {
        assert!(!null.contains(word), "says {word:?}: {null}");
    }
}

#[test]
fn number_options_are_checked_against_their_range_in_plain_words() {
    let table: [(&[&str], &str); 14] = [
        (
            &["bench", "--uci", "/bin/true", "--depth", "0"],
            "from 1 to 64",
        ),
        (
            &["bench", "--uci", "/bin/true", "--runs", "0"],
            "from 1 to 1000",
        ),
        (
            &[
                "perft-file",
                "--max-nodes",
                "0",
                "tests/data/monarchie.perft",
            ],
            "at least 1",
        ),
        (&["fuzz", "--exhaustive-every", "x"], "from 0 to 1000000000"),
        (&["fuzz", "--seed", "x"], "from 0 to 18446744073709551615"),
        (&["fuzz", "--seed", "99999999999999999999"], "out of range"),
        (&["fuzz", "--games", "0"], "from 1 to"),
        (&["moves", "--cell", "x"], "from 1 to 253"),
        (&["moves", "--cell", "70000"], "numbered 1 to 253"),
        (&["play", "--match", "x"], "whole number"),
        (
            &["report", "--html", "x", "--perft-depth", "x"],
            "from 1 to 64",
        ),
        (&["perft", "x"], "from 0 to 64"),
        (
            &["conform", "--engine", "true", "--timeout", "x"],
            "seconds",
        ),
        (
            &["bench", "--uci", "/bin/true", "--runs", "100000000000"],
            "from 1 to 1000",
        ),
    ];
    for (args, words) in table {
        let ran = run(args);
        assert_eq!(ran.code, Some(2), "{args:?}: {}", said(&ran));
        assert!(said(&ran).contains(words), "{args:?}: {}", said(&ran));
        no_jargon(&ran, &args.join(" "));
    }
}

#[test]
fn messages_name_the_path_and_speak_no_parser_words() {
    let dir = scratch("third-words");
    let cases: Vec<(&str, String)> = vec![
        ("no id", "variant: grand\ndescription: x\n".to_string()),
        ("unknown variant", "variant: chess960\nid: x\n".to_string()),
        (
            "a tab",
            "variant: grand\nid: x\n\tdescription: y\n".to_string(),
        ),
        ("a tab key", "variant: grand\n\tid: x\n".to_string()),
    ];
    for (index, (what, text)) in cases.iter().enumerate() {
        let path = write(&dir, &format!("w{index}.yaml"), text);
        let ran = run(&["check", &path]);
        assert_eq!(ran.code, Some(2), "{what}: {}", said(&ran));
        assert!(said(&ran).contains(&path), "{what}: {}", said(&ran));
        no_jargon(&ran, what);
    }
    let deep = format!("{}{}", "[".repeat(200), "]".repeat(200));
    let requests = [
        "{\"type\":\"start\",\"protocol\":\"2.1\"}\n".to_string(),
        "{\"type\":\n".to_string(),
        "garbage\n".to_string(),
        "{\"type\":\"perft\",\"seq\":1,\"variant\":\"grand\",\"position\":\"a\u{1}b\"}\n".to_string(),
        format!("{deep}\n"),
        "{\"type\":\"perft\",\"seq\":2,\"variant\":\"grand\",\"position\":\"startpos\",\"rulings\":[],\"depth\":340282366920938463463374607431768211456}\n".to_string(),
    ];
    let ran = run_with(&["serve"], requests.concat().as_bytes(), QUICK);
    no_jargon(&ran, "serve");
    let ran = run(&[
        "check",
        "--variant",
        "grand",
        "--shard",
        "1/2",
        "--output",
        "/proc/version",
    ]);
    assert_eq!(ran.code, Some(2), "{}", said(&ran));
    assert!(said(&ran).contains("/proc/version"), "{}", said(&ran));
    no_jargon(&ran, "check --output /proc/version");
}

// Defects of the first hostile table.

/// The MONARCHIE scenario the broken files below are made from.
fn sample_scenario() -> String {
    std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("scenarios/monarchie/m.8.1/blau-captures-gelb-gelb-moves.yaml"),
    )
    .unwrap_or_else(|e| panic!("{e}"))
}

const GRAND_START: &str =
    "r8r/1nbqkcabn1/pppppppppp/10/10/10/10/PPPPPPPPPP/1NBQKCABN1/R8R w - - 0 1";

/// A scenario written in flow style (JSON is YAML) names its variant as
/// well as one in block style: it was read as MONARCHIE and refused.
#[test]
fn a_flow_style_scenario_is_read_as_its_variant() {
    let dir = scratch("flow-style");
    let file = write(
        &dir,
        "grand.yaml",
        &format!(
            "{{\"variant\": \"grand\", \"id\": \"g.6-flow\", \"clauses\": [\"g.6\"], \"description\": \"flow style\", \"position\": {{\"notation\": \"{GRAND_START}\"}}, \"steps\": [{{\"perft\": 1, \"expect_nodes\": 65}}]}}\n"
        ),
    );
    let ran = run(&["check", &file]);
    assert_eq!(ran.code, Some(0), "{}", said(&ran));
    // And a wrong count in it fails as a check (1), not as MONARCHIE (2).
    let wrong = write(
        &dir,
        "wrong.yaml",
        &std::fs::read_to_string(&file).unwrap().replace("65", "66"),
    );
    let ran = run(&["check", &wrong]);
    assert_eq!(ran.code, Some(1), "{}", said(&ran));
    assert!(
        !said(&ran).contains("expected 'monarchie'"),
        "{}",
        said(&ran)
    );
}

/// A YAML tag is no part of the format: refused at its line, never
/// dropped (`steps: !x` passed) or turned into an empty value.
#[test]
fn a_yaml_tag_is_refused() {
    let dir = scratch("yaml-tag");
    let one = sample_scenario();
    for (name, text) in [
        ("steps.yaml", one.replacen("steps:", "steps: !x", 1)),
        ("owner.yaml", one.replacen("owner: gelb", "owner: !gelb", 1)),
    ] {
        let file = write(&dir, name, &text);
        let ran = run(&["check", &file]);
        assert_eq!(ran.code, Some(2), "{name}: {}", said(&ran));
        assert!(
            said(&ran).contains("a YAML tag (`!"),
            "{name}: {}",
            said(&ran)
        );
    }
}

/// A mistyped listing field is named and located, in the format's words.
#[test]
fn a_listing_type_error_names_its_field() {
    let dir = scratch("listing-type");
    let one = sample_scenario();
    let text = one.replacen("to_move: blau", "to_move: [blau]", 1);
    let line = 1 + text
        .lines()
        .position(|l| l.contains("to_move: [blau]"))
        .expect("the sample has a to_move line");
    let file = write(&dir, "x.yaml", &text);
    let ran = run(&["check", &file]);
    assert_eq!(ran.code, Some(2), "{}", said(&ran));
    assert!(
        said(&ran).contains(&format!(":{line}:3: position.to_move: found a list")),
        "{}",
        said(&ran)
    );
    assert!(!said(&ran).contains("invalid type"), "{}", said(&ran));
}

/// A control character from an input never reaches the terminal raw.
#[test]
fn control_characters_are_escaped_in_messages() {
    let dir = scratch("control-chars");
    // The Sovereign start with a NUL after its third letter: the board
    // error quotes the row it is in.
    let start = "aqabvrvnbrbnbbbqbkbbbnbrynyrsbsq/aranvpvpbpbpbpbpbpbpbpbpypypsnsr/nbnp12opob/nqnp12opoq/crcp12rprr/cncp12rprn/gbgp12pppb/gqgp12pppq/yqyp12vpvq/ybyp12vpvb/onop12npnn/orop12npnr/rqrp12cpcq/rbrp12cpcb/srsnppppwpwpwpwpwpwpwpwpgpgpanar/sqsbprpnwrwnwbwqwkwbwnwrgngrabaq 1 w b CELNceln 0";
    let notation = format!("{}\\u0000{}", &start[..3], &start[3..]);
    let file = write(
        &dir,
        "nul.yaml",
        &format!("{{\"variant\": \"sovereign\", \"id\": \"sc.3-x\", \"clauses\": [\"sc.3\"], \"description\": \"x\", \"position\": {{\"notation\": \"{notation}\"}}, \"steps\": [{{\"perft\": 1, \"expect_nodes\": 1}}]}}\n"),
    );
    let ran = run(&["check", &file]);
    assert_eq!(ran.code, Some(2), "{}", said(&ran));
    assert!(!said(&ran).contains('\0'), "a raw NUL: {}", said(&ran));
    assert!(said(&ran).contains("<U+0000>"), "{}", said(&ran));
}

/// A `position` line that is no position breaks the perft file (2),
/// named as such, not "the moves reach ..." (1).
#[test]
fn a_perft_file_position_that_is_none_is_a_format_error() {
    let dir = scratch("perft-garbage");
    let file = write(
        &dir,
        "g.perft",
        "id a\nfrom start\nposition garbage\nperft 1 1\n",
    );
    let ran = run(&["perft-file", "--variant", "grand", &file]);
    assert_eq!(ran.code, Some(2), "{}", said(&ran));
    assert!(
        ran.stderr
            .contains("g.perft:3: block `a`: the `position` line is not a grand position"),
        "{}",
        ran.stderr
    );
}

/// A request that is not a JSON object is named as that, not as "the
/// number 1 where a name belongs".
#[test]
fn serve_names_a_request_that_is_not_an_object() {
    let ran = run_with(
        &["serve"],
        b"{\"type\":\"start\",\"protocol\":\"2.1\"}\n[1,2,3]\n{\"type\":\"perft\",\"seq\":-1}\n{\"type\":\"stop\"}\n",
        Duration::from_secs(30),
    );
    assert!(
        ran.stdout.contains("a request is one JSON object"),
        "{}",
        ran.stdout
    );
    assert!(
        ran.stdout.contains("found the number `-1`"),
        "{}",
        ran.stdout
    );
    assert!(!ran.stdout.contains("invalid value"), "{}", ran.stdout);
}

/// conform given another variant's files says so and what to add.
#[test]
fn conform_names_the_variant_of_the_files_given() {
    let file = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("scenarios/grand/g.6/no-castling-king-on-second-rank.yaml");
    let ran = run(&["conform", "--engine", "true", &file.display().to_string()]);
    assert_eq!(ran.code, Some(2), "{}", said(&ran));
    assert!(
        ran.stderr.contains("they are grand scenarios"),
        "{}",
        ran.stderr
    );
    assert!(
        ran.stderr.contains("give --variant grand"),
        "{}",
        ran.stderr
    );
}

/// bench checks depth and budget before any engine starts or any table
/// line is printed, and names no option it does not have.
#[test]
fn bench_refuses_a_depth_before_it_starts() {
    for depth in ["100", "8"] {
        let ran = run(&[
            "bench",
            "--variant",
            "grand",
            "--uci",
            "/bin/true",
            "--depth",
            depth,
        ]);
        assert_eq!(ran.code, Some(2), "depth {depth}: {}", said(&ran));
        assert!(
            ran.stdout.is_empty(),
            "depth {depth} printed: {}",
            ran.stdout
        );
        assert!(!ran.stderr.contains("--max-nodes"), "{}", ran.stderr);
    }
}

/// Operating-system errors in plain words, once.
#[test]
fn os_errors_are_said_in_plain_words() {
    let dir = scratch("os-words");
    let folder = dir.display().to_string();
    for args in [
        vec!["merge", folder.as_str()],
        vec!["render", "-o", folder.as_str()],
    ] {
        let ran = run(&args);
        assert_eq!(ran.code, Some(2), "{args:?}: {}", said(&ran));
        assert!(
            ran.stderr.contains("a folder, not a file"),
            "{args:?}: {}",
            ran.stderr
        );
        assert!(!ran.stderr.contains("os error"), "{args:?}: {}", ran.stderr);
    }
    let missing = dir.join("missing").join("x.jsonl").display().to_string();
    let ran = run(&[
        "check",
        "--variant",
        "grand",
        "--shard",
        "1/2",
        "--output",
        &missing,
    ]);
    assert_eq!(ran.code, Some(2), "{}", said(&ran));
    assert!(ran.stderr.contains("does not exist"), "{}", ran.stderr);
    assert!(!ran.stderr.contains("os error"), "{}", ran.stderr);
}

/// `--position` takes the variant's named starts, as a perft file's
/// `from` line does.
#[test]
fn a_named_start_is_a_position() {
    let ran = run(&[
        "perft",
        "2",
        "--variant",
        "threekingdoms",
        "--position",
        "no-bannermen",
        "--format",
        "json",
    ]);
    assert_eq!(ran.code, Some(0), "{}", said(&ran));
    let named: serde_json::Value = serde_json::from_str(&ran.stdout).unwrap();
    // The start without bannermen has 44 first moves (the corpus's
    // hand count), so 44 first plies, each with more below: perft 2 is
    // more than 44 and differs from the start with bannermen.
    let with = run(&[
        "perft",
        "2",
        "--variant",
        "threekingdoms",
        "--format",
        "json",
    ]);
    let with: serde_json::Value = serde_json::from_str(&with.stdout).unwrap();
    assert_ne!(named["nodes"], with["nodes"]);
    assert!(
        named["position"].as_str().unwrap().contains(" off "),
        "{named}"
    );
}
