//! The board geometry of clause 2 and the rulings page: 25 rows of
//! pointy-top hexagons forming a hexagram, six sides per cell, six vertex
//! directions between them, and the tables every move rule reads.
//!
//! A cell has a row `r` (1..=25, top to bottom) and a lattice column `x`:
//! cell `j` (0-based) of a row of width `w` sits at `x = 2j - (w - 1)`.
//! Side steps change `(r, x)` by the vectors of [`Side::delta`].

use std::sync::OnceLock;

use crate::variant::monarchie::cell::{Cell, CELL_COUNT};
use crate::variant::monarchie::party::{ByParty, Party};

/// Row widths from top to bottom (rulings page, Geometry).
pub const ROW_WIDTHS: [u8; 25] = [
    1, 2, 3, 4, 5, 6, 19, 18, 17, 16, 15, 14, 13, 14, 15, 16, 17, 18, 19, 6, 5, 4, 3, 2, 1,
];

/// The six sides of a cell (clause 2 table), clockwise from upper right.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Side {
    /// Upper right (NE).
    A,
    /// Right (E).
    B,
    /// Lower right (SE).
    C,
    /// Lower left (SW).
    D,
    /// Left (W).
    E,
    /// Upper left (NW).
    F,
}

impl Side {
    /// All sides in clockwise order a..f.
    pub const ALL: [Side; 6] = [Side::A, Side::B, Side::C, Side::D, Side::E, Side::F];

    /// Clockwise index (a = 0 ... f = 5).
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The side `steps` places clockwise from this one.
    pub const fn clockwise(self, steps: usize) -> Side {
        Side::ALL[(self.index() + steps) % 6]
    }

    /// The opposite side.
    pub const fn opposite(self) -> Side {
        self.clockwise(3)
    }

    /// `(dr, dx)` of one step across this side.
    pub const fn delta(self) -> (i8, i8) {
        match self {
            Side::A => (-1, 1),
            Side::B => (0, 2),
            Side::C => (1, 1),
            Side::D => (1, -1),
            Side::E => (0, -2),
            Side::F => (-1, -1),
        }
    }

    /// The letter of the clause 2 table.
    pub const fn letter(self) -> char {
        match self {
            Side::A => 'a',
            Side::B => 'b',
            Side::C => 'c',
            Side::D => 'd',
            Side::E => 'e',
            Side::F => 'f',
        }
    }
}

/// The six vertex directions, each between two neighbouring sides, named by
/// those sides (`ab` lies between a and b).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Vertex {
    /// Between a and b: `(-1, +3)`.
    AB,
    /// Between b and c: `(+1, +3)`.
    BC,
    /// Between c and d: `(+2, 0)`, straight down.
    CD,
    /// Between d and e: `(+1, -3)`.
    DE,
    /// Between e and f: `(-1, -3)`.
    EF,
    /// Between f and a: `(-2, 0)`, straight up.
    FA,
}

impl Vertex {
    /// All vertex directions clockwise from `ab`.
    pub const ALL: [Vertex; 6] = [
        Vertex::AB,
        Vertex::BC,
        Vertex::CD,
        Vertex::DE,
        Vertex::EF,
        Vertex::FA,
    ];

    /// Clockwise index (ab = 0 ... fa = 5).
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The vertex direction `steps` places clockwise from this one.
    pub const fn clockwise(self, steps: usize) -> Vertex {
        Vertex::ALL[(self.index() + steps) % 6]
    }

    /// The two sides this direction lies between (counter-clockwise first).
    pub const fn flanks(self) -> (Side, Side) {
        let first = Side::ALL[self.index()];
        (first, first.clockwise(1))
    }

    /// `(dr, dx)` of one diagonal step: the sum of the two flanking sides.
    pub const fn delta(self) -> (i8, i8) {
        let (left, right) = self.flanks();
        let (r1, x1) = left.delta();
        let (r2, x2) = right.delta();
        (r1 + r2, x1 + x2)
    }

    /// The name of the two flanking sides, e.g. `cd`.
    pub fn name(self) -> String {
        let (left, right) = self.flanks();
        format!("{}{}", left.letter(), right.letter())
    }
}

/// One knight jump (R-KNIGHT): two steps across `side`, then one across a
/// side at 60 degrees to it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KnightJump {
    /// The target cell.
    pub target: Cell,
    /// Whether both cells passed over (one and two steps across `side`) exist.
    pub path_exists: bool,
}

