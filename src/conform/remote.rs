//! An external engine as a [`Subject`] of the one step interpreter
//! ([`crate::scenario::run::interpret`]): each step becomes at most one
//! protocol request, and the reference engine plays alongside, so that
//! every request carries the position the scenario has reached and every
//! answer's position is compared with it (docs/protocol.md §9.1). A
//! `play` step sends the scenario's start and every action so far (the
//! last result is compared), so that rules that need the game's history
//! (threefold repetition) see it.

use std::collections::{BTreeMap, BTreeSet};

use serde_json::{json, Value};

use crate::scenario::format::{Expect, StateExpect};
use crate::scenario::load::Loaded;
use crate::scenario::run::{
    canonical_moves, differ, expected_fields, report_fields, Answer, Halt, Mismatch, Subject,
};
use crate::variant::{Game, VariantId};

use super::{is_special, ILLEGAL_LOST};
use crate::protocol::messages::{Request, Response, ILLEGAL};
use crate::protocol::responder::Responder;

/// An external engine with the reference beside it, for one scenario.
pub struct Remote<'a, R: Responder + ?Sized> {
    engine: &'a mut R,
    next_seq: &'a mut u64,
    /// What the engine's answers left uncompared ([`ILLEGAL_LOST`]).
    lost: &'a mut BTreeSet<String>,
    reference: Option<Box<dyn Game>>,
    variant: VariantId,
    rulings: Vec<String>,
    start: String,
    history: Vec<String>,
    /// Each request sent, by seq, with the number of the step that sent
    /// it (0: the starting position).
    asked: Vec<(u64, usize)>,
}

impl<'a, R: Responder + ?Sized> Remote<'a, R> {
    /// The engine, asked with request numbers after `next_seq`, noting in
    /// `lost` what its answers leave uncompared.
    pub fn new(
        engine: &'a mut R,
        next_seq: &'a mut u64,
        lost: &'a mut BTreeSet<String>,
    ) -> Remote<'a, R> {
        Remote {
            engine,
            next_seq,
            lost,
            reference: None,
            variant: VariantId::default(),
            rulings: Vec::new(),
            start: String::new(),
            history: Vec::new(),
            asked: Vec::new(),
        }
    }

    fn seq(&mut self, step: usize) -> u64 {
        *self.next_seq += 1;
        self.asked.push((*self.next_seq, step));
        *self.next_seq
    }

    /// Each request sent so far, by seq, with the number of the step
    /// that sent it (0: the starting position).
    pub fn asked(&self) -> &[(u64, usize)] {
        &self.asked
    }

    fn game(&mut self) -> &mut dyn Game {
        self.reference
            .as_deref_mut()
            .unwrap_or_else(|| unreachable!("the interpreter opens the game before any step"))
    }

    fn mismatch(&self, step: usize, got: &str) -> Halt {
        protocol_mismatch(step, &*self.engine, got)
    }
}

