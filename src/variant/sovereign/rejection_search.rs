//! Searches that recheck the rejections of `spec/sovereign/misreadings.yaml`
//! whose reason is a claim about geometry or reachability (issue 47,
//! item 4). Each test states the claim, searches with the engine's own
//! rule code, and asserts what the search found; the answers are recorded
//! in `docs/derivation-sovereign.md`.

use super::geometry::{Square, DIRECTIONS};
use super::rules::{pawn_move_ok, PawnMove};
use super::ruleset::Ruleset;

/// Every square a pawn can reach from `start` by steps and captures that
/// clause sc.6.1 allows (the board otherwise ignored: any capture target
/// is assumed occupied).
fn pawn_reach(rules: &Ruleset, start: Square) -> Vec<Square> {
    let mut seen = vec![start];
    let mut queue = vec![start];
    while let Some(from) = queue.pop() {
        for (index, (df, dr)) in DIRECTIONS.into_iter().enumerate() {
            let kind = if index < 4 {
                PawnMove::Step
            } else {
                PawnMove::Capture
            };
            if let Some(to) = from.offset(df, dr) {
                if pawn_move_ok(rules, kind, from, to) && !seen.contains(&to) {
                    seen.push(to);
                    queue.push(to);
                }
            }
        }
    }
    seen
}

/// sc.10.1/1, "promotion on the far edge": the rejection claimed that a
/// pawn never reaches an edge it leaves. Searched from every square of
/// the two outer rings (where pawns start and double-step from): the
/// squares on the far side of both brown lines that a pawn can reach, and
/// whether any lies on the board's edge.
#[test]
fn a_pawn_never_reaches_the_far_edge() {
    let rules = Ruleset::from_settings::<&str>(&[]).expect("the default rules");
    let mut far_edge_reached = Vec::new();
    let mut crossed_both_lines = 0;
    for start in Square::all().filter(|square| square.ring() <= 2) {
        // The far side: beyond both brown lines, seen from the start.
        let far = |square: Square| {
            (square.file() < 8) != (start.file() < 8) && (square.rank() < 8) != (start.rank() < 8)
        };
        for square in pawn_reach(&rules, start) {
            if far(square) {
                crossed_both_lines += 1;
                if square.ring() == 1 {
                    far_edge_reached.push((start, square));
                }
            }
        }
    }
    // A capture may cross a line (its other distance falls), so pawns do
    // reach the far quadrant, but never its edge.
    assert!(crossed_both_lines > 0, "no pawn crosses both lines");
    assert!(
        far_edge_reached.is_empty(),
        "pawns reach the far edge: {far_edge_reached:?}"
    );
}

/// sc.10.1/1, the 6 x 6 half of the same entry (built as
/// SC-PROMO-ZONE-WIDE): a pawn does reach every square of the ring just
/// outside the 4 x 4, from all four sides, so the misreading shows in
/// play.
#[test]
fn pawns_reach_the_ring_around_the_zone_on_all_four_sides() {
    let rules = Ruleset::from_settings::<&str>(&[]).expect("the default rules");
    let mut reached = Vec::new();
    for start in Square::all().filter(|square| square.ring() <= 2) {
        reached.extend(pawn_reach(&rules, start));
    }
    let ring_six: Vec<Square> = Square::all().filter(|square| square.ring() == 6).collect();
    assert_eq!(ring_six.len(), 20);
    let missing: Vec<Square> = ring_six
        .into_iter()
        .filter(|square| !reached.contains(square))
        .collect();
    assert!(missing.is_empty(), "never reached: {missing:?}");
}
