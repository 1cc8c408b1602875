//! `regelwerk conform`: runs every scenario against an external engine
//! through the protocol and compares its answers with the suite's
//! expectations and the reference engine's positions.

use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;

use serde::Serialize;
use serde_json::{json, Value};

use crate::scenario::load::Loaded;
use crate::scenario::run::{canonical_moves, compare_moves, expected_fields, report_fields};
use crate::variant::{Game, VariantId};

use super::client::{ClientError, Engine};

use super::messages::{Request, Response, ILLEGAL};

/// What [`conform_case_noting`] notes when an engine answered [`ILLEGAL`].
pub const ILLEGAL_LOST: &str = "refusal codes (answered `illegal`)";

/// The verdict on one scenario.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, serde::Deserialize)]
#[serde(tag = "status", rename_all = "kebab-case")]
pub enum Verdict {
    /// Every step agreed.
    Passed,
    /// A step disagreed.
    Failed {
        /// 0-based step index.
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
        /// 0-based step index.
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
    /// ([`super::readings`]): not asked, not counted.
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

impl CaseVerdict {
    /// Failed or errored.
    pub fn is_problem(&self) -> bool {
        matches!(
            self.verdict,
            Verdict::Failed { .. } | Verdict::Errored { .. }
        )
    }
}

pub(crate) fn yaml(value: &Value) -> String {
    serde_yaml::to_string(value).unwrap_or_else(|_| value.to_string())
}

/// Something that answers protocol requests: an engine process, or the
/// reference engine in this process.
pub trait Responder {
    /// Answers one request.
    ///
    /// # Errors
    /// [`ClientError`] when no usable answer came.
    fn respond(&mut self, request: &Request) -> Result<Response, ClientError>;
    /// The last lines of the responder's stderr, for reports.
    fn stderr_tail(&self) -> String;
    /// What its answers can be compared in; everything unless it says
    /// otherwise (a UCI engine answers less, `docs/uci.md`).
    fn answers(&self) -> Answers {
        Answers::ALL
    }
}

/// What a responder's answers can be compared in. The runners compare
/// nothing else, so that a field a route cannot answer is neither failed
/// nor counted as agreeing; [`not_compared`] lists what a scenario loses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Answers {
    /// Whether refusals carry the variant's reason codes; without, a
    /// refusal is compared only as "not legal".
    pub refusal_codes: bool,
    /// The report fields it answers (`None`: all of them).
    pub fields: Option<&'static [&'static str]>,
    /// Whether it answers the position after an action.
    pub position: bool,
    /// Whether it refuses impossible positions (answers `errored`).
    pub refuses_positions: bool,
    /// Whether it plays the variant's special actions (`claim`,
    /// `timeout`).
    pub special_actions: bool,
}

impl Answers {
    /// A protocol engine: every field.
    pub const ALL: Answers = Answers {
        refusal_codes: true,
        fields: None,
        position: true,
        refuses_positions: true,
        special_actions: true,
    };

    /// Whether it answers report field `name`.
    pub fn answers_field(&self, name: &str) -> bool {
        self.fields.is_none_or(|fields| fields.contains(&name))
    }

