//! MONARCHIE as the generic harness sees it ([`INFO`]): the parties,
//! cell names, start positions, random positions, refusal codes and the
//! variant's own expectation fields with their readers.

use std::collections::BTreeMap;

use serde_json::{json, Value};

use super::game::{open, open_with_faults};
use crate::variant::monarchie::cell::Cell;
use crate::variant::monarchie::notation::to_notation;
use crate::variant::monarchie::party::Party;
use crate::variant::monarchie::piece::PieceKind;
use crate::variant::monarchie::position::Position;
use crate::variant::monarchie::ruleset::Ruleset;
use crate::variant::{
    Drawings, EnglishNames, FieldValueError, PartyInfo, Report, ReportNames, RulingPerft,
    VariantError, VariantField, VariantId, VariantInfo,
};

/// The six parties of clause 3, clockwise from Blau.
pub const PARTIES: [PartyInfo; 6] = [
    PartyInfo {
        key: "blau",
        native: "Blau",
        english: "Blue",
    },
    PartyInfo {
        key: "gruen",
        native: "Grün",
        english: "Green",
    },
    PartyInfo {
        key: "orange",
        native: "Orange",
        english: "Orange",
    },
    PartyInfo {
        key: "lila",
        native: "Lila",
        english: "Purple",
    },
    PartyInfo {
        key: "gelb",
        native: "Gelb",
        english: "Yellow",
    },
    PartyInfo {
        key: "rot",
        native: "Rot",
        english: "Red",
    },
];

/// MONARCHIE as the generic harness sees it.
pub static INFO: VariantInfo = VariantInfo {
    id: VariantId::Monarchie,
    title: "MONARCHIE",
    clause_prefix: "m.",
    parties: &PARTIES,
    square_word: "cell",
    square: cell_name,
    starts: &["untimed", "timed"],
    start_notation,
    listing: Some(crate::variant::monarchie::listing::read_listing),
    report_fields: &[
        VariantField {
            name: "king_captured",
            doc: "the party whose active king was captured (clause 13); null for none",
            normalize: normalize_party_or_null,
            view: Some(king_captured),
        },
        VariantField {
            name: "forfeited",
            doc: "whether the action was a forfeited turn (clause 15)",
            normalize: normalize_bool,
            view: Some(forfeited),
        },
        VariantField {
            name: "gardez",
            doc: "exactly the Gardez events (clause 12, R-GARDEZ), any order: [{party, cell}]",
            normalize: normalize_gardez,
            view: Some(gardez),
        },
    ],
    state_fields: &[
        VariantField {
            name: "trays",
            doc: "exact trays of some parties (R-PROMO): {party: [kinds]}",
            normalize: normalize_trays,
            view: None,
        },
        VariantField {
            name: "unmoved",
            doc: "exactly the cells of unmoved pawns",
            normalize: normalize_cells,
            view: None,
        },
    ],
    position_fields: &super::notation::FIELDS,
    switchable: true,
    refusals: &REFUSALS,
    refusal_words: &REFUSAL_WORDS,
    causes: &["mate", "stalemate", "king-capture", "flag-fall"],
    event_kinds: &[
        "moved",
        "captured",
        "promoted",
        "forfeited",
        "check",
        "gardez",
        "eliminated",
        "won",
    ],
    kinds: &["king", "queen", "rook", "bishop", "knight", "pawn"],
    pieces: &crate::variant::piece_names::MONARCHIE,
    board: crate::variant::monarchie::picture::board,
    figures: Vec::new,
    capture_owner: "the party whose piece was taken; for a dead blocker (`dead: true`) the eliminated party it belonged to",
    random_position: Some(random_position),
    protocol: &super::protocol_doc::PROTOCOL,
    open,
    alternatives: Ruleset::all_alternatives,
    armies: &[],
    move_squares: |text| {
        let mv: crate::variant::monarchie::moves::Move = text.parse().ok()?;
        Some((mv.from.to_string(), mv.to.to_string()))
    },
    record: crate::variant::RecordInfo {
        name: "MONARCHIE",
        aliases: &[],
        format: crate::variant::RecordFormat::Journal,
    },
    misreadings: crate::variant::MisreadingInfo {
        prefix: "M-",
        catalogue: super::faults::Misreading::catalogue,
        open: open_with_faults,
        frames: super::frames::frames,
    },
    uci: None,
    known_differences: &[],
    report_names: ReportNames {
        read: Some(|text| text.parse::<Party>().ok().map(Party::index)),
        english: EnglishNames::Native,
    },
    drawings: Some(Drawings {
        figures: |letter| {
            crate::variant::monarchie::diagram::figures(Some(letter))
                .map_err(|error| VariantError::Rules(error.to_string()))
        },
        scenario: crate::variant::monarchie::diagram::scenario::diagram,
    }),
    journal: Some(crate::variant::monarchie::journal::INFO),
    suite_files: &[
        crate::variant::monarchie::journal::cases::FILE_KIND,
        crate::variant::monarchie::tournament::cases::FILE_KIND,
    ],
    ruling_perft: Some(RulingPerft {
        corpus: "tests/data/monarchie.perft",
        positions: &["start", "dead-blockers", "promotion", "check"],
    }),
};

