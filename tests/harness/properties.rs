//! Random games (proptest) through the one random-game driver
//! (`regelwerk::fuzz::game`): the generic invariants and every one of
//! MONARCHIE's (`regelwerk::variant::monarchie::invariants::INVARIANTS`) are checked after every
//! action of every generated game. A game is a start position plus a list
//! of random choices, one per action, so a failure shrinks to a short
//! action sequence.

use proptest::prelude::*;
use proptest::test_runner::FileFailurePersistence;

use regelwerk::fuzz::game::{play_choices, GameFailure};
use regelwerk::rng::Rng;
use regelwerk::variant::monarchie::invariants::{
    check_exhaustive, check_position, check_rotation, rotate, without_unmoved_pawns,
};
use regelwerk::variant::monarchie::random::random_position;
use regelwerk::variant::monarchie::{Position, Ruleset};
use regelwerk::variant::{DeepChecks, VariantId};

/// One MONARCHIE game from `start` (the Anhang A start when `None`).
fn monarchie_game(
    start: Option<&Position>,
    choices: &[u64],
    rulings: &[String],
    exhaustive_every: usize,
    symmetry_every: usize,
) -> Result<(), Box<GameFailure>> {
    let notation = start.map(regelwerk::variant::monarchie::notation::to_notation);
    play_choices(
        VariantId::Monarchie,
        notation.as_deref(),
        choices,
        rulings,
        DeepChecks {
            exhaustive_every,
            symmetry_every,
        },
    )
    .map(|_| ())
}

/// Games per property: 1000, or `PROPTEST_CASES` when set.
fn cases(default: u32) -> u32 {
    std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|text| text.parse().ok())
        .unwrap_or(default)
}

fn config(default: u32) -> ProptestConfig {
    ProptestConfig {
        cases: cases(default),
        failure_persistence: Some(Box::new(FileFailurePersistence::Direct(
            "proptest-regressions/properties.txt",
        ))),
        ..ProptestConfig::default()
    }
}

proptest! {
    #![proptest_config(config(1000))]

    /// Whole games from the Anhang A start: legal moves, timeouts, promotions.
    #[test]
    fn games_from_the_start_keep_every_invariant(choices in prop::collection::vec(any::<u64>(), 0..120)) {
        if let Err(failure) = monarchie_game(None, &choices, &[], 40, 0) {
            prop_assert!(false, "{}: {} after {} actions from the start", failure.invariant, failure.detail, failure.actions.len());
        }
    }

    /// Games from random mid-game positions (eliminated parties, dead
    /// blockers, trays, clocks under 60 s, unmoved pawns).
    #[test]
    fn games_from_random_positions_keep_every_invariant(
        seed in any::<u64>(),
        choices in prop::collection::vec(any::<u64>(), 0..80),
    ) {
        let rules = Ruleset::default();
        let start = random_position(&mut Rng::new(seed), &rules);
        if let Err(failure) = monarchie_game(Some(&start), &choices, &[], 40, 10) {
            prop_assert!(false, "{}: {} after {} actions from {}", failure.invariant, failure.detail, failure.actions.len(),
                regelwerk::variant::monarchie::notation::to_notation(&start));
        }
    }

    /// Rotating a position by 60 degrees rotates its legal moves.
    #[test]
    fn rotation_rotates_the_legal_moves(seed in any::<u64>()) {
        let rules = Ruleset::default();
        let position = random_position(&mut Rng::new(seed), &rules);
        if let Some(position) = without_unmoved_pawns(&position, &rules) {
            let rotated = rotate(&position);
            prop_assert!(rotated.is_some());
            prop_assert_eq!(check_rotation(&position, &rules), Ok(()));
            if let Some(rotated) = rotated {
                prop_assert_eq!(check_position(&rotated, &rules), Ok(()));
            }
        }
    }
}

