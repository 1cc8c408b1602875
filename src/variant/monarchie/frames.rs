//! MONARCHIE's frames and edges (`spec/monarchie/frames.yaml`, issue 47),
//! computed from the position and the action: the frame is the moving
//! party's orientation (its seat turns every direction a pawn may take),
//! and `dead` when the position holds dead blockers (clause 4); a pawn's
//! move has an edge where its target lies against its promotion triangle
//! (clause 6.6, R-PROMO-ZONE): the opposite triangle's tip, its rim next
//! to the centre, its inside, the cells just outside it, a notch where two
//! triangles meet, and a neighbouring foreign triangle.

use crate::variant::frames::{played, tags_in, FrameTag};
use crate::variant::Game;

use super::geometry::{geometry, Side};
use super::{Cell, Party};

/// Where a cell lies for a pawn of `party` (its promotion zone is the
/// opposite start triangle): the edge's name, if it is one.
pub fn promotion_edge(party: Party, cell: Cell) -> Option<&'static str> {
    let geometry = geometry();
    let zone = party.opposite();
    let owner = geometry.triangle_of(cell);
    let neighbours = || {
        Side::ALL
            .into_iter()
            .filter_map(move |side| geometry.neighbour(cell, side))
    };
    if cell == geometry.tip(zone) {
        return Some("promo-tip");
    }
    match owner {
        Some(owner) if owner == zone => {
            if neighbours().any(|n| geometry.triangle_of(n) != Some(zone)) {
                Some("promo-rim")
            } else {
                Some("promo-inside")
            }
        }
        Some(owner) if owner == party => None,
        Some(_) => Some("foreign-triangle"),
        None => {
            let triangles: std::collections::BTreeSet<usize> = neighbours()
                .filter_map(|n| geometry.triangle_of(n).map(Party::index))
                .collect();
            if triangles.len() >= 2 {
                Some("notch")
            } else if triangles.contains(&zone.index()) {
                Some("promo-outside")
            } else {
                None
            }
        }
    }
}

/// The rule, frame and edge tags of `action` in `game`.
pub fn frames(game: &dyn Game, action: &str) -> Vec<FrameTag> {
    let Some(played) = played(game, action) else {
        return Vec::new();
    };
    let mut tags = tags_in(&played, &played.mover);
    if game.pieces().iter().any(|(_, o)| o.starts_with("dead ")) {
        tags.extend(tags_in(&played, "dead"));
    }
    if played.kind.as_deref() == Some("pawn") {
        let edge = played.squares.as_ref().and_then(|(_, to)| {
            let party = played.mover.parse::<Party>().ok()?;
            promotion_edge(party, to.parse::<Cell>().ok()?)
        });
        if let Some(edge) = edge {
            let rule = if played.captures {
                "capture.pawn"
            } else {
                "move.pawn"
            };
            tags.push((rule.to_string(), edge.to_string()));
        }
    }
    tags
}