/// A random MONARCHIE position for random games (`random::random_position`).
fn random_position(seed: u64, rulings: &[String]) -> Result<String, VariantError> {
    let rules =
        Ruleset::from_settings(rulings).map_err(|error| VariantError::Rules(error.to_string()))?;
    let mut rng = crate::rng::Rng::new(seed);
    Ok(to_notation(
        &crate::variant::monarchie::random::random_position(&mut rng, &rules),
    ))
}

/// What each refusal code means, in English and German (the words the
/// report and the explorer show; `variant/refusal_words.rs`).
pub const REFUSAL_WORDS: [crate::variant::refusal_words::RefusalWords; 22] = {
    use crate::variant::refusal_words::{shared, words};
    [
        shared::BAD_NOTATION,
        shared::GAME_OVER,
        words(
            "wrong-party",
            "another party is to move",
            "andere Partei am Zug",
        ),
        shared::NO_PIECE,
        words(
            "dead-piece",
            "a dead blocker cannot move",
            "tote Blockadefigur zieht nicht",
        ),
        words(
            "same-cell",
            "start and target are the same cell",
            "Start gleich Ziel",
        ),
        shared::OWN_PIECE_ON_TARGET,
        words(
            "not-a-move-of-piece",
            "the piece does not move that way",
            "kein Zug dieser Figur",
        ),
        words(
            "knight-path-missing",
            "the knight's jump crosses missing cells",
            "Sprung über fehlende Zellen",
        ),
        words("path-blocked", "a piece stands in the way", "Weg versperrt"),
        words(
            "king-onto-dead-blocker",
            "a king may not take a dead blocker",
            "König darf keine tote Blockadefigur schlagen",
        ),
        words(
            "pawn-direction-forbidden",
            "the pawn may not move in that direction",
            "verbotene Bauernrichtung",
        ),
        words(
            "pawn-start-move-only",
            "only the pawn's start move goes that way",
            "nur als Startzug des Bauern erlaubt",
        ),
        words(
            "pawn-double-step-spent",
            "the pawn's double step is spent",
            "Doppelschritt schon verbraucht",
        ),
        words(
            "pawn-start-no-capture",
            "a pawn's start move never captures",
            "Startzug des Bauern schlägt nie",
        ),
        words(
            "promotion-not-a-pawn",
            "only pawns promote",
            "nur Bauern wandeln um",
        ),
        words(
            "promotion-outside-zone",
            "the target is outside the promotion zone",
            "Ziel außerhalb der Umwandlungszone",
        ),
        words(
            "promotion-not-available",
            "that piece is not available for promotion",
            "Umwandlungsfigur nicht verfügbar",
        ),
        shared::PROMOTION_REQUIRED,
        shared::LEAVES_KING_IN_CHECK,
        words(
            "elapsed-over-limit",
            "more than the move's time limit",
            "mehr als die Bedenkzeit je Zug",
        ),
        words(
            "elapsed-over-remaining",
            "more time than the clock has left",
            "mehr Zeit als noch auf der Uhr",
        ),
    ]
};

/// Clause 5's refusal codes and `bad-notation` for unreadable text.
const REFUSALS: [&str; 22] = {
    let mut codes = ["bad-notation"; 22];
    let mut index = 0;
    while index < 21 {
        codes[index + 1] = crate::variant::monarchie::rules::Illegal::CODES[index];
        index += 1;
    }
    codes
};

fn cell_name(text: &str) -> Result<String, VariantError> {
    text.parse::<Cell>()
        .map(|cell| cell.number().to_string())
        .map_err(|error| VariantError::Rules(error.to_string()))
}

fn start_notation(name: &str) -> Option<String> {
    match name {
        "untimed" => Some(to_notation(&Position::start())),
        "timed" => Some(to_notation(&Position::timed_start())),
        _ => None,
    }
}

