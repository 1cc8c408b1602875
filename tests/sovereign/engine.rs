//! Sovereign Chess: the perft corpus `tests/data/sovereign.perft` (format
//! as `tests/data/monarchie.perft`), and the properties of random games:
//! every generic invariant plus the variant's own (S-SETUP validity after
//! every ply, control kept equal to control recomputed, every held colour
//! backed) and the design's mirror symmetry on every ply, under the
//! default rulings and each alternative.

use regelwerk::fuzz::game::play_game_checked_deep;
use regelwerk::perftfile::{self, PerftFile};
use regelwerk::variant::sovereign::invariants::mirrored;
use regelwerk::variant::sovereign::{Position, Ruleset, Sovereign, START_FEN};
use regelwerk::variant::{self, DeepChecks, Rules, VariantId};

const CORPUS: &str = include_str!("../data/sovereign.perft");

/// Counts up to this many nodes run in the normal test run; the rest with
/// `--ignored`.
const CHEAP_NODES: u64 = 300_000;

/// The corpus, read by the one perft-file reader.
fn corpus() -> PerftFile {
    perftfile::parse(CORPUS, "tests/data/sovereign.perft").unwrap_or_else(|error| panic!("{error}"))
}

#[test]
fn the_corpus_has_the_required_blocks() {
    let blocks = corpus().blocks;
    assert!(
        blocks.len() >= 9,
        "the start and at least 8 further positions"
    );
    let ids: Vec<&str> = blocks.iter().map(|block| block.id.as_str()).collect();
    for id in [
        "start",
        "start-defection-available",
        "defection-with-step",
        "after-overthrow",
        "castling-held-pink-rook",
        "promotion-choices",
        "control-cycle",
    ] {
        assert!(ids.contains(&id), "{id} missing");
    }
    let start = &blocks[0];
    assert_eq!(start.position.value, START_FEN);
    let counts: Vec<(u32, u64)> = start.counts.iter().map(|c| (c.depth, c.nodes)).collect();
    assert_eq!(&counts[..2], &[(1, 20), (2, 400)], "the design's facts");
    // Every block lists its depth-3 divide, every first move.
    for block in &blocks {
        let third = block.counts.iter().find(|c| c.depth == 3);
        let divided: u64 = block
            .divides
            .iter()
            .filter(|d| d.depth == 3)
            .map(|d| d.nodes)
            .sum();
        assert_eq!(
            third.map(|c| c.nodes),
            Some(divided),
            "{}: divide 3",
            block.id
        );
    }
}

#[test]
fn every_block_replays_its_provenance_and_writes_its_position() {
    let file = corpus();
    for block in &file.blocks {
        file.game_of(VariantId::Sovereign, block)
            .unwrap_or_else(|error| panic!("{error}"));
    }
}

/// Every count and divide line up to `max_nodes`; how many passed.
fn check_counts(max_nodes: u64) -> usize {
    crate::support::perft_file_passes(&corpus(), VariantId::Sovereign, max_nodes)
}

#[test]
fn cheap_counts_match() {
    // 15 positions, their counts up to 300,000 nodes, 423 divide lines.
    assert!(check_counts(CHEAP_NODES) > 480);
}

#[test]
#[ignore = "large counts: cargo test --release --test main -- --ignored sovereign"]
fn large_counts_match() {
    check_counts(u64::MAX);
}

#[test]
fn every_block_and_its_mirror_image_have_equal_counts() {
    for block in corpus().blocks {
        let rules = Ruleset::from_settings(&block.rulings).expect("rulings");
        let position = Position::from_fen(&block.position.value).expect("position");
        let image = position.mirrored();
        let sovereign = Sovereign::new(rules);
        for depth in 1..=2 {
            assert_eq!(
                variant::perft(&sovereign, &position, depth),
                variant::perft(&sovereign, &image, depth),
                "{} perft {depth} vs its mirror image {}",
                block.id,
                image.to_fen()
            );
        }
        let mut moves = Vec::new();
        sovereign.legal_moves(&position, &mut moves);
        let mut expected: Vec<String> = moves
            .into_iter()
            .map(|mv| mirrored(mv).to_string())
            .collect();
        let mut actual = Vec::new();
        sovereign.legal_moves(&image, &mut actual);
        let mut actual: Vec<String> = actual.iter().map(ToString::to_string).collect();
        expected.sort();
        actual.sort();
        assert_eq!(expected, actual, "{}: mirrored move list", block.id);
    }
}

fn every_ply() -> DeepChecks {
    DeepChecks {
        exhaustive_every: 0,
        symmetry_every: 1,
    }
}

#[test]
fn random_games_keep_every_invariant_and_the_mirror_symmetry() {
    for seed in 0..12u64 {
        if let Err(failure) =
            play_game_checked_deep(VariantId::Sovereign, seed, 150, &[], every_ply())
        {
            panic!(
                "seed {seed}: {}: {} after {:?}",
                failure.invariant, failure.detail, failure.actions
            );
        }
    }
}

#[test]
fn each_ruling_alternative_keeps_the_invariants() {
    for setting in Ruleset::all_alternatives() {
        for seed in 0..3u64 {
            let rulings = vec![setting.clone()];
            if let Err(failure) =
                play_game_checked_deep(VariantId::Sovereign, seed, 80, &rulings, every_ply())
            {
                panic!(
                    "{setting} seed {seed}: {}: {} after {:?}",
                    failure.invariant, failure.detail, failure.actions
                );
            }
        }
    }
}

#[test]
fn computer_players_play_recorded_games_that_replay() {
    use regelwerk::players::{play_recorded, Joshua};
    use regelwerk::record::{pgn, replay, Tags};
    let seats = [Joshua::Greedy, Joshua::Random];
    let play = |seed| {
        play_recorded(VariantId::Sovereign, None, &[], &seats, seed, 60)
            .unwrap_or_else(|e| panic!("{e}"))
    };
    let first = play(3);
    assert_eq!(first.actions(), play(3).actions(), "same seed, same game");
    assert_ne!(
        first.actions(),
        play(4).actions(),
        "another seed, another game"
    );
    let text = first.to_pgn(&Tags::default());
    assert!(text.contains("[Variant \"Sovereign Chess\"]"), "{text}");
    let games = pgn::read(&text).unwrap_or_else(|e| panic!("{e:?}\n{text}"));
    let replayed = replay(&games[0]).unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(replayed.actions, first.actions());
}
