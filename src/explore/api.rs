//! The explorer's JSON answers, one function per request, free of HTTP so
//! that they are tested directly as well as over the wire.
//!
//! Every request names the variant and carries the game as the page holds
//! it (`start`, `actions`, `rulings`, `faults`); the answer is computed by
//! replaying it on a fresh game. Unknown fields are refused.

use std::collections::BTreeMap;
use std::path::Path;

use serde::Deserialize;
use serde_json::{json, Value};

use crate::render::{render_game, ArrowKind, GameDiagram};
use crate::report::labels::Lang;
use crate::report::terms::{self, party_name};
use crate::report::texts;
use crate::report::words::{describe_report, describe_steps};
use crate::scenario::load::Loaded;
use crate::scenario::run::StepKind;
use crate::variant::{self, Game, VariantId, FAULT_PREFIX};

use super::loaded::Suite;

/// Why a request was refused: the HTTP status and a sentence.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ApiError {
    /// 400 for a bad request, 404 for an unknown scenario, 403 for a
    /// forbidden write, 500 for a broken suite.
    pub status: u16,
    /// What is wrong.
    pub message: String,
}

impl ApiError {
    /// A bad request (400).
    pub fn bad_request(message: impl Into<String>) -> ApiError {
        ApiError {
            status: 400,
            message: message.into(),
        }
    }
}

/// The result of a request.
pub type Answer = Result<Value, ApiError>;

/// A game as the page holds it.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameRequest {
    /// The rule system.
    pub variant: VariantId,
    /// The start position in the variant's notation; its start when absent.
    #[serde(default)]
    pub start: Option<String>,
    /// The actions played from it, in order.
    #[serde(default)]
    pub actions: Vec<String>,
    /// The actions Redo would play after them, in order (for the move
    /// list; not played on the board).
    #[serde(default)]
    pub ahead: Vec<String>,
    /// Ruling settings `ID=key`.
    #[serde(default)]
    pub rulings: Vec<String>,
    /// Misreadings `M-...` the engine plays.
    #[serde(default)]
    pub faults: Vec<String>,
    /// The party at the bottom of the board.
    #[serde(default)]
    pub bottom: Option<String>,
    /// `de` or `en`.
    #[serde(default)]
    pub lang: Option<String>,
    /// A square whose piece's moves are shown as dots.
    #[serde(default)]
    pub select: Option<String>,
    /// Ruling settings to compare with: the moves that appear and vanish
    /// and the scenarios whose outcome flips.
    #[serde(default)]
    pub compare: Option<Vec<String>>,
    /// Draw the places' labels (cell numbers).
    #[serde(default)]
    pub labels: bool,
}

fn lang_of(text: Option<&str>) -> Result<Lang, ApiError> {
    text.unwrap_or("en")
        .parse::<Lang>()
        .map_err(|error| ApiError::bad_request(error.to_string()))
}

/// Refuses more actions than a scenario may have steps.
pub(super) fn check_size(request: &GameRequest) -> Result<(), ApiError> {
    if request.actions.len() + request.ahead.len() > crate::input::MAX_STEPS {
        return Err(ApiError::bad_request(format!(
            "{} actions; at most {} (the scenario step limit)",
            request.actions.len() + request.ahead.len(),
            crate::input::MAX_STEPS
        )));
    }
    Ok(())
}

/// A fresh game at the request's start under its rulings and faults.
pub(super) fn open(request: &GameRequest, rulings: &[String]) -> Result<Box<dyn Game>, ApiError> {
    variant::open_with_faults(
        request.variant,
        request.start.as_deref(),
        rulings,
        &request.faults,
    )
    .map_err(|message| {
        ApiError::bad_request(format!(
            "opening the {} position: {message}",
            request.variant
        ))
    })
}

/// The history replayed: each accepted action in words, and the first
/// refused one (where the replay stopped).
struct Replayed {
    game: Box<dyn Game>,
    start: String,
    history: Vec<Value>,
    refused: Option<Value>,
}

fn replay(request: &GameRequest, rulings: &[String], lang: Lang) -> Result<Replayed, ApiError> {
    replay_actions(request, &request.actions, rulings, lang)
}

