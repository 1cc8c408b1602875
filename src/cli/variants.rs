//! `perft`, `moves` and `apply` for the two-player variants, through the
//! variant interface ([`regelwerk::variant::Game`]).

use std::process::ExitCode;
use std::time::Instant;

use anyhow::Result;
use serde_json::json;

use regelwerk::variant::{Game, PerftPath};

use super::Format;

/// perft counted root move by root move, with progress on stderr once
/// the run takes longer than a few seconds: on a terminal one line
/// rewritten twice a second after 2 s, in a log a line every 10 s after
/// 5 s.
/// Returns the total and, in move order, each root move's count; the
/// subtrees are counted on `path`.
pub(super) fn counted(game: &dyn Game, depth: u32, path: PerftPath) -> (u64, Vec<(String, u64)>) {
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
            Ok(_) => child.perft_on(depth - 1, path),
            Err(_) => 0,
        };
        total += nodes;
        rows.push((mv.clone(), nodes));
        let now = Instant::now();
        let (after, every) = if show { (2.0, 0.5) } else { (5.0, 10.0) };
        if now.duration_since(started).as_secs_f64() > after
            && now.duration_since(last).as_secs_f64() > every
        {
            last = now;
            let seconds = now.duration_since(started).as_secs_f64();
            let done = (index + 1) as f64 / moves.len() as f64;
            let line = format!(
                "perft {depth}: {}/{} root moves, {total} nodes, {:.0} nodes/s, about {:.0} s left",
                index + 1,
                moves.len(),
                total as f64 / seconds,
                seconds / done - seconds
            );
            if show {
                eprint!("\r{line}   ");
            } else {
                eprintln!("{line}");
            }
        }
    }
    if show && started.elapsed().as_secs_f64() > 2.0 {
        eprintln!();
    }
    rows.sort();
    (total, rows)
}

/// Refuses a perft deeper than the limit or bigger than the budget.
///
/// # Errors
/// The estimate and how to raise the budget.
pub(super) fn check_budget(
    game: &dyn Game,
    depth: u32,
    budget: regelwerk::budget::NodeBudget,
) -> Result<()> {
    regelwerk::budget::check(game, depth, budget, "--max-nodes")
        .map(drop)
        .map_err(anyhow::Error::msg)
}

/// perft (optionally split by first move) with its speed on stderr, the
/// subtrees counted on `path` (the fast path or `--reference`).
pub(super) fn perft(
    game: &dyn Game,
    depth: u32,
    split: bool,
    format: Format,
    threads: usize,
    path: PerftPath,
) -> Result<ExitCode> {
    let started = Instant::now();
    let (total, rows) = if threads > 1 {
        let rows = regelwerk::variant::divide_game_parallel(game, depth, threads, path);
        (rows.iter().map(|(_, nodes)| nodes).sum(), rows)
    } else {
        counted(game, depth, path)
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
    let mut refused = None;
    for (index, text) in actions.iter().enumerate() {
        let report = match game.play(text) {
            Ok(report) => report,
            Err(refusal) => {
                // The detail quotes the text itself when it could not be read.
                let quoted = regelwerk::input::quote(text);
                let what = if refusal.detail.contains(&quoted) {
                    format!("action {}", index + 1)
                } else {
                    format!("action {} '{quoted}'", index + 1)
                };
                eprintln!("{what} is refused ({}): {}", refusal.code, refusal.detail);
                refused = Some(
                    json!({"action": index + 1, "code": refusal.code, "detail": refusal.detail}),
                );
                break;
            }
        };
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
        Format::Json => {
            let mut document = json!({
                "variant": game.variant(),
                "start": start,
                "results": reports,
                "position": game.position_text(),
            });
            if let Some(refused) = &refused {
                document["refused"] = refused.clone();
            }
            println!("{}", serde_json::to_string_pretty(&document)?);
        }
    }
    // A refused action is a failed check (the README's exit codes).
    Ok(match refused {
        Some(_) => super::exit::Exit::Failed.code(),
        None => super::exit::Exit::Ok.code(),
    })
}

/// The board of any variant as text, laid out from the board picture the
/// variant supplies: the places on a character grid whose steps come from
/// the closest two places (a square board gives one line per rank, a
/// letter every other column; a board of points at angles keeps its
/// shape), each place its piece (the kind's letter, uppercase for the
/// first party, lowercase for the others) or `.`, then the party to move
/// and the status.
pub(super) fn board_text(game: &dyn Game) -> String {
    use regelwerk::render::board::kind_letter;
    let info = game.info();
    let board = (info.board)(None);
    let pieces = game.pieces();
    let mut step = f64::MAX;
    for (i, a) in board.places.iter().enumerate() {
        for b in &board.places[i + 1..] {
            let d = ((a.x - b.x).powi(2) + (a.y - b.y).powi(2)).sqrt();
            if d > 1e-6 {
                step = step.min(d);
            }
        }
    }
    if step == f64::MAX {
        step = 1.0;
    }
    let (min_x, min_y) = board
        .places
        .iter()
        .fold((f64::MAX, f64::MAX), |(x, y), p| (x.min(p.x), y.min(p.y)));
    let mut grid: Vec<Vec<char>> = Vec::new();
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
        let row = ((place.y - min_y) / (step * 0.9)).round() as usize;
        let mut col = ((place.x - min_x) / (step / 2.0)).round() as usize;
        if grid.len() <= row {
            grid.resize(row + 1, Vec::new());
        }
        let line = &mut grid[row];
        while line.get(col).is_some_and(|c| *c != ' ') {
            col += 1;
        }
        if line.len() <= col {
            line.resize(col + 1, ' ');
        }
        line[col] = letter;
    }
    let mut out = String::new();
    for line in grid.iter().filter(|line| line.iter().any(|c| *c != ' ')) {
        let text: String = line.iter().collect();
        out.push_str(text.trim_end());
        out.push('\n');
    }
    match game.to_move() {
        Some(party) => out.push_str(&format!("to move: {party}\n")),
        None => out.push_str(&format!("{}\n", game.status())),
    }
    out
}
