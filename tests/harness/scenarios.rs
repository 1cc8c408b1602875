//! The scenario suite as a test: every scenario passes, every rule
//! system's suite covers its engine clauses, rulings and findings, the checked-in JSON Schema is current, and bad
//! files get located errors.

use std::path::{Path, PathBuf};

use regelwerk::scenario::load::load_str;
use regelwerk::scenario::results::{rerun_command, Status};
use regelwerk::spec::{Spec, TestableBy};
use regelwerk::suite::run_suite;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn spec() -> Spec {
    Spec::load(&root().join("spec/monarchie")).unwrap_or_else(|error| panic!("spec: {error}"))
}

fn suite() -> regelwerk::scenario::results::SuiteReport {
    let files = regelwerk::suite::collect_files(&[root().join("scenarios/monarchie")])
        .unwrap_or_else(|error| panic!("scenario files: {error}"));
    assert!(!files.is_empty(), "no scenario files found");
    run_suite(&files, Some(&spec()), None, None, |_, _| {})
}

#[test]
fn every_scenario_passes() {
    let report = suite();
    let mut problems = Vec::new();
    for case in &report.cases {
        match &case.status {
            Status::Passed => {}
            Status::Failed(mismatch) => problems.push(format!(
                "{} ({}): step {} {}\nexpected:\n{}actual:\n{}rerun: {}",
                case.id,
                case.path.display(),
                mismatch.step,
                mismatch.what,
                mismatch.expected,
                mismatch.actual,
                rerun_command(case)
            )),
            Status::Invalid(error) => problems.push(format!("invalid: {error}")),
            Status::AwaitingReview => problems.push(format!(
                "{} ({}): awaiting review (review: proposed)",
                case.id,
                case.path.display()
            )),
        }
    }
    assert!(
        problems.is_empty(),
        "{} of {} scenarios fail:\n\n{}",
        problems.len(),
        report.cases.len(),
        problems.join("\n\n")
    );
}

