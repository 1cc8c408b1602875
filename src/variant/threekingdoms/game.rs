//! The text interface ([`Game`]) of Three Kingdoms Xiangqi: a position
//! under a ruleset, the repetition record (R-REPETITION), the status
//! (R-RESULT), moves and the actions of clause tk.T11 (`resign`,
//! `timeout`, `leave`), refusals and reports.

use std::collections::{BTreeMap, HashMap};

use serde_json::{json, Value};

use super::faults::FaultSet;
use super::movegen::{Engine, Judgement};
use super::notation::{self, NotationError};
use super::point::{Kingdom, Point};
use super::position::{Kind, Move, Position};
use super::readings::{QuietMoveLimit, RepeatedPosition, Resignation, SetupExamination};
use super::ruleset::{Repetition, Resign, Result as ResultRule, Ruleset};
use super::setup;
use super::transition::{self, Cause, Defeat};
use crate::variant::{
    self, Capture, ControlChange, Elimination, Event, Game, Refusal, Report, Status, VariantError,
    VariantId,
};

/// A game in progress.
#[derive(Clone, Debug)]
pub struct ThreeKingdomsGame {
    /// The rules.
    pub engine: Engine,
    /// The current position.
    pub position: Position,
    status: Status,
    seen: HashMap<Vec<u8>, u32>,
}

/// Opens a game at `position` (the start under R-BANNERMEN when `None`)
/// under the ruling settings `ID=key`. The set-up loop runs first: a
/// kingdom named to move without a legal move is defeated (R-TRAP).
///
/// # Errors
/// Every problem of the text or the position, or a bad setting.
pub fn open(position: Option<&str>, rulings: &[String]) -> Result<Box<dyn Game>, VariantError> {
    open_game(position, rulings).map(|game| Box::new(game) as Box<dyn Game>)
}

/// [`open`] with the concrete type.
///
/// # Errors
/// As [`open`].
pub fn open_game(
    position: Option<&str>,
    rulings: &[String],
) -> Result<ThreeKingdomsGame, VariantError> {
    open_game_with(position, rulings, FaultSet::NONE)
}

/// [`open`] with the misreadings `faults` (IDs `TK-...`,
/// `spec/threekingdoms/misreadings.yaml`) played on purpose.
///
/// # Errors
/// As [`open`], or an unknown fault ID.
pub fn open_with_faults(
    position: Option<&str>,
    rulings: &[String],
    faults: &[String],
) -> Result<Box<dyn Game>, VariantError> {
    let faults = FaultSet::from_ids(faults).map_err(VariantError::from)?;
    open_game_with(position, rulings, faults).map(|game| Box::new(game) as Box<dyn Game>)
}

/// [`open_game`] playing `faults`.
///
/// # Errors
/// As [`open`].
pub fn open_game_with(
    position: Option<&str>,
    rulings: &[String],
    faults: FaultSet,
) -> Result<ThreeKingdomsGame, VariantError> {
    let rules =
        Ruleset::from_settings(rulings).map_err(|error| VariantError::Rules(error.to_string()))?;
    let engine = Engine::with_faults(rules, faults);
    let mut position = match position {
        Some(text) => notation::from_text(text)?,
        None => Position::start(rules.bannermen),
    };
    transition::prepare_setup(&engine, &mut position);
    let problems = setup::problems(&engine, &position);
    if !problems.is_empty() {
        return Err(VariantError::Position {
            heading: Some("invalid position"),
            problems,
        });
    }
    // Clause tk.T8: the set-up position's kingdom to move is examined as
    // after a move.
    let examined = |position: &Position, first: Kingdom| match engine.reading::<SetupExamination>()
    {
        SetupExamination::Examined => true,
        SetupExamination::NotExamined => false,
        SetupExamination::OnlyInCheck => engine.in_check(position, first),
    };
    if let Some(first) = position.to_move.filter(|first| examined(&position, *first)) {
        transition::examine_setup(&engine, &mut position, first);
    }
    Ok(ThreeKingdomsGame::new(engine, position))
}

/// Whether a finished position's defeated kingdoms still hold pieces
/// (the game ended by a resignation under the default R-RESIGN).
fn ended_by_resignation(position: &Position) -> bool {
    position
        .pieces()
        .any(|(_, piece)| !position.is_active(piece.owner))
}

