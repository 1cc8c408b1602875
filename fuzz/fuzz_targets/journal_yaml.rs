//! MONARCHIE journal YAML: read and, when its header is sound, replayed
//! (clause 18). An error value or a replay result, never a panic.
#![no_main]

use std::path::Path;

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let path = Path::new("fuzz.journal.yaml");
    let Ok(text) = regelwerk::input::decode(path, data) else {
        return;
    };
    match regelwerk::variant::monarchie::journal::load_journal_str(path, &text) {
        Ok((journal, rules)) => {
            let _ = regelwerk::variant::monarchie::journal::replay(path, &journal, &rules);
        }
        Err(error) => assert!(!error.message.is_empty(), "an error without a message"),
    }
});
