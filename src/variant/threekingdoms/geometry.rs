//! The composite board as precomputed tables (clauses tk.P1, tk.P2, tk.T2,
//! tk.T5), built from the design's definitions under the geometry rulings
//! R-SEATS, R-CROSSING, R-LINES, R-DIAGONAL, R-HORSE and R-BANNER:
//! lines, orthogonal neighbours, rays (with the forks at the triangle),
//! four-sided cells and diagonals, horse and bannerman targets.

use std::collections::{BTreeSet, HashMap};
use std::sync::{Arc, Mutex, OnceLock, PoisonError};

use super::point::{Kingdom, Point, POINT_COUNT};
use super::ruleset::{Banner, Crossing, Diagonal, Horse, Lines, Ruleset, Seats};

/// What kind of line (R-LINES).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LineKind {
    /// A rank of one half (the bank included), a to i.
    Rank,
    /// A file of one half up to its bank and on down a file of the half
    /// it meets (through-files and the central lines).
    File,
    /// The triangle as a closed line (`R-LINES=triangle-ring` only).
    Ring,
}

/// One line: its points in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    /// The points, in order (for a ring, once round).
    pub points: Vec<Point>,
    /// Its kind.
    pub kind: LineKind,
}

/// A horse jump: the leg that must be empty and the target.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Jump {
    /// The point passed (must be empty).
    pub leg: Point,
    /// The second point passed (bannermen only; equals `leg` for a horse).
    pub leg2: Point,
    /// Where the piece lands.
    pub to: Point,
}

/// The board's tables under one set of geometry rulings.
#[derive(Clone, Debug)]
pub struct Geometry {
    /// Which kingdom the right half of each kingdom's bank faces.
    pub right: [Kingdom; 3],
    /// Every line.
    pub lines: Vec<Line>,
    /// Orthogonal neighbours per point.
    pub neighbours: Vec<Vec<Point>>,
    /// Rays per point: distinct walks along one line in one direction.
    pub rays: Vec<Vec<Vec<Point>>>,
    /// Every four-sided cell, corners in cyclic order.
    pub cells: Vec<[Point; 4]>,
    /// The cells a diagonal step may cross (R-DIAGONAL).
    pub diagonal_cells: Vec<[Point; 4]>,
    /// Diagonal neighbours per point.
    pub diagonals: Vec<Vec<Point>>,
    /// Horse jumps per point.
    pub horse: Vec<Vec<Jump>>,
    /// Horse jumps landing on each point, as (from, jump).
    pub horse_to: Vec<Vec<(Point, Jump)>>,
    /// Bannerman moves per point (ignoring what blocks them).
    pub banner: Vec<Vec<Jump>>,
    /// Bannerman moves landing on each point, as (from, jump).
    pub banner_to: Vec<Vec<(Point, Jump)>>,
}

impl Geometry {
    /// The geometry of `rules`, built once per distinct ruleset and then
    /// shared: building it walks every line and jump of the board, and a
    /// suite or a random-game run creates an engine per game. The cache
    /// holds one entry per ruleset in use (a few: the default and the
    /// forced alternatives), so it stays small.
    pub fn shared(rules: &Ruleset) -> Arc<Geometry> {
        static BUILT: OnceLock<Mutex<HashMap<Ruleset, Arc<Geometry>>>> = OnceLock::new();
        let built = BUILT.get_or_init(|| Mutex::new(HashMap::new()));
        let mut built = built.lock().unwrap_or_else(PoisonError::into_inner);
        Arc::clone(
            built
                .entry(*rules)
                .or_insert_with(|| Arc::new(Geometry::build(rules))),
        )
    }

