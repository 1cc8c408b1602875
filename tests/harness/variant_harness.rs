//! The one path for every variant: the scenario format and its errors
//! (including files in the earlier two-player form), `check --variant`,
//! the protocol 2.0 server, `conform` against the reference for every
//! variant, and the generic fuzzers (including that they catch faulty
//! engines).

use std::path::{Path, PathBuf};

use regelwerk::conform::difffuzz::Divergence;
use regelwerk::conform::{conform_case, Verdict};
use regelwerk::fuzz::game::{play_game_checked, play_game_checked_with};
use regelwerk::protocol::messages::{Request, Response};
use regelwerk::protocol::responder::InProcess;
use regelwerk::protocol::serve::answer;
use regelwerk::scenario::load::{load_str, Loaded};
use regelwerk::scenario::run::run;
use regelwerk::spec::Spec;
use regelwerk::variant::{self, Game, VariantId};

use crate::support::{regelwerk, root, Tamper, Tampered};

const GRAND_START: &str =
    "r8r/1nbqkcabn1/pppppppppp/10/10/10/10/PPPPPPPPPP/1NBQKCABN1/R8R w - - 0 1";
const RACING_START: &str = "8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - - 0 1";

fn load(text: &str) -> Result<Loaded, regelwerk::scenario::LoadError> {
    load_str(Path::new("inline.yaml"), text, None)
}

// ------------------------------------------------------------ the format

#[test]
fn a_minimal_variant_scenario_loads_and_runs() {
    let loaded = load(
        "variant: racingkings\nid: t-1\nclauses: [rk.2]\ndescription: d\nposition: {start: true}\nsteps:\n  - perft: 1\n    expect_nodes: 21\n",
    )
    .unwrap_or_else(|error| panic!("{error}"));
    assert_eq!(loaded.scenario.variant, VariantId::Racingkings);
    run(&loaded).unwrap_or_else(|m| panic!("{m:?}"));
}

#[test]
fn a_wrong_expectation_is_reported_with_expected_and_actual() {
    let loaded = load(
        "variant: racingkings\nid: t-2\nclauses: [rk.2]\ndescription: d\nposition: {start: true}\nsteps:\n  - perft: 1\n    expect_nodes: 22\n",
    )
    .unwrap_or_else(|error| panic!("{error}"));
    let mismatch = run(&loaded).expect_err("22 is wrong");
    assert_eq!(mismatch.step, 1, "steps are counted from 1");
    assert_eq!(mismatch.what, "perft 1");
    assert!(mismatch.expected.contains("22"), "{mismatch:?}");
    assert!(mismatch.actual.contains("21"), "{mismatch:?}");
}

