//! The text shell both chess variants share: a game in progress spoken to
//! in FEN and coordinate moves through [`Game`], with the `claim` action,
//! and [`open`] to start one. Every rule comes from the variant through
//! [`ChessVariant`]; the shell only keeps the position and the status,
//! sorts, and reports.

use std::collections::BTreeMap;

use serde_json::Value;

use crate::variant::{
    perft, Capture, Event, Game, PartyInfo, PerftPath, Refusal, Report, Rules, Status,
    VariantError, VariantId, VariantInfo,
};

use super::geometry::Geometry;
use super::moves::Move;
use super::piece::Piece;
use super::position::{ChessPosition, DrawClaims};
use super::refusal::RefusalCode;
use super::side::Side;
use super::sorted_texts;
use super::square::Square;

/// The special action that claims a draw.
pub const CLAIM: &str = "claim";

/// What a chess variant tells the shell. Every required item is a rule (or
/// a rule's notation) of the variant; the provided methods are the shell's
/// own reading of the position and of [`ChessVariant::DRAW_CLAIMS`].
pub trait ChessVariant:
    Rules<Move = Move, Position: ChessPosition> + Clone + Default + Send + 'static
{
    /// Which variant.
    const ID: VariantId;
    /// The numbers of the draw claims (threefold repetition, fifty-move
    /// rule).
    const DRAW_CLAIMS: DrawClaims;
    /// The IDs of its rulings (`spec/<variant>/rulings.yaml`). None is
    /// switchable, so each accepts only `ID=default`.
    const FIXED_RULINGS: &'static [&'static str];
    /// The board shape.
    fn geometry(&self) -> &'static Geometry;
    /// The legal moves, of the piece on `only` if given, unless the game is
    /// over.
    fn moves(&self, position: &Self::Position, only: Option<Square>, out: &mut Vec<Move>);
    /// The position after the legal move `mv`, and the piece it captured
    /// with the square it stood on.
    fn play(
        &self,
        position: &Self::Position,
        mv: Move,
    ) -> (Self::Position, Option<(Piece, Square)>);
    /// Why `mv`, not a legal move, is refused (the game not being over).
    fn refusal(&self, position: &Self::Position, mv: Move) -> Refusal;
    /// Where the game stands, claims aside.
    fn status(&self, position: &Self::Position) -> Status;
    /// Whether the side to move is in check.
    fn in_check(&self, position: &Self::Position) -> bool;

    /// The position as FEN.
    fn fen(&self, position: &Self::Position) -> String {
        position.to_fen()
    }
    /// The draw the side to move may claim, if any (`threefold`,
    /// `fifty-move`).
    fn claimable_draw(&self, position: &Self::Position) -> Option<&'static str> {
        Self::DRAW_CLAIMS.claimable(position)
    }
    /// Why no draw may be claimed, in a sentence.
    fn no_claim_detail(&self, position: &Self::Position) -> String {
        Self::DRAW_CLAIMS.no_claim_detail(position)
    }
    /// The side to move, `white` or `black`.
    fn side_name(&self, position: &Self::Position) -> &'static str {
        position.side.name()
    }
    /// perft from `position` (the game not over) on `path`. By default
    /// the variant has one move generator, its rules, and counts with it
    /// on both paths; a variant with a fast path (Racing Kings) overrides
    /// this.
    fn perft_on(&self, position: &Self::Position, depth: u32, path: PerftPath) -> u64 {
        let (PerftPath::Fast | PerftPath::Reference) = path;
        perft(self, position, depth)
    }
    /// The variant's own invariants after an accepted action (none unless
    /// the variant says so); `Err((name, detail))`.
    fn invariants(
        &self,
        _position: &Self::Position,
        _report: &Report,
    ) -> Result<(), (String, String)> {
        Ok(())
    }
}

/// Opens a game of `V` at `position` (FEN; the start position when
/// `None`), for a variant without switchable rulings.
///
/// # Errors
/// A message listing what is wrong with the FEN, or naming a ruling
/// setting (none exists, so any is unknown).
pub fn open<V: ChessVariant>(
    position: Option<&str>,
    rulings: &[String],
) -> Result<Box<dyn Game>, crate::variant::VariantError> {
    open_with_rules(position, rulings, V::default())
}

