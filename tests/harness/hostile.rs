//! Hostile input (issue 19): every behaviour the issue lists as failing
//! has a regression test here, through the binary where the user meets
//! it, with the README's exit codes (0 ok, 1 a check failed, 2 usage or
//! input, 3 engine fault).

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use regelwerk::variant::VariantId;
use serde_json::Value;

const BIN: &str = env!("CARGO_BIN_EXE_regelwerk");
const ONE: &str = "scenarios/monarchie/m.8.1/blau-captures-gelb-gelb-moves.yaml";
/// [`ONE`] from anywhere.
pub(crate) const ONE_SCENARIO: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/scenarios/monarchie/m.8.1/blau-captures-gelb-gelb-moves.yaml"
);
const LIMIT: Duration = Duration::from_secs(60);

/// What a run gave.
pub(crate) struct Run {
    pub(crate) code: Option<i32>,
    pub(crate) stdout: String,
    pub(crate) stderr: String,
    pub(crate) elapsed: Duration,
    /// The child's peak resident memory (kilobytes, from `wait4`): an
    /// upper bound, since it counts the test process it was forked from.
    pub(crate) peak_kb: u64,
}

/// Waits for `child` (killing it, and failing, after `limit`): its exit
/// code (`None` for a signal) and its peak resident memory in kilobytes.
fn wait_measured(
    child: &mut std::process::Child,
    started: Instant,
    limit: Duration,
    args: &[&str],
) -> (Option<i32>, u64) {
    let pid = child.id() as libc::pid_t;
    loop {
        let mut status: libc::c_int = 0;
        // SAFETY: a zeroed rusage is a valid value for wait4 to fill.
        let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
        // SAFETY: pid is our own child, status and usage point at locals.
        let reaped = unsafe { libc::wait4(pid, &mut status, libc::WNOHANG, &mut usage) };
        if reaped == pid {
            let code = libc::WIFEXITED(status).then(|| libc::WEXITSTATUS(status));
            return (code, u64::try_from(usage.ru_maxrss).unwrap_or(0));
        }
        assert!(reaped == 0, "wait4: {}", std::io::Error::last_os_error());
        if started.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            panic!(
                "`regelwerk {}` did not end within {limit:?}",
                args.join(" ")
            );
        }
        std::thread::sleep(Duration::from_millis(10));
    }
}

/// Runs the binary from the repository root with `stdin`, killing it (and
/// failing) after `limit`.
pub(crate) fn run_with(args: &[&str], stdin: &[u8], limit: Duration) -> Run {
    run_at(Path::new(env!("CARGO_MANIFEST_DIR")), args, stdin, limit)
}

/// [`run_with`] from the folder `dir`, without stdin.
pub(crate) fn run_in(dir: &Path, args: &[&str], limit: Duration) -> Run {
    run_at(dir, args, b"", limit)
}

fn run_at(dir: &Path, args: &[&str], stdin: &[u8], limit: Duration) -> Run {
    let started = Instant::now();
    let mut child = Command::new(BIN)
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|error| panic!("{BIN}: {error}"));
    let mut input = child.stdin.take().unwrap_or_else(|| panic!("no stdin"));
    let bytes = stdin.to_vec();
    let writer = std::thread::spawn(move || {
        let _ = input.write_all(&bytes);
    });
    let drain = |mut pipe: Box<dyn Read + Send>| {
        std::thread::spawn(move || {
            let mut bytes = Vec::new();
            let _ = pipe.read_to_end(&mut bytes);
            String::from_utf8_lossy(&bytes).into_owned()
        })
    };
    let stdout = drain(Box::new(
        child.stdout.take().unwrap_or_else(|| panic!("no stdout")),
    ));
    let stderr = drain(Box::new(
        child.stderr.take().unwrap_or_else(|| panic!("no stderr")),
    ));
    let (code, peak_kb) = wait_measured(&mut child, started, limit, args);
    let _ = writer.join();
    Run {
        code,
        peak_kb,
        stdout: stdout.join().unwrap_or_default(),
        stderr: stderr.join().unwrap_or_default(),
        elapsed: started.elapsed(),
    }
}

pub(crate) fn run(args: &[&str]) -> Run {
    run_with(args, b"", LIMIT)
}

/// A fresh scratch directory.
pub(crate) fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("hostile-{name}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap_or_else(|error| panic!("{}: {error}", dir.display()));
    dir
}

