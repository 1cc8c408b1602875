//! A scenario's `source:` in the report language. The scenario files say
//! in English where a position or an expectation comes from ("seed rule
//! text (clause g.7.3): ...", "finding F-... (...)", "design page, worked
//! example S3"); a German page names the same source in German: its kind
//! (`KINDS`, by the words the text starts with), the clause, finding,
//! ruling and example it names, and the phrases of `PHRASES`. The
//! English explanation after it is left out; the scenario's German
//! description says what the case shows.

use crate::spec::Spec;

use super::labels::Lang;
use super::texts;

/// The kinds of source, by the words the text starts with (the first
/// that matches), and their German names.
const KINDS: &[(&str, &str)] = &[
    (
        "run position of finding",
        "Stellung aus dem Lauf zum Befund",
    ),
    ("finding", "Befund"),
    ("seed rule text", "Regeltext der Quelle"),
    ("rulebook example", "Beispiel des Regelwerks"),
    ("design page", "Auslegungsentwurf des Projekts"),
    (
        "position and perft from",
        "Stellung und Perft-Zahlen von Fairy-Stockfish",
    ),
    ("position from", "Stellung von Fairy-Stockfish"),
    (
        "/work/shared/anchors/fsf-perft.yaml",
        "Perft-Zahlen von Fairy-Stockfish",
    ),
    ("hand count", "von Hand gezählt"),
    ("issue", "Ticket"),
    (
        "differential mutation testing",
        "differenzielle Mutationstests",
    ),
];

/// Phrases a source may hold besides its kind, in German.
const PHRASES: &[(&str, &str)] = &[
    ("turned round the board", "um das Brett gedreht"),
    (
        "cross-checked with python-chess",
        "gegengeprüft mit python-chess",
    ),
    ("start position", "Startstellung"),
    ("counted by hand", "auch von Hand gezählt"),
    ("an outside engine", "eine fremde Engine wich hier ab"),
    (
        "facts a test suite can pin down",
        "Tatsachen, die eine Testsammlung festhalten kann",
    ),
    (
        "agrees with fsf-perft.yaml",
        "stimmt mit Fairy-Stockfish überein",
    ),
    ("tests/perft.sh", "aus den Tests von Fairy-Stockfish"),
    ("mutation score", "Mutationswert"),
];

/// The German kind of `source`, if one of `KINDS` starts it.
fn kind(source: &str) -> Option<&'static str> {
    let lower = source.trim().to_lowercase();
    KINDS
        .iter()
        .find(|(start, _)| lower.starts_with(start))
        .map(|(_, german)| *german)
}

/// The words of a text, without the brackets and punctuation around them.
fn words(source: &str) -> Vec<&str> {
    source
        .split_whitespace()
        .map(|word| word.trim_matches(|c: char| "(),;:\"'".contains(c)))
        .filter(|word| !word.is_empty())
        .collect()
}

/// An ID of the spec: capitals, digits and hyphens with a capital
/// prefix and a hyphen (`F-KING-DEAD`, `S-PAWN-DIR`, `R-SETUP`).
fn is_id(word: &str) -> bool {
    let Some((prefix, rest)) = word.split_once('-') else {
        return false;
    };
    !prefix.is_empty()
        && prefix.len() <= 2
        && prefix.chars().all(|c| c.is_ascii_uppercase())
        && rest.starts_with(|c: char| c.is_ascii_uppercase())
        && rest
            .chars()
            .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == '-')
}

/// A worked example's name: a capital and digits (`S3`, `R6`).
fn is_example(word: &str) -> bool {
    let mut chars = word.chars();
    chars.next().is_some_and(|c| c.is_ascii_uppercase())
        && word.len() >= 2
        && chars.all(|c| c.is_ascii_digit())
}

/// What `source` names, in German: the clause, findings (with their
/// German titles), rulings, worked examples, the anchor entry, the
/// depth, the number and the phrases of `PHRASES`.
fn details(source: &str, spec: &Spec) -> Vec<String> {
    let words = words(source);
    let mut out = Vec::new();
    let mut examples = Vec::new();
    for (index, word) in words.iter().enumerate() {
        let next = words.get(index + 1).copied();
        match (*word, next) {
            ("clause", Some(clause)) => out.push(format!("Abschnitt {clause}")),
            ("extra", Some(entry)) => out.push(format!("Eintrag {entry}")),
            ("depth", Some(depth)) if depth.starts_with(|c: char| c.is_ascii_digit()) => {
                out.push(format!("Tiefe {depth}"));
            }
            ("issue", Some(number)) if number.chars().all(|c| c.is_ascii_digit()) => {
                out.push(format!("Nr. {number}"));
            }
            (id, _) if is_id(id) => match spec.findings.iter().find(|f| f.id == id) {
                Some(finding) => out.push(format!(
                    "{id} ({})",
                    texts::finding_title(Lang::De, finding)
                )),
                None => out.push(id.to_string()),
            },
            (example, _) if is_example(example) => examples.push(example),
            _ => {}
        }
    }
    match examples.as_slice() {
        [] => {}
        [one] => out.push(format!("Beispiel {one}")),
        many => out.push(format!("Beispiele {}", many.join(", "))),
    }
    let lower = source.to_lowercase();
    for (phrase, german) in PHRASES {
        if lower.contains(phrase) {
            out.push((*german).to_string());
        }
    }
    out
}