/// `actions` replayed from the request's start under `rulings`; the
/// first refusal names its action's index, the engine's code, the reason
/// in the page's language and (in English only: a German page shows no
/// English) the engine's detail.
fn replay_actions(
    request: &GameRequest,
    actions: &[String],
    rulings: &[String],
    lang: Lang,
) -> Result<Replayed, ApiError> {
    check_size(request)?;
    let mut game = open(request, rulings)?;
    let start = game.position_text();
    let mut history = Vec::new();
    let mut refused = None;
    for (index, action) in actions.iter().enumerate() {
        match game.play(action) {
            Ok(report) => history.push(json!({
                "action": report.action,
                "actor": report.actor,
                "words": describe_report(request.variant, &report, lang),
                "report": report,
            })),
            Err(refusal) => {
                refused = Some(json!({
                    "index": index,
                    "action": action,
                    "code": refusal.code,
                    "reason": terms::reason(lang, refusal.code),
                    "detail": match lang {
                        Lang::En => refusal.detail.clone(),
                        Lang::De => String::new(),
                    },
                }));
                break;
            }
        }
    }
    Ok(Replayed {
        game,
        start,
        history,
        refused,
    })
}

/// The board's places in picture coordinates with the party at the
/// bottom, so that the page knows where a click lands.
fn places(game: &dyn Game, bottom: Option<&str>) -> Value {
    let board = (game.info().board)(bottom);
    let list: Vec<Value> = board
        .places
        .iter()
        .map(|place| json!([place.name, place.x, place.y]))
        .collect();
    json!({"places": list, "radius": board.shape.half()})
}

/// `POST /api/state`: the position after the actions, drawn, with the
/// selected piece's moves as dots, the history in words and, with
/// `compare`, what the switch from those rulings changed.
///
/// # Errors
/// A bad variant position, setting, square or language.
pub fn state(
    request: &GameRequest,
    suites: &mut BTreeMap<VariantId, Suite>,
    root: &Path,
) -> Answer {
    let lang = lang_of(request.lang.as_deref())?;
    let replayed = replay(request, &request.rulings, lang)?;
    let game = replayed.game.as_ref();
    if let Some(bottom) = &request.bottom {
        if game.info().party(bottom).is_none() {
            return Err(ApiError::bad_request(format!(
                "unknown party `{bottom}` for the bottom (expected {})",
                game.info().party_keys()
            )));
        }
    }
    // The last move, drawn as an arrow and named for the page's highlight.
    let last_move = request
        .actions
        .get(replayed.history.len().wrapping_sub(1))
        .and_then(|action| game.move_squares(action));
    let mut diagram = GameDiagram {
        bottom: request.bottom.clone(),
        moves_of: request.select.clone(),
        no_labels: !request.labels,
        letters: lang.letters(),
        arrows: request
            .actions
            .get(replayed.history.len().wrapping_sub(1))
            .filter(|_| last_move.is_some())
            .cloned()
            .into_iter()
            .collect(),
        ..GameDiagram::default()
    };
    let mut targets: BTreeMap<String, Vec<String>> = BTreeMap::new();
    if let Some(square) = &request.select {
        let name = (game.info().square)(square)
            .map_err(|error| ApiError::bad_request(error.to_string()))?;
        for mv in game
            .legal_moves_from(&name)
            .map_err(|error| ApiError::bad_request(error.to_string()))?
        {
            if let Some((_, to)) = game.move_squares(&mv) {
                targets.entry(to).or_default().push(mv);
            }
        }
    }
    let diff = match &request.compare {
        Some(before) => {
            let other = variant::open_with_faults(
                request.variant,
                Some(&game.position_text()),
                before,
                &request.faults,
            )
            .map_err(|message| ApiError::bad_request(format!("the compared rulings: {message}")))?;
            let changed = changed_moves(game, other.as_ref());
            let (appeared, vanished) = (&changed.appeared, &changed.vanished);
            for mv in appeared {
                diagram.kind_arrows.push((mv.clone(), ArrowKind::Start));
            }
            // A vanished move is drawn from and to its squares (the
            // renderer reads them from the current game).
            for mv in vanished {
                if game.move_squares(mv).is_some() {
                    diagram.kind_arrows.push((mv.clone(), ArrowKind::Forbidden));
                }
            }
            let suite = suite(suites, root, request.variant)?;
            let mut flips = suite.flips(before, &request.rulings);
            // The step each flip names, and what the engine does there
            // before and after, in the page's language.
            for flip in flips.iter_mut() {
                flip.what = terms::step_what(lang, &flip.what);
                if let Some(case) = suite.case(&flip.id) {
                    let words =
                        super::steps::flip_words(case, before, &request.rulings, flip.step, lang);
                    flip.before_words = words.before;
                    flip.after_words = words.after;
                }
            }
            Some(json!({
                "against": before,
                "appeared": appeared,
                "vanished": vanished,
                "renamed": changed.renamed,
                "flips": flips,
            }))
        }
        None => None,
    };
    let svg =
        render_game(game, &diagram).map_err(|error| ApiError::bad_request(error.to_string()))?;
    // The move list: the actions played and those Redo would play, all
    // of them, the first one the rulings refuse marked and those after
    // it kept (a ruling switched back restores the line).
    let line = {
        let start = open(request, &request.rulings)?;
        let mut all = request.actions.clone();
        all.extend(request.ahead.iter().cloned());
        super::line::notation_line(start.as_ref(), &all, lang)
    };
    // The first action of Redo's part the rulings refuse (the board
    // stands before it when Redo is pressed).
    let ahead_refused = if replayed.refused.is_none() && !request.ahead.is_empty() {
        let mut all = request.actions.clone();
        all.extend(request.ahead.iter().cloned());
        replay_actions(request, &all, &request.rulings, lang)?.refused
    } else {
        None
    };
    let targets: Vec<Value> = targets
        .into_iter()
        .map(|(to, moves)| json!({"to": to, "moves": moves}))
        .collect();
    Ok(json!({
        "variant": request.variant,
        "start": replayed.start,
        "position": game.position_text(),
        "to_move": game.to_move(),
        "in_check": game.in_check(),
        "status": terms::status(lang, &game.status()),
        "last_move": last_move,
        "over": game.status().is_over(),
        "legal": game.legal_moves().len(),
        "special": game.special_actions(),
        "offers": offers(game, lang),
        "history": replayed.history,
        "line": line,
        "refused": replayed.refused,
        "ahead_refused": ahead_refused,
        "selected": request.select,
        "targets": targets,
        "pieces": game.pieces(),
        "movable": movable(game),
        "svg": svg,
        "board": places(game, request.bottom.as_deref()),
        "diff": diff,
    }))
}

