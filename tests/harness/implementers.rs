//! What an implementer meets (docs/implementers.md): an engine declaring
//! its readings (`ready.rulings`, `conform --ruling`), refusals without a
//! reason (`illegal`), stderr attributed to the request it was written
//! during, a lone case that times out, `fuzz --engine --keep-going` and
//! `--known-differences` for protocol engines, a perft divergence that
//! shows its moves, and the Rust adapter skeleton (examples/).
//! The fake engine is tests/data/fake-engine.py.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use regelwerk::conform::difffuzz::{divergence_scenario, fuzz_game, Divergence};
use regelwerk::protocol::messages::{Request, Response};
use regelwerk::protocol::responder::{InProcess, Responder};
use regelwerk::variant::VariantId;
use serde_json::Value;

use crate::support::{regelwerk, root, Output};

const BIN: &str = env!("CARGO_BIN_EXE_regelwerk");

/// The fake engine's command line with its options.
fn fake(options: &str) -> String {
    format!(
        "python3 {}/tests/data/fake-engine.py {BIN} {options}",
        root().display()
    )
}

fn json(run: &Output) -> Value {
    serde_json::from_str(&run.stdout)
        .unwrap_or_else(|error| panic!("not JSON: {error}\n{}\n{}", run.stdout, run.stderr))
}

/// The cases of a JSON conformance report with this status.
fn with_status<'a>(report: &'a Value, status: &str) -> Vec<&'a Value> {
    report["cases"]
        .as_array()
        .unwrap_or_else(|| panic!("no cases: {report}"))
        .iter()
        .filter(|case| case["status"] == status)
        .collect()
}

fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("implementers-{name}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap_or_else(|error| panic!("{}: {error}", dir.display()));
    dir
}

#[test]
fn an_engine_declaring_a_reading_is_judged_under_it() {
    // Undeclared, the box reading fails the cases of the brown lines.
    let undeclared = regelwerk(&[
        "conform",
        "--variant",
        "sovereign",
        "--engine",
        &format!("'{BIN}' serve --ruling S-PAWN-DIR=box"),
        "--format",
        "json",
    ]);
    assert_eq!(undeclared.code, Some(1), "{}", undeclared.stderr);
    let failed = with_status(&json(&undeclared), "failed").len();
    assert!(failed > 0);
    // Declared in `ready`: no failure, and the cases that pin or test the
    // default reading are not applicable, naming the ruling.
    let declared = regelwerk(&[
        "conform",
        "--variant",
        "sovereign",
        "--engine",
        &fake("--declare S-PAWN-DIR=box"),
        "--format",
        "json",
    ]);
    assert_eq!(
        declared.code,
        Some(0),
        "{}\n{}",
        declared.stdout,
        declared.stderr
    );
    let report = json(&declared);
    assert_eq!(report["readings"], serde_json::json!(["S-PAWN-DIR=box"]));
    let not_applicable = with_status(&report, "not-applicable");
    assert!(
        not_applicable.len() >= failed,
        "{} not applicable, {failed} failed undeclared",
        not_applicable.len()
    );
    assert!(not_applicable
        .iter()
        .all(|case| case["ruling"] == "S-PAWN-DIR"));
    assert!(with_status(&report, "passed").len() > 100);
    // The same through --ruling, with the text report naming it.
    let text = regelwerk(&[
        "conform",
        "--variant",
        "sovereign",
        "--engine",
        &format!("'{BIN}' serve --ruling S-PAWN-DIR=box"),
        "--ruling",
        "S-PAWN-DIR=box",
    ]);
    assert_eq!(text.code, Some(0), "{}", text.stdout);
    assert!(text
        .stdout
        .contains("readings: the engine plays S-PAWN-DIR=box"));
    assert!(text
        .stdout
        .contains("not applicable to the engine's readings"));
    assert!(text.stdout.contains("[S-PAWN-DIR]"));
}

#[test]
fn failing_cases_show_their_rulings_and_bad_readings_are_refused() {
    let run = regelwerk(&[
        "conform",
        "--variant",
        "sovereign",
        "--engine",
        &format!("'{BIN}' serve --ruling S-PAWN-DIR=box"),
        "--clause",
        "sc.6",
    ]);
    assert_eq!(run.code, Some(1));
    assert!(
        run.stdout.contains("  rulings: S-PAWN-DIR"),
        "{}",
        run.stdout
    );
    let bad = regelwerk(&[
        "conform",
        "--variant",
        "sovereign",
        "--engine",
        &format!("'{BIN}' serve"),
        "--ruling",
        "S-NOPE=x",
    ]);
    assert_eq!(bad.code, Some(2), "{}", bad.stderr);
    let declared_bad = regelwerk(&[
        "conform",
        "--variant",
        "sovereign",
        "--engine",
        &fake("--announce S-NOPE=x"),
    ]);
    assert_eq!(declared_bad.code, Some(3), "{}", declared_bad.stderr);
    assert!(
        declared_bad.stderr.contains("declares"),
        "{}",
        declared_bad.stderr
    );
}

