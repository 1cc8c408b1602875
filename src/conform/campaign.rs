//! A `conform` campaign: one variant's suite against an external engine,
//! walked by the one suite loop ([`crate::scenario::suite_loop`]) with the
//! engine as the subject that answers. This file reads the
//! cases and the expected-failures list, starts the engine and checks it
//! is fit to be asked, writes a results file's units (docs/scale.md) and
//! gathers the [`ConformReport`]; the command line only parses arguments
//! and prints the report.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::time::Duration;

use crate::protocol::responder::{Answers, Responder};
use crate::scenario::load::{LoadError, Loaded};
use crate::scenario::suite_loop::{walk, Answerer, Hooks, Unit, Walked};
use crate::scenario::Filter;
use crate::shard::{Begin, Planned, ResultsWriter, Shard};
use crate::spec::Spec;
use crate::variant::VariantId;

use super::external::External;
use super::{
    charge_repeated, conform_case_asking, not_compared, smoke_check, suite_revision, CaseVerdict,
    ConformReport, Smoke,
};

/// What a campaign is asked (the arguments of `conform`, checked).
pub struct Campaign {
    /// The repository (`scenarios/`, `spec/`).
    pub root: PathBuf,
    /// The engine command.
    pub engine: String,
    /// The engine speaks UCI, not the protocol.
    pub uci: bool,
    /// The engine's `UCI_Variant` name, when it differs from ours.
    pub uci_variant: Option<String>,
    /// The scenario files or folders given; the variant's suite if none.
    pub paths: Vec<PathBuf>,
    /// The cases taken.
    pub filter: Filter,
    /// How long an answer may take.
    pub timeout: Duration,
    /// The expected-failures list.
    pub expected_failures: Option<PathBuf>,
    /// The variant.
    pub variant: VariantId,
    /// The shard's cases.
    pub shard: Shard,
    /// Begin a results file fresh or continue it.
    pub resume: Begin,
    /// The results file (`--output FILE.jsonl`), if one is written.
    pub results: Option<PathBuf>,
    /// The readings the engine plays besides those its `ready` declares.
    pub rulings: Vec<String>,
}

/// How a campaign ended.
pub enum Ended {
    /// Every case of the shard was asked.
    Report(Box<ConformReport>),
    /// The engine could not be asked (it did not start, does not play
    /// the variant, fails the smoke check or declares readings that are
    /// not the variant's): what was said about it is said.
    Unfit,
}

