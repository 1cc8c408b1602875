//! Sovereign Chess's own invariants for random games: S-SETUP validity
//! after every ply, control kept (the report's control changes applied to
//! the control before) equal to control recomputed from the board, every
//! held colour backed by an occupant of the same holder, and the mirror
//! symmetry of the design (rank r <-> 17 - r, colours swapped by sigma,
//! players exchanged) as equal move lists.

use crate::variant::Report;

use super::control::{holders, occupant, Holders};
use super::geometry::Colour;
use super::moves::Move;
use super::position::{Player, Position};
use super::rules::legal_moves;
use super::ruleset::{ControlFreed, Ruleset};
use super::setup::problems;

fn broken(name: &str, detail: String) -> Result<(), (String, String)> {
    Err((name.to_string(), detail))
}

/// The per-ply invariants after `report` took the game from `before` to
/// `position` under `rules`.
///
/// # Errors
/// The name of the broken invariant and what was seen.
pub fn check(
    position: &Position,
    rules: &Ruleset,
    before: &str,
    report: &Report,
) -> Result<(), (String, String)> {
    let found = problems(position, rules);
    if !found.is_empty() {
        return broken(
            "setup-valid",
            format!("after {}: {}", report.action, found.join("; ")),
        );
    }
    let now = holders(position, rules);
    if rules.control_freed == ControlFreed::AtOnce {
        let Ok(earlier) = Position::from_fen(before) else {
            return broken(
                "control-kept",
                format!("the position before {} does not read back", report.action),
            );
        };
        let mut kept: Holders = holders(&earlier, rules);
        for change in &report.control {
            let Some(colour) = Colour::from_name(&change.army) else {
                return broken("control-kept", format!("unknown army {}", change.army));
            };
            kept[colour.index()] = change.to.as_deref().and_then(Player::from_key);
        }
        if kept != now {
            return broken(
                "control-kept",
                format!("after {}: kept {kept:?}, recomputed {now:?}", report.action),
            );
        }
    }
    for colour in Colour::ALL {
        let Some(holder) = now[colour.index()] else {
            continue;
        };
        if position.kings.contains(&colour) {
            if position.kings[holder.index()] != colour {
                return broken(
                    "king-colour-owned",
                    format!(
                        "{} is a king colour held by the other player",
                        colour.name()
                    ),
                );
            }
            continue;
        }
        let backed = occupant(position, colour).is_some_and(|by| now[by.index()] == Some(holder));
        if !backed {
            return broken(
                "held-colour-backed",
                format!(
                    "{} is held by {} without an occupant of a colour it holds",
                    colour.name(),
                    holder.key()
                ),
            );
        }
    }
    Ok(())
}

/// The mirror image of a move.
pub fn mirrored(mv: Move) -> Move {
    match mv {
        Move::Step {
            from,
            to,
            promotion,
        } => Move::Step {
            from: from.mirrored(),
            to: to.mirrored(),
            promotion,
        },
        Move::Castle { king, to, rook } => Move::Castle {
            king: king.mirrored(),
            to: to.mirrored(),
            rook: rook.mirrored(),
        },
        Move::Defect { colour, step } => Move::Defect {
            colour: colour.mirrored(),
            step: step.map(|(from, to)| (from.mirrored(), to.mirrored())),
        },
    }
}

/// The mirror symmetry: the mirrored `position`'s legal moves under
/// `rules` are exactly the mirrored legal moves.
///
/// # Errors
/// The invariant's name and the differing moves.
pub fn mirror(position: &Position, rules: &Ruleset) -> Result<(), (String, String)> {
    let mut moves = Vec::new();
    legal_moves(position, rules, None, &mut moves);
    let mut expected: Vec<String> = moves
        .into_iter()
        .map(|mv| mirrored(mv).to_string())
        .collect();
    let image = position.mirrored();
    let mut actual = Vec::new();
    legal_moves(&image, rules, None, &mut actual);
    let mut actual: Vec<String> = actual.iter().map(Move::to_string).collect();
    expected.sort();
    actual.sort();
    if expected != actual {
        let missing: Vec<&String> = expected.iter().filter(|mv| !actual.contains(mv)).collect();
        let extra: Vec<&String> = actual.iter().filter(|mv| !expected.contains(mv)).collect();
        return broken(
            "mirror-symmetry",
            format!(
                "at {}: the mirror image lacks {missing:?} and has {extra:?} besides",
                position.to_fen()
            ),
        );
    }
    Ok(())
}