impl ThreeKingdomsGame {
    /// A game from a valid position.
    pub fn new(engine: Engine, position: Position) -> ThreeKingdomsGame {
        let mut game = ThreeKingdomsGame {
            engine,
            position,
            status: Status::Ongoing,
            seen: HashMap::new(),
        };
        if position.to_move.is_none() {
            let reason = if ended_by_resignation(&position) {
                "resignation"
            } else {
                "last-general"
            };
            game.status = Status::Won {
                winners: game.active(),
                reason: reason.to_string(),
            };
        } else if game.engine.reading::<RepeatedPosition>() != RepeatedPosition::StartNotCounted {
            // Clause tk.T10 (repetition): the start is the first occurrence.
            game.record();
        }
        game
    }

    /// R-REPETITION: the position as compared for repetition.
    fn repetition_key(&self) -> Vec<u8> {
        let mut key = Vec::with_capacity(136);
        for point in Point::all() {
            key.push(match self.position.at(point) {
                None => 0,
                Some(piece) => {
                    let home = match self.engine.rules.repetition {
                        Repetition::SoldierHome if piece.kind == Kind::Soldier => {
                            piece.home.index()
                        }
                        Repetition::WithHome => piece.home.index(),
                        _ => 3,
                    };
                    1 + piece.kind as u8 * 16 + piece.owner.index() as u8 * 4 + home as u8
                }
            });
        }
        key.push(self.position.to_move.map_or(9, |k| k.index() as u8));
        key
    }

    /// Records the position; the third occurrence draws (R-REPETITION);
    /// then the move limit (R-MOVE-LIMIT).
    fn record(&mut self) {
        let key = self.repetition_key();
        let count = self.seen.entry(key).or_insert(0);
        *count += 1;
        // Clause tk.T10 (repetition): the third occurrence.
        let needed = match self.engine.reading::<RepeatedPosition>() {
            RepeatedPosition::ThirdOccurrenceDraws
            | RepeatedPosition::PerpetualCheckLoses
            | RepeatedPosition::StartNotCounted
            | RepeatedPosition::CheckedKingdomWins => 3,
            RepeatedPosition::FourthOccurrenceDraws => 4,
        };
        // Clause tk.T10 (move limit): reaching the limit draws.
        let limit = self.engine.rules.move_limit()
            + match self.engine.reading::<QuietMoveLimit>() {
                QuietMoveLimit::DrawsAfterTheLimit => 1,
                QuietMoveLimit::AsRuled
                | QuietMoveLimit::CaptureOnlyResets
                | QuietMoveLimit::NeverResets
                | QuietMoveLimit::StrictlyAbove
                | QuietMoveLimit::CaptureOrMateResets
                | QuietMoveLimit::CountsEveryMove => 0,
            };
        let reached = match self.engine.reading::<QuietMoveLimit>() {
            QuietMoveLimit::StrictlyAbove => self.position.quiet > limit,
            _ => self.position.quiet >= limit,
        };
        if *count >= needed {
            self.status = self.repetition_status();
        } else if reached {
            self.status = Status::Drawn {
                reason: "move-limit".to_string(),
            };
        }
    }

    /// A third occurrence: a draw (clause tk.T10: no perpetual-check rule).
    fn repetition_status(&self) -> Status {
        let checker = self.position.last_mover;
        let checked = self
            .checks()
            .iter()
            .any(|k| Some(k.as_str()) != checker.map(Kingdom::key));
        // Clause tk.T10 (repetition): a draw, with no perpetual-check rule.
        let checked_kingdoms: Vec<String> = self
            .checks()
            .into_iter()
            .filter(|k| Some(k.as_str()) != checker.map(Kingdom::key))
            .collect();
        if self.engine.reading::<RepeatedPosition>() == RepeatedPosition::CheckedKingdomWins
            && !checked_kingdoms.is_empty()
        {
            return Status::Won {
                winners: checked_kingdoms,
                reason: "perpetual-check".to_string(),
            };
        }
        if self.engine.reading::<RepeatedPosition>() == RepeatedPosition::PerpetualCheckLoses
            && checked
        {
            if let Some(checker) = checker {
                return Status::Won {
                    winners: self
                        .active()
                        .into_iter()
                        .filter(|k| k != checker.key())
                        .collect(),
                    reason: "perpetual-check".to_string(),
                };
            }
        }
        Status::Drawn {
            reason: "repetition".to_string(),
        }
    }

