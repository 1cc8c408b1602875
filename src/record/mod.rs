//! Game records (`docs/records.md`): PGN as the chess ecosystem writes it
//! for the two-player variants (Grand Chess, Racing Kings, Sovereign
//! Chess), and the turn record for games of more than two parties (Three
//! Kingdoms Xiangqi). MONARCHIE's record is the clause-17 journal
//! ([`crate::journal`]).
//!
//! - [`pgn`]: the PGN file format, read and written (tags, movetext);
//! - [`san`]: standard algebraic notation through [`Game`], read against
//!   the legal moves and written from them;
//! - [`replay`](mod@replay): a PGN game played again on the reference, every move and
//!   the result checked;
//! - [`turns`], [`turns_replay`]: the turn record, read, written and
//!   replayed the same way;
//! - [`Recorder`] here: a game played through [`Game`], kept for either.

mod error;
pub mod pgn;
pub mod replay;
pub mod san;
pub mod turns;
pub mod turns_replay;

use crate::variant::{Game, Refusal, Report, VariantId};

pub use error::{RecordError, ResultError};
pub use pgn::{Outcome, PgnError, PgnGame};
pub use replay::{outcome_of, replay, variant_of, variant_tag, Discrepancy, Replayed};

/// The tag that names the ruling settings a game was played under
/// (`[Rulings "R-HEIR=last-mover S-..."]`, space-separated `ID=key`), for
/// a game not played under the default rulings; `replay` opens the game
/// with them.
pub const RULINGS_TAG: &str = "Rulings";

/// The tags of a game besides those the rules give (`Result`, `Variant`,
/// `SetUp`, `FEN`, `PlyCount`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tags {
    /// `Event`.
    pub event: String,
    /// `Site`.
    pub site: String,
    /// `Date`, `YYYY.MM.DD` (`??` for unknown parts).
    pub date: String,
    /// `Round`.
    pub round: String,
    /// `White`: the player of White.
    pub white: String,
    /// `Black`: the player of Black.
    pub black: String,
    /// More tags, written after the standard ones (`Termination`...).
    pub extra: Vec<(String, String)>,
    /// The players in party order, for a turn record's `party` headers
    /// (`White` and `Black` are PGN's); none written when empty.
    pub seats: Vec<String>,
}

impl Default for Tags {
    fn default() -> Tags {
        Tags {
            event: "?".to_string(),
            site: "?".to_string(),
            date: "????.??.??".to_string(),
            round: "?".to_string(),
            white: "?".to_string(),
            black: "?".to_string(),
            extra: Vec::new(),
            seats: Vec::new(),
        }
    }
}

/// A game played through [`Game`] and kept for its record: each move's
/// SAN is taken before it is played, its suffix from the report (a turn
/// record keeps the action and the events it caused instead).
pub struct Recorder {
    game: Box<dyn Game>,
    start: String,
    sans: Vec<String>,
    actions: Vec<String>,
    actors: Vec<String>,
    events: Vec<String>,
}

impl Recorder {
    /// Starts recording a copy of `game` from where it stands.
    ///
    /// # Errors
    /// The variant has neither PGN nor a turn record (MONARCHIE).
    pub fn new(game: &dyn Game) -> Result<Recorder, RecordError> {
        let variant = game.variant();
        if !san::own_move_text(variant) && !turns_replay::uses_turn_record(variant) {
            san::geometry(variant)?;
        }
        Ok(Recorder {
            start: game.position_text(),
            game: game.boxed_clone(),
            sans: Vec::new(),
            actions: Vec::new(),
            actors: Vec::new(),
            events: Vec::new(),
        })
    }

    /// Whether the game is kept as a turn record rather than PGN.
    pub fn is_turn_record(&self) -> bool {
        turns_replay::uses_turn_record(self.game.variant())
    }

    /// The game as it stands.
    pub fn game(&self) -> &dyn Game {
        self.game.as_ref()
    }

    /// The position the record starts from (FEN).
    pub fn start(&self) -> &str {
        &self.start
    }

    /// The moves so far, in coordinates.
    pub fn actions(&self) -> &[String] {
        &self.actions
    }

    /// The moves so far, in SAN (a turn record: the actions as written).
    pub fn sans(&self) -> &[String] {
        &self.sans
    }

    /// Who made each move so far.
    pub fn actors(&self) -> &[String] {
        &self.actors
    }

    /// Plays a move; in a turn record also a special action (`resign
    /// wu`), which PGN cannot hold.
    ///
    /// # Errors
    /// The refusal when the move is illegal (the game is unchanged).
    pub fn play(&mut self, action: &str) -> Result<Report, Refusal> {
        let refuse = |detail| Refusal {
            code: "bad-notation",
            detail,
        };
        let turn_record = self.is_turn_record();
        let body = if turn_record {
            let canonical = self
                .game
                .canonical_action(action)
                .map_err(|error| refuse(error.to_string()))?;
            if !self.game.legal_moves().contains(&canonical)
                && !self.game.special_actions().contains(&canonical)
            {
                return Err(refuse(format!("`{action}` is not a legal action here")));
            }
            canonical
        } else {
            san::san_body(self.game.as_ref(), action).map_err(|error| refuse(error.to_string()))?
        };
        let report = self.game.play(action)?;
        if turn_record {
            self.sans.push(body);
        } else {
            self.sans.push(format!("{body}{}", san::suffix(&report)));
        }
        self.actions.push(report.action.clone());
        self.actors.push(report.actor.clone());
        self.events.push(turns::events_text(&report));
        Ok(report)
    }

