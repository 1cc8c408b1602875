//! `regelwerk replay`: replays journals (clause 18), PGN files of the
//! two-player variants and turn records of Three Kingdoms games
//! (`docs/records.md`), and reports the first discrepancy of each game.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::Result;

use regelwerk::journal::{load_journal, replay};
use regelwerk::record;
use regelwerk::variant::VariantId;

/// Whether `path` has the extension `ext` (any case).
fn has_extension(path: &Path, ext: &str) -> bool {
    path.extension()
        .is_some_and(|found| found.eq_ignore_ascii_case(ext))
}

/// A file of games (PGN or turn records) read into replays, or the
/// message of why it could not be read.
type Games = Result<Vec<(usize, Result<record::Replayed, record::Discrepancy>)>, String>;

/// Reads and replays every game of a PGN file (by game: its first line
/// and the outcome).
fn pgn_games(path: &Path, text: &str) -> Games {
    let games = record::pgn::read(text)
        .map_err(|error| format!("{}:{}: {}", path.display(), error.line, error.message))?;
    Ok(games
        .iter()
        .map(|game| (game.line, record::replay(game)))
        .collect())
}

/// Reads and replays every game of a turn record file.
fn turn_games(path: &Path, text: &str) -> Games {
    let games = record::turns::read(text).map_err(|error| {
        format!(
            "{}:{}: {}: {}",
            path.display(),
            error.line,
            error.field,
            error.message
        )
    })?;
    Ok(games
        .iter()
        .map(|game| (game.line, record::turns_replay::replay(game)))
        .collect())
}

/// Replays every game of a file of games, printing one line per game: the
/// number of games, the number that failed (a file that cannot be read
/// counts one of one), and whether the file could not be read.
fn replay_games(
    path: &Path,
    only: Option<VariantId>,
    read: fn(&Path, &str) -> Games,
) -> (usize, usize, bool) {
    let games = regelwerk::input::read_text(path)
        .map_err(|error| error.to_string())
        .and_then(|text| read(path, &text));
    let games = match games {
        Ok(games) => games,
        Err(error) => {
            println!("INVALID {error}");
            return (1, 1, true);
        }
    };
    let several = games.len() > 1;
    let mut failed = 0;
    for (index, (line, outcome)) in games.iter().enumerate() {
        let name = if several {
            format!("{} game {} (line {line})", path.display(), index + 1)
        } else {
            path.display().to_string()
        };
        match outcome {
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
        anyhow::bail!("name at least one journal, PGN file or turn record");
    }
    let mut failed = 0;
    let mut unreadable = 0;
    // Games, not files: a PGN file may hold many, a journal holds one.
    let mut games = 0;
    for path in &paths {
        let reader: Option<fn(&Path, &str) -> Games> = if has_extension(path, "pgn") {
            Some(pgn_games)
        } else if has_extension(path, record::turns::EXTENSION) {
            Some(turn_games)
        } else {
            None
        };
        if let Some(reader) = reader {
            let (played, games_failed, bad_file) = replay_games(path, only, reader);
            games += played;
            failed += games_failed;
            unreadable += usize::from(bad_file);
            continue;
        }
        games += 1;
        if only.is_some_and(|variant| variant != VariantId::Monarchie) {
            println!(
                "INVALID {}: a journal records a MONARCHIE game, not {} (--variant); the two-player variants replay PGN, Three Kingdoms turn records",
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
