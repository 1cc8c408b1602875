//! What every page of the report site shares: the file names of its
//! pages ([`slug`], [`clause_page`]), the frame of a page (`Page`) and
//! one variant's part of the site (`Site`) with the links between its
//! pages. The site's own pages are written by [`super::html`], the
//! findings' by [`super::findings`], the feedback report by
//! [`super::feedback`].

use std::fmt::Write as _;
use std::path::Path;

use crate::draw::escape;

use super::diff::{Baseline, DiffInput, RulingDiff};
use super::labels::{Labels, Lang};
use super::texts;

/// A file-name-safe form of an ID.
pub fn slug(id: &str) -> String {
    id.chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '_') {
                c
            } else {
                '-'
            }
        })
        .collect()
}

/// The page of a clause.
pub fn clause_page(id: &str) -> String {
    format!("clause-{}.html", slug(id))
}

/// One HTML page of the site under construction.
pub(crate) struct Page {
    /// The page so far.
    pub(crate) html: String,
}

impl Page {
    /// A page of a variant's folder (`variant` named in the navigation),
    /// or of the site root when `variant` is `None`.
    pub(crate) fn new(lang: Lang, title: &str, variant: Option<&str>) -> Page {
        let l = lang.labels();
        let mut html = String::new();
        let (up, links) = match variant {
            Some(name) => (
                "../",
                format!(
                    "<a href=\"../index.html\">{}</a><a href=\"index.html\">{}</a><a href=\"rulings.html\">{}</a>\
                     <a href=\"findings.html\">{}</a><a href=\"figures/index.html\">{}</a>\
                     <a href=\"rueckmeldung.html\">{}</a>",
                    l.variants,
                    escape(name),
                    l.rulings,
                    l.findings,
                    l.figures,
                    l.feedback
                ),
            ),
            None => ("", format!("<a href=\"index.html\">{}</a>", l.variants)),
        };
        let _ = write!(
            html,
            "<!DOCTYPE html>\n<html lang=\"{}\">\n<head>\n<meta charset=\"utf-8\">\n\
             <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
             <title>{}</title>\n<link rel=\"icon\" href=\"data:,\">\n\
             <link rel=\"stylesheet\" href=\"{up}style.css\">\n</head>\n<body>\n\
             <nav>{links}</nav>\n<main>\n",
            lang.code(),
            escape(title),
        );
        Page { html }
    }

    pub(crate) fn finish(mut self, l: &Labels) -> String {
        let _ = write!(
            self.html,
            "</main>\n<footer>{}</footer>\n</body>\n</html>\n",
            escape(l.generated)
        );
        self.html
    }
}

/// One variant's part of the site: its suite, results and ruling diffs.
pub(crate) struct Site<'a> {
    /// The variant's spec and suite.
    pub(crate) input: &'a DiffInput,
    /// The suite's results under the default rulings.
    pub(crate) base: &'a Baseline,
    /// What each ruling alternative changes.
    pub(crate) diffs: &'a [RulingDiff],
    /// The report language.
    pub(crate) lang: Lang,
    /// The repository root: scenario files are shown relative to it.
    pub(crate) repo_root: &'a Path,
}

impl Site<'_> {
    pub(crate) fn labels(&self) -> &'static Labels {
        self.lang.labels()
    }

    pub(crate) fn variant_title(&self) -> &'static str {
        crate::variant::info(self.input.variant).title
    }

    pub(crate) fn scenario_link(&self, id: &str) -> String {
        let page = self
            .input
            .cases
            .iter()
            .find(|c| c.scenario.id == id)
            .and_then(|c| c.scenario.clauses.first())
            .map(|c| clause_page(c));
        match page {
            Some(page) => format!("<a href=\"{page}#{}\">{}</a>", slug(id), escape(id)),
            None => escape(id),
        }
    }

    pub(crate) fn ruling_link(&self, id: &str) -> String {
        let title = self
            .input
            .spec
            .ruling(id)
            .map(|r| format!(" ({})", escape(texts::ruling_title(self.lang, r))))
            .unwrap_or_default();
        format!(
            "<a href=\"rulings.html#{}\">{}</a>{title}",
            slug(id),
            escape(id)
        )
    }

    pub(crate) fn clause_link(&self, id: &str) -> String {
        format!("<a href=\"{}\">{}</a>", clause_page(id), escape(id))
    }

    /// The explorer command that opens `target`, linked to a running
    /// explorer on its default port.
    pub(crate) fn explore_link(&self, target: &crate::report::links::Target<'_>) -> String {
        let target = crate::report::links::Target {
            lang: Some(self.lang),
            ..target.clone()
        };
        // The link needs a running explorer: say how to start one (with
        // `--report`, the explorer serves this report too, on one address).
        let how = match self.lang {
            Lang::De => "falls noch kein Explorer läuft, startet ihn dieser Befehl; mit <code>regelwerk explore --report DIR</code> zeigt er auch diesen Bericht unter derselben Adresse",
            Lang::En => "if no explorer is running, this command starts one; with <code>regelwerk explore --report DIR</code> it serves this report too, on the same address",
        };
        format!(
            "<p class=\"explore\"><a href=\"{}\">{}</a>: <code>{}</code> <small>({how})</small></p>\n",
            escape(&target.url()),
            self.labels().explore,
            escape(&target.command())
        )
    }
}