fn write(dir: &Path, name: &str, bytes: &[u8]) -> String {
    let path = dir.join(name);
    std::fs::write(&path, bytes).unwrap_or_else(|error| panic!("{}: {error}", path.display()));
    path.display().to_string()
}

/// The one line `check` prints for an invalid file.
fn invalid_line(run: &Run) -> String {
    run.stdout
        .lines()
        .find(|line| line.starts_with("INVALID"))
        .unwrap_or_else(|| panic!("no INVALID line:\n{}\n{}", run.stdout, run.stderr))
        .to_string()
}

/// Words of Rust that must not reach a user.
const RUST_WORDS: [&str; 8] = [
    "u64",
    "i64",
    "u128",
    "u32",
    "internally tagged",
    "enum Request",
    "Ready {",
    "Some(",
];

fn assert_plain(text: &str) {
    for word in RUST_WORDS {
        assert!(!text.contains(word), "Rust leaks ({word}): {text}");
    }
}

#[test]
fn perft_depths_are_bounded_for_every_variant() {
    for variant in VariantId::ALL {
        let name = variant.name();
        let deep = run(&["perft", "100000", "--variant", name]);
        assert_eq!(deep.code, Some(2), "{name}: {}", deep.stderr);
        assert!(
            deep.stderr.contains("MAX_PERFT_DEPTH (64)"),
            "{}",
            deep.stderr
        );
        let long = run(&["perft", "40", "--variant", name]);
        assert_eq!(long.code, Some(2), "{name}: {}", long.stderr);
        assert!(
            long.stderr.contains("more than the budget"),
            "{}",
            long.stderr
        );
        assert!(long.stderr.contains("--max-nodes"), "{}", long.stderr);
        assert!(long.elapsed < Duration::from_secs(20), "{:?}", long.elapsed);
        // A small budget refuses even a shallow count; a big one allows it.
        let small = run(&["perft", "2", "--variant", name, "--max-nodes", "10"]);
        assert_eq!(small.code, Some(2), "{name}: {}", small.stderr);
        assert!(
            small.stderr.contains("more than the budget of 10"),
            "{}",
            small.stderr
        );
        let fine = run(&[
            "perft",
            "2",
            "--variant",
            name,
            "--divide",
            "--max-nodes",
            "1e6",
        ]);
        assert_eq!(fine.code, Some(0), "{name}: {}", fine.stderr);
        // Progress goes to a terminal only: nothing but the timing line here.
        assert_eq!(fine.stderr.lines().count(), 1, "{}", fine.stderr);
    }
}

#[test]
fn serve_answers_every_hostile_line_and_goes_on() {
    let racing = "8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - - 0 1";
    let mut input = Vec::new();
    // A refused handshake ends the session (issue 26: tests/harness/messages.rs);
    // after an accepted one every hostile line is answered.
    input.extend_from_slice(b"{\"type\":\"start\",\"protocol\":\"2.0\"}\n");
    for (seq, depth) in [(1, 100_000), (2, 50)] {
        input.extend_from_slice(
            format!("{{\"type\":\"perft\",\"seq\":{seq},\"variant\":\"racingkings\",\"position\":\"{racing}\",\"depth\":{depth}}}\n").as_bytes(),
        );
    }
    input.extend_from_slice(b"\xFF\xFE not UTF-8\n");
    input.extend_from_slice(&vec![b'x'; regelwerk::input::MAX_LINE_BYTES + 10]);
    input.push(b'\n');
    input.extend_from_slice(
        b"5\n{\"type\":\"perft\",\"seq\":\"x\"}\n{\"seq\":9,\"type\":\"moves\"}\n",
    );
    input.extend_from_slice(
        format!("{{\"type\":\"perft\",\"seq\":3,\"variant\":\"racingkings\",\"position\":\"{racing}\",\"depth\":2}}\n").as_bytes(),
    );
    let served = run_with(&["serve"], &input, Duration::from_secs(30));
    assert_eq!(served.code, Some(0), "{}", served.stderr);
    let answers: Vec<Value> = served
        .stdout
        .lines()
        .map(|line| serde_json::from_str(line).unwrap_or_else(|e| panic!("{e}: {line}")))
        .collect();
    let types: Vec<&str> = answers
        .iter()
        .map(|a| a["type"].as_str().unwrap_or("?"))
        .collect();
    assert_eq!(
        types,
        [
            "ready", "errored", "errored", "errored", "errored", "errored", "errored", "errored",
            "perft"
        ],
        "{}",
        served.stdout
    );
    assert_eq!(answers[1]["seq"], 1);
    assert!(answers[1]["context"]
        .as_str()
        .unwrap_or_default()
        .contains("MAX_PERFT_DEPTH"));
    assert!(answers[2]["context"]
        .as_str()
        .unwrap_or_default()
        .contains("budget"));
    assert!(answers[3]["context"]
        .as_str()
        .unwrap_or_default()
        .contains("not UTF-8"));
    assert!(answers[4]["context"]
        .as_str()
        .unwrap_or_default()
        .contains("MAX_LINE_BYTES"));
    assert_eq!(answers[7]["seq"], 9, "an unreadable request keeps its seq");
    assert_eq!(answers[8]["nodes"], 421);
    assert_plain(&served.stdout);
    assert!(
        served.elapsed < Duration::from_secs(20),
        "{:?}",
        served.elapsed
    );
}

