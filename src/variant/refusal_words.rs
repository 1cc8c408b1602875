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
