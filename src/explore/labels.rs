//! The explorer's own words that are data rather than page text: the
//! short names of the ruling alternatives in both languages
//! (`alternatives.yaml`, shown in the ruling menus with the key in small
//! print) and the names of the actions offered beside the board that are
//! not a click on the board (special actions such as `claim`, `swap`,
//! `resign wei`, and Sovereign Chess's defections `K=n`).

use std::collections::BTreeMap;
use std::sync::OnceLock;

use serde::Deserialize;

use crate::render::legend::army_name;
use crate::render::Letters;
use crate::report::labels::Lang;
use crate::report::terms::party_name;
use crate::variant::sovereign::geometry::Colour;

/// One alternative's short name in both languages.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Label {
    /// English.
    pub en: String,
    /// German.
    pub de: String,
}

impl Label {
    /// The name in `lang`.
    pub fn get(&self, lang: Lang) -> &str {
        match lang {
            Lang::De => &self.de,
            Lang::En => &self.en,
        }
    }
}

/// The table of `alternatives.yaml`, by setting `ID=key`.
///
/// # Panics
/// Never at run time for a table the unit test below has read: the file
/// is compiled in, and the test fails when it does not parse.
pub fn alternative_labels() -> &'static BTreeMap<String, Label> {
    static TABLE: OnceLock<BTreeMap<String, Label>> = OnceLock::new();
    TABLE.get_or_init(|| {
        serde_yaml::from_str(include_str!("alternatives.yaml")).unwrap_or_else(|error| {
            // The file is part of the binary; the unit test reads it.
            eprintln!("src/explore/alternatives.yaml: {error}");
            BTreeMap::new()
        })
    })
}

/// The short name of the setting `ID=key` in `lang`, if the table has it.
pub fn alternative_label(setting: &str, lang: Lang) -> Option<&'static str> {
    alternative_labels()
        .get(setting)
        .map(|label| label.get(lang))
}

/// The name of the default reading in a ruling menu.
pub fn default_label(lang: Lang) -> &'static str {
    match lang {
        Lang::De => "Voreinstellung",
        Lang::En => "default reading",
    }
}

/// An action offered beside the board, named in the page's language:
/// a special action (`claim`, `swap`, `timeout`, `resign <party>`,
/// `timeout <party>`, `leave <party>`) or a defection (`K=n`, `K=n:e4f5`).
/// `None` for an action these words do not name (the page shows it as
/// it is).
pub fn offer_name(action: &str, lang: Lang) -> Option<String> {
    let de = lang == Lang::De;
    let pick = |en: &str, german: &str| if de { german } else { en }.to_string();
    if let Some(rest) = action.strip_prefix("K=") {
        let (letter, step) = match rest.split_once(':') {
            Some((letter, step)) => (letter, Some(step)),
            None => (rest, None),
        };
        let mut chars = letter.chars();
        let colour = match (chars.next(), chars.next()) {
            (Some(c), None) => Colour::from_letter(c)?,
            _ => return None,
        };
        let letters = if de {
            Letters::German
        } else {
            Letters::English
        };
        // The colour as the adjective it is here: lower case in German.
        let colour = army_name(letters, colour.name()).to_lowercase();
        let mut text = if de {
            format!("Überlaufen: der König wird {colour}")
        } else {
            format!("Defect: the king becomes {colour}")
        };
        if let Some(step) = step {
            // Two squares, each a file letter and a rank number (`e4f10`).
            let middle = step
                .char_indices()
                .skip(1)
                .find(|(_, c)| c.is_ascii_alphabetic())
                .map_or(step.len(), |(at, _)| at);
            let (from, to) = step.split_at(middle);
            text.push_str(&if de {
                format!(" und zieht {from}–{to}")
            } else {
                format!(" and steps {from}–{to}")
            });
        }
        return Some(text);
    }
    let mut words = action.split_whitespace();
    let (verb, party) = (words.next()?, words.next());
    if words.next().is_some() {
        return None;
    }
    let party = party.map(|key| party_name(lang, key));
    Some(match (verb, party) {
        ("claim", None) => pick("Claim a draw", "Remis beanspruchen"),
        ("swap", None) => pick("Swap sides", "Seiten tauschen"),
        ("timeout", None) => pick("Time runs out", "Zeit abgelaufen"),
        ("resign", None) => pick("Resign", "Aufgeben"),
        ("resign", Some(party)) => {
            if de {
                format!("{party} gibt auf")
            } else {
                format!("{party} resigns")
            }
        }
        ("timeout", Some(party)) => {
            if de {
                format!("{party}: Zeit abgelaufen")
            } else {
                format!("{party}: time runs out")
            }
        }
        ("leave", Some(party)) => {
            if de {
                format!("{party} verlässt die Partie")
            } else {
                format!("{party} leaves the game")
            }
        }
        _ => return None,
    })
}

/// The party an offered action names (`resign wei` → `wei`), if any.
pub fn offer_party(action: &str) -> Option<&str> {
    let mut words = action.split_whitespace();
    words.next()?;
    words.next()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::{alternatives, VariantId};

    #[test]
    fn every_switchable_alternative_has_a_name_in_both_languages_and_no_other() {
        let table = alternative_labels();
        assert!(!table.is_empty(), "alternatives.yaml did not parse");
        let mut all = Vec::new();
        for variant in VariantId::ALL {
            all.extend(alternatives(variant));
        }
        let missing: Vec<&String> = all.iter().filter(|s| !table.contains_key(*s)).collect();
        assert!(
            missing.is_empty(),
            "no name in alternatives.yaml: {missing:?}"
        );
        let stray: Vec<&String> = table.keys().filter(|s| !all.contains(s)).collect();
        assert!(stray.is_empty(), "names no alternative: {stray:?}");
        for (setting, label) in table {
            assert!(!label.en.is_empty() && !label.de.is_empty(), "{setting}");
            assert_ne!(label.en, label.de, "{setting}: the same words twice");
        }
        assert_eq!(
            alternative_label("R-PAWN-DIR=single-side", Lang::De),
            Some("Startzug nur über eine Seite")
        );
    }

    #[test]
    fn offered_actions_are_named_in_both_languages() {
        assert_eq!(
            offer_name("K=n", Lang::De).as_deref(),
            Some("Überlaufen: der König wird marineblau")
        );
        assert_eq!(
            offer_name("K=r:e4f5", Lang::De).as_deref(),
            Some("Überlaufen: der König wird rot und zieht e4–f5")
        );
        assert_eq!(
            offer_name("K=n", Lang::En).as_deref(),
            Some("Defect: the king becomes navy")
        );
        assert_eq!(
            offer_name("resign wei", Lang::De).as_deref(),
            Some("Wei gibt auf")
        );
        assert_eq!(
            offer_name("claim", Lang::De).as_deref(),
            Some("Remis beanspruchen")
        );
        assert_eq!(
            offer_name("K=g:p10o11", Lang::En).as_deref(),
            Some("Defect: the king becomes green and steps p10–o11")
        );
        assert_eq!(offer_name("K=z", Lang::De), None);
        assert_eq!(offer_name("e2e4", Lang::De), None);
        assert_eq!(offer_party("leave shu"), Some("shu"));
        assert_eq!(offer_party("claim"), None);
    }
}
