//! The variant's own invariants after every ply of a random game (the
//! design's list), F-CAPTURE-ONE-WAY among them.

use super::movegen::Engine;
use super::notation;
use super::point::{Kingdom, Point};
use super::position::{Kind, Move, Position};
use super::ruleset::{Check, Facing, GeneralCapture, Origin, Resign, Ruleset, Takeover};
use super::transition;
use crate::variant::{Report, Status};

type Broken = (String, String);

fn broken(name: &str, detail: String) -> Broken {
    (name.to_string(), detail)
}

/// Whether the design's F-CAPTURE-ONE-WAY property is claimed under
/// these rules (the default readings of check, facing and capture).
fn one_way_applies(rules: &Ruleset) -> bool {
    rules.check == Check::AfterCapture
        && rules.facing == Facing::Restriction
        && rules.general_capture == GeneralCapture::UnderCheckRule
        && rules.takeover == Takeover::Everything
}

/// Checks every invariant of the design after `report` led from `before`
/// to `position` with `status`, under the rules of `engine`.
///
/// # Errors
/// The first broken invariant and what was seen.
pub fn check(
    engine: &Engine,
    position: &Position,
    status: &Status,
    before: &str,
    report: &Report,
) -> Result<(), Broken> {
    let resigned = matches!(*status, Status::Won { ref reason, .. } if reason != "last-general")
        && engine.rules.resign == Resign::EndsGame;
    for k in Kingdom::ALL {
        let generals: Vec<Point> = position
            .pieces()
            .filter(|(_, piece)| piece.kind == Kind::General && piece.owner == k)
            .map(|(point, _)| point)
            .collect();
        if position.is_active(k) {
            let home = engine.rules.facing == Facing::Restriction;
            if generals.len() != 1
                || (home && !generals[0].in_palace_of(k))
                || !generals[0].in_a_palace()
            {
                return Err(broken(
                    "one-general-in-its-palace",
                    format!("{k}: generals on {generals:?}"),
                ));
            }
        } else if !resigned && position.pieces().any(|(_, piece)| piece.owner == k) {
            return Err(broken(
                "defeated-own-nothing",
                format!("{k} is defeated and owns pieces"),
            ));
        }
    }
    if let Some(k) = position.to_move {
        if !position.is_active(k) {
            return Err(broken(
                "defeated-never-move",
                format!("{k} is to move but defeated"),
            ));
        }
    }
    if engine.rules.origin == Origin::Home {
        for (point, piece) in position.pieces() {
            let home_ok = match piece.kind {
                Kind::Elephant => point.kingdom() == piece.home,
                Kind::Advisor => point.in_palace_of(piece.home),
                _ => true,
            };
            if !home_ok {
                return Err(broken(
                    "palace-pieces-stay-home",
                    format!("{} {} on {point}", piece.home, piece.kind.name()),
                ));
            }
        }
    }
    let Ok(earlier) = notation::from_text(before) else {
        return Err(broken("before-readable", before.to_string()));
    };
    if position.piece_count() > earlier.piece_count() {
        return Err(broken("piece-count-never-grows", report.action.clone()));
    }
    if let Ok(mv) = report.action.parse::<Move>() {
        mover_safe(engine, &earlier, mv, position)?;
        one_way(engine, &earlier, report)?;
    }
    for k in position.active_kingdoms() {
        if let Some(general) = position.generals[k.index()] {
            let fast = engine.attacked(position, general, k);
            let slow = engine.attacked_by_generation(position, general, k);
            if fast != slow {
                return Err(broken(
                    "attack-test-agrees-with-generation",
                    format!("{k}'s general on {general}: attack test {fast}, generation {slow}"),
                ));
            }
        }
    }
    Ok(())
}

/// The mover's general is neither attacked nor facing right after its
/// move (R-CHECK: after the capture effects, or the whole transition).
fn mover_safe(engine: &Engine, earlier: &Position, mv: Move, now: &Position) -> Result<(), Broken> {
    let mut earlier = *earlier;
    earlier.refresh_generals();
    let Some(mover) = earlier.to_move else {
        return Ok(());
    };
    if engine.rules.general_capture == GeneralCapture::AlwaysLegal
        && earlier
            .at(mv.to)
            .is_some_and(|piece| piece.kind == Kind::General)
    {
        return Ok(());
    }
    let judged = match engine.rules.check {
        Check::AfterCapture => {
            let mut next = earlier;
            transition::move_and_capture(engine, &mut next, mover, mv);
            next
        }
        Check::AfterTransition => *now,
    };
    if judged.is_active(mover) && engine.in_check(&judged, mover) {
        return Err(broken("mover-not-in-check", format!("{mover} after {mv}")));
    }
    Ok(())
}

/// F-CAPTURE-ONE-WAY: a general is only captured by the active kingdom
/// before it in turn order.
fn one_way(engine: &Engine, earlier: &Position, report: &Report) -> Result<(), Broken> {
    if !one_way_applies(&engine.rules) {
        return Ok(());
    }
    for elimination in &report.eliminations {
        if elimination.cause != "general-capture" {
            continue;
        }
        let victim = Kingdom::from_key(&elimination.party).unwrap_or(Kingdom::SHU);
        let predecessor = earlier.previous_active(victim);
        if predecessor.key() != report.actor {
            return Err(broken(
                "capture-one-way",
                format!(
                    "{} captured {}'s general; its predecessor is {predecessor}",
                    report.actor, victim
                ),
            ));
        }
    }
    Ok(())
}
