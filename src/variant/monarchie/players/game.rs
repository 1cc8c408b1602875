//! Playing a whole six-party game between computer players and recording
//! its journal (training game rules, clause 19: six active colours).

use crate::rng::Rng;
use crate::variant::journal::Joshua;
use crate::variant::monarchie::journal::record::{Header, Recorder};
use crate::variant::monarchie::journal::{
    Clocks, Entry, GameType, Journal, Participant, PlayerKind, Status,
};
use crate::variant::monarchie::moves::Action;
use crate::variant::monarchie::party::{ByParty, Party};
use crate::variant::monarchie::position::Position;
use crate::variant::monarchie::ruleset::Ruleset;

use super::{computer, Player};

/// How to play a computer game.
#[derive(Clone, Debug)]
pub struct GameConfig {
    /// The seed of the whole game: players and clock times derive from it.
    pub seed: u64,
    /// The player of each colour.
    pub seats: ByParty<Seat>,
    /// The most actions before the game is stopped as undecided.
    pub max_plies: usize,
    /// Whether clocks run; with clocks, players use 1-20 s per move and
    /// now and then let a turn pass (a timeout).
    pub clocks: Clocks,
    /// The match number for the journal.
    pub match_number: u64,
    /// The date for the journal.
    pub date: String,
}

/// A finished (or capped) game.
#[derive(Clone, Debug)]
pub struct GameSummary {
    /// Its journal.
    pub journal: Journal,
    /// The winner, if decided.
    pub winner: Option<Party>,
    /// Whether a winner was found within the cap.
    pub decided: bool,
}

/// Who sits at a colour.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Seat {
    /// A computer player (a Joshua, clause 19).
    Computer(Joshua),
    /// A human, by name; its actions come from [`Table::human_action`].
    Human(String),
}

/// The world around a game: where human actions come from and who watches.
pub trait Table {
    /// The action of a human seat; `None` stops the game (undecided).
    fn human_action(&mut self, name: &str, position: &Position, rules: &Ruleset) -> Option<Action>;

    /// Called after every action with its journal entry and the new position.
    fn after_action(&mut self, _entry: &Entry, _position: &Position) {}
}

/// A table without humans and without spectators.
#[derive(Clone, Copy, Debug, Default)]
pub struct ComputersOnly;

impl Table for ComputersOnly {
    fn human_action(&mut self, _: &str, _: &Position, _: &Ruleset) -> Option<Action> {
        None
    }
}

/// The seed of one seat's player: distinct per colour, fixed per game seed.
pub fn seat_seed(seed: u64, party: Party) -> u64 {
    Rng::new(seed ^ (0x5EA7_0000 + party.index() as u64)).next_u64()
}

/// The journal participants: humans by name, computers clearly marked.
pub fn participants(seats: &ByParty<Seat>) -> Vec<Participant> {
    Party::ALL
        .into_iter()
        .map(|party| match &seats[party] {
            Seat::Computer(joshua) => Participant {
                colour: party,
                name: format!("Joshua {} ({joshua})", party.german()),
                kind: PlayerKind::Computer,
                engine: Some(joshua.key().to_string()),
            },
            Seat::Human(name) => Participant {
                colour: party,
                name: name.clone(),
                kind: PlayerKind::Human,
                engine: None,
            },
        })
        .collect()
}

/// Clause 19: with one to three humans a training game; a game of
/// computers only is a demonstration.
///
/// # Errors
/// More than three humans: that is no training game.
pub fn game_type_of(seats: &ByParty<Seat>) -> Result<GameType, TooManyHumans> {
    let humans = seats
        .iter()
        .filter(|(_, seat)| matches!(seat, Seat::Human(_)))
        .count();
    match humans {
        0 => Ok(GameType::Demonstration),
        1..=3 => Ok(GameType::Training),
        humans => Err(TooManyHumans { humans }),
    }
}

/// More humans than a training game has (clause 19).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("a training game has one, two or three humans (clause 19), not {humans}")]
pub struct TooManyHumans {
    /// How many humans were seated.
    pub humans: usize,
}

/// Plays a game of computers to its end or to `max_plies` actions.
pub fn play_game(config: &GameConfig, rules: &Ruleset) -> GameSummary {
    play_at(config, rules, &mut ComputersOnly)
}

/// Plays a game with humans from `table` to its end or to `max_plies`
/// actions (or until a human stops).
pub fn play_at(config: &GameConfig, rules: &Ruleset, table: &mut dyn Table) -> GameSummary {
    let header = Header {
        match_number: config.match_number,
        date: config.date.clone(),
        game_type: game_type_of(&config.seats).unwrap_or(GameType::Demonstration),
        level: None,
        clocks: config.clocks,
        rulings: Vec::new(),
        participants: participants(&config.seats),
    };
    let mut players: ByParty<Option<Box<dyn Player>>> = ByParty::default();
    for party in Party::ALL {
        if let Seat::Computer(joshua) = config.seats[party] {
            players[party] = Some(computer(joshua, seat_seed(config.seed, party)));
        }
    }
    let mut clock_rng = Rng::new(config.seed.wrapping_mul(31).wrapping_add(7));
    let mut recorder = Recorder::new(header, *rules);
    while recorder.journal.actions.len() < config.max_plies {
        let Some(party) = recorder.position.to_move() else {
            break;
        };
        let mut action = match (players[party].as_mut(), &config.seats[party]) {
            (Some(player), _) => player.choose(&recorder.position, &recorder.rules),
            (None, Seat::Human(name)) => {
                match table.human_action(name, &recorder.position, &recorder.rules) {
                    Some(action) => action,
                    None => break,
                }
            }
            (None, Seat::Computer(_)) => break,
        };
        if config.clocks == Clocks::Timed && players[party].is_some() {
            let left = recorder
                .position
                .clocks()
                .map_or(u32::MAX, |clocks| clocks[party]);
            action = with_time(action, left, &mut clock_rng);
        }
        if recorder.play(action).is_err() {
            // A player offered an illegal action: it forfeits the turn.
            if recorder.play(Action::Timeout).is_err() {
                break;
            }
        }
        if let Some(entry) = recorder.journal.actions.last() {
            table.after_action(entry, &recorder.position);
        }
    }
    let journal = recorder.finish();
    GameSummary {
        winner: journal.result.winner,
        decided: journal.result.status == Status::Decided,
        journal,
    }
}

/// With clocks: a move takes 1-20 seconds (at most what is `left`), and
/// one turn in fifty is let pass.
fn with_time(action: Action, left: u32, rng: &mut Rng) -> Action {
    if rng.chance(2) {
        return Action::Timeout;
    }
    match action {
        Action::Move { mv, .. } => Action::Move {
            mv,
            elapsed: Some((1 + rng.below(COMPUTER_MAX_SECONDS) as u32).min(left)),
        },
        Action::Timeout => Action::Timeout,
    }
}

/// The most seconds a computer player "thinks" in a timed game.
const COMPUTER_MAX_SECONDS: u64 = 20;
