//! The frames and edges of the chess variants (`spec/grand/frames.yaml`,
//! `spec/racingkings/frames.yaml`, issue 47), computed from the position
//! and the action: the frame is the moving side (White's pieces go up the
//! board, Black's down); the edges are a board edge the piece reaches and,
//! per variant, the ranks where a pawn promotes (Grand Chess 8, 9, 10 and
//! the 7th just before them) or the goal rank of a king (Racing Kings).

use crate::variant::frames::{played, tags_in, FrameTag, Played};
use crate::variant::Game;

/// The file (from 1) and rank of a square name such as `e10`.
fn file_rank(square: &str) -> Option<(u8, u8)> {
    let mut chars = square.chars();
    let file = chars.next()?;
    let rank: u8 = chars.as_str().parse().ok()?;
    file.is_ascii_lowercase()
        .then(|| (file as u8 - b'a' + 1, rank))
}

/// The tags of `action` in `game` on a board of `size` files and ranks,
/// with the variant's own edges for the played action added by `edges`
/// (each an edge name for the action's rule), and `board-edge` when the
/// target is on the board's rim.
fn tags(
    game: &dyn Game,
    action: &str,
    size: u8,
    edges: fn(&Played, u8) -> Vec<&'static str>,
) -> Vec<FrameTag> {
    let Some(played) = played(game, action) else {
        return Vec::new();
    };
    let mut out = tags_in(&played, &played.mover);
    let Some(kind) = played.kind.clone() else {
        return out;
    };
    let rule = if played.captures { "capture" } else { "move" };
    let Some((file, rank)) = played.squares.as_ref().and_then(|(_, to)| file_rank(to)) else {
        return out;
    };
    if file == 1 || file == size || rank == 1 || rank == size {
        out.push((format!("{rule}.{kind}"), "board-edge".to_string()));
    }
    // The rank counted from the mover's own side.
    let own_rank = if played.mover == "black" && size == 10 {
        size + 1 - rank
    } else {
        rank
    };
    for edge in edges(&played, own_rank) {
        out.push((format!("{rule}.{kind}"), edge.to_string()));
    }
    out
}

/// Grand Chess: a pawn reaching its 7th (one short of the zone), 8th, 9th
/// or 10th rank (clause 7).
pub fn grand(game: &dyn Game, action: &str) -> Vec<FrameTag> {
    tags(game, action, 10, |played, rank| {
        match (played.kind.as_deref(), rank) {
            (Some("pawn"), 7) => vec!["rank-7"],
            (Some("pawn"), 8) => vec!["rank-8"],
            (Some("pawn"), 9) => vec!["rank-9"],
            (Some("pawn"), 10) => vec!["rank-10"],
            _ => Vec::new(),
        }
    })
}

/// Racing Kings: a king reaching the goal rank 8 (clause 5), or rank 7
/// just short of it; both sides race up the board.
pub fn racingkings(game: &dyn Game, action: &str) -> Vec<FrameTag> {
    tags(game, action, 8, |played, rank| {
        match (played.kind.as_deref(), rank) {
            (Some("king"), 8) => vec!["goal"],
            (Some("king"), 7) => vec!["rank-7"],
            _ => Vec::new(),
        }
    })
}
