//! Computer players (clause 19): deterministic per seed, legal, and the
//! search player beats the greedy one; the same three through the variant
//! interface for every variant.

use regelwerk::journal::{Clocks, PlayerKind};
use regelwerk::players::Joshua;
use regelwerk::variant::monarchie::party::{ByParty, Party};
use regelwerk::variant::monarchie::players::{
    computer, play_game, GameConfig, Player, RandomPlayer, Seat,
};
use regelwerk::variant::monarchie::rules::{check_move, legal_moves};
use regelwerk::variant::monarchie::{Action, Position, Ruleset};

fn config(seed: u64, pattern: [Joshua; 6], max_plies: usize) -> GameConfig {
    GameConfig {
        seed,
        seats: ByParty::from_fn(|party: Party| {
            Seat::Computer(pattern[(party.index() + seed as usize) % 6])
        }),
        max_plies,
        clocks: Clocks::Untimed,
        match_number: seed,
        date: "2026-11-29".to_string(),
    }
}

#[test]
fn same_seed_same_game() {
    use Joshua::{Greedy, Random, Search};
    let pattern = [Search, Greedy, Random, Search, Greedy, Random];
    let rules = Ruleset::default();
    let a = play_game(&config(7, pattern, 120), &rules).journal;
    let b = play_game(&config(7, pattern, 120), &rules).journal;
    let c = play_game(&config(8, pattern, 120), &rules).journal;
    assert_eq!(a, b);
    assert_ne!(a.actions, c.actions);
}

#[test]
fn computer_seats_are_marked() {
    let journal = play_game(&config(1, [Joshua::Random; 6], 10), &Ruleset::default()).journal;
    assert_eq!(journal.participants.len(), 6);
    for participant in &journal.participants {
        assert_eq!(participant.kind, PlayerKind::Computer);
        assert!(participant.name.starts_with("Joshua"));
        assert_eq!(participant.engine.as_deref(), Some("random"));
    }
}

#[test]
fn every_player_chooses_legal_moves() {
    let rules = Ruleset::default();
    for joshua in Joshua::ALL {
        let mut player = computer(joshua, 3);
        let mut position = Position::start();
        for _ in 0..60 {
            if position.to_move().is_none() {
                break;
            }
            let action = player.choose(&position, &rules);
            let Action::Move { mv, .. } = action else {
                panic!("{joshua} let a turn pass with legal moves available");
            };
            assert_eq!(check_move(&position, mv, &rules), Ok(()), "{joshua}: {mv}");
            regelwerk::variant::monarchie::rules::apply(&mut position, action, &rules)
                .unwrap_or_else(|e| panic!("{e}"));
        }
    }
}

#[test]
fn random_player_varies_with_its_seed() {
    let rules = Ruleset::default();
    let start = Position::start();
    let choices: std::collections::BTreeSet<String> = (0..20)
        .map(|seed| RandomPlayer::new(seed).choose(&start, &rules).to_string())
        .collect();
    assert!(choices.len() > 5, "{choices:?}");
    assert!(choices.len() <= legal_moves(&start, &rules).len());
}

/// Greedy and random, three seats each: the greedy seats capture far more.
#[test]
fn greedy_captures_more_than_random() {
    use Joshua::{Greedy, Random};
    let config = config(5, [Greedy, Random, Greedy, Random, Greedy, Random], 200);
    let journal = play_game(&config, &Ruleset::default()).journal;
    let mut captures = [0, 0];
    for entry in &journal.actions {
        if entry.capture.is_some_and(|c| !c.dead) {
            let greedy = config.seats[entry.party] == Seat::Computer(Greedy);
            captures[usize::from(greedy)] += 1;
        }
    }
    assert!(
        captures[1] > 2 * captures[0],
        "greedy {}, random {}",
        captures[1],
        captures[0]
    );
}

/// Search against greedy, three seats each, rotating: search wins more.
#[test]
fn search_beats_greedy() {
    use Joshua::{Greedy, Search};
    let rules = Ruleset::default();
    let mut search = 0;
    let mut greedy = 0;
    for seed in 0..12 {
        let pattern = [Search, Greedy, Search, Greedy, Search, Greedy];
        let config = config(seed, pattern, 600);
        let summary = play_game(&config, &rules);
        if let Some(winner) = summary.winner {
            match config.seats[winner] {
                Seat::Computer(Search) => search += 1,
                _ => greedy += 1,
            }
        }
    }
    assert!(search > greedy, "search {search}, greedy {greedy}");
}

