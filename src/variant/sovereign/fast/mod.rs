//! Sovereign Chess's fast path: the same rules as the reference rule code
//! of [`super::rules`] and [`super::control`], on a mailbox with
//! per-colour square sets, for perft.
//!
//! The readable rule code stays the reference: the scenarios, the
//! protocol, the fuzzer and every report read it, and
//! `regelwerk perft --reference --variant sovereign` walks it. This
//! module is held equal to it by tests, not by reading
//! (`tests/sovereign/fast.rs`, docs/testing.md): every count of
//! `tests/data/sovereign.perft` on both paths, every Sovereign scenario's
//! positions, and [`differential`] on positions of seeded random games
//! under random rulesets: the legal moves as a set, the bulk count, and
//! the position and holders after every legal move.
//!
//! How it differs in structure from the reference:
//! - the rays (cut at the slide limit), jumps, pawn steps and the
//!   coloured squares are tables built once per ruleset ([`tables`]);
//! - the holders of the twelve colours are kept with the board and
//!   recomputed only by a move that can change them ([`board`]);
//! - legality is decided without playing most moves ([`generate`]);
//! - perft's last ply counts the legal moves without listing them.
//!
//! Coverage: every switchable ruling (S-PIE, S-FIFTY, S-REPETITION,
//! S-STALEMATE and S-DEAD do not enter the perft tree); any position
//! with exactly one king of each player's king colour and no other king,
//! the waiting player's king not attacked ([`FastRules::board`]); for any
//! other position the reference
//! counts ([`perft`] falls back). [`covers`] is the one place that
//! decides whether a ruleset is the fast path's.

pub mod board;
pub mod differential;
pub mod generate;
pub mod tables;

use std::sync::Arc;

pub use board::{Board, Outside};

use crate::variant::{PerftPath, Rules};

use super::moves::Move;
use super::position::{Player, Position};
use super::ruleset::Ruleset;
use super::Sovereign;
use tables::Tables;

/// The fast path's rules: a ruleset and its tables.
#[derive(Clone)]
pub struct FastRules {
    rules: Ruleset,
    tables: Arc<Tables>,
}

impl std::fmt::Debug for FastRules {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "FastRules({})", self.rules)
    }
}

/// Whether the fast path plays `rules`: every switchable ruling is
/// supported, so every ruleset that is its switchable rulings alone. A
/// ruleset carrying anything else (the misreadings the mutation tests
/// play, `SC-...`) differs from the ruleset rebuilt from its settings and
/// is left to the rule code, which is where the faults live.
pub fn covers(rules: &Ruleset) -> bool {
    rules.faults.is_empty()
        && Ruleset::from_settings(&rules.non_default_settings()).as_ref() == Ok(rules)
}

/// Player 0 or 1.
fn player(index: u8) -> Player {
    Player::ALL[usize::from(index)]
}

impl FastRules {
    /// The fast rules of `rules`, if [`covers`] says so.
    pub fn new(rules: &Ruleset) -> Option<FastRules> {
        covers(rules).then(|| FastRules {
            rules: *rules,
            tables: Arc::new(Tables::new(rules)),
        })
    }

    /// The board of `position` under these rules.
    ///
    /// # Errors
    /// Why the fast path leaves the position to the reference.
    pub fn board(&self, position: &Position) -> Result<Board, Outside> {
        let board = Board::from_position(position, &self.rules)?;
        // The king of the player not to move attacked: the mover could
        // take it, and the fast path keeps no king-less board (no legal
        // move of a valid position leads there).
        let waiting = 1 - board.to_move;
        if self.attacked(&board, board.king[usize::from(waiting)], board.to_move) {
            return Err(Outside::Capturable);
        }
        Ok(board)
    }

    /// The number of legal moves.
    pub fn count(&self, board: &Board) -> u64 {
        let mut count = 0;
        self.each_legal(board, &mut |_| count += 1);
        count
    }
}

impl Rules for FastRules {
    type Position = Board;
    type Move = Move;

