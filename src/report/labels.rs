//! The report's interface labels in German and English. Clause headings
//! stay German and paraphrases stay as the spec writes them; only the
//! words around them change with `--lang`.

use std::str::FromStr;

/// The language of the report's labels.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Lang {
    /// German.
    #[default]
    De,
    /// English.
    En,
}

impl Lang {
    /// The `lang` attribute value.
    pub fn code(self) -> &'static str {
        match self {
            Lang::De => "de",
            Lang::En => "en",
        }
    }

    /// The letters a diagram's pieces carry in this language.
    pub fn letters(self) -> crate::render::Letters {
        match self {
            Lang::De => crate::render::Letters::German,
            Lang::En => crate::render::Letters::English,
        }
    }

    /// `value` with `decimals` places in this language's number format
    /// (German: a decimal comma, `100,0`).
    pub fn decimal(self, value: f64, decimals: usize) -> String {
        let text = format!("{value:.decimals$}");
        match self {
            Lang::De => text.replace('.', ","),
            Lang::En => text,
        }
    }

    /// The label table of this language.
    pub fn labels(self) -> &'static Labels {
        match self {
            Lang::De => &DE,
            Lang::En => &EN,
        }
    }
}

/// A `--lang` value that is neither `de` nor `en`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown language '{0}': expected de or en")]
pub struct UnknownLang(pub String);

impl FromStr for Lang {
    type Err = UnknownLang;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        match text.trim().to_ascii_lowercase().as_str() {
            "de" | "deutsch" | "german" => Ok(Lang::De),
            "en" | "english" | "englisch" => Ok(Lang::En),
            _ => Err(UnknownLang(text.to_string())),
        }
    }
}

/// Every fixed word or phrase of the report.
#[derive(Debug)]
pub struct Labels {
    /// The title of a variant's report, after the variant's name.
    pub title: &'static str,
    /// The title of the whole site.
    pub site_title: &'static str,
    /// "Rule systems" (the site index).
    pub variants: &'static str,
    /// "Rule system" (a table column).
    pub variant: &'static str,
    /// "Overview" (link to the index).
    pub overview: &'static str,
    /// "Clauses".
    pub clauses: &'static str,
    /// "Clause".
    pub clause: &'static str,
    /// "Scenarios".
    pub scenarios: &'static str,
    /// "Rulings".
    pub rulings: &'static str,
    /// "Findings".
    pub findings: &'static str,
    /// "Figures".
    pub figures: &'static str,
    /// "passed".
    pub passed: &'static str,
    /// "failed".
    pub failed: &'static str,
    /// "invalid".
    pub invalid: &'static str,
    /// "pass rate".
    pub pass_rate: &'static str,
    /// "Default".
    pub default: &'static str,
    /// "Alternatives".
    pub alternatives: &'static str,
    /// "Rationale".
    pub rationale: &'static str,
    /// "Statement".
    pub statement: &'static str,
    /// "Recommendation".
    pub recommendation: &'static str,
    /// "Kind".
    pub kind: &'static str,
    /// "Position before the first step".
    pub position: &'static str,
    /// "Steps and expected outcome".
    pub steps: &'static str,
    /// "Ruleset".
    pub ruleset: &'static str,
    /// "default rulings".
    pub default_rulings: &'static str,
    /// "Source".
    pub source: &'static str,
    /// "No scenario yet."
    pub no_scenarios: &'static str,
    /// "Scenarios whose outcome changes".
    pub changed_scenarios: &'static str,
    /// "none".
    pub none: &'static str,
    /// "step".
    pub step: &'static str,
    /// "before (default)".
    pub before: &'static str,
    /// "after (alternative)".
    pub after: &'static str,
    /// "perft from four positions".
    pub perft: &'static str,
    /// "position".
    pub perft_position: &'static str,
    /// "depth".
    pub depth: &'static str,
    /// "change".
    pub change: &'static str,
    /// "Sub-clauses".
    pub sub_clauses: &'static str,
    /// "Tested by".
    pub tested_by: &'static str,
    /// "legal".
    pub legal: &'static str,
    /// "refused".
    pub refused: &'static str,
    /// "plays".
    pub plays: &'static str,
    /// "captures".
    pub captures: &'static str,
    /// "dead blocker".
    pub dead_blocker: &'static str,
    /// "next to move".
    pub next: &'static str,
    /// "nobody (game over)".
    pub nobody: &'static str,
    /// "in check".
    pub in_check: &'static str,
    /// "eliminated".
    pub eliminated: &'static str,
    /// "open in the explorer" (a link to `regelwerk explore`).
    pub explore: &'static str,
    /// "heir" (who takes over an eliminated party's army).
    pub heir: &'static str,
    /// "control" (an army changing hands).
    pub control: &'static str,
    /// "winner".
    pub winner: &'static str,
    /// "promotes to".
    pub promotes: &'static str,
    /// "king captured".
    pub king_captured: &'static str,
    /// "lets the time run out (timeout)".
    pub timeout: &'static str,
    /// "legal moves".
    pub legal_moves: &'static str,
    /// "of the piece on".
    pub of_cell: &'static str,
    /// "of the party to move".
    pub of_mover: &'static str,
    /// "only here" (the moves one side of a ruling comparison has and the
    /// other has not).
    pub only_here: &'static str,
    /// "the position cannot be opened" (a comparison at step 0).
    pub not_opened: &'static str,
    /// "state".
    pub state: &'static str,
    /// "to move".
    pub to_move: &'static str,
    /// "active".
    pub active: &'static str,
    /// "gardez".
    pub gardez: &'static str,
    /// "seconds used".
    pub elapsed: &'static str,
    /// "clocks".
    pub clocks: &'static str,
    /// "events".
    pub events: &'static str,
    /// "forfeited".
    pub forfeited: &'static str,
    /// "cells".
    pub cells: &'static str,
    /// "trays".
    pub trays: &'static str,
    /// "unmoved pawns".
    pub unmoved: &'static str,
    /// The feedback report's name in links.
    pub feedback: &'static str,
    /// "notation".
    pub notation: &'static str,
    /// "Generated by regelwerk from the spec and the scenario suite."
    pub generated: &'static str,
    /// "File".
    pub file: &'static str,
}

