//! Writing a journal while a game is played.

use crate::variant::monarchie::moves::Action;
use crate::variant::monarchie::position::Position;
use crate::variant::monarchie::rules::{apply, Illegal, Outcome};
use crate::variant::monarchie::ruleset::Ruleset;

use super::{Clocks, Entry, GameResult, GameType, Journal, Participant, Status};

/// The journal entry of an action as the engine played it: `outcome` is
/// what [`apply`](fn@apply) returned for `action`, the `n`-th action of the game.
pub fn entry_of(n: usize, action: Action, outcome: &Outcome) -> Entry {
    let (text, elapsed) = match action {
        Action::Move { mv, elapsed } => (mv.text(outcome.capture.is_some()), elapsed),
        Action::Timeout => ("timeout".to_string(), None),
    };
    Entry {
        n,
        party: outcome.actor,
        action: text,
        elapsed,
        capture: outcome.capture.map(Into::into),
        promotion: outcome.promotion,
        forfeit: outcome.forfeited,
        king_capture: outcome.king_captured,
        check: outcome.checks.clone(),
        eliminated: outcome.eliminations.iter().map(|&e| e.into()).collect(),
        winner: outcome.winner,
    }
}

/// Plays a game and records it: the position, the ruleset and the journal
/// so far.
#[derive(Clone, Debug)]
pub struct Recorder {
    /// The current position.
    pub position: Position,
    /// The rules in force.
    pub rules: Ruleset,
    /// The journal so far (its `result` is filled by [`Recorder::finish`]).
    pub journal: Journal,
}

/// The header of a journal: everything but the actions and the result.
#[derive(Clone, Debug)]
pub struct Header {
    /// Match number.
    pub match_number: u64,
    /// Date `YYYY-MM-DD`.
    pub date: String,
    /// Game type.
    pub game_type: GameType,
    /// Tournament level, if any.
    pub level: Option<u8>,
    /// Clocks.
    pub clocks: Clocks,
    /// Ruling settings `ID=key`.
    pub rulings: Vec<String>,
    /// The six seats.
    pub participants: Vec<Participant>,
}

impl Recorder {
    /// A recorder at the Anhang A start (timed if the header says so).
    pub fn new(header: Header, rules: Ruleset) -> Recorder {
        let position = match header.clocks {
            Clocks::Untimed => Position::start(),
            Clocks::Timed => Position::timed_start(),
        };
        Recorder {
            position,
            rules,
            journal: Journal {
                match_number: header.match_number,
                date: header.date,
                game_type: header.game_type,
                level: header.level,
                clocks: header.clocks,
                rulings: header.rulings,
                participants: header.participants,
                actions: Vec::new(),
                result: GameResult {
                    status: Status::Undecided,
                    winner: None,
                    eliminated: Vec::new(),
                    actions: 0,
                },
            },
        }
    }

    /// Plays an action and records it.
    ///
    /// # Errors
    /// [`Illegal`] when the rules refuse it; nothing is recorded then.
    pub fn play(&mut self, action: Action) -> Result<Outcome, Illegal> {
        let outcome = apply(&mut self.position, action, &self.rules)?;
        let n = self.journal.actions.len() + 1;
        self.journal.actions.push(entry_of(n, action, &outcome));
        Ok(outcome)
    }

    /// Fills in the result from the current position and returns the journal.
    pub fn finish(mut self) -> Journal {
        self.journal.result = result_of(&self.position, &self.journal.actions);
        self.journal
    }
}

/// The result a journal must state for the game it records.
pub fn result_of(position: &Position, actions: &[Entry]) -> GameResult {
    GameResult {
        status: if position.to_move().is_none() {
            Status::Decided
        } else {
            Status::Undecided
        },
        winner: position.winner(),
        eliminated: actions
            .iter()
            .flat_map(|entry| entry.eliminated.iter().copied())
            .collect(),
        actions: actions.len(),
    }
}
