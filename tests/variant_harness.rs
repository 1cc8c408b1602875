//! The harness around the variant interface: the variant scenario format
//! and its errors, `check --variant`, the protocol 1.1 server, `conform`
//! against the reference for Grand Chess and Racing Kings, and the
//! variant fuzzer (including that it catches a faulty engine).

use std::path::{Path, PathBuf};

use regelwerk::fuzz::game::{play_game_checked, play_game_checked_with};
use regelwerk::protocol::conform::{InProcess, Verdict};
use regelwerk::protocol::conform_game::conform_game_case;
use regelwerk::protocol::difffuzz::Divergence;
use regelwerk::protocol::messages::{Request, Response};
use regelwerk::protocol::serve::answer;
use regelwerk::scenario::game::{load_game_str, LoadedGame};
use regelwerk::spec::Spec;
use regelwerk::variant::{self, Game, Refusal, Report, Status, VariantId};

use crate::support::{regelwerk, root};

const GRAND_START: &str =
    "r8r/1nbqkcabn1/pppppppppp/10/10/10/10/PPPPPPPPPP/1NBQKCABN1/R8R w - - 0 1";
const RACING_START: &str = "8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - - 0 1";

fn load(text: &str) -> Result<LoadedGame, regelwerk::scenario::LoadError> {
    load_game_str(Path::new("inline.yaml"), text, None)
}

// ------------------------------------------------------------ the format

#[test]
fn a_minimal_variant_scenario_loads_and_runs() {
    let loaded = load(
        "variant: racingkings\nid: t-1\nclauses: [rk.2]\ndescription: d\nposition: {start: true}\nsteps:\n  - perft: 1\n    expect_nodes: 21\n",
    )
    .unwrap_or_else(|error| panic!("{error}"));
    assert_eq!(loaded.scenario.variant, VariantId::Racingkings);
    regelwerk::scenario::game::run_game(&loaded).unwrap_or_else(|m| panic!("{m:?}"));
}

#[test]
fn a_wrong_expectation_is_reported_with_expected_and_actual() {
    let loaded = load(
        "variant: racingkings\nid: t-2\nclauses: [rk.2]\ndescription: d\nposition: {start: true}\nsteps:\n  - perft: 1\n    expect_nodes: 22\n",
    )
    .unwrap_or_else(|error| panic!("{error}"));
    let mismatch = regelwerk::scenario::game::run_game(&loaded).expect_err("22 is wrong");
    assert_eq!(mismatch.step, 0);
    assert_eq!(mismatch.what, "perft 1");
    assert!(mismatch.expected.contains("22"), "{mismatch:?}");
    assert!(mismatch.actual.contains("21"), "{mismatch:?}");
}

#[test]
fn bad_variant_scenarios_get_located_errors() {
    let cases: [(&str, &str, &str); 6] = [
        (
            "variant: grand\nid: x\nclauses: [g.1]\ndescription: d\nposition: {start: true}\nsteps:\n  - perft: 1\n    expect_nodes: 65\n    colour: white\n",
            "yaml",
            "unknown field `colour`",
        ),
        (
            "variant: grand\nid: x\nclauses: [g.1]\ndescription: d\nposition: {start: true}\nsteps:\n  - play: e3e4\n    expect: {result: legal}\n",
            "steps[0].expect.next",
            "must pin `next`",
        ),
        (
            "variant: grand\nid: x\nclauses: [g.1]\ndescription: d\nposition: {start: true}\nsteps:\n  - play: e3e4\n    expect: {result: blocked, next: black}\n",
            "steps[0].expect",
            "pins only `result`",
        ),
        (
            "variant: grand\nid: x\nclauses: [g.1]\ndescription: d\nposition: {start: true, fen: \"8/8\"}\nsteps:\n  - perft: 1\n    expect_nodes: 65\n",
            "position",
            "exactly one of",
        ),
        (
            "variant: monarchie\nid: x\nclauses: [m.1]\ndescription: d\nposition: {start: true}\nsteps:\n  - perft: 1\n    expect_nodes: 28\n",
            "variant",
            "expected grand or racingkings",
        ),
        (
            "variant: chess\nid: x\nclauses: [g.1]\ndescription: d\nposition: {start: true}\nsteps: []\n",
            "yaml",
            "unknown variant",
        ),
    ];
    for (text, field, message) in cases {
        let error = load(text).expect_err(text);
        assert_eq!(error.field, field, "{error}");
        assert!(error.to_string().contains(message), "{error}");
        assert!(error.line > 0, "a line number: {error}");
    }
}

