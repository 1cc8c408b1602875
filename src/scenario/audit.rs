//! Which scenarios depend on which ruling, and which catch which
//! misreading, for every variant. Each ruling alternative is played against
//! the suite by the reference engine with that alternative forced on top of
//! every scenario's own rulings (as `regelwerk serve --ruling` would); a
//! scenario counts as changed only when an expectation it pins comes out
//! differently (the scenario runner compares only the fields a scenario
//! gives), and every changed scenario must name the ruling in `rulings`.
//! Each misreading of `spec/<variant>/misreadings.yaml` is played the same
//! way as a fault (`fault:ID`).

use std::collections::BTreeMap;
use std::path::PathBuf;

use crate::variant::{VariantId, FAULT_PREFIX};

use super::load::Loaded;
use super::run::{run, run_with};

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

/// The scenarios of `cases` that belong to `variant`.
fn of_variant(cases: &[Loaded], variant: VariantId) -> impl Iterator<Item = &Loaded> {
    cases
        .iter()
        .filter(move |loaded| loaded.scenario.variant == variant)
}

/// Plays every alternative of `variant` ([`crate::variant::alternatives`])
/// against its scenarios among `cases`.
pub fn audit(variant: VariantId, cases: &[Loaded]) -> Vec<AlternativeEffect> {
    let baseline: Vec<(&Loaded, _)> = of_variant(cases, variant)
        .map(|loaded| (loaded, run(loaded)))
        .collect();
    crate::variant::alternatives(variant)
        .into_iter()
        .map(|setting| {
            let id = setting.split('=').next().unwrap_or_default().to_string();
            let forced = vec![setting.clone()];
            let mut effect = AlternativeEffect {
                setting: setting.clone(),
                ..AlternativeEffect::default()
            };
            for (loaded, before) in &baseline {
                if run_with(loaded, &forced) != *before {
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
    /// The misreading's ID.
    pub id: &'static str,
    /// The clauses it misreads.
    pub clauses: &'static [&'static str],
    /// IDs of the scenarios that fail when the engine plays it.
    pub killed_by: Vec<String>,
}

/// The fewest scenarios that must catch each misreading.
pub const MIN_KILLS_PER_MISREADING: usize = 3;

/// The fewest scenarios each ruling alternative must change.
pub const MIN_CHANGES_PER_ALTERNATIVE: usize = 3;

/// Plays every misreading of `variant` ([`crate::variant::misreadings`])
/// against its scenarios among `cases`: a scenario kills a misreading when
/// it fails with that fault set.
pub fn fault_audit(variant: VariantId, cases: &[Loaded]) -> Vec<FaultKills> {
    crate::variant::misreadings(variant)
        .into_iter()
        .map(|(id, clauses)| FaultKills {
            id,
            clauses,
            killed_by: kills_of(variant, cases, id),
        })
        .collect()
}

/// The scenarios of `variant` among `cases` that fail when the engine
/// plays the misreading `id`.
pub fn kills_of(variant: VariantId, cases: &[Loaded], id: &str) -> Vec<String> {
    let forced = vec![format!("{FAULT_PREFIX}{id}")];
    of_variant(cases, variant)
        .filter(|loaded| run_with(loaded, &forced).is_err())
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
        let text = crate::input::read_to_string(path)?;
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
