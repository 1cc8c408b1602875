//! Sovereign Chess's side of the one differential harness
//! ([`crate::variant::fast_differential`]): the legal moves are compared
//! as sets (the fast path lists them army by army, the reference square
//! by square), and besides the generic checks both paths must give the
//! same holders of the twelve colours before and after every move, the
//! same position after it (placement, side, king colours, castling rooks,
//! frozen colours, clocks), and the board read back from the reference's
//! position must be the one the fast path kept.
//!
//! Random games ([`Adapter::random_game`]), each under a random ruleset
//! ([`random_rules`]: every alternative of the register with probability
//! 1/3): even seeds from the start position, odd seeds from a random
//! set-up ([`random_setup`]: both kings, pieces of every colour crowded
//! round the coloured squares and the promotion zone, castling rooks), so
//! that control chains, defections, regime changes and promotions are
//! common.

use crate::rng::Rng;
use crate::variant::fast_differential::{
    Compared, Differs, FastDifferential, Here, MoveOrder, RandomGame,
};

use super::super::control::holders;
use super::super::geometry::{Colour, Square};
use super::super::moves::Move;
use super::super::position::{Piece, Player, Position, Role, START_FEN};
use super::super::rules::in_check;
use super::super::ruleset::Ruleset;
use super::super::Sovereign;
use super::{Board, FastRules};

/// What the tally counts: positions with a defection among the legal
/// moves.
pub const DEFECTIONS: &str = "defections";
/// Positions with a promotion among the legal moves.
pub const PROMOTIONS: &str = "promotions";
/// Positions with castling among the legal moves.
pub const CASTLINGS: &str = "castlings";
/// Positions where a colour other than the kings' is held.
pub const CHAINS: &str = "chains";

/// Sovereign Chess's adapter to [`crate::variant::fast_differential`].
#[derive(Clone, Copy, Debug, Default)]
pub struct Adapter;

fn holder_bytes(position: &Position, rules: &Ruleset) -> [u8; 12] {
    holders(position, rules).map(|holder| holder.map_or(super::board::NEUTRAL, |p| p.index() as u8))
}

impl FastDifferential for Adapter {
    type Position = Position;
    type Ruleset = Ruleset;
    type Reference = Sovereign;
    type Fast = FastRules;
    const ORDER: MoveOrder = MoveOrder::AsSets;

    fn reference(&self, rules: &Ruleset) -> Sovereign {
        Sovereign::new(*rules)
    }

    fn fast(&self, position: &Position, rules: &Ruleset) -> Option<(FastRules, Board)> {
        let fast = FastRules::new(rules)?;
        let board = fast.board(position).ok()?;
        Some((fast, board))
    }

    fn describe(&self, position: &Position, rules: &Ruleset) -> String {
        format!("in {} under [{}]", position.to_fen(), rules)
    }

    fn check_position(&self, here: &Here<'_, Self>) -> Result<(), Differs> {
        if here.board.held != holder_bytes(here.position, here.rules) {
            return Err(Differs("the holders differ".to_string()));
        }
        Ok(())
    }

    fn check_after(
        &self,
        here: &Here<'_, Self>,
        played: &Board,
        expected: &Position,
    ) -> Result<(), Differs> {
        let (fast, rules) = (here.fast, here.rules);
        if played.to_position() != *expected {
            return Err(Differs(format!(
                "the fast path gives {}, the reference {}",
                played.to_position().to_fen(),
                expected.to_fen()
            )));
        }
        if played.held != holder_bytes(expected, rules) {
            return Err(Differs("the holders differ".to_string()));
        }
        let read = fast.board(expected);
        if read.as_ref().ok() != Some(played) {
            return Err(Differs(format!(
                "the board read back differs ({:?})",
                read.err()
            )));
        }
        Ok(())
    }

    fn situations(&self, here: &Here<'_, Self>, moves: &[Move], seen: &mut Compared) {
        let any = |f: fn(&Move) -> bool| moves.iter().any(f);
        seen.count(DEFECTIONS, any(|mv| matches!(mv, Move::Defect { .. })));
        seen.count(
            PROMOTIONS,
            any(|mv| {
                matches!(
                    mv,
                    Move::Step {
                        promotion: Some(_),
                        ..
                    }
                )
            }),
        );
        seen.count(CASTLINGS, any(|mv| matches!(mv, Move::Castle { .. })));
        let held = here
            .board
            .held
            .iter()
            .filter(|&&h| h != super::board::NEUTRAL)
            .count();
        seen.count(CHAINS, held > 2);
    }

