//! The one runner (issue 34, item 3) and the harness defects of issue 33
//! §2 that sit in it: a step is a validated enum of one kind, read once;
//! the clause filter is applied to the parsed file before it is validated
//! or run, by `check` and `conform` alike; a broken file the user gave is
//! reported as the user's; the fixed rulings of Grand Chess and Racing
//! Kings accept `ID=default`, as their spec says; a `state` step asks an
//! external engine for the status it pins; steps are counted from 1 in
//! every report and hint.

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use regelwerk::conform::remote::STATUS_LOST;
use regelwerk::conform::{conform_case, conform_case_noting, Verdict};
use regelwerk::protocol::client::ClientError;
use regelwerk::protocol::messages::{Request, Response};
use regelwerk::protocol::responder::{InProcess, Responder};
use regelwerk::scenario::load::parse_str;
use regelwerk::scenario::results::Status;
use regelwerk::scenario::Step;
use regelwerk::spec::Spec;
use regelwerk::variant::{Status as GameStatus, VariantId};

const BIN: &str = env!("CARGO_BIN_EXE_regelwerk");

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// A fresh scratch directory for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("runner-{name}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap_or_else(|error| panic!("{}: {error}", dir.display()));
    dir
}

fn write(dir: &Path, name: &str, text: &str) -> PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap_or_else(|error| panic!("{}: {error}", path.display()));
    path
}

