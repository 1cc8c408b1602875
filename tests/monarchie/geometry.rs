//! The board of clause 2 and the rulings page, checked against facts worked
//! out by hand from the coordinate definition: cell `j` (0-based) of row `r`
//! with width `w` sits at `x = 2j - (w - 1)`, and the six sides step by
//! a `(-1,+1)`, b `(0,+2)`, c `(+1,+1)`, d `(+1,-1)`, e `(0,-2)`, f `(-1,-1)`.
//!
//! Every expected number below was derived on paper from that definition,
//! never read back from the engine. Where a comment shows a derivation it is
//! the one used.

use std::collections::BTreeSet;

use rstest::rstest;

use regelwerk::variant::monarchie::cell::CELL_COUNT;
use regelwerk::variant::monarchie::geometry::{geometry, Side, Vertex, ROW_WIDTHS};
use regelwerk::variant::monarchie::rules::pawn::{
    allowed_sides, forbidden_sides, forward_axis, in_promotion_zone, start_sides,
};
use regelwerk::variant::monarchie::ruleset::PromotionZone;
use regelwerk::variant::monarchie::start::ANHANG_A;
use regelwerk::variant::monarchie::{Cell, Party, Ruleset};

use crate::support::cell;

/// Cell numbers of a set of cells, sorted.
fn numbers<'a>(cells: impl IntoIterator<Item = &'a Cell>) -> BTreeSet<u16> {
    cells.into_iter().map(|c| c.number()).collect()
}

/// The 21 cells of each start triangle, by hand. The top and bottom points
/// are rows 1-6 and 20-25. A side point is the part of rows 7-12 (or 14-19)
/// outside the central hexagon, whose half-width in `x` is
/// `12 - |row - 13|`; e.g. row 7 (22..40, x = -18..18 in steps of 2) keeps
/// x = -6..6 for the hexagon, so Rot gets x = -18..-8 = cells 22..27 and
/// Grün x = 8..18 = cells 35..40.
fn hand_triangle(party: Party) -> BTreeSet<u16> {
    let runs: &[(u16, u16)] = match party {
        Party::Blau => &[(1, 21)],
        Party::Gruen => &[
            (35, 40),
            (54, 58),
            (72, 75),
            (89, 91),
            (105, 106),
            (120, 120),
        ],
        Party::Orange => &[
            (227, 232),
            (209, 213),
            (192, 195),
            (176, 178),
            (161, 162),
            (147, 147),
        ],
        Party::Lila => &[(233, 253)],
        Party::Gelb => &[
            (214, 219),
            (196, 200),
            (179, 182),
            (163, 165),
            (148, 149),
            (134, 134),
        ],
        Party::Rot => &[(22, 27), (41, 45), (59, 62), (76, 78), (92, 93), (107, 107)],
    };
    runs.iter().flat_map(|&(a, b)| a..=b).collect()
}

/// All 21 start cells of a party in Anhang A.
fn anhang_a_cells(party: Party) -> BTreeSet<u16> {
    let army = &ANHANG_A[party.index()];
    [army.king, army.queen]
        .into_iter()
        .chain(army.rooks.iter().copied())
        .chain(army.bishops.iter().copied())
        .chain(army.knights.iter().copied())
        .chain(army.pawns.iter().copied())
        .collect()
}

fn ruleset_with_zone(zone: PromotionZone) -> Ruleset {
    Ruleset {
        promo_zone: zone,
        ..Ruleset::default()
    }
}

// --- rows and numbering -------------------------------------------------

#[test]
fn row_widths_are_those_of_the_rulings_page_and_sum_to_253() {
    assert_eq!(
        ROW_WIDTHS,
        [1, 2, 3, 4, 5, 6, 19, 18, 17, 16, 15, 14, 13, 14, 15, 16, 17, 18, 19, 6, 5, 4, 3, 2, 1]
    );
    let total: usize = ROW_WIDTHS.iter().map(|&w| w as usize).sum();
    assert_eq!(total, 253);
    assert_eq!(CELL_COUNT, 253);
    assert_eq!(Cell::all().count(), 253);
}

