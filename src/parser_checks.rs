//! The properties every parser regelwerk exposes to other people's files
//! and processes must keep, whatever bytes it is given: one function per
//! parser, each panicking when a property breaks. They are shared by two
//! drivers: the libFuzzer targets of `fuzz/` (a campaign outside CI,
//! `fuzz/campaign.sh`) and the corpus replay of `cargo test`
//! (`harness::parser_corpus`), which runs every committed corpus input
//! through the same function, so that CI keeps every input a campaign
//! found without building the fuzz crate (docs/testing.md, "Fuzzing the
//! parsers").
//!
//! A panic here is the finding, not an error path: these functions are
//! test oracles, never called on a user's input by the program.

use std::path::Path;

use crate::budget::NodeBudget;
use crate::protocol::client::parse_reply;
use crate::protocol::serve::serve_within;
use crate::protocol::Response;
use crate::record::{pgn, turns, turns_replay};
use crate::variant::{self, VariantId};

/// One fuzz target: its name (the folder of its corpus under
/// `fuzz/corpus/`) and its check.
pub struct Target {
    /// The target's name, as `cargo fuzz run` and the corpus folder know it.
    pub name: &'static str,
    /// The property check for one input.
    pub check: fn(&[u8]),
}

/// Every fuzz target, in the order `fuzz/campaign.sh` lists them.
pub const TARGETS: [Target; 8] = [
    Target {
        name: "action",
        check: action,
    },
    Target {
        name: "client_reply",
        check: client_reply,
    },
    Target {
        name: "journal_yaml",
        check: journal_yaml,
    },
    Target {
        name: "pgn",
        check: pgn_record,
    },
    Target {
        name: "position",
        check: position,
    },
    Target {
        name: "scenario_yaml",
        check: scenario_yaml,
    },
    Target {
        name: "serve_request",
        check: serve_request,
    },
    Target {
        name: "turn_record",
        check: turn_record,
    },
];

/// The first byte picks the variant; the rest is text, or `None` when it
/// is not UTF-8.
fn variant_and_text(data: &[u8]) -> Option<(VariantId, &str)> {
    let (&pick, rest) = data.split_first()?;
    let text = std::str::from_utf8(rest).ok()?;
    Some((
        VariantId::ALL[usize::from(pick) % VariantId::ALL.len()],
        text,
    ))
}

/// Move and action text of every variant, played on the start position:
/// each line is either played or refused with a code. (MONARCHIE's action
/// notation round trip, which the libFuzzer target checked here before,
/// is pinned by the notation tests of its rule system; this module names
/// no rule system, `harness::structure`.)
///
/// # Panics
/// When a played move's report disagrees with the position, or a refusal
/// carries no code.
pub fn action(data: &[u8]) {
    let Some((id, text)) = variant_and_text(data) else {
        return;
    };
    let Ok(mut game) = variant::open(id, None, &[]) else {
        return;
    };
    for line in text.lines().take(64) {
        match game.play(line) {
            Ok(report) => assert_eq!(report.position, game.position_text()),
            Err(refusal) => assert!(!refusal.code.is_empty(), "a refusal without a code"),
        }
    }
}

/// The client reading an engine's replies: a response writes back and
/// reads again to the same value.
///
/// # Panics
/// When a response does not serialise or does not read back as itself.
pub fn client_reply(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    if let Ok(response) = parse_reply(&text) {
        let written = serde_json::to_string(&response).expect("responses serialise");
        let again = parse_reply(&written)
            .unwrap_or_else(|error| panic!("{written} does not read back: {error}"));
        assert_eq!(again, response);
    }
}

/// A journal (clause 17), through the registry's journal keeper: written
/// to a file of this process's own and replayed from there (the keeper
/// reads files), so that this harness module names no rule system.
///
/// # Panics
/// When a refused journal's error says nothing.
pub fn journal_yaml(data: &[u8]) {
    let path = std::env::temp_dir().join(format!(
        "regelwerk-parser-check-{}.journal.yaml",
        std::process::id()
    ));
    if std::fs::write(&path, data).is_err() {
        return;
    }
    if let Err(error) = crate::journal::replay_file(&path) {
        assert!(!error.to_string().is_empty(), "an error without a message");
    }
    let _ = std::fs::remove_file(&path);
}

/// PGN: every game read is written and read again to the same tags,
/// moves and outcome.
///
/// # Panics
/// When the round trip changes a game.
pub fn pgn_record(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(games) = pgn::read(text) else {
        return;
    };
    for game in games {
        let sans: Vec<String> = game.moves.iter().map(|token| token.text.clone()).collect();
        let written = pgn::write(&game.tags, &sans, false, 1, game.outcome);
        let again = pgn::read(&written)
            .unwrap_or_else(|error| panic!("{written:?} does not read back: {error}"));
        assert_eq!(again.len(), 1, "one game written, {} read", again.len());
        assert_eq!(again[0].tags, game.tags);
        let again_sans: Vec<String> = again[0].moves.iter().map(|t| t.text.clone()).collect();
        assert_eq!(again_sans, sans);
        assert_eq!(again[0].outcome, game.outcome);
    }
}

