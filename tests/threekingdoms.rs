//! Three Kingdoms Xiangqi on the one path: the scenario suite passes and
//! covers every engine clause, ruling and finding; every ruling
//! alternative changes some scenario and only scenarios that name it; the
//! perft corpus `tests/data/threekingdoms.perft`; random games keep the
//! design's invariants (F-CAPTURE-ONE-WAY among them) as a property.

use std::collections::BTreeSet;
use std::path::PathBuf;

use proptest::prelude::{prop_assert, proptest, ProptestConfig};
use regelwerk::scenario::report::{run_suite, run_suite_with, Status};
use regelwerk::spec::{Spec, TestableBy};
use regelwerk::variant::threekingdoms::ruleset::register;
use regelwerk::variant::{self, VariantId};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn spec() -> Spec {
    Spec::load(&root().join("spec/threekingdoms")).unwrap_or_else(|error| panic!("spec: {error}"))
}

fn files() -> Vec<PathBuf> {
    regelwerk::scenario::collect_files(&[root().join("scenarios/threekingdoms")])
        .unwrap_or_else(|error| panic!("scenario files: {error}"))
}

#[test]
fn every_threekingdoms_scenario_passes() {
    let report = run_suite(&files(), Some(&spec()), None, None, |_, _| {});
    assert!(
        report.cases.len() >= 150,
        "{} scenarios",
        report.cases.len()
    );
    let problems: Vec<String> = report
        .cases
        .iter()
        .filter(|case| !matches!(case.status, Status::Passed))
        .map(|case| format!("{} ({}): {:?}", case.id, case.path.display(), case.status))
        .collect();
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn every_threekingdoms_clause_ruling_and_finding_has_scenarios() {
    let spec = spec();
    let report = run_suite(&files(), Some(&spec), None, None, |_, _| {});
    let (clauses, rulings) = report.coverage_gaps(&spec);
    let engine: Vec<&String> = clauses
        .iter()
        .filter(|id| {
            spec.clause(id)
                .is_some_and(|c| c.testable_by == TestableBy::Engine)
        })
        .collect();
    assert!(
        engine.is_empty(),
        "engine clauses without scenarios: {engine:?}"
    );
    assert!(rulings.is_empty(), "rulings without scenarios: {rulings:?}");
    for finding in &spec.findings {
        let mut naming: Vec<&str> = report
            .cases
            .iter()
            .filter(|case| case.findings.contains(&finding.id))
            .map(|case| case.id.as_str())
            .collect();
        naming.sort_unstable();
        let mut listed: Vec<&str> = finding.scenarios.iter().map(String::as_str).collect();
        listed.sort_unstable();
        assert!(!naming.is_empty(), "finding {} has no scenario", finding.id);
        assert_eq!(listed, naming, "{}: run `regelwerk spec-sync`", finding.id);
    }
}

#[test]
fn the_spec_register_is_the_engine_ruleset() {
    let spec = spec();
    let engine = register();
    assert_eq!(spec.rulings.len(), engine.len());
    for (id, keys) in engine {
        let ruling = spec
            .ruling(id)
            .unwrap_or_else(|| panic!("{id} missing in the spec"));
        let mut spec_keys: Vec<&str> = vec!["default"];
        spec_keys.extend(
            ruling
                .alternatives
                .iter()
                .map(|alternative| alternative.key.as_str()),
        );
        assert_eq!(spec_keys, keys, "{id}");
    }
}

/// Alternatives no scenario can tell from the default (none).
const UNSEEN: &[&str] = &[];

#[test]
fn every_threekingdoms_alternative_fails_only_scenarios_that_name_it() {
    let spec = spec();
    let files = files();
    let mut problems = Vec::new();
    for (id, keys) in register() {
        for key in keys.iter().skip(1) {
            let setting = format!("{id}={key}");
            let report = run_suite_with(
                &files,
                Some(&spec),
                None,
                None,
                std::slice::from_ref(&setting),
                |_, _| {},
            );
            let failing: Vec<_> = report
                .cases
                .iter()
                .filter(|case| !matches!(case.status, Status::Passed))
                .collect();
            if failing.is_empty() && !UNSEEN.contains(&setting.as_str()) {
                problems.push(format!("{setting}: no scenario tells it from the default"));
            }
            for case in failing {
                if !case.rulings.contains(&id.to_string()) {
                    problems.push(format!(
                        "{setting}: {} fails but does not name {id}",
                        case.id
                    ));
                }
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

// ---- the perft corpus -------------------------------------------------------

const CORPUS: &str = include_str!("data/threekingdoms.perft");

/// Counts of at most this many nodes run in the normal test run.
const CHEAP: u64 = 3_000_000;

#[derive(Default, Debug)]
struct Block {
    id: String,
    line: usize,
    from: String,
    moves: Vec<String>,
    position: String,
    rulings: Vec<String>,
    counts: Vec<(u32, u64)>,
    divide: Vec<(u32, String, u64)>,
}

fn corpus() -> Vec<Block> {
    let mut blocks: Vec<Block> = Vec::new();
    for (index, raw) in CORPUS.lines().enumerate() {
        let line = raw.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (word, rest) = line.split_once(' ').unwrap_or((line, ""));
        let place = format!("tests/data/threekingdoms.perft:{}", index + 1);
        if word == "id" {
            blocks.push(Block {
                id: rest.to_string(),
                line: index + 1,
                ..Block::default()
            });
            continue;
        }
        let block = blocks
            .last_mut()
            .unwrap_or_else(|| panic!("{place}: `{word}` before the first `id`"));
        match word {
            "from" => block.from = rest.to_string(),
            "moves" => block.moves = rest.split_whitespace().map(str::to_string).collect(),
            "position" => block.position = rest.to_string(),
            "ruling" => block.rulings.push(rest.to_string()),
            "perft" => {
                let (depth, nodes) = rest
                    .split_once(' ')
                    .and_then(|(d, n)| Some((d.parse().ok()?, n.parse().ok()?)))
                    .unwrap_or_else(|| panic!("{place}: expected `perft <depth> <nodes>`"));
                block.counts.push((depth, nodes));
            }
            "divide" => {
                let parts: Vec<&str> = rest.split_whitespace().collect();
                let [depth, mv, nodes] = parts.as_slice() else {
                    panic!("{place}: expected `divide <depth> <move> <nodes>`");
                };
                block.divide.push((
                    depth.parse().unwrap_or_else(|_| panic!("{place}: depth")),
                    mv.to_string(),
                    nodes.parse().unwrap_or_else(|_| panic!("{place}: nodes")),
                ));
            }
            other => panic!("{place}: unknown directive `{other}`"),
        }
    }
    blocks
}

fn game_of(block: &Block) -> Box<dyn variant::Game> {
    let start = match block.from.as_str() {
        "start" | "no-bannermen" => {
            variant::open_start(VariantId::Threekingdoms, &block.from, &block.rulings)
        }
        text => variant::open(VariantId::Threekingdoms, Some(text), &block.rulings),
    };
    let mut game =
        start.unwrap_or_else(|error| panic!("{} (line {}): {error}", block.id, block.line));
    for action in &block.moves {
        game.play(action)
            .unwrap_or_else(|refusal| panic!("{}: {action} refused: {refusal}", block.id));
    }
    game
}

#[test]
fn the_perft_corpus_reproduces() {
    let blocks = corpus();
    assert!(blocks.len() >= 8, "{} blocks", blocks.len());
    let ids: BTreeSet<&str> = blocks.iter().map(|b| b.id.as_str()).collect();
    assert_eq!(ids.len(), blocks.len(), "ids are unique");
    for block in &blocks {
        let game = game_of(block);
        assert_eq!(
            game.position_text(),
            block.position,
            "{}: position",
            block.id
        );
        let reread = variant::open(
            VariantId::Threekingdoms,
            Some(&block.position),
            &block.rulings,
        )
        .unwrap_or_else(|error| panic!("{}: {error}", block.id));
        assert_eq!(
            reread.position_text(),
            block.position,
            "{}: round trip",
            block.id
        );
        for &(depth, nodes) in &block.counts {
            if nodes <= CHEAP {
                assert_eq!(reread.perft(depth), nodes, "{} perft {depth}", block.id);
            }
        }
        for (depth, mv, nodes) in &block.divide {
            let divide = reread.divide(*depth);
            let found = divide.iter().find(|(m, _)| m == mv);
            assert_eq!(
                found.map(|(_, n)| *n),
                Some(*nodes),
                "{} divide {depth} {mv}",
                block.id
            );
            let total: u64 = divide.iter().map(|(_, n)| n).sum();
            if let Some(&(_, all)) = block.counts.iter().find(|(d, _)| d == depth) {
                assert_eq!(total, all, "{}: divide {depth} sums to perft", block.id);
            }
        }
    }
}

#[test]
#[ignore = "large perft counts: cargo test --release --test main -- --ignored threekingdoms"]
fn the_large_perft_counts_reproduce() {
    for block in corpus() {
        let game = game_of(&block);
        for &(depth, nodes) in &block.counts {
            if nodes > CHEAP {
                assert_eq!(game.perft(depth), nodes, "{} perft {depth}", block.id);
            }
        }
    }
}

// ---- random games ------------------------------------------------------------

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, .. ProptestConfig::default() })]

    /// The design's invariants after every ply of a random game from the
    /// start, with and without bannermen (the variant's own invariants run
    /// inside the generic driver, F-CAPTURE-ONE-WAY among them).
    #[test]
    fn random_games_keep_the_invariants(seed in 0u64..1_000_000, bannermen in 0u8..2) {
        let rulings: Vec<String> = if bannermen == 0 { vec!["R-BANNERMEN=off".to_string()] } else { Vec::new() };
        let open = |position: Option<&str>| variant::open(VariantId::Threekingdoms, position, &rulings);
        let result = regelwerk::fuzz::game::play_game_checked_with(&open, VariantId::Threekingdoms, seed, 120);
        prop_assert!(result.is_ok(), "seed {seed}: {:?}", result.err());
    }
}

// ---- the start diagram ---------------------------------------------------------

#[test]
fn the_start_diagram_is_stable() {
    use regelwerk::render::game::{render_game, GameDiagram};
    let game = variant::open(VariantId::Threekingdoms, None, &[]).expect("opens");
    let svg = render_game(
        game.as_ref(),
        &GameDiagram {
            bottom: None,
            arrows: Vec::new(),
            moves_of: None,
            no_labels: false,
            caption: Some("Three Kingdoms Xiangqi: the start".to_string()),
        },
    )
    .expect("draws");
    for point in ["Re1", "Ge5", "Bi5"] {
        assert!(svg.contains(point), "{point} is labelled");
    }
    let mut settings = insta::Settings::clone_current();
    settings.set_snapshot_path("../snapshots");
    settings.set_prepend_module_to_snapshot(false);
    settings.bind(|| insta::assert_snapshot!("threekingdoms_start_svg", svg));
}
