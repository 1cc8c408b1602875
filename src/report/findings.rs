//! The findings part of the report: an index with a contents list and
//! filters by clause, kind and ruling (`findings.html`), one page per
//! finding (`finding-<id>.html`) that shows both readings side by side,
//! and one self-contained sheet per finding (`sheet-<id>.html`: inline
//! style and SVG, printable) to send to the committee.
//!
//! A finding's readings are the default and each alternative of the
//! rulings that settle it. Under each, the engine replays the finding's
//! demonstrating scenario (the first whose outcome an alternative
//! changes, else the first) and the page says in words what every step
//! does; the diagram is the position before the first step where the
//! readings part, drawn by the engine.

use std::fmt::Write as _;
use std::path::Path;

use crate::draw::escape;
use crate::render::{render_game, write_below, GameDiagram, RenderError};
use crate::scenario::{Loaded, Step};
use crate::spec::Finding;

use super::labels::Lang;
use super::site::{slug, Page, Site};
use super::terms::{self, party_name};
use super::texts;
use super::words::describe_report;

/// The page of a finding, relative to its variant's folder.
pub fn finding_page(id: &str) -> String {
    format!("finding-{}.html", slug(id))
}

/// The self-contained sheet of a finding, relative to its variant's folder.
pub fn sheet_page(id: &str) -> String {
    format!("sheet-{}.html", slug(id))
}

/// A word in the report language.
fn t(lang: Lang, en: &'static str, de: &'static str) -> &'static str {
    match lang {
        Lang::De => de,
        Lang::En => en,
    }
}

/// One way of reading the rulebook: a name and the settings forced.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reading {
    /// "default rulings" or `R-ID=key`.
    pub name: String,
    /// The settings forced on top of the scenario's ruleset.
    pub settings: Vec<String>,
    /// What the setting means (the ruling's default or the alternative's
    /// description), in the report language.
    pub meaning: String,
}

/// What happens under one reading: one line per step, and the index of
/// the first step whose line differs from the default reading's.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// The reading.
    pub reading: Reading,
    /// One line per step of the scenario, in words.
    pub lines: Vec<String>,
}

/// The readings of a finding: the default of each ruling that settles it
/// and each of its switchable alternatives; one reading (the scenario's
/// own rulings) when no ruling settles it.
pub(crate) fn readings(site: &Site<'_>, finding: &Finding) -> Vec<Reading> {
    let lang = site.lang;
    let switchable = crate::variant::alternatives(site.input.variant);
    let mut out = Vec::new();
    for id in &finding.rulings {
        let Some(ruling) = site.input.spec.ruling(id) else {
            continue;
        };
        let alternatives: Vec<_> = ruling
            .alternatives
            .iter()
            .filter(|a| switchable.contains(&format!("{id}={}", a.key)))
            .collect();
        if alternatives.is_empty() {
            continue;
        }
        if out.is_empty() {
            out.push(Reading {
                name: format!("{id}={}", t(lang, "default", "Standard")),
                settings: vec![format!("{id}=default")],
                meaning: texts::ruling_default(lang, ruling).to_string(),
            });
        }
        for alternative in alternatives {
            out.push(Reading {
                name: format!("{id}={}", alternative.key),
                settings: vec![format!("{id}={}", alternative.key)],
                meaning: texts::alternative(lang, alternative).to_string(),
            });
        }
    }
    if out.is_empty() {
        out.push(Reading {
            name: site.labels().default_rulings.to_string(),
            settings: Vec::new(),
            meaning: String::new(),
        });
    }
    out
}

