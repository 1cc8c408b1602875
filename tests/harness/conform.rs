//! The engine protocol and `regelwerk conform` (docs/protocol.md): the
//! checked-in JSON Schemas are current, `regelwerk serve` answers in valid
//! messages, the reference conforms to itself through a real process, every
//! ruling alternative fails exactly scenarios that name the ruling,
//! differential fuzzing finds and writes a replayable divergence, and the
//! harness survives misbehaving engines (crash, timeout, garbage, closed
//! output, missing program) with the documented exit codes and reports.

use std::collections::BTreeSet;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use regelwerk::conform::difffuzz::cause_clause::CauseClauses;
use regelwerk::conform::difffuzz::{divergence_scenario, fuzz_game};
use regelwerk::conform::{conform_case, smoke_check, Smoke, Verdict};
use regelwerk::protocol::client::Engine;
use regelwerk::protocol::messages::{schemas, Response};
use regelwerk::protocol::responder::InProcess;
use regelwerk::scenario::load::load_str;
use regelwerk::scenario::Loaded;
use regelwerk::spec::Spec;
use regelwerk::variant::monarchie::Ruleset;
use regelwerk::variant::VariantId;
use serde_json::Value;

/// The `regelwerk` binary cargo built for these tests.
const BIN: &str = env!("CARGO_BIN_EXE_regelwerk");

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn spec() -> Spec {
    Spec::load(&root().join("spec/monarchie")).unwrap_or_else(|error| panic!("spec: {error}"))
}

/// Every scenario of the suite, loaded and validated.
fn suite() -> Vec<Loaded> {
    let spec = spec();
    let files = regelwerk::suite::collect_files(&[root().join("scenarios/monarchie")])
        .unwrap_or_else(|error| panic!("scenario files: {error}"));
    assert!(files.len() > 100, "the suite is suspiciously small");
    files
        .iter()
        .map(|file| {
            regelwerk::scenario::load_file(file, Some(&spec))
                .unwrap_or_else(|error| panic!("{error}"))
        })
        .collect()
}

/// The engine command line of the reference server with extra arguments.
fn serve_command(extra: &str) -> String {
    format!("'{BIN}' serve {extra}")
}

fn start_engine(extra: &str, timeout: Duration) -> Engine {
    let command = serve_command(extra);
    Engine::start(&command, timeout).unwrap_or_else(|error| panic!("{command}: {error}"))
}

/// A fresh scratch directory for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("conform-{name}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap_or_else(|error| panic!("{}: {error}", dir.display()));
    dir
}

/// IDs of the scenarios that do not pass against `responder`.
fn not_passing(
    responder: &mut impl regelwerk::protocol::responder::Responder,
    cases: &[Loaded],
) -> BTreeSet<String> {
    let mut seq = 0;
    cases
        .iter()
        .filter(|loaded| conform_case(responder, loaded, &mut seq) != Verdict::Passed)
        .map(|loaded| loaded.scenario.id.clone())
        .collect()
}

// ---------------------------------------------------------------- schemas

#[test]
fn checked_in_protocol_schemas_are_current() {
    let dir = root().join("schemas/protocol");
    let bless = std::env::var("REGELWERK_BLESS").is_ok_and(|value| value == "1");
    let generated = schemas();
    assert_eq!(generated.len(), 2, "a request and a response schema");
    for (name, json) in generated {
        let path = dir.join(name);
        let wanted = format!("{}\n", json.trim_end());
        if bless {
            std::fs::create_dir_all(&dir)
                .unwrap_or_else(|error| panic!("{}: {error}", dir.display()));
            std::fs::write(&path, &wanted)
                .unwrap_or_else(|error| panic!("{}: {error}", path.display()));
        }
        let checked_in = std::fs::read_to_string(&path).unwrap_or_else(|error| {
            panic!(
                "{}: {error}\nregenerate with: REGELWERK_BLESS=1 cargo test conform::checked_in_protocol_schemas_are_current",
                path.display()
            )
        });
        assert!(
            checked_in == wanted,
            "{} is stale (the message types in src/protocol/messages.rs changed)\n\
             regenerate with: REGELWERK_BLESS=1 cargo test conform::checked_in_protocol_schemas_are_current",
            path.display()
        );
        let parsed: Value = serde_json::from_str(&checked_in)
            .unwrap_or_else(|error| panic!("{}: not JSON: {error}", path.display()));
        assert!(
            parsed.get("oneOf").is_some(),
            "{name}: one schema per message type"
        );
    }
}

