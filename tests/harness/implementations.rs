//! The outside implementations' machinery (docs/implementations.md): the
//! declared known differences (`--known-differences` takes findings only,
//! naming the file and line of anything else; every finding can be
//! declared), the conformance matrix built from small JSON fixtures, and
//! the UCI route comparing the engine's FEN as written (F-G-EP-FEN is
//! declared, not rewritten away).

use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;

use regelwerk::report::matrix::{self, ConformResult, Manifest, RowInput};
use regelwerk::variant::VariantId;

use crate::support::{regelwerk, root};

/// A fresh scratch directory for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "regelwerk-implementations-{name}-{}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn serve() -> String {
    format!("{} serve", env!("CARGO_BIN_EXE_regelwerk"))
}

#[test]
fn an_unknown_known_difference_is_a_usage_error_naming_file_and_line() {
    let list = scratch("known-unknown").join("known.txt");
    std::fs::write(
        &list,
        "# ours\nF-RK-FSF11-ANSWER\nF-RK-NO-SUCH-FINDING  # typo\n",
    )
    .unwrap();
    let list_text = list.display().to_string();
    let out = regelwerk(&[
        "fuzz",
        "--variant",
        "racingkings",
        "--engine",
        &serve(),
        "--games",
        "1",
        "--max-plies",
        "4",
        "--known-differences",
        &list_text,
    ]);
    assert_eq!(
        out.code,
        Some(2),
        "stdout: {}\nstderr: {}",
        out.stdout,
        out.stderr
    );
    assert!(
        out.stderr.contains(&format!(
            "{list_text}:3: `F-RK-NO-SUCH-FINDING` is not a finding"
        )),
        "{}",
        out.stderr
    );
}

#[test]
fn any_finding_can_be_declared_and_one_without_a_recogniser_is_said() {
    let list = scratch("known-any").join("known.txt");
    // F-RK-FIFTY and F-SC-* style findings have no recogniser in fuzz.
    std::fs::write(&list, "F-RK-FIFTY\nF-G-EP-FEN\n").unwrap();
    let list_text = list.display().to_string();
    let out = regelwerk(&[
        "fuzz",
        "--variant",
        "racingkings",
        "--engine",
        &serve(),
        "--games",
        "1",
        "--max-plies",
        "4",
        "--known-differences",
        &list_text,
    ]);
    assert_eq!(
        out.code,
        Some(0),
        "stdout: {}\nstderr: {}",
        out.stdout,
        out.stderr
    );
    assert!(out.stderr.contains("note: F-RK-FIFTY"), "{}", out.stderr);
    assert!(!out.stderr.contains("note: F-G-EP-FEN"), "{}", out.stderr);
}

fn manifest(name: &str) -> Manifest {
    Manifest {
        name: name.to_string(),
        library: "a library".to_string(),
        version: "1.0".to_string(),
        source: "a registry".to_string(),
        route: "engine".to_string(),
        variants: vec![VariantId::Racingkings],
        expected_failures: "expected-failures.txt".to_string(),
        known_differences: None,
    }
}

/// A conform JSON report of four cases: passed, failed, skipped and not
/// applicable.
const REPORT: &str = r#"{
  "variant": "racingkings",
  "engine": {"name": "x"},
  "cases": [
    {"id": "rk.1-a", "file": "a.yaml", "clauses": ["rk.1"], "rulings": [], "status": "passed", "expected_failure": false},
    {"id": "rk.6.3-b", "file": "b.yaml", "clauses": ["rk.6.3"], "rulings": [], "status": "failed", "step": 0, "what": "play h2h3", "expected": "", "actual": "", "expected_failure": true},
    {"id": "rk.6.2-c", "file": "c.yaml", "clauses": ["rk.6.2"], "rulings": [], "status": "skipped", "reason": "no history", "expected_failure": false},
    {"id": "rk.6.2-d", "file": "d.yaml", "clauses": ["rk.6.2"], "rulings": [], "status": "not-applicable", "ruling": "R-X", "reason": "pinned", "expected_failure": false}
  ]
}"#;

