//! Sovereign Chess behind the text interface [`Game`]: positions in the
//! design's FEN, moves in its coordinates, reports with control changes,
//! defections, coups and overthrows, and the draw `claim` and pie `swap`
//! actions.

use std::collections::BTreeMap;

use serde_json::Value;

use crate::variant::{
    Capture, ControlChange, Event, Game, Refusal, Report, Status, VariantError, VariantId,
};

use super::control::{holders, Holders};
use super::end::{claimable, status};
use super::geometry::{Colour, Square};
use super::moves::{Move, MoveText};
use super::position::{Player, Position, Role, START_FEN};
use super::readings::{CaptureOwner, RepetitionKey};
use super::refusal::{diagnose, find, refuse};
use super::rules::{in_check, legal_moves};
use super::ruleset::{Pie, Ruleset};
use super::setup::problems;

/// The special action that claims a draw.
pub const CLAIM: &str = "claim";
/// S-PIE=swap-action: the seat change after White's first move.
pub const SWAP: &str = "swap";

/// A Sovereign Chess game in progress.
#[derive(Clone, Debug)]
pub struct SovereignGame {
    rules: Ruleset,
    position: Position,
    history: Vec<String>,
    status: Status,
    plies: u32,
    swapped: bool,
}

/// Opens a game at `position` (the FEN; the start when `None`) under the
/// ruling settings `ID=key`.
///
/// # Errors
/// Every problem of the FEN or the position (S-SETUP), or a bad setting.
pub fn open(position: Option<&str>, rulings: &[String]) -> Result<Box<dyn Game>, VariantError> {
    Ok(Box::new(SovereignGame::new(position, rulings)?))
}

/// [`open`] with the misreadings `faults` (`SC-...`) played.
///
/// # Errors
/// As [`open`], or an unknown fault ID.
pub fn open_with_faults(
    position: Option<&str>,
    rulings: &[String],
    faults: &[String],
) -> Result<Box<dyn Game>, VariantError> {
    let mut game = SovereignGame::new(position, rulings)?;
    game.rules = game.rules.with_faults(faults)?;
    game.history = vec![game.repetition_key()];
    game.status = status(&game.position, &game.rules, 1);
    Ok(Box::new(game))
}

