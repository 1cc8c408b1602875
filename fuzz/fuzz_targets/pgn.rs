//! PGN: read, and every game read is written and read again to the same
//! tags, moves and result (parse -> write -> parse).
#![no_main]

use libfuzzer_sys::fuzz_target;
use regelwerk::record::pgn;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(games) = pgn::read(text) else {
        return;
    };
    for game in games {
        let sans: Vec<String> = game.moves.iter().map(|token| token.text.clone()).collect();
        let written = pgn::write(&game.tags, &sans, false, 1, game.outcome);
        let again = pgn::read(&written)
            .unwrap_or_else(|error| panic!("{written:?} does not read back: {error}"));
        assert_eq!(again.len(), 1, "one game written, {} read", again.len());
        assert_eq!(again[0].tags, game.tags);
        let again_sans: Vec<String> = again[0].moves.iter().map(|t| t.text.clone()).collect();
        assert_eq!(again_sans, sans);
        assert_eq!(again[0].outcome, game.outcome);
    }
});
