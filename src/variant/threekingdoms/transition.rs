//! The transition after a move (clauses tk.T6, tk.T8, tk.T9; R-TURN,
//! R-TRAP, R-HEIR, R-TAKEOVER): the capture, a captured general's army
//! taken over, the every-move defeats (R-TRAP=every-move), the R-HEIR
//! history, the turn handed on with turn-start defeats, the move counter.

use super::movegen::Engine;
use super::point::{Kingdom, Point};
use super::position::{Kind, Move, Piece, Position};
use super::readings::{ArmyTakeover, GameEnd, QuietMoveLimit, Stalemate, TrapHeir, TurnOrder};
use super::ruleset::{Heir, Takeover, Trap};

/// Why a kingdom left the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cause {
    /// No legal move while in check (clause tk.T8).
    Mate,
    /// No legal move, not in check (clause tk.T8).
    Stalemate,
    /// Its general was captured (clauses tk.T7, tk.T8).
    GeneralCapture,
    /// It resigned (clause tk.T11, under R-RESIGN=drop-out).
    Resignation,
    /// It ran out of time (clause tk.T11, drop-out).
    Timeout,
    /// It left the table (clause tk.T11, drop-out).
    Leaving,
}

impl Cause {
    /// The cause as the report writes it.
    pub fn key(self) -> &'static str {
        match self {
            Cause::Mate => "mate",
            Cause::Stalemate => "stalemate",
            Cause::GeneralCapture => "general-capture",
            Cause::Resignation => "resignation",
            Cause::Timeout => "timeout",
            Cause::Leaving => "leaving",
        }
    }

    /// Every cause.
    pub const KEYS: [&'static str; 6] = [
        "mate",
        "stalemate",
        "general-capture",
        "resignation",
        "timeout",
        "leaving",
    ];
}

/// One defeat and what it did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Defeat {
    /// Who.
    pub party: Kingdom,
    /// Why.
    pub cause: Cause,
    /// Who took over its pieces.
    pub heir: Kingdom,
    /// The homes of the pieces that changed owner, in kingdom order.
    pub armies: Vec<Kingdom>,
    /// Where its general stood when it left the board (a trapped
    /// kingdom's general is removed; a captured one is already gone).
    pub general: Option<Point>,
    /// Pieces that left the board instead (R-TAKEOVER=remove-palace-pieces).
    pub removed: Vec<(Point, Piece)>,
}

/// What a move did, for the report.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// The piece taken and where it stood.
    pub capture: Option<(Point, Piece)>,
    /// The defeats in order.
    pub defeats: Vec<Defeat>,
}

