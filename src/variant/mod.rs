//! The rule systems the oracle covers, each in its own folder, behind one
//! interface.
//!
//! - [`monarchie`]: the six-player hexagram game (the crate's first variant);
//! - [`chess`]: the two-player board core that Grand Chess and Racing Kings
//!   share (squares, pieces, FEN, attacks); it holds no rule of either game;
//! - [`grand`]: Grand Chess on 10x10;
//! - [`racingkings`]: Racing Kings on 8x8.
//!
//! Two interfaces: [`Rules`] is static and fast (perft, benchmarks), [`Game`]
//! is object-safe and speaks text (the command line, the scenario runner,
//! the protocol server). [`open`] builds a [`Game`] for any variant.

use std::fmt;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

pub mod chess;
pub mod grand;
pub mod monarchie;
pub mod racingkings;

/// Which rule system.
#[derive(
    Clone,
    Copy,
    Debug,
    Default,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Hash,
    Serialize,
    Deserialize,
    JsonSchema,
    clap::ValueEnum,
)]
#[serde(rename_all = "lowercase")]
pub enum VariantId {
    /// MONARCHIE, six parties on the 253-cell hexagram.
    #[default]
    Monarchie,
    /// Grand Chess, 10x10.
    Grand,
    /// Racing Kings, 8x8.
    #[value(name = "racingkings")]
    Racingkings,
}

impl VariantId {
    /// Every variant, in a fixed order.
    pub const ALL: [VariantId; 3] = [
        VariantId::Monarchie,
        VariantId::Grand,
        VariantId::Racingkings,
    ];

    /// The lowercase name used on the command line, in files and in the
    /// protocol.
    pub fn name(self) -> &'static str {
        match self {
            VariantId::Monarchie => "monarchie",
            VariantId::Grand => "grand",
            VariantId::Racingkings => "racingkings",
        }
    }
}

impl fmt::Display for VariantId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for VariantId {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        VariantId::ALL
            .into_iter()
            .find(|variant| variant.name() == text)
            .ok_or_else(|| {
                format!("unknown variant `{text}` (expected monarchie, grand or racingkings)")
            })
    }
}

/// The static interface of a rule system: enough to walk the game tree.
pub trait Rules {
    /// A playable position (with whatever history the rules need).
    type Position: Clone;
    /// A move.
    type Move: Copy + fmt::Display;

    /// Appends the legal moves of `position` to `out`; none when the game
    /// is over.
    fn legal_moves(&self, position: &Self::Position, out: &mut Vec<Self::Move>);

    /// The position after `mv`, which `legal_moves` listed.
    fn after(&self, position: &Self::Position, mv: Self::Move) -> Self::Position;
}

/// perft: the number of legal move sequences of length `depth`; a finished
/// game is a leaf with no children.
pub fn perft<R: Rules>(rules: &R, position: &R::Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut moves = Vec::new();
    rules.legal_moves(position, &mut moves);
    if depth == 1 {
        return moves.len() as u64;
    }
    moves
        .into_iter()
        .map(|mv| perft(rules, &rules.after(position, mv), depth - 1))
        .sum()
}

/// perft split by first move, in move-generation order.
pub fn divide<R: Rules>(rules: &R, position: &R::Position, depth: u32) -> Vec<(R::Move, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    let mut moves = Vec::new();
    rules.legal_moves(position, &mut moves);
    moves
        .into_iter()
        .map(|mv| (mv, perft(rules, &rules.after(position, mv), depth - 1)))
        .collect()
}

/// Where a game stands.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "result", rename_all = "kebab-case", deny_unknown_fields)]
pub enum Status {
    /// Play goes on.
    Ongoing,
    /// One side (or party) has won.
    Won {
        /// The winner (`white`, `black`, or a MONARCHIE party name).
        winner: String,
        /// Why, e.g. `checkmate`, `goal`.
        reason: String,
    },
    /// Drawn.
    Drawn {
        /// Why, e.g. `stalemate`, `threefold`, `fifty-move`, `goal-tie`.
        reason: String,
    },
}

impl Status {
    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        !matches!(self, Status::Ongoing)
    }
}

/// A captured piece as the runners compare it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Captured {
    /// The piece kind in lowercase English (`pawn`, `knight`, `marshal`...).
    pub kind: String,
    /// The square (or cell) it stood on; differs from the target for en
    /// passant.
    pub square: String,
}

/// What an accepted action did, in the terms every variant shares.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Report {
    /// The action in its canonical notation.
    pub action: String,
    /// The captured piece, if any.
    pub capture: Option<Captured>,
    /// The promotion piece kind, if any.
    pub promotion: Option<String>,
    /// Whether the side (or any party) now to move is in check.
    pub check: bool,
    /// Who moves next; `None` when the game is over.
    pub next: Option<String>,
    /// The game's status after the action.
    pub status: Status,
    /// The position after the action, in the variant's notation.
    pub position: String,
}

/// Why an action was refused: a stable kebab-case code and a sentence.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refusal {
    /// The code scenarios pin (`leaves-king-in-check`, `gives-check`...).
    pub code: &'static str,
    /// A human-readable explanation.
    pub detail: String,
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.code, self.detail)
    }
}

/// A game in progress under one variant's rules, spoken to in text.
pub trait Game: Send {
    /// The variant.
    fn variant(&self) -> VariantId;
    /// The current position in the variant's notation (FEN for the chess
    /// variants, the one-line notation for MONARCHIE).
    fn position_text(&self) -> String;
    /// The legal actions in canonical notation, sorted.
    fn legal_moves(&self) -> Vec<String>;
    /// The legal moves of the piece on `square`, sorted.
    ///
    /// # Errors
    /// A message when `square` is not a square of the board.
    fn legal_moves_from(&self, square: &str) -> Result<Vec<String>, String>;
    /// Plays one action (a move, or a variant's special action such as a
    /// draw claim). A refused action leaves the game unchanged.
    ///
    /// # Errors
    /// The [`Refusal`] with its code.
    fn play(&mut self, action: &str) -> Result<Report, Refusal>;
    /// perft from the current position.
    fn perft(&self, depth: u32) -> u64;
    /// perft split by first move, as (move, count), sorted by move.
    fn divide(&self, depth: u32) -> Vec<(String, u64)>;
    /// Where the game stands.
    fn status(&self) -> Status;
}

/// Opens a game of `variant` at `position` (the variant's start position
/// when `None`), under the ruling settings `ID=key`.
///
/// # Errors
/// A message naming what is wrong with the position or a setting.
pub fn open(
    variant: VariantId,
    position: Option<&str>,
    rulings: &[String],
) -> Result<Box<dyn Game>, String> {
    match variant {
        VariantId::Monarchie => monarchie::game::open(position, rulings),
        VariantId::Grand => grand::open(position, rulings),
        VariantId::Racingkings => racingkings::open(position, rulings),
    }
}
