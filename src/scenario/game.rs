//! Scenarios of the two-player variants (Grand Chess, Racing Kings): the
//! file format, its loader and a runner that speaks to the engine only
//! through [`crate::variant::Game`], so one runner serves every variant.
//! A file is such a scenario when it names its `variant` at the top
//! (`scenarios/README.md`, "Variant scenarios"); MONARCHIE scenarios have
//! their own richer format ([`super::format`]).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use schemars::JsonSchema;
use serde::{Deserialize, Deserializer, Serialize};
use serde_json::{json, Value};

use crate::spec::Spec;
use crate::variant::{self, Captured, Game, Report, Status, VariantId};

use super::load::{check_header, parse_yaml, LoadError};
use super::report::{CaseResult, Status as CaseStatus};
use super::run::Mismatch;

/// Reads a present field as `Some(value)`, so that an absent field differs
/// from an explicit `null`.
fn present<'de, D, T>(deserializer: D) -> Result<Option<Option<T>>, D::Error>
where
    D: Deserializer<'de>,
    T: Deserialize<'de>,
{
    Option::<T>::deserialize(deserializer).map(Some)
}

/// One scenario of a two-player variant.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct GameScenario {
    /// The rule system: `grand` or `racingkings`.
    pub variant: VariantId,
    /// Stable unique ID; never reused once published.
    pub id: String,
    /// The clause IDs it pins (from `spec/<variant>/clauses.yaml`).
    pub clauses: Vec<String>,
    /// The ruling IDs whose reading the expectation depends on.
    #[serde(default)]
    pub rulings: Vec<String>,
    /// Finding IDs it demonstrates.
    #[serde(default)]
    pub findings: Vec<String>,
    /// Ruling settings `ID=key` to run under.
    #[serde(default)]
    pub ruleset: Vec<String>,
    /// One line saying what is pinned.
    pub description: String,
    /// Where it comes from.
    #[serde(default)]
    pub source: Option<String>,
    /// The starting position.
    pub position: GamePosition,
    /// What happens, in order.
    pub steps: Vec<GameStep>,
}

/// A starting position: the variant's start, or a FEN.
#[derive(Clone, Debug, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct GamePosition {
    /// `true` for the variant's start position.
    #[serde(default)]
    pub start: bool,
    /// A FEN (Grand Chess as Fairy-Stockfish writes it).
    #[serde(default)]
    pub fen: Option<String>,
    /// `true`: the FEN describes an impossible position that an engine
    /// must refuse; the scenario then has no steps.
    #[serde(default)]
    pub invalid: bool,
}

/// One step: exactly one of `play`, `moves`, `perft`, `state`.
#[derive(Clone, Debug, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct GameStep {
    /// An action: a coordinate move (`e2e4`, `a9a10q`) or `claim`.
    #[serde(default)]
    pub play: Option<String>,
    /// Expectation of a `play` step.
    #[serde(default)]
    pub expect: Option<GameExpect>,
    /// A legal-move query: all moves, or those from one square.
    #[serde(default)]
    pub moves: Option<GameMovesQuery>,
    /// The exact expected move set of a `moves` step (any order).
    #[serde(default)]
    pub expect_moves: Option<Vec<String>>,
    /// A perft query: the depth.
    #[serde(default)]
    pub perft: Option<u32>,
    /// The expected node count of a `perft` step.
    #[serde(default)]
    pub expect_nodes: Option<u64>,
    /// A check of the current state.
    #[serde(default)]
    pub state: Option<GameStateExpect>,
}

/// Which moves to list.
#[derive(Clone, Debug, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct GameMovesQuery {
    /// Only the moves of the piece on this square.
    #[serde(default)]
    pub from: Option<String>,
}

/// What an action must do. `result` is always compared; only the other
/// fields given are compared, and a legal action must pin `next`.
#[derive(Clone, Debug, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct GameExpect {
    /// `legal`, or the refusal code (`leaves-king-in-check`, ...).
    pub result: String,
    /// The captured piece; `null` for none.
    #[serde(default, deserialize_with = "present")]
    #[schemars(with = "Option<Captured>")]
    pub capture: Option<Option<Captured>>,
    /// The promotion kind; `null` for none.
    #[serde(default, deserialize_with = "present")]
    #[schemars(with = "Option<String>")]
    pub promotion: Option<Option<String>>,
    /// Whether the side now to move is in check.
    #[serde(default)]
    pub check: Option<bool>,
    /// Who moves next (`white`, `black`); `null` when the game is over.
    #[serde(default, deserialize_with = "present")]
    #[schemars(with = "Option<String>")]
    pub next: Option<Option<String>>,
    /// The game's status after the action.
    #[serde(default)]
    pub status: Option<Status>,
    /// The exact FEN after the action.
    #[serde(default)]
    pub fen: Option<String>,
}

