//! Pieces, players and the position, with the public FEN of the design
//! (clause sc.notation.fen): board (a piece is colour letter + role letter,
//! rows from rank 16 down), side to move `1`/`2`, the king colours of
//! player 1 and player 2, the castling rooks (file letters, upper case on
//! rank 1, lower case on rank 16, `-` none), the halfmove clock and an
//! optional move number. Whether the position is valid is `setup`'s
//! business.

use super::geometry::{Colour, Square};

/// The names of the FEN's fields, for messages.
pub(crate) const FEN_FIELDS: [&str; 7] = [
    "board",
    "side to move",
    "player 1's king colour",
    "player 2's king colour",
    "castling",
    "halfmove clock",
    "move number",
];
/// What a piece is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Role {
    /// King.
    King,
    /// Queen.
    Queen,
    /// Rook.
    Rook,
    /// Bishop.
    Bishop,
    /// Knight.
    Knight,
    /// Pawn.
    Pawn,
}

impl Role {
    /// Every role.
    pub const ALL: [Role; 6] = [
        Role::King,
        Role::Queen,
        Role::Rook,
        Role::Bishop,
        Role::Knight,
        Role::Pawn,
    ];

    /// The lowercase FEN letter.
    pub fn letter(self) -> char {
        b"kqrbnp"[self as usize] as char
    }

    /// The role of a lowercase letter.
    pub fn from_letter(letter: char) -> Option<Role> {
        Role::ALL.into_iter().find(|role| role.letter() == letter)
    }

    /// The lowercase English name.
    pub fn name(self) -> &'static str {
        ["king", "queen", "rook", "bishop", "knight", "pawn"][self as usize]
    }
}

/// A piece: its army colour and its role.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    /// The army.
    pub colour: Colour,
    /// What it is.
    pub role: Role,
}

/// One of the two players.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Player {
    /// Player 1 (starts as White, behind rank 1).
    One,
    /// Player 2 (starts as Black, behind rank 16).
    Two,
}

impl Player {
    /// Both, in order.
    pub const ALL: [Player; 2] = [Player::One, Player::Two];

    /// 0 or 1.
    pub fn index(self) -> usize {
        self as usize
    }

    /// The other player.
    pub fn other(self) -> Player {
        match self {
            Player::One => Player::Two,
            Player::Two => Player::One,
        }
    }

    /// The party key (`player1`, `player2`).
    pub fn key(self) -> &'static str {
        match self {
            Player::One => "player1",
            Player::Two => "player2",
        }
    }

    /// The player of a party key.
    pub fn from_key(key: &str) -> Option<Player> {
        Player::ALL.into_iter().find(|player| player.key() == key)
    }

    /// The 0-based back rank (rank 1 or rank 16).
    pub fn back_rank(self) -> i32 {
        match self {
            Player::One => 0,
            Player::Two => 15,
        }
    }
}

/// A position: the board, who moves, the two king colours, the castling
/// rooks, the clocks.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    /// The piece on each square.
    pub board: [Option<Piece>; 256],
    /// Who moves.
    pub to_move: Player,
    /// The colour each player's king wears (the colour the player owns).
    pub kings: [Colour; 2],
    /// Castling rooks: bit `file` for rank 1, bit `16 + file` for rank 16.
    pub castling: u32,
    /// Plies since the last capture or pawn move (S-FIFTY).
    pub halfmove: u32,
    /// The move number, where the text gave one.
    pub fullmove: Option<u32>,
    /// Colours freed by a regime change and still waiting to be
    /// reoccupied (only under S-CONTROL-FREED=neutral-until-reoccupied;
    /// history, not written in the FEN).
    pub frozen: u16,
    /// Colours each player keeps after a regime change under the fault
    /// SC-OLD-COLOUR-KEPT (history, never in the FEN; 0 in every normal run).
    pub kept: [u16; 2],
}