/// First and last cell of every row: running sums of the widths.
#[rstest]
#[case(1, 1, 1)]
#[case(2, 2, 3)]
#[case(3, 4, 6)]
#[case(4, 7, 10)]
#[case(5, 11, 15)]
#[case(6, 16, 21)]
#[case(7, 22, 40)]
#[case(8, 41, 58)]
#[case(9, 59, 75)]
#[case(10, 76, 91)]
#[case(11, 92, 106)]
#[case(12, 107, 120)]
#[case(13, 121, 133)]
#[case(14, 134, 147)]
#[case(15, 148, 162)]
#[case(16, 163, 178)]
#[case(17, 179, 195)]
#[case(18, 196, 213)]
#[case(19, 214, 232)]
#[case(20, 233, 238)]
#[case(21, 239, 243)]
#[case(22, 244, 247)]
#[case(23, 248, 250)]
#[case(24, 251, 252)]
#[case(25, 253, 253)]
fn row_runs_from_first_to_last_cell(#[case] row: i8, #[case] first: u16, #[case] last: u16) {
    let g = geometry();
    let width = ROW_WIDTHS[row as usize - 1] as i8;
    let in_row: Vec<u16> = Cell::all()
        .filter(|&c| g.coords(c).0 == row)
        .map(|c| c.number())
        .collect();
    assert_eq!(in_row, (first..=last).collect::<Vec<_>>(), "row {row}");
    assert_eq!(in_row.len(), width as usize, "row {row} width");
    // x runs from -(w-1) to w-1 in steps of 2, left to right.
    for (j, &number) in in_row.iter().enumerate() {
        assert_eq!(
            g.coords(cell(number)),
            (row, 2 * j as i8 - (width - 1)),
            "cell {number}"
        );
        assert_eq!(
            g.cell_at(row as i32, 2 * j as i32 - (width as i32 - 1)),
            Some(cell(number))
        );
    }
}

#[rstest]
#[case(127, 13, 0)]
#[case(1, 1, 0)]
#[case(22, 7, -18)]
#[case(40, 7, 18)]
#[case(31, 7, 0)]
#[case(121, 13, -12)]
#[case(133, 13, 12)]
#[case(214, 19, -18)]
#[case(232, 19, 18)]
#[case(253, 25, 0)]
fn coordinates_of_landmark_cells(#[case] number: u16, #[case] row: i8, #[case] x: i8) {
    assert_eq!(geometry().coords(cell(number)), (row, x));
}

#[rstest]
#[case(0, 0)]
#[case(26, 0)]
#[case(1, 1)] // wrong parity: row 1 only has x = 0
#[case(1, 2)]
#[case(6, 7)] // row 6 ends at x = 5: the notch between Blau and Grün
#[case(13, 14)]
#[case(20, -7)]
fn cell_at_is_none_off_the_board(#[case] row: i32, #[case] x: i32) {
    assert_eq!(geometry().cell_at(row, x), None);
}

#[test]
fn coords_and_cell_at_are_inverse() {
    let g = geometry();
    for c in Cell::all() {
        let (r, x) = g.coords(c);
        assert_eq!(g.cell_at(r as i32, x as i32), Some(c), "cell {c}");
    }
}

// --- neighbours --------------------------------------------------------

/// Neighbours a..f (0 = none). Derivations: cell 1 is (1,0); c (2,1) is
/// the right cell of row 2 = 3, d (2,-1) = 2. Cell 127 is (13,0); a (12,1)
/// is j = 7 of row 12 = 107 + 7 = 114, c (14,1) = 134 + 7 = 141, and so on.
/// Cell 21 is (6,5): c (7,6) = 22 + 12 = 34, d (7,4) = 33, f (5,4) = 15.
#[rstest]
#[case(1, [0, 0, 3, 2, 0, 0])]
#[case(127, [114, 128, 141, 140, 126, 113])]
#[case(22, [0, 23, 41, 0, 0, 0])]
#[case(40, [0, 0, 0, 58, 39, 0])]
#[case(21, [0, 0, 34, 33, 20, 15])]
#[case(232, [0, 0, 0, 0, 231, 213])]
#[case(253, [252, 0, 0, 0, 0, 251])]
#[case(121, [108, 122, 135, 134, 0, 107])]
fn side_neighbours(#[case] number: u16, #[case] expected: [u16; 6]) {
    let g = geometry();
    for side in Side::ALL {
        let want = expected[side.index()];
        let got = g.neighbour(cell(number), side).map_or(0, |c| c.number());
        assert_eq!(got, want, "cell {number} side {}", side.letter());
    }
}

