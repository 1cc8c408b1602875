//! The conformance campaigns, above the wire protocol
//! ([`crate::protocol`]): `regelwerk conform` runs every scenario against
//! an external engine and compares its answers with the suite's
//! expectations and the reference engine's positions (this file, its
//! campaign through the one suite loop [`campaign`], its subject
//! [`remote`], its renderings [`output`], the readings an engine
//! declares [`readings`]); `fuzz --engine` and `fuzz --uci` play random
//! games against it ([`difffuzz`]), counting the known differences
//! ([`known`]); [`external`] opens an engine of either route.

pub mod campaign;
pub mod difffuzz;
pub mod external;
pub mod known;
pub mod output;
pub mod readings;
pub mod remote;

use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;

use serde::Serialize;

use crate::scenario::format::Step;
use crate::scenario::load::Loaded;
use crate::scenario::run::{canonical_moves, expected_fields, interpret, Halt, Mismatch};
use crate::variant::VariantId;

use crate::protocol::client::ClientError;
use crate::protocol::messages::{Request, Response};
use crate::protocol::responder::{Answers, Responder};
use remote::Remote;

/// What [`conform_case_noting`] notes when an engine answered [`ILLEGAL`](crate::protocol::messages::ILLEGAL).
pub const ILLEGAL_LOST: &str = "refusal codes (answered `illegal`)";

/// The verdict on one scenario.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, serde::Deserialize)]
#[serde(tag = "status", rename_all = "kebab-case")]
pub enum Verdict {
    /// Every step agreed, and everything the scenario expects was
    /// compared.
    Passed,
    /// Every step that was compared agreed, but the scenario expects
    /// something the engine was not asked ([`CaseVerdict::not_compared`]
    /// names it: a protocol 2.1 engine has no `status` request, a UCI
    /// engine gives no refusal codes): not a pass.
    PartlyCompared,
    /// A step disagreed.
    Failed {
        /// The step's number, counted from 1; 0 for the starting
        /// position ([`Mismatch::step`]).
        step: usize,
        /// What the step was.
        what: String,
        /// Expected (YAML text).
        expected: String,
        /// What the engine said (YAML text).
        actual: String,
    },
    /// The engine gave no usable answer.
    Errored {
        /// The step's number, counted from 1; 0 for the starting
        /// position ([`Mismatch::step`]).
        step: usize,
        /// What went wrong.
        context: String,
        /// The last lines of the engine's stderr.
        stderr: String,
    },
    /// The engine declined a request.
    Skipped {
        /// Its reason.
        reason: String,
    },
    /// The scenario does not apply to the readings the engine plays
    /// ([`readings`]): not asked, not counted.
    NotApplicable {
        /// The ruling that makes it so.
        ruling: String,
        /// Why.
        reason: String,
    },
}

/// One scenario's result (also a unit of a sharded `conform`).
#[derive(Clone, Debug, Serialize, serde::Deserialize)]
pub struct CaseVerdict {
    /// The scenario ID.
    pub id: String,
    /// The file.
    pub file: String,
    /// Its clauses.
    pub clauses: Vec<String>,
    /// Its rulings.
    pub rulings: Vec<String>,
    /// The verdict.
    #[serde(flatten)]
    pub verdict: Verdict,
    /// Whether the ID is in the expected-failures list.
    pub expected_failure: bool,
    /// What the route could not be asked of this scenario
    /// ([`not_compared`]); empty for a protocol engine.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub not_compared: Vec<String>,
}

impl Verdict {
    /// The verdict of a case whose expectation held `not_compared`: a
    /// pass with something left out is only [`Verdict::PartlyCompared`];
    /// every other verdict stays.
    #[must_use]
    pub fn judged(self, not_compared: &[String]) -> Verdict {
        match self {
            Verdict::Passed if !not_compared.is_empty() => Verdict::PartlyCompared,
            other => other,
        }
    }
}

impl CaseVerdict {
    /// Failed or errored.
    pub fn is_problem(&self) -> bool {
        matches!(
            self.verdict,
            Verdict::Failed { .. } | Verdict::Errored { .. }
        )
    }
}

