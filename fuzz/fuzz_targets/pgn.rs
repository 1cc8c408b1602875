//! PGN: read, and every game read is written and read again to the same
//! tags, moves and result (parse -> write -> parse).
//! The check itself is `regelwerk::parser_checks::pgn_record`, shared with
//! the corpus replay of `cargo test` (`harness::parser_corpus`).
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| regelwerk::parser_checks::pgn_record(data));
