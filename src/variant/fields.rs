//! The one rule for the fields of a position text, shared by the readers
//! of all five variants (MONARCHIE's notation, the FEN of Grand Chess,
//! Racing Kings and Sovereign Chess, Three Kingdoms' position text;
//! docs/notation.md, "Fields"): fields are separated by exactly one space
//! (U+0020), with no whitespace before the first field or after the last.
//! A tab, a line break, a second space or any other whitespace is refused
//! with the field it follows and the character found.

/// Where a bad separator stands, relative to the field it names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    /// Before the first field.
    Before,
    /// After this field.
    After,
}

/// Whitespace that is not one space between two fields.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeparatorError {
    /// 1-based column, in characters, of the offending character.
    pub column: usize,
    /// 0-based index of the field it follows (or precedes, [`Side::Before`]).
    pub index: usize,
    /// That field's name, when the reader named that many fields.
    pub field: Option<&'static str>,
    /// Before or after the field.
    pub side: Side,
    /// The character, described (`a tab (U+0009)`).
    pub found: String,
}

impl std::fmt::Display for SeparatorError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let side = match self.side {
            Side::Before => "before",
            Side::After => "after",
        };
        let field = match self.field {
            Some(name) => format!("field {} (`{name}`)", self.index + 1),
            None => format!("field {}", self.index + 1),
        };
        write!(
            f,
            "{} at column {} {side} {field}: fields are separated by exactly one space, with none before the first field or after the last",
            self.found, self.column
        )
    }
}

/// A whitespace character, described for a message.
fn describe(c: char, second_space: bool) -> String {
    match c {
        ' ' if second_space => "a second space".to_string(),
        ' ' => "a space".to_string(),
        '\t' => "a tab (U+0009)".to_string(),
        '\n' => "a line break (U+000A)".to_string(),
        '\r' => "a carriage return (U+000D)".to_string(),
        other => format!("the whitespace character U+{:04X}", u32::from(other)),
    }
}

/// Splits `text` into its fields, each with its byte offset, by the one
/// rule above; `names` are the reader's field names, for the message.
///
/// # Errors
/// The first whitespace that is not one space between two fields.
pub fn split_fields<'a>(
    text: &'a str,
    names: &[&'static str],
) -> Result<Vec<(usize, &'a str)>, SeparatorError> {
    let mut fields = Vec::new();
    if text.is_empty() {
        // No field at all (the reader says how many it expected).
        return Ok(fields);
    }
    let mut start = 0;
    let mut previous: Option<char> = None;
    let mut chars = text.char_indices().enumerate().peekable();
    while let Some((column, (at, c))) = chars.next() {
        if c.is_whitespace() {
            let next = chars.peek().map(|(_, (_, next))| *next);
            let between = previous.is_some_and(|p| !p.is_whitespace())
                && next.is_some_and(|n| !n.is_whitespace());
            if c == ' ' && between {
                fields.push((start, &text[start..at]));
                start = at + 1;
            } else {
                // One space then more whitespace: the second character
                // is the one out of place.
                let (column, found) = match next {
                    Some(n) if c == ' ' && previous.is_some_and(|p| !p.is_whitespace()) => {
                        (column + 2, describe(n, n == ' '))
                    }
                    _ => (column + 1, describe(c, previous == Some(' '))),
                };
                let index = fields.len();
                return Err(SeparatorError {
                    column,
                    index,
                    field: names.get(index).copied(),
                    side: if at == 0 { Side::Before } else { Side::After },
                    found,
                });
            }
        }
        previous = Some(c);
    }
    fields.push((start, &text[start..]));
    Ok(fields)
}

#[cfg(test)]
mod tests {
    use super::*;

    const NAMES: [&str; 3] = ["board", "side", "clock"];

    #[test]
    fn an_empty_text_has_no_field() {
        assert_eq!(split_fields("", &NAMES), Ok(Vec::new()));
    }

    #[test]
    fn one_space_between_fields_splits() {
        let fields = split_fields("ab c de", &NAMES).map_err(|e| e.to_string());
        assert_eq!(fields, Ok(vec![(0, "ab"), (3, "c"), (5, "de")]));
    }

    #[test]
    fn every_other_separator_is_refused_with_its_field() {
        for (text, column, index, side, found) in [
            ("ab\tc", 3, 0, Side::After, "a tab (U+0009)"),
            ("ab  c", 4, 0, Side::After, "a second space"),
            (" ab c", 1, 0, Side::Before, "a space"),
            ("ab c ", 5, 1, Side::After, "a space"),
            ("ab c\n", 5, 1, Side::After, "a line break (U+000A)"),
            (
                "ab c\u{a0}d",
                5,
                1,
                Side::After,
                "the whitespace character U+00A0",
            ),
            ("a b c d\te", 8, 3, Side::After, "a tab (U+0009)"),
            ("ab \tc", 4, 0, Side::After, "a tab (U+0009)"),
        ] {
            let error = split_fields(text, &NAMES).expect_err(text);
            assert_eq!(
                (error.column, error.index, error.side, error.found.as_str()),
                (column, index, side, found),
                "{text:?}"
            );
            assert_eq!(error.field, NAMES.get(index).copied(), "{text:?}");
        }
    }

    #[test]
    fn the_message_names_the_field_and_the_character() {
        let error = split_fields("ab\tc", &NAMES).expect_err("a tab");
        assert_eq!(
            error.to_string(),
            "a tab (U+0009) at column 3 after field 1 (`board`): fields are separated by exactly one space, with none before the first field or after the last"
        );
    }
}