#[test]
fn file_hazards_are_located_errors_with_named_limits() {
    let dir = scratch("files");
    let cases: Vec<(&str, Vec<u8>, &str)> = vec![
        ("bom.yaml", b"\xEF\xBB\xBFvariant: monarchie\nid: x\ndescription: x\nclauses: [m.1]\nposition: {start: true}\nsteps: []\n".to_vec(), ":6:"),
        ("binary.yaml", b"variant: monarchie\nid: \x00\x01\x02\n".to_vec(), ":2:5: file: a NUL byte"),
        ("latin1.yaml", b"variant: monarchie\ndescription: K\xF6nig\n".to_vec(), ":2:15: file: byte 0xF6 is not UTF-8"),
        ("chess.yaml", b"variant: chess\nid: x\n".to_vec(), "unknown name `chess`, expected one of `monarchie`, `grand`, `racingkings`"),
        ("dup.yaml", b"variant: monarchie\nid: a\nid: b\n".to_vec(), ":3:1: yaml: a key given twice: \"id\""),
        ("dup-map.yaml", b"variant: monarchie\nid: x\nposition:\n  blau: {king: [1]}\n  blau: {king: [2]}\n".to_vec(), ":5:3:"),
        ("deep.yaml", format!("variant: monarchie\nid: {}\n", "[".repeat(10_000)).into_bytes(), "MAX_YAML_DEPTH"),
        ("bomb.yaml", alias_bomb().into_bytes(), "alias bomb"),
        ("big.yaml", vec![b'#'; regelwerk::input::MAX_FILE_BYTES as usize + 1], "MAX_FILE_BYTES (8 MiB)"),
        ("steps.yaml", many_steps(regelwerk::input::MAX_STEPS + 1).into_bytes(), "MAX_STEPS (10000)"),
        ("deep-perft.yaml", b"variant: grand\nid: x\ndescription: x\nclauses: [g.1]\nposition: {start: true}\nsteps:\n- perft: 100\n  expect_nodes: 1\n".to_vec(), "MAX_PERFT_DEPTH"),
        ("big-perft.yaml", b"variant: grand\nid: x\ndescription: x\nclauses: [g.1]\nposition: {start: true}\nsteps:\n- perft: 9\n  expect_nodes: 99999999999\n".to_vec(), "SCENARIO_MAX_NODES"),
    ];
    for (name, bytes, wanted) in cases {
        let path = write(&dir, name, &bytes);
        let checked = run(&["check", &path]);
        let line = invalid_line(&checked);
        assert!(line.contains(wanted), "{name}: {line}");
        if name != "big.yaml" {
            assert!(!line.contains(":0:0:"), "{name} is located: {line}");
        }
        assert_eq!(
            checked.code,
            Some(2),
            "{name}: a file that breaks its format or a limit is an input error"
        );
        assert!(
            checked.elapsed < Duration::from_secs(20),
            "{name}: {:?}",
            checked.elapsed
        );
        assert_plain(&line);
    }
    // The BOM is dropped: the file reads up to its (real) empty steps.
    let bom = run(&["check", &dir.join("bom.yaml").display().to_string()]);
    assert!(
        invalid_line(&bom).contains("expected at least one step"),
        "{}",
        bom.stdout
    );
}

