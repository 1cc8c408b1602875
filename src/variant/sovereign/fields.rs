//! Sovereign Chess's own expectation fields: who holds which colour
//! (`control`), the two king colours (`king_colours`) and the castling
//! rooks (`castling`) as `state` fields, and `king_colours` after a `play`.

use serde_json::{json, Map, Value};

use crate::variant::{FieldValueError, Report, VariantField};

use super::control::{held_by, Holders};
use super::geometry::Colour;
use super::position::{Player, Position};

/// `{player1: [colours], player2: [colours]}` in colour order.
pub fn control_value(holders: &Holders) -> Value {
    let mut map = Map::new();
    for player in Player::ALL {
        let names: Vec<Value> = held_by(holders, player)
            .into_iter()
            .map(|colour| Value::String(colour.name().to_string()))
            .collect();
        map.insert(player.key().to_string(), Value::Array(names));
    }
    Value::Object(map)
}

/// `{player1: colour, player2: colour}`.
pub fn king_colours_value(position: &Position) -> Value {
    json!({
        "player1": position.kings[0].name(),
        "player2": position.kings[1].name(),
    })
}

/// A scenario value of Sovereign Chess's own fields that is not one.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
enum Problem {
    #[error(
        "expected a colour name (navy, red, green, violet, pink, yellow, ash, slate, cyan, black, white, orange), found {found}"
    )]
    NotAColour { found: Value },
    #[error("expected {{player1: ..., player2: ...}}, found {found}")]
    NotPlayers { found: Value },
    #[error("unknown player '{key}': expected player1 or player2")]
    UnknownPlayer { key: String },
    #[error("both player1 and player2 must be given")]
    BothPlayers,
}

impl From<Problem> for FieldValueError {
    fn from(problem: Problem) -> FieldValueError {
        FieldValueError(problem.to_string())
    }
}

fn colour_name(value: &Value) -> Result<Colour, Problem> {
    value
        .as_str()
        .and_then(Colour::from_name)
        .ok_or_else(|| Problem::NotAColour {
            found: value.clone(),
        })
}

fn players_object(value: &Value) -> Result<&Map<String, Value>, Problem> {
    let map = value.as_object().ok_or_else(|| Problem::NotPlayers {
        found: value.clone(),
    })?;
    for key in map.keys() {
        if Player::from_key(key).is_none() {
            return Err(Problem::UnknownPlayer { key: key.clone() });
        }
    }
    if map.len() != 2 {
        return Err(Problem::BothPlayers);
    }
    Ok(map)
}

fn normalize_control(value: &Value) -> Result<Value, FieldValueError> {
    let map = players_object(value)?;
    let mut out = Map::new();
    for player in Player::ALL {
        let list = map[player.key()]
            .as_array()
            .ok_or_else(|| format!("{}: expected a list of colours", player.key()))?;
        let mut colours = list
            .iter()
            .map(colour_name)
            .collect::<Result<Vec<_>, _>>()?;
        colours.sort();
        colours.dedup();
        out.insert(
            player.key().to_string(),
            Value::Array(
                colours
                    .into_iter()
                    .map(|c| Value::String(c.name().to_string()))
                    .collect(),
            ),
        );
    }
    Ok(Value::Object(out))
}

fn normalize_kings(value: &Value) -> Result<Value, FieldValueError> {
    let map = players_object(value)?;
    let mut out = Map::new();
    for player in Player::ALL {
        let colour = colour_name(&map[player.key()])?;
        out.insert(
            player.key().to_string(),
            Value::String(colour.name().to_string()),
        );
    }
    Ok(Value::Object(out))
}

fn normalize_castling(value: &Value) -> Result<Value, FieldValueError> {
    let text = value.as_str().ok_or_else(|| {
        format!("expected the castling field as text (e.g. CELNceln or -), found {value}")
    })?;
    let valid = text == "-"
        || text
            .chars()
            .all(|c| ('A'..='P').contains(&c) || ('a'..='p').contains(&c));
    if !valid || text.is_empty() {
        return Err(FieldValueError(format!(
            "'{text}': expected '-' or rook files A-P and a-p"
        )));
    }
    Ok(Value::String(text.to_string()))
}

fn report_kings(report: &Report) -> Value {
    Position::from_fen(&report.position)
        .map_or(Value::Null, |position| king_colours_value(&position))
}

/// The `play` fields.
pub const REPORT_FIELDS: [VariantField; 1] = [VariantField {
    name: "king_colours",
    doc: "the colour each player's king wears after the action: {player1: white, player2: black}",
    normalize: normalize_kings,
    view: Some(report_kings),
}];

/// The `state` fields.
pub const STATE_FIELDS: [VariantField; 3] = [
    VariantField {
        name: "control",
        doc: "exactly the colours each player owns or holds: {player1: [white, navy], player2: [black]}",
        normalize: normalize_control,
        view: None,
    },
    VariantField {
        name: "king_colours",
        doc: "the colour each player's king wears: {player1: white, player2: black}",
        normalize: normalize_kings,
        view: None,
    },
    VariantField {
        name: "castling",
        doc: "the castling field of the FEN (rook files, upper case rank 1, lower case rank 16, - none)",
        normalize: normalize_castling,
        view: None,
    },
];