impl<R: Responder + ?Sized> Subject for Remote<'_, R> {
    fn open(&mut self, loaded: &Loaded) -> Result<(), Halt> {
        let reference = loaded.open().map_err(|message| Halt::Errored {
            step: 0,
            context: format!("the reference cannot open the scenario: {message}"),
            stderr: String::new(),
        })?;
        self.variant = loaded.scenario.variant;
        self.rulings = loaded.scenario.ruleset.clone();
        self.start = reference.position_text();
        self.reference = Some(reference);
        Ok(())
    }

    /// An impossible position: the engine must answer a `moves` request
    /// for it with `errored` (it cannot read the position).
    fn refuses(&mut self, loaded: &Loaded) -> Result<(), Halt> {
        if !self.engine.answers().refuses_positions {
            return Err(Halt::Skipped {
                reason: "the engine cannot be asked to refuse a position".to_string(),
            });
        }
        let request = Request::Moves {
            seq: self.seq(0),
            variant: loaded.scenario.variant,
            position: loaded.start.clone(),
            rulings: loaded.scenario.ruleset.clone(),
            from: None,
        };
        match self.engine.respond(&request) {
            Ok(Response::Errored { .. }) => Ok(()),
            Ok(Response::Skipped { reason, .. }) => Err(Halt::Skipped { reason }),
            Ok(other) => Err(Halt::Differs(Mismatch::plain(
                0,
                "moves of an impossible position",
                "errored (the position is refused)",
                &crate::protocol::words::response_text(&other),
            ))),
            Err(error) => Err(Halt::Errored {
                step: 0,
                context: error.to_string(),
                stderr: self.engine.stderr_tail(),
            }),
        }
    }

    fn reference(&self) -> &dyn Game {
        self.reference
            .as_deref()
            .unwrap_or_else(|| unreachable!("the interpreter opens the game before any step"))
    }

    fn play(&mut self, step: usize, action: &str, expect: &Expect) -> Result<Answer, Halt> {
        let seq = self.seq(step);
        self.history.push(action.to_string());
        let request = Request::Apply {
            seq,
            variant: self.variant,
            position: self.start.clone(),
            rulings: self.rulings.clone(),
            actions: self.history.clone(),
        };
        let special = is_special(action) && !self.engine.answers().special_actions;
        let response = match ask(&mut *self.engine, &request, seq, step) {
            Ok(response) => response,
            // A route without special actions (UCI: no draw claims) skips
            // a refused one and goes on: a refusal leaves the position
            // as it was. One the scenario expects to succeed ends the case.
            Err(Halt::Skipped { .. }) if special && expect.result != "legal" => {
                self.history.pop();
                let _ = self.game().play(action);
                return Ok(None);
            }
            Err(Halt::Skipped { reason }) if special => {
                return Err(Halt::Skipped {
                    reason: format!(
                        "step {step}: {reason}; the scenario's game ends by it, so no later step can be asked"
                    ),
                })
            }
            Err(halt) => return Err(halt),
        };
        let results = match response {
            Response::Applied { results, .. } => results,
            other => return Err(self.mismatch(step, answer_name(&other))),
        };
        let (Some(result), true) = (results.last(), results.len() == self.history.len()) else {
            return Err(Halt::Errored {
                step,
                context: format!(
                    "expected {} results, got {}",
                    self.history.len(),
                    results.len()
                ),
                stderr: self.engine.stderr_tail(),
            });
        };
        let (info, reached) = {
            let game = self.game();
            let _ = game.play(action);
            (game.info(), game.position_text())
        };
        let wanted = expected_fields(expect, info);
        let mut expected = wanted.clone();
        let mut actual = report_fields(&wanted, &result.as_result(), info);
        if result.result == ILLEGAL && expect.result != "legal" {
            // Refused, reason not given: the legality agrees, the code is
            // not compared.
            actual.insert("result", json!(expect.result));
            self.lost.insert(ILLEGAL_LOST.to_string());
        }
        expected.insert("position", json!(reached));
        actual.insert("position", json!(result.position));
        let answers = self.engine.answers();
        answers.restrict(&mut expected);
        answers.restrict(&mut actual);
        Ok(differ(expected, actual))
    }

    fn moves(&mut self, step: usize, from: Option<&str>) -> Result<Vec<String>, Halt> {
        let seq = self.seq(step);
        let request = Request::Moves {
            seq,
            variant: self.variant,
            position: self.reference().position_text(),
            rulings: self.rulings.clone(),
            from: from.map(str::to_string),
        };
        match ask(&mut *self.engine, &request, seq, step)? {
            Response::Moves { moves, .. } => Ok(canonical_moves(self.reference(), &moves)),
            other => Err(self.mismatch(step, answer_name(&other))),
        }
    }

    fn perft(&mut self, step: usize, depth: u32) -> Result<Value, Halt> {
        let seq = self.seq(step);
        let request = Request::Perft {
            seq,
            variant: self.variant,
            position: self.reference().position_text(),
            rulings: self.rulings.clone(),
            depth,
        };
        match ask(&mut *self.engine, &request, seq, step)? {
            Response::Perft { nodes, .. } => Ok(json!({ "nodes": nodes })),
            other => Err(self.mismatch(step, answer_name(&other))),
        }
    }

    /// A state step that pins the status, the winner or the party to move
    /// asks the engine with `status` (protocol 2.2): the scenario's start
    /// and every action so far, as a `play` step sends them. Its other
    /// fields are not asked (the positions of the `apply` answers have
    /// been compared already). An engine that cannot be asked `status`
    /// has it noted as not compared.
    fn state(&mut self, step: usize, state: &StateExpect) -> Result<Answer, Halt> {
        let seq = self.seq(step);
        if state.status.is_none() && state.winner.is_none() && state.to_move.is_none() {
            return Ok(None);
        }
        if !self.engine.answers_status() {
            self.lost.insert(STATUS_LOST.to_string());
            return Ok(None);
        }
        let request = Request::Status {
            seq,
            variant: self.variant,
            position: self.start.clone(),
            rulings: self.rulings.clone(),
            actions: self.history.clone(),
        };
        let (status, to_move) = match ask(&mut *self.engine, &request, seq, step)? {
            Response::Status {
                status, to_move, ..
            } => (status, to_move),
            other => return Err(self.mismatch(step, answer_name(&other))),
        };
        let mut expected = BTreeMap::new();
        let mut actual = BTreeMap::new();
        if let Some(want) = &state.status {
            expected.insert("status", json!(want));
            actual.insert("status", json!(status));
        }
        if let Some(want) = &state.winner {
            expected.insert("winner", json!(want));
            actual.insert("winner", json!(status.sole_winner()));
        }
        if let Some(want) = &state.to_move {
            expected.insert("to_move", json!(want));
            actual.insert("to_move", json!(to_move));
        }
        Ok(differ(expected, actual))
    }
}

