//! A scenario's steps and expected outcomes in words, for the report's
//! clause pages: "Blau plays 16-28: legal; next to move: Grün".

use crate::scenario::format::{Expect, StateExpect, Step};
use crate::scenario::Loaded;
use crate::variant::{Game, Report, VariantId};

use super::labels::Lang;
use super::terms::party_name;

/// A piece kind's name in the report language, as `variant` names it.
fn kind_text(variant: VariantId, lang: Lang, kind: &str) -> String {
    super::terms::kind_of(variant, lang, kind)
}

fn parties(lang: Lang, list: &[String]) -> String {
    if list.is_empty() {
        return lang.labels().none.to_string();
    }
    list.iter()
        .map(|p| party_name(lang, p))
        .collect::<Vec<_>>()
        .join(", ")
}

fn maybe_party(lang: Lang, party: Option<&str>) -> String {
    match party {
        Some(p) => party_name(lang, p),
        None => lang.labels().nobody.to_string(),
    }
}

/// One line per step, in order. `play` steps are replayed on the
/// scenario's position so that each line names the party that acts.
pub fn describe_steps(loaded: &Loaded, lang: Lang) -> Vec<String> {
    let mut game = loaded.open().ok();
    let mut lines = Vec::new();
    for step in &loaded.scenario.steps {
        lines.push(describe_step(
            loaded.scenario.variant,
            &mut game,
            step,
            lang,
        ));
    }
    lines
}

fn describe_step(
    variant: VariantId,
    game: &mut Option<Box<dyn Game>>,
    step: &Step,
    lang: Lang,
) -> String {
    let l = lang.labels();
    match step {
        Step::Play {
            action: text,
            expect,
        } => {
            let to_move = game.as_ref().and_then(|game| game.to_move());
            let actor = maybe_party(lang, to_move.as_deref());
            let (body, seconds) = match text.split_once('@') {
                Some((body, seconds)) => (body, Some(seconds)),
                None => (text.as_str(), None),
            };
            let mut line = if body.trim() == "timeout" {
                format!("{actor} {}", l.timeout)
            } else {
                format!("{actor} {} {body}", l.plays)
            };
            if let Some(seconds) = seconds {
                line.push_str(&format!(" ({seconds} {})", l.elapsed));
            }
            line.push_str(": ");
            line.push_str(&describe_expect(variant, expect, lang));
            if let Some(game) = game.as_mut() {
                // A refused action leaves the position as it was.
                let _ = game.play(text);
            }
            line
        }
        Step::Moves { from, expect } => {
            let whose = match from {
                Some(cell) => format!("{} {cell}", l.of_cell),
                None => l.of_mover.to_string(),
            };
            let list = if expect.is_empty() {
                l.none.to_string()
            } else {
                expect.join(", ")
            };
            format!("{} {whose} ({}): {list}", l.legal_moves, expect.len())
        }
        Step::Perft { depth, nodes } => format!("perft {depth} = {nodes}"),
        Step::State(state) => format!("{}: {}", l.state, describe_state(variant, state, lang)),
    }
}

/// The expected outcome of an action in `variant`, in words.
pub fn describe_expect(variant: VariantId, expect: &Expect, lang: Lang) -> String {
    let l = lang.labels();
    let mut parts = Vec::new();
    if expect.result == "legal" {
        parts.push(l.legal.to_string());
    } else {
        parts.push(format!(
            "{} ({})",
            l.refused,
            super::terms::reason(lang, &expect.result)
        ));
    }
    if let Some(Some(capture)) = &expect.capture {
        let what = format!(
            "{} {}",
            party_name(lang, &capture.owner),
            kind_text(variant, lang, &capture.kind)
        );
        let dead = if capture.dead {
            format!(", {}", l.dead_blocker)
        } else {
            String::new()
        };
        parts.push(format!("{} {what} ({}{dead})", l.captures, capture.at));
    }
    if let Some(Some(kind)) = &expect.promotion {
        parts.push(format!("{} {}", l.promotes, kind_text(variant, lang, kind)));
    }
    if let Some(party) = expect
        .variant_fields
        .get("king_captured")
        .and_then(|v| v.as_str())
    {
        parts.push(format!("{}: {}", l.king_captured, party_name(lang, party)));
    }
    if expect.variant_fields.get("forfeited") == Some(&serde_json::Value::Bool(true)) {
        parts.push(l.forfeited.to_string());
    }
    if let Some(checks) = &expect.checks {
        parts.push(format!("{}: {}", l.in_check, parties(lang, checks)));
    }
    if let Some(gardez) = expect
        .variant_fields
        .get("gardez")
        .and_then(|v| v.as_array())
    {
        if !gardez.is_empty() {
            let list: Vec<String> = gardez
                .iter()
                .map(|g| {
                    format!(
                        "{} {}",
                        party_name(lang, g["party"].as_str().unwrap_or_default()),
                        g["cell"]
                    )
                })
                .collect();
            parts.push(format!("{}: {}", l.gardez, list.join(", ")));
        }
    }
    if let Some(eliminations) = &expect.eliminations {
        let list: Vec<String> = eliminations
            .iter()
            .map(|e| match &e.heir {
                Some(heir) => format!(
                    "{} ({}; {} {})",
                    party_name(lang, &e.party),
                    super::terms::cause(lang, &e.cause),
                    l.heir,
                    party_name(lang, heir)
                ),
                None => format!(
                    "{} ({})",
                    party_name(lang, &e.party),
                    super::terms::cause(lang, &e.cause)
                ),
            })
            .collect();
        if !list.is_empty() {
            parts.push(format!("{}: {}", l.eliminated, list.join(", ")));
        }
    }
    if let Some(control) = expect.control.as_ref().filter(|list| !list.is_empty()) {
        let list: Vec<String> = control
            .iter()
            .map(|change| {
                let holder = |party: &Option<String>| {
                    party
                        .as_deref()
                        .map_or_else(|| "–".to_string(), |p| party_name(lang, p))
                };
                format!(
                    "{} {} → {}",
                    super::terms::owner(lang, &change.army),
                    holder(&change.from),
                    holder(&change.to)
                )
            })
            .collect();
        parts.push(format!("{}: {}", l.control, list.join(", ")));
    }
    if let Some(next) = &expect.next {
        parts.push(format!(
            "{}: {}",
            l.next,
            maybe_party(lang, next.as_deref())
        ));
    }
    if let Some(Some(winner)) = &expect.winner {
        parts.push(format!("{}: {}", l.winner, party_name(lang, winner)));
    }
    if let Some(status) = &expect.status {
        parts.push(super::terms::status(lang, status));
    }
    if let Some(clocks) = &expect.clocks {
        let list: Vec<String> = clocks
            .iter()
            .map(|(p, s)| format!("{} {}:{:02}", party_name(lang, p), s / 60, s % 60))
            .collect();
        parts.push(format!("{}: {}", l.clocks, list.join(", ")));
    }
    if let Some(events) = &expect.events {
        let names: Vec<String> = events
            .iter()
            .map(|e| super::terms::event(lang, e))
            .collect();
        parts.push(format!("{}: {}", l.events, names.join(", ")));
    }
    parts.join("; ")
}

