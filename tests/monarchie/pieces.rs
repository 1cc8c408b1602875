//! Clause 6 piece by piece: the exact target set of one piece in a small
//! position, the typed reason a move is refused (clause 5), and promotion
//! (6.6, R-PROMO, R-PROMO-ZONE).
//!
//! Every expected set was worked out by hand from the rulings page
//! geometry (cell j of a row of width w sits at x = 2j - (w - 1); side
//! steps a(-1,+1) b(0,+2) c(+1,+1) d(+1,-1) e(0,-2) f(-1,-1); vertex steps
//! ab(-1,+3) bc(+1,+3) cd(+2,0) de(+1,-3) ef(-1,-3) fa(-2,0)) and
//! cross-checked with a throwaway coordinate script, never with the engine.
//! Rows used below: row 12 = 107..120 (x odd, -13..13), row 13 = 121..133
//! (x even, -12..12), row 14 = 134..147; cell 127 = (13, 0) has the side
//! neighbours a=114 b=128 c=141 d=140 e=126 f=113.

use regelwerk::variant::monarchie::rules::{apply, check_move, legal_moves_from};
use regelwerk::variant::monarchie::Party::{self, Blau, Gelb, Gruen, Lila, Orange, Rot};
use regelwerk::variant::monarchie::PieceKind::{self, Bishop, Knight, Pawn, Queen, Rook};
use regelwerk::variant::monarchie::{Action, Move, Piece, Position, Ruleset};
use rstest::rstest;

use crate::support::{cell, mv, play, targets, Build};

/// [`duel_kings`] with the kings tucked away on 2 (row 2) and 252 (row 24),
/// off the lines of the pieces the tests below move.
fn duel() -> Build {
    Build::duel(2, 252)
}

/// All six parties active, each king on its own tip cell, `to_move` to move.
fn six_kings(to_move: Party) -> Build {
    Build::new(to_move)
        .king(Blau, 1)
        .king(Gruen, 40)
        .king(Orange, 232)
        .king(Lila, 253)
        .king(Gelb, 214)
        .king(Rot, 22)
}

fn assert_targets(build: Build, from: u16, expected: &[u16]) {
    let position = build.build();
    assert_eq!(
        targets(&position, from, &Ruleset::default()),
        expected,
        "targets of the piece on {from}"
    );
}

/// Clause 6.1: one step across a side, never onto an own piece, a dead
/// blocker (R-KING-DEAD) or an attacked cell.
#[rstest]
#[case::centre_six(Build::duel(127, 252), 127, &[113, 114, 126, 128, 140, 141])]
// Cell 1 (1,0) has only c=3 and d=2.
#[case::tip_cell_1(Build::duel(1, 252), 1, &[2, 3])]
// Cell 22 (7,-18), Rot's tip: b=23 (7,-16), c=41 (8,-17); a, d, e, f are off the board.
#[case::tip_cell_22(Build::duel(22, 252), 22, &[23, 41])]
// Cell 37 (7,12) on the upper edge of the hexagon: a (6,13) and f (6,11) are missing.
#[case::edge_cell_37(Build::duel(37, 252), 37, &[36, 38, 55, 56])]
#[case::not_onto_own_piece(Build::duel(127, 252).piece(Blau, Rook, 128), 127, &[113, 114, 126, 140, 141])]
#[case::not_onto_dead_blocker(Build::duel(127, 252).dead(Gruen, Pawn, 128), 127, &[113, 114, 126, 140, 141])]
// A Lila rook on 107 (12,-13) sweeps row 12, so 113 and 114 are attacked.
#[case::not_onto_attacked_cell(Build::duel(127, 252).piece(Lila, Rook, 107), 127, &[126, 128, 140, 141])]
// Lila's king on 129 (13,4) has the neighbours 116 130 143 142 128 115; of
// the Blau king's cells only 128 touches it.
#[case::not_next_to_enemy_king(Build::duel(127, 129), 127, &[113, 114, 126, 140, 141])]
// A moved Lila pawn on 128 (allowed e, f, a, b) checks 127 across e and
// guards 114 across f; the king may take it.
#[case::takes_checking_pawn(Build::duel(127, 252).piece(Lila, Pawn, 128), 127, &[113, 126, 128, 140, 141])]
fn king_targets(#[case] build: Build, #[case] from: u16, #[case] expected: &[u16]) {
    assert_targets(build, from, expected);
}