/// Why a campaign could not begin: the user's to fix (exit 2).
#[derive(Debug, thiserror::Error)]
pub enum CampaignError {
    /// The spec does not load.
    #[error("loading the spec {}", dir.display())]
    Spec {
        /// The spec folder.
        dir: PathBuf,
        /// Why.
        #[source]
        error: crate::spec::SpecError,
    },
    /// The scenario files cannot be found.
    #[error("finding scenario files")]
    Find(#[source] std::io::Error),
    /// The expected-failures list cannot be read.
    #[error("reading {}", path.display())]
    List {
        /// The list.
        path: PathBuf,
        /// Why.
        #[source]
        error: std::io::Error,
    },
    /// The suite, a file given or the list says what cannot be run.
    #[error("{0}")]
    Cases(String),
    /// The results file cannot be written.
    #[error(transparent)]
    Output(#[from] crate::output::OutputError),
    /// The results file cannot be written.
    #[error(transparent)]
    Io(#[from] std::io::Error),
}

/// The cases a campaign reads: the variant's scenario files and the
/// filter's cases among them, each validated against the variant's spec.
pub struct Cases {
    /// The variant's scenario files (the suite revision's).
    pub files: Vec<PathBuf>,
    /// The cases the filter takes, in path order (the campaign's units).
    pub cases: Vec<Loaded>,
    /// The ID of every scenario read, taken or not.
    pub every_id: BTreeSet<String>,
}

/// A scenario file that cannot be used, told as whose it is: a file the
/// user named (`PATHS`) is the user's to fix; a file of the suite the
/// harness found by itself means the suite is broken.
fn broken(error: LoadError, given: bool) -> CampaignError {
    CampaignError::Cases(if given {
        format!("a scenario file you gave is broken: {error}")
    } else {
        format!("the suite itself is broken: {error}")
    })
}

impl Campaign {
    /// Reads the cases: each file parsed once, the variant and the filter
    /// looking at the parsed file, and only the cases taken validated.
    ///
    /// # Errors
    /// A spec that does not load, a file that cannot be used, no case.
    pub fn cases(&self) -> Result<Cases, CampaignError> {
        let variant = self.variant;
        let dir = self.root.join("spec").join(variant.name());
        let spec = Spec::load(&dir).map_err(|error| CampaignError::Spec { dir, error })?;
        let paths = if self.paths.is_empty() {
            vec![self.root.join("scenarios").join(variant.name())]
        } else {
            self.paths.clone()
        };
        let found = crate::scenario::collect_all_files(&paths).map_err(CampaignError::Find)?;
        let given = !self.paths.is_empty();
        let kinds = crate::suite::file_kinds();
        let mut reader = crate::scenario::suite_loop::Reader::new(
            &kinds,
            std::slice::from_ref(&spec),
            self.filter.clone(),
        );
        let mut other_variants = BTreeSet::new();
        let mut read = Cases {
            files: Vec::new(),
            cases: Vec::new(),
            every_id: BTreeSet::new(),
        };
        for file in found
            .iter()
            .filter(|file| crate::scenario::is_scenario_among(file, &kinds))
        {
            let parsed = crate::scenario::parse_file(file).map_err(|error| broken(error, given))?;
            if parsed.scenario.variant != variant {
                other_variants.insert(parsed.scenario.variant);
                continue;
            }
            read.files.push(file.clone());
            read.every_id.insert(parsed.scenario.id.clone());
            if reader.takes(&parsed) {
                let loaded = reader
                    .validate(parsed)
                    .map_err(|error| broken(error, given))?;
                read.cases.push(loaded);
            }
        }
        if read.files.is_empty() && !other_variants.is_empty() {
            let names: Vec<&str> = other_variants.iter().map(|v| v.name()).collect();
            return Err(CampaignError::Cases(format!(
                "no {variant} scenario in the files given: they are {} scenarios, and conform runs one variant's cases (--variant {variant}); give --variant {}",
                names.join(" and "),
                names[0]
            )));
        }
        if read.cases.is_empty() {
            return Err(CampaignError::Cases("no scenario matched".to_string()));
        }
        Ok(read)
    }

    /// The expected-failures list, read and checked before the engine is
    /// started (a typo in it is the user's to fix, whatever the engine
    /// does): one list may serve several suites, so an ID in another
    /// variant's clause namespace belongs to that suite; any other
    /// unknown ID is an error against the whole suite and a note (`say`)
    /// against some files of it.
    ///
    /// # Errors
    /// The list cannot be read, or names an unknown scenario.
    pub fn expected(
        &self,
        every_id: &BTreeSet<String>,
        say: &mut dyn FnMut(&str),
    ) -> Result<BTreeSet<String>, CampaignError> {
        let Some(path) = &self.expected_failures else {
            return Ok(BTreeSet::new());
        };
        let listed: Vec<(usize, String)> = crate::input::read_to_string(path)
            .map_err(|error| CampaignError::List {
                path: path.clone(),
                error,
            })?
            .lines()
            .enumerate()
            .map(|(index, line)| {
                let id = line.split('#').next().unwrap_or("").trim().to_string();
                (index + 1, id)
            })
            .filter(|(_, id)| !id.is_empty())
            .collect();
        let others = other_suites_prefixes(&self.root, self.variant);
        let unknown: Vec<&(usize, String)> = listed
            .iter()
            .filter(|(_, id)| !every_id.contains(id))
            .filter(|(_, id)| !others.contains(id.split('.').next().unwrap_or_default()))
            .collect();
        if let Some((line, first)) = unknown.first() {
            let read = if self.paths.is_empty() {
                "suite"
            } else {
                "files"
            };
            let mut message = format!(
                "{}:{line}: `{first}` names no scenario of the {} {read} read (a scenario ID, as in the `id:` field of its file)",
                path.display(),
                self.variant,
            );
            if unknown.len() > 1 {
                let more: Vec<String> = unknown
                    .iter()
                    .skip(1)
                    .take(10)
                    .map(|(line, id)| format!("line {line} `{id}`"))
                    .collect();
                message.push_str(&format!(
                    "; {} more unknown: {}",
                    unknown.len() - 1,
                    more.join(", ")
                ));
            }
            if self.paths.is_empty() {
                return Err(CampaignError::Cases(message));
            }
            say(&format!("note: {message}"));
        }
        Ok(listed.into_iter().map(|(_, id)| id).collect())
    }

    /// Runs the campaign: the cases and the list read, the engine started
    /// and checked, every case of the shard asked through the one suite
    /// loop. `say` tells the user a line on stderr; `progress` is called
    /// with the shard's cases walked and their number.
    ///
    /// # Errors
    /// [`CampaignError`]: the user's to fix.
    pub fn run(
        &self,
        say: &mut dyn FnMut(&str),
        progress: &mut dyn FnMut(usize, usize),
    ) -> Result<Ended, CampaignError> {
        let read = self.cases()?;
        let expected = self.expected(&read.every_id, say)?;
        if self.resume == Begin::Resume && self.results.is_none() {
            return Err(CampaignError::Cases(
                "--resume continues a results file: give --output FILE.jsonl (a report file is written whole)".to_string(),
            ));
        }
        let Some((engine, readings)) = self.fit_engine(say) else {
            return Ok(Ended::Unfit);
        };
        let mut writer = match &self.results {
            Some(path) => Some(self.writer(path, &read, engine.info(), &readings, say)?),
            None => None,
        };
        let shard_cases = (0..read.cases.len())
            .filter(|&i| self.shard.takes(i))
            .count();
        let mut subject = OnEngine::new(engine, &readings, &expected);
        let walked = walk(
            &read.cases,
            Unit::Given,
            &mut subject,
            &mut ConformHooks {
                shard: self.shard,
                writer: writer.as_mut(),
                written: 0,
                progress: &mut |walked| progress(walked, shard_cases),
            },
        )?;
        if subject.repeated.contains(&0) {
            say("the engine answered the smoke check (seq 0) more than once");
        }
        let (info, restarts) = subject.closed.unwrap_or_default();
        let report = ConformReport {
            variant: self.variant,
            engine: info,
            protocol: crate::protocol::PROTOCOL_VERSION.to_string(),
            suite_revision: suite_revision(&read.files),
            command: self.engine.clone(),
            uci: self.uci,
            restarts,
            readings,
            cases: walked.outcomes,
        };
        if let Some(writer) = writer {
            let totals = [("restarts".to_string(), report.restarts as u64)].into();
            writer.finish_with(totals)?;
        }
        Ok(Ended::Report(Box::new(report)))
    }

    /// The engine started, playing the variant, answering the smoke
    /// check and declaring readings of the variant, with the readings it
    /// plays; `None` when it is unfit, said why.
    fn fit_engine(&self, say: &mut dyn FnMut(&str)) -> Option<(External, Vec<String>)> {
        let variant = self.variant;
        let started = External::start(
            &self.engine,
            self.uci,
            variant,
            self.uci_variant.as_deref(),
            self.timeout,
        );
        let mut engine = match started {
            Ok(engine) => engine,
            Err(error) => {
                say(&format!(
                    "the engine could not be started or did not complete the handshake: {error}"
                ));
                let doc = if self.uci {
                    "docs/uci.md"
                } else {
                    "docs/protocol.md"
                };
                say(&format!(
                    "this is an adapter problem, not a rules difference: check the command and {doc}"
                ));
                return None;
            }
        };
        if !engine.info().variants.contains(&variant) {
            say(&format!(
                "the engine plays {}, not {variant}: nothing to check",
                super::variant_list(&engine.info().variants)
            ));
            return None;
        }
        match smoke_check(&mut engine, variant) {
            Smoke::Healthy => {}
            Smoke::Disagrees(detail) => say(&format!(
                "smoke check: the engine answers but disagrees on the start position: {detail}"
            )),
            Smoke::Broken(detail) => {
                say(&format!("smoke check failed: the adapter does not answer a simple moves request properly: {detail}"));
                let tail = engine.stderr_tail();
                if !tail.is_empty() {
                    say(&format!("engine stderr during the smoke check:\n{tail}"));
                }
                return None;
            }
        }
        let readings = super::readings::merge(&engine.info().rulings, &self.rulings);
        if let Err(message) = crate::variant::open(variant, None, &readings) {
            say(&format!(
                "the readings the engine declares in `ready` ({}) are not {variant}'s: {message}",
                readings.join(", ")
            ));
            engine.stop();
            return None;
        }
        Some((engine, readings))
    }

    /// The results file, begun or resumed (each case is written when it
    /// is judged, docs/scale.md).
    fn writer(
        &self,
        path: &Path,
        read: &Cases,
        info: &crate::protocol::client::EngineInfo,
        readings: &[String],
        say: &mut dyn FnMut(&str),
    ) -> Result<ResultsWriter, CampaignError> {
        let campaign = serde_json::json!({
            "suite_revision": suite_revision(&read.files),
            "variant": self.variant,
            "engine": info,
            "command": self.engine,
            "uci": self.uci,
            "protocol": crate::protocol::PROTOCOL_VERSION,
            "readings": readings,
            "clause": self.filter.clause,
            "id": self.filter.id,
        });
        let mut inputs = read.files.clone();
        inputs.extend(self.expected_failures.iter().cloned());
        let planned = Planned {
            campaign_units: read.cases.len(),
        };
        let writer = ResultsWriter::begin_planned(
            path,
            "conform",
            campaign,
            self.shard,
            self.resume,
            &inputs,
            Some(planned),
        )?;
        if writer.resumed_units() > 0 {
            say(&format!(
                "conform: resuming {}: {} cases of shard {} are done and skipped",
                path.display(),
                writer.resumed_units(),
                self.shard
            ));
        }
        Ok(writer)
    }
}

/// The external engine as the subject that answers (beside the
/// reference, [`super::remote`]): each case under the readings the
/// engine plays, what it could not be asked noted, and a request it
/// answered twice charged to the case that sent it, however late the
/// second answer came.
struct OnEngine<'a> {
    engine: Option<External>,
    readings: &'a [String],
    expected: &'a BTreeSet<String>,
    answers: Answers,
    seq: u64,
    /// Each case's requests, by seq and step.
    asked: Vec<Vec<(u64, usize)>>,
    /// The seqs answered more than once.
    repeated: Vec<u64>,
    /// The engine's handshake and restarts, once it is closed.
    closed: Option<(crate::protocol::client::EngineInfo, usize)>,
}

impl<'a> OnEngine<'a> {
    fn new(
        mut engine: External,
        readings: &'a [String],
        expected: &'a BTreeSet<String>,
    ) -> OnEngine<'a> {
        OnEngine {
            repeated: engine.take_repeated(),
            answers: engine.answers(),
            engine: Some(engine),
            readings,
            expected,
            seq: 0,
            asked: Vec::new(),
            closed: None,
        }
    }
}

impl Answerer for OnEngine<'_> {
    type Outcome = CaseVerdict;

