//! MONARCHIE behind the variant interfaces ([`Rules`], [`Game`]): the
//! command line, the protocol server and the generic runners reach the
//! engine through these. The perft of [`crate::variant::monarchie::perft`] is the generic
//! [`crate::variant::perft`] over this [`Rules`] implementation; what the
//! generic harness knows of MONARCHIE is in [`super::info::INFO`].

use std::cell::RefCell;
use std::collections::BTreeMap;
use std::rc::Rc;

use serde_json::{json, Value};

use crate::variant::monarchie::cell::Cell;
use crate::variant::monarchie::en_passant::{self, Rights};
use crate::variant::monarchie::moves::{Action, Move};
use crate::variant::monarchie::notation::to_notation;
use crate::variant::monarchie::party::Party;
use crate::variant::monarchie::position::{Occupant, Position};
use crate::variant::monarchie::readings::EnPassant;
use crate::variant::monarchie::rules::{
    self, legal_moves, legal_moves_from, parties_in_check, Event, Outcome,
};
use crate::variant::monarchie::ruleset::Ruleset;
use crate::variant::{
    self, Capture, Elimination, Game, Refusal, Report, Rules, Status, VariantError, VariantId,
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

/// A MONARCHIE game: a position and the rulings it is played under.
#[derive(Clone, Debug)]
pub struct MonarchieGame {
    /// The current position.
    pub position: Position,
    /// The rulings.
    pub rules: Ruleset,
    /// M-EN-PASSANT (.2): the fault's rights to take en passant, kept
    /// beside the position (never in it); always empty under the rule.
    pub passed: Rights,
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
        if let Action::Move { mv, .. } = action {
            // M-EN-PASSANT (.2): a pawn's move onto a passed cell takes
            // the passing pawn, if the rules allow the capture there.
            if let Some(victim) = self.passed.victim(&self.position, mv, &self.rules) {
                if let Some((next, outcome)) =
                    en_passant::take(&self.position, action, victim, &self.rules)
                {
                    return Ok((action, next, outcome));
                }
            }
        }
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
    Ok(Box::new(MonarchieGame {
        position,
        rules,
        passed: Rights::default(),
    }))
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
    Ok(Box::new(MonarchieGame {
        position,
        rules,
        passed: Rights::default(),
    }))
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

    fn occupant(&self, square: &str) -> Result<String, VariantError> {
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

    fn legal_moves_from(&self, square: &str) -> Result<Vec<String>, VariantError> {
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

    fn canonical_action(&self, text: &str) -> Result<String, VariantError> {
        text.parse::<Action>()
            .map(|action| action.to_string())
            .map_err(|error| VariantError::Rules(error.to_string()))
    }

    fn play(&mut self, action: &str) -> Result<Report, Refusal> {
        let (action, next, outcome) = self.transition(action)?;
        self.passed = self
            .passed
            .after(&self.position, outcome.actor, action, &self.rules);
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
    fn start_reachable(&self) -> Option<Result<(), VariantError>> {
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
        Some(Err(VariantError::Rules(format!(
            "{} in check although {} is to move",
            others.join(", "),
            to_move.map_or_else(|| "nobody".to_string(), |party| party.to_string())
        ))))
    }

    /// MONARCHIE's fifteen named invariants (`src/variant/monarchie/invariants.rs`) of
    /// the position and of the transition, replayed from `before`.
    fn own_invariants(&self, before: &str, report: &Report) -> Result<(), (String, String)> {
        if self.rules.reading::<EnPassant>() != EnPassant::NoCapture {
            // M-EN-PASSANT (.2) keeps rights the notation does not carry:
            // such a game cannot be replayed from `before`.
            return Ok(());
        }
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
