//! MONARCHIE's per-party listing of a position, as scenario files write it
//! (`scenarios/README.md`, "Positions"): the party to move, the eliminated
//! parties, each party's pieces by kind, unmoved pawns, trays, clocks. The
//! generic scenario loader hands the listing here and gets the one-line
//! notation back.

use std::collections::BTreeMap;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::variant::monarchie::cell::Cell;
use crate::variant::monarchie::notation::to_notation;
use crate::variant::monarchie::party::{ByParty, Party};
use crate::variant::monarchie::piece::{Piece, PieceKind};
use crate::variant::monarchie::position::Position;
use crate::variant::monarchie::setup::{Placed, Setup, Tray};

/// The pieces of one party, by kind. For an eliminated party these are its
/// dead blockers.
#[derive(Clone, Debug, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ArmySpec {
    /// The king's cell (active parties only).
    #[serde(default)]
    pub king: Option<Cell>,
    /// Queens.
    #[serde(default)]
    pub queens: Vec<Cell>,
    /// Rooks.
    #[serde(default)]
    pub rooks: Vec<Cell>,
    /// Bishops.
    #[serde(default)]
    pub bishops: Vec<Cell>,
    /// Knights.
    #[serde(default)]
    pub knights: Vec<Cell>,
    /// Pawns.
    #[serde(default)]
    pub pawns: Vec<Cell>,
    /// Which of `pawns` are still unmoved on their own start cell.
    #[serde(default)]
    pub unmoved: Vec<Cell>,
    /// Captured own pieces available for promotion.
    #[serde(default)]
    pub tray: Vec<PieceKind>,
}

/// A MONARCHIE position listed party by party.
#[derive(Clone, Debug, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Listing {
    /// The party to move.
    #[serde(default)]
    pub to_move: Option<Party>,
    /// Eliminated parties; their pieces are dead blockers.
    #[serde(default)]
    pub eliminated: Vec<Party>,
    /// Blau's pieces.
    #[serde(default)]
    pub blau: Option<ArmySpec>,
    /// Grün's pieces.
    #[serde(default)]
    pub gruen: Option<ArmySpec>,
    /// Orange's pieces.
    #[serde(default)]
    pub orange: Option<ArmySpec>,
    /// Lila's pieces.
    #[serde(default)]
    pub lila: Option<ArmySpec>,
    /// Gelb's pieces.
    #[serde(default)]
    pub gelb: Option<ArmySpec>,
    /// Rot's pieces.
    #[serde(default)]
    pub rot: Option<ArmySpec>,
    /// Remaining seconds, all six parties, when the game is timed.
    #[serde(default)]
    pub clocks: Option<BTreeMap<Party, u32>>,
    /// R-NEXT=trigger-anchor only: the party whose move began the pending
    /// checks.
    #[serde(default)]
    pub check_anchor: Option<Party>,
}

impl Listing {
    fn army(&self, party: Party) -> Option<&ArmySpec> {
        match party {
            Party::Blau => self.blau.as_ref(),
            Party::Gruen => self.gruen.as_ref(),
            Party::Orange => self.orange.as_ref(),
            Party::Lila => self.lila.as_ref(),
            Party::Gelb => self.gelb.as_ref(),
            Party::Rot => self.rot.as_ref(),
        }
    }

    /// The setup the listing describes.
    ///
    /// # Errors
    /// `(field, message)` naming what is wrong.
    pub fn setup(&self) -> Result<Setup, (String, String)> {
        let mut setup = Setup {
            to_move: self.to_move,
            eliminated: self.eliminated.clone(),
            check_anchor: self.check_anchor,
            ..Setup::default()
        };
        let mut trays = ByParty::<Tray>::default();
        for party in Party::ALL {
            let Some(army) = self.army(party) else {
                continue;
            };
            let eliminated = self.eliminated.contains(&party);
            let groups: [(PieceKind, &[Cell]); 6] = [
                (PieceKind::King, army.king.as_slice()),
                (PieceKind::Queen, &army.queens),
                (PieceKind::Rook, &army.rooks),
                (PieceKind::Bishop, &army.bishops),
                (PieceKind::Knight, &army.knights),
                (PieceKind::Pawn, &army.pawns),
            ];
            for (kind, cells) in groups {
                for &cell in cells {
                    let placed = Placed {
                        cell,
                        piece: Piece::new(party, kind),
                    };
                    if eliminated {
                        setup.dead_blockers.push(placed);
                    } else {
                        setup.pieces.push(placed);
                    }
                }
            }
            for &cell in &army.unmoved {
                if !army.pawns.contains(&cell) {
                    return Err((
                        format!("{}.unmoved", party.key()),
                        format!("cell {cell} is listed as unmoved but not among the {party} pawns"),
                    ));
                }
                setup.unmoved_pawns.push(cell);
            }
            let max = crate::variant::monarchie::notation::MAX_TRAY;
            if army.tray.len() > max {
                return Err((
                    format!("{}.tray", party.key()),
                    format!("the tray holds {} pieces, more than MAX_TRAY ({max}); a party has {max} pieces besides its king (Anhang A)", army.tray.len()),
                ));
            }
            trays[party] = army.tray.iter().copied().collect();
        }
        setup.trays = trays;
        if let Some(clocks) = &self.clocks {
            let mut seconds = [0u32; 6];
            for party in Party::ALL {
                seconds[party.index()] = *clocks.get(&party).ok_or_else(|| {
                    (
                        "clocks".to_string(),
                        format!("clocks must give all six parties; {party} is missing"),
                    )
                })?;
            }
            setup.clocks = Some(ByParty(seconds));
        }
        Ok(setup)
    }
}

/// Reads a listing (the position fields other than `start`, `notation`,
/// `invalid`) into the one-line notation.
///
/// # Errors
/// `(field, message)`: an unknown or mistyped field, or a setup problem.
pub fn read_listing(
    fields: &serde_json::Map<String, serde_json::Value>,
) -> Result<String, (String, String)> {
    let listing: Listing = serde_json::from_value(serde_json::Value::Object(fields.clone()))
        .map_err(|error| {
            // Every field has a default, so each reads alone: the first
            // that fails alone is the one to name.
            let field = fields
                .iter()
                .find(|(key, value)| {
                    let alone = serde_json::Map::from_iter([((*key).clone(), (*value).clone())]);
                    serde_json::from_value::<Listing>(serde_json::Value::Object(alone)).is_err()
                })
                .map_or_else(|| "listing".to_string(), |(key, _)| key.clone());
            (field, crate::input::plain(&error.to_string()))
        })?;
    let position = Position::from_setup(&listing.setup()?)
        .map_err(|error| ("listing".to_string(), error.to_string()))?;
    Ok(to_notation(&position))
}