// ------------------------------------------------------- the reference server

/// Sends `lines` to a fresh `regelwerk serve` and returns its stdout lines.
fn serve_lines(lines: &[String]) -> Vec<String> {
    let mut child = Command::new(BIN)
        .arg("serve")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap_or_else(|error| panic!("{BIN} serve: {error}"));
    let mut stdin = child.stdin.take().unwrap_or_else(|| panic!("no stdin"));
    for line in lines {
        writeln!(stdin, "{line}").unwrap_or_else(|error| panic!("writing to serve: {error}"));
    }
    drop(stdin);
    let output = child
        .wait_with_output()
        .unwrap_or_else(|error| panic!("waiting for serve: {error}"));
    assert!(
        output.status.success(),
        "serve exited with {}",
        output.status
    );
    String::from_utf8(output.stdout)
        .unwrap_or_else(|error| panic!("serve wrote non-UTF-8: {error}"))
        .lines()
        .map(str::to_string)
        .collect()
}

#[test]
fn every_serve_answer_is_a_valid_response_that_round_trips() {
    let start = regelwerk::variant::monarchie::notation::to_notation(
        &regelwerk::variant::monarchie::Position::start(),
    );
    // Blau to move against Orange and Gelb, with a dead Lila rook on 32
    // (the endgame example of docs/notation.md).
    let endgame = "1/2/3/4/5/6/9bKlR8/18/17/8bN7/7bP7/6rP7/13/14/7yB7/16/8oN8/18/yK17oK/6/5/4/3/2/1 b glr - - -";
    let requests = [
        r#"{"type":"start","protocol":"2.0"}"#.to_string(),
        format!(
            r#"{{"type":"apply","seq":1,"variant":"monarchie","position":"{start}","actions":["16-28","5-10"]}}"#
        ),
        format!(
            r#"{{"type":"apply","seq":2,"variant":"monarchie","position":"{endgame}","rulings":[],"actions":["84x32"]}}"#
        ),
        format!(
            r#"{{"type":"moves","seq":3,"variant":"monarchie","position":"{endgame}","from":"84"}}"#
        ),
        format!(
            r#"{{"type":"perft","seq":4,"variant":"monarchie","position":"{endgame}","depth":2}}"#
        ),
        // Protocol 2.2: the status of a loaded position (both kings home
        // in Racing Kings: a drawn race, R-RK-ANSWER).
        r#"{"type":"status","seq":9,"variant":"racingkings","position":"1K4k1/8/8/8/8/8/8/8 b - - 0 1"}"#
            .to_string(),
        format!(
            r#"{{"type":"moves","seq":5,"variant":"monarchie","position":"{endgame}","rulings":["R-NO-SUCH=key"]}}"#
        ),
        r#"{"type":"moves","seq":6,"variant":"monarchie","position":"not a position"}"#.to_string(),
        "this is not json".to_string(),
        r#"{"type":"stop"}"#.to_string(),
        // After `stop` nothing more is answered.
        format!(r#"{{"type":"perft","seq":7,"position":"{endgame}","depth":1}}"#),
    ];
    let lines = serve_lines(&requests);
    assert_eq!(
        lines.len(),
        9,
        "one answer per request before stop:\n{}",
        lines.join("\n")
    );
    let mut kinds = Vec::new();
    for line in &lines {
        let response: Response = serde_json::from_str(line)
            .unwrap_or_else(|error| panic!("not a Response: {error}\n{line}"));
        let raw: Value = serde_json::from_str(line).unwrap_or_else(|error| panic!("{error}"));
        let again = serde_json::to_value(&response).unwrap_or_else(|error| panic!("{error}"));
        assert_eq!(raw, again, "the line does not survive a round trip");
        let (kind, seq) = match &response {
            Response::Ready {
                protocol,
                capabilities,
                ..
            } => {
                assert_eq!(protocol, regelwerk::protocol::PROTOCOL_VERSION);
                assert_eq!(capabilities, &["apply", "moves", "perft", "status"]);
                ("ready", None)
            }
            Response::Applied { seq, results } => {
                assert!(results.iter().all(|r| !r.position.is_empty()));
                ("applied", Some(*seq))
            }
            Response::Refused { .. } => ("refused", None),
            Response::Moves { seq, .. } => ("moves", Some(*seq)),
            Response::Perft { seq, .. } => ("perft", Some(*seq)),
            Response::Status {
                seq,
                status,
                to_move,
            } => {
                assert_eq!(
                    serde_json::to_value(status).unwrap_or_default(),
                    serde_json::json!({"result": "drawn", "reason": "goal-tie"})
                );
                assert_eq!(to_move, &None, "nobody moves in a finished race");
                ("status", Some(*seq))
            }
            Response::Skipped { seq, .. } => ("skipped", Some(*seq)),
            Response::Errored { seq, .. } => ("errored", Some(*seq)),
        };
        kinds.push((kind, seq));
    }
    assert_eq!(
        kinds,
        [
            ("ready", None),
            ("applied", Some(1)),
            ("applied", Some(2)),
            ("moves", Some(3)),
            ("perft", Some(4)),
            ("status", Some(9)),
            ("skipped", Some(5)),
            ("errored", Some(6)),
            // An unreadable request has no seq to echo: 0.
            ("errored", Some(0)),
        ]
    );
    // The refused second action of seq 1 leaves the position as the first left it.
    let Ok(Response::Applied { results, .. }) = serde_json::from_str::<Response>(&lines[1]) else {
        panic!("seq 1 is not applied: {}", lines[1]);
    };
    assert_eq!(results.len(), 2);
    assert_eq!(results[0].result, "legal");
    assert_eq!(results[1].result, "wrong-party");
    assert_eq!(results[0].position, results[1].position);
    // The dead blocker capture of seq 2 is reported in full.
    let Ok(Response::Applied { results, .. }) = serde_json::from_str::<Response>(&lines[2]) else {
        panic!("seq 2 is not applied: {}", lines[2]);
    };
    let report = results[0]
        .report
        .as_ref()
        .unwrap_or_else(|| panic!("no report"));
    let capture = report
        .capture
        .as_ref()
        .unwrap_or_else(|| panic!("no capture"));
    assert_eq!((capture.at.as_str(), capture.dead), ("32", true));
    let events: Vec<&str> = report.events.iter().map(|e| e.kind.as_str()).collect();
    assert_eq!(events, ["moved", "captured"]);
    // Every message type that occurs is one the checked-in schema names.
    let schema = std::fs::read_to_string(root().join("schemas/protocol/response.schema.json"))
        .unwrap_or_else(|error| panic!("response schema: {error}"));
    for (kind, _) in kinds {
        assert!(
            schema.contains(&format!("\"{kind}\"")),
            "{kind} is not in the schema"
        );
    }
}

// ------------------------------------------------------------ conformance

#[test]
fn the_reference_passes_every_scenario_through_a_process() {
    let cases = suite();
    let mut engine = start_engine("", Duration::from_secs(20));
    assert_eq!(engine.info().name, "regelwerk");
    assert_eq!(
        engine.info().protocol,
        regelwerk::protocol::PROTOCOL_VERSION
    );
    assert_eq!(
        smoke_check(&mut engine, VariantId::Monarchie),
        Smoke::Healthy
    );
    let mut seq = 0;
    let problems: Vec<String> = cases
        .iter()
        .filter_map(|loaded| match conform_case(&mut engine, loaded, &mut seq) {
            Verdict::Passed => None,
            other => Some(format!(
                "{} ({}): {other:?}",
                loaded.scenario.id,
                loaded.path.display()
            )),
        })
        .collect();
    assert!(
        problems.is_empty(),
        "{} of {} scenarios do not pass against `regelwerk serve`:\n{}",
        problems.len(),
        cases.len(),
        problems.join("\n")
    );
    assert_eq!(engine.restarts(), 0);
    assert!(seq >= cases.len() as u64, "every case sent requests");
    engine.stop();
}

#[test]
fn every_ruling_alternative_fails_only_scenarios_that_name_the_ruling() {
    let cases = suite();
    let alternatives = Ruleset::all_alternatives();
    assert!(!alternatives.is_empty());
    let mut problems = Vec::new();
    for setting in alternatives {
        let id = setting.split('=').next().unwrap_or_default().to_string();
        let mut responder = InProcess {
            forced: vec![setting.clone()],
        };
        let failing = not_passing(&mut responder, &cases);
        if failing.is_empty() {
            problems.push(format!("{setting}: no scenario tells it from the default"));
        }
        for loaded in cases.iter().filter(|c| failing.contains(&c.scenario.id)) {
            if !loaded.scenario.rulings.contains(&id) {
                problems.push(format!(
                    "{setting}: {} ({}) fails but does not list {id} in `rulings` (run `regelwerk rulings audit --fix`)",
                    loaded.scenario.id,
                    loaded.path.display()
                ));
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn an_alternative_fails_the_same_scenarios_through_a_process_as_in_process() {
    let cases = suite();
    let setting = "R-KING=twelve";
    let in_process = not_passing(
        &mut InProcess {
            forced: vec![setting.to_string()],
        },
        &cases,
    );
    let mut engine = start_engine(&format!("--ruling {setting}"), Duration::from_secs(20));
    // A different reading of the rules, but a healthy adapter.
    assert!(matches!(
        smoke_check(&mut engine, VariantId::Monarchie),
        Smoke::Healthy | Smoke::Disagrees(_)
    ));
    let through_process = not_passing(&mut engine, &cases);
    assert!(!in_process.is_empty());
    assert_eq!(in_process, through_process);
    assert_eq!(engine.restarts(), 0);
    engine.stop();
}

// ------------------------------------------------------ differential fuzzing

#[test]
fn fuzzing_a_diverging_engine_writes_a_scenario_that_tells_them_apart() {
    let mut engine = start_engine("--ruling R-KING=twelve", Duration::from_secs(20));
    let game = (1..=10)
        .find_map(|seed| fuzz_game(&mut engine, VariantId::Monarchie, seed, 200, 20, &[]).err())
        .unwrap_or_else(|| panic!("10 games found no divergence from R-KING=twelve"));
    let clauses = CauseClauses::load(&root(), VariantId::Monarchie).expect("the suite");
    let text = divergence_scenario(&game, "diverge-test", &clauses);
    let loaded = load_str(Path::new("diverge-test.yaml"), &text, Some(&spec()))
        .unwrap_or_else(|error| panic!("the written scenario does not load: {error}\n{text}"));
    assert_eq!(loaded.scenario.id, "diverge-test");
    // R-KING=twelve changes how the king moves: the written scenario is
    // filed under the king's clause, not the placeholder m.1.
    assert_eq!(loaded.scenario.clauses, ["m.6.1"], "{text}");
    if let Err(mismatch) = regelwerk::scenario::run(&loaded) {
        panic!("the written scenario fails on the reference: {mismatch:?}\n{text}");
    }
    let mut seq = 0;
    let verdict = conform_case(&mut engine, &loaded, &mut seq);
    assert!(
        matches!(verdict, Verdict::Failed { .. }),
        "the written scenario should fail against the diverging engine, got {verdict:?}\n{text}"
    );
    assert!(
        matches!(
            conform_case(&mut InProcess { forced: Vec::new() }, &loaded, &mut seq),
            Verdict::Passed
        ),
        "and pass through the protocol on the reference"
    );
    engine.stop();
}

#[test]
fn fuzzing_the_reference_against_itself_finds_no_divergence() {
    let mut engine = start_engine("", Duration::from_secs(20));
    let mut plies = 0;
    for seed in 1..=10 {
        match fuzz_game(&mut engine, VariantId::Monarchie, seed, 200, 20, &[]) {
            Ok(played) => plies += played,
            Err(game) => panic!("seed {seed}: {}", game.divergence),
        }
    }
    assert!(plies > 100, "the games were played ({plies} actions)");
    assert_eq!(engine.restarts(), 0);
    engine.stop();
}

// ------------------------------------------------------ misbehaving engines

/// What a run of the CLI gave.
struct Run {
    code: Option<i32>,
    stdout: String,
    stderr: String,
    elapsed: Duration,
}

/// Runs the CLI from the repository root; fails the test if it does not
/// end within `limit` (a hang).
fn cli(args: &[&str], limit: Duration) -> Run {
    let started = Instant::now();
    let mut child = Command::new(BIN)
        .args(args)
        .current_dir(root())
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|error| panic!("{BIN}: {error}"));
    let drain = |mut pipe: Box<dyn Read + Send>| {
        std::thread::spawn(move || {
            let mut text = String::new();
            let _ = pipe.read_to_string(&mut text);
            text
        })
    };
    let stdout = drain(Box::new(
        child.stdout.take().unwrap_or_else(|| panic!("no stdout")),
    ));
    let stderr = drain(Box::new(
        child.stderr.take().unwrap_or_else(|| panic!("no stderr")),
    ));
    let status = loop {
        if let Some(status) = child.try_wait().unwrap_or_else(|error| panic!("{error}")) {
            break status;
        }
        if started.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            panic!(
                "`regelwerk {}` did not end within {limit:?}",
                args.join(" ")
            );
        }
        std::thread::sleep(Duration::from_millis(10));
    };
    Run {
        code: status.code(),
        stdout: stdout.join().unwrap_or_default(),
        stderr: stderr.join().unwrap_or_default(),
        elapsed: started.elapsed(),
    }
}

const M81: &str = "scenarios/monarchie/m.8.1";
const ONE: &str = "scenarios/monarchie/m.8.1/blau-captures-gelb-gelb-moves.yaml";
const LIMIT: Duration = Duration::from_secs(30);

fn json_report(run: &Run) -> Value {
    serde_json::from_str(&run.stdout)
        .unwrap_or_else(|error| panic!("not JSON: {error}\n{}\n{}", run.stdout, run.stderr))
}

#[test]
fn a_crash_errors_one_case_and_the_restarted_engine_passes_the_rest() {
    let engine = serve_command("--fault crash-on=10");
    let run = cli(
        &["conform", "--engine", &engine, "--format", "json", M81],
        LIMIT,
    );
    assert_eq!(
        run.code,
        Some(1),
        "an errored case fails the run\n{}",
        run.stderr
    );
    let report = json_report(&run);
    assert_eq!(report["restarts"], 1);
    let cases = report["cases"]
        .as_array()
        .unwrap_or_else(|| panic!("no cases"));
    let statuses: Vec<&str> = cases
        .iter()
        .map(|c| c["status"].as_str().unwrap_or("?"))
        .collect();
    let errored: Vec<usize> = (0..statuses.len())
        .filter(|&i| statuses[i] == "errored")
        .collect();
    assert_eq!(
        errored.len(),
        1,
        "exactly the crashing case errors: {statuses:?}"
    );
    let at = errored[0];
    assert!(
        0 < at && at + 1 < cases.len(),
        "cases before and after the crash: {statuses:?}"
    );
    assert!(statuses
        .iter()
        .enumerate()
        .all(|(i, s)| i == at || *s == "passed"));
    let context = cases[at]["context"].as_str().unwrap_or_default();
    assert!(context.contains("closed its output"), "{context}");
    // The text form says so too.
    let text = cli(&["conform", "--engine", &engine, M81], LIMIT);
    assert!(
        text.stdout.contains("restarted 1 time\n"),
        "{}",
        text.stdout
    );
    assert!(
        text.stdout
            .contains("errored: the engine closed its output"),
        "{}",
        text.stdout
    );
}

#[test]
fn a_slow_engine_times_out_case_by_case_and_the_run_finishes() {
    let timeout = Duration::from_millis(300);
    let cases: Vec<Loaded> = suite()
        .into_iter()
        .filter(|c| c.path.starts_with(root().join(M81)))
        .take(3)
        .collect();
    assert_eq!(cases.len(), 3);
    let started = Instant::now();
    let mut engine = start_engine("--fault sleep=2", timeout);
    assert!(
        matches!(smoke_check(&mut engine, VariantId::Monarchie), Smoke::Broken(detail) if detail.contains("no answer within"))
    );
    let mut seq = 0;
    for loaded in &cases {
        match conform_case(&mut engine, loaded, &mut seq) {
            Verdict::Errored { step, context, .. } => {
                // The first request is the first step's (steps count from 1).
                assert_eq!(step, 1, "{context}");
                assert!(context.contains("no answer within 0.30 s"), "{context}")
            }
            other => panic!("{}: expected a timeout, got {other:?}", loaded.scenario.id),
        }
    }
    // Each timeout restarts the engine so the next request finds it ready.
    assert_eq!(engine.restarts(), 4);
    engine.stop();
    assert!(
        started.elapsed() < Duration::from_secs(8),
        "took {:?}",
        started.elapsed()
    );
    // The CLI stops at the smoke check: a slow adapter is a broken adapter.
    let engine = serve_command("--fault sleep=2");
    let run = cli(
        &["conform", "--engine", &engine, "--timeout", "0.3", ONE],
        LIMIT,
    );
    assert_eq!(run.code, Some(3), "{}", run.stderr);
    assert!(run.stderr.contains("smoke check failed"), "{}", run.stderr);
    assert!(
        run.stderr.contains("no answer within 0.30 s"),
        "{}",
        run.stderr
    );
}

#[test]
fn garbage_answers_are_errors_with_the_requests_stderr_and_break_the_smoke_check() {
    // Through the library: the verdict carries what the engine logged.
    let command = format!("sh -c 'echo adapter log line >&2; exec {BIN} serve --fault garbage'");
    let mut engine = Engine::start(&command, Duration::from_secs(10))
        .unwrap_or_else(|error| panic!("{command}: {error}"));
    let loaded = suite()
        .into_iter()
        .find(|c| c.path.ends_with("blau-captures-gelb-gelb-moves.yaml"))
        .unwrap_or_else(|| panic!("{ONE} is missing"));
    let mut seq = 0;
    match conform_case(&mut engine, &loaded, &mut seq) {
        Verdict::Errored {
            context, stderr, ..
        } => {
            assert!(context.contains("invalid reply"), "{context}");
            assert!(
                context.contains("this is not json"),
                "shows the line: {context}"
            );
            // Written at start-up, before the request: not this request's
            // stderr (tests/harness/implementers.rs checks a request's own lines).
            assert!(
                !stderr.contains("adapter log line"),
                "stderr of the request: {stderr:?}"
            );
        }
        other => panic!("expected an error, got {other:?}"),
    }
    assert!(engine.restarts() >= 1);
    engine.stop();
    // Through the CLI: exit code 3 (an engine fault) and a plain message.
    let run = cli(
        &[
            "conform",
            "--engine",
            &serve_command("--fault garbage"),
            ONE,
        ],
        LIMIT,
    );
    assert_eq!(run.code, Some(3), "{}", run.stderr);
    assert!(
        run.stderr
            .contains("smoke check failed: the adapter does not answer"),
        "{}",
        run.stderr
    );
    assert!(
        run.stdout.is_empty(),
        "no report for a broken adapter: {}",
        run.stdout
    );
}

#[test]
fn an_engine_that_closes_its_output_is_reported_without_a_hang() {
    let mut engine = start_engine("--fault close-stdout", Duration::from_secs(20));
    let started = Instant::now();
    assert!(
        matches!(smoke_check(&mut engine, VariantId::Monarchie), Smoke::Broken(detail) if detail.contains("closed"))
    );
    assert!(
        started.elapsed() < Duration::from_secs(5),
        "noticed at once, not after the timeout"
    );
    engine.stop();
    let run = cli(
        &[
            "conform",
            "--engine",
            &serve_command("--fault close-stdout"),
            "--timeout",
            "20",
            ONE,
        ],
        LIMIT,
    );
    assert_eq!(run.code, Some(3), "{}", run.stderr);
    assert!(run.stderr.contains("smoke check failed"), "{}", run.stderr);
    assert!(run.stderr.contains("closed its output"), "{}", run.stderr);
    assert!(
        run.elapsed < Duration::from_secs(10),
        "took {:?}",
        run.elapsed
    );
}

#[test]
fn an_engine_that_cannot_start_is_an_adapter_problem() {
    let run = cli(
        &["conform", "--engine", "/no/such/engine --flag", ONE],
        LIMIT,
    );
    assert_eq!(run.code, Some(3));
    assert!(
        run.stderr.contains("could not be started"),
        "{}",
        run.stderr
    );
    assert!(
        run.stderr.contains("/no/such/engine"),
        "names the command: {}",
        run.stderr
    );
    assert!(run.stderr.contains("adapter problem"), "{}", run.stderr);
    // A program that starts but never says `ready`.
    let run = cli(
        &["conform", "--engine", &format!("'{BIN}' --version"), ONE],
        LIMIT,
    );
    assert_eq!(run.code, Some(3));
    assert!(run.stderr.contains("handshake failed"), "{}", run.stderr);
}

#[test]
fn the_harness_refuses_an_engine_of_another_major_version() {
    let ready = r#"{\"type\":\"ready\",\"protocol\":\"3.0\",\"name\":\"future\",\"version\":\"9\",\"language\":\"sh\",\"capabilities\":[\"moves\"],\"variants\":[\"monarchie\"]}"#;
    let command = format!(r#"sh -c 'printf "%s\n" "{ready}"; cat >/dev/null'"#);
    let error = match Engine::start(&command, Duration::from_secs(10)) {
        Ok(_) => panic!("a 3.0 engine was accepted"),
        Err(error) => error.to_string(),
    };
    assert!(error.contains("speaks protocol 3.0"), "{error}");
    assert!(
        error.contains(regelwerk::protocol::PROTOCOL_VERSION),
        "both versions are named: {error}"
    );
    let run = cli(&["conform", "--engine", &command, ONE], LIMIT);
    assert_eq!(run.code, Some(3), "{}", run.stderr);
    assert!(run.stderr.contains("handshake failed"), "{}", run.stderr);
}

/// Under R-KING=twelve: the file and ID of a scenario that fails and of one
/// that passes.
fn twelve_pair() -> ((PathBuf, String), (PathBuf, String)) {
    let cases = suite();
    let failing = not_passing(
        &mut InProcess {
            forced: vec!["R-KING=twelve".to_string()],
        },
        &cases,
    );
    let pick = |fails: bool| {
        cases
            .iter()
            .find(|c| failing.contains(&c.scenario.id) == fails)
            .map(|c| (c.path.clone(), c.scenario.id.clone()))
            .unwrap_or_else(|| panic!("no scenario that fails={fails} under R-KING=twelve"))
    };
    (pick(true), pick(false))
}

#[test]
fn expected_failures_keep_the_exit_code_and_unexpected_passes_are_reported() {
    let ((fail_path, fail_id), (pass_path, pass_id)) = twelve_pair();
    let engine = serve_command("--ruling R-KING=twelve");
    let (fail_path, pass_path) = (
        fail_path.display().to_string(),
        pass_path.display().to_string(),
    );
    let plain = cli(
        &["conform", "--engine", &engine, &fail_path, &pass_path],
        LIMIT,
    );
    assert_eq!(
        plain.code,
        Some(1),
        "a failure without a list fails the run"
    );
    assert!(plain.stdout.contains(&fail_id));
    let list = scratch("expected-failures").join("expected.txt");
    std::fs::write(
        &list,
        format!("# known differences\n{fail_id}  # twelve king steps\n\n{pass_id}\n"),
    )
    .unwrap_or_else(|error| panic!("{error}"));
    let run = cli(
        &[
            "conform",
            "--engine",
            &engine,
            "--expected-failures",
            &list.display().to_string(),
            &fail_path,
            &pass_path,
        ],
        LIMIT,
    );
    assert_eq!(
        run.code,
        Some(0),
        "listed failures do not fail the run\n{}",
        run.stdout
    );
    let (_, after) = run
        .stdout
        .split_once("unexpected passes")
        .unwrap_or_else(|| panic!("no unexpected passes section:\n{}", run.stdout));
    assert!(after.contains(&pass_id), "{}", run.stdout);
    assert!(run.stdout.contains("expected failures:"), "{}", run.stdout);
    assert!(
        // The one vocabulary (issue 48): expected failures are counted
        // among the failed cases; the listed case that passed is named
        // under "unexpected passes" above.
        run.stdout.contains("(1 expected failures)"),
        "{}",
        run.stdout
    );
}

#[test]
fn every_report_format_is_well_formed() {
    let ((fail_path, fail_id), (pass_path, pass_id)) = twelve_pair();
    let engine = serve_command("--ruling R-KING=twelve");
    let (fail_path, pass_path) = (
        fail_path.display().to_string(),
        pass_path.display().to_string(),
    );
    let run_format = |format: &str| {
        let run = cli(
            &[
                "conform", "--engine", &engine, "--format", format, &fail_path, &pass_path,
            ],
            LIMIT,
        );
        assert_eq!(run.code, Some(1), "{format}: {}", run.stderr);
        run.stdout
    };
    let json: Value =
        serde_json::from_str(&run_format("json")).unwrap_or_else(|error| panic!("json: {error}"));
    assert_eq!(json["protocol"], regelwerk::protocol::PROTOCOL_VERSION);
    assert_eq!(json["engine"]["name"], "regelwerk");
    let statuses: Vec<(String, String)> = json["cases"]
        .as_array()
        .unwrap_or_else(|| panic!("no cases"))
        .iter()
        .map(|c| {
            (
                c["id"].as_str().unwrap_or("?").to_string(),
                c["status"].as_str().unwrap_or("?").to_string(),
            )
        })
        .collect();
    assert!(
        statuses.contains(&(fail_id.clone(), "failed".to_string())),
        "{statuses:?}"
    );
    assert!(
        statuses.contains(&(pass_id.clone(), "passed".to_string())),
        "{statuses:?}"
    );

    let junit = run_format("junit");
    assert!(junit.starts_with("<?xml"), "{junit}");
    assert!(
        junit.contains("<testsuites ") && junit.trim_end().ends_with("</testsuites>"),
        "{junit}"
    );
    assert!(
        junit.contains(r#"tests="2" failures="1" errors="0""#),
        "{junit}"
    );
    assert!(junit.contains(&format!(r#"name="{pass_id}""#)), "{junit}");
    assert!(junit.contains("<failure message=\"step"), "{junit}");
    assert_eq!(
        junit.matches("<testsuite ").count(),
        junit.matches("</testsuite>").count()
    );

    // --output writes the report to a file instead of stdout.
    let page = scratch("formats").join("report.html");
    let page_arg = page.display().to_string();
    let run = cli(
        &[
            "conform", "--engine", &engine, "--format", "html", "--output", &page_arg, &fail_path,
            &pass_path,
        ],
        LIMIT,
    );
    assert_eq!(run.code, Some(1));
    assert!(run.stdout.is_empty(), "{}", run.stdout);
    let html = std::fs::read_to_string(&page).unwrap_or_else(|error| panic!("{error}"));
    assert!(
        html.starts_with("<!DOCTYPE html>") && html.trim_end().ends_with("</html>"),
        "{html}"
    );
    assert!(
        html.contains("<table>") && html.contains("</table>"),
        "{html}"
    );
    assert!(html.contains(&format!("<h3>{fail_id}</h3>")), "{html}");
    assert!(
        html.contains("2 cases: 1 passed, 0 partly compared, 1 failed"),
        "{html}"
    );
}