/// Replays `loaded` under `reading` and says what each step does.
pub(crate) fn outcome(loaded: &Loaded, reading: &Reading, lang: Lang) -> Outcome {
    let l = lang.labels();
    let mut lines = Vec::new();
    match loaded.open_with(&reading.settings) {
        Err(error) => lines.push(format!(
            "{}: {}",
            l.refused,
            terms::open_error(lang, &error)
        )),
        Ok(mut game) => {
            for step in &loaded.scenario.steps {
                match step {
                    Step::Play { action, .. } => {
                        let to_move = game.to_move();
                        lines.push(match game.play(action) {
                            Ok(report) => describe_report(loaded.scenario.variant, &report, lang),
                            Err(refusal) => format!(
                                "{} {} {action}: {} ({})",
                                to_move
                                    .as_deref()
                                    .map_or_else(String::new, |p| party_name(lang, p)),
                                l.plays,
                                l.refused,
                                terms::reason(lang, refusal.code)
                            ),
                        });
                    }
                    Step::Moves { from, .. } => {
                        let moves = match from {
                            Some(square) => game.legal_moves_from(&square.0).unwrap_or_default(),
                            None => game.legal_moves(),
                        };
                        let whose = match from {
                            Some(square) => format!("{} {}", l.of_cell, square.0),
                            None => l.of_mover.to_string(),
                        };
                        let mut sorted = moves.clone();
                        sorted.sort();
                        lines.push(format!(
                            "{} {whose} ({}): {}",
                            l.legal_moves,
                            moves.len(),
                            if sorted.is_empty() {
                                l.none.to_string()
                            } else {
                                sorted.join(", ")
                            }
                        ));
                    }
                    Step::Perft { depth, .. } => lines.push(format!("perft {depth}")),
                    Step::State(_) => {
                        let next = game
                            .to_move()
                            .map_or_else(|| l.nobody.to_string(), |p| party_name(lang, &p));
                        lines.push(format!(
                            "{}: {}: {next}; {}",
                            l.state,
                            l.to_move,
                            terms::status(lang, &game.status())
                        ));
                    }
                }
            }
        }
    }
    Outcome {
        reading: reading.clone(),
        lines,
    }
}

/// The first step whose line differs between any two outcomes.
pub fn first_difference(outcomes: &[Outcome]) -> Option<usize> {
    let steps = outcomes.iter().map(|o| o.lines.len()).max().unwrap_or(0);
    (0..steps).find(|&i| {
        outcomes
            .windows(2)
            .any(|pair| pair[0].lines.get(i) != pair[1].lines.get(i))
    })
}

/// The position before step `step` of `loaded` under `settings`, drawn by
/// the engine with that step's action as an arrow.
fn diagram_before(loaded: &Loaded, settings: &[String], step: usize, lang: Lang) -> String {
    let Ok(mut game) = loaded.open_with(settings) else {
        return super::diagram::scenario_diagram(loaded, lang);
    };
    for earlier in loaded.scenario.steps.iter().take(step) {
        if let Some(action) = earlier.action() {
            let _ = game.play(action);
        }
    }
    let next = loaded.scenario.steps.get(step);
    // The step's move, drawn as refused where this reading refuses it.
    let (arrows, kind_arrows) = match next.and_then(|s| s.action()) {
        Some(action) => {
            let refused = game.boxed_clone().play(action).is_err();
            super::diagram::move_arrows(game.as_ref(), action, refused)
        }
        None => (Vec::new(), Vec::new()),
    };
    let diagram = GameDiagram {
        arrows,
        kind_arrows,
        moves_of: next
            .and_then(|s| match s {
                Step::Moves { from, .. } => from.as_ref(),
                _ => None,
            })
            .map(|square| square.0.clone()),
        caption: Some(loaded.scenario.id.clone()),
        letters: lang.letters(),
        ..GameDiagram::default()
    };
    render_game(game.as_ref(), &diagram)
        .unwrap_or_else(|_| super::diagram::scenario_diagram(loaded, lang))
}

/// A finding worked out: its demonstrating scenario, the outcomes under
/// each reading, the step where they part and the diagram there.
struct Worked<'a> {
    finding: &'a Finding,
    loaded: Option<&'a Loaded>,
    outcomes: Vec<Outcome>,
    differs_at: Option<usize>,
    svg: Option<String>,
}

fn work_out<'a>(site: &'a Site<'_>, finding: &'a Finding) -> Worked<'a> {
    let readings = readings(site, finding);
    let cases: Vec<&Loaded> = finding
        .scenarios
        .iter()
        .filter_map(|id| site.input.cases.iter().find(|c| &c.scenario.id == id))
        .collect();
    // Prefer a scenario whose outcome an alternative of the finding changes.
    let changed = |loaded: &&&Loaded| {
        site.diffs.iter().any(|diff| {
            readings.iter().any(|r| r.settings.contains(&diff.setting))
                && diff.changed.iter().any(|c| c.id == loaded.scenario.id)
        })
    };
    let loaded = cases
        .iter()
        .find(changed)
        .or_else(|| cases.first())
        .copied();
    let Some(loaded) = loaded else {
        return Worked {
            finding,
            loaded: None,
            outcomes: Vec::new(),
            differs_at: None,
            svg: None,
        };
    };
    let outcomes: Vec<Outcome> = readings
        .iter()
        .map(|reading| outcome(loaded, reading, site.lang))
        .collect();
    let differs_at = first_difference(&outcomes);
    let svg = diagram_before(
        loaded,
        &outcomes[0].reading.settings,
        differs_at.unwrap_or(0),
        site.lang,
    );
    Worked {
        finding,
        loaded: Some(loaded),
        outcomes,
        differs_at,
        svg: Some(svg),
    }
}

