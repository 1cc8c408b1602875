//! The elephant's and the soldier's own steps (clauses tk.P2, tk.T5):
//! the elephant's two-point diagonals across the board's cells and the
//! soldier's steps by the half it stands in (R-DIAGONAL, R-SOLDIER).

use super::super::geometry::Jump;
use super::super::point::{Kingdom, Point};
use super::super::position::Piece;
use super::super::readings::{SoldierSteps, TriangleJumps};
use super::super::ruleset::Soldier;
use super::Engine;

impl Engine {
    /// Clause tk.P2 (F-TRIANGLE-PIECES): whether a horse's (`banner`
    /// false) or bannerman's jump from `from` may pass the triangle as its
    /// path does. Under the rule always; the two misreadings stop a path
    /// with a triangle point as leg or path point, or with a step along a
    /// triangle edge (from, the straight points and the line's next point,
    /// the side of the cell the diagonal crosses).
    pub(super) fn jump_passes(&self, from: Point, jump: &Jump, banner: bool) -> bool {
        match self.reading::<TriangleJumps>() {
            TriangleJumps::PassesIt => true,
            TriangleJumps::NoTrianglePoint => !jump.leg.is_triangle() && !jump.leg2.is_triangle(),
            TriangleJumps::NoTriangleEdge => {
                let g = &*self.geometry;
                let before = if banner { jump.leg } else { from };
                let next = g
                    .continuations(before, jump.leg2)
                    .into_iter()
                    .find(|x| g.adjacent(*x, jump.to));
                let mut path = vec![from, jump.leg];
                if banner {
                    path.push(jump.leg2);
                }
                path.extend(next);
                !path
                    .windows(2)
                    .any(|pair| pair[0].is_triangle() && pair[1].is_triangle())
            }
        }
    }

    /// TK-ELEPHANT-CROSSES-ARM: the (eye, target) pairs of two diagonal
    /// steps in a straight line across the board's four-sided cells
    /// (R-DIAGONAL): across a cell from `from` to the eye, then across
    /// the cell at the eye that shares no other corner with the first.
    pub fn straight_double_diagonals(&self, from: Point) -> Vec<(Point, Point)> {
        let g = &*self.geometry;
        let opposite = |cell: &[Point; 4], p: Point| {
            cell.iter().position(|c| *c == p).map(|i| cell[(i + 2) % 4])
        };
        let mut out = Vec::new();
        for first in g.diagonal_cells.iter().filter(|c| c.contains(&from)) {
            let Some(eye) = opposite(first, from) else {
                continue;
            };
            for second in g.diagonal_cells.iter().filter(|c| c.contains(&eye)) {
                let shared = second.iter().filter(|p| first.contains(p)).count();
                if shared == 1 {
                    if let Some(to) = opposite(second, eye) {
                        if !out.contains(&(eye, to)) {
                            out.push((eye, to));
                        }
                    }
                }
            }
        }
        out
    }

    /// TK-ELEPHANT-CROSSES-ARM.2: from a bank point, the halves glued as
    /// one xiangqi board (R-CROSSING: file f faces file 10-f of the
    /// neighbour): the eye is the bank point faced by the file beside,
    /// the target the point two files over on the faced half's fourth
    /// rank.
    pub(super) fn glued_elephant_crossings(&self, from: Point) -> Vec<(Point, Point)> {
        let mut out = Vec::new();
        if from.rank() != 4 {
            return out;
        }
        for df in [-1i8, 1] {
            let (Some(eye_file), Some(to_file)) = (from.offset(df, 0), from.offset(2 * df, 0))
            else {
                continue;
            };
            let faced = |p: Point| -> Option<Point> {
                let f = p.file();
                let across = match f.cmp(&4) {
                    std::cmp::Ordering::Greater => self.geometry.right[p.kingdom().index()],
                    std::cmp::Ordering::Less => self.geometry.left(p.kingdom()),
                    std::cmp::Ordering::Equal => return None,
                };
                Some(Point::new(across, 8 - f, 4))
            };
            let Some(eye) = faced(eye_file) else {
                continue;
            };
            let bank = Point::new(eye.kingdom(), 8 - to_file.file(), 4);
            if let Some(to) = bank.offset(0, -1) {
                out.push((eye, to));
            }
        }
        out
    }

    /// R-SOLDIER: forward on its frame's half (forking at e5); on any
    /// other half toward that half's back rank or sideways, never along a
    /// triangle edge (except the third kingdom's e5 under
    /// `triangle-sideways`).
    pub fn soldier_steps(&self, from: Point, piece: Piece) -> Vec<Point> {
        let frame = self.frame(piece);
        let reading = self.reading::<SoldierSteps>();
        if from.kingdom() == frame {
            let mut out = self.geometry.forward_at_home(from);
            match reading {
                // From its e5 into the next kingdom's e5 only.
                SoldierSteps::OneBranchAtE5 if from.is_triangle() => {
                    out.retain(|to| to.kingdom() == frame.next());
                }
                // From its e5 into the previous kingdom's e5 only.
                SoldierSteps::PreviousBranchAtE5 if from.is_triangle() => {
                    out.retain(|to| to.kingdom() == frame.previous());
                }
                // On its own bank it already steps sideways.
                SoldierSteps::SidewaysOnItsBank if from.rank() == 4 => {
                    out.extend(from.offset(-1, 0));
                    out.extend(from.offset(1, 0));
                }
                // From its start rank on it already steps sideways.
                SoldierSteps::SidewaysFromItsFourthRank if from.rank() >= 3 => {
                    for df in [-1, 1] {
                        if let Some(to) = from.offset(df, 0) {
                            out.push(to);
                        }
                    }
                }
                _ => {}
            }
            return out;
        }
        // Across the river: toward the back rank of the half it stands on,
        // or sideways.
        let steps: &[(i8, i8)] = match reading {
            SoldierSteps::AsRuled
            | SoldierSteps::SidewaysOnItsBank
            | SoldierSteps::OneBranchAtE5
            | SoldierSteps::SidewaysFromItsFourthRank
            | SoldierSteps::PreviousBranchAtE5 => &[(0, -1), (-1, 0), (1, 0)],
            SoldierSteps::NeverSideways => &[(0, -1)],
            SoldierSteps::NoSidewaysOnARivalBank if from.rank() == 4 => &[(0, -1)],
            SoldierSteps::NoSidewaysOnARivalBank => &[(0, -1), (-1, 0), (1, 0)],
            SoldierSteps::CrossedTowardTheBank => &[(0, 1), (-1, 0), (1, 0)],
            SoldierSteps::CrossedBackToo => &[(0, -1), (0, 1), (-1, 0), (1, 0)],
        };
        let mut out: Vec<Point> = steps
            .iter()
            .copied()
            .filter_map(|(df, dr)| from.offset(df, dr))
            .collect();
        if self.rules.soldier == Soldier::TriangleSideways && from.is_triangle() {
            let third = Kingdom::ALL
                .into_iter()
                .find(|k| *k != frame && *k != from.kingdom());
            if let Some(third) = third {
                out.push(Point::triangle(third));
            }
        }
        out
    }
}
