//! Every message true (issue 26, items 7-11): the exit codes of the
//! README's table and messages that say what is wrong, once, in the
//! user's words.

use std::path::Path;

use crate::harness::hostile::{run, run_with, scratch, Run};

pub(crate) fn write(dir: &Path, name: &str, text: &str) -> String {
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap_or_else(|e| panic!("{e}"));
    path.display().to_string()
}

pub(crate) fn said(ran: &Run) -> String {
    format!("{}{}", ran.stdout, ran.stderr)
}

/// Plays a short Racing Kings game into `dir/NAME` as PGN; its path.
pub(crate) fn played_pgn(dir: &Path, name: &str) -> String {
    let game = dir.join(name).display().to_string();
    let played = run(&[
        "play",
        "--variant",
        "racingkings",
        "--max-plies",
        "4",
        "--quiet",
        "--pgn",
        &game,
    ]);
    assert_eq!(played.code, Some(0), "{}", said(&played));
    game
}

/// Item 7: one exit code per kind of trouble, whichever command meets it.
#[test]
fn exit_codes_agree_across_commands() {
    let dir = scratch("exit-codes");
    let bad = write(&dir, "bad.yaml", "variant: monarchie\nid: [x\n");
    for command in ["check", "conform"] {
        let mut args = vec![command, &bad];
        if command == "conform" {
            args = vec![command, "--engine", "false", &bad];
        }
        let ran = run(&args);
        assert_eq!(
            ran.code,
            Some(2),
            "{command} on a malformed file: {}",
            said(&ran)
        );
    }
    for (command, flag) in [
        ("conform", "--engine"),
        ("fuzz", "--engine"),
        ("conform", "--uci"),
    ] {
        let mut args = vec![command, "--variant", "grand", flag, ""];
        if command == "fuzz" {
            args.extend(["--games", "1"]);
        }
        let ran = run(&args);
        assert_eq!(ran.code, Some(2), "{command} {flag} \"\": {}", said(&ran));
        assert!(ran.stderr.contains("is empty"), "{}", ran.stderr);
    }
    for command in ["conform", "fuzz", "bench"] {
        for variant in ["sovereign", "threekingdoms", "monarchie"] {
            let ran = run(&[command, "--variant", variant, "--uci", "/bin/true"]);
            assert_eq!(ran.code, Some(2), "{command} {variant}: {}", said(&ran));
            assert!(
                !ran.stderr.contains("is not a two-player variant") || variant != "sovereign",
                "{}",
                ran.stderr
            );
            assert!(
                ran.stderr
                    .contains("--uci plays only grand and racingkings"),
                "{}",
                ran.stderr
            );
            assert!(
                ran.stdout.is_empty(),
                "{command}: nothing before the refusal: {}",
                ran.stdout
            );
        }
    }
}

/// Item 8: a scenario outside `scenarios/` is held to the spec too.
#[test]
fn a_scenario_anywhere_is_checked_against_the_spec() {
    let dir = scratch("outside-spec");
    let text = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join(crate::harness::hostile::ONE_SCENARIO),
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let good = write(&dir, "good.yaml", &text);
    assert_eq!(run(&["check", &good]).code, Some(0));
    let clauses = text
        .lines()
        .find(|line| line.starts_with("clauses:"))
        .unwrap_or_else(|| panic!("no clauses line"));
    let bad_clause = write(
        &dir,
        "bad-clause.yaml",
        &text.replacen(clauses, "clauses: [m.99]", 1),
    );
    let ran = run(&["check", &bad_clause]);
    assert_eq!(ran.code, Some(2), "{}", said(&ran));
    assert!(said(&ran).contains("m.99"), "{}", said(&ran));
    let rulings = text.lines().find(|line| line.starts_with("rulings:"));
    let bad_ruling = match rulings {
        Some(line) => text.replacen(line, "rulings: [R-DOES-NOT-EXIST]", 1),
        None => text.replacen(
            clauses,
            &format!("{clauses}\nrulings: [R-DOES-NOT-EXIST]"),
            1,
        ),
    };
    let bad_ruling = write(&dir, "bad-ruling.yaml", &bad_ruling);
    let ran = run(&["check", &bad_ruling]);
    assert_eq!(ran.code, Some(2), "{}", said(&ran));
    assert!(said(&ran).contains("R-DOES-NOT-EXIST"), "{}", said(&ran));
}

