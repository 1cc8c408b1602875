//! Frames and edges, measured (issue 47): which rule each scenario plays
//! in which frame and at which edge, computed from its position and its
//! actions by the variant's frame function
//! ([`crate::variant::MisreadingInfo::frames`]) and counted against
//! `spec/<variant>/frames.yaml` ([`crate::spec::frames`]); and, for each
//! misreading, the scenarios that catch it in play with the frames the
//! catches sit in (the bar: [`MIN_IN_PLAY`] catches in at least
//! [`MIN_FRAMES`] frames).
//!
//! A step's tags: a `play` step's action, and every move a `moves` step
//! lists (expected or listed by the reference). A catch sits in the
//! frames of the step that differs in play; a `state` step that differs
//! sits in the frames of the `play` step before it. Every step also sits
//! in the frame of its mover (the party to move before it), so that a
//! special action (a time-out, a claim) has a frame too.

use std::collections::{BTreeMap, BTreeSet};

use rayon::prelude::*;

use crate::spec::frames::FrameSpec;
use crate::variant::frames::FrameTag;
use crate::variant::{VariantId, FAULT_PREFIX};

use super::audit::in_play;
use super::format::Step;
use super::load::Loaded;
use super::run::{differences_with, Difference, StepKind};

/// The fewest scenarios that must catch each misreading in play.
pub const MIN_IN_PLAY: usize = 5;

/// The fewest frames those catches must sit in.
pub const MIN_FRAMES: usize = 2;

/// What one step of a scenario plays.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct StepTags {
    /// The rule and frame or edge of each action the step plays or lists.
    pub tags: BTreeSet<FrameTag>,
    /// The frames the step sits in: its mover's and those of `tags`.
    pub frames: BTreeSet<String>,
}

/// The tags of every step of `loaded`, by step number (index 0: the
/// opening, which has none). A scenario whose position does not open has
/// none at all.
pub fn scenario_tags(loaded: &Loaded) -> Vec<StepTags> {
    let mut out = vec![StepTags::default()];
    if loaded.scenario.position.invalid {
        return out;
    }
    let Ok(mut game) = loaded.open_with(&[]) else {
        return out;
    };
    let frames_of = loaded.info().misreadings.frames;
    for step in &loaded.scenario.steps {
        let mut tags = StepTags::default();
        if let Some(mover) = game.to_move() {
            tags.frames.insert(mover);
        }
        match step {
            Step::Play { action, .. } => {
                tags.tags.extend(frames_of(game.as_ref(), action));
                let _ = game.play(action);
            }
            Step::Moves { from, expect } => {
                let mut moves: BTreeSet<String> = expect
                    .iter()
                    .map(|mv| game.canonical_action(mv).unwrap_or_else(|_| mv.clone()))
                    .collect();
                let listed = match from {
                    Some(square) => game.legal_moves_from(&square.0).unwrap_or_default(),
                    None => game.legal_moves(),
                };
                moves.extend(listed);
                for mv in &moves {
                    tags.tags.extend(frames_of(game.as_ref(), mv));
                }
            }
            Step::Perft { .. } | Step::State(_) => {}
        }
        out.push(tags);
    }
    out
}

/// The frames (not edges) of `spec` among a step's tags and mover.
fn frames_in(spec: Option<&FrameSpec>, step: &StepTags) -> BTreeSet<String> {
    let is_frame = |cell: &str| spec.is_none_or(|spec| spec.is_frame(cell));
    step.frames
        .iter()
        .chain(step.tags.iter().map(|(_, cell)| cell))
        .filter(|cell| is_frame(cell))
        .cloned()
        .collect()
}

/// The scenarios of a variant with the tags of their steps, computed
/// once for every misreading.
pub struct Tagged<'a> {
    cases: Vec<(&'a Loaded, Vec<StepTags>)>,
    spec: Option<FrameSpec>,
}

