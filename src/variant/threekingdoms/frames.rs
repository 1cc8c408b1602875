//! The frames and edges of Three Kingdoms Xiangqi
//! (`spec/threekingdoms/frames.yaml`, issue 47), computed from the
//! position and the action, never hand-tagged.
//!
//! Frames: the kingdom that plays (as [`crate::variant::frames::generic`]
//! computes it), and where the moving piece acts, seen from its home
//! (R-ORIGIN: movement geometry follows the home, clause tk.T8):
//! `own-half` (it starts on its home half), `rival-half` (it starts on
//! another half, having crossed, clause tk.T5), `triangle` (it starts or
//! ends on a triangle point or passes one: a slider along a central line,
//! a horse's leg or a bannerman's path, clauses tk.P2/tk.T2) and
//! `taken-over` (its owner is not its home: a defeated army passed to an
//! heir, clause tk.T8, R-TAKEOVER).
//!
//! Edges of the movement and capture rules: `bank` (the move starts or
//! ends on a bank rank, rank 5), `arm-shu-wu`, `arm-wu-wei`, `arm-wei-shu`
//! (it goes from one half into another across that river arm, not along a
//! central line through the triangle: R-CROSSING) and `palace-edge` (a
//! general or advisor moves from a palace point that borders the rest of
//! its half: files d and f, rank 3; clause tk.T5).
//!
//! One addition to the generic rules: a move refused with
//! `general-attacked` (it would leave the mover's own general attacked,
//! clause tk.T7) plays the rule `check.self`, as the chess variants'
//! `leaves-king-in-check` does.

use std::sync::OnceLock;

use crate::variant::frames::{played, tags_in, FrameTag, Played};
use crate::variant::Game;

use super::geometry::Geometry;
use super::point::{Kingdom, Point};
use super::ruleset::Ruleset;

/// The refusal of a move that would leave the mover's general attacked.
const GENERAL_ATTACKED: &str = "general-attacked";

/// The default geometry, for the legs of horse and bannerman jumps.
fn geometry() -> &'static Geometry {
    static GEOMETRY: OnceLock<Geometry> = OnceLock::new();
    GEOMETRY.get_or_init(|| Geometry::build(&Ruleset::default()))
}

/// Whether a move of a `kind` piece from `from` to `to` starts, ends or
/// passes on a triangle point: a slider going between two halves along
/// e-files runs through the triangle; a horse's leg or a bannerman's two
/// path points may be one (under the default geometry).
fn touches_triangle(kind: &str, from: Point, to: Point) -> bool {
    if from.is_triangle() || to.is_triangle() {
        return true;
    }
    let jumps = match kind {
        "horse" => &geometry().horse[from.index()],
        "bannerman" => &geometry().banner[from.index()],
        _ => return from.kingdom() != to.kingdom() && from.file() == 4 && to.file() == 4,
    };
    jumps
        .iter()
        .any(|j| j.to == to && (j.leg.is_triangle() || j.leg2.is_triangle()))
}

/// The river arm between the halves of `a` and `b` (two different
/// kingdoms): its edge name.
fn arm(a: Kingdom, b: Kingdom) -> &'static str {
    match (a.index().min(b.index()), a.index().max(b.index())) {
        (0, 1) => "arm-shu-wu",
        (1, 2) => "arm-wu-wei",
        _ => "arm-wei-shu",
    }
}

/// The home of the piece on `point`, from the game's `homes` field.
fn home_of(game: &dyn Game, point: &str) -> Option<Kingdom> {
    let homes = game.state_field("homes")?;
    Kingdom::from_key(homes.get(point)?.as_str()?)
}

/// The frames where the moving piece acts (beside the mover's kingdom).
fn piece_frames(game: &dyn Game, played: &Played, from: Point, to: Point) -> Vec<&'static str> {
    let kind = played.kind.as_deref().unwrap_or("");
    let home = home_of(game, &from.to_string()).unwrap_or(from.kingdom());
    let mut frames = vec![if from.kingdom() == home {
        "own-half"
    } else {
        "rival-half"
    }];
    if touches_triangle(kind, from, to) {
        frames.push("triangle");
    }
    if home.key() != played.mover {
        frames.push("taken-over");
    }
    frames
}

/// The edges of the move (movement and capture rules only).
fn edges(played: &Played, from: Point, to: Point) -> Vec<&'static str> {
    let kind = played.kind.as_deref().unwrap_or("");
    let mut edges = Vec::new();
    if from.rank() == 4 || to.rank() == 4 {
        edges.push("bank");
    }
    let central = from.file() == 4 && to.file() == 4 && !matches!(kind, "horse" | "bannerman");
    if from.kingdom() != to.kingdom() && !central {
        edges.push(arm(from.kingdom(), to.kingdom()));
    }
    let palace_rim = from.in_a_palace() && (from.file() != 4 || from.rank() == 2);
    if matches!(kind, "general" | "advisor") && palace_rim {
        edges.push("palace-edge");
    }
    edges
}

/// The tags of `action` in `game`: the generic ones in the mover's frame
/// (`check.self` also for a move refused with `general-attacked`), the
/// same rules in the frames of where the piece acts, and the movement or
/// capture rule at each edge the move has.
pub fn tags(game: &dyn Game, action: &str) -> Vec<FrameTag> {
    let Some(mut played) = played(game, action) else {
        return Vec::new();
    };
    if !played.legal {
        let mut copy = game.boxed_clone();
        played.self_check |= copy
            .play(action)
            .is_err_and(|refusal| refusal.code == GENERAL_ATTACKED);
    }
    let mut tags = tags_in(&played, &played.mover);
    let points = played
        .squares
        .as_ref()
        .and_then(|(from, to)| Some((from.parse::<Point>().ok()?, to.parse::<Point>().ok()?)));
    let (Some((from, to)), Some(kind)) = (points, played.kind.as_deref()) else {
        return tags;
    };
    for frame in piece_frames(game, &played, from, to) {
        tags.extend(tags_in(&played, frame));
    }
    let rule = if played.captures { "capture" } else { "move" };
    for edge in edges(&played, from, to) {
        tags.push((format!("{rule}.{kind}"), edge.to_string()));
    }
    tags
}
