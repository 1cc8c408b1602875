//! `perft`, `moves` and `apply` for the two-player variants, through the
//! variant interface ([`regelwerk::variant::Game`]).

use std::process::ExitCode;
use std::time::Instant;

use anyhow::Result;
use serde_json::json;

use regelwerk::variant::Game;

use super::Format;

/// perft counted root move by root move, with a progress line on a
/// terminal once the run takes longer than two seconds (quiet in logs).
/// Returns the total and, in move order, each root move's count.
pub(super) fn counted(game: &dyn Game, depth: u32) -> (u64, Vec<(String, u64)>) {
    use std::io::IsTerminal as _;
    if depth == 0 {
        return (1, Vec::new());
    }
    let started = Instant::now();
    let show = std::io::stderr().is_terminal();
    let mut last = started;
    let moves = game.legal_moves();
    let mut rows = Vec::with_capacity(moves.len());
    let mut total = 0u64;
    for (index, mv) in moves.iter().enumerate() {
        let mut child = game.boxed_clone();
        let nodes = match child.play(mv) {
            Ok(_) => child.perft(depth - 1),
            Err(_) => 0,
        };
        total += nodes;
        rows.push((mv.clone(), nodes));
        let now = Instant::now();
        if show
            && now.duration_since(started).as_secs_f64() > 2.0
            && now.duration_since(last).as_secs_f64() > 0.5
        {
            last = now;
            let seconds = now.duration_since(started).as_secs_f64();
            let done = (index + 1) as f64 / moves.len() as f64;
            eprint!(
                "\rperft {depth}: {}/{} root moves, {total} nodes, {:.0} nodes/s, about {:.0} s left   ",
                index + 1,
                moves.len(),
                total as f64 / seconds,
                seconds / done - seconds
            );
        }
    }
    if show && started.elapsed().as_secs_f64() > 2.0 {
        eprintln!();
    }
    rows.sort();
    (total, rows)
}

/// perft (optionally split by first move) with its speed on stderr.
pub(super) fn perft(
    game: &dyn Game,
    depth: u32,
    split: bool,
    format: Format,
    threads: usize,
) -> Result<ExitCode> {
    let started = Instant::now();
    let (total, rows) = if threads > 1 {
        let rows = regelwerk::variant::divide_game_parallel(game, depth, threads);
        (rows.iter().map(|(_, nodes)| nodes).sum(), rows)
    } else {
        counted(game, depth)
    };
    let rows = if split { rows } else { Vec::new() };
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
    let start = game.position_text();
    let mut reports = Vec::new();
    for (index, text) in actions.iter().enumerate() {
        let report = game.play(text).map_err(|refusal| {
            anyhow::anyhow!(
                "action {} '{text}' is refused ({}): {}",
                index + 1,
                refusal.code,
                refusal.detail
            )
        })?;
        if format == Format::Text {
            let did = if report.events.iter().any(|event| event.kind == "forfeited") {
                "forfeited the turn"
            } else if report.events.iter().any(|event| event.kind == "moved") {
                "moved"
            } else {
                "acted"
            };
            let mut line = format!("{text}: {} {did}", report.actor);
            if let Some(capture) = &report.capture {
                line.push_str(&format!(
                    ", captured {} {} on {}",
                    capture.owner, capture.kind, capture.at
                ));
            }
            if let Some(kind) = &report.promotion {
                line.push_str(&format!(", promoted to {kind}"));
            }
            if !report.checks.is_empty() {
                line.push_str(&format!(", check: {}", report.checks.join(" ")));
            }
            for elimination in &report.eliminations {
                line.push_str(&format!(
                    ", {} eliminated ({})",
                    elimination.party, elimination.cause
                ));
            }
            match &report.next {
                Some(next) => line.push_str(&format!("; next: {next}")),
                None => line.push_str(&format!("; {}", report.status)),
            }
            println!("{line}");
        }
        reports.push(report);
    }
    match format {
        Format::Text => println!("{}", game.position_text()),
        Format::Json => println!(
            "{}",
            serde_json::to_string_pretty(&json!({
                "variant": game.variant(),
                "start": start,
                "results": reports,
                "position": game.position_text(),
            }))?
        ),
    }
    Ok(ExitCode::SUCCESS)
}

/// The board of any variant as text, laid out from the board picture the
/// variant supplies: one line per row of places, each place its piece
/// (the kind's letter, uppercase for the first party, lowercase for the
/// others) or `.`, then the party to move and the status.
pub(super) fn board_text(game: &dyn Game) -> String {
    use regelwerk::render::board::kind_letter;
    let info = game.info();
    let board = (info.board)(None);
    let pieces = game.pieces();
    let mut rows: Vec<(i64, Vec<(i64, char)>)> = Vec::new();
    for place in &board.places {
        let letter =
            pieces
                .iter()
                .find(|(at, _)| *at == place.name)
                .map_or('.', |(_, occupant)| {
                    let words: Vec<&str> = occupant.split_whitespace().collect();
                    let (owner, kind) = match words.as_slice() {
                        [.., owner, kind] => (*owner, *kind),
                        _ => ("", "?"),
                    };
                    let letter = kind_letter(kind);
                    if info.party_index(owner) == Some(0) {
                        letter
                    } else {
                        letter.to_ascii_lowercase()
                    }
                });
        let (y, x) = (place.y.round() as i64, place.x.round() as i64);
        match rows.iter_mut().find(|(row, _)| *row == y) {
            Some((_, row)) => row.push((x, letter)),
            None => rows.push((y, vec![(x, letter)])),
        }
    }
    rows.sort_by_key(|(y, _)| *y);
    let mut out = String::new();
    for (_, mut row) in rows {
        row.sort_by_key(|(x, _)| *x);
        let line: Vec<String> = row.iter().map(|(_, letter)| letter.to_string()).collect();
        out.push_str(&line.join(" "));
        out.push('\n');
    }
    match game.to_move() {
        Some(party) => out.push_str(&format!("to move: {party}\n")),
        None => out.push_str(&format!("{}\n", game.status())),
    }
    out
}