/// The readings side by side: one column per reading, one row per step,
/// the rows where they differ marked.
fn readings_table(worked: &Worked<'_>, lang: Lang) -> String {
    let l = lang.labels();
    let mut h = String::new();
    let _ = write!(h, "<table class=\"readings\">\n<tr><th>{}</th>", l.step);
    for outcome in &worked.outcomes {
        let _ = write!(
            h,
            "<th><code>{}</code><br><span class=\"meaning\">{}</span></th>",
            escape(&outcome.reading.name),
            escape(&outcome.reading.meaning)
        );
    }
    h.push_str("</tr>\n");
    let steps = worked
        .outcomes
        .iter()
        .map(|o| o.lines.len())
        .max()
        .unwrap_or(0);
    for step in 0..steps {
        let differs = worked
            .outcomes
            .windows(2)
            .any(|pair| pair[0].lines.get(step) != pair[1].lines.get(step));
        let _ = write!(
            h,
            "<tr{}><td class=\"n\">{}{}</td>",
            if differs { " class=\"differs\"" } else { "" },
            step + 1,
            if differs {
                format!(
                    " <b class=\"differs-mark\">◆&nbsp;{}</b>",
                    t(lang, "differs", "verschieden")
                )
            } else {
                String::new()
            }
        );
        for outcome in &worked.outcomes {
            let _ = write!(
                h,
                "<td>{}</td>",
                escape(outcome.lines.get(step).map_or("", String::as_str))
            );
        }
        h.push_str("</tr>\n");
    }
    h.push_str("</table>\n");
    let note = match (worked.differs_at, worked.outcomes.len()) {
        (_, 1) => t(
            lang,
            "No ruling settles this finding: the engine's one reading is shown.",
            "Keine Auslegung entscheidet diesen Befund: gezeigt wird die eine Lesart der Engine.",
        ),
        (Some(_), _) => t(
            lang,
            "Rows marked ◆ differs: the readings part there; the diagram shows the position before the first of them.",
            "Mit ◆ verschieden markierte Zeilen: dort trennen sich die Lesarten; das Diagramm zeigt die Stellung vor der ersten davon.",
        ),
        (None, _) => t(
            lang,
            "The readings agree on every step of this scenario.",
            "Die Lesarten stimmen in jedem Schritt dieses Szenarios überein.",
        ),
    };
    let _ = writeln!(h, "<p class=\"note\">{note}</p>");
    h
}

/// The finding's facts: kind, clauses, statement, recommendation.
fn facts(site: &Site<'_>, finding: &Finding, linked: bool) -> String {
    let lang = site.lang;
    let l = site.labels();
    let clauses: Vec<String> = finding
        .clauses
        .iter()
        .map(|c| {
            if linked {
                site.clause_link(c)
            } else {
                escape(c)
            }
        })
        .collect();
    let rulings: Vec<String> = finding
        .rulings
        .iter()
        .map(|r| {
            if linked {
                site.ruling_link(r)
            } else {
                escape(r)
            }
        })
        .collect();
    let mut h = String::new();
    let _ =
        writeln!(
        h,
        "<p>{}: {} · {}: {}{}</p>\n<p><b>{}:</b> {}</p>\n<p class=\"question\"><b>{}:</b> {}</p>",
        l.kind,
        terms::finding_kind(lang, finding.kind),
        l.clauses,
        clauses.join(", "),
        if rulings.is_empty() {
            String::new()
        } else {
            format!(" · {}: {}", l.rulings, rulings.join(", "))
        },
        l.statement,
        escape(texts::statement(lang, finding)),
        t(lang, "Question for the committee", "Frage an die Kommission"),
        escape(texts::recommendation(lang, finding))
    );
    h
}

/// The diagram file of a finding (where its readings part), relative to
/// its variant's folder.
pub fn finding_diagram(id: &str) -> String {
    format!("img/finding-{}.svg", slug(id))
}

