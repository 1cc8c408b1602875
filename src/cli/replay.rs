//! `regelwerk replay`: replays journals (clause 18) and reports the first
//! discrepancy of each.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Result;

use regelwerk::journal::{load_journal, replay};

pub(super) fn replay_journals(paths: Vec<PathBuf>) -> Result<ExitCode> {
    if paths.is_empty() {
        anyhow::bail!("name at least one journal file");
    }
    let mut failed = 0;
    for path in &paths {
        match load_journal(path) {
            Err(error) => {
                println!("INVALID {error}");
                failed += 1;
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
        "replay: {} ok, {failed} with discrepancies or errors",
        paths.len() - failed
    );
    Ok(if failed == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}
