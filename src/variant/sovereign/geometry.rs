//! Clause sc.1 (the board): 256 squares a1-p16, the rings, the two brown
//! lines through the centre, the promotion zone and the 24 coloured squares
//! (two of each of the twelve colours). Pure data and arithmetic; no rule
//! of play lives here.

use std::fmt;

use crate::variant::VariantError;

/// A square, `16 * rank + file` with 0-based file and rank (a1 = 0, p16 = 255).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Square(pub u8);

impl Square {
    /// The square at 0-based `file` and `rank`, if both are on the board.
    pub fn at(file: i32, rank: i32) -> Option<Square> {
        ((0..16).contains(&file) && (0..16).contains(&rank))
            .then(|| Square((rank * 16 + file) as u8))
    }

    /// 0-based file (a = 0).
    pub fn file(self) -> i32 {
        i32::from(self.0 % 16)
    }

    /// 0-based rank (rank 1 = 0).
    pub fn rank(self) -> i32 {
        i32::from(self.0 / 16)
    }

    /// The square `df` files and `dr` ranks away, if on the board.
    pub fn offset(self, df: i32, dr: i32) -> Option<Square> {
        Square::at(self.file() + df, self.rank() + dr)
    }

    /// Clause sc.1.rings: 1 + the distance to the nearest edge (ring 1 is
    /// the edge, ring 8 the central 2 x 2).
    pub fn ring(self) -> i32 {
        let (f, r) = (self.file(), self.rank());
        1 + f.min(15 - f).min(r).min(15 - r)
    }

    /// Clause sc.1.lines: twice the distance of the square's centre from
    /// the brown line between files h and i (1, 3, ..., 15).
    pub fn file_distance(self) -> i32 {
        (2 * self.file() - 15).abs()
    }

    /// Twice the distance from the brown line between ranks 8 and 9.
    pub fn rank_distance(self) -> i32 {
        (2 * self.rank() - 15).abs()
    }

    /// Clause sc.1.zone: inside the central 4 x 4 (files g-j, ranks 7-10).
    pub fn in_zone(self) -> bool {
        (6..=9).contains(&self.file()) && (6..=9).contains(&self.rank())
    }

    /// The coloured square's colour, if it is one of the 24.
    pub fn colour(self) -> Option<Colour> {
        SQUARE_COLOUR[usize::from(self.0)]
    }

    /// The mirror image across the 8|9 line (rank r <-> 17 - r).
    pub fn mirrored(self) -> Square {
        Square((15 - self.rank()) as u8 * 16 + self.file() as u8)
    }

    /// Every square, a1 first.
    pub fn all() -> impl Iterator<Item = Square> {
        (0..=255u8).map(Square)
    }

    /// Reads `a1`..`p16`.
    ///
    /// # Errors
    /// A message naming the text and the board.
    pub fn parse(text: &str) -> Result<Square, VariantError> {
        let bad = || VariantError::NotASquare {
            text: text.to_string(),
            board: "16x16",
            range: "a1-p16",
        };
        let mut chars = text.chars();
        let file = chars.next().ok_or_else(bad)?;
        if !('a'..='p').contains(&file) {
            return Err(bad());
        }
        let digits = chars.as_str();
        if digits.is_empty()
            || digits.len() > 2
            || !digits.bytes().all(|b| b.is_ascii_digit())
            || digits.starts_with('0')
        {
            return Err(bad());
        }
        let rank: i32 = digits.parse().map_err(|_| bad())?;
        Square::at(file as i32 - 'a' as i32, rank - 1).ok_or_else(bad)
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", char::from(b'a' + self.0 % 16), self.0 / 16 + 1)
    }
}

/// One of the twelve colours (armies).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Colour {
    /// Navy.
    Navy,
    /// Red.
    Red,
    /// Green.
    Green,
    /// Violet.
    Violet,
    /// Pink.
    Pink,
    /// Yellow.
    Yellow,
    /// Ash (light grey).
    Ash,
    /// Slate (dark grey).
    Slate,
    /// Cyan.
    Cyan,
    /// Black.
    Black,
    /// White.
    White,
    /// Orange.
    Orange,
}

