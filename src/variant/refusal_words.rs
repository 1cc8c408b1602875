//! Every variant's refusal codes in the two languages the committee
//! reads, as data beside the codes: each rule system keeps its own table
//! ([`crate::variant::VariantInfo::refusal_words`]), and the report and
//! the explorer say a refusal with it ("andere Partei am Zug" for
//! `wrong-party`). The codes themselves stay the protocol's words.

/// A refusal code and what it means in English and German.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RefusalWords {
    /// The code as the protocol writes it (`wrong-party`).
    pub code: &'static str,
    /// What it means, in English ("another party is to move").
    pub en: &'static str,
    /// What it means, in German ("andere Partei am Zug").
    pub de: &'static str,
}

/// One row of a table.
pub const fn words(code: &'static str, en: &'static str, de: &'static str) -> RefusalWords {
    RefusalWords { code, en, de }
}

/// The codes several rule systems share, with one meaning each: written
/// once, named by each variant's table.
pub mod shared {
    use super::{words, RefusalWords};

    /// `bad-notation`.
    pub const BAD_NOTATION: RefusalWords = words(
        "bad-notation",
        "the text does not read as an action",
        "Text nicht als Aktion lesbar",
    );
    /// `blocked`.
    pub const BLOCKED: RefusalWords =
        words("blocked", "a piece stands in the way", "Weg versperrt");
    /// `game-over`.
    pub const GAME_OVER: RefusalWords = words(
        "game-over",
        "the game is already over",
        "Partie schon beendet",
    );
    /// `leaves-king-in-check`.
    pub const LEAVES_KING_IN_CHECK: RefusalWords = words(
        "leaves-king-in-check",
        "it leaves the own king in check",
        "lässt den eigenen König im Schach",
    );
    /// `no-draw-to-claim`.
    pub const NO_DRAW_TO_CLAIM: RefusalWords = words(
        "no-draw-to-claim",
        "there is no draw to claim",
        "kein Remis zu beanspruchen",
    );
    /// `no-piece`.
    pub const NO_PIECE: RefusalWords = words(
        "no-piece",
        "no piece on the starting square",
        "keine Figur auf dem Ausgangsfeld",
    );
    /// `not-a-move-of-the-piece`.
    pub const NOT_A_MOVE_OF_THE_PIECE: RefusalWords = words(
        "not-a-move-of-the-piece",
        "the piece does not move that way",
        "kein Zug dieser Figur",
    );
    /// `not-your-piece`.
    pub const NOT_YOUR_PIECE: RefusalWords = words(
        "not-your-piece",
        "the piece is not the mover's",
        "nicht die eigene Figur",
    );
    /// `own-piece-on-target`.
    pub const OWN_PIECE_ON_TARGET: RefusalWords = words(
        "own-piece-on-target",
        "an own piece stands on the target",
        "eigene Figur auf dem Ziel",
    );
    /// `promotion-not-allowed`.
    pub const PROMOTION_NOT_ALLOWED: RefusalWords = words(
        "promotion-not-allowed",
        "this move cannot promote",
        "Umwandlung nicht erlaubt",
    );
    /// `promotion-required`.
    pub const PROMOTION_REQUIRED: RefusalWords = words(
        "promotion-required",
        "the pawn must promote",
        "Umwandlung vorgeschrieben",
    );
    /// `promotion-unavailable`.
    pub const PROMOTION_UNAVAILABLE: RefusalWords = words(
        "promotion-unavailable",
        "that piece is not available for promotion",
        "Umwandlungsfigur nicht verfügbar",
    );
}

/// The words of `code` in `table`.
pub fn find(table: &'static [RefusalWords], code: &str) -> Option<&'static RefusalWords> {
    table.iter().find(|words| words.code == code)
}

#[cfg(test)]
mod tests {
    use crate::variant::{info, VariantId};

    #[test]
    fn every_refusal_code_of_every_variant_has_its_words_in_both_languages() {
        let mut missing = Vec::new();
        for id in VariantId::ALL {
            let info = info(id);
            assert!(!info.refusals.is_empty(), "{id}: no refusal codes");
            for code in info.refusals {
                match super::find(info.refusal_words, code) {
                    None => missing.push(format!("{id}: {code} has no words")),
                    Some(words) => {
                        if words.en.trim().is_empty() || words.de.trim().is_empty() {
                            missing.push(format!("{id}: {code} has an empty text"));
                        }
                        if words.en == words.de || words.de == *code {
                            missing.push(format!("{id}: {code} is not said in German"));
                        }
                    }
                }
            }
            // No words for a code the variant does not have.
            for words in info.refusal_words {
                if !info.refusals.contains(&words.code) {
                    missing.push(format!("{id}: words for {}, not its code", words.code));
                }
            }
        }
        assert!(missing.is_empty(), "{}", missing.join("\n"));
    }
}
