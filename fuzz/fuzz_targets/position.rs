//! Every variant's position notation (MONARCHIE's one-line notation, the
//! FEN of the chess variants, and any variant added to `VariantId::ALL`):
//! the first byte picks the variant, the rest is the text. A refused text
//! gives an error value; an accepted one writes back to a text that reads
//! again to the same position (parse -> write -> parse).
#![no_main]

use libfuzzer_sys::fuzz_target;
use regelwerk::variant::{self, VariantId};

fuzz_target!(|data: &[u8]| {
    let Some((&pick, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let id = VariantId::ALL[usize::from(pick) % VariantId::ALL.len()];
    let Ok(game) = variant::open(id, Some(text), &[]) else {
        return;
    };
    let written = game.position_text();
    let again = variant::open(id, Some(&written), &[]).unwrap_or_else(|message| {
        panic!("{id}: {written:?} (written from {text:?}) does not read back: {message}")
    });
    assert_eq!(
        again.position_text(),
        written,
        "{id}: the round trip changed the position"
    );
    // Everything a harness asks of a position must answer, too.
    let moves = again.legal_moves();
    let _ = again.status();
    let _ = again.to_move();
    if let Some(first) = moves.first() {
        let mut child = again.boxed_clone();
        child.play(first).unwrap_or_else(|refusal| {
            panic!("{id}: listed move {first} refused: {}", refusal.code)
        });
    }
});