/// The design's start position (its public FEN).
pub const START_FEN: &str = "aqabvrvnbrbnbbbqbkbbbnbrynyrsbsq/aranvpvpbpbpbpbpbpbpbpbpypypsnsr/nbnp12opob/nqnp12opoq/crcp12rprr/cncp12rprn/gbgp12pppb/gqgp12pppq/yqyp12vpvq/ybyp12vpvb/onop12npnn/orop12npnr/rqrp12cpcq/rbrp12cpcb/srsnppppwpwpwpwpwpwpwpwpgpgpanar/sqsbprpnwrwnwbwqwkwbwnwrgngrabaq 1 w b CELNceln 0";

impl Position {
    /// The piece on `square`.
    pub fn at(&self, square: Square) -> Option<Piece> {
        self.board[usize::from(square.0)]
    }

    /// Puts `piece` (or nothing) on `square`.
    pub fn put(&mut self, square: Square, piece: Option<Piece>) {
        self.board[usize::from(square.0)] = piece;
    }

    /// Every occupied square, a1 first.
    pub fn pieces(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        Square::all().filter_map(|square| self.at(square).map(|piece| (square, piece)))
    }

    /// The square of `player`'s king (the king of its king colour).
    pub fn king(&self, player: Player) -> Option<Square> {
        let colour = self.kings[player.index()];
        self.pieces()
            .find(|(_, piece)| piece.role == Role::King && piece.colour == colour)
            .map(|(square, _)| square)
    }

    /// The castling bit of a rook square, if it is on rank 1 or 16.
    pub fn castling_bit(square: Square) -> Option<u32> {
        match square.rank() {
            0 => Some(1 << square.file()),
            15 => Some(1 << (16 + square.file())),
            _ => None,
        }
    }

    /// `player`'s castling bits.
    pub fn castling_of(player: Player) -> u32 {
        match player {
            Player::One => 0xffff,
            Player::Two => 0xffff_0000,
        }
    }

    /// Reads the FEN syntax (not whether the position is valid); fields
    /// are separated by exactly one space (`crate::variant::fields`).
    ///
    /// # Errors
    /// Every syntax problem found, each naming the field.
    pub fn from_fen(text: &str) -> Result<Position, Vec<String>> {
        let mut problems = Vec::new();
        let fields: Vec<&str> = crate::variant::fields::split_fields(text, &FEN_FIELDS)
            .map_err(|error| vec![error.to_string()])?
            .into_iter()
            .map(|(_, field)| field)
            .collect();
        if !(6..=7).contains(&fields.len()) {
            return Err(vec![format!(
                "expected 6 or 7 fields (board, side to move 1/2, player 1's king colour, player 2's king colour, castling, halfmove clock, [move number]), found {}",
                fields.len()
            )]);
        }
        let mut board = [None; 256];
        let rows: Vec<&str> = fields[0].split('/').collect();
        if rows.len() != 16 {
            problems.push(format!(
                "board: expected 16 rows separated by '/', found {}",
                rows.len()
            ));
        }
        for (index, row) in rows.iter().enumerate().take(16) {
            let rank = 15 - index as i32;
            if let Err(problem) = read_row(row, rank, &mut board) {
                problems.push(format!(
                    "board: row {} (rank {}): {problem}",
                    index + 1,
                    rank + 1
                ));
            }
        }
        let to_move = match fields[1] {
            "1" => Some(Player::One),
            "2" => Some(Player::Two),
            other => {
                problems.push(format!("side to move: expected 1 or 2, found '{other}'"));
                None
            }
        };
        let mut kings = [Colour::White, Colour::Black];
        for (slot, field) in [(0, fields[2]), (1, fields[3])] {
            let mut chars = field.chars();
            match (chars.next().and_then(Colour::from_letter), chars.next()) {
                (Some(colour), None) => kings[slot] = colour,
                _ => problems.push(format!(
                    "player {}'s king colour: expected one colour letter of nrgvpyascbwo, found '{field}'",
                    slot + 1
                )),
            }
        }
        let mut castling = 0u32;
        if fields[4] != "-" {
            for letter in fields[4].chars() {
                match letter {
                    'A'..='P' => castling |= 1 << (letter as u32 - 'A' as u32),
                    'a'..='p' => castling |= 1 << (16 + letter as u32 - 'a' as u32),
                    _ => problems.push(format!(
                        "castling: expected '-' or rook files A-P (rank 1) and a-p (rank 16), found '{letter}'"
                    )),
                }
            }
        }
        let halfmove = fields[5].parse::<u32>().unwrap_or_else(|_| {
            problems.push(format!(
                "halfmove clock: expected a number, found '{}'",
                fields[5]
            ));
            0
        });
        let fullmove = match fields.get(6) {
            None => None,
            Some(text) => match text.parse::<u32>() {
                Ok(number) if number >= 1 => Some(number),
                _ => {
                    problems.push(format!(
                        "move number: expected a number from 1, found '{text}'"
                    ));
                    None
                }
            },
        };
        match to_move {
            Some(to_move) if problems.is_empty() => Ok(Position {
                board,
                to_move,
                kings,
                castling,
                halfmove,
                fullmove,
                frozen: 0,
                kept: [0; 2],
            }),
            _ => Err(problems),
        }
    }