/// R-TAKEOVER: `victim` is defeated; its general leaves the board, every
/// other piece it owns (taken-over pieces included) goes to `heir`,
/// keeping its point and home; under `remove-palace-pieces` its advisors
/// and elephants leave instead. R-HEIR: a trap credited to the victim's
/// move passes to its heir, who now holds the army that made it.
pub fn defeat(
    engine: &Engine,
    position: &mut Position,
    victim: Kingdom,
    heir: Kingdom,
    cause: Cause,
) -> Defeat {
    let general = position.generals[victim.index()];
    if let Some(point) = general {
        position.lift(point);
    }
    let mut armies = Vec::new();
    let mut removed = Vec::new();
    let takeover = engine.reading::<ArmyTakeover>();
    if takeover == ArmyTakeover::InheritedClearedFirst {
        // Pieces it had taken over leave before the army changes hands.
        for point in Point::all() {
            if let Some(piece) = position.at(point) {
                if piece.owner == victim && piece.home != victim {
                    position.lift(point);
                    removed.push((point, piece));
                }
            }
        }
    }
    for point in Point::all() {
        let Some(mut piece) = position.at(point) else {
            continue;
        };
        if piece.owner != victim {
            continue;
        }
        let palace_piece = matches!(piece.kind, Kind::Advisor | Kind::Elephant);
        // Clause tk.T8 (takeover): every piece it owns, taken-over pieces
        // included, goes to the heir.
        let leaves = match takeover {
            ArmyTakeover::EveryPieceToTheHeir | ArmyTakeover::InheritedClearedFirst => false,
            ArmyTakeover::ArmyLeaves => true,
            ArmyTakeover::LeavesWhenCaptured => cause == Cause::GeneralCapture,
            ArmyTakeover::OwnHomeOnly => piece.home != victim,
        };
        if (engine.rules.takeover == Takeover::RemovePalacePieces && palace_piece) || leaves {
            position.lift(point);
            removed.push((point, piece));
            continue;
        }
        piece.owner = heir;
        position.put(point, piece);
        if !armies.contains(&piece.home) {
            armies.push(piece.home);
        }
    }
    armies.sort();
    position.active[victim.index()] = false;
    position.trapped_since[victim.index()] = None;
    for (index, slot) in position.trapped_since.iter_mut().enumerate() {
        if *slot == Some(victim) {
            // A kingdom is never its own heir: the claim then lapses.
            *slot = (heir.index() != index).then_some(heir);
        }
    }
    if position.last_mover == Some(victim) {
        position.last_mover = Some(heir);
    }
    Defeat {
        party: victim,
        cause,
        heir,
        armies,
        general,
        removed,
    }
}

/// Step 1: the piece moves; a captured piece leaves the board; a captured
/// general's kingdom is defeated with the mover as heir (clause tk.T8).
pub fn move_and_capture(
    engine: &Engine,
    position: &mut Position,
    mover: Kingdom,
    mv: Move,
) -> (Option<(Point, Piece)>, Option<Defeat>) {
    let Some(piece) = position.lift(mv.from) else {
        return (None, None);
    };
    let captured = position.lift(mv.to);
    position.put(mv.to, piece);
    let mut defeat_record = None;
    if let Some(taken) = captured {
        if taken.kind == Kind::General && position.is_active(taken.owner) {
            defeat_record = Some(defeat(
                engine,
                position,
                taken.owner,
                mover,
                Cause::GeneralCapture,
            ));
        }
    }
    (captured.map(|taken| (mv.to, taken)), defeat_record)
}

/// R-HEIR: the heir of a trapped `kingdom`: the mover since whose move it
/// has had no legal move; else the last mover; else the active kingdom
/// before it. `last-mover`: the last mover, else the kingdom before it.
pub fn heir_of(engine: &Engine, position: &Position, kingdom: Kingdom) -> Kingdom {
    heir_in(engine, position, kingdom, false)
}

/// [`heir_of`], told whether the set-up loop asks (one misreading's
/// second coding names the heir by the turn order in play only).
fn heir_in(engine: &Engine, position: &Position, kingdom: Kingdom, set_up: bool) -> Kingdom {
    // Clause tk.T8 (heir): the heir is as R-HEIR reads it.
    match engine.reading::<TrapHeir>() {
        TrapHeir::AsRuled => {}
        TrapHeir::NextKingdom => return position.next_active(kingdom),
        TrapHeir::NextInTurnOrder if set_up => {}
        TrapHeir::NextInTurnOrder => {
            let mut heir = next_after(engine, position, kingdom);
            while heir == kingdom || !position.is_active(heir) {
                heir = heir.next();
            }
            return heir;
        }
    }
    let active = |k: &Kingdom| position.is_active(*k) && *k != kingdom;
    let trapper = match engine.rules.heir {
        Heir::Trapper => position.trapped_since[kingdom.index()].filter(active),
        Heir::LastMover => None,
    };
    trapper
        .or(position.last_mover.filter(active))
        .unwrap_or_else(|| position.previous_active(kingdom))
}

