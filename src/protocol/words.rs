//! Parser messages in the protocol's words, not Rust's: serde names types
//! (`u64`, `internally tagged enum Request`) that a reader of
//! `docs/protocol.md` never saw.

use super::messages::Response;

pub use crate::input::plain;

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
        Response::Status { .. } => "status",
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
