//! The spec's texts in the report language: the German `de:` texts of
//! `spec/<variant>/*.yaml` and a scenario's `description_de` under
//! `--lang de`, the English ones under `--lang en`. Where a German text
//! is missing the English one is shown; [`Spec::missing_german`] and the
//! tests keep that from happening for the variants that are complete.
//!
//! [`Spec::missing_german`]: crate::spec::Spec::missing_german

use crate::scenario::format::Scenario;
use crate::spec::{Alternative, Clause, Finding, Ruling};

use super::labels::Lang;

/// Picks the German text under `de` when there is one.
fn pick<'a>(lang: Lang, english: &'a str, german: Option<&'a str>) -> &'a str {
    match (lang, german) {
        (Lang::De, Some(text)) => text,
        _ => english,
    }
}

/// A clause's paraphrase.
pub fn paraphrase(lang: Lang, clause: &Clause) -> &str {
    pick(
        lang,
        &clause.paraphrase,
        clause.de.as_ref().map(|de| de.paraphrase.as_str()),
    )
}

/// A clause's heading: the German one under `de` (the source's heading,
/// or `de.heading` where the source's is English), and under `en` the
/// source's with the English one beside it.
pub fn heading(lang: Lang, clause: &Clause) -> String {
    match lang {
        Lang::De => clause
            .de
            .as_ref()
            .and_then(|de| de.heading.clone())
            .unwrap_or_else(|| clause.heading.clone()),
        Lang::En => match &clause.heading_en {
            Some(english) if *english != clause.heading => {
                format!("{} ({english})", clause.heading)
            }
            _ => clause.heading.clone(),
        },
    }
}

/// A ruling's title.
pub fn ruling_title(lang: Lang, ruling: &Ruling) -> &str {
    pick(
        lang,
        &ruling.title,
        ruling.de.as_ref().map(|de| de.title.as_str()),
    )
}

/// What the engine does by default under a ruling.
pub fn ruling_default(lang: Lang, ruling: &Ruling) -> &str {
    pick(
        lang,
        &ruling.default,
        ruling.de.as_ref().map(|de| de.default.as_str()),
    )
}

/// Why the default.
pub fn rationale(lang: Lang, ruling: &Ruling) -> &str {
    pick(
        lang,
        &ruling.rationale,
        ruling.de.as_ref().map(|de| de.rationale.as_str()),
    )
}

/// What the engine does under an alternative.
pub fn alternative(lang: Lang, alternative: &Alternative) -> &str {
    pick(
        lang,
        &alternative.description,
        alternative.de.as_ref().map(|de| de.description.as_str()),
    )
}

/// A finding's title.
pub fn finding_title(lang: Lang, finding: &Finding) -> &str {
    pick(
        lang,
        &finding.title,
        finding.de.as_ref().map(|de| de.title.as_str()),
    )
}

/// A finding's statement.
pub fn statement(lang: Lang, finding: &Finding) -> &str {
    pick(
        lang,
        &finding.statement,
        finding.de.as_ref().map(|de| de.statement.as_str()),
    )
}

/// What the committee might do about a finding.
pub fn recommendation(lang: Lang, finding: &Finding) -> &str {
    pick(
        lang,
        &finding.recommendation,
        finding.de.as_ref().map(|de| de.recommendation.as_str()),
    )
}

/// A scenario's one-line description.
pub fn description(lang: Lang, scenario: &Scenario) -> &str {
    pick(
        lang,
        &scenario.description,
        scenario.description_de.as_deref(),
    )
}

/// English function words that are not also German words ("in", "an",
/// "was", "also" and the side letter "a" are left out).
pub const ENGLISH_FUNCTION_WORDS: &[&str] = &[
    "the", "of", "and", "to", "is", "are", "be", "been", "it", "its", "by", "with", "for", "from",
    "that", "this", "which", "not", "or", "on", "at", "as", "into", "than", "then", "there",
    "their", "they", "them", "these", "those", "has", "have", "had", "does", "do", "if", "when",
    "where", "who", "whose", "what", "may", "can", "must", "only", "each", "every", "any", "after",
    "before", "under", "over", "other", "but", "would", "could", "should",
];

