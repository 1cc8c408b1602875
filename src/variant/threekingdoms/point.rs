//! Kingdoms and points (clauses tk.P1, tk.T1, tk.T2): three half-boards of
//! 9 files and 5 ranks, 135 points in all, named `Re1` (kingdom letter,
//! file letter, rank digit) or numbered 1-135 (`45k + 9(r-1) + (f-1) + 1`).

use std::fmt;
use std::str::FromStr;

use crate::variant::PartyInfo;

/// One of the three kingdoms (clause tk.T1), in turn order (clause tk.T6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Kingdom(u8);

impl Kingdom {
    /// Shu, red, point letter `R`; moves first.
    pub const SHU: Kingdom = Kingdom(0);
    /// Wu, green, point letter `G`.
    pub const WU: Kingdom = Kingdom(1);
    /// Wei, blue, point letter `B`.
    pub const WEI: Kingdom = Kingdom(2);
    /// The three, in turn order.
    pub const ALL: [Kingdom; 3] = [Kingdom::SHU, Kingdom::WU, Kingdom::WEI];

    /// 0, 1, 2.
    pub fn index(self) -> usize {
        usize::from(self.0)
    }

    /// The kingdom with this index (taken mod 3).
    pub fn from_index(index: usize) -> Kingdom {
        Kingdom((index % 3) as u8)
    }

    /// The next kingdom in turn order (clause tk.T6): Shu, Wu, Wei, Shu.
    pub fn next(self) -> Kingdom {
        Kingdom::from_index(self.index() + 1)
    }

    /// The previous kingdom in turn order.
    pub fn previous(self) -> Kingdom {
        Kingdom::from_index(self.index() + 2)
    }

    /// The key used in files and the protocol: `shu`, `wu`, `wei`.
    pub fn key(self) -> &'static str {
        ["shu", "wu", "wei"][self.index()]
    }

    /// The letter of its points and of its pieces' owner: `R`, `G`, `B`
    /// (red, green, blue).
    pub fn letter(self) -> char {
        ['R', 'G', 'B'][self.index()]
    }

    /// The kingdom of a point letter or owner letter (either case).
    pub fn from_letter(letter: char) -> Option<Kingdom> {
        match letter.to_ascii_uppercase() {
            'R' => Some(Kingdom::SHU),
            'G' => Some(Kingdom::WU),
            'B' => Some(Kingdom::WEI),
            _ => None,
        }
    }

    /// The kingdom of a key (`shu`), an English colour (`red`) or a point
    /// letter (`R`), any case.
    pub fn from_key(text: &str) -> Option<Kingdom> {
        match text.trim().to_ascii_lowercase().as_str() {
            "shu" | "red" | "r" => Some(Kingdom::SHU),
            "wu" | "green" | "g" => Some(Kingdom::WU),
            "wei" | "blue" | "b" => Some(Kingdom::WEI),
            _ => None,
        }
    }
}

/// The three kingdoms' names in turn order (clause tk.T1, tk.T6), as
/// the harness reads them ([`crate::variant::VariantInfo::parties`]).
pub const KINGDOMS: [PartyInfo; 3] = [
    PartyInfo {
        key: "shu",
        native: "Shu",
        english: "Shu (red)",
    },
    PartyInfo {
        key: "wu",
        native: "Wu",
        english: "Wu (green)",
    },
    PartyInfo {
        key: "wei",
        native: "Wei",
        english: "Wei (blue)",
    },
];

impl fmt::Display for Kingdom {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.key())
    }
}

/// Number of points (clause tk.T2).
pub const POINT_COUNT: usize = 135;

/// One point of the board: kingdom half, file 0-8 (a-i, from the
/// kingdom's own left as it faces the centre), rank 0-4 (back rank to
/// bank).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Point(u8);

impl Point {
    /// The point of `kingdom`'s half at `file` 0-8 and `rank` 0-4.
    pub fn new(kingdom: Kingdom, file: u8, rank: u8) -> Point {
        debug_assert!(file < 9 && rank < 5);
        Point(45 * kingdom.0 + 9 * rank + file)
    }

    /// The point with the 0-based index `index` (< 135).
    pub fn from_index(index: usize) -> Point {
        debug_assert!(index < POINT_COUNT);
        Point(index as u8)
    }

    /// The point numbered `id` (1-135).
    pub fn from_id(id: usize) -> Option<Point> {
        (1..=POINT_COUNT)
            .contains(&id)
            .then(|| Point((id - 1) as u8))
    }

    /// 0-based index.
    pub fn index(self) -> usize {
        usize::from(self.0)
    }

    /// The number 1-135 of the design's numbering.
    pub fn id(self) -> usize {
        self.index() + 1
    }