    /// The tables under `rules`' geometry rulings.
    pub fn build(rules: &Ruleset) -> Geometry {
        let right = match rules.seats {
            Seats::Right => [Kingdom::WU, Kingdom::WEI, Kingdom::SHU],
            Seats::Mirror => [Kingdom::WEI, Kingdom::SHU, Kingdom::WU],
        };
        let lines = build_lines(rules, &right);
        let neighbours = build_neighbours(&lines);
        let rays = build_rays(&lines);
        let cells = build_cells(&lines);
        let diagonal_cells: Vec<[Point; 4]> = match rules.diagonal {
            Diagonal::AllCells => cells.clone(),
            Diagonal::NoRiverDiagonal => cells
                .iter()
                .copied()
                .filter(|cell| cell.iter().all(|p| p.kingdom() == cell[0].kingdom()))
                .collect(),
        };
        let mut diagonals = vec![Vec::new(); POINT_COUNT];
        for cell in &diagonal_cells {
            for i in 0..4 {
                diagonals[cell[i].index()].push(cell[(i + 2) % 4]);
            }
        }
        for list in &mut diagonals {
            list.sort();
            list.dedup();
        }
        let mut horse = jumps(&lines, &diagonal_cells, 1);
        let mut banner = jumps(&lines, &diagonal_cells, 2);
        if rules.horse == Horse::Symmetric {
            horse = symmetric(&horse);
        }
        if rules.banner == Banner::Symmetric {
            banner = symmetric(&banner);
        }
        let horse_to = reverse(&horse);
        let banner_to = reverse(&banner);
        Geometry {
            right,
            lines,
            neighbours,
            rays,
            cells,
            diagonal_cells,
            diagonals,
            horse,
            horse_to,
            banner,
            banner_to,
        }
    }

    /// The kingdom on `kingdom`'s left (the one its left bank half faces).
    pub fn left(&self, kingdom: Kingdom) -> Kingdom {
        Kingdom::ALL
            .into_iter()
            .find(|other| self.right[other.index()] == kingdom)
            .unwrap_or(kingdom)
    }

    /// Whether `a` and `b` are joined by an edge.
    pub fn adjacent(&self, a: Point, b: Point) -> bool {
        self.neighbours[a.index()].contains(&b)
    }

    /// The points c with a, b, c consecutive on a line (straight
    /// continuation).
    pub fn continuations(&self, a: Point, b: Point) -> Vec<Point> {
        let mut out = BTreeSet::new();
        for line in &self.lines {
            let n = line.points.len();
            for i in 0..n {
                for forward in [true, false] {
                    if let Some([p, q, r]) = walk(line, i, forward, 3) {
                        if p == a && q == b {
                            out.insert(r);
                        }
                    }
                }
            }
        }
        out.into_iter().collect()
    }

    /// The forward steps of a soldier of `frame` standing on its frame's
    /// half (R-SOLDIER): up its file, across the bank to the point faced,
    /// from e5 to either neighbour's e5.
    pub fn forward_at_home(&self, from: Point) -> Vec<Point> {
        let mut out = BTreeSet::new();
        for line in self.lines.iter().filter(|line| line.kind == LineKind::File) {
            let Some(i) = line.points.iter().position(|&p| p == from) else {
                continue;
            };
            for j in [i.wrapping_sub(1), i + 1] {
                if let Some(&next) = line.points.get(j) {
                    let up = next.kingdom() != from.kingdom() || next.rank() == from.rank() + 1;
                    if up {
                        out.insert(next);
                    }
                }
            }
        }
        out.into_iter().collect()
    }

    /// Every edge once, as (smaller, larger).
    pub fn edges(&self) -> Vec<(Point, Point)> {
        let mut out = Vec::new();
        for a in Point::all() {
            for &b in &self.neighbours[a.index()] {
                if a < b {
                    out.push((a, b));
                }
            }
        }
        out
    }
}

/// The `len` points of `line` from index `i` on, forward or backward
/// (round the ring for a ring), if the line is long enough.
fn walk<const N: usize>(line: &Line, i: usize, forward: bool, len: usize) -> Option<[Point; N]> {
    let n = line.points.len();
    let mut out = [line.points[i]; N];
    for (step, slot) in out.iter_mut().enumerate().take(len) {
        let index = if line.kind == LineKind::Ring {
            if step >= n {
                return None;
            }
            if forward {
                (i + step) % n
            } else {
                (i + n * 2 - step) % n
            }
        } else if forward {
            i + step
        } else {
            i.checked_sub(step)?
        };
        *slot = *line.points.get(index)?;
    }
    Some(out)
}