impl SovereignGame {
    /// A game at `position` under `rulings`.
    ///
    /// # Errors
    /// As [`open`].
    pub fn new(position: Option<&str>, rulings: &[String]) -> Result<SovereignGame, VariantError> {
        let rules = Ruleset::from_settings(rulings)?;
        let text = position.unwrap_or(START_FEN);
        let position = Position::from_fen(text).map_err(|problems| VariantError::Position {
            heading: None,
            problems,
        })?;
        let found = problems(&position, &rules);
        if !found.is_empty() {
            return Err(VariantError::Position {
                heading: Some("invalid Sovereign Chess position (S-SETUP)"),
                problems: found,
            });
        }
        let history = vec![position.repetition_key()];
        let status = status(&position, &rules, 1);
        Ok(SovereignGame {
            rules,
            position,
            history,
            status,
            plies: 0,
            swapped: false,
        })
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The rules in force.
    pub fn rules(&self) -> &Ruleset {
        &self.rules
    }

    /// S-REPETITION: the key of the current position.
    fn repetition_key(&self) -> String {
        // Clause sc.14.5: the whole position is compared.
        let key = self.position.repetition_key();
        match self.rules.reading::<RepetitionKey>() {
            RepetitionKey::WholePosition => key,
            RepetitionKey::BoardAndMover => key.split(' ').take(2).collect::<Vec<_>>().join(" "),
            RepetitionKey::PlacementAndMover => {
                let mut fields = key.split(' ');
                let board = fields.next().unwrap_or_default();
                let mover = fields.next().unwrap_or_default();
                format!("{board} {mover}")
            }
        }
    }

    fn occurrences(&self) -> usize {
        let key = self.repetition_key();
        self.history.iter().filter(|seen| **seen == key).count()
    }

    fn moves(&self) -> Vec<Move> {
        let mut moves = Vec::new();
        if !self.status.is_over() {
            legal_moves(&self.position, &self.rules, None, &mut moves);
        }
        moves
    }

    fn swap_open(&self) -> bool {
        self.rules.pie == Pie::SwapAction
            && self.plies == 1
            && !self.swapped
            && !self.status.is_over()
            && self.position.to_move == Player::Two
    }

    fn checks(&self) -> Vec<String> {
        let held = holders(&self.position, &self.rules);
        Player::ALL
            .into_iter()
            .filter(|&player| in_check(&self.position, &self.rules, &held, player))
            .map(|player| player.key().to_string())
            .collect()
    }

    fn report(&self, actor: Player, action: String, mut events: Vec<Event>) -> Report {
        let checks = self.checks();
        events.extend(Event::closing(&checks, &self.status, Vec::new()));
        Report {
            action,
            actor: actor.key().to_string(),
            capture: None,
            promotion: None,
            checks,
            eliminations: Vec::new(),
            control: Vec::new(),
            next: self.to_move(),
            status: self.status.clone(),
            events,
            clocks: BTreeMap::new(),
            position: self.position.to_fen(),
        }
    }

    fn square(text: &str) -> Result<Square, VariantError> {
        Square::parse(text.trim())
    }

    /// The square a move starts from (castling: the king's; a defection
    /// without step: none).
    fn from_square(mv: &Move) -> Option<Square> {
        match *mv {
            Move::Step { from, .. } => Some(from),
            Move::Castle { king, .. } => Some(king),
            Move::Defect { step, .. } => step.map(|(from, _)| from),
        }
    }
}

/// The control changes between two holder tables, in colour order.
pub fn control_changes(before: &Holders, after: &Holders) -> Vec<ControlChange> {
    Colour::ALL
        .into_iter()
        .filter(|colour| before[colour.index()] != after[colour.index()])
        .map(|colour| ControlChange {
            army: colour.name().to_string(),
            from: before[colour.index()].map(|player| player.key().to_string()),
            to: after[colour.index()].map(|player| player.key().to_string()),
        })
        .collect()
}

fn sorted(moves: Vec<Move>) -> Vec<String> {
    let mut texts: Vec<String> = moves.iter().map(Move::to_string).collect();
    texts.sort();
    texts
}

impl Game for SovereignGame {
    fn variant(&self) -> VariantId {
        VariantId::Sovereign
    }

    fn position_text(&self) -> String {
        self.position.to_fen()
    }

    fn to_move(&self) -> Option<String> {
        (!self.status.is_over()).then(|| self.position.to_move.key().to_string())
    }

    fn active(&self) -> Vec<String> {
        Player::ALL
            .iter()
            .map(|player| player.key().to_string())
            .collect()
    }

    fn in_check(&self) -> Vec<String> {
        self.checks()
    }

    fn occupant(&self, square: &str) -> Result<String, VariantError> {
        let square = Self::square(square)?;
        Ok(match self.position.at(square) {
            Some(piece) => format!("{} {}", piece.colour.name(), piece.role.name()),
            None => "empty".to_string(),
        })
    }

    fn pieces(&self) -> Vec<(String, String)> {
        self.position
            .pieces()
            .map(|(square, piece)| {
                (
                    square.to_string(),
                    format!("{} {}", piece.colour.name(), piece.role.name()),
                )
            })
            .collect()
    }

    fn state_field(&self, name: &str) -> Option<Value> {
        match name {
            "control" => Some(super::fields::control_value(&holders(
                &self.position,
                &self.rules,
            ))),
            "king_colours" => Some(super::fields::king_colours_value(&self.position)),
            "castling" => Some(Value::String(self.position.castling_text())),
            _ => None,
        }
    }

