//! Journals (clauses 17 and 18): the checked-in schema is current, the
//! committed journals replay, a broken journal gets a located discrepancy
//! report, malformed journals get located errors, and every journal that
//! `play` writes replays without discrepancy.

use std::path::{Path, PathBuf};

use regelwerk::journal;
use regelwerk::players::Joshua;
use regelwerk::suite::run_suite;
use regelwerk::variant::monarchie::journal::cases as journal_cases;
use regelwerk::variant::monarchie::journal::{
    load_journal, load_journal_str, replay, Clocks, Journal,
};
use regelwerk::variant::monarchie::party::{ByParty, Party};
use regelwerk::variant::monarchie::players::{play_game, GameConfig, Seat};
use regelwerk::variant::monarchie::Ruleset;
use regelwerk::variant::suite_file::SuiteFileOutcome;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn journal_files() -> Vec<PathBuf> {
    let dir = root().join("scenarios/monarchie/journals");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|error| panic!("{}: {error}", dir.display()))
        .filter_map(|entry| entry.ok().map(|e| e.path()))
        .filter(|path| journal_cases::is_journal_file(path))
        .collect();
    files.sort();
    files
}

#[test]
fn checked_in_schema_is_current() {
    let path = root().join("schemas/journal.schema.json");
    let checked_in = std::fs::read_to_string(&path).unwrap_or_default();
    pretty_assertions::assert_eq!(
        checked_in.trim_end(),
        journal::schema_json().trim_end(),
        "schemas/journal.schema.json is stale: regenerate with `cargo run -- schema journal > schemas/journal.schema.json`"
    );
}

#[test]
fn committed_journals_replay() {
    let files = journal_files();
    assert!(
        files.len() >= 4,
        "expected at least four journals, found {files:?}"
    );
    let mut winners = 0;
    for path in &files {
        let (journal, rules) = load_journal(path).unwrap_or_else(|error| panic!("{error}"));
        let position = replay(path, &journal, &rules).unwrap_or_else(|d| panic!("{d}"));
        winners += usize::from(position.winner().is_some());
    }
    assert!(winners >= 1, "at least one journal ends with a winner");
}

#[test]
fn check_reports_journals_under_m18() {
    let files =
        regelwerk::scenario::collect_all_files(&[root().join("scenarios/monarchie/journals")])
            .unwrap_or_else(|error| panic!("{error}"));
    let report = run_suite(&files, None, Some("m.18"), None, |_, _| {});
    assert_eq!(report.cases.len(), journal_files().len());
    assert!(report.all_passed(), "{:?}", report.cases);
    let rows = report.clause_rows(None);
    assert!(rows
        .iter()
        .any(|row| row.clause == "m.17.journal" && row.passed == report.cases.len()));
}

#[test]
fn broken_journal_reports_the_first_discrepancy() {
    let path = root().join("tests/data/broken-check.journal.yaml");
    let (journal, rules) = load_journal(&path).unwrap_or_else(|error| panic!("{error}"));
    let discrepancy = replay(&path, &journal, &rules).expect_err("the journal is broken");
    assert_eq!(discrepancy.action, 7);
    assert!(discrepancy.journal.contains("gruen"), "{discrepancy}");
    assert!(!discrepancy.rules.contains("check"), "{discrepancy}");
    assert!(discrepancy
        .notation
        .ends_with("1195,1140,1140,1140,1140,1140 -"));
    let text = discrepancy.to_string();
    for needed in [
        "discrepancy at action 7",
        "position before:",
        "the journal says:",
        "the rules give:",
        "to move: Blau",
    ] {
        assert!(text.contains(needed), "missing '{needed}' in:\n{text}");
    }
    // The suite reports it as a failed m.18 case.
    let case = journal_cases::journal_case(&path);
    assert!(matches!(
        case.outcome,
        SuiteFileOutcome::Failed { step: 7, .. }
    ));
}

#[test]
fn replay_cli_exits_non_zero_on_a_discrepancy() {
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_regelwerk"))
        .arg("replay")
        .arg(root().join("tests/data/broken-check.journal.yaml"))
        .output()
        .unwrap_or_else(|error| panic!("running regelwerk: {error}"));
    assert_eq!(output.status.code(), Some(1));
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(stdout.contains("discrepancy at action 7"), "{stdout}");
}

