//! MONARCHIE behind the variant interfaces ([`Rules`], [`Game`]): the
//! command line, the protocol server and the generic runners reach the
//! engine through these. The perft of [`crate::variant::monarchie::perft`] is the generic
//! [`crate::variant::perft`] over this [`Rules`] implementation. [`INFO`]
//! tells the generic harness MONARCHIE's parties, cells, start positions,
//! listing and own expectation fields.

use std::cell::RefCell;
use std::collections::BTreeMap;
use std::rc::Rc;

use serde_json::{json, Value};

use crate::variant::monarchie::cell::Cell;
use crate::variant::monarchie::moves::{Action, Move};
use crate::variant::monarchie::notation::to_notation;
use crate::variant::monarchie::party::Party;
use crate::variant::monarchie::piece::PieceKind;
use crate::variant::monarchie::position::{Occupant, Position};
use crate::variant::monarchie::rules::{
    self, legal_moves, legal_moves_from, parties_in_check, Event, Outcome,
};
use crate::variant::monarchie::ruleset::Ruleset;
use crate::variant::{
    self, Capture, Drawings, Elimination, EnglishNames, Game, PartyInfo, Refusal, Report,
    ReportNames, Rules, RulingPerft, Status, VariantError, VariantField, VariantId, VariantInfo,
};

impl Rules for Ruleset {
    type Position = Position;
    type Move = Move;

    fn legal_moves(&self, position: &Position, out: &mut Vec<Move>) {
        out.extend(legal_moves(position, self));
    }

    fn after(&self, position: &Position, mv: Move) -> Position {
        let mut next = position.clone();
        if let Err(error) = rules::apply(&mut next, Action::play(mv), self) {
            unreachable!("legal_moves listed {mv}, which is illegal: {error}");
        }
        next
    }
}

/// The six parties of clause 3, clockwise from Blau.
pub const PARTIES: [PartyInfo; 6] = [
    PartyInfo {
        key: "blau",
        native: "Blau",
        english: "Blue",
    },
    PartyInfo {
        key: "gruen",
        native: "Grün",
        english: "Green",
    },
    PartyInfo {
        key: "orange",
        native: "Orange",
        english: "Orange",
    },
    PartyInfo {
        key: "lila",
        native: "Lila",
        english: "Purple",
    },
    PartyInfo {
        key: "gelb",
        native: "Gelb",
        english: "Yellow",
    },
    PartyInfo {
        key: "rot",
        native: "Rot",
        english: "Red",
    },
];

