//! The matrix written out: the CI log's table ([`text`]) and the
//! committee's page ([`html`]) in German or English ([`WORDS`]).

use std::collections::BTreeSet;
use std::fmt::Write as _;

use crate::draw::escape;
use crate::variant::VariantId;

use super::{Cell, Matrix, Row};
use crate::report::labels::Lang;

/// The words of the matrix page and table: key, English, German.
pub const WORDS: &[(&str, &str, &str)] = &[
    ("title", "Outside implementations: conformance matrix", "Fremde Implementierungen: Konformitätsmatrix"),
    ("intro", "Each library, run through the scenario suite by a thin adapter that answers from the library alone. A declared difference names the finding or ruling that explains it; a new difference fails CI.", "Jede Bibliothek lief über einen schlanken Adapter, der nur aus der Bibliothek antwortet, durch die Szenariosammlung. Eine erklärte Abweichung nennt den Befund oder die Festlegung, die sie erklärt; eine neue Abweichung lässt die CI scheitern."),
    ("implementation", "implementation", "Implementierung"),
    ("version", "version", "Version"),
    ("variant", "variant", "Variante"),
    ("cases", "cases", "Fälle"),
    ("passed", "passed", "bestanden"),
    ("known", "declared difference", "erklärte Abweichung"),
    ("partly", "partly compared", "teilweise verglichen"),
    ("bugs", "known bug", "bekannter Fehler"),
    ("bugs_title", "Known bugs", "Bekannte Fehler"),
    ("bugs_intro", "The library's mistakes by the rules, not readings: each class by its name in the implementation's known-bugs.txt (which describes it), with the scenarios that show it.", "Fehler der Bibliothek nach den Regeln, keine Lesarten: jede Art mit ihrem Namen aus known-bugs.txt der Implementierung (dort beschrieben) und den Szenarien, die sie zeigen."),
    ("new", "new difference", "neue Abweichung"),
    ("not_asked", "not applicable / not answered", "nicht anwendbar / nicht beantwortet"),
    ("stale", "declared but passed", "erklärt, aber bestanden"),
    ("cases_per_second", "cases/s", "Fälle/s"),
    ("games_per_second", "fuzz games/s", "Fuzz-Partien/s"),
    ("clause", "clause", "Klausel"),
    ("missing", "no result", "kein Ergebnis"),
    ("legend", "Cell: passed/cases; p = partly compared (not passed), k = declared differences (finding or ruling named on hover), b = known bugs, NEW = new differences, s = not applicable or not answered. A case counts under each of its clauses.", "Zelle: bestanden/Fälle; p = teilweise verglichen (nicht bestanden), k = erklärte Abweichungen (Befund oder Festlegung beim Überfahren), b = bekannte Fehler, NEW = neue Abweichungen, s = nicht anwendbar oder nicht beantwortet. Ein Fall zählt unter jeder seiner Klauseln."),
    ("other_language", "Deutsch", "English"),
];

/// A word of the matrix in `lang`.
pub fn word(lang: Lang, key: &str) -> &'static str {
    WORDS
        .iter()
        .find(|(k, _, _)| *k == key)
        .map_or("?", |(_, en, de)| match lang {
            Lang::En => en,
            Lang::De => de,
        })
}

/// The file name of the page in `lang` (`implementations.html` in German,
/// the report's default language; `implementations.en.html` in English).
pub fn page_name(lang: Lang) -> &'static str {
    match lang {
        Lang::De => "implementations.html",
        Lang::En => "implementations.en.html",
    }
}

/// A cell in a few characters: `passed/cases`, then `p` partly
/// compared, `k` declared, `b` known bugs, `NEW` new, `s` not asked.
pub fn cell_text(cell: &Cell) -> String {
    let mut text = format!("{}/{}", cell.passed, cell.cases);
    if cell.partly_compared > 0 {
        let _ = write!(text, " p{}", cell.partly_compared);
    }
    if cell.known_count() > 0 {
        let _ = write!(text, " k{}", cell.known_count());
    }
    if cell.bug_count() > 0 {
        let _ = write!(text, " b{}", cell.bug_count());
    }
    if !cell.new.is_empty() {
        let _ = write!(text, " NEW{}", cell.new.len());
    }
    if cell.not_asked() > 0 {
        let _ = write!(text, " s{}", cell.not_asked());
    }
    text
}

fn rate(value: Option<f64>) -> String {
    value.map_or_else(|| "-".to_string(), |v| format!("{v:.1}"))
}

