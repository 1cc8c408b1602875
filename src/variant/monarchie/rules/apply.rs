//! Applying an action to a position (clauses 5-16): the move's effects,
//! the clock, the events, and the passing of the turn.

use serde::Serialize;

use crate::variant::monarchie::cell::Cell;
use crate::variant::monarchie::moves::{Action, Move};
use crate::variant::monarchie::party::Party;
use crate::variant::monarchie::piece::PieceKind;
use crate::variant::monarchie::position::{Occupant, Position};
use crate::variant::monarchie::readings::{FlagFall, Forfeit, GardezQueens, MoveTimeLimit};
use crate::variant::monarchie::ruleset::{ForfeitInCheck, Ruleset};

use super::attack;
use super::effects::{self, Capture};
use super::legality::{check_move, Illegal};
use super::turn::{pass_turn, Cause, Elimination, TurnEvent};

/// One thing that happened during an action, in the order it happened.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "event", rename_all = "kebab-case")]
pub enum Event {
    /// A piece moved.
    Moved {
        /// The party that moved.
        party: Party,
        /// The move.
        mv: String,
    },
    /// A piece was captured (clauses 5, 8).
    Captured(Capture),
    /// A pawn promoted (6.6).
    Promoted {
        /// Where.
        cell: Cell,
        /// Into what.
        kind: PieceKind,
    },
    /// The party to move let 60 s pass (clause 15).
    Forfeited {
        /// Who.
        party: Party,
    },
    /// Kings in check after the action's own effects (clause 9).
    Check {
        /// The checked parties, clockwise from Blau.
        parties: Vec<Party>,
    },
    /// Clause 12 / R-GARDEZ: an enemy queen newly attacked by the mover.
    Gardez {
        /// The queen's party.
        party: Party,
        /// The queen's cell.
        cell: Cell,
    },
    /// A party left the game.
    Eliminated(Elimination),
    /// The game ended (R-END).
    Won {
        /// The last active party.
        party: Party,
    },
}

/// Everything an action caused. The fields summarise `events`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Outcome {
    /// Who acted.
    pub actor: Party,
    /// The capture, if any.
    pub capture: Option<Capture>,
    /// The party whose king was captured, if any (clause 13).
    pub king_captured: Option<Party>,
    /// The promotion, if any.
    pub promotion: Option<PieceKind>,
    /// Whether the action was a forfeited turn.
    pub forfeited: bool,
    /// Active parties in check right after the action's own effects.
    pub checks: Vec<Party>,
    /// Gardez events (R-GARDEZ): `(queen's party, queen's cell)`.
    pub gardez: Vec<(Party, Cell)>,
    /// Parties eliminated, in order.
    pub eliminations: Vec<Elimination>,
    /// Who moves next; `None` when the game is over.
    pub next: Option<Party>,
    /// The winner, when one party is left.
    pub winner: Option<Party>,
    /// All events in order.
    pub events: Vec<Event>,
}

/// Applies an action of the party to move. On success the position has
/// changed and the outcome says how; on failure nothing has changed.
///
/// # Errors
/// [`Illegal`] naming why the action is refused.
pub fn apply(position: &mut Position, action: Action, rules: &Ruleset) -> Result<Outcome, Illegal> {
    let (actor, elapsed) = admit(position, action, rules)?;
    match action {
        Action::Move { mv, .. } => Ok(play_move(position, actor, mv, elapsed, rules)),
        Action::Timeout => Ok(forfeit(position, actor, rules)),
    }
}

/// Whether the party to move may take `action` now: the refusals of
/// [`apply`], which are all decided before anything changes (clause 5 and
/// R-CLOCK). `Ok` gives the actor and the seconds a move uses.
///
/// # Errors
/// [`Illegal`] naming why the action is refused.
pub fn admit(
    position: &Position,
    action: Action,
    rules: &Ruleset,
) -> Result<(Party, u32), Illegal> {
    let Some(actor) = position.to_move() else {
        return Err(Illegal::GameOver);
    };
    match action {
        Action::Move { mv, elapsed } => {
            check_move(position, mv, rules)?;
            let elapsed = check_elapsed(position, actor, elapsed, rules)?;
            Ok((actor, elapsed))
        }
        Action::Timeout => Ok((actor, 0)),
    }
}