/// R-LINES and R-CROSSING: 15 ranks; for each kingdom k and each file f
/// that crosses to a kingdom n, file f of k from rank 1 up, then file
/// 10-f of n down; the triangle ring under `triangle-ring`.
fn build_lines(rules: &Ruleset, right: &[Kingdom; 3]) -> Vec<Line> {
    let mut lines = Vec::new();
    for kingdom in Kingdom::ALL {
        for rank in 0..5 {
            lines.push(Line {
                points: (0..9).map(|file| Point::new(kingdom, file, rank)).collect(),
                kind: LineKind::Rank,
            });
        }
    }
    for kingdom in Kingdom::ALL {
        let facing = right[kingdom.index()];
        // Files e..i (4..8) of k meet files e..a of its right neighbour;
        // under fork-all-files every file of k meets both neighbours,
        // which is every file f of k meeting 10-f of its right neighbour
        // (the left neighbour's lines are its own right-hand lines).
        let files: Vec<u8> = match rules.crossing {
            Crossing::Faced => (4..9).collect(),
            Crossing::ForkAllFiles => (0..9).collect(),
        };
        for file in files {
            let mut points: Vec<Point> =
                (0..5).map(|rank| Point::new(kingdom, file, rank)).collect();
            points.extend((0..5).rev().map(|rank| Point::new(facing, 8 - file, rank)));
            lines.push(Line {
                points,
                kind: LineKind::File,
            });
        }
    }
    if rules.lines == Lines::TriangleRing {
        lines.push(Line {
            points: Kingdom::ALL.into_iter().map(Point::triangle).collect(),
            kind: LineKind::Ring,
        });
    }
    lines
}

fn build_neighbours(lines: &[Line]) -> Vec<Vec<Point>> {
    let mut sets = vec![BTreeSet::new(); POINT_COUNT];
    for line in lines {
        let n = line.points.len();
        let pairs = if line.kind == LineKind::Ring {
            n
        } else {
            n - 1
        };
        for i in 0..pairs {
            let (a, b) = (line.points[i], line.points[(i + 1) % n]);
            sets[a.index()].insert(b);
            sets[b.index()].insert(a);
        }
    }
    sets.into_iter()
        .map(|set| set.into_iter().collect())
        .collect()
}

fn build_rays(lines: &[Line]) -> Vec<Vec<Vec<Point>>> {
    let mut rays: Vec<Vec<Vec<Point>>> = vec![Vec::new(); POINT_COUNT];
    for line in lines {
        let n = line.points.len();
        for i in 0..n {
            let from = line.points[i];
            for forward in [true, false] {
                let mut ray = Vec::new();
                for step in 1..n {
                    let index = if line.kind == LineKind::Ring {
                        if forward {
                            (i + step) % n
                        } else {
                            (i + n - step) % n
                        }
                    } else if forward {
                        i + step
                    } else {
                        match i.checked_sub(step) {
                            Some(index) => index,
                            None => break,
                        }
                    };
                    match line.points.get(index) {
                        Some(&point) => ray.push(point),
                        None => break,
                    }
                }
                if !ray.is_empty() && !rays[from.index()].contains(&ray) {
                    rays[from.index()].push(ray);
                }
            }
        }
    }
    rays
}

