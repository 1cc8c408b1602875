//! Messages in the user's words: serde's and the operating system's
//! phrases translated (what was expected, where, the accepted range or
//! values), control characters made visible.

use std::path::Path;

/// Rust type names serde puts in its messages, and what to say instead.
const TYPE_WORDS: [(&str, &str); 35] = [
    (
        "invalid type: unit value, expected struct Scenario",
        "the file holds no scenario: expected a mapping of its fields (variant, id, description, clauses, position, steps)",
    ),
    ("expected struct Scenario", "expected a scenario (a mapping of variant, id, description, clauses, position, steps)"),
    ("expected variant identifier", "expected one of the names this field takes"),
    // serde_yaml's word for a mapping or list where a name belongs.
    ("expected a YAML tag starting with '!'", "expected one of the names this field takes"),
    ("expected internally tagged enum", "expected a mapping with a kind field"),
    ("invalid type: unit value", "found nothing"),
    ("invalid value: integer", "found the number"),
    ("invalid value: string", "found the text"),
    ("invalid type: sequence", "found a list"),
    ("invalid type: map", "found a mapping"),
    ("invalid type: string", "found the text"),
    ("invalid type: integer", "found the number"),
    ("invalid type: floating point", "found the number"),
    ("invalid type: boolean", "found"),
    ("invalid type: null", "found null"),
    ("invalid type: Option value", "found null"),
    (" as u128", ""),
    (" as i128", ""),
    ("EOF while parsing", "the text ends in the middle of"),
    (
        "control character (\\u0000-\\u001F) found while parsing a string",
        "a control character inside a string (a tab, a line break or another character below U+0020): write it as an escape such as \\n or \\t",
    ),
    (
        "recursion limit exceeded",
        "nested too deeply (lists and objects more than 128 levels inside each other)",
    ),
    (
        "found character that cannot start any token",
        "a character that cannot begin a YAML value here (a tab, or a reserved character such as @ or `): YAML indents with spaces only",
    ),
    ("trailing characters", "more text after the value (one value per line)"),
    ("expected struct ", "expected a mapping: "),
    (
        "internally tagged enum Request",
        "a request object with a \"type\" field",
    ),
    (
        "internally tagged enum Response",
        "a response object with a \"type\" field",
    ),
    ("expected u64", "expected a whole number from 0 to 18446744073709551615"),
    ("expected u32", "expected a whole number from 0 to 4294967295"),
    ("expected u16", "expected a whole number from 0 to 65535"),
    ("expected u8", "expected a whole number from 0 to 255"),
    ("expected usize", "expected a whole number from 0 to 18446744073709551615"),
    ("expected i64", "expected a whole number"),
    ("expected i32", "expected a whole number"),
    ("expected f64", "expected a number"),
    ("a sequence", "a list"),
];

/// serde's ``missing field `id` `` as `the field 'id' is missing: it is
/// required`.
fn missing_field_words(text: &str) -> String {
    let Some(at) = text.find("missing field `") else {
        return text.to_string();
    };
    let rest = &text[at + "missing field `".len()..];
    let Some(end) = rest.find('`') else {
        return text.to_string();
    };
    format!(
        "{}the field '{}' is missing: it is required{}",
        &text[..at],
        &rest[..end],
        &rest[end + 1..]
    )
}

/// An operating-system error on `path` in plain words, without the
/// `(os error N)` suffix: what a user can act on.
pub fn os_reason(path: &Path, error: &std::io::Error) -> String {
    use std::io::ErrorKind;
    match error.kind() {
        ErrorKind::IsADirectory => "a folder, not a file".to_string(),
        ErrorKind::NotADirectory => "a part of the path is a file, not a folder".to_string(),
        ErrorKind::NotFound => match path.parent().filter(|p| !p.as_os_str().is_empty()) {
            Some(parent) if !parent.is_dir() => {
                format!("the folder {} does not exist", parent.display())
            }
            _ => "no such file".to_string(),
        },
        ErrorKind::PermissionDenied => "permission denied".to_string(),
        _ => {
            let text = error.to_string();
            match text.rsplit_once(" (os error ") {
                Some((head, _)) => head.to_string(),
                None => text,
            }
        }
    }
}

/// `message` without the operating system's `(os error N)` tags (the
/// words before them say it).
pub fn without_os_error(message: &str) -> String {
    let mut text = message.to_string();
    while let Some(at) = text.find(" (os error ") {
        let Some(close) = text[at..].find(')') else {
            break;
        };
        text.replace_range(at..at + close + 1, "");
    }
    text
}

/// A message with its control characters written as escapes (`\u{0}`),
/// so that a NUL or an escape sequence from an input file never reaches
/// the terminal raw.
pub fn visible(message: &str) -> String {
    message
        .chars()
        .map(|c| {
            if c.is_control() && c != '\n' && c != '\t' {
                c.escape_unicode().to_string()
            } else {
                c.to_string()
            }
        })
        .collect()
}

/// A serde message (JSON or YAML) with Rust's type names replaced.
pub fn plain(message: &str) -> String {
    let mut text = message.to_string();
    for (rust, ours) in TYPE_WORDS {
        text = text.replace(rust, ours);
    }
    text = missing_field_words(&text);
    // serde's word for one of an enum's names (not a rule variant).
    if text.contains("unknown variant `") && text.contains("`, expected") {
        text = text.replace("unknown variant `", "unknown name `");
    }
    if let Some(at) = text.find("expected value") {
        if !text[at + "expected value".len()..].starts_with('s') {
            text.replace_range(
                at..at + "expected value".len(),
                "expected a JSON value (an object, a list, a string, a number, true, false or null)",
            );
        }
    }
    if text.contains("number out of range") {
        text = text.replace(
            "number out of range",
            "number out of range (request numbers and depths are whole numbers from 0 to 18446744073709551615)",
        );
    }
    text
}
