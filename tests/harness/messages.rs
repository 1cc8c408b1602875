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
