//! The German texts beside the English ones (issue 36): the `de:` maps of
//! `spec/<variant>/*.yaml` and the scenarios' `description_de`. The loader
//! validates every German text there is; these tests fail while a text
//! the German report shows has no German version.

use std::path::{Path, PathBuf};

use regelwerk::spec::{load_misreadings, misreadings_missing_german, Spec};
use regelwerk::variant::VariantId;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The spec files complete in German, per variant. A file joins the
/// list once its texts are written; where a German text is missing the
/// German report shows the English one and says so.
const GERMAN_COMPLETE: &[(VariantId, &[&str])] = &[
    (VariantId::Monarchie, ALL_FILES),
    (VariantId::Grand, ALL_FILES),
    (VariantId::Racingkings, ALL_FILES),
    (VariantId::Threekingdoms, ALL_FILES),
    (VariantId::Sovereign, ALL_FILES),
];

/// Every spec file with texts.
const ALL_FILES: &[&str] = &[
    "clauses.yaml",
    "rulings.yaml",
    "findings.yaml",
    "misreadings.yaml",
];

/// The variants whose scenario descriptions are complete in German.
const DESCRIPTIONS_COMPLETE: &[VariantId] = &[
    VariantId::Monarchie,
    VariantId::Grand,
    VariantId::Racingkings,
    VariantId::Threekingdoms,
    VariantId::Sovereign,
];

#[test]
fn every_german_variant_has_every_text_in_german() {
    let mut missing = Vec::new();
    for &(variant, files) in GERMAN_COMPLETE {
        let dir = root().join("spec").join(variant.name());
        let spec = Spec::load(&dir).unwrap_or_else(|error| panic!("{error}"));
        let misreadings = load_misreadings(&dir, variant).unwrap_or_else(|e| panic!("{e}"));
        for line in spec
            .missing_german()
            .into_iter()
            .chain(misreadings_missing_german(&misreadings))
        {
            if files.iter().any(|file| line.starts_with(file)) {
                missing.push(format!("spec/{variant}/{line}"));
            }
        }
    }
    assert!(
        missing.is_empty(),
        "{} German texts missing:\n{}",
        missing.len(),
        missing.join("\n")
    );
}

#[test]
fn every_scenario_of_a_german_suite_has_a_german_description() {
    let mut missing = Vec::new();
    for &variant in DESCRIPTIONS_COMPLETE {
        let files =
            regelwerk::suite::collect_files(&[root().join("scenarios").join(variant.name())])
                .unwrap_or_else(|error| panic!("{error}"));
        for file in files {
            let loaded = regelwerk::scenario::load_file(&file, None)
                .unwrap_or_else(|error| panic!("{error}"));
            match &loaded.scenario.description_de {
                Some(text) if !text.trim().is_empty() => {}
                _ => missing.push(file.display().to_string()),
            }
        }
    }
    assert!(
        missing.is_empty(),
        "{} scenarios without `description_de`:\n{}",
        missing.len(),
        missing.join("\n")
    );
}

/// A spec folder holding one clause, one ruling and one finding, with
/// `clause_de`, `ruling_de` and `finding_de` spliced in as their `de:`.
fn tiny_spec(dir: &Path, clause_de: &str, ruling_de: &str, finding_de: &str) {
    std::fs::create_dir_all(dir).unwrap();
    std::fs::write(
        dir.join("clauses.yaml"),
        format!(
            "variant: grand\nclauses:\n  - id: g.1\n    heading: \"Board\"\n    paraphrase: The board.\n    rulings: [R-G-X]\n    testable_by: engine\n{clause_de}"
        ),
    )
    .unwrap();
    std::fs::write(
        dir.join("rulings.yaml"),
        format!(
            "variant: grand\nrulings:\n  - id: R-G-X\n    title: A title\n    clauses: [g.1]\n    default: The default of this ruling.\n    alternatives:\n      - key: other\n        description: The other.\n    rationale: Why.\n{ruling_de}"
        ),
    )
    .unwrap();
    std::fs::write(
        dir.join("findings.yaml"),
        format!(
            "variant: grand\nfindings:\n  - id: F-G-X\n    title: A finding\n    kind: gap\n    clauses: [g.1]\n    statement: What.\n    recommendation: Do.\n    rulings: []\n    scenarios: []\n{finding_de}"
        ),
    )
    .unwrap();
}