/// What a responder with `answers` cannot be asked of a scenario: each
/// expectation field of its `play` steps that is not compared, refusal
/// codes, and a whole scenario it cannot run (an impossible position),
/// sorted and without duplicates.
pub fn not_compared(loaded: &Loaded, answers: &Answers) -> Vec<String> {
    let mut lost = BTreeSet::new();
    if loaded.scenario.position.invalid && !answers.refuses_positions {
        lost.insert("refusing an impossible position".to_string());
    }
    let info = loaded.info();
    for step in &loaded.scenario.steps {
        let Step::Play { action, expect } = step else {
            continue;
        };
        if expect.result != "legal" && !answers.refusal_codes {
            lost.insert("refusal codes".to_string());
        }
        if is_special(action) && !answers.special_actions {
            lost.insert("special actions (claim)".to_string());
        }
        for key in expected_fields(expect, info).keys() {
            if *key != "result" && !answers.answers_field(key) {
                lost.insert((*key).to_string());
            }
        }
    }
    lost.into_iter().collect()
}

/// Runs one scenario against the engine: the one step interpreter
/// ([`interpret`]) with the engine as its subject and the reference
/// alongside ([`remote::Remote`]).
pub fn conform_case(engine: &mut impl Responder, loaded: &Loaded, next_seq: &mut u64) -> Verdict {
    conform_case_noting(engine, loaded, next_seq, &mut BTreeSet::new())
}

/// [`conform_case`], adding to `lost` what the engine's answers left
/// uncompared: the refusal codes when it answered [`ILLEGAL`](crate::protocol::messages::ILLEGAL) (an engine
/// that knows legal or illegal only).
pub fn conform_case_noting(
    engine: &mut impl Responder,
    loaded: &Loaded,
    next_seq: &mut u64,
    lost: &mut BTreeSet<String>,
) -> Verdict {
    conform_case_asking(engine, loaded, next_seq, lost, &mut Vec::new())
}

/// [`conform_case_noting`], adding to `asked` each request sent, by seq,
/// with the number of the step that sent it (for [`charge_repeated`]).
pub fn conform_case_asking(
    engine: &mut impl Responder,
    loaded: &Loaded,
    next_seq: &mut u64,
    lost: &mut BTreeSet<String>,
    asked: &mut Vec<(u64, usize)>,
) -> Verdict {
    let mut remote = Remote::new(engine, next_seq, lost);
    let verdict = match interpret(loaded, &mut remote) {
        Ok(()) => Verdict::Passed,
        Err(halt) => halt.into(),
    };
    asked.extend_from_slice(remote.asked());
    verdict
}

/// What a case that got a second answer to one of its requests is told.
pub fn repeated_context(seq: u64) -> String {
    format!(
        "the engine answered seq {seq} more than once; the protocol has exactly one response per request (docs/protocol.md)"
    )
}

/// Makes every case that sent a request the engine answered more than
/// once (`repeated`, by seq; `asked[i]` the requests of `cases[i]`, by seq
/// and step) lose: errored at that step, whatever its answers were. A
/// second answer is seen only when the next request is sent or the
/// engine stops, so it is charged here, by seq, to the case that sent
/// the request, never to the case that happened to be running.
pub fn charge_repeated(cases: &mut [CaseVerdict], asked: &[Vec<(u64, usize)>], repeated: &[u64]) {
    for &seq in repeated {
        let owner = asked.iter().enumerate().find_map(|(index, requests)| {
            requests
                .iter()
                .find(|(sent, _)| *sent == seq)
                .map(|(_, step)| (index, *step))
        });
        let Some((index, step)) = owner else {
            continue;
        };
        let Some(case) = cases.get_mut(index) else {
            continue;
        };
        if matches!(case.verdict, Verdict::Errored { .. }) {
            continue;
        }
        case.verdict = Verdict::Errored {
            step,
            context: repeated_context(seq),
            stderr: String::new(),
        };
    }
}

impl From<Halt> for Verdict {
    fn from(halt: Halt) -> Verdict {
        match halt {
            Halt::Differs(Mismatch {
                step,
                what,
                expected,
                actual,
            }) => Verdict::Failed {
                step,
                what,
                expected,
                actual,
            },
            Halt::Errored {
                step,
                context,
                stderr,
            } => Verdict::Errored {
                step,
                context,
                stderr,
            },
            Halt::Skipped { reason } => Verdict::Skipped { reason },
        }
    }
}

/// Whether an action text is a special action (a draw claim, a forfeited
/// turn), not a move.
pub fn is_special(action: &str) -> bool {
    matches!(action.trim(), "claim" | "timeout")
}