#[test]
fn refusals_without_a_reason_are_compared_on_legality_only() {
    let run = regelwerk(&[
        "conform",
        "--variant",
        "grand",
        "--engine",
        &fake("--illegal"),
        "--format",
        "json",
    ]);
    assert_eq!(run.code, Some(0), "{}\n{}", run.stdout, run.stderr);
    let report = json(&run);
    let noted = report["cases"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|case| {
            case["not_compared"].as_array().is_some_and(|lost| {
                lost.iter()
                    .any(|l| l == "refusal codes (answered `illegal`)")
            })
        })
        .count();
    assert!(noted > 5, "{noted} cases note the refusal codes");
    // `illegal` for a legal action is still a failure.
    let wrong = regelwerk(&[
        "conform",
        "--variant",
        "grand",
        "--engine",
        &fake("--refuse-all"),
        "--format",
        "json",
    ]);
    assert_eq!(wrong.code, Some(1));
    assert!(with_status(&json(&wrong), "failed").len() > 10);
    // The text report lists what was not compared.
    let text = regelwerk(&[
        "conform",
        "--variant",
        "grand",
        "--engine",
        &fake("--illegal"),
    ]);
    assert!(
        text.stdout
            .contains("expected but not compared: refusal codes (answered `illegal`)"),
        "{}",
        text.stdout
    );
}

/// `conform` against the fake engine with `options`; `lag_ms` makes the
/// harness's stderr reader wait that long before each read (the delay of
/// a loaded machine, REGELWERK_TEST_STDERR_LAG_MS).
fn conform_fake(args: &[&str], options: &str, lag_ms: Option<u64>) -> Output {
    let mut command = std::process::Command::new(BIN);
    command
        .args(["conform", "--engine", &fake(options)])
        .args(args)
        .current_dir(root());
    if let Some(lag) = lag_ms {
        command.env("REGELWERK_TEST_STDERR_LAG_MS", lag.to_string());
    }
    let output = command
        .output()
        .unwrap_or_else(|error| panic!("running conform {args:?}: {error}"));
    Output {
        code: output.status.code(),
        stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
    }
}

/// The stderr of the one errored case when request 1 (the first case's;
/// seq 0 is the smoke check) outlasts a 5 s timeout (the engine sleeps
/// 15 s), with the harness's stderr reader lagging `lag_ms`.
fn stderr_of_the_request_timing_out_after_5s(lag_ms: Option<u64>) -> String {
    let run = conform_fake(
        &[
            "--variant",
            "racingkings",
            "--timeout",
            "5",
            "--format",
            "json",
        ],
        "--log-seq --sleep-on 1:15",
        lag_ms,
    );
    assert_eq!(run.code, Some(1), "{}", run.stderr);
    let report = json(&run);
    let errored = with_status(&report, "errored");
    assert_eq!(errored.len(), 1, "{report}");
    errored[0]["stderr"]
        .as_str()
        .unwrap_or_default()
        .to_string()
}

#[test]
fn stderr_is_the_failing_requests_own_timeout_5s() {
    let stderr = stderr_of_the_request_timing_out_after_5s(None);
    assert_eq!(stderr.trim(), "working on seq 1", "{stderr:?}");
}

/// The harness reads an engine's stderr at each request's boundaries
/// itself, so a reader thread that falls behind (here by 400 ms before
/// every read, longer than the smoke check takes) never charges the smoke
/// check's line to the next request, as it did under load.
#[test]
fn stderr_is_the_failing_requests_own_with_the_reader_400ms_behind_timeout_5s() {
    let stderr = stderr_of_the_request_timing_out_after_5s(Some(400));
    assert_eq!(stderr.trim(), "working on seq 1", "{stderr:?}");
}