    /// Keeps only the comparable fields of a compared map, with every
    /// refusal code written `refused` when codes are not answered.
    pub fn restrict(&self, map: &mut BTreeMap<&'static str, Value>) {
        map.retain(|key, _| *key == "result" || self.answers_field(key));
        if !self.position {
            map.remove("position");
        }
        if !self.refusal_codes {
            if let Some(result) = map.get_mut("result") {
                if result != "legal" {
                    *result = json!("refused");
                }
            }
        }
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
        let Some(expect) = &step.expect else {
            continue;
        };
        if expect.result != "legal" && !answers.refusal_codes {
            lost.insert("refusal codes".to_string());
        }
        if step.play.as_deref().is_some_and(is_special) && !answers.special_actions {
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

impl Responder for Engine {
    fn respond(&mut self, request: &Request) -> Result<Response, ClientError> {
        self.request(request)
    }
    fn stderr_tail(&self) -> String {
        Engine::stderr_tail(self)
    }
}

/// The reference engine in this process, with ruling settings forced on
/// top of each request's (as `regelwerk serve --ruling` does).
pub struct InProcess {
    /// The forced settings.
    pub forced: Vec<String>,
}

impl Responder for InProcess {
    fn respond(&mut self, request: &Request) -> Result<Response, ClientError> {
        super::serve::answer(request.clone(), &self.forced).ok_or(ClientError::Closed)
    }
    fn stderr_tail(&self) -> String {
        String::new()
    }
}

/// Runs one scenario against the engine. The reference engine plays
/// alongside, so that every request carries the position the scenario has
/// reached and every answer's position is compared with it. A `play` step
/// sends the scenario's start and every action so far (the last result is
/// compared), so that rules that need the game's history (threefold
/// repetition) see it. The fields are compared by the scenario runner's
/// own functions.
pub fn conform_case(engine: &mut impl Responder, loaded: &Loaded, next_seq: &mut u64) -> Verdict {
    conform_case_noting(engine, loaded, next_seq, &mut BTreeSet::new())
}

/// [`conform_case`], adding to `lost` what the engine's answers left
/// uncompared: the refusal codes when it answered [`ILLEGAL`] (an engine
/// that knows legal or illegal only).
pub fn conform_case_noting(
    engine: &mut impl Responder,
    loaded: &Loaded,
    next_seq: &mut u64,
    lost: &mut BTreeSet<String>,
) -> Verdict {
    let variant = loaded.scenario.variant;
    let info = loaded.info();
    let rulings = loaded.scenario.ruleset.clone();
    if loaded.scenario.position.invalid {
        return refuses_position(engine, loaded, next_seq);
    }
    let mut reference: Box<dyn Game> = match loaded.open() {
        Ok(game) => game,
        Err(message) => {
            return Verdict::Errored {
                step: 0,
                context: format!("the reference cannot open the scenario: {message}"),
                stderr: String::new(),
            }
        }
    };
    let start = reference.position_text();
    let mut history: Vec<String> = Vec::new();
    for (index, step) in loaded.scenario.steps.iter().enumerate() {
        *next_seq += 1;
        let seq = *next_seq;
        let position = reference.position_text();
        let (request, what) = if let Some(play) = &step.play {
            history.push(play.clone());
            (
                Request::Apply {
                    seq,
                    variant,
                    position: start.clone(),
                    rulings: rulings.clone(),
                    actions: history.clone(),
                },
                format!("play {play}"),
            )
        } else if let Some(query) = &step.moves {
            let from = query
                .from
                .as_ref()
                .map(|square| (info.square)(&square.0).unwrap_or_else(|_| square.0.clone()));
            let what = match &from {
                Some(square) => format!("moves of {} {square}", info.square_word),
                None => "moves of the party to move".to_string(),
            };
            (
                Request::Moves {
                    seq,
                    variant,
                    position,
                    rulings: rulings.clone(),
                    from,
                },
                what,
            )
        } else if let Some(depth) = step.perft {
            (
                Request::Perft {
                    seq,
                    variant,
                    position,
                    rulings: rulings.clone(),
                    depth,
                },
                format!("perft {depth}"),
            )
        } else {
            // A state step: `apply` answers carry positions, compared already.
            continue;
        };
        let response = match ask(engine, &request, seq, index) {
            Ok(response) => response,
            // A route without special actions (UCI: no draw claims) skips
            // a refused one and goes on: a refusal leaves the position
            // as it was. One the scenario expects to succeed ends the case.
            Err(Verdict::Skipped { .. })
                if !engine.answers().special_actions
                    && step
                        .expect
                        .as_ref()
                        .is_some_and(|expect| expect.result != "legal")
                    && step.play.as_deref().is_some_and(is_special) =>
            {
                history.pop();
                if let Some(play) = &step.play {
                    let _ = reference.play(play);
                }
                continue;
            }
            Err(Verdict::Skipped { reason })
                if !engine.answers().special_actions
                    && step.play.as_deref().is_some_and(is_special) =>
            {
                return Verdict::Skipped {
                    reason: format!(
                        "step {index}: {reason}; the scenario's game ends by it, so no later step can be asked"
                    ),
                }
            }
            Err(verdict) => return verdict,
        };
        let fail = |expected: Value, actual: Value| Verdict::Failed {
            step: index,
            what: what.clone(),
            expected: yaml(&expected),
            actual: yaml(&actual),
        };
        match response {
            Response::Applied { results, .. } => {
                let (Some(play), Some(expect)) = (&step.play, &step.expect) else {
                    return protocol_mismatch(index, engine, "applied");
                };
                let (Some(result), true) = (results.last(), results.len() == history.len()) else {
                    return Verdict::Errored {
                        step: index,
                        context: format!(
                            "expected {} results, got {}",
                            history.len(),
                            results.len()
                        ),
                        stderr: engine.stderr_tail(),
                    };
                };
                let _ = reference.play(play);
                let wanted = expected_fields(expect, info);
                let mut expected = wanted.clone();
                let mut actual = report_fields(&wanted, &result.as_result(), info);
                if result.result == ILLEGAL && expect.result != "legal" {
                    // Refused, reason not given: the legality agrees, the
                    // code is not compared.
                    actual.insert("result", json!(expect.result));
                    lost.insert(ILLEGAL_LOST.to_string());
                }
                expected.insert("position", json!(reference.position_text()));
                actual.insert("position", json!(result.position));
                let answers = engine.answers();
                answers.restrict(&mut expected);
                answers.restrict(&mut actual);
                if expected != actual {
                    return fail(json!(expected), json!(actual));
                }
            }
            Response::Moves { moves, .. } => {
                let Some(expected_moves) = &step.expect_moves else {
                    return protocol_mismatch(index, engine, "moves");
                };
                let expected = canonical_moves(reference.as_ref(), expected_moves);
                let actual = canonical_moves(reference.as_ref(), &moves);
                if let Err((_, expected, actual)) = compare_moves(what.clone(), expected, actual) {
                    return fail(expected, actual);
                }
            }
            Response::Perft { nodes, .. } => {
                let Some(expected) = step.expect_nodes else {
                    return protocol_mismatch(index, engine, "perft");
                };
                if nodes != expected {
                    return fail(json!({"nodes": expected}), json!({"nodes": nodes}));
                }
            }
            Response::Ready { .. } => return protocol_mismatch(index, engine, "ready"),
            Response::Refused { .. } => return protocol_mismatch(index, engine, "refused"),
            Response::Skipped { .. } | Response::Errored { .. } => {
                return protocol_mismatch(index, engine, "skipped or errored")
            }
        }
    }
    Verdict::Passed
}

/// Whether an action text is a special action (a draw claim, a forfeited
/// turn), not a move.
pub fn is_special(action: &str) -> bool {
    matches!(action.trim(), "claim" | "timeout")
}

/// An impossible position: the engine must answer a `moves` request for
/// it with `errored` (it cannot read the position).
fn refuses_position(engine: &mut impl Responder, loaded: &Loaded, next_seq: &mut u64) -> Verdict {
    if !engine.answers().refuses_positions {
        return Verdict::Skipped {
            reason: "the engine cannot be asked to refuse a position".to_string(),
        };
    }
    *next_seq += 1;
    let request = Request::Moves {
        seq: *next_seq,
        variant: loaded.scenario.variant,
        position: loaded.start.clone(),
        rulings: loaded.scenario.ruleset.clone(),
        from: None,
    };
    match engine.respond(&request) {
        Ok(Response::Errored { .. }) => Verdict::Passed,
        Ok(Response::Skipped { reason, .. }) => Verdict::Skipped { reason },
        Ok(other) => Verdict::Failed {
            step: 0,
            what: "moves of an impossible position".to_string(),
            expected: "errored (the position is refused)\n".to_string(),
            actual: format!("{}\n", super::words::response_text(&other)),
        },
        Err(error) => Verdict::Errored {
            step: 0,
            context: error.to_string(),
            stderr: engine.stderr_tail(),
        },
    }
}

/// Sends one request of step `step`. No answer, `skipped`, `errored` and
/// an answer to another request number become the verdict.
pub(crate) fn ask(
    engine: &mut impl Responder,
    request: &Request,
    seq: u64,
    step: usize,
) -> Result<Response, Verdict> {
    let errored = |context: String, engine: &mut dyn FnMut() -> String| Verdict::Errored {
        step,
        context,
        stderr: engine(),
    };
    let response = match engine.respond(request) {
        Ok(response) => response,
        Err(error) => return Err(errored(error.to_string(), &mut || engine.stderr_tail())),
    };
    match response {
        Response::Skipped { reason, .. } => Err(Verdict::Skipped { reason }),
        Response::Errored { context, .. } => Err(errored(
            format!("the engine reported an error: {context}"),
            &mut || engine.stderr_tail(),
        )),
        Response::Applied { seq: got, .. }
        | Response::Moves { seq: got, .. }
        | Response::Perft { seq: got, .. }
            if got != seq =>
        {
            Err(errored(
                format!("answer for seq {got}, expected seq {seq}"),
                &mut || engine.stderr_tail(),
            ))
        }
        response => Ok(response),
    }
}

pub(crate) fn protocol_mismatch(step: usize, engine: &impl Responder, got: &str) -> Verdict {
    Verdict::Errored {
        step,
        context: format!("the answer '{got}' does not fit the request"),
        stderr: engine.stderr_tail(),
    }
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
            super::words::response_text(&other)
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
    pub engine: super::client::EngineInfo,
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

    /// Counts of the applicable cases: (passed, failed, errored, skipped).
    pub fn totals(&self) -> (usize, usize, usize, usize) {
        let count = |f: fn(&Verdict) -> bool| self.applicable().filter(|c| f(&c.verdict)).count();
        (
            count(|v| matches!(v, Verdict::Passed)),
            count(|v| matches!(v, Verdict::Failed { .. })),
            count(|v| matches!(v, Verdict::Errored { .. })),
            count(|v| matches!(v, Verdict::Skipped { .. })),
        )
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
