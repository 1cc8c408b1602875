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
        known_bugs: None,
        own_answers: BTreeMap::new(),
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
        bugs: Vec::new(),
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

/// A conform report where one case is only partly compared and two fail:
/// one from a known bug, one from a bug whose scenario passes now.
const BUGGY: &str = r#"{
  "variant": "racingkings",
  "cases": [
    {"id": "rk.1-a", "clauses": ["rk.1"], "status": "passed"},
    {"id": "rk.1-p", "clauses": ["rk.1"], "status": "partly-compared", "not_compared": ["refusal codes (answered `illegal`)"]},
    {"id": "rk.5.1-b", "clauses": ["rk.5.1"], "status": "failed"},
    {"id": "rk.6.1-s", "clauses": ["rk.6.1"], "status": "passed"}
  ]
}"#;

#[test]
fn known_bugs_are_counted_apart_from_readings_and_a_passing_one_is_stale() {
    let path = std::path::Path::new("known-bugs.txt");
    let bugs = matrix::read_known_bugs(
        path,
        "# ours\nblack-first rk.5.1-b  # Black first does not win\nstalemate rk.6.1-s  # no stalemate\n",
    )
    .unwrap();
    assert_eq!(bugs.len(), 2);
    assert_eq!(bugs[0].description, "Black first does not win");
    let mut row_input = input(&[]);
    row_input.result = Some(serde_json::from_str::<ConformResult>(BUGGY).unwrap());
    row_input.bugs = bugs;
    let row = matrix::row(&row_input);
    assert_eq!(row.total.passed, 2, "{row:?}");
    assert_eq!(row.total.partly_compared, 1, "{row:?}");
    assert_eq!(row.total.bug_count(), 1, "{row:?}");
    assert_eq!(row.total.known_count(), 0, "{row:?}");
    assert!(row.total.new.is_empty(), "{row:?}");
    assert_eq!(row.stale_bugs, vec!["rk.6.1-s".to_string()]);
    assert!(
        row.is_problem(),
        "a bug whose scenario passes fails the run"
    );
    let built = matrix::Matrix { rows: vec![row] };
    let text = matrix::text(&built);
    assert!(text.contains("known bugs"), "{text}");
    assert!(text.contains("black-first"), "{text}");
    assert!(
        text.contains("STALE bug: lib racingkings rk.6.1-s"),
        "{text}"
    );
    assert!(text.contains(" p1"), "{text}");
    for lang in [
        regelwerk::report::labels::Lang::De,
        regelwerk::report::labels::Lang::En,
    ] {
        let page = matrix::html(&built, lang);
        assert!(page.contains("black-first"), "{page}");
    }
    // Without the stale line the row is no problem: the bug is known.
    let mut fixed = input(&[]);
    fixed.result = Some(serde_json::from_str::<ConformResult>(BUGGY).unwrap());
    fixed.bugs = matrix::read_known_bugs(path, "black-first rk.5.1-b  # Black first\n").unwrap();
    assert!(!matrix::row(&fixed).is_problem());
}

#[test]
fn a_known_bug_line_without_scenario_or_description_names_its_line() {
    let path = std::path::Path::new("bugs.txt");
    let no_case = matrix::read_known_bugs(path, "# c\nlonely  # what\n").unwrap_err();
    assert!(no_case.to_string().starts_with("bugs.txt:2:"), "{no_case}");
    assert!(
        no_case.to_string().contains("names no scenario"),
        "{no_case}"
    );
    let no_words = matrix::read_known_bugs(path, "x rk.1-a\n").unwrap_err();
    assert!(
        no_words.to_string().contains("has no description"),
        "{no_words}"
    );
    let twice = matrix::read_known_bugs(path, "x rk.1-a # a\nx rk.1-b # b\n").unwrap_err();
    assert!(twice.to_string().starts_with("bugs.txt:2:"), "{twice}");
}

/// The folders with an adapter of their own (not the UCI route).
fn adapters() -> Vec<(String, Manifest, String)> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir(root().join("implementations")).unwrap() {
        let folder = entry.unwrap().path();
        let Ok(manifest) = matrix::read_manifest(&folder.join("implementation.yaml")) else {
            continue;
        };
        let mut source = String::new();
        for (file, common) in [
            ("adapter.py", Some("protocol.py")),
            ("adapter.mjs", Some("protocol.mjs")),
            ("src/main.rs", None),
        ] {
            if let Ok(text) = std::fs::read_to_string(folder.join(file)) {
                source.push_str(&text);
                if let Some(common) = common {
                    source.push_str(
                        &std::fs::read_to_string(
                            root().join("implementations/common").join(common),
                        )
                        .unwrap(),
                    );
                }
            }
        }
        if !source.is_empty() {
            found.push((manifest.name.clone(), manifest, source));
        }
    }
    found.sort_by(|a, b| a.0.cmp(&b.0));
    found
}

