//! The misreading catalogue of `spec/<variant>/misreadings.yaml`: each
//! misreading with the sentence it comes `from` and its `kind`, the
//! sentences of the text and the misreadings rejected with a reason
//! (format: `spec/README.md`).

use std::path::Path;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::{german_text, read_yaml, SpecError};

/// How a misreading turns the text it misreads (issue 37's method).
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize, JsonSchema,
)]
#[serde(rename_all = "kebab-case")]
pub enum MisreadingKind {
    /// The sentence negated.
    Negation,
    /// A condition of the sentence ("unless", "only if") dropped.
    DroppedCondition,
    /// A number of the sentence slipped (+-1, a round number, the parent
    /// game's value).
    Number,
    /// A direction or orientation turned.
    Direction,
    /// An asymmetric rule made symmetric, or the other way round.
    Symmetry,
    /// Applied to the wrong party, piece, colour, square or moment.
    WrongTarget,
    /// The parent game's rule carried over where this game differs.
    ParentRule,
}

impl MisreadingKind {
    /// Every kind, in the order of the method.
    pub const ALL: [MisreadingKind; 7] = [
        MisreadingKind::Negation,
        MisreadingKind::DroppedCondition,
        MisreadingKind::Number,
        MisreadingKind::Direction,
        MisreadingKind::Symmetry,
        MisreadingKind::WrongTarget,
        MisreadingKind::ParentRule,
    ];

    /// The name as written in `misreadings.yaml`.
    pub fn name(self) -> &'static str {
        match self {
            MisreadingKind::Negation => "negation",
            MisreadingKind::DroppedCondition => "dropped-condition",
            MisreadingKind::Number => "number",
            MisreadingKind::Direction => "direction",
            MisreadingKind::Symmetry => "symmetry",
            MisreadingKind::WrongTarget => "wrong-target",
            MisreadingKind::ParentRule => "parent-rule",
        }
    }
}

/// One sentence of a rule text (or of a rulings page) that the
/// misreadings were derived from.
#[derive(Clone, Debug, Deserialize, Serialize, PartialEq, Eq, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Sentence {
    /// `<clause or ruling ID>/<n>`: the n-th sentence (from 1) of that
    /// clause of the text or of that ruling's entry on the rulings page.
    pub at: String,
    /// What it says, in the project's own words.
    pub says: String,
    /// The ruling alternatives (`ID=key`) that read this sentence another
    /// way: misreadings too, from the default's side, played and counted
    /// by `rulings audit` rather than as faults.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub alternatives: Vec<String>,
}

impl Sentence {
    /// The clause or ruling ID of [`Sentence::at`].
    pub fn source(&self) -> &str {
        self.at
            .rsplit_once('/')
            .map_or(self.at.as_str(), |(id, _)| id)
    }
}

/// One entry of `misreadings.yaml`: a plausible wrong reading of the
/// rulebook, played by the reference engine as a deliberate fault.
#[derive(Clone, Debug, Deserialize, Serialize, PartialEq, Eq, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MisreadingEntry {
    /// `M-...` (`G-`, `RK-`, `TK-`, `SC-`), the ID of the engine's fault.
    pub id: String,
    /// The clauses it misreads.
    pub clauses: Vec<String>,
    /// The sentence it misreads ([`Sentence::at`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub from: Option<String>,
    /// How it misreads it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub kind: Option<MisreadingKind>,
    /// For a second coding (ID `<FIRST-ID>.2`): the ID of the misreading
    /// whose wrong reading it codes again, written independently of the
    /// first coding. A fault like any other, held to the same bar;
    /// `rulings misreadings` shows the codings of one reading together.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub coding_of: Option<String>,
    /// One line: what the wrong engine does.
    pub wrong: String,
    /// The same text in German.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub de: Option<MisreadingDe>,
    /// The finding that argues no scenario can catch it in play (what it
    /// changes never reaches a move's legality, the next mover or the
    /// result): it is then held to the bar of catches in total, not in
    /// play (`rulings misreadings`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub not_in_play: Option<String>,
    /// Why every catch in play sits in one frame by the misreading's
    /// nature (issue 47): it is then held to [`MIN_IN_PLAY`] catches in
    /// play in that one frame instead of two frames, and a catch in a
    /// second frame makes the exemption stale (a failing test).
    ///
    /// [`MIN_IN_PLAY`]: crate::scenario::coverage::MIN_IN_PLAY
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub one_frame: Option<OneFrame>,
    /// For a second coding: why it may fail exactly the steps of the
    /// scenarios its first coding fails (issue 47; without it, such a
    /// coding fails `tests/harness/misreadings.rs`, as it adds nothing the
    /// first does not).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub same_catches: Option<SameCatches>,
}

