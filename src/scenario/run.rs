//! The one step interpreter: a scenario's steps run in order against an
//! engine, each compared with its expectation. It is generic over the
//! engine ([`Subject`]): the reference engine in this process
//! ([`Reference`], what `check` runs) and an external engine beside the
//! reference (`conform::remote`, what `conform` runs) answer the same
//! four kinds of step, and this file is the only place that dispatches on
//! [`Step`]. The comparisons themselves are [`super::compare`]'s.

use serde_json::{json, Value};

use crate::variant::Game;

use super::format::{Expect, StateExpect, Step};
use super::load::Loaded;

pub use super::compare::{
    canonical_moves, compare_moves, differ, expected_fields, report_fields, state_fields, to_yaml,
    Answered, StepError,
};

/// How one step differed from its expectation.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Mismatch {
    /// The step's number, counted from 1 as everywhere (a failure at
    /// step N is explored with `explore --step N`, which stands before
    /// it); 0 when the starting position itself is at fault.
    pub step: usize,
    /// A short description of the step (`play 16-28`, `moves of 16`...).
    pub what: String,
    /// The compared fields as expected (YAML text).
    pub expected: String,
    /// The same fields as the engine gives them (YAML text).
    pub actual: String,
}

impl Mismatch {
    /// A difference at `step`, the values shown as YAML.
    pub fn new(step: usize, what: impl Into<String>, expected: &Value, actual: &Value) -> Self {
        Mismatch {
            step,
            what: what.into(),
            expected: to_yaml(expected),
            actual: to_yaml(actual),
        }
    }

    /// A difference at `step` told in two lines of plain text.
    pub fn plain(step: usize, what: &str, expected: &str, actual: &str) -> Self {
        Mismatch {
            step,
            what: what.to_string(),
            expected: format!("{expected}\n"),
            actual: format!("{actual}\n"),
        }
    }
}

/// Why a run stopped before its last step agreed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Halt {
    /// A step's answer differs from its expectation.
    Differs(Mismatch),
    /// The engine gave no usable answer (external engines).
    Errored {
        /// The step's number, from 1 ([`Mismatch::step`]).
        step: usize,
        /// What went wrong.
        context: String,
        /// The last lines of the engine's stderr.
        stderr: String,
    },
    /// The engine declined a request (external engines).
    Skipped {
        /// Its reason.
        reason: String,
    },
}

impl Halt {
    /// The mismatch a halt of the reference stands for: the reference
    /// always answers, so a halt of another kind still fails the case
    /// rather than passing it.
    pub fn into_mismatch(self) -> Mismatch {
        match self {
            Halt::Differs(mismatch) => mismatch,
            Halt::Errored { step, context, .. } => {
                Mismatch::plain(step, "run on the reference", "an answer", &context)
            }
            Halt::Skipped { reason } => {
                Mismatch::plain(0, "run on the reference", "an answer", &reason)
            }
        }
    }
}

/// What an answer is compared as: the expected and the actual value;
/// `None` when there is nothing to compare (the step agreed, or the
/// engine's route cannot be asked it).
pub type Answer = Option<(Value, Value)>;

/// An engine the interpreter can run a scenario against. Each method
/// answers one kind of step in the shape its comparison takes; `step` is
/// the step's number, counted from 1 ([`Mismatch::step`]), for the
/// engine's own halts.
pub trait Subject {
    /// Opens the scenario's starting position.
    ///
    /// # Errors
    /// Why the run cannot start.
    fn open(&mut self, loaded: &Loaded) -> Result<(), Halt>;
    /// An impossible starting position (`invalid: true`): `Ok` when the
    /// engine refuses it.
    ///
    /// # Errors
    /// How the engine's answer differs, or why it gave none.
    fn refuses(&mut self, loaded: &Loaded) -> Result<(), Halt>;
    /// The reference game at the position the scenario has reached, for
    /// reading move texts and square names.
    fn reference(&self) -> &dyn Game;
    /// Plays `action`; the expected and the actual fields of `expect`.
    ///
    /// # Errors
    /// Why the engine gave no comparable answer.
    fn play(&mut self, step: usize, action: &str, expect: &Expect) -> Result<Answer, Halt>;
    /// The legal moves (of the piece on the canonical square `from`, or
    /// of the party to move), each in the reference's canonical notation
    /// where it can read them.
    ///
    /// # Errors
    /// Why the engine gave no comparable answer.
    fn moves(&mut self, step: usize, from: Option<&str>) -> Result<Vec<String>, Halt>;
    /// The perft count at `depth`, as `{nodes: N}` (or what stood in
    /// its way).
    ///
    /// # Errors
    /// Why the engine gave no comparable answer.
    fn perft(&mut self, step: usize, depth: u32) -> Result<Value, Halt>;
    /// The expected and the actual fields of a `state` step.
    ///
    /// # Errors
    /// Why the engine gave no comparable answer.
    fn state(&mut self, step: usize, state: &StateExpect) -> Result<Answer, Halt>;
}