fn minimal(extra: &str) -> String {
    let seats: String = Party::ALL
        .iter()
        .map(|p| format!("  - {{colour: {p}, name: J {p}, kind: computer, engine: random}}\n"))
        .collect();
    format!(
        "match: 1\ndate: 2026-11-29\ngame_type: demonstration\nparticipants:\n{seats}actions:\n  - {{n: 1, party: blau, action: 16-28{extra}}}\nresult: {{status: undecided, actions: 1}}\n"
    )
}

#[test]
fn a_minimal_journal_replays() {
    let path = Path::new("minimal.journal.yaml");
    let (journal, rules) = load_journal_str(path, &minimal("")).unwrap_or_else(|e| panic!("{e}"));
    replay(path, &journal, &rules).unwrap_or_else(|d| panic!("{d}"));
}

#[test]
fn unknown_field_is_located() {
    let path = Path::new("bad.journal.yaml");
    let error = load_journal_str(path, &minimal(", colour: blau")).expect_err("unknown field");
    assert_eq!(error.line, 12, "{error}");
    assert!(error.column > 0, "{error}");
    assert_eq!(error.field, "actions[0]", "{error}");
    assert!(error.message.contains("unknown field `colour`"), "{error}");
    assert!(
        error.to_string().starts_with("bad.journal.yaml:12:"),
        "{error}"
    );
}

#[test]
fn bad_values_are_located() {
    let path = Path::new("bad.journal.yaml");
    let text = minimal("").replace("kind: computer", "kind: robot");
    let error = load_journal_str(path, &text).expect_err("bad kind");
    assert!(error.field.starts_with("participants[0]"), "{error}");
    assert!(
        error.message.contains("human") && error.message.contains("computer"),
        "{error}"
    );
    let text = minimal("").replace("  - {colour: rot", "  - {colour: blau");
    let error = load_journal_str(path, &text).expect_err("two blau seats");
    assert_eq!(error.field, "participants", "{error}");
    let text = minimal("").replace("demonstration", "official");
    let error = load_journal_str(path, &text).expect_err("official without level");
    assert_eq!(error.field, "level", "{error}");
}

#[test]
fn wrong_party_and_illegal_moves_are_discrepancies() {
    let path = Path::new("x.journal.yaml");
    let text = minimal("").replace("party: blau", "party: rot");
    let (journal, rules) = load_journal_str(path, &text).unwrap_or_else(|e| panic!("{e}"));
    let discrepancy = replay(path, &journal, &rules).expect_err("rot is not to move");
    assert!(discrepancy.rules.contains("blau"), "{discrepancy}");
    let text = minimal("").replace("16-28", "16-40");
    let (journal, rules) = load_journal_str(path, &text).unwrap_or_else(|e| panic!("{e}"));
    let discrepancy = replay(path, &journal, &rules).expect_err("illegal move");
    assert!(discrepancy.rules.starts_with("illegal ("), "{discrepancy}");
}

fn game(seed: u64, max_plies: usize) -> Journal {
    let kinds = Joshua::ALL;
    let seats = ByParty::from_fn(|party: Party| {
        Seat::Computer(kinds[(party.index() + seed as usize) % kinds.len()])
    });
    let clocks = if seed % 2 == 0 {
        Clocks::Timed
    } else {
        Clocks::Untimed
    };
    let config = GameConfig {
        seed,
        seats,
        max_plies,
        clocks,
        match_number: seed,
        date: "2026-11-29".to_string(),
    };
    play_game(&config, &Ruleset::default()).journal
}

/// 200 seeded games in four parallel tests: every journal `play` writes
/// replays, also after a YAML round trip.
fn games_replay(seeds: std::ops::Range<u64>) {
    for seed in seeds {
        let journal = game(seed, 150);
        let text = journal.to_yaml().unwrap_or_else(|e| panic!("{e}"));
        let path = PathBuf::from(format!("seed-{seed}.journal.yaml"));
        let (read, rules) = load_journal_str(&path, &text).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(read, journal, "seed {seed}: YAML round trip");
        replay(&path, &read, &rules).unwrap_or_else(|d| panic!("seed {seed}: {d}"));
    }
}

#[test]
fn played_games_replay_seeds_0_to_49() {
    games_replay(0..50);
}

#[test]
fn played_games_replay_seeds_50_to_99() {
    games_replay(50..100);
}

#[test]
fn played_games_replay_seeds_100_to_149() {
    games_replay(100..150);
}

#[test]
fn played_games_replay_seeds_150_to_199() {
    games_replay(150..200);
}
