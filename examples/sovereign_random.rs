//! Random Sovereign Chess games through the one [`Game`] interface, with a
//! tally of what happened: plies, captures, promotions by kind,
//! defections with and without the king step, castlings, control changes
//! and how the games ended. Progress goes to stderr, the tally as JSON to
//! stdout.
//!
//! ```sh
//! cargo run --release --example sovereign_random -- 200 300 1
//! ```
//! (games, plies at most per game, first seed).

use std::collections::BTreeMap;

use regelwerk::variant::{self, Status, VariantId};

/// A small deterministic generator (xorshift64*), so runs repeat.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
}

fn main() -> Result<(), String> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let number = |index: usize, default: u64| -> Result<u64, String> {
        args.get(index).map_or(Ok(default), |text| {
            text.parse()
                .map_err(|_| format!("argument {}: expected a number, found '{text}'", index + 1))
        })
    };
    let (games, max_plies, first_seed) = (number(0, 100)?, number(1, 300)?, number(2, 1)?);
    let mut tally: BTreeMap<String, u64> = BTreeMap::new();
    let mut count = |key: &str| *tally.entry(key.to_string()).or_insert(0) += 1;
    for game_index in 0..games {
        let seed = first_seed + game_index;
        let mut rng = Rng(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1);
        let mut game =
            variant::open(VariantId::Sovereign, None, &[]).map_err(|error| error.to_string())?;
        count("games");
        for _ in 0..max_plies {
            let legal = game.legal_moves();
            if legal.is_empty() {
                break;
            }
            let action = legal[(rng.next() % legal.len() as u64) as usize].clone();
            let report = game
                .play(&action)
                .map_err(|refusal| format!("seed {seed}: {action}: {refusal}"))?;
            count("plies");
            if report.capture.is_some() {
                count("captures");
            }
            if let Some(kind) = &report.promotion {
                count(&format!("promotions to {kind}"));
            }
            for event in &report.events {
                match event.kind.as_str() {
                    "coup" => count("coups"),
                    "overthrow" => count("overthrows"),
                    "castled" => count("castlings"),
                    "defected" if action.contains(':') => count("defections with step"),
                    "defected" => count("defections without step"),
                    _ => {}
                }
            }
            for _ in &report.control {
                count("control changes");
            }
            if !report.checks.is_empty() {
                count("checks");
            }
            match &report.status {
                Status::Won { reason, .. } => count(&format!("ended: won by {reason}")),
                Status::Drawn { reason } => count(&format!("ended: drawn by {reason}")),
                Status::Ongoing => {}
            }
            if report.status.is_over() {
                break;
            }
        }
        if !game.status().is_over() {
            count(&format!("ended: unfinished after {max_plies} plies"));
        }
        if (game_index + 1) % 20 == 0 {
            eprintln!("{} of {games} games", game_index + 1);
        }
    }
    println!(
        "{}",
        serde_json::to_string_pretty(&tally).map_err(|e| e.to_string())?
    );
    Ok(())
}