/// Runs the CLI from the repository root.
fn regelwerk(args: &[&str]) -> Output {
    Command::new(BIN)
        .args(args)
        .current_dir(root())
        .stdin(Stdio::null())
        .output()
        .unwrap_or_else(|error| panic!("{BIN}: {error}"))
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// The reference server as an engine command.
fn serve() -> String {
    format!("'{BIN}' serve")
}

const HEAD: &str =
    "variant: grand\nid: ID\nclauses: [CLAUSE]\ndescription: d\nposition: {start: true}\nsteps:\n";

fn grand(id: &str, clause: &str, steps: &str) -> String {
    HEAD.replace("ID", id).replace("CLAUSE", clause) + steps
}

/// A Racing Kings case from its start position.
fn racing(id: &str, clause: &str, steps: &str) -> String {
    grand(id, clause, steps).replace("variant: grand", "variant: racingkings")
}

/// Perft 1 of the Racing Kings start: 21 moves.
const PERFT: &str = "  - perft: 1\n    expect_nodes: 21\n";

#[test]
fn a_step_is_read_as_one_kind_with_what_it_needs() {
    let parsed = parse_str(
        Path::new("x.yaml"),
        grand(
            "x",
            "g.1",
            "  - play: e3e4\n    expect: {result: legal, next: black}\n  - moves: {from: e7}\n    expect_moves: [e7e6, e7e5]\n  - perft: 1\n    expect_nodes: 65\n  - state: {to_move: white}\n",
        ),
    )
    .unwrap_or_else(|error| panic!("{error}"));
    let kinds: Vec<&str> = parsed.scenario.steps.iter().map(Step::kind).collect();
    assert_eq!(kinds, ["play", "moves", "perft", "state"]);
    assert!(
        matches!(
            &parsed.scenario.steps[2],
            Step::Perft {
                depth: 1,
                nodes: 65
            }
        ),
        "{:?}",
        parsed.scenario.steps[2]
    );
    for (steps, message) in [
        (
            "  - play: e3e4\n    perft: 1\n    expect_nodes: 65\n",
            "exactly one of play, moves, perft, state",
        ),
        (
            "  - expect_nodes: 65\n",
            "exactly one of play, moves, perft, state",
        ),
        (
            "  - play: e3e4\n    expect: {result: legal, next: black}\n    expect_nodes: 3\n",
            "'expect_nodes' belongs to a 'perft' step",
        ),
        (
            "  - perft: 1\n    expect_nodes: 65\n    expect_moves: []\n",
            "'expect_moves' belongs to a 'moves' step",
        ),
        ("  - play: e3e4\n", "a play step needs an 'expect'"),
        ("  - moves: {}\n", "a moves step needs 'expect_moves'"),
        ("  - perft: 2\n", "a perft step needs 'expect_nodes'"),
    ] {
        let error = parse_str(Path::new("x.yaml"), grand("x", "g.1", steps))
            .expect_err("a step of no kind, two kinds or a missing expectation");
        assert!(error.message.contains(message), "{steps}: {error}");
        assert!(error.line >= 7, "{steps}: located in the steps: {error}");
    }
}

#[test]
fn a_step_written_back_reads_as_the_same_step() {
    let parsed = parse_str(
        Path::new("x.yaml"),
        grand(
            "x",
            "g.1",
            "  - play: e3e4\n    expect: {result: legal, next: black}\n  - moves: {}\n    expect_moves: []\n  - perft: 2\n    expect_nodes: 4\n  - state: {status: {result: ongoing}}\n",
        ),
    )
    .unwrap_or_else(|error| panic!("{error}"));
    for step in &parsed.scenario.steps {
        let written = serde_yaml::to_string(step).unwrap_or_else(|error| panic!("{error}"));
        let read: Step = serde_yaml::from_str(&written).unwrap_or_else(|error| panic!("{error}"));
        // An absent `capture` is written `null` and read back as a pinned
        // `null`; from then on the text is stable.
        assert_eq!(read.kind(), step.kind(), "{written}");
        let again = serde_yaml::to_string(&read).unwrap_or_else(|error| panic!("{error}"));
        assert_eq!(again, written);
    }
}

/// A Racing Kings file that parses but does not validate: `purple` is no
/// party.
fn unvalidated(clause: &str) -> String {
    racing(
        "broken",
        clause,
        "  - play: e2d4\n    expect: {result: legal, next: purple}\n",
    )
}

#[test]
fn check_filters_a_parsed_file_before_it_is_validated_or_run() {
    let dir = scratch("check-filter");
    write(&dir, "a.yaml", &racing("a", "rk.1", PERFT));
    write(&dir, "b.yaml", &unvalidated("rk.2"));
    let files = regelwerk::suite::collect_files(std::slice::from_ref(&dir))
        .unwrap_or_else(|error| panic!("{error}"));
    let report = regelwerk::suite::run_suite(&files, None, Some("rk.1"), None, |_, _| {});
    let ids: Vec<&str> = report.cases.iter().map(|case| case.id.as_str()).collect();
    assert_eq!(ids, ["a"], "{:?}", report.cases);
    assert!(report.all_passed(), "{:?}", report.cases);
    // Asked for, the same file is invalid.
    let report = regelwerk::suite::run_suite(&files, None, Some("rk.2"), None, |_, _| {});
    assert!(
        matches!(report.cases.as_slice(), [case] if matches!(case.status, Status::Invalid(_))),
        "{:?}",
        report.cases
    );
    let dir_text = dir.display().to_string();
    let run = regelwerk(&[
        "check",
        "--variant",
        "racingkings",
        "--clause",
        "rk.1",
        &dir_text,
    ]);
    assert_eq!(
        run.status.code(),
        Some(0),
        "{}{}",
        text(&run.stdout),
        text(&run.stderr)
    );
    let run = regelwerk(&[
        "check",
        "--variant",
        "racingkings",
        "--clause",
        "rk.2",
        &dir_text,
    ]);
    assert_eq!(
        run.status.code(),
        Some(2),
        "{}{}",
        text(&run.stdout),
        text(&run.stderr)
    );
}

#[test]
fn conform_filters_a_parsed_file_before_it_is_validated_or_run() {
    let dir = scratch("conform-filter");
    write(&dir, "a.yaml", &racing("a", "rk.1", PERFT));
    write(&dir, "b.yaml", &unvalidated("rk.2"));
    let dir_text = dir.display().to_string();
    let engine = serve();
    let run = regelwerk(&[
        "conform",
        "--variant",
        "racingkings",
        "--engine",
        &engine,
        "--clause",
        "rk.1",
        &dir_text,
    ]);
    assert_eq!(
        run.status.code(),
        Some(0),
        "{}{}",
        text(&run.stdout),
        text(&run.stderr)
    );
    assert!(text(&run.stdout).contains("rk.1"), "{}", text(&run.stdout));
}

#[test]
fn a_broken_file_the_user_gives_is_reported_as_the_users_with_where() {
    let dir = scratch("users-file");
    let file = write(&dir, "mine.yaml", &unvalidated("rk.1"));
    let file_text = file.display().to_string();
    let engine = serve();
    let run = regelwerk(&[
        "conform",
        "--variant",
        "racingkings",
        "--engine",
        &engine,
        &file_text,
    ]);
    let stderr = text(&run.stderr);
    assert_eq!(run.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains(&format!(
            "a scenario file you gave is broken: {file_text}:7:"
        )),
        "names the user's file and its line: {stderr}"
    );
    assert!(stderr.contains("unknown party 'purple'"), "{stderr}");
    assert!(!stderr.contains("the suite itself"), "{stderr}");
    // A file that does not even parse is the user's too.
    let file = write(
        &dir,
        "garbled.yaml",
        &racing("g", "rk.1", "  - perft: one\n"),
    );
    let file_text = file.display().to_string();
    let run = regelwerk(&[
        "conform",
        "--variant",
        "racingkings",
        "--engine",
        &engine,
        &file_text,
    ]);
    let stderr = text(&run.stderr);
    assert_eq!(run.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains(&format!("a scenario file you gave is broken: {file_text}:")),
        "{stderr}"
    );
}

/// The IDs of `variant`'s rulings in its spec.
fn ruling_ids(variant: VariantId) -> Vec<String> {
    let spec = Spec::load(&root().join("spec").join(variant.name()))
        .unwrap_or_else(|error| panic!("{variant}: {error}"));
    spec.rulings
        .iter()
        .map(|ruling| ruling.id.clone())
        .collect()
}

fn moves_request(variant: VariantId, rulings: Vec<String>) -> Request {
    let position = regelwerk::variant::open(variant, None, &[])
        .unwrap_or_else(|error| panic!("{variant}: {error}"))
        .position_text();
    Request::Moves {
        seq: 4,
        variant,
        position,
        rulings,
        from: None,
    }
}

#[test]
fn every_ruling_of_every_spec_accepts_its_default_setting() {
    for variant in VariantId::ALL {
        let ids = ruling_ids(variant);
        assert!(!ids.is_empty(), "{variant} has rulings");
        for id in ids {
            let setting = format!("{id}={}", "default");
            let answer = regelwerk::protocol::serve::answer(
                moves_request(variant, vec![setting.clone()]),
                &[],
            );
            assert!(
                matches!(answer, Some(Response::Moves { seq: 4, .. })),
                "{variant}: `{setting}` is answered {answer:?}"
            );
        }
    }
}

#[test]
fn a_fixed_ruling_refuses_any_other_key_and_an_unknown_id() {
    for (variant, setting) in [
        (VariantId::Racingkings, "R-RK-ANSWER=arrive-only"),
        (VariantId::Grand, "R-G-CLAIM=automatic"),
        (VariantId::Grand, "R-RK-ANSWER=default"),
    ] {
        let answer = regelwerk::protocol::serve::answer(
            moves_request(variant, vec![setting.to_string()]),
            &[],
        );
        match answer {
            Some(Response::Skipped { seq: 4, reason }) => {
                assert!(reason.contains(setting), "{variant}: {reason}")
            }
            other => panic!("{variant}: `{setting}` is answered {other:?}"),
        }
    }
}

// ------------------------------------------------ issue 33 §2.1: state steps

/// The reference, except that it scores every finished position a Black
/// win when asked its status.
struct BlackAlwaysWins(InProcess);

impl Responder for BlackAlwaysWins {
    fn respond(&mut self, request: &Request) -> Result<Response, ClientError> {
        Ok(match self.0.respond(request)? {
            Response::Status {
                seq,
                status,
                to_move,
            } if status.is_over() => Response::Status {
                seq,
                status: GameStatus::Won {
                    winners: vec!["black".to_string()],
                    reason: "goal".to_string(),
                },
                to_move,
            },
            other => other,
        })
    }
    fn stderr_tail(&self) -> String {
        String::new()
    }
    fn answers_status(&self) -> bool {
        true
    }
}

fn loaded(path: &str) -> regelwerk::scenario::Loaded {
    regelwerk::scenario::load_file(&root().join(path), None)
        .unwrap_or_else(|error| panic!("{path}: {error}"))
}

#[test]
fn a_state_step_on_a_loaded_position_asks_the_engine_for_the_status_it_pins() {
    // rk.5.2: both kings home, Black to move: a drawn race.
    let case = loaded("scenarios/racingkings/rk.5/fen-both-home-black-to-move.yaml");
    let mut seq = 0;
    let verdict = conform_case(&mut InProcess { forced: Vec::new() }, &case, &mut seq);
    assert_eq!(verdict, Verdict::Passed);
    let verdict = conform_case(
        &mut BlackAlwaysWins(InProcess { forced: Vec::new() }),
        &case,
        &mut seq,
    );
    match verdict {
        Verdict::Failed {
            step,
            what,
            expected,
            actual,
        } => {
            assert_eq!((step, what.as_str()), (1, "state"));
            assert!(expected.contains("goal-tie"), "{expected}");
            assert!(actual.contains("black"), "{actual}");
        }
        other => panic!("an engine that scores the race a Black win passes: {other:?}"),
    }
}

#[test]
fn an_engine_that_cannot_be_asked_the_status_has_it_noted_as_not_compared() {
    /// The reference without the `status` capability (a 2.1 engine).
    struct Older(InProcess);
    impl Responder for Older {
        fn respond(&mut self, request: &Request) -> Result<Response, ClientError> {
            self.0.respond(request)
        }
        fn stderr_tail(&self) -> String {
            String::new()
        }
    }
    let case = loaded("scenarios/racingkings/rk.5/fen-both-home-black-to-move.yaml");
    let mut lost = std::collections::BTreeSet::new();
    let verdict = conform_case_noting(
        &mut Older(InProcess { forced: Vec::new() }),
        &case,
        &mut 0,
        &mut lost,
    );
    assert_eq!(verdict, Verdict::Passed);
    assert!(lost.contains(STATUS_LOST), "{lost:?}");
}

#[test]
fn a_2_1_engine_is_never_sent_a_status_request() {
    let mut info = regelwerk::protocol::client::EngineInfo {
        protocol: "2.1".to_string(),
        capabilities: vec![
            "apply".into(),
            "moves".into(),
            "perft".into(),
            "status".into(),
        ],
        ..Default::default()
    };
    assert!(!info.answers_status(), "2.1 has no `status` request");
    info.protocol = "2.2".to_string();
    assert!(info.answers_status());
    info.capabilities.pop();
    assert!(!info.answers_status(), "not without the capability");
}

// ------------------------------------------- issue 33 §2.3: one numbering

/// A Racing Kings case whose second step is wrong (65 is Grand Chess').
fn second_step_wrong(dir: &Path) -> PathBuf {
    write(
        dir,
        "second.yaml",
        &racing(
            "rk.1-second-step-wrong",
            "rk.1",
            "  - perft: 1\n    expect_nodes: 21\n  - perft: 1\n    expect_nodes: 65\n",
        ),
    )
}

#[test]
fn check_conform_and_the_explore_hint_count_steps_from_one() {
    let dir = scratch("numbering");
    let file = second_step_wrong(&dir);
    let file_text = file.display().to_string();
    let case = regelwerk::scenario::load_file(&file, None).unwrap_or_else(|e| panic!("{e}"));
    let mismatch = regelwerk::scenario::run(&case).expect_err("the second step is wrong");
    assert_eq!(mismatch.step, 2);
    // check: text and JSON.
    let run = regelwerk(&["check", "--variant", "racingkings", &file_text]);
    let stdout = text(&run.stdout);
    assert!(stdout.contains("  step 2: perft 1"), "{stdout}");
    let run = regelwerk(&[
        "check",
        "--variant",
        "racingkings",
        "--format",
        "json",
        &file_text,
    ]);
    let json: serde_json::Value =
        serde_json::from_slice(&run.stdout).unwrap_or_else(|error| panic!("{error}"));
    assert_eq!(json["cases"][0]["step"], 2, "{json}");
    // conform: the failure and its explore hint name the same step.
    let engine = serve();
    let run = regelwerk(&[
        "conform",
        "--variant",
        "racingkings",
        "--engine",
        &engine,
        &file_text,
    ]);
    let stdout = text(&run.stdout);
    assert!(stdout.contains("  step 2: perft 1"), "{stdout}");
    // A file outside the suite is named by its path, which `explore
    // --scenario` opens (harness::explore tests that it does).
    assert!(
        stdout.contains(&format!("--scenario {file_text} --step 2")),
        "{stdout}"
    );
    // explore --help says how it counts.
    let help = text(&regelwerk(&["explore", "--help"]).stdout);
    let flat = help.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        flat.contains("--step") && (flat.contains("1-based") || flat.contains("1- based")),
        "{help}"
    );
}

