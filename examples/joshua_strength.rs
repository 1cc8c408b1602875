//! Measures the computer players against each other: seeded six-party
//! games with rotating seats, counting wins per player kind. The numbers
//! in `docs/players.md` come from
//! `cargo run --release --example joshua_strength -- 200 600`.

use std::collections::BTreeMap;

use regelwerk::journal::Clocks;
use regelwerk::players::Joshua;
use regelwerk::variant::monarchie::party::{ByParty, Party};
use regelwerk::variant::monarchie::players::{play_game, GameConfig, Seat};
use regelwerk::variant::monarchie::Ruleset;

fn run(label: &str, pattern: [Joshua; 6], games: u64, max_plies: usize) {
    let rules = Ruleset::default();
    let mut wins: BTreeMap<&str, u64> = BTreeMap::new();
    let mut seats_of: BTreeMap<&str, u64> = BTreeMap::new();
    let mut undecided = 0;
    let mut plies = 0;
    let started = std::time::Instant::now();
    for game in 0..games {
        let seats = ByParty::from_fn(|party: Party| {
            Seat::Computer(pattern[(party.index() + game as usize) % 6])
        });
        for party in Party::ALL {
            if let Seat::Computer(j) = &seats[party] {
                *seats_of.entry(j.key()).or_default() += 1;
            }
        }
        let config = GameConfig {
            seed: 1000 + game,
            seats: seats.clone(),
            max_plies,
            clocks: Clocks::Untimed,
            match_number: game + 1,
            date: "2026-11-29".to_string(),
        };
        let summary = play_game(&config, &rules);
        plies += summary.journal.result.actions;
        match summary.winner {
            Some(winner) => {
                if let Seat::Computer(j) = &seats[winner] {
                    *wins.entry(j.key()).or_default() += 1;
                }
            }
            None => undecided += 1,
        }
    }
    println!("## {label}: {games} games, cap {max_plies} actions");
    println!("| player | seats | wins | win rate per game | win rate per seat |");
    println!("|---|---|---|---|---|");
    for (key, seats) in &seats_of {
        let won = wins.get(key).copied().unwrap_or(0);
        println!(
            "| {key} | {seats} | {won} | {:.1} % | {:.1} % |",
            100.0 * won as f64 / games as f64,
            100.0 * won as f64 / *seats as f64
        );
    }
    println!(
        "undecided: {undecided}; mean length {:.0} actions; {:.2} s per game",
        plies as f64 / games as f64,
        started.elapsed().as_secs_f64() / games as f64
    );
    println!();
}

fn main() {
    let mut args = std::env::args().skip(1);
    let games = args.next().and_then(|a| a.parse().ok()).unwrap_or(200);
    let max_plies = args.next().and_then(|a| a.parse().ok()).unwrap_or(600);
    use Joshua::{Greedy, Random, Search};
    run(
        "two of each",
        [Search, Greedy, Random, Search, Greedy, Random],
        games,
        max_plies,
    );
    run(
        "search against greedy",
        [Search, Greedy, Search, Greedy, Search, Greedy],
        games,
        max_plies,
    );
    run(
        "greedy against random",
        [Greedy, Random, Greedy, Random, Greedy, Random],
        games,
        max_plies,
    );
}
