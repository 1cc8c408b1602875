//! The static report site: one `index.html` over every variant, and per
//! variant a folder (`monarchie/`, `grand/`, ...) with its own
//! `index.html` (everything at a glance), one page per clause with every
//! scenario drawn, `rulings.html` with what each alternative changes,
//! `findings.html`, the diagrams under `img/` and the movement figures
//! under `figures/`; one local `style.css`. Every link is relative and
//! nothing is loaded from elsewhere, so the site works from the file
//! system.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use crate::draw::escape;
use crate::render::{write_below, write_variant_figures_in, RenderError};
use crate::scenario::run::Mismatch;
use crate::spec::Clause;

use super::diagram::scenario_diagram;
use super::diff::{all_diffs_with, DiffInput, RulingDiff};
use super::labels::Lang;
use super::site::{clause_page, slug, Page, Site};
use super::texts;
use super::words::describe_steps;

/// How to build the site.
#[derive(Debug, Clone)]
pub struct SiteOptions {
    /// The label language.
    pub lang: Lang,
    /// perft depth of the ruling diffs (4 in the release report).
    pub perft_depth: u32,
    /// The repository root: scenario files are shown relative to it.
    pub repo_root: PathBuf,
}

/// What was written.
#[derive(Debug, Clone, Default)]
pub struct SiteSummary {
    /// HTML pages written.
    pub pages: usize,
    /// Scenario diagrams written.
    pub diagrams: usize,
}