#[test]
fn neighbourhood_is_symmetric_across_opposite_sides() {
    let g = geometry();
    for c in Cell::all() {
        for side in Side::ALL {
            if let Some(n) = g.neighbour(c, side) {
                assert_eq!(g.neighbour(n, side.opposite()), Some(c), "{c} {side:?}");
            }
        }
    }
}

#[test]
fn side_and_vertex_deltas_match_the_rulings_table() {
    let sides: Vec<(i8, i8)> = Side::ALL.iter().map(|s| s.delta()).collect();
    assert_eq!(sides, [(-1, 1), (0, 2), (1, 1), (1, -1), (0, -2), (-1, -1)]);
    let vertices: Vec<(String, (i8, i8))> =
        Vertex::ALL.iter().map(|v| (v.name(), v.delta())).collect();
    let expected = [
        ("ab", (-1, 3)),
        ("bc", (1, 3)),
        ("cd", (2, 0)),
        ("de", (1, -3)),
        ("ef", (-1, -3)),
        ("fa", (-2, 0)),
    ];
    for ((name, delta), (want_name, want_delta)) in vertices.iter().zip(expected) {
        assert_eq!(name, want_name);
        assert_eq!(*delta, want_delta, "vertex {name}");
    }
}

// --- tips, triangles, hexagon --------------------------------------------

#[rstest]
#[case(Party::Blau, 1, (1, 0))]
#[case(Party::Gruen, 40, (7, 18))]
#[case(Party::Orange, 232, (19, 18))]
#[case(Party::Lila, 253, (25, 0))]
#[case(Party::Gelb, 214, (19, -18))]
#[case(Party::Rot, 22, (7, -18))]
fn tips(#[case] party: Party, #[case] number: u16, #[case] coords: (i8, i8)) {
    let g = geometry();
    assert_eq!(g.tip(party), cell(number));
    assert_eq!(g.coords(cell(number)), coords);
    // A tip has exactly two neighbours, both inside its own triangle.
    let neighbours: Vec<Cell> = Side::ALL
        .iter()
        .filter_map(|&s| g.neighbour(cell(number), s))
        .collect();
    assert_eq!(neighbours.len(), 2, "tip {number}");
    for n in neighbours {
        assert_eq!(g.triangle_of(n), Some(party));
    }
    // The king of Anhang A starts on the tip.
    assert_eq!(ANHANG_A[party.index()].king, number);
}

#[rstest]
#[case(Party::Blau)]
#[case(Party::Gruen)]
#[case(Party::Orange)]
#[case(Party::Lila)]
#[case(Party::Gelb)]
#[case(Party::Rot)]
fn start_triangle_is_the_hand_list_and_holds_exactly_the_anhang_a_army(#[case] party: Party) {
    let g = geometry();
    let hand = hand_triangle(party);
    assert_eq!(hand.len(), 21);
    assert_eq!(numbers(g.triangle(party)), hand);
    for c in Cell::all() {
        assert_eq!(
            g.triangle_of(c) == Some(party),
            hand.contains(&c.number()),
            "cell {c}"
        );
    }
    let army = anhang_a_cells(party);
    assert_eq!(army.len(), 21, "Anhang A lists 21 distinct cells");
    assert_eq!(army, hand, "{party}'s army fills its triangle exactly");
}

#[test]
fn triangles_are_disjoint_and_leave_a_127_cell_hexagon() {
    let g = geometry();
    let mut seen = BTreeSet::new();
    for party in Party::ALL {
        for &c in g.triangle(party) {
            assert!(seen.insert(c.number()), "cell {c} is in two triangles");
        }
    }
    assert_eq!(seen.len(), 126);
    let hexagon: Vec<Cell> = Cell::all()
        .filter(|&c| g.triangle_of(c).is_none())
        .collect();
    assert_eq!(hexagon.len(), 127);
    assert!(hexagon.contains(&Cell::CENTRE));
    // Rows 7..=19 of the hexagon are contiguous runs of width 7..13..7,
    // centred on x = 0.
    for row in 7..=19i8 {
        let xs: Vec<i8> = hexagon
            .iter()
            .map(|&c| geometry().coords(c))
            .filter(|&(r, _)| r == row)
            .map(|(_, x)| x)
            .collect();
        let half = 12 - (row - 13).abs();
        let width = 13 - (row - 13).abs();
        assert_eq!(xs.len(), width as usize, "hexagon row {row}");
        assert_eq!(xs.first(), Some(&-half));
        assert_eq!(xs.last(), Some(&half));
    }
}