    /// The FEN.
    pub fn to_fen(&self) -> String {
        let mut out = self.board_fen();
        out.push_str(match self.to_move {
            Player::One => " 1 ",
            Player::Two => " 2 ",
        });
        out.push(self.kings[0].letter());
        out.push(' ');
        out.push(self.kings[1].letter());
        out.push(' ');
        out.push_str(&self.castling_text());
        out.push_str(&format!(" {}", self.halfmove));
        if let Some(number) = self.fullmove {
            out.push_str(&format!(" {number}"));
        }
        out
    }

    /// The castling field.
    pub fn castling_text(&self) -> String {
        let mut out = String::new();
        for bit in 0..32u32 {
            if self.castling & (1 << bit) != 0 {
                out.push(if bit < 16 {
                    char::from(b'A' + bit as u8)
                } else {
                    char::from(b'a' + (bit - 16) as u8)
                });
            }
        }
        if out.is_empty() {
            out.push('-');
        }
        out
    }

    /// The board field.
    pub fn board_fen(&self) -> String {
        let mut out = String::new();
        for rank in (0..16).rev() {
            let mut empty = 0;
            for file in 0..16 {
                let square = Square((rank * 16 + file) as u8);
                match self.at(square) {
                    None => empty += 1,
                    Some(piece) => {
                        if empty > 0 {
                            out.push_str(&empty.to_string());
                            empty = 0;
                        }
                        out.push(piece.colour.letter());
                        out.push(piece.role.letter());
                    }
                }
            }
            if empty > 0 {
                out.push_str(&empty.to_string());
            }
            if rank > 0 {
                out.push('/');
            }
        }
        out
    }

    /// The repetition key (S-REPETITION): board, side to move, king
    /// colours, castling.
    pub fn repetition_key(&self) -> String {
        format!(
            "{} {} {}{} {}",
            self.board_fen(),
            self.to_move.index() + 1,
            self.kings[0].letter(),
            self.kings[1].letter(),
            self.castling_text()
        )
    }

    /// The mirror image across the 8|9 line with the colours swapped by
    /// sigma and the players exchanged (the design's mirror symmetry).
    pub fn mirrored(&self) -> Position {
        let mut board = [None; 256];
        for (square, piece) in self.pieces() {
            board[usize::from(square.mirrored().0)] = Some(Piece {
                colour: piece.colour.mirrored(),
                role: piece.role,
            });
        }
        let castling = (self.castling >> 16) | ((self.castling & 0xffff) << 16);
        let mut frozen = 0u16;
        for colour in Colour::ALL {
            if self.frozen & (1 << colour.index()) != 0 {
                frozen |= 1 << colour.mirrored().index();
            }
        }
        Position {
            board,
            to_move: self.to_move.other(),
            kings: [self.kings[1].mirrored(), self.kings[0].mirrored()],
            castling,
            halfmove: self.halfmove,
            fullmove: self.fullmove,
            frozen,
            kept: [self.kept[1], self.kept[0]].map(|mask| {
                Colour::ALL
                    .into_iter()
                    .filter(|colour| mask & (1 << colour.index()) != 0)
                    .fold(0, |out, colour| out | 1 << colour.mirrored().index())
            }),
        }
    }
}