/// Item 9: no output path makes folders.
#[test]
fn outputs_never_create_their_parents() {
    let dir = scratch("no-parents");
    let missing = dir.join("missing");
    let svg = missing.join("x.svg").display().to_string();
    let jsonl = missing.join("x.jsonl").display().to_string();
    let figures = missing.join("deeper").join("figs").display().to_string();
    let out = missing.join("cases").display().to_string();
    let cases: [Vec<&str>; 4] = [
        vec!["render", "-o", &svg],
        vec![
            "check",
            "--output",
            &jsonl,
            "--shard",
            "1/2",
            "--variant",
            "grand",
        ],
        vec!["figures", "-o", &figures],
        vec!["fuzz", "--games", "1", "--out", &out],
    ];
    for args in cases {
        let ran = run(&args);
        assert_eq!(ran.code, Some(2), "{args:?}: {}", said(&ran));
        assert!(!missing.exists(), "{args:?} created {}", missing.display());
        assert!(
            ran.stderr.contains("does not exist") || ran.stderr.contains("No such file"),
            "{}",
            ran.stderr
        );
    }
    // A file where a folder is wanted is named as such.
    let file = write(&dir, "a-file", "x");
    let ran = run(&["figures", "-o", &file]);
    assert_eq!(ran.code, Some(2));
    assert!(
        ran.stderr.contains("a file, not a folder"),
        "{}",
        ran.stderr
    );
}

/// Item 10: each message says what is wrong, once.
#[test]
fn messages_name_the_real_trouble_once() {
    let dir = scratch("messages");
    // Racing Kings squares are not Grand's.
    let ran = run(&["moves", "--variant", "racingkings", "--square", "z9"]);
    assert_eq!(ran.code, Some(2));
    assert!(!ran.stderr.contains("a-j"), "{}", ran.stderr);
    // A symbolic link loop is one.
    let link = dir.join("loop.yaml");
    let _ = std::fs::remove_file(&link);
    std::os::unix::fs::symlink(&link, &link).unwrap_or_else(|e| panic!("{e}"));
    let ran = run(&["check", &link.display().to_string()]);
    assert_eq!(ran.code, Some(2));
    assert!(ran.stderr.contains("symbolic link loop"), "{}", ran.stderr);
    // A bad --ruling is named as such, not as a --position never given.
    let ran = run(&[
        "perft",
        "1",
        "--variant",
        "sovereign",
        "--ruling",
        "R-NOPE=x",
    ]);
    assert_eq!(ran.code, Some(2));
    assert!(ran.stderr.contains("--ruling"), "{}", ran.stderr);
    assert!(!ran.stderr.contains("--position"), "{}", ran.stderr);
    // The PGN variant error lists every PGN variant (Three Kingdoms is
    // kept in turn records, docs/records.md).
    let pgn = write(&dir, "x.pgn", "[Variant \"Chess960\"]\n\n1. e4 *\n");
    let ran = run(&["replay", &pgn]);
    for name in ["Racing Kings", "Grand", "Sovereign Chess"] {
        assert!(ran.stdout.contains(name), "{name}: {}", ran.stdout);
    }
    assert!(!ran.stdout.contains("Three Kingdoms"), "{}", ran.stdout);
    // OS errors once.
    let ran = run(&["render", "-o", &dir.display().to_string()]);
    assert_eq!(ran.code, Some(2));
    assert_eq!(
        ran.stderr.matches("a folder, not a file").count(),
        1,
        "{}",
        ran.stderr
    );
    assert!(!ran.stderr.contains("os error"), "{}", ran.stderr);
    // An unclosed quote is refused, not dropped.
    let ran = run(&["conform", "--engine", "python3 'unclosed"]);
    assert_eq!(ran.code, Some(2), "{}", said(&ran));
    assert!(ran.stderr.contains("never closes"), "{}", ran.stderr);
    // serve: a protocol that is no version, and silence after a refusal.
    let served = run_with(
        &["serve"],
        b"{\"type\":\"start\",\"protocol\":\"two\"}\n{\"type\":\"perft\",\"seq\":1,\"variant\":\"grand\",\"position\":\"startpos\",\"rulings\":[],\"depth\":1}\n",
        std::time::Duration::from_secs(20),
    );
    assert!(
        served.stdout.contains("is not a protocol version"),
        "{}",
        served.stdout
    );
    assert!(
        !served.stdout.contains("speaks protocol two"),
        "{}",
        served.stdout
    );
    assert_eq!(
        served.stdout.lines().count(),
        1,
        "after a refusal serve ends: {}",
        served.stdout
    );
    // serde's words do not reach the user.
    for (name, text) in [("list.yaml", "variant: [monarchie]\n"), ("empty.yaml", "")] {
        let path = write(&dir, name, text);
        let ran = run(&["check", &path]);
        assert!(
            !said(&ran).contains("invalid type"),
            "{name}: {}",
            said(&ran)
        );
        assert!(
            !said(&ran).contains("expected struct"),
            "{name}: {}",
            said(&ran)
        );
    }
}

