//! Sovereign Chess (Hoheitsschach, seed 001; clauses `sc.*`, rulings
//! `S-*` of `spec/sovereign/`): two players and twelve armies on 16 x 16.
//! A player owns the colour their king wears and holds every colour whose
//! coloured square is occupied by a piece of a colour they hold; they move
//! what they own or hold.
//!
//! The files follow the rules: [`geometry`] (sc.1 board, rings, lines,
//! zone, coloured squares), [`position`] (pieces, players, the FEN),
//! [`setup`] (S-SETUP), [`control`] (S-CONTROL-*), [`rules`] (moves,
//! attacks, promotion, defection, castling, legality), [`end`] (mate,
//! stalemate, draws), [`ruleset`] (every ruling switchable), [`moves`]
//! (move notation), [`refusal`] (refusal codes), [`game`] (the text
//! interface), [`fields`] (own expectation fields), [`invariants`]
//! (random-game invariants), [`picture`] (the board drawing).

pub mod attacks;
pub mod control;
pub mod end;
pub mod fast;
pub mod faults;
pub mod fields;
pub mod frames;
pub mod game;
pub mod geometry;
pub mod invariants;
pub mod moves;
pub mod picture;
pub mod position;
pub mod protocol_doc;
pub mod readings;
pub mod refusal;
#[cfg(test)]
mod rejection_search;
pub mod rules;
pub mod ruleset;
pub mod setup;
pub mod witnesses;

use crate::variant::{Game, PartyInfo, Rules, VariantError, VariantId, VariantInfo};

pub use game::SovereignGame;
pub use moves::Move;
pub use position::{Position, START_FEN};
pub use ruleset::Ruleset;

/// The rules of Sovereign Chess under a ruleset, for perft.
#[derive(Clone, Copy, Debug, Default)]
pub struct Sovereign {
    rules: Ruleset,
}

impl Sovereign {
    /// The rules under `rules`.
    pub fn new(rules: Ruleset) -> Sovereign {
        Sovereign { rules }
    }
}

impl Rules for Sovereign {
    type Position = Position;
    type Move = Move;

    /// S-LEGAL: the legal moves; none at mate or stalemate (the draw
    /// rules are not applied in perft).
    fn legal_moves(&self, position: &Position, out: &mut Vec<Move>) {
        rules::legal_moves(position, &self.rules, None, out);
    }

    fn after(&self, position: &Position, mv: Move) -> Position {
        rules::play(position, &self.rules, mv).0
    }
}

/// Opens a game at `position` (the FEN; the start when `None`).
///
/// # Errors
/// Every problem of the position, or a bad ruling setting.
pub fn open(position: Option<&str>, rulings: &[String]) -> Result<Box<dyn Game>, VariantError> {
    game::open(position, rulings)
}

/// [`open`] with the misreadings `faults` (IDs `SC-...` of
/// `spec/sovereign/misreadings.yaml`) played.
///
/// # Errors
/// As [`open`], or an unknown fault ID.
pub fn open_with_faults(
    position: Option<&str>,
    rulings: &[String],
    faults: &[String],
) -> Result<Box<dyn Game>, VariantError> {
    game::open_with_faults(position, rulings, faults)
}

/// The two players.
pub const PLAYERS: [PartyInfo; 2] = [
    PartyInfo {
        key: "player1",
        native: "Spieler 1",
        english: "Player 1",
    },
    PartyInfo {
        key: "player2",
        native: "Spieler 2",
        english: "Player 2",
    },
];

/// The twelve army names, the owner word of a piece (`navy pawn`).
pub const ARMIES: [&str; 12] = [
    "navy", "red", "green", "violet", "pink", "yellow", "ash", "slate", "cyan", "black", "white",
    "orange",
];

/// Sovereign Chess as the generic harness sees it.
pub static INFO: VariantInfo = VariantInfo {
    id: VariantId::Sovereign,
    title: "Sovereign Chess",
    clause_prefix: "sc.",
    parties: &PLAYERS,
    square_word: "square",
    square: |text| {
        geometry::Square::parse(text.trim())
            .map(|square| square.to_string())
    },
    starts: &["start"],
    start_notation: |name| (name == "start").then(|| START_FEN.to_string()),
    listing: None,
    report_fields: &fields::REPORT_FIELDS,
    state_fields: &fields::STATE_FIELDS,
    position_fields: &position::FEN_FIELDS,
    switchable: true,
    refusals: &refusal::CODES,
    refusal_words: &refusal::WORDS,
    causes: &[],
    event_kinds: &[
        "moved",
        "captured",
        "promoted",
        "coup",
        "overthrow",
        "castled",
        "defected",
        "seat-swap",
        "check",
        "won",
        "drawn",
    ],
    kinds: &["king", "queen", "rook", "bishop", "knight", "pawn"],
    pieces: &crate::variant::piece_names::CHESS,
    board: picture::board,
    random_position: None,
    figures: picture::figures,
    capture_owner: "the player who held the piece at the moment it was taken: for a defection's king step after the king's colour change (the step is judged there), for every other move before the move; only pieces the opponent holds can be taken, so it is always the opponent",
    protocol: &protocol_doc::PROTOCOL,
    open,
    alternatives: Ruleset::all_alternatives,
    armies: &ARMIES,
    move_squares: |text| {
        let mv = moves::MoveText::parse(text).ok()?;
        let (from, to) = mv.squares()?;
        Some((from.to_string(), to.to_string()))
    },
    record: crate::variant::RecordInfo {
        name: "Sovereign Chess",
        aliases: &["sovereign"],
        format: crate::variant::RecordFormat::PgnCoordinates,
    },
    misreadings: crate::variant::MisreadingInfo {
        prefix: "SC-",
        catalogue: faults::Misreading::catalogue,
        open: open_with_faults,
        frames: frames::frames,
    },
    uci: None,
    known_differences: &[],
    report_names: crate::variant::ReportNames::KEYS_IN_ENGLISH,
    drawings: None,
    journal: None,
    suite_files: &[],
    ruling_perft: None,
};
