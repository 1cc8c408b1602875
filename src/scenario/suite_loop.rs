//! The one suite loop, for every runner of the suite: `check` (the
//! reference answers), `conform` (an external engine answers, beside the
//! reference) and the explorer (the reference answers under the settings
//! it is asked; its step table is the recording engine's,
//! [`super::record`]). It reads
//! the files ([`Reader`]: collect, parse, filter, validate against the
//! variant's spec), walks the units of a campaign ([`walk`]: the shard
//! taken, a resumed results file's finished units skipped, each unit's
//! result handed on as it is done) and hands each case to the subject
//! that answers it ([`Answerer`]), which runs it through the one step
//! interpreter ([`super::run::interpret`]). What the loop's results are
//! is [`super::results`]; their tables, JSON and JUnit are
//! [`super::outputs`].

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use crate::spec::Spec;
use crate::variant::VariantId;

use super::filter::Filter;
use super::kind::{kind_of, FileKind};
use super::load::{LoadError, Loaded, Parsed};
use super::results::{mark_duplicate_ids, CaseResult, Status, SuiteReport};

/// A subject that answers a suite's cases, each in its own terms: the
/// reference ([`OnReference`]: `check`, and the explorer's results
/// under the settings it is asked), an external engine beside the
/// reference (`conform::campaign`). Each runs a case through the one step
/// interpreter.
pub trait Answerer {
    /// What one case comes to.
    type Outcome;

    /// Runs one case.
    fn answer(&mut self, loaded: &Loaded) -> Self::Outcome;

    /// Settles the outcomes given so far (the newest last) after a case:
    /// an answer that arrives late may change an earlier case's (an
    /// engine that answers a request twice loses the case that sent it).
    /// Nothing by default.
    fn settle(&mut self, _outcomes: &mut [Self::Outcome]) {}

    /// Settles the outcomes once the last case has run (what the subject
    /// says only when it stops). Nothing by default.
    fn finish(&mut self, _outcomes: &mut [Self::Outcome]) {}
}

/// The reference engine of this process, with `forced` settings on top
/// of every scenario's ruleset (`fault:M-...` entries play misreadings,
/// as `check --fault`): what `check` runs.
pub struct OnReference<'a> {
    /// The forced settings.
    pub forced: &'a [String],
}

impl Answerer for OnReference<'_> {
    type Outcome = CaseResult;

    fn answer(&mut self, loaded: &Loaded) -> CaseResult {
        let status = match super::run::run_with(loaded, self.forced) {
            Ok(()) if loaded.scenario.review.is_some() => Status::AwaitingReview,
            Ok(()) => Status::Passed,
            Err(mismatch) => Status::Failed(mismatch),
        };
        CaseResult::of_loaded(loaded, status)
    }
}

/// Where a campaign's units go besides the loop: which units the shard
/// takes, which a resumed results file has done, each unit's outcome as
/// it is settled, the progress (docs/scale.md). Every hook does nothing
/// by default: [`Whole`] is a run of every unit, kept in memory.
pub trait Hooks<R> {
    /// Whether the shard takes the unit with this index among the
    /// campaign's units.
    fn takes(&self, _unit: usize) -> bool {
        true
    }

    /// Whether a resumed results file has this unit done: it is skipped.
    fn is_done(&self, _unit: usize) -> bool {
        false
    }

    /// After a unit ran: its index and the walk so far, its outcomes
    /// settled (the unit's own last, when it gave one).
    ///
    /// # Errors
    /// A results file that cannot be written.
    fn ran(&mut self, _unit: usize, _walked: &Walked<R>) -> std::io::Result<()> {
        Ok(())
    }

    /// After the last unit, the walk's outcomes settled.
    ///
    /// # Errors
    /// A results file that cannot be written.
    fn finish(&mut self, _walked: &Walked<R>) -> std::io::Result<()> {
        Ok(())
    }

    /// The number of the shard's units walked so far (for a progress bar).
    fn progress(&mut self, _walked: usize) {}
}

/// Every unit, no results file.
pub struct Whole;

impl<R> Hooks<R> for Whole {}

/// Every case of `cases` answered by `answerer`, in order: the loop
/// without shard or results file.
pub fn answer_all<A: Answerer>(cases: &[Loaded], answerer: &mut A) -> Vec<A::Outcome> {
    match walk(cases, Unit::Given, answerer, &mut Whole) {
        Ok(walked) => walked.outcomes,
        // [`Whole`] writes nothing, so the walk cannot fail.
        Err(_) => Vec::new(),
    }
}