#[test]
fn every_adapter_lists_what_it_answers_itself_with_the_reason() {
    let adapters = adapters();
    assert_eq!(
        adapters.len(),
        6,
        "six adapters (Fairy-Stockfish runs over UCI)"
    );
    for (name, manifest, source) in &adapters {
        let marked: BTreeSet<String> = source
            .lines()
            .filter_map(|line| line.split_once("own answer: "))
            .filter_map(|(_, rest)| {
                rest.split_once(':')
                    .map(|(field, _)| field.trim().to_string())
            })
            .collect();
        let declared: BTreeSet<String> = manifest.own_answers.keys().cloned().collect();
        assert_eq!(
            marked, declared,
            "{name}: the `own answer:` places in its source and the manifest's own_answers differ"
        );
        for (field, reason) in &manifest.own_answers {
            assert!(reason.len() > 20, "{name}: {field} needs its reason");
        }
    }
}

#[test]
fn pyffish_and_ffish_take_insufficient_material_from_their_library() {
    let adapters = adapters();
    let source = |name: &str| {
        adapters
            .iter()
            .find(|(n, _, _)| n == name)
            .map(|(_, _, s)| s.clone())
            .unwrap()
    };
    assert!(source("pyffish").contains("sf.has_insufficient_material"));
    assert!(source("ffish").contains("isInsufficientMaterial()"));
    // The declared difference came from the adapter: it is gone.
    let list =
        std::fs::read_to_string(root().join("implementations/pyffish/expected-failures.txt"))
            .unwrap();
    assert!(!list.contains("F-G-MATERIAL"), "{list}");
}

#[test]
fn the_docs_list_every_known_bug_with_its_scenarios() {
    let docs = std::fs::read_to_string(root().join("docs/implementations.md")).unwrap();
    let mut listed = 0;
    for (name, manifest, _) in adapters() {
        let Some(file) = &manifest.known_bugs else {
            continue;
        };
        let path = root().join("implementations").join(&name).join(file);
        let bugs =
            matrix::read_known_bugs(&path, &std::fs::read_to_string(&path).unwrap()).unwrap();
        assert!(!bugs.is_empty(), "{name}: an empty known-bugs list");
        for bug in bugs {
            let at = docs.find(&format!("`{}`", bug.name)).unwrap_or_else(|| {
                panic!(
                    "docs/implementations.md does not name {name}'s bug {}",
                    bug.name
                )
            });
            let section = &docs[at..docs[at..].find("\n\n").map_or(docs.len(), |end| at + end)];
            for case in &bug.scenarios {
                assert!(
                    section.contains(case),
                    "docs: {name}'s bug {} without {case}",
                    bug.name
                );
            }
            listed += 1;
        }
    }
    assert!(listed >= 3, "PyChess's three bug classes at least");
}

/// The `apt_get` function of .ci/implementations.sh, alone.
fn apt_get_function() -> String {
    let script = std::fs::read_to_string(root().join(".ci/implementations.sh")).unwrap();
    let begin = script.find("# BEGIN apt_get").unwrap();
    let end = script.find("# END apt_get").unwrap();
    script[begin..end].to_string()
}

#[test]
fn the_install_script_waits_for_the_dpkg_lock_with_a_bound() {
    let dir = scratch("apt-lock");
    // A fake apt-get: the lock is held for its first two calls.
    std::fs::write(
        dir.join("apt-get"),
        "#!/bin/sh\nn=$(cat \"$0.calls\" 2>/dev/null || echo 0); n=$((n+1)); echo $n > \"$0.calls\"\nif [ $n -le 2 ]; then echo 'E: Could not get lock /var/lib/dpkg/lock-frontend. It is held by process 1 (apt-get)' >&2; exit 100; fi\necho installed \"$@\"\n",
    )
    .unwrap();
    std::process::Command::new("chmod")
        .arg("+x")
        .arg(dir.join("apt-get"))
        .status()
        .unwrap();
    let run = |wait: &str| {
        let _ = std::fs::remove_file(dir.join("apt-get.calls"));
        std::process::Command::new("bash")
            .arg("-c")
            .arg(format!(
                "{}\napt_get install -y pychess",
                apt_get_function()
            ))
            .env(
                "PATH",
                format!("{}:{}", dir.display(), std::env::var("PATH").unwrap()),
            )
            .env("APT_LOCK_WAIT", wait)
            .env("APT_LOCK_POLL", "0")
            .output()
            .unwrap()
    };
    let waited = run("60");
    assert!(
        waited.status.success(),
        "{}",
        String::from_utf8_lossy(&waited.stderr)
    );
    assert!(String::from_utf8_lossy(&waited.stdout).contains("installed"));
    assert!(String::from_utf8_lossy(&waited.stderr).contains("waiting"));
    let bounded = run("0");
    assert!(!bounded.status.success(), "a bound of 0 s gives up");
    assert!(String::from_utf8_lossy(&bounded.stderr).contains("still held"));
    // Another failure is not waited for.
    std::fs::write(
        dir.join("apt-get"),
        "#!/bin/sh\necho 'E: Unable to locate package nope' >&2; exit 100\n",
    )
    .unwrap();
    let other = run("60");
    assert!(!other.status.success());
    assert!(!String::from_utf8_lossy(&other.stderr).contains("waiting"));
}

