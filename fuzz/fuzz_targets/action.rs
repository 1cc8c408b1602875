//! Move and action text of every variant, played on the start position
//! (and, for MONARCHIE, read as an action: parse -> write -> parse). The
//! first byte picks the variant; the rest is one action per line, played
//! in order: each is either played or refused with a code, never a panic.
//! The check itself is `regelwerk::parser_checks::action`, shared with
//! the corpus replay of `cargo test` (`harness::parser_corpus`).
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| regelwerk::parser_checks::action(data));