    /// S-LEGAL: the legal moves; none at mate or stalemate.
    fn legal_moves(&self, board: &Board, out: &mut Vec<Move>) {
        self.each_legal(board, &mut |mv| out.push(mv));
    }

    fn after(&self, board: &Board, mv: Move) -> Board {
        self.play(board, mv)
    }

    fn count_moves(&self, board: &Board, _scratch: &mut Vec<Move>) -> u64 {
        self.count(board)
    }
}

/// The fast rules and board for `position` on `path`, where the fast path
/// takes them.
fn fast(position: &Position, rules: &Ruleset, path: PerftPath) -> Option<(FastRules, Board)> {
    // A game that plays a misreading (`SC-...`) is always judged by the
    // rule code, where the faults live.
    if path != PerftPath::Fast || !rules.faults.is_empty() {
        return None;
    }
    let fast = FastRules::new(rules)?;
    let board = fast.board(position).ok()?;
    Some((fast, board))
}

/// perft from `position` on `path`: the fast path where it takes the
/// ruleset and the position, else the reference rule code.
pub fn perft(position: &Position, rules: &Ruleset, depth: u32, path: PerftPath) -> u64 {
    match fast(position, rules, path) {
        Some((fast, board)) => crate::variant::perft(&fast, &board, depth),
        None => crate::variant::perft(&Sovereign::new(*rules), position, depth),
    }
}

/// perft split by first move on `path` (move-generation order).
pub fn divide(
    position: &Position,
    rules: &Ruleset,
    depth: u32,
    path: PerftPath,
) -> Vec<(Move, u64)> {
    match fast(position, rules, path) {
        Some((fast, board)) => crate::variant::divide(&fast, &board, depth),
        None => crate::variant::divide(&Sovereign::new(*rules), position, depth),
    }
}

#[cfg(test)]
mod tests {
    use super::super::position::{Piece, Role, START_FEN};
    use super::super::Ruleset;
    use super::{covers, perft, FastRules, Outside};
    use crate::variant::sovereign::geometry::{Colour, Square};
    use crate::variant::sovereign::Position;
    use crate::variant::PerftPath;

    #[test]
    fn every_switchable_ruling_is_covered() {
        assert!(covers(&Ruleset::default()));
        for setting in Ruleset::all_alternatives() {
            let rules = Ruleset::from_settings(&[&setting]).unwrap_or_else(|e| panic!("{e}"));
            assert!(covers(&rules), "{setting}");
            assert!(FastRules::new(&rules).is_some(), "{setting}");
        }
    }

    /// Every misreading (`SC-...`, on top of the defaults) is the rule
    /// code's: the fast path never plays a fault.
    #[test]
    fn no_ruleset_with_a_fault_is_covered() {
        use crate::variant::sovereign::readings::READINGS;
        assert!(!READINGS.is_empty());
        for misreading in READINGS
            .iter()
            .flat_map(|(_, _, misreadings)| misreadings.iter())
        {
            let rules = Ruleset::default()
                .with_faults(&[misreading.id()])
                .unwrap_or_else(|e| panic!("{e}"));
            assert!(!covers(&rules), "{}", misreading.id());
            assert!(FastRules::new(&rules).is_none(), "{}", misreading.id());
        }
    }

    /// A third king (a red one, no player's) is the reference's to count.
    #[test]
    fn a_position_with_another_king_falls_back_to_the_reference() {
        let mut position = Position::from_fen(START_FEN).unwrap_or_else(|e| panic!("{e:?}"));
        let square = Square::parse("h5").unwrap_or_else(|e| panic!("{e}"));
        position.put(
            square,
            Some(Piece {
                colour: Colour::Red,
                role: Role::King,
            }),
        );
        let rules = Ruleset::default();
        let fast = FastRules::new(&rules).unwrap_or_else(|| panic!("covered"));
        assert_eq!(fast.board(&position).err(), Some(Outside::OtherKing));
        for depth in 1..=2 {
            assert_eq!(
                perft(&position, &rules, depth, PerftPath::Fast),
                perft(&position, &rules, depth, PerftPath::Reference)
            );
        }
    }
}