    fn answer(&mut self, case: &Loaded) -> CaseVerdict {
        let mut lost = BTreeSet::new();
        let mut requests = Vec::new();
        let verdict = match (
            self.engine.as_mut(),
            super::readings::applies(case, self.readings),
        ) {
            (Some(engine), Ok(case)) => {
                let verdict =
                    conform_case_asking(engine, &case, &mut self.seq, &mut lost, &mut requests);
                self.repeated.extend(engine.take_repeated());
                verdict
            }
            (_, Err(not_applicable)) => not_applicable.into(),
            (None, Ok(_)) => super::Verdict::Skipped {
                reason: "the engine was stopped".to_string(),
            },
        };
        self.asked.push(requests);
        lost.extend(not_compared(case, &self.answers));
        let not_compared: Vec<String> = lost.into_iter().collect();
        CaseVerdict {
            verdict: verdict.judged(&not_compared),
            not_compared,
            id: case.scenario.id.clone(),
            file: case.path.display().to_string(),
            clauses: case.scenario.clauses.clone(),
            rulings: case.scenario.rulings.clone(),
            expected_failure: self.expected.contains(&case.scenario.id),
        }
    }

    fn settle(&mut self, outcomes: &mut [CaseVerdict]) {
        charge_repeated(outcomes, &self.asked, &self.repeated);
    }