/// The legal moves a ruling switch changed, matched by the move itself
/// ([`Game::move_identity`]), not by its name: a move a seats ruling only
/// renames is neither new nor gone.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ChangedMoves {
    /// Moves `now` has and `then` has not, by `now`'s names.
    pub appeared: Vec<String>,
    /// Moves `then` has and `now` has not, by `then`'s names.
    pub vanished: Vec<String>,
    /// The same move under two names, as (`then`'s, `now`'s).
    pub renamed: Vec<(String, String)>,
}

/// The legal moves of `now` against those of `then` (the same position
/// under the settings compared against).
pub fn changed_moves(now: &dyn Game, then: &dyn Game) -> ChangedMoves {
    let named = |game: &dyn Game| -> BTreeMap<String, String> {
        game.legal_moves()
            .into_iter()
            .map(|mv| (game.move_identity(&mv), mv))
            .collect()
    };
    let (new, old) = (named(now), named(then));
    let mut changed = ChangedMoves::default();
    for (identity, mv) in &new {
        match old.get(identity) {
            None => changed.appeared.push(mv.clone()),
            Some(before) if before != mv => changed.renamed.push((before.clone(), mv.clone())),
            Some(_) => {}
        }
    }
    changed.vanished = old
        .iter()
        .filter(|(identity, _)| !new.contains_key(*identity))
        .map(|(_, mv)| mv.clone())
        .collect();
    changed
}

/// The actions offered beside the board, each named in the page's
/// language: the special actions (`claim`, `swap`, `resign wei`...) and
/// the legal moves that are not a piece going from one square to another
/// but a change of army (Sovereign Chess's defections `K=n`, with or
/// without the king's forced step), so that a reader finds them without
/// knowing to click the king.
fn offers(game: &dyn Game, lang: Lang) -> Vec<Value> {
    let defections = game
        .legal_moves()
        .into_iter()
        .filter(|mv| mv.starts_with("K="));
    game.special_actions()
        .into_iter()
        .chain(defections)
        .map(|action| {
            let text = super::labels::offer_name(&action, lang).unwrap_or_else(|| action.clone());
            json!({
                "action": action,
                "text": text,
                "party": super::labels::offer_party(&action),
            })
        })
        .collect()
}

/// The squares of the pieces that have a legal move, for the page to
/// mark (in Sovereign Chess a player moves several armies).
fn movable(game: &dyn Game) -> Vec<String> {
    let mut from: Vec<String> = game
        .legal_moves()
        .iter()
        .filter_map(|mv| game.move_squares(mv).map(|(from, _)| from))
        .collect();
    from.sort();
    from.dedup();
    from
}