impl<'a> Tagged<'a> {
    /// Tags every scenario of `variant` among `cases`; `spec` names which
    /// cells are frames (all are, without one).
    pub fn new(variant: VariantId, cases: &'a [Loaded], spec: Option<FrameSpec>) -> Tagged<'a> {
        // Each scenario is tagged on its own: in parallel, in suite order.
        let cases = cases
            .par_iter()
            .filter(|loaded| loaded.scenario.variant == variant)
            .map(|loaded| (loaded, scenario_tags(loaded)))
            .collect();
        Tagged { cases, spec }
    }

    /// The scenarios that catch misreading `id`.
    pub fn catches(&self, id: &str) -> Catches {
        let forced = vec![format!("{FAULT_PREFIX}{id}")];
        let mut catches = Catches::default();
        // Each scenario runs on its own under the misreading: in parallel,
        // then read in suite order.
        let runs: Vec<Vec<Difference>> = self
            .cases
            .par_iter()
            .map(|(loaded, _)| differences_with(loaded, &forced))
            .collect();
        for ((loaded, steps), differences) in self.cases.iter().zip(runs) {
            if differences.is_empty() {
                continue;
            }
            catches.all.push(loaded.scenario.id.clone());
            catches.steps.extend(
                differences
                    .iter()
                    .map(|d| (loaded.scenario.id.clone(), d.step, d.fields.clone())),
            );
            let mut frames = BTreeSet::new();
            for difference in differences.iter().filter(|d| in_play(d)) {
                // A state step sits in the play step before it.
                let mut at = difference.step;
                if difference.kind == StepKind::State {
                    while at > 0 && loaded.scenario.steps[at - 1].action().is_none() {
                        at -= 1;
                    }
                }
                if let Some(step) = steps.get(at) {
                    frames.extend(frames_in(self.spec.as_ref(), step));
                }
            }
            if differences.iter().any(in_play) {
                catches.in_play.insert(loaded.scenario.id.clone(), frames);
            }
        }
        catches
    }

    /// For each `(rule, cell)`, the scenarios with a step that plays the
    /// rule there.
    pub fn counts(&self) -> BTreeMap<FrameTag, BTreeSet<String>> {
        let mut counts: BTreeMap<FrameTag, BTreeSet<String>> = BTreeMap::new();
        for (loaded, steps) in &self.cases {
            for tag in steps.iter().flat_map(|s| &s.tags) {
                counts
                    .entry(tag.clone())
                    .or_default()
                    .insert(loaded.scenario.id.clone());
            }
        }
        counts
    }
}

/// The scenarios that catch one misreading, and where.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Catches {
    /// Every scenario that fails with it.
    pub all: Vec<String>,
    /// Those that catch it in play, each with the frames its in-play
    /// differences sit in.
    pub in_play: BTreeMap<String, BTreeSet<String>>,
    /// Every differing step: the scenario, the step's number and the
    /// fields that differ there (two codings of one misreading with the
    /// same steps play alike on the whole suite).
    pub steps: BTreeSet<(String, usize, Vec<String>)>,
}

impl Catches {
    /// The frames the in-play catches sit in, together.
    pub fn frames(&self) -> BTreeSet<String> {
        self.in_play.values().flatten().cloned().collect()
    }

    /// Whether the catches hold the bar: [`MIN_IN_PLAY`] in play in
    /// [`MIN_FRAMES`] frames.
    pub fn holds_bar(&self) -> bool {
        self.in_play.len() >= MIN_IN_PLAY && self.frames().len() >= MIN_FRAMES
    }

    /// For a misreading whose catches sit in one frame by its nature
    /// (`one_frame` in `spec/<variant>/misreadings.yaml`): `Ok` when at
    /// least [`MIN_IN_PLAY`] catches in play all sit in `frame`; otherwise
    /// what is wrong: too few catches, catches in another frame (the
    /// exemption is wrong) or in a second one (the exemption is stale).
    ///
    /// # Errors
    /// The problem, one line.
    pub fn holds_one_frame_bar(&self, frame: &str) -> Result<(), String> {
        let frames = self.frames();
        if frames.len() >= MIN_FRAMES {
            return Err(format!(
                "caught in play in {} frames {frames:?}: the exemption `one_frame: {frame}` is stale, drop it",
                frames.len()
            ));
        }
        if !frames.is_empty() && !frames.contains(frame) {
            return Err(format!(
                "its catches sit in {frames:?}, not in the frame `{frame}` its `one_frame` names"
            ));
        }
        if self.in_play.len() < MIN_IN_PLAY || frames.is_empty() {
            return Err(format!(
                "caught in play by {} scenario(s) in {frame}: below {MIN_IN_PLAY} in play in its one frame",
                self.in_play.len()
            ));
        }
        Ok(())
    }
}