/// What a unit of a campaign holds when it is read.
pub enum Unit<'a, R> {
    /// A scenario the campaign holds, to answer.
    Given(&'a Loaded),
    /// A scenario read from its file, to answer.
    Read(Box<Loaded>),
    /// An outcome without the subject: a file that cannot be used, a
    /// file of another kind run by its own loader.
    Done(R),
    /// Nothing: the filter leaves it out.
    Left,
}

/// What a walk gave.
#[derive(Debug)]
pub struct Walked<R> {
    /// The outcomes, in unit order.
    pub outcomes: Vec<R>,
    /// The index of the unit of each outcome.
    pub units: Vec<usize>,
    /// The units skipped because a resumed results file had them done.
    pub resumed: usize,
}

/// The one suite loop: each unit the shard takes and a resumed results
/// file has not done is read (`read`), its case answered by `answerer`,
/// the outcomes settled and handed to `hooks`.
///
/// # Errors
/// A results file that cannot be written.
pub fn walk<'u, U, A: Answerer>(
    units: &'u [U],
    mut read: impl FnMut(&'u U) -> Unit<'u, A::Outcome>,
    answerer: &mut A,
    hooks: &mut impl Hooks<A::Outcome>,
) -> std::io::Result<Walked<A::Outcome>> {
    let mut walked = Walked {
        outcomes: Vec::new(),
        units: Vec::new(),
        resumed: 0,
    };
    let mut position = 0;
    for (index, unit) in units.iter().enumerate() {
        if !hooks.takes(index) {
            continue;
        }
        position += 1;
        if hooks.is_done(index) {
            walked.resumed += 1;
            hooks.progress(position);
            continue;
        }
        let outcome = match read(unit) {
            Unit::Given(loaded) => Some(answerer.answer(loaded)),
            Unit::Read(loaded) => Some(answerer.answer(&loaded)),
            Unit::Done(outcome) => Some(outcome),
            Unit::Left => None,
        };
        if let Some(outcome) = outcome {
            walked.outcomes.push(outcome);
            walked.units.push(index);
        }
        answerer.settle(&mut walked.outcomes);
        hooks.ran(index, &walked)?;
        hooks.progress(position);
    }
    answerer.finish(&mut walked.outcomes);
    hooks.finish(&walked)?;
    Ok(walked)
}

/// Reads the files of a suite: a file of one of `kinds` through that
/// kind's loader, every other file as a scenario, parsed once and
/// filtered before it is validated against its variant's spec.
pub struct Reader<'a> {
    /// The other kinds of file the suite holds.
    pub kinds: &'a [FileKind],
    /// The cases taken.
    pub filter: Filter,
    /// The specs, by variant.
    pub specs: SpecCache,
}

impl<'a> Reader<'a> {
    /// A reader of `kinds` and `filter`; a scenario of a variant that one
    /// of `given` is for is checked against it wherever the file is
    /// (`check /tmp/x.yaml` validates its clauses, rulings and
    /// findings), else against `spec/<variant>/` in the nearest folder
    /// above the file that has one.
    pub fn new(kinds: &'a [FileKind], given: &[Spec], filter: Filter) -> Reader<'a> {
        let mut specs = SpecCache::new();
        for spec in given {
            if let Ok(variant) = spec.variant.parse::<VariantId>() {
                specs.insert(variant, Ok(Some(spec.clone())));
            }
        }
        Reader {
            kinds,
            filter,
            specs,
        }
    }

    /// One file of the suite as a unit: its case, its result when it
    /// cannot be used or is of another kind, or nothing when the filter
    /// leaves it out (a file that does not read is always reported).
    pub fn read(&mut self, path: &Path) -> Unit<'static, CaseResult> {
        if let Some(kind) = kind_of(path, self.kinds) {
            // Another kind loads and runs in one go; its case is
            // filtered after.
            let case = CaseResult::of_file((kind.case)(path));
            if !self.filter.takes(&case.clauses, &case.id) && !case.id.is_empty() {
                return Unit::Left;
            }
            return Unit::Done(case);
        }
        match super::load::parse_file(path) {
            Err(error) => Unit::Done(CaseResult::invalid(path, error)),
            Ok(parsed) if !self.takes(&parsed) => Unit::Left,
            Ok(parsed) => match self.validate(parsed) {
                Ok(loaded) => Unit::Read(Box::new(loaded)),
                Err(error) => Unit::Done(CaseResult::invalid(path, error)),
            },
        }
    }

