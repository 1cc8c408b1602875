//! The rule systems the oracle covers, each in its own folder, behind one
//! interface.
//!
//! - [`monarchie`]: the six-player hexagram game (the crate's first variant);
//! - [`chess`]: the two-player board core that Grand Chess and Racing Kings
//!   share (squares, pieces, FEN, attacks); it holds no rule of either game;
//! - [`grand`]: Grand Chess on 10x10;
//! - [`racingkings`]: Racing Kings on 8x8;
//! - [`threekingdoms`]: Three Kingdoms Xiangqi, three kingdoms on 135 points;
//! - [`sovereign`]: Sovereign Chess on 16x16 (twelve armies, two players).
//!
//! Two interfaces: [`Rules`] is static and fast (perft, benchmarks), [`Game`]
//! is object-safe and speaks text (the command line, the scenario runner,
//! the protocol server). [`open`] builds a [`Game`] for any variant.

use std::fmt;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::Value;

#[macro_use]
mod ruling_enum;

#[macro_use]
pub mod faults;
#[macro_use]
pub mod readings;
pub mod chess;
mod describe;
mod error;
pub mod fast_differential;
pub mod fields;
pub mod frames;
pub mod grand;
pub mod journal;
pub mod known;
pub mod monarchie;
mod outcome;
pub mod piece_names;
pub mod racingkings;
pub mod refusal_words;
pub mod sovereign;
pub mod suite_file;
pub mod threekingdoms;
mod walk;
pub mod witness;

/// Declares the rule systems: one line each, `Name => "name", INFO, "doc"`.
/// It makes [`VariantId`] (with `ALL`, `name()`, `FromStr` and the
/// command line's value names) and [`info`], the one list every other
/// per-variant fact is reached through. The first line is the default.
macro_rules! rule_systems {
    ($first:ident => $first_name:literal, $first_info:path, $first_doc:literal;
     $($variant:ident => $name:literal, $info:path, $doc:literal;)*) => {
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
        pub enum VariantId {
            #[doc = $first_doc]
            #[default]
            #[value(name = $first_name)]
            #[serde(rename = $first_name)]
            $first,
            $(
                #[doc = $doc]
                #[value(name = $name)]
                #[serde(rename = $name)]
                $variant,
            )*
        }

        impl VariantId {
            /// Every variant, in a fixed order.
            pub const ALL: [VariantId; 1 $(+ { let _ = $name; 1 })*] =
                [VariantId::$first, $(VariantId::$variant),*];

            /// The lowercase name used on the command line, in files and
            /// in the protocol.
            pub fn name(self) -> &'static str {
                match self {
                    VariantId::$first => $first_name,
                    $(VariantId::$variant => $name,)*
                }
            }
        }

        /// The description of `variant`.
        pub fn info(variant: VariantId) -> &'static VariantInfo {
            match variant {
                VariantId::$first => &$first_info,
                $(VariantId::$variant => &$info,)*
            }
        }
    };
}

// The registry: the one list of rule systems. A new one adds its line
// here and its `pub mod` above; everything else about it is a field of
// its `INFO`.
rule_systems! {
    Monarchie => "monarchie", monarchie::info::INFO, "MONARCHIE, six parties on the 253-cell hexagram.";
    Grand => "grand", grand::INFO, "Grand Chess, 10x10.";
    Racingkings => "racingkings", racingkings::INFO, "Racing Kings, 8x8.";
    Threekingdoms => "threekingdoms", threekingdoms::INFO, "Three Kingdoms Xiangqi, three kingdoms on 135 points.";
    Sovereign => "sovereign", sovereign::INFO, "Sovereign Chess, 16x16, twelve armies, two players.";
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
                let names: Vec<&str> = VariantId::ALL.iter().map(|v| v.name()).collect();
                let (last, rest) = names.split_last().expect("at least one rule system");
                format!(
                    "unknown variant `{text}` (expected {} or {last})",
                    rest.join(", ")
                )
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

    /// The number of legal moves (perft's last ply); by default the
    /// length of the list, made in `scratch`.
    fn count_moves(&self, position: &Self::Position, scratch: &mut Vec<Self::Move>) -> u64 {
        scratch.clear();
        self.legal_moves(position, scratch);
        scratch.len() as u64
    }
}

