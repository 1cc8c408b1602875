//! "Save as scenario": the page's game written in the one scenario format
//! (`scenarios/README.md`), each step's expectation the engine's own
//! outcome, the file marked `review: proposed` so that `check` lists it as
//! awaiting review and never counts it as passed (docs/explorer.md). The
//! steps are written by the same writer as a fuzz or conformance failure's
//! scenario ([`crate::fuzz::game::play_step`]).

use std::io::Write as _;
use std::path::{Path, PathBuf};

use crate::spec::Spec;
use crate::variant;

use std::collections::BTreeMap;

use serde::Deserialize;
use serde_json::json;

use crate::variant::VariantId;

use super::api::{check_size, open, suite, Answer, ApiError, GameRequest};
use super::loaded::Suite;

/// What to save: the game and the scenario's header.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SaveRequest {
    /// The game (with `select`: a last step pins that piece's moves).
    pub game: GameRequest,
    /// The new scenario's ID (also its file name).
    pub id: String,
    /// The clauses it pins.
    pub clauses: Vec<String>,
    /// One line saying what it pins.
    pub description: String,
    /// Only answer the scenario text and the game record (the page's
    /// export), writing nothing.
    #[serde(default)]
    pub draft: bool,
}

/// `POST /api/save`: writes the game as a scenario with the engine's
/// outcome as proposed expectations (`review: proposed`) into `dir`.
///
/// # Errors
/// A bad ID or clause, an existing file, a write error.
pub fn save(
    request: &SaveRequest,
    suites: &mut BTreeMap<VariantId, Suite>,
    root: &Path,
    dir: &Path,
) -> Answer {
    check_size(&request.game)?;
    let suite = suite(suites, root, request.game.variant)?;
    if request.draft {
        let text = scenario_text(request, &suite.spec)?;
        return Ok(json!({"text": text, "record": game_record(&request.game)?}));
    }
    let file: PathBuf = write(request, &suite.spec, dir)?;
    Ok(json!({
        "file": file.display().to_string(),
        "check": format!("regelwerk check {}", file.display()),
    }))
}

/// The page's line as a game record: PGN for the variants that have it,
/// the turn record for Three Kingdoms, and for MONARCHIE (whose journal
/// needs a match header) the actions numbered in its notation.
///
/// # Errors
/// A bad position or setting.
fn game_record(request: &GameRequest) -> Result<String, ApiError> {
    let game = open(request, &request.rulings)?;
    let Ok(mut recorder) = crate::record::Recorder::new(game.as_ref()) else {
        let mut text = format!(
            "# {}: {}\n# start: {}\n",
            request.variant,
            crate::variant::info(request.variant).title,
            game.position_text()
        );
        for (index, action) in request.actions.iter().enumerate() {
            text.push_str(&format!("{}. {action}\n", index + 1));
        }
        return Ok(text);
    };
    for action in &request.actions {
        if recorder.play(action).is_err() {
            break;
        }
    }
    Ok(recorder.to_record(&crate::record::Tags::default()))
}

/// Whether `id` is a safe scenario ID and file name: a letter or digit,
/// then letters, digits, `.`, `_` or `-`, at most 100 characters, no `..`.
pub fn valid_id(id: &str) -> bool {
    let mut chars = id.chars();
    chars.next().is_some_and(|c| c.is_ascii_alphanumeric())
        && chars.all(|c| c.is_ascii_alphanumeric() || "._-".contains(c))
        && id.len() <= 100
        && !id.contains("..")
}

/// A JSON string, which YAML reads as the same double-quoted string.
fn quoted(text: &str) -> String {
    serde_json::Value::String(text.to_string()).to_string()
}

