//! The tournament ladder of clauses 19-22: game types, levels 6 to 1, the
//! titles, who advances, voluntary re-entry at Level 6 and the human hall
//! of fame.
//!
//! [`Tournament`] is the bookkeeping of one tournament; [`cases`] runs the
//! `*.tournament.yaml` files of the scenario tree; [`math`] answers how
//! many distinct humans each level needs (clause 22, F-LEVEL-MATH).

pub mod cases;
pub mod math;

use std::collections::BTreeMap;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::variant::journal::{GameType, PlayerKind};

/// The lowest-ranked level, where every career starts (clause 20).
pub const ENTRY_LEVEL: u8 = 6;

/// Clause 21: the appointment for a win at each level.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, JsonSchema,
)]
#[serde(rename_all = "kebab-case")]
pub enum Title {
    /// Win in Level 6.
    Knecht,
    /// Win in Level 5.
    Ritter,
    /// Win in Level 4.
    Lehnsherr,
    /// Win in Level 3.
    Graf,
    /// Win in Level 2.
    Fuerst,
    /// Win in Level 1: the tournament victory.
    Koenig,
}

impl Title {
    /// The title a win at `level` (1-6) gives.
    pub fn for_win_at(level: u8) -> Option<Title> {
        match level {
            6 => Some(Title::Knecht),
            5 => Some(Title::Ritter),
            4 => Some(Title::Lehnsherr),
            3 => Some(Title::Graf),
            2 => Some(Title::Fuerst),
            1 => Some(Title::Koenig),
            _ => None,
        }
    }

    /// The German title as the rulebook writes it.
    pub fn german(self) -> &'static str {
        match self {
            Title::Knecht => "Knecht",
            Title::Ritter => "Ritter",
            Title::Lehnsherr => "Lehnsherr",
            Title::Graf => "Graf",
            Title::Fuerst => "Fürst",
            Title::Koenig => "König",
        }
    }
}

/// Who won a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Winner {
    /// A human, by name.
    Human(String),
    /// A Joshua (only in training and demonstration games).
    Joshua,
}

/// A game to be entered in the tournament's books.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRequest {
    /// Training, official or demonstration.
    pub game_type: GameType,
    /// The level, for official games.
    pub level: Option<u8>,
    /// The registered players taking seats (humans, or named computers).
    pub players: Vec<String>,
    /// Seats taken by unnamed Joshuas; in training games free seats are
    /// filled with Joshuas anyway (clause 19).
    pub joshuas: usize,
    /// The winner.
    pub winner: Winner,
}

/// A human appointment: an entry of the hall of fame (clause 21).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Appointment {
    /// The human.
    pub player: String,
    /// The title.
    pub title: Title,
    /// The level of the game won.
    pub level: u8,
}

/// A registered player's record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    /// Human or computer.
    pub kind: PlayerKind,
    /// The level the player may play in now: 6 at the start and after a
    /// loss or a König title, the next lower level after a win.
    pub level: u8,
    /// Titles earned in official games, in order.
    pub titles: Vec<Title>,
}

/// A request the tournament refuses. Codes are stable (used in case files).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TournamentError {
    /// A name registered twice.
    #[error("'{0}' is already registered")]
    DuplicateRegistration(String),
    /// A seat taken by someone who is not registered.
    #[error("'{0}' is not registered")]
    UnknownPlayer(String),
    /// The same player on two seats.
    #[error("'{0}' takes more than one seat")]
    DuplicateSeat(String),
    /// Not six seats.
    #[error("a game has six seats, this one has {0}")]
    SeatsNotSix(usize),
    /// Clause 20: an official game with a computer player.
    #[error("an official game is played by six registered humans; {0} is a computer player")]
    ComputerInOfficial(String),
    /// Clause 20: an official game with fewer than six humans.
    #[error("an official game needs six registered humans, it has {0}")]
    OfficialNeedsSixHumans(usize),
    /// Clause 19: training games have one to three humans.
    #[error("a training game has one, two or three humans, this one has {0}")]
    TrainingHumans(usize),
    /// An official game without a level 1-6.
    #[error("an official game needs a level from 1 to 6, got {0:?}")]
    InvalidLevel(Option<u8>),
    /// A level given for a game that is not official.
    #[error("only official games have a level; this {0} game has level {1}")]
    LevelOutsideOfficial(&'static str, u8),
    /// Clause 20: a player in a level they have not reached.
    #[error("{player} has reached Level {reached} only and may not play in Level {level}")]
    LevelNotReached {
        /// The player.
        player: String,
        /// Their level.
        reached: u8,
        /// The game's level.
        level: u8,
    },
    /// A winner qualified for a higher level playing a lower one again.
    #[error(
        "{player} is qualified for Level {reached} and waits there; Level {level} is behind them"
    )]
    LevelAlreadyPassed {
        /// The player.
        player: String,
        /// Their level.
        reached: u8,
        /// The game's level.
        level: u8,
    },
    /// The winner did not play.
    #[error("the winner {0} did not take a seat in the game")]
    WinnerNotSeated(String),
}

impl TournamentError {
    /// The stable kebab-case code.
    pub fn code(&self) -> &'static str {
        match self {
            TournamentError::DuplicateRegistration(_) => "duplicate-registration",
            TournamentError::UnknownPlayer(_) => "unknown-player",
            TournamentError::DuplicateSeat(_) => "duplicate-seat",
            TournamentError::SeatsNotSix(_) => "seats-not-six",
            TournamentError::ComputerInOfficial(_) => "computer-in-official",
            TournamentError::OfficialNeedsSixHumans(_) => "official-needs-six-humans",
            TournamentError::TrainingHumans(_) => "training-humans",
            TournamentError::InvalidLevel(_) => "invalid-level",
            TournamentError::LevelOutsideOfficial(..) => "level-outside-official",
            TournamentError::LevelNotReached { .. } => "level-not-reached",
            TournamentError::LevelAlreadyPassed { .. } => "level-already-passed",
            TournamentError::WinnerNotSeated(_) => "winner-not-seated",
        }
    }
}