pub use describe::{EventDoc, Example, FigureSpec, ProtocolDoc};
pub use error::{FieldValueError, VariantError};
pub use faults::{has_misreadings, misreadings, open_with_faults, split_faults, FAULT_PREFIX};
pub use outcome::{Capture, ControlChange, Elimination, Event, Refusal, Report, Status};
pub use walk::{divide, divide_game_parallel, perft, perft_parallel, PerftPath};

/// A game in progress under one variant's rules, spoken to in text. Every
/// runner, the protocol server, conformance and fuzzing reach an engine
/// only through this.
pub trait Game: Send {
    /// The variant.
    fn variant(&self) -> VariantId;
    /// The variant's description (parties, board, fields).
    fn info(&self) -> &'static VariantInfo {
        info(self.variant())
    }
    /// The current position in the variant's notation (FEN for the chess
    /// variants, the one-line notation for MONARCHIE).
    fn position_text(&self) -> String;
    /// The party to move; `None` when the game is over.
    fn to_move(&self) -> Option<String>;
    /// The parties still in the game, in party order.
    fn active(&self) -> Vec<String>;
    /// The parties in check now, in party order.
    fn in_check(&self) -> Vec<String>;
    /// What stands on `square`: `empty`, `<owner> <kind>`, or
    /// `dead <owner> <kind>` for a dead blocker.
    ///
    /// # Errors
    /// [`VariantError`] when `square` is not a square of the board.
    fn occupant(&self, square: &str) -> Result<String, VariantError>;
    /// Every occupied square with its occupant (as [`Game::occupant`]).
    fn pieces(&self) -> Vec<(String, String)>;
    /// How many squares are occupied (the length of [`Game::pieces`]).
    fn piece_count(&self) -> usize {
        self.pieces().len()
    }
    /// A variant's own state field (declared in [`VariantInfo::state_fields`])
    /// as JSON, normalised as the field's `normalize` does.
    fn state_field(&self, name: &str) -> Option<Value>;
    /// The legal actions in canonical notation, sorted.
    fn legal_moves(&self) -> Vec<String>;
    /// Whether [`Game::legal_moves`] is `moves` (the fuzzer compares a
    /// game read back from its text with the original). By default the
    /// list is made and compared.
    fn lists_moves(&self, moves: &[String]) -> bool {
        self.legal_moves() == moves
    }
    /// The legal moves of the piece on `square`, sorted; none unless the
    /// piece belongs to the party to move.
    ///
    /// # Errors
    /// [`VariantError`] when `square` is not a square of the board.
    fn legal_moves_from(&self, square: &str) -> Result<Vec<String>, VariantError>;
    /// The legal actions that are not moves (MONARCHIE's `timeout`, a
    /// draw `claim`), for random games.
    fn special_actions(&self) -> Vec<String>;
    /// An action text in canonical notation, so that two spellings of one
    /// move compare equal.
    ///
    /// # Errors
    /// [`VariantError`] when the text is not an action of the variant.
    fn canonical_action(&self, text: &str) -> Result<String, VariantError>;
    /// Plays one action (a move, or a variant's special action). A refused
    /// action leaves the game unchanged.
    ///
    /// # Errors
    /// The [`Refusal`] with its code.
    fn play(&mut self, action: &str) -> Result<Report, Refusal>;
    /// Whether [`Game::play`] would accept `action`, leaving the game as it
    /// is and writing no report (the fuzzer asks it of listed moves). By
    /// default a copy of the game plays it.
    ///
    /// # Errors
    /// The [`Refusal`] that `play` gives.
    fn accepts(&self, action: &str) -> Result<(), Refusal> {
        self.boxed_clone().play(action).map(|_| ())
    }
    /// perft from the current position, on the fast path where the
    /// variant has one.
    fn perft(&self, depth: u32) -> u64 {
        self.perft_on(depth, PerftPath::Fast)
    }
    /// perft from the current position on `path`: the variant's fast path
    /// or its reference rule code; a variant with one move generator
    /// counts with it on both.
    fn perft_on(&self, depth: u32, path: PerftPath) -> u64;
    /// perft split by first move, as (move, count), sorted by move.
    fn divide(&self, depth: u32) -> Vec<(String, u64)>;
    /// How a listed move (a text of [`Game::legal_moves`]) is shown to a
    /// person by `moves` and `perft --divide`: the text itself unless the
    /// variant's notation marks more (MONARCHIE writes a capture `5x150`).
    fn move_label(&self, mv: &str) -> String {
        mv.to_owned()
    }
    /// The variant's own drawing of the board as text for `show`, where it
    /// has one (MONARCHIE's hexagram); `None` draws the board from the
    /// variant's board picture.
    fn board_text(&self) -> Option<String> {
        None
    }
    /// The squares a move text goes from and to (for arrows and dots).
    fn move_squares(&self, mv: &str) -> Option<(String, String)>;
    /// The kind of a special move in plain words, for a difference's
    /// cause to name apart from ordinary moves of the same piece
    /// (Sovereign Chess: `castling`, `defection`); `None` for an ordinary
    /// move and by default.
    fn special_move_kind(&self, mv: &str) -> Option<&'static str> {
        let _ = mv;
        None
    }
    /// The move itself, named so that the same move under two rulesets
    /// has one name even where a ruling renames the places it reaches
    /// (Three Kingdoms' R-SEATS: which half a river crossing enters). The
    /// move text where no ruling renames places.
    fn move_identity(&self, mv: &str) -> String {
        mv.to_string()
    }
    /// Where the game stands.
    fn status(&self) -> Status;
    /// The variant's own invariants over the transition from `before` (a
    /// position text of the same variant) to this game by `report`.
    ///
    /// # Errors
    /// The name of the broken invariant and what was seen.
    fn own_invariants(&self, before: &str, report: &Report) -> Result<(), (String, String)>;

    /// Whether a game can reach this position, judged where the variant
    /// has a rule for it: `Some(Err(why))` when no game can (MONARCHIE: a
    /// party other than the mover is in check), `Some(Ok(()))` when one
    /// can, `None` where the variant does not judge it (the default). A
    /// scenario that starts here must say `reachable: false` exactly when
    /// this says no.
    fn start_reachable(&self) -> Option<Result<(), VariantError>> {
        None
    }
    /// A copy of the game.
    fn boxed_clone(&self) -> Box<dyn Game>;
    /// A random action for random games, from one random number: mostly a
    /// legal move, now and then a special action. A variant may pick more
    /// of its own (MONARCHIE: seconds used on timed moves). `None` when
    /// the game is over.
    fn random_action(&self, choice: u64) -> Option<String> {
        let special = self.special_actions();
        if !special.is_empty() && choice % 100 < 3 {
            return Some(special[(choice / 100 % special.len() as u64) as usize].clone());
        }
        let legal = self.legal_moves();
        if legal.is_empty() {
            return special.first().cloned();
        }
        Some(legal[(choice / 100 % legal.len() as u64) as usize].clone())
    }
    /// The variant's expensive invariants of the current position (an
    /// exhaustive comparison of every from-to pair, a symmetry of the
    /// board), run every so many plies as `every` says; `choice` is a
    /// random number for a probe. None by default.
    ///
    /// # Errors
    /// The name of the broken invariant and what was seen.
    fn deep_invariants(
        &self,
        ply: usize,
        choice: u64,
        every: DeepChecks,
    ) -> Result<(), (String, String)> {
        let _ = (ply, choice, every);
        Ok(())
    }
}