#[test]
fn a_position_at_fault_is_named_as_the_starting_position_not_a_step() {
    let dir = scratch("position");
    // Claimed impossible, but a legal start: the reference accepts it.
    let file = write(
        &dir,
        "possible.yaml",
        "variant: racingkings\nid: rk.1-not-impossible\nclauses: [rk.1]\ndescription: d\nposition:\n  notation: \"8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - - 0 1\"\n  invalid: true\nsteps: []\n",
    );
    let case = regelwerk::scenario::load_file(&file, None).unwrap_or_else(|e| panic!("{e}"));
    let mismatch = regelwerk::scenario::run(&case).expect_err("the position is playable");
    assert_eq!(mismatch.step, 0);
    let run = regelwerk(&[
        "check",
        "--variant",
        "racingkings",
        &file.display().to_string(),
    ]);
    let stdout = text(&run.stdout);
    assert!(
        stdout.contains("  the starting position: open the position"),
        "{stdout}"
    );
}

/// The explorer's step table (`/api/scenario`) against `check`, step by
/// step, on every scenario of every variant, under the defaults and with
/// one of the variant's misreadings played (the n-th scenario plays the
/// n-th misreading, round the list): a row says "differs" exactly at the
/// steps where the reference, run step by step, differs
/// (`differences_with`, what `rulings diff` counts), the table's mismatch
/// is `check`'s, and every step that ran has the engine's answer in words.
#[test]
fn the_explorers_step_table_is_checks_step_by_step_on_every_scenario() {
    use regelwerk::explore::api::step_table;
    use regelwerk::report::labels::Lang;
    use regelwerk::scenario::run::{differences_with, run_with, StepKind};
    let walk = |variant: VariantId| -> (usize, usize) {
        let input = regelwerk::report::diff::DiffInput::load_variant(&root(), variant)
            .unwrap_or_else(|error| panic!("{variant}: {error}"));
        assert!(input.invalid.is_empty(), "{variant}: {:?}", input.invalid);
        let dir = root().join("spec").join(variant.name());
        let misreadings: Vec<String> = if dir.join("misreadings.yaml").is_file() {
            regelwerk::spec::load_misreadings(&dir, variant)
                .unwrap_or_else(|error| panic!("{variant}: {error}"))
                .into_iter()
                .map(|entry| format!("{}{}", regelwerk::variant::FAULT_PREFIX, entry.id))
                .collect()
        } else {
            Vec::new()
        };
        let (mut tables, mut differing) = (0, 0);
        for (index, case) in input.cases.iter().enumerate() {
            let mut settings = vec![Vec::new()];
            if !misreadings.is_empty() {
                settings.push(vec![misreadings[index % misreadings.len()].clone()]);
            }
            for forced in settings {
                let id = format!("{} {forced:?}", case.scenario.id);
                let table = step_table(case, &forced, Lang::En);
                let check = run_with(case, &forced).err();
                assert_eq!(table["mismatch"], serde_json::json!(check), "{id}");
                let rows = table["steps"].as_array().cloned().unwrap_or_default();
                assert_eq!(rows.len(), case.scenario.steps.len(), "{id}");
                let flagged: Vec<u64> = rows
                    .iter()
                    .filter(|row| row["differs"] == true)
                    .filter_map(|row| row["number"].as_u64())
                    .collect();
                let differences = differences_with(case, &forced);
                let expected: Vec<u64> = differences
                    .iter()
                    .filter(|difference| difference.kind != StepKind::Open)
                    .map(|difference| difference.step as u64)
                    .collect();
                assert_eq!(flagged, expected, "{id}: the rows that differ");
                if let Some(check) = &check {
                    let first = expected.first().copied().unwrap_or(0);
                    assert_eq!(check.step as u64, first, "{id}: check's failing step");
                }
                let opened = !differences.iter().any(|d| d.kind == StepKind::Open)
                    && !case.scenario.position.invalid;
                if opened {
                    for row in &rows {
                        assert!(
                            row["engine"]
                                .as_str()
                                .is_some_and(|words| !words.is_empty()),
                            "{id}: step {} has no answer: {row}",
                            row["number"]
                        );
                    }
                }
                tables += 1;
                differing += usize::from(!flagged.is_empty());
            }
        }
        (tables, differing)
    };
    let results: Vec<(VariantId, (usize, usize))> = std::thread::scope(|scope| {
        let handles: Vec<_> = VariantId::ALL
            .into_iter()
            .map(|variant| (variant, scope.spawn(move || walk(variant))))
            .collect();
        handles
            .into_iter()
            .map(|(variant, handle)| {
                (
                    variant,
                    handle
                        .join()
                        .unwrap_or_else(|_| panic!("{variant}: the walk panicked")),
                )
            })
            .collect()
    });
    for (variant, (tables, differing)) in results {
        println!("{variant}: {tables} step tables, {differing} with differing rows");
        // The misreadings make some tables differ: the comparison is seen
        // at work, not only on agreeing runs.
        assert!(differing > 0, "{variant}: no table differs");
    }
}
