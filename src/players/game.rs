//! Playing a whole six-party game between computer players and recording
//! its journal (training game rules, clause 19: six active colours).

use crate::fuzz::rng::Rng;
use crate::journal::record::{Header, Recorder};
use crate::journal::{Clocks, GameType, Journal, Participant, PlayerKind, Status};
use crate::moves::Action;
use crate::party::{ByParty, Party};
use crate::ruleset::Ruleset;

use super::{Joshua, Player};

/// How to play a computer game.
#[derive(Clone, Debug)]
pub struct GameConfig {
    /// The seed of the whole game: players and clock times derive from it.
    pub seed: u64,
    /// The player of each colour.
    pub seats: ByParty<Joshua>,
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

/// The seed of one seat's player: distinct per colour, fixed per game seed.
pub fn seat_seed(seed: u64, party: Party) -> u64 {
    Rng::new(seed ^ (0x5EA7_0000 + party.index() as u64)).next_u64()
}

/// The journal participants of a computer game.
pub fn computer_participants(seats: &ByParty<Joshua>) -> Vec<Participant> {
    Party::ALL
        .into_iter()
        .map(|party| Participant {
            colour: party,
            name: format!("Joshua {} ({})", party.german(), seats[party]),
            kind: PlayerKind::Computer,
            engine: Some(seats[party].key().to_string()),
        })
        .collect()
}

/// Plays a game to its end or to `max_plies` actions.
pub fn play_game(config: &GameConfig, rules: &Ruleset) -> GameSummary {
    let header = Header {
        match_number: config.match_number,
        date: config.date.clone(),
        game_type: GameType::Training,
        level: None,
        clocks: config.clocks,
        rulings: Vec::new(),
        participants: computer_participants(&config.seats),
    };
    let mut players: ByParty<Option<Box<dyn Player>>> = ByParty::default();
    for party in Party::ALL {
        players[party] = Some(config.seats[party].build(seat_seed(config.seed, party)));
    }
    let mut clock_rng = Rng::new(config.seed.wrapping_mul(31).wrapping_add(7));
    let mut recorder = Recorder::new(header, rules.clone());
    while recorder.journal.actions.len() < config.max_plies {
        let Some(party) = recorder.position.to_move() else {
            break;
        };
        let Some(player) = players[party].as_mut() else {
            break;
        };
        let mut action = player.choose(&recorder.position, &recorder.rules);
        if config.clocks == Clocks::Timed {
            action = with_time(action, &mut clock_rng);
        }
        if recorder.play(action).is_err() {
            // A player offered an illegal action: it forfeits the turn.
            if recorder.play(Action::Timeout).is_err() {
                break;
            }
        }
    }
    let journal = recorder.finish();
    GameSummary {
        winner: journal.result.winner,
        decided: journal.result.status == Status::Decided,
        journal,
    }
}

/// With clocks: a move takes 1-20 seconds, and one turn in fifty is let pass.
fn with_time(action: Action, rng: &mut Rng) -> Action {
    if rng.chance(2) {
        return Action::Timeout;
    }
    match action {
        Action::Move { mv, .. } => Action::Move {
            mv,
            elapsed: Some(1 + rng.below(COMPUTER_MAX_SECONDS) as u32),
        },
        Action::Timeout => Action::Timeout,
    }
}

/// The most seconds a computer player "thinks" in a timed game.
const COMPUTER_MAX_SECONDS: u64 = 20;