/// MONARCHIE as the generic harness sees it.
pub static INFO: VariantInfo = VariantInfo {
    id: VariantId::Monarchie,
    title: "MONARCHIE",
    clause_prefix: "m.",
    parties: &PARTIES,
    square_word: "cell",
    square: cell_name,
    starts: &["untimed", "timed"],
    start_notation,
    listing: Some(crate::variant::monarchie::listing::read_listing),
    report_fields: &[
        VariantField {
            name: "king_captured",
            doc: "the party whose active king was captured (clause 13); null for none",
            normalize: normalize_party_or_null,
            view: Some(king_captured),
        },
        VariantField {
            name: "forfeited",
            doc: "whether the action was a forfeited turn (clause 15)",
            normalize: normalize_bool,
            view: Some(forfeited),
        },
        VariantField {
            name: "gardez",
            doc: "exactly the Gardez events (clause 12, R-GARDEZ), any order: [{party, cell}]",
            normalize: normalize_gardez,
            view: Some(gardez),
        },
    ],
    state_fields: &[
        VariantField {
            name: "trays",
            doc: "exact trays of some parties (R-PROMO): {party: [kinds]}",
            normalize: normalize_trays,
            view: None,
        },
        VariantField {
            name: "unmoved",
            doc: "exactly the cells of unmoved pawns",
            normalize: normalize_cells,
            view: None,
        },
    ],
    position_fields: &super::notation::FIELDS,
    switchable: true,
    refusals: &REFUSALS,
    causes: &["mate", "stalemate", "king-capture", "flag-fall"],
    event_kinds: &[
        "moved",
        "captured",
        "promoted",
        "forfeited",
        "check",
        "gardez",
        "eliminated",
        "won",
    ],
    kinds: &["king", "queen", "rook", "bishop", "knight", "pawn"],
    pieces: &crate::variant::piece_names::MONARCHIE,
    board: crate::variant::monarchie::picture::board,
    figures: Vec::new,
    capture_owner: "the party whose piece was taken; for a dead blocker (`dead: true`) the eliminated party it belonged to",
    random_position: Some(random_position),
    protocol: &super::protocol_doc::PROTOCOL,
    open,
    alternatives: Ruleset::all_alternatives,
    armies: &[],
    move_squares: |text| {
        let mv: crate::variant::monarchie::moves::Move = text.parse().ok()?;
        Some((mv.from.to_string(), mv.to.to_string()))
    },
    record: crate::variant::RecordInfo {
        name: "MONARCHIE",
        aliases: &[],
        format: crate::variant::RecordFormat::Journal,
    },
    misreadings: crate::variant::MisreadingInfo {
        prefix: "M-",
        catalogue: super::faults::Misreading::catalogue,
        open: open_with_faults,
    },
    uci: None,
    known_differences: &[],
    report_names: ReportNames {
        read: Some(|text| text.parse::<Party>().ok().map(Party::index)),
        english: EnglishNames::Native,
    },
    drawings: Some(Drawings {
        figures: || crate::variant::monarchie::diagram::figures().map_err(|error| error.to_string()),
        scenario: crate::variant::monarchie::diagram::scenario::diagram,
    }),
    journal: Some(crate::variant::monarchie::journal::INFO),
    ruling_perft: Some(RulingPerft {
        corpus: "tests/data/monarchie.perft",
        positions: &["start", "dead-blockers", "promotion", "check"],
    }),
};

/// A random MONARCHIE position for random games (`random::random_position`).
fn random_position(seed: u64, rulings: &[String]) -> Result<String, String> {
    let rules = Ruleset::from_settings(rulings).map_err(|error| error.to_string())?;
    let mut rng = crate::rng::Rng::new(seed);
    Ok(to_notation(
        &crate::variant::monarchie::random::random_position(&mut rng, &rules),
    ))
}

/// Clause 5's refusal codes and `bad-notation` for unreadable text.
const REFUSALS: [&str; 22] = {
    let mut codes = ["bad-notation"; 22];
    let mut index = 0;
    while index < 21 {
        codes[index + 1] = crate::variant::monarchie::rules::Illegal::CODES[index];
        index += 1;
    }
    codes
};

fn cell_name(text: &str) -> Result<String, String> {
    text.parse::<Cell>()
        .map(|cell| cell.number().to_string())
        .map_err(|error| error.to_string())
}

fn start_notation(name: &str) -> Option<String> {
    match name {
        "untimed" => Some(to_notation(&Position::start())),
        "timed" => Some(to_notation(&Position::timed_start())),
        _ => None,
    }
}

/// A JSON value as text: a string as it is, a number in decimal.
fn text_of(value: &Value) -> Option<String> {
    match value {
        Value::String(text) => Some(text.clone()),
        Value::Number(number) => Some(number.to_string()),
        _ => None,
    }
}

fn party_key(value: &Value) -> Result<&'static str, String> {
    let text = text_of(value).ok_or_else(|| format!("expected a party, got {value}"))?;
    text.parse::<Party>()
        .map(Party::key)
        .map_err(|error| error.to_string())
}

fn normalize_party_or_null(value: &Value) -> Result<Value, String> {
    match value {
        Value::Null => Ok(Value::Null),
        other => party_key(other).map(|key| json!(key)),
    }
}

fn normalize_bool(value: &Value) -> Result<Value, String> {
    match value {
        Value::Bool(_) => Ok(value.clone()),
        other => Err(format!("expected true or false, got {other}")),
    }
}