/// What a `conform` report notes when a `state` step pins the status of
/// a position and the engine cannot be asked it.
pub const STATUS_LOST: &str = "the status of a position (`status`, protocol 2.2)";

/// The name of an answer that does not fit its request.
fn answer_name(response: &Response) -> &'static str {
    match response {
        Response::Applied { .. } => "applied",
        Response::Moves { .. } => "moves",
        Response::Perft { .. } => "perft",
        Response::Status { .. } => "status",
        Response::Ready { .. } => "ready",
        Response::Refused { .. } => "refused",
        Response::Skipped { .. } | Response::Errored { .. } => "skipped or errored",
    }
}

/// Sends one request of step `step`. No answer, `skipped`, `errored` and
/// an answer to another request number become the halt.
pub(crate) fn ask<R: Responder + ?Sized>(
    engine: &mut R,
    request: &Request,
    seq: u64,
    step: usize,
) -> Result<Response, Halt> {
    let response = match engine.respond(request) {
        Ok(response) => response,
        Err(error) => {
            return Err(Halt::Errored {
                step,
                context: error.to_string(),
                stderr: engine.stderr_tail(),
            })
        }
    };
    match response {
        Response::Skipped { reason, .. } => Err(Halt::Skipped { reason }),
        Response::Errored { context, .. } => Err(Halt::Errored {
            step,
            context: format!("the engine reported an error: {context}"),
            stderr: engine.stderr_tail(),
        }),
        Response::Applied { seq: got, .. }
        | Response::Moves { seq: got, .. }
        | Response::Perft { seq: got, .. }
            if got != seq =>
        {
            Err(Halt::Errored {
                step,
                context: format!("answer for seq {got}, expected seq {seq}"),
                stderr: engine.stderr_tail(),
            })
        }
        response => Ok(response),
    }
}

/// An answer of the wrong type for its request.
pub(crate) fn protocol_mismatch<R: Responder + ?Sized>(step: usize, engine: &R, got: &str) -> Halt {
    Halt::Errored {
        step,
        context: format!("the answer '{got}' does not fit the request"),
        stderr: engine.stderr_tail(),
    }
}
