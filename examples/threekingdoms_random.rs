//! Random games of Three Kingdoms Xiangqi through the one `Game`
//! interface, for the closing note of issue 14: games, plies, defeats by
//! cause, heirs other than the last mover, results.
//!
//! `cargo run --release --example threekingdoms_random -- [GAMES] [SEED] [RULING...]`
//! prints one JSON document. Moves only (no resignations), uniformly at
//! random; a game ends by the rules (last general, repetition, the move
//! limit) or at 3,000 plies.

use std::collections::BTreeMap;

use regelwerk::rng::Rng;
use regelwerk::variant::{self, Status, VariantId};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let games: u64 = args.first().and_then(|a| a.parse().ok()).unwrap_or(1000);
    let seed: u64 = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(1);
    let rulings: Vec<String> = args.iter().skip(2).cloned().collect();
    let mut rng = Rng::new(seed);
    let mut plies = 0u64;
    let mut causes: BTreeMap<String, u64> = BTreeMap::new();
    let mut results: BTreeMap<String, u64> = BTreeMap::new();
    let mut trap_defeats_three_active = 0u64;
    let mut heirs_not_last_mover = 0u64;
    let mut general_captures_by_predecessor = 0u64;
    let mut general_captures = 0u64;
    for _ in 0..games {
        let mut game = match variant::open(VariantId::Threekingdoms, None, &rulings) {
            Ok(game) => game,
            Err(error) => {
                eprintln!("{error}");
                std::process::exit(2);
            }
        };
        let mut ply = 0;
        while !game.status().is_over() && ply < 3000 {
            let moves = game.legal_moves();
            if moves.is_empty() {
                break;
            }
            let active_before = game.active();
            let choice = &moves[(rng.next_u64() % moves.len() as u64) as usize];
            let Ok(report) = game.play(choice) else {
                eprintln!("listed move {choice} refused");
                std::process::exit(1);
            };
            ply += 1;
            for elimination in &report.eliminations {
                *causes.entry(elimination.cause.clone()).or_insert(0) += 1;
                let trapped = elimination.cause == "mate" || elimination.cause == "stalemate";
                if trapped && active_before.len() == 3 {
                    trap_defeats_three_active += 1;
                    if elimination.heir.as_deref() != Some(report.actor.as_str()) {
                        heirs_not_last_mover += 1;
                    }
                }
                if elimination.cause == "general-capture" {
                    general_captures += 1;
                    let order = ["shu", "wu", "wei"];
                    let victim = order
                        .iter()
                        .position(|k| *k == elimination.party)
                        .unwrap_or(0);
                    let mut before = (victim + 2) % 3;
                    if !active_before.iter().any(|k| k == order[before]) {
                        before = (before + 2) % 3;
                    }
                    if order[before] == report.actor {
                        general_captures_by_predecessor += 1;
                    }
                }
            }
        }
        plies += ply;
        let result = match game.status() {
            Status::Won { winners, reason } => format!("won ({reason}) by {}", winners.join("+")),
            Status::Drawn { reason } => format!("drawn ({reason})"),
            Status::Ongoing => "unfinished at 3000 plies".to_string(),
        };
        *results.entry(result).or_insert(0) += 1;
    }
    let summary = serde_json::json!({
        "games": games,
        "seed": seed,
        "rulings": rulings,
        "plies": plies,
        "defeats_by_cause": causes,
        "trap_defeats_with_three_active": trap_defeats_three_active,
        "of_them_heir_not_last_mover": heirs_not_last_mover,
        "general_captures": general_captures,
        "general_captures_by_victims_predecessor": general_captures_by_predecessor,
        "results": results,
    });
    println!(
        "{}",
        serde_json::to_string_pretty(&summary).unwrap_or_default()
    );
}