// --- promotion zones -----------------------------------------------------

#[rstest]
#[case(Party::Blau, Party::Lila)]
#[case(Party::Gruen, Party::Gelb)]
#[case(Party::Orange, Party::Rot)]
#[case(Party::Lila, Party::Blau)]
#[case(Party::Gelb, Party::Gruen)]
#[case(Party::Rot, Party::Orange)]
fn promotion_zone_is_the_opposite_triangle(#[case] party: Party, #[case] opposite: Party) {
    assert_eq!(party.opposite(), opposite);
    let default = Ruleset::default();
    let tip_only = ruleset_with_zone(PromotionZone::TipOnly);
    let any_foreign = ruleset_with_zone(PromotionZone::AnyForeign);
    let zone = hand_triangle(opposite);
    let tip = geometry().tip(opposite);
    let foreign: BTreeSet<u16> = Party::ALL
        .into_iter()
        .filter(|&p| p != party)
        .flat_map(hand_triangle)
        .collect();
    assert_eq!(foreign.len(), 105);
    for c in Cell::all() {
        let n = c.number();
        assert_eq!(
            in_promotion_zone(party, c, &default),
            zone.contains(&n),
            "{party} default, cell {n}"
        );
        assert_eq!(
            in_promotion_zone(party, c, &tip_only),
            c == tip,
            "{party} tip-only, cell {n}"
        );
        assert_eq!(
            in_promotion_zone(party, c, &any_foreign),
            foreign.contains(&n),
            "{party} any-foreign, cell {n}"
        );
    }
}

// --- lines ------------------------------------------------------------------

#[test]
fn side_lines_never_leave_the_board_and_reenter() {
    let g = geometry();
    for c in Cell::all() {
        let (r, x) = g.coords(c);
        for side in Side::ALL {
            let (dr, dx) = side.delta();
            let walk = |k: i32| g.cell_at(r as i32 + k * dr as i32, x as i32 + k * dx as i32);
            let mut walked = Vec::new();
            let mut k = 1;
            while let Some(next) = walk(k) {
                walked.push(next);
                k += 1;
            }
            assert_eq!(g.side_ray(c, side), walked.as_slice(), "{c} {side:?}");
            // The board is 25 rows and 37 columns: 40 steps surely leave it.
            for beyond in k..40 {
                assert_eq!(
                    walk(beyond),
                    None,
                    "side line from {c} across {side:?} re-enters at step {beyond}"
                );
            }
        }
    }
}

/// An edge of the Blau-Orange-Gelb triangle, by hand: from (1,0) down side
/// c, row r at x = r - 1, 18 cells to Orange's tip.
#[test]
fn side_ray_from_blau_tip_to_orange_tip() {
    assert_eq!(
        numbers(geometry().side_ray(cell(1), Side::C)),
        [3, 6, 10, 15, 21, 34, 53, 71, 88, 104, 119, 133, 147, 162, 178, 195, 213, 232]
            .into_iter()
            .collect()
    );
    assert_eq!(
        geometry()
            .side_ray(cell(127), Side::B)
            .iter()
            .map(|c| c.number())
            .collect::<Vec<_>>(),
        vec![128, 129, 130, 131, 132, 133]
    );
}

#[test]
fn vertex_rays_stop_at_the_first_missing_cell() {
    let g = geometry();
    let mut reentries = 0;
    for c in Cell::all() {
        let (r, x) = g.coords(c);
        for vertex in Vertex::ALL {
            let (dr, dx) = vertex.delta();
            let walk = |k: i32| g.cell_at(r as i32 + k * dr as i32, x as i32 + k * dx as i32);
            let mut walked = Vec::new();
            let mut k = 1;
            while let Some(next) = walk(k) {
                walked.push(next);
                k += 1;
            }
            assert_eq!(g.vertex_ray(c, vertex), walked.as_slice(), "{c} {vertex:?}");
            assert_eq!(g.vertex_neighbour(c, vertex), walked.first().copied());
            if (k..40).any(|beyond| walk(beyond).is_some()) {
                reentries += 1;
            }
        }
    }
    assert!(reentries > 0, "some diagonal must cross a notch");
}

