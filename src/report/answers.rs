//! The engine's answers in words: what `rulings.html` shows before and
//! after a ruling alternative is the YAML of the step's answer
//! ([`crate::report::diff::ChangedCase`]); a German page says it in the
//! same words as the rest of the report (the field names from
//! `FIELDS`, codes, parties and pieces through [`super::terms`] and
//! [`super::words`]).

use serde_yaml::Value;

use crate::variant::VariantId;

use super::labels::Lang;
use super::terms;
use super::words::party_name;

/// The German names of the answer's fields.
const FIELDS: &[(&str, &str)] = &[
    ("result", "Ergebnis"),
    ("capture", "Schlag"),
    ("captures", "Schläge"),
    ("checks", "im Schach"),
    ("check", "Schach"),
    ("eliminations", "ausgeschieden"),
    ("eliminated", "ausgeschieden"),
    ("cause", "Grund"),
    ("heir", "Erbe"),
    ("party", "Partei"),
    ("parties", "Parteien"),
    ("next", "danach am Zug"),
    ("to_move", "am Zug"),
    ("status", "Stand"),
    ("promotion", "Umwandlung"),
    ("owner", "Besitzer"),
    ("kind", "Figur"),
    ("at", "Feld"),
    ("dead", "tote Blockadefigur"),
    ("events", "Ereignisse"),
    ("event", "Ereignis"),
    ("moves", "Züge"),
    ("winners", "Sieger"),
    ("winner", "Sieger"),
    ("reason", "Grund"),
    ("gardez", "Gardez"),
    ("king_captured", "König geschlagen"),
    ("forfeited", "Zug verfallen"),
    ("cells", "Felder"),
    ("unmoved", "unbewegte Bauern"),
    ("trays", "Ablagen"),
    ("clocks", "Uhren"),
    ("elapsed", "Sekunden verbraucht"),
    ("in_check", "im Schach"),
    ("active", "aktiv"),
    ("control", "befehligt"),
    ("king_colours", "Königsfarbe"),
    ("message", "Meldung"),
    ("from", "von"),
    ("to", "nach"),
    ("nodes", "Knoten"),
    ("state", "Zustand"),
    ("ongoing", "Partie läuft"),
    ("won", "gewonnen"),
    ("drawn", "Remis"),
    ("halfmove", "Halbzüge"),
    ("fullmove", "Zugnummer"),
];

/// An answer (YAML, as the scenario runner writes it) in the report
/// language: English pages show it as it is, German pages in words.
pub fn say(variant: VariantId, lang: Lang, yaml: &str) -> String {
    if lang == Lang::En {
        return yaml.to_string();
    }
    match serde_yaml::from_str::<Value>(yaml) {
        Ok(value) => words(variant, &value, None),
        Err(_) => yaml.to_string(),
    }
}

/// A field name in German, the name itself when it is not listed.
fn field(name: &str) -> String {
    FIELDS
        .iter()
        .find(|(key, _)| *key == name)
        .map_or_else(|| name.replace('_', " "), |(_, de)| (*de).to_string())
}

/// A value in German words; `key` is the field it stands in.
fn words(variant: VariantId, value: &Value, key: Option<&str>) -> String {
    match value {
        Value::Null => match key {
            Some("capture" | "promotion") => "keine".to_string(),
            _ => "niemand".to_string(),
        },
        Value::Bool(true) => "ja".to_string(),
        Value::Bool(false) => "nein".to_string(),
        Value::Number(number) => number.to_string().replace('.', ","),
        Value::String(text) => scalar(variant, text, key),
        Value::Sequence(items) if items.is_empty() => "keine".to_string(),
        Value::Sequence(items) => items
            .iter()
            .map(|item| words(variant, item, key))
            .collect::<Vec<_>>()
            .join("; "),
        Value::Mapping(map) => {
            let parts: Vec<String> = map
                .iter()
                .map(|(name, value)| {
                    let label = name.as_str().map_or_else(
                        || words(variant, name, None),
                        |text| {
                            // A map keyed by party or cell (clocks, cells).
                            if FIELDS.iter().any(|(k, _)| *k == text) {
                                field(text)
                            } else {
                                scalar(variant, text, Some("party"))
                            }
                        },
                    );
                    let inner = words(variant, value, name.as_str().map(|_| key_of(name)));
                    match value {
                        Value::Mapping(_) => format!("{label} ({inner})"),
                        Value::Sequence(items)
                            if !items.is_empty() && items.iter().all(Value::is_mapping) =>
                        {
                            format!("{label} ({inner})")
                        }
                        _ => format!("{label}: {inner}"),
                    }
                })
                .collect();
            parts.join(", ")
        }
        Value::Tagged(tagged) => words(variant, &tagged.value, key),
    }
}

/// A mapping's key as text (a key that is not text: empty).
fn key_of(name: &Value) -> &str {
    name.as_str().unwrap_or_default()
}

/// A text value in German: a refusal code, a cause, an event kind, a
/// party, a piece, or what a cell holds.
fn scalar(variant: VariantId, text: &str, key: Option<&str>) -> String {
    match key {
        Some("result") => return terms::reason_in(variant, Lang::De, text),
        Some("cause" | "reason") => return terms::cause(Lang::De, text),
        Some("kind" | "promotion") => return terms::kind_of(variant, Lang::De, text),
        Some("event") => return terms::event(Lang::De, text),
        Some("status") => {
            return FIELDS
                .iter()
                .find(|(k, _)| *k == text)
                .map_or_else(|| text.to_string(), |(_, de)| (*de).to_string())
        }
        _ => {}
    }
    let party = party_name(Lang::De, text);
    if party != text {
        return party;
    }
    let cell = terms::cell_content(variant, Lang::De, text);
    if cell != text {
        return cell;
    }
    text.to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_flipped_answer_reads_in_german_words() {
        let yaml = "eliminations:\n- cause: mate\n  heir: null\n  party: orange\nnext: gruen\nresult: legal\n";
        let said = say(VariantId::Monarchie, Lang::De, yaml);
        assert_eq!(
            said,
            "ausgeschieden (Grund: Matt, Erbe: niemand, Partei: Orange), danach am Zug: Grün, Ergebnis: zulässig"
        );
        assert_eq!(say(VariantId::Monarchie, Lang::En, yaml), yaml);
        let refused = say(VariantId::Monarchie, Lang::De, "result: wrong-party\n");
        assert_eq!(refused, "Ergebnis: andere Partei am Zug");
    }
}
