//! Scenario YAML of every variant through the one loader: an error value
//! (file, line, field) or a validated scenario, never a panic, a hang or
//! unbounded memory. A loaded scenario also runs.
//! The check itself is `regelwerk::parser_checks::scenario_yaml`, shared with
//! the corpus replay of `cargo test` (`harness::parser_corpus`).
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| regelwerk::parser_checks::scenario_yaml(data));