/// How often the expensive invariants of [`Game::deep_invariants`] run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DeepChecks {
    /// The exhaustive per-position comparison every this many plies (0:
    /// never).
    pub exhaustive_every: usize,
    /// The symmetry (rotation) comparison every this many plies (0: never).
    pub symmetry_every: usize,
}

impl Default for DeepChecks {
    fn default() -> Self {
        DeepChecks {
            exhaustive_every: 25,
            symmetry_every: 5,
        }
    }
}

/// One party of a variant.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PartyInfo {
    /// The key used in files, on the command line and in the protocol.
    pub key: &'static str,
    /// The name in the variant's own language.
    pub native: &'static str,
    /// The name in English.
    pub english: &'static str,
}

/// A variant's own expectation field: for a `play` step a view over the
/// [`Report`], for a `state` step a value of [`Game::state_field`].
#[derive(Clone, Copy)]
pub struct VariantField {
    /// The field name in scenario files.
    pub name: &'static str,
    /// What it pins, one line.
    pub doc: &'static str,
    /// The expected value as written (YAML read as JSON), normalised to
    /// the form the view gives, or what was expected instead.
    pub normalize: fn(&Value) -> Result<Value, FieldValueError>,
    /// The value of a report (`play` fields only; `None` for state fields).
    pub view: Option<fn(&Report) -> Value>,
}

