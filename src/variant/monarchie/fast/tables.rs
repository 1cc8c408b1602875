//! The fast path's precomputed tables, all built from the reference
//! [`Geometry`](crate::variant::monarchie::geometry::Geometry) and the reference pawn rules
//! (`rules::pawn`), so that they hold the same lines and steps: per cell,
//! every line as a bitboard (the six sides, the four braids, the six
//! diagonals ending at a notch and the six crossing it), the king, knight
//! and pawn steps in both directions, the flank pairs of R-BISHOP, and the
//! promotion zones of R-PROMO-ZONE.

use std::sync::OnceLock;

use crate::variant::monarchie::cell::{Cell, CELL_COUNT};
use crate::variant::monarchie::geometry::{geometry, Side, Vertex};
use crate::variant::monarchie::party::Party;
use crate::variant::monarchie::rules::pawn;
use crate::variant::monarchie::ruleset::{PromotionZone, Ruleset};

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

/// No neighbour across a side; no line of a family to a cell (`line_to`).
pub const NONE: u8 = u8::MAX;
/// `line_to`: the cell lies on two lines of the family from the cell.
pub const MANY: u8 = u8::MAX - 1;

/// The line families of `line_to`, in line order: sides, braids,
/// diagonals ending at a notch, diagonals crossing it.
pub const FAMILIES: [(usize, usize); 4] = [
    (SIDE_LINES, 6),
    (BRAID_LINES, 4),
    (DIAGONAL_LINES, 6),
    (CROSSING_LINES, 6),
];

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
    /// `[cell][line]`: how many cells the line from the cell has.
    pub ray_len: Vec<[u8; LINES]>,
    /// `[cell][line]`: the line's first cell, the neighbour or the next
    /// cell across a notch ([`NONE`] for an empty line).
    pub near: Vec<[u8; LINES]>,
    /// `[from * CELL_COUNT + to][family]` ([`FAMILIES`]): the line of the
    /// family from `from` that passes `to`, [`NONE`] or [`MANY`].
    pub line_to: Vec<[u8; 4]>,
    /// `[braid]`: whether the rook's lines (the sides, and the braids
    /// under R-ROOK=braid) can be counted line by line (`Tables::countable`).
    pub count_straight: [bool; 2],
    /// `[crosses]`: the same for the bishop's diagonals (R-DIAGONAL-NOTCH).
    pub count_diagonal: [bool; 2],
    /// `[braid][crosses]`: the same for the queen's lines, both families.
    pub count_queen: [[bool; 2]; 2],
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
        let ray_len = rays
            .iter()
            .map(|lines| lines.map(|ray| ray.count() as u8))
            .collect();
        let near = rays
            .iter()
            .enumerate()
            .map(|(from, lines)| {
                std::array::from_fn(|line| {
                    let ray = lines[line];
                    let first = if ray.first().is_some_and(|first| first > from) {
                        ray.first()
                    } else {
                        ray.last()
                    };
                    first.map_or(NONE, |cell| cell as u8)
                })
            })
            .collect();
        let mut line_to = vec![[NONE; 4]; CELL_COUNT * CELL_COUNT];
        for (from, lines) in rays.iter().enumerate() {
            for (family, &(first, n)) in FAMILIES.iter().enumerate() {
                for (line, ray) in lines.iter().enumerate().skip(first).take(n) {
                    for to in ray.iter() {
                        let entry = &mut line_to[from * CELL_COUNT + to][family];
                        *entry = if *entry == NONE { line as u8 } else { MANY };
                    }
                }
            }
        }
        let mut tables = Tables {
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
            ray_len,
            near,
            line_to,
            count_straight: [false; 2],
            count_diagonal: [false; 2],
            count_queen: [[false; 2]; 2],
        };
        let straight = |braid: bool| {
            SIDE_LINES..if braid {
                BRAID_LINES + 4
            } else {
                SIDE_LINES + 6
            }
        };
        let diagonal = |crosses: bool| {
            let first = if crosses {
                CROSSING_LINES
            } else {
                DIAGONAL_LINES
            };
            first..first + 6
        };
        for option in [false, true] {
            tables.count_straight[usize::from(option)] = tables.countable(straight(option));
            tables.count_diagonal[usize::from(option)] = tables.countable(diagonal(option));
        }
        for braid in [false, true] {
            for crosses in [false, true] {
                tables.count_queen[usize::from(braid)][usize::from(crosses)] =
                    tables.countable(straight(braid).chain(diagonal(crosses)));
            }
        }
        tables
    }

    /// Whether a piece moving along `lines` can have its targets counted
    /// line by line, without building the set: from every cell the lines
    /// share no cell (so no target is counted twice), and every line
    /// continues from each of its cells as the same line from that cell
    /// (so the cells up to a blocker number `ray_len[from] - ray_len[blocker]`).
    fn countable(&self, lines: impl Iterator<Item = usize> + Clone) -> bool {
        (0..CELL_COUNT).all(|from| {
            let mut seen = Bits::EMPTY;
            lines.clone().all(|line| {
                let ray = self.rays[from][line];
                let disjoint = (seen & ray).is_empty();
                seen |= ray;
                disjoint
                    && ray.iter().all(|cell| {
                        let beyond = if self.increasing[line] {
                            ray & !self.up_to[cell]
                        } else {
                            ray & !self.down_to[cell]
                        };
                        beyond == self.rays[cell][line]
                    })
            })
        })
    }

    /// The cells of `line` from `from` up to and including the first
    /// occupied one (the whole line when none is occupied).
    #[inline(always)]
    pub fn reach(&self, from: usize, line: usize, occupied: Bits) -> Bits {
        let ray = self.rays[from][line];
        match self.first_on(from, line, occupied) {
            Some(first) if self.increasing[line] => ray & self.up_to[first],
            Some(first) => ray & self.down_to[first],
            None => ray,
        }
    }

    /// The first occupied cell of `line` from `from`, if any. The line
    /// runs away from `from` in index order, so the words are scanned
    /// from `from`'s word outwards and the scan stops at the first
    /// occupied one.
    #[inline(always)]
    pub fn first_on(&self, from: usize, line: usize, occupied: Bits) -> Option<usize> {
        // Most lines are closed at their first cell.
        let near = self.near[from][line];
        if near == NONE {
            return None;
        }
        if occupied.has(usize::from(near)) {
            return Some(usize::from(near));
        }
        let ray = &self.rays[from][line].0;
        let occupied = &occupied.0;
        let mut word = from >> 6;
        if self.increasing[line] {
            while word < 4 {
                let hits = ray[word] & occupied[word];
                if hits != 0 {
                    return Some(word * 64 + hits.trailing_zeros() as usize);
                }
                word += 1;
            }
        } else {
            loop {
                let hits = ray[word] & occupied[word];
                if hits != 0 {
                    return Some(word * 64 + 63 - hits.leading_zeros() as usize);
                }
                if word == 0 {
                    break;
                }
                word -= 1;
            }
        }
        None
    }

    /// How many cells a piece on `from` reaches along the `n` lines from
    /// `first_line` on: on each, up to and including the first piece,
    /// less that piece when it is in `own`. Only for lines
    /// `Tables::countable` accepted (they share no cell, and the cells
    /// up to a blocker number `ray_len[from] - ray_len[blocker]`).
    #[inline(always)]
    pub fn reach_count(
        &self,
        from: usize,
        first_line: usize,
        n: usize,
        occupied: Bits,
        own: Bits,
    ) -> u32 {
        let near = &self.near[from][first_line..first_line + n];
        let len = &self.ray_len[from][first_line..first_line + n];
        let mut count = 0;
        for (k, (&cell, &len)) in near.iter().zip(len).enumerate() {
            if cell == NONE {
                continue;
            }
            // Most lines are closed at their first cell.
            if occupied.has(usize::from(cell)) {
                count += u32::from(!own.has(usize::from(cell)));
                continue;
            }
            let line = first_line + k;
            count += u32::from(len);
            if let Some(first) = self.first_on(from, line, occupied) {
                count -= u32::from(self.ray_len[first][line]) + u32::from(own.has(first));
            }
        }
        count
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
    use crate::variant::monarchie::cell::Cell;

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

    /// A pawn attacks a cell only from a side neighbour (what
    /// `FastRules::attacked` relies on), and every line and line family
    /// entry agrees with the rays.
    #[test]
    fn pawn_sources_are_side_neighbours_and_line_families_match_the_rays() {
        use super::{CELL_COUNT, FAMILIES, MANY, NONE};
        let tables = tables();
        for cell in 0..CELL_COUNT {
            for party in 0..6 {
                let from = tables.pawn_from[party][cell];
                assert_eq!(from & tables.king_sides[cell], from, "cell index {cell}");
            }
            for to in 0..CELL_COUNT {
                for (family, &(first, n)) in FAMILIES.iter().enumerate() {
                    let lines: Vec<usize> = (first..first + n)
                        .filter(|&line| tables.rays[cell][line].has(to))
                        .collect();
                    let expected = match lines.as_slice() {
                        [] => NONE,
                        [line] => *line as u8,
                        _ => MANY,
                    };
                    assert_eq!(tables.line_to[cell * CELL_COUNT + to][family], expected);
                }
            }
            for line in 0..LINES {
                let ray = tables.rays[cell][line];
                assert_eq!(
                    usize::from(tables.ray_len[cell][line]),
                    ray.count() as usize
                );
                let near = tables.near[cell][line];
                let walked_first = if tables.increasing[line] {
                    ray.first()
                } else {
                    ray.last()
                };
                assert_eq!(walked_first.map_or(NONE, |first| first as u8), near);
                // The first piece on a line with every cell occupied but
                // the first is the second cell.
                let mut rest = ray;
                if let Some(first) = walked_first {
                    rest.clear(first);
                    let second = if tables.increasing[line] {
                        rest.first()
                    } else {
                        rest.last()
                    };
                    assert_eq!(tables.first_on(cell, line, rest), second);
                }
            }
        }
        // The default rulesets' sliders are counted line by line.
        assert!(tables.count_straight[0] && tables.count_diagonal[0]);
        assert!(tables.count_queen[0][0]);
    }

    /// Why R-BISHOP=flanks-block with R-DIAGONAL-NOTCH=crosses does not
    /// depend on the end a diagonal is walked from (`covers`): along every
    /// crossing diagonal, a step between neighbouring cells has the same
    /// two flanks seen from either end, and a step across missing cells
    /// has, at neither end, both flanks on the board.
    #[test]
    fn no_step_across_a_notch_has_two_flanks() {
        use crate::variant::monarchie::geometry::{geometry, Vertex};
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
