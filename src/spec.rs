//! The spec files of `spec/<variant>/`: clauses, rulings and findings
//! (format: `spec/README.md`). Unknown fields are rejected.

use std::path::{Path, PathBuf};

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

pub mod frames;
mod misreadings;

pub use misreadings::{
    coding_parts, load_misreading_catalogue, load_misreadings, misreadings_missing_german,
    MisreadingCatalogue, MisreadingDe, MisreadingEntry, MisreadingKind, OneFrame, ReasonDe,
    RejectedMisreading, SameCatches, Sentence, GEOMETRY_CLAIMS,
};

/// Which part of the project can test a clause.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum TestableBy {
    /// The reference engine (Part I): scenarios pin it.
    Engine,
    /// The journal and replay.
    Journal,
    /// The tournament model.
    Tournament,
    /// A heading whose sub-clauses carry the rules.
    Group,
}

/// One clause or sub-clause of the rulebook.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Clause {
    /// Stable ID, e.g. `m.8.1`.
    pub id: String,
    /// The heading as the source writes it (German for MONARCHIE).
    pub heading: String,
    /// The heading in English, where the source's is not English.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub heading_en: Option<String>,
    /// What it says, in the project's own words.
    pub paraphrase: String,
    /// Rulings that touch it.
    #[serde(default)]
    pub rulings: Vec<String>,
    /// Who tests it.
    pub testable_by: TestableBy,
    /// The same texts in German, for `report --lang de`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub de: Option<ClauseDe>,
}

/// A clause's texts in German.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ClauseDe {
    /// The heading in German: required exactly where `heading` is English
    /// (the clause has no `heading_en`); otherwise `heading` is German.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub heading: Option<String>,
    /// The paraphrase in German, in the project's own words.
    pub paraphrase: String,
}

/// One option of a ruling.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Alternative {
    /// The key used in `ID=key`.
    pub key: String,
    /// What the engine does under it.
    pub description: String,
    /// The description in German.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub de: Option<AlternativeDe>,
    /// The finding that argues this alternative cannot change play (a
    /// count, not a move, differs): it is then held to the bar of
    /// changed scenarios in total, not in play (`rulings audit`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub not_in_play: Option<String>,
}

/// An alternative's text in German.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct AlternativeDe {
    /// What the engine does under it, in German.
    pub description: String,
}

/// A ruling: how the engine reads the text where it is silent or in tension.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Ruling {
    /// Stable ID, e.g. `R-NEXT`.
    pub id: String,
    /// Short title.
    pub title: String,
    /// Clauses it touches.
    pub clauses: Vec<String>,
    /// What the engine does by default.
    pub default: String,
    /// The selectable alternatives.
    #[serde(default)]
    pub alternatives: Vec<Alternative>,
    /// Why the default.
    pub rationale: String,
    /// The same texts in German.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub de: Option<RulingDe>,
}

/// A ruling's texts in German (each alternative carries its own `de`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RulingDe {
    /// Short title.
    pub title: String,
    /// What the engine does by default.
    pub default: String,
    /// Why the default.
    pub rationale: String,
}

/// The kind of a finding.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum FindingKind {
    /// The text says nothing.
    Gap,
    /// Two passages disagree.
    Contradiction,
    /// Parties are treated differently.
    Asymmetry,
    /// A literal reading has an unexpected consequence.
    Surprise,
    /// A claim of the text to verify.
    Claim,
}

/// A finding for the rules committee.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Finding {
    /// Stable ID, e.g. `F-KING-DEAD`.
    pub id: String,
    /// Short title.
    pub title: String,
    /// What kind.
    pub kind: FindingKind,
    /// Clauses involved.
    pub clauses: Vec<String>,
    /// The finding.
    pub statement: String,
    /// What the committee might do.
    pub recommendation: String,
    /// Rulings that resolve it.
    #[serde(default)]
    pub rulings: Vec<String>,
    /// Scenarios that demonstrate it.
    #[serde(default)]
    pub scenarios: Vec<String>,
    /// The same texts in German.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub de: Option<FindingDe>,
}