impl fmt::Debug for VariantField {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name)
    }
}

/// A random valid position from a seed under ruling settings, in the
/// variant's notation, or why the settings are refused.
pub type RandomPosition = fn(u64, &[String]) -> Result<String, VariantError>;

/// A per-party listing in a scenario file, read into the variant's
/// notation, or the field and what is wrong.
pub type ListingReader = fn(&serde_json::Map<String, Value>) -> Result<String, (String, String)>;

/// What the generic harness knows of a variant: its parties, board,
/// start positions and own fields. Data, not behaviour: the rules stay in
/// the engine behind [`Game`].
#[derive(Debug)]
pub struct VariantInfo {
    /// Which variant.
    pub id: VariantId,
    /// Its name as the rule text writes it.
    pub title: &'static str,
    /// The prefix of its clause IDs (`m.`, `g.`, `rk.`).
    pub clause_prefix: &'static str,
    /// The parties in their order (the order of play at the start).
    pub parties: &'static [PartyInfo],
    /// What a place on the board is called (`cell`, `square`).
    pub square_word: &'static str,
    /// The canonical name of a square, or why it is not one.
    pub square: fn(&str) -> Result<String, VariantError>,
    /// The named start positions; `start: true` is the first.
    pub starts: &'static [&'static str],
    /// The notation of a named start position.
    pub start_notation: fn(&str) -> Option<String>,
    /// Reads a per-party listing; `None` when the variant has none (its
    /// positions are written in its notation).
    pub listing: Option<ListingReader>,
    /// The variant's own `play` expectation fields.
    pub report_fields: &'static [VariantField],
    /// The variant's own `state` expectation fields.
    pub state_fields: &'static [VariantField],
    /// The names of the fields of its position text, in order (the
    /// reader's names; `fuzz --engine` names a differing field by them).
    pub position_fields: &'static [&'static str],
    /// Whether it has switchable rulings (`ID=key` settings); without,
    /// any setting is refused.
    pub switchable: bool,
    /// Its refusal codes (what `expect.result` may name besides `legal`).
    pub refusals: &'static [&'static str],
    /// What each of its refusal codes means, in English and German
    /// (`refusal_words.rs`; a unit test checks every code has its words).
    pub refusal_words: &'static [refusal_words::RefusalWords],
    /// Its elimination causes.
    pub causes: &'static [&'static str],
    /// Its event kinds.
    pub event_kinds: &'static [&'static str],
    /// Its piece kinds, lowercase English.
    pub kinds: &'static [&'static str],
    /// Its piece kinds' names and letters in English and German (every
    /// kind of `kinds`; `piece_names.rs`).
    pub pieces: &'static [piece_names::PieceNames],
    /// Its board as drawing data, with the named party at the bottom
    /// (the variant's reference view when `None`).
    pub board: fn(Option<&str>) -> crate::draw::Board,
    /// A random valid position for random games, from a seed, under the
    /// ruling settings; `None` when the variant's games start from its
    /// start position only.
    pub random_position: Option<RandomPosition>,
    /// The positions of its movement figures (MONARCHIE draws its
    /// rulebook figures in [`VariantInfo::drawings`] instead: none here).
    pub figures: fn() -> Vec<FigureSpec>,
    /// What `capture.owner` (and the `captured` event's `party`) names in
    /// this variant, one sentence for the protocol documentation.
    pub capture_owner: &'static str,
    /// What its protocol page says (`docs/protocol/<variant>.md`).
    pub protocol: &'static ProtocolDoc,
    /// Opens a game at a position (the start when `None`) under ruling
    /// settings `ID=key`.
    pub open: OpenGame,
    /// Every alternative ruling setting `ID=key` (empty without
    /// switchable rulings).
    pub alternatives: fn() -> Vec<String>,
    /// The words besides the party keys that may own a piece in an
    /// occupant text (Sovereign Chess's armies); empty elsewhere.
    pub armies: &'static [&'static str],
    /// The from- and to-square of a move text, if it reads as a move.
    pub move_squares: fn(&str) -> Option<(String, String)>,
    /// How its games are recorded (docs/records.md).
    pub record: RecordInfo,
    /// Its misreading catalogue and how a game with faults opens.
    pub misreadings: MisreadingInfo,
    /// How UCI engines play it (`--uci`, docs/uci.md), or `None` where no
    /// UCI engine does (more than two parties, or no engine knows it).
    pub uci: Option<UciInfo>,
    /// The differences from outside engines the project has classified
    /// (`<variant>/known.rs`; `fuzz --known-differences`).
    pub known_differences: &'static [known::KnownDifference],
    /// How the committee's report names its parties
    /// (`report::terms::party_name`).
    pub report_names: ReportNames,
    /// Its own drawings, where it has them (MONARCHIE's rulebook figures
    /// and its scenario diagrams drawn with the rules); `None`: the
    /// report and `figures` draw it from `board` and `figures`.
    pub drawings: Option<Drawings>,
    /// How its games are kept in journals (clause 17; `docs/journal.md`),
    /// where they are: the schema and the replay; `None` for a variant
    /// recorded otherwise (`record`).
    pub journal: Option<journal::JournalInfo>,
    /// The kinds of suite file it brings besides scenarios, each run as a
    /// case of `check` (MONARCHIE's journals and tournament cases); empty
    /// for most.
    pub suite_files: &'static [suite_file::SuiteFileKind],
    /// The positions whose perft counts `rulings diff` and the report's
    /// ruling pages compare under each ruling alternative; `None`: the
    /// comparison is the scenarios' only.
    pub ruling_perft: Option<RulingPerft>,
}