/// `source` in the report language: as written under `en`; under `de`
/// its kind and what it names, or, for a source of no known kind, a
/// pointer to the scenario file (a test keeps the suite free of those).
pub fn source(lang: Lang, source: &str, spec: &Spec) -> String {
    if lang == Lang::En {
        return source.to_string();
    }
    let Some(kind) = kind(source) else {
        return "in der Szenariodatei genannt".to_string();
    };
    let details = details(source, spec);
    if details.is_empty() {
        kind.to_string()
    } else {
        format!("{kind}: {}", details.join(", "))
    }
}

/// Whether `source` is of a kind [`source`] knows.
pub fn known(source: &str) -> bool {
    kind(source).is_some()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::VariantId;

    fn spec(variant: VariantId) -> Spec {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        Spec::load(&root.join("spec").join(variant.name())).expect("spec loads")
    }

    #[test]
    fn sources_read_in_german_with_what_they_name() {
        let grand = spec(VariantId::Grand);
        assert_eq!(
            source(
                Lang::De,
                "seed rule text (clause g.7.3): such a pawn on the ninth rank still gives check",
                &grand
            ),
            "Regeltext der Quelle: Abschnitt g.7.3"
        );
        assert_eq!(
            source(
                Lang::De,
                "/work/shared/anchors/fsf-perft.yaml (Fairy-Stockfish 230826, grand start position, depth 3)",
                &grand
            ),
            "Perft-Zahlen von Fairy-Stockfish: Tiefe 3, Startstellung"
        );
        let monarchie = spec(VariantId::Monarchie);
        let finding = source(
            Lang::De,
            "finding F-FLANKS-ACROSS-NOTCH (the geometry of the crossing 1-40)",
            &monarchie,
        );
        let title = texts::finding_title(
            Lang::De,
            monarchie
                .findings
                .iter()
                .find(|f| f.id == "F-FLANKS-ACROSS-NOTCH")
                .expect("the finding"),
        );
        assert_eq!(finding, format!("Befund: F-FLANKS-ACROSS-NOTCH ({title})"));
        let sovereign = spec(VariantId::Sovereign);
        assert_eq!(
            source(
                Lang::De,
                "design page S-PAWN-DIR worked examples (R6, R7, designer)",
                &sovereign
            ),
            "Auslegungsentwurf des Projekts: S-PAWN-DIR, Beispiele R6, R7"
        );
        assert_eq!(
            source(
                Lang::De,
                "design page, worked example S3, turned round the board",
                &sovereign
            ),
            "Auslegungsentwurf des Projekts: Beispiel S3, um das Brett gedreht"
        );
        assert_eq!(
            source(
                Lang::De,
                "issue 25 (an outside engine allowed K=b:i9h8)",
                &sovereign
            ),
            "Ticket: Nr. 25, eine fremde Engine wich hier ab"
        );
        // English pages show the text as written; an unknown kind points
        // to the file instead of showing English on a German page.
        assert_eq!(source(Lang::En, "a note", &grand), "a note");
        assert_eq!(
            source(Lang::De, "a note", &grand),
            "in der Szenariodatei genannt"
        );
    }

    #[test]
    fn every_source_in_the_suite_has_a_german_form_without_english() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        let mut seen = 0;
        for variant in VariantId::ALL {
            let spec = spec(variant);
            let files = crate::suite::collect_files(&[root.join("scenarios").join(variant.name())])
                .expect("the suite's files");
            for file in files {
                let Ok(loaded) = crate::scenario::load_file(&file, None) else {
                    continue;
                };
                let Some(text) = &loaded.scenario.source else {
                    continue;
                };
                seen += 1;
                assert!(
                    known(text),
                    "{}: source of no known kind: {text}",
                    file.display()
                );
                let german = source(Lang::De, text, &spec);
                let count = texts::count_function_words(&german);
                assert_eq!(count.english, 0, "{}: {german}", file.display());
            }
        }
        assert!(seen > 50, "the suite's sources: {seen}");
    }
}