fn cell_number(value: &Value) -> Result<u16, String> {
    let text = text_of(value).ok_or_else(|| format!("expected a cell number, got {value}"))?;
    text.parse::<Cell>()
        .map(Cell::number)
        .map_err(|error| error.to_string())
}

fn normalize_gardez(value: &Value) -> Result<Value, String> {
    let items = value
        .as_array()
        .ok_or_else(|| "expected a list of {party, cell}".to_string())?;
    let mut pairs = Vec::new();
    for item in items {
        let object = item
            .as_object()
            .ok_or_else(|| format!("expected {{party, cell}}, got {item}"))?;
        if let Some(key) = object
            .keys()
            .find(|key| !["party", "cell"].contains(&key.as_str()))
        {
            return Err(format!("unknown field `{key}` (expected party, cell)"));
        }
        let party = party_key(object.get("party").ok_or("missing field `party`")?)?;
        let cell = cell_number(object.get("cell").ok_or("missing field `cell`")?)?;
        pairs.push((
            Party::ALL.iter().position(|p| p.key() == party),
            cell,
            party,
        ));
    }
    pairs.sort();
    Ok(json!(pairs
        .iter()
        .map(|(_, cell, party)| json!({"party": party, "cell": cell}))
        .collect::<Vec<_>>()))
}

fn normalize_trays(value: &Value) -> Result<Value, String> {
    let object = value
        .as_object()
        .ok_or_else(|| "expected {party: [kinds]}".to_string())?;
    let mut trays = BTreeMap::new();
    for (party, kinds) in object {
        let party = party_key(&json!(party))?;
        let list = kinds
            .as_array()
            .ok_or_else(|| format!("expected a list of piece kinds for {party}"))?;
        let mut parsed = Vec::new();
        for kind in list {
            let text = kind
                .as_str()
                .ok_or_else(|| format!("expected a piece kind, got {kind}"))?;
            parsed.push(
                text.parse::<PieceKind>()
                    .map_err(|error| error.to_string())?,
            );
        }
        parsed.sort();
        trays.insert(
            party.to_string(),
            json!(parsed.iter().map(|kind| kind.key()).collect::<Vec<_>>()),
        );
    }
    Ok(json!(trays))
}

fn normalize_cells(value: &Value) -> Result<Value, String> {
    let list = value
        .as_array()
        .ok_or_else(|| "expected a list of cells".to_string())?;
    let mut cells = list
        .iter()
        .map(cell_number)
        .collect::<Result<Vec<_>, _>>()?;
    cells.sort_unstable();
    Ok(json!(cells))
}

/// `king_captured`: an active king among the captures is a king capture
/// (clause 13); a dead blocker's king is not.
fn king_captured(report: &Report) -> Value {
    report
        .capture
        .as_ref()
        .filter(|capture| capture.kind == "king" && !capture.dead)
        .map_or(Value::Null, |capture| json!(capture.owner))
}

fn forfeited(report: &Report) -> Value {
    json!(report.events.iter().any(|event| event.kind == "forfeited"))
}

fn gardez(report: &Report) -> Value {
    let listed: Vec<Value> = report
        .events
        .iter()
        .filter(|event| event.kind == "gardez")
        .map(|event| {
            json!({
                "party": event.party.clone().unwrap_or_default(),
                "cell": event.at.as_deref().and_then(|at| at.parse::<u16>().ok()).unwrap_or(0),
            })
        })
        .collect();
    normalize_gardez(&json!(listed)).unwrap_or(Value::Null)
}

/// A MONARCHIE game: a position and the rulings it is played under.
#[derive(Clone, Debug)]
pub struct MonarchieGame {
    /// The current position.
    pub position: Position,
    /// The rulings.
    pub rules: Ruleset,
}

