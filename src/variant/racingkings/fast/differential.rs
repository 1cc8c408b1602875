//! The differential check between Racing Kings' fast path and its
//! reference rule code: for one position both must give the same legal
//! moves (compared as sets: the fast path lists them king first, then by
//! kind, the reference square by square; neither lists one twice), the
//! same bulk count, the same race (clause rk.5) and status (rk.6.1), and
//! for every legal move the same position after it (placement, side to
//! move, both clocks).
//!
//! [`random_positions`] walks seeded random games for it: even seeds from
//! the start position, odd seeds from a random legal set-up (random
//! pieces, kings often near or on the goal rank, random side and clocks,
//! kept only when the reference's FEN reader accepts it) for a fifth of
//! the plies, so that many set-ups are seen; each game plays random legal
//! moves of the reference.

use crate::rng::Rng;
use crate::variant::chess::{sorted_texts, ChessPosition, Move};
use crate::variant::Rules;

use super::super::position::Position;
use super::super::{end, goal, RacingKings};
use super::{Board, FastRules};

/// What one comparison looked at.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Compared {
    /// Positions compared.
    pub positions: u64,
    /// Moves whose resulting positions were compared.
    pub moves: u64,
    /// Positions the fast path does not take (a king in check): compared
    /// with nothing, as both paths are then the reference.
    pub reference_only: u64,
    /// Positions where the race was decided or Black had its answer
    /// (clause rk.5), among those compared.
    pub goal_reached: u64,
}

/// Compares the two paths on one position; `Err` describes the first
/// difference, with the position's FEN, so it can be replayed.
///
/// # Errors
/// The first difference found.
pub fn compare(position: &Position) -> Result<Compared, String> {
    let at = || format!("in {}", position.to_fen());
    let Ok(board) = Board::from_position(position) else {
        return Ok(Compared {
            reference_only: 1,
            ..Compared::default()
        });
    };
    let fast = FastRules::new();
    let race = goal::race(position);
    if fast.race(&board) != race {
        return Err(format!(
            "the race differs {}: fast {:?}, reference {race:?}",
            at(),
            fast.race(&board)
        ));
    }
    let status = end::status(position);
    if fast.status(&board) != status {
        return Err(format!(
            "the status differs {}: fast {:?}, reference {status:?}",
            at(),
            fast.status(&board)
        ));
    }
    let mut expected = Vec::new();
    RacingKings::default().legal_moves(position, &mut expected);
    let mut actual = Vec::new();
    fast.legal_moves(&board, &mut actual);
    let (expected_texts, actual_texts) = (sorted_texts(expected.clone()), sorted_texts(actual));
    if actual_texts != expected_texts {
        return Err(format!(
            "legal moves differ {}: {}",
            at(),
            crate::variant::walk::list_difference(&expected_texts, &actual_texts)
        ));
    }
    if actual_texts.windows(2).any(|pair| pair[0] == pair[1]) {
        return Err(format!("the fast path lists a move twice {}", at()));
    }
    if fast.count_moves(&board, &mut Vec::new()) != expected.len() as u64 {
        return Err(format!("the bulk count differs from the list {}", at()));
    }
    for &mv in &expected {
        let reference = RacingKings::default().after(position, mv);
        let played = fast.after(&board, mv);
        match Board::from_position(&reference) {
            Ok(read) if read == played => {}
            Ok(read) => {
                return Err(format!(
                    "after {mv} {}: the fast path gives {}, the reference {}",
                    at(),
                    played.picture(),
                    read.picture()
                ))
            }
            Err(outside) => {
                return Err(format!(
                "after {mv} {}: the reference's position {} is outside the fast path ({outside:?})",
                at(),
                reference.to_fen()
            ))
            }
        }
    }
    let goal_reached = !matches!(race, goal::Race::Open);
    Ok(Compared {
        positions: 1,
        moves: expected.len() as u64,
        reference_only: 0,
        goal_reached: u64::from(goal_reached),
    })
}

/// Runs [`compare`] on the positions of seeded random games, seed after
/// seed from `first_seed`, until `positions` positions were compared;
/// each game plays at most `plies` moves. `progress` is called after
/// every game with the running totals.
///
/// # Errors
/// The first difference, with the seed and ply that found it.
pub fn random_positions(
    first_seed: u64,
    positions: u64,
    plies: usize,
    mut progress: impl FnMut(&Compared),
) -> Result<Compared, String> {
    let mut total = Compared::default();
    let mut seed = first_seed;
    let mut moves = Vec::new();
    while total.positions < positions {
        let mut rng = Rng::new(seed);
        let (mut position, length) = if seed % 2 == 1 {
            (random_setup(&mut rng), plies.div_ceil(5))
        } else {
            (Position::start(), plies)
        };
        for ply in 0..length {
            let compared =
                compare(&position).map_err(|error| format!("seed {seed}, ply {ply}: {error}"))?;
            total.positions += compared.positions;
            total.moves += compared.moves;
            total.reference_only += compared.reference_only;
            total.goal_reached += compared.goal_reached;
            moves.clear();
            RacingKings::default().legal_moves(&position, &mut moves);
            if moves.is_empty() || total.positions >= positions {
                break;
            }
            let mv: Move = moves[rng.below(moves.len() as u64) as usize];
            position = RacingKings::default().after(&position, mv);
        }
        progress(&total);
        seed += 1;
    }
    Ok(total)
}

/// A random legal set-up: both kings (each on rank 6, 7 or 8 half the
/// time), each other piece of the start position with probability 1/2
/// on a random empty square, a random side to move and random clocks;
/// drawn again until the reference's FEN reader accepts it (no king in
/// check, clause rk.4).
pub fn random_setup(rng: &mut Rng) -> Position {
    loop {
        let mut squares = [None; 64];
        for king in ['K', 'k'] {
            let rank = if rng.below(2) == 0 {
                5 + rng.below(3)
            } else {
                rng.below(8)
            };
            let at = (rank * 8 + rng.below(8)) as usize;
            if squares[at].is_none() {
                squares[at] = Some(king);
            }
        }
        for letter in "QRRBBNNqrrbbnn".chars() {
            if rng.below(2) == 0 {
                let at = rng.below(64) as usize;
                if squares[at].is_none() {
                    squares[at] = Some(letter);
                }
            }
        }
        let side = if rng.below(2) == 0 { 'w' } else { 'b' };
        let fen = format!(
            "{} {side} - - {} {}",
            placement(&squares),
            rng.below(100),
            1 + rng.below(80)
        );
        if let Ok(position) = Position::from_fen(&fen) {
            return position;
        }
    }
}

/// The FEN placement field of 64 squares (a1 first).
fn placement(squares: &[Option<char>; 64]) -> String {
    let mut text = String::new();
    for rank in (0..8).rev() {
        let mut empty = 0;
        for file in 0..8 {
            match squares[rank * 8 + file] {
                Some(letter) => {
                    if empty > 0 {
                        text.push_str(&empty.to_string());
                        empty = 0;
                    }
                    text.push(letter);
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            text.push_str(&empty.to_string());
        }
        if rank > 0 {
            text.push('/');
        }
    }
    text
}
