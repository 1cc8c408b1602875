//! Random games for property testing: seeded generators of start positions
//! and action sequences, a driver that checks every invariant after every
//! action, shrinking of a failing game, and a scenario file that
//! reproduces it. Used by `regelwerk fuzz` and the proptest suite.

pub mod game;
pub mod invariants;
pub mod rng;

use crate::cell::Cell;
use crate::moves::{Action, Move};
use crate::notation::to_notation;
use crate::party::{ByParty, Party};
use crate::piece::{Piece, PieceKind};
use crate::position::Position;
use crate::rules::{self, check_move, has_legal_move, legal_moves};
use crate::ruleset::Ruleset;
use crate::setup::{Placed, Setup, Tray};
use crate::start::StartArmy;

pub use invariants::{Violation, INVARIANTS};
pub use rng::Rng;

/// How often the expensive checks run.
#[derive(Clone, Copy, Debug)]
pub struct Checks {
    /// Run the exhaustive from-to comparison every this many plies (0 = never).
    pub exhaustive_every: usize,
    /// Run the rotation comparison every this many plies (0 = never).
    pub rotation_every: usize,
}

impl Default for Checks {
    fn default() -> Self {
        Checks {
            exhaustive_every: 25,
            rotation_every: 5,
        }
    }
}

/// Per mille of actions that are timeouts.
pub const TIMEOUT_PER_MILLE: u64 = 40;

