//! Running a scenario on the reference engine and comparing each step with
//! its expectation. Sets are compared as sets; only the fields a scenario
//! gives are compared.

use std::collections::BTreeMap;

use serde_json::{json, Value};

use crate::cell::Cell;
use crate::moves::{Action, Move};
use crate::notation::to_notation;
use crate::party::Party;
use crate::perft::perft;
use crate::position::{Occupant, Position};
use crate::protocol::ActionResult;
use crate::rules::{self, legal_moves, legal_moves_from, parties_in_check, Event};
use crate::ruleset::Ruleset;

use super::format::{ActionExpect, StateExpect, Step};
use super::load::{parse_cell_content, Loaded};

/// How one step differed from its expectation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Mismatch {
    /// 0-based step index.
    pub step: usize,
    /// A short description of the step (`play 16-28`, `moves cell 16`...).
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
    let mut position = loaded.position.clone();
    for (index, step) in loaded.scenario.steps.iter().enumerate() {
        run_step(&mut position, step, &loaded.rules).map_err(|(what, expected, actual)| {
            Mismatch {
                step: index,
                what,
                expected: to_yaml(&expected),
                actual: to_yaml(&actual),
            }
        })?;
    }
    Ok(())
}

type StepError = (String, Value, Value);

fn to_yaml(value: &Value) -> String {
    serde_yaml::to_string(value).unwrap_or_else(|_| value.to_string())
}

fn compare(
    what: String,
    expected: BTreeMap<&str, Value>,
    actual: BTreeMap<&str, Value>,
) -> Result<(), StepError> {
    if expected == actual {
        Ok(())
    } else {
        Err((what, json!(expected), json!(actual)))
    }
}

fn run_step(position: &mut Position, step: &Step, rules: &Ruleset) -> Result<(), StepError> {
    if let (Some(text), Some(expect)) = (&step.play, &step.expect) {
        let mut action: Action = text
            .parse()
            .unwrap_or_else(|error| unreachable!("validated when loading: {error}"));
        if let (Action::Move { elapsed, .. }, Some(seconds)) = (&mut action, step.elapsed) {
            *elapsed = Some(seconds);
        }
        let before = position.clone();
        let result = rules::apply(position, action, rules);
        let what = format!("play {text}");
        return match result {
            Ok(outcome) => {
                let result = crate::protocol::serve::result_of(&outcome, to_notation(position));
                compare(
                    what,
                    expected_action(expect),
                    result_fields(expect, &result),
                )
            }
            Err(illegal) => {
                if *position != before {
                    return Err((
                        what,
                        json!("position unchanged"),
                        json!("an illegal action changed the position"),
                    ));
                }
                if expect.result == illegal.code() {
                    return Ok(());
                }
                Err((
                    what,
                    json!({"result": expect.result}),
                    json!({"result": illegal.code(), "message": illegal.to_string()}),
                ))
            }
        };
    }
    if let (Some(query), Some(expected_moves)) = (&step.moves, &step.expect_moves) {
        let actual_moves = match query.cell {
            Some(cell) => legal_moves_from(position, cell, rules)
                .into_iter()
                .filter(|mv| position.piece_at(mv.from).map(|p| p.party) == position.to_move())
                .collect(),
            None => legal_moves(position, rules),
        };
        let mut expected: Vec<Move> = expected_moves
            .iter()
            .map(|text| {
                text.parse()
                    .unwrap_or_else(|error| unreachable!("validated when loading: {error}"))
            })
            .collect();
        expected.sort();
        let mut actual = actual_moves;
        actual.sort();
        let what = match query.cell {
            Some(cell) => format!("moves of cell {cell}"),
            None => "moves of the party to move".to_string(),
        };
        let texts = |moves: &[Move]| {
            json!(moves
                .iter()
                .map(|mv| mv.text(!position.is_empty(mv.to)))
                .collect::<Vec<_>>())
        };
        if expected != actual {
            let missing: Vec<Move> = expected
                .iter()
                .filter(|m| !actual.contains(m))
                .copied()
                .collect();
            let extra: Vec<Move> = actual
                .iter()
                .filter(|m| !expected.contains(m))
                .copied()
                .collect();
            return Err((
                what,
                json!({"moves": texts(&expected), "count": expected.len()}),
                json!({"moves": texts(&actual), "count": actual.len(), "missing": texts(&missing), "unexpected": texts(&extra)}),
            ));
        }
        return Ok(());
    }
    if let (Some(depth), Some(nodes)) = (step.perft, step.expect_nodes) {
        let actual = perft(position, depth, rules);
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
        let (expected, actual) = state_fields(state, position, rules);
        return compare("state".to_string(), expected, actual);
    }
    unreachable!("validated when loading: every step has one kind")
}