/// What the current state must be. Only the fields given are compared.
#[derive(Clone, Debug, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct GameStateExpect {
    /// The game's status.
    #[serde(default)]
    pub status: Option<Status>,
    /// The exact FEN.
    #[serde(default)]
    pub fen: Option<String>,
}

/// A loaded, validated variant scenario.
#[derive(Debug, Clone)]
pub struct LoadedGame {
    /// Where it was read from.
    pub path: PathBuf,
    /// The file's content.
    pub scenario: GameScenario,
}

impl LoadedGame {
    /// A fresh game at the scenario's starting position.
    ///
    /// # Errors
    /// The engine's message when the position or the ruleset is refused.
    pub fn open(&self) -> Result<Box<dyn Game>, String> {
        variant::open(
            self.scenario.variant,
            self.scenario.position.fen.as_deref(),
            &self.scenario.ruleset,
        )
    }
}

/// The variant a scenario file names at its top (`variant: grand`), if it
/// names one other than MONARCHIE.
pub fn declared_variant(text: &str) -> Option<VariantId> {
    text.lines()
        .find_map(|line| line.strip_prefix("variant:"))
        .and_then(|value| value.trim().parse::<VariantId>().ok())
        .filter(|variant| *variant != VariantId::Monarchie)
}

/// Whether the file at `path` is a variant scenario.
pub fn is_game_scenario_file(path: &Path) -> bool {
    std::fs::read_to_string(path)
        .ok()
        .and_then(|text| declared_variant(&text))
        .is_some()
}

/// Reads and validates a variant scenario (as if from `path`) against the
/// variant's spec.
///
/// # Errors
/// [`LoadError`] naming the file, line, field and what was expected.
pub fn load_game_str(
    path: &Path,
    text: &str,
    spec: Option<&Spec>,
) -> Result<LoadedGame, LoadError> {
    let scenario: GameScenario = parse_yaml(path, text)?;
    let fail = |field: &str, needle: &str, message: String| {
        LoadError::located(path, text, field, needle, message)
    };
    if scenario.variant == VariantId::Monarchie {
        return Err(fail(
            "variant",
            "variant:",
            "expected grand or racingkings; MONARCHIE scenarios use the MONARCHIE format without a variant field".to_string(),
        ));
    }
    if let Some(spec) = spec {
        if spec.variant != scenario.variant.name() {
            return Err(fail(
                "variant",
                "variant:",
                format!(
                    "expected '{}' (the spec this file is checked against)",
                    spec.variant
                ),
            ));
        }
    }
    check_header(
        path,
        text,
        &scenario.id,
        [&scenario.clauses, &scenario.rulings, &scenario.findings],
        spec,
    )?;
    match (&scenario.position.start, &scenario.position.fen) {
        (true, None) | (false, Some(_)) => {}
        _ => {
            return Err(fail(
                "position",
                "position:",
                "expected exactly one of `start: true` or `fen: ...`".to_string(),
            ))
        }
    }
    if scenario.position.invalid {
        if scenario.position.fen.is_none() || !scenario.steps.is_empty() {
            return Err(fail(
                "position.invalid",
                "invalid:",
                "an invalid position needs a `fen` and no steps (`steps: []`)".to_string(),
            ));
        }
        return Ok(LoadedGame {
            path: path.to_path_buf(),
            scenario,
        });
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
            let needle = step.play.clone().unwrap_or_else(|| "steps:".to_string());
            fail(&format!("steps[{index}].{field}"), &needle, message)
        })?;
    }
    let loaded = LoadedGame {
        path: path.to_path_buf(),
        scenario,
    };
    loaded
        .open()
        .map_err(|message| fail("position", "position:", message))?;
    Ok(loaded)
}