/// Where the perft comparison of a variant's ruling alternatives finds
/// its positions.
#[derive(Debug, Clone, Copy)]
pub struct RulingPerft {
    /// The perft corpus (format: `docs/perft.md`), from the repository
    /// root.
    pub corpus: &'static str,
    /// The IDs of its blocks whose positions are counted, in order.
    pub positions: &'static [&'static str],
}

/// The letter a piece of a kind carries in a drawing, from a variant's
/// piece names (`piece_names`) and the kind's key.
pub type PieceLetter = fn(&'static [piece_names::PieceNames], &str) -> char;

/// A figure drawn from a variant's engine.
#[derive(Clone, Debug)]
pub struct Figure {
    /// File name without directory, e.g. `rook.svg`.
    pub file: String,
    /// The caption (also the SVG title).
    pub caption: String,
    /// The SVG document.
    pub svg: String,
    /// Number of arrows drawn.
    pub arrows: usize,
    /// Number of target dots drawn.
    pub dots: usize,
}

/// A variant's own drawings, built with its rules.
#[derive(Debug, Clone, Copy)]
pub struct Drawings {
    /// Its rulebook figures, in order (they take the place of the
    /// movement figures of [`VariantInfo::figures`]), with the pieces'
    /// letters in the page's language.
    pub figures: fn(PieceLetter) -> Result<Vec<Figure>, VariantError>,
    /// A scenario's diagram; `None` where its start or rulings do not
    /// read (the board alone is drawn then).
    pub scenario: fn(&ScenarioPicture<'_>) -> Option<String>,
}

/// What a scenario's diagram shows.
#[derive(Debug, Clone)]
pub struct ScenarioPicture<'a> {
    /// The starting position, in the variant's notation.
    pub start: &'a str,
    /// The scenario's ruling settings `ID=key`.
    pub rulings: &'a [String],
    /// The caption (the scenario's ID).
    pub caption: &'a str,
    /// The square of a first `moves` query, if there is one.
    pub moves_of: Option<&'a str>,
    /// The actions of the scenario's `play` steps, in order.
    pub actions: Vec<&'a str>,
    /// Whether the scenario expects its first move refused (its arrow is
    /// then drawn in the forbidden style).
    pub first_refused: bool,
    /// The letters the pieces carry (the report's language).
    pub letter: PieceLetter,
}

/// How the committee's report names a variant's parties.
#[derive(Debug, Clone, Copy)]
pub struct ReportNames {
    /// Reads a party as people write it (any of its names, any case) to
    /// its index in [`VariantInfo::parties`]; `None` where only the keys
    /// are read.
    pub read: Option<fn(&str) -> Option<usize>>,
    /// The name the English pages give a party.
    pub english: EnglishNames,
}

/// Which of a party's names the English pages of the report use.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EnglishNames {
    /// Its English name ([`PartyInfo::english`]).
    English,
    /// Its name in the variant's language (MONARCHIE: the rulebook's
    /// German names on the English pages too).
    Native,
}

