//! Game records of Grand Chess, Racing Kings and Three Kingdoms Xiangqi:
//! PGN as the chess ecosystem writes it (`docs/records.md`), Three
//! Kingdoms with its own move text in place of SAN. MONARCHIE's record is
//! the clause-17 journal ([`crate::journal`]).
//!
//! - [`pgn`]: the file format, read and written (tags, movetext);
//! - [`san`]: standard algebraic notation through [`Game`], read against
//!   the legal moves and written from them;
//! - [`replay`]: a PGN game played again on the reference, every move and
//!   the result checked;
//! - [`Recorder`] here: a game played through [`Game`], kept as PGN.

pub mod pgn;
pub mod replay;
pub mod san;

use crate::variant::{Game, Refusal, Report, VariantId};

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
        }
    }
}

/// A game played through [`Game`] and kept for its PGN: each move's SAN is
/// taken before it is played, its suffix from the report.
pub struct Recorder {
    game: Box<dyn Game>,
    start: String,
    sans: Vec<String>,
    actions: Vec<String>,
}

impl Recorder {
    /// Starts recording a copy of `game` from where it stands.
    ///
    /// # Errors
    /// The variant has no PGN (MONARCHIE).
    pub fn new(game: &dyn Game) -> Result<Recorder, String> {
        if !san::own_move_text(game.variant()) {
            san::geometry(game.variant())?;
        }
        Ok(Recorder {
            start: game.position_text(),
            game: game.boxed_clone(),
            sans: Vec::new(),
            actions: Vec::new(),
        })
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

    /// The moves so far, in SAN.
    pub fn sans(&self) -> &[String] {
        &self.sans
    }

    /// Plays a move (not a special action: PGN has moves only).
    ///
    /// # Errors
    /// The refusal when the move is illegal (the game is unchanged).
    pub fn play(&mut self, action: &str) -> Result<Report, Refusal> {
        let body = san::san_body(self.game.as_ref(), action).map_err(|detail| Refusal {
            code: "bad-notation",
            detail,
        })?;
        let report = self.game.play(action)?;
        self.sans.push(format!("{body}{}", san::suffix(&report)));
        self.actions.push(report.action.clone());
        Ok(report)
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
) -> Result<String, String> {
    let game = crate::variant::open(variant, start, &[])?;
    let mut recorder = Recorder::new(game.as_ref())?;
    for (index, action) in actions.iter().enumerate() {
        recorder
            .play(action)
            .map_err(|refusal| format!("move {} `{action}`: {refusal}", index + 1))?;
    }
    Ok(recorder.to_pgn(tags))
}
