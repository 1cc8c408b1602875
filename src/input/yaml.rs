//! YAML read with its hazards checked first (nesting, size, aliases, keys
//! given twice), each error at its line and column in the format's words
//! (src/input.rs holds the limits).

use std::path::Path;

use super::{plain, walk, LoadError, MAX_YAML_ALIASES, MAX_YAML_DEPTH, MAX_YAML_ITEMS};

/// Checks YAML text for nesting deeper than [`MAX_YAML_DEPTH`], counting
/// block indentation and flow brackets, before a parser recurses into
/// it.
///
/// # Errors
/// The 1-based line and column where the limit is passed, and a message
/// naming it.
pub fn check_yaml_depth(text: &str) -> Result<(), (usize, usize, String)> {
    let mut indents: Vec<usize> = Vec::new();
    for (index, line) in text.lines().enumerate() {
        let content = line.trim_start_matches([' ', '-']);
        if content.is_empty() || content.starts_with('#') {
            continue;
        }
        let indent = line.len() - content.len();
        while indents.last().is_some_and(|&top| top >= indent) {
            indents.pop();
        }
        indents.push(indent);
        let mut flow = 0usize;
        let mut quoted = None;
        for (column, c) in line.char_indices() {
            match (quoted, c) {
                (Some(q), c) if c == q => quoted = None,
                (Some(_), _) => {}
                (None, '"' | '\'') => quoted = Some(c),
                (None, '#') => break,
                (None, '[' | '{') => flow += 1,
                (None, ']' | '}') => flow = flow.saturating_sub(1),
                _ => {}
            }
            if indents.len() + flow > MAX_YAML_DEPTH {
                return Err((
                    index + 1,
                    column + 1,
                    format!("nested deeper than MAX_YAML_DEPTH ({MAX_YAML_DEPTH} levels)"),
                ));
            }
        }
    }
    Ok(())
}

/// Checks YAML text for more items than [`MAX_YAML_ITEMS`] or more
/// aliases than [`MAX_YAML_ALIASES`], before a parser builds them: a
/// one-line flow list of 8 MiB holds four million items, which the
/// parser would hold as events and values at once (over a gigabyte).
///
/// # Errors
/// The 1-based line and column where the limit is passed, and a message
/// naming it.
pub fn check_yaml_size(text: &str) -> Result<(), (usize, usize, String)> {
    let mut items = 0usize;
    let mut aliases = 0usize;
    let mut flow: Vec<char> = Vec::new();
    for (index, line) in text.lines().enumerate() {
        let content = line.trim_start();
        if content.is_empty() || content.starts_with('#') {
            continue;
        }
        items += 1;
        let mut quoted = None;
        let mut previous = ' ';
        let mut chars = line.char_indices().peekable();
        while let Some((column, c)) = chars.next() {
            let next = chars.peek().map_or(' ', |&(_, next)| next);
            match (quoted, c) {
                (Some(q), c) if c == q => quoted = None,
                (Some(_), _) => {}
                (None, '"' | '\'') if matches!(previous, ' ' | '[' | '{' | ',' | ':' | '-') => {
                    quoted = Some(c);
                }
                (None, '#') if previous == ' ' => break,
                (None, '[' | '{') => {
                    flow.push(c);
                    items += 1;
                }
                (None, ']' | '}') => {
                    flow.pop();
                }
                // In a flow mapping an entry may be a key alone (`{a, b}`),
                // which the parser makes two values of (the key, a null).
                (None, ',') if flow.last() == Some(&'{') => items += 2,
                (None, ',') if !flow.is_empty() => items += 1,
                (None, ':') if next == ' ' || column + 1 == line.len() => items += 1,
                (None, '*') if matches!(previous, ' ' | '[' | '{' | ',') => aliases += 1,
                _ => {}
            }
            previous = c;
            if items > MAX_YAML_ITEMS {
                return Err((
                    index + 1,
                    column + 1,
                    format!(
                        "more than MAX_YAML_ITEMS ({MAX_YAML_ITEMS}) items in one file; regelwerk reads no bigger list"
                    ),
                ));
            }
            if aliases > MAX_YAML_ALIASES {
                return Err((
                    index + 1,
                    column + 1,
                    format!(
                        "more than MAX_YAML_ALIASES ({MAX_YAML_ALIASES}) aliases (`*name`) in one file; write the values out"
                    ),
                ));
            }
        }
    }
    Ok(())
}

