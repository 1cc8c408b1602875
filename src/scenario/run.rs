//! Running a scenario on the reference engine through the one game
//! interface ([`Game`]) and comparing each step with its expectation. Sets
//! are compared as sets; only the fields a scenario gives are compared. The
//! comparison functions are shared with `conform` and `fuzz --engine`, so
//! an external engine's report is judged exactly like the reference's.

use std::collections::BTreeMap;

use serde_json::{json, Value};

use crate::variant::{Game, Report, VariantInfo};

use super::format::{Expect, StateExpect, Step};
use super::load::Loaded;

/// How one step differed from its expectation.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Mismatch {
    /// 0-based step index.
    pub step: usize,
    /// A short description of the step (`play 16-28`, `moves of 16`...).
    pub what: String,
    /// The compared fields as expected (YAML text).
    pub expected: String,
    /// The same fields as the engine gives them (YAML text).
    pub actual: String,
}

/// Runs every step; `Err` at the first step that differs.
///
/// # Errors
/// The first [`Mismatch`].
pub fn run(loaded: &Loaded) -> Result<(), Mismatch> {
    run_with(loaded, &[])
}

/// [`run`] with `forced` ruling settings on top of the scenario's.
///
/// # Errors
/// The first [`Mismatch`].
pub fn run_with(loaded: &Loaded, forced: &[String]) -> Result<(), Mismatch> {
    if loaded.scenario.position.invalid {
        return match loaded.open_with(forced) {
            Err(_) => Ok(()),
            Ok(game) => Err(Mismatch {
                step: 0,
                what: "open the position".to_string(),
                expected: "refused as an impossible position\n".to_string(),
                actual: format!("accepted: {}\n", game.position_text()),
            }),
        };
    }
    let mut game = loaded.open_with(forced).map_err(|message| Mismatch {
        step: 0,
        what: "open the position".to_string(),
        expected: "a playable position\n".to_string(),
        actual: format!("{message}\n"),
    })?;
    for (index, step) in loaded.scenario.steps.iter().enumerate() {
        run_step(game.as_mut(), step).map_err(|(what, expected, actual)| Mismatch {
            step: index,
            what,
            expected: to_yaml(&expected),
            actual: to_yaml(&actual),
        })?;
    }
    Ok(())
}

/// What one step of a scenario is: the step kinds of
/// [`super::format::Step`], and the opening of the position before them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum StepKind {
    /// Opening the position (set-up validation, `invalid: true`).
    Open,
    /// A `play` step and its `expect`.
    Play,
    /// A `moves` step and its `expect_moves`.
    Moves,
    /// A `perft` step and its `expect_nodes`.
    Perft,
    /// A `state` step.
    State,
}

/// One step that came out differently, and the compared fields that
/// differ (`result` when an action's legality flips, `reason` when it is
/// refused both ways with another code, `next`, `capture`, ...; `moves`
/// for a move set, `nodes` for a perft count, `position` for opening the
/// position or a refused action that changed it).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Difference {
    /// 0-based step index (0 for [`StepKind::Open`]).
    pub step: usize,
    /// The kind of the step.
    pub kind: StepKind,
    /// The differing fields, sorted.
    pub fields: Vec<String>,
}

/// Every step of `loaded` that differs from its expectation with `forced`
/// settings on top of the scenario's, in order. Unlike [`run_with`] it does
/// not stop at the first difference: every step is still played (a
/// difference in one reported field does not stop the game), so that a
/// later step that differs in another way is seen too. Opening the
/// position is the one difference after which nothing runs.
pub fn differences_with(loaded: &Loaded, forced: &[String]) -> Vec<Difference> {
    let open = |_| Difference {
        step: 0,
        kind: StepKind::Open,
        fields: vec!["position".to_string()],
    };
    if loaded.scenario.position.invalid {
        return match loaded.open_with(forced) {
            Err(_) => Vec::new(),
            Ok(_) => vec![open(())],
        };
    }
    let Ok(mut game) = loaded.open_with(forced) else {
        return vec![open(())];
    };
    let mut out = Vec::new();
    for (index, step) in loaded.scenario.steps.iter().enumerate() {
        let kind = if step.play.is_some() {
            StepKind::Play
        } else if step.moves.is_some() {
            StepKind::Moves
        } else if step.perft.is_some() {
            StepKind::Perft
        } else {
            StepKind::State
        };
        if let Err((_, expected, actual)) = run_step(game.as_mut(), step) {
            out.push(Difference {
                step: index,
                kind,
                fields: differing_fields(kind, &expected, &actual),
            });
        }
    }
    out
}