#[test]
fn an_unreadable_fen_is_an_invalid_scenario_not_a_panic() {
    let error = load(
        "variant: grand\nid: x\nclauses: [g.1]\ndescription: d\nposition: {fen: \"not a fen\"}\nsteps:\n  - perft: 1\n    expect_nodes: 1\n",
    )
    .expect_err("bad FEN");
    assert_eq!(error.field, "position", "{error}");
}

#[test]
fn unknown_clause_ids_are_rejected_against_the_spec() {
    let spec = Spec::load(&root().join("spec/grand")).unwrap_or_else(|error| panic!("{error}"));
    let error = load_game_str(
        Path::new("inline.yaml"),
        "variant: grand\nid: x\nclauses: [g.99]\ndescription: d\nposition: {start: true}\nsteps:\n  - perft: 1\n    expect_nodes: 65\n",
        Some(&spec),
    )
    .expect_err("g.99 does not exist");
    assert_eq!(error.field, "clauses");
    assert!(error.message.contains("spec/grand/clauses.yaml"), "{error}");
}

#[test]
fn the_checked_in_variant_scenario_schema_is_current() {
    let path = root().join("scenarios/variant-scenario.schema.json");
    let checked_in = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{e}"));
    pretty_assertions::assert_eq!(
        checked_in.trim_end(),
        regelwerk::scenario::game::schema_json().trim_end(),
        "regenerate: cargo run -- schema variant-scenario > scenarios/variant-scenario.schema.json"
    );
}

// ------------------------------------------------------------ check

#[test]
fn check_runs_each_variant_suite_and_they_pass() {
    for (variant, at_least) in [("grand", 40), ("racingkings", 40)] {
        let output = regelwerk(&["check", "--variant", variant, "--format", "json"]);
        let json: serde_json::Value = serde_json::from_str(&output.stdout)
            .unwrap_or_else(|error| panic!("{variant}: {error}\n{}", output.stdout));
        let summary = &json["summary"];
        assert!(
            summary["cases"].as_u64().unwrap_or(0) >= at_least,
            "{variant}: {summary}"
        );
        assert_eq!(summary["failed"], 0, "{variant}: {}", output.stdout);
        assert_eq!(summary["invalid"], 0, "{variant}: {}", output.stdout);
        assert_eq!(output.code, Some(0));
    }
}

// ------------------------------------------------------------ protocol 1.1

#[test]
fn serve_plays_every_variant() {
    let Some(Response::Ready { variants, .. }) = answer(
        Request::Start {
            protocol: "1.1".to_string(),
        },
        &[],
    ) else {
        panic!("start answers ready");
    };
    assert_eq!(variants, VariantId::ALL.to_vec());
    let response = answer(
        Request::Apply {
            seq: 7,
            variant: VariantId::Grand,
            position: GRAND_START.to_string(),
            rulings: Vec::new(),
            actions: vec!["e3e5".to_string(), "e3e4".to_string()],
        },
        &[],
    );
    let Some(Response::Played { seq: 7, results }) = response else {
        panic!("played: {response:?}");
    };
    assert_eq!(results[0].result, "legal");
    assert_eq!(results[0].next.as_deref(), Some("black"));
    assert_ne!(results[1].result, "legal", "e3 is empty after e3e5");
    assert_eq!(
        results[1].position, results[0].position,
        "a refusal changes nothing"
    );
    let moves = answer(
        Request::Moves {
            seq: 8,
            variant: VariantId::Racingkings,
            position: RACING_START.to_string(),
            rulings: Vec::new(),
            cell: None,
            square: None,
        },
        &[],
    );
    let Some(Response::Moves { moves, .. }) = moves else {
        panic!("moves: {moves:?}");
    };
    assert_eq!(moves.len(), 21);
    let bad = answer(
        Request::Perft {
            seq: 9,
            variant: VariantId::Grand,
            position: "rubbish".to_string(),
            rulings: Vec::new(),
            depth: 1,
        },
        &[],
    );
    assert!(
        matches!(bad, Some(Response::Errored { seq: 9, .. })),
        "{bad:?}"
    );
}