    fn finish(&mut self, outcomes: &mut [CaseVerdict]) {
        if let Some(engine) = self.engine.take() {
            self.closed = Some((engine.info().clone(), engine.restarts()));
            self.repeated.extend(engine.finish());
        }
        charge_repeated(outcomes, &self.asked, &self.repeated);
    }
}

/// Where a conform campaign's units go: the shard's cases, a results
/// file whose finished cases are skipped, each case written once the
/// next has run (a second answer to its last request is seen only then)
/// and the last when the engine has stopped.
struct ConformHooks<'a> {
    shard: Shard,
    writer: Option<&'a mut ResultsWriter>,
    /// The outcomes written so far.
    written: usize,
    progress: &'a mut dyn FnMut(usize),
}

impl ConformHooks<'_> {
    /// Writes the outcomes from the first unwritten up to `end`.
    fn write(&mut self, walked: &Walked<CaseVerdict>, end: usize) -> std::io::Result<()> {
        if let Some(writer) = self.writer.as_mut() {
            for index in self.written..end {
                writer.unit(
                    walked.units[index],
                    serde_json::to_value(&walked.outcomes[index])?,
                )?;
            }
        }
        self.written = self.written.max(end);
        Ok(())
    }
}

impl Hooks<CaseVerdict> for ConformHooks<'_> {
    fn takes(&self, unit: usize) -> bool {
        self.shard.takes(unit)
    }

    fn is_done(&self, unit: usize) -> bool {
        self.writer
            .as_ref()
            .is_some_and(|writer| writer.is_done(unit))
    }

    fn ran(&mut self, _unit: usize, walked: &Walked<CaseVerdict>) -> std::io::Result<()> {
        self.write(walked, walked.outcomes.len().saturating_sub(1))
    }

    fn finish(&mut self, walked: &Walked<CaseVerdict>) -> std::io::Result<()> {
        self.write(walked, walked.outcomes.len())
    }

    fn progress(&mut self, walked: usize) {
        (self.progress)(walked);
    }
}

/// The clause prefixes (`g`, `rk`, ...) of the other variants' suites, read
/// from their folders `scenarios/<variant>/<clause>/`.
fn other_suites_prefixes(root: &Path, variant: VariantId) -> BTreeSet<String> {
    let ours = suite_prefixes(root, variant);
    VariantId::ALL
        .into_iter()
        .filter(|&other| other != variant)
        .flat_map(|other| suite_prefixes(root, other))
        .filter(|prefix| !ours.contains(prefix))
        .collect()
}

fn suite_prefixes(root: &Path, variant: VariantId) -> BTreeSet<String> {
    std::fs::read_dir(root.join("scenarios").join(variant.name()))
        .into_iter()
        .flatten()
        .flatten()
        .filter(|entry| entry.path().is_dir())
        .filter_map(|entry| {
            let name = entry.file_name().to_string_lossy().into_owned();
            name.split_once('.').map(|(prefix, _)| prefix.to_string())
        })
        .collect()
}
