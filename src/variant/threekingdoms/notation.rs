//! The one-line position text (`docs/threekingdoms.md`):
//!
//! `<Shu half>|<Wu half>|<Wei half> <to-move> <defeated> <bannermen> <history> <quiet>`
//!
//! Each half is its ranks 1 to 5 separated by `/`, each rank files a to i:
//! a digit counts empty points, a piece is its kind letter (`K A E H R C P
//! F`), its owner's letter (`r g b`) and, when it differs from the owner,
//! its home's letter (`Pbr`: a soldier of Shu's army owned by Wei). Then
//! the kingdom to move (`r`, `g`, `b`, or `-` once the game is won), the
//! defeated kingdoms (`-` or letters), `on`/`off` for bannermen, the R-HEIR
//! history as four characters (the last mover, then for Shu, Wu and Wei
//! the mover since whose move the kingdom has had no legal move; `-` for
//! none), and the count of moves without capture or defeat.

use super::point::{Kingdom, Point};
use super::position::{Kind, Move, Piece, Position};
use super::ruleset::Bannermen;

fn owner_letter(kingdom: Kingdom) -> char {
    kingdom.letter().to_ascii_lowercase()
}

fn optional(kingdom: Option<Kingdom>) -> char {
    kingdom.map_or('-', owner_letter)
}

/// The position as text.
pub fn to_text(position: &Position) -> String {
    let mut halves = Vec::new();
    for kingdom in Kingdom::ALL {
        let mut ranks = Vec::new();
        for rank in 0..5 {
            let mut text = String::new();
            let mut empty = 0;
            for file in 0..9 {
                match position.at(Point::new(kingdom, file, rank)) {
                    None => empty += 1,
                    Some(piece) => {
                        if empty > 0 {
                            text.push_str(&empty.to_string());
                            empty = 0;
                        }
                        text.push(piece.kind.letter());
                        text.push(owner_letter(piece.owner));
                        if piece.home != piece.owner {
                            text.push(owner_letter(piece.home));
                        }
                    }
                }
            }
            if empty > 0 {
                text.push_str(&empty.to_string());
            }
            ranks.push(text);
        }
        halves.push(ranks.join("/"));
    }
    let defeated: String = Kingdom::ALL
        .into_iter()
        .filter(|k| !position.is_active(*k))
        .map(owner_letter)
        .collect();
    let mut history = String::new();
    history.push(optional(position.last_mover));
    for kingdom in Kingdom::ALL {
        history.push(optional(position.trapped_since[kingdom.index()]));
    }
    format!(
        "{} {} {} {} {} {}",
        halves.join("|"),
        optional(position.to_move),
        if defeated.is_empty() {
            "-".to_string()
        } else {
            defeated
        },
        match position.bannermen {
            Bannermen::On => "on",
            Bannermen::Off => "off",
        },
        history,
        position.quiet
    )
}

/// Why a position text, an action or a move of Three Kingdoms Chess
/// does not read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NotationError {
    /// Fields not separated by exactly one space.
    #[error("{0}")]
    Separator(crate::variant::fields::SeparatorError),
    /// Not six fields.
    #[error(
        "expected 6 fields (board, to-move, defeated, bannermen, history, quiet count), got {count}: `{text}`"
    )]
    FieldCount {
        /// The fields found.
        count: usize,
        /// The text given.
        text: String,
    },
    /// Every problem of form of the fields, at once.
    #[error("{}", .0.join("; "))]
    Problems(Vec<String>),
    /// A letter that names no kingdom.
    #[error("{what}: `{letter}` is not a kingdom letter (expected r, g or b)")]
    KingdomLetter {
        /// The field.
        what: String,
        /// The letter.
        letter: char,
    },
    /// A word that names no kingdom.
    #[error("`{word}` is not a kingdom (expected shu, wu or wei)")]
    NotAKingdom {
        /// The word.
        word: String,
    },
    /// `resign`, `timeout` or `leave` without a kingdom after the end.
    #[error("`{word}` needs a kingdom once the game is over")]
    NeedsKingdom {
        /// The action word.
        word: String,
    },
    /// An exit action with more words.
    #[error("`{text}`: expected `{word} <kingdom>`")]
    ExitShape {
        /// The text given.
        text: String,
        /// The action word.
        word: String,
    },
    /// Text of no move shape.
    #[error("`{text}` is not a move (expected FROM-TO or FROMxTO, e.g. Rb3-Bh1)")]
    MoveShape {
        /// The text given (trimmed).
        text: String,
    },
    /// A point that is not one.
    #[error("{0}")]
    Point(#[from] super::point::BadPoint),
}