/// The scenario text of the request: the header, the start position, one
/// `play` step per action with the engine's outcome as its expectation,
/// and, when a piece is selected (or nothing was played), a `moves` step
/// with the engine's move list.
///
/// # Errors
/// A bad ID, clause, position or setting.
pub fn scenario_text(request: &SaveRequest, spec: &Spec) -> Result<String, ApiError> {
    let bad = |message: String| ApiError {
        status: 400,
        message,
    };
    if !valid_id(&request.id) {
        return Err(bad(format!(
            "the ID `{}` is not a scenario ID (a letter or digit, then letters, digits, '.', '_' or '-'; at most 100)",
            crate::input::quote(&request.id)
        )));
    }
    if request.clauses.is_empty() {
        return Err(bad("name at least one clause".to_string()));
    }
    for clause in &request.clauses {
        if spec.clause(clause).is_none() {
            return Err(bad(format!(
                "`{}` is not a clause of spec/{}/clauses.yaml",
                crate::input::quote(clause),
                spec.variant
            )));
        }
    }
    let game_request = &request.game;
    let mut game = variant::open_with_faults(
        game_request.variant,
        game_request.start.as_deref(),
        &game_request.rulings,
        &[],
    )
    .map_err(|message| bad(format!("opening the position: {message}")))?;
    let list = |items: &[String]| {
        let quoted: Vec<String> = items.iter().map(|item| quoted(item)).collect();
        format!("[{}]", quoted.join(", "))
    };
    let mut text = format!(
        "# Saved by `regelwerk explore`. Every expectation below is the engine's\n\
         # own outcome, PROPOSED for review: reason each one from the rule text,\n\
         # correct what the engine got wrong, then delete the `review:` line\n\
         # (docs/explorer.md). Until then `check` lists it as awaiting review.\n\
         variant: {}\nid: {}\nclauses: {}\nrulings: {}\nruleset: {}\ndescription: {}\nreview: proposed\nposition:\n  notation: {}\nsteps:\n",
        game_request.variant,
        request.id,
        list(&request.clauses),
        list(
            &game_request
                .rulings
                .iter()
                .filter_map(|setting| setting.split('=').next().map(str::to_string))
                .collect::<Vec<_>>()
        ),
        list(&game_request.rulings),
        quoted(&request.description),
        quoted(&game.position_text()),
    );
    for action in &game_request.actions {
        text.push_str(&crate::fuzz::game::play_step(game.as_mut(), action, true));
    }
    if game_request.select.is_some() || game_request.actions.is_empty() {
        let moves = match &game_request.select {
            Some(square) => {
                let name = (game.info().square)(square).map_err(|error| bad(error.to_string()))?;
                text.push_str(&format!("  - moves: {{from: {}}}\n", quoted(&name)));
                game.legal_moves_from(&name)
                    .map_err(|error| bad(error.to_string()))?
            }
            None => {
                text.push_str("  - moves: {}\n");
                game.legal_moves()
            }
        };
        text.push_str(&format!("    expect_moves: {}\n", list(&moves)));
    }
    Ok(text)
}

/// Writes the scenario into `dir` as `<id>.yaml` (never over an existing
/// file), then reads it back with the scenario loader so that a file
/// `check` could not read is never left behind.
///
/// # Errors
/// As [`scenario_text`]; an existing file (409); a write or load error.
pub fn write(request: &SaveRequest, spec: &Spec, dir: &Path) -> Result<PathBuf, ApiError> {
    let text = scenario_text(request, spec)?;
    let failed = |status: u16, message: String| ApiError { status, message };
    std::fs::create_dir_all(dir)
        .map_err(|error| failed(500, format!("creating {}: {error}", dir.display())))?;
    let path = dir.join(format!("{}.yaml", request.id));
    let mut file = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&path)
        .map_err(|error| match error.kind() {
            std::io::ErrorKind::AlreadyExists => {
                failed(409, format!("{} exists; choose another ID", path.display()))
            }
            _ => failed(500, format!("writing {}: {error}", path.display())),
        })?;
    file.write_all(text.as_bytes())
        .map_err(|error| failed(500, format!("writing {}: {error}", path.display())))?;
    drop(file);
    if let Err(error) = crate::scenario::load::load_file(&path, Some(spec)) {
        let _ = std::fs::remove_file(&path);
        return Err(failed(
            500,
            format!("the saved scenario does not load ({error}); nothing was kept"),
        ));
    }
    Ok(path)
}

#[cfg(test)]
mod tests {
    use super::valid_id;

    #[test]
    fn ids_that_could_leave_the_folder_are_refused() {
        assert!(valid_id("g.7.1-explored-1"));
        for bad in ["", "../x", "a/b", ".hidden", "a..b", "a b", "ä"] {
            assert!(!valid_id(bad), "{bad:?}");
        }
        assert!(!valid_id(&"a".repeat(101)));
    }
}