fn input(declared: &[(&str, &str)]) -> RowInput {
    RowInput {
        manifest: manifest("lib"),
        variant: VariantId::Racingkings,
        result: Some(serde_json::from_str::<ConformResult>(REPORT).unwrap()),
        declared: declared
            .iter()
            .map(|(case, id)| (case.to_string(), vec![id.to_string()]))
            .collect::<BTreeMap<_, _>>(),
        timing: Some(matrix::Timing {
            conform_seconds: 2.0,
            fuzz_games: 10,
            fuzz_seconds: 5.0,
            fuzz_exit: 0,
        }),
    }
}

#[test]
fn the_matrix_counts_each_case_by_what_it_came_to() {
    let built = matrix::build(&[input(&[("rk.6.3-b", "R-RK-CLAIM")])]);
    let row = &built.rows[0];
    assert_eq!((row.total.cases, row.total.passed), (4, 1));
    assert_eq!(
        row.total.known,
        BTreeMap::from([("R-RK-CLAIM".to_string(), 1)])
    );
    assert!(row.total.new.is_empty());
    assert_eq!(row.total.not_asked(), 2);
    assert_eq!(row.clauses["rk.6.2"].not_applicable["R-X"], 1);
    assert_eq!(row.clauses["rk.6.2"].skipped["no history"], 1);
    assert_eq!(row.cases_per_second(), Some(2.0));
    assert_eq!(row.games_per_second(), Some(2.0));
    assert!(!built.has_problems());
    let text = matrix::text(&built);
    assert!(
        text.contains("lib R-RK-CLAIM") || text.contains("lib racingkings: R-RK-CLAIM"),
        "{text}"
    );
    assert_eq!(matrix::cell_text(&row.clauses["rk.6.3"]), "0/1 k1");

    // Undeclared, the failure is new; a declared case that passes is stale.
    let built = matrix::build(&[input(&[("rk.1-a", "R-RK-CLAIM")])]);
    let row = &built.rows[0];
    assert_eq!(row.total.new, vec!["rk.6.3-b".to_string()]);
    assert_eq!(row.stale, vec!["rk.1-a".to_string()]);
    assert!(built.has_problems());
    let text = matrix::text(&built);
    assert!(
        text.contains("NEW difference: lib racingkings rk.6.3-b"),
        "{text}"
    );
    assert!(
        text.contains("STALE declaration: lib racingkings rk.1-a"),
        "{text}"
    );

    // No result at all is a problem too.
    let mut missing = input(&[]);
    missing.result = None;
    assert!(matrix::build(&[missing]).has_problems());
}

#[test]
fn the_matrix_page_speaks_both_languages() {
    let built = matrix::build(&[input(&[("rk.6.3-b", "R-RK-CLAIM")])]);
    let de = matrix::html(&built, regelwerk::report::labels::Lang::De);
    let en = matrix::html(&built, regelwerk::report::labels::Lang::En);
    assert!(
        de.contains("Konformitätsmatrix") && de.contains("lang=\"de\""),
        "{de}"
    );
    assert!(
        en.contains("conformance matrix") && en.contains("lang=\"en\""),
        "{en}"
    );
    assert!(de.contains("href=\"implementations.en.html\""));
    assert!(en.contains("title=\"R-RK-CLAIM\""), "{en}");
    for (key, english, german) in matrix::WORDS {
        assert!(!english.is_empty() && !german.is_empty(), "{key}");
    }
}