#[test]
fn monarchie_requests_stay_protocol_1_0_on_the_wire() {
    let request = Request::Moves {
        seq: 1,
        variant: VariantId::Monarchie,
        position: "x".to_string(),
        rulings: Vec::new(),
        cell: None,
        square: None,
    };
    let line = serde_json::to_string(&request).unwrap_or_default();
    assert!(
        !line.contains("variant") && !line.contains("square"),
        "{line}"
    );
}

fn suite(variant: &str) -> Vec<LoadedGame> {
    let spec = Spec::load(&root().join("spec").join(variant)).unwrap_or_else(|e| panic!("{e}"));
    let files = regelwerk::scenario::collect_all_files(&[root().join("scenarios").join(variant)])
        .unwrap_or_else(|e| panic!("{e}"));
    files
        .iter()
        .map(|path| {
            let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{e}"));
            load_game_str(path, &text, Some(&spec)).unwrap_or_else(|e| panic!("{e}"))
        })
        .collect()
}

#[test]
fn the_reference_conforms_to_both_variant_suites_in_process() {
    for variant in ["grand", "racingkings"] {
        let mut engine = InProcess { forced: Vec::new() };
        let mut seq = 0;
        let cases = suite(variant);
        assert!(cases.len() >= 40, "{variant}: {} cases", cases.len());
        for loaded in &cases {
            let verdict = conform_game_case(&mut engine, loaded, &mut seq);
            assert_eq!(verdict, Verdict::Passed, "{}", loaded.path.display());
        }
    }
}

/// The reference, except that it answers every perft with one node too many.
struct OffByOne(InProcess);

impl regelwerk::protocol::conform::Responder for OffByOne {
    fn respond(
        &mut self,
        request: &Request,
    ) -> Result<Response, regelwerk::protocol::client::ClientError> {
        match self.0.respond(request)? {
            Response::Perft { seq, nodes } => Ok(Response::Perft {
                seq,
                nodes: nodes + 1,
            }),
            other => Ok(other),
        }
    }
    fn stderr_tail(&self) -> String {
        String::new()
    }
}

#[test]
fn differential_fuzzing_agrees_with_itself_and_catches_a_wrong_perft() {
    use regelwerk::protocol::difffuzz_game::{fuzz_variant_game, variant_divergence_scenario};
    for variant in [VariantId::Grand, VariantId::Racingkings] {
        let mut reference = InProcess { forced: Vec::new() };
        for seed in 0..3 {
            let plies = fuzz_variant_game(&mut reference, variant, seed, 40, 10)
                .unwrap_or_else(|game| panic!("{variant} seed {seed}: {}", game.divergence));
            assert!(plies > 0);
        }
        let mut wrong = OffByOne(InProcess { forced: Vec::new() });
        let game = fuzz_variant_game(&mut wrong, variant, 1, 40, 10).expect_err("perft is off");
        assert!(
            matches!(game.divergence, Divergence::Perft { .. }),
            "{:?}",
            game.divergence
        );
        let scenario = variant_divergence_scenario(&game, "diverge-test");
        let loaded = load(&scenario).unwrap_or_else(|error| panic!("{error}\n{scenario}"));
        regelwerk::scenario::game::run_game(&loaded).unwrap_or_else(|mismatch| {
            panic!("the reference passes its own scenario: {mismatch:?}")
        });
    }
}

