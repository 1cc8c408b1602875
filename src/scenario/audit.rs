//! Which scenarios depend on which ruling: each ruling alternative is
//! played against the suite by the in-process reference engine with that
//! alternative forced (as `regelwerk serve --ruling` would), and every
//! scenario whose answers change must name the ruling in `rulings`.

use std::collections::BTreeMap;
use std::path::PathBuf;

use crate::protocol::conform::{conform_case, InProcess, Verdict};
use crate::ruleset::{Misreading, Ruleset};
use crate::variant::FAULT_PREFIX;

use super::load::Loaded;

/// The scenarios whose answers change under one alternative.
#[derive(Clone, Debug, Default)]
pub struct AlternativeEffect {
    /// The setting `ID=key`.
    pub setting: String,
    /// IDs of scenarios whose answers change, with their files.
    pub changed: Vec<(String, PathBuf)>,
    /// Of those, the IDs that do not list the ruling.
    pub unlisted: Vec<(String, PathBuf)>,
}

/// Plays every alternative against the suite.
pub fn audit(cases: &[Loaded]) -> Vec<AlternativeEffect> {
    Ruleset::all_alternatives()
        .into_iter()
        .map(|setting| {
            let id = setting.split('=').next().unwrap_or_default().to_string();
            let mut responder = InProcess {
                forced: vec![setting.clone()],
            };
            let mut effect = AlternativeEffect {
                setting: setting.clone(),
                ..AlternativeEffect::default()
            };
            let mut seq = 0;
            for loaded in cases {
                if conform_case(&mut responder, loaded, &mut seq) != Verdict::Passed {
                    let entry = (loaded.scenario.id.clone(), loaded.path.clone());
                    if !loaded.scenario.rulings.contains(&id) {
                        effect.unlisted.push(entry.clone());
                    }
                    effect.changed.push(entry);
                }
            }
            effect
        })
        .collect()
}

/// The scenarios that catch one misreading.
#[derive(Clone, Debug)]
pub struct FaultKills {
    /// The misreading.
    pub misreading: Misreading,
    /// IDs of the scenarios that fail when the engine plays it.
    pub killed_by: Vec<String>,
}

/// The fewest scenarios that must catch each misreading.
pub const MIN_KILLS_PER_MISREADING: usize = 2;

/// The fewest scenarios each ruling alternative must change.
pub const MIN_CHANGES_PER_ALTERNATIVE: usize = 3;

/// Plays every misreading of `spec/monarchie/misreadings.yaml` against
/// the MONARCHIE scenarios: a scenario kills a misreading when it fails
/// with that fault set.
pub fn fault_audit(cases: &[Loaded]) -> Vec<FaultKills> {
    Misreading::ALL
        .iter()
        .map(|&misreading| FaultKills {
            misreading,
            killed_by: kills_of(cases, misreading),
        })
        .collect()
}

/// The scenarios of `cases` that fail when the engine plays `misreading`.
pub fn kills_of(cases: &[Loaded], misreading: Misreading) -> Vec<String> {
    let forced = vec![format!("{FAULT_PREFIX}{}", misreading.id())];
    cases
        .iter()
        .filter(|loaded| loaded.scenario.variant == crate::variant::VariantId::Monarchie)
        .filter(|loaded| super::run::run_with(loaded, &forced).is_err())
        .map(|loaded| loaded.scenario.id.clone())
        .collect()
}

/// Adds ruling IDs to the `rulings:` line of scenario files (inline list,
/// or a new line after `clauses:`). Returns the files changed.
///
/// # Errors
/// I/O errors, or a file whose `rulings` is not an inline list.
pub fn add_rulings(additions: &BTreeMap<PathBuf, Vec<String>>) -> std::io::Result<Vec<PathBuf>> {
    let mut changed = Vec::new();
    for (path, ids) in additions {
        let text = std::fs::read_to_string(path)?;
        let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
        let position = lines.iter().position(|line| line.starts_with("rulings:"));
        match position {
            Some(index) => {
                let line = &lines[index];
                let inner = line
                    .trim_start_matches("rulings:")
                    .trim()
                    .strip_prefix('[')
                    .and_then(|rest| rest.strip_suffix(']'))
                    .ok_or_else(|| {
                        std::io::Error::other(format!(
                            "{}: 'rulings' is not an inline list",
                            path.display()
                        ))
                    })?;
                let mut all: Vec<String> = inner
                    .split(',')
                    .map(|s| s.trim().to_string())
                    .filter(|s| !s.is_empty())
                    .collect();
                for id in ids {
                    if !all.contains(id) {
                        all.push(id.clone());
                    }
                }
                lines[index] = format!("rulings: [{}]", all.join(", "));
            }
            None => {
                let after = lines
                    .iter()
                    .position(|line| line.starts_with("clauses:"))
                    .map_or(0, |index| index + 1);
                lines.insert(after, format!("rulings: [{}]", ids.join(", ")));
            }
        }
        let mut out = lines.join("\n");
        out.push('\n');
        std::fs::write(path, out)?;
        changed.push(path.clone());
    }
    Ok(changed)
}
