//! Three Kingdoms Xiangqi as the generic harness sees it ([`INFO`]): the
//! kingdoms, point names, starts, the variant's own expectation fields,
//! refusal codes, causes, event kinds and piece kinds.

use std::collections::BTreeMap;

use serde_json::{json, Value};

use super::notation;
use super::point::{Kingdom, Point, KINGDOMS};
use super::position::Position;
use super::ruleset::Bannermen;
use super::transition::Cause;
use crate::variant::{FieldValueError, Report, VariantError, VariantField, VariantId, VariantInfo};

/// The refusal codes (`docs/threekingdoms.md`).
pub const REFUSALS: [&str; 10] = [
    "bad-notation",
    "game-over",
    "no-piece",
    "not-your-piece",
    "own-piece-on-target",
    "not-a-move-of-the-piece",
    "blocked",
    "general-attacked",
    "generals-facing",
    "not-active",
];

/// What each refusal code means, in English and German (the words the
/// report and the explorer show; `variant/refusal_words.rs`).
pub const REFUSAL_WORDS: [crate::variant::refusal_words::RefusalWords; 10] = {
    use crate::variant::refusal_words::{shared, words};
    [
        shared::BAD_NOTATION,
        shared::GAME_OVER,
        shared::NO_PIECE,
        shared::NOT_YOUR_PIECE,
        shared::OWN_PIECE_ON_TARGET,
        shared::NOT_A_MOVE_OF_THE_PIECE,
        shared::BLOCKED,
        words(
            "general-attacked",
            "it leaves the own general attacked",
            "lässt den eigenen General angegriffen",
        ),
        words(
            "generals-facing",
            "two generals would face each other",
            "Generäle stünden sich gegenüber",
        ),
        words(
            "not-active",
            "the party is no longer in the game",
            "Partei nicht mehr im Spiel",
        ),
    ]
};

/// Three Kingdoms Xiangqi for the generic harness.
pub static INFO: VariantInfo = VariantInfo {
    id: VariantId::Threekingdoms,
    title: "Three Kingdoms Xiangqi",
    clause_prefix: "tk.",
    parties: &KINGDOMS,
    square_word: "point",
    square: point_name,
    starts: &["start", "no-bannermen"],
    start_notation,
    listing: Some(super::listing::read_listing),
    report_fields: &[
        VariantField {
            name: "general_captured",
            doc:
                "the kingdom whose general this move captured (clauses tk.T7, tk.T8); null for none",
            normalize: normalize_kingdom_or_null,
            view: Some(general_captured),
        },
        VariantField {
            name: "drawn_among",
            doc: "the kingdoms sharing a draw (R-RESULT), in turn order; [] when not drawn",
            normalize: normalize_kingdoms,
            view: Some(drawn_among),
        },
    ],
    state_fields: &[
        VariantField {
            name: "homes",
            doc: "the home kingdom of the pieces on some points (R-ORIGIN): {point: kingdom}",
            normalize: normalize_homes,
            view: None,
        },
        VariantField {
            name: "trapped_since",
            doc: "the R-HEIR history of some kingdoms: {kingdom: mover or null}",
            normalize: normalize_trapped,
            view: None,
        },
        VariantField {
            name: "quiet",
            doc: "single moves since the last capture or defeat (R-MOVE-LIMIT)",
            normalize: normalize_count,
            view: None,
        },
    ],
    position_fields: &super::notation::FIELDS,
    switchable: true,
    refusals: &REFUSALS,
    refusal_words: &REFUSAL_WORDS,
    causes: &Cause::KEYS,
    event_kinds: &[
        "moved",
        "captured",
        "eliminated",
        "taken-over",
        "removed",
        "check",
        "resigned",
        "left",
        "won",
        "drawn",
    ],
    kinds: &[
        "general",
        "advisor",
        "elephant",
        "horse",
        "chariot",
        "cannon",
        "soldier",
        "bannerman",
    ],
    pieces: &crate::variant::piece_names::THREE_KINGDOMS,
    board: super::picture::board,
    random_position: None,
    figures: super::picture::figures,
    capture_owner:
        "the kingdom that owned the piece when it was taken, before any takeover the capture causes",
    protocol: &super::protocol_doc::PROTOCOL,
    open: super::open,
    alternatives,
    armies: &[],
    move_squares: |text| {
        let mv: super::position::Move = text.parse().ok()?;
        Some((mv.from.to_string(), mv.to.to_string()))
    },
    record: crate::variant::RecordInfo {
        name: "Three Kingdoms",
        aliases: &["threekingdomsxiangqi"],
        format: crate::variant::RecordFormat::TurnRecord,
    },
    misreadings: crate::variant::MisreadingInfo {
        prefix: "TK-",
        catalogue: super::faults::catalogue,
        open: super::open_with_faults,
        frames: super::frames::tags,
    },
    uci: None,
    known_differences: &[],
    report_names: crate::variant::ReportNames::KEYS_IN_ENGLISH,
    drawings: None,
    journal: None,
    suite_files: &[],
    ruling_perft: None,
};

