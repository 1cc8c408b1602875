//! The readings an engine declares (protocol 2.1, `ready.rulings`, or
//! `conform --ruling`): the ruling settings `ID=key` it plays. The harness
//! judges the engine against the reference under them, and a scenario
//! whose expectation holds under another reading does not apply.

use std::collections::BTreeSet;

use crate::scenario::load::Loaded;

use super::{conform_case, Verdict};
use crate::protocol::responder::InProcess;

/// The ID of a setting `ID=key`.
fn id_of(setting: &str) -> &str {
    setting.split_once('=').map_or(setting, |(id, _)| id).trim()
}

/// The key of a setting `ID=key` (`default` when it names none).
fn key_of(setting: &str) -> &str {
    setting
        .split_once('=')
        .map_or("default", |(_, key)| key)
        .trim()
}

/// The engine's readings: the declared ones (`ready.rulings`), then the
/// command line's (`--ruling`), one per ruling ID (the later wins), in the
/// order first named. Settings to `default` are dropped: they are the
/// reference's own reading.
pub fn merge(declared: &[String], command_line: &[String]) -> Vec<String> {
    let mut merged: Vec<String> = Vec::new();
    for setting in declared.iter().chain(command_line) {
        let setting = setting.trim().to_string();
        match merged
            .iter_mut()
            .find(|kept| id_of(kept) == id_of(&setting))
        {
            Some(kept) => *kept = setting,
            None => merged.push(setting),
        }
    }
    merged.retain(|setting| key_of(setting) != "default");
    merged
}

/// Whether the scenario applies to an engine playing `readings`, and if it
/// does, the scenario as the engine is asked it: its ruleset with the
/// readings in front. It does not apply when it pins one of the readings'
/// rulings to another key, or when the reference itself, playing the
/// readings, does not pass it (its expectation holds under another
/// reading: it tests a default the engine does not play).
///
/// # Errors
/// Why it does not apply, naming the ruling.
pub fn applies(loaded: &Loaded, readings: &[String]) -> Result<Loaded, NotApplicable> {
    if readings.is_empty() {
        return Ok(loaded.clone());
    }
    let pinned = &loaded.scenario.ruleset;
    for reading in readings {
        if let Some(pin) = pinned
            .iter()
            .find(|pin| id_of(pin) == id_of(reading) && key_of(pin) != key_of(reading))
        {
            return Err(NotApplicable {
                ruling: id_of(reading).to_string(),
                reason: format!(
                    "the scenario pins {pin}; the engine plays {reading}",
                    pin = pin.trim()
                ),
            });
        }
    }
    let asked = with_readings(loaded, readings);
    let verdict = reference_verdict(&asked);
    if verdict == Verdict::Passed {
        return Ok(asked);
    }
    let concerned: BTreeSet<&str> = loaded.scenario.rulings.iter().map(String::as_str).collect();
    let mut named: Vec<&str> = readings
        .iter()
        .map(|reading| id_of(reading))
        .filter(|id| concerned.contains(id))
        .collect();
    if named.is_empty() {
        // The scenario names none of them: the reading it needs is the
        // one under which, played alone, the reference does not pass it.
        named = readings
            .iter()
            .filter(|reading| {
                reference_verdict(&with_readings(loaded, std::slice::from_ref(reading)))
                    != Verdict::Passed
            })
            .map(|reading| id_of(reading))
            .collect();
    }
    if named.is_empty() {
        // Only several readings together break it: all of them.
        named = readings.iter().map(|reading| id_of(reading)).collect();
    }
    let step = match verdict {
        Verdict::Failed { step, what, .. } => format!("step {step}, {what}"),
        Verdict::Errored { step, context, .. } => format!("step {step}, {context}"),
        Verdict::Skipped { reason } | Verdict::NotApplicable { reason, .. } => reason,
        Verdict::Passed | Verdict::PartlyCompared => String::new(),
    };
    let played: Vec<&String> = readings
        .iter()
        .filter(|reading| named.contains(&id_of(reading)))
        .collect();
    Err(NotApplicable {
        ruling: named.join(", "),
        reason: format!(
            "its expectation holds under another reading: the reference playing {} does not pass it ({step})",
            played
                .iter()
                .map(|reading| reading.as_str())
                .collect::<Vec<_>>()
                .join(", ")
        ),
    })
}

/// The scenario as an engine playing `readings` is asked it: its ruleset
/// with the readings it does not pin in front.
fn with_readings(loaded: &Loaded, readings: &[String]) -> Loaded {
    let pinned = &loaded.scenario.ruleset;
    let mut asked = loaded.clone();
    let mut ruleset: Vec<String> = readings
        .iter()
        .filter(|reading| !pinned.iter().any(|pin| id_of(pin) == id_of(reading)))
        .cloned()
        .collect();
    ruleset.extend(pinned.iter().cloned());
    asked.scenario.ruleset = ruleset;
    asked
}

/// The reference's own verdict on a scenario.
fn reference_verdict(asked: &Loaded) -> Verdict {
    conform_case(&mut InProcess { forced: Vec::new() }, asked, &mut 0)
}

/// A scenario that does not apply to the engine's readings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NotApplicable {
    /// The ruling (or rulings, comma-separated) that makes it so.
    pub ruling: String,
    /// Why.
    pub reason: String,
}

impl From<NotApplicable> for Verdict {
    fn from(value: NotApplicable) -> Verdict {
        Verdict::NotApplicable {
            ruling: value.ruling,
            reason: value.reason,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::merge;

    #[test]
    fn merging_keeps_one_setting_per_ruling_and_drops_defaults() {
        let declared = vec!["S-PAWN-DIR=box".to_string(), "S-X=a".to_string()];
        let command_line = vec!["S-X=default".to_string(), "S-Y=b".to_string()];
        assert_eq!(
            merge(&declared, &command_line),
            vec!["S-PAWN-DIR=box".to_string(), "S-Y=b".to_string()]
        );
    }
}
