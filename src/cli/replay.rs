//! `regelwerk replay`: replays journals (clause 18) and PGN files of the
//! two-player variants, and reports the first discrepancy of each.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::Result;

use regelwerk::journal::{load_journal, replay};
use regelwerk::record;
use regelwerk::variant::VariantId;

/// Whether `path` names a PGN file (by its extension).
fn is_pgn(path: &Path) -> bool {
    path.extension()
        .is_some_and(|ext| ext.eq_ignore_ascii_case("pgn"))
}

/// Replays every game of a PGN file, printing one line per game: the
/// number of games, the number that failed (a file that cannot be read
/// counts one of one), and whether the file could not be read.
fn replay_pgn(path: &Path, only: Option<VariantId>) -> (usize, usize, bool) {
    let text = match regelwerk::input::read_text(path) {
        Ok(text) => text,
        Err(error) => {
            println!("INVALID {error}");
            return (1, 1, true);
        }
    };
    let games = match record::pgn::read(&text) {
        Ok(games) => games,
        Err(error) => {
            println!(
                "INVALID {}:{}: {}",
                path.display(),
                error.line,
                error.message
            );
            return (1, 1, true);
        }
    };
    let several = games.len() > 1;
    let mut failed = 0;
    for (index, game) in games.iter().enumerate() {
        let name = if several {
            format!("{} game {} (line {})", path.display(), index + 1, game.line)
        } else {
            path.display().to_string()
        };
        match record::replay(game) {
            Ok(replayed) if only.is_some_and(|variant| variant != replayed.variant) => {
                println!(
                    "{name}: a {} game, not {} (--variant)",
                    replayed.variant,
                    only.map(|variant| variant.name()).unwrap_or_default()
                );
                failed += 1;
            }
            Ok(replayed) => println!(
                "ok {name}: {} {} moves replayed, {}",
                replayed.variant,
                replayed.actions.len(),
                replayed.result
            ),
            Err(discrepancy) => {
                println!(
                    "{}:{}: discrepancy at {}: {}",
                    path.display(),
                    discrepancy.line,
                    discrepancy.at,
                    discrepancy.message
                );
                if let Some(fen) = &discrepancy.position {
                    println!("  position: {fen}");
                }
                failed += 1;
            }
        }
    }
    (games.len(), failed, false)
}

pub(super) fn replay_journals(paths: Vec<PathBuf>, only: Option<VariantId>) -> Result<ExitCode> {
    if paths.is_empty() {
        anyhow::bail!("name at least one journal or PGN file");
    }
    let mut failed = 0;
    let mut unreadable = 0;
    // Games, not files: a PGN file may hold many, a journal holds one.
    let mut games = 0;
    for path in &paths {
        if is_pgn(path) {
            let (played, games_failed, bad_file) = replay_pgn(path, only);
            games += played;
            failed += games_failed;
            unreadable += usize::from(bad_file);
            continue;
        }
        games += 1;
        if only.is_some_and(|variant| variant != VariantId::Monarchie) {
            println!(
                "INVALID {}: a journal records a MONARCHIE game, not {} (--variant); the two-player variants replay PGN",
                path.display(),
                only.map(|variant| variant.name()).unwrap_or_default()
            );
            failed += 1;
            continue;
        }
        match load_journal(path) {
            Err(error) => {
                println!("INVALID {error}");
                failed += 1;
                unreadable += 1;
            }
            Ok((journal, rules)) => match replay(path, &journal, &rules) {
                Ok(position) => {
                    let end = match position.winner() {
                        Some(winner) => format!("winner {}", winner.german()),
                        None => "undecided".to_string(),
                    };
                    println!(
                        "ok {}: {} actions replayed, {end}",
                        path.display(),
                        journal.actions.len()
                    );
                }
                Err(discrepancy) => {
                    println!("{discrepancy}");
                    failed += 1;
                }
            },
        }
    }
    println!(
        "replay: {games} game(s) in {} file(s): {} ok, {failed} with discrepancies or errors",
        paths.len(),
        games - failed
    );
    // A file that cannot be read is an input error (2); a discrepancy is a
    // failed check (1): the README's exit codes.
    Ok(if unreadable > 0 {
        super::exit::Exit::Input.code()
    } else if failed > 0 {
        super::exit::Exit::Failed.code()
    } else {
        super::exit::Exit::Ok.code()
    })
}
