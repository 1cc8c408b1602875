//! `regelwerk replay`: replays journals (clause 18), PGN files of the
//! two-player variants and turn records of Three Kingdoms games
//! (`docs/records.md`), and reports the first discrepancy of each game.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::Result;

use regelwerk::input::LoadError;
use regelwerk::journal::{replay_file, ReplayError};
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

/// What replaying one file gave: the games it held and how many failed,
/// or why it could not be read (it then holds no game to count).
enum FileOutcome {
    /// The file was read: `games` games, `failed` of them failed.
    Read { games: usize, failed: usize },
    /// The file could not be read or broke its format: the reason.
    Unreadable(String),
}

/// The reason in a load error's message, without the file's location
/// prefix (the summary names the file itself).
fn reason(error: &LoadError) -> String {
    if error.line == 0 && error.field == "file" {
        error.message.clone()
    } else if error.line == 0 {
        format!("{}: {}", error.field, error.message)
    } else {
        format!("line {}: {}: {}", error.line, error.field, error.message)
    }
}

/// Replays every game of a file of games, printing one line per game.
fn replay_games(
    path: &Path,
    only: Option<VariantId>,
    read: fn(&Path, &str) -> Games,
) -> FileOutcome {
    let text = match regelwerk::input::read_text(path) {
        Ok(text) => text,
        Err(error) => {
            println!("INVALID {error}");
            return FileOutcome::Unreadable(reason(&error));
        }
    };
    let games = match read(path, &text) {
        Ok(games) => games,
        Err(error) => {
            println!("INVALID {error}");
            let prefix = format!("{}:", path.display());
            let why = error.strip_prefix(&prefix).unwrap_or(&error);
            return FileOutcome::Unreadable(format!("line {why}"));
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
    FileOutcome::Read {
        games: games.len(),
        failed,
    }
}

pub(super) fn replay_journals(paths: Vec<PathBuf>, only: Option<VariantId>) -> Result<ExitCode> {
    if paths.is_empty() {
        anyhow::bail!("name at least one journal, PGN file or turn record");
    }
    let mut failed = 0;
    // Files that could not be read (or broke their format), with the
    // reason: they hold no game, so they count neither as games nor as
    // files replayed.
    let mut unreadable: Vec<String> = Vec::new();
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
            match replay_games(path, only, reader) {
                FileOutcome::Read {
                    games: played,
                    failed: games_failed,
                } => {
                    games += played;
                    failed += games_failed;
                }
                FileOutcome::Unreadable(why) => {
                    unreadable.push(format!("{}: {why}", path.display()))
                }
            }
            continue;
        }
        let journalled = |variant: VariantId| {
            matches!(
                regelwerk::variant::info(variant).record.format,
                regelwerk::variant::RecordFormat::Journal
            )
        };
        if only.is_some_and(|variant| !journalled(variant)) {
            println!(
                "INVALID {}: a journal records a MONARCHIE game, not {} (--variant); the two-player variants replay PGN, Three Kingdoms turn records",
                path.display(),
                only.map(|variant| variant.name()).unwrap_or_default()
            );
            games += 1;
            failed += 1;
            continue;
        }
        match replay_file(path) {
            Err(ReplayError::Load(error)) => {
                println!("INVALID {error}");
                unreadable.push(format!("{}: {}", path.display(), reason(&error)));
            }
            Ok(replayed) => {
                games += 1;
                let end = match replayed.winner {
                    Some(winner) => format!("winner {winner}"),
                    None => "undecided".to_string(),
                };
                println!(
                    "ok {}: {} actions replayed, {end}",
                    path.display(),
                    replayed.actions
                );
            }
            Err(ReplayError::Discrepancy(discrepancy)) => {
                games += 1;
                println!("{discrepancy}");
                failed += 1;
            }
        }
    }
    let not_read = match unreadable.as_slice() {
        [] => String::new(),
        [one] => format!("; 1 file could not be read: {one}"),
        several => format!(
            "; {} files could not be read: {}",
            several.len(),
            several.join("; ")
        ),
    };
    println!(
        "replay: {games} game(s) in {} readable file(s): {} ok, {failed} with discrepancies or errors{not_read}",
        paths.len() - unreadable.len(),
        games - failed
    );
    // A file that cannot be read is an input error (2); a discrepancy is a
    // failed check (1): the README's exit codes.
    Ok(if !unreadable.is_empty() {
        super::exit::Exit::Input.code()
    } else if failed > 0 {
        super::exit::Exit::Failed.code()
    } else {
        super::exit::Exit::Ok.code()
    })
}