impl Colour {
    /// Every colour, in the order of the design's table.
    pub const ALL: [Colour; 12] = [
        Colour::Navy,
        Colour::Red,
        Colour::Green,
        Colour::Violet,
        Colour::Pink,
        Colour::Yellow,
        Colour::Ash,
        Colour::Slate,
        Colour::Cyan,
        Colour::Black,
        Colour::White,
        Colour::Orange,
    ];

    /// Its index in [`Colour::ALL`].
    pub fn index(self) -> usize {
        self as usize
    }

    /// The FEN letter.
    pub fn letter(self) -> char {
        b"nrgvpyascbwo"[self.index()] as char
    }

    /// The colour of a FEN letter.
    pub fn from_letter(letter: char) -> Option<Colour> {
        Colour::ALL
            .into_iter()
            .find(|colour| colour.letter() == letter)
    }

    /// The lowercase English name (the army's key in reports).
    pub fn name(self) -> &'static str {
        [
            "navy", "red", "green", "violet", "pink", "yellow", "ash", "slate", "cyan", "black",
            "white", "orange",
        ][self.index()]
    }

    /// The colour of a name.
    pub fn from_name(name: &str) -> Option<Colour> {
        Colour::ALL.into_iter().find(|colour| colour.name() == name)
    }

    /// Its two squares, the one nearer rank 1 first.
    pub fn squares(self) -> [Square; 2] {
        COLOUR_SQUARES[self.index()]
    }

    /// The swap sigma of the mirror symmetry: white-black, ash-slate,
    /// pink-violet, green-yellow, red-navy, orange-cyan.
    pub fn mirrored(self) -> Colour {
        match self {
            Colour::White => Colour::Black,
            Colour::Black => Colour::White,
            Colour::Ash => Colour::Slate,
            Colour::Slate => Colour::Ash,
            Colour::Pink => Colour::Violet,
            Colour::Violet => Colour::Pink,
            Colour::Green => Colour::Yellow,
            Colour::Yellow => Colour::Green,
            Colour::Red => Colour::Navy,
            Colour::Navy => Colour::Red,
            Colour::Orange => Colour::Cyan,
            Colour::Cyan => Colour::Orange,
        }
    }
}

const fn sq(file: u8, rank: u8) -> Square {
    Square((rank - 1) * 16 + file)
}

/// The two squares of each colour, in [`Colour::ALL`] order (design
/// table "Coloured squares").
pub const COLOUR_SQUARES: [[Square; 2]; 12] = [
    [sq(4, 5), sq(11, 12)], // navy e5 l12
    [sq(11, 5), sq(4, 12)], // red l5 e12
    [sq(5, 6), sq(10, 11)], // green f6 k11
    [sq(7, 6), sq(8, 11)],  // violet h6 i11
    [sq(8, 6), sq(7, 11)],  // pink i6 h11
    [sq(10, 6), sq(5, 11)], // yellow k6 f11
    [sq(6, 7), sq(9, 10)],  // ash g7 j10
    [sq(9, 7), sq(6, 10)],  // slate j7 g10
    [sq(5, 8), sq(10, 9)],  // cyan f8 k9
    [sq(7, 8), sq(8, 9)],   // black h8 i9
    [sq(8, 8), sq(7, 9)],   // white i8 h9
    [sq(10, 8), sq(5, 9)],  // orange k8 f9
];

const SQUARE_COLOUR: [Option<Colour>; 256] = {
    let mut table = [None; 256];
    let mut index = 0;
    while index < 12 {
        let pair = COLOUR_SQUARES[index];
        table[pair[0].0 as usize] = Some(Colour::ALL[index]);
        table[pair[1].0 as usize] = Some(Colour::ALL[index]);
        index += 1;
    }
    table
};

/// The other square of a coloured square's pair.
pub fn partner(square: Square) -> Option<Square> {
    let colour = square.colour()?;
    let [a, b] = colour.squares();
    Some(if a == square { b } else { a })
}

