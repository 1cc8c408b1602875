//! Reading and validating scenario files. Every error names the file, the
//! line and column where known, the field, and what was expected.

use std::path::{Path, PathBuf};

use crate::notation::{parse_position, to_notation};
use crate::party::{ByParty, Party};
use crate::piece::{Piece, PieceKind};
use crate::position::Position;
use crate::rules::{has_legal_move, Cause, Illegal};
use crate::ruleset::Ruleset;
use crate::setup::{Placed, Setup, Tray};
use crate::spec::Spec;
use crate::start::{start_setup, timed_start_setup};

use super::format::{ActionExpect, ArmySpec, PositionSpec, Scenario, StartKind, Step};

/// A scenario file that cannot be used.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{}:{line}:{column}: {field}: {message}", path.display())]
pub struct LoadError {
    /// The file.
    pub path: PathBuf,
    /// 1-based line, 0 when unknown.
    pub line: usize,
    /// 1-based column, 0 when unknown.
    pub column: usize,
    /// The field (e.g. `position.blau.king`, `steps[2].expect.result`).
    pub field: String,
    /// What is wrong and what was expected.
    pub message: String,
}

impl LoadError {
    /// An error in `text` (read from `path`), located at the first line
    /// containing `needle`.
    pub fn located(
        path: &Path,
        text: &str,
        field: &str,
        needle: &str,
        message: String,
    ) -> LoadError {
        let (line, column) = line_of(text, needle);
        LoadError {
            path: path.to_path_buf(),
            line,
            column,
            field: field.to_string(),
            message,
        }
    }

    /// A file that could not be read.
    pub fn io(path: &Path, error: &std::io::Error) -> LoadError {
        LoadError {
            path: path.to_path_buf(),
            line: 0,
            column: 0,
            field: "file".to_string(),
            message: error.to_string(),
        }
    }
}

/// A loaded, validated scenario, ready to run.
#[derive(Debug, Clone)]
pub struct Loaded {
    /// Where it was read from.
    pub path: PathBuf,
    /// The file's content.
    pub scenario: Scenario,
    /// The ruleset it runs under.
    pub rules: Ruleset,
    /// Its starting position.
    pub position: Position,
}

/// The scenario files under the given paths: [`collect_all_files`] without
/// journals (`*.journal.yaml`) and tournament cases (`*.tournament.yaml`),
/// which `check` runs through their own runners.
///
/// # Errors
/// An I/O error naming the path.
pub fn collect_files(paths: &[PathBuf]) -> std::io::Result<Vec<PathBuf>> {
    let files = collect_all_files(paths)?;
    Ok(files.into_iter().filter(|p| is_scenario_file(p)).collect())
}

/// Whether a file is a MONARCHIE scenario rather than a journal, a
/// tournament case or a scenario of another variant.
pub fn is_scenario_file(path: &Path) -> bool {
    !crate::journal::suite::is_journal_file(path)
        && !crate::tournament::cases::is_tournament_file(path)
        && !super::game::is_game_scenario_file(path)
}

/// Every `.yaml` / `.yml` file under the given paths (files are taken as
/// they are, directories recursively), sorted.
///
/// # Errors
/// An I/O error naming the path.
pub fn collect_all_files(paths: &[PathBuf]) -> std::io::Result<Vec<PathBuf>> {
    let mut files = Vec::new();
    for path in paths {
        if path.is_dir() {
            walk(path, &mut files)?;
        } else if path.exists() {
            files.push(path.clone());
        } else {
            return Err(std::io::Error::new(
                std::io::ErrorKind::NotFound,
                format!("{}: no such file or directory", path.display()),
            ));
        }
    }
    files.sort();
    files.dedup();
    Ok(files)
}

fn walk(dir: &Path, files: &mut Vec<PathBuf>) -> std::io::Result<()> {
    for entry in std::fs::read_dir(dir)? {
        let path = entry?.path();
        if path.is_dir() {
            walk(&path, files)?;
        } else if matches!(
            path.extension().and_then(|e| e.to_str()),
            Some("yaml" | "yml")
        ) {
            files.push(path);
        }
    }
    Ok(())
}

/// Finds the 1-based line of the first line containing `needle`, for
/// pointing at fields that only fail semantic checks.
fn line_of(text: &str, needle: &str) -> (usize, usize) {
    text.lines()
        .enumerate()
        .find_map(|(i, line)| line.find(needle).map(|col| (i + 1, col + 1)))
        .unwrap_or((0, 0))
}

