//! Turn records (docs/records.md): the record of Three Kingdoms games.
//! Played games round-trip through the file and the replay; the result
//! header names the winners and the rule; a file that breaks the format
//! names its line and field; a tampered move, event or result is caught by
//! the replay at its line; `replay` counts games, not files.

use regelwerk::players::{play_recorded, Joshua};
use regelwerk::record::turns::{self, RecordResult};
use regelwerk::record::turns_replay;
use regelwerk::record::Tags;
use regelwerk::variant::{Status, VariantId};

use crate::support::regelwerk;

/// A played game's turn record, with the game's final status.
fn played(seed: u64, seats: [Joshua; 3], max_plies: usize) -> (String, Status) {
    let recorder = play_recorded(VariantId::Threekingdoms, None, &[], &seats, seed, max_plies)
        .unwrap_or_else(|error| panic!("seed {seed}: {error}"));
    let tags = Tags {
        seats: seats.iter().map(|s| format!("regelwerk {s}")).collect(),
        ..Tags::default()
    };
    (recorder.to_turns(&tags), recorder.game().status())
}

/// The 1-based line of the first line of `text` that starts with `prefix`.
fn line_of(text: &str, prefix: &str) -> usize {
    text.lines()
        .position(|line| line.starts_with(prefix))
        .unwrap_or_else(|| panic!("no line `{prefix}` in\n{text}"))
        + 1
}

/// Games between the computer players, written and read back: the same
/// actions and final position, the result header that of the status
/// (winners and rule named), every turn line naming its kingdom.
#[test]
fn turn_record_round_trip() {
    use Joshua::{Greedy, Random, Search};
    let pairings = [
        [Random, Random, Random],
        [Greedy, Random, Search],
        [Random, Greedy, Greedy],
    ];
    let mut won = 0;
    for seed in 0..6u64 {
        let seats = pairings[seed as usize % 3];
        let recorder = play_recorded(VariantId::Threekingdoms, None, &[], &seats, seed, 400)
            .unwrap_or_else(|error| panic!("seed {seed}: {error}"));
        let text = recorder.to_turns(&Tags::default());
        let games = turns::read(&text).unwrap_or_else(|e| panic!("seed {seed}: {e}\n{text}"));
        assert_eq!(games.len(), 1);
        let replayed =
            turns_replay::replay(&games[0]).unwrap_or_else(|d| panic!("seed {seed}: {d}\n{text}"));
        assert_eq!(replayed.actions, recorder.actions(), "seed {seed}");
        assert_eq!(
            replayed.game.position_text(),
            recorder.game().position_text()
        );
        let status = recorder.game().status();
        assert_eq!(replayed.game.status(), status);
        let result_line = match &status {
            Status::Won { winners, reason } => {
                won += 1;
                format!("result: won {} ({reason})", winners.join(" "))
            }
            Status::Drawn { reason } => format!("result: drawn ({reason})"),
            Status::Ongoing => "result: ongoing".to_string(),
        };
        assert!(text.contains(&format!("\n{result_line}\n")), "{text}");
        for (index, turn) in games[0].turns.iter().enumerate() {
            assert_eq!(turn.party, recorder.actors()[index]);
            assert!(["shu", "wu", "wei"].contains(&turn.party.as_str()));
        }
    }
    assert!(
        won > 0,
        "no game of six was won: the result line went untested"
    );
}

/// The result header names every winner and the rule, and reads back.
#[test]
fn result_header_names_winners_and_rule() {
    let shared = RecordResult::parse("won shu wei (resignation)").unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        shared,
        RecordResult::Won {
            winners: vec!["shu".to_string(), "wei".to_string()],
            rule: "resignation".to_string()
        }
    );
    assert_eq!(shared.to_string(), "won shu wei (resignation)");
    assert_eq!(
        RecordResult::parse("drawn (repetition)").map(|r| r.to_string()),
        Ok("drawn (repetition)".to_string())
    );
    for bad in [
        "won (last-general)",
        "won wu",
        "drawn",
        "ongoing (x)",
        "1-0",
        "won wu (a b)",
    ] {
        assert!(RecordResult::parse(bad).is_err(), "{bad} accepted");
    }
}