/// The keys of `expected` whose values differ in `actual` (the compared
/// maps of one step); the whole step's name when they are not maps.
fn differing_fields(kind: StepKind, expected: &Value, actual: &Value) -> Vec<String> {
    match kind {
        StepKind::Moves => return vec!["moves".to_string()],
        StepKind::Perft => return vec!["nodes".to_string()],
        _ => {}
    }
    let (Some(want), Some(have)) = (expected.as_object(), actual.as_object()) else {
        // A refused action that changed the position.
        return vec!["position".to_string()];
    };
    let mut fields: Vec<String> = want
        .iter()
        .filter(|(key, value)| have.get(key.as_str()) != Some(value))
        .map(|(key, _)| {
            // Refused both ways, for another reason: the refusal's code
            // differs, not the action's legality.
            let refused = |map: &serde_json::Map<String, Value>| {
                map.get("result").is_some_and(|code| code != "legal")
            };
            if key == "result" && refused(want) && refused(have) {
                "reason".to_string()
            } else {
                key.clone()
            }
        })
        .collect();
    fields.sort();
    fields
}

/// What a step differed in: what, expected, actual.
pub type StepError = (String, Value, Value);

/// A compared value as YAML text.
pub fn to_yaml(value: &Value) -> String {
    serde_yaml::to_string(value).unwrap_or_else(|_| value.to_string())
}

fn compare(
    what: String,
    expected: BTreeMap<&'static str, Value>,
    actual: BTreeMap<&'static str, Value>,
) -> Result<(), StepError> {
    if expected == actual {
        Ok(())
    } else {
        Err((what, json!(expected), json!(actual)))
    }
}

fn run_step(game: &mut dyn Game, step: &Step) -> Result<(), StepError> {
    if let (Some(text), Some(expect)) = (&step.play, &step.expect) {
        let info = game.info();
        let before = game.position_text();
        let result = game.play(text);
        let what = format!("play {text}");
        if let Err(refusal) = &result {
            if game.position_text() != before {
                return Err((
                    what,
                    json!("position unchanged"),
                    json!("a refused action changed the position"),
                ));
            }
            if expect.result != refusal.code {
                return Err((
                    what,
                    json!({"result": expect.result}),
                    json!({"result": refusal.code, "message": refusal.detail}),
                ));
            }
            return Ok(());
        }
        let wanted = expected_fields(expect, info);
        let result = result.map_err(|refusal| refusal.code.to_string());
        return compare(what, wanted.clone(), report_fields(&wanted, &result, info));
    }
    if let (Some(query), Some(expected)) = (&step.moves, &step.expect_moves) {
        let (what, actual) = match &query.from {
            Some(square) => (
                format!("moves of {} {square}", game.info().square_word),
                game.legal_moves_from(&square.0)
                    .unwrap_or_else(|error| vec![error]),
            ),
            None => ("moves of the party to move".to_string(), game.legal_moves()),
        };
        return compare_moves(what, canonical_moves(game, expected), actual);
    }
    if let (Some(depth), Some(nodes)) = (step.perft, step.expect_nodes) {
        let budget = crate::budget::NodeBudget::AtMost(crate::budget::SCENARIO_MAX_NODES);
        if let Err(message) = crate::budget::check(game, depth, budget, "SCENARIO_MAX_NODES") {
            return Err((
                format!("perft {depth}"),
                json!({"nodes": nodes}),
                json!({"refused": message}),
            ));
        }
        let actual = game.perft(depth);
        if actual != nodes {
            return Err((
                format!("perft {depth}"),
                json!({"nodes": nodes}),
                json!({"nodes": actual}),
            ));
        }
        return Ok(());
    }
    if let Some(state) = &step.state {
        let (expected, actual) = state_fields(state, game);
        return compare("state".to_string(), expected, actual);
    }
    unreachable!("validated when loading: every step has one kind")
}