/// One step must be exactly one kind, with its expectation and nothing else.
fn check_step(step: &GameStep) -> Result<(), (String, String)> {
    let kinds = [
        step.play.is_some(),
        step.moves.is_some(),
        step.perft.is_some(),
        step.state.is_some(),
    ];
    if kinds.iter().filter(|k| **k).count() != 1 {
        return Err((
            "step".to_string(),
            "expected exactly one of play, moves, perft, state".to_string(),
        ));
    }
    let pairs = [
        ("expect", step.play.is_some(), step.expect.is_some()),
        (
            "expect_moves",
            step.moves.is_some(),
            step.expect_moves.is_some(),
        ),
        (
            "expect_nodes",
            step.perft.is_some(),
            step.expect_nodes.is_some(),
        ),
    ];
    for (field, kind, expectation) in pairs {
        if kind != expectation {
            return Err((
                field.to_string(),
                format!("`{field}` goes with its step kind and is required there"),
            ));
        }
    }
    if let Some(expect) = &step.expect {
        let pins_more = expect.capture.is_some()
            || expect.promotion.is_some()
            || expect.check.is_some()
            || expect.next.is_some()
            || expect.status.is_some()
            || expect.fen.is_some();
        if expect.result == "legal" && expect.next.is_none() {
            return Err((
                "expect.next".to_string(),
                "a legal action must pin `next` (null when the game ends)".to_string(),
            ));
        }
        if expect.result != "legal" && pins_more {
            return Err((
                "expect".to_string(),
                "a refused action pins only `result` (it changes nothing)".to_string(),
            ));
        }
    }
    Ok(())
}

/// Runs every step; `Err` at the first step that differs.
///
/// # Errors
/// The first [`Mismatch`].
pub fn run_game(loaded: &LoadedGame) -> Result<(), Mismatch> {
    if loaded.scenario.position.invalid {
        return match loaded.open() {
            Err(_) => Ok(()),
            Ok(game) => Err(Mismatch {
                step: 0,
                what: "open the position".to_string(),
                expected: "refused as an impossible position\n".to_string(),
                actual: format!("accepted: {}\n", game.position_text()),
            }),
        };
    }
    let mut game = loaded.open().map_err(|message| Mismatch {
        step: 0,
        what: "open the position".to_string(),
        expected: "a playable position\n".to_string(),
        actual: format!("{message}\n"),
    })?;
    for (index, step) in loaded.scenario.steps.iter().enumerate() {
        if let Some((what, expected, actual)) = run_step(game.as_mut(), step) {
            return Err(Mismatch {
                step: index,
                what,
                expected: to_yaml(&expected),
                actual: to_yaml(&actual),
            });
        }
    }
    Ok(())
}

fn to_yaml(value: &Value) -> String {
    serde_yaml::to_string(value).unwrap_or_else(|_| value.to_string())
}

/// The expected fields of an action, as JSON, in a fixed order.
pub fn expected_fields(expect: &GameExpect) -> BTreeMap<&'static str, Value> {
    let mut fields = BTreeMap::new();
    fields.insert("result", json!(expect.result));
    if let Some(capture) = &expect.capture {
        fields.insert("capture", json!(capture));
    }
    if let Some(promotion) = &expect.promotion {
        fields.insert("promotion", json!(promotion));
    }
    if let Some(check) = expect.check {
        fields.insert("check", json!(check));
    }
    if let Some(next) = &expect.next {
        fields.insert("next", json!(next));
    }
    if let Some(status) = &expect.status {
        fields.insert("status", json!(status));
    }
    if let Some(fen) = &expect.fen {
        fields.insert("fen", json!(fen));
    }
    fields
}

/// The same fields of an actual result (a report or a refusal code).
pub fn actual_fields(
    wanted: &BTreeMap<&'static str, Value>,
    result: &Result<Report, String>,
) -> BTreeMap<&'static str, Value> {
    let mut fields = BTreeMap::new();
    match result {
        Err(code) => {
            fields.insert("result", json!(code));
        }
        Ok(report) => {
            fields.insert("result", json!("legal"));
            for key in wanted.keys() {
                let value = match *key {
                    "capture" => json!(report.capture),
                    "promotion" => json!(report.promotion),
                    "check" => json!(report.check),
                    "next" => json!(report.next),
                    "status" => json!(report.status),
                    "fen" => json!(report.position),
                    _ => continue,
                };
                fields.insert(key, value);
            }
        }
    }
    fields
}

type StepDiff = (String, Value, Value);