    fn legal_moves(&self) -> Vec<String> {
        sorted(self.moves())
    }

    fn legal_moves_from(&self, square: &str) -> Result<Vec<String>, VariantError> {
        let square = Self::square(square)?;
        Ok(sorted(
            self.moves()
                .into_iter()
                .filter(|mv| Self::from_square(mv) == Some(square))
                .collect(),
        ))
    }

    fn special_actions(&self) -> Vec<String> {
        let mut out = Vec::new();
        if !self.status.is_over()
            && claimable(&self.position, &self.rules, self.occurrences()).is_some()
        {
            out.push(CLAIM.to_string());
        }
        if self.swap_open() {
            out.push(SWAP.to_string());
        }
        out
    }

    fn canonical_action(&self, text: &str) -> Result<String, VariantError> {
        match text.trim() {
            CLAIM => Ok(CLAIM.to_string()),
            SWAP => Ok(SWAP.to_string()),
            other => MoveText::parse(other).map(|mv| mv.to_string()),
        }
    }

    fn play(&mut self, action: &str) -> Result<Report, Refusal> {
        let action = action.trim();
        let actor = self.position.to_move;
        if action == CLAIM || action == SWAP {
            if self.status.is_over() {
                return Err(refuse(
                    "game-over",
                    format!("the game is over: {}", self.status),
                ));
            }
            if action == SWAP {
                if !self.swap_open() {
                    return Err(refuse(
                        "swap-not-allowed",
                        "swap exists only under S-PIE=swap-action, right after White's first move",
                    ));
                }
                self.swapped = true;
                return Ok(self.report(
                    actor,
                    SWAP.to_string(),
                    vec![Event::new("seat-swap").party(actor.key())],
                ));
            }
            let reason = claimable(&self.position, &self.rules, self.occurrences()).ok_or_else(|| {
                refuse("no-draw-to-claim", format!("no threefold repetition and only {} plies without capture or pawn move", self.position.halfmove))
            })?;
            self.status = Status::Drawn {
                reason: reason.to_string(),
            };
            return Ok(self.report(actor, CLAIM.to_string(), Vec::new()));
        }
        let text =
            MoveText::parse(action).map_err(|error| refuse("bad-notation", error.to_string()))?;
        if self.status.is_over() {
            return Err(refuse(
                "game-over",
                format!("the game is over: {}", self.status),
            ));
        }
        let Some(mv) = find(&self.moves(), text) else {
            return Err(diagnose(&self.position, &self.rules, text));
        };
        let before = holders(&self.position, &self.rules);
        let old_king = self.position.kings[actor.index()];
        let mover_piece = Self::from_square(&mv).and_then(|square| self.position.at(square));
        let (next, captured) = super::rules::play(&self.position, &self.rules, mv);
        let after = holders(&next, &self.rules);
        let mut events = vec![Event::new("moved").party(actor.key())];
        // Clause sc.9.1: the owner of a captured piece is its holder at the
        // moment of the capture: for a defection step after the king's
        // colour change (S-DEFECT-ON-SQUARE judges the step there), else
        // before the move.
        let judged = match mv {
            Move::Defect {
                colour,
                step: Some(_),
            } if self.rules.reading::<CaptureOwner>() == CaptureOwner::AtCapture => holders(
                &super::rules::defected(&self.position, &self.rules, colour, true),
                &self.rules,
            ),
            Move::Step { .. } | Move::Castle { .. } | Move::Defect { .. }
                if self.rules.reading::<CaptureOwner>() == CaptureOwner::BoardBefore =>
            {
                holders(&self.position, &self.rules)
            }
            _ => before,
        };
        let capture = captured.map(|(piece, at)| Capture {
            kind: piece.role.name().to_string(),
            owner: judged[piece.colour.index()]
                .map_or("neutral", |p| p.key())
                .to_string(),
            at: at.to_string(),
            dead: false,
        });
        if let Some(capture) = &capture {
            events.push(
                Event::new("captured")
                    .party(capture.owner.clone())
                    .at(capture.at.clone())
                    .piece(capture.kind.clone()),
            );
        }
        let mut promotion = None;
        match mv {
            Move::Step {
                to,
                promotion: Some(role),
                ..
            } => {
                promotion = Some(role.name().to_string());
                events.push(Event::new("promoted").at(to.to_string()).piece(role.name()));
                if role == Role::King {
                    let pawn = mover_piece.map(|piece| piece.colour);
                    let kind = if pawn == Some(old_king) {
                        "coup"
                    } else {
                        "overthrow"
                    };
                    events.push(
                        Event::new(kind)
                            .party(actor.key())
                            .at(to.to_string())
                            .cause(next.kings[actor.index()].name()),
                    );
                }
            }
            Move::Castle { to, .. } => {
                events.push(Event::new("castled").party(actor.key()).at(to.to_string()))
            }
            Move::Defect { colour, step } => {
                let at = step
                    .map(|(from, _)| from)
                    .or_else(|| self.position.king(actor));
                let mut event = Event::new("defected")
                    .party(actor.key())
                    .cause(colour.name());
                if let Some(at) = at {
                    event = event.at(at.to_string());
                }
                events.push(event);
            }
            Move::Step { .. } => {}
        }
        self.position = next;
        self.plies += 1;
        self.history.push(self.repetition_key());
        self.status = status(&self.position, &self.rules, self.occurrences());
        let mut report = self.report(actor, mv.to_string(), events);
        report.capture = capture;
        report.promotion = promotion;
        report.control = control_changes(&before, &after);
        Ok(report)
    }

