//! The feedback report (`rueckmeldung.html`): the committee's own question
//! ("what is understood at once, and where does the rulebook need an
//! example, a figure or a clearer wording?") answered clause by clause
//! from the project's data, each verdict with the evidence it rests on.
//!
//! The verdicts ([`judge`]) are data: a clause needs
//! - a **clearer wording** when findings name it;
//! - an **example** when the misreading catalogue holds at least
//!   [`MANY_MISREADINGS`] wrong readings of it, an outside implementation
//!   differed on one of its findings ([`crate::variant::VariantInfo::known_differences`]),
//!   or its scenarios had to set a ruling (`ruleset:`); the suite's
//!   clearest scenario of the clause is proposed;
//! - a **figure** when its text describes geometry in words
//!   ([`GEOMETRY`]) and the engine draws a figure of it;
//! - nothing (**understood at once**) otherwise, with its scenario count.

use std::fmt::Write as _;

use crate::draw::escape;
use crate::scenario::Loaded;
use crate::spec::{Clause, Spec};
use crate::variant::VariantId;

use super::labels::Lang;
use super::site::{clause_page, slug, Page, Site};
use super::texts;

/// The file of the feedback report in a variant's folder.
pub const PAGE: &str = "rueckmeldung.html";

/// From this many misreadings of a clause on, an example is proposed.
pub const MANY_MISREADINGS: usize = 2;

/// Words of a clause's text (English and German) that describe geometry:
/// lines, notches, zones, the hexagram and its sides, the palace and the
/// river.
pub const GEOMETRY: &[&str] = &[
    "line",
    "lines",
    "notch",
    "notches",
    "zone",
    "zones",
    "triangle",
    "triangles",
    "diagonal",
    "diagonals",
    "hexagram",
    "star",
    "braid",
    "ring",
    "rings",
    "river",
    "palace",
    "fork",
    "Linie",
    "Linien",
    "Kerbe",
    "Kerben",
    "Zone",
    "Dreieck",
    "Dreiecke",
    "Diagonale",
    "Diagonalen",
    "Hexagramm",
    "Stern",
    "Zopfmuster",
    "Ring",
    "Ringe",
    "Fluss",
    "Palast",
];

/// The geometry words in both languages, for showing the words found in
/// the page's language.
const GEOMETRY_PAIRS: &[(&str, &str)] = &[
    ("line", "Linie"),
    ("lines", "Linien"),
    ("notch", "Kerbe"),
    ("notches", "Kerben"),
    ("zone", "Zone"),
    ("zones", "Zonen"),
    ("triangle", "Dreieck"),
    ("triangles", "Dreiecke"),
    ("diagonal", "Diagonale"),
    ("diagonals", "Diagonalen"),
    ("hexagram", "Hexagramm"),
    ("star", "Stern"),
    ("braid", "Zopfmuster"),
    ("ring", "Ring"),
    ("rings", "Ringe"),
    ("river", "Fluss"),
    ("palace", "Palast"),
    ("fork", "Gabelung"),
];

/// The geometry words found, each in the page's language, once.
fn geometry_in(lang: Lang, words: &[String]) -> Vec<String> {
    let mut out: Vec<String> = words
        .iter()
        .map(|word| {
            GEOMETRY_PAIRS
                .iter()
                .find(|(en, de)| en == word || de == word)
                .map_or(word.as_str(), |(en, de)| match lang {
                    Lang::En => en,
                    Lang::De => de,
                })
                .to_string()
        })
        .collect();
    out.sort();
    out.dedup();
    out
}

/// What a clause needs, with the evidence.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Findings name the clause (their IDs).
    Wording {
        /// The findings.
        findings: Vec<String>,
    },
    /// An example would help; the scenario proposed as the example.
    Example {
        /// Misreadings of the clause in the catalogue (IDs).
        misreadings: Vec<String>,
        /// Findings of the clause on which outside implementations
        /// differed.
        differences: Vec<String>,
        /// Scenarios of the clause that pin a ruling (IDs).
        pinned: Vec<String>,
        /// The suite's clearest scenario of the clause.
        proposed: String,
    },
    /// A figure would help: the geometry words and the engine's figure.
    Figure {
        /// The geometry words of the clause's text.
        words: Vec<String>,
        /// The file of the engine's figure (under `figures/`).
        figure: String,
        /// Its caption.
        caption: String,
    },
    /// Understood at once: none of the above.
    Clear {
        /// Its scenarios.
        scenarios: usize,
    },
}