impl MonarchieGame {
    /// The reference's legal moves of the current position ([`legal_moves`],
    /// in its order) and their texts (sorted), computed once per position:
    /// the move list, the random action and the invariants of one position
    /// (also in a game read back from its notation) all ask the same
    /// question of the same pure function of the position and rulings.
    fn listed(&self) -> Rc<Listed> {
        RECENT.with(|recent| {
            let mut recent = recent.borrow_mut();
            if let Some(index) = recent
                .iter()
                .position(|listed| listed.position == self.position && listed.rules == self.rules)
            {
                let listed = recent.remove(index);
                recent.insert(0, Rc::clone(&listed));
                return listed;
            }
            let moves = legal_moves(&self.position, &self.rules);
            let mut sorted = moves.clone();
            sorted.sort();
            let listed = Rc::new(Listed {
                position: self.position.clone(),
                rules: self.rules,
                texts: sorted.iter().map(|mv| mv.text(false)).collect(),
                moves,
            });
            recent.truncate(RECENT_POSITIONS - 1);
            recent.insert(0, Rc::clone(&listed));
            listed
        })
    }
}

/// How many positions' answers [`MonarchieGame::listed`] keeps per thread.
const RECENT_POSITIONS: usize = 4;

thread_local! {
    /// The answers of the last positions asked about on this thread, the
    /// latest first, each keyed by its position and rulings, so that a
    /// changed position is never answered from here.
    static RECENT: RefCell<Vec<Rc<Listed>>> = const { RefCell::new(Vec::new()) };
}

impl MonarchieGame {
    /// The action read from `text`, the position after it and its outcome
    /// (what [`Game::play`] plays and [`Game::accepts`] asks about).
    fn transition(&self, text: &str) -> Result<(Action, Position, Outcome), Refusal> {
        let action = read_action(text)?;
        let mut next = self.position.clone();
        let outcome = rules::apply(&mut next, action, &self.rules).map_err(refusal)?;
        Ok((action, next, outcome))
    }
}

/// An action text read, or the refusal `bad-notation`.
fn read_action(text: &str) -> Result<Action, Refusal> {
    text.parse().map_err(|error| Refusal {
        code: "bad-notation",
        detail: format!("{error}"),
    })
}

/// The refusal of an illegal action.
fn refusal(illegal: rules::Illegal) -> Refusal {
    Refusal {
        code: illegal.code(),
        detail: illegal.to_string(),
    }
}

/// The legal moves of one position under one set of rulings.
#[derive(Debug)]
struct Listed {
    /// The position they are of.
    position: Position,
    /// The rulings they are under.
    rules: Ruleset,
    /// In the order [`legal_moves`] gives them.
    moves: Vec<Move>,
    /// Their texts, sorted by move.
    texts: Vec<String>,
}

/// Opens a MONARCHIE game at a position in the one-line notation (the
/// Anhang A start when `None`) under ruling settings `ID=key`.
///
/// # Errors
/// The notation or ruling error, as text.
pub fn open(position: Option<&str>, rulings: &[String]) -> Result<Box<dyn Game>, VariantError> {
    let position = match position {
        Some(text) => crate::variant::monarchie::notation::parse_recent(text)
            .map_err(|error| VariantError::Rules(error.to_string()))?,
        None => Position::start(),
    };
    let rules =
        Ruleset::from_settings(rulings).map_err(|error| VariantError::Rules(error.to_string()))?;
    Ok(Box::new(MonarchieGame { position, rules }))
}

/// [`open`] with the misreadings `faults` (IDs `M-...`) played.
///
/// # Errors
/// As [`open`], or an unknown fault ID.
pub fn open_with_faults(
    position: Option<&str>,
    rulings: &[String],
    faults: &[String],
) -> Result<Box<dyn Game>, VariantError> {
    let position = match position {
        Some(text) => crate::variant::monarchie::notation::parse_recent(text)
            .map_err(|error| VariantError::Rules(error.to_string()))?,
        None => Position::start(),
    };
    let rules = Ruleset::from_settings(rulings)
        .map_err(|error| VariantError::Rules(error.to_string()))?
        .with_faults(faults)
        .map_err(|error| VariantError::Rules(error.to_string()))?;
    Ok(Box::new(MonarchieGame { position, rules }))
}