/// One cell of the coverage table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CoverageCell {
    /// The rule.
    pub rule: String,
    /// The frame or edge.
    pub cell: String,
    /// How many scenarios play the rule there.
    pub scenarios: usize,
    /// The spec's reason when it may stay empty.
    pub reason: Option<String>,
}

/// The table rule x frame/edge of `spec` with the scenario counts of
/// `tagged`, row by row.
pub fn coverage_table(spec: &FrameSpec, tagged: &Tagged<'_>) -> Vec<CoverageCell> {
    let counts = tagged.counts();
    let mut out = Vec::new();
    for rule in &spec.rules {
        for cell in &rule.cells {
            let scenarios = counts
                .get(&(rule.id.clone(), cell.clone()))
                .map_or(0, BTreeSet::len);
            out.push(CoverageCell {
                rule: rule.id.clone(),
                cell: cell.clone(),
                scenarios,
                reason: spec.reason(&rule.id, cell).map(str::to_string),
            });
        }
    }
    out
}

/// The cells of the table that no scenario fills and no reason argues
/// away, as `rule @ cell`.
pub fn unexplained(table: &[CoverageCell]) -> Vec<String> {
    table
        .iter()
        .filter(|c| c.scenarios == 0 && c.reason.is_none())
        .map(|c| format!("{} @ {}", c.rule, c.cell))
        .collect()
}

/// The rules the scenarios play that `spec` does not list (a gap of the
/// spec, not of the suite).
pub fn unlisted_rules(spec: &FrameSpec, tagged: &Tagged<'_>) -> BTreeSet<String> {
    tagged
        .counts()
        .into_keys()
        .map(|(rule, _)| rule)
        .filter(|rule| spec.rule(rule).is_none())
        .collect()
}

/// The table as text for `check --coverage`: one line per rule, each cell
/// with its count (`-` for an empty one argued away, `!` for an
/// unexplained empty one).
pub fn coverage_text(title: &str, table: &[CoverageCell]) -> String {
    let mut out = format!("{title}: rules by frame and edge (scenarios)\n");
    let mut rule = "";
    for cell in table {
        if cell.rule != rule {
            if !rule.is_empty() {
                out.push('\n');
            }
            rule = &cell.rule;
            out.push_str(&format!("  {rule:<18}"));
        }
        let count = match (cell.scenarios, &cell.reason) {
            (0, Some(_)) => "-".to_string(),
            (0, None) => "0!".to_string(),
            (n, _) => n.to_string(),
        };
        out.push_str(&format!(" {}={count}", cell.cell));
    }
    out.push('\n');
    let empty = unexplained(table);
    out.push_str(&format!(
        "{title}: {} cells, {} filled, {} argued away, {} empty without a reason{}\n",
        table.len(),
        table.iter().filter(|c| c.scenarios > 0).count(),
        table
            .iter()
            .filter(|c| c.scenarios == 0 && c.reason.is_some())
            .count(),
        empty.len(),
        if empty.is_empty() {
            String::new()
        } else {
            format!(": {}", empty.join(", "))
        }
    ));
    out
}

/// `spec/<variant>/frames.yaml` under the repository `root`, checked
/// against the variant's clauses; `None` when the variant has none yet.
///
/// # Errors
/// [`crate::spec::SpecError`] when the spec or the file is broken.
pub fn load_frame_spec(
    root: &std::path::Path,
    variant: VariantId,
) -> Result<Option<FrameSpec>, crate::spec::SpecError> {
    let dir = root.join("spec").join(variant.name());
    if !crate::spec::frames::has_frames(&dir) {
        return Ok(None);
    }
    let spec = crate::spec::Spec::load(&dir)?;
    let clauses: Vec<String> = spec.clauses.iter().map(|c| c.id.clone()).collect();
    crate::spec::frames::load_frames(&dir, variant, &clauses).map(Some)
}
