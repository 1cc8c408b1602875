//! The checks of a scenario's steps against its variant: every action
//! readable, every expectation field one the variant reports, every party,
//! square, piece kind, cause and event kind one the variant has. Errors are
//! `(field, message)`; the loader ([`super::load`]) locates them in the file.

use serde_json::{Map, Value};

use crate::variant::{self, Game, VariantInfo};

use super::format::{unknown_field_message, Expect, SquareText, StateExpect, Step};

/// A field and what is wrong with it.
type FieldError = (String, String);

fn field_error(field: impl Into<String>, message: impl std::fmt::Display) -> FieldError {
    (field.into(), message.to_string())
}

/// A value the variant does not have.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ValueError {
    /// A party the variant does not have.
    #[error("unknown party '{party}': expected one of {expected}")]
    UnknownParty {
        /// The party given.
        party: String,
        /// The variant's party keys.
        expected: String,
    },
    /// A piece kind the variant does not have.
    #[error("unknown piece kind '{kind}': expected one of {expected}")]
    UnknownKind {
        /// The kind given.
        kind: String,
        /// The variant's kinds.
        expected: String,
    },
    /// An occupant text of no known shape.
    #[error("'{text}': expected 'empty', '<party> <kind>' or 'dead <party> <kind>'")]
    Occupant {
        /// The text given.
        text: String,
    },
}

fn party_known(info: &VariantInfo, party: &str) -> Result<(), ValueError> {
    if info.party(party).is_some() {
        return Ok(());
    }
    Err(ValueError::UnknownParty {
        party: party.to_string(),
        expected: info.party_keys(),
    })
}

fn kind_known(info: &VariantInfo, kind: &str) -> Result<(), ValueError> {
    if info.kinds.contains(&kind) {
        return Ok(());
    }
    Err(ValueError::UnknownKind {
        kind: kind.to_string(),
        expected: info.kinds.join(", "),
    })
}

fn check_party(info: &VariantInfo, field: &str, party: &str) -> Result<(), FieldError> {
    party_known(info, party).map_err(|error| field_error(field, error))
}

fn check_parties<'a>(
    info: &VariantInfo,
    field: &str,
    parties: impl IntoIterator<Item = &'a String>,
) -> Result<(), FieldError> {
    parties
        .into_iter()
        .try_for_each(|party| check_party(info, field, party))
}

fn check_square(info: &VariantInfo, field: &str, square: &SquareText) -> Result<(), FieldError> {
    (info.square)(&square.0)
        .map(|_| ())
        .map_err(|error| field_error(field, error))
}

fn check_kind(info: &VariantInfo, field: &str, kind: &str) -> Result<(), FieldError> {
    kind_known(info, kind).map_err(|error| field_error(field, error))
}

/// Reads `empty`, `<party> <kind>` or `dead <party> <kind>`.
///
/// # Errors
/// A message saying what was expected.
pub fn check_occupant(info: &VariantInfo, text: &str) -> Result<(), ValueError> {
    let words: Vec<&str> = text.split_whitespace().collect();
    let rest = match words.as_slice() {
        ["empty"] => return Ok(()),
        ["dead", rest @ ..] => rest,
        rest => rest,
    };
    match rest {
        [army, kind] if crate::variant::armies(info.id).contains(army) => kind_known(info, kind),
        [party, kind] => {
            party_known(info, party)?;
            kind_known(info, kind)
        }
        _ => Err(ValueError::Occupant {
            text: text.to_string(),
        }),
    }
}

fn check_variant_fields(
    fields: &Map<String, Value>,
    place: &str,
    declared: &[variant::VariantField],
    generic: &[&str],
) -> Result<(), FieldError> {
    for (key, value) in fields {
        let Some(field) = declared.iter().find(|field| field.name == key) else {
            let mut expected: Vec<&str> = generic.to_vec();
            expected.extend(declared.iter().map(|field| field.name));
            return Err(field_error(
                format!("{place}.{key}"),
                unknown_field_message(place, key, &expected),
            ));
        };
        (field.normalize)(value).map_err(|error| field_error(format!("{place}.{key}"), error))?;
    }
    Ok(())
}

/// The fields every `expect` may have.
pub const EXPECT_FIELDS: [&str; 13] = [
    "result",
    "actor",
    "capture",
    "promotion",
    "checks",
    "eliminations",
    "control",
    "next",
    "status",
    "winner",
    "events",
    "clocks",
    "position",
];

/// The fields every `state` may have.
pub const STATE_FIELDS: [&str; 7] = [
    "to_move", "active", "status", "winner", "position", "cells", "in_check",
];