/// Clauses 6.2-6.4 and R-ROOK, R-BISHOP: lines any distance, stopping at the
/// first occupied cell (taken unless own), never across a notch.
#[rstest]
// Six side rays from 127: a 114 100 85 69 52 34; b 128..133; c 141 156 172
// 189 207 226; d 140 154 169 185 202 220; e 126..121; f 113 98 82 65 47 28.
#[case::rook_centre(duel().piece(Blau, Rook, 127), 127, &[
    28, 34, 47, 52, 65, 69, 82, 85, 98, 100, 113, 114, 121, 122, 123, 124, 125, 126,
    128, 129, 130, 131, 132, 133, 140, 141, 154, 156, 169, 172, 185, 189, 202, 207, 220, 226,
])]
#[case::rook_stops_before_own_piece(duel().piece(Blau, Rook, 127).piece(Blau, Knight, 130), 127, &[
    28, 34, 47, 52, 65, 69, 82, 85, 98, 100, 113, 114, 121, 122, 123, 124, 125, 126,
    128, 129, 140, 141, 154, 156, 169, 172, 185, 189, 202, 207, 220, 226,
])]
#[case::rook_captures_enemy_and_stops(duel().piece(Blau, Rook, 127).piece(Lila, Knight, 130), 127, &[
    28, 34, 47, 52, 65, 69, 82, 85, 98, 100, 113, 114, 121, 122, 123, 124, 125, 126,
    128, 129, 130, 140, 141, 154, 156, 169, 172, 185, 189, 202, 207, 220, 226,
])]
#[case::rook_captures_dead_blocker_and_stops(duel().piece(Blau, Rook, 127).dead(Gruen, Knight, 130), 127, &[
    28, 34, 47, 52, 65, 69, 82, 85, 98, 100, 113, 114, 121, 122, 123, 124, 125, 126,
    128, 129, 130, 140, 141, 154, 156, 169, 172, 185, 189, 202, 207, 220, 226,
])]
// Six diagonals from 127: ab 115 102 88 73 57 40; bc 142 158 175 193 212
// 232; cd 155 187 223 241 249 253; de 139 152 166 181 197 214; ef 112 96 79
// 61 42 22; fa 99 67 31 13 5 1.
#[case::bishop_centre(duel().piece(Blau, Bishop, 127), 127, &[
    1, 5, 13, 22, 31, 40, 42, 57, 61, 67, 73, 79, 88, 96, 99, 102, 112, 115,
    139, 142, 152, 155, 158, 166, 175, 181, 187, 193, 197, 212, 214, 223, 232, 241, 249, 253,
])]
// Own knight on 155 closes cd; the Lila knight on 102 is taken on ab; the
// dead blocker on 152 is taken on de.
#[case::bishop_blocked(
    duel().piece(Blau, Bishop, 127).piece(Blau, Knight, 155).piece(Lila, Knight, 102).dead(Gruen, Knight, 152),
    127,
    &[1, 5, 13, 22, 31, 42, 61, 67, 79, 96, 99, 102, 112, 115, 139, 142, 152, 158, 175, 193, 212, 232],
)]
// Bishop on 4 (3,-2): bc runs 9 (4,1), 15 (5,4), then (6,7) is missing, so
// 36 (7,10) beyond the notch is out of reach; cd runs straight down the
// x = -2 column to 248; ab gives 3; de, ef, fa leave the board at once.
#[case::bishop_stops_at_notch(duel().piece(Blau, Bishop, 4), 4, &[3, 9, 12, 15, 30, 66, 98, 126, 154, 186, 222, 240, 248])]
// The queen is rook plus bishop: the union of rook_centre and bishop_centre.
#[case::queen_centre(duel().piece(Blau, Queen, 127), 127, &[
    1, 5, 13, 22, 28, 31, 34, 40, 42, 47, 52, 57, 61, 65, 67, 69, 73, 79, 82, 85, 88, 96,
    98, 99, 100, 102, 112, 113, 114, 115, 121, 122, 123, 124, 125, 126, 128, 129, 130,
    131, 132, 133, 139, 140, 141, 142, 152, 154, 155, 156, 158, 166, 169, 172, 175, 181,
    185, 187, 189, 193, 197, 202, 207, 212, 214, 220, 223, 226, 232, 241, 249, 253,
])]
// Own knight on 129 closes b after 128; Lila pawn on 102 taken on ab; dead
// blocker on 155 taken on cd, nothing below it.
#[case::queen_blocked(
    duel().piece(Blau, Queen, 127).piece(Blau, Knight, 129).piece(Lila, Pawn, 102).dead(Gruen, Pawn, 155),
    127,
    &[
        1, 5, 13, 22, 28, 31, 34, 42, 47, 52, 61, 65, 67, 69, 79, 82, 85, 96, 98, 99, 100,
        102, 112, 113, 114, 115, 121, 122, 123, 124, 125, 126, 128, 139, 140, 141, 142, 152,
        154, 155, 156, 158, 166, 169, 172, 175, 181, 185, 189, 193, 197, 202, 207, 212, 214,
        220, 226, 232,
    ],
)]
fn slider_targets(#[case] build: Build, #[case] from: u16, #[case] expected: &[u16]) {
    assert_targets(build, from, expected);
}