    fn random_game(&self, seed: u64, plies: usize) -> Option<RandomGame<Self>> {
        let mut rng = Rng::new(seed);
        let rules = random_rules(&mut rng);
        let position = if seed % 2 == 0 {
            Position::from_fen(START_FEN).unwrap_or_else(|e| panic!("{e:?}"))
        } else {
            random_setup(&mut rng)
        };
        Some(RandomGame::new(rng, rules, position, plies))
    }
}

/// A random ruleset: every alternative of the register applied with
/// probability 1/3 (a later one of the same ruling wins).
pub fn random_rules(rng: &mut Rng) -> Ruleset {
    let mut rules = Ruleset::default();
    for setting in Ruleset::all_alternatives() {
        if rng.below(3) == 0 {
            rules
                .set(&setting)
                .unwrap_or_else(|error| panic!("{setting}: {error}"));
        }
    }
    rules
}

/// A random set-up: player 1's king on rank 1-4 and player 2's on rank
/// 13-16 (random distinct king colours, a third of the time standing on
/// a coloured square), 10-40 other pieces of random colour and role, half
/// of them in the central 8 x 8 where the coloured squares and the zone
/// are, random castling rooks, side to move, clock and frozen colours;
/// drawn again while the waiting player's king is attacked (under the
/// default rulings; the fast path refuses such a position).
pub fn random_setup(rng: &mut Rng) -> Position {
    loop {
        let position = random_placement(rng);
        let rules = Ruleset::default();
        let held = holders(&position, &rules);
        if !in_check(&position, &rules, &held, position.to_move.other()) {
            return position;
        }
    }
}

/// One draw of [`random_setup`], the waiting king perhaps attacked.
fn random_placement(rng: &mut Rng) -> Position {
    let mut position = Position::from_fen(START_FEN).unwrap_or_else(|e| panic!("{e:?}"));
    position.board = [None; 256];
    let colour = |rng: &mut Rng| Colour::ALL[rng.below(12) as usize];
    let one = colour(rng);
    let mut two = colour(rng);
    while two == one {
        two = colour(rng);
    }
    position.kings = [one, two];
    for (player, king_colour) in [(0, one), (1, two)] {
        let square = if rng.below(3) == 0 {
            let others: Vec<Square> = Colour::ALL
                .iter()
                .filter(|c| **c != king_colour)
                .flat_map(|c| c.squares())
                .collect();
            others[rng.below(others.len() as u64) as usize]
        } else {
            let rank = if player == 0 {
                rng.below(4)
            } else {
                12 + rng.below(4)
            };
            Square((rank * 16 + rng.below(16)) as u8)
        };
        if position.at(square).is_some() {
            continue;
        }
        position.put(
            square,
            Some(Piece {
                colour: king_colour,
                role: Role::King,
            }),
        );
    }
    let roles = [
        Role::Queen,
        Role::Rook,
        Role::Bishop,
        Role::Knight,
        Role::Pawn,
        Role::Pawn,
    ];
    for _ in 0..10 + rng.below(31) {
        let square = if rng.below(2) == 0 {
            Square(((4 + rng.below(8)) * 16 + 4 + rng.below(8)) as u8)
        } else {
            Square(rng.below(256) as u8)
        };
        if position.at(square).is_some() {
            continue;
        }
        let mut piece_colour = colour(rng);
        if rng.below(3) == 0 {
            piece_colour = position.kings[rng.below(2) as usize];
        }
        position.put(
            square,
            Some(Piece {
                colour: piece_colour,
                role: roles[rng.below(roles.len() as u64) as usize],
            }),
        );
    }
    position.castling = (rng.next_u64() as u32) & (rng.next_u64() as u32);
    position.to_move = Player::ALL[rng.below(2) as usize];
    position.halfmove = rng.below(100) as u32;
    position.fullmove = Some(1 + rng.below(80) as u32);
    if rng.below(4) == 0 {
        position.frozen = (rng.next_u64() as u16) & (rng.next_u64() as u16) & 0x0fff;
    }
    position
}