const STYLE: &str = "body{font-family:sans-serif;max-width:70rem;margin:0 auto;padding:0 1rem 2rem;color:#1b1b1b;line-height:1.4}
nav{padding:.6rem 0;border-bottom:1px solid #ccc;margin-bottom:1rem}
nav a{margin-right:1rem}
table{border-collapse:collapse;margin:.5rem 0 1rem}
th,td{border:1px solid #ccc;padding:.2rem .5rem;text-align:left;vertical-align:top}
td.n{text-align:right}
.ok{color:#0a6b2c;font-weight:bold}
.bad{color:#b00020;font-weight:bold}
section.scenario{border-top:1px solid #ddd;padding-top:.5rem;margin-top:1rem;display:flex;gap:1rem;flex-wrap:wrap;align-items:flex-start}
section.scenario img{width:42rem;max-width:100%;height:auto;border:1px solid #eee}
section.scenario div{flex:1;min-width:18rem}
pre{background:#f5f5f5;padding:.4rem;white-space:pre-wrap;word-break:break-word;font-size:.85rem;margin:0}
code{overflow-wrap:anywhere;word-break:break-word}
summary{cursor:pointer;font-weight:bold;margin:.5rem 0}
.heading{font-style:italic}
footer{margin-top:2rem;color:#666;font-size:.85rem}
table.readings td,table.readings th{font-size:.9rem}
tr.differs td{background:#fff3c4}
.meaning{font-weight:normal;font-size:.8rem}
.sheet-board svg{width:36rem;max-width:100%;height:auto}
.question{border-left:4px solid #333;padding-left:.6rem}
.legend{border:1px solid #bbb;background:#fafafa;padding:.2rem .6rem;margin:.5rem 0;font-size:.9rem}
.legend p{margin:.3rem 0}
.differs-mark{font-weight:bold}
form.filters{margin:.5rem 0}
";

/// Builds the whole site into `dir`: the index over every variant in
/// `inputs`, then each variant's folder. `progress` hears what is being
/// built.
///
/// # Errors
/// [`RenderError`] naming a file that could not be written.
pub fn write_site(
    dir: &Path,
    inputs: &[DiffInput],
    options: &SiteOptions,
    progress: &mut dyn FnMut(&str),
) -> Result<SiteSummary, RenderError> {
    let lang = options.lang;
    let l = lang.labels();
    let mut summary = SiteSummary::default();
    write_below(dir, &dir.join("style.css"), STYLE)?;
    let mut page = Page::new(lang, l.site_title, None);
    let _ = writeln!(page.html, "<h1>{}</h1>", escape(l.site_title));
    let _ = writeln!(
        page.html,
        "<table>\n<tr><th>{}</th><th>{}</th><th>{}</th><th>{}</th><th>{}</th><th>{}</th><th>{}</th></tr>",
        l.variant, l.clauses, l.rulings, l.findings, l.scenarios, l.passed, l.feedback
    );
    for input in inputs {
        let info = crate::variant::info(input.variant);
        progress(&format!(
            "{}: running the suite and the ruling alternatives",
            info.title
        ));
        let (base, diffs) = all_diffs_with(input, options.perft_depth, &mut |what: &str| {
            progress(&format!("{}: {what}", info.title));
        });
        let passed = base.results.iter().filter(|r| r.is_ok()).count();
        let _ = writeln!(
            page.html,
            "<tr><td><a href=\"{}/index.html\">{}</a></td><td class=\"n\">{}</td><td class=\"n\">{}</td><td class=\"n\">{}</td><td class=\"n\">{}</td><td class=\"n\">{passed}</td><td><a href=\"{}/{}\">{}</a></td></tr>",
            input.variant,
            escape(info.title),
            input.spec.clauses.len(),
            input.spec.rulings.len(),
            input.spec.findings.len(),
            input.cases.len() + input.invalid.len(),
            input.variant,
            super::feedback::PAGE,
            l.feedback,
        );
        let folder = dir.join(input.variant.name());
        progress(&format!(
            "{}: figures and {} diagrams",
            info.title,
            input.cases.len()
        ));
        crate::render::output_dir(&folder)?;
        let figures: Vec<super::feedback::FigureRef> =
            write_variant_figures_in(&folder.join("figures"), input.variant, lang.letters())?
                .into_iter()
                .map(|figure| (figure.file, figure.caption))
                .collect();
        for loaded in &input.cases {
            let name = format!("img/{}.svg", slug(&loaded.scenario.id));
            write_below(dir, &folder.join(name), &scenario_diagram(loaded, lang))?;
            summary.diagrams += 1;
        }
        let site = Site {
            input,
            base: &base,
            diffs: &diffs,
            lang,
            repo_root: &options.repo_root,
        };
        progress(&format!(
            "{}: {} clause pages",
            info.title,
            input.spec.clauses.len()
        ));
        write_below(dir, &folder.join("index.html"), &site.index())?;
        write_below(dir, &folder.join("rulings.html"), &site.rulings())?;
        write_below(
            dir,
            &folder.join(super::feedback::PAGE),
            &super::feedback::page(&site, &figures),
        )?;
        summary.pages += 3;
        summary.pages += super::findings::write_findings(&site, dir, &folder)?;
        for clause in &input.spec.clauses {
            write_below(
                dir,
                &folder.join(clause_page(&clause.id)),
                &site.clause(clause),
            )?;
            summary.pages += 1;
        }
    }
    page.html.push_str("</table>\n");
    // The outside implementations' matrix, when `regelwerk matrix --html`
    // has written it into this folder (docs/implementations.md).
    let matrix_page = super::matrix::page_name(lang);
    if dir.join(matrix_page).is_file() {
        let _ = writeln!(
            page.html,
            "<p><a href=\"{matrix_page}\">{}</a></p>",
            escape(super::matrix::word(lang, "title"))
        );
    }
    write_below(dir, &dir.join("index.html"), &page.finish(l))?;
    summary.pages += 1;
    Ok(summary)
}

/// The pages of the site's own: a variant's index, its clause pages and
/// its rulings page.
impl Site<'_> {
    /// A clause's heading in the report language.
    fn heading(&self, clause: &Clause) -> String {
        texts::heading(self.lang, clause)
    }

    /// "<variant> – report for the rules committee".
    fn title(&self) -> String {
        format!("{} – {}", self.variant_title(), self.labels().title)
    }

    /// Indices of the cases that name `clause` (exactly).
    fn cases_of(&self, clause: &str) -> Vec<usize> {
        (0..self.input.cases.len())
            .filter(|&i| {
                self.input.cases[i]
                    .scenario
                    .clauses
                    .iter()
                    .any(|c| c == clause)
            })
            .collect()
    }

    fn result(&self, index: usize) -> &Result<(), Mismatch> {
        &self.base.results[index]
    }

    fn status_badge(&self, index: usize) -> String {
        let l = self.labels();
        match self.result(index) {
            Ok(()) => format!("<span class=\"ok\">{}</span>", l.passed),
            Err(_) => format!("<span class=\"bad\">{}</span>", l.failed),
        }
    }

    fn index(&self) -> String {
        let l = self.labels();
        let mut page = Page::new(self.lang, &self.title(), Some(self.variant_title()));
        let h = &mut page.html;
        let total = self.input.cases.len() + self.input.invalid.len();
        let passed = self.base.results.iter().filter(|r| r.is_ok()).count();
        let failed = self.input.cases.len() - passed;
        let rate = if total == 0 {
            0.0
        } else {
            passed as f64 * 100.0 / total as f64
        };
        let _ = writeln!(h, "<h1>{}</h1>", escape(&self.title()));
        let _ = writeln!(
            h,
            "<p>{} {}: {passed} {}, {failed} {}, {} {} – {}: {} %</p>",
            total,
            l.scenarios,
            l.passed,
            l.failed,
            self.input.invalid.len(),
            l.invalid,
            l.pass_rate,
            self.lang.decimal(rate, 1)
        );
        if !self.input.invalid.is_empty() {
            h.push_str("<ul>\n");
            for error in &self.input.invalid {
                let _ = writeln!(h, "<li><pre>{}</pre></li>", escape(&error.to_string()));
            }
            h.push_str("</ul>\n");
        }
        h.push_str(&crate::render::legend_html(
            self.input.variant,
            self.lang.letters(),
        ));
        let _ = writeln!(h, "<h2>{}</h2>", l.clauses);
        let _ = writeln!(
            h,
            "<table>\n<tr><th>{}</th><th></th><th>{}</th><th>{}</th><th>{}</th><th>{}</th></tr>",
            l.clause, l.tested_by, l.scenarios, l.passed, l.failed
        );
        for clause in &self.input.spec.clauses {
            let cases = self.cases_of(&clause.id);
            let ok = cases.iter().filter(|&&i| self.result(i).is_ok()).count();
            let _ = writeln!(
                h,
                "<tr><td>{}</td><td class=\"heading\">{}</td><td>{}</td><td class=\"n\">{}</td><td class=\"n\">{ok}</td><td class=\"n\">{}</td></tr>",
                self.clause_link(&clause.id),
                escape(&self.heading(clause)),
                super::terms::testable(self.lang, clause.testable_by),
                cases.len(),
                cases.len() - ok
            );
        }
        h.push_str("</table>\n");
        let _ = writeln!(h, "<h2>{}</h2>", l.rulings);
        let _ = writeln!(
            h,
            "<table>\n<tr><th>ID</th><th>{}</th><th>{}</th></tr>",
            l.alternatives, l.changed_scenarios
        );
        for ruling in &self.input.spec.rulings {
            let effects: Vec<String> = self
                .diffs
                .iter()
                .filter(|d| d.setting.split('=').next() == Some(ruling.id.as_str()))
                .map(|d| format!("{}: {}", escape(&d.setting), d.changed.len()))
                .collect();
            let _ = writeln!(
                h,
                "<tr><td>{}</td><td class=\"n\">{}</td><td>{}</td></tr>",
                self.ruling_link(&ruling.id),
                ruling.alternatives.len(),
                effects.join("<br>")
            );
        }
        h.push_str("</table>\n");
        let _ = writeln!(h, "<h2>{}</h2>", l.findings);
        let _ = writeln!(
            h,
            "<table>\n<tr><th>ID</th><th>{}</th><th>{}</th></tr>",
            l.kind, l.scenarios
        );
        for finding in &self.input.spec.findings {
            let _ = writeln!(
                h,
                "<tr><td><a href=\"{}\">{}</a> {}</td><td>{}</td><td class=\"n\">{}</td></tr>",
                super::findings::finding_page(&finding.id),
                escape(&finding.id),
                escape(texts::finding_title(self.lang, finding)),
                super::terms::finding_kind(self.lang, finding.kind),
                finding.scenarios.len()
            );
        }
        h.push_str("</table>\n");
        page.finish(l)
    }

    pub(crate) fn scenario_section(&self, index: usize) -> String {
        let l = self.labels();
        let loaded = &self.input.cases[index];
        let scenario = &loaded.scenario;
        let mut h = String::new();
        let _ = writeln!(
            h,
            "<section class=\"scenario\" id=\"{}\">\n<img src=\"img/{}.svg\" alt=\"{}\">\n<div>",
            slug(&scenario.id),
            slug(&scenario.id),
            escape(&scenario.id)
        );
        let _ = writeln!(
            h,
            "<h3>{} {}</h3>\n<p>{}</p>",
            escape(&scenario.id),
            self.status_badge(index),
            escape(texts::description(self.lang, scenario))
        );
        let ruleset = if scenario.ruleset.is_empty() {
            l.default_rulings.to_string()
        } else {
            scenario.ruleset.join(", ")
        };
        let _ = writeln!(h, "<p>{}: {}</p>", l.ruleset, escape(&ruleset));
        let file = loaded
            .path
            .strip_prefix(self.repo_root)
            .unwrap_or(&loaded.path)
            .display()
            .to_string();
        let _ = writeln!(h, "<p>{}: <code>{}</code></p>", l.file, escape(&file));
        h.push_str(&self.explore_link(&crate::report::links::Target {
            variant: self.input.variant,
            scenario: Some(&scenario.id),
            ..crate::report::links::Target::default()
        }));
        if let Some(source) = &scenario.source {
            let said = super::sources::source(self.lang, source, &self.input.spec);
            let _ = writeln!(h, "<p>{}: {}</p>", l.source, escape(&said));
        }
        if !scenario.rulings.is_empty() {
            let links: Vec<String> = scenario
                .rulings
                .iter()
                .map(|r| self.ruling_link(r))
                .collect();
            let _ = writeln!(h, "<p>{}: {}</p>", l.rulings, links.join(", "));
        }
        let _ = writeln!(h, "<p>{}:</p>\n<ol>", l.steps);
        for line in describe_steps(loaded, self.lang) {
            let _ = writeln!(h, "<li>{}</li>", escape(&line));
        }
        h.push_str("</ol>\n");
        if let Err(mismatch) = self.result(index) {
            let _ = writeln!(
                h,
                "<pre>{} {}: {}\n{}</pre>\n<pre>{}</pre>",
                l.step,
                mismatch.step,
                escape(&mismatch.what),
                escape(&mismatch.expected),
                escape(&mismatch.actual)
            );
        }
        h.push_str("</div>\n</section>\n");
        h
    }

    fn clause(&self, clause: &Clause) -> String {
        let l = self.labels();
        let title = format!("{} {} – {}", l.clause, clause.id, self.heading(clause));
        let mut page = Page::new(self.lang, &title, Some(self.variant_title()));
        let _ = writeln!(
            page.html,
            "<h1>{} {} – <span class=\"heading\">{}</span></h1>\n<p>{}</p>\n<p>{}: {}</p>",
            l.clause,
            escape(&clause.id),
            escape(&self.heading(clause)),
            escape(texts::paraphrase(self.lang, clause)),
            l.tested_by,
            super::terms::testable(self.lang, clause.testable_by)
        );
        let findings = super::findings::findings_list(self, |f| f.clauses.contains(&clause.id));
        page.html.push_str(&findings);
        let subs: Vec<&Clause> = self
            .input
            .spec
            .clauses
            .iter()
            .filter(|c| c.id.starts_with(&format!("{}.", clause.id)))
            .collect();
        if !subs.is_empty() {
            let _ = writeln!(page.html, "<h2>{}</h2>\n<ul>", l.sub_clauses);
            for sub in subs {
                let _ = writeln!(
                    page.html,
                    "<li>{} <span class=\"heading\">{}</span></li>",
                    self.clause_link(&sub.id),
                    escape(&self.heading(sub))
                );
            }
            page.html.push_str("</ul>\n");
        }
        if !clause.rulings.is_empty() {
            let _ = writeln!(page.html, "<h2>{}</h2>\n<ul>", l.rulings);
            for ruling in &clause.rulings {
                let _ = writeln!(page.html, "<li>{}</li>", self.ruling_link(ruling));
            }
            page.html.push_str("</ul>\n");
        }
        let cases = self.cases_of(&clause.id);
        let _ = writeln!(page.html, "<h2>{} ({})</h2>", l.scenarios, cases.len());
        if cases.is_empty() {
            let _ = writeln!(page.html, "<p>{}</p>", l.no_scenarios);
        } else {
            page.html.push_str(&crate::render::legend_html(
                self.input.variant,
                self.lang.letters(),
            ));
        }
        for index in cases {
            let section = self.scenario_section(index);
            page.html.push_str(&section);
        }
        page.finish(l)
    }

    fn diff_html(&self, diff: &RulingDiff) -> String {
        let l = self.labels();
        let mut h = String::new();
        let summary = format!(
            "{} – {}: {}",
            escape(&diff.setting),
            l.changed_scenarios,
            diff.changed.len()
        );
        if diff.changed.is_empty() {
            let _ = writeln!(h, "<p>{summary}</p>");
        } else {
            let _ = writeln!(h, "<details>\n<summary>{summary}</summary>");
            let _ = writeln!(
                h,
                "<table>\n<tr><th>{}</th><th>{}</th><th>{}</th><th>{}</th></tr>",
                l.scenarios, l.step, l.before, l.after
            );
            for case in &diff.changed {
                let _ =
                    writeln!(
                    h,
                    "<tr><td>{}</td><td>{}</td><td><pre>{}</pre></td><td><pre>{}</pre></td></tr>",
                    self.scenario_link(&case.id),
                    escape(&super::terms::step_what(self.lang, &case.what)),
                    escape(&super::answers::say(self.input.variant, self.lang, &case.before)),
                    escape(&super::answers::say(self.input.variant, self.lang, &case.after))
                );
            }
            h.push_str("</table>\n</details>\n");
        }
        let _ = writeln!(
            h,
            "<p>{}</p>\n<table>\n<tr><th>{}</th><th>{}</th><th>{}</th><th>{}</th><th>{}</th></tr>",
            l.perft,
            l.perft_position,
            l.depth,
            l.default,
            escape(&diff.setting),
            l.change
        );
        for row in &diff.perft {
            let _ = writeln!(
                h,
                "<tr><td>{}</td><td class=\"n\">{}</td><td class=\"n\">{}</td><td class=\"n\">{}</td><td class=\"n\">{}</td></tr>",
                escape(&row.position),
                row.depth,
                row.default,
                row.alternative,
                row.change_in(self.lang)
            );
        }
        h.push_str("</table>\n");
        h
    }

    fn rulings(&self) -> String {
        let l = self.labels();
        let mut page = Page::new(self.lang, l.rulings, Some(self.variant_title()));
        let _ = writeln!(page.html, "<h1>{}</h1>", l.rulings);
        let switchable = crate::variant::alternatives(self.input.variant);
        for ruling in &self.input.spec.rulings {
            let clauses: Vec<String> = ruling.clauses.iter().map(|c| self.clause_link(c)).collect();
            let _ = writeln!(
                page.html,
                "<section id=\"{}\">\n<h2>{} – {}</h2>\n<p>{}: {}</p>\n<p><b>{}:</b> {}</p>\n<p><b>{}:</b> {}</p>",
                slug(&ruling.id),
                escape(&ruling.id),
                escape(texts::ruling_title(self.lang, ruling)),
                l.clauses,
                clauses.join(", "),
                l.default,
                escape(texts::ruling_default(self.lang, ruling)),
                l.rationale,
                escape(texts::rationale(self.lang, ruling))
            );
            let findings = super::findings::findings_list(self, |f| f.rulings.contains(&ruling.id));
            page.html.push_str(&findings);
            if !ruling.alternatives.is_empty() {
                let _ = writeln!(page.html, "<h3>{}</h3>", l.alternatives);
            }
            for alternative in &ruling.alternatives {
                let setting = format!("{}={}", ruling.id, alternative.key);
                let _ = writeln!(
                    page.html,
                    "<p><b>{}</b>: {}</p>",
                    escape(&setting),
                    escape(texts::alternative(self.lang, alternative))
                );
                if switchable.contains(&setting) {
                    let text = self.explore_link(&crate::report::links::Target {
                        variant: self.input.variant,
                        rulings: std::slice::from_ref(&setting),
                        ..crate::report::links::Target::default()
                    });
                    page.html.push_str(&text);
                    if let Some(diff) = self.diffs.iter().find(|d| d.setting == setting) {
                        let text = self.diff_html(diff);
                        page.html.push_str(&text);
                    }
                }
            }
            page.html.push_str("</section>\n");
        }
        page.finish(l)
    }
}
