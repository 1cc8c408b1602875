//! MONARCHIE journal YAML: read and, when its header is sound, replayed
//! (clause 18). An error value or a replay result, never a panic.
//! The check itself is `regelwerk::parser_checks::journal_yaml`, shared with
//! the corpus replay of `cargo test` (`harness::parser_corpus`).
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| regelwerk::parser_checks::journal_yaml(data));