const CLAUSE_DE: &str = "    de: {heading: Brett, paraphrase: Das Brett.}\n";
const RULING_DE: &str = "    de: {title: Ein Titel, default: Der Normalfall., rationale: Warum.}\n";
const FINDING_DE: &str = "    de: {title: Ein Befund, statement: Was., recommendation: Tun.}\n";

fn load_tiny(
    name: &str,
    clause_de: &str,
    ruling_de: &str,
    finding_de: &str,
) -> Result<Spec, String> {
    let dir = std::env::temp_dir().join(format!("regelwerk-german-{}-{name}", std::process::id()));
    tiny_spec(&dir, clause_de, ruling_de, finding_de);
    let result = Spec::load(&dir).map_err(|error| error.to_string());
    let _ = std::fs::remove_dir_all(&dir);
    result
}

#[test]
fn complete_german_texts_load_and_are_not_missing() {
    let spec = load_tiny("complete", CLAUSE_DE, RULING_DE, FINDING_DE).unwrap();
    // The alternative has no `de` yet: exactly that is missing.
    assert_eq!(
        spec.missing_german(),
        vec!["rulings.yaml R-G-X alternative other: de".to_string()]
    );
    let spec = load_tiny("bare", "", "", "").unwrap();
    assert_eq!(spec.missing_german().len(), 4);
}

#[test]
fn bad_german_texts_are_refused_with_file_entry_and_field() {
    let cases = [
        (
            "unknown",
            "    de: {heading: Brett, paraphrase: Das Brett., title: Zu viel}\n",
            RULING_DE,
            FINDING_DE,
            "unknown field `title`",
        ),
        (
            "no-heading",
            "    de: {paraphrase: Das Brett.}\n",
            RULING_DE,
            FINDING_DE,
            "clause g.1: expected `de.heading`",
        ),
        (
            "umlaut",
            "    de: {heading: Brett, paraphrase: Der Koenig steht.}\n",
            RULING_DE,
            FINDING_DE,
            "g.1: `de.paraphrase` writes 'Koenig'",
        ),
        (
            "copied",
            CLAUSE_DE,
            "    de: {title: Ein Titel, default: The default of this ruling., rationale: Warum.}\n",
            FINDING_DE,
            "R-G-X: `de.default` repeats the English text",
        ),
        (
            "missing-field",
            CLAUSE_DE,
            RULING_DE,
            "    de: {title: Ein Befund, statement: Was.}\n",
            "missing field `recommendation`",
        ),
        (
            "empty",
            CLAUSE_DE,
            RULING_DE,
            "    de: {title: Ein Befund, statement: \" \", recommendation: Tun.}\n",
            "F-G-X: `de.statement` is empty",
        ),
    ];
    for (name, clause, ruling, finding, expected) in cases {
        let error = load_tiny(name, clause, ruling, finding)
            .err()
            .unwrap_or_else(|| panic!("{name}: loaded"));
        assert!(error.contains(expected), "{name}: {error}");
        assert!(error.contains(".yaml"), "{name}: no file in {error}");
    }
}

#[test]
fn a_misreading_with_a_transliterated_umlaut_is_refused() {
    let dir = std::env::temp_dir().join(format!("regelwerk-german-mis-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(
        dir.join("misreadings.yaml"),
        "variant: grand\nmisreadings:\n  - id: G-X\n    clauses: [g.1]\n    wrong: Wrong.\n    de: {wrong: Zieht fuer Weiss.}\n",
    )
    .unwrap();
    let error = load_misreadings(&dir, VariantId::Grand)
        .unwrap_err()
        .to_string();
    let _ = std::fs::remove_dir_all(&dir);
    assert!(error.contains("G-X: `de.wrong` writes 'fuer'"), "{error}");
}
