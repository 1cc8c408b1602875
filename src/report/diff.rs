//! Ruling diffs: what one ruling alternative changes. The suite is run
//! with the alternative forced on top of every scenario's own ruleset,
//! and perft(1..=depth) is counted from the variant's corpus positions
//! ([`crate::variant::RulingPerft`]; MONARCHIE's four) under the default
//! and the alternative ruleset.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use rayon::prelude::*;

use crate::scenario::load::{load_file, LoadError, Loaded};
use crate::scenario::run::{run, run_with, Mismatch};
use crate::spec::{Spec, SpecError};
use crate::suite::collect_files;
use crate::variant::{Game, VariantError, VariantId};

/// The default perft depth of the comparison.
pub const DEFAULT_PERFT_DEPTH: u32 = 4;

/// Why the inputs of a diff could not be read.
#[derive(Debug, thiserror::Error)]
pub enum DiffError {
    /// The spec is invalid.
    #[error(transparent)]
    Spec(#[from] SpecError),
    /// A file or directory could not be read.
    #[error("{path}: {source}")]
    Io {
        /// The path.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// The perft corpus lacks a block or has an unreadable position.
    #[error("{path}: {message}")]
    Corpus {
        /// The corpus file.
        path: PathBuf,
        /// What is wrong.
        message: String,
    },
    /// The setting is not a ruling alternative.
    #[error(transparent)]
    Ruling(#[from] VariantError),
}

/// Everything a diff reads: the spec, the loaded scenarios, the perft
/// positions.
#[derive(Debug, Clone)]
pub struct DiffInput {
    /// The variant.
    pub variant: VariantId,
    /// The spec.
    pub spec: Spec,
    /// The scenarios that loaded, in path order.
    pub cases: Vec<Loaded>,
    /// The scenario files that did not load.
    pub invalid: Vec<LoadError>,
    /// `(corpus ID, position in the variant's notation)` for the perft
    /// comparison.
    pub perft_positions: Vec<(String, String)>,
}

impl DiffInput {
    /// Loads `spec/<variant>`, `scenarios/<variant>` and the perft
    /// positions its [`crate::variant::VariantInfo::ruling_perft`] names
    /// (MONARCHIE's; the others compare the scenarios only).
    ///
    /// # Errors
    /// [`DiffError`] naming the file.
    pub fn load_variant(root: &Path, variant: VariantId) -> Result<DiffInput, DiffError> {
        let spec = Spec::load(&root.join("spec").join(variant.name()))?;
        let dir = root.join("scenarios").join(variant.name());
        let files = collect_files(std::slice::from_ref(&dir))
            .map_err(|source| DiffError::Io { path: dir, source })?;
        let mut cases = Vec::new();
        let mut invalid = Vec::new();
        for file in &files {
            match load_file(file, Some(&spec)) {
                Ok(loaded) => cases.push(loaded),
                Err(error) => invalid.push(error),
            }
        }
        let perft_positions = match crate::variant::info(variant).ruling_perft {
            Some(perft) => corpus_positions(variant, &root.join(perft.corpus), perft.positions)?,
            None => Vec::new(),
        };
        Ok(DiffInput {
            variant,
            spec,
            cases,
            invalid,
            perft_positions,
        })
    }
}

/// Reads the positions of the blocks `wanted` from `variant`'s perft
/// corpus, each checked by opening it.
fn corpus_positions(
    variant: VariantId,
    path: &Path,
    wanted: &[&str],
) -> Result<Vec<(String, String)>, DiffError> {
    let text = crate::input::read_to_string(path).map_err(|source| DiffError::Io {
        path: path.to_path_buf(),
        source,
    })?;
    let fail = |message: String| DiffError::Corpus {
        path: path.to_path_buf(),
        message,
    };
    let mut out = Vec::new();
    for &wanted in wanted {
        let mut current = "";
        let mut found = None;
        for (index, line) in text.lines().enumerate() {
            if let Some(id) = line.strip_prefix("id ") {
                current = id.trim();
            } else if let Some(notation) = line.strip_prefix("position ") {
                if current == wanted {
                    crate::variant::open(variant, Some(notation), &[])
                        .map_err(|error| fail(format!("line {}: {error}", index + 1)))?;
                    found = Some(notation.to_string());
                    break;
                }
            }
        }
        let position = found.ok_or_else(|| fail(format!("no block 'id {wanted}'")))?;
        out.push((wanted.to_string(), position));
    }
    Ok(out)
}

/// Runs a scenario with `forced` settings applied on top of its ruleset.
pub fn run_under(loaded: &Loaded, forced: &[String]) -> Result<(), Mismatch> {
    if forced.is_empty() {
        return run(loaded);
    }
    run_with(loaded, forced)
}

/// A scenario whose outcome differs under the alternative.
#[derive(Debug, Clone)]
pub struct ChangedCase {
    /// The scenario ID.
    pub id: String,
    /// Its file.
    pub path: PathBuf,
    /// Its clauses.
    pub clauses: Vec<String>,
    /// Whether it passes under the default rulings.
    pub passed_before: bool,
    /// Whether it passes under the alternative.
    pub passed_after: bool,
    /// The step that differs (`play 16-28`...).
    pub what: String,
    /// What the engine answers under the default (YAML).
    pub before: String,
    /// What it answers under the alternative (YAML).
    pub after: String,
}

/// perft counts of one position at one depth under both rulesets.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PerftRow {
    /// The corpus ID of the position.
    pub position: String,
    /// The depth.
    pub depth: u32,
    /// Leaves under the default rulings.
    pub default: u64,
    /// Leaves under the alternative.
    pub alternative: u64,
}

/// What one alternative changes.
#[derive(Debug, Clone)]
pub struct RulingDiff {
    /// `ID=key`.
    pub setting: String,
    /// Scenarios whose outcome changes.
    pub changed: Vec<ChangedCase>,
    /// perft counts, by position then depth.
    pub perft: Vec<PerftRow>,
}

/// The default results every diff compares against.
#[derive(Debug, Clone)]
pub struct Baseline {
    /// The result of each of the input's cases, in order.
    pub results: Vec<Result<(), Mismatch>>,
    /// perft counts per position (outer) and depth 1.. (inner).
    pub perft: Vec<Vec<u64>>,
}

/// perft(1..=depth) of `position` (in `variant`'s notation) under the
/// ruling `settings` (the default rulings where they do not read).
fn perft_counts(variant: VariantId, position: &str, depth: u32, settings: &[String]) -> Vec<u64> {
    let game: Option<Box<dyn Game>> = crate::variant::open(variant, Some(position), settings)
        .or_else(|_| crate::variant::open(variant, Some(position), &[]))
        .ok();
    game.map_or_else(Vec::new, |game| {
        (1..=depth).map(|d| game.perft(d)).collect()
    })
}

/// perft tables for several rulesets (each its ruling settings), spread
/// over the machine's cores.
fn perft_tables(input: &DiffInput, depth: u32, rulesets: &[Vec<String>]) -> Vec<Vec<Vec<u64>>> {
    let (variant, positions) = (input.variant, &input.perft_positions);
    let jobs: Vec<(usize, usize)> = (0..rulesets.len())
        .flat_map(|r| (0..positions.len()).map(move |p| (r, p)))
        .collect();
    let results: Mutex<Vec<Vec<Vec<u64>>>> =
        Mutex::new(vec![vec![Vec::new(); positions.len()]; rulesets.len()]);
    let next = AtomicUsize::new(0);
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    std::thread::scope(|scope| {
        for _ in 0..threads.min(jobs.len()) {
            scope.spawn(|| loop {
                let index = next.fetch_add(1, Ordering::Relaxed);
                let Some(&(r, p)) = jobs.get(index) else {
                    break;
                };
                let counts = perft_counts(variant, &positions[p].1, depth, &rulesets[r]);
                if let Ok(mut table) = results.lock() {
                    table[r][p] = counts;
                }
            });
        }
    });
    results
        .into_inner()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// The default results of the suite and perft.
pub fn baseline(input: &DiffInput, depth: u32) -> Baseline {
    Baseline {
        results: input
            .cases
            .iter()
            .map(|case| run_under(case, &[]))
            .collect(),
        perft: input
            .perft_positions
            .iter()
            .map(|(_, position)| perft_counts(input.variant, position, depth, &[]))
            .collect(),
    }
}

/// Compares the suite under `setting` with the baseline, given the
/// alternative's perft table.
fn compare(
    input: &DiffInput,
    base: &Baseline,
    setting: &str,
    alt_perft: &[Vec<u64>],
) -> RulingDiff {
    let forced = vec![setting.to_string()];
    let mut changed = Vec::new();
    for (case, before) in input.cases.iter().zip(&base.results) {
        let after = run_under(case, &forced);
        let passed_before = before.is_ok();
        let entry = |what: &str, before: &str, after: &str| ChangedCase {
            id: case.scenario.id.clone(),
            path: case.path.clone(),
            clauses: case.scenario.clauses.clone(),
            passed_before,
            passed_after: false,
            what: what.to_string(),
            before: before.to_string(),
            after: after.to_string(),
        };
        match (before, &after) {
            (Ok(()), Ok(())) => {}
            (Ok(()), Err(m)) => changed.push(entry(&m.what, &m.expected, &m.actual)),
            (Err(m), Ok(())) => {
                let mut item = entry(&m.what, &m.actual, &m.expected);
                item.passed_after = true;
                changed.push(item);
            }
            (Err(b), Err(a)) => {
                if b.actual != a.actual || b.step != a.step {
                    changed.push(entry(&a.what, &b.actual, &a.actual));
                }
            }
        }
    }
    let mut perft = Vec::new();
    for (index, (id, _)) in input.perft_positions.iter().enumerate() {
        let defaults = base.perft.get(index).cloned().unwrap_or_default();
        let alternatives = alt_perft.get(index).cloned().unwrap_or_default();
        for (d, (default, alternative)) in defaults.iter().zip(&alternatives).enumerate() {
            perft.push(PerftRow {
                position: id.clone(),
                depth: d as u32 + 1,
                default: *default,
                alternative: *alternative,
            });
        }
    }
    RulingDiff {
        setting: setting.to_string(),
        changed,
        perft,
    }
}

/// Refuses a comparison of perft `depth` that `perft` itself would
/// refuse: depth 0 (nothing to compare), deeper than `MAX_PERFT_DEPTH`,
/// or more nodes than `perft`'s default budget (`DEFAULT_MAX_NODES`) over
/// all `rulesets` rulesets and the corpus positions, by the estimate of
/// [`crate::budget::estimate`].
///
/// # Errors
/// [`PerftBudgetError`]: the depth or the estimate, and the budget.
pub fn check_perft_budget(
    input: &DiffInput,
    depth: u32,
    rulesets: usize,
) -> Result<(), PerftBudgetError> {
    if depth == 0 {
        return Err(PerftBudgetError::Zero);
    }
    crate::input::check_perft_depth(depth)?;
    let limit = crate::budget::DEFAULT_MAX_NODES;
    let mut total = 0.0;
    for (name, position) in &input.perft_positions {
        let game = crate::variant::open(input.variant, Some(position), &[]).map_err(|source| {
            PerftBudgetError::Corpus {
                name: name.clone(),
                source,
            }
        })?;
        total += crate::budget::estimate(game.as_ref(), depth).nodes * rulesets as f64;
        if total > limit as f64 {
            return Err(PerftBudgetError::OverBudget {
                depth,
                total,
                rulesets,
                limit,
            });
        }
    }
    Ok(())
}

/// Why `rulings diff` refuses a perft depth before it starts.
#[derive(Debug, thiserror::Error)]
pub enum PerftBudgetError {
    /// Depth 0.
    #[error("--perft-depth 0 compares nothing: give a depth from 1")]
    Zero,
    /// Deeper than perft goes.
    #[error(transparent)]
    Depth(#[from] crate::input::InputError),
    /// A corpus position the variant refuses.
    #[error("corpus position {name}: {source}")]
    Corpus {
        /// The block's ID.
        name: String,
        /// Why.
        source: VariantError,
    },
    /// More nodes than perft's default budget, by the estimate.
    #[error("--perft-depth {depth} is estimated at {total:.3e} nodes over {rulesets} rulesets, more than the budget of {limit} (DEFAULT_MAX_NODES, as for perft)")]
    OverBudget {
        /// The depth asked.
        depth: u32,
        /// The estimated nodes over all rulesets.
        total: f64,
        /// How many rulesets are compared.
        rulesets: usize,
        /// `DEFAULT_MAX_NODES`.
        limit: u64,
    },
}

/// The diff of one alternative `ID=key`.
///
/// # Errors
/// [`DiffError::Ruling`] if the setting is not valid.
pub fn diff_alternative(
    input: &DiffInput,
    setting: &str,
    depth: u32,
) -> Result<RulingDiff, DiffError> {
    let tables = match input.perft_positions.first() {
        Some((_, position)) => {
            let alternative = vec![setting.to_string()];
            crate::variant::open(input.variant, Some(position), &alternative)?;
            perft_tables(input, depth, &[Vec::new(), alternative])
        }
        // A variant without perft positions: the diff is the scenarios'
        // (the setting is checked by the caller against
        // `variant::alternatives`).
        None => vec![Vec::new(), Vec::new()],
    };
    let base = Baseline {
        results: input
            .cases
            .iter()
            .map(|case| run_under(case, &[]))
            .collect(),
        perft: tables[0].clone(),
    };
    Ok(compare(input, &base, setting, &tables[1]))
}

/// The baseline and the diff of every alternative of the variant
/// ([`crate::variant::alternatives`]), perft counted in parallel.
pub fn all_diffs(input: &DiffInput, depth: u32) -> (Baseline, Vec<RulingDiff>) {
    all_diffs_with(input, depth, &mut |_| {})
}

/// [`all_diffs`], telling `progress` what it is doing.
pub fn all_diffs_with(
    input: &DiffInput,
    depth: u32,
    progress: &mut dyn FnMut(&str),
) -> (Baseline, Vec<RulingDiff>) {
    let settings = crate::variant::alternatives(input.variant);
    let mut rulesets = vec![Vec::new()];
    for setting in &settings {
        rulesets.push(vec![setting.clone()]);
    }
    if !input.perft_positions.is_empty() {
        progress(&format!(
            "perft 1-{depth} of {} positions under {} rulesets",
            input.perft_positions.len(),
            rulesets.len()
        ));
    }
    let tables = perft_tables(input, depth, &rulesets);
    let base = Baseline {
        results: input
            .cases
            .par_iter()
            .map(|case| run_under(case, &[]))
            .collect(),
        perft: tables[0].clone(),
    };
    // The alternatives run side by side, as many at a time as there are
    // threads; each is announced when its batch starts.
    let jobs: Vec<(&String, &Vec<Vec<u64>>)> = settings.iter().zip(tables.iter().skip(1)).collect();
    let batch = rayon::current_num_threads().max(1);
    let mut diffs = Vec::new();
    for (first, chunk) in jobs.chunks(batch).enumerate() {
        for (offset, (setting, _)) in chunk.iter().enumerate() {
            progress(&format!(
                "alternative {}/{}: {setting}",
                first * batch + offset + 1,
                settings.len()
            ));
        }
        diffs.extend(
            chunk
                .par_iter()
                .map(|(setting, table)| compare(input, &base, setting, table))
                .collect::<Vec<_>>(),
        );
    }
    (base, diffs)
}

impl RulingDiff {
    /// The diff as plain text: the changed scenarios with the step, the
    /// answer before and after, then the perft table.
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        let _ = writeln!(out, "ruling alternative {}", self.setting);
        let _ = writeln!(
            out,
            "scenarios whose outcome changes: {}",
            self.changed.len()
        );
        for case in &self.changed {
            let verdict = match (case.passed_before, case.passed_after) {
                (true, false) => "passes -> fails",
                (false, true) => "fails -> passes",
                _ => "fails differently",
            };
            let _ = writeln!(out, "\n  {} ({verdict}), {}", case.id, case.path.display());
            let _ = writeln!(out, "    step: {}", case.what);
            let _ = writeln!(out, "    default:");
            for line in case.before.lines() {
                let _ = writeln!(out, "      {line}");
            }
            let _ = writeln!(out, "    {}:", self.setting);
            for line in case.after.lines() {
                let _ = writeln!(out, "      {line}");
            }
        }
        let _ = writeln!(out, "\nperft (default / {}):", self.setting);
        let _ = writeln!(
            out,
            "  {:<16} {:>5} {:>12} {:>12} {:>8}",
            "position", "depth", "default", "alternative", "change"
        );
        for row in &self.perft {
            let _ = writeln!(
                out,
                "  {:<16} {:>5} {:>12} {:>12} {:>8}",
                row.position,
                row.depth,
                row.default,
                row.alternative,
                row.change()
            );
        }
        out
    }
}

impl PerftRow {
    /// The relative change, e.g. `+12.5%`, or `=` when equal.
    pub fn change(&self) -> String {
        if self.default == self.alternative {
            return "=".to_string();
        }
        if self.default == 0 {
            return "new".to_string();
        }
        let percent = (self.alternative as f64 - self.default as f64) / self.default as f64 * 100.0;
        format!("{percent:+.1}%")
    }

    /// [`PerftRow::change`] as a page in `lang` writes it: German with a
    /// decimal comma and a space before the sign ("+12,8 %", "neu").
    pub fn change_in(&self, lang: super::labels::Lang) -> String {
        let english = self.change();
        match lang {
            super::labels::Lang::En => english,
            super::labels::Lang::De if english == "new" => "neu".to_string(),
            super::labels::Lang::De => match english.strip_suffix('%') {
                Some(number) => format!("{} %", number.replace('.', ",")),
                None => english,
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::labels::Lang;

    #[test]
    fn a_perft_change_reads_as_its_page_writes_numbers() {
        let row = |default, alternative| PerftRow {
            position: "start".to_string(),
            depth: 2,
            default,
            alternative,
        };
        assert_eq!(row(1000, 1128).change_in(Lang::En), "+12.8%");
        assert_eq!(row(1000, 1128).change_in(Lang::De), "+12,8 %");
        assert_eq!(row(0, 5).change_in(Lang::De), "neu");
        assert_eq!(row(7, 7).change_in(Lang::De), "=");
    }
}
