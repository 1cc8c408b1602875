//! Scenario YAML of every variant through the one loader: an error value
//! (file, line, field) or a validated scenario, never a panic, a hang or
//! unbounded memory. A loaded scenario also runs.
#![no_main]

use std::path::Path;

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let path = Path::new("fuzz.yaml");
    let text = match regelwerk::input::decode(path, data) {
        Ok(text) => text,
        Err(error) => {
            assert!(!error.to_string().is_empty());
            return;
        }
    };
    match regelwerk::scenario::load::load_str(path, &text, None) {
        Ok(loaded) => {
            let _ = regelwerk::scenario::run(&loaded);
        }
        Err(error) => assert!(!error.message.is_empty(), "an error without a message"),
    }
});
