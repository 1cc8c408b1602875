//! Measures the computer players of every two-player variant against each
//! other through the variant interface: for each pairing, seeded games
//! with the colours alternating (game i uses seed 1000 + i; the first
//! player has White in the even games). The tables in `docs/players.md`
//! come from
//! `cargo run --release --example variant_strength -- 100 400`.

use regelwerk::players::{play_recorded, Joshua};
use regelwerk::variant::{Status, VariantId};

fn run(variant: VariantId, a: Joshua, b: Joshua, games: u64, max_plies: usize) {
    let (mut wins_a, mut wins_b, mut white, mut draws, mut undecided, mut plies) =
        (0, 0, 0, 0, 0, 0);
    let started = std::time::Instant::now();
    for game in 0..games {
        let a_white = game % 2 == 0;
        let seats = if a_white { [a, b] } else { [b, a] };
        let recorder = play_recorded(variant, None, &[], &seats, 1000 + game, max_plies)
            .unwrap_or_else(|error| panic!("{variant} game {game}: {error}"));
        plies += recorder.actions().len();
        match recorder.game().status() {
            Status::Won { winners, .. } => {
                let white_won = winners.iter().any(|w| w == "white");
                white += u64::from(white_won);
                if white_won == a_white {
                    wins_a += 1;
                } else {
                    wins_b += 1;
                }
            }
            Status::Drawn { .. } => draws += 1,
            Status::Ongoing => undecided += 1,
        }
    }
    let seconds = started.elapsed().as_secs_f64() / games.max(1) as f64;
    let rate = |wins: u64| 100.0 * wins as f64 / games.max(1) as f64;
    println!(
        "| {a} vs {b} | {games} | {wins_a} ({:.1} %) | {wins_b} ({:.1} %) | {white} | {draws} | {undecided} | {:.0} | {seconds:.3} s |",
        rate(wins_a),
        rate(wins_b),
        plies as f64 / games.max(1) as f64,
    );
}

fn main() {
    let mut args = std::env::args().skip(1);
    let games: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(100);
    let max_plies: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(400);
    use Joshua::{Greedy, Random, Search};
    for variant in [VariantId::Grand, VariantId::Racingkings] {
        println!(
            "\n{variant}: {games} games per pairing, colours alternating, cap {max_plies} moves\n"
        );
        println!("| pairing (A vs B) | games | A wins | B wins | of them White | draws | undecided | mean moves | time per game |");
        println!("|---|---|---|---|---|---|---|---|---|");
        for (a, b) in [
            (Random, Random),
            (Greedy, Random),
            (Search, Random),
            (Search, Greedy),
            (Search, Search),
        ] {
            run(variant, a, b, games, max_plies);
        }
    }
}