/// Why a second coding is caught on exactly the steps its first coding
/// is caught on.
#[derive(Clone, Debug, Deserialize, Serialize, PartialEq, Eq, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SameCatches {
    /// One line: why the suite cannot tell the two codings apart.
    pub reason: String,
    /// The reason in German.
    pub de: ReasonDe,
}

/// A misreading's exemption from the second frame of issue 47's bar: the
/// one frame its catches can sit in, and why no other can hold one.
#[derive(Clone, Debug, Deserialize, Serialize, PartialEq, Eq, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct OneFrame {
    /// The frame (an `id` of `frames` in `spec/<variant>/frames.yaml`)
    /// every catch in play sits in.
    pub frame: String,
    /// One line: why no catch can sit in another frame.
    pub reason: String,
    /// The reason in German.
    pub de: ReasonDe,
}

/// The German text of a reason ([`OneFrame`], [`SameCatches`]).
#[derive(Clone, Debug, Deserialize, Serialize, PartialEq, Eq, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ReasonDe {
    /// One line: the reason, in German.
    pub reason: String,
}

/// A misreading's text in German.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MisreadingDe {
    /// One line: what the wrong engine does, in German.
    pub wrong: String,
}

/// A misreading considered and not built, with why.
#[derive(Clone, Debug, Deserialize, Serialize, PartialEq, Eq, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RejectedMisreading {
    /// The sentence it would misread ([`Sentence::at`]).
    pub from: String,
    /// How it would misread it.
    pub kind: MisreadingKind,
    /// One line: the misreading.
    pub misreading: String,
    /// One line: why it is not plausible (or not a distinct engine).
    pub reason: String,
    /// One line: where the reason is a claim about geometry or
    /// reachability ("no cell would ...", "cannot happen"), the search over
    /// positions that checked it with the engine and its answer; where the
    /// claim failed, the misreading is built and named here.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub search: Option<String>,
}

/// The words that mark a rejection's reason as a claim about geometry or
/// reachability, which a search over positions must check
/// ([`RejectedMisreading::search`]).
pub const GEOMETRY_CLAIMS: &[&str] = &[
    "no cell",
    "no square",
    "no point",
    "cannot happen",
    "cannot arise",
    "can never",
    "never arise",
    "never happen",
    "never reach",
    "cannot reach",
    "no position",
    "unreachable",
    "no legal position",
    "never stands",
    "cannot stand",
    "no piece can",
    "impossible",
];

impl RejectedMisreading {
    /// Whether the reason is a claim about geometry or reachability
    /// ([`GEOMETRY_CLAIMS`]).
    pub fn claims_geometry(&self) -> bool {
        let reason = self.reason.to_lowercase();
        GEOMETRY_CLAIMS.iter().any(|claim| reason.contains(claim))
    }
}

/// The whole of `misreadings.yaml`: the sentences walked, the misreadings
/// kept (built as faults) and the ones rejected.
#[derive(Clone, Debug, Default, Deserialize, Serialize, PartialEq, Eq, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MisreadingCatalogue {
    /// The variant's name.
    pub variant: String,
    /// The sentences of the text and of the rulings page, in order.
    #[serde(default)]
    pub sentences: Vec<Sentence>,
    /// The misreadings kept, in the engine's order.
    pub misreadings: Vec<MisreadingEntry>,
    /// The misreadings rejected.
    #[serde(default)]
    pub rejected: Vec<RejectedMisreading>,
}

/// Splits a misreading ID into its first coding's ID and the coding's
/// number: `M-X.2` is `("M-X", 2)`, `M-X` is `("M-X", 1)`.
pub fn coding_parts(id: &str) -> (&str, u32) {
    match id.rsplit_once('.') {
        Some((first, n)) if !first.is_empty() => match n.parse::<u32>() {
            Ok(n) if n >= 2 => (first, n),
            _ => (id, 1),
        },
        _ => (id, 1),
    }
}

impl MisreadingCatalogue {
    /// The codings of the wrong reading `first` (a first coding's ID), in
    /// catalogue order: the first coding itself, then its second codings.
    pub fn codings(&self, first: &str) -> Vec<&MisreadingEntry> {
        self.misreadings
            .iter()
            .filter(|e| e.id == first || e.coding_of.as_deref() == Some(first))
            .collect()
    }