#[test]
fn the_install_script_keeps_python_packages_in_a_venv_under_target() {
    let script = std::fs::read_to_string(root().join(".ci/implementations.sh")).unwrap();
    assert!(
        script.contains("venv=target/python-venv"),
        "a venv under target/"
    );
    assert!(script.contains("python3 -m venv \"$venv\""));
    assert!(
        !script.contains("python3 -m pip install"),
        "no pip into the system Python"
    );
    assert!(script.contains("\"$py\" -m pip install"));
    assert!(script.contains(
        "pychess|racingkings|engine|/usr/bin/python3 implementations/pychess/adapter.py"
    ));
}

fn case(
    id: &str,
    verdict: regelwerk::conform::Verdict,
    lost: &[&str],
) -> regelwerk::conform::CaseVerdict {
    let not_compared: Vec<String> = lost.iter().map(|s| s.to_string()).collect();
    regelwerk::conform::CaseVerdict {
        id: id.to_string(),
        file: format!("{id}.yaml"),
        clauses: vec!["rk.6.1".to_string()],
        rulings: Vec::new(),
        verdict: verdict.judged(&not_compared),
        expected_failure: false,
        not_compared,
    }
}

#[test]
fn a_partly_compared_case_is_never_counted_as_passed() {
    use regelwerk::conform::{output, ConformReport, Verdict};
    let report = ConformReport {
        variant: VariantId::Racingkings,
        engine: regelwerk::protocol::client::EngineInfo {
            name: "old".to_string(),
            protocol: "2.1".to_string(),
            ..Default::default()
        },
        protocol: "2.2".to_string(),
        suite_revision: "test".to_string(),
        command: "old-engine".to_string(),
        uci: false,
        restarts: 0,
        readings: Vec::new(),
        cases: vec![
            case("rk.6.1-full", Verdict::Passed, &[]),
            case("rk.6.1-stalemate", Verdict::Passed, &["status"]),
            case(
                "rk.6.1-gone",
                Verdict::Errored {
                    step: 1,
                    context: "no answer".to_string(),
                    stderr: String::new(),
                },
                &[],
            ),
        ],
    };
    assert_eq!(report.cases[1].verdict, Verdict::PartlyCompared);
    let totals = report.totals();
    assert_eq!(
        (
            totals.passed,
            totals.partly_compared,
            totals.errored,
            totals.unexpected
        ),
        (1, 1, 1, 1)
    );
    let text = output::text(&report);
    assert!(
        text.contains("3 cases: 1 passed, 1 partly compared, 0 failed, 1 errored, 0 skipped"),
        "{text}"
    );
    assert!(
        text.contains("rk.6.1-stalemate: status"),
        "names what was not compared: {text}"
    );
    assert!(
        text.contains("conform: 1 unexpected (failed or errored, not listed), 1 partly compared"),
        "{text}"
    );
    assert!(
        text.contains("a case counts under each of its clauses"),
        "{text}"
    );
    let json = serde_json::to_value(&report).unwrap();
    assert_eq!(json["cases"][1]["status"], "partly-compared");
    assert_eq!(json["cases"][1]["not_compared"][0], "status");
    let junit = output::junit(&report);
    assert!(
        junit.contains("partly compared, not passed: not compared: status"),
        "{junit}"
    );
    assert!(junit.contains("skipped=\"1\""), "{junit}");
    let html = output::html(&report);
    assert!(html.contains("1 partly compared"), "{html}");
}

#[test]
fn strict_fails_on_a_partly_compared_case() {
    // The reference, but saying protocol 2.1 in its handshake (no `status`
    // request): a stalemate FEN case expects a status that is not asked.
    let dir = scratch("partly");
    let wrapper = dir.join("old.sh");
    std::fs::write(
        &wrapper,
        format!(
            "#!/bin/sh\n{} serve | sed -u 's/\"protocol\":\"2.2\"/\"protocol\":\"2.1\"/; s/,\"status\"\\]/]/'\n",
            env!("CARGO_BIN_EXE_regelwerk")
        ),
    )
    .unwrap();
    let engine = format!("sh {}", wrapper.display());
    let file = root().join("scenarios/racingkings/rk.6/stalemate-own-bishop-fen.yaml");
    let file = file.display().to_string();
    let plain = regelwerk(&[
        "conform",
        "--variant",
        "racingkings",
        "--engine",
        &engine,
        &file,
    ]);
    assert!(
        plain
            .stdout
            .contains("1 cases: 0 passed, 1 partly compared"),
        "{}\n{}",
        plain.stdout,
        plain.stderr
    );
    assert_eq!(plain.code, Some(0), "{}", plain.stderr);
    let strict = regelwerk(&[
        "conform",
        "--variant",
        "racingkings",
        "--engine",
        &engine,
        "--strict",
        &file,
    ]);
    assert_eq!(strict.code, Some(1), "{}\n{}", strict.stdout, strict.stderr);
    assert!(
        strict.stderr.contains("only partly compared"),
        "{}",
        strict.stderr
    );
}