/// Runs every step of `loaded` against `subject`; `Err` at the first step
/// that differs or has no answer.
///
/// # Errors
/// The [`Halt`].
pub fn interpret<S: Subject + ?Sized>(loaded: &Loaded, subject: &mut S) -> Result<(), Halt> {
    if loaded.scenario.position.invalid {
        return subject.refuses(loaded);
    }
    subject.open(loaded)?;
    walk(loaded, subject, &mut |number, what, _, expected, actual| {
        Err(Halt::Differs(Mismatch::new(number, what, expected, actual)))
    })
}

/// What [`walk`] calls for a step that differs: its number, description,
/// kind, the expected and the actual value; an `Err` stops the walk.
type OnDifference<'a> = dyn FnMut(usize, String, StepKind, &Value, &Value) -> Result<(), Halt> + 'a;

/// Runs the steps of `loaded` in order against the opened `subject`,
/// handing each step that differs to `on_difference`: the one place that
/// dispatches on [`Step`].
pub(super) fn walk<S: Subject + ?Sized>(
    loaded: &Loaded,
    subject: &mut S,
    on_difference: &mut OnDifference<'_>,
) -> Result<(), Halt> {
    let info = loaded.info();
    for (index, step) in loaded.scenario.steps.iter().enumerate() {
        let number = step_number(index);
        let (what, kind, answer) = match step {
            Step::Play { action, expect } => (
                format!("play {action}"),
                StepKind::Play,
                subject.play(number, action, expect)?,
            ),
            Step::Moves { from, expect } => {
                let square = from
                    .as_ref()
                    .map(|square| super::compare::square(info, &square.0));
                let what = match &square {
                    Some(square) => format!("moves of {} {square}", info.square_word),
                    None => "moves of the party to move".to_string(),
                };
                let actual = subject.moves(number, square.as_deref())?;
                let expected = canonical_moves(subject.reference(), expect);
                let answer = compare_moves(String::new(), expected, actual)
                    .err()
                    .map(|(_, expected, actual)| (expected, actual));
                (what, StepKind::Moves, answer)
            }
            Step::Perft { depth, nodes } => {
                let actual = subject.perft(number, *depth)?;
                let expected = json!({ "nodes": nodes });
                (
                    format!("perft {depth}"),
                    StepKind::Perft,
                    (expected != actual).then_some((expected, actual)),
                )
            }
            Step::State(state) => (
                "state".to_string(),
                StepKind::State,
                subject.state(number, state)?,
            ),
        };
        if let Some((expected, actual)) = answer {
            on_difference(number, what, kind, &expected, &actual)?;
        }
    }
    Ok(())
}

/// What one step of a scenario is: the step kinds of [`Step`], and the
/// opening of the position before them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum StepKind {
    /// Opening the position (set-up validation, `invalid: true`).
    Open,
    /// A `play` step and its `expect`.
    Play,
    /// A `moves` step and its `expect_moves`.
    Moves,
    /// A `perft` step and its `expect_nodes`.
    Perft,
    /// A `state` step.
    State,
}