/// R-CLOCK: the seconds a move may use: at most 60 and at most what is
/// left. Without clocks time is ignored.
fn check_elapsed(
    position: &Position,
    actor: Party,
    elapsed: Option<u32>,
    rules: &Ruleset,
) -> Result<u32, Illegal> {
    let Some(clocks) = position.clocks() else {
        return Ok(0);
    };
    let elapsed = elapsed.unwrap_or(0);
    let remaining = clocks[actor];
    // Clause 15 (move time): at most 60 seconds a move.
    match rules.reading::<MoveTimeLimit>() {
        MoveTimeLimit::SixtySeconds if elapsed > MOVE_LIMIT_SECONDS => {
            return Err(Illegal::ElapsedOverLimit { elapsed });
        }
        MoveTimeLimit::SixtySeconds | MoveTimeLimit::NoLimit => {}
        // M-MOVE-LIMIT-UNENFORCED.2: accepted, charged 60 s.
        MoveTimeLimit::ChargedSixty => {
            let charged = elapsed.min(MOVE_LIMIT_SECONDS);
            if charged > remaining {
                return Err(Illegal::ElapsedOverRemaining {
                    party: actor,
                    elapsed,
                    remaining,
                });
            }
            return Ok(charged);
        }
    }
    if elapsed > remaining {
        return Err(Illegal::ElapsedOverRemaining {
            party: actor,
            elapsed,
            remaining,
        });
    }
    Ok(elapsed)
}

/// Clause 15: the most a single move may take.
pub const MOVE_LIMIT_SECONDS: u32 = 60;

/// R-CLOCK: deducts time; true when the clock reached zero (flag fall).
fn spend(position: &mut Position, party: Party, seconds: u32) -> bool {
    match position.clocks_mut() {
        Some(clocks) => {
            clocks[party] = clocks[party].saturating_sub(seconds);
            clocks[party] == 0
        }
        None => false,
    }
}

/// Clause 15 / R-CLOCK: the party's total time is up; it leaves the game.
fn flag_fall(
    position: &mut Position,
    party: Party,
    rules: &Ruleset,
    events: &mut Vec<Event>,
    eliminations: &mut Vec<Elimination>,
) {
    effects::eliminate(position, party, rules);
    let elimination = Elimination {
        party,
        cause: Cause::FlagFall,
    };
    events.push(Event::Eliminated(elimination));
    eliminations.push(elimination);
}

/// Clause 15 (total time): the checks judged before the flag falls, as
/// M-FLAG-AFTER-CHECKS (recorded) and its second coding (not recorded)
/// read it; `None` under the rule.
fn early_checks(
    position: &Position,
    reading: FlagFall,
    rules: &Ruleset,
    events: &mut Vec<Event>,
) -> Option<Vec<Party>> {
    match reading {
        FlagFall::AfterTheChecks => Some(record_checks(position, rules, events)),
        FlagFall::OrderByChecksBefore => Some(attack::parties_in_check(position, rules)),
        FlagFall::BeforeTheChecks | FlagFall::OnlyOnForfeit | FlagFall::AtTheNextTurn => None,
    }
}

/// Clause 9: the active parties in check now, recorded as an event.
fn record_checks(position: &Position, rules: &Ruleset, events: &mut Vec<Event>) -> Vec<Party> {
    let checks = attack::parties_in_check(position, rules);
    if !checks.is_empty() {
        events.push(Event::Check {
            parties: checks.clone(),
        });
    }
    checks
}

/// Clause 12 and R-GARDEZ: the active enemy queens that `mover` attacks,
/// as `reading` reads which queens and which attackers count.
fn attacked_queens(
    position: &Position,
    mover: Party,
    reading: GardezQueens,
    rules: &Ruleset,
) -> Vec<(Party, Cell)> {
    position
        .pieces()
        .filter(|&(_, piece)| {
            piece.kind == PieceKind::Queen
                && piece.party != mover
                && (position.is_active(piece.party)
                    || matches!(
                        reading,
                        GardezQueens::DeadQueensToo | GardezQueens::DeadQueensAlways
                    ))
        })
        .filter(|&(cell, piece)| match reading {
            GardezQueens::NewlyAttackedByAnyone | GardezQueens::AnyoneNowMoverBefore => {
                attack::attacked_by(position, cell, rules, |party| party != piece.party)
            }
            _ => attack::attacked_by(position, cell, rules, |party| party == mover),
        })
        .map(|(cell, piece)| (piece.party, cell))
        .collect()
}