/// [`open`] under `rules`, which may play misreadings (faults); `rulings`
/// may only select the defaults of the fixed rulings (`ID=default`).
///
/// # Errors
/// As [`open`].
pub fn open_with_rules<V: ChessVariant>(
    position: Option<&str>,
    rulings: &[String],
    rules: V,
) -> Result<Box<dyn Game>, VariantError> {
    for setting in rulings {
        fixed_default::<V>(setting)?;
    }
    let position = match position {
        Some(text) => V::Position::from_fen(text)?,
        None => V::Position::start(),
    };
    Ok(Box::new(ChessGame::with_rules(rules, position)))
}

/// Checks one ruling setting of a variant whose rulings are all fixed:
/// only `ID=default` of one of its rulings is accepted (as the spec's
/// rulings file says).
fn fixed_default<V: ChessVariant>(setting: &str) -> Result<(), VariantError> {
    let (id, key) = setting.split_once('=').unwrap_or((setting, ""));
    let (id, key) = (id.trim(), key.trim());
    if !V::FIXED_RULINGS.contains(&id) {
        return Err(VariantError::NoSwitchableRulings {
            setting: setting.to_string(),
            variant: V::ID,
            fixed: V::FIXED_RULINGS.join(", "),
        });
    }
    if key != "default" {
        return Err(VariantError::FixedOnly {
            setting: setting.to_string(),
            variant: V::ID,
            id: id.to_string(),
        });
    }
    Ok(())
}

/// A chess variant's game in progress.
#[derive(Clone, Debug)]
pub struct ChessGame<V: ChessVariant> {
    rules: V,
    position: V::Position,
    status: Status,
}

impl<V: ChessVariant> ChessGame<V> {
    /// A game from `position`, its status computed.
    pub fn new(position: V::Position) -> ChessGame<V> {
        ChessGame::with_rules(V::default(), position)
    }

    /// A game from `position` under `rules` (which may play misreadings),
    /// its status computed.
    pub fn with_rules(rules: V, position: V::Position) -> ChessGame<V> {
        let status = rules.status(&position);
        ChessGame {
            rules,
            position,
            status,
        }
    }

    /// The current position.
    pub fn position(&self) -> &V::Position {
        &self.position
    }

    fn moves(&self, only: Option<Square>) -> Vec<Move> {
        let mut moves = Vec::new();
        if !self.status.is_over() {
            self.rules.moves(&self.position, only, &mut moves);
        }
        moves
    }

    fn game_over(&self) -> Refusal {
        RefusalCode::GameOver.refuse(format!("the game is over: {}", self.status))
    }

    fn report(
        &self,
        actor: Side,
        action: String,
        capture: Option<Capture>,
        promotion: Option<String>,
    ) -> Report {
        let checks: Vec<String> = self.in_check_now();
        let mut events = Vec::new();
        if action != CLAIM {
            events.push(Event::new("moved").party(actor.name()));
        }
        if let Some(capture) = &capture {
            events.push(
                Event::new("captured")
                    .party(capture.owner.clone())
                    .at(capture.at.clone())
                    .piece(capture.kind.clone()),
            );
        }
        if let Some(kind) = &promotion {
            events.push(Event::new("promoted").piece(kind.clone()));
        }
        events.extend(Event::closing(&checks, &self.status, Vec::new()));
        Report {
            action,
            actor: actor.name().to_string(),
            capture,
            promotion,
            checks,
            eliminations: Vec::new(),
            control: Vec::new(),
            next: (!self.status.is_over())
                .then(|| self.rules.side_name(&self.position).to_string()),
            status: self.status.clone(),
            events,
            clocks: BTreeMap::new(),
            position: self.rules.fen(&self.position),
        }
    }

    fn in_check_now(&self) -> Vec<String> {
        if self.rules.in_check(&self.position) {
            vec![self.position.side().name().to_string()]
        } else {
            Vec::new()
        }
    }

    fn square(&self, square: &str) -> Result<Square, VariantError> {
        on_board(self.rules.geometry(), square)
    }
}

/// White and Black, White first.
pub const SIDES: [PartyInfo; 2] = [
    PartyInfo {
        key: "white",
        native: "Weiß",
        english: "White",
    },
    PartyInfo {
        key: "black",
        native: "Schwarz",
        english: "Black",
    },
];

