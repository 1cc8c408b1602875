//! MONARCHIE's side of the one differential harness
//! ([`crate::variant::fast_differential`]): the fast path must give the
//! reference's legal moves in the reference's order, the same checks and
//! the same "can move" answer for every party, the same position after
//! every legal move, and keep the kings in check for the next mover as a
//! fresh board finds them. Random games ([`Adapter::random_game`]): odd
//! seeds start from random positions (dead blockers, trays, clocks,
//! unmoved pawns), even seeds from the start position (timed on every
//! fourth seed), each game under a random ruleset drawn from every ruling
//! alternative, with timeouts and seconds used, so that eliminations,
//! flag falls, check anchors and owed turns occur.

use crate::rng::Rng;
use crate::variant::fast_differential::{
    Compared, Differs, FastDifferential, Here, MoveOrder, RandomGame,
};
use crate::variant::monarchie::moves::Action;
use crate::variant::monarchie::notation::to_notation;
use crate::variant::monarchie::party::Party;
use crate::variant::monarchie::position::Position;
use crate::variant::monarchie::random::{action_from_choice, random_position};
use crate::variant::monarchie::rules;
use crate::variant::monarchie::ruleset::{
    BishopBlocking, CheckOrder, DiagonalAtNotch, ForfeitInCheck, KingOnDeadBlocker, KingStep,
    KnightPath, NoMoveJudgement, OutrankedClaim, PawnStartMoves, PawnStartSides, PromotionChoice,
    PromotionZone, RookLines, Ruleset, UnmovedPawnAttack,
};
use crate::variant::Rules;

use super::{Board, FastRules};

/// MONARCHIE's adapter to [`crate::variant::fast_differential`].
#[derive(Clone, Copy, Debug, Default)]
pub struct Adapter;

impl FastDifferential for Adapter {
    type Position = Position;
    type Ruleset = Ruleset;
    type Reference = Ruleset;
    type Fast = FastRules;
    const ORDER: MoveOrder = MoveOrder::Same;

    fn reference(&self, rules: &Ruleset) -> Ruleset {
        *rules
    }

    fn fast(&self, position: &Position, rules: &Ruleset) -> Option<(FastRules, Board)> {
        let fast = FastRules::new(rules)?;
        let mut board = Board::from_position(position);
        // The transition finds the kings in check from what a move changed
        // when it knows them before the move (`fast::checks`): give it that.
        board.checks = Some(fast.all_checks(&board));
        Some((fast, board))
    }

    fn describe(&self, position: &Position, rules: &Ruleset) -> String {
        format!("in {} under {rules}", to_notation(position))
    }

    fn check_position(&self, here: &Here<'_, Self>) -> Result<(), Differs> {
        let (fast, board, position, rules) = (here.fast, here.board, here.position, here.rules);
        if board.to_position() != *position {
            return Err(Differs("the board does not read back".to_string()));
        }
        for party in Party::ALL {
            let reference = rules::in_check(position, party, rules);
            if fast.in_check(board, party) != reference {
                return Err(Differs(format!(
                    "{party} in check: reference says {reference}"
                )));
            }
            let reference = rules::has_legal_move(position, party, rules);
            if fast.has_legal_move(board, party) != reference {
                return Err(Differs(format!(
                    "{party} can move: reference says {reference}"
                )));
            }
        }
        Ok(())
    }

    fn reference_after(
        &self,
        rules: &Ruleset,
        position: &Position,
        mv: crate::variant::monarchie::moves::Move,
        _seen: &mut Compared,
    ) -> Result<Position, Differs> {
        let mut after = position.clone();
        rules::apply(&mut after, Action::play(mv), rules).map_err(|error| error.to_string())?;
        Ok(after)
    }

    fn check_after(
        &self,
        here: &Here<'_, Self>,
        played: &Board,
        expected: &Position,
    ) -> Result<(), Differs> {
        let fast = here.fast;
        let after = played.to_position();
        // The king safety the transition keeps for the next mover must
        // give the count a fresh board gives.
        let fresh = Board::from_position(&after);
        if played
            .checks
            .is_some_and(|kept| kept != fast.all_checks(&fresh))
        {
            return Err(Differs(
                "the kept kings in check differ from the full test".to_string(),
            ));
        }
        let mut scratch = Vec::new();
        if fast.count_moves(played, &mut scratch) != fast.count_moves(&fresh, &mut scratch) {
            return Err(Differs(
                "the kept king safety changes the count".to_string(),
            ));
        }
        if after != *expected {
            return Err(Differs(format!(
                "the fast path gives {}, the reference {}",
                to_notation(&after),
                to_notation(expected)
            )));
        }
        Ok(())
    }

    fn random_game(&self, seed: u64, plies: usize) -> Option<RandomGame<Self>> {
        let mut rng = Rng::new(seed);
        let rules = random_ruleset(&mut rng);
        let position = match seed % 4 {
            1 | 3 => random_position(&mut rng, &rules),
            2 => Position::timed_start(),
            _ => Position::start(),
        };
        Some(RandomGame::new(rng, rules, position, plies))
    }

    /// A random action of any kind (moves, timeouts, seconds used), not
    /// only a move.
    fn random_step(
        &self,
        _reference: &Ruleset,
        position: &Position,
        rules: &Ruleset,
        rng: &mut Rng,
    ) -> Option<Position> {
        let action = action_from_choice(position, rules, rng.next_u64())?;
        let mut next = position.clone();
        rules::apply(&mut next, action, rules).ok()?;
        Some(next)
    }
}

/// One option of every switchable ruling, drawn at random.
pub fn random_ruleset(rng: &mut Rng) -> Ruleset {
    fn pick<T: Copy>(rng: &mut Rng, all: &[T]) -> T {
        all[rng.below(all.len() as u64) as usize]
    }
    Ruleset {
        rook: pick(rng, RookLines::ALL),
        bishop: pick(rng, BishopBlocking::ALL),
        knight: pick(rng, KnightPath::ALL),
        king: pick(rng, KingStep::ALL),
        pawn_dir: pick(rng, PawnStartSides::ALL),
        pawn_start: pick(rng, PawnStartMoves::ALL),
        pawn_unmoved_attack: pick(rng, UnmovedPawnAttack::ALL),
        promo_zone: pick(rng, PromotionZone::ALL),
        promo: pick(rng, PromotionChoice::ALL),
        king_dead: pick(rng, KingOnDeadBlocker::ALL),
        next: pick(rng, CheckOrder::ALL),
        turn_start: pick(rng, NoMoveJudgement::ALL),
        timeout: pick(rng, ForfeitInCheck::ALL),
        check_priority: pick(rng, OutrankedClaim::ALL),
        diagonal: pick(rng, DiagonalAtNotch::ALL),
        ..Ruleset::default()
    }
}
