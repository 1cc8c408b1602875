//! Searches that recheck the rejections of
//! `spec/threekingdoms/misreadings.yaml` whose reason is a claim about
//! geometry or reachability (issue 47, item 4). Each test states the
//! claim, searches the engine's own tables, and asserts what it found; the
//! answers are recorded in `docs/derivation-threekingdoms.md`.

use super::movegen::Engine;
use super::point::{Kingdom, Point};
use super::ruleset::Ruleset;

fn engine() -> Engine {
    Engine::new(Ruleset::from_settings(&[]).expect("the default rules"))
}

/// The seven elephant points of a half (files c, g on ranks 1 and 5;
/// a, e, i on rank 3).
fn elephant_points(kingdom: Kingdom) -> Vec<Point> {
    [(2, 0), (6, 0), (0, 2), (4, 2), (8, 2), (2, 4), (6, 4)]
        .into_iter()
        .map(|(file, rank)| Point::new(kingdom, file, rank))
        .collect()
}

/// tk.T5/3, "Elephants may cross a river arm": rejected because "no cell
/// would even carry its two-point diagonal across an arm". Searched over
/// every elephant point of every half: the straight two-point diagonals
/// (across a four-sided cell, then across the cell at the eye that shares
/// only the eye with it) that end on another half. The claim fails: the
/// bank points c5 and g5 have two each, through the river cells, onto a
/// neighbour's fourth rank (built as TK-ELEPHANT-CROSSES-ARM).
#[test]
fn elephant_diagonals_cross_the_arms_from_the_bank_points() {
    let engine = engine();
    let mut crossing = Vec::new();
    for kingdom in Kingdom::ALL {
        for from in elephant_points(kingdom) {
            for (eye, to) in engine.straight_double_diagonals(from) {
                if to.kingdom() != kingdom {
                    crossing.push((from, eye, to));
                }
            }
        }
    }
    assert_eq!(crossing.len(), 12, "{crossing:?}");
    for (from, eye, to) in &crossing {
        assert_eq!(from.rank(), 4, "{from} is not a bank point");
        assert!(matches!(from.file(), 2 | 6), "{from} is not on file c or g");
        assert_eq!(eye.rank(), 4, "the eye {eye} is not a bank point");
        assert_eq!(to.rank(), 3, "{to} is not on a fourth rank");
    }
    let shu_c5: Vec<String> = crossing
        .iter()
        .filter(|(from, _, _)| from.to_string() == "Rc5")
        .map(|(_, eye, to)| format!("{eye}>{to}"))
        .collect();
    assert_eq!(shu_c5, ["Bf5>Be4", "Bh5>Bi4"], "Rc5's crossings");
}

/// tk.P1/3, "Only the kingdoms adjacent in turn order share a river arm":
/// rejected because three arms join three banks in pairs. Searched over
/// every edge: each pair of kingdoms is joined by exactly five edges,
/// four across its arm and one triangle edge. The claim holds.
#[test]
fn every_pair_of_kingdoms_shares_an_arm() {
    let engine = engine();
    for (a, b) in [
        (Kingdom::SHU, Kingdom::WU),
        (Kingdom::WU, Kingdom::WEI),
        (Kingdom::WEI, Kingdom::SHU),
    ] {
        let joining: Vec<(Point, Point)> = engine
            .geometry
            .edges()
            .into_iter()
            .filter(|(p, q)| {
                (p.kingdom() == a && q.kingdom() == b) || (p.kingdom() == b && q.kingdom() == a)
            })
            .collect();
        assert_eq!(joining.len(), 5, "{a} and {b}: {joining:?}");
        let triangle = joining
            .iter()
            .filter(|(p, q)| p.is_triangle() && q.is_triangle())
            .count();
        assert_eq!(triangle, 1, "{a} and {b}");
    }
}

/// tk.P2/2, "Horses and bannermen may not pass the triangle": rejected
/// because they "only use it as a leg or path point". Searched over every
/// horse jump and bannerman move: how many pass a triangle point (as leg
/// or path) or land on one. The claim that they only pass it is true, but
/// they do pass it, so a reading that forbade it would differ in play:
/// the search makes this misreading buildable, and it is built (issue 47)
/// as TK-JUMP-NOT-THROUGH-TRIANGLE and its second coding.
#[test]
fn horses_and_bannermen_pass_the_triangle() {
    let engine = engine();
    let g = &*engine.geometry;
    let horse_via: usize = Point::all()
        .map(|from| {
            g.horse[from.index()]
                .iter()
                .filter(|jump| jump.leg.is_triangle())
                .count()
        })
        .sum();
    let banner_via: usize = Point::all()
        .map(|from| {
            g.banner[from.index()]
                .iter()
                .filter(|jump| jump.leg.is_triangle() || jump.leg2.is_triangle())
                .count()
        })
        .sum();
    // Ten jumps over each triangle point: two from each of its five
    // neighbours (one per cell along the line's next edge).
    assert_eq!(horse_via, 30, "horse jumps with a triangle leg");
    assert!(banner_via > 0, "no bannerman move passes a triangle point");
}

/// tk.T4/2, "The diagonal inward, back beside the path": rejected because
/// such a move "lands beside its own path". Searched over every
/// bannerman move: the inward corner of the cell at the second straight
/// point (the corner opposite it across a cell that has the two straight
/// points as a side) is always an orthogonal neighbour of the first
/// straight point. The claim holds.
#[test]
fn an_inward_bannerman_diagonal_lands_beside_its_path() {
    let engine = engine();
    let g = &*engine.geometry;
    let mut checked = 0;
    for from in Point::all() {
        for jump in &g.banner[from.index()] {
            for cell in &g.diagonal_cells {
                let Some(i) = cell.iter().position(|p| *p == jump.leg2) else {
                    continue;
                };
                let beside = [cell[(i + 1) % 4], cell[(i + 3) % 4]];
                if !beside.contains(&jump.leg) {
                    continue;
                }
                let inward = cell[(i + 2) % 4];
                checked += 1;
                assert!(
                    g.adjacent(inward, jump.leg),
                    "{from}: inward {inward} not beside {}",
                    jump.leg
                );
            }
        }
    }
    assert!(checked > 0);
}