/// The eight king directions, orthogonal first.
pub const DIRECTIONS: [(i32, i32); 8] = [
    (1, 0),
    (-1, 0),
    (0, 1),
    (0, -1),
    (1, 1),
    (1, -1),
    (-1, 1),
    (-1, -1),
];

/// The eight knight jumps.
pub const KNIGHT_JUMPS: [(i32, i32); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];

#[cfg(test)]
mod tests {
    use super::*;

    fn s(text: &str) -> Square {
        Square::parse(text).expect("square")
    }

    #[test]
    fn squares_read_and_write_a1_to_p16() {
        assert_eq!(s("a1"), Square(0));
        assert_eq!(s("p16"), Square(255));
        assert_eq!(s("e12").to_string(), "e12");
        for bad in ["q1", "a0", "a17", "a", "", "a01", "A1"] {
            assert!(Square::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn rings_have_60_52_and_a_central_2x2() {
        let count = |ring| Square::all().filter(|sq| sq.ring() == ring).count();
        assert_eq!(count(1), 60);
        assert_eq!(count(2), 52);
        assert_eq!(count(8), 4);
        assert_eq!(s("h8").ring(), 8);
    }

    #[test]
    fn the_zone_is_g7_to_j10() {
        let zone: Vec<String> = Square::all()
            .filter(|sq| sq.in_zone())
            .map(|sq| sq.to_string())
            .collect();
        assert_eq!(zone.len(), 16);
        assert!(zone.contains(&"g7".to_string()) && zone.contains(&"j10".to_string()));
        assert!(!s("f7").in_zone() && !s("g11").in_zone());
    }

    #[test]
    fn twenty_four_coloured_squares_two_per_colour() {
        assert_eq!(Square::all().filter(|sq| sq.colour().is_some()).count(), 24);
        assert_eq!(s("e5").colour(), Some(Colour::Navy));
        assert_eq!(s("h9").colour(), Some(Colour::White));
        assert_eq!(partner(s("h8")), Some(s("i9")));
    }

    #[test]
    fn rotation_maps_every_pair_onto_itself() {
        for colour in Colour::ALL {
            let [a, b] = colour.squares();
            assert_eq!(Square(255 - a.0), b, "{}", colour.name());
        }
    }

    #[test]
    fn rank_reflection_maps_the_colouring_with_sigma() {
        for square in Square::all() {
            assert_eq!(
                square.mirrored().colour(),
                square.colour().map(Colour::mirrored)
            );
        }
    }

    #[test]
    fn pairs_on_one_line_are_navy_red_green_yellow_ash_slate_black_white() {
        let on_line = |colour: Colour| {
            let [a, b] = colour.squares();
            let (df, dr) = (b.file() - a.file(), b.rank() - a.rank());
            (df == 0 || dr == 0 || df.abs() == dr.abs()).then(|| df.abs().max(dr.abs()))
        };
        assert_eq!(on_line(Colour::Navy), Some(7));
        assert_eq!(on_line(Colour::Red), Some(7));
        assert_eq!(on_line(Colour::Green), Some(5));
        assert_eq!(on_line(Colour::Yellow), Some(5));
        assert_eq!(on_line(Colour::Ash), Some(3));
        assert_eq!(on_line(Colour::Slate), Some(3));
        assert_eq!(on_line(Colour::Black), Some(1));
        assert_eq!(on_line(Colour::White), Some(1));
        for colour in [Colour::Violet, Colour::Pink, Colour::Cyan, Colour::Orange] {
            assert_eq!(on_line(colour), None, "{}", colour.name());
        }
    }

    #[test]
    fn line_distances_are_half_integers_from_the_centre() {
        assert_eq!(s("h1").file_distance(), 1);
        assert_eq!(s("a1").file_distance(), 15);
        assert_eq!(s("a8").rank_distance(), 1);
        assert_eq!(s("a9").rank_distance(), 1);
    }
}
