//! The client reading an engine's replies: a line is a response or an
//! error value, and a response writes back and reads again to the same
//! value (parse -> write -> parse).
#![no_main]

use libfuzzer_sys::fuzz_target;
use regelwerk::protocol::client::parse_reply;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    if let Ok(response) = parse_reply(&text) {
        let written = serde_json::to_string(&response).expect("responses serialise");
        let again = parse_reply(&written)
            .unwrap_or_else(|error| panic!("{written} does not read back: {error}"));
        assert_eq!(again, response);
    }
});