#[test]
fn bad_variant_scenarios_get_located_errors() {
    let cases: [(&str, &str, &str); 10] = [
        (
            "id: x\nclauses: [m.15]\ndescription: d\nposition: {start: timed}\nsteps:\n  - play: 16-28\n    elapsed: 3\n    expect: {result: legal, next: gruen}\n",
            "yaml",
            "`elapsed` was replaced by the action text",
        ),
        (
            "variant: grand\nid: x\nclauses: [g.1]\ndescription: d\nposition: {start: true}\nsteps:\n  - perft: 1\n    expect_nodes: 65\n    colour: white\n",
            "yaml",
            "unknown field `colour`",
        ),
        (
            "variant: grand\nid: x\nclauses: [g.1]\ndescription: d\nposition: {start: true}\nsteps:\n  - play: e3e4\n    expect: {result: legal}\n",
            "steps[0].expect.next",
            "must pin 'next'",
        ),
        (
            "variant: grand\nid: x\nclauses: [g.1]\ndescription: d\nposition: {start: true}\nsteps:\n  - play: e3e4\n    expect: {result: blocked, next: black}\n",
            "steps[0].expect",
            "give only 'result'",
        ),
        (
            "variant: grand\nid: x\nclauses: [g.1]\ndescription: d\nposition: {start: true, notation: \"8/8\"}\nsteps:\n  - perft: 1\n    expect_nodes: 65\n",
            "position.start",
            "stands alone",
        ),
        (
            "variant: chess\nid: x\nclauses: [g.1]\ndescription: d\nposition: {start: true}\nsteps: []\n",
            "yaml",
            "unknown name `chess`",
        ),
        (
            "variant: grand\nid: x\nclauses: [g.1]\ndescription: d\nposition: {fen: \"r8r/1nbqkcabn1/pppppppppp/10/10/10/10/PPPPPPPPPP/1NBQKCABN1/R8R w - - 0 1\"}\nsteps:\n  - perft: 1\n    expect_nodes: 65\n",
            "position.fen",
            "`fen` was replaced by `notation`",
        ),
        (
            "variant: grand\nid: x\nclauses: [g.1]\ndescription: d\nposition: {start: true}\nsteps:\n  - play: e3e4\n    expect: {result: legal, next: black, check: false}\n",
            "steps[0].expect.check",
            "`check` was replaced by `checks`",
        ),
        (
            "variant: grand\nid: x\nclauses: [g.1]\ndescription: d\nposition: {start: true}\nsteps:\n  - moves: {cell: e3}\n    expect_moves: []\n",
            "yaml",
            "`cell` was replaced by `from`",
        ),
        (
            "variant: grand\nid: x\nclauses: [g.1]\ndescription: d\nposition: {start: true}\nsteps:\n  - play: e3e4\n    expect: {result: legal, next: purple}\n",
            "steps[0].expect.next",
            "unknown party 'purple'",
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
        "variant: grand\nid: x\nclauses: [g.1]\ndescription: d\nposition: {notation: \"not a fen\"}\nsteps:\n  - perft: 1\n    expect_nodes: 1\n",
    )
    .expect_err("bad FEN");
    assert_eq!(error.field, "position", "{error}");
}

#[test]
fn unknown_clause_ids_are_rejected_against_the_spec() {
    let spec = Spec::load(&root().join("spec/grand")).unwrap_or_else(|error| panic!("{error}"));
    let error = load_str(
        Path::new("inline.yaml"),
        "variant: grand\nid: x\nclauses: [g.99]\ndescription: d\nposition: {start: true}\nsteps:\n  - perft: 1\n    expect_nodes: 65\n",
        Some(&spec),
    )
    .expect_err("g.99 does not exist");
    assert_eq!(error.field, "clauses");
    assert!(error.message.contains("spec/grand/clauses.yaml"), "{error}");
}

#[test]
fn there_is_one_scenario_schema() {
    assert!(!root()
        .join("scenarios/variant-scenario.schema.json")
        .exists());
    let schema = regelwerk::scenario::format::schema_json();
    assert!(
        schema.contains("\"variant\""),
        "the schema names the variant"
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

// ------------------------------------------------------------ protocol 2.0

#[test]
fn serve_plays_every_variant() {
    let Some(Response::Ready { variants, .. }) = answer(
        Request::Start {
            protocol: "2.0".to_string(),
        },
        &[],
    ) else {
        panic!("start answers ready");
    };
    let refused = answer(
        Request::Start {
            protocol: "1.1".to_string(),
        },
        &[],
    );
    let Some(Response::Refused { reason }) = refused else {
        panic!("a 1.1 start is refused: {refused:?}");
    };
    assert!(
        reason.contains("1.1") && reason.contains(regelwerk::protocol::PROTOCOL_VERSION),
        "{reason}"
    );
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
    let Some(Response::Applied { seq: 7, results }) = response else {
        panic!("applied: {response:?}");
    };
    assert_eq!(results[0].result, "legal");
    let report = results[0]
        .report
        .as_ref()
        .expect("a legal action has a report");
    assert_eq!(report.next.as_deref(), Some("black"));
    assert_eq!(report.actor, "white");
    assert!(results[1].report.is_none());
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
            from: None,
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
fn every_request_names_its_variant_on_the_wire() {
    let request = Request::Moves {
        seq: 1,
        variant: VariantId::Monarchie,
        position: "x".to_string(),
        rulings: Vec::new(),
        from: None,
    };
    let line = serde_json::to_string(&request).unwrap_or_default();
    assert!(line.contains("\"variant\":\"monarchie\""), "{line}");
    assert!(
        serde_json::from_str::<Request>(r#"{"type":"moves","seq":1,"position":"x","rulings":[]}"#)
            .is_err(),
        "2.0 requires the variant"
    );
}

fn suite(variant: &str) -> Vec<Loaded> {
    let spec = Spec::load(&root().join("spec").join(variant)).unwrap_or_else(|e| panic!("{e}"));
    let files = regelwerk::scenario::collect_all_files(&[root().join("scenarios").join(variant)])
        .unwrap_or_else(|e| panic!("{e}"));
    files
        .iter()
        .filter(|path| regelwerk::suite::is_scenario_file(path))
        .map(|path| {
            let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{e}"));
            load_str(path, &text, Some(&spec)).unwrap_or_else(|e| panic!("{e}"))
        })
        .collect()
}

#[test]
fn the_reference_conforms_to_every_suite_in_process() {
    for variant in ["monarchie", "grand", "racingkings"] {
        let mut engine = InProcess { forced: Vec::new() };
        let mut seq = 0;
        let cases = suite(variant);
        assert!(cases.len() >= 40, "{variant}: {} cases", cases.len());
        for loaded in &cases {
            let verdict = conform_case(&mut engine, loaded, &mut seq);
            assert_eq!(verdict, Verdict::Passed, "{}", loaded.path.display());
        }
    }
}

/// The reference, except that it answers every perft with one node too many.
struct OffByOne(InProcess);

impl regelwerk::protocol::responder::Responder for OffByOne {
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
    use regelwerk::conform::difffuzz::{divergence_scenario, fuzz_game};
    for variant in VariantId::ALL {
        let mut reference = InProcess { forced: Vec::new() };
        for seed in 0..3 {
            let plies = fuzz_game(&mut reference, variant, seed, 40, 10, &[])
                .unwrap_or_else(|game| panic!("{variant} seed {seed}: {}", game.divergence));
            assert!(plies > 0);
        }
        let mut wrong = OffByOne(InProcess { forced: Vec::new() });
        let game = fuzz_game(&mut wrong, variant, 1, 40, 10, &[]).expect_err("perft is off");
        assert!(
            matches!(game.divergence, Divergence::Perft { .. }),
            "{:?}",
            game.divergence
        );
        let clauses = regelwerk::conform::difffuzz::cause_clause::CauseClauses::load(
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")),
            variant,
        )
        .expect("the suite");
        let scenario = divergence_scenario(&game, "diverge-test", &clauses);
        let loaded = load(&scenario).unwrap_or_else(|error| panic!("{error}\n{scenario}"));
        run(&loaded).unwrap_or_else(|mismatch| {
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
    let verdict = conform_case(&mut engine, &loaded, &mut 0);
    assert!(
        matches!(verdict, Verdict::Failed { step: 1, .. }),
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
    for variant in VariantId::ALL {
        for seed in 0..30 {
            let played = play_game_checked(variant, seed, 120, &[])
                .unwrap_or_else(|failure| panic!("{variant} seed {seed}: {failure:?}"));
            assert!(played.plies > 0);
        }
    }
}

#[test]
fn the_fuzzer_catches_an_engine_that_drops_a_move() {
    let open = |fen: Option<&str>| -> Result<Box<dyn Game>, variant::VariantError> {
        Ok(Box::new(Tampered {
            game: variant::open(VariantId::Racingkings, fen, &[])?,
            tamper: Tamper::DropsFirstListedMove,
        }))
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
    // `--cell` is another spelling of `--square`: 5 is no square of Grand.
    assert_eq!(output.code, Some(2), "{}", output.stderr);
    assert!(
        output.stderr.contains("is not a square"),
        "{}",
        output.stderr
    );
}

/// MONARCHIE takes the one path of every variant: `show` prints its own
/// hexagram through the variant interface, `moves --cell` is another
/// spelling of `--square`, a capture is listed with `x` and `perft
/// --divide` lists first moves in the variant's move order (cell numbers,
/// not text order).
#[test]
fn monarchie_position_commands_take_the_one_path() {
    let path = root().join("scenarios/monarchie/m.6.6.start/steps-too-unmoved-pawn-captures.yaml");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{e}"));
    let loaded = load_str(&path, &text, None).unwrap_or_else(|e| panic!("{e}"));
    let game = loaded.open().unwrap_or_else(|e| panic!("{e}"));
    let position = game.position_text();
    let ruling = "R-PAWN-START=steps-too";
    let args = ["moves", "--position", &position, "--ruling", ruling];
    let by_cell = regelwerk(&[&args[..], &["--cell", "18"]].concat());
    let by_square = regelwerk(&[&args[..], &["--square", "18"]].concat());
    assert_eq!(by_cell.code, Some(0), "{}", by_cell.stderr);
    assert_eq!(by_cell.stdout, by_square.stdout);
    let listed: Vec<&str> = by_cell.stdout.lines().collect();
    // The Gelb knight on 19 is taken: 18x19, the empty cells with `-`.
    assert!(listed.contains(&"18x19"), "{listed:?}");
    assert!(listed.contains(&"18-17"), "{listed:?}");
    assert!(!listed.contains(&"18-19"), "{listed:?}");
    let show = regelwerk(&["show"]);
    assert_eq!(show.code, Some(0), "{}", show.stderr);
    assert_eq!(
        show.stdout,
        regelwerk::variant::monarchie::board_text::render(
            &regelwerk::variant::monarchie::position::Position::start()
        )
    );
    let divide = regelwerk(&["perft", "1", "--divide"]);
    let first: Vec<&str> = divide
        .stdout
        .lines()
        .filter_map(|line| line.split(' ').next())
        .filter(|mv| mv.contains('-'))
        .collect();
    let at = |mv: &str| first.iter().position(|listed| *listed == mv);
    assert!(at("9-32") < at("16-28"), "{first:?}");
}

#[test]
fn an_invalid_position_scenario_fails_when_the_engine_accepts_the_position() {
    let accepted = load(&format!(
        "variant: racingkings\nid: t-4\nclauses: [rk.4.2]\ndescription: d\nposition: {{notation: \"{RACING_START}\", invalid: true}}\nsteps: []\n"
    ))
    .unwrap_or_else(|error| panic!("{error}"));
    let mismatch = run(&accepted).expect_err("the start is valid");
    assert!(mismatch.actual.contains("accepted"), "{mismatch:?}");
    let refused = load(
        "variant: racingkings\nid: t-5\nclauses: [rk.4.2]\ndescription: d\nposition: {notation: \"8/k7/8/8/8/8/8/R6K w - - 0 1\", invalid: true}\nsteps: []\n",
    )
    .unwrap_or_else(|error| panic!("{error}"));
    run(&refused).unwrap_or_else(|m| panic!("{m:?}"));
    let mut engine = InProcess { forced: Vec::new() };
    assert_eq!(conform_case(&mut engine, &refused, &mut 0), Verdict::Passed);
    assert!(matches!(
        conform_case(&mut engine, &accepted, &mut 0),
        Verdict::Failed { .. }
    ));
    let error = load(
        "variant: racingkings\nid: t-6\nclauses: [rk.4.2]\ndescription: d\nposition: {notation: \"8/k7/8/8/8/8/8/R6K w - - 0 1\", invalid: true}\nsteps:\n  - perft: 1\n    expect_nodes: 1\n",
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
    // Garbage is an engine fault (exit 3), not a rules divergence: no
    // scenario is written (issue 19).
    assert_eq!(output.code, Some(3), "{}", output.stdout);
    let written = std::fs::read_dir(&out).map_or(0, |dir| dir.count());
    assert_eq!(written, 0, "{}", output.stdout);
    assert!(output.stderr.contains("engine fault"), "{}", output.stderr);
    let _ = std::fs::remove_dir_all(&out);
}

// ------------------------------------------------------------ --variant on every command

/// Runs `regelwerk` with stdin from `input` (for `serve`).
fn regelwerk_with_input(args: &[&str], input: &str) -> crate::support::Output {
    use std::io::Write as _;
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_regelwerk"))
        .args(args)
        .current_dir(root())
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap_or_else(|error| panic!("{error}"));
    if let Some(mut stdin) = child.stdin.take() {
        stdin
            .write_all(input.as_bytes())
            .unwrap_or_else(|e| panic!("{e}"));
    }
    let output = child.wait_with_output().unwrap_or_else(|e| panic!("{e}"));
    crate::support::Output {
        code: output.status.code(),
        stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
    }
}

#[test]
fn every_command_takes_variant_for_every_variant() {
    let dir = std::env::temp_dir().join(format!("regelwerk-variant-cli-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    // No command makes an output's folders (issue 26): the test does.
    std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("{e}"));
    let cases = [
        ("monarchie", "16-28", "16", 28, "blau"),
        ("grand", "e3e4", "e3", 65, "white"),
        ("racingkings", "h2h3", "h2", 21, "white"),
        ("threekingdoms", "Rd3-Be5", "Rd3", 40, "shu"),
    ];
    for (variant, mv, square, moves, first) in cases {
        let ok = |args: &[&str]| {
            let output = regelwerk(args);
            assert_eq!(
                output.code,
                Some(0),
                "{args:?}\n{}\n{}",
                output.stdout,
                output.stderr
            );
            output
        };
        let svg = dir.join(format!("{variant}.svg"));
        let svg_text = svg.display().to_string();
        ok(&[
            "render",
            "--variant",
            variant,
            "--arrow",
            mv,
            "--moves-of",
            square,
            "-o",
            &svg_text,
        ]);
        let drawn = std::fs::read_to_string(&svg).unwrap_or_else(|e| panic!("{e}"));
        assert!(
            drawn.contains("class=\"arrow move\"") && drawn.contains("class=\"dot"),
            "{variant}"
        );
        let figures = dir.join(format!("figures-{variant}"));
        let output = ok(&[
            "figures",
            "--variant",
            variant,
            "-o",
            &figures.display().to_string(),
        ]);
        assert!(
            figures.join("index.html").is_file(),
            "{variant}: {}",
            output.stdout
        );
        let output = ok(&["show", "--variant", variant]);
        assert!(!output.stdout.is_empty(), "{variant}");
        let output = ok(&["moves", "--variant", variant, "--format", "json"]);
        assert!(output.stdout.contains(mv), "{variant}: {}", output.stdout);
        let output = ok(&["perft", "1", "--variant", variant, "--format", "json"]);
        let json: serde_json::Value = serde_json::from_str(&output.stdout).unwrap_or_default();
        assert_eq!(json["nodes"], moves, "{variant}");
        let output = ok(&["apply", "--variant", variant, mv, "--format", "json"]);
        let json: serde_json::Value = serde_json::from_str(&output.stdout).unwrap_or_else(|e| {
            panic!(
                "{variant}: apply --format json is one document: {e}\n{}",
                output.stdout
            )
        });
        assert_eq!(json["results"][0]["actor"], first, "{variant}");
        let output = ok(&["schema", "--variant", variant]);
        assert!(
            output.stdout.contains(&format!("\"const\": \"{variant}\"")),
            "{variant}"
        );
        // A variant without switchable rulings has nothing to audit: one
        // usage error (issue 24); the others print their audit.
        if variant::alternatives(variant.parse().unwrap_or_default()).is_empty() {
            let output = regelwerk(&["rulings", "--variant", variant, "audit"]);
            assert_eq!(output.code, Some(2), "{variant}: {}", output.stderr);
            assert!(
                output.stderr.contains("no switchable rulings"),
                "{}",
                output.stderr
            );
        } else {
            let output = ok(&["rulings", "--variant", variant, "audit"]);
            assert!(!output.stdout.is_empty(), "{variant}");
        }
        let output = ok(&["check", "--variant", variant, "--format", "json"]);
        assert!(output.stdout.contains("\"failed\": 0"), "{variant}");
        let request = format!(
            "{{\"type\":\"start\",\"protocol\":\"2.0\"}}\n{{\"type\":\"perft\",\"seq\":1,\"variant\":\"{variant}\",\"position\":\"{}\",\"depth\":1}}\n{{\"type\":\"perft\",\"seq\":2,\"variant\":\"{}\",\"position\":\"x\",\"depth\":1}}\n{{\"type\":\"stop\"}}\n",
            variant::open(variant.parse().unwrap_or_default(), None, &[]).map(|g| g.position_text()).unwrap_or_default(),
            if variant == "grand" { "racingkings" } else { "grand" },
        );
        let output = regelwerk_with_input(&["serve", "--variant", variant], &request);
        assert_eq!(output.code, Some(0), "{}", output.stderr);
        let lines: Vec<&str> = output.stdout.lines().collect();
        assert!(
            lines[0].contains(&format!("\"variants\":[\"{variant}\"]")),
            "{}",
            lines[0]
        );
        assert!(
            lines[1].contains(&format!("\"nodes\":{moves}")),
            "{}",
            lines[1]
        );
        assert!(
            lines[2].contains("\"skipped\""),
            "another variant is skipped: {}",
            lines[2]
        );
    }
    let pgn = "tests/data/pgn/racingkings-python-chess.pgn";
    let output = regelwerk(&["replay", "--variant", "racingkings", pgn]);
    assert_eq!(output.code, Some(0), "{}", output.stdout);
    let output = regelwerk(&["replay", "--variant", "grand", pgn]);
    assert_eq!(
        output.code,
        Some(1),
        "a Racing Kings file is not Grand Chess: {}",
        output.stdout
    );
    let journal = "scenarios/monarchie/journals/seed-3-joshuas.journal.yaml";
    let output = regelwerk(&["replay", "--variant", "monarchie", journal]);
    assert_eq!(output.code, Some(0), "{}", output.stdout);
    let output = regelwerk(&["replay", "--variant", "grand", journal]);
    assert_eq!(
        output.code,
        Some(1),
        "a journal is MONARCHIE's: {}",
        output.stdout
    );
    let output = regelwerk(&["rulings", "--variant", "grand", "diff", "R-G-PROMO-ZONE=x"]);
    assert_ne!(output.code, Some(0), "{}", output.stderr);
    assert!(
        output.stderr.contains("no switchable rulings"),
        "{}",
        output.stderr
    );
    let _ = std::fs::remove_dir_all(&dir);
}
