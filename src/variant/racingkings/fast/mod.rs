//! Racing Kings' fast path: the same rules as the reference rule code of
//! [`super`] (`movegen`, `goal`, `end`, `make`), played on 64-bit
//! bitboards for perft.
//!
//! The readable rule code stays the reference: the scenarios, the
//! protocol, the fuzzer and every report read it, and
//! `regelwerk perft --reference --variant racingkings` walks it. This
//! module lives beside it and is held equal to it by tests, not by
//! reading (`tests/racingkings/fast.rs`, docs/testing.md): every Racing
//! Kings perft count in `tests/data/fsf-perft.yaml` on both paths, every
//! Racing Kings scenario's positions, and [`differential`] on positions of
//! seeded random games and random legal set-ups: the legal moves as a set,
//! the race and the status, and the position after every legal move.
//!
//! How it differs in structure from the reference:
//! - a [`Board`] holds one `u64` per side and per kind; the king and
//!   knight steps, the lines and the squares between two squares are
//!   tables, and a slider's reach is one magic multiplication
//!   ([`tables`](mod@tables));
//! - legality is decided without playing the move ([`generate`]): pins
//!   and the enemy's attacks for clause rk.4.1, and for clause rk.4.2 the
//!   moved piece's attack from its target with its origin emptied plus
//!   the discovered attacks through the vacated origin;
//! - perft's last ply counts target sets ([`FastRules::count_moves`]), and
//!   a move is a copy of the small board with a few bits changed, with no
//!   repetition history (the draws of clauses rk.6.2 and rk.6.3 are
//!   claimed, so they end no game inside a perft).
//!
//! Coverage: any position the reference can hold, except one with a king
//! in check (which the reference's FEN reader refuses and no legal move
//! makes); for such a position every caller uses the reference
//! ([`Board::from_position`] says why, [`perft`] falls back).

pub mod board;
pub mod differential;
pub mod generate;
pub mod magics;
pub mod tables;

pub use board::{Board, Outside};

use crate::variant::chess::{Move, Side};
use crate::variant::{PerftPath, Rules, Status};

use super::goal::Race;
use super::position::Position;
use super::RacingKings;
use generate::{Safety, Stage};
use tables::{index_of, tables, Tables};

/// The fast path's rules: the shared tables, fetched once.
#[derive(Clone, Copy)]
pub struct FastRules {
    tables: &'static Tables,
}

impl Default for FastRules {
    fn default() -> FastRules {
        FastRules::new()
    }
}

impl std::fmt::Debug for FastRules {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("FastRules")
    }
}

impl FastRules {
    /// The fast rules (the tables are built on first use).
    pub fn new() -> FastRules {
        FastRules { tables: tables() }
    }

    /// Clauses rk.5.1 and rk.5.2 (ruling R-RK-ANSWER): where the race
    /// stands, as the reference's `goal::race` says it.
    pub fn race(&self, board: &Board) -> Race {
        let decided = |status| Race::Decided(status);
        match generate::stage(board) {
            Stage::Open => Race::Open,
            Stage::MayAnswer if Safety::of(self.tables, board).can_reach_goal(self.tables) => {
                Race::BlackAnswers
            }
            Stage::MayAnswer => decided(Status::won_by("white", "goal")),
            Stage::Decided => decided(
                match (
                    generate::home(board, Side::White),
                    generate::home(board, Side::Black),
                ) {
                    (true, true) => Status::Drawn {
                        reason: "goal-tie".to_string(),
                    },
                    (false, true) => Status::won_by("black", "goal"),
                    _ => Status::won_by("white", "goal"),
                },
            ),
        }
    }

    /// Clauses rk.5 and rk.6.1: where the game stands (claims aside), as
    /// the reference's `end::status` says it.
    pub fn status(&self, board: &Board) -> Status {
        if let Race::Decided(status) = self.race(board) {
            return status;
        }
        if generate::count_moves(self.tables, board) == 0 {
            Status::Drawn {
                reason: "stalemate".to_string(),
            }
        } else {
            Status::Ongoing
        }
    }
}

