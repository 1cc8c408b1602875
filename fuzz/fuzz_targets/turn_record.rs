//! The Three Kingdoms turn record (`*.turns`, docs/records.md): read;
//! every game read is written and read again to the same headers, seats,
//! result and turns (parse -> write -> parse), and replayed on the
//! reference rules, which may find a discrepancy but must not panic.
//! The check itself is `regelwerk::parser_checks::turn_record`, shared with
//! the corpus replay of `cargo test` (`harness::parser_corpus`).
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| regelwerk::parser_checks::turn_record(data));
