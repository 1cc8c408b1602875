//! The server reading requests: any bytes on stdin get one JSON answer
//! per non-empty line (until `stop`), each a valid response, and the
//! server goes on after a bad line. Perft requests are held to 2,000
//! nodes here (the server's own budget is 1e8), so that an input runs in
//! milliseconds.
//! The check itself is `regelwerk::parser_checks::serve_request`, shared with
//! the corpus replay of `cargo test` (`harness::parser_corpus`).
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| regelwerk::parser_checks::serve_request(data));