/// Each broken file gives the line and field where it breaks.
#[test]
fn corrupted_record_names_line_and_field() {
    let (text, _) = played(3, [Joshua::Random; 3], 30);
    let with = |from: &str, to: &str| {
        assert!(text.contains(from), "{from} not in\n{text}");
        text.replacen(from, to, 1)
    };
    let cases: Vec<(String, usize, &str, &str)> = vec![
        (
            with("start: start\n", "start: start\ncolour: red\n"),
            4,
            "colour",
            "unknown header",
        ),
        (
            with(
                "variant: threekingdoms\n",
                "variant: threekingdoms\nvariant: grand\n",
            ),
            3,
            "variant",
            "given twice",
        ),
        (
            with("regelwerk-record: 1", "regelwerk-record: 2"),
            1,
            "regelwerk-record",
            "version",
        ),
        (
            with("\n5. ", "\n6. "),
            line_of(&text, "5. "),
            "turn",
            "turn 6 where turn 5",
        ),
        (
            with("\n7. ", "\n7 "),
            line_of(&text, "7. "),
            "turn",
            "no turn number",
        ),
        (
            with("moves: 30", "moves: 31"),
            line_of(&text, "moves:"),
            "moves",
            "truncated",
        ),
        (
            with("result: ongoing", "result: 1-0"),
            line_of(&text, "result:"),
            "result",
            "no result",
        ),
        (with("result: ongoing\n", ""), 1, "result", "required"),
        (
            format!("{text}\nvariant: threekingdoms\n"),
            text.lines().count() + 2,
            "variant",
            "after the turns",
        ),
        (
            "\n# nothing\n".to_string(),
            2,
            "regelwerk-record",
            "no game",
        ),
    ];
    for (broken, line, field, words) in cases {
        let error = turns::read(&broken)
            .err()
            .unwrap_or_else(|| panic!("accepted:\n{broken}"));
        assert_eq!((error.line, error.field.as_str()), (line, field), "{error}");
        assert!(error.message.contains(words), "{error}");
    }
}

/// A move, an event or the result changed by hand: the replay stops at
/// that line and says what the rules give instead.
#[test]
fn tampered_record_is_caught_by_replay() {
    let (text, status) = played(3, [Joshua::Random, Joshua::Greedy, Joshua::Random], 600);
    assert!(status.is_over(), "seed 3 ends: {status}");
    let games = turns::read(&text).unwrap_or_else(|e| panic!("{e}"));
    let turn = &games[0].turns[3];
    let check = |tampered: String, line: usize, words: &str| {
        let games = turns::read(&tampered).unwrap_or_else(|e| panic!("{e}"));
        let discrepancy = turns_replay::replay(&games[0])
            .err()
            .unwrap_or_else(|| panic!("tampering not caught: {words}"));
        assert_eq!(discrepancy.line, line, "{discrepancy}");
        assert!(discrepancy.message.contains(words), "{discrepancy}");
    };
    let original = format!("\n4. {} {}", turn.party, turn.action);
    // A move to a point the piece cannot reach.
    let from = turn.action.split('-').next().unwrap_or_default();
    check(
        text.replacen(&original, &format!("\n4. {} {from}-{from}", turn.party), 1),
        turn.line,
        "not a legal action",
    );
    // The wrong kingdom.
    let other = if turn.party == "shu" { "wei" } else { "shu" };
    check(
        text.replacen(&original, &format!("\n4. {other} {}", turn.action), 1),
        turn.line,
        "the rules put",
    );
    // An event the move did not cause.
    let quiet = games[0]
        .turns
        .iter()
        .find(|t| t.events.is_empty())
        .unwrap_or_else(|| panic!("no quiet turn"));
    let line = format!("{}. {} {}\n", quiet.number, quiet.party, quiet.action);
    check(
        text.replacen(
            &line,
            &format!(
                "{}. {} {} | check wu\n",
                quiet.number, quiet.party, quiet.action
            ),
            1,
        ),
        quiet.line,
        "the record notes `check wu` but the rules give no events",
    );
    // A result with the wrong winner.
    let result = RecordResult::of(&status).to_string();
    let wrong = match &status {
        Status::Won { reason, .. } => format!("won shu wu wei ({reason})"),
        _ => "won shu (last-general)".to_string(),
    };
    check(
        text.replacen(&format!("result: {result}"), &format!("result: {wrong}"), 1),
        line_of(&text, "result:"),
        &format!(
            "but after {} turns the game is `{result}`",
            games[0].turns.len()
        ),
    );
    // A turn after the end.
    let last = games[0].turns.len();
    let extra = text.replacen(
        &format!("moves: {last}"),
        &format!("moves: {}", last + 1),
        1,
    ) + &format!("{}. shu {}\n", last + 1, turn.action);
    check(extra, text.lines().count() + 1, "already over");
}