#[test]
fn play_cli_explains_illegal_moves_to_a_human() {
    use std::io::Write;
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_regelwerk"))
        .args([
            "play",
            "--players",
            "human",
            "--seed",
            "1",
            "--max-plies",
            "3",
            "--date",
            "2026-11-29",
        ])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap_or_else(|error| panic!("running regelwerk: {error}"));
    if let Some(stdin) = child.stdin.as_mut() {
        let _ = stdin.write_all(b"moves 16\n16-40\nfoo\n16-28\n");
    }
    let output = child.wait_with_output().unwrap_or_else(|e| panic!("{e}"));
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "{stdout}");
    assert!(stdout.contains("16-28 16-29 16-46 16-48"), "{stdout}");
    assert!(stdout.contains("illegal (not-a-move-of-piece)"), "{stdout}");
    assert!(stdout.contains("is not a move"), "{stdout}");
    assert!(stdout.contains("undecided after 3 actions"), "{stdout}");
}

/// The players through the variant interface: for every variant and every
/// kind, each choice is a legal action, for 80 plies from the start.
#[test]
fn any_player_chooses_legal_moves_in_every_variant() {
    use regelwerk::variant::{self, VariantId};
    for variant in VariantId::ALL {
        for joshua in Joshua::ALL {
            let mut game = variant::open(variant, None, &[]).unwrap_or_else(|e| panic!("{e}"));
            let mut player = joshua.build_any(11);
            for ply in 0..80 {
                if game.status().is_over() {
                    break;
                }
                let action = player
                    .choose(game.as_ref())
                    .unwrap_or_else(|| panic!("{variant} {joshua}: no choice at ply {ply}"));
                assert!(
                    game.legal_moves().contains(&action),
                    "{variant} {joshua} ply {ply}: {action} is not legal"
                );
                game.play(&action)
                    .unwrap_or_else(|refusal| panic!("{variant} {joshua}: {refusal}"));
            }
        }
    }
}

/// The same seed gives the same game, another seed another.
#[test]
fn any_player_same_seed_same_game() {
    use regelwerk::players::play_recorded;
    use regelwerk::variant::VariantId;
    for variant in [VariantId::Grand, VariantId::Racingkings] {
        let seats = [Joshua::Search, Joshua::Random];
        let play = |seed| {
            play_recorded(variant, None, &[], &seats, seed, 200)
                .unwrap_or_else(|e| panic!("{e}"))
                .actions()
                .to_vec()
        };
        assert_eq!(play(3), play(3), "{variant}");
        assert_ne!(play(3), play(4), "{variant}");
    }
}

/// Per variant, over a small sample with the colours alternating: greedy
/// beats random and search beats greedy (docs/players.md has the full
/// tables).
#[test]
fn any_players_win_rates_are_ordered() {
    use regelwerk::players::play_recorded;
    use regelwerk::variant::{Status, VariantId};
    use Joshua::{Greedy, Random, Search};
    for variant in [VariantId::Grand, VariantId::Racingkings] {
        for (strong, weak) in [(Greedy, Random), (Search, Greedy)] {
            let (mut strong_wins, mut weak_wins) = (0, 0);
            for seed in 0..16u64 {
                let strong_white = seed % 2 == 0;
                let seats = if strong_white {
                    [strong, weak]
                } else {
                    [weak, strong]
                };
                let recorder = play_recorded(variant, None, &[], &seats, 1000 + seed, 400)
                    .unwrap_or_else(|e| panic!("{e}"));
                if let Status::Won { winners, .. } = recorder.game().status() {
                    if (winners[0] == "white") == strong_white {
                        strong_wins += 1;
                    } else {
                        weak_wins += 1;
                    }
                }
            }
            assert!(
                strong_wins > 2 * weak_wins,
                "{variant}: {strong} {strong_wins}, {weak} {weak_wins}"
            );
        }
    }
}
