//! The Three Kingdoms turn record (`*.turns`, docs/records.md): read;
//! every game read is written and read again to the same headers, seats,
//! result and turns (parse -> write -> parse), and replayed on the
//! reference rules, which may find a discrepancy but must not panic.
#![no_main]

use libfuzzer_sys::fuzz_target;
use regelwerk::record::{turns, turns_replay};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(games) = turns::read(text) else {
        return;
    };
    for game in games {
        let rulings = game
            .rulings
            .as_ref()
            .map(|line| line.value.clone())
            .unwrap_or_default();
        let seats: Vec<(String, String)> = game
            .seats
            .iter()
            .map(|seat| (seat.value.party.clone(), seat.value.player.clone()))
            .collect();
        let written = turns::write(
            &game.variant.value,
            &game.start.value,
            &rulings,
            &game.about,
            &seats,
            &game.result.value,
            &game.turns,
        );
        let again = turns::read(&written)
            .unwrap_or_else(|error| panic!("{written:?} does not read back: {error}"));
        assert_eq!(again.len(), 1, "one game written, {} read", again.len());
        let again = &again[0];
        assert_eq!(again.variant.value, game.variant.value);
        assert_eq!(again.start.value, game.start.value);
        assert_eq!(again.result.value, game.result.value);
        // Free text is written on one line, its whitespace runs as one space.
        let one_line = |about: &[(String, String)]| -> Vec<(String, String)> {
            about
                .iter()
                .map(|(k, v)| {
                    (
                        k.clone(),
                        v.split_whitespace().collect::<Vec<_>>().join(" "),
                    )
                })
                .collect()
        };
        assert_eq!(one_line(&again.about), one_line(&game.about));
        let strip = |turns: &[turns::Turn]| -> Vec<(usize, String, String, String)> {
            turns
                .iter()
                .map(|t| {
                    (
                        t.number,
                        t.party.clone(),
                        t.action.clone(),
                        t.events.clone(),
                    )
                })
                .collect()
        };
        assert_eq!(strip(&again.turns), strip(&game.turns));
        let _ = turns_replay::replay(&game);
    }
});
