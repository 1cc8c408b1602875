//! A scenario's steps and expected outcomes in words, for the report's
//! clause pages: "Blau plays 16-28: legal; next to move: Grün".

use crate::moves::Action;
use crate::party::Party;
use crate::piece::PieceKind;
use crate::position::Position;
use crate::rules;
use crate::scenario::format::{ActionExpect, StateExpect, Step};
use crate::scenario::Loaded;

use super::labels::Lang;

/// A piece kind's name in the report language.
pub fn kind_name(lang: Lang, kind: PieceKind) -> &'static str {
    match (lang, kind) {
        (Lang::De, PieceKind::King) => "König",
        (Lang::De, PieceKind::Queen) => "Dame",
        (Lang::De, PieceKind::Rook) => "Turm",
        (Lang::De, PieceKind::Bishop) => "Läufer",
        (Lang::De, PieceKind::Knight) => "Pferd",
        (Lang::De, PieceKind::Pawn) => "Bauer",
        (Lang::En, PieceKind::King) => "king",
        (Lang::En, PieceKind::Queen) => "queen",
        (Lang::En, PieceKind::Rook) => "rook",
        (Lang::En, PieceKind::Bishop) => "bishop",
        (Lang::En, PieceKind::Knight) => "knight",
        (Lang::En, PieceKind::Pawn) => "pawn",
    }
}

fn parties(lang: Lang, list: &[Party]) -> String {
    if list.is_empty() {
        return lang.labels().none.to_string();
    }
    list.iter()
        .map(|&p| lang.party(p))
        .collect::<Vec<_>>()
        .join(", ")
}

fn maybe_party(lang: Lang, party: Option<Party>) -> String {
    match party {
        Some(p) => lang.party(p).to_string(),
        None => lang.labels().nobody.to_string(),
    }
}

/// One line per step, in order. `play` steps are replayed on the
/// scenario's position so that each line names the party that acts.
pub fn describe_steps(loaded: &Loaded, lang: Lang) -> Vec<String> {
    let mut position = loaded.position.clone();
    loaded
        .scenario
        .steps
        .iter()
        .map(|step| describe_step(&mut position, step, loaded, lang))
        .collect()
}

fn describe_step(position: &mut Position, step: &Step, loaded: &Loaded, lang: Lang) -> String {
    let l = lang.labels();
    if let Some(text) = &step.play {
        let actor = maybe_party(lang, position.to_move());
        let mut line = match text.parse::<Action>() {
            Ok(Action::Timeout) => format!("{actor} {}", l.timeout),
            _ => format!("{actor} {} {text}", l.plays),
        };
        if let Some(seconds) = step.elapsed {
            line.push_str(&format!(" ({seconds} {})", l.elapsed));
        }
        if let Some(expect) = &step.expect {
            line.push_str(": ");
            line.push_str(&describe_expect(expect, lang));
        }
        if let Ok(mut action) = text.parse::<Action>() {
            if let (Action::Move { elapsed, .. }, Some(seconds)) = (&mut action, step.elapsed) {
                *elapsed = Some(seconds);
            }
            // An illegal action leaves the position as it was.
            let _ = rules::apply(position, action, &loaded.rules);
        }
        return line;
    }
    if let Some(query) = &step.moves {
        let whose = match query.cell {
            Some(cell) => format!("{} {cell}", l.of_cell),
            None => l.of_mover.to_string(),
        };
        let moves = step.expect_moves.clone().unwrap_or_default();
        let list = if moves.is_empty() {
            l.none.to_string()
        } else {
            moves.join(", ")
        };
        return format!("{} {whose} ({}): {list}", l.legal_moves, moves.len());
    }
    if let Some(depth) = step.perft {
        let nodes = step
            .expect_nodes
            .map_or_else(|| "?".to_string(), |n| n.to_string());
        return format!("perft {depth} = {nodes}");
    }
    if let Some(state) = &step.state {
        return format!("{}: {}", l.state, describe_state(state, lang));
    }
    String::new()
}