/// Cell 15 is (5,4). Its bc diagonal goes to (6,7), which is missing (row 6
/// ends at x = 5), then to (7,10) = 22 + 14 = 36: the line crosses the
/// notch between Blau's and Grün's points. The bishop's ray is empty.
#[test]
fn a_vertex_line_reenters_across_the_notch() {
    let g = geometry();
    assert_eq!(g.coords(cell(15)), (5, 4));
    assert!(g.vertex_ray(cell(15), Vertex::BC).is_empty());
    assert_eq!(g.cell_at(6, 7), None);
    assert_eq!(g.cell_at(7, 10), Some(cell(36)));
}

/// Straight down from the centre: (15,0) = 155, (17,0) = 187, (19,0) = 223,
/// (21,0) = 241, (23,0) = 249, (25,0) = 253.
#[test]
fn vertex_ray_from_centre_straight_down() {
    assert_eq!(
        geometry()
            .vertex_ray(Cell::CENTRE, Vertex::CD)
            .iter()
            .map(|c| c.number())
            .collect::<Vec<_>>(),
        vec![155, 187, 223, 241, 249, 253]
    );
}

// --- knights -------------------------------------------------------------

#[test]
fn knight_targets_are_at_most_twelve_distinct_and_symmetric() {
    let g = geometry();
    for c in Cell::all() {
        let targets: Vec<Cell> = g.knight_jumps(c).iter().map(|j| j.target).collect();
        assert!(targets.len() <= 12, "{c}");
        let distinct: BTreeSet<Cell> = targets.iter().copied().collect();
        assert_eq!(distinct.len(), targets.len(), "{c} lists a target twice");
        assert!(!distinct.contains(&c));
        for t in targets {
            assert!(
                g.knight_jumps(t).iter().any(|j| j.target == c),
                "{c} reaches {t} but not back"
            );
        }
    }
}

/// The twelve jump vectors are 2s + s' for each side s and s' at 60 degrees:
/// (-3,±1), (-2,±4), (-1,±5), (1,±5), (2,±4), (3,±1). From (13,0) they land
/// on 84, 101, 116, 143, 157, 171, 170, 153, 138, 111, 97, 83.
#[test]
fn centre_knight_has_the_twelve_hand_computed_targets() {
    let g = geometry();
    let jumps = g.knight_jumps(Cell::CENTRE);
    assert_eq!(jumps.len(), 12);
    assert!(jumps.iter().all(|j| j.path_exists));
    assert_eq!(
        jumps
            .iter()
            .map(|j| j.target.number())
            .collect::<BTreeSet<_>>(),
        [83, 84, 97, 101, 111, 116, 138, 143, 153, 157, 170, 171]
            .into_iter()
            .collect()
    );
}

/// From Blau's tip (1,0) only (4,±1) exist: cells 8 and 9.
#[test]
fn tip_knight_has_two_targets() {
    let jumps = geometry().knight_jumps(cell(1));
    assert_eq!(
        jumps
            .iter()
            .map(|j| j.target.number())
            .collect::<BTreeSet<_>>(),
        [8, 9].into_iter().collect()
    );
}

// --- rotation ------------------------------------------------------------

#[test]
fn rotation_is_a_bijection_of_order_six_fixing_the_centre() {
    let g = geometry();
    let images: BTreeSet<Cell> = Cell::all().map(|c| g.rotate(c)).collect();
    assert_eq!(images.len(), 253);
    assert_eq!(g.rotate(Cell::CENTRE), Cell::CENTRE);
    // Every other cell returns to itself only after the sixth turn.
    for c in Cell::all().filter(|&c| c != Cell::CENTRE) {
        let mut image = c;
        for turn in 1..=6 {
            image = g.rotate(image);
            assert_eq!(image == c, turn == 6, "{c} after {turn} turns");
        }
    }
}