/// Item 11: nothing is accepted silently.
#[test]
fn nothing_is_accepted_silently() {
    let dir = scratch("silent");
    let empty = write(&dir, "empty.perft", "# nothing\n");
    let ran = run(&["perft-file", &empty]);
    assert_eq!(ran.code, Some(2), "{}", said(&ran));
    assert!(ran.stderr.contains("no blocks"), "{}", ran.stderr);
    let unknown = write(&dir, "expected.txt", "no-such-scenario-id\n");
    let ran = run(&[
        "conform",
        "--engine",
        "true",
        "--expected-failures",
        &unknown,
    ]);
    assert_eq!(ran.code, Some(2), "{}", said(&ran));
    assert!(ran.stderr.contains("no-such-scenario-id"), "{}", ran.stderr);
    let start = regelwerk::variant::monarchie::Position::start();
    let empty_cell = (1..=253u16)
        .find(|n| {
            regelwerk::variant::monarchie::Cell::try_from(*n)
                .is_ok_and(|cell| start.piece_at(cell).is_none())
        })
        .unwrap_or_else(|| panic!("no empty cell"))
        .to_string();
    for args in [
        vec!["render", "--moves-of", &empty_cell, "-o", "-"],
        vec![
            "render",
            "--variant",
            "grand",
            "--moves-of",
            "e5",
            "-o",
            "-",
        ],
    ] {
        let ran = run(&args);
        assert_eq!(ran.code, Some(2), "{args:?}: {}", said(&ran));
        assert!(ran.stderr.contains("empty"), "{}", ran.stderr);
    }
    // replay counts games: a file of two games is two.
    let game = played_pgn(&dir, "one.pgn");
    let one = std::fs::read_to_string(&game).unwrap_or_else(|e| panic!("{e}"));
    let pgn = dir.join("two.pgn");
    std::fs::write(&pgn, format!("{one}\n{one}")).unwrap_or_else(|e| panic!("{e}"));
    let ran = run(&["replay", &pgn.display().to_string()]);
    assert!(
        ran.stdout
            .contains("replay: 2 game(s) in 1 readable file(s)"),
        "{}",
        ran.stdout
    );
    // spec-sync says when nothing changed (it changes nothing here: the
    // lists are in sync, which `tests/` checks elsewhere).
    let ran = run(&["spec-sync", "--variant", "grand"]);
    assert_eq!(ran.code, Some(0), "{}", said(&ran));
    assert!(ran.stdout.contains("unchanged"), "{}", ran.stdout);
}

/// Issue 44, item 4: a ruling setting the variant refuses is reported at
/// its own line and field (`ruleset`), not at the position before it.
#[test]
fn a_refused_ruling_setting_is_located_where_it_stands() {
    let dir = scratch("ruleset-place");
    let one = std::fs::read_to_string(crate::harness::hostile::ONE_SCENARIO)
        .unwrap_or_else(|e| panic!("{e}"));
    // The scenario's own lines, with the ruleset right before the
    // position, so that a report at the position would be one line off.
    let mut lines: Vec<String> = one.lines().map(str::to_string).collect();
    lines.retain(|line| !line.starts_with("ruleset:"));
    let position = lines
        .iter()
        .position(|line| line.starts_with("position:"))
        .unwrap_or_else(|| panic!("no position line"));
    let setting_line = position + 1;
    lines.insert(position, "ruleset: [R-DOES-NOT-EXIST=whatever]".to_string());
    let path = write(&dir, "ruleset.yaml", &(lines.join("\n") + "\n"));
    let ran = run(&["check", &path]);
    assert_eq!(ran.code, Some(2), "{}", said(&ran));
    assert!(
        said(&ran).contains(&format!("ruleset.yaml:{setting_line}:11: ruleset: ")),
        "line {setting_line}: {}",
        said(&ran)
    );
}

