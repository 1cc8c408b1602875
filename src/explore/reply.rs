//! What the explorer's server answers a request with, for the server
//! ([`super::http`]) and the report site it serves ([`super::site`]).

/// What a request is answered with.
pub struct Reply {
    /// The MIME type (without the charset).
    pub content_type: &'static str,
    /// The body.
    pub body: Vec<u8>,
    /// A file of the served report (its own content policy).
    pub report_file: bool,
}

impl Reply {
    /// A text answer of the explorer's own.
    pub fn text(content_type: &'static str, body: String) -> Reply {
        Reply {
            content_type,
            body: body.into_bytes(),
            report_file: false,
        }
    }
}