/// A clause and its verdicts (at least one).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Judged {
    /// The clause ID.
    pub clause: String,
    /// The verdicts, in the order wording, example, figure; or the one
    /// "understood at once".
    pub verdicts: Vec<Verdict>,
}

/// A figure of the engine: its file and caption.
pub type FigureRef = (String, String);

/// The scenarios of `clause` (naming it exactly).
fn cases_of<'a>(cases: &'a [Loaded], clause: &str) -> Vec<&'a Loaded> {
    cases
        .iter()
        .filter(|c| c.scenario.clauses.iter().any(|id| id == clause))
        .collect()
}

/// The clearest scenario of a set: one whose first move is drawn, then
/// the fewest steps, the shortest description, the ID.
fn clearest<'a>(cases: &[&'a Loaded]) -> Option<&'a Loaded> {
    cases
        .iter()
        .min_by_key(|c| {
            (
                super::diagram::first_move(c).is_none(),
                c.scenario.steps.len(),
                c.scenario.description.len(),
                c.scenario.id.clone(),
            )
        })
        .copied()
}

/// The geometry words of a clause's texts.
fn geometry_words(clause: &Clause) -> Vec<String> {
    let mut text = clause.paraphrase.clone();
    if let Some(de) = &clause.de {
        text.push(' ');
        text.push_str(&de.paraphrase);
    }
    let mut found: Vec<String> = text
        .split(|c: char| !c.is_alphanumeric())
        .filter(|word| GEOMETRY.contains(word))
        .map(str::to_string)
        .collect();
    found.sort();
    found.dedup();
    found
}

/// The engine's figure of a clause: one whose caption names the clause
/// (its number after the prefix, `6.3:`; `tk.T5`), one of its rulings,
/// or a piece kind its heading names.
fn figure_of(variant: VariantId, clause: &Clause, figures: &[FigureRef]) -> Option<FigureRef> {
    let info = crate::variant::info(variant);
    let number = clause
        .id
        .strip_prefix(info.clause_prefix)
        .unwrap_or(&clause.id);
    let names_clause = |caption: &str| {
        caption.contains(&format!("({})", clause.id))
            || caption.starts_with(&format!("{number}:"))
            || caption.starts_with(&format!("{number},"))
            || caption.contains(&format!("Clause {number} "))
    };
    let names_ruling = |caption: &str| {
        clause.rulings.iter().any(|ruling| {
            caption.contains(&format!("{ruling})"))
                || caption.starts_with(&format!("{ruling}:"))
                || caption.contains(&format!("{ruling},"))
        })
    };
    let heading = format!(
        "{} {}",
        clause.heading_en.as_deref().unwrap_or_default(),
        clause.heading
    )
    .to_lowercase();
    let names_kind = |file: &str| {
        let kind = file.trim_end_matches(".svg");
        info.kinds.contains(&kind)
            && crate::variant::piece_names::find(info.pieces, kind).is_some_and(|names| {
                heading.contains(&names.en.name.to_lowercase())
                    || heading.contains(&names.de.name.to_lowercase())
            })
    };
    figures
        .iter()
        .find(|(_, caption)| names_clause(caption))
        .or_else(|| figures.iter().find(|(_, caption)| names_ruling(caption)))
        .or_else(|| figures.iter().find(|(file, _)| names_kind(file)))
        .cloned()
}