    /// The half the point lies on.
    pub fn kingdom(self) -> Kingdom {
        Kingdom(self.0 / 45)
    }

    /// File 0-8 (a-i).
    pub fn file(self) -> u8 {
        self.0 % 9
    }

    /// Rank 0-4 (1-5).
    pub fn rank(self) -> u8 {
        (self.0 % 45) / 9
    }

    /// Every point, in number order.
    pub fn all() -> impl Iterator<Item = Point> {
        (0..POINT_COUNT as u8).map(Point)
    }

    /// The point `df` files and `dr` ranks away on the same half, if any.
    pub fn offset(self, df: i8, dr: i8) -> Option<Point> {
        let file = self.file() as i8 + df;
        let rank = self.rank() as i8 + dr;
        ((0..9).contains(&file) && (0..5).contains(&rank))
            .then(|| Point::new(self.kingdom(), file as u8, rank as u8))
    }

    /// Whether the point lies in the palace of the half it is on (files
    /// d-f, ranks 1-3).
    pub fn in_a_palace(self) -> bool {
        (3..=5).contains(&self.file()) && self.rank() <= 2
    }

    /// Whether the point lies in `kingdom`'s palace.
    pub fn in_palace_of(self, kingdom: Kingdom) -> bool {
        self.kingdom() == kingdom && self.in_a_palace()
    }

    /// Whether it is a corner of the central triangle (an e5 point).
    pub fn is_triangle(self) -> bool {
        self.file() == 4 && self.rank() == 4
    }

    /// `kingdom`'s corner of the triangle (its e5).
    pub fn triangle(kingdom: Kingdom) -> Point {
        Point::new(kingdom, 4, 4)
    }
}

impl fmt::Display for Point {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}{}{}",
            self.kingdom().letter(),
            char::from(b'a' + self.file()),
            self.rank() + 1
        )
    }
}

/// Why a text is not a point.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadPoint(pub String);

impl fmt::Display for BadPoint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "`{}` is not a point (expected a name like Re1 or Gd5: R, G or B, a file a-i, a rank 1-5; or a number 1-135)",
            self.0
        )
    }
}

impl std::error::Error for BadPoint {}

impl FromStr for Point {
    type Err = BadPoint;

    fn from_str(text: &str) -> Result<Point, BadPoint> {
        let bad = || BadPoint(text.to_string());
        let trimmed = text.trim();
        if !trimmed.is_empty() && trimmed.bytes().all(|byte| byte.is_ascii_digit()) {
            return trimmed
                .parse::<usize>()
                .ok()
                .and_then(Point::from_id)
                .ok_or_else(bad);
        }
        let chars: Vec<char> = trimmed.chars().collect();
        if chars.len() != 3 {
            return Err(bad());
        }
        let kingdom = Kingdom::from_letter(chars[0]).ok_or_else(bad)?;
        let file = chars[1].to_ascii_lowercase();
        let rank = chars[2];
        if !('a'..='i').contains(&file) || !('1'..='5').contains(&rank) {
            return Err(bad());
        }
        Ok(Point::new(kingdom, file as u8 - b'a', rank as u8 - b'1'))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbering_follows_the_design_table() {
        assert_eq!("Re1".parse::<Point>().map(Point::id), Ok(5));
        assert_eq!("Ge1".parse::<Point>().map(Point::id), Ok(50));
        assert_eq!("Be1".parse::<Point>().map(Point::id), Ok(95));
        assert_eq!("Re5".parse::<Point>().map(Point::id), Ok(41));
        assert_eq!("Ge5".parse::<Point>().map(Point::id), Ok(86));
        assert_eq!("Be5".parse::<Point>().map(Point::id), Ok(131));
        assert_eq!("Ri5".parse::<Point>().map(Point::id), Ok(45));
        assert_eq!("Rb3".parse::<Point>().map(Point::id), Ok(20));
        for point in Point::all() {
            assert_eq!(point.to_string().parse::<Point>(), Ok(point));
            assert_eq!(point.id().to_string().parse::<Point>(), Ok(point));
            assert_eq!(point.kingdom().index(), (point.id() - 1) / 45);
        }
    }

    #[test]
    fn bad_points_are_refused() {
        for text in ["", "0", "136", "Xe1", "Rj1", "Re6", "Re0", "Re12", "e1"] {
            assert!(text.parse::<Point>().is_err(), "{text}");
        }
    }

    #[test]
    fn turn_order() {
        assert_eq!(Kingdom::SHU.next(), Kingdom::WU);
        assert_eq!(Kingdom::WEI.next(), Kingdom::SHU);
        assert_eq!(Kingdom::SHU.previous(), Kingdom::WEI);
    }
}
