//! The engine's codes in the report language: refusal reasons, causes of
//! elimination, the game's status, event kinds, finding kinds, and the
//! names of every variant's piece kinds and parties. The codes themselves stay English (they are
//! the protocol's words); under `--lang de` the report shows these German
//! names, and a code it does not know as it is.

use crate::spec::{FindingKind, TestableBy};
use crate::variant::{piece_names, refusal_words, EnglishNames, Status, VariantError, VariantId};

use super::labels::Lang;

/// German names of the rules that end a game or eliminate a party.
const CAUSES: &[(&str, &str)] = &[
    ("mate", "Matt"),
    ("checkmate", "Schachmatt"),
    ("stalemate", "Patt"),
    ("king-capture", "Königsschlag"),
    ("flag-fall", "Zeitablauf"),
    ("timeout", "Zeitüberschreitung"),
    ("general-capture", "Schlag des Generals"),
    ("resignation", "Aufgabe"),
    ("leaving", "Verlassen der Partie"),
    ("last-party", "letzte aktive Partei"),
    ("last-general", "letzter General"),
    ("goal", "Ziel erreicht"),
    ("goal-tie", "beide am Ziel"),
    ("bare-kings", "nur noch Könige"),
    ("fifty-move", "50-Züge-Regel"),
    ("seventy-five-move", "75-Züge-Regel"),
    ("move-limit", "Zuggrenze"),
    ("repetition", "Wiederholung"),
    ("threefold", "dreifache Wiederholung"),
    ("fivefold", "fünffache Wiederholung"),
    ("insufficient-material", "zu wenig Material"),
    ("perpetual-check", "Dauerschach"),
];

/// German names of event kinds.
const EVENTS: &[(&str, &str)] = &[
    ("moved", "gezogen"),
    ("captured", "geschlagen"),
    ("promoted", "umgewandelt"),
    ("forfeited", "Zug verfallen"),
    ("check", "Schach"),
    ("gardez", "Gardez"),
    ("eliminated", "ausgeschieden"),
    ("won", "gewonnen"),
    ("drawn", "remis"),
    ("castled", "rochiert"),
    ("coup", "Staatsstreich"),
    ("overthrow", "Umsturz"),
    ("defected", "übergelaufen"),
    ("seat-swap", "Seitentausch"),
    ("taken-over", "übernommen"),
    ("removed", "vom Brett genommen"),
    ("resigned", "aufgegeben"),
    ("left", "Partie verlassen"),
];