/// Checks one step against its variant (its kind and the fields it
/// needs were checked when it was read, [`Step`]).
///
/// # Errors
/// The field and what is wrong.
pub(super) fn check_step(
    step: &Step,
    info: &VariantInfo,
    game: &dyn Game,
) -> Result<(), FieldError> {
    match step {
        Step::Play { action, expect } => {
            // Unreadable text is allowed only where the scenario expects it refused.
            if expect.result != "bad-notation" {
                game.canonical_action(action)
                    .map_err(|error| field_error("play", error))?;
            }
            check_expect(expect, info)
        }
        Step::Moves { from, expect } => {
            if let Some(square) = from {
                check_square(info, "moves.from", square)?;
            }
            for text in expect {
                game.canonical_action(text)
                    .map_err(|error| field_error("expect_moves", error))?;
            }
            Ok(())
        }
        Step::Perft { depth, nodes } => {
            crate::input::check_perft_depth(*depth).map_err(|error| field_error("perft", error))?;
            let limit = crate::budget::SCENARIO_MAX_NODES;
            if *nodes > limit {
                return Err(field_error(
                    "expect_nodes",
                    format!("{nodes} nodes is more than a scenario's perft step may count (SCENARIO_MAX_NODES, {limit})"),
                ));
            }
            Ok(())
        }
        Step::State(state) => check_state(state, info),
    }
}

fn check_expect(expect: &Expect, info: &VariantInfo) -> Result<(), FieldError> {
    let legal = expect.result == "legal";
    if !legal && !info.refusals.contains(&expect.result.as_str()) {
        return Err(field_error(
            "expect.result",
            format!(
                "unknown result '{}': expected legal or one of {}",
                expect.result,
                info.refusals.join(", ")
            ),
        ));
    }
    check_variant_fields(
        &expect.variant_fields,
        "expect",
        info.report_fields,
        &EXPECT_FIELDS,
    )?;
    let pins_more = expect.actor.is_some()
        || expect.capture.is_some()
        || expect.promotion.is_some()
        || expect.checks.is_some()
        || expect.eliminations.is_some()
        || expect.control.is_some()
        || expect.next.is_some()
        || expect.status.is_some()
        || expect.winner.is_some()
        || expect.events.is_some()
        || expect.clocks.is_some()
        || expect.position.is_some()
        || !expect.variant_fields.is_empty();
    if !legal && pins_more {
        return Err(field_error(
            "expect",
            "a refused action changes nothing: give only 'result' (check the position with a 'state' step)",
        ));
    }
    if legal && expect.next.is_none() {
        return Err(field_error(
            "expect.next",
            "a legal action must pin 'next' (the next party to move, or null)",
        ));
    }
    if let Some(actor) = &expect.actor {
        check_party(info, "expect.actor", actor)?;
    }
    if let Some(Some(capture)) = &expect.capture {
        check_square(info, "expect.capture.at", &capture.at)?;
        check_party(info, "expect.capture.owner", &capture.owner)?;
        check_kind(info, "expect.capture.kind", &capture.kind)?;
    }
    if let Some(Some(kind)) = &expect.promotion {
        check_kind(info, "expect.promotion", kind)?;
    }
    if let Some(checks) = &expect.checks {
        check_parties(info, "expect.checks", checks)?;
    }
    if let Some(eliminations) = &expect.eliminations {
        for elimination in eliminations {
            check_party(info, "expect.eliminations.party", &elimination.party)?;
            if let Some(heir) = &elimination.heir {
                check_party(info, "expect.eliminations.heir", heir)?;
            }
            if !info.causes.contains(&elimination.cause.as_str()) {
                return Err(field_error(
                    "expect.eliminations",
                    format!(
                        "unknown cause '{}': expected one of {}",
                        elimination.cause,
                        info.causes.join(", ")
                    ),
                ));
            }
        }
    }
    if let Some(changes) = &expect.control {
        for change in changes {
            check_parties(
                info,
                "expect.control",
                change.from.iter().chain(change.to.iter()),
            )?;
        }
    }
    if let Some(Some(next)) = &expect.next {
        check_party(info, "expect.next", next)?;
    }
    if let Some(Some(winner)) = &expect.winner {
        check_party(info, "expect.winner", winner)?;
    }
    if let Some(variant::Status::Won { winners, .. }) = &expect.status {
        check_parties(info, "expect.status.winners", winners)?;
    }
    if let Some(events) = &expect.events {
        if let Some(event) = events
            .iter()
            .find(|e| !info.event_kinds.contains(&e.as_str()))
        {
            return Err(field_error(
                "expect.events",
                format!(
                    "unknown event '{event}': expected one of {}",
                    info.event_kinds.join(", ")
                ),
            ));
        }
    }
    if let Some(clocks) = &expect.clocks {
        check_parties(info, "expect.clocks", clocks.keys())?;
    }
    Ok(())
}

fn check_state(state: &StateExpect, info: &VariantInfo) -> Result<(), FieldError> {
    check_variant_fields(
        &state.variant_fields,
        "state",
        info.state_fields,
        &STATE_FIELDS,
    )?;
    if let Some(Some(party)) = &state.to_move {
        check_party(info, "state.to_move", party)?;
    }
    if let Some(active) = &state.active {
        check_parties(info, "state.active", active)?;
    }
    if let Some(Some(winner)) = &state.winner {
        check_party(info, "state.winner", winner)?;
    }
    if let Some(in_check) = &state.in_check {
        check_parties(info, "state.in_check", in_check)?;
    }
    if let Some(cells) = &state.cells {
        for (square, text) in cells {
            let field = format!("state.cells.{square}");
            check_square(info, &field, square)?;
            check_occupant(info, text).map_err(|error| field_error(&field, error))?;
        }
    }
    Ok(())
}
