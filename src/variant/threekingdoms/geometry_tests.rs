//! Every geometry fact of the design page, against the tables.

use std::collections::BTreeSet;

use super::*;

fn p(name: &str) -> Point {
    name.parse().unwrap_or_else(|error| panic!("{error}"))
}

fn points(names: &[&str]) -> Vec<Point> {
    let mut out: Vec<Point> = names.iter().map(|name| p(name)).collect();
    out.sort();
    out
}

fn default_geometry() -> Geometry {
    Geometry::build(&Ruleset::default())
}

#[test]
fn counts_points_edges_lines_cells() {
    let g = default_geometry();
    assert_eq!(Point::all().count(), 135);
    assert_eq!(g.edges().len(), 243);
    assert_eq!(g.lines.len(), 30);
    assert_eq!(
        g.lines.iter().filter(|l| l.kind == LineKind::Rank).count(),
        15
    );
    assert_eq!(g.cells.len(), 108);
    let river = g
        .cells
        .iter()
        .filter(|cell| cell.iter().any(|q| q.kingdom() != cell[0].kingdom()))
        .count();
    assert_eq!(river, 12);
    // Euler: V - E + F = 2 with the 108 squares, the triangle and the outside.
    assert_eq!(135 - 243 + (108 + 1 + 1), 2);
}

#[test]
fn crossing_edges_of_the_three_arms() {
    let g = default_geometry();
    let expected = [
        ("Rf5", "Gd5"),
        ("Rg5", "Gc5"),
        ("Rh5", "Gb5"),
        ("Ri5", "Ga5"),
        ("Gf5", "Bd5"),
        ("Gg5", "Bc5"),
        ("Gh5", "Bb5"),
        ("Gi5", "Ba5"),
        ("Bf5", "Rd5"),
        ("Bg5", "Rc5"),
        ("Bh5", "Rb5"),
        ("Bi5", "Ra5"),
        ("Re5", "Ge5"),
        ("Ge5", "Be5"),
        ("Be5", "Re5"),
    ];
    let crossing: BTreeSet<(Point, Point)> = g
        .edges()
        .into_iter()
        .filter(|(a, b)| a.kingdom() != b.kingdom())
        .collect();
    let want: BTreeSet<(Point, Point)> = expected
        .iter()
        .map(|(a, b)| {
            let (a, b) = (p(a), p(b));
            (a.min(b), a.max(b))
        })
        .collect();
    assert_eq!(crossing, want);
}

#[test]
fn neighbour_counts() {
    let g = default_geometry();
    for point in Point::all() {
        let n = g.neighbours[point.index()].len();
        if point.is_triangle() {
            assert_eq!(n, 5, "{point}");
        } else {
            assert!((2..=4).contains(&n), "{point} has {n}");
        }
    }
    assert_eq!(
        g.neighbours[p("Re5").index()],
        points(&["Re4", "Rd5", "Rf5", "Ge5", "Be5"])
    );
}

#[test]
fn triangle_diagonals_and_river_squares() {
    let g = default_geometry();
    assert_eq!(
        g.diagonals[p("Re5").index()],
        points(&["Rd4", "Rf4", "Gd5", "Bf5"])
    );
    for k in Kingdom::ALL {
        assert_eq!(g.diagonals[Point::triangle(k).index()].len(), 4);
    }
    let next_to_triangle = points(&["Re5", "Rf5", "Gd5", "Ge5"]);
    assert!(g.cells.iter().any(|cell| {
        let mut c = cell.to_vec();
        c.sort();
        c == next_to_triangle
    }));
    // Nothing crosses the triangle diagonally: no cell holds two e5s.
    for cell in &g.cells {
        assert!(cell.iter().filter(|q| q.is_triangle()).count() <= 2);
    }
    let no_river = Geometry::build(&Ruleset {
        diagonal: Diagonal::NoRiverDiagonal,
        ..Ruleset::default()
    });
    assert_eq!(
        no_river.diagonals[p("Re5").index()],
        points(&["Rd4", "Rf4"])
    );
}

#[test]
fn ray_counts() {
    let g = default_geometry();
    let mut by_count = [0usize; 6];
    for point in Point::all() {
        by_count[g.rays[point.index()].len()] += 1;
    }
    assert_eq!(by_count[4], 75);
    assert_eq!(by_count[3], 42);
    assert_eq!(by_count[5], 12);
    assert_eq!(by_count[2], 6);
    // The e-file forks: two up-rays from Re3, one through each neighbour.
    let ups: Vec<&Vec<Point>> = g.rays[p("Re3").index()]
        .iter()
        .filter(|ray| ray[0] == p("Re4"))
        .collect();
    assert_eq!(ups.len(), 2);
    assert!(ups
        .iter()
        .any(|ray| ray[2] == p("Ge5") && ray[3] == p("Ge4")));
    assert!(ups
        .iter()
        .any(|ray| ray[2] == p("Be5") && ray[3] == p("Be4")));
}