/// Turns one random choice into an action of the party to move: mostly a
/// legal move (with elapsed seconds when clocks run, sometimes exactly
/// the time left), sometimes a timeout. `None` when the game is over.
pub fn action_from_choice(position: &Position, rules: &Ruleset, choice: u64) -> Option<Action> {
    let party = position.to_move()?;
    if choice % 1000 < TIMEOUT_PER_MILLE {
        return Some(Action::Timeout);
    }
    let moves = legal_moves(position, rules);
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
fn random_pair(choice: u64) -> Move {
    let from = Cell::from_index((choice % 253) as usize);
    let to = Cell::from_index(((choice / 253) % 253) as usize);
    Move::new(from, to)
}

/// A failing game: the start, the actions up to and including the one
/// after which an invariant broke, and the violation.
#[derive(Clone, Debug)]
pub struct Failure {
    /// The start position.
    pub start: Position,
    /// The actions played.
    pub actions: Vec<Action>,
    /// What broke.
    pub violation: Violation,
}

/// The figures of a game that kept every invariant.
#[derive(Clone, Debug, Default)]
pub struct Played {
    /// Actions applied.
    pub plies: usize,
    /// Whether the game ended with a winner.
    pub finished: bool,
}

/// Plays one game from `start`, one action per choice, checking every
/// invariant after every action.
///
/// # Errors
/// The [`Failure`] at the first broken invariant.
pub fn play_checked(
    start: &Position,
    choices: &[u64],
    rules: &Ruleset,
    checks: Checks,
) -> Result<Played, Box<Failure>> {
    let mut position = start.clone();
    let mut actions = Vec::new();
    let fail = |actions: &Vec<Action>, violation: Violation| {
        Box::new(Failure {
            start: start.clone(),
            actions: actions.clone(),
            violation,
        })
    };
    invariants::check_position(&position, rules).map_err(|v| fail(&actions, v))?;
    for (ply, &choice) in choices.iter().enumerate() {
        let Some(action) = action_from_choice(&position, rules, choice) else {
            return Ok(Played {
                plies: ply,
                finished: true,
            });
        };
        // A random from-to pair: if refused, nothing may change.
        let probe = random_pair(choice.rotate_left(17));
        if check_move(&position, probe, rules).is_err() {
            let mut copy = position.clone();
            let result = rules::apply(&mut copy, Action::play(probe), rules);
            if result.is_ok() {
                return Err(fail(
                    &actions,
                    Violation {
                        invariant: "legal-moves-match-check-move",
                        detail: format!("{probe} is refused by check_move but applies"),
                    },
                ));
            }
            invariants::check_transition(&position, Action::play(probe), &result, &copy)
                .map_err(|v| fail(&actions, v))?;
        }
        let before = position.clone();
        let result = rules::apply(&mut position, action, rules);
        actions.push(action);
        if let Err(illegal) = &result {
            return Err(fail(
                &actions,
                Violation {
                    invariant: "legal-moves-match-check-move",
                    detail: format!("{action} came from legal_moves but is refused: {illegal}"),
                },
            ));
        }
        invariants::check_transition(&before, action, &result, &position)
            .map_err(|v| fail(&actions, v))?;
        invariants::check_position(&position, rules).map_err(|v| fail(&actions, v))?;
        if checks.exhaustive_every > 0 && ply % checks.exhaustive_every == 0 {
            invariants::check_exhaustive(&position, rules).map_err(|v| fail(&actions, v))?;
        }
        if checks.rotation_every > 0 && ply % checks.rotation_every == 0 {
            invariants::check_rotation(&position, rules).map_err(|v| fail(&actions, v))?;
        }
    }
    Ok(Played {
        plies: choices.len(),
        finished: position.to_move().is_none(),
    })
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

/// Shrinks a failing game: the shortest prefix that still fails, then
/// greedily drops single actions while the same invariant still breaks
/// (actions that become illegal end the attempt).
pub fn shrink(failure: &Failure, rules: &Ruleset) -> Failure {
    let mut best = failure.clone();
    let mut index = 0;
    while index < best.actions.len() {
        let mut candidate = best.actions.clone();
        candidate.remove(index);
        match replay_failure(&best.start, &candidate, rules) {
            Some(violation) if violation.invariant == best.violation.invariant => {
                best = Failure {
                    start: best.start.clone(),
                    actions: candidate,
                    violation,
                };
            }
            _ => index += 1,
        }
    }
    best
}

/// Replays fixed actions and returns the first violation, if any; stops
/// (with `None`) at an action the engine refuses.
pub fn replay_failure(start: &Position, actions: &[Action], rules: &Ruleset) -> Option<Violation> {
    let mut position = start.clone();
    let checks = Checks {
        exhaustive_every: 1,
        rotation_every: 1,
    };
    for (ply, &action) in actions.iter().enumerate() {
        let before = position.clone();
        let result = rules::apply(&mut position, action, rules);
        result.as_ref().ok()?;
        if let Err(v) = invariants::check_transition(&before, action, &result, &position)
            .and_then(|()| invariants::check_position(&position, rules))
            .and_then(|()| {
                if ply % checks.exhaustive_every == 0 {
                    invariants::check_exhaustive(&position, rules)
                } else {
                    Ok(())
                }
            })
            .and_then(|()| invariants::check_rotation(&position, rules))
        {
            return Some(v);
        }
    }
    None
}

/// A scenario file (the `scenarios/` format) that replays a failing game:
/// the start as notation, each action with what the reference engine
/// gives, and the broken invariant in the description.
pub fn failure_scenario(failure: &Failure, id: &str, rules: &Ruleset) -> String {
    let mut text = String::new();
    text.push_str(&format!(
        "# Written by `regelwerk fuzz`: invariant {}.\n",
        failure.violation.invariant
    ));
    text.push_str(&format!(
        "# {}\n",
        failure.violation.detail.replace('\n', " ")
    ));
    text.push_str(&format!("id: {id}\n"));
    text.push_str("clauses: [m.5]\n");
    let settings = rules.non_default_settings();
    if !settings.is_empty() {
        text.push_str(&format!("ruleset: [{}]\n", settings.join(", ")));
    }
    text.push_str(&format!(
        "description: \"fuzz: {} broken after {} actions\"\n",
        failure.violation.invariant,
        failure.actions.len()
    ));
    text.push_str(&format!(
        "position:\n  notation: \"{}\"\nsteps:\n",
        to_notation(&failure.start)
    ));
    let mut position = failure.start.clone();
    for action in &failure.actions {
        let (play, elapsed) = match action {
            Action::Move { mv, elapsed } => (mv.text(!position.is_empty(mv.to)), *elapsed),
            Action::Timeout => ("timeout".to_string(), None),
        };
        text.push_str(&format!("  - play: \"{play}\"\n"));
        if let Some(seconds) = elapsed {
            text.push_str(&format!("    elapsed: {seconds}\n"));
        }
        match rules::apply(&mut position, *action, rules) {
            Ok(outcome) => {
                let next = outcome
                    .next
                    .map_or("null".to_string(), |p| p.key().to_string());
                text.push_str(&format!("    expect: {{result: legal, next: {next}}}\n"));
            }
            Err(illegal) => text.push_str(&format!("    expect: {{result: {}}}\n", illegal.code())),
        }
    }
    text.push_str(&format!(
        "  - state:\n      notation: \"{}\"\n",
        to_notation(&position)
    ));
    text
}