    /// R-RESULT: the kingdoms that share a draw.
    pub fn drawn_among(&self) -> Vec<String> {
        match self.engine.rules.result {
            ResultRule::ActiveOnly => self.active(),
            ResultRule::DrawAll => Kingdom::ALL.iter().map(|k| k.key().to_string()).collect(),
        }
    }

    fn refuse(code: &'static str, detail: String) -> Refusal {
        Refusal { code, detail }
    }

    /// Why `mv` is not a legal move now.
    fn refusal(&self, mv: Move) -> Refusal {
        let Some(mover) = self.position.to_move else {
            return Self::refuse("game-over", format!("the game is over: {}", self.status));
        };
        let Some(piece) = self.position.at(mv.from) else {
            return Self::refuse("no-piece", format!("no piece on {}", mv.from));
        };
        if piece.owner != mover {
            return Self::refuse(
                "not-your-piece",
                format!(
                    "the {} on {} is {}'s; {mover} is to move",
                    piece.kind.name(),
                    mv.from,
                    piece.owner
                ),
            );
        }
        if self
            .position
            .at(mv.to)
            .is_some_and(|other| other.owner == mover)
        {
            return Self::refuse(
                "own-piece-on-target",
                format!("{} holds a piece of {mover}", mv.to),
            );
        }
        let mut targets = Vec::new();
        self.engine
            .targets(&self.position, mv.from, piece, &mut targets);
        if !targets.iter().any(|(to, _)| *to == mv.to) {
            let mut bare = self.position;
            for (point, _) in self.position.pieces() {
                if point != mv.from {
                    bare.lift(point);
                }
            }
            targets.clear();
            self.engine.targets(&bare, mv.from, piece, &mut targets);
            let reachable = targets.iter().any(|(to, _)| *to == mv.to)
                || (piece.kind == Kind::Cannon
                    && self.engine.geometry.rays[mv.from.index()]
                        .iter()
                        .any(|ray| ray.contains(&mv.to)));
            return if reachable {
                Self::refuse(
                    "blocked",
                    format!(
                        "the {}'s way from {} to {} is blocked",
                        piece.kind.name(),
                        mv.from,
                        mv.to
                    ),
                )
            } else {
                Self::refuse(
                    "not-a-move-of-the-piece",
                    format!(
                        "a {} on {} cannot move to {}",
                        piece.kind.name(),
                        mv.from,
                        mv.to
                    ),
                )
            };
        }
        let mut next = self.position;
        transition::move_and_capture(&self.engine, &mut next, mover, mv);
        if self.engine.rules.check == super::ruleset::Check::AfterTransition {
            transition::after_move(&self.engine, &mut next, mover);
        }
        let attacked = next.generals[mover.index()]
            .is_some_and(|general| self.engine.attacked(&next, general, mover));
        if attacked {
            Self::refuse(
                "general-attacked",
                format!("{mv} leaves {mover}'s general attacked"),
            )
        } else {
            Self::refuse(
                "generals-facing",
                format!("{mv} leaves {mover}'s general facing a rival general"),
            )
        }
    }

    fn moves(&self, only: Option<Point>) -> Vec<Move> {
        let mut out = Vec::new();
        if self.status.is_over() {
            return out;
        }
        if let Some(kingdom) = self.position.to_move {
            self.engine
                .legal_moves_of(&self.position, kingdom, only, Judgement::AsRuled, &mut out);
        }
        out
    }

    fn texts(moves: &[Move]) -> Vec<String> {
        let mut texts: Vec<String> = moves.iter().map(Move::to_string).collect();
        texts.sort();
        texts.dedup();
        texts
    }

    fn checks(&self) -> Vec<String> {
        self.position
            .active_kingdoms()
            .into_iter()
            .filter(|k| self.engine.in_check(&self.position, *k))
            .map(|k| k.key().to_string())
            .collect()
    }