#[test]
fn lines_never_use_two_triangle_edges_or_turn_from_a_bank() {
    let g = default_geometry();
    for line in &g.lines {
        let triangle_edges = line
            .points
            .windows(2)
            .filter(|w| w[0].is_triangle() && w[1].is_triangle())
            .count();
        assert!(triangle_edges <= 1);
        if line.kind == LineKind::Rank {
            assert_eq!(line.points.len(), 9);
        } else {
            assert_eq!(line.points.len(), 10);
        }
    }
    assert_eq!(g.continuations(p("Re4"), p("Re5")), points(&["Ge5", "Be5"]));
    assert_eq!(g.continuations(p("Ge5"), p("Re5")), points(&["Re4"]));
    assert_eq!(g.continuations(p("Rd5"), p("Re5")), points(&["Rf5"]));
    assert_eq!(g.continuations(p("Re5"), p("Ge5")), points(&["Ge4"]));
    // Example through-file: Rf1..Rf5 then Gd5..Gd1.
    let through: Vec<Point> = [
        "Rf1", "Rf2", "Rf3", "Rf4", "Rf5", "Gd5", "Gd4", "Gd3", "Gd2", "Gd1",
    ]
    .iter()
    .map(|name| p(name))
    .collect();
    assert!(g.lines.iter().any(|line| line.points == through));
}

fn pairs(table: &[Vec<Jump>]) -> BTreeSet<(Point, Point)> {
    let mut out = BTreeSet::new();
    for (from, jumps) in table.iter().enumerate() {
        for jump in jumps {
            out.insert((Point::from_index(from), jump.to));
        }
    }
    out
}

fn one_way(table: &[Vec<Jump>]) -> BTreeSet<String> {
    let all = pairs(table);
    all.iter()
        .filter(|(a, b)| !all.contains(&(*b, *a)))
        .map(|(a, b)| format!("{a}>{b}"))
        .collect()
}

