//! The recording engine: the reference ([`Reference`]) run through the one
//! step interpreter, keeping what it answered at every step and how each
//! step compared, for the explorer's step table. The comparisons are the
//! interpreter's own ([`super::compare`], `canonical_action` and the
//! deduplication of move sets included), so the table says "differs" at
//! exactly the steps where `check` finds a difference; the explorer only
//! turns the recorded answers into words.

use serde_json::Value;

use crate::variant::{Report, Status};

use super::format::{Expect, StateExpect};
use super::load::Loaded;
use super::run::{walk, Answer, Halt, Mismatch, Reference, StepKind, Subject};

/// What the reference answered at one step.
#[derive(Clone, Debug, PartialEq)]
pub enum Answered {
    /// A `play` step: the report, or the refusal's code.
    Played {
        /// The action as written.
        action: String,
        /// The report, or the refusal's code.
        result: Result<Box<Report>, &'static str>,
    },
    /// A `moves` step: the legal moves (of the piece on `from`, or of
    /// the party to move), sorted, each once.
    Moves {
        /// The square asked, as written.
        from: Option<String>,
        /// The moves.
        moves: Vec<String>,
    },
    /// A `perft` step: `{nodes: N}`, or what stood in the way.
    Perft {
        /// The depth.
        depth: u32,
        /// The answer.
        answer: Value,
    },
    /// A `state` step: the position's state as it stood, in the fields
    /// the step expects (each cell it names, each variant field), so that
    /// the engine's answer is worded like the expectation beside it.
    State(Box<StateExpect>),
}

/// One step as the reference ran it.
#[derive(Clone, Debug, PartialEq)]
pub struct RecordedStep {
    /// The step's number, counted from 1.
    pub number: usize,
    /// Its kind.
    pub kind: StepKind,
    /// What the reference answered.
    pub answered: Answered,
    /// How it differed from the expectation, if it did (as `check`
    /// reports it).
    pub difference: Option<Mismatch>,
}

/// A scenario run on the reference, every step recorded.
#[derive(Clone, Debug, PartialEq)]
pub struct Recording {
    /// The steps that ran, in order (none when the position did not open
    /// or is an impossible one).
    pub steps: Vec<RecordedStep>,
    /// What `check` reports for the scenario: the first difference, the
    /// opening's included; `None` when it passes.
    pub first: Option<Mismatch>,
}

impl Recording {
    /// The recorded step with this number (from 1).
    pub fn step(&self, number: usize) -> Option<&RecordedStep> {
        self.steps.iter().find(|step| step.number == number)
    }
}

/// The reference, keeping every answer.
struct Recorder<'a> {
    reference: Reference<'a>,
    answers: Vec<(usize, Answered)>,
}

impl Subject for Recorder<'_> {
    fn open(&mut self, loaded: &Loaded) -> Result<(), Halt> {
        self.reference.open(loaded)
    }

    fn refuses(&mut self, loaded: &Loaded) -> Result<(), Halt> {
        self.reference.refuses(loaded)
    }

    fn reference(&self) -> &dyn crate::variant::Game {
        self.reference.reference()
    }

    fn play(&mut self, step: usize, action: &str, expect: &Expect) -> Result<Answer, Halt> {
        let (answer, result) = self.reference.play_kept(action, expect);
        self.answers.push((
            step,
            Answered::Played {
                action: action.to_string(),
                result,
            },
        ));
        Ok(answer)
    }

    fn moves(&mut self, step: usize, from: Option<&str>) -> Result<Vec<String>, Halt> {
        let moves = self.reference.moves(step, from)?;
        let mut kept = moves.clone();
        kept.sort();
        kept.dedup();
        self.answers.push((
            step,
            Answered::Moves {
                from: from.map(str::to_string),
                moves: kept,
            },
        ));
        Ok(moves)
    }

    fn perft(&mut self, step: usize, depth: u32) -> Result<Value, Halt> {
        let answer = self.reference.perft(step, depth)?;
        self.answers.push((
            step,
            Answered::Perft {
                depth,
                answer: answer.clone(),
            },
        ));
        Ok(answer)
    }

    fn state(&mut self, step: usize, state: &StateExpect) -> Result<Answer, Halt> {
        let answer = self.reference.state(step, state)?;
        let game = self.reference.reference();
        self.answers
            .push((step, Answered::State(Box::new(as_stood(game, state)))));
        Ok(answer)
    }
}

/// The state of `game` in the fields `expected` names, with the party to
/// move, the status and the parties in check always: the parties in play
/// and the sole winner, each
/// cell it names with what stands there, each variant field, and the
/// position text.
fn as_stood(game: &dyn crate::variant::Game, expected: &StateExpect) -> StateExpect {
    let status = game.status();
    let winner = match &status {
        Status::Won { winners, .. } if winners.len() == 1 => Some(winners[0].clone()),
        _ => None,
    };
    StateExpect {
        // Who moves is said at every state row, asked for or not.
        to_move: Some(game.to_move()),
        active: expected.active.as_ref().map(|_| game.active()),
        winner: expected.winner.as_ref().map(|_| winner),
        status: Some(status),
        position: expected.position.as_ref().map(|_| game.position_text()),
        cells: expected.cells.as_ref().map(|cells| {
            cells
                .keys()
                .map(|cell| {
                    let what = game
                        .occupant(&cell.0)
                        .unwrap_or_else(|error| error.to_string());
                    (cell.clone(), what)
                })
                .collect()
        }),
        in_check: Some(game.in_check()),
        variant_fields: expected
            .variant_fields
            .keys()
            .filter_map(|name| Some((name.clone(), game.state_field(name)?)))
            .collect(),
    }
}

/// Runs `loaded` on the reference with `forced` settings on top of its
/// own, every step (a difference does not stop the game, as in
/// [`super::run::differences_with`]), recording each answer and each
/// difference.
pub fn record(loaded: &Loaded, forced: &[String]) -> Recording {
    let mut recorder = Recorder {
        reference: Reference::new(forced),
        answers: Vec::new(),
    };
    if loaded.scenario.position.invalid {
        let first = recorder.refuses(loaded).err().map(Halt::into_mismatch);
        return Recording {
            steps: Vec::new(),
            first,
        };
    }
    if let Err(halt) = recorder.open(loaded) {
        return Recording {
            steps: Vec::new(),
            first: Some(halt.into_mismatch()),
        };
    }
    let mut differences: Vec<(StepKind, Mismatch)> = Vec::new();
    // The reference always answers, so the walk runs to the last step.
    let _ = walk(
        loaded,
        &mut recorder,
        &mut |number, what, kind, expected, actual| {
            differences.push((kind, Mismatch::new(number, what, expected, actual)));
            Ok(())
        },
    );
    let first = differences.first().map(|(_, mismatch)| mismatch.clone());
    let kinds = loaded.scenario.steps.iter().map(StepKind::of);
    let steps = recorder
        .answers
        .into_iter()
        .zip(kinds)
        .map(|((number, answered), kind)| RecordedStep {
            number,
            kind,
            answered,
            difference: differences
                .iter()
                .find(|(_, mismatch)| mismatch.step == number)
                .map(|(_, mismatch)| mismatch.clone()),
        })
        .collect();
    Recording { steps, first }
}