#[test]
fn conform_reports_a_wrong_engine_answer_as_failed() {
    let loaded = load(
        "variant: racingkings\nid: t-3\nclauses: [rk.2]\ndescription: d\nposition: {start: true}\nsteps:\n  - perft: 1\n    expect_nodes: 21\n",
    )
    .unwrap_or_else(|error| panic!("{error}"));
    let mut engine = OffByOne(InProcess { forced: Vec::new() });
    let verdict = conform_game_case(&mut engine, &loaded, &mut 0);
    assert!(
        matches!(verdict, Verdict::Failed { step: 0, .. }),
        "{verdict:?}"
    );
}

#[test]
fn conform_cli_runs_a_variant_suite_against_serve() {
    let binary = PathBuf::from(env!("CARGO_BIN_EXE_regelwerk"));
    let engine = format!("{} serve", binary.display());
    let output = regelwerk(&[
        "conform",
        "--variant",
        "racingkings",
        "--engine",
        &engine,
        "--format",
        "json",
    ]);
    assert_eq!(output.code, Some(0), "{}\n{}", output.stdout, output.stderr);
    let json: serde_json::Value =
        serde_json::from_str(&output.stdout).unwrap_or_else(|e| panic!("{e}: {}", output.stdout));
    let text = json.to_string();
    assert!(!text.contains("\"failed\""), "{text}");
}

// ------------------------------------------------------------ the fuzzer

#[test]
fn random_games_keep_every_invariant() {
    for variant in [VariantId::Grand, VariantId::Racingkings] {
        for seed in 0..30 {
            let played = play_game_checked(variant, seed, 120)
                .unwrap_or_else(|failure| panic!("{variant} seed {seed}: {failure:?}"));
            assert!(played.plies > 0);
        }
    }
}

/// A faulty engine: the reference, but it never lists the first legal move.
struct DropsAMove(Box<dyn Game>);

impl Game for DropsAMove {
    fn variant(&self) -> VariantId {
        self.0.variant()
    }
    fn position_text(&self) -> String {
        self.0.position_text()
    }
    fn legal_moves(&self) -> Vec<String> {
        self.0.legal_moves().into_iter().skip(1).collect()
    }
    fn legal_moves_from(&self, square: &str) -> Result<Vec<String>, String> {
        self.0.legal_moves_from(square)
    }
    fn play(&mut self, action: &str) -> Result<Report, Refusal> {
        self.0.play(action)
    }
    fn perft(&self, depth: u32) -> u64 {
        self.0.perft(depth)
    }
    fn divide(&self, depth: u32) -> Vec<(String, u64)> {
        self.0.divide(depth)
    }
    fn status(&self) -> Status {
        self.0.status()
    }
}

#[test]
fn the_fuzzer_catches_an_engine_that_drops_a_move() {
    let open = |fen: Option<&str>| -> Result<Box<dyn Game>, String> {
        Ok(Box::new(DropsAMove(variant::open(
            VariantId::Racingkings,
            fen,
            &[],
        )?)))
    };
    let failure = play_game_checked_with(&open, VariantId::Racingkings, 1, 50)
        .expect_err("perft 1 and the move list disagree");
    assert_eq!(failure.invariant, "perft-one-is-move-count");
}

#[test]
fn fuzz_cli_runs_variant_games() {
    let output = regelwerk(&[
        "fuzz",
        "--variant",
        "grand",
        "--games",
        "3",
        "--max-plies",
        "40",
        "--format",
        "json",
    ]);
    assert_eq!(output.code, Some(0), "{}", output.stderr);
    let json: serde_json::Value =
        serde_json::from_str(&output.stdout).unwrap_or_else(|e| panic!("{e}: {}", output.stdout));
    assert_eq!(json["games"], 3);
    assert_eq!(json["violations"], 0);
}

// ------------------------------------------------------------ MONARCHIE through the interface

#[test]
fn monarchie_through_the_game_interface_keeps_its_perft() {
    let game = variant::open(VariantId::Monarchie, None, &[]).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(game.perft(1), 28);
    assert_eq!(game.perft(3), 21448);
    assert_eq!(game.legal_moves().len(), 28);
    let split: u64 = game.divide(2).iter().map(|(_, n)| n).sum();
    assert_eq!(split, 775);
}