/// A position in any variant's notation: written and read again to the
/// same text, and everything a harness asks of it answers.
///
/// # Panics
/// When the round trip changes the position or a listed move is refused.
pub fn position(data: &[u8]) {
    let Some((id, text)) = variant_and_text(data) else {
        return;
    };
    let Ok(game) = variant::open(id, Some(text), &[]) else {
        return;
    };
    let written = game.position_text();
    let again = variant::open(id, Some(&written), &[]).unwrap_or_else(|message| {
        panic!("{id}: {written:?} (written from {text:?}) does not read back: {message}")
    });
    assert_eq!(
        again.position_text(),
        written,
        "{id}: the round trip changed the position"
    );
    let moves = again.legal_moves();
    let _ = again.status();
    let _ = again.to_move();
    if let Some(first) = moves.first() {
        let mut child = again.boxed_clone();
        child.play(first).unwrap_or_else(|refusal| {
            panic!("{id}: listed move {first} refused: {}", refusal.code)
        });
    }
}

/// A scenario file: read, validated, and run when it reads.
///
/// # Panics
/// When an error carries no message.
pub fn scenario_yaml(data: &[u8]) {
    let path = Path::new("fuzz.yaml");
    let text = match crate::input::decode(path, data) {
        Ok(text) => text,
        Err(error) => {
            assert!(!error.to_string().is_empty());
            return;
        }
    };
    match crate::scenario::load::load_str(path, &text, None) {
        Ok(loaded) => {
            let _ = crate::scenario::run(&loaded);
        }
        Err(error) => assert!(!error.message.is_empty(), "an error without a message"),
    }
}

/// The server reading requests: one JSON answer per non-empty line, each
/// a valid response, perft held to 2,000 nodes so an input runs in
/// milliseconds.
///
/// # Panics
/// When an answer is not a response or there are more answers than lines.
pub fn serve_request(data: &[u8]) {
    let mut output = Vec::new();
    serve_within(data, &mut output, NodeBudget::AtMost(2_000))
        .expect("writing to memory does not fail");
    let text = String::from_utf8(output).expect("the server writes UTF-8");
    for line in text.lines() {
        let response: Result<Response, _> = serde_json::from_str(line);
        assert!(response.is_ok(), "not a response: {line}");
    }
    let asked = data
        .split(|&byte| byte == b'\n')
        .filter(|line| !line.iter().all(u8::is_ascii_whitespace))
        .count();
    let answered = text.lines().count();
    assert!(answered <= asked, "{answered} answers to {asked} lines");
}

/// Free text is written on one line, its whitespace runs as one space.
fn one_line(about: &[(String, String)]) -> Vec<(String, String)> {
    about
        .iter()
        .map(|(key, value)| {
            let words: Vec<&str> = value.split_whitespace().collect();
            (key.clone(), words.join(" "))
        })
        .collect()
}

/// The parts of a turn the round trip keeps.
fn turn_parts(turns: &[turns::Turn]) -> Vec<(usize, String, String, String)> {
    turns
        .iter()
        .map(|t| {
            (
                t.number,
                t.party.clone(),
                t.action.clone(),
                t.events.clone(),
            )
        })
        .collect()
}

/// The Three Kingdoms turn record: every game read is written and read
/// again to the same headers, seats, result and turns, and replayed.
///
/// # Panics
/// When the round trip changes a game.
pub fn turn_record(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(games) = turns::read(text) else {
        return;
    };
    for game in games {
        let rulings = game
            .rulings
            .as_ref()
            .map(|line| line.value.clone())
            .unwrap_or_default();
        let seats: Vec<(String, String)> = game
            .seats
            .iter()
            .map(|seat| (seat.value.party.clone(), seat.value.player.clone()))
            .collect();
        let written = turns::write(
            &game.variant.value,
            &game.start.value,
            &rulings,
            &game.about,
            &seats,
            &game.result.value,
            &game.turns,
        );
        let again = turns::read(&written)
            .unwrap_or_else(|error| panic!("{written:?} does not read back: {error}"));
        assert_eq!(again.len(), 1, "one game written, {} read", again.len());
        let again = &again[0];
        assert_eq!(again.variant.value, game.variant.value);
        assert_eq!(again.start.value, game.start.value);
        assert_eq!(again.result.value, game.result.value);
        assert_eq!(one_line(&again.about), one_line(&game.about));
        assert_eq!(turn_parts(&again.turns), turn_parts(&game.turns));
        let _ = turns_replay::replay(&game);
    }
}
