//! Every variant's position notation (MONARCHIE's one-line notation, the
//! FEN of the chess variants, and any variant added to `VariantId::ALL`):
//! the first byte picks the variant, the rest is the text. A refused text
//! gives an error value; an accepted one writes back to a text that reads
//! again to the same position (parse -> write -> parse).
//! The check itself is `regelwerk::parser_checks::position`, shared with
//! the corpus replay of `cargo test` (`harness::parser_corpus`).
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| regelwerk::parser_checks::position(data));