    /// The report of an accepted action.
    fn report(
        &self,
        action: String,
        actor: Kingdom,
        capture: Option<Capture>,
        defeats: &[Defeat],
        extra: Vec<Event>,
    ) -> Report {
        let checks = if self.status.is_over() {
            Vec::new()
        } else {
            self.checks()
        };
        let mut events = extra;
        if let Some(capture) = &capture {
            events.push(
                Event::new("captured")
                    .party(capture.owner.clone())
                    .at(capture.at.clone())
                    .piece(capture.kind.clone()),
            );
        }
        let mut control = Vec::new();
        for defeat in defeats {
            events.push(
                Event::new("eliminated")
                    .party(defeat.party.key())
                    .cause(defeat.cause.key()),
            );
            for (point, piece) in &defeat.removed {
                events.push(
                    Event::new("removed")
                        .at(point.to_string())
                        .piece(piece.kind.name()),
                );
            }
            if !defeat.armies.is_empty() {
                events.push(Event::new("taken-over").party(defeat.heir.key()));
            }
            for army in &defeat.armies {
                control.push(ControlChange {
                    army: army.key().to_string(),
                    from: Some(defeat.party.key().to_string()),
                    to: Some(defeat.heir.key().to_string()),
                });
            }
        }
        events.extend(Event::closing(&checks, &self.status, self.drawn_among()));
        Report {
            action,
            actor: actor.key().to_string(),
            capture,
            promotion: None,
            checks,
            eliminations: defeats
                .iter()
                .map(|defeat| Elimination {
                    party: defeat.party.key().to_string(),
                    cause: defeat.cause.key().to_string(),
                    heir: Some(defeat.heir.key().to_string()),
                })
                .collect(),
            control,
            next: self.to_move(),
            status: self.status.clone(),
            events,
            clocks: BTreeMap::new(),
            position: notation::to_text(&self.position),
        }
    }

    fn after_transition_status(&mut self) {
        if self.position.to_move.is_none() {
            self.status = Status::Won {
                winners: self.active(),
                reason: "last-general".to_string(),
            };
        } else {
            self.record();
        }
    }

    fn play_move(&mut self, mv: Move) -> Result<Report, Refusal> {
        let legal = self.moves(Some(mv.from));
        let Some(&mv) = legal.iter().find(|m| m.from == mv.from && m.to == mv.to) else {
            return Err(self.refusal(mv));
        };
        let mover = self.position.to_move.unwrap_or(Kingdom::SHU);
        let (next, outcome) = transition::play(&self.engine, &self.position, mv);
        self.position = next;
        self.after_transition_status();
        let capture = outcome.capture.map(|(at, piece)| Capture {
            kind: piece.kind.name().to_string(),
            owner: piece.owner.key().to_string(),
            at: at.to_string(),
            dead: false,
        });
        Ok(self.report(
            mv.to_string(),
            mover,
            capture,
            &outcome.defeats,
            vec![Event::new("moved").party(mover.key())],
        ))
    }

