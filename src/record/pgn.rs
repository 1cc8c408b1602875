//! Portable Game Notation as the chess ecosystem writes it: a tag section
//! (`[Name "value"]`), then movetext with move numbers, moves, comments
//! (`{...}`, `;` to the end of the line), numeric annotation glyphs (`$n`),
//! variations (`( ... )`, skipped) and a game termination marker (`1-0`,
//! `0-1`, `1/2-1/2`, `*`). A file may hold several games.
//!
//! Reading keeps each move token as written, with its line, and leaves its
//! meaning (SAN or coordinates) to [`super::san`]; writing lays out the
//! tags and the numbered moves in lines of at most 80 characters.

use std::fmt;

/// A game's result as PGN writes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// `1-0`.
    WhiteWins,
    /// `0-1`.
    BlackWins,
    /// `1/2-1/2`.
    Draw,
    /// `*`: unknown, going on, or abandoned.
    Unknown,
}

impl Outcome {
    /// Every outcome.
    pub const ALL: [Outcome; 4] = [
        Outcome::WhiteWins,
        Outcome::BlackWins,
        Outcome::Draw,
        Outcome::Unknown,
    ];

    /// The marker: `1-0`, `0-1`, `1/2-1/2`, `*`.
    pub fn marker(self) -> &'static str {
        match self {
            Outcome::WhiteWins => "1-0",
            Outcome::BlackWins => "0-1",
            Outcome::Draw => "1/2-1/2",
            Outcome::Unknown => "*",
        }
    }

    /// The outcome with this marker.
    pub fn from_marker(text: &str) -> Option<Outcome> {
        Outcome::ALL
            .into_iter()
            .find(|outcome| outcome.marker() == text)
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.marker())
    }
}

/// One move token as written, with where it stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveToken {
    /// The text (`Nf3`, `exd5+`, `e2e4`, `a10=Q#`), annotation marks
    /// (`!`, `?`) removed.
    pub text: String,
    /// The 1-based line of the file.
    pub line: usize,
}

/// One game of a PGN file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PgnGame {
    /// The tags in file order.
    pub tags: Vec<(String, String)>,
    /// The moves of the main line.
    pub moves: Vec<MoveToken>,
    /// The game termination marker of the movetext.
    pub outcome: Outcome,
    /// The line of the game's first tag or token.
    pub line: usize,
}

impl PgnGame {
    /// The value of the tag `name` (the first, if repeated).
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(tag, _)| tag == name)
            .map(|(_, value)| value.as_str())
    }
}

/// Why a PGN text could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {message}")]
pub struct PgnError {
    /// The 1-based line.
    pub line: usize,
    /// What is wrong.
    pub message: String,
}

fn error(line: usize, message: impl Into<String>) -> PgnError {
    PgnError {
        line,
        message: message.into(),
    }
}

/// A cursor over the text that counts lines.
struct Cursor<'a> {
    chars: std::iter::Peekable<std::str::Chars<'a>>,
    line: usize,
    at_line_start: bool,
}

impl Cursor<'_> {
    fn peek(&mut self) -> Option<char> {
        self.chars.peek().copied()
    }

    fn next(&mut self) -> Option<char> {
        let c = self.chars.next()?;
        self.at_line_start = c == '\n';
        if c == '\n' {
            self.line += 1;
        }
        Some(c)
    }

    fn skip_line(&mut self) {
        while let Some(c) = self.next() {
            if c == '\n' {
                break;
            }
        }
    }
}

/// What the lexer found.
enum Token {
    Tag(String, String),
    Word(String),
    Outcome(Outcome),
}