/// German labels.
pub static DE: Labels = Labels {
    title: "Bericht für die Regelkommission",
    site_title: "regelwerk – Berichte für die Regelkommissionen",
    variants: "Regelwerke",
    variant: "Regelwerk",
    overview: "Übersicht",
    clauses: "Regeln",
    clause: "Regel",
    scenarios: "Szenarien",
    rulings: "Auslegungen",
    findings: "Befunde",
    figures: "Abbildungen",
    passed: "bestanden",
    failed: "fehlgeschlagen",
    invalid: "ungültig",
    pass_rate: "Erfolgsquote",
    default: "Standard",
    alternatives: "Alternativen",
    rationale: "Begründung",
    statement: "Befund",
    recommendation: "Empfehlung",
    kind: "Art",
    position: "Stellung vor dem ersten Schritt",
    steps: "Schritte und erwartetes Ergebnis",
    ruleset: "Regelsatz",
    default_rulings: "Standard-Auslegungen",
    source: "Quelle",
    no_scenarios: "Noch kein Szenario.",
    changed_scenarios: "Szenarien mit anderem Ergebnis",
    none: "keine",
    step: "Schritt",
    before: "vorher (Standard)",
    after: "nachher (Alternative)",
    perft: "perft aus vier Stellungen",
    perft_position: "Stellung",
    depth: "Tiefe",
    change: "Änderung",
    sub_clauses: "Unterregeln",
    tested_by: "Geprüft durch",
    legal: "zulässig",
    refused: "abgelehnt",
    plays: "zieht",
    captures: "schlägt",
    dead_blocker: "toter Blocker",
    next: "am Zug",
    nobody: "niemand (Spiel beendet)",
    in_check: "im Schach",
    eliminated: "ausgeschieden",
    explore: "im Explorer öffnen",
    heir: "Erbe",
    control: "Kontrolle",
    winner: "Sieger",
    promotes: "wird umgewandelt in",
    king_captured: "König geschlagen",
    timeout: "lässt die Zeit ablaufen (Zeitüberschreitung)",
    legal_moves: "zulässige Züge",
    of_cell: "der Figur auf Feld",
    of_mover: "der Partei am Zug",
    only_here: "nur hier",
    not_opened: "die Stellung lässt sich nicht öffnen",
    state: "Zustand",
    to_move: "am Zug",
    active: "aktiv",
    gardez: "Gardez",
    elapsed: "Sekunden verbraucht",
    clocks: "Uhren",
    events: "Ereignisse",
    forfeited: "Zug verfallen",
    cells: "Felder",
    trays: "Ablagen",
    unmoved: "unbewegte Bauern",
    notation: "Notation",
    feedback: "Rückmeldung",
    generated: "Erzeugt von regelwerk aus der Spezifikation und den Szenarien.",
    file: "Datei",
};

/// English labels.
pub static EN: Labels = Labels {
    title: "report for the rules committee",
    site_title: "regelwerk – reports for the rules committees",
    variants: "Rule systems",
    variant: "Rule system",
    overview: "Overview",
    clauses: "Clauses",
    clause: "Clause",
    scenarios: "Scenarios",
    rulings: "Rulings",
    findings: "Findings",
    figures: "Figures",
    passed: "passed",
    failed: "failed",
    invalid: "invalid",
    pass_rate: "pass rate",
    default: "Default",
    alternatives: "Alternatives",
    rationale: "Rationale",
    statement: "Finding",
    recommendation: "Recommendation",
    kind: "Kind",
    position: "Position before the first step",
    steps: "Steps and expected outcome",
    ruleset: "Ruleset",
    default_rulings: "default rulings",
    source: "Source",
    no_scenarios: "No scenario yet.",
    changed_scenarios: "Scenarios whose outcome changes",
    none: "none",
    step: "step",
    before: "before (default)",
    after: "after (alternative)",
    perft: "perft from four positions",
    perft_position: "position",
    depth: "depth",
    change: "change",
    sub_clauses: "Sub-clauses",
    tested_by: "Tested by",
    legal: "legal",
    refused: "refused",
    plays: "plays",
    captures: "captures",
    dead_blocker: "dead blocker",
    next: "next to move",
    nobody: "nobody (game over)",
    in_check: "in check",
    eliminated: "eliminated",
    explore: "open in the explorer",
    heir: "heir",
    control: "control",
    winner: "winner",
    promotes: "promotes to",
    king_captured: "king captured",
    timeout: "lets the time run out (timeout)",
    legal_moves: "legal moves",
    of_cell: "of the piece on cell",
    of_mover: "of the party to move",
    only_here: "only here",
    not_opened: "the position cannot be opened",
    state: "state",
    to_move: "to move",
    active: "active",
    gardez: "gardez",
    elapsed: "seconds used",
    clocks: "clocks",
    events: "events",
    forfeited: "turn forfeited",
    cells: "cells",
    trays: "trays",
    unmoved: "unmoved pawns",
    notation: "notation",
    feedback: "Feedback",
    generated: "Generated by regelwerk from the spec and the scenario suite.",
    file: "File",
};