/// The books of one tournament.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tournament {
    /// Registered players by name.
    pub players: BTreeMap<String, Record>,
    /// Clause 21: official human appointments only, in order.
    pub hall_of_fame: Vec<Appointment>,
    /// Games entered so far (all types).
    pub games: usize,
}

impl Tournament {
    /// An empty tournament.
    pub fn new() -> Tournament {
        Tournament::default()
    }

    /// Registers a player, who starts in Level 6.
    ///
    /// # Errors
    /// [`TournamentError::DuplicateRegistration`].
    pub fn register(&mut self, name: &str, kind: PlayerKind) -> Result<(), TournamentError> {
        if self.players.contains_key(name) {
            return Err(TournamentError::DuplicateRegistration(name.to_string()));
        }
        self.players.insert(
            name.to_string(),
            Record {
                kind,
                level: ENTRY_LEVEL,
                titles: Vec::new(),
            },
        );
        Ok(())
    }

    /// The current level of a player.
    pub fn level(&self, name: &str) -> Option<u8> {
        self.players.get(name).map(|record| record.level)
    }

    /// Enters a game. Official games (clause 20) move the winner one level
    /// up with the title of clause 21 and send the five losers back to
    /// Level 6 (where they may, but need not, play again); training and
    /// demonstration games change nothing but the game count.
    ///
    /// # Errors
    /// The first [`TournamentError`]; the books are unchanged then.
    pub fn play(&mut self, game: &GameRequest) -> Result<Option<Appointment>, TournamentError> {
        let mut seen = Vec::new();
        let mut humans = 0;
        let mut computers = game.joshuas;
        let mut first_computer = (game.joshuas > 0).then(|| "a Joshua".to_string());
        for name in &game.players {
            let record = self
                .players
                .get(name)
                .ok_or_else(|| TournamentError::UnknownPlayer(name.clone()))?;
            if seen.contains(&name) {
                return Err(TournamentError::DuplicateSeat(name.clone()));
            }
            seen.push(name);
            match record.kind {
                PlayerKind::Human => humans += 1,
                PlayerKind::Computer => {
                    computers += 1;
                    first_computer.get_or_insert_with(|| name.clone());
                }
            }
        }
        match game.game_type {
            GameType::Official => self.check_official(game, humans, first_computer)?,
            GameType::Training => {
                if let Some(level) = game.level {
                    return Err(TournamentError::LevelOutsideOfficial("training", level));
                }
                if !(1..=3).contains(&humans) {
                    return Err(TournamentError::TrainingHumans(humans));
                }
                // Clause 19: free seats are taken by Joshuas at the start.
                if computers > 6 - humans {
                    return Err(TournamentError::SeatsNotSix(humans + computers));
                }
            }
            GameType::Demonstration => {
                if let Some(level) = game.level {
                    return Err(TournamentError::LevelOutsideOfficial(
                        "demonstration",
                        level,
                    ));
                }
                if humans + computers != 6 {
                    return Err(TournamentError::SeatsNotSix(humans + computers));
                }
            }
        }
        if let Winner::Human(name) = &game.winner {
            if !game.players.contains(name) {
                return Err(TournamentError::WinnerNotSeated(name.clone()));
            }
        }
        self.games += 1;
        if game.game_type != GameType::Official {
            return Ok(None);
        }
        let (Some(level), Winner::Human(winner)) = (game.level, &game.winner) else {
            return Ok(None);
        };
        for name in &game.players {
            if let Some(record) = self.players.get_mut(name) {
                record.level = ENTRY_LEVEL;
            }
        }
        let title = Title::for_win_at(level).ok_or(TournamentError::InvalidLevel(Some(level)))?;
        if let Some(record) = self.players.get_mut(winner) {
            record.titles.push(title);
            record.level = if level == 1 { ENTRY_LEVEL } else { level - 1 };
        }
        let appointment = Appointment {
            player: winner.clone(),
            title,
            level,
        };
        self.hall_of_fame.push(appointment.clone());
        Ok(Some(appointment))
    }

    /// Clause 20: six registered humans, all at the game's level.
    fn check_official(
        &self,
        game: &GameRequest,
        humans: usize,
        first_computer: Option<String>,
    ) -> Result<(), TournamentError> {
        let level = match game.level {
            Some(level) if (1..=6).contains(&level) => level,
            other => return Err(TournamentError::InvalidLevel(other)),
        };
        if let Some(name) = first_computer {
            return Err(TournamentError::ComputerInOfficial(name));
        }
        if humans != 6 {
            return Err(TournamentError::OfficialNeedsSixHumans(humans));
        }
        if let Winner::Joshua = game.winner {
            return Err(TournamentError::ComputerInOfficial(
                "the winner".to_string(),
            ));
        }
        for name in &game.players {
            let reached = self.level(name).unwrap_or(ENTRY_LEVEL);
            if reached > level {
                return Err(TournamentError::LevelNotReached {
                    player: name.clone(),
                    reached,
                    level,
                });
            }
            if reached < level {
                return Err(TournamentError::LevelAlreadyPassed {
                    player: name.clone(),
                    reached,
                    level,
                });
            }
        }
        Ok(())
    }
}