/// An engine that writes every answer twice loses every case it is
/// asked, whatever the timing: the second answer is charged by its seq to
/// the case that sent the request, also for the last request of a case
/// and of the run (docs/protocol.md, one response per request).
#[test]
fn an_engine_answering_twice_loses_every_case() {
    for args in [
        &["--variant", "grand", "--clause", "g.6", "--timeout", "10"][..],
        &["--variant", "racingkings", "--timeout", "10"][..],
    ] {
        let mut args = args.to_vec();
        args.extend(["--format", "json"]);
        let run = conform_fake(&args, "--answer-twice", None);
        assert_eq!(run.code, Some(1), "{args:?}: {}", run.stderr);
        let report = json(&run);
        let cases = report["cases"].as_array().cloned().unwrap_or_default();
        assert!(!cases.is_empty(), "{report}");
        for case in &cases {
            assert_eq!(case["status"], "errored", "{args:?}: {case}");
            assert!(
                case["context"]
                    .as_str()
                    .is_some_and(|context| context.contains("more than once")),
                "{args:?}: {case}"
            );
        }
        // The same engine answering once passes them all.
        let once = conform_fake(&args, "", None);
        assert_eq!(once.code, Some(0), "{args:?}: {}", once.stderr);
        assert_eq!(with_status(&json(&once), "passed").len(), cases.len());
    }
}

#[test]
fn a_lone_case_that_times_out_says_so_timeout_5s() {
    let id = "rk.1-turns-alternate";
    let files = regelwerk(&[
        "conform",
        "--variant",
        "racingkings",
        "--engine",
        &fake(""),
        "--id",
        id,
    ]);
    assert_eq!(
        files.code,
        Some(0),
        "the case {id} exists: {}",
        files.stderr
    );
    let run = regelwerk(&[
        "conform",
        "--variant",
        "racingkings",
        "--engine",
        &fake("--sleep-on 1:15"),
        "--timeout",
        "5",
        "--id",
        id,
    ]);
    assert_eq!(run.code, Some(1), "{}", run.stderr);
    assert!(run.stdout.contains("the case timed out"), "{}", run.stdout);
    assert!(!run.stdout.contains("EVERY case errored"), "{}", run.stdout);
}

#[test]
fn keep_going_plays_every_game_and_counts_the_kinds() {
    let out = scratch("keep-going");
    let run = regelwerk(&[
        "fuzz",
        "--engine",
        &format!("'{BIN}' serve --ruling R-KING=twelve"),
        "--games",
        "4",
        "--max-plies",
        "40",
        "--perft-every",
        "0",
        "--keep-going",
        "--format",
        "json",
        "--out",
        &out.display().to_string(),
    ]);
    assert_eq!(run.code, Some(1), "{}", run.stderr);
    let summary = json(&run);
    assert_eq!(summary["games"], 4);
    let diverged = summary["diverged"].as_array().cloned().unwrap_or_default();
    assert!(diverged.len() >= 2, "{summary}");
    let seeds: BTreeSet<u64> = diverged.iter().filter_map(|g| g["seed"].as_u64()).collect();
    assert_eq!(seeds.len(), diverged.len(), "one entry per game");
    let counted: u64 = summary["kinds"]
        .as_object()
        .into_iter()
        .flatten()
        .filter_map(|(_, count)| count.as_u64())
        .sum();
    assert_eq!(counted, diverged.len() as u64);
    // Each scenario keeps the game, the seed and the ply it came from.
    for game in &diverged {
        let path = game["scenario"].as_str().unwrap_or_default();
        let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
        let origin = format!(
            "game {}, seed {}, diverged at ply",
            game["game"], game["seed"]
        );
        assert!(text.contains(&origin), "{text}");
    }
}

#[test]
fn known_differences_count_for_protocol_engines() {
    let list = scratch("known").join("known.txt");
    std::fs::write(&list, "F-RK-FSF11-ANSWER\n").unwrap_or_else(|e| panic!("{e}"));
    let args = |known: bool| {
        let mut args = vec![
            "fuzz".to_string(),
            "--variant".into(),
            "racingkings".into(),
            "--engine".into(),
            fake("--play-on"),
            "--games".into(),
            "12".into(),
            "--perft-every".into(),
            "0".into(),
            "--out".into(),
            scratch("known-out").display().to_string(),
        ];
        if known {
            args.extend([
                "--known-differences".to_string(),
                list.display().to_string(),
            ]);
        }
        args
    };
    let listed = args(true);
    let run = regelwerk(&listed.iter().map(String::as_str).collect::<Vec<_>>());
    assert_eq!(run.code, Some(0), "{}\n{}", run.stdout, run.stderr);
    assert!(
        run.stdout.contains("known difference F-RK-FSF11-ANSWER"),
        "{}",
        run.stdout
    );
    let unlisted = args(false);
    let run = regelwerk(&unlisted.iter().map(String::as_str).collect::<Vec<_>>());
    assert_eq!(run.code, Some(1), "{}", run.stdout);
}

