//! The frames and edges of `spec/<variant>/frames.yaml` (issue 47): for
//! every movement, capture and check rule of a variant, the frames it has
//! (a party's orientation, a kingdom's half, dead pieces, ...) and the
//! edges it has (a promotion rank, the river bank, a board edge, ...).
//! `check --coverage` counts the scenarios that play each rule in each
//! frame and at each edge ([`crate::scenario::coverage`]); a cell no
//! scenario fills must be argued away by a `reason`.
//!
//! Which rule, frame and edge a scenario's action touches is computed from
//! the position and the action by the variant's own function
//! ([`crate::variant::MisreadingInfo::frames`]), never hand-tagged; the names
//! it gives are those of this file.

use std::collections::BTreeSet;
use std::path::Path;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::{read_yaml, SpecError};

/// What kind of rule a row is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum RuleKind {
    /// How a piece moves.
    Movement,
    /// How a piece captures.
    Capture,
    /// How a piece gives check (or what a checked party may do).
    Check,
}

/// One frame or edge: a named column of the table.
#[derive(Clone, Debug, Deserialize, Serialize, PartialEq, Eq, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Cell {
    /// Its name, as the variant's frame function gives it.
    pub id: String,
    /// One line: what it is.
    pub says: String,
}

/// A cell of a rule that no scenario need fill, with why.
#[derive(Clone, Debug, Deserialize, Serialize, PartialEq, Eq, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct EmptyReason {
    /// The frame or edge.
    pub cell: String,
    /// One line: why no scenario can or need play the rule there.
    pub reason: String,
}

/// One rule: a row of the table.
#[derive(Clone, Debug, Deserialize, Serialize, PartialEq, Eq, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FrameRule {
    /// Its name, as the variant's frame function gives it
    /// (`move.<kind>`, `capture.<kind>`, `check.<kind>`, ...).
    pub id: String,
    /// The clause it implements.
    pub clause: String,
    /// Movement, capture or check.
    pub kind: RuleKind,
    /// The frames and edges the rule has.
    pub cells: Vec<String>,
    /// The cells argued away.
    #[serde(default)]
    pub reasons: Vec<EmptyReason>,
}

/// The whole of `frames.yaml`.
#[derive(Clone, Debug, Default, Deserialize, Serialize, PartialEq, Eq, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FrameSpec {
    /// The variant's name.
    pub variant: String,
    /// The frames: the ways a rule is seen (orientations, halves, ...).
    pub frames: Vec<Cell>,
    /// The edges: the places where a rule's reach ends or changes.
    #[serde(default)]
    pub edges: Vec<Cell>,
    /// The rules, each with its frames and edges.
    pub rules: Vec<FrameRule>,
}

impl FrameSpec {
    /// Whether `id` is a frame (not an edge).
    pub fn is_frame(&self, id: &str) -> bool {
        self.frames.iter().any(|c| c.id == id)
    }

    /// The rule `id`.
    pub fn rule(&self, id: &str) -> Option<&FrameRule> {
        self.rules.iter().find(|r| r.id == id)
    }

    /// The reason a cell of `rule` may stay empty, if one is given.
    pub fn reason(&self, rule: &str, cell: &str) -> Option<&str> {
        self.rule(rule)?
            .reasons
            .iter()
            .find(|r| r.cell == cell)
            .map(|r| r.reason.as_str())
    }
}

/// Whether `variant` has a `frames.yaml` in the spec folder `dir`.
pub fn has_frames(dir: &Path) -> bool {
    dir.join("frames.yaml").is_file()
}

