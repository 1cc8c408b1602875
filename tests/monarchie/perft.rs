//! The perft corpus `tests/data/monarchie.perft` (its header is the format
//! spec): every recorded leaf count, the provenance move lists, divide, and
//! the `regelwerk perft` command.

use std::collections::BTreeSet;
use std::process::Command;

use regelwerk::perftfile;
use regelwerk::variant::monarchie::notation::{parse_position, to_notation};
use regelwerk::variant::monarchie::perft::{divide, perft};
use regelwerk::variant::monarchie::rules::{self, legal_moves};
use regelwerk::variant::monarchie::{Action, Position, Ruleset};

const CORPUS_PATH: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/monarchie.perft");
const CORPUS: &str = include_str!("../data/monarchie.perft");

/// Counts of at most this many nodes run in the normal test run whatever
/// their depth (about a second in the test profile); larger ones of depth 5
/// or more run only with `--ignored`.
const CHEAP_NODES: u64 = 2_000_000;

/// Deepest depth that always runs.
const ALWAYS_DEPTH: u32 = 4;

/// One `perft <depth> <nodes>` line.
#[derive(Debug, Clone, Copy)]
struct Count {
    depth: u32,
    nodes: u64,
    line: usize,
}

impl Count {
    fn is_cheap(&self) -> bool {
        self.depth <= ALWAYS_DEPTH || self.nodes <= CHEAP_NODES
    }
}

/// One `id` block of the corpus.
#[derive(Debug, Default, Clone)]
struct Entry {
    id: String,
    line: usize,
    from: Option<(String, usize)>,
    moves: Option<(Vec<String>, usize)>,
    position: Option<(String, usize)>,
    rulings: Vec<String>,
    counts: Vec<Count>,
}

impl Entry {
    fn position_text(&self) -> &str {
        &self
            .position
            .as_ref()
            .unwrap_or_else(|| unreachable!("checked by the parser"))
            .0
    }

    fn position(&self) -> Position {
        parse_position(self.position_text()).unwrap_or_else(|error| {
            panic!(
                "{}: block '{}': position does not parse: {error}",
                location(self.position.as_ref().map_or(self.line, |p| p.1)),
                self.id
            )
        })
    }

    fn rules(&self) -> Ruleset {
        Ruleset::from_settings(&self.rulings).unwrap_or_else(|error| {
            panic!(
                "{}: block '{}': bad ruling: {error}",
                location(self.line),
                self.id
            )
        })
    }

    /// The command that recomputes one count.
    fn rerun(&self, depth: u32) -> String {
        let rulings: String = self
            .rulings
            .iter()
            .map(|r| format!(" --ruling {r}"))
            .collect();
        format!(
            "cargo run --release -- perft {depth} --position \"{}\"{rulings}",
            self.position_text()
        )
    }
}

fn location(line: usize) -> String {
    format!("tests/data/monarchie.perft:{line}")
}

/// Reads the corpus with the one perft-file reader; panics naming the
/// line of anything malformed, and of a block this corpus's own rules
/// refuse (no comment on its origin, `from` without `moves`).
fn parse_corpus(text: &str) -> Vec<Entry> {
    let file = perftfile::parse(text, "tests/data/monarchie.perft")
        .unwrap_or_else(|error| panic!("{error}"));
    file.blocks
        .into_iter()
        .map(|block| {
            let at = location(block.line);
            assert!(
                block.comments > 0,
                "{at}: block '{}' has no comment saying where its position comes from",
                block.id
            );
            assert_eq!(
                block.from.is_some(),
                block.moves.is_some(),
                "{at}: block '{}': 'from' and 'moves' go together",
                block.id
            );
            Entry {
                line: block.line,
                from: block.from.map(|from| (from.value, from.line)),
                moves: block.moves.map(|moves| (moves.value, moves.line)),
                position: Some((block.position.value, block.position.line)),
                rulings: block.rulings,
                counts: block
                    .counts
                    .iter()
                    .map(|count| Count {
                        depth: count.depth,
                        nodes: count.nodes,
                        line: count.line,
                    })
                    .collect(),
                id: block.id,
            }
        })
        .collect()
}