    /// The game's record: its turn record when it has more than two
    /// parties ([`Recorder::to_turns`]), else its PGN.
    pub fn to_record(&self, tags: &Tags) -> String {
        if self.is_turn_record() {
            self.to_turns(tags)
        } else {
            self.to_pgn(tags)
        }
    }

    /// The turn record of the game (`docs/records.md`): `start: start`
    /// when it began from the start position, the rulings (the tags'
    /// `Rulings` entry, as PGN carries them), `event`,
    /// `date`, `round` from the tags (`?` left out), a `party` header per
    /// seat, the result from the game's status, one line per turn.
    pub fn to_turns(&self, tags: &Tags) -> String {
        let variant = self.game.variant();
        let info = crate::variant::info(variant);
        let start = info
            .starts
            .iter()
            .find(|name| (info.start_notation)(name).as_deref() == Some(self.start.as_str()))
            .map_or(self.start.clone(), |name| (*name).to_string());
        let rulings: Vec<String> = tags
            .extra
            .iter()
            .filter(|(name, _)| name == RULINGS_TAG)
            .flat_map(|(_, value)| value.split_whitespace().map(str::to_string))
            .collect();
        let about: Vec<(String, String)> = [
            ("event", &tags.event),
            ("date", &tags.date),
            ("round", &tags.round),
        ]
        .into_iter()
        .filter(|(_, value)| !value.starts_with('?'))
        .map(|(key, value)| (key.to_string(), value.clone()))
        .collect();
        let seats: Vec<(String, String)> = info
            .parties
            .iter()
            .zip(&tags.seats)
            .map(|(party, player)| (party.key.to_string(), player.clone()))
            .collect();
        let turn_lines: Vec<turns::Turn> = (0..self.actions.len())
            .map(|index| turns::Turn {
                line: 0,
                number: index + 1,
                party: self.actors[index].clone(),
                action: self.sans[index].clone(),
                events: self.events[index].clone(),
            })
            .collect();
        turns::write(
            variant.name(),
            &start,
            &rulings,
            &about,
            &seats,
            &turns::RecordResult::of(&self.game.status()),
            &turn_lines,
        )
    }

    /// The PGN of the game: the seven-tag roster (the result from the
    /// game's status, `*` while it goes on), `Variant`, `SetUp` and `FEN`
    /// when it did not start from the start position, `PlyCount`, the
    /// extra tags, then the moves.
    pub fn to_pgn(&self, tags: &Tags) -> String {
        let variant = self.game.variant();
        let outcome = outcome_of(&self.game.status());
        let mut list: Vec<(String, String)> = [
            ("Event", tags.event.as_str()),
            ("Site", tags.site.as_str()),
            ("Date", tags.date.as_str()),
            ("Round", tags.round.as_str()),
            ("White", tags.white.as_str()),
            ("Black", tags.black.as_str()),
            ("Result", outcome.marker()),
            ("Variant", variant_tag(variant)),
        ]
        .into_iter()
        .map(|(name, value)| (name.to_string(), value.to_string()))
        .collect();
        if Some(self.start.as_str()) != start_fen(variant).as_deref() {
            list.push(("SetUp".to_string(), "1".to_string()));
            list.push(("FEN".to_string(), self.start.clone()));
        }
        list.push(("PlyCount".to_string(), self.sans.len().to_string()));
        list.extend(tags.extra.iter().cloned());
        let (black, number) = replay::fen_move_number(&self.start);
        pgn::write(&list, &self.sans, black, number, outcome)
    }
}

/// The FEN of a variant's start position.
fn start_fen(variant: VariantId) -> Option<String> {
    (crate::variant::info(variant).start_notation)("start")
}

/// The PGN of a game of `variant` from `start` (FEN; the start position
/// when `None`) with these moves in coordinates.
///
/// # Errors
/// A bad FEN, or the first illegal move with its number.
pub fn export(
    variant: VariantId,
    start: Option<&str>,
    actions: &[String],
    tags: &Tags,
) -> Result<String, RecordError> {
    let game = crate::variant::open(variant, start, &[]).map_err(RecordError::Variant)?;
    let mut recorder = Recorder::new(game.as_ref())?;
    for (index, action) in actions.iter().enumerate() {
        recorder
            .play(action)
            .map_err(|refusal| RecordError::Refused {
                number: index + 1,
                action: action.clone(),
                refusal: refusal.to_string(),
            })?;
    }
    Ok(recorder.to_pgn(tags))
}