/// Gardez events as a sorted list, so that order never matters.
fn gardez_list(gardez: &[crate::scenario::format::GardezSpec]) -> Value {
    let mut pairs: Vec<(Party, u16)> = gardez.iter().map(|g| (g.party, g.cell.number())).collect();
    pairs.sort();
    json!(pairs
        .iter()
        .map(|(p, c)| json!({"party": p.key(), "cell": c}))
        .collect::<Vec<_>>())
}

fn party_list(parties: &[Party]) -> Value {
    let mut sorted = parties.to_vec();
    sorted.sort();
    json!(sorted.iter().map(|p| p.key()).collect::<Vec<_>>())
}

fn opt_party(party: Option<Party>) -> Value {
    party.map_or(Value::Null, |p| json!(p.key()))
}

/// The fields an expectation names, as comparable values.
pub fn expected_action(expect: &ActionExpect) -> BTreeMap<&'static str, Value> {
    let mut map = BTreeMap::new();
    map.insert("result", json!(expect.result));
    if let Some(capture) = &expect.capture {
        map.insert(
            "capture",
            capture.as_ref().map_or(Value::Null, |c| {
                json!({"cell": c.cell.number(), "party": c.party.key(), "kind": c.kind.key(), "dead": c.dead})
            }),
        );
    }
    if let Some(king) = &expect.king_captured {
        map.insert("king_captured", opt_party(*king));
    }
    if let Some(promotion) = &expect.promotion {
        map.insert(
            "promotion",
            promotion.map_or(Value::Null, |k| json!(k.key())),
        );
    }
    if let Some(forfeited) = expect.forfeited {
        map.insert("forfeited", json!(forfeited));
    }
    if let Some(checks) = &expect.checks {
        map.insert("checks", party_list(checks));
    }
    if let Some(gardez) = &expect.gardez {
        map.insert("gardez", gardez_list(gardez));
    }
    if let Some(eliminations) = &expect.eliminations {
        map.insert(
            "eliminations",
            json!(eliminations
                .iter()
                .map(|e| json!({"party": e.party.key(), "cause": e.cause}))
                .collect::<Vec<_>>()),
        );
    }
    if let Some(next) = &expect.next {
        map.insert("next", opt_party(*next));
    }
    if let Some(winner) = &expect.winner {
        map.insert("winner", opt_party(*winner));
    }
    if let Some(events) = &expect.events {
        map.insert("events", json!(events));
    }
    if let Some(clocks) = &expect.clocks {
        map.insert(
            "clocks",
            json!(clocks
                .iter()
                .map(|(p, s)| (p.key(), *s))
                .collect::<BTreeMap<_, _>>()),
        );
    }
    map
}

/// The kind code of an event, as in `expect.events`.
pub fn event_kind(event: &Event) -> &'static str {
    match event {
        Event::Moved { .. } => "moved",
        Event::Captured(_) => "captured",
        Event::Promoted { .. } => "promoted",
        Event::Forfeited { .. } => "forfeited",
        Event::Check { .. } => "check",
        Event::Gardez { .. } => "gardez",
        Event::Eliminated(_) => "eliminated",
        Event::Won { .. } => "won",
    }
}

