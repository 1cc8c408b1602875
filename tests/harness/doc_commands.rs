//! Every command line of README.md and docs/*.md (their fenced `sh`
//! blocks) runs as written, placeholders filled (issue 26, item 16), so
//! that none goes stale: a regelwerk command that its parser refuses
//! (exit 2) fails this test with the file and line. Lines that are not
//! regelwerk's (cargo builds, installs, other tools) and regelwerk lines
//! that run for minutes are listed with the reason they are not run.

use std::path::{Path, PathBuf};
use std::time::Duration;

use crate::harness::hostile::{run_in, scratch};

const BIN: &str = env!("CARGO_BIN_EXE_regelwerk");

/// Lines not run, by a text they contain, and why.
const SKIPPED: [(&str, &str); 37] = [
    ("$ADAPTER", "a shell variable naming the reader's adapter"),
    ("adapter.py", "the Python adapter relaying a second regelwerk: minutes (tests/harness/conform.rs runs it)"),
    ("examples/rust-engine-adapter", "needs the example adapters built (cargo build --release --examples)"),
    ("SLURM_ARRAY_TASK_ID", "an array task of tools/slurm/*.sbatch: runs under Slurm (tools/slurm/ci.sh in CI)"),
    ("-merged.txt", "tools/slurm/merge.sbatch: runs under Slurm after the arrays (tools/slurm/ci.sh in CI)"),
    ("replay game.yaml", "replays the journal of the six-party game above, which is not run"),
    ("*", "a shell glob over a campaign's shard files"),
    (" [", "a synopsis with optional parts"),
    ("known-failures.txt", "a placeholder for the reader's own list"),
    ("other.journal.yaml", "a placeholder for the reader's own journal"),
    ("perft-file tests/data/", "every count of a perft corpus: a minute or more; CI runs each corpus with perft-file (.ci/run)"),
    ("perft 5", "tens of millions of nodes: seconds to minutes in a debug build"),
    ("--games 1000000", "a million games: the campaign of docs/scale.md (merge of its shard size: tests/harness/bounds.rs)"),
    ("--max-nodes none", "an unbounded perft, asked for on purpose"),
    ("perft 7", "billions of nodes"),
    ("perft 6", "hundreds of millions of nodes"),
    ("fairy-stockfish", "needs Fairy-Stockfish, not installed in the tests"),
    ("--uci", "needs a UCI engine, not installed in the tests"),
    ("--games 100000", "minutes of games"),
    ("--games 10000 ", "minutes of games"),
    ("rulings audit", "plays every alternative against every suite: minutes (tests/harness/rulings.rs checks it)"),
    ("rulings misreadings", "plays every misreading against the suite: minutes (tests/harness/misreadings.rs checks it)"),
    ("report --html", "the whole site with its ruling diffs: minutes (tests/harness/render.rs checks it)"),
    ("--ignored", "the long tests, by name"),
    ("{}", "a GNU parallel template"),
    ("$N", "a shell loop's template"),
    ("$(", "a shell substitution"),
    ("human", "waits for a person at the keyboard"),
    ("--threads", "the same counts as the serial run, which the tests compare"),
    ("bench", "times the reference against a UCI engine"),
    ("play --seed 1 --journal", "a six-party game of search players: minutes"),
    ("tournament", "a tournament of search players: minutes"),
    ("--players search", "search players: slow"),
    ("fuzz --engine", "a differential run over the protocol: minutes (tests/harness/conform.rs runs a short one)"),
    ("conform --engine \"python3", "the Python adapter relaying a second regelwerk: minutes (tests/harness/conform.rs runs it)"),
    ("serve", "reads requests from its stdin until it ends"),
    ("explore", "serves the explorer page until Ctrl-C (tests/harness/explore.rs starts one and stops it)"),
];

/// One command line of a doc: where it is and its words.
struct Line {
    at: String,
    text: String,
}

/// The command lines of the fenced `sh` blocks of `path`, continuation
/// lines joined, comments dropped.
fn command_lines(path: &Path) -> Vec<Line> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{e}"));
    let mut lines = Vec::new();
    let mut inside = false;
    let mut pending: Option<(usize, String)> = None;
    for (number, line) in text.lines().enumerate() {
        let trimmed = line.trim();
        if trimmed.starts_with("```") {
            inside = !inside && matches!(trimmed, "```sh" | "```bash" | "```shell");
            continue;
        }
        if !inside {
            continue;
        }
        let code = strip_comment(line);
        let (start, mut joined) = pending.take().unwrap_or((number + 1, String::new()));
        joined.push_str(code.trim_end_matches('\\').trim());
        joined.push(' ');
        if code.trim_end().ends_with('\\') {
            pending = Some((start, joined));
        } else if !joined.trim().is_empty() {
            lines.push(Line {
                at: format!("{}:{start}", path.display()),
                text: joined.trim().to_string(),
            });
        }
    }
    lines
}