/// German function words.
pub const GERMAN_FUNCTION_WORDS: &[&str] = &[
    "der", "die", "das", "den", "dem", "des", "und", "zu", "ist", "sind", "ein", "eine", "einen",
    "einem", "einer", "eines", "nicht", "oder", "auf", "mit", "von", "für", "aus", "bei", "nach",
    "vor", "über", "unter", "wird", "werden", "kann", "darf", "muss", "nur", "jede", "jeder",
    "jedes", "sich", "als", "wenn", "dass", "wie", "auch", "noch", "schon", "keine", "kein",
    "seine", "ihre", "sein", "ihr", "im", "am", "zum", "zur", "vom", "beim", "dieser", "diese",
    "dieses",
];

/// How many English and German function words a page's visible prose
/// holds: what `--lang de` is measured by (its English share must stay
/// under 3 %, tests/harness/render.rs and .ci/report-check.py).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct WordCount {
    /// English function words.
    pub english: usize,
    /// German function words.
    pub german: usize,
}

impl WordCount {
    /// The English share in percent (0 when the page has neither).
    pub fn english_percent(self) -> f64 {
        let total = self.english + self.german;
        if total == 0 {
            0.0
        } else {
            self.english as f64 * 100.0 / total as f64
        }
    }
}

impl std::ops::Add for WordCount {
    type Output = WordCount;

    /// Both counts added.
    fn add(self, other: WordCount) -> WordCount {
        WordCount {
            english: self.english + other.english,
            german: self.german + other.german,
        }
    }
}

/// Counts the function words of an HTML page's visible prose: tags,
/// `<code>`, `<pre>`, `<script>`, `<style>` and `<svg>` contents and
/// identifiers (words joined by `-`, `.`, `=` or `_`, such as scenario
/// IDs and ruling keys) are left out.
pub fn count_function_words(html: &str) -> WordCount {
    let mut text = String::new();
    let mut rest = html;
    'outer: while let Some(open) = rest.find('<') {
        text.push_str(&rest[..open]);
        text.push(' ');
        rest = &rest[open..];
        for skipped in ["code", "pre", "script", "style", "svg", "title"] {
            let tag = format!("<{skipped}");
            if rest.starts_with(&tag)
                && rest[tag.len()..].starts_with(|c: char| c == '>' || c.is_whitespace())
            {
                let close = format!("</{skipped}>");
                match rest.find(&close) {
                    Some(end) => {
                        rest = &rest[end + close.len()..];
                        continue 'outer;
                    }
                    None => break 'outer,
                }
            }
        }
        match rest.find('>') {
            Some(end) => rest = &rest[end + 1..],
            None => break,
        }
    }
    text.push_str(rest);
    let mut count = WordCount::default();
    for token in text.split(|c: char| !(c.is_alphanumeric() || "-.=_'&;".contains(c))) {
        let word = token.trim_end_matches(['.', ';']).to_lowercase();
        if word.contains(['-', '.', '=', '_', '&']) {
            continue;
        }
        if ENGLISH_FUNCTION_WORDS.contains(&word.as_str()) {
            count.english += 1;
        } else if GERMAN_FUNCTION_WORDS.contains(&word.as_str()) {
            count.german += 1;
        }
    }
    count
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn function_words_are_counted_in_prose_only() {
        let html = "<p>Der König und die Dame of the board</p><code>the the the</code>\
                    <a>m.1-from-the-start</a><svg><text>the</text></svg>";
        let count = count_function_words(html);
        assert_eq!(
            count,
            WordCount {
                english: 2,
                german: 3
            }
        );
        assert!((count.english_percent() - 40.0).abs() < 1e-9);
    }
}