#[test]
fn perft_cli_takes_a_variant() {
    let output = regelwerk(&["perft", "2", "--variant", "racingkings", "--format", "json"]);
    assert_eq!(output.code, Some(0), "{}", output.stderr);
    let json: serde_json::Value = serde_json::from_str(&output.stdout).unwrap_or_default();
    assert_eq!(json["nodes"], 421);
    let output = regelwerk(&["moves", "--variant", "grand", "--square", "c2"]);
    assert_eq!(output.code, Some(0), "{}", output.stderr);
    assert!(output.stdout.lines().count() >= 1, "{}", output.stdout);
    let output = regelwerk(&["moves", "--variant", "grand", "--cell", "5"]);
    assert_ne!(output.code, Some(0), "--cell is MONARCHIE's");
}

#[test]
fn an_invalid_position_scenario_fails_when_the_engine_accepts_the_position() {
    let accepted = load(&format!(
        "variant: racingkings\nid: t-4\nclauses: [rk.4.2]\ndescription: d\nposition: {{fen: \"{RACING_START}\", invalid: true}}\nsteps: []\n"
    ))
    .unwrap_or_else(|error| panic!("{error}"));
    let mismatch = regelwerk::scenario::game::run_game(&accepted).expect_err("the start is valid");
    assert!(mismatch.actual.contains("accepted"), "{mismatch:?}");
    let refused = load(
        "variant: racingkings\nid: t-5\nclauses: [rk.4.2]\ndescription: d\nposition: {fen: \"8/k7/8/8/8/8/8/R6K w - - 0 1\", invalid: true}\nsteps: []\n",
    )
    .unwrap_or_else(|error| panic!("{error}"));
    regelwerk::scenario::game::run_game(&refused).unwrap_or_else(|m| panic!("{m:?}"));
    let mut engine = InProcess { forced: Vec::new() };
    assert_eq!(
        conform_game_case(&mut engine, &refused, &mut 0),
        Verdict::Passed
    );
    assert!(matches!(
        conform_game_case(&mut engine, &accepted, &mut 0),
        Verdict::Failed { .. }
    ));
    let error = load(
        "variant: racingkings\nid: t-6\nclauses: [rk.4.2]\ndescription: d\nposition: {fen: \"8/k7/8/8/8/8/8/R6K w - - 0 1\", invalid: true}\nsteps:\n  - perft: 1\n    expect_nodes: 1\n",
    )
    .expect_err("steps with an invalid position");
    assert_eq!(error.field, "position.invalid");
}

#[test]
fn fuzz_cli_compares_an_engine_and_writes_the_divergence() {
    let binary = PathBuf::from(env!("CARGO_BIN_EXE_regelwerk"));
    let serve = format!("{} serve", binary.display());
    let output = regelwerk(&[
        "fuzz",
        "--variant",
        "racingkings",
        "--engine",
        &serve,
        "--games",
        "2",
        "--max-plies",
        "30",
        "--format",
        "json",
    ]);
    assert_eq!(output.code, Some(0), "{}", output.stderr);
    let json: serde_json::Value =
        serde_json::from_str(&output.stdout).unwrap_or_else(|e| panic!("{e}: {}", output.stdout));
    assert_eq!(json["divergences"], 0);
    let out = std::env::temp_dir().join(format!("regelwerk-difffuzz-{}", std::process::id()));
    let broken = format!("{} serve --fault garbage", binary.display());
    let out_arg = out.display().to_string();
    let output = regelwerk(&[
        "fuzz",
        "--variant",
        "grand",
        "--engine",
        &broken,
        "--games",
        "1",
        "--out",
        &out_arg,
    ]);
    assert_eq!(output.code, Some(1), "{}", output.stdout);
    assert!(
        out.join("diverge-grand-seed-1.yaml").is_file(),
        "{}",
        output.stdout
    );
    assert!(
        output.stdout.contains("conform --variant grand"),
        "{}",
        output.stdout
    );
    let _ = std::fs::remove_dir_all(&out);
}
