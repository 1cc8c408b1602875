//! MONARCHIE's random generators for property testing and the fuzzer:
//! random positions, random actions with seconds used and timeouts, random
//! from-to probes. With its fifteen named invariants ([`super::invariants`])
//! they are what MONARCHIE's game hands the one random-game driver
//! ([`crate::fuzz::game`]); they live here, with the rule system, because
//! they know its pieces and board (docs/architecture.md).

use super::cell::Cell;
use super::moves::{Action, Move};
use super::party::{ByParty, Party};
use super::piece::{Piece, PieceKind};
use super::position::Position;
use super::rules::{has_legal_move, legal_moves};
use super::ruleset::Ruleset;
use super::setup::{Placed, Setup, Tray};
use super::start::StartArmy;

use crate::rng::Rng;

/// Per mille of actions that are timeouts.
pub const TIMEOUT_PER_MILLE: u64 = 40;

/// Turns one random choice into an action of the party to move: mostly a
/// legal move (with elapsed seconds when clocks run, sometimes exactly
/// the time left), sometimes a timeout. `None` when the game is over.
pub fn action_from_choice(position: &Position, rules: &Ruleset, choice: u64) -> Option<Action> {
    position.to_move()?;
    action_from_moves(position, &legal_moves(position, rules), choice)
}

/// [`action_from_choice`] with `moves`, the legal moves of `position`
/// (computed once per position and shared).
pub fn action_from_moves(position: &Position, moves: &[Move], choice: u64) -> Option<Action> {
    let party = position.to_move()?;
    if choice % 1000 < TIMEOUT_PER_MILLE {
        return Some(Action::Timeout);
    }
    if moves.is_empty() {
        return Some(Action::Timeout);
    }
    let rest = choice / 1000;
    let mv = moves[(rest % moves.len() as u64) as usize];
    let elapsed = position.clocks().map(|clocks| {
        let limit = clocks[party].min(60);
        let pick = (rest / moves.len() as u64) % 64;
        if pick >= 62 {
            limit
        } else {
            (pick as u32).min(limit)
        }
    });
    Some(Action::Move { mv, elapsed })
}

/// A random refused-or-not move for the "illegal-action-changes-nothing"
/// check: any from-to pair.
pub fn random_pair(choice: u64) -> Move {
    let from = Cell::from_index((choice % 253) as usize);
    let to = Cell::from_index(((choice / 253) % 253) as usize);
    Move::new(from, to)
}

/// A random valid position: two to six active parties with a king and up
/// to eight other pieces each, dead blockers of the eliminated parties,
/// trays, sometimes clocks (some under 60 s), sometimes unmoved pawns on
/// their start cells. Retries until the party to move can move.
pub fn random_position(rng: &mut Rng, rules: &Ruleset) -> Position {
    loop {
        if let Some(position) = try_random_position(rng, rules) {
            return position;
        }
    }
}

fn try_random_position(rng: &mut Rng, rules: &Ruleset) -> Option<Position> {
    let mut setup = Setup::default();
    let mut occupied = [false; 253];
    let free_cell = |rng: &mut Rng, occupied: &mut [bool; 253]| loop {
        let index = rng.below(253) as usize;
        if !occupied[index] {
            occupied[index] = true;
            return Cell::from_index(index);
        }
    };
    let mut active: Vec<Party> = Party::ALL.into_iter().filter(|_| rng.chance(75)).collect();
    if active.len() < 2 {
        active = vec![Party::Blau, Party::Lila];
    }
    let kinds = [
        PieceKind::Queen,
        PieceKind::Rook,
        PieceKind::Bishop,
        PieceKind::Knight,
        PieceKind::Pawn,
        PieceKind::Pawn,
    ];
    for party in Party::ALL {
        let alive = active.contains(&party);
        if alive {
            setup.pieces.push(Placed {
                cell: free_cell(rng, &mut occupied),
                piece: Piece::new(party, PieceKind::King),
            });
        } else {
            setup.eliminated.push(party);
        }
        for _ in 0..rng.below(9) {
            let kind = kinds[rng.below(kinds.len() as u64) as usize];
            let placed = Placed {
                cell: free_cell(rng, &mut occupied),
                piece: Piece::new(party, kind),
            };
            if alive {
                setup.pieces.push(placed);
            } else {
                setup.dead_blockers.push(placed);
            }
        }
        if alive && rng.chance(30) {
            // An unmoved pawn on one of its Anhang A start cells, if free.
            let starts = StartArmy::of(party).pawns;
            let number = starts[rng.below(starts.len() as u64) as usize];
            let cell = Cell::from_index(number as usize - 1);
            if !occupied[cell.index()] {
                occupied[cell.index()] = true;
                setup.pieces.push(Placed {
                    cell,
                    piece: Piece::new(party, PieceKind::Pawn),
                });
                setup.unmoved_pawns.push(cell);
            }
        }
        setup.trays[party] = (0..rng.below(3))
            .map(|_| kinds[rng.below(4) as usize])
            .collect::<Tray>();
    }
    if rng.chance(30) {
        setup.clocks = Some(ByParty::from_fn(|_| 1 + rng.below(200) as u32));
    }
    setup.to_move = Some(active[rng.below(active.len() as u64) as usize]);
    let position = Position::from_setup(&setup).ok()?;
    let party = position.to_move()?;
    has_legal_move(&position, party, rules).then_some(position)
}