/// What a chess variant adds to the shared description: how it names
/// squares and its start, its piece kinds, its board picture and figures.
pub struct ChessParts {
    /// The canonical name of a square, or why it is not one.
    pub square: fn(&str) -> Result<String, VariantError>,
    /// The notation of a named start position.
    pub start_notation: fn(&str) -> Option<String>,
    /// Its piece kinds, lowercase English.
    pub kinds: &'static [&'static str],
    /// Its board as drawing data.
    pub board: fn(Option<&str>) -> crate::draw::Board,
    /// Its movement figures.
    pub figures: fn() -> Vec<crate::variant::FigureSpec>,
    /// Its protocol page.
    pub protocol: &'static crate::variant::ProtocolDoc,
    /// Opens a game.
    pub open: crate::variant::OpenGame,
    /// Its PGN name and the other spellings read.
    pub record_name: &'static str,
    /// How UCI engines play it (`VariantInfo::uci`).
    pub uci: crate::variant::UciInfo,
    /// The differences from outside engines the project has classified.
    pub known_differences: &'static [crate::variant::known::KnownDifference],
    /// The other spellings of its PGN name (lowercase letters and digits).
    pub record_aliases: &'static [&'static str],
    /// Its board shape, for SAN and move texts.
    pub geometry: &'static super::geometry::Geometry,
    /// Its misreadings.
    pub misreadings: crate::variant::MisreadingInfo,
}

/// The from- and to-square of a move text on a board of up to ten files
/// and ranks (the text names its squares; the board bounds do not matter
/// for reading them).
fn move_squares(text: &str) -> Option<(String, String)> {
    let mv = super::Move::parse(text, &super::geometry::TEN_BY_TEN).ok()?;
    Some((mv.from.to_string(), mv.to.to_string()))
}

/// A chess variant as the generic harness sees it: White and Black, one
/// start position, no listing and no own fields, no switchable rulings,
/// the shared refusal codes.
pub const fn info(
    id: VariantId,
    title: &'static str,
    clause_prefix: &'static str,
    parts: ChessParts,
) -> VariantInfo {
    VariantInfo {
        id,
        title,
        clause_prefix,
        parties: &SIDES,
        square_word: "square",
        square: parts.square,
        starts: &["start"],
        start_notation: parts.start_notation,
        listing: None,
        report_fields: &[],
        state_fields: &[],
        position_fields: &super::fen::FEN_FIELDS,
        switchable: false,
        refusals: &super::refusal::CODES,
        refusal_words: &super::refusal::WORDS,
        causes: &[],
        event_kinds: &["moved", "captured", "promoted", "check", "won", "drawn"],
        kinds: parts.kinds,
        pieces: &crate::variant::piece_names::CHESS,
        board: parts.board,
        figures: parts.figures,
        random_position: None,
        capture_owner: "the side (`white` or `black`) whose piece was taken",
        protocol: parts.protocol,
        open: parts.open,
        alternatives: Vec::new,
        armies: &[],
        move_squares,
        record: crate::variant::RecordInfo {
            name: parts.record_name,
            aliases: parts.record_aliases,
            format: crate::variant::RecordFormat::PgnSan(parts.geometry),
        },
        misreadings: parts.misreadings,
        uci: Some(parts.uci),
        known_differences: parts.known_differences,
        report_names: crate::variant::ReportNames::KEYS_IN_ENGLISH,
        drawings: None,
        journal: None,
        suite_files: &[],
        ruling_perft: None,
    }
}

/// The canonical name of a square of `geometry`, or why it is not one.
///
/// # Errors
/// A message naming the square and the board.
pub fn square_name(
    geometry: &super::geometry::Geometry,
    text: &str,
) -> Result<String, VariantError> {
    on_board(geometry, text.trim()).map(|square| square.to_string())
}

/// The square `text` names, on the board of `geometry`.
fn on_board(geometry: &super::geometry::Geometry, text: &str) -> Result<Square, VariantError> {
    let square: Square = text.parse()?;
    if !geometry.contains(square) {
        return Err(VariantError::OffBoard {
            square: square.to_string(),
            files: geometry.files(),
            ranks: geometry.ranks(),
        });
    }
    Ok(square)
}

impl<V: ChessVariant> Game for ChessGame<V> {
    fn variant(&self) -> VariantId {
        V::ID
    }

    fn position_text(&self) -> String {
        self.rules.fen(&self.position)
    }

    fn to_move(&self) -> Option<String> {
        (!self.status.is_over()).then(|| self.rules.side_name(&self.position).to_string())
    }

    fn active(&self) -> Vec<String> {
        SIDES.iter().map(|side| side.key.to_string()).collect()
    }

    fn in_check(&self) -> Vec<String> {
        self.in_check_now()
    }

    fn occupant(&self, square: &str) -> Result<String, VariantError> {
        let square = self.square(square)?;
        Ok(match self.position.board().piece(square) {
            Some(piece) => format!("{} {}", piece.side.name(), piece.kind.name()),
            None => "empty".to_string(),
        })
    }

