//! The scenario listing of a Three Kingdoms position, kingdom by kingdom
//! (`scenarios/README.md`):
//!
//! ```yaml
//! position:
//!   to_move: wu
//!   shu: {Re1: general, Rc4: soldier}
//!   wu: {Re5: horse, Gd1: general}
//!   wei: {Bd1: general, Be3: chariot, Bc3: horse/shu}   # kind/home
//!   defeated: []            # optional
//!   bannermen: off          # optional, default off
//!   last_mover: shu         # optional (R-HEIR history)
//!   trapped_since: {wei: shu}   # optional (R-HEIR history)
//!   quiet: 0                # optional (R-MOVE-LIMIT)
//! ```

use serde_json::{Map, Value};

use super::notation;
use super::point::{Kingdom, Point};
use super::position::{Kind, Piece, Position};
use super::ruleset::Bannermen;

type Problem = (String, String);

fn kingdom(field: &str, value: &Value) -> Result<Kingdom, Problem> {
    value.as_str().and_then(Kingdom::from_key).ok_or_else(|| {
        (
            field.to_string(),
            format!("expected a kingdom (shu, wu, wei), got {value}"),
        )
    })
}

/// Reads a listing into the position text.
///
/// # Errors
/// The field and what was expected.
pub fn read_listing(listing: &Map<String, Value>) -> Result<String, Problem> {
    const FIELDS: [&str; 9] = [
        "to_move",
        "shu",
        "wu",
        "wei",
        "defeated",
        "bannermen",
        "last_mover",
        "trapped_since",
        "quiet",
    ];
    if let Some(key) = listing.keys().find(|key| !FIELDS.contains(&key.as_str())) {
        return Err((
            key.clone(),
            format!(
                "unknown field `{key}` (expected one of {})",
                FIELDS.join(", ")
            ),
        ));
    }
    let bannermen = match listing.get("bannermen").and_then(Value::as_str) {
        None | Some("off") => Bannermen::Off,
        Some("on") => Bannermen::On,
        Some(other) => {
            return Err((
                "bannermen".to_string(),
                format!("expected on or off, got `{other}`"),
            ))
        }
    };
    let mut position = Position::empty(bannermen);
    let to_move = listing
        .get("to_move")
        .ok_or_else(|| ("to_move".to_string(), "missing field `to_move`".to_string()))?;
    position.to_move = Some(kingdom("to_move", to_move)?);
    for owner in Kingdom::ALL {
        let Some(pieces) = listing.get(owner.key()) else {
            continue;
        };
        let field = owner.key().to_string();
        let pieces = pieces.as_object().ok_or_else(|| {
            (
                field.clone(),
                "expected {point: kind} (kind/home for a taken-over piece)".to_string(),
            )
        })?;
        for (name, value) in pieces {
            let at = format!("{field}.{name}");
            let point: Point = name
                .parse()
                .map_err(|error| (at.clone(), format!("{error}")))?;
            let text = value
                .as_str()
                .ok_or_else(|| (at.clone(), format!("expected a piece kind, got {value}")))?;
            let (kind_text, home_text) = text.split_once('/').unwrap_or((text, owner.key()));
            let kind = Kind::from_name(kind_text.trim()).ok_or_else(|| {
                (
                    at.clone(),
                    format!("`{kind_text}` is not a piece kind (general, advisor, elephant, horse, chariot, cannon, soldier, bannerman)"),
                )
            })?;
            let home = Kingdom::from_key(home_text)
                .ok_or_else(|| (at.clone(), format!("`{home_text}` is not a kingdom")))?;
            if position.at(point).is_some() {
                return Err((at, format!("{point} is listed twice")));
            }
            position.put(point, Piece { kind, owner, home });
        }
    }
    if let Some(defeated) = listing.get("defeated") {
        let list = defeated.as_array().ok_or_else(|| {
            (
                "defeated".to_string(),
                "expected a list of kingdoms".to_string(),
            )
        })?;
        for item in list {
            position.active[kingdom("defeated", item)?.index()] = false;
        }
    }
    if let Some(mover) = listing.get("last_mover") {
        position.last_mover = Some(kingdom("last_mover", mover)?);
    }
    if let Some(trapped) = listing.get("trapped_since") {
        let map = trapped.as_object().ok_or_else(|| {
            (
                "trapped_since".to_string(),
                "expected {kingdom: mover}".to_string(),
            )
        })?;
        for (k, mover) in map {
            let k = kingdom("trapped_since", &Value::String(k.clone()))?;
            position.trapped_since[k.index()] = Some(kingdom("trapped_since", mover)?);
        }
    }
    if let Some(quiet) = listing.get("quiet") {
        position.quiet = quiet
            .as_u64()
            .and_then(|n| u32::try_from(n).ok())
            .ok_or_else(|| {
                (
                    "quiet".to_string(),
                    format!("expected a count, got {quiet}"),
                )
            })?;
    }
    Ok(notation::to_text(&position))
}
