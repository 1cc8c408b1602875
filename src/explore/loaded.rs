//! One variant's suite as the explorer needs it: the spec, the loaded
//! scenarios, the misreadings catalogue, and the suite's results under
//! each set of forced settings asked so far (run once, then kept).

use std::collections::BTreeMap;
use std::path::Path;

use crate::report::diff::DiffInput;
use crate::scenario::load::Loaded;
use crate::scenario::results::Status;
use crate::scenario::run::Mismatch;
use crate::scenario::suite_loop::{answer_all, OnReference};
use crate::spec::{MisreadingEntry, Spec};
use crate::variant::{VariantId, FAULT_PREFIX};

use super::ExploreError;

/// A variant's suite with its results cached by forced settings.
#[derive(Debug)]
pub struct Suite {
    /// The variant.
    pub variant: VariantId,
    /// `spec/<variant>/`.
    pub spec: Spec,
    /// The scenarios of `scenarios/<variant>/` that loaded, in path order.
    pub cases: Vec<Loaded>,
    /// How many files did not load (`check` names them).
    pub invalid: usize,
    /// `spec/<variant>/misreadings.yaml`; empty where the variant has none.
    pub misreadings: Vec<MisreadingEntry>,
    results: BTreeMap<Vec<String>, Vec<Result<(), Mismatch>>>,
}

/// A scenario whose outcome differs between two sets of settings.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Flip {
    /// The scenario ID.
    pub id: String,
    /// Its first clause.
    pub clause: String,
    /// Whether it passes under the settings compared against.
    pub passed_before: bool,
    /// Whether it passes under the settings now.
    pub passed_after: bool,
    /// The step that differs (`play 16-28`...).
    pub what: String,
    /// Its number, counted from 1 (0: the starting position).
    pub step: usize,
    /// What the engine does at that step under the settings compared
    /// against, in words (filled by the explorer in the page's language).
    pub before_words: String,
    /// What it does there under the settings now, in words.
    pub after_words: String,
}

impl Suite {
    /// Loads the suite of `variant` from the repository at `root`.
    ///
    /// # Errors
    /// The spec or the scenario folder cannot be read.
    pub fn load(root: &Path, variant: VariantId) -> Result<Suite, ExploreError> {
        let input = DiffInput::load_variant(root, variant)?;
        let dir = root.join("spec").join(variant.name());
        let misreadings = if dir.join("misreadings.yaml").is_file() {
            crate::spec::load_misreadings(&dir, variant)?
        } else {
            Vec::new()
        };
        Ok(Suite {
            variant,
            spec: input.spec,
            cases: input.cases,
            invalid: input.invalid.len(),
            misreadings,
            results: BTreeMap::new(),
        })
    }

    /// Adds a scenario read from a file outside the suite (`explore
    /// --scenario FILE`, the file a conformance report's hint names), so
    /// that the page steps through it like one of the suite's: it takes
    /// the place of a suite scenario with the same ID.
    pub fn add_case(&mut self, loaded: Loaded) {
        self.results.clear();
        match self
            .cases
            .iter_mut()
            .find(|case| case.scenario.id == loaded.scenario.id)
        {
            Some(case) => *case = loaded,
            None => self.cases.push(loaded),
        }
    }

    /// The scenario with this ID.
    pub fn case(&self, id: &str) -> Option<&Loaded> {
        self.cases.iter().find(|case| case.scenario.id == id)
    }

    /// Every scenario's result with `forced` on top of its own ruleset
    /// (`fault:M-...` entries play a misreading), computed once.
    pub fn results(&mut self, forced: &[String]) -> &[Result<(), Mismatch>] {
        let mut key = forced.to_vec();
        key.sort();
        key.dedup();
        let cases = &self.cases;
        // The one suite loop with the reference as `check` runs it.
        self.results.entry(key).or_insert_with_key(|key| {
            let mut reference = OnReference { forced: key };
            answer_all(cases, &mut reference)
                .into_iter()
                .map(|case| match case.status {
                    Status::Failed(mismatch) => Err(mismatch),
                    _ => Ok(()),
                })
                .collect()
        })
    }

    /// The scenarios whose outcome differs between the settings `before`
    /// and `after`, as `rulings diff` judges a change: a pass that turns
    /// into a failure or back, or a failure at another step or with
    /// another answer.
    pub fn flips(&mut self, before: &[String], after: &[String]) -> Vec<Flip> {
        let old: Vec<Result<(), Mismatch>> = self.results(before).to_vec();
        let new: Vec<Result<(), Mismatch>> = self.results(after).to_vec();
        let mut out = Vec::new();
        for ((case, old), new) in self.cases.iter().zip(&old).zip(&new) {
            let (what, step) = match (old, new) {
                (Ok(()), Ok(())) => continue,
                (Err(a), Err(b)) if a.step == b.step && a.actual == b.actual => continue,
                (_, Err(m)) | (Err(m), Ok(())) => (m.what.clone(), m.step),
            };
            out.push(Flip {
                id: case.scenario.id.clone(),
                clause: case.scenario.clauses.first().cloned().unwrap_or_default(),
                passed_before: old.is_ok(),
                passed_after: new.is_ok(),
                what,
                step,
                before_words: String::new(),
                after_words: String::new(),
            });
        }
        out
    }

    /// The scenarios that catch the misreading `id`: those that fail when
    /// the engine plays it (as `check --fault`).
    pub fn caught_by(&mut self, id: &str) -> Vec<String> {
        let forced = vec![format!("{FAULT_PREFIX}{id}")];
        let results = self.results(&forced).to_vec();
        self.cases
            .iter()
            .zip(results)
            .filter(|(_, result)| result.is_err())
            .map(|(case, _)| case.scenario.id.clone())
            .collect()
    }
}