#[test]
fn every_declared_case_names_a_finding_or_ruling() {
    let ids: BTreeSet<String> = ["R-RK-CLAIM", "F-RK-FIFTY"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    let path = std::path::Path::new("list.txt");
    let cases = matrix::read_declared_cases(
        path,
        "# header\nrk.6.3-b   # R-RK-CLAIM: ends by itself\n\nrk.6.2-c # F-RK-FIFTY and R-RK-CLAIM\n",
        &ids,
    )
    .unwrap();
    assert_eq!(cases["rk.6.3-b"], vec!["R-RK-CLAIM".to_string()]);
    assert_eq!(cases["rk.6.2-c"].len(), 2);
    let error = matrix::read_declared_cases(path, "rk.6.3-b\nrk.6.2-c  # no id\n", &ids)
        .unwrap_err()
        .to_string();
    assert!(
        error.starts_with("list.txt:1: `rk.6.3-b` declares no difference"),
        "{error}"
    );
    let error = matrix::read_declared_cases(path, "rk.6.3-b # F-RK-NOPE\n", &ids)
        .unwrap_err()
        .to_string();
    assert!(
        error.starts_with("list.txt:1: `F-RK-NOPE` is neither"),
        "{error}"
    );
}

#[test]
fn the_committed_implementations_declare_only_real_findings_and_rulings() {
    let dir = scratch("committed");
    // No results: every row is missing, but every manifest and list reads.
    let inputs = matrix::load(&root(), &root().join("implementations"), &dir).unwrap();
    let names: BTreeSet<&str> = inputs.iter().map(|i| i.manifest.name.as_str()).collect();
    for name in [
        "chessops",
        "fairy-stockfish",
        "ffish",
        "pyffish",
        "python-chess",
        "shakmaty",
    ] {
        assert!(names.contains(name), "{name} has no implementation.yaml");
    }
    // python-chess declares its automatic ends (section 3 of issue 33).
    let python = inputs
        .iter()
        .find(|i| i.manifest.name == "python-chess")
        .unwrap();
    assert_eq!(
        python.declared["rk.6.3-no-automatic-end-at-150-half-moves"],
        vec!["R-RK-CLAIM".to_string()]
    );
}

#[test]
fn the_matrix_command_writes_json_and_pages_and_fails_on_a_new_difference() {
    let dir = scratch("command");
    let impls = dir.join("impls");
    let results = dir.join("results");
    std::fs::create_dir_all(impls.join("lib")).unwrap();
    std::fs::create_dir_all(&results).unwrap();
    std::fs::write(
        impls.join("lib/implementation.yaml"),
        serde_yaml::to_string(&manifest("lib")).unwrap(),
    )
    .unwrap();
    std::fs::write(
        impls.join("lib/expected-failures.txt"),
        "rk.6.3-b  # R-RK-CLAIM\n",
    )
    .unwrap();
    std::fs::write(results.join("lib-racingkings.json"), REPORT).unwrap();
    std::fs::write(
        results.join("lib-racingkings.time.json"),
        r#"{"conform_seconds": 1.0, "fuzz_games": 4, "fuzz_seconds": 2.0, "fuzz_exit": 0}"#,
    )
    .unwrap();
    let (impls_text, results_text) = (impls.display().to_string(), results.display().to_string());
    let json = dir.join("matrix.json").display().to_string();
    let html = dir.join("site").display().to_string();
    let out = regelwerk(&[
        "matrix",
        "--implementations",
        &impls_text,
        "--results",
        &results_text,
        "--json",
        &json,
        "--html",
        &html,
    ]);
    assert_eq!(
        out.code,
        Some(0),
        "stdout: {}\nstderr: {}",
        out.stdout,
        out.stderr
    );
    assert!(out.stdout.contains("lib"), "{}", out.stdout);
    let written: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    assert_eq!(written["rows"][0]["total"]["known"]["R-RK-CLAIM"], 1);
    assert!(dir.join("site/implementations.html").is_file());
    assert!(dir.join("site/implementations.en.html").is_file());

    // Take the declaration away: the failure is new, exit 1.
    std::fs::write(impls.join("lib/expected-failures.txt"), "").unwrap();
    let out = regelwerk(&[
        "matrix",
        "--implementations",
        &impls_text,
        "--results",
        &results_text,
    ]);
    assert_eq!(
        out.code,
        Some(1),
        "stdout: {}\nstderr: {}",
        out.stdout,
        out.stderr
    );
    assert!(out.stdout.contains("NEW difference"), "{}", out.stdout);

    // An unknown manifest field is an input error naming the file.
    std::fs::write(
        impls.join("lib/implementation.yaml"),
        serde_yaml::to_string(&manifest("lib")).unwrap() + "colour: blue\n",
    )
    .unwrap();
    let out = regelwerk(&[
        "matrix",
        "--implementations",
        &impls_text,
        "--results",
        &results_text,
    ]);
    assert_eq!(
        out.code,
        Some(2),
        "stdout: {}\nstderr: {}",
        out.stdout,
        out.stderr
    );
    assert!(out.stderr.contains("implementation.yaml"), "{}", out.stderr);
}

/// A UCI engine for one Grand Chess line (python3): it lists the legal
/// moves it is given per position and, after e8-e6, writes the en-passant
/// square e7 as Fairy-Stockfish does (F-G-EP-FEN).
const FAKE_GRAND: &str = r#"
import sys, json
table = json.load(open(sys.argv[1]))
start = table["start"]
fen = start
def say(*lines):
    for line in lines:
        print(line)
    sys.stdout.flush()
for raw in sys.stdin:
    words = raw.split()
    if not words:
        continue
    if words[0] == "uci":
        say("id name FakeGrand 1.0", "option name UCI_Variant type combo default grand var grand", "uciok")
    elif words[0] == "isready":
        say("readyok")
    elif words[0] == "position":
        rest = raw.split(" moves ")
        base = start if words[1] == "startpos" else " ".join(rest[0].split()[2:8])
        fen = base
        if len(rest) > 1:
            for move in rest[1].split():
                fen = table["after"].get(fen + " | " + move, "unknown")
    elif words[0] == "d":
        say("Fen: " + fen, "Checkers: ")
    elif words[:2] == ["go", "perft"]:
        moves = table["moves"].get(fen, [])
        say(*[m + ": 1" for m in moves], "", "Nodes searched: %d" % len(moves), "")
    elif words[:2] == ["go", "depth"]:
        say("info depth 1 score cp 0", "bestmove (none)")
    elif words[0] == "quit":
        break
"#;

#[test]
fn the_uci_route_compares_the_engines_fen_as_written() {
    let dir = scratch("uci-ep");
    let before = "9k/10/4p5/10/K4P3r/10/10/10/10/10 b - - 0 1";
    let reference_after = "9k/10/10/10/K3pP3r/10/10/10/10/10 w - - 0 2";
    let engine_after = "9k/10/10/10/K3pP3r/10/10/10/10/10 w - e7 0 2";
    let moves = |fen: &str| {
        regelwerk::variant::open(VariantId::Grand, Some(fen), &[])
            .unwrap()
            .legal_moves()
    };
    let start = regelwerk::variant::open(VariantId::Grand, None, &[])
        .unwrap()
        .position_text();
    let table = serde_json::json!({
        "start": start,
        "after": {format!("{before} | e8e6"): engine_after},
        "moves": {
            before: moves(before),
            engine_after: moves(reference_after),
            reference_after: moves(reference_after),
            start.clone(): moves(&start),
        },
    });
    std::fs::write(dir.join("table.json"), table.to_string()).unwrap();
    std::fs::write(dir.join("fake.py"), FAKE_GRAND).unwrap();
    let engine = format!(
        "python3 {} {}",
        dir.join("fake.py").display(),
        dir.join("table.json").display()
    );
    let scenario = root().join("scenarios/grand/g.5/en-passant-exposing-king-refused.yaml");
    let scenario = scenario.display().to_string();
    let out = regelwerk(&["conform", "--variant", "grand", "--uci", &engine, &scenario]);
    assert_eq!(
        out.code,
        Some(1),
        "stdout: {}\nstderr: {}",
        out.stdout,
        out.stderr
    );
    assert!(out.stdout.contains(engine_after), "{}", out.stdout);

    // Declared with its finding, the same difference is expected.
    let list = dir.join("expected.txt");
    std::fs::write(
        &list,
        "g.5.3-en-passant-exposing-king-refused  # F-G-EP-FEN\n",
    )
    .unwrap();
    let list = list.display().to_string();
    let out = regelwerk(&[
        "conform",
        "--variant",
        "grand",
        "--uci",
        &engine,
        "--expected-failures",
        &list,
        "--strict",
        &scenario,
    ]);
    assert_eq!(
        out.code,
        Some(0),
        "stdout: {}\nstderr: {}",
        out.stdout,
        out.stderr
    );
}

#[test]
fn the_implementers_guide_quotes_no_suite_counts() {
    // Counts of a living suite go stale (issue 33, item 12): the guide
    // shows `N` placeholders or no figure at all (0 is the exit code's
    // "0 passed", and a clean run's "0 failed").
    let text = std::fs::read_to_string(root().join("docs/implementers.md")).unwrap();
    let words: Vec<&str> = text.split_whitespace().collect();
    for pair in words.windows(3) {
        let number = pair[0].trim_matches(|c: char| !c.is_ascii_digit());
        let counted = ["pass", "passed", "fail", "failed"]
            .contains(&pair[1].trim_matches(|c: char| !c.is_alphabetic()))
            || pair[1..].join(" ").starts_with("are not")
            || pair[1] == "Sovereign";
        assert!(
            number.is_empty() || number == "0" || !counted,
            "docs/implementers.md quotes a suite count: `{}`",
            pair.join(" ")
        );
    }
}