/// A finding's evidence for the feedback report: its question, the
/// diagram where the readings part, its legend and the readings side by
/// side.
pub(crate) fn evidence(site: &Site<'_>, finding: &Finding) -> String {
    let lang = site.lang;
    let worked = work_out(site, finding);
    let mut h = format!(
        "<p class=\"question\"><b>{}:</b> {}</p>\n",
        t(
            lang,
            "Question for the committee",
            "Frage an die Kommission"
        ),
        escape(texts::recommendation(lang, finding))
    );
    if let (Some(loaded), Some(_)) = (worked.loaded, &worked.svg) {
        let _ = writeln!(
            h,
            "<p>{} {}: {}</p>\n<div class=\"sheet-board\"><img src=\"{}\" alt=\"{}\"></div>",
            t(lang, "Scenario", "Szenario"),
            site.scenario_link(&loaded.scenario.id),
            escape(texts::description(lang, &loaded.scenario)),
            finding_diagram(&finding.id),
            escape(&loaded.scenario.id)
        );
        h.push_str(&readings_table(&worked, lang));
    }
    h
}

fn finding_html(site: &Site<'_>, worked: &Worked<'_>) -> String {
    let lang = site.lang;
    let l = site.labels();
    let finding = worked.finding;
    let title = format!("{} – {}", finding.id, texts::finding_title(lang, finding));
    let mut page = Page::new(lang, &title, Some(site.variant_title()));
    let h = &mut page.html;
    let _ = writeln!(
        h,
        "<p><a href=\"findings.html\">{}</a> · <a href=\"{}\">{}</a></p>\n<h1>{}</h1>",
        l.findings,
        sheet_page(&finding.id),
        t(
            lang,
            "Sheet to send (printable)",
            "Blatt zum Versenden (druckbar)"
        ),
        escape(&title)
    );
    h.push_str(&facts(site, finding, true));
    match (worked.loaded, &worked.svg) {
        (Some(loaded), Some(svg)) => {
            let _ = writeln!(
                h,
                "<h2>{}</h2>\n<p>{}: {} – {}</p>\n<div class=\"sheet-board\">{}</div>",
                t(
                    lang,
                    "The readings side by side",
                    "Die Lesarten nebeneinander"
                ),
                l.scenarios,
                site.scenario_link(&loaded.scenario.id),
                escape(texts::description(lang, &loaded.scenario)),
                svg
            );
            h.push_str(&crate::render::legend_html(
                site.input.variant,
                lang.letters(),
            ));
            h.push_str(&readings_table(worked, lang));
            // The link opens the reading the finding questions (its first
            // alternative), compared in the explorer with the default.
            let reading = worked
                .outcomes
                .get(1)
                .map(|outcome| outcome.reading.settings.clone())
                .unwrap_or_default();
            h.push_str(&site.explore_link(&crate::report::links::Target {
                variant: site.input.variant,
                scenario: Some(&loaded.scenario.id),
                step: worked.differs_at.map(|i| i + 1),
                rulings: &reading,
                ..crate::report::links::Target::default()
            }));
        }
        _ => {
            let _ = writeln!(h, "<p>{}</p>", l.no_scenarios);
        }
    }
    if !finding.scenarios.is_empty() {
        let links: Vec<String> = finding
            .scenarios
            .iter()
            .map(|id| site.scenario_link(id))
            .collect();
        let _ = writeln!(
            h,
            "<h2>{} ({})</h2>\n<p>{}</p>",
            l.scenarios,
            links.len(),
            links.join(", ")
        );
    }
    page.finish(l)
}