/// An engine whose move lists lack one move everywhere but at the start,
/// with perft counts that agree with its own lists: the root's moves and
/// perft 1 agree, perft 2 does not.
struct DropsAMoveBelowTheRoot {
    root: String,
    reference: InProcess,
}

impl Responder for DropsAMoveBelowTheRoot {
    fn respond(
        &mut self,
        request: &Request,
    ) -> Result<Response, regelwerk::protocol::client::ClientError> {
        let answer = self.reference.respond(request)?;
        Ok(match (request, answer) {
            (Request::Moves { position, .. }, Response::Moves { seq, mut moves })
                if *position != self.root =>
            {
                moves.sort();
                moves.pop();
                Response::Moves { seq, moves }
            }
            (
                Request::Perft {
                    position,
                    depth,
                    variant,
                    ..
                },
                Response::Perft { seq, nodes },
            ) => {
                let game = regelwerk::variant::open(*variant, Some(position), &[])
                    .unwrap_or_else(|e| panic!("{e}"));
                let nodes = match (*position == self.root, depth) {
                    (false, 1) => nodes - 1,
                    (true, 2) => nodes - game.legal_moves().len() as u64,
                    _ => nodes,
                };
                Response::Perft { seq, nodes }
            }
            (_, answer) => answer,
        })
    }
    fn stderr_tail(&self) -> String {
        String::new()
    }
}

#[test]
fn a_perft_divergence_shows_the_moves_that_differ() {
    let variant = VariantId::Racingkings;
    let root = regelwerk::variant::open(variant, None, &[])
        .unwrap_or_else(|e| panic!("{e}"))
        .position_text();
    let mut engine = DropsAMoveBelowTheRoot {
        root,
        reference: InProcess { forced: Vec::new() },
    };
    let found = fuzz_game(&mut engine, variant, 1, 10, 1, &[])
        .expect_err("perft 2 differs at the first ply");
    let Divergence::Perft {
        path,
        missing,
        unexpected,
        ..
    } = &found.divergence
    else {
        panic!("not a perft divergence: {}", found.divergence);
    };
    assert_eq!(path.len(), 1, "one move down to the differing position");
    assert_eq!(missing.len(), 1);
    assert!(unexpected.is_empty());
    assert!(found
        .divergence
        .to_string()
        .contains("its moves differ: missing"));
    let clauses = regelwerk::conform::difffuzz::cause_clause::CauseClauses::load(
        Path::new(env!("CARGO_MANIFEST_DIR")),
        found.variant,
    )
    .expect("the suite");
    let scenario = divergence_scenario(&found, "diverge-test", &clauses);
    assert!(
        scenario.contains(&format!("  - play: \"{}\"", path[0])),
        "{scenario}"
    );
    assert!(scenario.contains("  - moves: {}"), "{scenario}");
    assert!(
        scenario.contains(&missing[0]),
        "the reference's moves hold the missing one"
    );
}

#[test]
fn the_rust_adapter_skeleton_passes_the_racing_kings_suite() {
    let adapter = Path::new(BIN)
        .parent()
        .map(|dir| dir.join("examples/rust-engine-adapter"))
        .unwrap_or_default();
    if !adapter.exists() {
        // `cargo test` builds the examples; `cargo test --test main` does not.
        let built = std::process::Command::new(env!("CARGO"))
            .args([
                "build",
                "--profile",
                "test",
                "--example",
                "rust-engine-adapter",
            ])
            .current_dir(root())
            .status()
            .unwrap_or_else(|error| panic!("cargo build --example: {error}"));
        assert!(built.success());
    }
    assert!(adapter.exists(), "{}", adapter.display());
    let run = regelwerk(&[
        "conform",
        "--variant",
        "racingkings",
        "--engine",
        &format!("'{}' '{BIN}'", adapter.display()),
    ]);
    assert_eq!(run.code, Some(0), "{}\n{}", run.stdout, run.stderr);
    assert!(
        run.stdout.contains("engine: rust-adapter"),
        "{}",
        run.stdout
    );
}