/// The fields of an action result that an expectation names, in the
/// same shape as [`expected_action`], so that the two can be compared.
/// Used for the reference engine and for external engines alike.
pub fn result_fields(
    expect: &ActionExpect,
    result: &ActionResult,
) -> BTreeMap<&'static str, Value> {
    let mut map = BTreeMap::new();
    map.insert("result", json!(result.result));
    if result.result != "legal" {
        return map;
    }
    if expect.capture.is_some() {
        map.insert(
            "capture",
            result.capture.as_ref().map_or(Value::Null, |c| {
                json!({"cell": c.cell.number(), "party": c.party.key(), "kind": c.kind.key(), "dead": c.dead})
            }),
        );
    }
    if expect.king_captured.is_some() {
        map.insert("king_captured", opt_party(result.king_captured));
    }
    if expect.promotion.is_some() {
        map.insert(
            "promotion",
            result.promotion.map_or(Value::Null, |k| json!(k.key())),
        );
    }
    if expect.forfeited.is_some() {
        map.insert("forfeited", json!(result.forfeited));
    }
    if expect.checks.is_some() {
        map.insert("checks", party_list(&result.checks));
    }
    if expect.gardez.is_some() {
        map.insert("gardez", gardez_list(&result.gardez));
    }
    if expect.eliminations.is_some() {
        map.insert(
            "eliminations",
            json!(result
                .eliminations
                .iter()
                .map(|e| json!({"party": e.party.key(), "cause": e.cause}))
                .collect::<Vec<_>>()),
        );
    }
    if expect.next.is_some() {
        map.insert("next", opt_party(result.next));
    }
    if expect.winner.is_some() {
        map.insert("winner", opt_party(result.winner));
    }
    if expect.events.is_some() {
        map.insert("events", json!(result.events));
    }
    if let Some(clocks) = &expect.clocks {
        let position = crate::notation::parse_position(&result.position).ok();
        let actual: BTreeMap<&str, Value> = clocks
            .keys()
            .map(|&p| {
                let seconds = position
                    .as_ref()
                    .and_then(|pos| pos.clocks().map(|c| json!(c[p])));
                (p.key(), seconds.unwrap_or(Value::Null))
            })
            .collect();
        map.insert("clocks", json!(actual));
    }
    map
}

fn cell_text(position: &Position, cell: Cell) -> String {
    match position.occupant(cell) {
        Occupant::Empty => "empty".to_string(),
        Occupant::Active(piece) => format!("{} {}", piece.party.key(), piece.kind.key()),
        Occupant::Dead(piece) => format!("dead {} {}", piece.party.key(), piece.kind.key()),
    }
}

fn state_fields(
    state: &StateExpect,
    position: &Position,
    rules: &Ruleset,
) -> (BTreeMap<&'static str, Value>, BTreeMap<&'static str, Value>) {
    let mut expected = BTreeMap::new();
    let mut actual = BTreeMap::new();
    if let Some(to_move) = &state.to_move {
        expected.insert("to_move", opt_party(*to_move));
        actual.insert("to_move", opt_party(position.to_move()));
    }
    if let Some(active) = &state.active {
        expected.insert("active", party_list(active));
        actual.insert(
            "active",
            party_list(&position.active_parties().collect::<Vec<_>>()),
        );
    }
    if let Some(winner) = &state.winner {
        expected.insert("winner", opt_party(*winner));
        actual.insert("winner", opt_party(position.winner()));
    }
    if let Some(notation) = &state.notation {
        expected.insert("notation", json!(notation));
        actual.insert("notation", json!(to_notation(position)));
    }
    if let Some(cells) = &state.cells {
        let mut want = BTreeMap::new();
        let mut have = BTreeMap::new();
        for (&cell, text) in cells {
            let normal = match parse_cell_content(text) {
                Ok(None) => "empty".to_string(),
                Ok(Some((dead, piece))) => {
                    format!(
                        "{}{} {}",
                        if dead { "dead " } else { "" },
                        piece.party.key(),
                        piece.kind.key()
                    )
                }
                Err(message) => message,
            };
            want.insert(cell.number(), normal);
            have.insert(cell.number(), cell_text(position, cell));
        }
        expected.insert("cells", json!(want));
        actual.insert("cells", json!(have));
    }
    if let Some(trays) = &state.trays {
        let mut want = BTreeMap::new();
        let mut have = BTreeMap::new();
        for (&party, kinds) in trays {
            let mut sorted = kinds.clone();
            sorted.sort();
            want.insert(
                party.key(),
                json!(sorted.iter().map(|k| k.key()).collect::<Vec<_>>()),
            );
            have.insert(
                party.key(),
                json!(position
                    .tray(party)
                    .kinds()
                    .iter()
                    .map(|k| k.key())
                    .collect::<Vec<_>>()),
            );
        }
        expected.insert("trays", json!(want));
        actual.insert("trays", json!(have));
    }
    if let Some(unmoved) = &state.unmoved {
        let mut want: Vec<u16> = unmoved.iter().map(|c| c.number()).collect();
        want.sort_unstable();
        expected.insert("unmoved", json!(want));
        actual.insert(
            "unmoved",
            json!(position
                .unmoved_pawns()
                .iter()
                .map(|c| c.number())
                .collect::<Vec<_>>()),
        );
    }
    if let Some(in_check) = &state.in_check {
        expected.insert("in_check", party_list(in_check));
        actual.insert("in_check", party_list(&parties_in_check(position, rules)));
    }
    (expected, actual)
}