impl ReportNames {
    /// Parties read by their keys, named in English on the English pages.
    pub const KEYS_IN_ENGLISH: ReportNames = ReportNames {
        read: None,
        english: EnglishNames::English,
    };
}

/// How a variant is played by a UCI engine.
#[derive(Debug, Clone, Copy)]
pub struct UciInfo {
    /// The engine's name of the variant (its `UCI_Variant` option).
    pub name: &'static str,
    /// How a decided game ends, for reading the winner off the engine's
    /// position.
    pub end: UciEnd,
}

/// How a variant played over UCI is decided.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum UciEnd {
    /// By checkmate only: in a decided position the side to move lost.
    Checkmate,
    /// By reaching the goal only (Racing Kings): the side whose king
    /// stands on the last rank won; both kings there is a tie.
    Goal,
}

/// Opens a game at a position under ruling settings, or says why not.
pub type OpenGame = fn(Option<&str>, &[String]) -> Result<Box<dyn Game>, VariantError>;

/// Opens a game with misreadings (fault IDs) played on top of the rulings.
pub type OpenFaulted =
    fn(Option<&str>, &[String], &[String]) -> Result<Box<dyn Game>, VariantError>;

/// How a variant's games are recorded and what its records call it.
#[derive(Debug)]
pub struct RecordInfo {
    /// The name its records and their messages use (PGN's `Variant` tag).
    pub name: &'static str,
    /// Other spellings of that name a reader accepts, lowercase letters
    /// and digits only (`grandchess`).
    pub aliases: &'static [&'static str],
    /// The record format.
    pub format: RecordFormat,
}