/// The loaded suite of `variant`, read on first use.
///
/// # Errors
/// The suite cannot be read (500).
pub fn suite<'a>(
    suites: &'a mut BTreeMap<VariantId, Suite>,
    root: &Path,
    variant: VariantId,
) -> Result<&'a mut Suite, ApiError> {
    match suites.entry(variant) {
        std::collections::btree_map::Entry::Occupied(entry) => Ok(entry.into_mut()),
        std::collections::btree_map::Entry::Vacant(entry) => {
            let loaded = Suite::load(root, variant).map_err(|error| ApiError {
                status: 500,
                message: error.to_string(),
            })?;
            Ok(entry.insert(loaded))
        }
    }
}

/// `GET /api/info`: per variant its parties, start, rulings with their
/// options (only the switchable ones), misreadings and clauses.
///
/// # Errors
/// A suite that cannot be read.
pub fn info(suites: &mut BTreeMap<VariantId, Suite>, root: &Path) -> Answer {
    let mut variants = Vec::new();
    for id in VariantId::ALL {
        let suite = suite(suites, root, id)?;
        let info = variant::info(id);
        let switchable = variant::alternatives(id);
        let rulings: Vec<Value> = suite
            .spec
            .rulings
            .iter()
            .filter_map(|ruling| {
                let options: Vec<Value> = ruling
                    .alternatives
                    .iter()
                    .filter(|option| switchable.contains(&format!("{}={}", ruling.id, option.key)))
                    .map(|option| {
                        let setting = format!("{}={}", ruling.id, option.key);
                        json!({
                            "key": option.key,
                            "label": super::labels::alternative_label(&setting, Lang::En),
                            "label_de": super::labels::alternative_label(&setting, Lang::De),
                            "description": option.description,
                            "description_de": texts::alternative(Lang::De, option),
                        })
                    })
                    .collect();
                (!options.is_empty()).then(|| {
                    json!({
                        "id": ruling.id,
                        "title": ruling.title,
                        "title_de": texts::ruling_title(Lang::De, ruling),
                        "clauses": ruling.clauses,
                        "default": ruling.default,
                        "default_de": texts::ruling_default(Lang::De, ruling),
                        "default_label": super::labels::default_label(Lang::En),
                        "default_label_de": super::labels::default_label(Lang::De),
                        "options": options,
                    })
                })
            })
            .collect();
        let parties: Vec<Value> = info
            .parties
            .iter()
            .map(|p| {
                json!({
                    "key": p.key,
                    "de": party_name(Lang::De, p.key),
                    "en": party_name(Lang::En, p.key),
                })
            })
            .collect();
        let clauses: Vec<Value> = suite
            .spec
            .clauses
            .iter()
            .map(|c| {
                json!({
                    "id": c.id,
                    "heading": texts::heading(Lang::De, c),
                    "heading_en": c.heading_en,
                })
            })
            .collect();
        let pieces: Vec<Value> = info
            .pieces
            .iter()
            .map(|names| {
                json!({
                    "kind": names.kind,
                    "en": names.en.name,
                    "de": names.de.name,
                    "letter_en": names.en.letter.to_string(),
                    "letter_de": names.de.letter.to_string(),
                })
            })
            .collect();
        let start = (info.start_notation)(info.starts.first().copied().unwrap_or("start"));
        variants.push(json!({
            "id": id,
            "title": info.title,
            "square_word": info.square_word,
            "parties": parties,
            "pieces": pieces,
            "start": start,
            "rulings": rulings,
            "misreadings": suite.misreadings,
            "clauses": clauses,
            "scenarios": suite.cases.len(),
        }));
    }
    Ok(json!({ "variants": variants }))
}

/// Which suite scenarios to list or open.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScenarioRequest {
    /// The rule system.
    pub variant: VariantId,
    /// A scenario ID (for `/api/scenario`).
    #[serde(default)]
    pub id: Option<String>,
    /// Misreadings the engine plays while stepping through it.
    #[serde(default)]
    pub faults: Vec<String>,
    /// Ruling settings `ID=key` forced on top of the scenario's own (a
    /// ruling switched in the page while the scenario is open).
    #[serde(default)]
    pub rulings: Vec<String>,
    /// `de` or `en`.
    #[serde(default)]
    pub lang: Option<String>,
}