/// Clause 12: the Gardez events of a move: the active enemy queens the
/// mover attacks now and not before (in `earlier`, the position before
/// the move, asked only when a queen is attacked now).
fn gardez_of(
    position: &Position,
    earlier: &Position,
    actor: Party,
    mv: Move,
    rules: &Ruleset,
) -> Vec<(Party, Cell)> {
    let reading = rules.reading::<GardezQueens>();
    let now = attacked_queens(position, actor, reading, rules);
    if now.is_empty() {
        return now;
    }
    let before = match reading {
        // M-GARDEZ-ANY-ATTACKER.2: before, only the mover's attacks count.
        GardezQueens::AnyoneNowMoverBefore => {
            attacked_queens(earlier, actor, GardezQueens::NewlyAttackedByTheMover, rules)
        }
        _ => attacked_queens(earlier, actor, reading, rules),
    };
    now.into_iter()
        .filter(|&queen| match reading {
            GardezQueens::AlreadyAttackedToo => true,
            GardezQueens::MoreAttackersThanBefore => {
                attackers(position, actor, queen.1, rules)
                    > attackers(earlier, actor, queen.1, rules)
            }
            GardezQueens::MovedPieceNewAgainstOld => {
                super::movegen::piece_targets(position, mv.to, rules).contains(queen.1)
                    && !earlier.piece_at(mv.from).is_some_and(|piece| {
                        super::movegen::targets_of(earlier, mv.from, piece, rules).contains(queen.1)
                    })
            }
            GardezQueens::DeadQueensAlways => {
                !position.is_active(queen.0) || !before.contains(&queen)
            }
            GardezQueens::AnyoneNowMoverBefore => !before.contains(&queen),
            GardezQueens::AttackedByTheMovedPiece => {
                !before.contains(&queen)
                    && super::movegen::piece_targets(position, mv.to, rules).contains(queen.1)
            }
            GardezQueens::NewlyAttackedByTheMover
            | GardezQueens::NewlyAttackedByAnyone
            | GardezQueens::DeadQueensToo => !before.contains(&queen),
        })
        .collect()
}

/// M-GARDEZ-ALREADY-ATTACKED.2: how many active pieces of `mover` could
/// capture on `cell`.
fn attackers(position: &Position, mover: Party, cell: Cell, rules: &Ruleset) -> usize {
    position
        .pieces()
        .filter(|&(from, piece)| {
            piece.party == mover
                && position.is_active(mover)
                && super::movegen::targets_of(position, from, piece, rules).contains(cell)
        })
        .count()
}

/// Plays a legal move and passes the turn.
fn play_move(
    position: &mut Position,
    actor: Party,
    mv: Move,
    elapsed: u32,
    rules: &Ruleset,
) -> Outcome {
    let earlier = position.clone();
    let capture_text = !matches!(position.occupant(mv.to), Occupant::Empty);
    let effects = effects::play(position, mv, rules);
    let mut events = vec![Event::Moved {
        party: actor,
        mv: mv.text(capture_text),
    }];
    let mut eliminations = Vec::new();
    if let Some(capture) = effects.capture {
        events.push(Event::Captured(capture));
    }
    if let Some(kind) = effects.promotion {
        events.push(Event::Promoted { cell: mv.to, kind });
    }
    if let Some(party) = effects.king_captured {
        let elimination = Elimination {
            party,
            cause: Cause::KingCapture,
        };
        events.push(Event::Eliminated(elimination));
        eliminations.push(elimination);
    }
    // R-CLOCK: the time is spent with the move; a clock at 0 ends the
    // party before checks are judged, so its pieces are dead by then.
    // R-END: a move that leaves one party standing has ended the game; its
    // mover wins even if the move used its last second.
    // Clause 15 (total time): a clock at 0 ends the party before the
    // checks are judged, on a move as on a forfeit.
    let flag_fall_reading = rules.reading::<FlagFall>();
    let early_checks = early_checks(position, flag_fall_reading, rules, &mut events);
    if spend(position, actor, elapsed)
        && position.is_active(actor)
        && position.active_count() > 1
        && !matches!(
            flag_fall_reading,
            FlagFall::OnlyOnForfeit | FlagFall::AtTheNextTurn
        )
    {
        flag_fall(position, actor, rules, &mut events, &mut eliminations);
    }
    let checks = match (&early_checks, flag_fall_reading) {
        (Some(checks), FlagFall::AfterTheChecks) => checks.clone(),
        _ => record_checks(position, rules, &mut events),
    };
    let gardez = gardez_of(position, &earlier, actor, mv, rules);
    for &(party, cell) in &gardez {
        events.push(Event::Gardez { party, cell });
    }
    let event = match (effects.king_captured, effects.capture) {
        (Some(fallen), _) => TurnEvent::KingCapture(fallen),
        (None, Some(capture)) if !capture.dead => TurnEvent::CapturedPiece(capture.party),
        (None, Some(_)) => TurnEvent::CapturedDead,
        _ => TurnEvent::Plain,
    };
    let later = pass_turn(position, actor, event, None, rules);
    if let Some(early) = &early_checks {
        turn_after_early_checks(position, actor, early);
    }
    finish(
        position,
        Outcome {
            actor,
            capture: effects.capture,
            king_captured: effects.king_captured,
            promotion: effects.promotion,
            forfeited: false,
            checks,
            gardez,
            eliminations,
            next: None,
            winner: None,
            events,
        },
        later,
    )
}