#[test]
fn the_protocol_pages_are_current() {
    let bless = std::env::var("REGELWERK_BLESS").is_ok_and(|value| value == "1");
    for variant in VariantId::ALL {
        let info = regelwerk::variant::info(variant);
        // The page's data covers the variant's lists: every event kind
        // once, report notes only for real fields.
        let documented: Vec<&str> = info.protocol.events.iter().map(|e| e.kind).collect();
        let mut kinds = info.event_kinds.to_vec();
        let mut sorted = documented.clone();
        kinds.sort_unstable();
        sorted.sort_unstable();
        assert_eq!(
            sorted, kinds,
            "{variant}: the page's events are the variant's event kinds"
        );
        let fields: Vec<&str> = regelwerk::protocol::doc::REPORT_FIELDS
            .iter()
            .map(|(name, _)| *name)
            .collect();
        let report = serde_json::to_value(regelwerk::variant::Report {
            action: String::new(),
            actor: String::new(),
            capture: None,
            promotion: None,
            checks: Vec::new(),
            eliminations: Vec::new(),
            control: Vec::new(),
            next: None,
            status: regelwerk::variant::Status::Ongoing,
            events: Vec::new(),
            clocks: Default::default(),
            position: String::new(),
        })
        .unwrap_or_else(|e| panic!("{e}"));
        let real: BTreeSet<&str> = report
            .as_object()
            .map(|map| map.keys().map(String::as_str).collect())
            .unwrap_or_default();
        assert_eq!(
            fields.iter().copied().collect::<BTreeSet<_>>(),
            real,
            "the report's fields"
        );
        for (field, _) in info.protocol.report {
            assert!(fields.contains(field), "{variant}: no report field {field}");
        }
        // The worked example is the reference's real answer, and it is an
        // answer to every action sent.
        let (request, answer) = regelwerk::protocol::doc::worked_example(info, &root())
            .unwrap_or_else(|e| panic!("{variant}: {e}"));
        let sent: Value = serde_json::from_str(&request).unwrap_or_default();
        let got: Value = serde_json::from_str(&answer).unwrap_or_default();
        assert_eq!(
            got["results"].as_array().map(Vec::len),
            sent["actions"].as_array().map(Vec::len),
            "{variant}: {answer}"
        );
        assert!(
            got["results"]
                .as_array()
                .into_iter()
                .flatten()
                .any(|r| r["result"] == "legal"),
            "{variant}: the example plays a legal action"
        );
        let page = regelwerk::protocol::doc::variant_page(variant, &root())
            .unwrap_or_else(|e| panic!("{variant}: {e}"));
        let path = root().join(format!("docs/protocol/{variant}.md"));
        if bless {
            std::fs::create_dir_all(root().join("docs/protocol")).unwrap_or_else(|e| panic!("{e}"));
            std::fs::write(&path, &page).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            continue;
        }
        let committed = std::fs::read_to_string(&path).unwrap_or_default();
        assert!(
            committed == page,
            "{} is out of date; regenerate it with REGELWERK_BLESS=1 cargo test the_protocol_pages_are_current",
            path.display()
        );
    }
}

/// Issue 33 item 4: on every variant's protocol page, the refusal code
/// the reference answers for each witness (an action that breaks several
/// rules at once, `src/variant/<variant>/witnesses.rs`) comes before every
/// other code that witness breaks.
#[test]
fn the_protocol_pages_list_refusals_in_the_reference_order() {
    use regelwerk::protocol::precedence::{answer, witnesses};
    for variant in VariantId::ALL {
        let page = root().join(format!("docs/protocol/{variant}.md"));
        let text = std::fs::read_to_string(&page).unwrap_or_else(|e| panic!("{e}"));
        let section = text
            .split("## Refusal codes")
            .nth(1)
            .and_then(|rest| rest.split("\n## ").next())
            .unwrap_or_else(|| panic!("{}: no refusal codes", page.display()));
        let listed: Vec<&str> = section
            .lines()
            .filter_map(|line| line.split_once(". `"))
            .filter(|(number, _)| number.chars().all(|c| c.is_ascii_digit()))
            .filter_map(|(_, rest)| rest.strip_suffix('`'))
            .collect();
        let mut declared = regelwerk::variant::info(variant).refusals.to_vec();
        let mut sorted = listed.clone();
        declared.sort_unstable();
        sorted.sort_unstable();
        assert_eq!(sorted, declared, "{}: every code once", page.display());
        for witness in witnesses(variant) {
            let code = answer(variant, witness).unwrap_or_else(|e| panic!("{e}"));
            let place = |c: &str| listed.iter().position(|&l| l == c);
            for other in witness.breaks.iter().filter(|&&c| c != code) {
                assert!(
                    place(&code) < place(other),
                    "{}: the reference answers `{code}` for {} {} (which also breaks `{other}`), but the page lists `{other}` first",
                    page.display(),
                    witness.position,
                    witness.action
                );
            }
        }
    }
}
