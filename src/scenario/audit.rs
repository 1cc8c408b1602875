//! Which scenarios depend on which ruling, and which catch which
//! misreading, for every variant. Each ruling alternative is played against
//! the suite by the reference engine with that alternative forced on top of
//! every scenario's own rulings (as `regelwerk serve --ruling` would); a
//! scenario counts as changed only when an expectation it pins comes out
//! differently (the scenario runner compares only the fields a scenario
//! gives), and every changed scenario must name the ruling in `rulings`.
//! Each misreading of `spec/<variant>/misreadings.yaml` is played the same
//! way as a fault (`fault:ID`).
//!
//! # Catches in play
//!
//! A scenario catches a misreading (or is flipped by an alternative) **in
//! play** when one of its steps comes out differently in what a game's
//! course is made of ([`in_play`]):
//! - a `play` step whose action is legal where it should be refused or
//!   the other way round (`result`), or whose report differs in the next
//!   mover (`next`), the status or the winner (`status`, `winner`, Three
//!   Kingdoms' `drawn_among`), the
//!   captured piece (`capture`), the eliminations (`eliminations`) or the
//!   control changes (`control`);
//! - a `moves` step whose move set differs (the legality of the actions
//!   listed or missing);
//! - a `state` step whose party to move, active parties, status or winner
//!   differ (`to_move`, `active`, `status`, `winner`).
//!
//! Not in play: a position refused or accepted when opened (set-up
//! validation, `invalid: true`), a `perft` count, and the other fields of
//! a step (`checks`, `events`, `clocks`, `promotion`, `position`, `cells`,
//! `in_check`, a variant's own fields, and `reason`: an action refused both
//! ways under another code). Every step is played to the end under the
//! fault ([`crate::scenario::run::differences_with`]), so a scenario whose
//! first difference is a check set but whose next step flips a move's
//! legality is a catch in play. The total counts a scenario that differs
//! in any way, as `check --fault` fails it.

use std::collections::BTreeMap;
use std::path::PathBuf;

use rayon::prelude::*;

use crate::variant::{VariantId, FAULT_PREFIX};

use super::load::Loaded;
use super::run::{differences_with, Difference, StepKind};

/// The fields of a `play` step whose difference is a catch in play.
/// `drawn_among` is Three Kingdoms' own field naming the kingdoms that
/// share a draw (R-RESULT): part of the result, as `winner` is.
pub const IN_PLAY_PLAY_FIELDS: &[&str] = &[
    "result",
    "next",
    "status",
    "winner",
    "drawn_among",
    "capture",
    "eliminations",
    "control",
];

/// The fields of a `state` step whose difference is a catch in play.
pub const IN_PLAY_STATE_FIELDS: &[&str] = &["to_move", "active", "status", "winner"];

/// Whether a step's difference is a catch in play (see the module
/// documentation): a `moves` step always, a `play` or `state` step when
/// one of its in-play fields differs, opening and perft never.
pub fn in_play(difference: &Difference) -> bool {
    let among = |list: &[&str]| {
        difference
            .fields
            .iter()
            .any(|field| list.contains(&field.as_str()))
    };
    match difference.kind {
        StepKind::Moves => true,
        StepKind::Play => among(IN_PLAY_PLAY_FIELDS),
        StepKind::State => among(IN_PLAY_STATE_FIELDS),
        StepKind::Open | StepKind::Perft => false,
    }
}

/// The in-play differences among `differences`.
fn in_play_only(differences: &[Difference]) -> Vec<&Difference> {
    differences.iter().filter(|d| in_play(d)).collect()
}

/// The scenarios whose answers change under one alternative.
#[derive(Clone, Debug, Default)]
pub struct AlternativeEffect {
    /// The setting `ID=key`.
    pub setting: String,
    /// IDs of scenarios whose answers change, with their files.
    pub changed: Vec<(String, PathBuf)>,
    /// Of those, the IDs whose answers change in play ([`in_play`]).
    pub in_play: Vec<String>,
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
    // Every scenario and every alternative runs on its own: in parallel,
    // collected in order.
    let scenarios: Vec<&Loaded> = of_variant(cases, variant).collect();
    let baseline: Vec<(&Loaded, Vec<Difference>)> = scenarios
        .par_iter()
        .map(|loaded| (*loaded, differences_with(loaded, &[])))
        .collect();
    crate::variant::alternatives(variant)
        .into_par_iter()
        .map(|setting| {
            let id = setting.split('=').next().unwrap_or_default().to_string();
            let forced = vec![setting.clone()];
            let mut effect = AlternativeEffect {
                setting: setting.clone(),
                ..AlternativeEffect::default()
            };
            for (loaded, before) in &baseline {
                let after = differences_with(loaded, &forced);
                if after != *before {
                    let entry = (loaded.scenario.id.clone(), loaded.path.clone());
                    if !loaded.scenario.rulings.contains(&id) {
                        effect.unlisted.push(entry.clone());
                    }
                    if in_play_only(&after) != in_play_only(before) {
                        effect.in_play.push(loaded.scenario.id.clone());
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
    /// Of those, the IDs that catch it in play ([`in_play`]).
    pub in_play: Vec<String>,
}

/// The fewest scenarios that must catch each misreading in play.
pub const MIN_KILLS_PER_MISREADING: usize = 3;

/// The fewest scenarios each ruling alternative must change in play.
pub const MIN_CHANGES_PER_ALTERNATIVE: usize = 3;

/// Plays every misreading of `variant` ([`crate::variant::misreadings`])
/// against its scenarios among `cases`: a scenario kills a misreading when
/// it fails with that fault set, in play when a difference is
/// [`in_play`].
pub fn fault_audit(variant: VariantId, cases: &[Loaded]) -> Vec<FaultKills> {
    crate::variant::misreadings(variant)
        .into_iter()
        .map(|(id, clauses)| {
            let (killed_by, in_play) = catches_of(variant, cases, id);
            FaultKills {
                id,
                clauses,
                killed_by,
                in_play,
            }
        })
        .collect()
}

/// The scenarios of `variant` among `cases` that fail when the engine
/// plays the misreading `id`.
pub fn kills_of(variant: VariantId, cases: &[Loaded], id: &str) -> Vec<String> {
    catches_of(variant, cases, id).0
}

/// The scenarios of `variant` among `cases` that fail when the engine
/// plays the misreading `id`: all of them, and those that fail in play.
pub fn catches_of(variant: VariantId, cases: &[Loaded], id: &str) -> (Vec<String>, Vec<String>) {
    let forced = vec![format!("{FAULT_PREFIX}{id}")];
    let mut all = Vec::new();
    let mut in_play_ids = Vec::new();
    // Each scenario runs on its own: in parallel, then read in suite order.
    let scenarios: Vec<&Loaded> = of_variant(cases, variant).collect();
    let runs: Vec<_> = scenarios
        .par_iter()
        .map(|loaded| differences_with(loaded, &forced))
        .collect();
    for (loaded, differences) in scenarios.into_iter().zip(runs) {
        if differences.is_empty() {
            continue;
        }
        if differences.iter().any(in_play) {
            in_play_ids.push(loaded.scenario.id.clone());
        }
        all.push(loaded.scenario.id.clone());
    }
    (all, in_play_ids)
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