impl Rules for FastRules {
    type Position = Board;
    type Move = Move;

    /// Clauses rk.3-rk.5: the legal moves, none once the race is decided
    /// or in stalemate; in the order king, queens, rooks, bishops,
    /// knights (each from a1 up), targets from a1 up.
    fn legal_moves(&self, board: &Board, out: &mut Vec<Move>) {
        generate::legal_moves(self.tables, board, out);
    }

    fn after(&self, board: &Board, mv: Move) -> Board {
        board.play(index_of(mv.from), index_of(mv.to))
    }

    fn count_moves(&self, board: &Board, _scratch: &mut Vec<Move>) -> u64 {
        generate::count_moves(self.tables, board)
    }
}

/// perft from `position` on `path`: the fast path where it takes the
/// position ([`Board::from_position`]), else the reference rule code.
pub fn perft(position: &Position, depth: u32, path: PerftPath) -> u64 {
    match (path, Board::from_position(position)) {
        (PerftPath::Fast, Ok(board)) => crate::variant::perft(&FastRules::new(), &board, depth),
        _ => crate::variant::perft(&RacingKings::default(), position, depth),
    }
}

#[cfg(test)]
mod tests {
    use crate::variant::chess::geometry::EIGHT_BY_EIGHT;
    use crate::variant::chess::square::SLOTS;
    use crate::variant::chess::{Core, History, Kind, Piece, Side, Square};
    use crate::variant::{PerftPath, Rules};

    use super::super::position::Position;
    use super::super::RacingKings;
    use super::{perft, Board, FastRules, Outside};

    /// A position the FEN reader refuses (Black's king attacked by the
    /// rook on a1), built directly: the fast path leaves it to the
    /// reference, and `perft` then counts with the reference.
    #[test]
    fn a_king_in_check_falls_back_to_the_reference() {
        let mut placement: [Option<Piece>; SLOTS] = [None; SLOTS];
        let put = |placement: &mut [Option<Piece>; SLOTS], at: &str, side, kind| {
            let square: Square = at.parse().unwrap_or_else(|error| panic!("{error}"));
            placement[square.index()] = Some(Piece { side, kind });
        };
        put(&mut placement, "h1", Side::White, Kind::King);
        put(&mut placement, "a1", Side::White, Kind::Rook);
        put(&mut placement, "a7", Side::Black, Kind::King);
        put(&mut placement, "c3", Side::Black, Kind::Knight);
        let board = crate::variant::chess::Board::new(&EIGHT_BY_EIGHT, &placement)
            .unwrap_or_else(|errors| panic!("{errors:?}"));
        let position = Position {
            core: Core::new(board, Side::Black, 0, 1, History::new()),
        };
        assert_eq!(Board::from_position(&position), Err(Outside::Check));
        for depth in 1..=3 {
            let reference = crate::variant::perft(&RacingKings::default(), &position, depth);
            assert!(reference > 0);
            assert_eq!(perft(&position, depth, PerftPath::Fast), reference);
            assert_eq!(perft(&position, depth, PerftPath::Reference), reference);
        }
        // The same position without the check is the fast path's.
        let mut moves = Vec::new();
        RacingKings::default().legal_moves(&position, &mut moves);
        let quiet = moves
            .iter()
            .map(|&mv| RacingKings::default().after(&position, mv))
            .find(|next| Board::from_position(next).is_ok());
        let quiet = quiet.unwrap_or_else(|| panic!("no move ends the check"));
        let board = Board::from_position(&quiet).unwrap_or_else(|e| panic!("{e:?}"));
        assert_eq!(
            crate::variant::perft(&FastRules::new(), &board, 2),
            crate::variant::perft(&RacingKings::default(), &quiet, 2)
        );
    }
}
