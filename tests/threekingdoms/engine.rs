//! Three Kingdoms Xiangqi on the one path: the scenario suite passes (its
//! coverage is checked with every variant's in
//! `harness::scenarios`); every ruling
//! alternative changes some scenario and only scenarios that name it; the
//! perft corpus `tests/data/threekingdoms.perft`; random games keep the
//! design's invariants (F-CAPTURE-ONE-WAY among them) as a property.

use std::path::PathBuf;

use proptest::prelude::{prop_assert, proptest, ProptestConfig};
use regelwerk::perftfile::{self, PerftFile};
use regelwerk::scenario::results::Status;
use regelwerk::spec::Spec;
use regelwerk::suite::{run_suite, run_suite_with};
use regelwerk::variant::threekingdoms::ruleset::register;
use regelwerk::variant::{self, VariantId};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn spec() -> Spec {
    Spec::load(&root().join("spec/threekingdoms")).unwrap_or_else(|error| panic!("spec: {error}"))
}

fn files() -> Vec<PathBuf> {
    regelwerk::suite::collect_files(&[root().join("scenarios/threekingdoms")])
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

const CORPUS: &str = include_str!("../data/threekingdoms.perft");

/// Counts of at most this many nodes run in the normal test run.
const CHEAP: u64 = 3_000_000;

/// The corpus, read by the one perft-file reader.
fn corpus() -> PerftFile {
    perftfile::parse(CORPUS, "tests/data/threekingdoms.perft")
        .unwrap_or_else(|error| panic!("{error}"))
}

/// Every count and divide line up to `max_nodes`; how many passed.
fn check_counts(max_nodes: u64) -> usize {
    crate::support::perft_file_passes(&corpus(), VariantId::Threekingdoms, max_nodes)
}

#[test]
fn the_perft_corpus_reproduces() {
    let file = corpus();
    assert!(file.blocks.len() >= 8, "{} blocks", file.blocks.len());
    for block in &file.blocks {
        for depth in block.divides.iter().map(|d| d.depth) {
            if let Some(all) = block.counts.iter().find(|c| c.depth == depth) {
                let listed: u64 = block
                    .divides
                    .iter()
                    .filter(|d| d.depth == depth)
                    .map(|d| d.nodes)
                    .sum();
                assert!(
                    listed <= all.nodes,
                    "{}: divide {depth} exceeds perft",
                    block.id
                );
            }
        }
    }
    assert!(check_counts(CHEAP) > 40);
}

#[test]
#[ignore = "large perft counts: cargo test --release --test main -- --ignored threekingdoms"]
fn the_large_perft_counts_reproduce() {
    check_counts(u64::MAX);
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
            ..GameDiagram::default()
        },
    )
    .expect("draws");
    for point in ["Re1", "Ge5", "Bi5"] {
        assert!(svg.contains(point), "{point} is labelled");
    }
    let mut settings = insta::Settings::clone_current();
    settings.set_snapshot_path("../../snapshots");
    settings.set_prepend_module_to_snapshot(false);
    settings.bind(|| insta::assert_snapshot!("threekingdoms_start_svg", svg));
}