/// The verdicts of every clause of `spec`, from the suite `cases`, the
/// misreading catalogue and the known differences of `variant`, and the
/// engine's `figures`.
pub fn judge(
    variant: VariantId,
    spec: &Spec,
    cases: &[Loaded],
    figures: &[FigureRef],
) -> Vec<Judged> {
    let info = crate::variant::info(variant);
    let catalogue = (info.misreadings.catalogue)();
    spec.clauses
        .iter()
        .map(|clause| {
            let id = clause.id.as_str();
            let mut verdicts = Vec::new();
            let findings: Vec<String> = spec
                .findings
                .iter()
                .filter(|f| f.clauses.iter().any(|c| c == id))
                .map(|f| f.id.clone())
                .collect();
            if !findings.is_empty() {
                verdicts.push(Verdict::Wording {
                    findings: findings.clone(),
                });
            }
            let own = cases_of(cases, id);
            let misreadings: Vec<String> = catalogue
                .iter()
                .filter(|(_, clauses)| clauses.contains(&id))
                .map(|(m, _)| (*m).to_string())
                .collect();
            let mut differences: Vec<String> = info
                .known_differences
                .iter()
                .map(|d| d.finding.to_string())
                .filter(|f| findings.contains(f))
                .collect();
            differences.sort();
            differences.dedup();
            let pinned: Vec<String> = own
                .iter()
                .filter(|c| !c.scenario.ruleset.is_empty())
                .map(|c| c.scenario.id.clone())
                .collect();
            let wanted = misreadings.len() >= MANY_MISREADINGS
                || !differences.is_empty()
                || !pinned.is_empty();
            if wanted {
                // The example proposed: the clearest of the scenarios that
                // pin a ruling, else of all the clause's scenarios.
                let pinned_cases: Vec<&Loaded> = own
                    .iter()
                    .copied()
                    .filter(|c| !c.scenario.ruleset.is_empty())
                    .collect();
                let proposed = clearest(&pinned_cases).or_else(|| clearest(&own));
                if let Some(proposed) = proposed {
                    verdicts.push(Verdict::Example {
                        misreadings: if misreadings.len() >= MANY_MISREADINGS {
                            misreadings
                        } else {
                            Vec::new()
                        },
                        differences,
                        pinned,
                        proposed: proposed.scenario.id.clone(),
                    });
                }
            }
            let words = geometry_words(clause);
            if !words.is_empty() {
                if let Some((figure, caption)) = figure_of(variant, clause, figures) {
                    verdicts.push(Verdict::Figure {
                        words,
                        figure,
                        caption,
                    });
                }
            }
            if verdicts.is_empty() {
                verdicts.push(Verdict::Clear {
                    scenarios: own.len(),
                });
            }
            Judged {
                clause: clause.id.clone(),
                verdicts,
            }
        })
        .collect()
}

/// The verdict's name on the page.
pub fn verdict_name(lang: Lang, verdict: &Verdict) -> &'static str {
    match (lang, verdict) {
        (Lang::De, Verdict::Wording { .. }) => "eindeutigere Formulierung",
        (Lang::De, Verdict::Example { .. }) => "Beispiel",
        (Lang::De, Verdict::Figure { .. }) => "Grafik",
        (Lang::De, Verdict::Clear { .. }) => "sofort verständlich",
        (Lang::En, Verdict::Wording { .. }) => "clearer wording",
        (Lang::En, Verdict::Example { .. }) => "example",
        (Lang::En, Verdict::Figure { .. }) => "figure",
        (Lang::En, Verdict::Clear { .. }) => "understood at once",
    }
}

fn t(lang: Lang, en: &'static str, de: &'static str) -> &'static str {
    match lang {
        Lang::De => de,
        Lang::En => en,
    }
}