    /// Clause tk.T11: `resign`, `timeout` or `leave` by `kingdom`.
    fn play_exit(&mut self, word: &str, kingdom: Kingdom) -> Result<Report, Refusal> {
        let action = format!("{word} {kingdom}");
        let cause = match word {
            "resign" => Cause::Resignation,
            "timeout" => Cause::Timeout,
            _ => Cause::Leaving,
        };
        if !self.position.is_active(kingdom) {
            if cause == Cause::Leaving {
                // A defeated kingdom may leave without effect.
                return Ok(self.report(
                    action,
                    kingdom,
                    None,
                    &[],
                    vec![Event::new("left").party(kingdom.key())],
                ));
            }
            return Err(Self::refuse(
                "not-active",
                format!("{kingdom} is already defeated"),
            ));
        }
        // Clause tk.T11: any active kingdom may resign at any time.
        let only_on_move = match self.engine.reading::<Resignation>() {
            Resignation::AnyKingdom => false,
            Resignation::OnlyOnMove => true,
            Resignation::ResignOnMoveOnly => cause == Cause::Resignation,
        };
        if only_on_move && self.position.to_move != Some(kingdom) {
            return Err(Self::refuse(
                "not-on-move",
                format!("{kingdom} is not to move"),
            ));
        }
        let event = Event::new(if cause == Cause::Leaving {
            "left"
        } else {
            "resigned"
        })
        .party(kingdom.key());
        match self.engine.rules.resign {
            Resign::EndsGame => {
                self.position.active[kingdom.index()] = false;
                self.position.to_move = None;
                self.status = Status::Won {
                    winners: self.active(),
                    reason: cause.key().to_string(),
                };
                let defeat = Defeat {
                    party: kingdom,
                    cause,
                    heir: kingdom,
                    armies: Vec::new(),
                    general: None,
                    removed: Vec::new(),
                };
                let mut report = self.report(
                    action,
                    kingdom,
                    None,
                    std::slice::from_ref(&defeat),
                    vec![event],
                );
                for elimination in &mut report.eliminations {
                    elimination.heir = None;
                }
                Ok(report)
            }
            Resign::DropOut => {
                let heir = transition::heir_of(&self.engine, &self.position, kingdom);
                let was_to_move = self.position.to_move == Some(kingdom);
                let mut defeats = vec![transition::defeat(
                    &self.engine,
                    &mut self.position,
                    kingdom,
                    heir,
                    cause,
                )];
                let first = if was_to_move {
                    transition::next_after(&self.engine, &self.position, kingdom)
                } else {
                    self.position.to_move.unwrap_or(kingdom)
                };
                defeats.extend(transition::examine_from(
                    &self.engine,
                    &mut self.position,
                    first,
                ));
                self.position.quiet = 0;
                self.after_transition_status();
                Ok(self.report(action, kingdom, None, &defeats, vec![event]))
            }
        }
    }

    /// Reads an action: a move, or `resign|timeout|leave [kingdom]`.
    fn parse_action(&self, text: &str) -> Result<Action, NotationError> {
        let mut words = text.split_whitespace();
        let first = words.next().unwrap_or("");
        if ["resign", "timeout", "leave"].contains(&first) {
            let kingdom = match words.next() {
                Some(word) => {
                    Kingdom::from_key(word).ok_or_else(|| NotationError::NotAKingdom {
                        word: word.to_string(),
                    })?
                }
                None => self
                    .position
                    .to_move
                    .ok_or_else(|| NotationError::NeedsKingdom {
                        word: first.to_string(),
                    })?,
            };
            if words.next().is_some() {
                return Err(NotationError::ExitShape {
                    text: text.to_string(),
                    word: first.to_string(),
                });
            }
            return Ok(Action::Exit(first.to_string(), kingdom));
        }
        text.parse::<Move>().map(Action::Move)
    }
}

enum Action {
    Move(Move),
    Exit(String, Kingdom),
}

impl Game for ThreeKingdomsGame {
    fn variant(&self) -> VariantId {
        VariantId::Threekingdoms
    }

    fn position_text(&self) -> String {
        notation::to_text(&self.position)
    }

    fn to_move(&self) -> Option<String> {
        if self.status.is_over() {
            return None;
        }
        self.position.to_move.map(|k| k.key().to_string())
    }

    fn active(&self) -> Vec<String> {
        self.position
            .active_kingdoms()
            .into_iter()
            .map(|k| k.key().to_string())
            .collect()
    }

    fn in_check(&self) -> Vec<String> {
        self.checks()
    }

    fn occupant(&self, square: &str) -> Result<String, VariantError> {
        let point: Point = square.parse().map_err(|error| format!("{error}"))?;
        Ok(match self.position.at(point) {
            Some(piece) => format!("{} {}", piece.owner, piece.kind.name()),
            None => "empty".to_string(),
        })
    }

    fn pieces(&self) -> Vec<(String, String)> {
        self.position
            .pieces()
            .map(|(point, piece)| {
                (
                    point.to_string(),
                    format!("{} {}", piece.owner, piece.kind.name()),
                )
            })
            .collect()
    }

    fn state_field(&self, name: &str) -> Option<Value> {
        match name {
            "homes" => Some(json!(self
                .position
                .pieces()
                .map(|(point, piece)| (point.to_string(), piece.home.key()))
                .collect::<BTreeMap<_, _>>())),
            "trapped_since" => Some(json!(Kingdom::ALL
                .iter()
                .map(|k| (
                    k.key(),
                    self.position.trapped_since[k.index()].map(Kingdom::key)
                ))
                .collect::<BTreeMap<_, _>>())),
            "quiet" => Some(json!(self.position.quiet)),
            _ => None,
        }
    }