/// The sheet's style: one A4 portrait page (`@page`), the body as wide
/// as the printed area so the screen shows the page as it prints, the
/// diagram beside its legend, small print for the readings table; rows
/// where the readings part carry a sign and a heavy rule, so that they
/// stay marked in black and white.
const SHEET_STYLE: &str = "@page{size:A4 portrait;margin:12mm}
html{font-size:10pt}
body{font-family:sans-serif;width:186mm;margin:0 auto;color:#000;line-height:1.3}
h1{font-size:13pt;margin:.2rem 0 .3rem}
h2{font-size:10.5pt;margin:.5rem 0 .2rem}
p{margin:.2rem 0}
.top{display:flex;gap:4mm;align-items:flex-start}
.board{flex:0 0 92mm}
.board svg{width:92mm;height:auto;max-height:92mm}
.side{flex:1;font-size:8.5pt}
.legend{border:1px solid #888;padding:.5mm 2mm;margin:0 0 1.5mm}
.legend p{margin:.6mm 0}
table{border-collapse:collapse;margin:.3rem 0;width:100%}
th,td{border:1px solid #777;padding:1px 3px;text-align:left;vertical-align:top;font-size:8pt}
tr.differs td{background:#ececec;border-top:2px solid #000;border-bottom:2px solid #000}
.differs-mark{white-space:nowrap}
.meaning{font-weight:normal;font-size:7.5pt}
.question{border-left:3px solid #000;padding-left:2mm}
footer{margin-top:2mm;color:#333;font-size:7.5pt}
@media print{a{color:#000;text-decoration:none}}
";

/// Shrinks a sheet whose content is taller than one printed A4 page
/// (273 mm between the margins; measured against 262 mm, as print lays
/// text out a little taller than the screen) until it fits; the sheet records the
/// factor in `data-fit` (1 when it fits as it is).
const SHEET_FIT: &str = "<script>
(function(){var room=262*96/25.4,body=document.body,high=body.scrollHeight,f=1;
if(high>room){f=Math.floor(room/high*1000)/1000;body.style.zoom=f;}
body.setAttribute('data-fit',String(f));})();
</script>
";

fn sheet_html(site: &Site<'_>, worked: &Worked<'_>) -> String {
    let lang = site.lang;
    let l = site.labels();
    let finding = worked.finding;
    let title = format!("{} – {}", finding.id, texts::finding_title(lang, finding));
    let mut h = String::new();
    let _ = writeln!(
        h,
        "<!DOCTYPE html>\n<html lang=\"{}\">\n<head>\n<meta charset=\"utf-8\">\n<title>{}</title>\n<style>{SHEET_STYLE}</style>\n</head>\n<body>\n<p>{} · {}</p>\n<h1>{}</h1>",
        lang.code(),
        escape(&title),
        escape(site.variant_title()),
        l.findings,
        escape(&title)
    );
    h.push_str(&facts(site, finding, false));
    if let (Some(loaded), Some(svg)) = (worked.loaded, &worked.svg) {
        let _ = writeln!(
            h,
            "<h2>{}</h2>\n<p>{} <code>{}</code>: {}</p>\n<div class=\"top\"><div class=\"board\">{}</div><div class=\"side\">{}</div></div>",
            t(
                lang,
                "The readings side by side",
                "Die Lesarten nebeneinander"
            ),
            t(lang, "Scenario", "Szenario"),
            escape(&loaded.scenario.id),
            escape(texts::description(lang, &loaded.scenario)),
            svg,
            crate::render::legend_html(site.input.variant, lang.letters())
        );
        h.push_str(&readings_table(worked, lang));
    }
    let _ = writeln!(
        h,
        "<footer>{}</footer>\n{SHEET_FIT}</body>\n</html>",
        escape(l.generated)
    );
    h
}

fn index_html(site: &Site<'_>, worked: &[Worked<'_>]) -> String {
    let lang = site.lang;
    let l = site.labels();
    let mut page = Page::new(lang, l.findings, Some(site.variant_title()));
    let h = &mut page.html;
    let _ = writeln!(h, "<h1>{} ({})</h1>", l.findings, worked.len());
    // Filters: by clause, kind and ruling (the rows carry the values).
    let mut clauses: Vec<&String> = worked.iter().flat_map(|w| &w.finding.clauses).collect();
    clauses.sort();
    clauses.dedup();
    let mut rulings: Vec<&String> = worked.iter().flat_map(|w| &w.finding.rulings).collect();
    rulings.sort();
    rulings.dedup();
    let all = t(lang, "all", "alle");
    let _ = write!(
        h,
        "<form class=\"filters\"><label>{} <select id=\"filter-clause\"><option value=\"\">{all}</option>",
        l.clause
    );
    for clause in &clauses {
        let _ = write!(h, "<option>{}</option>", escape(clause));
    }
    let _ = write!(
        h,
        "</select></label> <label>{} <select id=\"filter-kind\"><option value=\"\">{all}</option>",
        l.kind
    );
    for kind in terms::FINDING_KINDS {
        let _ = write!(
            h,
            "<option value=\"{}\">{}</option>",
            terms::finding_kind(Lang::En, kind),
            terms::finding_kind(lang, kind)
        );
    }
    let _ = write!(
        h,
        "</select></label> <label>{} <select id=\"filter-ruling\"><option value=\"\">{all}</option>",
        l.rulings
    );
    for ruling in &rulings {
        let _ = write!(h, "<option>{}</option>", escape(ruling));
    }
    let _ = writeln!(
        h,
        "</select></label> <span id=\"filter-count\"></span></form>"
    );
    // The contents: one row per finding.
    let _ = writeln!(
        h,
        "<table id=\"findings\">\n<tr><th>ID</th><th>{}</th><th>{}</th><th>{}</th><th>{}</th><th>{}</th></tr>",
        t(lang, "Title", "Titel"),
        l.kind,
        l.clauses,
        l.rulings,
        t(lang, "Sheet", "Blatt")
    );
    for w in worked {
        let f = w.finding;
        let _ = writeln!(
            h,
            "<tr class=\"finding\" id=\"{}\" data-clauses=\" {} \" data-kind=\"{}\" data-rulings=\" {} \"><td><a href=\"{}\">{}</a></td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td><a href=\"{}\">{}</a></td></tr>",
            slug(&f.id),
            escape(&f.clauses.join(" ")),
            terms::finding_kind(Lang::En, f.kind),
            escape(&f.rulings.join(" ")),
            finding_page(&f.id),
            escape(&f.id),
            escape(texts::finding_title(lang, f)),
            terms::finding_kind(lang, f.kind),
            f.clauses.iter().map(|c| site.clause_link(c)).collect::<Vec<_>>().join(", "),
            escape(&f.rulings.join(", ")),
            sheet_page(&f.id),
            t(lang, "sheet", "Blatt")
        );
    }
    h.push_str("</table>\n");
    h.push_str(FILTER_SCRIPT);
    page.finish(l)
}

/// Hides the rows the three filters do not match (the page works without
/// it: every finding is listed).
const FILTER_SCRIPT: &str = "<script>
(function(){
  var ids=['filter-clause','filter-kind','filter-ruling'];
  function apply(){
    var c=document.getElementById('filter-clause').value,k=document.getElementById('filter-kind').value,r=document.getElementById('filter-ruling').value,n=0;
    document.querySelectorAll('tr.finding').forEach(function(row){
      var show=(!c||row.dataset.clauses.indexOf(' '+c+' ')>=0)&&(!k||row.dataset.kind===k)&&(!r||row.dataset.rulings.indexOf(' '+r+' ')>=0);
      row.hidden=!show; if(show){n++;}
    });
    document.getElementById('filter-count').textContent=n;
  }
  ids.forEach(function(id){document.getElementById(id).addEventListener('change',apply);});
  apply();
})();
</script>
";

/// The findings of `site` that `keep` selects, as a linked list under a
/// heading (empty when there are none): the clause and ruling pages'
/// "Findings" section.
pub(crate) fn findings_list(site: &Site<'_>, keep: impl Fn(&Finding) -> bool) -> String {
    let lang = site.lang;
    let items: Vec<String> = site
        .input
        .spec
        .findings
        .iter()
        .filter(|f| keep(f))
        .map(|f| {
            format!(
                "<li><a href=\"{}\">{}</a> {} ({})</li>",
                finding_page(&f.id),
                escape(&f.id),
                escape(texts::finding_title(lang, f)),
                terms::finding_kind(lang, f.kind)
            )
        })
        .collect();
    if items.is_empty() {
        return String::new();
    }
    format!(
        "<h2>{}</h2>\n<ul class=\"findings\">\n{}\n</ul>\n",
        site.labels().findings,
        items.join("\n")
    )
}

/// Writes `findings.html`, one page and one sheet per finding into
/// `folder`; returns the number of pages written.
///
/// # Errors
/// [`RenderError`] naming a file that could not be written.
pub(crate) fn write_findings(
    site: &Site<'_>,
    dir: &Path,
    folder: &Path,
) -> Result<usize, RenderError> {
    let worked: Vec<Worked<'_>> = site
        .input
        .spec
        .findings
        .iter()
        .map(|finding| work_out(site, finding))
        .collect();
    write_below(
        dir,
        &folder.join("findings.html"),
        &index_html(site, &worked),
    )?;
    for w in &worked {
        if let Some(svg) = &w.svg {
            write_below(dir, &folder.join(finding_diagram(&w.finding.id)), svg)?;
        }
        write_below(
            dir,
            &folder.join(finding_page(&w.finding.id)),
            &finding_html(site, w),
        )?;
        write_below(
            dir,
            &folder.join(sheet_page(&w.finding.id)),
            &sheet_html(site, w),
        )?;
    }
    Ok(1 + 2 * worked.len())
}