/// Reads every game of a PGN text.
///
/// # Errors
/// The line and what is wrong: a malformed tag, an unclosed comment or
/// variation, a stray `)`, a game without a termination marker, or no
/// game at all.
pub fn read(text: &str) -> Result<Vec<PgnGame>, PgnError> {
    let mut cursor = Cursor {
        chars: text.chars().peekable(),
        line: 1,
        at_line_start: true,
    };
    let mut games = Vec::new();
    let mut current: Option<PgnGame> = None;
    while let Some((line, token)) = next_token(&mut cursor)? {
        let game = current.get_or_insert_with(|| PgnGame {
            tags: Vec::new(),
            moves: Vec::new(),
            outcome: Outcome::Unknown,
            line,
        });
        match token {
            Token::Tag(name, value) => {
                if !game.moves.is_empty() {
                    return Err(error(
                        line,
                        format!(
                            "tag [{name}] after the moves of the game that starts at line {}: \
                             the movetext has no termination marker (1-0, 0-1, 1/2-1/2 or *)",
                            game.line
                        ),
                    ));
                }
                game.tags.push((name, value));
            }
            Token::Word(word) => game.moves.push(MoveToken { text: word, line }),
            Token::Outcome(outcome) => {
                game.outcome = outcome;
                games.extend(current.take());
            }
        }
    }
    if let Some(game) = current {
        return Err(error(
            cursor.line,
            format!(
                "the game that starts at line {} ends without a termination marker \
                 (1-0, 0-1, 1/2-1/2 or *)",
                game.line
            ),
        ));
    }
    if games.is_empty() {
        return Err(error(cursor.line, "no game in the file"));
    }
    Ok(games)
}

/// The next token with its line, skipping comments, NAGs, move numbers and
/// variations.
fn next_token(cursor: &mut Cursor<'_>) -> Result<Option<(usize, Token)>, PgnError> {
    loop {
        let Some(c) = cursor.peek() else {
            return Ok(None);
        };
        let line = cursor.line;
        match c {
            _ if c.is_whitespace() => {
                cursor.next();
            }
            '%' if cursor.at_line_start => cursor.skip_line(),
            ';' => cursor.skip_line(),
            '{' => {
                cursor.next();
                loop {
                    match cursor.next() {
                        Some('}') => break,
                        Some(_) => {}
                        None => return Err(error(line, "comment `{` is never closed")),
                    }
                }
            }
            '(' => skip_variation(cursor)?,
            ')' => return Err(error(line, "`)` closes no variation")),
            '}' => return Err(error(line, "`}` closes no comment")),
            '[' => {
                cursor.next();
                return read_tag(cursor, line).map(|tag| Some((line, tag)));
            }
            '$' => {
                cursor.next();
                let mut digits = 0;
                while cursor.peek().is_some_and(|c| c.is_ascii_digit()) {
                    cursor.next();
                    digits += 1;
                }
                if digits == 0 {
                    return Err(error(line, "`$` without a number (expected a NAG like $1)"));
                }
            }
            _ => {
                let word = read_word(cursor);
                if word.is_empty() {
                    return Err(error(line, format!("unexpected `{c}`")));
                }
                if let Some(token) = classify(&word, line)? {
                    return Ok(Some((line, token)));
                }
            }
        }
    }
}

/// Skips a variation and the variations nested in it, with their comments.
fn skip_variation(cursor: &mut Cursor<'_>) -> Result<(), PgnError> {
    let opened = cursor.line;
    let mut depth = 0usize;
    while let Some(c) = cursor.next() {
        match c {
            '(' => depth += 1,
            ')' => {
                depth -= 1;
                if depth == 0 {
                    return Ok(());
                }
            }
            '{' => loop {
                match cursor.next() {
                    Some('}') => break,
                    Some(_) => {}
                    None => return Err(error(opened, "comment in a variation is never closed")),
                }
            },
            ';' => cursor.skip_line(),
            _ => {}
        }
    }
    Err(error(opened, "variation `(` is never closed"))
}

/// `Name "value"]` after the `[`.
fn read_tag(cursor: &mut Cursor<'_>, line: usize) -> Result<Token, PgnError> {
    while cursor.peek().is_some_and(|c| c == ' ' || c == '\t') {
        cursor.next();
    }
    let mut name = String::new();
    while let Some(c) = cursor.peek() {
        if c.is_ascii_alphanumeric() || c == '_' {
            name.push(c);
            cursor.next();
        } else {
            break;
        }
    }
    if name.is_empty() {
        return Err(error(
            line,
            "tag without a name (expected [Name \"value\"])",
        ));
    }
    while cursor.peek().is_some_and(|c| c == ' ' || c == '\t') {
        cursor.next();
    }
    if cursor.next() != Some('"') {
        return Err(error(
            line,
            format!("tag [{name}] has no quoted value (expected [{name} \"value\"])"),
        ));
    }
    let mut value = String::new();
    loop {
        match cursor.next() {
            Some('\\') => match cursor.next() {
                Some(c @ ('"' | '\\')) => value.push(c),
                // A backslash does not carry a tag value over a line end
                // (found by the fuzzer: written back, the value broke).
                Some('\n') => {
                    return Err(error(
                        line,
                        format!("the value of tag [{name}] is never closed"),
                    ))
                }
                Some(c) => {
                    value.push('\\');
                    value.push(c);
                }
                None => break,
            },
            Some('"') => break,
            Some('\n') | None => {
                return Err(error(
                    line,
                    format!("the value of tag [{name}] is never closed"),
                ))
            }
            Some(c) => value.push(c),
        }
    }
    while cursor.peek().is_some_and(|c| c == ' ' || c == '\t') {
        cursor.next();
    }
    if cursor.next() != Some(']') {
        return Err(error(line, format!("tag [{name}] is not closed by `]`")));
    }
    Ok(Token::Tag(name, value))
}

