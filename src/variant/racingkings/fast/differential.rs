//! Racing Kings' side of the one differential harness
//! ([`crate::variant::fast_differential`]): the legal moves are compared
//! as sets (the fast path lists them king first, then by kind, the
//! reference square by square), and besides the generic checks both
//! paths must give the same race (clause rk.5) and status (rk.6.1), and
//! for every legal move the same position after it (placement, side to
//! move, both clocks). A position with a king in check is one the fast
//! path does not take.
//!
//! Random games ([`Adapter::random_game`]): even seeds from the start
//! position, odd seeds from a random legal set-up ([`random_setup`]:
//! random pieces, kings often near or on the goal rank, random side and
//! clocks, kept only when the reference's FEN reader accepts it) for a
//! fifth of the plies, so that many set-ups are seen; each game plays
//! random legal moves of the reference.

use crate::rng::Rng;
use crate::variant::chess::ChessPosition;
use crate::variant::fast_differential::{
    Compared, Differs, FastDifferential, Here, MoveOrder, RandomGame,
};

use super::super::position::Position;
use super::super::{end, goal, RacingKings};
use super::{Board, FastRules};

/// What the tally counts: positions where the race was decided or Black
/// had its answer (clause rk.5).
pub const GOAL_REACHED: &str = "goal reached";

/// Racing Kings' adapter to [`crate::variant::fast_differential`] (no
/// ruling is switchable: the ruleset is `()`).
#[derive(Clone, Copy, Debug, Default)]
pub struct Adapter;

impl FastDifferential for Adapter {
    type Position = Position;
    type Ruleset = ();
    type Reference = RacingKings;
    type Fast = FastRules;
    const ORDER: MoveOrder = MoveOrder::AsSets;

    fn reference(&self, _rules: &()) -> RacingKings {
        RacingKings::default()
    }

    fn fast(&self, position: &Position, _rules: &()) -> Option<(FastRules, Board)> {
        let board = Board::from_position(position).ok()?;
        Some((FastRules::new(), board))
    }

    fn describe(&self, position: &Position, _rules: &()) -> String {
        format!("in {}", position.to_fen())
    }

    fn check_position(&self, here: &Here<'_, Self>) -> Result<(), Differs> {
        let (fast, board, position) = (here.fast, here.board, here.position);
        let race = goal::race(position, &RacingKings::default());
        if fast.race(board) != race {
            return Err(Differs(format!(
                "the race differs: fast {:?}, reference {race:?}",
                fast.race(board)
            )));
        }
        let status = end::status(position, &RacingKings::default());
        if fast.status(board) != status {
            return Err(Differs(format!(
                "the status differs: fast {:?}, reference {status:?}",
                fast.status(board)
            )));
        }
        Ok(())
    }

    fn check_after(
        &self,
        _: &Here<'_, Self>,
        played: &Board,
        expected: &Position,
    ) -> Result<(), Differs> {
        match Board::from_position(expected) {
            Ok(read) if read == *played => Ok(()),
            Ok(read) => Err(Differs(format!(
                "the fast path gives {}, the reference {}",
                played.picture(),
                read.picture()
            ))),
            Err(outside) => Err(Differs(format!(
                "the reference's position {} is outside the fast path ({outside:?})",
                expected.to_fen()
            ))),
        }
    }

    fn situations(
        &self,
        here: &Here<'_, Self>,
        _moves: &[crate::variant::chess::Move],
        seen: &mut Compared,
    ) {
        seen.count(
            GOAL_REACHED,
            !matches!(
                goal::race(here.position, &RacingKings::default()),
                goal::Race::Open
            ),
        );
    }

    fn random_game(&self, seed: u64, plies: usize) -> Option<RandomGame<Self>> {
        let mut rng = Rng::new(seed);
        let (position, plies) = if seed % 2 == 1 {
            (random_setup(&mut rng), plies.div_ceil(5))
        } else {
            (Position::start(), plies)
        };
        Some(RandomGame::new(rng, (), position, plies))
    }
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
