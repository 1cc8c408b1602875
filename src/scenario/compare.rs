//! The comparisons of a step's expectation with an engine's answer,
//! shared by every runner ([`run`](mod@super::run) on the reference, `conform` on
//! an external engine, `fuzz --engine`), so that an external engine's
//! answer is judged exactly like the reference's. Sets are compared as
//! sets; only the fields a scenario gives are compared.

use std::collections::BTreeMap;

use serde_json::{json, Value};

use crate::variant::{Game, Report, VariantInfo};

use super::format::{Expect, StateExpect};

/// What a step differed in: what, expected, actual.
pub type StepError = (String, Value, Value);

/// A compared value as YAML text.
pub fn to_yaml(value: &Value) -> String {
    serde_yaml::to_string(value).unwrap_or_else(|_| value.to_string())
}

/// Two compared field maps as the pair of values a difference shows;
/// `None` when they agree.
pub fn differ(
    expected: BTreeMap<&'static str, Value>,
    actual: BTreeMap<&'static str, Value>,
) -> Option<(Value, Value)> {
    (expected != actual).then(|| (json!(expected), json!(actual)))
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

/// The canonical name of a square as written (the text itself when the
/// variant cannot read it).
pub fn square(info: &VariantInfo, text: &str) -> String {
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
                (field.normalize)(value)
                    .unwrap_or_else(|error| json!({ "invalid": error.to_string() })),
            );
        }
    }
    map
}

/// What an engine answered to one action, as the runners compare it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answered {
    /// Legal, with the report.
    Legal(Box<Report>),
    /// Legal, but the engine sent no report.
    LegalWithoutReport,
    /// Refused, with the code.
    Refused(String),
}

/// The same fields of an actual result (a report, or a refusal code), in
/// the shape of [`expected_fields`], so that the two compare. Used for the
/// reference engine and for external engines alike.
pub fn report_fields(
    wanted: &BTreeMap<&'static str, Value>,
    result: &Answered,
    info: &VariantInfo,
) -> BTreeMap<&'static str, Value> {
    let mut map = BTreeMap::new();
    let report = match result {
        Answered::Refused(code) => {
            map.insert("result", json!(code));
            return map;
        }
        Answered::LegalWithoutReport => {
            map.insert("result", json!("legal (but no report)"));
            return map;
        }
        Answered::Legal(report) => report,
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
                game.occupant(&name)
                    .unwrap_or_else(|error| error.to_string()),
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
            let want = (field.normalize)(value)
                .unwrap_or_else(|error| json!({ "invalid": error.to_string() }));
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