impl StepKind {
    /// The kind of a scenario step.
    pub fn of(step: &Step) -> StepKind {
        match step {
            Step::Play { .. } => StepKind::Play,
            Step::Moves { .. } => StepKind::Moves,
            Step::Perft { .. } => StepKind::Perft,
            Step::State(_) => StepKind::State,
        }
    }
}

/// One step that came out differently, and the compared fields that
/// differ (`result` when an action's legality flips, `reason` when it is
/// refused both ways with another code, `next`, `capture`, ...; `moves`
/// for a move set, `nodes` for a perft count, `position` for opening the
/// position or a refused action that changed it).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Difference {
    /// The step's number, from 1 ([`Mismatch::step`]); 0 for
    /// [`StepKind::Open`].
    pub step: usize,
    /// The kind of the step.
    pub kind: StepKind,
    /// The differing fields, sorted.
    pub fields: Vec<String>,
}

/// Every step of `loaded` that differs from its expectation on the
/// reference engine with `forced` settings on top of the scenario's, in
/// order. Unlike [`run_with`] it does not stop at the first difference:
/// every step is still played (a difference in one reported field does
/// not stop the game), so that a later step that differs in another way
/// is seen too. Opening the position is the one difference after which
/// nothing runs.
pub fn differences_with(loaded: &Loaded, forced: &[String]) -> Vec<Difference> {
    let open = || Difference {
        step: 0,
        kind: StepKind::Open,
        fields: vec!["position".to_string()],
    };
    let mut reference = Reference { forced, game: None };
    if loaded.scenario.position.invalid {
        return match reference.refuses(loaded) {
            Ok(()) => Vec::new(),
            Err(_) => vec![open()],
        };
    }
    if reference.open(loaded).is_err() {
        return vec![open()];
    }
    let mut out = Vec::new();
    // The reference always answers, so the walk runs to the last step.
    let _ = walk(
        loaded,
        &mut reference,
        &mut |step, _, kind, expected, actual| {
            out.push(Difference {
                step,
                kind,
                fields: differing_fields(kind, expected, actual),
            });
            Ok(())
        },
    );
    out
}

/// The keys of `expected` whose values differ in `actual` (the compared
/// maps of one step); the whole step's name when they are not maps.
fn differing_fields(kind: StepKind, expected: &Value, actual: &Value) -> Vec<String> {
    match kind {
        StepKind::Moves => return vec!["moves".to_string()],
        StepKind::Perft => return vec!["nodes".to_string()],
        _ => {}
    }
    let (Some(want), Some(have)) = (expected.as_object(), actual.as_object()) else {
        // A refused action that changed the position.
        return vec!["position".to_string()];
    };
    let mut fields: Vec<String> = want
        .iter()
        .filter(|(key, value)| have.get(key.as_str()) != Some(value))
        .map(|(key, _)| {
            // Refused both ways, for another reason: the refusal's code
            // differs, not the action's legality.
            let refused = |map: &serde_json::Map<String, Value>| {
                map.get("result").is_some_and(|code| code != "legal")
            };
            if key == "result" && refused(want) && refused(have) {
                "reason".to_string()
            } else {
                key.clone()
            }
        })
        .collect();
    fields.sort();
    fields
}

/// The number of the step at 0-based position `index` in a scenario's
/// list: steps are counted from 1 in every report, hint and option.
pub fn step_number(index: usize) -> usize {
    index + 1
}

/// How a report names the place of a failure: `step N`, or the starting
/// position for 0.
pub fn step_label(step: usize) -> String {
    if step == 0 {
        "the starting position".to_string()
    } else {
        format!("step {step}")
    }
}

/// Runs every step on the reference engine; `Err` at the first step that
/// differs.
///
/// # Errors
/// The first [`Mismatch`].
pub fn run(loaded: &Loaded) -> Result<(), Mismatch> {
    run_with(loaded, &[])
}

/// [`run`] with `forced` ruling settings on top of the scenario's.
///
/// # Errors
/// The first [`Mismatch`].
pub fn run_with(loaded: &Loaded, forced: &[String]) -> Result<(), Mismatch> {
    let mut reference = Reference { forced, game: None };
    interpret(loaded, &mut reference).map_err(Halt::into_mismatch)
}