/// The result of a smoke check before the suite.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Smoke {
    /// The adapter answers and agrees on the start position.
    Healthy,
    /// It answers but disagrees on the start position's moves (a wrong
    /// engine, not a broken adapter).
    Disagrees(String),
    /// It does not answer properly (a broken adapter).
    Broken(String),
}

/// Asks for the legal moves of `variant`'s start position.
pub fn smoke_check(engine: &mut impl Responder, variant: VariantId) -> Smoke {
    let reference = match crate::variant::open(variant, None, &[]) {
        Ok(game) => game,
        Err(message) => {
            return Smoke::Broken(format!("the reference cannot open {variant}: {message}"))
        }
    };
    let request = Request::Moves {
        seq: 0,
        variant,
        position: reference.position_text(),
        rulings: Vec::new(),
        from: None,
    };
    match engine.respond(&request) {
        Ok(Response::Moves { moves, .. }) => {
            let expected: BTreeSet<String> = reference.legal_moves().into_iter().collect();
            let got: BTreeSet<String> = canonical_moves(reference.as_ref(), &moves)
                .into_iter()
                .collect();
            if got == expected {
                Smoke::Healthy
            } else {
                Smoke::Disagrees(format!(
                    "{} moves from the {variant} start position, the reference has {}; {} in common",
                    got.len(),
                    expected.len(),
                    got.intersection(&expected).count()
                ))
            }
        }
        Ok(other) => Smoke::Broken(format!(
            "asked for moves, got {}",
            crate::protocol::words::response_text(&other)
        )),
        Err(error @ ClientError::Timeout(_)) => Smoke::Broken(error.to_string()),
        Err(error) => Smoke::Broken(error.to_string()),
    }
}

/// A whole conformance run.
#[derive(Clone, Debug, Serialize)]
pub struct ConformReport {
    /// The variant of the suite.
    pub variant: VariantId,
    /// The engine's handshake.
    pub engine: crate::protocol::client::EngineInfo,
    /// The protocol version of the harness.
    pub protocol: String,
    /// The suite revision: a content hash of the scenario files (and the
    /// git commit when known).
    pub suite_revision: String,
    /// The engine command.
    pub command: String,
    /// Whether the engine was driven over UCI (`--uci`).
    pub uci: bool,
    /// How often the engine was restarted.
    pub restarts: usize,
    /// The readings the engine plays (`ready.rulings` and `--ruling`);
    /// empty for the reference's default reading.
    pub readings: Vec<String>,
    /// Per-scenario verdicts.
    pub cases: Vec<CaseVerdict>,
}

/// Per-clause counts.
#[derive(Clone, Debug, Default, Serialize, PartialEq, Eq)]
pub struct ConformRow {
    /// Clause ID.
    pub clause: String,
    /// Cases.
    pub cases: usize,
    /// Passed.
    pub passed: usize,
    /// Failed.
    pub failed: usize,
    /// Errored.
    pub errored: usize,
    /// Skipped.
    pub skipped: usize,
    /// Partly compared ([`Verdict::PartlyCompared`]).
    pub partly_compared: usize,
}

impl ConformRow {
    /// Passed as a percentage of the cases.
    pub fn percent(&self) -> f64 {
        if self.cases == 0 {
            0.0
        } else {
            100.0 * self.passed as f64 / self.cases as f64
        }
    }
}

impl ConformReport {
    /// Per-clause rows, sorted by clause.
    pub fn rows(&self) -> Vec<ConformRow> {
        let mut rows: BTreeMap<String, ConformRow> = BTreeMap::new();
        for case in self.applicable() {
            for clause in &case.clauses {
                let row = rows.entry(clause.clone()).or_insert_with(|| ConformRow {
                    clause: clause.clone(),
                    ..ConformRow::default()
                });
                row.cases += 1;
                match case.verdict {
                    Verdict::Passed => row.passed += 1,
                    Verdict::Failed { .. } => row.failed += 1,
                    Verdict::Errored { .. } => row.errored += 1,
                    Verdict::Skipped { .. } => row.skipped += 1,
                    Verdict::PartlyCompared => row.partly_compared += 1,
                    Verdict::NotApplicable { .. } => {}
                }
            }
        }
        rows.into_values().collect()
    }

    /// The cases that apply to the engine's readings (all of them when it
    /// declares none).
    pub fn applicable(&self) -> impl Iterator<Item = &CaseVerdict> {
        self.cases
            .iter()
            .filter(|case| !matches!(case.verdict, Verdict::NotApplicable { .. }))
    }