/// The expected outcome of an action in words.
pub fn describe_expect(expect: &ActionExpect, lang: Lang) -> String {
    let l = lang.labels();
    let mut parts = Vec::new();
    if expect.result == "legal" {
        parts.push(l.legal.to_string());
    } else {
        parts.push(format!("{} ({})", l.refused, expect.result));
    }
    if let Some(Some(capture)) = &expect.capture {
        let what = format!(
            "{} {}",
            lang.party(capture.party),
            kind_name(lang, capture.kind)
        );
        let dead = if capture.dead {
            format!(", {}", l.dead_blocker)
        } else {
            String::new()
        };
        parts.push(format!("{} {what} ({}{dead})", l.captures, capture.cell));
    }
    if let Some(Some(kind)) = expect.promotion {
        parts.push(format!("{} {}", l.promotes, kind_name(lang, kind)));
    }
    if let Some(Some(party)) = expect.king_captured {
        parts.push(format!("{}: {}", l.king_captured, lang.party(party)));
    }
    if expect.forfeited == Some(true) {
        parts.push(l.forfeited.to_string());
    }
    if let Some(checks) = &expect.checks {
        parts.push(format!("{}: {}", l.in_check, parties(lang, checks)));
    }
    if let Some(gardez) = &expect.gardez {
        if !gardez.is_empty() {
            let list: Vec<String> = gardez
                .iter()
                .map(|g| format!("{} {}", lang.party(g.party), g.cell))
                .collect();
            parts.push(format!("{}: {}", l.gardez, list.join(", ")));
        }
    }
    if let Some(eliminations) = &expect.eliminations {
        let list: Vec<String> = eliminations
            .iter()
            .map(|e| format!("{} ({})", lang.party(e.party), e.cause))
            .collect();
        if !list.is_empty() {
            parts.push(format!("{}: {}", l.eliminated, list.join(", ")));
        }
    }
    if let Some(next) = expect.next {
        parts.push(format!("{}: {}", l.next, maybe_party(lang, next)));
    }
    if let Some(Some(winner)) = expect.winner {
        parts.push(format!("{}: {}", l.winner, lang.party(winner)));
    }
    if let Some(clocks) = &expect.clocks {
        let list: Vec<String> = clocks
            .iter()
            .map(|(p, s)| format!("{} {}:{:02}", lang.party(*p), s / 60, s % 60))
            .collect();
        parts.push(format!("{}: {}", l.clocks, list.join(", ")));
    }
    if let Some(events) = &expect.events {
        parts.push(format!("{}: {}", l.events, events.join(", ")));
    }
    parts.join("; ")
}

/// An expected state in words.
pub fn describe_state(state: &StateExpect, lang: Lang) -> String {
    let l = lang.labels();
    let mut parts = Vec::new();
    if let Some(to_move) = state.to_move {
        parts.push(format!("{}: {}", l.to_move, maybe_party(lang, to_move)));
    }
    if let Some(active) = &state.active {
        parts.push(format!("{}: {}", l.active, parties(lang, active)));
    }
    if let Some(Some(winner)) = state.winner {
        parts.push(format!("{}: {}", l.winner, lang.party(winner)));
    }
    if let Some(checks) = &state.in_check {
        parts.push(format!("{}: {}", l.in_check, parties(lang, checks)));
    }
    if let Some(cells) = &state.cells {
        let list: Vec<String> = cells
            .iter()
            .map(|(c, what)| format!("{c} {what}"))
            .collect();
        parts.push(format!("{}: {}", l.cells, list.join(", ")));
    }
    if let Some(trays) = &state.trays {
        let list: Vec<String> = trays
            .iter()
            .map(|(p, kinds)| {
                let names: Vec<&str> = kinds.iter().map(|&k| kind_name(lang, k)).collect();
                format!("{} [{}]", lang.party(*p), names.join(", "))
            })
            .collect();
        parts.push(format!("{}: {}", l.trays, list.join("; ")));
    }
    if let Some(unmoved) = &state.unmoved {
        let list: Vec<String> = unmoved.iter().map(ToString::to_string).collect();
        parts.push(format!("{}: {}", l.unmoved, list.join(", ")));
    }
    if let Some(notation) = &state.notation {
        parts.push(format!("{}: {notation}", l.notation));
    }
    parts.join("; ")
}
