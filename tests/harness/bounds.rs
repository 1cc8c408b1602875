//! Every run bounded, nothing left behind (issue 26, items 1-6): a
//! regression test per item, through the binary, with its exit code,
//! its time and its peak memory.

use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use crate::harness::hostile::{run, run_with, scratch};

const BIN: &str = env!("CARGO_BIN_EXE_regelwerk");

/// Item 1: `--max-plies` allocates nothing up front (a billion plies ran
/// at 7.8 GB before), and ten billion is refused by name.
#[test]
fn max_plies_allocates_nothing_up_front_and_has_a_named_limit() {
    let limit = regelwerk::input::MAX_PLIES.to_string();
    for command in ["fuzz", "play"] {
        let mut args = vec![command, "--variant", "racingkings", "--max-plies", &limit];
        if command == "fuzz" {
            args.extend(["--games", "1"]);
        } else {
            args.extend(["--quiet", "--players", "random,random"]);
        }
        let ran = run(&args);
        assert!(
            ran.code == Some(0) || ran.code == Some(1),
            "{command}: {}",
            ran.stderr
        );
        // wait4's peak counts the test process the child was forked from
        // (some hundred MB when the tests run in parallel), so the bound is
        // loose; tools/hostile_table.py measures the command alone.
        assert!(
            ran.peak_kb < 1_000_000,
            "{command} --max-plies {limit}: {} KB peak",
            ran.peak_kb
        );
        for over in ["1000001", "10000000000", "0"] {
            let refused = run(&[command, "--variant", "racingkings", "--max-plies", over]);
            assert_eq!(
                refused.code,
                Some(2),
                "{command} {over}: {}",
                refused.stderr
            );
            if over != "0" {
                assert!(
                    refused.stderr.contains("MAX_PLIES (1000000)"),
                    "{command} {over}: {}",
                    refused.stderr
                );
            }
            assert!(
                refused.elapsed < Duration::from_secs(10),
                "{:?}",
                refused.elapsed
            );
        }
    }
}

/// A test engine in Python (`script`), written to `dir`.
fn engine(dir: &Path, name: &str, script: &str) -> String {
    let path = dir.join(name);
    std::fs::write(&path, script).unwrap_or_else(|e| panic!("{e}"));
    format!("python3 {}", path.display())
}