/// Clause 15 and R-TIMEOUT: the party to move lets 60 s pass.
fn forfeit(position: &mut Position, actor: Party, rules: &Ruleset) -> Outcome {
    let mut events = vec![Event::Forfeited { party: actor }];
    let mut eliminations = Vec::new();
    let seconds = position
        .clocks()
        .map_or(0, |clocks| clocks[actor].min(MOVE_LIMIT_SECONDS));
    // Clause 15 (move time): the forfeit's time counts against the total.
    let seconds = match rules.reading::<Forfeit>() {
        Forfeit::CostsTimeAndTurn | Forfeit::KeepsTheTurn | Forfeit::KeepsTheTurnAboveCheck => {
            seconds
        }
        Forfeit::Free => 0,
        // M-FORFEIT-FREE.2: free unless the party is in check.
        Forfeit::FreeOutOfCheck => {
            if attack::in_check(position, actor, rules) {
                seconds
            } else {
                0
            }
        }
    };
    // Clause 15 (total time): a clock at 0 ends the party before the
    // checks are judged.
    let flag_fall_reading = rules.reading::<FlagFall>();
    let early_checks = early_checks(position, flag_fall_reading, rules, &mut events);
    if spend(position, actor, seconds) {
        flag_fall(position, actor, rules, &mut events, &mut eliminations);
    }
    let checks = match (&early_checks, flag_fall_reading) {
        (Some(checks), FlagFall::AfterTheChecks) => checks.clone(),
        _ => record_checks(position, rules, &mut events),
    };
    let skip = match rules.timeout {
        ForfeitInCheck::Skipped => Some(actor),
        ForfeitInCheck::CheckFirst => None,
    };
    let later = pass_turn(position, actor, TurnEvent::Forfeit, skip, rules);
    if let Some(early) = &early_checks {
        turn_after_early_checks(position, actor, early);
    }
    finish(
        position,
        Outcome {
            actor,
            capture: None,
            king_captured: None,
            promotion: None,
            forfeited: true,
            checks,
            gardez: Vec::new(),
            eliminations,
            next: None,
            winner: None,
            events,
        },
        later,
    )
}

/// Adds the turn-start eliminations, the next mover and the winner.
/// Clause 15 (total time) as [`FlagFall::AfterTheChecks`] reads it: an
/// engine that judges the checks before the mover's flag falls also lets
/// them decide the order (R-NEXT step 1).
/// When the flag did fall, the first party of `early` clockwise after the
/// mover that is still active moves next, although the dead pieces that
/// attacked it give no check any more.
fn turn_after_early_checks(position: &mut Position, actor: Party, early: &[Party]) {
    if position.is_active(actor) || position.winner().is_some() {
        return;
    }
    let first = actor
        .others_clockwise()
        .find(|party| early.contains(party) && position.is_active(*party));
    if let Some(party) = first {
        position.set_to_move(Some(party));
    }
}

fn finish(position: &Position, mut outcome: Outcome, later: Vec<Elimination>) -> Outcome {
    for elimination in later {
        outcome.events.push(Event::Eliminated(elimination));
        outcome.eliminations.push(elimination);
    }
    outcome.next = position.to_move();
    outcome.winner = position.winner();
    if let Some(party) = outcome.winner {
        outcome.events.push(Event::Won { party });
    }
    outcome
}