/// Clause 6.5 and R-KNIGHT: two steps along a side and one at 60 degrees;
/// only the target counts.
#[rstest]
#[case::centre_twelve(duel().piece(Blau, Knight, 127), 127, &[83, 84, 97, 101, 111, 116, 138, 143, 153, 157, 170, 171])]
// From 1 (1,0): c, c, d lands on (4,1)=9 and d, d, c on (4,-1)=8; every
// other jump leaves the board.
#[case::tip_cell_1(duel().piece(Blau, Knight, 1), 1, &[8, 9])]
// From 22 (7,-18): b,b,c -> (8,-13)=43 and c,c,b -> (9,-14)=60.
#[case::tip_cell_22(duel().piece(Blau, Knight, 22), 22, &[43, 60])]
// All six neighbours own pawns and all six cells two steps away dead
// blockers: the knight jumps over them all.
#[case::jumps_over_pieces_and_dead_blockers(
    duel()
        .piece(Blau, Knight, 127)
        .piece(Blau, Pawn, 113).piece(Blau, Pawn, 114).piece(Blau, Pawn, 126)
        .piece(Blau, Pawn, 128).piece(Blau, Pawn, 140).piece(Blau, Pawn, 141)
        .dead(Gruen, Pawn, 98).dead(Gruen, Pawn, 100).dead(Gruen, Pawn, 125)
        .dead(Gruen, Pawn, 129).dead(Gruen, Pawn, 154).dead(Gruen, Pawn, 156),
    127,
    &[83, 84, 97, 101, 111, 116, 138, 143, 153, 157, 170, 171],
)]
// Own pawn on 83 is not a target; the Lila pawn on 84 and the dead blocker
// on 97 are.
#[case::lands_on_enemy_and_dead_not_own(
    duel().piece(Blau, Knight, 127).piece(Blau, Pawn, 83).piece(Lila, Pawn, 84).dead(Gruen, Pawn, 97),
    127,
    &[84, 97, 101, 111, 116, 138, 143, 153, 157, 170, 171],
)]
fn knight_targets(#[case] build: Build, #[case] from: u16, #[case] expected: &[u16]) {
    assert_targets(build, from, expected);
}