/// `play --record` writes a turn record `replay` accepts; two games in
/// one file count as two; `--pgn` is refused for three players, and a
/// PGN claiming Three Kingdoms is pointed to the turn record.
#[test]
fn play_record_and_replay_cli() {
    let dir = std::env::temp_dir().join(format!("regelwerk-turns-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("{e}"));
    let path = dir.join("tk.turns");
    let path_text = path.to_string_lossy().to_string();
    let args = [
        "play",
        "--variant",
        "threekingdoms",
        "--players",
        "random,greedy,random",
        "--seed",
        "3",
        "--quiet",
        "--date",
        "2026-12-01",
        "--record",
        &path_text,
    ];
    let out = regelwerk(&args);
    assert_eq!(out.code, Some(0), "{}{}", out.stdout, out.stderr);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{e}"));
    for header in [
        "regelwerk-record: 1\nvariant: threekingdoms\nstart: start\n",
        "date: 2026-12-01\n",
        "party: shu regelwerk random\nparty: wu regelwerk greedy\nparty: wei regelwerk random\n",
        "\n1. shu ",
    ] {
        assert!(text.contains(header), "{header}\n{text}");
    }
    let out = regelwerk(&["replay", &path_text]);
    assert_eq!(out.code, Some(0), "{}", out.stdout);
    assert!(
        out.stdout
            .contains(&format!("ok {path_text}: threekingdoms")),
        "{}",
        out.stdout
    );
    let two = dir.join("two.turns");
    std::fs::write(&two, format!("{text}\n{text}")).unwrap_or_else(|e| panic!("{e}"));
    let out = regelwerk(&["replay", &two.to_string_lossy()]);
    assert_eq!(out.code, Some(0), "{}", out.stdout);
    assert!(
        out.stdout
            .contains("replay: 2 game(s) in 1 readable file(s): 2 ok"),
        "{}",
        out.stdout
    );
    let bad = dir.join("bad.turns");
    std::fs::write(&bad, text.replacen("moves:", "movez:", 1)).unwrap_or_else(|e| panic!("{e}"));
    let out = regelwerk(&["replay", &bad.to_string_lossy()]);
    assert_eq!(out.code, Some(2), "{}", out.stdout);
    assert!(
        out.stdout.contains(":11: movez: unknown header"),
        "{}",
        out.stdout
    );
    let out = regelwerk(&["play", "--variant", "threekingdoms", "--pgn", "x.pgn"]);
    assert_eq!(out.code, Some(2));
    assert!(out.stderr.contains("--record FILE"), "{}", out.stderr);
    let out = regelwerk(&["play", "--variant", "grand", "--record", "x.turns"]);
    assert_eq!(out.code, Some(2));
    assert!(
        out.stderr.contains("recorded as PGN with --pgn"),
        "{}",
        out.stderr
    );
    let pgn = dir.join("tk.pgn");
    std::fs::write(&pgn, "[Variant \"Three Kingdoms\"]\n\n*\n").unwrap_or_else(|e| panic!("{e}"));
    let out = regelwerk(&["replay", &pgn.to_string_lossy()]);
    assert_eq!(out.code, Some(1), "{}", out.stdout);
    assert!(
        out.stdout.contains("turn records (`*.turns`"),
        "{}",
        out.stdout
    );
    std::fs::remove_dir_all(&dir).ok();
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(300))]

    /// Whatever the text after a valid opening, reading and replaying give
    /// games, an error or a discrepancy, never a panic; a game read writes
    /// back to text that reads to the same game.
    #[test]
    fn turn_record_never_panics(body in "(variant: threekingdoms\n|start: start\n|result: (won wu \\(x\\)|drawn \\(y\\)|ongoing)\n|moves: [0-3]\n|party: [a-z]{2,3} p\n|[1-3]\\. (shu|wu|wei) [A-Za-z0-9 |;-]{0,12}\n|[ -~]{0,20}\n){0,12}") {
        let text = format!("regelwerk-record: 1\n{body}");
        if let Ok(games) = turns::read(&text) {
            for game in &games {
                let _ = turns_replay::replay(game);
                let seats: Vec<(String, String)> = game
                    .seats
                    .iter()
                    .map(|s| (s.value.party.clone(), s.value.player.clone()))
                    .collect();
                let written = turns::write(
                    &game.variant.value,
                    &game.start.value,
                    game.rulings.as_ref().map_or(&[][..], |r| &r.value[..]),
                    &game.about,
                    &seats,
                    &game.result.value,
                    &game.turns,
                );
                let again = turns::read(&written)
                    .unwrap_or_else(|e| panic!("{written:?} does not read back: {e}"));
                proptest::prop_assert_eq!(again.len(), 1);
                proptest::prop_assert_eq!(&again[0].result.value, &game.result.value);
                let strip = |turns: &[turns::Turn]| -> Vec<(usize, String, String, String)> {
                    turns
                        .iter()
                        .map(|t| (t.number, t.party.clone(), t.action.clone(), t.events.clone()))
                        .collect()
                };
                proptest::prop_assert_eq!(strip(&again[0].turns), strip(&game.turns));
            }
        }
    }
}