/// Loads `frames.yaml` from `dir`, the spec folder of `variant`, checked:
/// `variant:` names it; frame and edge IDs are unique together; rule IDs
/// are unique; every rule names a clause of `clauses` and at least one
/// cell, each a listed frame or edge, none twice; every reason names one
/// of the rule's cells, once, on one non-empty line.
///
/// # Errors
/// [`SpecError`] naming the file, the rule and what was expected.
pub fn load_frames(
    dir: &Path,
    variant: crate::variant::VariantId,
    clauses: &[String],
) -> Result<FrameSpec, SpecError> {
    let path = dir.join("frames.yaml");
    let file: FrameSpec = read_yaml(&path)?;
    let fail = |message: String| SpecError::Reference {
        path: path.clone(),
        message,
    };
    if file.variant != variant.name() {
        return Err(fail(format!(
            "variant '{}': expected '{variant}' (the file is spec/{variant}/frames.yaml)",
            file.variant
        )));
    }
    let one_line = |text: &str| !text.trim().is_empty() && !text.contains('\n');
    let mut cells = BTreeSet::new();
    for cell in file.frames.iter().chain(&file.edges) {
        if cell.id.trim().is_empty() || !cells.insert(cell.id.as_str()) {
            return Err(fail(format!(
                "frame or edge '{}': expected a non-empty ID listed once among frames and edges",
                cell.id
            )));
        }
        if !one_line(&cell.says) {
            return Err(fail(format!(
                "frame or edge '{}': expected `says` on one non-empty line",
                cell.id
            )));
        }
    }
    let mut rules = BTreeSet::new();
    for rule in &file.rules {
        let what = format!("rule '{}'", rule.id);
        if !rules.insert(rule.id.as_str()) {
            return Err(fail(format!("{what} is listed twice")));
        }
        if !clauses.contains(&rule.clause) {
            return Err(fail(format!(
                "{what}: `clause: {}` is not a clause of spec/{variant}/clauses.yaml",
                rule.clause
            )));
        }
        if rule.cells.is_empty() {
            return Err(fail(format!(
                "{what}: expected at least one frame or edge in `cells`"
            )));
        }
        let mut own = BTreeSet::new();
        for cell in &rule.cells {
            if !cells.contains(cell.as_str()) {
                return Err(fail(format!(
                    "{what}: cell '{cell}' is not a listed frame or edge (expected one of {})",
                    cells.iter().copied().collect::<Vec<_>>().join(", ")
                )));
            }
            if !own.insert(cell.as_str()) {
                return Err(fail(format!("{what}: cell '{cell}' is listed twice")));
            }
        }
        let mut argued = BTreeSet::new();
        for reason in &rule.reasons {
            if !own.contains(reason.cell.as_str()) {
                return Err(fail(format!(
                    "{what}: reason for '{}', which is not one of the rule's cells",
                    reason.cell
                )));
            }
            if !argued.insert(reason.cell.as_str()) {
                return Err(fail(format!("{what}: two reasons for '{}'", reason.cell)));
            }
            if !one_line(&reason.reason) {
                return Err(fail(format!(
                    "{what}: the reason for '{}': expected one non-empty line",
                    reason.cell
                )));
            }
        }
    }
    Ok(file)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::VariantId;

    fn load(text: &str) -> Result<FrameSpec, String> {
        static NEXT: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
        let n = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let dir = std::env::temp_dir().join(format!("regelwerk-frames-{}-{n}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("frames.yaml"), text).unwrap();
        let out =
            load_frames(&dir, VariantId::Grand, &["g.5".to_string()]).map_err(|e| e.to_string());
        let _ = std::fs::remove_dir_all(&dir);
        out
    }

    const GOOD: &str = "variant: grand\nframes:\n  - {id: white, says: White}\n  - {id: black, says: Black}\nedges:\n  - {id: rank-10, says: last rank}\nrules:\n  - id: move.pawn\n    clause: g.5\n    kind: movement\n    cells: [white, black, rank-10]\n    reasons:\n      - {cell: rank-10, reason: a pawn there has promoted}\n";

    #[test]
    fn a_good_file_loads_and_answers_reasons() {
        let spec = load(GOOD).unwrap();
        assert_eq!(
            spec.reason("move.pawn", "rank-10"),
            Some("a pawn there has promoted")
        );
        assert_eq!(spec.reason("move.pawn", "white"), None);
        assert!(spec.is_frame("white") && !spec.is_frame("rank-10"));
    }

    #[test]
    fn bad_files_are_refused_naming_what_is_wrong() {
        let cases = [
            (
                GOOD.replace("variant: grand", "variant: racingkings"),
                "expected 'grand'",
            ),
            (GOOD.replace("clause: g.5", "clause: g.99"), "not a clause"),
            (
                GOOD.replace("[white, black, rank-10]", "[white, blue]"),
                "cell 'blue'",
            ),
            (
                GOOD.replace("[white, black, rank-10]", "[white, white]"),
                "listed twice",
            ),
            (
                GOOD.replace("{cell: rank-10,", "{cell: black2,"),
                "not one of the rule's cells",
            ),
            (
                GOOD.replace("kind: movement", "kind: moving"),
                "unknown variant",
            ),
            (
                GOOD.replace("kind: movement", "kind: movement\n    colour: red"),
                "unknown field",
            ),
        ];
        for (text, want) in cases {
            let error = load(&text).unwrap_err();
            assert!(error.contains(want), "{error} lacks {want}");
        }
    }
}