fn key(party: Party) -> String {
    party.key().to_string()
}

/// The generic form of one MONARCHIE event.
fn event(event: &Event) -> variant::Event {
    match event {
        Event::Moved { party, .. } => variant::Event::new("moved").party(key(*party)),
        Event::Captured(capture) => variant::Event::new("captured")
            .party(key(capture.party))
            .at(capture.cell.to_string())
            .piece(capture.kind.key()),
        Event::Promoted { cell, kind } => variant::Event::new("promoted")
            .at(cell.to_string())
            .piece(kind.key()),
        Event::Forfeited { party } => variant::Event::new("forfeited").party(key(*party)),
        Event::Check { parties } => variant::Event {
            parties: parties.iter().map(|p| key(*p)).collect(),
            ..variant::Event::new("check")
        },
        Event::Gardez { party, cell } => variant::Event::new("gardez")
            .party(key(*party))
            .at(cell.to_string()),
        Event::Eliminated(elimination) => variant::Event::new("eliminated")
            .party(key(elimination.party))
            .cause(elimination.cause.code()),
        Event::Won { party } => variant::Event::new("won").party(key(*party)),
    }
}

/// The shared report of a MONARCHIE outcome.
fn report(action: Action, outcome: &Outcome, position: &Position) -> Report {
    Report {
        action: action.to_string(),
        actor: key(outcome.actor),
        capture: outcome.capture.map(|capture| Capture {
            kind: capture.kind.key().to_string(),
            owner: key(capture.party),
            at: capture.cell.to_string(),
            dead: capture.dead,
        }),
        promotion: outcome.promotion.map(|kind| kind.key().to_string()),
        checks: outcome.checks.iter().map(|p| key(*p)).collect(),
        eliminations: outcome
            .eliminations
            .iter()
            .map(|elimination| Elimination {
                party: key(elimination.party),
                cause: elimination.cause.code().to_string(),
                heir: None,
            })
            .collect(),
        control: Vec::new(),
        next: outcome.next.map(key),
        status: status_of(position),
        events: outcome.events.iter().map(event).collect(),
        clocks: clocks_of(position),
        position: crate::variant::monarchie::notation::to_notation_recent(position),
    }
}

fn clocks_of(position: &Position) -> BTreeMap<String, u32> {
    position
        .clocks()
        .map(|clocks| {
            clocks
                .iter()
                .map(|(party, seconds)| (key(party), *seconds))
                .collect()
        })
        .unwrap_or_default()
}

/// Clause 1: the game is won when one active party is left.
fn status_of(position: &Position) -> Status {
    match position.winner() {
        Some(winner) => Status::won_by(key(winner), "last-party"),
        None => Status::Ongoing,
    }
}

fn occupant_text(position: &Position, cell: Cell) -> String {
    match position.occupant(cell) {
        Occupant::Empty => "empty".to_string(),
        Occupant::Active(piece) => format!("{} {}", piece.party.key(), piece.kind.key()),
        Occupant::Dead(piece) => format!("dead {} {}", piece.party.key(), piece.kind.key()),
    }
}

impl Game for MonarchieGame {
    fn variant(&self) -> VariantId {
        VariantId::Monarchie
    }

    fn position_text(&self) -> String {
        crate::variant::monarchie::notation::to_notation_recent(&self.position)
    }

    fn to_move(&self) -> Option<String> {
        self.position.to_move().map(key)
    }

    fn active(&self) -> Vec<String> {
        self.position.active_parties().map(key).collect()
    }

    fn in_check(&self) -> Vec<String> {
        parties_in_check(&self.position, &self.rules)
            .into_iter()
            .map(key)
            .collect()
    }

    fn occupant(&self, square: &str) -> Result<String, String> {
        let cell: Cell = square.parse().map_err(|error| format!("{error}"))?;
        Ok(occupant_text(&self.position, cell))
    }