    /// The first codings (entries without `coding_of`), in catalogue order.
    pub fn first_codings(&self) -> impl Iterator<Item = &MisreadingEntry> {
        self.misreadings.iter().filter(|e| e.coding_of.is_none())
    }

    /// The entry of `id`.
    pub fn entry(&self, id: &str) -> Option<&MisreadingEntry> {
        self.misreadings.iter().find(|e| e.id == id)
    }

    /// The sentences that no kept and no rejected misreading names in
    /// `from` and that list no ruling alternative: the gaps of the
    /// derivation.
    pub fn uncovered(&self) -> Vec<&Sentence> {
        self.sentences
            .iter()
            .filter(|sentence| {
                sentence.alternatives.is_empty()
                    && !self
                        .misreadings
                        .iter()
                        .any(|entry| entry.from.as_deref() == Some(sentence.at.as_str()))
                    && !self.rejected.iter().any(|r| r.from == sentence.at)
            })
            .collect()
    }

    /// The coverage table of the catalogue as Markdown
    /// (`docs/misreadings/<variant>.md`): per sentence the misreadings
    /// kept and the number rejected, then the rejected ones with their
    /// reasons, and the kept ones not yet traced to a sentence.
    pub fn coverage_markdown(&self, title: &str) -> String {
        let cell = |text: &str| text.replace('|', "\\|");
        let traced = self.misreadings.iter().filter(|e| e.from.is_some()).count();
        let alternatives: usize = self.sentences.iter().map(|s| s.alternatives.len()).sum();
        let mut out = format!(
            "# {title}: misreadings by sentence\n\n\
             Generated from `spec/{variant}/misreadings.yaml` by \
             `regelwerk rulings misreadings --variant {variant} --coverage --write`; \
             do not edit by hand (tests/harness/misreadings.rs checks it). Each sentence \
             of the rule text and of the rulings page, the misreadings of it \
             built as engine faults (kept), the ruling alternatives that read it \
             another way (in backticks, counted by `rulings audit`) and those \
             considered and rejected (docs/testing.md, \"Misreadings\").\n\n\
             {} sentences, {} misreadings kept ({traced} traced to a sentence), \
             {alternatives} ruling alternatives on sentences, \
             {} rejected, {} sentences without an entry.\n\n\
             | sentence | says | kept | rejected |\n|---|---|---|---|\n",
            self.sentences.len(),
            self.misreadings.len(),
            self.rejected.len(),
            self.uncovered().len(),
            variant = self.variant,
        );
        for sentence in &self.sentences {
            let kept: Vec<String> = self
                .misreadings
                .iter()
                .filter(|e| e.from.as_deref() == Some(sentence.at.as_str()))
                .map(|e| {
                    let kind = e.kind.map_or("?", MisreadingKind::name);
                    format!("{} ({kind})", e.id)
                })
                .chain(sentence.alternatives.iter().map(|a| format!("`{a}`")))
                .collect();
            let rejected = self
                .rejected
                .iter()
                .filter(|r| r.from == sentence.at)
                .count();
            out.push_str(&format!(
                "| {} | {} | {} | {rejected} |\n",
                sentence.at,
                cell(&sentence.says),
                if kept.is_empty() {
                    "-".to_string()
                } else {
                    kept.join(", ")
                }
            ));
        }
        out.push_str("\n## Kinds\n\n| kind | kept | rejected |\n|---|---|---|\n");
        for kind in MisreadingKind::ALL {
            let kept = self
                .misreadings
                .iter()
                .filter(|e| e.kind == Some(kind))
                .count();
            let rejected = self.rejected.iter().filter(|r| r.kind == kind).count();
            out.push_str(&format!("| {} | {kept} | {rejected} |\n", kind.name()));
        }
        out.push_str("\n## Rejected\n\n");
        if self.rejected.is_empty() {
            out.push_str("None.\n");
        } else {
            out.push_str("| from | kind | misreading | why not |\n|---|---|---|---|\n");
            for r in &self.rejected {
                out.push_str(&format!(
                    "| {} | {} | {} | {} |\n",
                    r.from,
                    r.kind.name(),
                    cell(&r.misreading),
                    cell(&r.reason)
                ));
            }
        }
        let untraced: Vec<&str> = self
            .misreadings
            .iter()
            .filter(|e| e.from.is_none() || e.kind.is_none())
            .map(|e| e.id.as_str())
            .collect();
        if !untraced.is_empty() {
            out.push_str(&format!(
                "\n## Not yet traced to a sentence\n\n{}\n",
                untraced.join(", ")
            ));
        }
        out
    }
}