/// Step 3 (and the set-up loop): from `first` on, the first active
/// kingdom with a legal move is to move; each one without is defeated
/// (R-TRAP: mated if in check, stalemated otherwise; heir by R-HEIR). With
/// one kingdom left, it has won and nobody is to move.
pub fn examine_from(engine: &Engine, position: &mut Position, first: Kingdom) -> Vec<Defeat> {
    examine(engine, position, first, false)
}

/// Clause tk.T10 (move limit) for a set-up position: its quiet count
/// stands (one misreading's second coding counts the moves played since
/// the start of play, so a set-up's count is not read).
pub fn prepare_setup(engine: &Engine, position: &mut Position) {
    position.refresh_generals();
    if engine.reading::<QuietMoveLimit>() == QuietMoveLimit::CountsEveryMove {
        position.quiet = 0;
    }
}

/// The set-up loop (clause tk.T8 with tk.T6): [`examine_from`] for a
/// set-up position's kingdom to move.
pub fn examine_setup(engine: &Engine, position: &mut Position, first: Kingdom) -> Vec<Defeat> {
    examine(engine, position, first, true)
}

/// [`examine_from`], told whether it examines a set-up position.
fn examine(engine: &Engine, position: &mut Position, first: Kingdom, set_up: bool) -> Vec<Defeat> {
    // Clause tk.T6: the next kingdom examined, in the turn order (one
    // misreading's second coding reads its clockwise table in play only;
    // its set-up loop walks the ruled order).
    let next = |position: &Position, q: Kingdom| {
        if set_up && engine.reading::<TurnOrder>() == TurnOrder::FixedTableShuWeiWu {
            position.next_active(q)
        } else {
            next_after(engine, position, q)
        }
    };
    let mut defeats = Vec::new();
    let mut q = first;
    let mut passed = 0;
    loop {
        if position.active_kingdoms().len() <= 1 {
            position.to_move = None;
            return defeats;
        }
        if !position.is_active(q) {
            q = next(position, q);
            continue;
        }
        // Clause tk.T8: a kingdom not in check is skipped before its
        // moves are counted, as one misreading has it (in the turn's
        // hand-on only: the set-up loop examines as ruled).
        if engine.reading::<Stalemate>() == Stalemate::SkippedUnlessInCheck
            && !set_up
            && passed < 3
            && !engine.in_check(position, q)
        {
            if engine.has_legal_move(position, q) {
                position.to_move = Some(q);
                return defeats;
            }
            passed += 1;
            q = next(position, q);
            continue;
        }
        if engine.has_legal_move(position, q) {
            position.to_move = Some(q);
            return defeats;
        }
        let in_check = engine.in_check(position, q);
        // Clause tk.T8: a stalemated kingdom is defeated too (unless read
        // to pass, until nobody could move at all).
        if engine.reading::<Stalemate>() == Stalemate::Passes && !in_check && passed < 3 {
            passed += 1;
            q = next(position, q);
            continue;
        }
        let cause = if in_check {
            Cause::Mate
        } else {
            Cause::Stalemate
        };
        let heir = heir_in(engine, position, q, set_up);
        defeats.push(defeat(engine, position, q, heir, cause));
        q = next(position, q);
    }
}

/// Clause tk.T6: the active kingdom that moves after `kingdom`.
pub fn next_after(engine: &Engine, position: &Position, kingdom: Kingdom) -> Kingdom {
    match engine.reading::<TurnOrder>() {
        TurnOrder::ShuWuWei => position.next_active(kingdom),
        TurnOrder::ShuWeiWu => position.previous_active(kingdom),
        TurnOrder::FixedTableShuWeiWu => {
            const ORDER: [Kingdom; 3] = [Kingdom::SHU, Kingdom::WEI, Kingdom::WU];
            let at = ORDER.iter().position(|k| *k == kingdom).unwrap_or(0);
            (1..=3)
                .map(|step| ORDER[(at + step) % 3])
                .find(|k| position.is_active(*k))
                .unwrap_or(kingdom)
        }
    }
}