    fn pieces(&self) -> Vec<(String, String)> {
        self.position
            .pieces()
            .map(|(cell, _)| (cell.to_string(), occupant_text(&self.position, cell)))
            .collect()
    }

    fn piece_count(&self) -> usize {
        self.position.pieces().count()
    }

    fn state_field(&self, name: &str) -> Option<Value> {
        match name {
            "trays" => Some(json!(Party::ALL
                .iter()
                .map(|&party| (
                    party.key(),
                    self.position
                        .tray(party)
                        .kinds()
                        .iter()
                        .map(|kind| kind.key())
                        .collect::<Vec<_>>()
                ))
                .collect::<BTreeMap<_, _>>())),
            "unmoved" => Some(json!(self
                .position
                .unmoved_pawns()
                .iter()
                .map(Cell::number)
                .collect::<Vec<_>>())),
            _ => None,
        }
    }

    fn legal_moves(&self) -> Vec<String> {
        self.listed().texts.clone()
    }

    fn lists_moves(&self, moves: &[String]) -> bool {
        self.listed().texts == moves
    }

    fn legal_moves_from(&self, square: &str) -> Result<Vec<String>, String> {
        let cell: Cell = square.parse().map_err(|error| format!("{error}"))?;
        let mut moves: Vec<Move> = legal_moves_from(&self.position, cell, &self.rules)
            .into_iter()
            .filter(|mv| {
                self.position.piece_at(mv.from).map(|piece| piece.party) == self.position.to_move()
            })
            .collect();
        moves.sort();
        Ok(moves.iter().map(Move::to_string).collect())
    }

    fn special_actions(&self) -> Vec<String> {
        if self.position.to_move().is_some() && self.position.clocks().is_some() {
            vec![Action::Timeout.to_string()]
        } else {
            Vec::new()
        }
    }

    fn canonical_action(&self, text: &str) -> Result<String, String> {
        text.parse::<Action>()
            .map(|action| action.to_string())
            .map_err(|error| error.to_string())
    }

    fn play(&mut self, action: &str) -> Result<Report, Refusal> {
        let (action, next, outcome) = self.transition(action)?;
        self.position = next;
        Ok(report(action, &outcome, &self.position))
    }

    /// [`rules::apply::admit`]: the refusals of `apply`, which decides them
    /// all before it changes anything; a listed move asked about is not
    /// played out.
    fn accepts(&self, action: &str) -> Result<(), Refusal> {
        let action = read_action(action)?;
        rules::apply::admit(&self.position, action, &self.rules)
            .map(|_| ())
            .map_err(refusal)
    }

    fn perft_on(&self, depth: u32, path: crate::variant::PerftPath) -> u64 {
        crate::variant::monarchie::perft::perft_with(&self.position, depth, &self.rules, path)
    }

    fn divide(&self, depth: u32) -> Vec<(String, u64)> {
        let mut split =
            crate::variant::monarchie::perft::divide(&self.position, depth, &self.rules);
        split.sort_by_key(|(mv, _)| *mv);
        split
            .into_iter()
            .map(|(mv, nodes)| (mv.to_string(), nodes))
            .collect()
    }

    /// The one-line notation (docs/notation.md) writes a move onto an
    /// occupied cell with `x`.
    fn move_label(&self, mv: &str) -> String {
        match read_action(mv) {
            Ok(Action::Move { mv, elapsed: None }) => mv.text(!self.position.is_empty(mv.to)),
            _ => mv.to_owned(),
        }
    }

    fn board_text(&self) -> Option<String> {
        Some(crate::variant::monarchie::board_text::render(
            &self.position,
        ))
    }

    fn status(&self) -> Status {
        status_of(&self.position)
    }

    fn move_squares(&self, mv: &str) -> Option<(String, String)> {
        match mv.parse::<Action>().ok()? {
            Action::Move { mv, .. } => Some((mv.from.to_string(), mv.to.to_string())),
            Action::Timeout => None,
        }
    }