fn alias_bomb() -> String {
    let mut text = String::from(
        "variant: monarchie\nid: x\na0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n",
    );
    for level in 1..10 {
        let previous = format!("*a{}", level - 1);
        let list = [previous.as_str(); 9].join(", ");
        text.push_str(&format!("a{level}: &a{level} [{list}]\n"));
    }
    text
}

fn many_steps(count: usize) -> String {
    let mut text = String::from("variant: monarchie\nid: many\ndescription: x\nclauses: [m.1]\nposition: {start: true}\nsteps:\n");
    for _ in 0..count {
        text.push_str("  - perft: 1\n    expect_nodes: 1\n");
    }
    text
}

#[test]
fn a_symlink_loop_under_a_scenario_folder_ends() {
    let dir = scratch("loop");
    std::fs::create_dir_all(dir.join("a")).unwrap_or_else(|e| panic!("{e}"));
    #[cfg(unix)]
    std::os::unix::fs::symlink("..", dir.join("a/up")).unwrap_or_else(|e| panic!("{e}"));
    let checked = run(&["check", &dir.display().to_string()]);
    assert_eq!(checked.code, Some(2), "{}", checked.stderr);
    assert!(
        checked.stderr.contains("symbolic link loop"),
        "{}",
        checked.stderr
    );
}

