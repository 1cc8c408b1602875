//! Sovereign Chess's frames and edges (`spec/sovereign/frames.yaml`,
//! issue 47), computed from the position and the action, never
//! hand-tagged.
//!
//! Frames: the player who moves; the quadrants (cut by the two brown
//! lines, clause sc.1.lines) the moving piece leaves and reaches; for a
//! pawn, the direction it advances (S-PAWN-DIR: a pawn goes toward the
//! brown lines, so the armies' pawns advance north, south, east or west
//! by where they stand).
//!
//! Edges: a pawn reaching the promotion zone (clause sc.10, its outer
//! ring of twelve squares) or the ring just outside it, on each of the
//! four sides; a queen, rook or bishop moving exactly 8 or 9 squares, and
//! one ending on a clear line 8 or 9 squares from the opponent's king
//! (S-SLIDE-LIMIT, clause sc.4); a move onto either square of a coloured
//! pair (S-PAIR, clause sc.8): the one near rank 1 or the one near rank 16.

use crate::variant::frames::{played, tags_in, FrameTag};
use crate::variant::Game;

use super::geometry::Square;
use super::position::{Player, Position, Role};

/// The quadrant frames of a square: west of the h|i line or east, south
/// of the 8|9 line or north.
fn quadrant(square: Square) -> &'static str {
    match (square.file() < 8, square.rank() < 8) {
        (true, true) => "quadrant-sw",
        (false, true) => "quadrant-se",
        (true, false) => "quadrant-nw",
        (false, false) => "quadrant-ne",
    }
}

/// S-PAWN-DIR: the directions a pawn's move from `from` to `to`
/// advances in, those of its components that bring the pawn nearer a
/// brown line; a move that brings it nearer neither (one the rule
/// refuses) is seen in the directions it goes.
pub fn pawn_directions(from: Square, to: Square) -> Vec<&'static str> {
    let (df, dr) = (to.file() - from.file(), to.rank() - from.rank());
    let file = match df.signum() {
        1 => Some("pawn-east"),
        -1 => Some("pawn-west"),
        _ => None,
    };
    let rank = match dr.signum() {
        1 => Some("pawn-north"),
        -1 => Some("pawn-south"),
        _ => None,
    };
    let nearer = [
        (file, to.file_distance() < from.file_distance()),
        (rank, to.rank_distance() < from.rank_distance()),
    ];
    let advancing: Vec<&'static str> = nearer
        .iter()
        .filter(|(_, lowers)| *lowers)
        .filter_map(|(direction, _)| *direction)
        .collect();
    if advancing.is_empty() {
        [file, rank].into_iter().flatten().collect()
    } else {
        advancing
    }
}

/// Clause sc.10: the sides of the promotion zone (files g-j, ranks 7-10)
/// a pawn's target lies on, as `zone-<side>` for one of the zone's outer
/// squares and `ring-<side>` for the ring just outside it (files f-k,
/// ranks 6-11); a corner lies on two sides.
pub fn zone_edges(to: Square) -> Vec<&'static str> {
    let (f, r) = (to.file(), to.rank());
    let mut edges = Vec::new();
    if to.in_zone() {
        for (on, edge) in [
            (r == 6, "zone-south"),
            (r == 9, "zone-north"),
            (f == 6, "zone-west"),
            (f == 9, "zone-east"),
        ] {
            if on {
                edges.push(edge);
            }
        }
    } else if (5..=10).contains(&f) && (5..=10).contains(&r) {
        for (on, edge) in [
            (r == 5, "ring-south"),
            (r == 10, "ring-north"),
            (f == 5, "ring-west"),
            (f == 10, "ring-east"),
        ] {
            if on {
                edges.push(edge);
            }
        }
    }
    edges
}

/// The number of squares a straight move goes, if it is straight
/// (along a rank, a file or a diagonal).
fn straight_length(from: Square, to: Square) -> Option<i32> {
    let (df, dr) = (to.file() - from.file(), to.rank() - from.rank());
    (df == 0 || dr == 0 || df.abs() == dr.abs()).then(|| df.abs().max(dr.abs()))
}

/// S-SLIDE-LIMIT at the check rule: the slider that moved to `to` stands
/// on a clear line (rank or file for a rook, diagonal for a bishop, both
/// for a queen) 8 or 9 squares from the opponent's king, which stands on
/// no square of the slider's colour (S-OWN-COLOUR): the length, if so.
fn check_line(after: &Position, mover: Player, to: Square) -> Option<i32> {
    let piece = after.at(to)?;
    let king = after.king(mover.other())?;
    if king.colour() == Some(piece.colour) {
        return None;
    }
    let (df, dr) = (king.file() - to.file(), king.rank() - to.rank());
    let length = straight_length(to, king)?;
    let diagonal = df != 0 && dr != 0;
    let fits = match piece.role {
        Role::Queen => true,
        Role::Rook => !diagonal,
        Role::Bishop => diagonal,
        _ => false,
    };
    let clear = (1..length).all(|step| {
        to.offset(df.signum() * step, dr.signum() * step)
            .is_some_and(|square| after.at(square).is_none())
    });
    (fits && clear && (8..=9).contains(&length)).then_some(length)
}