    /// A position no game reaches: when the party to move is not in check,
    /// no other party is (R-NEXT step 1 would have given the turn to the
    /// checked party); with the mover in check, further checks are a
    /// multiple check (clause 10), which a game does reach.
    fn start_reachable(&self) -> Option<Result<(), String>> {
        let to_move = self.position.to_move();
        let checked = rules::parties_in_check(&self.position, &self.rules);
        let mover_checked = to_move.is_some_and(|party| checked.contains(&party));
        let others: Vec<String> = checked
            .into_iter()
            .filter(|&party| Some(party) != to_move && !mover_checked)
            .map(|party| party.to_string())
            .collect();
        if others.is_empty() {
            return Some(Ok(()));
        }
        Some(Err(format!(
            "{} in check although {} is to move",
            others.join(", "),
            to_move.map_or_else(|| "nobody".to_string(), |party| party.to_string())
        )))
    }

    /// MONARCHIE's fifteen named invariants (`src/variant/monarchie/invariants.rs`) of
    /// the position and of the transition, replayed from `before`.
    fn own_invariants(&self, before: &str, report: &Report) -> Result<(), (String, String)> {
        let broken = |violation: crate::variant::monarchie::invariants::Violation| {
            (violation.invariant.to_string(), violation.to_string())
        };
        let start = crate::variant::monarchie::notation::parse_recent(before)
            .map_err(|error| ("notation-round-trips".to_string(), error.to_string()))?;
        let action: Action = report
            .action
            .parse()
            .map_err(|error| ("report-action-parses".to_string(), format!("{error}")))?;
        let mut replayed = start.clone();
        let result = rules::apply(&mut replayed, action, &self.rules);
        if replayed != self.position {
            return Err((
                "replay-gives-the-same-position".to_string(),
                format!("{action} from {before} gives {}", to_notation(&replayed)),
            ));
        }
        crate::variant::monarchie::invariants::check_transition(&start, action, &result, &replayed)
            .map_err(broken)?;
        crate::variant::monarchie::invariants::check_position_of(
            &self.position,
            &self.rules,
            &self.listed().moves,
        )
        .map_err(broken)
    }

    fn boxed_clone(&self) -> Box<dyn Game> {
        Box::new(self.clone())
    }

    /// Mostly a legal move, with seconds used when the clocks run
    /// (sometimes exactly the time left), sometimes a timeout.
    fn random_action(&self, choice: u64) -> Option<String> {
        crate::variant::monarchie::random::action_from_moves(
            &self.position,
            &self.listed().moves,
            choice,
        )
        .map(|action| action.to_string())
    }

    /// A random from-to pair that `check_move` refuses must change
    /// nothing; every `exhaustive_every` plies every from-to pair is
    /// compared with the move list, every `symmetry_every` plies the
    /// position turned 60 degrees must have the turned moves.
    fn deep_invariants(
        &self,
        ply: usize,
        choice: u64,
        every: variant::DeepChecks,
    ) -> Result<(), (String, String)> {
        use crate::variant::monarchie::invariants;
        let broken =
            |violation: invariants::Violation| (violation.invariant.to_string(), violation.detail);
        let probe = crate::variant::monarchie::random::random_pair(choice);
        if rules::check_move(&self.position, probe, &self.rules).is_err() {
            let mut copy = self.position.clone();
            let result = rules::apply(&mut copy, Action::play(probe), &self.rules);
            if result.is_ok() {
                return Err((
                    "legal-moves-match-check-move".to_string(),
                    format!("{probe} is refused by check_move but applies"),
                ));
            }
            invariants::check_transition(&self.position, Action::play(probe), &result, &copy)
                .map_err(broken)?;
        }
        if every.exhaustive_every > 0 && ply % every.exhaustive_every == 0 {
            invariants::check_exhaustive_of(&self.position, &self.rules, &self.listed().moves)
                .map_err(broken)?;
        }
        if every.symmetry_every > 0 && ply % every.symmetry_every == 0 {
            invariants::check_rotation_of(&self.position, &self.rules, &self.listed().moves)
                .map_err(broken)?;
        }
        Ok(())
    }
}