/// Issue 44, item 5: `/dev/null` is an empty list; a device that never
/// ends is still refused.
#[test]
fn dev_null_is_an_empty_input_other_devices_are_refused() {
    let serve = format!("{} serve", env!("CARGO_BIN_EXE_regelwerk"));
    let base = [
        "conform",
        "--variant",
        "racingkings",
        "--clause",
        "rk.1",
        "--engine",
        &serve,
        "--expected-failures",
    ];
    let mut args = base.to_vec();
    args.push("/dev/null");
    let ran = run(&args);
    assert_eq!(ran.code, Some(0), "{}", said(&ran));
    let mut args = base.to_vec();
    args.push("/dev/zero");
    let ran = run(&args);
    assert_eq!(ran.code, Some(2), "{}", said(&ran));
    assert!(ran.stderr.contains("character device"), "{}", said(&ran));
}

/// Issue 44, item 6: each message of the list in words a person
/// can act on.
#[test]
fn the_last_jargon_is_gone() {
    let dir = scratch("jargon-44");
    let huge = "9".repeat(30);
    // A number past 64 bits in a scenario's perft step: the field's range.
    let perft = write(
        &dir,
        "perft.yaml",
        &format!("variant: grand\nid: g.1-x\ndescription: x\nclauses: [g.1]\nposition: {{start: true}}\nsteps:\n- perft: {huge}\n  expect_nodes: 1\n"),
    );
    let ran = run(&["check", &perft]);
    assert_eq!(ran.code, Some(2), "{}", said(&ran));
    assert!(!said(&ran).contains("YAML value"), "{}", said(&ran));
    assert!(
        said(&ran).contains("expected a whole number from 0 to"),
        "{}",
        said(&ran)
    );
    // A journal's match number past 64 bits.
    let journal = write(&dir, "j.journal.yaml", &format!("match: {huge}\n"));
    let ran = run(&["replay", &journal]);
    assert_eq!(ran.code, Some(2), "{}", said(&ran));
    assert!(!said(&ran).contains("YAML value"), "{}", said(&ran));
    assert!(
        said(&ran).contains("whole number from 0 to"),
        "{}",
        said(&ran)
    );
    // A results line that is a list.
    let results = write(&dir, "d.jsonl", "[1, 2]\n");
    let ran = run(&["merge", &results]);
    assert_eq!(ran.code, Some(2), "{}", said(&ran));
    assert!(
        !said(&ran).contains("names this field takes"),
        "{}",
        said(&ran)
    );
    assert!(said(&ran).contains("JSON object"), "{}", said(&ran));
    // Engines that are no program: a folder, a device, a missing program.
    let folder = dir.display().to_string();
    for (engine, words) in [
        (folder.as_str(), "is a folder, not a program"),
        ("/dev/null", "not a program"),
        (
            "/no/such/engine --flag",
            "the program '/no/such/engine' was not found",
        ),
    ] {
        let ran = run(&["conform", "--variant", "racingkings", "--engine", engine]);
        assert_eq!(ran.code, Some(3), "{engine}: {}", said(&ran));
        assert!(said(&ran).contains(words), "{engine}: {}", said(&ran));
        assert!(!said(&ran).contains("os error"), "{engine}: {}", said(&ran));
        assert!(
            !said(&ran).contains("Permission denied"),
            "{engine}: {}",
            said(&ran)
        );
    }
    let ran = run(&[
        "conform",
        "--variant",
        "racingkings",
        "--engine",
        "/no/such/engine --flag",
    ]);
    assert!(
        said(&ran).contains("split into 2 words: '/no/such/engine', '--flag'"),
        "{}",
        said(&ran)
    );
    // A control character is shown as its code point, not in Rust's
    // escape syntax.
    let fen = "8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - - 0 1\u{1}";
    let ran = run(&["show", "--variant", "racingkings", "--position", fen]);
    assert_eq!(ran.code, Some(2), "{}", said(&ran));
    assert!(!said(&ran).contains("\\u{"), "{}", said(&ran));
    assert!(said(&ran).contains("<U+0001>"), "{}", said(&ran));
}

/// Issue 44, item 6: an argument that is not UTF-8 is named by its place
/// and the option it belongs to.
#[test]
fn a_non_utf8_argument_is_named() {
    use std::os::unix::ffi::OsStrExt;
    let bad = std::ffi::OsStr::from_bytes(b"gr\xf6\xdf.yaml");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_regelwerk"))
        .args([
            std::ffi::OsStr::new("check"),
            std::ffi::OsStr::new("--spec"),
            bad,
        ])
        .output()
        .unwrap_or_else(|e| panic!("{e}"));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("argument 3"), "{stderr}");
    assert!(stderr.contains("the value of --spec"), "{stderr}");
    assert!(!stderr.contains("one or more arguments"), "{stderr}");
}
