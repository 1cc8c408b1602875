//! Commands that take lists of files name a file they cannot read and do
//! not count it as a unit of work (a game, a scenario, a shard): the
//! summary says how many files could not be read, the exit code is 2.

use crate::harness::hostile::{run as regelwerk, scratch};
use crate::harness::messages::{played_pgn, said};

/// `replay` of a missing file of each kind: no game counted, no file
/// counted as replayed, the file named with its reason, exit 2.
#[test]
fn replay_counts_a_missing_file_as_unreadable_not_as_a_game() {
    let dir = scratch("replay-missing");
    for name in ["missing.pgn", "missing.turns", "missing.journal.yaml"] {
        let path = dir.join(name).display().to_string();
        let out = regelwerk(&["replay", &path]);
        assert_eq!(out.code, Some(2), "{name}: {}", said(&out));
        assert!(
            out.stdout.contains(&format!(
                "replay: 0 game(s) in 0 readable file(s): 0 ok, 0 with discrepancies or errors; 1 file could not be read: {path}: no such file"
            )),
            "{name}: {}",
            said(&out)
        );
    }
    std::fs::remove_dir_all(&dir).ok();
}

/// A good file beside a missing one: the good file's games are counted,
/// the missing file is named and not counted; still exit 2.
#[test]
fn replay_counts_the_readable_files_games_beside_a_missing_one() {
    let dir = scratch("replay-mixed");
    let game = played_pgn(&dir, "one.pgn");
    let missing = dir.join("gone.turns").display().to_string();
    let out = regelwerk(&["replay", &game, &missing]);
    assert_eq!(out.code, Some(2), "{}", said(&out));
    assert!(
        out.stdout.contains(&format!(
            "replay: 1 game(s) in 1 readable file(s): 1 ok, 0 with discrepancies or errors; 1 file could not be read: {missing}: no such file"
        )),
        "{}",
        said(&out)
    );
    std::fs::remove_dir_all(&dir).ok();
}

/// `perft-file`, `check` and `merge` name a missing file and count
/// nothing (no line checked, no scenario run, no shard merged): exit 2.
#[test]
fn perft_file_check_and_merge_name_a_missing_file_and_count_nothing() {
    let dir = scratch("lists-missing");
    let missing = |name: &str| dir.join(name).display().to_string();
    let perft = missing("gone.perft");
    let yaml = missing("gone.yaml");
    let shard = missing("gone.jsonl");
    let cases: [(&str, Vec<&str>, &str); 3] = [
        (
            "perft-file",
            vec!["perft-file", &perft, "--variant", "grand"],
            &perft,
        ),
        ("check", vec!["check", "scenarios/grand", &yaml], &yaml),
        ("merge", vec!["merge", &shard], &shard),
    ];
    for (command, args, path) in cases {
        let out = regelwerk(&args);
        assert_eq!(out.code, Some(2), "{command}: {}", said(&out));
        assert!(
            out.stderr.contains(path) && out.stderr.contains("no such file"),
            "{command} names the missing file: {}",
            said(&out)
        );
        // Nothing was counted: no summary of passed lines, scenarios or
        // merged shards.
        for summary in ["passed", "scenarios in", "shards of"] {
            assert!(
                !out.stdout.contains(summary) && !out.stderr.contains(summary),
                "{command} counted work despite the missing file: {}",
                said(&out)
            );
        }
    }
    std::fs::remove_dir_all(&dir).ok();
}
