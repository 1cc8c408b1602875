//! Tournament cases (`*.tournament.yaml` in the scenario tree) for clauses
//! 19-22: registrations and games in order, each optionally expected to be
//! refused with an error code, then the expected levels, titles and hall of
//! fame. Format: `docs/tournament.md`.

use std::collections::BTreeMap;
use std::path::Path;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::input::LoadError;
use crate::variant::journal::{GameType, PlayerKind};
use crate::variant::suite_file::{SuiteFileCase, SuiteFileKind, SuiteFileOutcome};

use super::{Appointment, GameRequest, Title, Tournament, Winner};

/// The file-name ending that marks a tournament case.
pub const TOURNAMENT_SUFFIX: &str = ".tournament.yaml";

/// Tournament cases as a suite file kind of MONARCHIE
/// (`VariantInfo::suite_files`).
pub const FILE_KIND: SuiteFileKind = SuiteFileKind {
    name: "tournament case",
    suffix: TOURNAMENT_SUFFIX,
    case: tournament_case,
};

/// One tournament case file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TournamentCase {
    /// Unique ID, e.g. `m.20-losers-return-to-level-6`.
    pub id: String,
    /// The clauses it tests (m.19-m.22).
    pub clauses: Vec<String>,
    /// The tournament rulings (`R-T-...`) its expectation depends on.
    #[serde(default)]
    pub rulings: Vec<String>,
    /// What it shows.
    pub description: String,
    /// What it shows, in German (the committee's report; `description_de`
    /// as in a scenario file).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description_de: Option<String>,
    /// Humans registered before the first step.
    #[serde(default)]
    pub humans: Vec<String>,
    /// Named computer players registered before the first step.
    #[serde(default)]
    pub computers: Vec<String>,
    /// The steps in order.
    pub steps: Vec<CaseStep>,
    /// What must hold after the last step.
    #[serde(default)]
    pub expect: FinalExpect,
}

/// A registration or a game, optionally expected to fail.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CaseStep {
    /// Register a human by name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub register: Option<String>,
    /// Enter a game.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub game: Option<GameSpec>,
    /// The error code the step must be refused with (see `docs/tournament.md`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
}

/// A game in a case file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct GameSpec {
    /// training, official or demonstration.
    #[serde(rename = "type")]
    pub game_type: GameType,
    /// The level (official games).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub level: Option<u8>,
    /// Registered players taking seats.
    pub players: Vec<String>,
    /// Seats taken by unnamed Joshuas.
    #[serde(default)]
    pub joshuas: usize,
    /// The winner's name, or `joshua`.
    pub winner: String,
}

/// Expectations after the last step; only what is listed is compared.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FinalExpect {
    /// Current level per player.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub levels: BTreeMap<String, u8>,
    /// Titles per player, in order.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub titles: BTreeMap<String, Vec<Title>>,
    /// The whole hall of fame, in order.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hall_of_fame: Option<Vec<Appointment>>,
    /// Number of games entered.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub games: Option<usize>,
}

/// Whether a path names a tournament case.
pub fn is_tournament_file(path: &Path) -> bool {
    FILE_KIND.recognizes(path)
}

/// Reads a tournament case.
///
/// # Errors
/// [`LoadError`] with file, line, column and field.
pub fn load_case(path: &Path) -> Result<TournamentCase, LoadError> {
    let located = |line, column, field: &str, message: String| LoadError {
        path: path.to_path_buf(),
        line,
        column,
        field: field.to_string(),
        message,
    };
    let text = crate::input::read_text(path)?;
    let case: TournamentCase = crate::input::parse_yaml(path, &text)?;
    for (index, step) in case.steps.iter().enumerate() {
        if step.register.is_some() == step.game.is_some() {
            return Err(located(
                0,
                0,
                &format!("steps[{index}]"),
                "expected exactly one of `register` and `game`".to_string(),
            ));
        }
    }
    Ok(case)
}

fn yaml<T: Serialize>(value: &T) -> String {
    serde_yaml::to_string(value).unwrap_or_else(|error| format!("<{error}>"))
}

/// Runs a case on a fresh [`Tournament`].
///
/// # Errors
/// How a tournament case's step differed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mismatch {
    /// The step's number, counted from 1 (0: the registrations).
    pub step: usize,
    /// What the step was.
    pub what: String,
    /// Expected (text).
    pub expected: String,
    /// What the bookkeeping gave (text).
    pub actual: String,
}