fn corpus() -> Vec<Entry> {
    parse_corpus(CORPUS)
}

/// Runs the given counts, several blocks at a time, and reports every
/// mismatch at once.
fn check_counts(select: impl Fn(&Count) -> bool + Sync) -> usize {
    let entries = corpus();
    let results: Vec<Vec<String>> = std::thread::scope(|scope| {
        let handles: Vec<_> = entries
            .iter()
            .map(|entry| {
                let select = &select;
                scope.spawn(move || {
                    let position = entry.position();
                    let rules = entry.rules();
                    let mut failures = Vec::new();
                    for count in entry.counts.iter().filter(|c| select(c)) {
                        let actual = perft(&position, count.depth, &rules);
                        if actual != count.nodes {
                            failures.push(format!(
                                "{}: block '{}' perft {}: expected {}, engine says {}\n  rerun: {}",
                                location(count.line),
                                entry.id,
                                count.depth,
                                count.nodes,
                                actual,
                                entry.rerun(count.depth)
                            ));
                        }
                    }
                    failures
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("perft thread panicked"))
            .collect()
    });
    let failures: Vec<String> = results.into_iter().flatten().collect();
    assert!(
        failures.is_empty(),
        "{} perft count(s) differ:\n{}",
        failures.len(),
        failures.join("\n")
    );
    entries
        .iter()
        .flat_map(|e| &e.counts)
        .filter(|c| select(c))
        .count()
}

#[test]
fn corpus_is_well_formed_and_canonical() {
    let entries = corpus();
    assert!(
        entries.len() >= 6,
        "the corpus needs at least six positions"
    );
    for entry in &entries {
        let position = entry.position();
        assert_eq!(
            to_notation(&position),
            entry.position_text(),
            "{}: block '{}': the position is not written canonically",
            location(entry.position.as_ref().map_or(entry.line, |p| p.1)),
            entry.id
        );
        let _ = entry.rules();
    }
    let start = entries
        .iter()
        .find(|e| e.id == "start")
        .expect("a 'start' block");
    assert_eq!(start.position(), Position::start());
    assert!(start.rulings.is_empty());
    let depths: Vec<u32> = start.counts.iter().map(|c| c.depth).collect();
    assert_eq!(depths, [1, 2, 3, 4, 5]);
}

#[test]
fn provenance_moves_reproduce_the_positions() {
    let mut replayed = 0;
    for entry in corpus() {
        let (Some((from, from_line)), Some((moves, moves_line))) = (&entry.from, &entry.moves)
        else {
            continue;
        };
        let rules = entry.rules();
        let mut position = if from == "start" {
            Position::start()
        } else {
            parse_position(from).unwrap_or_else(|error| {
                panic!("{}: 'from' does not parse: {error}", location(*from_line))
            })
        };
        for (index, text) in moves.iter().enumerate() {
            let action: Action = text.parse().unwrap_or_else(|error| {
                panic!(
                    "{}: action {} '{text}': {error}",
                    location(*moves_line),
                    index + 1
                )
            });
            rules::apply(&mut position, action, &rules).unwrap_or_else(|error| {
                panic!(
                    "{}: action {} '{text}' is illegal: {error}",
                    location(*moves_line),
                    index + 1
                )
            });
        }
        assert_eq!(
            to_notation(&position),
            entry.position_text(),
            "{}: block '{}': replaying the moves gives another position",
            location(*moves_line),
            entry.id
        );
        replayed += 1;
    }
    assert!(replayed >= 4, "only {replayed} blocks carry their moves");
}

#[test]
fn perft_counts() {
    let checked = check_counts(Count::is_cheap);
    assert!(checked >= 40, "only {checked} counts checked");
}

/// The expensive counts (depth 5 and more, over 2 million nodes); about two
/// minutes in release mode.
#[test]
#[ignore = "slow: run with `cargo test --release --test main -- --ignored perft`"]
fn perft_counts_deep() {
    let checked = check_counts(|count| !count.is_cheap());
    assert!(checked > 0);
}

#[test]
fn divide_sums_to_perft_and_lists_the_legal_moves() {
    for entry in corpus() {
        let position = entry.position();
        let rules = entry.rules();
        let Some(count) = entry
            .counts
            .iter()
            .rev()
            .find(|c| c.depth >= 1 && c.depth <= 3)
        else {
            continue;
        };
        let rows = divide(&position, count.depth, &rules);
        let total: u64 = rows.iter().map(|(_, n)| n).sum();
        assert_eq!(
            total,
            count.nodes,
            "{}: block '{}': divide {} sums to {total}",
            location(count.line),
            entry.id,
            count.depth
        );
        let listed: Vec<_> = rows.iter().map(|(mv, _)| *mv).collect();
        assert_eq!(
            listed,
            legal_moves(&position, &rules),
            "block '{}'",
            entry.id
        );
        let distinct: BTreeSet<_> = listed.iter().collect();
        assert_eq!(distinct.len(), listed.len(), "block '{}'", entry.id);
        assert_eq!(
            perft(&position, 1, &rules),
            rows.len() as u64,
            "block '{}'",
            entry.id
        );
    }
}

#[test]
fn finished_game_is_a_leaf() {
    let entry = corpus()
        .into_iter()
        .find(|e| e.id == "game-over")
        .expect("a 'game-over' block");
    let position = entry.position();
    assert_eq!(position.to_move(), None);
    let rules = Ruleset::default();
    assert_eq!(perft(&position, 0, &rules), 1);
    assert_eq!(perft(&position, 2, &rules), 0);
    assert!(divide(&position, 2, &rules).is_empty());
}

#[test]
fn corpus_path_names_the_file_read() {
    let on_disk = std::fs::read_to_string(CORPUS_PATH).expect("corpus file exists");
    assert_eq!(on_disk, CORPUS);
}

/// Malformed corpus text is refused with the line number.
#[test]
#[should_panic(expected = "tests/data/monarchie.perft:3: expected `perft <depth> <nodes>`")]
fn parser_names_the_line_of_a_bad_count() {
    parse_corpus("id x\n# c\nperft 1\n");
}

#[test]
#[should_panic(expected = "tests/data/monarchie.perft:1: `position` before the first `id` line")]
fn parser_needs_an_id_first() {
    parse_corpus("position -\n");
}

#[test]
#[should_panic(expected = "id `a` is used twice")]
fn parser_refuses_reused_ids() {
    parse_corpus("id a\n# c\nposition p\nperft 1 1\nid a\n# c\nposition p\nperft 1 1\n");
}

// --- the command line ----------------------------------------------------------

fn regelwerk(args: &[&str]) -> String {
    let output = Command::new(env!("CARGO_BIN_EXE_regelwerk"))
        .args(args)
        .output()
        .expect("the regelwerk binary runs");
    assert!(
        output.status.success(),
        "regelwerk {args:?} failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).expect("utf-8 output")
}

#[test]
fn cli_prints_perft_4_of_the_start() {
    assert_eq!(regelwerk(&["perft", "4"]), "perft 4 593569\n");
}

#[test]
fn cli_divide_lists_each_first_move_and_the_total() {
    let out = regelwerk(&["perft", "2", "--divide"]);
    let lines: Vec<&str> = out.lines().collect();
    let (rows, tail) = lines.split_at(lines.len() - 2);
    assert_eq!(tail, ["", "perft 2 775"]);
    assert_eq!(rows.len(), 28);
    let sum: u64 = rows
        .iter()
        .map(|row| {
            let (mv, n) = row.split_once(' ').expect("'<move> <count>'");
            assert!(
                mv.parse::<regelwerk::variant::monarchie::Move>().is_ok(),
                "{mv}"
            );
            n.parse::<u64>().expect("a count")
        })
        .sum();
    assert_eq!(sum, 775);
}

#[test]
fn cli_perft_reads_position_and_rulings() {
    let entry = corpus()
        .into_iter()
        .find(|e| e.id == "promotion-mandatory")
        .expect("a 'promotion-mandatory' block");
    let mut args = vec!["perft", "2", "--position", entry.position_text()];
    for ruling in &entry.rulings {
        args.extend(["--ruling", ruling.as_str()]);
    }
    assert_eq!(regelwerk(&args), "perft 2 1093\n");
    let json = regelwerk(&["perft", "1", "--format", "json"]);
    let value: serde_json::Value = serde_json::from_str(&json).expect("one JSON document");
    assert_eq!(value["nodes"], 28);
    assert_eq!(value["depth"], 1);
}

// ---- regelwerk perft-file ------------------------------------------------------

fn perft_file(args: &[&str]) -> (i32, String, String) {
    let output = Command::new(env!("CARGO_BIN_EXE_regelwerk"))
        .arg("perft-file")
        .args(args)
        .output()
        .expect("the regelwerk binary runs");
    (
        output.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

#[test]
fn perft_file_runs_the_corpus_within_its_budget() {
    let (code, stdout, stderr) = perft_file(&[CORPUS_PATH, "--max-nodes", "1e4"]);
    assert_eq!(code, 0, "{stdout}{stderr}");
    assert!(stdout.contains(" 0 failed, "), "{stdout}");
    assert!(
        stdout.contains("skip tests/data/") || stdout.contains("skip "),
        "{stdout}"
    );
    assert!(
        stderr.contains("start perft 1 ok"),
        "progress on stderr: {stderr}"
    );
    let (code, json, _) = perft_file(&[CORPUS_PATH, "--max-nodes", "1e3", "--format", "json"]);
    assert_eq!(code, 0);
    let document: serde_json::Value = serde_json::from_str(&json).expect("one JSON document");
    assert_eq!(document["failed"], 0);
    assert!(document["passed"].as_u64().unwrap_or(0) > 15, "{document}");
    assert_eq!(document["lines"][1]["what"], "perft 1");
}

#[test]
fn perft_file_fails_a_wrong_count_and_refuses_a_malformed_file() {
    let dir = std::env::temp_dir().join(format!("regelwerk-perft-file-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a scratch folder");
    let start = to_notation(&Position::start());
    let wrong = dir.join("wrong.perft");
    std::fs::write(
        &wrong,
        format!("id start\nposition {start}\nperft 1 28\nperft 2 776\ndivide 1 16-25 1\n"),
    )
    .expect("written");
    let wrong = wrong.display().to_string();
    let (code, stdout, _) = perft_file(&[&wrong]);
    assert_eq!(code, 1, "{stdout}");
    assert!(
        stdout.contains("perft 2 of") && stdout.contains("counts 775, the file 776"),
        "{stdout}"
    );
    assert!(
        stdout.contains("1 passed") || stdout.contains("2 passed"),
        "{stdout}"
    );
    let (code, xml, _) = perft_file(&[&wrong, "--format", "junit"]);
    assert_eq!(code, 1);
    assert!(
        xml.contains("<failure message=") && xml.contains("failures=\"2\""),
        "{xml}"
    );
    let bad = dir.join("bad.perft");
    std::fs::write(&bad, "id start\nposition x\nperft two 3\n").expect("written");
    let (code, _, stderr) = perft_file(&[&bad.display().to_string()]);
    assert_eq!(code, 2, "{stderr}");
    assert!(
        stderr.contains("bad.perft:3: depth `two` is not a number"),
        "{stderr}"
    );
    std::fs::remove_dir_all(&dir).ok();
}
