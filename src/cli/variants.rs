//! `perft`, `moves` and `apply` for the two-player variants, through the
//! variant interface ([`regelwerk::variant::Game`]).

use std::process::ExitCode;
use std::time::Instant;

use anyhow::Result;
use serde_json::json;

use regelwerk::variant::Game;

use super::Format;

/// perft (optionally split by first move) with its speed on stderr.
pub(super) fn perft(game: &dyn Game, depth: u32, split: bool, format: Format) -> Result<ExitCode> {
    let started = Instant::now();
    let rows = if split {
        game.divide(depth)
    } else {
        Vec::new()
    };
    let total = if split {
        rows.iter().map(|(_, nodes)| nodes).sum()
    } else {
        game.perft(depth)
    };
    let seconds = started.elapsed().as_secs_f64();
    match format {
        Format::Text => {
            for (mv, nodes) in &rows {
                println!("{mv} {nodes}");
            }
            if split {
                println!();
            }
            println!("perft {depth} {total}");
            eprintln!(
                "{seconds:.3} s, {:.0} nodes/s",
                total as f64 / seconds.max(1e-9)
            );
        }
        Format::Json => {
            let divide: Vec<_> = rows
                .iter()
                .map(|(mv, nodes)| json!({"move": mv, "nodes": nodes}))
                .collect();
            println!(
                "{}",
                json!({
                    "variant": game.variant(),
                    "position": game.position_text(),
                    "depth": depth,
                    "nodes": total,
                    "divide": divide,
                    "seconds": seconds,
                })
            );
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// The legal moves, all or from one square.
pub(super) fn moves(game: &dyn Game, square: Option<&str>, format: Format) -> Result<ExitCode> {
    let moves = match square {
        Some(square) => game
            .legal_moves_from(square)
            .map_err(|message| anyhow::anyhow!("reading --square: {message}"))?,
        None => game.legal_moves(),
    };
    match format {
        Format::Text => {
            for mv in &moves {
                println!("{mv}");
            }
            eprintln!("{} legal moves", moves.len());
        }
        Format::Json => println!("{}", json!({ "moves": moves })),
    }
    Ok(ExitCode::SUCCESS)
}

/// Plays the actions in order, printing each report, then the position.
pub(super) fn apply(
    mut game: Box<dyn Game>,
    actions: &[String],
    format: Format,
) -> Result<ExitCode> {
    for (index, text) in actions.iter().enumerate() {
        let report = game.play(text).map_err(|refusal| {
            anyhow::anyhow!(
                "action {} '{text}' is illegal ({}): {}",
                index + 1,
                refusal.code,
                refusal.detail
            )
        })?;
        match format {
            Format::Text => println!("{text}: {}", serde_json::to_string(&report)?),
            Format::Json => println!("{}", serde_json::to_string(&report)?),
        }
    }
    println!("{}", game.position_text());
    Ok(ExitCode::SUCCESS)
}