/// Checks that every clause, ruling and finding ID a scenario names exists
/// in `spec`; the error is `(field, the unknown ID, message)`.
///
/// # Errors
/// The first unknown ID.
pub fn check_references(
    spec: &Spec,
    clauses: &[String],
    rulings: &[String],
    findings: &[String],
) -> Result<(), (&'static str, String, String)> {
    type Known = fn(&Spec, &str) -> bool;
    let lists: [(&'static str, &[String], &str, Known); 3] = [
        ("clauses", clauses, "clauses", |spec, id| {
            spec.clause(id).is_some()
        }),
        ("rulings", rulings, "rulings", |spec, id| {
            spec.ruling(id).is_some()
        }),
        ("findings", findings, "findings", |spec, id| {
            spec.finding(id).is_some()
        }),
    ];
    for (field, ids, file, known) in lists {
        if let Some(unknown) = ids.iter().find(|id| !known(spec, id)) {
            let what = field.trim_end_matches('s');
            return Err((
                field,
                unknown.clone(),
                format!(
                    "unknown {what} '{unknown}': expected an ID of spec/{}/{file}.yaml",
                    spec.variant
                ),
            ));
        }
    }
    Ok(())
}

/// Reads YAML into `T`, unknown fields rejected; errors point at the line.
///
/// # Errors
/// [`LoadError`] with the YAML error's line and column.
pub fn parse_yaml<T: serde::de::DeserializeOwned>(path: &Path, text: &str) -> Result<T, LoadError> {
    serde_yaml::from_str(text).map_err(|error| {
        let (line, column) = error
            .location()
            .map_or((0, 0), |at| (at.line(), at.column()));
        LoadError {
            path: path.to_path_buf(),
            line,
            column,
            field: "yaml".to_string(),
            message: error.to_string(),
        }
    })
}

/// The checks every scenario format shares: a usable ID, at least one
/// clause, and (with a spec) clause, ruling and finding IDs that exist.
/// `lists` are the clauses, rulings and findings.
///
/// # Errors
/// [`LoadError`] located at the offending field.
pub fn check_header(
    path: &Path,
    text: &str,
    id: &str,
    [clauses, rulings, findings]: [&[String]; 3],
    spec: Option<&Spec>,
) -> Result<(), LoadError> {
    let fail = |field: &str, needle: &str, message: String| {
        LoadError::located(path, text, field, needle, message)
    };
    if id.is_empty() || id.chars().any(char::is_whitespace) {
        return Err(fail(
            "id",
            "id:",
            "expected a non-empty ID without spaces".to_string(),
        ));
    }
    if clauses.is_empty() {
        return Err(fail(
            "clauses",
            "clauses:",
            "expected at least one clause ID".to_string(),
        ));
    }
    if let Some(spec) = spec {
        check_references(spec, clauses, rulings, findings)
            .map_err(|(field, needle, message)| fail(field, &needle, message))?;
    }
    Ok(())
}

/// Reads and validates one scenario file against the spec.
///
/// # Errors
/// [`LoadError`] for unreadable YAML, unknown fields, bad values, broken
/// references or an invalid starting position.
pub fn load_file(path: &Path, spec: Option<&Spec>) -> Result<Loaded, LoadError> {
    let text = std::fs::read_to_string(path).map_err(|error| LoadError::io(path, &error))?;
    load_str(path, &text, spec)
}

/// Reads and validates scenario text (as if from `path`).
///
/// # Errors
/// As [`load_file`].
pub fn load_str(path: &Path, text: &str, spec: Option<&Spec>) -> Result<Loaded, LoadError> {
    let scenario: Scenario = parse_yaml(path, text)?;
    let fail = |field: &str, needle: &str, message: String| {
        LoadError::located(path, text, field, needle, message)
    };
    check_header(
        path,
        text,
        &scenario.id,
        [&scenario.clauses, &scenario.rulings, &scenario.findings],
        spec,
    )?;
    let rules = Ruleset::from_settings(&scenario.ruleset)
        .map_err(|error| fail("ruleset", "ruleset:", error.to_string()))?;
    let position = build_position(&scenario.position)
        .map_err(|(field, message)| fail(&format!("position.{field}"), "position:", message))?;
    if let Some(party) = position.to_move() {
        if !has_legal_move(&position, party, &rules) {
            return Err(fail(
                "position",
                "position:",
                format!("{party} is to move but has no legal move; under R-TURN-START it would already be eliminated"),
            ));
        }
    }
    if scenario.steps.is_empty() {
        return Err(fail(
            "steps",
            "steps:",
            "expected at least one step".to_string(),
        ));
    }
    for (index, step) in scenario.steps.iter().enumerate() {
        check_step(step).map_err(|(field, message)| {
            let needle = step
                .play
                .clone()
                .or_else(|| step.perft.map(|d| format!("perft: {d}")))
                .unwrap_or_else(|| "steps:".to_string());
            fail(&format!("steps[{index}].{field}"), &needle, message)
        })?;
    }
    Ok(Loaded {
        path: path.to_path_buf(),
        scenario,
        rules,
        position,
    })
}

/// Event kinds allowed in `expect.events`.
pub const EVENT_KINDS: [&str; 8] = [
    "moved",
    "captured",
    "promoted",
    "forfeited",
    "check",
    "gardez",
    "eliminated",
    "won",
];

fn check_step(step: &Step) -> Result<(), (String, String)> {
    let kinds = [
        step.play.is_some(),
        step.moves.is_some(),
        step.perft.is_some(),
        step.state.is_some(),
    ];
    if kinds.iter().filter(|&&k| k).count() != 1 {
        return Err((
            "play".to_string(),
            "a step has exactly one of play, moves, perft, state".to_string(),
        ));
    }
    let stray = |field: &str, owner: &str| {
        Err((
            field.to_string(),
            format!("'{field}' belongs to a '{owner}' step"),
        ))
    };
    if step.play.is_none() {
        if step.expect.is_some() {
            return stray("expect", "play");
        }
        if step.elapsed.is_some() {
            return stray("elapsed", "play");
        }
    }
    if step.moves.is_none() && step.expect_moves.is_some() {
        return stray("expect_moves", "moves");
    }
    if step.perft.is_none() && step.expect_nodes.is_some() {
        return stray("expect_nodes", "perft");
    }
    if let Some(play) = &step.play {
        play.parse::<crate::moves::Action>()
            .map_err(|error| ("play".to_string(), error.to_string()))?;
        let expect = step.expect.as_ref().ok_or_else(|| {
            (
                "expect".to_string(),
                "a play step needs an 'expect' with at least 'result'".to_string(),
            )
        })?;
        check_action_expect(expect)?;
    }
    if step.moves.is_some() {
        let moves = step.expect_moves.as_ref().ok_or_else(|| {
            (
                "expect_moves".to_string(),
                "a moves step needs 'expect_moves' (the exact move set)".to_string(),
            )
        })?;
        for text in moves {
            text.parse::<crate::moves::Move>()
                .map_err(|error| ("expect_moves".to_string(), error.to_string()))?;
        }
    }
    if step.perft.is_some() && step.expect_nodes.is_none() {
        return Err((
            "expect_nodes".to_string(),
            "a perft step needs 'expect_nodes'".to_string(),
        ));
    }
    if let Some(state) = &step.state {
        if let Some(cells) = &state.cells {
            for (cell, text) in cells {
                parse_cell_content(text)
                    .map_err(|message| (format!("state.cells.{cell}"), message))?;
            }
        }
        if let Some(notation) = &state.notation {
            parse_position(notation)
                .map_err(|error| ("state.notation".to_string(), error.to_string()))?;
        }
    }
    Ok(())
}

fn check_action_expect(expect: &ActionExpect) -> Result<(), (String, String)> {
    let legal = expect.result == "legal";
    if !legal && !Illegal::CODES.contains(&expect.result.as_str()) {
        return Err((
            "expect.result".to_string(),
            format!(
                "unknown result '{}': expected legal or one of {}",
                expect.result,
                Illegal::CODES.join(", ")
            ),
        ));
    }
    let extra = expect.capture.is_some()
        || expect.king_captured.is_some()
        || expect.promotion.is_some()
        || expect.forfeited.is_some()
        || expect.checks.is_some()
        || expect.gardez.is_some()
        || expect.eliminations.is_some()
        || expect.next.is_some()
        || expect.winner.is_some()
        || expect.events.is_some()
        || expect.clocks.is_some();
    if !legal && extra {
        return Err((
            "expect".to_string(),
            "an illegal action changes nothing: give only 'result' (check the position with a 'state' step)".to_string(),
        ));
    }
    if legal && expect.next.is_none() {
        return Err((
            "expect.next".to_string(),
            "a legal action must pin 'next' (the next party to move, or null)".to_string(),
        ));
    }
    if let Some(eliminations) = &expect.eliminations {
        for elimination in eliminations {
            if !Cause::ALL
                .iter()
                .any(|cause| cause.code() == elimination.cause)
            {
                return Err((
                    "expect.eliminations".to_string(),
                    format!(
                        "unknown cause '{}': expected mate, stalemate, king-capture or flag-fall",
                        elimination.cause
                    ),
                ));
            }
        }
    }
    if let Some(events) = &expect.events {
        for event in events {
            if !EVENT_KINDS.contains(&event.as_str()) {
                return Err((
                    "expect.events".to_string(),
                    format!(
                        "unknown event '{event}': expected one of {}",
                        EVENT_KINDS.join(", ")
                    ),
                ));
            }
        }
    }
    Ok(())
}

/// Reads `empty`, `<party> <kind>` or `dead <party> <kind>`.
///
/// # Errors
/// A message saying what was expected.
pub fn parse_cell_content(text: &str) -> Result<Option<(bool, Piece)>, String> {
    let words: Vec<&str> = text.split_whitespace().collect();
    let expected =
        || format!("'{text}': expected 'empty', '<party> <kind>' or 'dead <party> <kind>'");
    let (dead, rest) = match words.as_slice() {
        ["empty"] => return Ok(None),
        ["dead", rest @ ..] => (true, rest),
        rest => (false, rest),
    };
    match rest {
        [party, kind] => {
            let party: Party = party
                .parse()
                .map_err(|e: crate::party::UnknownParty| e.to_string())?;
            let kind: PieceKind = kind
                .parse()
                .map_err(|e: crate::piece::UnknownPieceKind| e.to_string())?;
            Ok(Some((dead, Piece::new(party, kind))))
        }
        _ => Err(expected()),
    }
}

/// Builds the starting position of a scenario.
///
/// # Errors
/// `(field, message)` naming what is wrong.
pub fn build_position(spec: &PositionSpec) -> Result<Position, (String, String)> {
    let has_listing = spec.to_move.is_some()
        || !spec.eliminated.is_empty()
        || Party::ALL.iter().any(|&p| army(spec, p).is_some())
        || spec.clocks.is_some()
        || spec.check_anchor.is_some();
    if let Some(kind) = spec.start {
        if has_listing || spec.notation.is_some() {
            return Err((
                "start".to_string(),
                "'start' stands alone: give no pieces, notation or clocks with it".to_string(),
            ));
        }
        let setup = match kind {
            StartKind::Untimed => start_setup(),
            StartKind::Timed => timed_start_setup(),
        };
        return Position::from_setup(&setup).map_err(|e| ("start".to_string(), e.to_string()));
    }
    let from_notation = match &spec.notation {
        Some(text) => {
            Some(parse_position(text).map_err(|e| ("notation".to_string(), e.to_string()))?)
        }
        None => None,
    };
    if !has_listing {
        return from_notation.ok_or_else(|| {
            (
                "start".to_string(),
                "expected 'start', 'notation', or a listing (to_move and the parties' pieces)"
                    .to_string(),
            )
        });
    }
    let listed = Position::from_setup(&listing_setup(spec)?)
        .map_err(|e| ("listing".to_string(), e.to_string()))?;
    if let Some(noted) = from_notation {
        if noted != listed {
            return Err((
                "notation".to_string(),
                format!(
                    "the notation and the listing describe different positions; the listing is {}",
                    to_notation(&listed)
                ),
            ));
        }
    }
    Ok(listed)
}

fn army(spec: &PositionSpec, party: Party) -> Option<&ArmySpec> {
    match party {
        Party::Blau => spec.blau.as_ref(),
        Party::Gruen => spec.gruen.as_ref(),
        Party::Orange => spec.orange.as_ref(),
        Party::Lila => spec.lila.as_ref(),
        Party::Gelb => spec.gelb.as_ref(),
        Party::Rot => spec.rot.as_ref(),
    }
}

fn listing_setup(spec: &PositionSpec) -> Result<Setup, (String, String)> {
    let mut setup = Setup {
        to_move: spec.to_move,
        eliminated: spec.eliminated.clone(),
        check_anchor: spec.check_anchor,
        ..Setup::default()
    };
    let mut trays = ByParty::<Tray>::default();
    for party in Party::ALL {
        let Some(army) = army(spec, party) else {
            continue;
        };
        let eliminated = spec.eliminated.contains(&party);
        let groups: [(PieceKind, &[crate::cell::Cell]); 6] = [
            (PieceKind::King, army.king.as_slice()),
            (PieceKind::Queen, &army.queens),
            (PieceKind::Rook, &army.rooks),
            (PieceKind::Bishop, &army.bishops),
            (PieceKind::Knight, &army.knights),
            (PieceKind::Pawn, &army.pawns),
        ];
        for (kind, cells) in groups {
            for &cell in cells {
                let placed = Placed {
                    cell,
                    piece: Piece::new(party, kind),
                };
                if eliminated {
                    setup.dead_blockers.push(placed);
                } else {
                    setup.pieces.push(placed);
                }
            }
        }
        for &cell in &army.unmoved {
            if !army.pawns.contains(&cell) {
                return Err((
                    format!("{}.unmoved", party.key()),
                    format!("cell {cell} is listed as unmoved but not among the {party} pawns"),
                ));
            }
            setup.unmoved_pawns.push(cell);
        }
        trays[party] = army.tray.iter().copied().collect();
    }
    setup.trays = trays;
    if let Some(clocks) = &spec.clocks {
        let mut seconds = [0u32; 6];
        for party in Party::ALL {
            seconds[party.index()] = *clocks.get(&party).ok_or_else(|| {
                (
                    "clocks".to_string(),
                    format!("clocks must give all six parties; {party} is missing"),
                )
            })?;
        }
        setup.clocks = Some(ByParty(seconds));
    }
    Ok(setup)
}
