//! The server reading requests: any bytes on stdin get one JSON answer
//! per non-empty line (until `stop`), each a valid response, and the
//! server goes on after a bad line. Perft requests are held to 2,000
//! nodes here (the server's own budget is 1e8), so that an input runs in
//! milliseconds.
#![no_main]

use libfuzzer_sys::fuzz_target;
use regelwerk::budget::NodeBudget;
use regelwerk::protocol::serve::serve_within;
use regelwerk::protocol::Response;

fuzz_target!(|data: &[u8]| {
    let mut output = Vec::new();
    // A small perft budget keeps each input fast; the budget check itself
    // is what a deep request meets.
    serve_within(data, &mut output, NodeBudget::AtMost(2_000))
        .expect("writing to memory does not fail");
    let text = String::from_utf8(output).expect("the server writes UTF-8");
    for line in text.lines() {
        let response: Result<Response, _> = serde_json::from_str(line);
        assert!(response.is_ok(), "not a response: {line}");
    }
    let asked = data
        .split(|&byte| byte == b'\n')
        .filter(|line| !line.iter().all(u8::is_ascii_whitespace))
        .count();
    let answered = text.lines().count();
    assert!(answered <= asked, "{answered} answers to {asked} lines");
});