/// An engine that relays the handshake and the smoke check (seq 0) to
/// `regelwerk serve`, then forks a `sleep MARK` and hangs on every other
/// request: each restart used to leave its `sleep` behind.
const HANGING_FORKER: &str = r#"import subprocess, sys, time
serve = subprocess.Popen([sys.argv[1], "serve"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
for line in sys.stdin:
    if '"start"' in line or '"seq":0,' in line:
        serve.stdin.write(line)
        serve.stdin.flush()
        print(serve.stdout.readline().strip(), flush=True)
    else:
        subprocess.Popen(["sleep", sys.argv[2]])
        time.sleep(100000)
"#;

/// The command line of [`HANGING_FORKER`] with its mark.
fn hanging_forker(dir: &Path, mark: &str) -> String {
    format!("{} {BIN} {mark}", engine(dir, "hang.py", HANGING_FORKER))
}

/// The processes whose command line holds `mark`.
pub(crate) fn processes_with(mark: &str) -> Vec<u32> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir("/proc").into_iter().flatten().flatten() {
        let Ok(pid) = entry.file_name().to_string_lossy().parse::<u32>() else {
            continue;
        };
        let Ok(cmdline) = std::fs::read(entry.path().join("cmdline")) else {
            continue;
        };
        let words: Vec<&[u8]> = cmdline.split(|b| *b == 0).collect();
        if words.contains(&mark.as_bytes()) {
            found.push(pid);
        }
    }
    found
}

/// Item 2: a hanging engine that forks is ended with everything it
/// started, on every restart and at the end of the run. Timing: the
/// engine (Python and a `regelwerk serve` behind it) must finish its
/// handshake within the 6 s timeout, on a loaded machine too.
#[test]
fn engine_restarts_leave_no_orphans_timeout_6s() {
    let dir = scratch("forker");
    let mark = format!("86{}", std::process::id() % 10_000 + 40_000);
    let command = hanging_forker(&dir, &mark);
    // Two cases: the first times out and restarts the engine, the second
    // times out on the restarted one and ends the run with an engine
    // still hanging. Every case waits out its timeout, so more cases
    // would add only waiting.
    let folder = Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios/monarchie/m.8.1");
    let mut files: Vec<String> = std::fs::read_dir(&folder)
        .unwrap_or_else(|e| panic!("{}: {e}", folder.display()))
        .filter_map(Result::ok)
        .map(|entry| entry.path())
        .filter(|path| path.extension().is_some_and(|x| x == "yaml"))
        .map(|path| path.display().to_string())
        .collect();
    files.sort();
    files.truncate(2);
    assert_eq!(files.len(), 2, "m.8.1 has two scenarios");
    let mut args = vec![
        "conform",
        "--engine",
        &command,
        // Long enough for Python and a second regelwerk to start on a
        // loaded machine; each hanging case still times out.
        "--timeout",
        "6",
    ];
    args.extend(files.iter().map(String::as_str));
    let conformed = run_with(&args, b"", Duration::from_secs(120));
    // Every case errors (a timeout, then a restart): a failed check.
    assert_eq!(conformed.code, Some(1), "{}", conformed.stderr);
    let said = format!("{}{}", conformed.stdout, conformed.stderr);
    assert!(said.contains("2 errored"), "{said}");
    std::thread::sleep(Duration::from_millis(300));
    let left = processes_with(&mark);
    assert!(left.is_empty(), "orphaned sleep processes: {left:?}");
}

/// `conform` over m.8.1 against a hanging engine that forks (marked
/// `mark`), started with SIGINT as at a terminal (even when the tests
/// themselves were started with it ignored: a background job of a shell
/// without job control; the harness keeps an ignored signal ignored) and
/// with SIGHUP ignored when `ignore_hup` (as `nohup` starts it); returned
/// once the engine has forked, with the harness's pid.
fn conform_with_forking_engine(name: &str, mark: &str, ignore_hup: bool) -> (Child, i32) {
    use std::os::unix::process::CommandExt;
    let dir = scratch(name);
    let command = hanging_forker(&dir, mark);
    let mut harness = Command::new(BIN);
    harness
        .args([
            "conform",
            "--engine",
            &command,
            "--timeout",
            "30",
            "scenarios/monarchie/m.8.1",
        ])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null());
    // SAFETY: only signal(), async-signal-safe, between fork and exec.
    unsafe {
        harness.pre_exec(move || {
            libc::signal(libc::SIGINT, libc::SIG_DFL);
            if ignore_hup {
                libc::signal(libc::SIGHUP, libc::SIG_IGN);
            }
            Ok(())
        });
    }
    let child = harness.spawn().unwrap_or_else(|e| panic!("{e}"));
    let started = Instant::now();
    while processes_with(mark).is_empty() {
        assert!(
            started.elapsed() < Duration::from_secs(30),
            "the engine never forked"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    let pid = i32::try_from(child.id()).unwrap_or_else(|e| panic!("{e}"));
    (child, pid)
}

/// Sends `signal` to our own child `pid`.
fn send(pid: i32, signal: libc::c_int) {
    // SAFETY: kill has no memory effects; pid is our own child.
    unsafe {
        libc::kill(pid, signal);
    }
}

/// Item 2, Ctrl-C: SIGINT to the harness ends the engine's group too
/// (the engine is in a group of its own, so the terminal's SIGINT does
/// not reach it).
#[test]
fn ctrl_c_of_the_harness_ends_the_engine_group() {
    let mark = format!("86{}", std::process::id() % 10_000 + 50_000);
    let (mut child, pid) = conform_with_forking_engine("forker-int", &mark, false);
    send(pid, libc::SIGINT);
    let status = child.wait().unwrap_or_else(|e| panic!("{e}"));
    assert!(!status.success(), "{status:?}");
    std::thread::sleep(Duration::from_millis(300));
    let left = processes_with(&mark);
    assert!(left.is_empty(), "orphaned after Ctrl-C: {left:?}");
}

/// A signal the harness was started with ignored stays ignored while
/// its engine runs: under `nohup` (SIGHUP ignored) the engine handler
/// must not make SIGHUP end the run.
#[test]
fn a_harness_started_under_nohup_survives_sighup() {
    let mark = format!("86{}", std::process::id() % 10_000 + 60_000);
    let (mut child, pid) = conform_with_forking_engine("forker-hup", &mark, true);
    send(pid, libc::SIGHUP);
    std::thread::sleep(Duration::from_millis(500));
    let still = child.try_wait().unwrap_or_else(|e| panic!("{e}"));
    // Ended the way a user ends it: Ctrl-C, which also ends the engine.
    send(pid, libc::SIGINT);
    let _ = child.wait();
    std::thread::sleep(Duration::from_millis(300));
    assert!(
        still.is_none(),
        "SIGHUP ended a harness that ignores it: {still:?}"
    );
    assert!(processes_with(&mark).is_empty(), "orphaned after Ctrl-C");
}

/// Item 3: the estimate is an upper bound on the real count, and the
/// same whatever the budget.
#[test]
fn the_perft_estimate_is_an_upper_bound_and_ignores_the_budget() {
    use regelwerk::budget::{check, estimate, NodeBudget};
    use regelwerk::variant::{open, VariantId};
    for variant in VariantId::ALL {
        let game = open(variant, None, &[]).unwrap_or_else(|e| panic!("{e}"));
        // The first level the estimate does not count (the levels are
        // counted while they hold fewer than 20,000 nodes), and the count
        // one level past it.
        let mut depth = 1;
        while game.perft(depth) < 20_000 {
            depth += 1;
        }
        let truth = game.perft(depth + 1) as f64;
        let made = estimate(game.as_ref(), depth + 1);
        assert!(
            made.nodes >= truth,
            "{variant} perft {}: estimated {} < {truth}",
            depth + 1,
            made.nodes
        );
        let deep = |budget: u64| {
            check(game.as_ref(), 9, NodeBudget::AtMost(budget), "--max-nodes")
                .expect_err("perft 9 is over both budgets")
                .to_string()
        };
        let number = |text: String| {
            text.split_whitespace()
                .find_map(|w| w.parse::<f64>().ok().filter(|n| *n > 1e3))
                .unwrap_or_else(|| panic!("{text}"))
        };
        assert_eq!(number(deep(1)), number(deep(1_000_000)), "{variant}");
    }
    // Racing Kings perft 7 (10,666,911,395 nodes, over the default budget)
    // is refused, not run for a minute as before.
    let refused = run(&["perft", "7", "--variant", "racingkings"]);
    assert_eq!(refused.code, Some(2), "{}", refused.stderr);
    assert!(refused.elapsed < Duration::from_secs(20));
    assert!(refused.stderr.contains("more than the budget"));
}

/// Item 4: a perft file cannot make a deep perft run by writing a small
/// count for it.
#[test]
fn a_perft_file_is_budgeted_on_the_estimate_not_its_counts() {
    let dir = scratch("perft-file-lie");
    let path = dir.join("lie.perft");
    std::fs::write(&path, "id start\nfrom start\nposition START\nperft 7 1\n")
        .unwrap_or_else(|e| panic!("{e}"));
    let start = regelwerk::variant::open(regelwerk::variant::VariantId::Monarchie, None, &[])
        .unwrap_or_else(|e| panic!("{e}"))
        .position_text();
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{e}"))
        .replace("START", &start);
    std::fs::write(&path, text).unwrap_or_else(|e| panic!("{e}"));
    let ran = run(&["perft-file", &path.display().to_string()]);
    assert_eq!(ran.code, Some(0), "{}{}", ran.stdout, ran.stderr);
    assert!(ran.stdout.contains("skip"), "{}", ran.stdout);
    assert!(ran.stdout.contains("estimated at"), "{}", ran.stdout);
    assert!(ran.elapsed < Duration::from_secs(20), "{:?}", ran.elapsed);
}

/// Item 5: `rulings diff` and `report` have perft's depth and budget;
/// depth 0 is refused.
#[test]
fn ruling_diffs_and_reports_have_perfts_budget() {
    let dir = scratch("report-depth");
    let site = dir.join("site").display().to_string();
    let cases: [Vec<&str>; 4] = [
        vec![
            "rulings",
            "diff",
            "R-KING-DEAD=capture",
            "--perft-depth",
            "100",
        ],
        vec![
            "rulings",
            "diff",
            "R-KING-DEAD=capture",
            "--perft-depth",
            "0",
        ],
        vec!["report", "--html", &site, "--perft-depth", "9"],
        vec!["report", "--html", &site, "--perft-depth", "0"],
    ];
    for args in cases {
        let ran = run(&args);
        assert_eq!(ran.code, Some(2), "{args:?}: {}", ran.stderr);
        assert!(ran.elapsed < Duration::from_secs(30), "{args:?}");
    }
}

/// Item 6: a results file the size of a shard of the documented campaign
/// (`fuzz --games 1000000` in 8 shards: 125,000 games, 10.8 MB) merges.
#[test]
fn merge_reads_a_shard_of_the_documented_campaign() {
    let dir = scratch("merge-campaign");
    let shard = dir.join("small.jsonl");
    let small = run(&[
        "fuzz",
        "--games",
        "2",
        "--max-plies",
        "4",
        "--shard",
        "1/1",
        "--output",
        &shard.display().to_string(),
    ]);
    assert_eq!(small.code, Some(0), "{}", small.stderr);
    let text = std::fs::read_to_string(&shard).unwrap_or_else(|e| panic!("{e}"));
    let lines: Vec<&str> = text.lines().collect();
    let unit: serde_json::Value = serde_json::from_str(lines[1]).unwrap_or_else(|e| panic!("{e}"));
    let mut header: serde_json::Value =
        serde_json::from_str(lines[0]).unwrap_or_else(|e| panic!("{e}"));
    let mut end: serde_json::Value =
        serde_json::from_str(lines[lines.len() - 1]).unwrap_or_else(|e| panic!("{e}"));
    // One shard of 8 over a million games: every 8th unit from 0.
    const GAMES: usize = 1_000_000;
    header["campaign"]["games"] = GAMES.into();
    header["shard"] = "1/8".into();
    let mut big = serde_json::to_string(&header).unwrap_or_default();
    big.push('\n');
    let mut count = 0;
    for index in (0..GAMES).step_by(8) {
        let mut line = unit.clone();
        line["index"] = index.into();
        // The documented campaign: seed 42 and up, 200 plies a game.
        line["result"]["seed"] = (index + 42).into();
        line["result"]["plies"] = 200.into();
        big.push_str(&serde_json::to_string(&line).unwrap_or_default());
        big.push('\n');
        count += 1;
    }
    end["units"] = count.into();
    big.push_str(&serde_json::to_string(&end).unwrap_or_default());
    big.push('\n');
    assert!(
        big.len() as u64 > regelwerk::input::MAX_FILE_BYTES,
        "{} bytes: the shard must be over the 8 MiB of other files",
        big.len()
    );
    let one = dir.join("fuzz-1.jsonl");
    std::fs::write(&one, &big).unwrap_or_else(|e| panic!("{e}"));
    let merged = run(&["merge", &one.display().to_string()]);
    // The file reads (no MAX_FILE_BYTES): what is missing is the other
    // seven shards, which is what merge must say.
    assert_eq!(merged.code, Some(2), "{}", merged.stderr);
    assert!(
        merged.stderr.contains("missing shards: 2/8"),
        "{}",
        merged.stderr
    );
    assert!(merged.peak_kb < 2_000_000, "{} KB", merged.peak_kb);
}

/// Issue 44's engine: it forks three children, each calling `setsid()`
/// (leaving the engine's process group and session) and ignoring
/// SIGTERM; the engine itself waits (`stay`) or exits at once (its
/// children then orphans). No group kill reaches them.
const SETSID_FORKER: &str = r#"import os, signal, sys, time
for _ in range(3):
    if os.fork() == 0:
        os.setsid()
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
        os.execvp("sleep", ["sleep", sys.argv[1]])
if sys.argv[2] == "exit":
    sys.exit(0)
time.sleep(100000)
"#;

/// Issue 44, item 1: after `conform --variant grand --clause g.6 --timeout
/// 2` against [`SETSID_FORKER`], none of its three detached children is
/// left, whether the engine waited or exited at once.
#[test]
fn an_engines_detached_children_go_with_the_run() {
    let dir = scratch("setsid");
    for (offset, how) in [(0, "stay"), (1, "exit")] {
        let mark = format!("87{}", std::process::id() % 10_000 + 20_000 + offset);
        let command = format!("{} {mark} {how}", engine(&dir, "setsid.py", SETSID_FORKER));
        let ran = run_with(
            &[
                "conform",
                "--variant",
                "grand",
                "--clause",
                "g.6",
                "--timeout",
                "2",
                "--engine",
                &command,
            ],
            b"",
            Duration::from_secs(60),
        );
        assert_eq!(ran.code, Some(3), "{how}: {}", ran.stderr);
        // The children were there: the engine forked before it was ended
        // (each `sleep MARK` is alive or gone; count them through /proc
        // only after the run, when none may be left).
        let left = processes_with(&mark);
        for pid in &left {
            // SAFETY: kill has no memory effects; a cleanup of the test's
            // own leftovers.
            unsafe {
                libc::kill(*pid as i32, libc::SIGKILL);
            }
        }
        assert!(
            left.is_empty(),
            "{how}: {} detached children left behind: {left:?}",
            left.len()
        );
    }
}

/// Issue 44, item 3: an 8 MiB one-line flow list of 4.19 million items
/// (within MAX_FILE_BYTES) is refused by MAX_YAML_ITEMS before the parser
/// builds it (it peaked at 1,168 MB), and a list within the limit parses.
#[test]
fn an_8_mib_flow_list_is_refused_before_it_is_parsed() {
    let dir = scratch("flow8");
    let path = dir.join("flow8.yaml");
    let text = format!("[{}a]\n", "a,".repeat(4 * 1024 * 1024 - 3));
    assert!(text.len() as u64 <= regelwerk::input::MAX_FILE_BYTES);
    std::fs::write(&path, &text).unwrap_or_else(|e| panic!("{e}"));
    let ran = run_with(
        &["check", &path.display().to_string()],
        b"",
        Duration::from_secs(60),
    );
    assert_eq!(ran.code, Some(2), "{}", ran.stderr);
    let said = format!("{}{}", ran.stdout, ran.stderr);
    assert!(said.contains("MAX_YAML_ITEMS"), "{said}");
    assert!(said.contains("flow8.yaml:1:"), "{said}");
    // Within the limit the count itself is no error.
    let small = format!("[{}a]\n", "a,".repeat(1000));
    assert!(regelwerk::input::check_yaml_size(&small).is_ok());
    let aliases = format!(
        "a: &x 1\nb: [{}*x]\n",
        "*x, ".repeat(regelwerk::input::MAX_YAML_ALIASES)
    );
    let (line, _, message) =
        regelwerk::input::check_yaml_size(&aliases).expect_err("too many aliases");
    assert_eq!(line, 2);
    assert!(message.contains("MAX_YAML_ALIASES"), "{message}");
}