#[test]
fn values_out_of_range_are_refused_not_saturated() {
    let start = regelwerk::variant::monarchie::notation::to_notation(
        &regelwerk::variant::monarchie::Position::start(),
    );
    let fields: Vec<&str> = start.split(' ').collect();
    let queens = format!(
        "{} {} {} b{} - -",
        fields[0],
        fields[1],
        fields[2],
        "Q".repeat(100_001)
    );
    let shown = run(&["show", "--position", &queens]);
    assert_eq!(shown.code, Some(2));
    assert!(shown.stderr.contains("MAX_TRAY (20)"), "{}", shown.stderr);
    assert!(
        shown.stderr.len() < 1000,
        "the input is not echoed: {} bytes",
        shown.stderr.len()
    );
    let dir = scratch("dates");
    let journal = std::fs::read_to_string(
        regelwerk_root().join("scenarios/monarchie/journals/seed-1-mixed.journal.yaml"),
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let date = journal
        .lines()
        .find(|l| l.trim_start().starts_with("date:"))
        .unwrap_or_else(|| panic!("no date"));
    let bad = journal.replacen(date, "date: 2026-13-45", 1);
    let path = write(&dir, "bad-date.journal.yaml", bad.as_bytes());
    let replayed = run(&["replay", &path]);
    assert_eq!(replayed.code, Some(2), "{}", replayed.stdout);
    assert!(
        replayed.stdout.contains("there is no month 13"),
        "{}",
        replayed.stdout
    );
    let played = run(&[
        "play",
        "--date",
        "2026-99-99",
        "--quiet",
        "--max-plies",
        "1",
    ]);
    assert_eq!(played.code, Some(2));
    assert!(played.stderr.contains("--date"), "{}", played.stderr);
}

fn regelwerk_root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn messages_say_what_is_wrong_once_and_briefly() {
    let seconds = run(&["apply", "16-28@99999999999999"]);
    assert_eq!(seconds.code, Some(1), "a refused action is a failed check");
    assert!(
        seconds.stderr.contains("at most 4294967295"),
        "{}",
        seconds.stderr
    );
    let digits = format!("{}-28", "7".repeat(10_000));
    let cell = run(&["apply", &digits]);
    assert!(
        cell.stderr.contains("a 10000-digit number is not a cell"),
        "{}",
        cell.stderr
    );
    assert!(
        !cell.stderr.contains("9223372036854775807"),
        "{}",
        cell.stderr
    );
    let long = "y".repeat(100_000);
    let echoed = run(&["apply", &long]);
    assert!(
        echoed.stderr.len() < 600,
        "{} bytes: {}",
        echoed.stderr.len(),
        &echoed.stderr[..200]
    );
    assert_eq!(
        echoed.stderr.matches("(100000 characters)").count(),
        1,
        "{}",
        echoed.stderr
    );
    let zero = run(&["moves", "--cell", "0"]);
    assert_eq!(
        zero.stderr
            .matches("cell 0 is out of range: cells are numbered 1 to 253")
            .count(),
        1,
        "{}",
        zero.stderr
    );
}

#[test]
fn the_exit_code_table_holds_across_commands() {
    let dir = scratch("exits");
    let missing = dir.join("missing.yaml").display().to_string();
    // 2: usage or input.
    for args in [
        vec!["check", missing.as_str()],
        vec!["replay", missing.as_str()],
        vec!["check", "--id", "no-such-scenario"],
        vec!["conform", "--engine", "x", "--id", "no-such-scenario"],
        vec!["conform", "--engine", "x", "--timeout", "0"],
        vec!["conform", "--engine", "x", "--timeout", "-1"],
        vec!["fuzz", "--engine", "x", "--timeout", "0"],
        vec!["perft", "1", "--max-nodes", "lots"],
        vec!["no-such-command"],
    ] {
        let result = run(&args);
        assert_eq!(result.code, Some(2), "{args:?}: {}", result.stderr);
    }
    // 1: a check failed.
    let refused = run(&["apply", "16-99"]);
    assert_eq!(refused.code, Some(1), "{}", refused.stderr);
    // 3: the engine under test failed before anything could be compared.
    for args in [
        vec!["conform", "--engine", "/bin/false", ONE],
        vec!["conform", "--engine", "/no/such/engine", ONE],
        vec!["fuzz", "--engine", "/bin/false", "--games", "1"],
    ] {
        let result = run(&args);
        assert_eq!(result.code, Some(3), "{args:?}: {}", result.stderr);
    }
}

#[test]
fn unwritable_outputs_fail_before_the_run() {
    let unwritable = "/nonexistent-dir/out.json";
    let engine = format!("'{BIN}' serve --fault sleep=5");
    let conform = run(&[
        "conform",
        "--engine",
        &engine,
        "-o",
        unwritable,
        "--timeout",
        "5",
    ]);
    assert_eq!(conform.code, Some(2), "{}", conform.stderr);
    assert!(
        conform.stderr.contains("cannot write"),
        "{}",
        conform.stderr
    );
    assert!(
        conform.elapsed < Duration::from_secs(3),
        "{:?}",
        conform.elapsed
    );
    let play = run(&["play", "--journal", unwritable, "--quiet"]);
    assert_eq!(play.code, Some(2), "{}", play.stderr);
    assert!(play.stdout.is_empty(), "no game played: {}", play.stdout);
}

#[test]
fn fuzz_engine_faults_are_engine_faults_not_divergences() {
    for fault in ["garbage", "sleep=3", "flood"] {
        let dir = scratch(&format!("fuzz-{}", fault.replace('=', "-")));
        let engine = format!("'{BIN}' serve --fault {fault}");
        let out = dir.display().to_string();
        let fuzzed = run(&[
            "fuzz",
            "--engine",
            &engine,
            "--games",
            "2",
            "--timeout",
            "0.5",
            "--out",
            &out,
        ]);
        assert_eq!(
            fuzzed.code,
            Some(3),
            "{fault}: {}\n{}",
            fuzzed.stdout,
            fuzzed.stderr
        );
        assert!(
            fuzzed.stderr.contains("engine fault"),
            "{fault}: {}",
            fuzzed.stderr
        );
        let written = std::fs::read_dir(&dir)
            .map(|entries| entries.count())
            .unwrap_or(0);
        assert_eq!(written, 0, "{fault}: no diverge-*.yaml for an engine fault");
        assert!(
            fuzzed.elapsed < Duration::from_secs(30),
            "{fault}: {:?}",
            fuzzed.elapsed
        );
    }
}

/// Crashes the cargo-fuzz targets found (fuzz/, docs/testing.md), each
/// kept as a regression test.
#[test]
fn fuzz_findings_stay_fixed() {
    use regelwerk::record::pgn;
    // pgn: `1.6.` was read as the move `6.`, which is written back as a
    // move number and lost on reading again; `61...12.0Kb3` kept `12.`.
    // Glued move numbers are move numbers, all of them.
    let games = pgn::read("1.6. 1/2-1/2").expect("two move numbers");
    assert!(games[0].moves.is_empty());
    let games = pgn::read("1. e4 61...12.0Kb3 *").expect("glued numbers");
    let moves: Vec<&str> = games[0].moves.iter().map(|m| m.text.as_str()).collect();
    assert_eq!(moves, ["e4", "0Kb3"]);
    // pgn: `2.*` was read as the move `*`, written back as the result, and
    // read again as two games.
    let games = pgn::read("1. e4 2.*").expect("a move number glued to the result");
    assert_eq!(games.len(), 1);
    let moves: Vec<&str> = games[0].moves.iter().map(|m| m.text.as_str()).collect();
    assert_eq!(moves, ["e4"]);
    // pgn: a `%` inside a line was read as a move; written at the start
    // of a line it hid the moves after it.
    let percent = pgn::read("1. e4 % e5 *").expect_err("% is no move");
    assert!(percent.message.contains("escape"), "{}", percent.message);
    assert!(pgn::read("% a comment line\n1. e4 *").is_ok());
    // pgn: a backslash before the line end carried a tag value onto the
    // next line, which the writer could not write back.
    let open = pgn::read("[Site \"a\\\nb\"]\n\n1. e4 *").expect_err("a value over a line end");
    assert!(open.message.contains("never closed"), "{}", open.message);
    let games = pgn::read("1. e4 e5 2. Nf3 *").expect("a plain game");
    let sans: Vec<String> = games[0].moves.iter().map(|m| m.text.clone()).collect();
    let again = pgn::read(&pgn::write(
        &games[0].tags,
        &sans,
        false,
        1,
        games[0].outcome,
    ))
    .expect("written back");
    assert_eq!(again[0].moves.len(), 3);
}

#[test]
fn a_deep_scenario_perft_step_is_refused_not_run() {
    let dir = scratch("scenario-perft");
    let path = write(
        &dir,
        "perft.yaml",
        b"variant: grand\nid: x\ndescription: x\nclauses: [g.1]\nposition: {start: true}\nsteps:\n- perft: 8\n  expect_nodes: 5\n",
    );
    let checked = run(&["check", &path]);
    assert_eq!(checked.code, Some(1), "{}", checked.stdout);
    assert!(
        checked.stdout.contains("SCENARIO_MAX_NODES"),
        "{}",
        checked.stdout
    );
    assert!(
        checked.elapsed < Duration::from_secs(20),
        "{:?}",
        checked.elapsed
    );
}

/// Issue 44, item 2: the write rule (README, "Exit codes") for every
/// command that writes. A file of another kind (a scenario, source text)
/// is never replaced without `--force`; a campaign's results file is not
/// replaced by a new campaign without `--force` or `--resume`; a game's
/// record only with `--force`; a view (a drawing, a report) replaces a
/// file of its own kind. Each refusal is exit 2 before the run, names
/// `--force`, and leaves the file as it was.
#[test]
fn no_command_replaces_a_file_unasked() {
    let dir = scratch("write-rule");
    let scenario = std::fs::read(ONE_SCENARIO).unwrap_or_else(|e| panic!("{e}"));
    let serve = format!("{BIN} serve");
    let at = |name: &str| dir.join(name).display().to_string();
    // (what, argv with FILE for the output, what the output is)
    let commands: Vec<(&str, Vec<String>)> = vec![
        (
            "check --shard 1/1 --output",
            vec![
                "check",
                "--variant",
                "racingkings",
                "--clause",
                "rk.1",
                "--shard",
                "1/1",
                "--output",
                "FILE",
            ],
        ),
        (
            "fuzz --output",
            vec![
                "fuzz",
                "--variant",
                "racingkings",
                "--games",
                "2",
                "--max-plies",
                "20",
                "--shard",
                "1/1",
                "--output",
                "FILE",
            ],
        ),
        (
            "perft --shard 1/1 --output",
            vec![
                "perft",
                "2",
                "--variant",
                "racingkings",
                "--shard",
                "1/1",
                "--output",
                "FILE",
            ],
        ),
        (
            "conform -o FILE.jsonl",
            vec![
                "conform",
                "--variant",
                "racingkings",
                "--clause",
                "rk.1",
                "--engine",
                &serve,
                "--shard",
                "1/1",
                "-o",
                "FILE",
            ],
        ),
        (
            "conform --format html -o",
            vec![
                "conform",
                "--variant",
                "racingkings",
                "--clause",
                "rk.1",
                "--engine",
                &serve,
                "--format",
                "html",
                "-o",
                "FILE",
            ],
        ),
        (
            "render -o",
            vec!["render", "--variant", "grand", "-o", "FILE"],
        ),
        (
            "play --journal",
            vec![
                "play",
                "--variant",
                "monarchie",
                "--max-plies",
                "4",
                "--quiet",
                "--journal",
                "FILE",
            ],
        ),
        (
            "play --pgn",
            vec![
                "play",
                "--variant",
                "racingkings",
                "--max-plies",
                "4",
                "--quiet",
                "--pgn",
                "FILE",
            ],
        ),
    ]
    .into_iter()
    .map(|(what, argv)| (what, argv.into_iter().map(str::to_string).collect()))
    .collect();
    for (number, (what, argv)) in commands.iter().enumerate() {
        let extension =
            if what.contains("jsonl") || what.contains("--output") && !what.contains("render") {
                "jsonl"
            } else if what.contains("html") {
                "html"
            } else if what.contains("render") {
                "svg"
            } else if what.contains("pgn") {
                "pgn"
            } else {
                "yaml"
            };
        let file = at(&format!("out-{number}.{extension}"));
        let args = |extra: &[&str]| -> Vec<String> {
            let mut all: Vec<String> = argv
                .iter()
                .map(|word| {
                    if word == "FILE" {
                        file.clone()
                    } else {
                        word.clone()
                    }
                })
                .collect();
            all.extend(extra.iter().map(|word| word.to_string()));
            all
        };
        let go = |extra: &[&str]| {
            let all = args(extra);
            let words: Vec<&str> = all.iter().map(String::as_str).collect();
            run(&words)
        };
        // A scenario where the output goes: refused, kept.
        std::fs::write(&file, &scenario).unwrap_or_else(|e| panic!("{e}"));
        let refused = go(&[]);
        assert_eq!(
            refused.code,
            Some(2),
            "{what} over a scenario: {}",
            refused.stderr
        );
        assert!(
            refused.stderr.contains("--force"),
            "{what}: {}",
            refused.stderr
        );
        assert!(
            refused.stderr.contains("a scenario"),
            "{what}: {}",
            refused.stderr
        );
        assert_eq!(
            std::fs::read(&file).unwrap_or_default(),
            scenario,
            "{what} changed the scenario"
        );
        // With --force it is replaced.
        let forced = go(&["--force"]);
        assert!(
            matches!(forced.code, Some(0 | 1)),
            "{what} --force: {}",
            forced.stderr
        );
        let written = std::fs::read(&file).unwrap_or_default();
        assert_ne!(written, scenario, "{what} --force did not write");
        // Its own output again: a view is made again, a record and a
        // campaign's results are not replaced.
        let again = go(&[]);
        let view = matches!(extension, "svg" | "html");
        if view {
            assert_eq!(
                again.code,
                Some(0),
                "{what} over its own output: {}",
                again.stderr
            );
        } else {
            assert_eq!(
                again.code,
                Some(2),
                "{what} over its own output: {}",
                again.stderr
            );
            assert_eq!(std::fs::read(&file).unwrap_or_default(), written, "{what}");
        }
        if extension == "jsonl" {
            assert!(
                again.stderr.contains("--resume"),
                "{what}: {}",
                again.stderr
            );
            let resumed = go(&["--resume"]);
            assert!(
                matches!(resumed.code, Some(0 | 1)),
                "{what} --resume: {}",
                resumed.stderr
            );
        }
    }
    // A folder output: a file of another kind under one of its names is
    // kept; the site's own files are made again.
    let site = dir.join("site");
    std::fs::create_dir_all(&site).unwrap_or_else(|e| panic!("{e}"));
    std::fs::write(site.join("index.html"), &scenario).unwrap_or_else(|e| panic!("{e}"));
    let site_arg = site.display().to_string();
    let refused = run(&["figures", "--variant", "grand", "-o", &site_arg]);
    assert_eq!(refused.code, Some(2), "{}", refused.stderr);
    assert!(refused.stderr.contains("--force"), "{}", refused.stderr);
    assert_eq!(
        std::fs::read(site.join("index.html")).unwrap_or_default(),
        scenario
    );
    let forced = run(&["figures", "--variant", "grand", "-o", &site_arg, "--force"]);
    assert_eq!(forced.code, Some(0), "{}", forced.stderr);
    let again = run(&["figures", "--variant", "grand", "-o", &site_arg]);
    assert_eq!(again.code, Some(0), "{}", again.stderr);
}
