//! Every input the fuzz campaigns kept (`fuzz/corpus/<target>/`) run
//! through the target's property check (`regelwerk::parser_checks`), so
//! that CI keeps what the campaigns found without building the fuzz crate
//! (docs/testing.md, "Fuzzing the parsers").

use std::collections::BTreeSet;
use std::fs;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};

use regelwerk::parser_checks::{Target, TARGETS};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The corpus files of one target, sorted by name.
fn corpus(target: &str) -> Vec<PathBuf> {
    let folder = root().join("fuzz/corpus").join(target);
    let mut files: Vec<PathBuf> = fs::read_dir(&folder)
        .unwrap_or_else(|error| panic!("{}: {error}", folder.display()))
        .map(|entry| entry.expect("a corpus entry").path())
        .filter(|path| path.is_file())
        .collect();
    files.sort();
    files
}

/// Runs `check` on every file, returning each file whose check panicked,
/// with the panic's message.
fn replay(check: fn(&[u8]), files: &[PathBuf]) -> Vec<String> {
    let mut failures = Vec::new();
    for file in files {
        let data = fs::read(file).unwrap_or_else(|error| panic!("{}: {error}", file.display()));
        if let Err(payload) = catch_unwind(AssertUnwindSafe(|| check(&data))) {
            let message = payload
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| payload.downcast_ref::<&str>().map(|s| (*s).to_owned()))
                .unwrap_or_default();
            failures.push(format!("{}: {message}", file.display()));
        }
    }
    failures
}

fn replay_target(name: &str) {
    let target: &Target = TARGETS
        .iter()
        .find(|target| target.name == name)
        .unwrap_or_else(|| panic!("no parser check named {name}"));
    let files = corpus(name);
    assert!(!files.is_empty(), "fuzz/corpus/{name} is empty");
    let failures = replay(target.check, &files);
    assert!(
        failures.is_empty(),
        "{} of {} corpus inputs of {name} break their property:\n{}",
        failures.len(),
        files.len(),
        failures.join("\n")
    );
}

#[test]
fn the_action_corpus_keeps_its_properties() {
    replay_target("action");
}

#[test]
fn the_client_reply_corpus_keeps_its_properties() {
    replay_target("client_reply");
}

#[test]
fn the_journal_yaml_corpus_keeps_its_properties() {
    replay_target("journal_yaml");
}

#[test]
fn the_pgn_corpus_keeps_its_properties() {
    replay_target("pgn");
}

#[test]
fn the_position_corpus_keeps_its_properties() {
    replay_target("position");
}

#[test]
fn the_scenario_yaml_corpus_keeps_its_properties() {
    replay_target("scenario_yaml");
}

#[test]
fn the_serve_request_corpus_keeps_its_properties() {
    replay_target("serve_request");
}

#[test]
fn the_turn_record_corpus_keeps_its_properties() {
    replay_target("turn_record");
}

/// Every libFuzzer target in `fuzz/fuzz_targets/` has its check in
/// `parser_checks::TARGETS` and a corpus, and the other way round, so a
/// new target is never left out of the replay.
#[test]
fn every_fuzz_target_is_replayed() {
    let names = |folder: &Path, strip: &str| -> BTreeSet<String> {
        fs::read_dir(folder)
            .unwrap_or_else(|error| panic!("{}: {error}", folder.display()))
            .map(|entry| {
                entry
                    .expect("an entry")
                    .file_name()
                    .to_string_lossy()
                    .into_owned()
            })
            .map(|name| name.strip_suffix(strip).map_or(name.clone(), str::to_owned))
            .collect()
    };
    let sources = names(&root().join("fuzz/fuzz_targets"), ".rs");
    let corpora = names(&root().join("fuzz/corpus"), "");
    let checks: BTreeSet<String> = TARGETS.iter().map(|t| t.name.to_owned()).collect();
    assert_eq!(
        sources, checks,
        "fuzz/fuzz_targets against parser_checks::TARGETS"
    );
    assert_eq!(
        corpora, checks,
        "fuzz/corpus against parser_checks::TARGETS"
    );
    for source in &sources {
        let text = fs::read_to_string(
            root()
                .join("fuzz/fuzz_targets")
                .join(format!("{source}.rs")),
        )
        .expect("a target's source");
        assert!(
            text.contains("regelwerk::parser_checks::"),
            "fuzz/fuzz_targets/{source}.rs does not call its shared check"
        );
    }
}

/// The replay reports a check that breaks, with the file: a check that
/// panics on one input is caught and named.
#[test]
fn the_replay_names_an_input_that_breaks_its_property() {
    fn breaks_on_x(data: &[u8]) {
        assert!(!data.starts_with(b"x"), "an input starting with x");
    }
    let dir = std::env::temp_dir().join(format!("regelwerk-corpus-{}", std::process::id()));
    fs::create_dir_all(&dir).expect("a temporary folder");
    let good = dir.join("good");
    let bad = dir.join("bad");
    fs::write(&good, b"fine").expect("write");
    fs::write(&bad, b"xylophone").expect("write");
    let failures = replay(breaks_on_x, &[good, bad.clone()]);
    fs::remove_dir_all(&dir).ok();
    assert_eq!(failures.len(), 1, "{failures:?}");
    assert!(
        failures[0].starts_with(&bad.display().to_string()),
        "{failures:?}"
    );
    assert!(
        failures[0].contains("an input starting with x"),
        "{failures:?}"
    );
}
