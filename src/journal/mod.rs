//! Game journals (clause 17) and their replay (clause 18), for the rule
//! system that keeps its games in one (MONARCHIE: its journal format,
//! recording and replay are `variant/monarchie/journal/`). The harness
//! reaches it through the registry (`VariantInfo::journal`): the schema
//! and the replay of a file (journals as cases of `check` are MONARCHIE's
//! suite file kind, `variant/monarchie/journal/cases.rs`).
//! What every journal shares (the kind of game, the seats, the clocks,
//! the date, a replay's discrepancy) is [`crate::variant::journal`].

use std::path::Path;

pub use crate::variant::journal::{
    check_date, Clocks, DateError, Discrepancy, GameType, JournalInfo, PlayerKind, ReplayError,
    Replayed,
};
use crate::variant::{info, VariantId};

/// The rule system whose games are kept in journals, with its journal
/// hooks.
pub fn journal_keeper() -> Option<(VariantId, JournalInfo)> {
    VariantId::ALL
        .iter()
        .find_map(|&variant| Some((variant, info(variant).journal?)))
}

/// The JSON Schema of the journal format, as checked in at
/// `schemas/journal.schema.json`.
pub fn schema_json() -> String {
    journal_keeper().map_or_else(String::new, |(_, journal)| (journal.schema)())
}

/// Reads a journal file and replays it from the start position (clause
/// 18).
///
/// # Errors
/// [`ReplayError::Load`] for a file that is no journal (or when no rule
/// system keeps journals), else the first [`Discrepancy`].
pub fn replay_file(path: &Path) -> Result<Replayed, ReplayError> {
    let Some((_, journal)) = journal_keeper() else {
        return Err(ReplayError::Load(crate::input::LoadError {
            path: path.to_path_buf(),
            line: 0,
            column: 0,
            field: "file".to_string(),
            message: "no rule system keeps its games in journals".to_string(),
        }));
    };
    (journal.replay)(path)
}