/// All precomputed tables of the board. Get it with [`geometry()`].
pub struct Geometry {
    coords: [(i8, i8); CELL_COUNT],
    side_neighbours: [[Option<Cell>; 6]; CELL_COUNT],
    vertex_neighbours: [[Option<Cell>; 6]; CELL_COUNT],
    side_rays: Vec<[Vec<Cell>; 6]>,
    vertex_rays: Vec<[Vec<Cell>; 6]>,
    crossing_rays: Vec<[Vec<Cell>; 6]>,
    braid_rays: Vec<[Vec<Cell>; 4]>,
    knight_jumps: Vec<Vec<KnightJump>>,
    triangle_of: [Option<Party>; CELL_COUNT],
    triangles: ByParty<Vec<Cell>>,
    rotation: [Cell; CELL_COUNT],
}

/// The shared geometry tables, built on first use.
pub fn geometry() -> &'static Geometry {
    static GEOMETRY: OnceLock<Geometry> = OnceLock::new();
    GEOMETRY.get_or_init(Geometry::build)
}

/// First cell number of each row (1-based), and the lattice lookup.
fn cell_at(row: i32, x: i32) -> Option<Cell> {
    if !(1..=25).contains(&row) {
        return None;
    }
    let width = ROW_WIDTHS[row as usize - 1] as i32;
    let shifted = x + width - 1;
    if shifted < 0 || shifted % 2 != 0 || shifted / 2 >= width {
        return None;
    }
    let before: i32 = ROW_WIDTHS[..row as usize - 1]
        .iter()
        .map(|&w| w as i32)
        .sum();
    Cell::new((before + shifted / 2 + 1) as u16)
}

impl Geometry {
    fn build() -> Geometry {
        let mut coords = [(0i8, 0i8); CELL_COUNT];
        let mut number = 0usize;
        for (row_index, &width) in ROW_WIDTHS.iter().enumerate() {
            for j in 0..width as i32 {
                coords[number] = ((row_index + 1) as i8, (2 * j - (width as i32 - 1)) as i8);
                number += 1;
            }
        }
        let step = |cell: Cell, (dr, dx): (i8, i8)| {
            let (r, x) = coords[cell.index()];
            cell_at(r as i32 + dr as i32, x as i32 + dx as i32)
        };
        let ray = |cell: Cell, deltas: &[(i8, i8)]| {
            let mut cells = Vec::new();
            let mut current = cell;
            for i in 0..CELL_COUNT {
                match step(current, deltas[i % deltas.len()]) {
                    Some(next) => {
                        cells.push(next);
                        current = next;
                    }
                    None => break,
                }
            }
            cells
        };
        let side_neighbours =
            std::array::from_fn(|i| Side::ALL.map(|side| step(Cell::from_index(i), side.delta())));
        let vertex_neighbours = std::array::from_fn(|i| {
            Vertex::ALL.map(|vertex| step(Cell::from_index(i), vertex.delta()))
        });
        let side_rays = Cell::all()
            .map(|cell| Side::ALL.map(|side| ray(cell, &[side.delta()])))
            .collect();
        let vertex_rays = Cell::all()
            .map(|cell| Vertex::ALL.map(|vertex| ray(cell, &[vertex.delta()])))
            .collect();
        // R-DIAGONAL-NOTCH=crosses: the same vertex direction read as going
        // on across missing cells to the far side of a notch, up to the
        // board's edge (rows 1-25, |x| <= 18); missing cells are skipped.
        let crossing_ray = |cell: Cell, (dr, dx): (i8, i8)| {
            let (mut r, mut x) = coords[cell.index()];
            let mut cells = Vec::new();
            loop {
                r += dr;
                x += dx;
                if !(1..=25).contains(&r) || x.abs() > 18 {
                    return cells;
                }
                if let Some(next) = cell_at(i32::from(r), i32::from(x)) {
                    cells.push(next);
                }
            }
        };
        let crossing_rays = Cell::all()
            .map(|cell| Vertex::ALL.map(|vertex| crossing_ray(cell, vertex.delta())))
            .collect();
        let braid_rays = Cell::all()
            .map(|cell| BRAIDS.map(|(first, second)| ray(cell, &[first.delta(), second.delta()])))
            .collect();
        let knight_jumps = Cell::all()
            .map(|cell| {
                let mut jumps = Vec::new();
                for side in Side::ALL {
                    let (dr, dx) = side.delta();
                    for turn in [side.clockwise(5), side.clockwise(1)] {
                        let (tr, tx) = turn.delta();
                        if let Some(target) = step(cell, (2 * dr + tr, 2 * dx + tx)) {
                            let path_exists = step(cell, (dr, dx)).is_some()
                                && step(cell, (2 * dr, 2 * dx)).is_some();
                            jumps.push(KnightJump {
                                target,
                                path_exists,
                            });
                        }
                    }
                }
                jumps
            })
            .collect();
        let mut triangle_of = [None; CELL_COUNT];
        for (i, slot) in triangle_of.iter_mut().enumerate() {
            *slot = start_triangle_party(coords[i]);
        }
        let triangles = ByParty::from_fn(|party| {
            Cell::all()
                .filter(|cell| triangle_of[cell.index()] == Some(party))
                .collect()
        });
        let rotation = std::array::from_fn(|i| {
            let (r, x) = coords[i];
            let (dr, dx) = (r as i32 - 13, x as i32);
            let rotated = cell_at(13 + (dr + dx) / 2, (dx - 3 * dr) / 2);
            rotated.unwrap_or_else(|| unreachable!("the hexagram is symmetric under rotation"))
        });
        Geometry {
            coords,
            side_neighbours,
            vertex_neighbours,
            side_rays,
            vertex_rays,
            crossing_rays,
            braid_rays,
            knight_jumps,
            triangle_of,
            triangles,
            rotation,
        }
    }