/// The matrix as plain text for the CI log: one summary line per row,
/// then per variant a clause table, then every new difference and stale
/// declaration by name.
pub fn text(matrix: &Matrix) -> String {
    let lang = Lang::En;
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{:<14} {:<10} {:<12} {:>5} {:>6} {:>6} {:>5} {:>4} {:>4} {:>5} {:>5} {:>8} {:>12}",
        "implementation",
        "version",
        "variant",
        "cases",
        "passed",
        "partly",
        "known",
        "bugs",
        "new",
        "n/a",
        "stale",
        "cases/s",
        "fuzz games/s"
    );
    for row in &matrix.rows {
        if !row.present {
            let _ = writeln!(
                out,
                "{:<14} {:<10} {:<12} {}",
                row.implementation,
                row.version,
                row.variant.name(),
                word(lang, "missing")
            );
            continue;
        }
        let _ = writeln!(
            out,
            "{:<14} {:<10} {:<12} {:>5} {:>6} {:>6} {:>5} {:>4} {:>4} {:>5} {:>5} {:>8} {:>12}",
            row.implementation,
            row.version,
            row.variant.name(),
            row.total.cases,
            row.total.passed,
            row.total.partly_compared,
            row.total.known_count(),
            row.total.bug_count(),
            row.total.new.len(),
            row.total.not_asked(),
            row.stale.len(),
            rate(row.cases_per_second()),
            rate(row.games_per_second()),
        );
    }
    for (variant, rows) in by_variant(matrix) {
        let clauses: BTreeSet<&String> = rows.iter().flat_map(|row| row.clauses.keys()).collect();
        let _ = writeln!(out, "\n{} ({})", variant.name(), word(lang, "legend"));
        let _ = write!(out, "{:<10}", word(lang, "clause"));
        for row in &rows {
            let _ = write!(out, " {:>16}", row.implementation);
        }
        out.push('\n');
        for clause in clauses {
            let _ = write!(out, "{clause:<10}");
            for row in &rows {
                let cell = row
                    .clauses
                    .get(clause)
                    .map_or_else(|| "-".to_string(), cell_text);
                let _ = write!(out, " {cell:>16}");
            }
            out.push('\n');
        }
    }
    let mut declared = Vec::new();
    for row in &matrix.rows {
        for (id, count) in &row.total.known {
            declared.push(format!(
                "  {} {}: {id} ({count} cases)",
                row.implementation,
                row.variant.name()
            ));
        }
    }
    if !declared.is_empty() {
        let _ = writeln!(
            out,
            "\ndeclared differences (readings: a finding or ruling):\n{}",
            declared.join("\n")
        );
    }
    let mut bugs = Vec::new();
    for row in &matrix.rows {
        for bug in &row.bugs {
            let failing = row.total.bugs.get(&bug.name).copied().unwrap_or(0);
            bugs.push(format!(
                "  {} {}: {} ({failing} cases): {}\n    shown by: {}",
                row.implementation,
                row.variant.name(),
                bug.name,
                bug.description,
                bug.scenarios.join(", ")
            ));
        }
    }
    if !bugs.is_empty() {
        let _ = writeln!(
            out,
            "\nknown bugs (the library's mistakes by the rules, not readings):\n{}",
            bugs.join("\n")
        );
    }
    for row in &matrix.rows {
        for case in &row.total.new {
            let _ = writeln!(
                out,
                "NEW difference: {} {} {case} (declare it with its finding, or fix the adapter)",
                row.implementation,
                row.variant.name()
            );
        }
        for case in &row.stale {
            let _ = writeln!(
                out,
                "STALE declaration: {} {} {case} passes now; take it off {}'s list",
                row.implementation,
                row.variant.name(),
                row.implementation
            );
        }
        for case in &row.stale_bugs {
            let _ = writeln!(
                out,
                "STALE bug: {} {} {case} does not fail now; take it off {}'s known bugs (or check the bug's line)",
                row.implementation,
                row.variant.name(),
                row.implementation
            );
        }
        if !row.present {
            let _ = writeln!(
                out,
                "MISSING result: {} {}",
                row.implementation,
                row.variant.name()
            );
        }
        if let Some(timing) = row.timing.as_ref().filter(|t| t.fuzz_exit != 0) {
            let _ = writeln!(
                out,
                "FUZZ failed: {} {} (exit {})",
                row.implementation,
                row.variant.name(),
                timing.fuzz_exit
            );
        }
    }
    out
}

fn by_variant(matrix: &Matrix) -> Vec<(VariantId, Vec<&Row>)> {
    let mut groups: Vec<(VariantId, Vec<&Row>)> = Vec::new();
    for row in matrix.rows.iter().filter(|row| row.present) {
        match groups
            .iter_mut()
            .find(|(variant, _)| *variant == row.variant)
        {
            Some((_, rows)) => rows.push(row),
            None => groups.push((row.variant, vec![row])),
        }
    }
    groups
}