    /// Whether the filter takes a parsed scenario.
    pub fn takes(&self, parsed: &Parsed) -> bool {
        self.filter
            .takes(&parsed.scenario.clauses, &parsed.scenario.id)
    }

    /// Validates a parsed scenario against its variant's spec.
    ///
    /// # Errors
    /// The [`LoadError`].
    pub fn validate(&mut self, parsed: Parsed) -> Result<Loaded, LoadError> {
        validate_with_specs(parsed, &mut self.specs)
    }
}

/// Loads and runs every file on the reference, with `forced` settings
/// ([`OnReference`]); duplicate IDs make the later file invalid.
/// `progress` is called before each file. The suite with every
/// registered kind is [`crate::suite::run_suite`].
pub fn run_suite_among(
    files: &[PathBuf],
    reader: &mut Reader<'_>,
    forced: &[String],
    mut progress: impl FnMut(usize, usize),
) -> SuiteReport {
    let mut index = 0;
    let walked = walk(
        files,
        |path| {
            index += 1;
            progress(index, files.len());
            reader.read(path)
        },
        &mut OnReference { forced },
        &mut Whole,
    );
    // [`Whole`] writes nothing, so the walk cannot fail.
    let mut cases = walked.map(|walked| walked.outcomes).unwrap_or_default();
    mark_duplicate_ids(&mut cases);
    SuiteReport { cases }
}

/// The specs loaded so far in one run, by variant: `Ok(None)` when no spec
/// folder was found, `Err` when one was found but does not load.
pub type SpecCache = BTreeMap<VariantId, Result<Option<Spec>, SpecUnloadable>>;

/// A spec folder that is there but does not load.
#[derive(Debug, Clone, thiserror::Error)]
#[error("the spec {} does not load: {error}", dir.display())]
pub struct SpecUnloadable {
    /// The spec folder.
    pub dir: std::path::PathBuf,
    /// Why it does not load (shared by every scenario of the variant).
    pub error: std::sync::Arc<crate::spec::SpecError>,
}

/// The variant a scenario file names (`variant: grand`, in block or flow
/// style); MONARCHIE when it names none or the file does not read (its
/// full reading then says why).
pub fn declared_variant(text: &str) -> VariantId {
    /// Only the top-level `variant` field; the rest is read later.
    #[derive(serde::Deserialize)]
    struct Head {
        variant: Option<String>,
    }
    crate::input::parse_yaml::<Head>(Path::new(""), text)
        .ok()
        .and_then(|head| head.variant)
        .and_then(|name| name.parse::<VariantId>().ok())
        .unwrap_or_default()
}

/// The spec of `variant` for a scenario file: `spec/<variant>/` in the
/// nearest ancestor folder that has one.
///
/// # Errors
/// [`SpecUnloadable`] when the spec folder is there but does not load.
pub fn spec_for(path: &Path, variant: VariantId) -> Result<Option<Spec>, SpecUnloadable> {
    let Some(dir) = path
        .ancestors()
        .skip(1)
        .map(|dir| dir.join("spec").join(variant.name()))
        .find(|dir| dir.join("clauses.yaml").is_file())
    else {
        return Ok(None);
    };
    Spec::load(&dir).map(Some).map_err(|error| SpecUnloadable {
        error: std::sync::Arc::new(error),
        dir,
    })
}

/// Loads one scenario file, checked against its variant's spec.
///
/// # Errors
/// The [`LoadError`].
pub fn load_with_specs(path: &Path, specs: &mut SpecCache) -> Result<Loaded, LoadError> {
    validate_with_specs(super::load::parse_file(path)?, specs)
}

/// Validates a parsed scenario against its variant's spec (looked up
/// once per variant in `specs`).
///
/// # Errors
/// The [`LoadError`].
pub fn validate_with_specs(parsed: Parsed, specs: &mut SpecCache) -> Result<Loaded, LoadError> {
    let variant = parsed.scenario.variant;
    let spec = match specs
        .entry(variant)
        .or_insert_with(|| spec_for(&parsed.path, variant))
    {
        Ok(spec) => spec.as_ref(),
        Err(error) => {
            return Err(LoadError::located(
                &parsed.path,
                &parsed.text,
                "variant",
                "variant:",
                error.to_string(),
            ))
        }
    };
    parsed.validate(spec)
}