/// `POST /api/scenarios`: the variant's scenarios with their clauses and
/// whether they pass under the default rulings.
///
/// # Errors
/// A suite that cannot be read.
pub fn scenarios(
    request: &ScenarioRequest,
    suites: &mut BTreeMap<VariantId, Suite>,
    root: &Path,
) -> Answer {
    let lang = lang_of(request.lang.as_deref())?;
    let suite = suite(suites, root, request.variant)?;
    let results = suite.results(&[]).to_vec();
    let list: Vec<Value> = suite
        .cases
        .iter()
        .zip(results)
        .map(|(case, result)| {
            json!({
                "id": case.scenario.id,
                "clauses": case.scenario.clauses,
                "description": texts::description(lang, &case.scenario),
                "passed": result.is_ok(),
            })
        })
        .collect();
    Ok(json!({"variant": request.variant, "scenarios": list, "invalid": suite.invalid}))
}

/// `POST /api/scenario`: one scenario to step through: its start, ruleset
/// and actions, each step's expectation in words beside the engine's
/// outcome (with the request's misreadings played), and the first step
/// where they differ.
///
/// # Errors
/// An unknown ID (404).
pub fn scenario(
    request: &ScenarioRequest,
    suites: &mut BTreeMap<VariantId, Suite>,
    root: &Path,
) -> Answer {
    let lang = lang_of(request.lang.as_deref())?;
    let suite = suite(suites, root, request.variant)?;
    let id = request.id.as_deref().unwrap_or_default();
    let loaded = suite.case(id).ok_or_else(|| ApiError {
        status: 404,
        message: format!("no {} scenario with the ID `{id}`", request.variant),
    })?;
    let mut forced: Vec<String> = request.rulings.clone();
    forced.extend(
        request
            .faults
            .iter()
            .map(|fault| format!("{FAULT_PREFIX}{fault}")),
    );
    Ok(step_table(loaded, &forced, lang))
}

/// The step table of `loaded` with `forced` settings, as `/api/scenario`
/// answers it: its start, ruleset and steps, each step's expectation in
/// words beside the engine's recorded answer, whether the step differs
/// (as `check` judges it, [`crate::scenario::record`]), and `check`'s
/// mismatch.
pub fn step_table(loaded: &Loaded, forced: &[String], lang: Lang) -> Value {
    let recording = crate::scenario::record::record(loaded, forced);
    let expected = describe_steps(loaded, lang);
    let mut steps = Vec::new();
    for (index, step) in loaded.scenario.steps.iter().enumerate() {
        let number = crate::scenario::run::step_number(index);
        let recorded = recording.step(number);
        let engine = recorded.map_or_else(String::new, |recorded| {
            super::steps::answer_words(loaded.scenario.variant, &recorded.answered, lang)
        });
        let accepted = recorded.is_some_and(|recorded| {
            matches!(
                recorded.answered,
                crate::scenario::record::Answered::Played { result: Ok(_), .. }
            )
        });
        let differs = recorded.is_some_and(|recorded| recorded.difference.is_some());
        // A `moves` or `perft` step says whether its answer differs.
        let moves_differ = recorded
            .filter(|recorded| matches!(recorded.kind, StepKind::Moves | StepKind::Perft))
            .map(|_| differs);
        steps.push(json!({
            "number": number,
            "play": step.action(),
            "accepted": accepted,
            "expected": expected.get(index),
            "engine": engine,
            "differs": differs,
            "moves_differ": moves_differ,
        }));
    }
    let mismatch = recording.first;
    json!({
        "id": loaded.scenario.id,
        "variant": loaded.scenario.variant,
        "description": texts::description(lang, &loaded.scenario),
        "clauses": loaded.scenario.clauses,
        "rulings": loaded.scenario.rulings,
        "ruleset": loaded.scenario.ruleset,
        "invalid_position": loaded.scenario.position.invalid,
        "start": loaded.start,
        "steps": steps,
        "mismatch": mismatch,
        "command": super::Target {
            variant: loaded.scenario.variant,
            scenario: Some(&loaded.scenario.id),
            ..super::Target::default()
        }
        .command(),
    })
}

/// `POST /api/misreading`: one misreading and the scenarios that catch it.
///
/// # Errors
/// An unknown misreading of the variant.
pub fn misreading(
    request: &ScenarioRequest,
    suites: &mut BTreeMap<VariantId, Suite>,
    root: &Path,
) -> Answer {
    let suite = suite(suites, root, request.variant)?;
    let id = request.id.as_deref().unwrap_or_default();
    let entry = suite
        .misreadings
        .iter()
        .find(|entry| entry.id == id)
        .cloned()
        .ok_or_else(|| {
            ApiError::bad_request(format!("{} has no misreading `{id}`", request.variant))
        })?;
    let caught_by = suite.caught_by(id);
    Ok(json!({"misreading": entry, "caught_by": caught_by}))
}
