//! The fast path's precomputed tables, all built from the reference
//! [`Geometry`](crate::geometry::Geometry) and the reference pawn rules
//! (`rules::pawn`), so that they hold the same lines and steps: per cell,
//! every line as a bitboard (the six sides, the four braids, the six
//! diagonals ending at a notch and the six crossing it), the king, knight
//! and pawn steps in both directions, the flank pairs of R-BISHOP, and the
//! promotion zones of R-PROMO-ZONE.

use std::sync::OnceLock;

use crate::cell::{Cell, CELL_COUNT};
use crate::geometry::{geometry, Side, Vertex};
use crate::party::Party;
use crate::rules::pawn;
use crate::ruleset::{PromotionZone, Ruleset};

use super::bits::Bits;

/// Number of line kinds per cell: 6 sides, 4 braids, 6 diagonals, 6
/// diagonals across notches.
pub const LINES: usize = 22;
/// The first side line (`Side::ALL` order).
pub const SIDE_LINES: usize = 0;
/// The first braid line (`Geometry::braid_rays` order).
pub const BRAID_LINES: usize = 6;
/// The first diagonal line (`Vertex::ALL` order), ending at a notch.
pub const DIAGONAL_LINES: usize = 10;
/// The first diagonal line crossing notches (R-DIAGONAL-NOTCH=crosses).
pub const CROSSING_LINES: usize = 16;

/// No neighbour across a side.
pub const NONE: u8 = u8::MAX;

/// Every table of the fast path. Get it with [`tables()`].
pub struct Tables {
    /// `[cell][line]`: the cells of the line from the cell, without it.
    pub rays: Vec<[Bits; LINES]>,
    /// Whether a line visits cells in increasing index order.
    pub increasing: [bool; LINES],
    /// `[i]`: the indices `0..=i`.
    pub up_to: Vec<Bits>,
    /// `[i]`: the indices `i..253`.
    pub down_to: Vec<Bits>,
    /// `[cell]`: the six side neighbours.
    pub king_sides: Vec<Bits>,
    /// `[cell]`: the six vertex neighbours (R-KING=twelve adds them).
    pub king_vertices: Vec<Bits>,
    /// `[option][cell]`: where a knight jumps to (0: R-KNIGHT default,
    /// 1: needs-cells).
    pub knight_to: [Vec<Bits>; 2],
    /// `[option][cell]`: the cells from which a knight jumps to the cell.
    pub knight_from: [Vec<Bits>; 2],
    /// `[party][cell]`: where a moved pawn of the party steps to.
    pub pawn_to: [Vec<Bits>; 6],
    /// `[party][cell]`: the cells from which a pawn of the party steps to the cell.
    pub pawn_from: [Vec<Bits>; 6],
    /// `[cell][side]`: the neighbour index, or [`NONE`].
    pub neighbours: Vec<[u8; 6]>,
    /// `[cell][vertex]`: the two flanking neighbours of a diagonal step,
    /// empty when one of them does not exist (then it never closes).
    pub flanks: Vec<[Bits; 6]>,
    /// `[zone option][party]`: the promotion zone of R-PROMO-ZONE.
    pub zones: [[Bits; 6]; 3],
}

/// The shared tables, built on first use.
pub fn tables() -> &'static Tables {
    static TABLES: OnceLock<Tables> = OnceLock::new();
    TABLES.get_or_init(Tables::build)
}

fn set_of(cells: impl IntoIterator<Item = Cell>) -> Bits {
    let mut bits = Bits::EMPTY;
    for cell in cells {
        bits.set(cell.index());
    }
    bits
}

fn per_cell(f: impl Fn(Cell) -> Bits) -> Vec<Bits> {
    Cell::all().map(f).collect()
}