/// `line` without a `#` comment (outside quotes).
fn strip_comment(line: &str) -> &str {
    let mut quote = None;
    let mut previous = ' ';
    for (index, c) in line.char_indices() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (None, '\'' | '"') => quote = Some(c),
            (None, '#') if previous.is_whitespace() => return &line[..index],
            _ => {}
        }
        previous = c;
    }
    line
}

/// The words of a regelwerk command line after the program, or `None`
/// for a line of another program.
fn regelwerk_words(text: &str) -> Option<String> {
    for program in [
        "cargo run --release -- ",
        "regelwerk ",
        "target/release/regelwerk ",
    ] {
        if let Some(rest) = text.strip_prefix(program) {
            return Some(rest.to_string());
        }
    }
    None
}

/// The placeholders filled: positions, an engine, output folders.
fn filled(words: &str) -> String {
    let monarchie = regelwerk::variant::monarchie::notation::to_notation(
        &regelwerk::variant::monarchie::Position::start(),
    );
    // `<FEN>` is the start of the variant the line names (Grand's if none).
    let variant = words
        .split_whitespace()
        .skip_while(|word| *word != "--variant")
        .nth(1)
        .and_then(|name| name.parse().ok())
        .unwrap_or(regelwerk::variant::VariantId::Grand);
    let fen = regelwerk::variant::open(variant, None, &[])
        .unwrap_or_else(|e| panic!("{e}"))
        .position_text();
    let serve = format!("{BIN} serve");
    words
        .replace("<notation>", &monarchie)
        .replace("<FEN>", &fen)
        .replace("<your engine>", &serve)
        .replace("<engine>", &serve)
        .replace("my-engine --protocol", &serve)
        .replace("--games 1000 ", "--games 20 ")
        .replace("--games 1000", "--games 20")
}

/// Splits a command line into words as a shell would for these lines
/// (single and double quotes).
fn shell_words(text: &str) -> Vec<String> {
    regelwerk::protocol::client::split_command(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// A working folder with the repository's inputs linked in, so that the
/// docs' relative paths read and their outputs land in scratch.
fn workdir() -> PathBuf {
    let dir = scratch("doc-commands");
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    for name in [
        "scenarios",
        "spec",
        "tests",
        "examples",
        "docs",
        "schemas",
        "fuzz",
    ] {
        std::os::unix::fs::symlink(root.join(name), dir.join(name))
            .unwrap_or_else(|e| panic!("{name}: {e}"));
    }
    for folder in ["target", "results"] {
        std::fs::create_dir_all(dir.join(folder)).unwrap_or_else(|e| panic!("{e}"));
    }
    dir
}

#[test]
fn every_documented_command_line_runs() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut docs = vec![root.join("README.md")];
    let mut pages: Vec<PathBuf> = std::fs::read_dir(root.join("docs"))
        .unwrap_or_else(|e| panic!("{e}"))
        .flatten()
        .map(|entry| entry.path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "md"))
        .collect();
    pages.sort();
    docs.extend(pages);
    let dir = workdir();
    let (mut ran, mut skipped, mut other) = (0, 0, 0);
    let mut stale = Vec::new();
    for doc in &docs {
        for line in command_lines(doc) {
            let Some(words) = regelwerk_words(&line.text) else {
                other += 1;
                continue;
            };
            if let Some((_, why)) = SKIPPED.iter().find(|(text, _)| line.text.contains(text)) {
                eprintln!("skip {}: {} ({why})", line.at, line.text);
                skipped += 1;
                continue;
            }
            let words = shell_words(&filled(&words));
            let args: Vec<&str> = words.iter().map(String::as_str).collect();
            let done = run_in(&dir, &args, Duration::from_secs(120));
            ran += 1;
            eprintln!(
                "ran  {}: exit {:?} in {:.1} s",
                line.at,
                done.code,
                done.elapsed.as_secs_f64()
            );
            if !matches!(done.code, Some(0 | 1)) {
                stale.push(format!(
                    "{}: `{}` exited {:?}: {}",
                    line.at,
                    line.text,
                    done.code,
                    done.stderr.lines().last().unwrap_or("")
                ));
            }
        }
    }
    eprintln!("{ran} run, {skipped} skipped, {other} lines of other programs");
    assert!(ran >= 30, "only {ran} documented command lines ran");
    assert!(
        stale.is_empty(),
        "stale command lines:\n{}",
        stale.join("\n")
    );
}