/// The rules of the verdicts, one paragraph.
fn rules_paragraph(lang: Lang) -> String {
    match lang {
        Lang::De => format!(
            "Jede Regel wird nach denselben vier Maßstäben beurteilt, allein aus den Daten des Projekts. \
             <b>Eindeutigere Formulierung</b>: Zu der Regel gibt es einen Befund, also eine Stelle, an der \
             sich der Text auf mehr als eine Weise lesen lässt; gezeigt werden die Frage an die Kommission \
             und beide Lesarten mit dem Diagramm. <b>Beispiel</b>: Der Katalog der Fehllesarten enthält \
             mindestens {MANY_MISREADINGS} plausible Fehllesarten der Regel, eine fremde Umsetzung ist bei \
             einem ihrer Befunde abgewichen, oder Szenarien der Regel mussten eine Auslegung ausdrücklich einstellen; \
             vorgeschlagen wird das klarste Szenario der Testsammlung (mit einem Zug im Diagramm, den \
             wenigsten Schritten und der kürzesten Beschreibung). <b>Grafik</b>: Der Text der Regel beschreibt \
             Geometrie nur mit Worten (Linien, Kerben, Zonen, Dreiecke, Diagonalen, das Hexagramm, Fluss \
             oder Palast), und das Programm zeichnet aus den Regeln eine passende Abbildung; diese wird vorgeschlagen. \
             <b>Sofort verständlich</b>: Nichts davon trifft zu; angegeben ist, wie viele Szenarien die \
             Regel prüfen. Eine Regel kann mehrere Urteile erhalten."
        ),
        Lang::En => format!(
            "Every clause is judged by the same four rules, from the project's data alone. \
             <b>Clearer wording</b>: findings name the clause (the text reads more than one way); their \
             question and both readings are shown with the diagram. <b>Example</b>: the misreading \
             catalogue holds at least {MANY_MISREADINGS} plausible misreadings of it, an outside \
             implementation differed on one of its findings, or its scenarios had to set a ruling; the \
             suite's clearest scenario (a move drawn, fewest steps, shortest description) is proposed. \
             <b>Figure</b>: its text describes geometry in words only (lines, notches, zones, triangles, \
             diagonals, the hexagram, river or palace) and the engine draws a figure of it, which is \
             proposed. <b>Understood at once</b>: none of these; its scenario count is given. A clause may \
             get several verdicts."
        ),
    }
}