/// The expected moves in the game's canonical notation, sorted.
pub fn canonical_moves(game: &dyn Game, expected: &[String]) -> Vec<String> {
    let mut moves: Vec<String> = expected
        .iter()
        .map(|text| game.canonical_action(text).unwrap_or_else(|_| text.clone()))
        .collect();
    moves.sort();
    moves
}

/// Compares two move sets (`expected` sorted), naming what is missing and
/// what is unexpected.
///
/// # Errors
/// The difference.
pub fn compare_moves(
    what: String,
    expected: Vec<String>,
    mut actual: Vec<String>,
) -> Result<(), StepError> {
    actual.sort();
    actual.dedup();
    if expected == actual {
        return Ok(());
    }
    let missing: Vec<&String> = expected.iter().filter(|m| !actual.contains(m)).collect();
    let extra: Vec<&String> = actual.iter().filter(|m| !expected.contains(m)).collect();
    Err((
        what,
        json!({"moves": expected, "count": expected.len()}),
        json!({"moves": actual, "count": actual.len(), "missing": missing, "unexpected": extra}),
    ))
}

/// Parties sorted in the variant's order.
fn party_list(info: &VariantInfo, parties: &[String]) -> Value {
    let mut sorted = parties.to_vec();
    sorted.sort_by_key(|party| info.party_index(party).unwrap_or(usize::MAX));
    sorted.dedup();
    json!(sorted)
}

fn square(info: &VariantInfo, text: &str) -> String {
    (info.square)(text).unwrap_or_else(|_| text.to_string())
}

/// The fields an expectation names, as comparable values.
pub fn expected_fields(expect: &Expect, info: &VariantInfo) -> BTreeMap<&'static str, Value> {
    let mut map = BTreeMap::new();
    map.insert("result", json!(expect.result));
    if let Some(actor) = &expect.actor {
        map.insert("actor", json!(actor));
    }
    if let Some(capture) = &expect.capture {
        map.insert(
            "capture",
            capture.as_ref().map_or(Value::Null, |c| {
                json!({"at": square(info, &c.at.0), "owner": c.owner, "kind": c.kind, "dead": c.dead})
            }),
        );
    }
    if let Some(promotion) = &expect.promotion {
        map.insert("promotion", json!(promotion));
    }
    if let Some(checks) = &expect.checks {
        map.insert("checks", party_list(info, checks));
    }
    if let Some(eliminations) = &expect.eliminations {
        map.insert(
            "eliminations",
            json!(eliminations
                .iter()
                .map(|e| json!({"party": e.party, "cause": e.cause, "heir": e.heir}))
                .collect::<Vec<_>>()),
        );
    }
    if let Some(control) = &expect.control {
        map.insert("control", json!(control));
    }
    if let Some(next) = &expect.next {
        map.insert("next", json!(next));
    }
    if let Some(status) = &expect.status {
        map.insert("status", json!(status));
    }
    if let Some(winner) = &expect.winner {
        map.insert("winner", json!(winner));
    }
    if let Some(events) = &expect.events {
        map.insert("events", json!(events));
    }
    if let Some(clocks) = &expect.clocks {
        map.insert("clocks", json!(clocks));
    }
    if let Some(position) = &expect.position {
        map.insert("position", json!(position));
    }
    for field in info.report_fields {
        if let Some(value) = expect.variant_fields.get(field.name) {
            map.insert(
                field.name,
                (field.normalize)(value).unwrap_or_else(|message| json!({ "invalid": message })),
            );
        }
    }
    map
}