/// A move as the protocol writes it (`docs/threekingdoms.md`).
impl std::str::FromStr for Move {
    type Err = NotationError;

    /// `Rb3-Bh1`, `Rb3xBh1` (the same move) or numbers `20-98`.
    fn from_str(text: &str) -> Result<Move, Self::Err> {
        let trimmed = text.trim();
        let (from, to) = trimmed
            .split_once('-')
            .or_else(|| trimmed.split_once('x'))
            .or_else(|| trimmed.split_once('X'))
            .ok_or_else(|| NotationError::MoveShape {
                text: trimmed.to_string(),
            })?;
        let from: Point = from.parse()?;
        let to: Point = to.parse()?;
        Ok(Move::new(from, to))
    }
}

impl From<NotationError> for crate::variant::VariantError {
    fn from(error: NotationError) -> crate::variant::VariantError {
        crate::variant::VariantError::Rules(error.to_string())
    }
}

fn kingdom_of(letter: char, what: &str) -> Result<Kingdom, NotationError> {
    if letter.is_ascii_lowercase() {
        if let Some(kingdom) = Kingdom::from_letter(letter) {
            return Ok(kingdom);
        }
    }
    Err(NotationError::KingdomLetter {
        what: what.to_string(),
        letter,
    })
}

fn optional_kingdom(letter: char, what: &str) -> Result<Option<Kingdom>, NotationError> {
    if letter == '-' {
        Ok(None)
    } else {
        kingdom_of(letter, what).map(Some)
    }
}

/// Reads the board field of one half into `position`.
fn read_half(position: &mut Position, kingdom: Kingdom, text: &str, problems: &mut Vec<String>) {
    let ranks: Vec<&str> = text.split('/').collect();
    if ranks.len() != 5 {
        problems.push(format!(
            "{kingdom} half: expected 5 ranks separated by `/`, got {}",
            ranks.len()
        ));
        return;
    }
    for (rank, rank_text) in ranks.iter().enumerate() {
        let chars: Vec<char> = rank_text.chars().collect();
        let mut file = 0usize;
        let mut i = 0;
        let place = format!("{kingdom} half, rank {}", rank + 1);
        while i < chars.len() {
            let c = chars[i];
            if let Some(digit) = c.to_digit(10) {
                if digit == 0 {
                    problems.push(format!("{place}: `0` is not a count of empty points"));
                }
                file += digit as usize;
                i += 1;
                continue;
            }
            let Some(kind) = Kind::from_letter(c) else {
                problems.push(format!(
                    "{place}: `{c}` is neither a count nor a piece letter (K A E H R C P F)"
                ));
                return;
            };
            let Some(&owner_char) = chars.get(i + 1) else {
                problems.push(format!("{place}: piece `{c}` has no owner letter"));
                return;
            };
            let owner = match kingdom_of(owner_char, &place) {
                Ok(owner) => owner,
                Err(error) => {
                    problems.push(error.to_string());
                    return;
                }
            };
            i += 2;
            let mut home = owner;
            if let Some(&home_char) = chars.get(i) {
                if home_char.is_ascii_lowercase() {
                    match kingdom_of(home_char, &place) {
                        Ok(kingdom) => home = kingdom,
                        Err(error) => {
                            problems.push(error.to_string());
                            return;
                        }
                    }
                    i += 1;
                }
            }
            if file >= 9 {
                problems.push(format!("{place}: more than 9 files"));
                return;
            }
            position.put(
                Point::new(kingdom, file as u8, rank as u8),
                Piece { kind, owner, home },
            );
            file += 1;
        }
        if file != 9 {
            problems.push(format!("{place}: {file} files instead of 9"));
        }
    }
}

/// The names of the position text's fields, for messages.
pub(crate) const FIELDS: [&str; 6] = [
    "board",
    "to-move",
    "defeated",
    "bannermen",
    "history",
    "quiet count",
];