/// Steps 2 and 3 after `mover`'s move and its capture effects: the
/// every-move defeats, the R-HEIR history, the turn handed on.
pub fn after_move(engine: &Engine, position: &mut Position, mover: Kingdom) -> Vec<Defeat> {
    let mut defeats = Vec::new();
    // Step 2 (R-TRAP=every-move): each other kingdom without a legal move
    // is defeated at once, the mover its heir; repeat until none.
    if engine.rules.trap == Trap::EveryMove {
        loop {
            let trapped = Kingdom::ALL.into_iter().find(|k| {
                *k != mover
                    && position.is_active(*k)
                    && position.active_kingdoms().len() > 1
                    && !engine.has_legal_move(position, *k)
            });
            let Some(k) = trapped else {
                break;
            };
            let cause = if engine.in_check(position, k) {
                Cause::Mate
            } else {
                Cause::Stalemate
            };
            defeats.push(defeat(engine, position, k, mover, cause));
        }
    }
    // R-HEIR history: the earliest move since a kingdom's own last move
    // after which it has had no legal move.
    position.trapped_since[mover.index()] = None;
    if engine.rules.heir == Heir::Trapper {
        for k in Kingdom::ALL {
            if k == mover || !position.is_active(k) {
                continue;
            }
            if engine.has_legal_move(position, k) {
                position.trapped_since[k.index()] = None;
            } else if position.trapped_since[k.index()].is_none() {
                position.trapped_since[k.index()] = Some(mover);
            }
        }
    }
    position.last_mover = Some(mover);
    // Step 3.
    let next = next_after(engine, position, mover);
    defeats.extend(examine_from(engine, position, next));
    defeats
}

/// The whole transition of the legal move `mv` (steps 1-3 and the
/// counter of step 5): the position after it and what happened.
pub fn play(engine: &Engine, position: &Position, mv: Move) -> (Position, Outcome) {
    let mut next = *position;
    let mover = position.to_move.unwrap_or(Kingdom::SHU);
    let (capture, first) = move_and_capture(engine, &mut next, mover, mv);
    let mut defeats: Vec<Defeat> = first.into_iter().collect();
    if next.active_kingdoms().len() <= 1 {
        next.to_move = None;
        next.last_mover = Some(mover);
    } else {
        defeats.extend(after_move(engine, &mut next, mover));
    }
    // Clause tk.T9: the game goes on until one general is left (unless
    // read to end at the first defeat, won by the kingdom that defeated).
    let game_end = engine.reading::<GameEnd>();
    if game_end != GameEnd::LastGeneralStanding {
        if let Some(first) = defeats.first() {
            let winner = match game_end {
                GameEnd::FirstDefeatLastMoverWins => mover,
                _ => first.heir,
            };
            for k in Kingdom::ALL {
                next.active[k.index()] = k == winner;
            }
            next.to_move = None;
        }
    }
    // Clause tk.T10 (move limit): a capture or a defeat resets the counter.
    let resets = match engine.reading::<QuietMoveLimit>() {
        QuietMoveLimit::AsRuled
        | QuietMoveLimit::DrawsAfterTheLimit
        | QuietMoveLimit::StrictlyAbove => capture.is_some() || !defeats.is_empty(),
        QuietMoveLimit::CaptureOnlyResets => capture.is_some(),
        QuietMoveLimit::CaptureOrMateResets => {
            capture.is_some() || defeats.iter().any(|d| d.cause != Cause::Stalemate)
        }
        QuietMoveLimit::NeverResets | QuietMoveLimit::CountsEveryMove => false,
    };
    if resets {
        // Clause tk.T10 (move limit): back to 0 (one misreading's second
        // coding counts the resetting move as the first of the next run).
        next.quiet = u32::from(engine.reading::<QuietMoveLimit>() == QuietMoveLimit::StrictlyAbove);
    } else {
        next.quiet += 1;
    }
    (next, Outcome { capture, defeats })
}
