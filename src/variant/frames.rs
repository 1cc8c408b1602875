//! Which rule an action plays, in which frame and at which edge (issue
//! 47): computed from the position and the action, never hand-tagged.
//! Each variant's [`crate::variant::MisreadingInfo::frames`] answers it;
//! the names are those of `spec/<variant>/frames.yaml`
//! ([`crate::spec::frames`]). [`generic`] gives what every variant shares:
//! the rule (`move.<kind>`, `capture.<kind>`, `check.<kind>` for a move
//! that puts a king in check or is refused for the check it would give,
//! `check.self` for a move refused for leaving the mover's king attacked,
//! `check.evade` for an action of a party in check) in the frame of the party that plays it; a variant adds its own
//! frames and edges on top.

use super::Game;

/// One tag: the rule an action plays and the frame or edge it plays it in.
pub type FrameTag = (String, String);

/// What a legal action does, as [`generic`] and the variants read it.
pub struct Played {
    /// The party that plays it.
    pub mover: String,
    /// The kind of the piece that moves (lowercase English), if a piece does.
    pub kind: Option<String>,
    /// Its from- and to-square.
    pub squares: Option<(String, String)>,
    /// Whether it captures.
    pub captures: bool,
    /// The parties it puts in check.
    pub checks: Vec<String>,
    /// Whether the mover was in check before it.
    pub evades: bool,
    /// Whether the reference accepts it.
    pub legal: bool,
    /// Refused because it would leave the mover's own king attacked.
    pub self_check: bool,
}

/// Reads `action` in `game` (played on a copy).
pub fn played(game: &dyn Game, action: &str) -> Option<Played> {
    let mover = game.to_move()?;
    let squares = game.move_squares(action);
    let kind = squares.as_ref().and_then(|(from, _)| {
        let occupant = game.occupant(from).ok()?;
        (occupant != "empty").then(|| occupant.rsplit(' ').next().unwrap_or("").to_string())
    });
    let evades = game.in_check().contains(&mover);
    let mut copy = game.boxed_clone();
    let mut self_check = false;
    let (legal, captures, checks) = match copy.play(action) {
        Ok(report) => (
            true,
            report.capture.is_some(),
            report
                .checks
                .iter()
                .filter(|party| **party != mover)
                .cloned()
                .collect(),
        ),
        Err(refusal) => {
            // A refused move still plays its rule: the target tells
            // a capture from a move, and a move refused for the check it
            // would give (Racing Kings) plays the check rule.
            let captures = squares.as_ref().is_some_and(|(_, to)| {
                game.occupant(to)
                    .is_ok_and(|o| o != "empty" && !o.contains(&mover))
            });
            self_check = refusal.code == "leaves-king-in-check";
            let checks = if refusal.code == "gives-check" {
                vec!["(refused)".to_string()]
            } else {
                Vec::new()
            };
            (false, captures, checks)
        }
    };
    Some(Played {
        mover,
        kind,
        squares,
        captures,
        checks,
        evades,
        legal,
        self_check,
    })
}

/// The tags every variant shares, in the frame `frame` (the mover's party
/// key unless a variant names its frames otherwise).
pub fn tags_in(played: &Played, frame: &str) -> Vec<FrameTag> {
    let mut tags = Vec::new();
    let Some(kind) = &played.kind else {
        return tags;
    };
    let rule = if played.captures { "capture" } else { "move" };
    tags.push((format!("{rule}.{kind}"), frame.to_string()));
    if !played.checks.is_empty() {
        tags.push((format!("check.{kind}"), frame.to_string()));
    }
    if played.self_check {
        tags.push(("check.self".to_string(), frame.to_string()));
    }
    if played.evades {
        tags.push(("check.evade".to_string(), frame.to_string()));
    }
    tags
}

/// The tags every variant shares, in the mover's frame: for a variant
/// that adds no frames or edges of its own.
pub fn generic(game: &dyn Game, action: &str) -> Vec<FrameTag> {
    played(game, action).map_or_else(Vec::new, |p| tags_in(&p, &p.mover))
}
