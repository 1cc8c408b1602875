//! Move and action text of every variant, played on the start position
//! (and, for MONARCHIE, read as an action: parse -> write -> parse). The
//! first byte picks the variant; the rest is one action per line, played
//! in order: each is either played or refused with a code, never a panic.
#![no_main]

use libfuzzer_sys::fuzz_target;
use regelwerk::variant::monarchie::Action;
use regelwerk::variant::{self, VariantId};

fuzz_target!(|data: &[u8]| {
    let Some((&pick, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let id = VariantId::ALL[usize::from(pick) % VariantId::ALL.len()];
    let Ok(mut game) = variant::open(id, None, &[]) else {
        return;
    };
    for line in text.lines().take(64) {
        if let Ok(action) = line.parse::<Action>() {
            let written = action.to_string();
            let again: Action = written.parse().unwrap_or_else(|error| {
                panic!("{written:?} (from {line:?}) does not read back: {error}")
            });
            assert_eq!(again, action, "the action round trip changed {line:?}");
        }
        match game.play(line) {
            Ok(report) => assert_eq!(report.position, game.position_text()),
            Err(refusal) => assert!(!refusal.code.is_empty(), "a refusal without a code"),
        }
    }
});