/// R-DIAGONAL's cells: the squares inside each half, and the river
/// squares between two crossing edges that join bank neighbours on both
/// sides.
fn build_cells(lines: &[Line]) -> Vec<[Point; 4]> {
    let mut cells = Vec::new();
    for kingdom in Kingdom::ALL {
        for rank in 0..4 {
            for file in 0..8 {
                cells.push([
                    Point::new(kingdom, file, rank),
                    Point::new(kingdom, file + 1, rank),
                    Point::new(kingdom, file + 1, rank + 1),
                    Point::new(kingdom, file, rank + 1),
                ]);
            }
        }
    }
    // Crossing edges: consecutive points of a file line on two halves.
    let mut crossing = BTreeSet::new();
    for line in lines.iter().filter(|line| line.kind == LineKind::File) {
        for pair in line.points.windows(2) {
            if pair[0].kingdom() != pair[1].kingdom() {
                crossing.insert((pair[0], pair[1]));
            }
        }
    }
    for &(a, b) in &crossing {
        // a on half k at file f, b on half n; the next pair is a's file
        // neighbour f+1 with b's file neighbour on the other side.
        let (Some(a2), Some(b2)) = (a.offset(1, 0), b.offset(-1, 0)) else {
            continue;
        };
        if crossing.contains(&(a2, b2)) {
            cells.push([a, a2, b2, b]);
        }
    }
    cells
}

/// Leg-then-diagonal moves: `straight` steps along one line (1 for the
/// horse, 2 for the bannerman), then across a cell that has the last
/// straight point and the line's next point as a side, to the corner
/// opposite the last straight point (R-HORSE, R-BANNER).
fn jumps(lines: &[Line], cells: &[[Point; 4]], straight: usize) -> Vec<Vec<Jump>> {
    let mut out: Vec<Vec<Jump>> = vec![Vec::new(); POINT_COUNT];
    for line in lines {
        for i in 0..line.points.len() {
            for forward in [true, false] {
                let Some(walked) = walk::<4>(line, i, forward, straight + 2) else {
                    continue;
                };
                let from = walked[0];
                let leg = walked[1];
                let last = walked[straight];
                let beyond = walked[straight + 1];
                if beyond == from {
                    continue;
                }
                for cell in cells {
                    for k in 0..4 {
                        let (c, n, p) = (cell[k], cell[(k + 1) % 4], cell[(k + 3) % 4]);
                        if c == last && (n == beyond || p == beyond) {
                            let jump = Jump {
                                leg,
                                leg2: last,
                                to: cell[(k + 2) % 4],
                            };
                            if !out[from.index()].contains(&jump) {
                                out[from.index()].push(jump);
                            }
                        }
                    }
                }
            }
        }
    }
    for list in &mut out {
        list.sort();
    }
    out
}

/// Keeps only the jumps whose reverse is also a jump.
fn symmetric(table: &[Vec<Jump>]) -> Vec<Vec<Jump>> {
    (0..POINT_COUNT)
        .map(|from| {
            table[from]
                .iter()
                .copied()
                .filter(|jump| {
                    table[jump.to.index()]
                        .iter()
                        .any(|back| back.to.index() == from)
                })
                .collect()
        })
        .collect()
}

fn reverse(table: &[Vec<Jump>]) -> Vec<Vec<(Point, Jump)>> {
    let mut out = vec![Vec::new(); POINT_COUNT];
    for (from, jumps) in table.iter().enumerate() {
        for jump in jumps {
            out[jump.to.index()].push((Point::from_index(from), *jump));
        }
    }
    out
}

/// The palace diagonals d1-e2-f3 and f1-e2-d3 of the half `half`.
pub fn palace_diagonals(from: Point) -> Vec<Point> {
    if !from.in_a_palace() {
        return Vec::new();
    }
    let (file, rank) = (from.file(), from.rank());
    let centre = (4, 1);
    let corners = [(3, 0), (5, 0), (3, 2), (5, 2)];
    let half = from.kingdom();
    if (file, rank) == centre {
        corners
            .into_iter()
            .map(|(f, r)| Point::new(half, f, r))
            .collect()
    } else if corners.contains(&(file, rank)) {
        vec![Point::new(half, centre.0, centre.1)]
    } else {
        Vec::new()
    }
}

#[cfg(test)]
#[path = "geometry_tests.rs"]
mod tests;