/// Loads `misreadings.yaml` from `dir`, the spec folder of `variant`:
/// its `variant:` must name `variant`, every ID must carry the variant's
/// prefix (`M-`, `G-`, `RK-`, `TK-`, `SC-`), appear once and name at least
/// one clause.
///
/// # Errors
/// [`SpecError`] when the file is missing, malformed, names another
/// variant or breaks one of those rules.
pub fn load_misreadings(
    dir: &Path,
    variant: crate::variant::VariantId,
) -> Result<Vec<MisreadingEntry>, SpecError> {
    load_misreading_catalogue(dir, variant).map(|catalogue| catalogue.misreadings)
}

/// Loads the whole `misreadings.yaml` from `dir`, checked as
/// [`load_misreadings`] does and further: every sentence's `at` is
/// `<ID>/<n>` with `n` from 1 and appears once; every `from` (of a kept or
/// a rejected misreading) names a listed sentence; `wrong`, `misreading`
/// and `reason` are one non-empty line.
///
/// # Errors
/// [`SpecError`] naming the file and the entry.
pub fn load_misreading_catalogue(
    dir: &Path,
    variant: crate::variant::VariantId,
) -> Result<MisreadingCatalogue, SpecError> {
    let path = dir.join("misreadings.yaml");
    let file: MisreadingCatalogue = read_yaml(&path)?;
    let fail = |message: String| SpecError::Reference {
        path: path.clone(),
        message,
    };
    if file.variant != variant.name() {
        return Err(fail(format!(
            "variant '{}': expected '{variant}' (the file is spec/{variant}/misreadings.yaml)",
            file.variant
        )));
    }
    let one_line = |text: &str| !text.trim().is_empty() && !text.contains('\n');
    let mut sentences = std::collections::BTreeSet::new();
    for sentence in &file.sentences {
        let number = sentence.at.rsplit_once('/').map(|(_, n)| n.parse::<u32>());
        if !matches!(number, Some(Ok(n)) if n >= 1) || sentence.source().is_empty() {
            return Err(fail(format!(
                "sentence '{}': expected `at: <clause or ruling ID>/<n>` with n from 1",
                sentence.at
            )));
        }
        if !sentences.insert(sentence.at.as_str()) {
            return Err(fail(format!("sentence '{}' is listed twice", sentence.at)));
        }
        if !one_line(&sentence.says) {
            return Err(fail(format!(
                "sentence '{}': expected `says` on one non-empty line",
                sentence.at
            )));
        }
        for alternative in &sentence.alternatives {
            let well_formed = alternative.split_once('=').is_some_and(|(id, key)| {
                !id.is_empty() && !key.is_empty() && key != "default" && !key.contains('=')
            });
            if !well_formed {
                return Err(fail(format!(
                    "sentence '{}': alternative '{alternative}': expected `ID=key` with a key other than default",
                    sentence.at
                )));
            }
        }
    }
    let known = |from: &str, what: &str| {
        if sentences.contains(from) {
            Ok(())
        } else {
            Err(fail(format!(
                "{what}: `from: {from}` names no sentence of `sentences` (expected one of their `at`)"
            )))
        }
    };
    let prefix = crate::variant::faults::prefix(variant);
    let mut seen = std::collections::BTreeSet::new();
    for entry in &file.misreadings {
        if !entry.id.starts_with(prefix) {
            return Err(fail(format!(
                "misreading '{}': expected an ID starting with {prefix}",
                entry.id
            )));
        }
        if !seen.insert(entry.id.as_str()) {
            return Err(fail(format!("misreading '{}' is listed twice", entry.id)));
        }
        if entry.clauses.is_empty() {
            return Err(fail(format!(
                "misreading '{}': expected at least one clause in `clauses`",
                entry.id
            )));
        }
        if !one_line(&entry.wrong) {
            return Err(fail(format!(
                "misreading '{}': expected `wrong` on one non-empty line",
                entry.id
            )));
        }
        if let Some(from) = &entry.from {
            known(from, &format!("misreading '{}'", entry.id))?;
        }
        if let Some(de) = &entry.de {
            german_text(&entry.id, "de.wrong", &de.wrong, &entry.wrong)
                .map_err(|error| fail(error.to_string()))?;
        }
        if let Some(same) = &entry.same_catches {
            check_same_catches(entry, same).map_err(|message| {
                fail(format!(
                    "misreading '{}': `same_catches`: {message}",
                    entry.id
                ))
            })?;
        }
        if let Some(one) = &entry.one_frame {
            check_one_frame(entry, one).map_err(|message| {
                fail(format!("misreading '{}': `one_frame`: {message}", entry.id))
            })?;
        }
    }
    for entry in &file.misreadings {
        check_coding(&file, entry)
            .map_err(|message| fail(format!("misreading '{}': {message}", entry.id)))?;
    }
    for (index, rejected) in file.rejected.iter().enumerate() {
        let what = format!("rejected entry {} ({})", index + 1, rejected.from);
        known(&rejected.from, &what)?;
        if !one_line(&rejected.misreading) || !one_line(&rejected.reason) {
            return Err(fail(format!(
                "{what}: expected `misreading` and `reason` each on one non-empty line"
            )));
        }
        if rejected.search.as_deref().is_some_and(|s| !one_line(s)) {
            return Err(fail(format!(
                "{what}: expected `search` on one non-empty line"
            )));
        }
    }
    Ok(file)
}

