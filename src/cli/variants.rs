//! `show`, `perft`, `moves` and `apply` for every variant, through the
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
        rows.push((game.move_label(mv), nodes));
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
    // In the order of `legal_moves` (sorted as the variant sorts moves).
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
        let rows: Vec<(String, u64)> =
            regelwerk::variant::divide_game_parallel(game, depth, threads, path)
                .into_iter()
                .map(|(mv, nodes)| (game.move_label(&mv), nodes))
                .collect();
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
            .map_err(|message| anyhow::anyhow!("reading --square (or --cell): {message}"))?,
        None => game.legal_moves(),
    };
    let moves: Vec<String> = moves.iter().map(|mv| game.move_label(mv)).collect();
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

/// The board of any variant as text: the variant's own drawing where it
/// has one ([`Game::board_text`], MONARCHIE's hexagram), else laid out
/// from the board picture the variant supplies: the places on a character grid whose steps come from
/// the closest two places (a square board gives one line per rank, a
/// board of points at angles keeps its shape), each place its piece as
/// two letters (the party's or army's letter, then the kind's: `rK` is
/// Shu's general, `wQ` White's queen) or `.`; then a legend of the
/// letters, the party to move or the status, the variant's state fields
/// and the position text. With `colour` (a terminal that is not told
/// `NO_COLOR`), each piece is drawn in its party's colour and each place
/// on its tint (Sovereign Chess's coloured squares).
pub(super) fn board_text(game: &dyn Game, colour: bool) -> String {
    if let Some(own) = game.board_text() {
        return own;
    }
    use regelwerk::render::game::piece_marks;
    let info = game.info();
    let board = (info.board)(None);
    let marks = piece_marks(game);
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
    // Three characters a square on a square board; where places sit at
    // half steps (a board of points at angles), two per half step.
    let whole = board.places.iter().all(|p| {
        let steps = (p.x - min_x) / step;
        (steps - steps.round()).abs() < 0.1
    });
    let width = if whole { 3.0 } else { 4.0 };
    // Each line: (column, two letters, tint, ink), in column order.
    type Token = (usize, [char; 2], Option<&'static str>, Option<&'static str>);
    let mut rows: Vec<Vec<Token>> = Vec::new();
    for place in &board.places {
        let mark = marks.iter().find(|mark| mark.at == place.name);
        let letters = mark.map_or([' ', '.'], |mark| {
            [mark.style.letter, mark.letter.to_ascii_uppercase()]
        });
        let tint = board.tints.get(place.tint).copied();
        let ink = mark.map(|mark| mark.style.fill);
        let row = ((place.y - min_y) / (step * 0.9)).round() as usize;
        let col = ((place.x - min_x) / step * width).round() as usize;
        if rows.len() <= row {
            rows.resize(row + 1, Vec::new());
        }
        rows[row].push((col, letters, tint, ink));
    }
    let mut out = String::new();
    for row in rows.iter_mut().filter(|row| !row.is_empty()) {
        row.sort_by_key(|token| token.0);
        let mut text = String::new();
        let mut at = 0;
        for (col, letters, tint, ink) in row.iter() {
            // Never two tokens on each other: a crowded line shifts right.
            let col = (*col).max(at);
            text.push_str(&" ".repeat(col - at));
            let body: String = letters.iter().collect();
            if colour {
                text.push_str(&ansi(&body, *tint, *ink));
            } else {
                text.push_str(&body);
            }
            at = col + 3;
            text.push(' ');
        }
        out.push_str(text.trim_end());
        out.push('\n');
    }
    out.push_str(&legend(game, &marks));
    match game.to_move() {
        Some(party) => out.push_str(&format!("to move: {party}\n")),
        None => out.push_str(&format!("{}\n", game.status())),
    }
    for field in info.state_fields {
        match game.state_field(field.name) {
            None | Some(serde_json::Value::Null) => {}
            Some(value) => {
                let text = value.to_string();
                if text.len() <= 160 {
                    out.push_str(&format!("{}: {text}\n", field.name));
                } else {
                    out.push_str(&format!(
                        "{}: {} entries (the scenario state field `{}`)\n",
                        field.name,
                        value.as_object().map_or(0, serde_json::Map::len),
                        field.name
                    ));
                }
            }
        }
    }
    out.push_str(&format!("position: {}\n", game.position_text()));
    out
}

/// The letters of the board: each party's (or army's) letter with its
/// name, then each kind's letter with its name.
fn legend(game: &dyn Game, marks: &[regelwerk::draw::PieceMark]) -> String {
    use regelwerk::draw::kind_letter;
    let info = game.info();
    let mut owners: Vec<(char, String)> = Vec::new();
    let mut kinds: Vec<(char, String)> = Vec::new();
    for (at, occupant) in game.pieces() {
        let words: Vec<&str> = occupant.split_whitespace().collect();
        let [.., owner, kind] = words.as_slice() else {
            continue;
        };
        let Some(mark) = marks.iter().find(|mark| mark.at == at) else {
            continue;
        };
        let name = info.party(owner).map_or((*owner).to_string(), |party| {
            if party.english.contains(party.native) {
                party.english.to_string()
            } else {
                format!("{} ({})", party.english, party.native)
            }
        });
        if !owners
            .iter()
            .any(|(letter, _)| *letter == mark.style.letter)
        {
            owners.push((mark.style.letter, name));
        }
        let letter = kind_letter(kind).to_ascii_uppercase();
        if !kinds.iter().any(|(known, _)| *known == letter) {
            kinds.push((letter, (*kind).to_string()));
        }
    }
    let list = |items: &[(char, String)]| {
        items
            .iter()
            .map(|(letter, name)| format!("{letter} {name}"))
            .collect::<Vec<_>>()
            .join(", ")
    };
    format!("sides: {}\npieces: {}\n", list(&owners), list(&kinds))
}

/// `text` in ANSI colours: `ink` (a `#rrggbb` colour) on `tint`.
fn ansi(text: &str, tint: Option<&str>, ink: Option<&str>) -> String {
    let rgb = |hex: &str| {
        let hex = hex.trim_start_matches('#');
        let part =
            |i: usize| u8::from_str_radix(hex.get(i..i + 2).unwrap_or("80"), 16).unwrap_or(128);
        (hex.len() == 6).then(|| (part(0), part(2), part(4)))
    };
    let mut out = String::new();
    if let Some((r, g, b)) = tint.and_then(rgb) {
        out.push_str(&format!("\x1b[48;2;{r};{g};{b}m"));
    }
    if let Some((r, g, b)) = ink.and_then(rgb) {
        out.push_str(&format!("\x1b[1;38;2;{r};{g};{b}m"));
    }
    out.push_str(text);
    out.push_str("\x1b[0m");
    out
}