/// The first [`Mismatch`] (the step's number, counted from 1 as in every
/// report; 0 for the registrations before the steps, and the final
/// expectations count as the step after the last).
pub fn run_case(case: &TournamentCase) -> Result<Tournament, Mismatch> {
    let mut books = Tournament::new();
    let setup = |what: String, message: String| Mismatch {
        step: 0,
        what,
        expected: "a valid registration\n".to_string(),
        actual: format!("{message}\n"),
    };
    for name in &case.humans {
        books
            .register(name, PlayerKind::Human)
            .map_err(|e| setup(format!("register human {name}"), e.to_string()))?;
    }
    for name in &case.computers {
        books
            .register(name, PlayerKind::Computer)
            .map_err(|e| setup(format!("register computer {name}"), e.to_string()))?;
    }
    for (index, step) in case.steps.iter().enumerate() {
        let (what, result) = match (&step.register, &step.game) {
            (Some(name), _) => (
                format!("register {name}"),
                books.register(name, PlayerKind::Human).map(|_| None),
            ),
            (None, Some(game)) => (
                format!(
                    "{} game{} won by {}",
                    game.game_type.key(),
                    game.level
                        .map(|l| format!(" at level {l}"))
                        .unwrap_or_default(),
                    game.winner
                ),
                books.play(&request_of(game)),
            ),
            (None, None) => continue,
        };
        let outcome = match &result {
            Ok(_) => "accepted".to_string(),
            Err(error) => format!("error {}: {error}", error.code()),
        };
        let wanted = step
            .error
            .as_ref()
            .map_or("accepted".to_string(), |code| format!("error {code}"));
        let agrees = match (&result, &step.error) {
            (Ok(_), None) => true,
            (Err(error), Some(code)) => error.code() == code,
            _ => false,
        };
        if !agrees {
            return Err(Mismatch {
                step: index + 1,
                what,
                expected: format!("{wanted}\n"),
                actual: format!("{outcome}\n"),
            });
        }
    }
    check_final(case, &books)?;
    Ok(books)
}

fn request_of(game: &GameSpec) -> GameRequest {
    GameRequest {
        game_type: game.game_type,
        level: game.level,
        players: game.players.clone(),
        joshuas: game.joshuas,
        winner: if game.winner.eq_ignore_ascii_case("joshua") {
            Winner::Joshua
        } else {
            Winner::Human(game.winner.clone())
        },
    }
}

fn check_final(case: &TournamentCase, books: &Tournament) -> Result<(), Mismatch> {
    let expect = &case.expect;
    let mut actual = FinalExpect::default();
    for name in expect.levels.keys() {
        actual
            .levels
            .insert(name.clone(), books.level(name).unwrap_or(0));
    }
    for name in expect.titles.keys() {
        let titles = books
            .players
            .get(name)
            .map(|r| r.titles.clone())
            .unwrap_or_default();
        actual.titles.insert(name.clone(), titles);
    }
    if expect.hall_of_fame.is_some() {
        actual.hall_of_fame = Some(books.hall_of_fame.clone());
    }
    if expect.games.is_some() {
        actual.games = Some(books.games);
    }
    if &actual != expect {
        return Err(Mismatch {
            step: case.steps.len() + 1,
            what: "final expectations".to_string(),
            expected: yaml(expect),
            actual: yaml(&actual),
        });
    }
    Ok(())
}

/// Loads and runs one case file and reports it as a suite case.
pub fn tournament_case(path: &Path) -> SuiteFileCase {
    // A case with an expected error counts in the "illegal" column.
    let (id, clauses, rulings, positive, status) = match load_case(path) {
        Err(error) => (
            String::new(),
            Vec::new(),
            Vec::new(),
            false,
            SuiteFileOutcome::Invalid(error),
        ),
        Ok(case) => {
            let status = match run_case(&case) {
                Ok(_) => SuiteFileOutcome::Passed,
                Err(Mismatch {
                    step,
                    what,
                    expected,
                    actual,
                }) => SuiteFileOutcome::Failed {
                    step,
                    what,
                    expected,
                    actual,
                },
            };
            let positive = case.steps.iter().all(|step| step.error.is_none());
            (case.id, case.clauses, case.rulings, positive, status)
        }
    };
    SuiteFileCase {
        path: path.to_path_buf(),
        id,
        clauses,
        rulings,
        findings: Vec::new(),
        expects_legal: positive,
        outcome: status,
    }
}

/// The JSON Schema of the tournament case format.
pub fn schema_json() -> String {
    let schema = schemars::schema_for!(TournamentCase);
    serde_json::to_string_pretty(&schema)
        .unwrap_or_else(|error| unreachable!("a schema serialises: {error}"))
}