/// Checks a [`OneFrame`] exemption: a frame named, a reason in English
/// and in German, each on one non-empty line, and no `not_in_play` beside
/// it (a misreading held to the bar in total has no frames to count).
fn check_one_frame(entry: &MisreadingEntry, one: &OneFrame) -> Result<(), String> {
    let one_line = |text: &str| !text.trim().is_empty() && !text.contains('\n');
    if !one_line(&one.frame) || one.frame.contains(char::is_whitespace) {
        return Err(format!(
            "frame '{}': expected the id of one frame of frames.yaml",
            one.frame
        ));
    }
    if !one_line(&one.reason) {
        return Err(
            "expected `reason` on one non-empty line: why every catch sits in that frame"
                .to_string(),
        );
    }
    if !one_line(&one.de.reason) {
        return Err("expected `de.reason` on one non-empty line: the reason in German".to_string());
    }
    german_text(
        &entry.id,
        "one_frame.de.reason",
        &one.de.reason,
        &one.reason,
    )
    .map_err(|error| error.to_string())?;
    if entry.not_in_play.is_some() {
        return Err(
            "beside `not_in_play`: a misreading held to the bar in total has no frames to count"
                .to_string(),
        );
    }
    Ok(())
}

/// Checks a [`SameCatches`] reason: on a second coding only, in English
/// and in German, each on one non-empty line.
fn check_same_catches(entry: &MisreadingEntry, same: &SameCatches) -> Result<(), String> {
    let one_line = |text: &str| !text.trim().is_empty() && !text.contains('\n');
    if entry.coding_of.is_none() {
        return Err(
            "on a first coding: only a second coding (`coding_of`) is compared with its first"
                .to_string(),
        );
    }
    if !one_line(&same.reason) || !one_line(&same.de.reason) {
        return Err("expected `reason` and `de.reason` each on one non-empty line".to_string());
    }
    german_text(
        &entry.id,
        "same_catches.de.reason",
        &same.de.reason,
        &same.reason,
    )
    .map_err(|error| error.to_string())
}

/// Checks a misreading's place among the codings: an ID `<FIRST>.<n>`
/// (n from 2) is a further coding and names `coding_of: <FIRST>`, an
/// existing first coding of the same file; an entry with `coding_of`
/// has such an ID.
fn check_coding(file: &MisreadingCatalogue, entry: &MisreadingEntry) -> Result<(), String> {
    let (first, n) = coding_parts(&entry.id);
    match (&entry.coding_of, n) {
        (None, 1) => Ok(()),
        (None, n) => Err(format!(
            "the ID reads as coding {n} of {first}: expected `coding_of: {first}`"
        )),
        (Some(of), 1) => Err(format!(
            "`coding_of: {of}`: expected the ID `{of}.2` (a further coding is named `<FIRST-ID>.<n>`, n from 2)"
        )),
        (Some(of), _) if of != first => Err(format!(
            "`coding_of: {of}`: expected `coding_of: {first}`, the first coding its ID names"
        )),
        (Some(of), _) => match file.entry(of) {
            None => Err(format!(
                "`coding_of: {of}` names no misreading of spec/{}/misreadings.yaml",
                file.variant
            )),
            Some(base) if base.coding_of.is_some() => Err(format!(
                "`coding_of: {of}` names a further coding; expected the first coding"
            )),
            Some(_) => Ok(()),
        },
    }
}

/// The misreadings of a variant that have no German text yet, one line
/// each (`misreadings.yaml M-...: de`).
pub fn misreadings_missing_german(entries: &[MisreadingEntry]) -> Vec<String> {
    entries
        .iter()
        .filter(|entry| entry.de.is_none())
        .map(|entry| format!("misreadings.yaml {}: de", entry.id))
        .collect()
}