/// The same fields of an actual result (a report, or a refusal code), in
/// the shape of [`expected_fields`], so that the two compare. Used for the
/// reference engine and for external engines alike.
pub fn report_fields(
    wanted: &BTreeMap<&'static str, Value>,
    result: &Result<Report, String>,
    info: &VariantInfo,
) -> BTreeMap<&'static str, Value> {
    let mut map = BTreeMap::new();
    let report = match result {
        Err(code) => {
            map.insert("result", json!(code));
            return map;
        }
        Ok(report) => report,
    };
    map.insert("result", json!("legal"));
    for &key in wanted.keys() {
        let value = match key {
            "result" => continue,
            "actor" => json!(report.actor),
            "capture" => report.capture.as_ref().map_or(Value::Null, |c| {
                json!({"at": square(info, &c.at), "owner": c.owner, "kind": c.kind, "dead": c.dead})
            }),
            "promotion" => json!(report.promotion),
            "checks" => party_list(info, &report.checks),
            "eliminations" => json!(report
                .eliminations
                .iter()
                .map(|e| json!({"party": e.party, "cause": e.cause, "heir": e.heir}))
                .collect::<Vec<_>>()),
            "control" => json!(report.control),
            "next" => json!(report.next),
            "status" => json!(report.status),
            "winner" => json!(report.status.sole_winner()),
            "events" => json!(report
                .events
                .iter()
                .map(|event| event.kind.as_str())
                .collect::<Vec<_>>()),
            "clocks" => {
                let asked = wanted.get("clocks").and_then(Value::as_object);
                json!(asked
                    .into_iter()
                    .flat_map(|clocks| clocks.keys())
                    .map(|party| (party.clone(), json!(report.clocks.get(party))))
                    .collect::<BTreeMap<_, _>>())
            }
            "position" => json!(report.position),
            other => match info.report_field(other).and_then(|field| field.view) {
                Some(view) => view(report),
                None => continue,
            },
        };
        map.insert(key, value);
    }
    map
}

/// The expected and actual fields of a `state` step.
pub fn state_fields(
    state: &StateExpect,
    game: &dyn Game,
) -> (BTreeMap<&'static str, Value>, BTreeMap<&'static str, Value>) {
    let info = game.info();
    let mut expected = BTreeMap::new();
    let mut actual = BTreeMap::new();
    if let Some(to_move) = &state.to_move {
        expected.insert("to_move", json!(to_move));
        actual.insert("to_move", json!(game.to_move()));
    }
    if let Some(active) = &state.active {
        expected.insert("active", party_list(info, active));
        actual.insert("active", party_list(info, &game.active()));
    }
    if let Some(status) = &state.status {
        expected.insert("status", json!(status));
        actual.insert("status", json!(game.status()));
    }
    if let Some(winner) = &state.winner {
        expected.insert("winner", json!(winner));
        actual.insert("winner", json!(game.status().sole_winner()));
    }
    if let Some(position) = &state.position {
        expected.insert("position", json!(position));
        actual.insert("position", json!(game.position_text()));
    }
    if let Some(cells) = &state.cells {
        let mut want = BTreeMap::new();
        let mut have = BTreeMap::new();
        for (cell, text) in cells {
            let name = square(info, &cell.0);
            want.insert(
                name.clone(),
                text.split_whitespace().collect::<Vec<_>>().join(" "),
            );
            have.insert(
                name.clone(),
                game.occupant(&name).unwrap_or_else(|message| message),
            );
        }
        expected.insert("cells", json!(want));
        actual.insert("cells", json!(have));
    }
    if let Some(in_check) = &state.in_check {
        expected.insert("in_check", party_list(info, in_check));
        actual.insert("in_check", party_list(info, &game.in_check()));
    }
    for field in info.state_fields {
        if let Some(value) = state.variant_fields.get(field.name) {
            let want =
                (field.normalize)(value).unwrap_or_else(|message| json!({ "invalid": message }));
            let have = game.state_field(field.name).unwrap_or(Value::Null);
            // A map pins some keys only (the trays of some parties).
            let have = match (&want, &have) {
                (Value::Object(keys), Value::Object(all)) => json!(keys
                    .keys()
                    .map(|key| (key.clone(), all.get(key).cloned().unwrap_or(Value::Null)))
                    .collect::<BTreeMap<_, _>>()),
                _ => have,
            };
            expected.insert(field.name, want);
            actual.insert(field.name, have);
        }
    }
    (expected, actual)
}