/// The edges of a move or capture of a `kind` piece from `from` to `to`.
fn edges(kind: &str, from: Square, to: Square) -> Vec<&'static str> {
    let mut edges = Vec::new();
    if kind == "pawn" {
        edges.extend(zone_edges(to));
    }
    if matches!(kind, "queen" | "rook" | "bishop") {
        match straight_length(from, to) {
            Some(8) => edges.push("slide-8"),
            Some(9) => edges.push("slide-9"),
            _ => {}
        }
    }
    if to.colour().is_some() {
        edges.push(if to.rank() < 8 {
            "pair-near"
        } else {
            "pair-far"
        });
    }
    edges
}

/// The rule, frame and edge tags of `action` in `game`.
pub fn frames(game: &dyn Game, action: &str) -> Vec<FrameTag> {
    let Some(played) = played(game, action) else {
        return Vec::new();
    };
    let mut tags = tags_in(&played, &played.mover);
    let (Some(kind), Some((from, to))) = (played.kind.clone(), played.squares.as_ref()) else {
        return tags;
    };
    let (Ok(from), Ok(to)) = (Square::parse(from), Square::parse(to)) else {
        return tags;
    };
    for frame in [quadrant(from), quadrant(to)] {
        if !tags.iter().any(|(_, cell)| cell == frame) {
            tags.extend(tags_in(&played, frame));
        }
    }
    if kind == "pawn" {
        for direction in pawn_directions(from, to) {
            tags.extend(
                tags_in(&played, direction)
                    .into_iter()
                    .filter(|(rule, _)| rule.ends_with(".pawn")),
            );
        }
    }
    let rule = if played.captures { "capture" } else { "move" };
    for edge in edges(&kind, from, to) {
        tags.push((format!("{rule}.{kind}"), edge.to_string()));
    }
    if played.legal && matches!(kind.as_str(), "queen" | "rook" | "bishop") {
        let mut copy = game.boxed_clone();
        let after = copy
            .play(action)
            .ok()
            .and_then(|_| Position::from_fen(&copy.position_text()).ok());
        let mover = Player::from_key(&played.mover);
        if let (Some(after), Some(mover)) = (after, mover) {
            match check_line(&after, mover, to) {
                Some(8) if !played.checks.is_empty() => {
                    tags.push((format!("check.{kind}"), "slide-8".to_string()));
                }
                Some(9) => tags.push((format!("check.{kind}"), "slide-9".to_string())),
                _ => {}
            }
        }
    }
    tags
}

#[cfg(test)]
mod tests {
    use super::*;

    fn square(text: &str) -> Square {
        Square::parse(text).expect("a square")
    }

    /// S-PAWN-DIR's worked examples: h3 -> h4 advances north only; l4
    /// takes k3 advancing west (it goes away from the 8|9 line); a step
    /// back is seen in the direction it goes.
    #[test]
    fn pawn_directions_are_the_ways_toward_a_line() {
        assert_eq!(pawn_directions(square("h3"), square("h4")), ["pawn-north"]);
        assert_eq!(pawn_directions(square("l4"), square("k3")), ["pawn-west"]);
        assert_eq!(
            pawn_directions(square("l4"), square("k5")),
            ["pawn-west", "pawn-north"]
        );
        assert_eq!(
            pawn_directions(square("m13"), square("m12")),
            ["pawn-south"]
        );
        assert_eq!(pawn_directions(square("h3"), square("h2")), ["pawn-south"]);
        assert_eq!(pawn_directions(square("a2"), square("c2")), ["pawn-east"]);
    }

    /// Clause sc.10: the zone's outer squares by side, corners on two;
    /// the ring outside it; nothing further out or at the centre.
    #[test]
    fn zone_edges_name_the_sides() {
        assert_eq!(zone_edges(square("h7")), ["zone-south"]);
        assert_eq!(zone_edges(square("g7")), ["zone-south", "zone-west"]);
        assert_eq!(zone_edges(square("j10")), ["zone-north", "zone-east"]);
        assert_eq!(zone_edges(square("k9")), ["ring-east"]);
        assert_eq!(zone_edges(square("f11")), ["ring-north", "ring-west"]);
        assert_eq!(zone_edges(square("h12")), Vec::<&str>::new());
        assert_eq!(zone_edges(square("h8")), Vec::<&str>::new());
    }

    /// The quadrants are cut by the two brown lines.
    #[test]
    fn quadrants_are_cut_by_the_brown_lines() {
        assert_eq!(quadrant(square("h8")), "quadrant-sw");
        assert_eq!(quadrant(square("i8")), "quadrant-se");
        assert_eq!(quadrant(square("h9")), "quadrant-nw");
        assert_eq!(quadrant(square("i9")), "quadrant-ne");
    }
}