impl Tables {
    fn build() -> Tables {
        let geometry = geometry();
        let rays: Vec<[Bits; LINES]> = Cell::all()
            .map(|cell| {
                let mut lines = [Bits::EMPTY; LINES];
                for side in Side::ALL {
                    lines[SIDE_LINES + side.index()] =
                        set_of(geometry.side_ray(cell, side).to_vec());
                }
                for (i, ray) in geometry.braid_rays(cell).iter().enumerate() {
                    lines[BRAID_LINES + i] = set_of(ray.iter().copied());
                }
                for vertex in Vertex::ALL {
                    lines[DIAGONAL_LINES + vertex.index()] =
                        set_of(geometry.vertex_ray(cell, vertex).iter().copied());
                    lines[CROSSING_LINES + vertex.index()] =
                        set_of(geometry.crossing_ray(cell, vertex).iter().copied());
                }
                lines
            })
            .collect();
        let increasing = std::array::from_fn(|line| {
            let rising = Side::ALL
                .map(|side| side.delta())
                .into_iter()
                .chain([(2, 0), (2, 0), (-2, 0), (-2, 0)])
                .chain(Vertex::ALL.map(|vertex| vertex.delta()))
                .chain(Vertex::ALL.map(|vertex| vertex.delta()))
                .nth(line)
                .map(|(dr, dx)| dr > 0 || (dr == 0 && dx > 0));
            rising.unwrap_or_else(|| unreachable!("{LINES} line kinds"))
        });
        let up_to = (0..CELL_COUNT)
            .map(|i| set_of(Cell::all().take(i + 1)))
            .collect();
        let down_to = (0..CELL_COUNT)
            .map(|i| set_of(Cell::all().skip(i)))
            .collect();
        let king_sides = per_cell(|cell| {
            set_of(
                Side::ALL
                    .into_iter()
                    .filter_map(|side| geometry.neighbour(cell, side)),
            )
        });
        let king_vertices = per_cell(|cell| {
            set_of(
                Vertex::ALL
                    .into_iter()
                    .filter_map(|vertex| geometry.vertex_neighbour(cell, vertex)),
            )
        });
        let jumps = |cell: Cell, needs_cells: bool| {
            set_of(
                geometry
                    .knight_jumps(cell)
                    .iter()
                    .filter(|jump| !needs_cells || jump.path_exists)
                    .map(|jump| jump.target),
            )
        };
        let knight_to = [per_cell(|c| jumps(c, false)), per_cell(|c| jumps(c, true))];
        let sources = |to: &Vec<Bits>| {
            per_cell(|cell| set_of(Cell::all().filter(|from| to[from.index()].has(cell.index()))))
        };
        let knight_from = [sources(&knight_to[0]), sources(&knight_to[1])];
        let pawn_to: [Vec<Bits>; 6] = std::array::from_fn(|p| {
            let party = Party::from_index(p);
            per_cell(|cell| {
                set_of(
                    pawn::allowed_sides(party)
                        .into_iter()
                        .filter_map(|side| geometry.neighbour(cell, side)),
                )
            })
        });
        let pawn_from = std::array::from_fn(|p| sources(&pawn_to[p]));
        let neighbours = Cell::all()
            .map(|cell| {
                Side::ALL.map(|side| {
                    geometry
                        .neighbour(cell, side)
                        .map_or(NONE, |n| n.index() as u8)
                })
            })
            .collect();
        let flanks = Cell::all()
            .map(|cell| {
                Vertex::ALL.map(|vertex| {
                    let (left, right) = vertex.flanks();
                    match (
                        geometry.neighbour(cell, left),
                        geometry.neighbour(cell, right),
                    ) {
                        (Some(a), Some(b)) => set_of([a, b]),
                        _ => Bits::EMPTY,
                    }
                })
            })
            .collect();
        let zones = [
            PromotionZone::OppositeTriangle,
            PromotionZone::TipOnly,
            PromotionZone::AnyForeign,
        ]
        .map(|zone| {
            let rules = Ruleset {
                promo_zone: zone,
                ..Ruleset::default()
            };
            std::array::from_fn(|p| {
                let party = Party::from_index(p);
                set_of(Cell::all().filter(|&cell| pawn::in_promotion_zone(party, cell, &rules)))
            })
        });
        Tables {
            rays,
            increasing,
            up_to,
            down_to,
            king_sides,
            king_vertices,
            knight_to,
            knight_from,
            pawn_to,
            pawn_from,
            neighbours,
            flanks,
            zones,
        }
    }

    /// The cells of `line` from `from` up to and including the first
    /// occupied one (the whole line when none is occupied).
    #[inline(always)]
    pub fn reach(&self, from: usize, line: usize, occupied: Bits) -> Bits {
        let ray = self.rays[from][line];
        let blockers = ray & occupied;
        if self.increasing[line] {
            match blockers.first() {
                Some(first) => ray & self.up_to[first],
                None => ray,
            }
        } else {
            match blockers.last() {
                Some(first) => ray & self.down_to[first],
                None => ray,
            }
        }
    }

    /// The first occupied cell of `line` from `from`, if any.
    #[inline(always)]
    pub fn first_on(&self, from: usize, line: usize, occupied: Bits) -> Option<usize> {
        let blockers = self.rays[from][line] & occupied;
        if self.increasing[line] {
            blockers.first()
        } else {
            blockers.last()
        }
    }

    /// The index of the R-PROMO-ZONE option.
    pub fn zone_index(zone: PromotionZone) -> usize {
        match zone {
            PromotionZone::OppositeTriangle => 0,
            PromotionZone::TipOnly => 1,
            PromotionZone::AnyForeign => 2,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{tables, LINES};
    use crate::cell::Cell;

    /// Every line visits its cells in the index order the table says, so
    /// that the first blocker is the lowest or highest set bit.
    #[test]
    fn every_line_is_monotone_in_its_direction() {
        let tables = tables();
        for cell in Cell::all() {
            for line in 0..LINES {
                let ray = tables.rays[cell.index()][line];
                for index in ray.iter() {
                    assert_eq!(
                        index > cell.index(),
                        tables.increasing[line],
                        "line {line} from cell {cell} reaches index {index}"
                    );
                }
            }
        }
    }

    /// Why R-BISHOP=flanks-block with R-DIAGONAL-NOTCH=crosses does not
    /// depend on the end a diagonal is walked from (`covers`): along every
    /// crossing diagonal, a step between neighbouring cells has the same
    /// two flanks seen from either end, and a step across missing cells
    /// has, at neither end, both flanks on the board.
    #[test]
    fn no_step_across_a_notch_has_two_flanks() {
        use crate::geometry::{geometry, Vertex};
        let tables = tables();
        let geometry = geometry();
        let (mut unit, mut across) = (0, 0);
        for cell in Cell::all() {
            for vertex in Vertex::ALL {
                let back = vertex.clockwise(3);
                let mut previous = cell;
                for &next in geometry.crossing_ray(cell, vertex) {
                    let forward = tables.flanks[previous.index()][vertex.index()];
                    let backward = tables.flanks[next.index()][back.index()];
                    if geometry.vertex_neighbour(previous, vertex) == Some(next) {
                        unit += 1;
                        assert_eq!(forward, backward, "step {previous}-{next}");
                    } else {
                        across += 1;
                        assert!(
                            forward.is_empty() && backward.is_empty(),
                            "step {previous}-{next} across a notch has two flanks at one end"
                        );
                    }
                    previous = next;
                }
            }
        }
        // Every step of every diagonal from every cell, each seen both ways.
        assert!(
            unit > 1000 && across > 0,
            "{unit} steps, {across} across notches"
        );
    }
}