/// Every alternative ruling setting `ID=key`: each key of the rulings
/// register that the ruleset takes and that differs from the default.
fn alternatives() -> Vec<String> {
    super::ruleset::register()
        .into_iter()
        .flat_map(|(id, keys)| keys.into_iter().map(move |key| format!("{id}={key}")))
        .filter(|setting| {
            let mut rules = super::ruleset::Ruleset::default();
            rules.apply(setting).is_ok() && !rules.settings().is_empty()
        })
        .collect()
}

fn point_name(text: &str) -> Result<String, VariantError> {
    text.parse::<Point>()
        .map(|point| point.to_string())
        .map_err(|error| VariantError::Rules(error.to_string()))
}

/// The notation of a named start: `start` (bannermen on) or
/// `no-bannermen`.
pub fn start_notation(name: &str) -> Option<String> {
    match name {
        "start" => Some(notation::to_text(&Position::start(Bannermen::On))),
        "no-bannermen" => Some(notation::to_text(&Position::start(Bannermen::Off))),
        _ => None,
    }
}

/// A scenario value that names no kingdom.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
#[error("expected a kingdom (shu, wu, wei), got {found}")]
struct NotAKingdom {
    found: Value,
}

impl From<NotAKingdom> for FieldValueError {
    fn from(error: NotAKingdom) -> FieldValueError {
        FieldValueError(error.to_string())
    }
}

fn kingdom_key(value: &Value) -> Result<&'static str, NotAKingdom> {
    value
        .as_str()
        .and_then(Kingdom::from_key)
        .map(Kingdom::key)
        .ok_or_else(|| NotAKingdom {
            found: value.clone(),
        })
}

fn normalize_kingdom_or_null(value: &Value) -> Result<Value, FieldValueError> {
    match value {
        Value::Null => Ok(Value::Null),
        other => Ok(json!(kingdom_key(other)?)),
    }
}

fn normalize_kingdoms(value: &Value) -> Result<Value, FieldValueError> {
    let list = value
        .as_array()
        .ok_or_else(|| format!("expected a list of kingdoms, got {value}"))?;
    let mut kingdoms = list
        .iter()
        .map(|item| kingdom_key(item).map(|key| Kingdom::from_key(key).unwrap_or(Kingdom::SHU)))
        .collect::<Result<Vec<_>, _>>()?;
    kingdoms.sort();
    kingdoms.dedup();
    Ok(json!(kingdoms.iter().map(|k| k.key()).collect::<Vec<_>>()))
}

fn normalize_homes(value: &Value) -> Result<Value, FieldValueError> {
    let object = value
        .as_object()
        .ok_or_else(|| "expected {point: kingdom}".to_string())?;
    let mut out = BTreeMap::new();
    for (point, home) in object {
        let point = point_name(point)?;
        out.insert(point, json!(kingdom_key(home)?));
    }
    Ok(json!(out))
}

fn normalize_trapped(value: &Value) -> Result<Value, FieldValueError> {
    let object = value
        .as_object()
        .ok_or_else(|| "expected {kingdom: kingdom or null}".to_string())?;
    let mut out = BTreeMap::new();
    for (kingdom, mover) in object {
        let kingdom = kingdom_key(&json!(kingdom))?;
        out.insert(kingdom.to_string(), normalize_kingdom_or_null(mover)?);
    }
    Ok(json!(out))
}

fn normalize_count(value: &Value) -> Result<Value, FieldValueError> {
    value
        .as_u64()
        .map(|n| json!(n))
        .ok_or_else(|| FieldValueError(format!("expected a count, got {value}")))
}

fn general_captured(report: &Report) -> Value {
    report
        .eliminations
        .iter()
        .find(|elimination| elimination.cause == Cause::GeneralCapture.key())
        .map_or(Value::Null, |elimination| json!(elimination.party))
}

fn drawn_among(report: &Report) -> Value {
    report
        .events
        .iter()
        .find(|event| event.kind == "drawn")
        .map_or(json!([]), |event| json!(event.parties))
}