#[rstest]
#[case(Party::Blau)]
#[case(Party::Gruen)]
#[case(Party::Orange)]
#[case(Party::Lila)]
#[case(Party::Gelb)]
#[case(Party::Rot)]
fn rotation_carries_each_seat_to_the_next(#[case] party: Party) {
    let g = geometry();
    assert_eq!(g.rotate(g.tip(party)), g.tip(party.next()));
    let rotated: BTreeSet<u16> = g
        .triangle(party)
        .iter()
        .map(|&c| g.rotate(c).number())
        .collect();
    assert_eq!(rotated, hand_triangle(party.next()));
}

#[test]
fn rotation_turns_each_side_one_place_clockwise() {
    let g = geometry();
    for c in Cell::all() {
        for side in Side::ALL {
            assert_eq!(
                g.neighbour(c, side).map(|n| g.rotate(n)),
                g.neighbour(g.rotate(c), side.clockwise(1)),
                "{c} across {side:?}"
            );
        }
    }
    // By hand: (1,0) -> (7,18), i.e. 1 -> 40; 127's neighbour a = 114 goes
    // to 127's neighbour b = 128.
    assert_eq!(g.rotate(cell(1)), cell(40));
    assert_eq!(g.rotate(cell(114)), cell(128));
}

// --- pawn directions -----------------------------------------------------

/// R-PAWN-DIR: forward axis from the tip to the centre; start sides flank
/// it, forbidden sides are opposite them, the other four are allowed.
#[rstest]
#[case(Party::Blau, Vertex::CD, "cd", "bcde", "af")]
#[case(Party::Gruen, Vertex::DE, "de", "cdef", "ab")]
#[case(Party::Orange, Vertex::EF, "ef", "adef", "bc")]
#[case(Party::Lila, Vertex::FA, "af", "abef", "cd")]
#[case(Party::Gelb, Vertex::AB, "ab", "abcf", "de")]
#[case(Party::Rot, Vertex::BC, "bc", "abcd", "ef")]
fn pawn_directions(
    #[case] party: Party,
    #[case] axis: Vertex,
    #[case] start: &str,
    #[case] allowed: &str,
    #[case] forbidden: &str,
) {
    let letters = |sides: &[Side]| {
        let mut text: Vec<char> = sides.iter().map(|s| s.letter()).collect();
        text.sort_unstable();
        text.into_iter().collect::<String>()
    };
    assert_eq!(forward_axis(party), axis);
    assert_eq!(letters(&start_sides(party)), start);
    assert_eq!(letters(&allowed_sides(party)), allowed);
    assert_eq!(letters(&forbidden_sides(party)), forbidden);
    // The axis points from the tip towards the centre: a whole number of
    // diagonal steps from the tip reaches (13,0).
    let g = geometry();
    let (tr, tx) = g.coords(g.tip(party));
    let (dr, dx) = axis.delta();
    assert_eq!((tr + 6 * dr, tx + 6 * dx), (13, 0), "{party}");
}

#[rstest]
#[case(Party::Blau)]
#[case(Party::Gruen)]
#[case(Party::Orange)]
#[case(Party::Lila)]
#[case(Party::Gelb)]
#[case(Party::Rot)]
fn pawn_directions_rotate_with_the_seat(#[case] party: Party) {
    let next = party.next();
    let turn =
        |sides: &[Side]| -> BTreeSet<Side> { sides.iter().map(|s| s.clockwise(1)).collect() };
    let set = |sides: &[Side]| -> BTreeSet<Side> { sides.iter().copied().collect() };
    assert_eq!(turn(&start_sides(party)), set(&start_sides(next)));
    assert_eq!(turn(&allowed_sides(party)), set(&allowed_sides(next)));
    assert_eq!(turn(&forbidden_sides(party)), set(&forbidden_sides(next)));
    assert_eq!(forward_axis(party).clockwise(1), forward_axis(next));
    // Together the six sides: 4 allowed + 2 forbidden, start within allowed.
    let mut all = set(&allowed_sides(party));
    all.extend(forbidden_sides(party));
    assert_eq!(all.len(), 6);
    assert!(set(&start_sides(party)).is_subset(&set(&allowed_sides(party))));
}