/// The reference engine in this process, under the scenario's ruleset and
/// `forced` settings on top (`fault:M-...` entries play misreadings).
pub struct Reference<'a> {
    /// The forced settings.
    pub forced: &'a [String],
    /// The game, once opened.
    game: Option<Box<dyn Game>>,
}

impl<'a> Reference<'a> {
    /// The reference with `forced` settings, before the position is opened.
    pub fn new(forced: &'a [String]) -> Reference<'a> {
        Reference { forced, game: None }
    }

    /// Plays `action` as a `play` step: the expected and the actual fields
    /// of `expect` as [`Subject::play`] gives them, and the report or the
    /// refusal's code itself.
    pub fn play_kept(
        &mut self,
        action: &str,
        expect: &Expect,
    ) -> (Answer, Result<Box<crate::variant::Report>, &'static str>) {
        let game = self.game();
        let info = game.info();
        let before = game.position_text();
        let result = game.play(action);
        if let Err(refusal) = &result {
            let code = refusal.code;
            if game.position_text() != before {
                return (
                    Some((
                        json!("position unchanged"),
                        json!("a refused action changed the position"),
                    )),
                    Err(code),
                );
            }
            return (
                (expect.result != refusal.code).then(|| {
                    (
                        json!({"result": expect.result}),
                        json!({"result": refusal.code, "message": refusal.detail}),
                    )
                }),
                Err(code),
            );
        }
        let wanted = expected_fields(expect, info);
        let result = match result {
            Ok(report) => Answered::Legal(Box::new(report)),
            Err(refusal) => Answered::Refused(refusal.code.to_string()),
        };
        let actual = report_fields(&wanted, &result, info);
        let kept = match result {
            Answered::Legal(report) => Ok(report),
            _ => Err("legal"),
        };
        (differ(wanted, actual), kept)
    }

    fn game(&mut self) -> &mut dyn Game {
        self.game
            .as_deref_mut()
            .unwrap_or_else(|| unreachable!("the interpreter opens the game before any step"))
    }
}

impl Subject for Reference<'_> {
    fn open(&mut self, loaded: &Loaded) -> Result<(), Halt> {
        let game = loaded.open_with(self.forced).map_err(|error| {
            Halt::Differs(Mismatch::plain(
                0,
                "open the position",
                "a playable position",
                &error.to_string(),
            ))
        })?;
        self.game = Some(game);
        Ok(())
    }

    fn refuses(&mut self, loaded: &Loaded) -> Result<(), Halt> {
        match loaded.open_with(self.forced) {
            Err(_) => Ok(()),
            Ok(game) => Err(Halt::Differs(Mismatch::plain(
                0,
                "open the position",
                "refused as an impossible position",
                &format!("accepted: {}", game.position_text()),
            ))),
        }
    }

    fn reference(&self) -> &dyn Game {
        self.game
            .as_deref()
            .unwrap_or_else(|| unreachable!("the interpreter opens the game before any step"))
    }

    fn play(&mut self, _step: usize, action: &str, expect: &Expect) -> Result<Answer, Halt> {
        Ok(self.play_kept(action, expect).0)
    }

    fn moves(&mut self, _step: usize, from: Option<&str>) -> Result<Vec<String>, Halt> {
        let game = self.game();
        Ok(match from {
            Some(square) => game
                .legal_moves_from(square)
                .unwrap_or_else(|error| vec![error.to_string()]),
            None => game.legal_moves(),
        })
    }

    fn perft(&mut self, _step: usize, depth: u32) -> Result<Value, Halt> {
        let game = self.game();
        let budget = crate::budget::NodeBudget::AtMost(crate::budget::SCENARIO_MAX_NODES);
        if let Err(message) = crate::budget::check(game, depth, budget, "SCENARIO_MAX_NODES") {
            return Ok(json!({ "refused": message.to_string() }));
        }
        Ok(json!({ "nodes": game.perft(depth) }))
    }

    fn state(&mut self, _step: usize, state: &StateExpect) -> Result<Answer, Halt> {
        let (expected, actual) = state_fields(state, self.game());
        Ok(differ(expected, actual))
    }
}