/// The matrix as the committee's page in `lang`.
pub fn html(matrix: &Matrix, lang: Lang) -> String {
    let w = |key| escape(word(lang, key));
    let other = match lang {
        Lang::De => Lang::En,
        Lang::En => Lang::De,
    };
    let mut h = String::new();
    let _ = writeln!(
        h,
        "<!DOCTYPE html>\n<html lang=\"{}\">\n<head>\n<meta charset=\"utf-8\">\n<title>{}</title>\n<link rel=\"stylesheet\" href=\"style.css\">\n<style>td.new{{background:#fdd}} td.known{{background:#ffe9b3}} td.ok{{background:#dfd}}</style>\n</head>\n<body>\n<main>\n<p><a href=\"index.html\">regelwerk</a> · <a href=\"{}\">{}</a></p>\n<h1>{}</h1>\n<p>{}</p>",
        lang.code(),
        w("title"),
        page_name(other),
        w("other_language"),
        w("title"),
        w("intro"),
    );
    let _ = writeln!(
        h,
        "<table>\n<tr><th>{}</th><th>{}</th><th>{}</th><th>{}</th><th>{}</th><th>{}</th><th>{}</th><th>{}</th><th>{}</th><th>{}</th><th>{}</th><th>{}</th><th>{}</th></tr>",
        w("implementation"), w("version"), w("variant"), w("cases"), w("passed"), w("partly"), w("known"), w("bugs"), w("new"), w("not_asked"), w("stale"), w("cases_per_second"), w("games_per_second")
    );
    for row in &matrix.rows {
        let known: Vec<String> = row
            .total
            .known
            .iter()
            .map(|(id, n)| format!("{id} ×{n}"))
            .collect();
        let _ = writeln!(
            h,
            "<tr><td>{}</td><td>{}</td><td>{}</td><td class=\"n\">{}</td><td class=\"n\">{}</td><td class=\"n\">{}</td><td class=\"n\" title=\"{}\">{}</td><td class=\"n\" title=\"{}\">{}</td><td class=\"n{}\">{}</td><td class=\"n\">{}</td><td class=\"n\">{}</td><td class=\"n\">{}</td><td class=\"n\">{}</td></tr>",
            escape(&row.implementation),
            escape(&row.version),
            escape(row.variant.name()),
            if row.present { row.total.cases.to_string() } else { w("missing") },
            row.total.passed,
            row.total.partly_compared,
            escape(&known.join(", ")),
            row.total.known_count(),
            escape(&row.total.bugs.keys().cloned().collect::<Vec<_>>().join(", ")),
            row.total.bug_count(),
            if row.total.new.is_empty() { "" } else { " new" },
            row.total.new.len(),
            row.total.not_asked(),
            row.stale.len(),
            rate(row.cases_per_second()),
            rate(row.games_per_second()),
        );
    }
    h.push_str("</table>\n");
    if matrix.rows.iter().any(|row| !row.bugs.is_empty()) {
        let _ = writeln!(
            h,
            "<h2>{}</h2>\n<p>{}</p>\n<ul>",
            w("bugs_title"),
            w("bugs_intro")
        );
        for row in &matrix.rows {
            for bug in &row.bugs {
                let _ = writeln!(
                    h,
                    "<li>{} ({}): <b>{}</b>: {}</li>",
                    escape(&row.implementation),
                    escape(row.variant.name()),
                    escape(&bug.name),
                    escape(&bug.scenarios.join(", "))
                );
            }
        }
        h.push_str("</ul>\n");
    }
    for (variant, rows) in by_variant(matrix) {
        let title = crate::variant::info(variant).title;
        let _ = writeln!(
            h,
            "<h2>{}</h2>\n<table>\n<tr><th>{}</th>",
            escape(title),
            w("clause")
        );
        for row in &rows {
            let _ = write!(
                h,
                "<th>{} {}</th>",
                escape(&row.implementation),
                escape(&row.version)
            );
        }
        h.push_str("</tr>\n");
        let clauses: BTreeSet<&String> = rows.iter().flat_map(|row| row.clauses.keys()).collect();
        for clause in clauses {
            let _ = write!(
                h,
                "<tr><td><a href=\"{}/{}\">{}</a></td>",
                variant.name(),
                crate::report::site::clause_page(clause),
                escape(clause)
            );
            for row in &rows {
                match row.clauses.get(clause) {
                    None => h.push_str("<td>-</td>"),
                    Some(cell) => {
                        let class = if !cell.new.is_empty() {
                            "new"
                        } else if cell.known_count() + cell.bug_count() > 0 {
                            "known"
                        } else {
                            "ok"
                        };
                        let mut why: Vec<String> = cell.known.keys().cloned().collect();
                        why.extend(cell.bugs.keys().map(|bug| format!("bug: {bug}")));
                        why.extend(cell.new.iter().map(|case| format!("NEW {case}")));
                        why.extend(
                            cell.not_applicable
                                .keys()
                                .map(|ruling| format!("n/a: {ruling}")),
                        );
                        why.extend(cell.skipped.keys().cloned());
                        let _ = write!(
                            h,
                            "<td class=\"{class}\" title=\"{}\">{}</td>",
                            escape(&why.join("; ")),
                            escape(&cell_text(cell))
                        );
                    }
                }
            }
            h.push_str("</tr>\n");
        }
        h.push_str("</table>\n");
    }
    let _ = writeln!(h, "<p>{}</p>\n</main>\n</body>\n</html>", w("legend"));
    h
}
