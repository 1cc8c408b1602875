//! Cells of the board (clause 2): the public names 1..=253.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

/// Number of cells on the MONARCHIE board (the 7th star number).
pub const CELL_COUNT: usize = 253;

/// One of the 253 cells, named by its number 1..=253 (clause 2). The number
/// is the only public name of a cell: in files, notation and output.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Cell(u8);

impl Cell {
    /// The centre cell of the board.
    pub const CENTRE: Cell = Cell(127);

    /// The cell with the given number, if it is in 1..=253.
    pub const fn new(number: u16) -> Option<Cell> {
        if number >= 1 && number as usize <= CELL_COUNT {
            Some(Cell(number as u8))
        } else {
            None
        }
    }

    /// The cell at a 0-based index (0..253), as used by internal tables.
    ///
    /// # Panics
    /// Panics if `index >= 253`; internal callers only pass table indices.
    pub const fn from_index(index: usize) -> Cell {
        assert!(index < CELL_COUNT, "cell index out of range");
        Cell(index as u8 + 1)
    }

    /// The public number 1..=253.
    pub const fn number(self) -> u16 {
        self.0 as u16
    }

    /// The 0-based index 0..253 used by internal tables.
    pub const fn index(self) -> usize {
        self.0 as usize - 1
    }

    /// Appends the cell's number in decimal (what [`fmt::Display`] writes,
    /// without a formatter: move lists write thousands of them).
    pub fn push_number(self, text: &mut String) {
        let number = self.0;
        if number >= 100 {
            text.push(char::from(b'0' + number / 100));
        }
        if number >= 10 {
            text.push(char::from(b'0' + number / 10 % 10));
        }
        text.push(char::from(b'0' + number % 10));
    }

    /// All cells in number order.
    pub fn all() -> impl Iterator<Item = Cell> {
        (0..CELL_COUNT).map(Cell::from_index)
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// A text or number that does not name a cell.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CellError {
    /// The number is outside 1..=253.
    #[error("cell {0} is out of range: cells are numbered 1 to 253")]
    OutOfRange(i64),
    /// The text is not a number.
    #[error("'{0}' is not a cell: expected a number from 1 to 253")]
    NotANumber(String),
    /// A number too long to be a cell, by its count of digits.
    #[error("a {0}-digit number is not a cell: cells are numbered 1 to 253")]
    TooManyDigits(usize),
}

impl TryFrom<u16> for Cell {
    type Error = CellError;
    fn try_from(number: u16) -> Result<Self, Self::Error> {
        Cell::new(number).ok_or(CellError::OutOfRange(number.into()))
    }
}

impl TryFrom<i64> for Cell {
    type Error = CellError;
    fn try_from(number: i64) -> Result<Self, Self::Error> {
        u16::try_from(number)
            .ok()
            .and_then(Cell::new)
            .ok_or(CellError::OutOfRange(number))
    }
}

impl FromStr for Cell {
    type Err = CellError;
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let trimmed = text.trim();
        if trimmed.is_empty() || !trimmed.bytes().all(|b| b.is_ascii_digit()) {
            return Err(CellError::NotANumber(crate::input::quote(text)));
        }
        let number: i64 = trimmed
            .parse()
            .map_err(|_| CellError::TooManyDigits(trimmed.len()))?;
        Cell::try_from(number)
    }
}

impl Serialize for Cell {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_u16(self.number())
    }
}

impl<'de> Deserialize<'de> for Cell {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let number = i64::deserialize(deserializer)?;
        Cell::try_from(number).map_err(serde::de::Error::custom)
    }
}

impl schemars::JsonSchema for Cell {
    fn schema_name() -> String {
        "Cell".to_string()
    }

    fn json_schema(_: &mut schemars::gen::SchemaGenerator) -> schemars::schema::Schema {
        let mut schema = schemars::schema::SchemaObject {
            instance_type: Some(schemars::schema::InstanceType::Integer.into()),
            ..Default::default()
        };
        schema.number().minimum = Some(1.0);
        schema.number().maximum = Some(CELL_COUNT as f64);
        schema.metadata().description = Some("A cell number, 1 to 253".to_string());
        schema.into()
    }
}

/// A set of cells as a 256-bit bitboard.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct CellSet([u64; 4]);

impl CellSet {
    /// The empty set.
    pub const EMPTY: CellSet = CellSet([0; 4]);

    /// Whether `cell` is in the set.
    pub const fn contains(&self, cell: Cell) -> bool {
        let i = cell.index();
        self.0[i / 64] & (1 << (i % 64)) != 0
    }

    /// Adds `cell`.
    pub fn insert(&mut self, cell: Cell) {
        let i = cell.index();
        self.0[i / 64] |= 1 << (i % 64);
    }

    /// Removes `cell`.
    pub fn remove(&mut self, cell: Cell) {
        let i = cell.index();
        self.0[i / 64] &= !(1 << (i % 64));
    }

    /// The cells in either set.
    #[must_use]
    pub const fn union(self, other: CellSet) -> CellSet {
        CellSet([
            self.0[0] | other.0[0],
            self.0[1] | other.0[1],
            self.0[2] | other.0[2],
            self.0[3] | other.0[3],
        ])
    }

    /// Number of cells in the set.
    pub fn len(&self) -> usize {
        self.0.iter().map(|word| word.count_ones() as usize).sum()
    }

    /// Whether the set is empty.
    pub fn is_empty(&self) -> bool {
        self.0 == [0; 4]
    }

    /// The cells in number order (walking the set bits only).
    pub fn iter(&self) -> impl Iterator<Item = Cell> + '_ {
        CellSetIter {
            words: self.0,
            word: 0,
        }
    }
}

/// The cells of a [`CellSet`] in number order: the lowest set bit of the
/// current word, cleared as it is taken.
struct CellSetIter {
    words: [u64; 4],
    word: usize,
}

impl Iterator for CellSetIter {
    type Item = Cell;

    fn next(&mut self) -> Option<Cell> {
        while let Some(bits) = self.words.get_mut(self.word) {
            if *bits == 0 {
                self.word += 1;
                continue;
            }
            let bit = bits.trailing_zeros() as usize;
            *bits &= *bits - 1;
            return Some(Cell::from_index(self.word * 64 + bit));
        }
        None
    }
}

impl FromIterator<Cell> for CellSet {
    fn from_iter<I: IntoIterator<Item = Cell>>(iter: I) -> Self {
        let mut set = CellSet::EMPTY;
        for cell in iter {
            set.insert(cell);
        }
        set
    }
}