    /// `(row, x)` of a cell: row 1..=25 from the top, lattice column `x`.
    pub fn coords(&self, cell: Cell) -> (i8, i8) {
        self.coords[cell.index()]
    }

    /// The cell at `(row, x)`, if there is one.
    pub fn cell_at(&self, row: i32, x: i32) -> Option<Cell> {
        cell_at(row, x)
    }

    /// The neighbour across `side`, if the board has one there.
    pub fn neighbour(&self, cell: Cell, side: Side) -> Option<Cell> {
        self.side_neighbours[cell.index()][side.index()]
    }

    /// The next cell in vertex direction `vertex`, if it exists.
    pub fn vertex_neighbour(&self, cell: Cell, vertex: Vertex) -> Option<Cell> {
        self.vertex_neighbours[cell.index()][vertex.index()]
    }

    /// The cells straight across `side`, nearest first, up to the edge.
    pub fn side_ray(&self, cell: Cell, side: Side) -> &[Cell] {
        &self.side_rays[cell.index()][side.index()]
    }

    /// The cells along vertex direction `vertex`, nearest first, ending at
    /// the first missing cell (R-BISHOP: a diagonal never crosses a notch).
    pub fn vertex_ray(&self, cell: Cell, vertex: Vertex) -> &[Cell] {
        &self.vertex_rays[cell.index()][vertex.index()]
    }

    /// R-DIAGONAL-NOTCH=crosses: the cells along vertex direction `vertex`,
    /// nearest first, going on across the missing cells of a notch to the
    /// far side, up to the board's edge.
    pub fn crossing_ray(&self, cell: Cell, vertex: Vertex) -> &[Cell] {
        &self.crossing_rays[cell.index()][vertex.index()]
    }

    /// The four zig-zag column rays of R-ROOK=braid, nearest first.
    pub fn braid_rays(&self, cell: Cell) -> &[Vec<Cell>; 4] {
        &self.braid_rays[cell.index()]
    }

    /// The knight jumps from `cell` (at most 12).
    pub fn knight_jumps(&self, cell: Cell) -> &[KnightJump] {
        &self.knight_jumps[cell.index()]
    }

    /// The party whose 21-cell start triangle holds `cell`, if any.
    pub fn triangle_of(&self, cell: Cell) -> Option<Party> {
        self.triangle_of[cell.index()]
    }

    /// The 21 cells of a party's start triangle, in number order.
    pub fn triangle(&self, party: Party) -> &[Cell] {
        &self.triangles[party]
    }

    /// The tip cell of a party's start triangle.
    pub fn tip(&self, party: Party) -> Cell {
        let number = match party {
            Party::Blau => 1,
            Party::Gruen => 40,
            Party::Orange => 232,
            Party::Lila => 253,
            Party::Gelb => 214,
            Party::Rot => 22,
        };
        Cell::from_index(number - 1)
    }

    /// The cell reached by rotating the board 60 degrees clockwise about the
    /// centre cell 127 (Blau's seat goes to Grün's).
    pub fn rotate(&self, cell: Cell) -> Cell {
        self.rotation[cell.index()]
    }
}

/// The braid rays: zig-zag columns, by their alternating side pairs.
const BRAIDS: [(Side, Side); 4] = [
    (Side::C, Side::D),
    (Side::D, Side::C),
    (Side::A, Side::F),
    (Side::F, Side::A),
];

/// Which start triangle `(row, x)` lies in: the top and bottom points are
/// rows 1-6 and 20-25; the four side points are the parts of rows 7-12 and
/// 14-19 that stick out of the central hexagon, whose half-width in `x` is
/// `12 - |row - 13|`.
fn start_triangle_party((row, x): (i8, i8)) -> Option<Party> {
    let row = row as i32;
    let x = x as i32;
    if row <= 6 {
        return Some(Party::Blau);
    }
    if row >= 20 {
        return Some(Party::Lila);
    }
    let half_width = 12 - (row - 13).abs();
    if x.abs() <= half_width {
        return None;
    }
    Some(match (row < 13, x > 0) {
        (true, true) => Party::Gruen,
        (false, true) => Party::Orange,
        (false, false) => Party::Gelb,
        (true, false) => Party::Rot,
    })
}
