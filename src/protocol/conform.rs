//! `regelwerk conform`: runs every scenario against an external engine
//! through the protocol and compares its answers with the suite's
//! expectations and the reference engine's positions.

use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;

use serde::Serialize;
use serde_json::{json, Value};

use crate::moves::{Action, Move};
use crate::notation::to_notation;
use crate::rules::{self, legal_moves, legal_moves_from};
use crate::scenario::format::Step;
use crate::scenario::load::Loaded;
use crate::scenario::run::{expected_action, result_fields};

use super::client::{ClientError, Engine};
use crate::variant::VariantId;

use super::messages::{Request, Response};

/// The verdict on one scenario.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
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
}

/// One scenario's result.
#[derive(Clone, Debug, Serialize)]
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

fn action_text(step: &Step, play: &str) -> String {
    match step.elapsed {
        Some(seconds) if play != "timeout" => format!("{play}@{seconds}"),
        _ => play.to_string(),
    }
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

/// Runs one scenario against the engine.
pub fn conform_case(engine: &mut impl Responder, loaded: &Loaded, next_seq: &mut u64) -> Verdict {
    let rules = &loaded.rules;
    let rulings = loaded.scenario.ruleset.clone();
    let mut position = loaded.position.clone();
    for (index, step) in loaded.scenario.steps.iter().enumerate() {
        *next_seq += 1;
        let seq = *next_seq;
        let notation = to_notation(&position);
        let (request, what) = if let Some(play) = &step.play {
            let text = action_text(step, play);
            (
                Request::Apply {
                    seq,
                    variant: VariantId::Monarchie,
                    position: notation.clone(),
                    rulings: rulings.clone(),
                    actions: vec![text.clone()],
                },
                format!("play {text}"),
            )
        } else if let Some(query) = &step.moves {
            (
                Request::Moves {
                    seq,
                    variant: VariantId::Monarchie,
                    position: notation.clone(),
                    rulings: rulings.clone(),
                    cell: query.cell.map(|c| c.number()),
                    square: None,
                },
                match query.cell {
                    Some(cell) => format!("moves of cell {cell}"),
                    None => "moves of the party to move".to_string(),
                },
            )
        } else if let Some(depth) = step.perft {
            (
                Request::Perft {
                    seq,
                    variant: VariantId::Monarchie,
                    position: notation.clone(),
                    rulings: rulings.clone(),
                    depth,
                },
                format!("perft {depth}"),
            )
        } else {
            // A state step: the positions returned by `apply` are compared already.
            continue;
        };
        let response = match ask(engine, &request, seq, index) {
            Ok(response) => response,
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
                let [result] = results.as_slice() else {
                    return Verdict::Errored {
                        step: index,
                        context: format!("expected 1 result, got {}", results.len()),
                        stderr: engine.stderr_tail(),
                    };
                };
                let mut action: Action = play
                    .parse()
                    .unwrap_or_else(|error| unreachable!("validated when loading: {error}"));
                if let (Action::Move { elapsed, .. }, Some(seconds)) = (&mut action, step.elapsed) {
                    *elapsed = Some(seconds);
                }
                // The reference outcome sets the position for the next step.
                let _ = rules::apply(&mut position, action, rules);
                let mut expected = expected_action(expect);
                let mut actual = result_fields(expect, result);
                expected.insert("position", json!(to_notation(&position)));
                actual.insert("position", json!(result.position));
                if expected != actual {
                    return fail(json!(expected), json!(actual));
                }
            }
            Response::Moves { moves, .. } => {
                let Some(expected_moves) = &step.expect_moves else {
                    return protocol_mismatch(index, engine, "moves");
                };
                let parse_set = |texts: &[String]| -> Result<BTreeSet<Move>, String> {
                    texts
                        .iter()
                        .map(|t| t.parse::<Move>().map_err(|e| e.to_string()))
                        .collect()
                };
                let expected = parse_set(expected_moves).unwrap_or_default();
                match parse_set(&moves) {
                    Ok(actual) if actual == expected => {}
                    Ok(actual) => {
                        let list = |set: &BTreeSet<Move>| {
                            set.iter().map(ToString::to_string).collect::<Vec<_>>()
                        };
                        let missing: BTreeSet<Move> =
                            expected.difference(&actual).copied().collect();
                        let extra: BTreeSet<Move> = actual.difference(&expected).copied().collect();
                        return fail(
                            json!({"moves": list(&expected)}),
                            json!({"missing": list(&missing), "unexpected": list(&extra)}),
                        );
                    }
                    Err(error) => {
                        return Verdict::Errored {
                            step: index,
                            context: format!("unreadable move in the answer: {error}"),
                            stderr: engine.stderr_tail(),
                        }
                    }
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
            Response::Played { .. } => return protocol_mismatch(index, engine, "played"),
            Response::Ready { .. } | Response::Skipped { .. } | Response::Errored { .. } => {
                return protocol_mismatch(index, engine, "ready")
            }
        }
    }
    Verdict::Passed
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
        | Response::Played { seq: got, .. }
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
pub fn smoke_check_variant(engine: &mut impl Responder, variant: VariantId) -> Smoke {
    if variant == VariantId::Monarchie {
        return smoke_check(engine);
    }
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
        cell: None,
        square: None,
    };
    match engine.respond(&request) {
        Ok(Response::Moves { moves, .. }) => {
            let expected: BTreeSet<String> = reference.legal_moves().into_iter().collect();
            let got: BTreeSet<String> = moves.into_iter().collect();
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
        Ok(other) => Smoke::Broken(format!("asked for moves, got {other:?}")),
        Err(ClientError::Timeout(t)) => Smoke::Broken(format!("no answer within {t:?}")),
        Err(error) => Smoke::Broken(error.to_string()),
    }
}

/// Asks for the legal moves of the MONARCHIE start position.
pub fn smoke_check(engine: &mut impl Responder) -> Smoke {
    let start = crate::position::Position::start();
    let request = Request::Moves {
        seq: 0,
        variant: VariantId::Monarchie,
        position: to_notation(&start),
        rulings: Vec::new(),
        cell: None,
        square: None,
    };
    match engine.respond(&request) {
        Ok(Response::Moves { moves, .. }) => {
            let reference: BTreeSet<Move> =
                legal_moves(&start, &crate::ruleset::Ruleset::default())
                    .into_iter()
                    .collect();
            match moves
                .iter()
                .map(|text| text.parse::<Move>())
                .collect::<Result<BTreeSet<Move>, _>>()
            {
                Ok(got) if got == reference => Smoke::Healthy,
                Ok(got) => Smoke::Disagrees(format!(
                    "{} moves from the start position, the reference has {}; {} in common",
                    got.len(),
                    reference.len(),
                    got.intersection(&reference).count()
                )),
                Err(error) => Smoke::Broken(format!("unreadable move in the answer: {error}")),
            }
        }
        Ok(other) => Smoke::Broken(format!("asked for moves, got {other:?}")),
        Err(ClientError::Timeout(t)) => Smoke::Broken(format!("no answer within {t:?}")),
        Err(error) => Smoke::Broken(error.to_string()),
    }
}

/// A whole conformance run.
#[derive(Clone, Debug, Serialize)]
pub struct ConformReport {
    /// The engine's handshake.
    pub engine: super::client::EngineInfo,
    /// The protocol version of the harness.
    pub protocol: String,
    /// The suite revision: a content hash of the scenario files (and the
    /// git commit when known).
    pub suite_revision: String,
    /// The engine command.
    pub command: String,
    /// How often the engine was restarted.
    pub restarts: usize,
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
        for case in &self.cases {
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
                }
            }
        }
        rows.into_values().collect()
    }

    /// Counts: (passed, failed, errored, skipped).
    pub fn totals(&self) -> (usize, usize, usize, usize) {
        let count = |f: fn(&Verdict) -> bool| self.cases.iter().filter(|c| f(&c.verdict)).count();
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
        let bytes = std::fs::read(file).unwrap_or_default();
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

/// Legal moves of a cell or of the party to move (helper for fuzzing).
pub fn reference_moves(
    position: &crate::position::Position,
    cell: Option<crate::cell::Cell>,
    rules: &crate::ruleset::Ruleset,
) -> Vec<Move> {
    match cell {
        Some(cell) => legal_moves_from(position, cell, rules),
        None => legal_moves(position, rules),
    }
}