    fn pieces(&self) -> Vec<(String, String)> {
        self.position
            .board()
            .pieces()
            .map(|(square, piece)| {
                (
                    square.to_string(),
                    format!("{} {}", piece.side.name(), piece.kind.name()),
                )
            })
            .collect()
    }

    fn state_field(&self, _name: &str) -> Option<Value> {
        None
    }

    fn special_actions(&self) -> Vec<String> {
        if !self.status.is_over() && self.rules.claimable_draw(&self.position).is_some() {
            vec![CLAIM.to_string()]
        } else {
            Vec::new()
        }
    }

    fn canonical_action(&self, text: &str) -> Result<String, VariantError> {
        if text.trim() == CLAIM {
            return Ok(CLAIM.to_string());
        }
        Move::parse(text.trim(), self.rules.geometry())
            .map(|mv| mv.to_string())
            .map_err(|error| VariantError::Rules(error.to_string()))
    }

    /// One king each side, then the variant's own invariants.
    fn own_invariants(&self, _before: &str, report: &Report) -> Result<(), (String, String)> {
        for side in Side::ALL {
            let kings = self.position.board().count(side, super::piece::Kind::King);
            if kings != 1 {
                return Err((
                    "one-king-each".to_string(),
                    format!("{} has {kings} kings after {}", side.name(), report.action),
                ));
            }
        }
        self.rules.invariants(&self.position, report)
    }

    fn boxed_clone(&self) -> Box<dyn Game> {
        Box::new(self.clone())
    }

    fn legal_moves(&self) -> Vec<String> {
        sorted_texts(self.moves(None))
    }

    fn legal_moves_from(&self, square: &str) -> Result<Vec<String>, VariantError> {
        let square = self.square(square)?;
        Ok(sorted_texts(self.moves(Some(square))))
    }

    fn play(&mut self, action: &str) -> Result<Report, Refusal> {
        if action == CLAIM {
            if self.status.is_over() {
                return Err(self.game_over());
            }
            let reason = self.rules.claimable_draw(&self.position).ok_or_else(|| {
                RefusalCode::NoDrawToClaim.refuse(self.rules.no_claim_detail(&self.position))
            })?;
            self.status = Status::Drawn {
                reason: reason.to_string(),
            };
            let actor = self.position.side();
            return Ok(self.report(actor, CLAIM.to_string(), None, None));
        }
        let mv = Move::parse(action, self.rules.geometry())
            .map_err(|error| RefusalCode::BadNotation.refuse(error.to_string()))?;
        if self.status.is_over() {
            return Err(self.game_over());
        }
        if !self.moves(Some(mv.from)).contains(&mv) {
            return Err(self.rules.refusal(&self.position, mv));
        }
        let actor = self.position.side();
        let (next, capture) = self.rules.play(&self.position, mv);
        let capture = capture.map(|(piece, square)| Capture {
            kind: piece.kind.name().to_string(),
            owner: piece.side.name().to_string(),
            at: square.to_string(),
            dead: false,
        });
        self.position = next;
        self.status = self.rules.status(&self.position);
        Ok(self.report(
            actor,
            mv.to_string(),
            capture,
            mv.promotion.map(|kind| kind.name().to_string()),
        ))
    }

    fn perft_on(&self, depth: u32, path: PerftPath) -> u64 {
        if self.status.is_over() {
            return u64::from(depth == 0);
        }
        self.rules.perft_on(&self.position, depth, path)
    }

    /// The rules' legal moves, each with the count of its subtree on the
    /// default path.
    fn divide(&self, depth: u32) -> Vec<(String, u64)> {
        if self.status.is_over() || depth == 0 {
            return Vec::new();
        }
        let mut moves = Vec::new();
        self.rules.legal_moves(&self.position, &mut moves);
        let mut counts: Vec<(String, u64)> = moves
            .into_iter()
            .map(|mv| {
                let next = self.rules.after(&self.position, mv);
                let count = self.rules.perft_on(&next, depth - 1, PerftPath::Fast);
                (mv.to_string(), count)
            })
            .collect();
        counts.sort();
        counts
    }

    fn status(&self) -> Status {
        self.status.clone()
    }

    fn move_squares(&self, mv: &str) -> Option<(String, String)> {
        let mv = Move::parse(mv.trim(), self.rules.geometry()).ok()?;
        Some((mv.from.to_string(), mv.to.to_string()))
    }
}
