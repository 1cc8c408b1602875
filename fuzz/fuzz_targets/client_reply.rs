//! The client reading an engine's replies: a line is a response or an
//! error value, and a response writes back and reads again to the same
//! value (parse -> write -> parse).
//! The check itself is `regelwerk::parser_checks::client_reply`, shared with
//! the corpus replay of `cargo test` (`harness::parser_corpus`).
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| regelwerk::parser_checks::client_reply(data));