const STYLE: &str = "@page{size:A4 portrait;margin:15mm}
.verdict{font-weight:bold}
section.clause{border-top:1px solid #999;margin-top:1rem;padding-top:.3rem}
section.clause h2{break-after:avoid}
.evidence{break-inside:avoid;margin:.4rem 0 .8rem}
.evidence img,.evidence svg{width:26rem;max-width:100%;height:auto;border:1px solid #ddd}
table.verdicts td.n{text-align:right}
ol.contents{columns:2;column-gap:3.5rem}
ol.contents li{break-inside:avoid}
@media print{nav,footer{display:none}body{max-width:none}a{color:#000;text-decoration:none}}";

/// The feedback report of `site`'s variant.
pub(crate) fn page(site: &Site<'_>, figures: &[FigureRef]) -> String {
    let lang = site.lang;
    let l = site.labels();
    let input = site.input;
    let judged = judge(input.variant, &input.spec, &input.cases, figures);
    let title = format!(
        "{} – {}",
        site.variant_title(),
        t(
            lang,
            "Feedback to the rules committee",
            "Rückmeldung an die Regelkommission"
        )
    );
    let mut page = Page::new(lang, &title, Some(site.variant_title()));
    let h = &mut page.html;
    let _ = writeln!(h, "<style>{STYLE}</style>\n<h1>{}</h1>", escape(&title));
    let _ = writeln!(
        h,
        "<p>{}</p>\n<h2>{}</h2>\n<p>{}</p>",
        t(
            lang,
            "The committee asks which parts of the rulebook are understood at once, and where an example, a figure or a clearer wording is needed. This document answers clause by clause.",
            "Die Kommission fragt, welche Teile der Spielregel sofort verständlich sind und wo es ein Beispiel, eine Grafik oder eine eindeutigere Formulierung braucht. Dieses Dokument antwortet Regel für Regel."
        ),
        t(lang, "How the verdicts are reached", "Wie die Urteile zustande kommen"),
        rules_paragraph(lang)
    );
    // The count of each verdict.
    let count = |matches: fn(&Verdict) -> bool| {
        judged
            .iter()
            .filter(|j| j.verdicts.iter().any(matches))
            .count()
    };
    let _ = writeln!(
        h,
        "<table class=\"verdicts\"><tr><th>{}</th><th>{}</th></tr>\
         <tr><td>{}</td><td class=\"n\">{}</td></tr><tr><td>{}</td><td class=\"n\">{}</td></tr>\
         <tr><td>{}</td><td class=\"n\">{}</td></tr><tr><td>{}</td><td class=\"n\">{}</td></tr></table>",
        t(lang, "Verdict", "Urteil"),
        l.clauses,
        verdict_name(lang, &Verdict::Wording { findings: Vec::new() }),
        count(|v| matches!(v, Verdict::Wording { .. })),
        t(lang, "example", "Beispiel"),
        count(|v| matches!(v, Verdict::Example { .. })),
        t(lang, "figure", "Grafik"),
        count(|v| matches!(v, Verdict::Figure { .. })),
        verdict_name(lang, &Verdict::Clear { scenarios: 0 }),
        count(|v| matches!(v, Verdict::Clear { .. })),
    );
    // Contents.
    let _ = writeln!(
        h,
        "<h2>{}</h2>\n<ol class=\"contents\">",
        t(lang, "Contents", "Inhalt")
    );
    for (clause, judged) in input.spec.clauses.iter().zip(&judged) {
        let names = verdict_names(lang, judged);
        let _ = writeln!(
            h,
            "<li><a href=\"#{}\">{} {}</a>: {}</li>",
            slug(&clause.id),
            escape(&clause.id),
            escape(&texts::heading(lang, clause)),
            names.join(", ")
        );
    }
    h.push_str("</ol>\n");
    h.push_str(&crate::render::legend_html(input.variant, lang.letters()));
    for (clause, judged) in input.spec.clauses.iter().zip(&judged) {
        let names = verdict_names(lang, judged);
        let _ = writeln!(
            h,
            "<section class=\"clause\" id=\"{}\">\n<h2>{} {} – <span class=\"verdict\">{}</span></h2>\n<p>{}</p>\n<p><a href=\"{}\">{}</a></p>",
            slug(&clause.id),
            escape(&clause.id),
            escape(&texts::heading(lang, clause)),
            names.join(", "),
            escape(texts::paraphrase(lang, clause)),
            clause_page(&clause.id),
            t(lang, "The clause's page with every scenario", "Seite der Regel mit allen Szenarien")
        );
        for verdict in &judged.verdicts {
            h.push_str(&evidence(site, &clause.id, verdict));
        }
        h.push_str("</section>\n");
    }
    page.finish(l)
}

/// A clause ID as owned text.
fn finding_clause(id: &str) -> String {
    id.to_string()
}

/// The evidence of one verdict of the clause `verdict_clause`, as HTML.
fn evidence(site: &Site<'_>, verdict_clause: &str, verdict: &Verdict) -> String {
    let lang = site.lang;
    let input = site.input;
    let mut h = format!(
        "<div class=\"evidence\"><h3>{}</h3>\n",
        verdict_name(lang, verdict)
    );
    match verdict {
        Verdict::Wording { findings } => {
            for id in findings {
                let Some(finding) = input.spec.findings.iter().find(|f| &f.id == id) else {
                    continue;
                };
                let _ = writeln!(
                    h,
                    "<p><a href=\"{}\">{}</a> {} (<a href=\"{}\">{}</a>)</p>",
                    super::findings::finding_page(id),
                    escape(id),
                    escape(texts::finding_title(lang, finding)),
                    super::findings::sheet_page(id),
                    t(lang, "sheet", "Blatt")
                );
                // The question, readings and diagram stand at the
                // finding's first clause; the others point there.
                match finding.clauses.first() {
                    Some(first) if first != &finding_clause(verdict_clause) => {
                        let _ = writeln!(
                            h,
                            "<p>{} <a href=\"#{}\">{}</a>.</p>",
                            t(
                                lang,
                                "Question and readings: see",
                                "Frage und Lesarten: siehe"
                            ),
                            slug(first),
                            escape(first)
                        );
                    }
                    _ => h.push_str(&super::findings::evidence(site, finding)),
                }
            }
        }
        Verdict::Example {
            misreadings,
            differences,
            pinned,
            proposed,
        } => {
            let mut reasons = Vec::new();
            if !misreadings.is_empty() {
                reasons.push(format!(
                    "{} {} ({})",
                    misreadings.len(),
                    t(
                        lang,
                        "plausible misreadings in the catalogue",
                        "plausible Fehllesarten im Katalog"
                    ),
                    escape(&misreadings.join(", "))
                ));
            }
            if !differences.is_empty() {
                reasons.push(format!(
                    "{}: {}",
                    t(
                        lang,
                        "outside implementations differed on",
                        "fremde Umsetzungen wichen ab bei"
                    ),
                    escape(&differences.join(", "))
                ));
            }
            if !pinned.is_empty() {
                reasons.push(format!(
                    "{} {}",
                    pinned.len(),
                    t(
                        lang,
                        "scenarios of the clause had to set a ruling",
                        "Szenarien der Regel mussten eine Auslegung ausdrücklich einstellen"
                    )
                ));
            }
            let _ = writeln!(
                h,
                "<p>{}: {}.</p>",
                t(lang, "Because", "Weil"),
                reasons.join("; ")
            );
            if let Some(loaded) = input.cases.iter().find(|c| &c.scenario.id == proposed) {
                let _ = writeln!(
                    h,
                    "<p>{} {}: {}</p>\n<img src=\"img/{}.svg\" alt=\"{}\">",
                    t(
                        lang,
                        "Proposed example: scenario",
                        "Vorgeschlagenes Beispiel: Szenario"
                    ),
                    site.scenario_link(proposed),
                    escape(texts::description(lang, &loaded.scenario)),
                    slug(proposed),
                    escape(proposed)
                );
                let _ = writeln!(h, "<ol>");
                for line in super::words::describe_steps(loaded, lang) {
                    let _ = writeln!(h, "<li>{}</li>", escape(&line));
                }
                h.push_str("</ol>\n");
            }
        }
        Verdict::Figure {
            words,
            figure,
            caption,
        } => {
            let _ = writeln!(
                h,
                "<p>{}: {}.</p>\n<p>{}:</p>\n<figure><img src=\"figures/{}\" alt=\"{}\"><figcaption>{}</figcaption></figure>",
                t(lang, "The text describes geometry in words", "Der Text beschreibt Geometrie mit Worten"),
                escape(&geometry_in(lang, words).join(", ")),
                t(lang, "Proposed: the engine's figure", "Vorgeschlagen: die Abbildung, die das Programm aus den Regeln zeichnet"),
                escape(figure),
                escape(&crate::render::legend::caption(lang.letters(), caption)),
                escape(&crate::render::legend::caption(lang.letters(), caption))
            );
        }
        Verdict::Clear { scenarios } => {
            let _ = writeln!(
                h,
                "<p>{}: {scenarios}.</p>",
                t(
                    lang,
                    "No finding, few misreadings, no ruling to pin, no geometry in words; scenarios that check it",
                    "Kein Befund, kaum Fehllesarten, keine Auslegung festzulegen, keine Geometrie in Worten; Szenarien, die sie prüfen"
                )
            );
        }
    }
    h.push_str("</div>\n");
    h
}

/// A clause's verdicts by name, in the page's language.
fn verdict_names(lang: Lang, judged: &Judged) -> Vec<&'static str> {
    judged
        .verdicts
        .iter()
        .map(|v| verdict_name(lang, v))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The figures a verdict proposes are captioned in the page's
    /// language: every figure of every variant has a German caption
    /// without English.
    #[test]
    fn every_figure_caption_reads_in_german() {
        use crate::render::{legend::caption, Letters};
        for variant in VariantId::ALL {
            let figures = crate::render::figures::variant_figures_in(variant, Letters::German)
                .expect("figures");
            for figure in figures {
                let german = caption(Letters::German, &figure.caption);
                let count = texts::count_function_words(&german);
                assert!(
                    count.english == 0 && german != figure.caption,
                    "{variant}: the caption '{}' reads '{german}' in German",
                    figure.caption
                );
            }
        }
    }

    #[test]
    fn geometry_words_show_in_the_page_language() {
        let found: Vec<String> = ["Linien", "lines", "river", "triangle"]
            .iter()
            .map(|w| (*w).to_string())
            .collect();
        assert_eq!(
            geometry_in(Lang::De, &found),
            ["Dreieck", "Fluss", "Linien"]
        );
        assert_eq!(
            geometry_in(Lang::En, &found),
            ["lines", "river", "triangle"]
        );
        // Every geometry word has its pair, so none shows in the other
        // language.
        for word in GEOMETRY {
            assert!(
                GEOMETRY_PAIRS
                    .iter()
                    .any(|(en, de)| en == word || de == word),
                "{word}"
            );
        }
    }
}