/// Clause 6.6 and R-PAWN-DIR for each colour. Forward axes: Blau cd, Grün
/// de, Orange ef, Lila fa, Gelb ab, Rot bc. Start sides flank the axis;
/// the two opposite sides are forbidden. Unmoved pawns stand on their
/// Anhang A start cells.
#[rstest]
// Blau 13 (5,0), start sides c, d: 19 (6,1), 32 (7,2); 18 (6,-1), 30 (7,-2).
#[case::blau_unmoved(six_kings(Blau).piece(Blau, Pawn, 13).unmoved(13), 13, &[18, 19, 30, 32])]
// Grün 72 (9,10), start sides d, e: 88 (10,9), 103 (11,8); 71, 70.
#[case::gruen_unmoved(six_kings(Gruen).piece(Gruen, Pawn, 72).unmoved(72), 72, &[70, 71, 88, 103])]
// Orange 176 (16,11), start sides e, f: 175, 174; 160 (15,10), 145 (14,9).
#[case::orange_unmoved(six_kings(Orange).piece(Orange, Pawn, 176).unmoved(176), 176, &[145, 160, 174, 175])]
// Lila 236 (20,1), start sides f, a: 223 (19,0), 204 (18,-1); 224 (19,2), 206 (18,3).
#[case::lila_unmoved(six_kings(Lila).piece(Lila, Pawn, 236).unmoved(236), 236, &[204, 206, 223, 224])]
// Gelb 165 (16,-11), start sides a, b: 150 (15,-10), 136 (14,-9); 166, 167.
#[case::gelb_unmoved(six_kings(Gelb).piece(Gelb, Pawn, 165).unmoved(165), 165, &[136, 150, 166, 167])]
// Rot 62 (9,-10), start sides b, c: 63, 64; 79 (10,-9), 95 (11,-8).
#[case::rot_unmoved(six_kings(Rot).piece(Rot, Pawn, 62).unmoved(62), 62, &[63, 64, 79, 95])]
// Moved pawns on 127: the four allowed sides, never the two backward ones.
// Blau b c d e (not a 114, f 113).
#[case::blau_moved(six_kings(Blau).piece(Blau, Pawn, 127), 127, &[126, 128, 140, 141])]
// Grün c d e f (not a 114, b 128).
#[case::gruen_moved(six_kings(Gruen).piece(Gruen, Pawn, 127), 127, &[113, 126, 140, 141])]
// Orange d e f a (not b 128, c 141).
#[case::orange_moved(six_kings(Orange).piece(Orange, Pawn, 127), 127, &[113, 114, 126, 140])]
// Lila e f a b (not c 141, d 140).
#[case::lila_moved(six_kings(Lila).piece(Lila, Pawn, 127), 127, &[113, 114, 126, 128])]
// Gelb f a b c (not d 140, e 126).
#[case::gelb_moved(six_kings(Gelb).piece(Gelb, Pawn, 127), 127, &[113, 114, 128, 141])]
// Rot a b c d (not e 126, f 113).
#[case::rot_moved(six_kings(Rot).piece(Rot, Pawn, 127), 127, &[114, 128, 140, 141])]
// Blocked start moves: a Lila pawn on 32 leaves only the single step to 19;
// a dead blocker on 18 closes side d entirely.
#[case::blau_unmoved_blocked(
    duel().piece(Blau, Pawn, 13).unmoved(13).piece(Lila, Pawn, 32).dead(Gruen, Pawn, 18),
    13,
    &[19],
)]
// An own piece blocks as well: Gelb's knight on 150 closes side a of the
// Gelb pawn on 165, side b still gives 166 and 167.
#[case::gelb_unmoved_blocked_by_own_piece(
    six_kings(Gelb).piece(Gelb, Pawn, 165).unmoved(165).piece(Gelb, Knight, 150),
    165,
    &[166, 167],
)]
// The start move never captures: Lila pieces on 19 and 30 are not targets,
// and the one on 19 also closes the double step to 32.
#[case::blau_unmoved_no_capture(
    duel().piece(Blau, Pawn, 13).unmoved(13).piece(Lila, Pawn, 19).piece(Lila, Pawn, 30),
    13,
    &[18],
)]
// A moved pawn takes an enemy (141, across c) and a dead blocker (140,
// across d) but never across a forbidden side (Lila on 114 = a, 113 = f);
// its own knight on 128 blocks b.
#[case::blau_moved_captures(
    duel()
        .piece(Blau, Pawn, 127)
        .piece(Lila, Pawn, 113).piece(Lila, Pawn, 114).piece(Lila, Pawn, 141)
        .dead(Gruen, Pawn, 140).piece(Blau, Knight, 128),
    127,
    &[126, 140, 141],
)]
fn pawn_targets(#[case] build: Build, #[case] from: u16, #[case] expected: &[u16]) {
    assert_targets(build, from, expected);
}