/// Reads YAML into `T` with the hazards checked first: nesting deeper than
/// [`MAX_YAML_DEPTH`], and a key given twice in one mapping (an error,
/// never last-wins). Unknown fields are rejected by `T` itself. Errors
/// point at the line and column.
///
/// # Errors
/// [`LoadError`] with the field `yaml` and a message without parser
/// internals.
pub fn parse_yaml<T: serde::de::DeserializeOwned>(path: &Path, text: &str) -> Result<T, LoadError> {
    let fail = |line: usize, column: usize, message: String| LoadError {
        path: path.to_path_buf(),
        line,
        column,
        field: "yaml".to_string(),
        message,
    };
    check_yaml_depth(text).map_err(|(line, column, message)| fail(line, column, message))?;
    check_yaml_size(text).map_err(|(line, column, message)| fail(line, column, message))?;
    let located = |error: serde_yaml::Error| {
        let (line, column) = error
            .location()
            .map_or((0, 0), |at| (at.line(), at.column()));
        let mut message = yaml_message(&error);
        let at_tab = text
            .lines()
            .nth(line.saturating_sub(1))
            .and_then(|row| row.chars().nth(column.saturating_sub(1)))
            == Some('\t');
        if message.contains("found a tab character") || (at_tab && message.contains("YAML value")) {
            message = TAB_WORDS.to_string();
        }
        let place = if message.contains("alias bomb") {
            // The parser does not say where; the first alias used is.
            first_alias(text)
        } else {
            duplicate_key(&message).and_then(|key| second_line_of_key(text, &key))
        };
        match place {
            Some((line, column)) => fail(line, column, message),
            None => fail(line, column, message),
        }
    };
    // A mapping value reports a key given twice; typed fields may not.
    // The first reading builds nothing: it finds a key given twice
    // (typed map fields would take the last) and a YAML tag (`!name`),
    // which is no part of any regelwerk format (the typed reading would
    // drop some tags silently and misname others).
    if let Err(error) = walk::walk(text) {
        let message = error.to_string();
        let Some(tag) = message
            .split_once(walk::TAG)
            .map(|(_, tag)| tag.split([' ', ',']).next().unwrap_or_default().to_string())
        else {
            return Err(located(error));
        };
        let (line, column) = text
            .lines()
            .enumerate()
            .find_map(|(index, row)| row.find(&tag).map(|at| (index + 1, at + 1)))
            .unwrap_or((0, 0));
        return Err(fail(
            line,
            column,
            format!("a YAML tag (`{tag}`) is not part of this format: write the value without it"),
        ));
    }
    serde_yaml::from_str(text).map_err(located)
}

/// A serde_yaml message without its trailing position (the error carries
/// it) and in the format's words.
fn yaml_message(error: &serde_yaml::Error) -> String {
    let text = error.to_string();
    let text = match text.rsplit_once(" at line ") {
        Some((head, tail)) if tail.contains(" column ") => head.to_string(),
        _ => text,
    };
    plain(&text)
        .replace("duplicate entry with key", "a key given twice:")
        .replace(
            "recursion limit exceeded",
            "nested too deep (the parser's recursion limit)",
        )
        .replace(
            "repetition limit exceeded",
            "aliases expand too far (an alias bomb): the parser's repetition limit",
        )
}

/// What a tab where YAML wants spaces is called.
const TAB_WORDS: &str =
    "a tab character: YAML indents with spaces, never tabs; replace the tab with spaces";

/// The key a duplicate-key message names.
fn duplicate_key(message: &str) -> Option<String> {
    let rest = message
        .split_once("duplicate field `")
        .map(|(_, rest)| rest.split('`').next().unwrap_or_default())
        .or_else(|| {
            message
                .split_once("a key given twice: \"")
                .map(|(_, rest)| rest.split('"').next().unwrap_or_default())
        })?;
    Some(rest.to_string())
}

/// The line and column of the first alias (`*name`).
fn first_alias(text: &str) -> Option<(usize, usize)> {
    text.lines().enumerate().find_map(|(index, line)| {
        line.find(" *")
            .or_else(|| line.find("[*"))
            .map(|at| (index + 1, at + 2))
    })
}

/// The line and column of the second line that starts with `key:`.
fn second_line_of_key(text: &str, key: &str) -> Option<(usize, usize)> {
    let wanted = format!("{key}:");
    text.lines()
        .enumerate()
        .filter_map(|(index, line)| {
            let content = line.trim_start_matches([' ', '-']);
            content
                .starts_with(&wanted)
                .then(|| (index + 1, line.len() - content.len() + 1))
        })
        .nth(1)
}
