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

/// A message with its control characters written as their code points
/// (`<U+0000>`, the way Unicode names them, not a language's escapes),
/// so that a NUL or an escape sequence from an input file never reaches
/// the terminal raw.
pub fn visible(message: &str) -> String {
    message
        .chars()
        .map(|c| {
            if c.is_control() && c != '\n' && c != '\t' {
                format!("<U+{:04X}>", u32::from(c))
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
    if text.contains("found the number") && text.contains("expected any YAML value") {
        text = text.replace(
            "expected any YAML value",
            "expected a whole number from 0 to 18446744073709551615 (no field of regelwerk's formats takes a larger one)",
        );
    }
    if text.contains("number out of range") {
        text = text.replace(
            "number out of range",
            "number out of range (request numbers and depths are whole numbers from 0 to 18446744073709551615)",
        );
    }
    text
}

/// Why an engine's program could not be started, in words a user can act
/// on: `words` is the command line as it was split (the program first),
/// `error` what the operating system said.
pub fn program_failure(words: &[String], error: &std::io::Error) -> String {
    use std::io::ErrorKind;
    let Some(program) = words.first() else {
        return "the command line is empty: give the engine's program".to_string();
    };
    let split = format!(
        "the command line was split into {} word{}: {}",
        words.len(),
        if words.len() == 1 { "" } else { "s" },
        words
            .iter()
            .map(|word| format!("'{}'", crate::input::quote(word)))
            .collect::<Vec<_>>()
            .join(", ")
    );
    let found = located(program);
    let what = found
        .as_deref()
        .and_then(|path| std::fs::metadata(path).ok())
        .map(|metadata| {
            if metadata.is_dir() {
                "a folder"
            } else if metadata.is_file() {
                "a file"
            } else {
                crate::input::not_regular(&metadata).unwrap_or("a special file")
            }
        });
    let shown = crate::input::quote(program);
    match (error.kind(), what) {
        (_, Some("a folder")) => format!(
            "'{shown}' is a folder, not a program: give the engine's program (e.g. \"python3 engine.py\"); {split}"
        ),
        (ErrorKind::NotFound, _) | (_, None) => {
            let place = if program.contains('/') {
                "there is no such file".to_string()
            } else {
                "it is in no folder of PATH, and a program in the current folder needs ./ before its name".to_string()
            };
            format!("the program '{shown}' was not found ({place}); {split}")
        }
        (_, Some("a file")) if error.kind() == ErrorKind::PermissionDenied => format!(
            "'{shown}' is a file but not executable: make it executable (chmod +x), or start it through its interpreter (e.g. \"python3 {shown}\")"
        ),
        (_, Some("a file")) => format!(
            "'{shown}' could not be run: {} (a script needs a first line such as #!/usr/bin/env python3)",
            without_os_error(&error.to_string()).to_lowercase()
        ),
        (_, Some(kind)) => format!("'{shown}' is {kind}, not a program: give the engine's program"),
    }
}

/// Where the program `name` is: the path itself when it holds a `/`, else
/// the first folder of `PATH` holding it.
fn located(name: &str) -> Option<std::path::PathBuf> {
    if name.contains('/') {
        let path = std::path::PathBuf::from(name);
        return path.symlink_metadata().is_ok().then_some(path);
    }
    std::env::var_os("PATH").and_then(|path| {
        std::env::split_paths(&path)
            .map(|folder| folder.join(name))
            .find(|candidate| candidate.exists())
    })
}