    /// The cases that do not apply to the engine's readings.
    pub fn not_applicable(&self) -> Vec<&CaseVerdict> {
        self.cases
            .iter()
            .filter(|case| matches!(case.verdict, Verdict::NotApplicable { .. }))
            .collect()
    }

    /// The counts every summary of the run gives ([`Totals`]).
    pub fn totals(&self) -> Totals {
        let mut totals = Totals::default();
        for case in &self.cases {
            match case.verdict {
                Verdict::Passed => totals.passed += 1,
                Verdict::PartlyCompared => totals.partly_compared += 1,
                Verdict::Failed { .. } => totals.failed += 1,
                Verdict::Errored { .. } => totals.errored += 1,
                Verdict::Skipped { .. } => totals.skipped += 1,
                Verdict::NotApplicable { .. } => {
                    totals.not_applicable += 1;
                    continue;
                }
            }
            totals.cases += 1;
            if case.expected_failure && case.is_problem() {
                totals.expected_failures += 1;
            }
        }
        totals.unexpected = self.unexpected_problems().len();
        totals
    }

    /// Cases that were only partly compared ([`Verdict::PartlyCompared`]).
    pub fn partly_compared(&self) -> Vec<&CaseVerdict> {
        self.cases
            .iter()
            .filter(|c| matches!(c.verdict, Verdict::PartlyCompared))
            .collect()
    }

    /// Failed or errored cases not in the expected-failures list.
    pub fn unexpected_problems(&self) -> Vec<&CaseVerdict> {
        self.cases
            .iter()
            .filter(|c| c.is_problem() && !c.expected_failure)
            .collect()
    }

    /// Cases listed as expected failures that passed.
    pub fn unexpected_passes(&self) -> Vec<&CaseVerdict> {
        self.cases
            .iter()
            .filter(|c| c.expected_failure && matches!(c.verdict, Verdict::Passed))
            .collect()
    }
}

/// The counts of a conformance run, in the one vocabulary of every
/// summary (text, HTML, JUnit, the matrix): each applicable case is
/// exactly one of passed, partly compared, failed, errored or skipped;
/// expected failures are counted among the failed and errored ones and
/// named apart; not-applicable cases are left out of `cases`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Totals {
    /// The applicable cases.
    pub cases: usize,
    /// Every expectation compared and agreed.
    pub passed: usize,
    /// Agreed where compared, but something expected was not asked.
    pub partly_compared: usize,
    /// A step disagreed.
    pub failed: usize,
    /// No usable answer.
    pub errored: usize,
    /// The engine declined.
    pub skipped: usize,
    /// Failed or errored cases listed as expected failures.
    pub expected_failures: usize,
    /// Failed or errored cases not listed.
    pub unexpected: usize,
    /// Cases left out: they need a reading the engine does not play.
    pub not_applicable: usize,
}

impl Totals {
    /// The counts in words: `88 cases: 86 passed, 1 partly compared, 0
    /// failed, 1 errored, 0 skipped`; every summary line uses these words.
    pub fn counts(&self) -> String {
        format!(
            "{} cases: {} passed, {} partly compared, {} failed, {} errored, {} skipped",
            self.cases, self.passed, self.partly_compared, self.failed, self.errored, self.skipped
        )
    }
}

/// Variant names for a message: `grand, racingkings`, or `none`.
pub fn variant_list(variants: &[VariantId]) -> String {
    if variants.is_empty() {
        return "none".to_string();
    }
    let names: Vec<&str> = variants.iter().map(|variant| variant.name()).collect();
    names.join(", ")
}

/// A content hash of the scenario files (FNV-1a, 64 bits), stable across
/// machines, plus the git commit when `git` knows one.
pub fn suite_revision(files: &[PathBuf]) -> String {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for file in files {
        let bytes = crate::input::read_bytes(file).unwrap_or_default();
        for byte in file.to_string_lossy().bytes().chain(bytes) {
            hash ^= u64::from(byte);
            hash = hash.wrapping_mul(0x0100_0000_01b3);
        }
    }
    let commit = std::process::Command::new("git")
        .args(["rev-parse", "--short", "HEAD"])
        .output()
        .ok()
        .filter(|out| out.status.success())
        .map(|out| String::from_utf8_lossy(&out.stdout).trim().to_string());
    match commit {
        Some(commit) if !commit.is_empty() => {
            format!("{} files, content {hash:016x}, git {commit}", files.len())
        }
        _ => format!("{} files, content {hash:016x}", files.len()),
    }
}