/// The one coverage test over every rule system: each engine clause and
/// each ruling of `spec/<variant>/` is pinned by a scenario (scenarios,
/// journals and tournament cases together: MONARCHIE's tournament rulings
/// R-T-... are named by tournament cases), and each finding about an
/// engine clause is demonstrated by the scenarios its `scenarios:` list
/// names, no more and no fewer.
#[test]
fn every_variant_covers_its_engine_clauses_rulings_and_findings() {
    // Findings that no scenario can show, with why.
    const SHOWN_ELSEWHERE: [(&str, &str); 5] = [
        (
            "F-LEVEL-MATH",
            "the tournament level arithmetic, shown by the tournament cases' totals",
        ),
        (
            "F-RULE-COUNT",
            "the rule text's missing rules: a gap in the text, not a behaviour",
        ),
        (
            "F-KING-SUPPLY",
            "the spare kings a set needs over the board: equipment, not play",
        ),
        (
            "F-CASTLE-DEFECT-STEP",
            "argues that its case cannot arise, so no position shows it",
        ),
        (
            "F-RK-PYCHESS-FOLLOW",
            "outside engines in positions the reference refuses (R-RK-CHECK-FEN); the conformance matrix shows it",
        ),
    ];
    let mut problems = Vec::new();
    for variant in regelwerk::variant::VariantId::ALL {
        let spec = Spec::load(&root().join("spec").join(variant.name()))
            .unwrap_or_else(|error| panic!("{variant} spec: {error}"));
        let files = regelwerk::scenario::collect_all_files(&[root()
            .join("scenarios")
            .join(variant.name())])
        .unwrap_or_else(|error| panic!("{variant} scenario files: {error}"));
        assert!(!files.is_empty(), "{variant}: no scenario files");
        let report = run_suite(&files, Some(&spec), None, None, |_, _| {});
        let (clauses, rulings) = report.coverage_gaps(&spec);
        for id in clauses.iter().filter(|id| {
            spec.clause(id)
                .is_some_and(|c| c.testable_by == TestableBy::Engine)
        }) {
            problems.push(format!("{variant}: engine clause {id} has no scenario"));
        }
        for id in &rulings {
            problems.push(format!("{variant}: ruling {id} has no scenario"));
        }
        for finding in &spec.findings {
            let engine = finding.clauses.iter().any(|c| {
                spec.clause(c)
                    .is_some_and(|c| c.testable_by == TestableBy::Engine)
            });
            if !engine || SHOWN_ELSEWHERE.iter().any(|(id, _)| *id == finding.id) {
                continue;
            }
            let mut naming: Vec<&str> = report
                .cases
                .iter()
                .filter(|case| case.findings.contains(&finding.id))
                .map(|case| case.id.as_str())
                .collect();
            naming.sort_unstable();
            let mut listed: Vec<&str> = finding.scenarios.iter().map(String::as_str).collect();
            listed.sort_unstable();
            if naming.is_empty() {
                problems.push(format!(
                    "{variant}: finding {} has no demonstrating scenario",
                    finding.id
                ));
            } else if listed != naming {
                problems.push(format!(
                    "{variant}: spec/{variant}/findings.yaml lists {listed:?} for {}, the scenarios naming it are {naming:?} (run `regelwerk spec-sync`)",
                    finding.id
                ));
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn checked_in_schema_is_current() {
    let path = root().join("scenarios/scenario.schema.json");
    let checked_in = std::fs::read_to_string(&path)
        .unwrap_or_else(|error| panic!("{}: {error}", path.display()));
    let generated = regelwerk::scenario::format::schema_json();
    assert_eq!(
        checked_in.trim(),
        generated.trim(),
        "scenarios/scenario.schema.json is stale: run `cargo run -- schema > scenarios/scenario.schema.json`"
    );
}

const GOOD: &str = "\
id: test-good
clauses: [m.7]
description: a plain move passes the turn clockwise
position:
  to_move: blau
  blau: {king: 1, rooks: [127]}
  gruen: {king: 40}
  orange: {king: 232}
  lila: {king: 253}
  gelb: {king: 214}
  rot: {king: 22}
steps:
  - play: 127-128
    expect: {result: legal, next: gruen}
";

fn load_error(text: &str) -> String {
    match load_str(Path::new("bad.yaml"), text, Some(&spec())) {
        Ok(_) => panic!("expected an error for:\n{text}"),
        Err(error) => error.to_string(),
    }
}

#[test]
fn the_good_sample_loads_and_passes() {
    let loaded =
        load_str(Path::new("good.yaml"), GOOD, Some(&spec())).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(regelwerk::scenario::run(&loaded), Ok(()));
}

#[test]
fn a_wrong_field_name_is_located() {
    let error = load_error(&GOOD.replace("description:", "descripton:"));
    assert!(error.starts_with("bad.yaml:3:1:"), "{error}");
    assert!(error.contains("unknown field `descripton`"), "{error}");
}

#[test]
fn cell_254_is_located() {
    let error = load_error(&GOOD.replace("rooks: [127]", "rooks: [254]"));
    assert!(error.starts_with("bad.yaml:6:"), "{error}");
    assert!(error.contains("cell 254 is out of range"), "{error}");
}

#[test]
fn an_unknown_party_is_located() {
    let error = load_error(&GOOD.replace("to_move: blau", "to_move: schwarz"));
    assert!(error.starts_with("bad.yaml:5:"), "{error}");
    assert!(error.contains("unknown party 'schwarz'"), "{error}");
}

#[test]
fn a_missing_king_is_reported_with_the_party() {
    let error = load_error(&GOOD.replace("  lila: {king: 253}\n", ""));
    assert!(error.contains("position"), "{error}");
    assert!(error.contains("lila is active but has no king"), "{error}");
}

#[test]
fn an_unknown_clause_and_reason_are_rejected() {
    let error = load_error(&GOOD.replace("[m.7]", "[m.99]"));
    assert!(error.contains("unknown clause 'm.99'"), "{error}");
    let error = load_error(&GOOD.replace("result: legal, next: gruen", "result: blocked"));
    assert!(error.contains("unknown result 'blocked'"), "{error}");
}

#[test]
fn a_legal_play_must_pin_the_next_mover() {
    let error = load_error(&GOOD.replace(", next: gruen", ""));
    assert!(error.contains("expect.next"), "{error}");
}

#[test]
fn a_wrong_expectation_fails_with_both_sides() {
    let loaded = load_str(
        Path::new("x.yaml"),
        &GOOD.replace("next: gruen", "next: rot"),
        Some(&spec()),
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let mismatch = regelwerk::scenario::run(&loaded).expect_err("next is wrong");
    assert_eq!(mismatch.step, 1, "steps are counted from 1");
    assert!(
        mismatch.expected.contains("next: rot"),
        "{}",
        mismatch.expected
    );
    assert!(
        mismatch.actual.contains("next: gruen"),
        "{}",
        mismatch.actual
    );
}

#[test]
fn a_king_in_a_tray_is_rejected() {
    // Kills the mutant that disables the tray check of Position::from_setup.
    let error = load_error(&GOOD.replace(
        "blau: {king: 1, rooks: [127]}",
        "blau: {king: 1, rooks: [127], tray: [king]}",
    ));
    assert!(error.contains("the tray of blau holds a king"), "{error}");
}