/// What is wrong with one rank of a FEN.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
enum RowProblem {
    #[error("an empty run longer than 16 squares in '{row}'")]
    LongRun { row: String },
    #[error("an empty run of 0 squares in '{row}'")]
    ZeroRun { row: String },
    #[error("'{letter}' is not a colour letter (nrgvpyascbwo)")]
    Colour { letter: char },
    #[error("colour letter '{letter}' without a role letter at the end of '{row}'")]
    NoRole { letter: char, row: String },
    #[error("'{colour}{role}': '{role}' is not a role letter (kqrbnp)")]
    Role { colour: char, role: char },
    #[error("'{row}' describes more than 16 squares")]
    TooMany { row: String },
    #[error("'{row}' describes {squares} squares, expected 16")]
    Squares { row: String, squares: i32 },
}

fn read_row(row: &str, rank: i32, board: &mut [Option<Piece>; 256]) -> Result<(), RowProblem> {
    let row_text = || row.to_string();
    let chars: Vec<char> = row.chars().collect();
    let mut file = 0i32;
    let mut index = 0;
    while index < chars.len() {
        let c = chars[index];
        if c.is_ascii_digit() {
            let mut number = 0i32;
            while index < chars.len() && chars[index].is_ascii_digit() {
                number = number * 10 + (chars[index] as i32 - '0' as i32);
                index += 1;
                if number > 16 {
                    return Err(RowProblem::LongRun { row: row_text() });
                }
            }
            if number == 0 {
                return Err(RowProblem::ZeroRun { row: row_text() });
            }
            file += number;
        } else {
            let colour = Colour::from_letter(c).ok_or(RowProblem::Colour { letter: c })?;
            let role_letter = chars
                .get(index + 1)
                .copied()
                .ok_or_else(|| RowProblem::NoRole {
                    letter: c,
                    row: row_text(),
                })?;
            let role = Role::from_letter(role_letter).ok_or(RowProblem::Role {
                colour: c,
                role: role_letter,
            })?;
            if file < 16 {
                board[(rank * 16 + file) as usize] = Some(Piece { colour, role });
            }
            file += 1;
            index += 2;
        }
        if file > 16 {
            return Err(RowProblem::TooMany { row: row_text() });
        }
    }
    if file != 16 {
        return Err(RowProblem::Squares {
            row: row_text(),
            squares: file,
        });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_start_fen_reads_and_writes_back_exactly() {
        let position = Position::from_fen(START_FEN).expect("reads");
        assert_eq!(position.to_fen(), START_FEN);
        assert_eq!(position.pieces().count(), 112);
        let count = |role| position.pieces().filter(|(_, p)| p.role == role).count();
        assert_eq!(
            [
                Role::King,
                Role::Queen,
                Role::Rook,
                Role::Bishop,
                Role::Knight,
                Role::Pawn
            ]
            .map(count),
            [2, 14, 16, 16, 16, 48]
        );
        let white_king = position.king(Player::One).expect("king");
        assert_eq!(white_king.to_string(), "i1");
        assert_eq!(
            position.king(Player::Two).map(|s| s.to_string()),
            Some("i16".to_string())
        );
    }

    #[test]
    fn the_start_is_its_own_mirror_image() {
        let position = Position::from_fen(START_FEN).expect("reads");
        let mirror = position.mirrored();
        assert_eq!(mirror.board_fen(), position.board_fen());
        assert_eq!(mirror.castling, position.castling);
        assert_eq!(mirror.kings, position.kings);
    }

    #[test]
    fn syntax_problems_are_all_reported() {
        let problems = Position::from_fen("16/16 3 x bb CQ- z").unwrap_err();
        let text = problems.join("\n");
        for part in [
            "16 rows",
            "side to move",
            "player 1's king colour",
            "player 2's king colour",
            "castling",
            "halfmove",
        ] {
            assert!(text.contains(part), "{part} missing in {text}");
        }
        assert!(Position::from_fen("x").is_err());
    }

    #[test]
    fn the_move_number_is_optional_and_kept() {
        let text = START_FEN.to_string() + " 12";
        assert_eq!(Position::from_fen(&text).expect("reads").to_fen(), text);
    }
}