/// Reads a position text (fields separated by exactly one space,
/// `crate::variant::fields`); every problem of form is listed at once.
///
/// # Errors
/// The problems, one per line.
pub fn from_text(text: &str) -> Result<Position, NotationError> {
    let fields: Vec<&str> = crate::variant::fields::split_fields(text, &FIELDS)
        .map_err(NotationError::Separator)?
        .into_iter()
        .map(|(_, field)| field)
        .collect();
    if fields.len() != 6 {
        return Err(NotationError::FieldCount {
            count: fields.len(),
            text: text.to_string(),
        });
    }
    let mut problems = Vec::new();
    let bannermen = match fields[3] {
        "on" => Bannermen::On,
        "off" => Bannermen::Off,
        other => {
            problems.push(format!("bannermen: expected on or off, got `{other}`"));
            Bannermen::On
        }
    };
    let mut position = Position::empty(bannermen);
    let halves: Vec<&str> = fields[0].split('|').collect();
    if halves.len() == 3 {
        for (kingdom, half) in Kingdom::ALL.into_iter().zip(halves) {
            read_half(&mut position, kingdom, half, &mut problems);
        }
    } else {
        problems.push(format!(
            "board: expected 3 halves separated by `|`, got {}",
            halves.len()
        ));
    }
    match fields[1].chars().collect::<Vec<_>>().as_slice() {
        [c] => match optional_kingdom(*c, "to-move") {
            Ok(k) => position.to_move = k,
            Err(error) => problems.push(error.to_string()),
        },
        _ => problems.push(format!(
            "to-move: expected r, g, b or -, got `{}`",
            fields[1]
        )),
    }
    if fields[2] != "-" {
        for c in fields[2].chars() {
            match kingdom_of(c, "defeated") {
                Ok(k) if !position.is_active(k) => {
                    problems.push(format!("defeated: {k} is listed twice"));
                }
                Ok(k) => position.active[k.index()] = false,
                Err(error) => problems.push(error.to_string()),
            }
        }
    }
    let history: Vec<char> = fields[4].chars().collect();
    if history.len() == 4 {
        match optional_kingdom(history[0], "history (last mover)") {
            Ok(k) => position.last_mover = k,
            Err(error) => problems.push(error.to_string()),
        }
        for (i, kingdom) in Kingdom::ALL.into_iter().enumerate() {
            match optional_kingdom(
                history[i + 1],
                &format!("history ({kingdom} trapped since)"),
            ) {
                Ok(k) => position.trapped_since[i] = k,
                Err(error) => problems.push(error.to_string()),
            }
        }
    } else {
        problems.push(format!(
            "history: expected 4 characters (last mover, then Shu, Wu, Wei), got `{}`",
            fields[4]
        ));
    }
    match fields[5].parse::<u32>() {
        Ok(quiet) => position.quiet = quiet,
        Err(_) => problems.push(format!(
            "quiet count: expected a number, got `{}`",
            fields[5]
        )),
    }
    if problems.is_empty() {
        Ok(position)
    } else {
        Err(NotationError::Problems(problems))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_start_reads_back() {
        for bannermen in [Bannermen::On, Bannermen::Off] {
            let start = Position::start(bannermen);
            let text = to_text(&start);
            assert_eq!(from_text(&text), Ok(start));
        }
        assert_eq!(
            to_text(&Position::start(Bannermen::On)).split('|').next(),
            Some("RrHrErArKrArErHrRr/9/1Cr1Fr1Fr1Cr1/Pr1Pr1Pr1Pr1Pr/9")
        );
    }

    #[test]
    fn homes_are_written_where_they_differ() {
        let mut position = Position::empty(Bannermen::Off);
        position.put(
            "Rc4".parse().expect("point"),
            Piece {
                kind: Kind::Soldier,
                owner: Kingdom::WEI,
                home: Kingdom::SHU,
            },
        );
        let text = to_text(&position);
        assert!(text.starts_with("9/9/9/2Pbr6/9|"), "{text}");
        assert_eq!(from_text(&text), Ok(position));
    }

    #[test]
    fn every_problem_is_listed() {
        let error = from_text("9/9/9/9/9|9/9/9/9|Zr8/9/9/9/9 x q maybe ab-- many")
            .expect_err("bad")
            .to_string();
        for part in [
            "4",
            "`Z`",
            "to-move",
            "defeated",
            "bannermen",
            "history",
            "quiet",
        ] {
            assert!(error.contains(part), "{part} missing in {error}");
        }
    }
}