/// The kinds of game record (docs/records.md).
#[derive(Debug, Clone, Copy)]
pub enum RecordFormat {
    /// The clause-17 journal (MONARCHIE).
    Journal,
    /// PGN with moves in standard algebraic notation on this board.
    PgnSan(&'static chess::Geometry),
    /// PGN with moves in the variant's own coordinate text.
    PgnCoordinates,
    /// The turn record of a game of more than two players.
    TurnRecord,
}

/// A variant's misreadings as the harness reaches them.
#[derive(Debug)]
pub struct MisreadingInfo {
    /// The prefix of its misreading IDs (`M-`, `G-`).
    pub prefix: &'static str,
    /// `(ID, clauses)` of every misreading, in catalogue order.
    pub catalogue: fn() -> Vec<(&'static str, &'static [&'static str])>,
    /// Opens a game with misreadings played.
    pub open: OpenFaulted,
    /// The rule an action plays in a position, with the frame and edge it
    /// plays it in (`spec/<variant>/frames.yaml`, [`frames`]).
    pub frames: fn(&dyn Game, &str) -> Vec<frames::FrameTag>,
}

impl RecordInfo {
    /// Whether `key` (letters and digits, lowercase) names this record's
    /// variant: its record name, its command-line name or an alias.
    pub fn answers_to(&self, id: VariantId, key: &str) -> bool {
        let own: String = self
            .name
            .chars()
            .filter(|c| c.is_ascii_alphanumeric())
            .collect::<String>()
            .to_ascii_lowercase();
        key == own || key == id.name() || self.aliases.contains(&key)
    }
}

impl VariantInfo {
    /// The party with this key.
    pub fn party(&self, key: &str) -> Option<&'static PartyInfo> {
        self.parties.iter().find(|party| party.key == key)
    }

    /// Where `key` stands in the party order.
    pub fn party_index(&self, key: &str) -> Option<usize> {
        self.parties.iter().position(|party| party.key == key)
    }

    /// The party keys, for messages.
    pub fn party_keys(&self) -> String {
        self.parties
            .iter()
            .map(|party| party.key)
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// The declared `play` field with this name.
    pub fn report_field(&self, name: &str) -> Option<&'static VariantField> {
        self.report_fields.iter().find(|field| field.name == name)
    }

    /// The declared `state` field with this name.
    pub fn state_field(&self, name: &str) -> Option<&'static VariantField> {
        self.state_fields.iter().find(|field| field.name == name)
    }
}

/// Opens a game of `variant` at `position` (the variant's start position
/// when `None`), under the ruling settings `ID=key`.
///
/// # Errors
/// [`VariantError::Rules`]: what is wrong with the position or a
/// setting, in the rule system's words.
pub fn open(
    variant: VariantId,
    position: Option<&str>,
    rulings: &[String],
) -> Result<Box<dyn Game>, VariantError> {
    (info(variant).open)(position, rulings)
}

/// The words besides the party keys that may own a piece in an occupant
/// text (`navy pawn`): Sovereign Chess's twelve armies; none elsewhere.
pub fn armies(variant: VariantId) -> &'static [&'static str] {
    info(variant).armies
}

/// Every alternative ruling setting `ID=key` of `variant` (none for a
/// variant without switchable rulings).
pub fn alternatives(variant: VariantId) -> Vec<String> {
    (info(variant).alternatives)()
}

/// Opens a game of `variant` at its named start position `start`.
///
/// # Errors
/// [`VariantError::UnknownStart`], or a bad setting as [`open`].
pub fn open_start(
    variant: VariantId,
    start: &str,
    rulings: &[String],
) -> Result<Box<dyn Game>, VariantError> {
    let info = info(variant);
    let notation = (info.start_notation)(start).ok_or_else(|| VariantError::UnknownStart {
        variant,
        start: start.to_string(),
        expected: info.starts.join(" or "),
    })?;
    open(variant, Some(&notation), rulings)
}