/// A JSON value as text: a string as it is, a number in decimal.
fn text_of(value: &Value) -> Option<String> {
    match value {
        Value::String(text) => Some(text.clone()),
        Value::Number(number) => Some(number.to_string()),
        _ => None,
    }
}

fn party_key(value: &Value) -> Result<&'static str, FieldValueError> {
    let text = text_of(value).ok_or_else(|| format!("expected a party, got {value}"))?;
    text.parse::<Party>()
        .map(Party::key)
        .map_err(|error| FieldValueError(error.to_string()))
}

fn normalize_party_or_null(value: &Value) -> Result<Value, FieldValueError> {
    match value {
        Value::Null => Ok(Value::Null),
        other => party_key(other).map(|key| json!(key)),
    }
}

fn normalize_bool(value: &Value) -> Result<Value, FieldValueError> {
    match value {
        Value::Bool(_) => Ok(value.clone()),
        other => Err(FieldValueError(format!(
            "expected true or false, got {other}"
        ))),
    }
}

fn cell_number(value: &Value) -> Result<u16, FieldValueError> {
    let text = text_of(value).ok_or_else(|| format!("expected a cell number, got {value}"))?;
    text.parse::<Cell>()
        .map(Cell::number)
        .map_err(|error| FieldValueError(error.to_string()))
}

fn normalize_gardez(value: &Value) -> Result<Value, FieldValueError> {
    let items = value
        .as_array()
        .ok_or_else(|| "expected a list of {party, cell}".to_string())?;
    let mut pairs = Vec::new();
    for item in items {
        let object = item
            .as_object()
            .ok_or_else(|| format!("expected {{party, cell}}, got {item}"))?;
        if let Some(key) = object
            .keys()
            .find(|key| !["party", "cell"].contains(&key.as_str()))
        {
            return Err(FieldValueError(format!(
                "unknown field `{key}` (expected party, cell)"
            )));
        }
        let party = party_key(object.get("party").ok_or("missing field `party`")?)?;
        let cell = cell_number(object.get("cell").ok_or("missing field `cell`")?)?;
        pairs.push((
            Party::ALL.iter().position(|p| p.key() == party),
            cell,
            party,
        ));
    }
    pairs.sort();
    Ok(json!(pairs
        .iter()
        .map(|(_, cell, party)| json!({"party": party, "cell": cell}))
        .collect::<Vec<_>>()))
}

fn normalize_trays(value: &Value) -> Result<Value, FieldValueError> {
    let object = value
        .as_object()
        .ok_or_else(|| "expected {party: [kinds]}".to_string())?;
    let mut trays = BTreeMap::new();
    for (party, kinds) in object {
        let party = party_key(&json!(party))?;
        let list = kinds
            .as_array()
            .ok_or_else(|| format!("expected a list of piece kinds for {party}"))?;
        let mut parsed = Vec::new();
        for kind in list {
            let text = kind
                .as_str()
                .ok_or_else(|| format!("expected a piece kind, got {kind}"))?;
            parsed.push(
                text.parse::<PieceKind>()
                    .map_err(|error| error.to_string())?,
            );
        }
        parsed.sort();
        trays.insert(
            party.to_string(),
            json!(parsed.iter().map(|kind| kind.key()).collect::<Vec<_>>()),
        );
    }
    Ok(json!(trays))
}

fn normalize_cells(value: &Value) -> Result<Value, FieldValueError> {
    let list = value
        .as_array()
        .ok_or_else(|| "expected a list of cells".to_string())?;
    let mut cells = list
        .iter()
        .map(cell_number)
        .collect::<Result<Vec<_>, _>>()?;
    cells.sort_unstable();
    Ok(json!(cells))
}

/// `king_captured`: an active king among the captures is a king capture
/// (clause 13); a dead blocker's king is not.
fn king_captured(report: &Report) -> Value {
    report
        .capture
        .as_ref()
        .filter(|capture| capture.kind == "king" && !capture.dead)
        .map_or(Value::Null, |capture| json!(capture.owner))
}

fn forfeited(report: &Report) -> Value {
    json!(report.events.iter().any(|event| event.kind == "forfeited"))
}

fn gardez(report: &Report) -> Value {
    let listed: Vec<Value> = report
        .events
        .iter()
        .filter(|event| event.kind == "gardez")
        .map(|event| {
            json!({
                "party": event.party.clone().unwrap_or_default(),
                "cell": event.at.as_deref().and_then(|at| at.parse::<u16>().ok()).unwrap_or(0),
            })
        })
        .collect();
    normalize_gardez(&json!(listed)).unwrap_or(Value::Null)
}