/// Clause 5 and 6: why `check_move` refuses a move, by its stable code.
#[rstest]
#[case::wrong_party(duel().piece(Lila, Rook, 200), mv(200, 201), "wrong-party")]
#[case::no_piece(duel(), mv(127, 128), "no-piece")]
#[case::dead_piece(duel().dead(Gruen, Rook, 127), mv(127, 128), "dead-piece")]
#[case::same_cell(duel().piece(Blau, Rook, 127), mv(127, 127), "same-cell")]
#[case::own_piece_on_target(duel().piece(Blau, Rook, 127).piece(Blau, Knight, 130), mv(127, 130), "own-piece-on-target")]
#[case::king_onto_own_piece(Build::duel(127, 252).piece(Blau, Knight, 128), mv(127, 128), "own-piece-on-target")]
// 101 is a knight target of 127, on no rook line.
#[case::rook_off_its_lines(duel().piece(Blau, Rook, 127), mv(127, 101), "not-a-move-of-piece")]
#[case::bishop_sideways(duel().piece(Blau, Bishop, 127), mv(127, 128), "not-a-move-of-piece")]
// 36 lies on the bc line of 4 only beyond the notch at (6,7).
#[case::bishop_across_notch(duel().piece(Blau, Bishop, 4), mv(4, 36), "not-a-move-of-piece")]
#[case::king_two_cells(Build::duel(127, 252), mv(127, 129), "not-a-move-of-piece")]
#[case::knight_one_cell(duel().piece(Blau, Knight, 127), mv(127, 128), "not-a-move-of-piece")]
#[case::rook_path_blocked(duel().piece(Blau, Rook, 127).piece(Lila, Pawn, 129), mv(127, 131), "path-blocked")]
#[case::bishop_path_blocked_by_dead(duel().piece(Blau, Bishop, 127).dead(Gruen, Pawn, 155), mv(127, 187), "path-blocked")]
#[case::king_onto_dead_blocker(Build::duel(127, 252).dead(Gruen, Pawn, 128), mv(127, 128), "king-onto-dead-blocker")]
// Blau's backward sides are a (127 -> 114) and f (127 -> 113).
#[case::blau_pawn_backward_a(duel().piece(Blau, Pawn, 127), mv(127, 114), "pawn-direction-forbidden")]
#[case::blau_pawn_backward_f(duel().piece(Blau, Pawn, 127), mv(127, 113), "pawn-direction-forbidden")]
// Gelb's backward sides are d (127 -> 140) and e (127 -> 126).
#[case::gelb_pawn_backward_d(six_kings(Gelb).piece(Gelb, Pawn, 127), mv(127, 140), "pawn-direction-forbidden")]
// An unmoved pawn has only its start move: 13 -> 14 is side b.
#[case::pawn_start_move_only(duel().piece(Blau, Pawn, 13).unmoved(13), mv(13, 14), "pawn-start-move-only")]
// 127 -> 156 is two cells across c: only from the start cell.
#[case::pawn_double_step_spent(duel().piece(Blau, Pawn, 127), mv(127, 156), "pawn-double-step-spent")]
#[case::pawn_start_no_capture(duel().piece(Blau, Pawn, 13).unmoved(13).piece(Lila, Pawn, 19), mv(13, 19), "pawn-start-no-capture")]
#[case::pawn_double_step_no_capture(duel().piece(Blau, Pawn, 13).unmoved(13).piece(Lila, Pawn, 32), mv(13, 32), "pawn-start-no-capture")]
#[case::pawn_double_step_through_piece(duel().piece(Blau, Pawn, 13).unmoved(13).piece(Lila, Pawn, 19), mv(13, 32), "path-blocked")]
#[case::promotion_not_a_pawn(duel().piece(Blau, Rook, 127).tray(Blau, &[Queen]), mv(127, 128).promoting(Queen), "promotion-not-a-pawn")]
#[case::promotion_outside_zone(duel().piece(Blau, Pawn, 127).tray(Blau, &[Queen]), mv(127, 128).promoting(Queen), "promotion-outside-zone")]
// 236 (20,1) is in Lila's triangle; the tray holds no bishop.
#[case::promotion_not_available(duel().piece(Blau, Pawn, 223).tray(Blau, &[Queen, Rook]), mv(223, 236).promoting(Bishop), "promotion-not-available")]
// Blau king 127, Blau rook 129, Lila rook 131 on row 13: the rook is pinned.
#[case::pinned_piece(
    Build::duel(127, 252).piece(Blau, Rook, 129).piece(Lila, Rook, 131),
    mv(129, 116),
    "leaves-king-in-check",
)]
// 128 touches the Lila king on 129.
#[case::king_next_to_enemy_king(Build::duel(127, 129), mv(127, 128), "leaves-king-in-check")]
// The Lila rook on 131 checks along row 13; moving a far rook ignores it.
#[case::check_ignored(
    Build::duel(127, 252).piece(Lila, Rook, 131).piece(Blau, Rook, 200),
    mv(200, 201),
    "leaves-king-in-check",
)]
fn illegal_reason(#[case] build: Build, #[case] mv: Move, #[case] code: &str) {
    let position = build.build();
    let error =
        check_move(&position, mv, &Ruleset::default()).expect_err("the move should be refused");
    assert_eq!(error.code(), code, "{mv}: {error}");
}