proptest! {
    #![proptest_config(config(150))]

    /// Every from-to pair of a random position: check_move accepts exactly
    /// the listed legal moves, and every listed move applies.
    #[test]
    fn legal_moves_match_check_move_on_every_pair(seed in any::<u64>()) {
        let rules = Ruleset::default();
        let position = random_position(&mut Rng::new(seed), &rules);
        prop_assert_eq!(check_exhaustive(&position, &rules), Ok(()));
    }
}

#[test]
fn each_ruling_alternative_keeps_the_invariants() {
    for setting in Ruleset::all_alternatives() {
        let rules = Ruleset::from_settings(&[setting.as_str()]).expect("listed settings parse");
        for seed in 0..20u64 {
            let mut rng = Rng::new(seed);
            let start = if seed % 2 == 0 {
                Position::start()
            } else {
                random_position(&mut rng, &rules)
            };
            let choices: Vec<u64> = (0..80).map(|_| rng.next_u64()).collect();
            let rulings = vec![setting.clone()];
            if let Err(failure) = monarchie_game(Some(&start), &choices, &rulings, 30, 10) {
                panic!(
                    "{setting}, seed {seed}: {}: {} after {} actions",
                    failure.invariant,
                    failure.detail,
                    failure.actions.len()
                );
            }
        }
    }
}

#[test]
fn rotation_is_skipped_only_where_it_cannot_apply() {
    // The start position has unmoved pawns on asymmetric start cells.
    assert!(rotate(&Position::start()).is_none());
    // Six rotations give the same position back.
    let rules = Ruleset::default();
    let mut rotated_some = 0;
    for seed in 0..50 {
        let position = random_position(&mut Rng::new(seed), &rules);
        if position.unmoved_pawns().is_empty() {
            let mut turned = position.clone();
            for _ in 0..6 {
                turned = rotate(&turned).expect("positions without unmoved pawns rotate");
            }
            assert_eq!(turned, position, "seed {seed}");
            rotated_some += 1;
        } else {
            assert!(rotate(&position).is_none());
        }
    }
    assert!(
        rotated_some >= 5,
        "only {rotated_some} of 50 random positions could rotate"
    );
}

/// The generators reach every kind of event the invariants must survive:
/// promotions, timeouts, flag falls, king captures, mates, stalemates,
/// dead-blocker captures, and clocks under 60 s.
#[test]
fn the_generators_reach_every_kind_of_event() {
    use regelwerk::variant::monarchie::random::action_from_choice;
    use regelwerk::variant::monarchie::rules::{apply, Cause, Event};
    use std::collections::BTreeSet;
    let rules = Ruleset::default();
    let mut seen: BTreeSet<&str> = BTreeSet::new();
    for seed in 0..400u64 {
        let mut rng = Rng::new(seed);
        let mut position = if seed % 2 == 0 {
            Position::start()
        } else {
            random_position(&mut rng, &rules)
        };
        if position
            .clocks()
            .is_some_and(|clocks| clocks.iter().any(|(_, &s)| s < 60))
        {
            seen.insert("clock-under-60");
        }
        for _ in 0..150 {
            let Some(action) = action_from_choice(&position, &rules, rng.next_u64()) else {
                seen.insert("game-end");
                break;
            };
            let outcome =
                apply(&mut position, action, &rules).expect("generated actions are legal");
            for event in &outcome.events {
                match event {
                    Event::Promoted { .. } => seen.insert("promotion"),
                    Event::Forfeited { .. } => seen.insert("timeout"),
                    Event::Captured(c) if c.dead => seen.insert("dead-capture"),
                    Event::Eliminated(e) => seen.insert(match e.cause {
                        Cause::Mate => "mate",
                        Cause::Stalemate => "stalemate",
                        Cause::KingCapture => "king-capture",
                        Cause::FlagFall => "flag-fall",
                    }),
                    _ => false,
                };
            }
        }
    }
    for wanted in [
        "promotion",
        "timeout",
        "dead-capture",
        "mate",
        "stalemate",
        "king-capture",
        "flag-fall",
        "clock-under-60",
        "game-end",
    ] {
        assert!(
            seen.contains(wanted),
            "no random game reached {wanted}; seen {seen:?}"
        );
    }
}
