//! `perft` and `divide` of MONARCHIE: the fast path (bitboards), the
//! reference rule code (`--reference`) and parallel perft (`--threads`).

use std::process::ExitCode;
use std::time::Instant;

use anyhow::Result;

use regelwerk::notation::to_notation;
use regelwerk::perft::{divide_with, perft_parallel, PerftPath};
use regelwerk::position::Position;
use regelwerk::Ruleset;

use super::{position_move_text, variants, Format};

/// perft (or divide, with `split`) of a MONARCHIE position, with its speed
/// on stderr (text) or in the JSON document.
///
/// `path` picks the fast path or the reference rule code (`--reference`);
/// `threads` above 1 splits the count over rayon's threads.
///
/// # Errors
/// None of its own; the `Result` is the command's.
pub(super) fn monarchie(
    position: &Position,
    rules: Ruleset,
    depth: u32,
    split: bool,
    format: Format,
    threads: u32,
    path: PerftPath,
) -> Result<ExitCode> {
    let started = Instant::now();
    let (total, rows) = if split {
        let rows = divide_with(position, depth, &rules, path);
        (rows.iter().map(|(_, n)| n).sum(), rows)
    } else if threads > 1 || path == PerftPath::Reference {
        let total = perft_parallel(position, depth, &rules, path, threads as usize);
        (total, Vec::new())
    } else {
        let game = regelwerk::variant::monarchie::game::MonarchieGame {
            position: position.clone(),
            rules,
        };
        (variants::counted(&game, depth).0, Vec::new())
    };
    let seconds = started.elapsed().as_secs_f64();
    match format {
        Format::Text => {
            for (mv, count) in &rows {
                println!("{} {count}", position_move_text(position, *mv));
            }
            if split {
                println!();
            }
            println!("perft {depth} {total}");
            eprintln!(
                "{:.3} s, {:.0} nodes/s",
                seconds,
                total as f64 / seconds.max(1e-9)
            );
        }
        Format::Json => {
            let divide: Vec<_> = rows
                .iter()
                .map(|(mv, n)| serde_json::json!({"move": mv.to_string(), "nodes": n}))
                .collect();
            println!(
                "{}",
                serde_json::json!({
                    "position": to_notation(position),
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