/// Clause 17: once one party is left nobody moves; every move is refused.
#[test]
fn no_move_after_the_game_is_over() {
    let mut setup = Build::new(Blau)
        .eliminated(Gruen)
        .eliminated(Orange)
        .eliminated(Lila)
        .eliminated(Gelb)
        .eliminated(Rot)
        .king(Blau, 2)
        .setup();
    setup.to_move = None;
    let position = Position::from_setup(&setup).expect("a finished game is a valid position");
    let error = check_move(&position, mv(2, 3), &Ruleset::default()).expect_err("game over");
    assert_eq!(error.code(), "game-over");
    assert!(
        regelwerk::variant::monarchie::rules::legal_moves(&position, &Ruleset::default())
            .is_empty()
    );
}

/// R-PROMO and R-PROMO-ZONE: a moved Blau pawn on 223 (19,0) steps across c
/// to 236 (20,1) or across d to 235 (20,-1), both in Lila's start triangle
/// (rows 20-25, opposite Blau). Each such move comes once without promotion
/// and once per kind in the tray; the sideways steps to 222 and 224 stay in
/// row 19, outside the zone.
#[rstest]
#[case::queen_and_rook(&[Queen, Rook], 236, &[None, Some(Queen), Some(Rook)])]
#[case::queen_and_rook_other_side(&[Queen, Rook], 235, &[None, Some(Queen), Some(Rook)])]
#[case::empty_tray(&[], 236, &[None])]
#[case::one_entry_per_kind(&[Knight, Queen, Queen, Bishop], 236, &[None, Some(Queen), Some(Bishop), Some(Knight)])]
#[case::outside_zone(&[Queen, Rook], 224, &[None])]
fn promotion_choices(
    #[case] tray: &[PieceKind],
    #[case] to: u16,
    #[case] expected: &[Option<PieceKind>],
) {
    let position = Build::duel(2, 253)
        .piece(Blau, Pawn, 223)
        .tray(Blau, tray)
        .build();
    let mut choices: Vec<Option<PieceKind>> =
        legal_moves_from(&position, cell(223), &Ruleset::default())
            .into_iter()
            .filter(|m| m.to == cell(to))
            .map(|m| m.promotion)
            .collect();
    choices.sort_unstable();
    assert_eq!(choices, expected);
}

/// R-PROMO: promoting takes the piece out of the tray; when the promoted
/// piece is captured it goes back into its owner's tray as what it is now.
#[test]
fn promotion_uses_the_tray_and_a_captured_promoted_piece_returns_as_itself() {
    let rules = Ruleset::default();
    let mut position = Build::duel(2, 253)
        .piece(Blau, Pawn, 223)
        .piece(Lila, Rook, 238)
        .tray(Blau, &[Queen, Rook])
        .build();
    let outcome = apply(
        &mut position,
        Action::play(mv(223, 236).promoting(Queen)),
        &rules,
    )
    .expect("223-236=Q is legal");
    assert_eq!(outcome.promotion, Some(Queen));
    assert_eq!(position.piece_at(cell(236)), Some(Piece::new(Blau, Queen)));
    assert_eq!(
        position.tray(Blau).count(Queen),
        0,
        "the queen left the tray"
    );
    assert_eq!(
        position.tray(Blau).count(Rook),
        1,
        "the rook is still there"
    );
    assert_eq!(outcome.next, Some(Lila));
    // The Lila rook on 238 (20,5) takes the new queen across 237.
    let outcome = play(&mut position, 238, 236, &rules);
    let capture = outcome.capture.expect("a capture");
    assert_eq!(
        (capture.party, capture.kind, capture.dead),
        (Blau, Queen, false)
    );
    assert_eq!(position.tray(Blau).count(Queen), 1, "back as a queen");
    assert_eq!(position.tray(Blau).count(Pawn), 0, "not as a pawn");
    assert_eq!(position.tray(Blau).len(), 2);
    assert_eq!(
        outcome.next,
        Some(Blau),
        "clause 8.1: the captured party moves"
    );
}