/// A finding's texts in German.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FindingDe {
    /// Short title.
    pub title: String,
    /// The finding.
    pub statement: String,
    /// What the committee might do.
    pub recommendation: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ClausesFile {
    variant: String,
    clauses: Vec<Clause>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RulingsFile {
    variant: String,
    rulings: Vec<Ruling>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct FindingsFile {
    variant: String,
    findings: Vec<Finding>,
}

/// The spec of one variant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Spec {
    /// The variant name.
    pub variant: String,
    /// Clauses in file order.
    pub clauses: Vec<Clause>,
    /// Rulings in file order.
    pub rulings: Vec<Ruling>,
    /// Findings in file order.
    pub findings: Vec<Finding>,
}

/// A spec file that cannot be read.
#[derive(Debug, thiserror::Error)]
pub enum SpecError {
    /// The file could not be opened.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// The file is not valid.
    #[error("{path}:{line}:{column}: {message}")]
    Format {
        /// The file.
        path: PathBuf,
        /// 1-based line (0 when unknown).
        line: usize,
        /// 1-based column (0 when unknown).
        column: usize,
        /// What is wrong.
        message: String,
    },
    /// A cross-reference is broken.
    #[error("{path}: {message}")]
    Reference {
        /// The file.
        path: PathBuf,
        /// What is wrong.
        message: String,
    },
}

fn read_yaml<T: for<'de> Deserialize<'de>>(path: &Path) -> Result<T, SpecError> {
    let text = crate::input::read_to_string(path).map_err(|source| SpecError::Io {
        path: path.to_path_buf(),
        source,
    })?;
    // Bounded before parsing, as every YAML file regelwerk reads.
    crate::input::check_yaml_depth(&text)
        .and_then(|()| crate::input::check_yaml_size(&text))
        .map_err(|(line, column, message)| SpecError::Format {
            path: path.to_path_buf(),
            line,
            column,
            message,
        })?;
    serde_yaml::from_str(&text).map_err(|error| {
        let (line, column) = error
            .location()
            .map_or((0, 0), |at| (at.line(), at.column()));
        SpecError::Format {
            path: path.to_path_buf(),
            line,
            column,
            message: error.to_string(),
        }
    })
}

impl Spec {
    /// One spec holding the clauses, rulings and findings of several
    /// variants (their IDs do not overlap: `m.`, `g.`, `rk.`), for reports
    /// over a run that covers more than one variant.
    pub fn merged(specs: &[Spec]) -> Spec {
        Spec {
            variant: specs
                .iter()
                .map(|spec| spec.variant.as_str())
                .collect::<Vec<_>>()
                .join("+"),
            clauses: specs.iter().flat_map(|s| s.clauses.clone()).collect(),
            rulings: specs.iter().flat_map(|s| s.rulings.clone()).collect(),
            findings: specs.iter().flat_map(|s| s.findings.clone()).collect(),
        }
    }

    /// Loads `clauses.yaml`, `rulings.yaml` and `findings.yaml` from `dir`
    /// and checks that every ID is unique and every reference resolves.
    ///
    /// # Errors
    /// [`SpecError`] with the file and what is wrong.
    pub fn load(dir: &Path) -> Result<Spec, SpecError> {
        let clauses: ClausesFile = read_yaml(&dir.join("clauses.yaml"))?;
        let rulings: RulingsFile = read_yaml(&dir.join("rulings.yaml"))?;
        let findings: FindingsFile = read_yaml(&dir.join("findings.yaml"))?;
        let spec = Spec {
            variant: clauses.variant,
            clauses: clauses.clauses,
            rulings: rulings.rulings,
            findings: findings.findings,
        };
        for (file, variant) in [
            ("rulings.yaml", &rulings.variant),
            ("findings.yaml", &findings.variant),
        ] {
            if *variant != spec.variant {
                return Err(SpecError::Reference {
                    path: dir.join(file),
                    message: format!(
                        "variant '{variant}' differs from clauses.yaml's '{}'",
                        spec.variant
                    ),
                });
            }
        }
        spec.check_references(dir)?;
        spec.check_german(dir)?;
        Ok(spec)
    }

    fn check_references(&self, dir: &Path) -> Result<(), SpecError> {
        let fail = |file: &str, message: String| SpecError::Reference {
            path: dir.join(file),
            message,
        };
        let mut seen = std::collections::BTreeSet::new();
        for id in self
            .clauses
            .iter()
            .map(|c| &c.id)
            .chain(self.rulings.iter().map(|r| &r.id))
            .chain(self.findings.iter().map(|f| &f.id))
        {
            if !seen.insert(id) {
                return Err(fail("clauses.yaml", format!("ID '{id}' is defined twice")));
            }
        }
        for clause in &self.clauses {
            for ruling in &clause.rulings {
                if self.ruling(ruling).is_none() {
                    return Err(fail(
                        "clauses.yaml",
                        format!("clause {} names unknown ruling '{ruling}'", clause.id),
                    ));
                }
            }
        }
        for ruling in &self.rulings {
            for clause in &ruling.clauses {
                if self.clause(clause).is_none() {
                    return Err(fail(
                        "rulings.yaml",
                        format!("ruling {} names unknown clause '{clause}'", ruling.id),
                    ));
                }
            }
        }
        for finding in &self.findings {
            for clause in &finding.clauses {
                if self.clause(clause).is_none() {
                    return Err(fail(
                        "findings.yaml",
                        format!("finding {} names unknown clause '{clause}'", finding.id),
                    ));
                }
            }
            for ruling in &finding.rulings {
                if self.ruling(ruling).is_none() {
                    return Err(fail(
                        "findings.yaml",
                        format!("finding {} names unknown ruling '{ruling}'", finding.id),
                    ));
                }
            }
        }
        Ok(())
    }

    /// Checks every German text there is: not empty, not the English
    /// text again, no transliterated umlaut (`Gruen` for `Grün`), and a
    /// German heading exactly where the source heading is English.
    fn check_german(&self, dir: &Path) -> Result<(), SpecError> {
        let fail = |file: &str| {
            let path = dir.join(file);
            move |message: String| SpecError::Reference {
                path: path.clone(),
                message,
            }
        };
        for clause in &self.clauses {
            let Some(de) = &clause.de else { continue };
            let id = &clause.id;
            match (&clause.heading_en, &de.heading) {
                (Some(_), Some(_)) => {
                    return Err(fail("clauses.yaml")(format!(
                        "clause {id}: `de.heading` given, but `heading` is already German \
                         (the clause has `heading_en`); expected only `de.paraphrase`"
                    )))
                }
                (None, None) => {
                    return Err(fail("clauses.yaml")(format!(
                        "clause {id}: expected `de.heading`, the German heading (`heading` \
                         is English: the clause has no `heading_en`)"
                    )))
                }
                (None, Some(heading)) => german_text(id, "de.heading", heading, &clause.heading)
                    .map_err(|error| fail("clauses.yaml")(error.to_string()))?,
                (Some(_), None) => {}
            }
            german_text(id, "de.paraphrase", &de.paraphrase, &clause.paraphrase)
                .map_err(|error| fail("clauses.yaml")(error.to_string()))?;
        }
        for ruling in &self.rulings {
            let id = &ruling.id;
            if let Some(de) = &ruling.de {
                for (field, text, english) in [
                    ("de.title", &de.title, &ruling.title),
                    ("de.default", &de.default, &ruling.default),
                    ("de.rationale", &de.rationale, &ruling.rationale),
                ] {
                    german_text(id, field, text, english)
                        .map_err(|error| fail("rulings.yaml")(error.to_string()))?;
                }
            }
            for alternative in &ruling.alternatives {
                if let Some(de) = &alternative.de {
                    let field = format!("alternative {}: de.description", alternative.key);
                    german_text(id, &field, &de.description, &alternative.description)
                        .map_err(|error| fail("rulings.yaml")(error.to_string()))?;
                }
            }
        }
        for finding in &self.findings {
            let Some(de) = &finding.de else { continue };
            for (field, text, english) in [
                ("de.title", &de.title, &finding.title),
                ("de.statement", &de.statement, &finding.statement),
                (
                    "de.recommendation",
                    &de.recommendation,
                    &finding.recommendation,
                ),
            ] {
                german_text(&finding.id, field, text, english)
                    .map_err(|error| fail("findings.yaml")(error.to_string()))?;
            }
        }
        Ok(())
    }

    /// Every text the German report shows that has no German version yet,
    /// one line each (`clauses.yaml m.1: de.paraphrase`); empty when the
    /// variant's clauses, rulings and findings are complete in German.
    pub fn missing_german(&self) -> Vec<String> {
        let mut missing = Vec::new();
        for clause in &self.clauses {
            if clause.de.is_none() {
                missing.push(format!("clauses.yaml {}: de", clause.id));
            }
        }
        for ruling in &self.rulings {
            if ruling.de.is_none() {
                missing.push(format!("rulings.yaml {}: de", ruling.id));
            }
            for alternative in &ruling.alternatives {
                if alternative.de.is_none() {
                    missing.push(format!(
                        "rulings.yaml {} alternative {}: de",
                        ruling.id, alternative.key
                    ));
                }
            }
        }
        for finding in &self.findings {
            if finding.de.is_none() {
                missing.push(format!("findings.yaml {}: de", finding.id));
            }
        }
        missing
    }

    /// The clause with this ID.
    pub fn clause(&self, id: &str) -> Option<&Clause> {
        self.clauses.iter().find(|clause| clause.id == id)
    }

    /// The ruling with this ID.
    pub fn ruling(&self, id: &str) -> Option<&Ruling> {
        self.rulings.iter().find(|ruling| ruling.id == id)
    }

    /// The finding with this ID.
    pub fn finding(&self, id: &str) -> Option<&Finding> {
        self.findings.iter().find(|finding| finding.id == id)
    }
}

/// Words that write an umlaut as two letters; German texts use the umlaut
/// (`Grün`, `König`, `Läufer`, `Züge`, `für`, `über`).
const TRANSLITERATED: [&str; 14] = [
    "Gruen", "Koenig", "Koenige", "Koenigs", "Laeufer", "Zuege", "Zuegen", "fuer", "Fuer", "ueber",
    "Ueber", "koennen", "muessen", "waehrend",
];

/// Checks one German text of entry `id`: not empty, not the English text
/// again (for more than four words), no transliterated umlaut. The message
/// names the entry and field.
fn german_text(id: &str, field: &str, text: &str, english: &str) -> Result<(), GermanTextError> {
    let at = |problem: GermanProblem| GermanTextError {
        id: id.to_string(),
        field: field.to_string(),
        problem,
    };
    if text.trim().is_empty() {
        return Err(at(GermanProblem::Empty));
    }
    // A short name may be the same in both languages ("En passant",
    // "General"); a sentence may not.
    if text.trim() == english.trim() && english.split_whitespace().count() > 4 {
        return Err(at(GermanProblem::English));
    }
    if let Some(word) = text
        .split(|c: char| !c.is_alphanumeric())
        .find(|word| TRANSLITERATED.contains(word))
    {
        return Err(at(GermanProblem::Transliterated {
            word: word.to_string(),
        }));
    }
    Ok(())
}

/// A German text of a spec entry that is not German enough.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{id}: `{field}` {problem}")]
pub struct GermanTextError {
    /// The entry's ID.
    pub id: String,
    /// The field.
    pub field: String,
    /// What is wrong.
    pub problem: GermanProblem,
}

/// What is wrong with a German text.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GermanProblem {
    /// Nothing written.
    #[error("is empty; expected the German text")]
    Empty,
    /// The English text again.
    #[error("repeats the English text; expected it in German")]
    English,
    /// An umlaut written as two letters.
    #[error("writes '{word}'; expected the umlaut (ä, ö, ü)")]
    Transliterated {
        /// The word.
        word: String,
    },
}