    fn legal_moves(&self) -> Vec<String> {
        Self::texts(&self.moves(None))
    }

    fn legal_moves_from(&self, square: &str) -> Result<Vec<String>, VariantError> {
        let point: Point = square.parse().map_err(|error| format!("{error}"))?;
        Ok(Self::texts(&self.moves(Some(point))))
    }

    fn special_actions(&self) -> Vec<String> {
        if self.status.is_over() {
            return Vec::new();
        }
        let mut out = Vec::new();
        for k in self.position.active_kingdoms() {
            for word in ["resign", "timeout", "leave"] {
                out.push(format!("{word} {k}"));
            }
        }
        out
    }

    fn random_action(&self, choice: u64) -> Option<String> {
        if self.status.is_over() {
            return None;
        }
        let special = self.special_actions();
        if !special.is_empty() && choice % 1000 < 2 {
            return Some(special[(choice / 1000 % special.len() as u64) as usize].clone());
        }
        let legal = self.legal_moves();
        if legal.is_empty() {
            return special.first().cloned();
        }
        Some(legal[(choice / 1000 % legal.len() as u64) as usize].clone())
    }

    fn canonical_action(&self, text: &str) -> Result<String, VariantError> {
        match self
            .parse_action(text.trim())
            .map_err(|error| error.to_string())?
        {
            Action::Move(mv) => Ok(mv.to_string()),
            Action::Exit(word, kingdom) => Ok(format!("{word} {kingdom}")),
        }
    }

    fn play(&mut self, action: &str) -> Result<Report, Refusal> {
        let parsed = self
            .parse_action(action.trim())
            .map_err(|error| Self::refuse("bad-notation", error.to_string()))?;
        if self.status.is_over() {
            return Err(Self::refuse(
                "game-over",
                format!("the game is over: {}", self.status),
            ));
        }
        match parsed {
            Action::Move(mv) => self.play_move(mv),
            Action::Exit(word, kingdom) => self.play_exit(&word, kingdom),
        }
    }

    /// The fast path (`fast`) where it takes the ruleset and the
    /// position, else the rule code; `Reference` is always the rule code.
    fn perft_on(&self, depth: u32, path: variant::PerftPath) -> u64 {
        if self.status.is_over() {
            return u64::from(depth == 0);
        }
        super::fast::perft(&self.position, &self.engine, depth, path)
    }

    fn divide(&self, depth: u32) -> Vec<(String, u64)> {
        if self.status.is_over() {
            return Vec::new();
        }
        let mut sums: BTreeMap<String, u64> = BTreeMap::new();
        let path = variant::PerftPath::Fast;
        for (mv, count) in super::fast::divide(&self.position, &self.engine, depth, path) {
            *sums.entry(mv.to_string()).or_insert(0) += count;
        }
        sums.into_iter().collect()
    }

    fn move_squares(&self, mv: &str) -> Option<(String, String)> {
        let mv: Move = mv.parse().ok()?;
        Some((mv.from.to_string(), mv.to.to_string()))
    }

    /// R-SEATS names the half a move enters by where its kingdom sits:
    /// the half the right bank faces is Wu's under `right` and Wei's
    /// under `mirror` (for a Shu point). The move itself is its
    /// from-point and, for the target, the side it lies on seen from the
    /// from-point's half (own, right, left) with its file and rank.
    fn move_identity(&self, mv: &str) -> String {
        let Ok(parsed) = mv.parse::<Move>() else {
            return mv.to_string();
        };
        let (home, target) = (parsed.from.kingdom(), parsed.to.kingdom());
        let side = if target == home {
            "own"
        } else if self.engine.geometry.right[home.index()] == target {
            "right"
        } else {
            "left"
        };
        let to = parsed.to.to_string();
        format!("{}>{side}:{}", parsed.from, to.get(1..).unwrap_or_default())
    }

    fn status(&self) -> Status {
        self.status.clone()
    }

    fn own_invariants(&self, before: &str, report: &Report) -> Result<(), (String, String)> {
        super::invariants::check(&self.engine, &self.position, &self.status, before, report)
    }

    fn boxed_clone(&self) -> Box<dyn Game> {
        Box::new(self.clone())
    }
}
