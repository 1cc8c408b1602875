//! The frames of Three Kingdoms Xiangqi (`spec/threekingdoms/frames.yaml`,
//! issue 47): the rule an action plays in the frame of the kingdom that
//! plays it, as [`crate::variant::frames::generic`] computes it, with one
//! addition: a move refused with `general-attacked` (it would leave the
//! mover's own general attacked, clause tk.T7) plays the rule
//! `check.self`, as the chess variants' `leaves-king-in-check` does.

use crate::variant::frames::{played, tags_in, FrameTag};
use crate::variant::Game;

/// The refusal of a move that would leave the mover's general attacked.
const GENERAL_ATTACKED: &str = "general-attacked";

/// The tags of `action` in `game`: the generic ones, `check.self` for a
/// move refused with `general-attacked`.
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
    tags_in(&played, &played.mover)
}