    /// The fast path (`fast`) where it takes the ruleset and the
    /// position, else the rule code; `Reference` is always the rule code.
    fn perft_on(&self, depth: u32, path: crate::variant::PerftPath) -> u64 {
        if self.status.is_over() {
            return u64::from(depth == 0);
        }
        super::fast::perft(&self.position, &self.rules, depth, path)
    }

    fn divide(&self, depth: u32) -> Vec<(String, u64)> {
        if self.status.is_over() {
            return Vec::new();
        }
        let path = crate::variant::PerftPath::Fast;
        let mut counts: Vec<(String, u64)> =
            super::fast::divide(&self.position, &self.rules, depth, path)
                .into_iter()
                .map(|(mv, count)| (mv.to_string(), count))
                .collect();
        counts.sort();
        counts
    }

    fn move_squares(&self, mv: &str) -> Option<(String, String)> {
        let text = MoveText::parse(mv).ok()?;
        let (from, to) = match text {
            MoveText::Castle { to } => (self.position.king(self.position.to_move)?, to),
            MoveText::Defect { step: None, .. } => {
                let king = self.position.king(self.position.to_move)?;
                (king, king)
            }
            other => other.squares()?,
        };
        Some((from.to_string(), to.to_string()))
    }

    fn special_move_kind(&self, mv: &str) -> Option<&'static str> {
        match MoveText::parse(mv).ok()? {
            MoveText::Castle { .. } => Some("castling"),
            MoveText::Defect { .. } => Some("defection"),
            MoveText::Step { .. } => None,
        }
    }

    fn status(&self) -> Status {
        self.status.clone()
    }

    fn own_invariants(&self, before: &str, report: &Report) -> Result<(), (String, String)> {
        super::invariants::check(&self.position, &self.rules, before, report)
    }

    fn deep_invariants(
        &self,
        ply: usize,
        _choice: u64,
        every: crate::variant::DeepChecks,
    ) -> Result<(), (String, String)> {
        if every.symmetry_every == 0 || ply % every.symmetry_every != 0 {
            return Ok(());
        }
        super::invariants::mirror(&self.position, &self.rules)
    }

    fn boxed_clone(&self) -> Box<dyn Game> {
        Box::new(self.clone())
    }
}