fn lookup(table: &[(&str, &'static str)], code: &str) -> Option<&'static str> {
    table
        .iter()
        .find(|(key, _)| *key == code)
        .map(|(_, name)| *name)
}

/// A refusal reason in the report language: the German words of the
/// code from the rule systems' own tables
/// ([`crate::variant::VariantInfo::refusal_words`], the first variant
/// that knows it); the code under `en`, and a code no variant knows as
/// it is.
pub fn reason(lang: Lang, code: &str) -> String {
    VariantId::ALL
        .iter()
        .find_map(|&variant| words_of(variant, lang, code))
        .unwrap_or_else(|| code.to_string())
}

/// A refusal reason of `variant` in the report language (its own table
/// first, then any variant's).
pub fn reason_in(variant: VariantId, lang: Lang, code: &str) -> String {
    words_of(variant, lang, code).unwrap_or_else(|| reason(lang, code))
}

fn words_of(variant: VariantId, lang: Lang, code: &str) -> Option<String> {
    match lang {
        Lang::En => Some(code.to_string()),
        Lang::De if code == "legal" => Some("zulässig".to_string()),
        Lang::De => refusal_words::find(crate::variant::info(variant).refusal_words, code)
            .map(|words| words.de.to_string()),
    }
}

/// A cause of elimination or end of game in the report language.
pub fn cause(lang: Lang, code: &str) -> String {
    match lang {
        Lang::De => lookup(CAUSES, code).map_or_else(|| code.to_string(), str::to_string),
        Lang::En => code.to_string(),
    }
}

/// An event kind in the report language.
pub fn event(lang: Lang, code: &str) -> String {
    match lang {
        Lang::De => lookup(EVENTS, code).map_or_else(|| code.to_string(), str::to_string),
        Lang::En => code.to_string(),
    }
}

/// A piece kind (`knight`, `marshal`, ...) in the report language, as
/// `variant` names it (`variant/piece_names.rs`; the code where the
/// variant has no such kind).
pub fn kind_of(variant: VariantId, lang: Lang, code: &str) -> String {
    piece_names::find(crate::variant::info(variant).pieces, code).map_or_else(
        || code.to_string(),
        |names| {
            match lang {
                Lang::De => names.de.name,
                Lang::En => names.en.name,
            }
            .to_string()
        },
    )
}

/// The game's status in the report language: "läuft", "Blau gewinnt
/// (Matt)", "Remis (Patt)".
pub fn status(lang: Lang, status: &Status) -> String {
    match lang {
        Lang::En => status.to_string(),
        Lang::De => match status {
            Status::Ongoing => "Partie läuft".to_string(),
            Status::Won { winners, reason } => {
                let names: Vec<String> = winners.iter().map(|p| party_name(lang, p)).collect();
                let verb = if names.len() == 1 {
                    "gewinnt"
                } else {
                    "gewinnen"
                };
                format!("{} {verb} ({})", names.join(" und "), cause(lang, reason))
            }
            Status::Drawn { reason } => format!("Remis ({})", cause(lang, reason)),
        },
    }
}

/// Why a game could not be opened (a position or a ruling setting the
/// rule system refuses), in the report language: under `en` the rule
/// system's own words, under `de` what was refused and the ruling that
/// refuses it, without the English diagnostics.
pub fn open_error(lang: Lang, error: &VariantError) -> String {
    if lang == Lang::En {
        return error.to_string();
    }
    match error {
        VariantError::Position { heading, .. } => {
            // The heading names the ruling in brackets: `invalid Sovereign
            // Chess position (S-SETUP)`.
            match heading
                .and_then(|h| h.rsplit_once('('))
                .map(|(_, id)| id.trim_end_matches(')'))
            {
                Some(id) => format!("ungültige Stellung (nach {id})"),
                None => "ungültige Stellung".to_string(),
            }
        }
        VariantError::InvalidPosition { .. } => "ungültige Stellung".to_string(),
        VariantError::SettingShape { setting, .. }
        | VariantError::NoSwitchableRulings { setting, .. }
        | VariantError::FixedOnly { setting, .. } => {
            format!("Auslegung {setting} nicht einstellbar")
        }
        VariantError::UnknownOption { id, key, .. } => {
            format!("Auslegung {id}={key} nicht einstellbar")
        }
        VariantError::FixedRuling { id } | VariantError::UnknownRuling { id, .. } => {
            format!("Auslegung {id} nicht einstellbar")
        }
        _ => "Stellung nicht lesbar".to_string(),
    }
}

/// A party's name in the report language, as its variant's
/// [`crate::variant::ReportNames`] say: a party any variant reads by one
/// of its names (MONARCHIE's German and English names), else a party key
/// of any variant; another text as it is.
pub fn party_name(lang: Lang, key: &str) -> String {
    let infos = || {
        VariantId::ALL
            .iter()
            .map(|&variant| crate::variant::info(variant))
    };
    let read = infos().find_map(|info| {
        let index = (info.report_names.read?)(key)?;
        Some((info, info.parties.get(index)?))
    });
    read.or_else(|| infos().find_map(|info| Some((info, info.party(key)?))))
        .map_or_else(
            || key.to_string(),
            |(info, party)| match (lang, info.report_names.english) {
                (Lang::De, _) | (Lang::En, EnglishNames::Native) => party.native.to_string(),
                (Lang::En, EnglishNames::English) => party.english.to_string(),
            },
        )
}

/// Who owns a piece, in the report language: a party by its name, else
/// one of Sovereign Chess's armies by its colour's name
/// ([`crate::render::legend::army_name`]: "navy" is Marineblau).
pub fn owner(lang: Lang, key: &str) -> String {
    let party = party_name(lang, key);
    if party != key {
        return party;
    }
    crate::render::legend::army_name(lang.letters(), key)
}

/// What a square holds, as a scenario's `cells` writes it (`empty`,
/// `gelb knight`, `dead gelb knight`), in the report language.
pub fn cell_content(variant: VariantId, lang: Lang, text: &str) -> String {
    if lang == Lang::En {
        return text.to_string();
    }
    let words: Vec<&str> = text.split_whitespace().collect();
    match words.as_slice() {
        ["empty"] => "leer".to_string(),
        ["dead", party, piece] => format!(
            "tot: {} {}",
            owner(lang, party),
            kind_of(variant, lang, piece)
        ),
        [party, piece] => format!("{} {}", owner(lang, party), kind_of(variant, lang, piece)),
        _ => text.to_string(),
    }
}

/// The step a comparison names (`play 16-28`, `moves of cell 127`,
/// `moves of the party to move`, `state`, `open the position`; written by
/// the scenario runner) in the report language.
pub fn step_what(lang: Lang, what: &str) -> String {
    if lang == Lang::En {
        return what.to_string();
    }
    if let Some(action) = what.strip_prefix("play ") {
        return format!("Aktion {action}");
    }
    if what == "moves of the party to move" {
        return "Züge der Partei am Zug".to_string();
    }
    if let Some(rest) = what.strip_prefix("moves of ") {
        let square = rest.rsplit(' ').next().unwrap_or(rest);
        return format!("Züge der Figur auf {square}");
    }
    match what {
        "state" => "Zustand".to_string(),
        "open the position" => "Stellung öffnen".to_string(),
        _ => what.to_string(),
    }
}

/// A finding kind's name in the report language.
pub fn finding_kind(lang: Lang, kind: FindingKind) -> &'static str {
    match (lang, kind) {
        (Lang::De, FindingKind::Gap) => "Lücke",
        (Lang::De, FindingKind::Contradiction) => "Widerspruch",
        (Lang::De, FindingKind::Asymmetry) => "Ungleichbehandlung",
        (Lang::De, FindingKind::Surprise) => "Überraschung",
        (Lang::De, FindingKind::Claim) => "Behauptung",
        (Lang::En, FindingKind::Gap) => "gap",
        (Lang::En, FindingKind::Contradiction) => "contradiction",
        (Lang::En, FindingKind::Asymmetry) => "asymmetry",
        (Lang::En, FindingKind::Surprise) => "surprise",
        (Lang::En, FindingKind::Claim) => "claim",
    }
}

/// Every finding kind, in the order the findings index lists them.
pub const FINDING_KINDS: [FindingKind; 5] = [
    FindingKind::Gap,
    FindingKind::Contradiction,
    FindingKind::Asymmetry,
    FindingKind::Surprise,
    FindingKind::Claim,
];

/// Who tests a clause, in the report language.
pub fn testable(lang: Lang, by: TestableBy) -> &'static str {
    match (lang, by) {
        (Lang::De, TestableBy::Engine) => "Regelprogramm",
        (Lang::De, TestableBy::Journal) => "Journal",
        (Lang::De, TestableBy::Tournament) => "Turniermodell",
        (Lang::De, TestableBy::Group) => "Gruppe",
        (Lang::En, TestableBy::Engine) => "engine",
        (Lang::En, TestableBy::Journal) => "journal",
        (Lang::En, TestableBy::Tournament) => "tournament",
        (Lang::En, TestableBy::Group) => "group",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_event_kind_and_cause_of_every_variant_has_german_words() {
        let mut missing = Vec::new();
        for variant in VariantId::ALL {
            let info = crate::variant::info(variant);
            for kind in info.event_kinds {
                if event(Lang::De, kind) == *kind {
                    missing.push(format!("{variant}: event {kind}"));
                }
            }
            for code in info.causes {
                if cause(Lang::De, code) == *code {
                    missing.push(format!("{variant}: cause {code}"));
                }
            }
        }
        // The reasons the chess variants end a game with (they list no
        // causes of their own).
        for code in [
            "checkmate",
            "stalemate",
            "goal",
            "goal-tie",
            "bare-kings",
            "fifty-move",
            "seventy-five-move",
            "threefold",
            "fivefold",
            "insufficient-material",
            "repetition",
            "perpetual-check",
            "move-limit",
            "last-general",
            "last-party",
        ] {
            if cause(Lang::De, code) == code {
                missing.push(format!("cause {code}"));
            }
        }
        assert!(missing.is_empty(), "no German words for {missing:?}");
    }

    #[test]
    fn sovereign_armies_and_open_errors_read_in_german() {
        assert_eq!(owner(Lang::De, "navy"), "Marineblau");
        assert_eq!(owner(Lang::En, "navy"), "navy");
        assert_eq!(
            cell_content(VariantId::Sovereign, Lang::De, "navy king"),
            "Marineblau König"
        );
        let error = VariantError::Position {
            heading: Some("invalid Sovereign Chess position (S-SETUP)"),
            problems: vec!["a pawn stands on h7 in the promotion zone".to_string()],
        };
        assert_eq!(
            open_error(Lang::De, &error),
            "ungültige Stellung (nach S-SETUP)"
        );
        assert!(open_error(Lang::En, &error).contains("a pawn stands on h7"));
    }

    #[test]
    fn codes_read_in_german_and_stay_codes_in_english() {
        assert_eq!(reason(Lang::De, "wrong-party"), "andere Partei am Zug");
        assert_eq!(reason(Lang::En, "wrong-party"), "wrong-party");
        assert_eq!(reason(Lang::De, "some-new-code"), "some-new-code");
        assert_eq!(
            cell_content(VariantId::Monarchie, Lang::De, "dead gelb knight"),
            "tot: Gelb Pferd"
        );
        assert_eq!(
            cell_content(VariantId::Monarchie, Lang::De, "empty"),
            "leer"
        );
        assert_eq!(status(Lang::De, &Status::Ongoing), "Partie läuft");
        assert_eq!(
            status(Lang::De, &Status::won_by("blau", "last-party")),
            "Blau gewinnt (letzte aktive Partei)"
        );
        assert_eq!(event(Lang::De, "check"), "Schach");
        assert_eq!(kind_of(VariantId::Grand, Lang::De, "marshal"), "Marschall");
        // Each rule text's own name: Pferd in MONARCHIE, Springer in chess.
        assert_eq!(kind_of(VariantId::Monarchie, Lang::De, "knight"), "Pferd");
        assert_eq!(kind_of(VariantId::Grand, Lang::De, "knight"), "Springer");
        assert_eq!(kind_of(VariantId::Grand, Lang::En, "knight"), "knight");
        assert_eq!(
            step_what(Lang::De, "moves of cell 127"),
            "Züge der Figur auf 127"
        );
        assert_eq!(step_what(Lang::De, "play 16-28"), "Aktion 16-28");
        assert_eq!(step_what(Lang::En, "play 16-28"), "play 16-28");
    }
}