fn run_step(game: &mut dyn Game, step: &GameStep) -> Option<StepDiff> {
    if let (Some(action), Some(expect)) = (&step.play, &step.expect) {
        let wanted = expected_fields(expect);
        let result = game
            .play(action)
            .map_err(|refusal| refusal.code.to_string());
        let got = actual_fields(&wanted, &result);
        return (got != wanted).then(|| (format!("play {action}"), json!(wanted), json!(got)));
    }
    if let (Some(query), Some(expected)) = (&step.moves, &step.expect_moves) {
        let (what, got) = match &query.from {
            Some(square) => (
                format!("moves from {square}"),
                game.legal_moves_from(square)
                    .unwrap_or_else(|error| vec![error]),
            ),
            None => ("moves".to_string(), game.legal_moves()),
        };
        let mut wanted = expected.clone();
        wanted.sort();
        return (got != wanted).then(|| (what, json!(wanted), json!(got)));
    }
    if let (Some(depth), Some(nodes)) = (step.perft, step.expect_nodes) {
        let got = game.perft(depth);
        return (got != nodes).then(|| (format!("perft {depth}"), json!(nodes), json!(got)));
    }
    if let Some(state) = &step.state {
        let mut wanted = BTreeMap::new();
        let mut got = BTreeMap::new();
        if let Some(status) = &state.status {
            wanted.insert("status", json!(status));
            got.insert("status", json!(game.status()));
        }
        if let Some(fen) = &state.fen {
            wanted.insert("fen", json!(fen));
            got.insert("fen", json!(game.position_text()));
        }
        return (got != wanted).then(|| ("state".to_string(), json!(wanted), json!(got)));
    }
    None
}

/// Loads and runs one variant scenario file, checking it against the spec
/// of its variant (found as `spec/<variant>/` next to the `scenarios/`
/// folder above the file, when there is one).
pub fn game_case(path: &Path, specs: &mut SpecCache) -> CaseResult {
    let loaded = std::fs::read_to_string(path)
        .map_err(|error| LoadError::io(path, &error))
        .and_then(|text| {
            let spec = match declared_variant(&text) {
                Some(variant) => specs
                    .entry(variant)
                    .or_insert_with(|| spec_for(path, variant))
                    .as_ref()
                    .map_err(|message| {
                        LoadError::located(path, &text, "variant", "variant:", message.clone())
                    })?
                    .as_ref(),
                None => None,
            };
            load_game_str(path, &text, spec)
        });
    match loaded {
        Ok(loaded) => {
            let status = match run_game(&loaded) {
                Ok(()) => CaseStatus::Passed,
                Err(mismatch) => CaseStatus::Failed(mismatch),
            };
            let expects_legal = loaded
                .scenario
                .steps
                .iter()
                .find_map(|step| step.expect.as_ref())
                .is_none_or(|expect| expect.result == "legal");
            CaseResult {
                path: path.to_path_buf(),
                id: loaded.scenario.id.clone(),
                clauses: loaded.scenario.clauses.clone(),
                rulings: loaded.scenario.rulings.clone(),
                findings: loaded.scenario.findings.clone(),
                expects_legal,
                status,
            }
        }
        Err(error) => CaseResult::invalid(path, error),
    }
}

/// The specs loaded so far in one run, by variant: `Ok(None)` when no spec
/// folder was found, `Err` when one was found but does not load.
pub type SpecCache = BTreeMap<VariantId, Result<Option<Spec>, String>>;

/// The spec of `variant` for a scenario file: `spec/<variant>/` in the
/// nearest ancestor folder that has one.
fn spec_for(path: &Path, variant: VariantId) -> Result<Option<Spec>, String> {
    let Some(dir) = path
        .ancestors()
        .skip(1)
        .map(|dir| dir.join("spec").join(variant.name()))
        .find(|dir| dir.join("clauses.yaml").is_file())
    else {
        return Ok(None);
    };
    Spec::load(&dir)
        .map(Some)
        .map_err(|error| format!("the spec {} does not load: {error}", dir.display()))
}

/// The JSON Schema of the variant scenario format, as pretty JSON.
pub fn schema_json() -> String {
    let schema = schemars::schema_for!(GameScenario);
    serde_json::to_string_pretty(&schema)
        .unwrap_or_else(|error| unreachable!("a schema serialises: {error}"))
}