/// A run of characters up to whitespace or a delimiter.
fn read_word(cursor: &mut Cursor<'_>) -> String {
    let mut word = String::new();
    while let Some(c) = cursor.peek() {
        if c.is_whitespace() || "{}()[];$".contains(c) {
            break;
        }
        word.push(c);
        cursor.next();
    }
    word
}

/// A word: an outcome, a move number (skipped), a move number glued to a
/// move (`1.e4`), or a move; annotation marks are removed.
fn classify(word: &str, line: usize) -> Result<Option<Token>, PgnError> {
    if let Some(outcome) = Outcome::from_marker(word) {
        return Ok(Some(Token::Outcome(outcome)));
    }
    // Every move number glued on goes (`12.e4`, `61...12.0Kb3`: the
    // fuzzer found that stripping one left a move that reads differently
    // once written).
    let mut rest = word;
    loop {
        let digits = rest.chars().take_while(char::is_ascii_digit).count();
        if digits == 0 || !rest[digits..].starts_with('.') {
            break;
        }
        rest = rest[digits..].trim_start_matches('.');
    }
    let text = rest.trim_end_matches(['!', '?']);
    if text.is_empty() {
        return Ok(None);
    }
    // `%` escapes a line only at its start; elsewhere it is no move, and a
    // move `%` written at the start of a line would hide the rest (found by
    // the fuzzer).
    if text.starts_with('%') {
        return Err(error(
            line,
            format!("`{word}` is not a move (a `%` escape line starts with `%`)"),
        ));
    }
    // A move number glued to the result (`2.*`, found by the fuzzer) ends
    // the game; read as a move `*`, it was written back as the result.
    if let Some(outcome) = Outcome::from_marker(text) {
        return Ok(Some(Token::Outcome(outcome)));
    }
    // Only digits (`12`) after the move numbers.
    if text.chars().all(|c| c.is_ascii_digit()) {
        return Err(error(
            line,
            format!("`{word}` is neither a move nor a move number (expected e.g. `12.`)"),
        ));
    }
    Ok(Some(Token::Word(text.to_string())))
}

/// The seven tags every PGN game carries, in their order.
pub const SEVEN_TAG_ROSTER: [&str; 7] =
    ["Event", "Site", "Date", "Round", "White", "Black", "Result"];

/// Writes one game: the tags in the given order (the seven-tag roster
/// first, as given), an empty line, the numbered moves from `fullmove`
/// (with `N...` when Black moves first) and the result, in lines of at
/// most 80 characters, and a final empty line.
pub fn write(
    tags: &[(String, String)],
    sans: &[String],
    black_first: bool,
    fullmove: u32,
    outcome: Outcome,
) -> String {
    let mut out = String::new();
    for (name, value) in tags {
        let escaped = value.replace('\\', "\\\\").replace('"', "\\\"");
        out.push_str(&format!("[{name} \"{escaped}\"]\n"));
    }
    out.push('\n');
    let mut words = Vec::new();
    let mut number = fullmove;
    let mut white = !black_first;
    for (index, san) in sans.iter().enumerate() {
        if white {
            words.push(format!("{number}."));
        } else if index == 0 {
            words.push(format!("{number}..."));
        }
        words.push(san.clone());
        if !white {
            number += 1;
        }
        white = !white;
    }
    words.push(outcome.marker().to_string());
    let mut line = String::new();
    for word in words {
        if !line.is_empty() && line.len() + 1 + word.len() > 80 {
            out.push_str(&line);
            out.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(&word);
    }
    out.push_str(&line);
    out.push_str("\n\n");
    out
}
