//! Parser messages in the protocol's words, not Rust's: serde names types
//! (`u64`, `internally tagged enum Request`) that a reader of
//! `docs/protocol.md` never saw.

use super::messages::Response;

/// Rust type names serde puts in its messages, and what to say instead.
const TYPE_WORDS: [(&str, &str); 22] = [
    (
        "invalid type: unit value, expected struct Scenario",
        "the file holds no scenario: expected a mapping of its fields (variant, id, description, clauses, position, steps)",
    ),
    ("expected struct Scenario", "expected a scenario (a mapping of variant, id, description, clauses, position, steps)"),
    ("expected variant identifier", "expected one of the names this field takes"),
    ("expected internally tagged enum", "expected a mapping with a kind field"),
    ("invalid type: unit value", "found nothing"),
    ("invalid type: sequence", "found a list"),
    ("invalid type: map", "found a mapping"),
    ("invalid type: string", "found the text"),
    ("invalid type: integer", "found the number"),
    ("invalid type: floating point", "found the number"),
    ("invalid type: boolean", "found"),
    ("expected struct ", "expected a mapping: "),
    (
        "internally tagged enum Request",
        "a request object with a \"type\" field",
    ),
    (
        "internally tagged enum Response",
        "a response object with a \"type\" field",
    ),
    ("expected u64", "expected a whole number from 0"),
    ("expected u32", "expected a whole number from 0"),
    ("expected u16", "expected a whole number from 0"),
    ("expected u8", "expected a whole number from 0"),
    ("expected i64", "expected a whole number"),
    ("expected i32", "expected a whole number"),
    ("expected f64", "expected a number"),
    ("a sequence", "a list"),
];

/// A serde message (JSON or YAML) with Rust's type names replaced.
pub fn plain(message: &str) -> String {
    let mut text = message.to_string();
    for (rust, ours) in TYPE_WORDS {
        text = text.replace(rust, ours);
    }
    if text.contains("number out of range") {
        text = text.replace(
            "number out of range",
            "number out of range (request numbers and depths are whole numbers from 0 to 18446744073709551615)",
        );
    }
    text
}

/// A JSON error in plain words, with its column.
pub fn json_error(error: &serde_json::Error) -> String {
    let message = error.to_string();
    // serde_json appends " at line L column C"; one line is one message.
    let message = match message.rsplit_once(" at line ") {
        Some((head, _)) => format!("{head} (column {})", error.column()),
        None => message,
    };
    plain(&message)
}

/// The `type` of a response, as the protocol names it.
pub fn response_type(response: &Response) -> &'static str {
    match response {
        Response::Ready { .. } => "ready",
        Response::Refused { .. } => "refused",
        Response::Applied { .. } => "applied",
        Response::Moves { .. } => "moves",
        Response::Perft { .. } => "perft",
        Response::Skipped { .. } => "skipped",
        Response::Errored { .. } => "errored",
    }
}

/// A response as the report shows it: its type and its fields as JSON.
pub fn response_text(response: &Response) -> String {
    let json = serde_json::to_string(response).unwrap_or_default();
    format!(
        "'{}' {}",
        response_type(response),
        crate::input::quote(&json)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_rust_types_in_request_errors() {
        for line in [
            "5",
            r#"{"type":"perft","seq":"x"}"#,
            r#"{"type":"perft","seq":-1}"#,
        ] {
            let error = serde_json::from_str::<super::super::messages::Request>(line)
                .expect_err("not a request");
            let text = json_error(&error);
            for word in ["u64", "i64", "internally tagged", "enum Request"] {
                assert!(!text.contains(word), "{line}: {text}");
            }
        }
    }
}