#[test]
fn horse_facts() {
    let g = default_geometry();
    assert_eq!(pairs(&g.horse).len(), 768);
    let total: usize = g.horse.iter().map(Vec::len).sum();
    assert_eq!(total, 768, "no target is reached by two legs");
    for k in Kingdom::ALL {
        assert_eq!(g.horse[Point::triangle(k).index()].len(), 10);
    }
    let via_triangle: Vec<Point> = g.horse[p("Re4").index()]
        .iter()
        .filter(|jump| jump.leg == p("Re5"))
        .map(|jump| jump.to)
        .collect();
    assert_eq!(via_triangle, points(&["Gd5", "Bf5"]));
    let want: BTreeSet<String> = [
        "Bd5>Rd5", "Be5>Gd4", "Be5>Rf4", "Bf5>Gf5", "Gd5>Bd5", "Ge5>Bf4", "Ge5>Rd4", "Gf5>Rf5",
        "Rd5>Gd5", "Re5>Bd4", "Re5>Gf4", "Rf5>Bf5",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    assert_eq!(one_way(&g.horse), want);
    let symmetric = Geometry::build(&Ruleset {
        horse: Horse::Symmetric,
        ..Ruleset::default()
    });
    assert_eq!(pairs(&symmetric.horse).len(), 768 - 12);
    assert!(one_way(&symmetric.horse).is_empty());
}

#[test]
fn bannerman_facts() {
    let g = default_geometry();
    assert_eq!(pairs(&g.banner).len(), 672);
    let total: usize = g.banner.iter().map(Vec::len).sum();
    assert_eq!(total, 672, "no target is reached by two paths");
    let want: BTreeSet<String> = [
        "Bc5>Rd5", "Bd5>Rc5", "Be4>Gd4", "Be4>Rf4", "Be5>Gd3", "Be5>Rf3", "Bf5>Gg5", "Bg5>Gf5",
        "Gc5>Bd5", "Gd5>Bc5", "Ge4>Bf4", "Ge4>Rd4", "Ge5>Bf3", "Ge5>Rd3", "Gf5>Rg5", "Gg5>Rf5",
        "Rc5>Gd5", "Rd5>Gc5", "Re4>Bd4", "Re4>Gf4", "Re5>Bd3", "Re5>Gf3", "Rf5>Bg5", "Rg5>Bf5",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    assert_eq!(one_way(&g.banner), want);
}

/// The standard 9x10 board glued from `k`'s half (y 0-4) and its right
/// neighbour's (y 5-9, files mirrored).
fn glued(g: &Geometry, k: Kingdom, x: i8, y: i8) -> Option<Point> {
    if !(0..9).contains(&x) || !(0..10).contains(&y) {
        return None;
    }
    if y < 5 {
        Some(Point::new(k, x as u8, y as u8))
    } else {
        Some(Point::new(g.right[k.index()], 8 - x as u8, 9 - y as u8))
    }
}

/// Standard moves (dx, dy) of a horse (1 straight) or bannerman (2
/// straight) with the straight direction (sx, sy).
fn standard_moves(straight: i8) -> Vec<((i8, i8), (i8, i8))> {
    let mut out = Vec::new();
    for (sx, sy) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
        for side in [-1i8, 1] {
            let (px, py) = (sy * side, sx * side);
            out.push((
                (sx, sy),
                (sx * (straight + 1) + px, sy * (straight + 1) + py),
            ));
        }
    }
    out
}

fn standard_check(g: &Geometry, table: &[Vec<Jump>], straight: i8) {
    let ours = pairs(table);
    for k in Kingdom::ALL {
        let halves = [k, g.right[k.index()]];
        for x in 0..9 {
            for y in 0..10 {
                let from = glued(g, k, x, y).expect("on the board");
                for ((sx, sy), (dx, dy)) in standard_moves(straight) {
                    let path: Option<Vec<Point>> = (1..=straight + 1)
                        .map(|step| glued(g, k, x + sx * step, y + sy * step))
                        .collect();
                    let (Some(path), Some(to)) = (path, glued(g, k, x + dx, y + dy)) else {
                        continue;
                    };
                    let mut all = path.clone();
                    all.push(from);
                    all.push(to);
                    let crossing_ok = all.iter().all(|q| !q.is_triangle())
                        && (all.iter().all(|q| q.kingdom() == from.kingdom())
                            || all.iter().all(|q| {
                                // The right bank half of k (files f-i, x 5-8)
                                // faces the neighbour: columns x >= 5.
                                let gx = if q.kingdom() == k {
                                    q.file()
                                } else {
                                    8 - q.file()
                                };
                                gx >= 5
                            }));
                    if crossing_ok {
                        assert!(ours.contains(&(from, to)), "standard {from}>{to} missing");
                    }
                }
            }
        }
        // Ours between the two halves, away from the triangle, are standard.
        for &(from, to) in &ours {
            let on_both = halves.contains(&from.kingdom()) && halves.contains(&to.kingdom());
            if !on_both || from.is_triangle() || to.is_triangle() {
                continue;
            }
            let jump = table[from.index()]
                .iter()
                .find(|jump| jump.to == to)
                .expect("listed");
            if jump.leg.is_triangle() || jump.leg2.is_triangle() {
                continue;
            }
            let coords = |q: Point| -> (i8, i8) {
                if q.kingdom() == k {
                    (q.file() as i8, q.rank() as i8)
                } else {
                    (8 - q.file() as i8, 9 - q.rank() as i8)
                }
            };
            if !halves.contains(&jump.leg.kingdom()) {
                continue;
            }
            let (fx, fy) = coords(from);
            let (tx, ty) = coords(to);
            let (dx, dy) = ((tx - fx).abs(), (ty - fy).abs());
            let want = [(1, straight + 1), (straight + 1, 1)];
            assert!(want.contains(&(dx, dy)), "{from}>{to} is not standard");
        }
    }
}

#[test]
fn horse_and_bannerman_are_standard_away_from_the_triangle() {
    let g = default_geometry();
    standard_check(&g, &g.horse, 1);
    standard_check(&g, &g.banner, 2);
}

#[test]
fn palace_diagonals_are_the_standard_ones() {
    assert_eq!(
        palace_diagonals(p("Re2")),
        points(&["Rd1", "Rf1", "Rd3", "Rf3"])
    );
    assert_eq!(palace_diagonals(p("Gd1")), points(&["Ge2"]));
    assert!(palace_diagonals(p("Re1")).is_empty());
    assert!(palace_diagonals(p("Ra1")).is_empty());
}

#[test]
fn soldier_forward_forks_at_e5() {
    let g = default_geometry();
    assert_eq!(g.forward_at_home(p("Re5")), points(&["Ge5", "Be5"]));
    assert_eq!(g.forward_at_home(p("Re4")), points(&["Re5"]));
    assert_eq!(g.forward_at_home(p("Rg5")), points(&["Gc5"]));
    assert_eq!(g.forward_at_home(p("Rc5")), points(&["Bg5"]));
}

#[test]
fn seat_and_crossing_alternatives() {
    let mirror = Geometry::build(&Ruleset {
        seats: Seats::Mirror,
        ..Ruleset::default()
    });
    // Shu's right half faces Wei.
    assert!(mirror.adjacent(p("Rf5"), p("Bd5")));
    assert!(!mirror.adjacent(p("Rf5"), p("Gd5")));
    assert_eq!(mirror.edges().len(), 243);
    let fork = Geometry::build(&Ruleset {
        crossing: Crossing::ForkAllFiles,
        ..Ruleset::default()
    });
    assert!(fork.adjacent(p("Rf5"), p("Gd5")));
    assert!(fork.adjacent(p("Rf5"), p("Bd5")));
    assert_eq!(fork.edges().len(), 228 + 27);
    assert_eq!(fork.lines.len(), 15 + 27);
    let ring = Geometry::build(&Ruleset {
        lines: Lines::TriangleRing,
        ..Ruleset::default()
    });
    assert_eq!(ring.lines.len(), 31);
    assert!(ring.rays[p("Re5").index()]
        .iter()
        .any(|ray| ray == &vec![p("Ge5"), p("Be5")]));
}
