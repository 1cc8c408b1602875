//! The differential check between Sovereign's fast path and its
//! reference rule code: for one position under one ruleset both must
//! give the same legal moves (compared as sets: the fast path lists them
//! army by army, the reference square by square), the same bulk count,
//! and for every legal move the same position after it (placement, side,
//! king colours, castling rooks, frozen colours, clocks) with the same
//! holders of the twelve colours.
//!
//! [`random_positions`] walks seeded random games for it, each under a
//! random ruleset (every alternative of the register with probability
//! 1/3): even seeds from the start position, odd seeds from a random
//! set-up ([`random_setup`]: both kings, pieces of every colour crowded
//! round the coloured squares and the promotion zone, castling rooks),
//! so that control chains, defections, regime changes and promotions are
//! common.

use crate::rng::Rng;
use crate::variant::Rules;

use super::super::control::holders;
use super::super::geometry::{Colour, Square};
use super::super::moves::Move;
use super::super::position::{Piece, Player, Position, Role, START_FEN};
use super::super::rules::in_check;
use super::super::ruleset::Ruleset;
use super::super::Sovereign;
use super::{Board, FastRules};

/// What the comparisons looked at.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Compared {
    /// Positions compared.
    pub positions: u64,
    /// Moves whose resulting positions were compared.
    pub moves: u64,
    /// Positions the fast path does not take (compared with nothing: both
    /// paths are then the reference).
    pub reference_only: u64,
    /// Positions with a defection among the legal moves.
    pub defections: u64,
    /// Positions with a promotion among the legal moves.
    pub promotions: u64,
    /// Positions with castling among the legal moves.
    pub castlings: u64,
    /// Positions where a colour other than the kings' is held.
    pub chains: u64,
}

impl Compared {
    fn add(&mut self, other: Compared) {
        self.positions += other.positions;
        self.moves += other.moves;
        self.reference_only += other.reference_only;
        self.defections += other.defections;
        self.promotions += other.promotions;
        self.castlings += other.castlings;
        self.chains += other.chains;
    }
}

fn sorted_texts(moves: &[Move]) -> Vec<String> {
    let mut texts: Vec<String> = moves.iter().map(Move::to_string).collect();
    texts.sort();
    texts
}

fn holder_bytes(position: &Position, rules: &Ruleset) -> [u8; 12] {
    holders(position, rules).map(|holder| holder.map_or(super::board::NEUTRAL, |p| p.index() as u8))
}

/// Compares the two paths on `position` under `rules`; `Err` describes
/// the first difference, with the FEN and the rulings, to replay it.
///
/// # Errors
/// The first difference found.
pub fn compare(position: &Position, rules: &Ruleset) -> Result<Compared, String> {
    compare_with(position, rules, |_, _, _| {})
}

/// [`compare`] with `sabotage` applied to the fast path's board after
/// every move (the tests break the fast path with it on purpose).
///
/// # Errors
/// The first difference found.
pub fn compare_with(
    position: &Position,
    rules: &Ruleset,
    sabotage: impl Fn(&Board, Move, &mut Board),
) -> Result<Compared, String> {
    let at = || format!("in {} under [{}]", position.to_fen(), rules);
    let Some(fast) = FastRules::new(rules) else {
        return Ok(Compared {
            reference_only: 1,
            ..Compared::default()
        });
    };
    let Ok(board) = fast.board(position) else {
        return Ok(Compared {
            reference_only: 1,
            ..Compared::default()
        });
    };
    if board.held != holder_bytes(position, rules) {
        return Err(format!("the holders differ {}", at()));
    }
    let reference = Sovereign::new(*rules);
    let mut expected = Vec::new();
    reference.legal_moves(position, &mut expected);
    let mut actual = Vec::new();
    fast.legal_moves(&board, &mut actual);
    let (expected_texts, actual_texts) = (sorted_texts(&expected), sorted_texts(&actual));
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
        let after = reference.after(position, mv);
        let mut played = fast.after(&board, mv);
        sabotage(&board, mv, &mut played);
        if played.to_position() != after {
            return Err(format!(
                "after {mv} {}: the fast path gives {}, the reference {}",
                at(),
                played.to_position().to_fen(),
                after.to_fen()
            ));
        }
        if played.held != holder_bytes(&after, rules) {
            return Err(format!("after {mv} {}: the holders differ", at()));
        }
        let read = fast.board(&after);
        if read.as_ref().ok() != Some(&played) {
            return Err(format!(
                "after {mv} {}: the board read back differs ({:?})",
                at(),
                read.err()
            ));
        }
    }
    let any = |f: fn(&Move) -> bool| u64::from(expected.iter().any(f));
    Ok(Compared {
        positions: 1,
        moves: expected.len() as u64,
        reference_only: 0,
        defections: any(|mv| matches!(mv, Move::Defect { .. })),
        promotions: any(|mv| {
            matches!(
                mv,
                Move::Step {
                    promotion: Some(_),
                    ..
                }
            )
        }),
        castlings: any(|mv| matches!(mv, Move::Castle { .. })),
        chains: u64::from(
            board
                .held
                .iter()
                .filter(|&&h| h != super::board::NEUTRAL)
                .count()
                > 2,
        ),
    })
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

/// Runs [`compare`] on the positions of seeded random games, seed after
/// seed from `first_seed`, until `positions` positions were compared;
/// each game, under its own [`random_rules`], plays at most `plies`
/// random legal moves of the reference. `progress` is called after every
/// game with the running totals.
///
/// # Errors
/// The first difference, with the seed and ply that found it.
pub fn random_positions(
    first_seed: u64,
    positions: u64,
    plies: usize,
    progress: impl FnMut(&Compared),
) -> Result<Compared, String> {
    random_positions_with(first_seed, positions, plies, |_, _, _| {}, progress)
}

/// [`random_positions`] with `sabotage` applied to the fast path's board
/// after every move ([`compare_with`]).
///
/// # Errors
/// The first difference, with the seed and ply that found it.
pub fn random_positions_with(
    first_seed: u64,
    positions: u64,
    plies: usize,
    sabotage: impl Fn(&Board, Move, &mut Board),
    mut progress: impl FnMut(&Compared),
) -> Result<Compared, String> {
    let mut total = Compared::default();
    let mut seed = first_seed;
    while total.positions < positions {
        let mut rng = Rng::new(seed);
        let rules = random_rules(&mut rng);
        let mut position = if seed % 2 == 0 {
            Position::from_fen(START_FEN).unwrap_or_else(|e| panic!("{e:?}"))
        } else {
            random_setup(&mut rng)
        };
        let reference = Sovereign::new(rules);
        let mut moves = Vec::new();
        for ply in 0..plies {
            let compared = compare_with(&position, &rules, &sabotage)
                .map_err(|error| format!("seed {seed}, ply {ply}: {error}"))?;
            total.add(compared);
            moves.clear();
            reference.legal_moves(&position, &mut moves);
            if moves.is_empty() || total.positions >= positions {
                break;
            }
            let mv = moves[rng.below(moves.len() as u64) as usize];
            position = reference.after(&position, mv);
        }
        progress(&total);
        seed += 1;
    }
    Ok(total)
}