/// What an accepted action did, in words: the engine's [`Report`] read as
/// the expectation it would pin ([`Expect::of_report`]), so that the
/// explorer's report and a scenario's expected outcome read alike.
pub fn describe_report(variant: VariantId, report: &Report, lang: Lang) -> String {
    let l = lang.labels();
    let actor = party_name(lang, &report.actor);
    let action = if report.action == "timeout" {
        format!("{actor} {}", l.timeout)
    } else {
        format!("{actor} {} {}", l.plays, report.action)
    };
    format!(
        "{action}: {}",
        describe_expect(variant, &Expect::of_report(report), lang)
    )
}

/// An expected state of a game of `variant` in words.
pub fn describe_state(variant: VariantId, state: &StateExpect, lang: Lang) -> String {
    let l = lang.labels();
    let mut parts = Vec::new();
    if let Some(to_move) = &state.to_move {
        parts.push(format!(
            "{}: {}",
            l.to_move,
            maybe_party(lang, to_move.as_deref())
        ));
    }
    if let Some(active) = &state.active {
        parts.push(format!("{}: {}", l.active, parties(lang, active)));
    }
    if let Some(Some(winner)) = &state.winner {
        parts.push(format!("{}: {}", l.winner, party_name(lang, winner)));
    }
    if let Some(status) = &state.status {
        parts.push(super::terms::status(lang, status));
    }
    if let Some(checks) = &state.in_check {
        parts.push(format!("{}: {}", l.in_check, parties(lang, checks)));
    }
    if let Some(cells) = &state.cells {
        let list: Vec<String> = cells
            .iter()
            .map(|(c, what)| format!("{c} {}", super::terms::cell_content(variant, lang, what)))
            .collect();
        parts.push(format!("{}: {}", l.cells, list.join(", ")));
    }
    if let Some(trays) = state
        .variant_fields
        .get("trays")
        .and_then(|v| v.as_object())
    {
        let list: Vec<String> = trays
            .iter()
            .map(|(p, kinds)| {
                let names: Vec<String> = kinds
                    .as_array()
                    .into_iter()
                    .flatten()
                    .map(|k| kind_text(variant, lang, k.as_str().unwrap_or_default()))
                    .collect();
                format!("{} [{}]", party_name(lang, p), names.join(", "))
            })
            .collect();
        parts.push(format!("{}: {}", l.trays, list.join("; ")));
    }
    if let Some(unmoved) = state
        .variant_fields
        .get("unmoved")
        .and_then(|v| v.as_array())
    {
        let list: Vec<String> = unmoved.iter().map(ToString::to_string).collect();
        parts.push(format!("{}: {}", l.unmoved, list.join(", ")));
    }
    if let Some(position) = &state.position {
        parts.push(format!("{}: {position}", l.notation));
    }
    parts.join("; ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::{ControlChange, Elimination, Status};

    #[test]
    fn a_report_reads_with_its_heir_control_change_and_rule() {
        let report = Report {
            action: "e5e4".to_string(),
            actor: "white".to_string(),
            capture: None,
            promotion: Some("queen".to_string()),
            checks: vec![],
            eliminations: vec![Elimination {
                party: "black".to_string(),
                cause: "mate".to_string(),
                heir: Some("white".to_string()),
            }],
            control: vec![ControlChange {
                army: "navy".to_string(),
                from: None,
                to: Some("white".to_string()),
            }],
            next: None,
            status: Status::won_by("white", "checkmate"),
            events: vec![],
            clocks: Default::default(),
            position: String::new(),
        };
        let en = describe_report(VariantId::Sovereign, &report, Lang::En);
        for part in [
            "White plays e5e4: legal",
            "promotes",
            "Black (mate; heir White)",
            "control: navy – → White",
            "white won by checkmate",
        ] {
            assert!(en.contains(part), "{part:?} in {en}");
        }
        let de = describe_report(VariantId::Sovereign, &report, Lang::De);
        assert!(de.contains("Erbe") && de.contains("Kontrolle"), "{de}");
    }
}
