//! The legal moves: clause rk.3 (the pieces move as in chess), filtered by
//! clause rk.4 (no move may leave the own king attacked, none may attack
//! the enemy king).

use crate::variant::chess::{Board, Kind, Move, Piece, Side, Square};

use super::position::Position;
use super::readings::NoCheck;
use super::RacingKings;

/// Clauses rk.3 and rk.4: appends to `out` the legal moves of the side to
/// move, of the piece on `only` if given. (Whether the race is decided is
/// the caller's business.) A game playing a misreading has every move
/// tested by [`check_free`] and [`check_forgiven`] (no shortcut).
pub fn legal_moves(
    position: &Position,
    only: Option<Square>,
    rules: &RacingKings,
    out: &mut Vec<Move>,
) {
    if !rules.faults.is_empty() {
        let board = &position.board;
        let side = position.side;
        for (from, piece) in board.pieces() {
            if piece.side != side || only.is_some_and(|only| only != from) {
                continue;
            }
            piece_moves(board, from, piece, &mut |mv| {
                let legal = match check_free(board, side, mv) {
                    CheckFree::Yes => true,
                    CheckFree::GivesCheck => check_forgiven(board, side, mv, rules),
                    CheckFree::LeavesKingInCheck => false,
                };
                if legal {
                    out.push(mv);
                }
            });
        }
        return;
    }
    let board = &position.board;
    let side = position.side;
    let them = side.opponent();
    let own_king = board.king(side);
    let enemy_king = board.king(them);
    let checked = board.in_check(side);
    let pinned = board.pinned(side);
    let discoverers = board.shields(them, side);
    let checking = CheckingSquares::around(board, enemy_king);
    for (from, piece) in board.pieces() {
        if piece.side != side || only.is_some_and(|only| only != from) {
            continue;
        }
        let bit = 1u128 << from.index();
        // A move of a piece that is not the king, pins nothing and
        // uncovers nothing, while the own king is not attacked, can only
        // break clause rk.4 by attacking the enemy king directly.
        let simple = !checked && from != own_king && (pinned | discoverers) & bit == 0;
        piece_moves(board, from, piece, &mut |mv| {
            let free = if simple {
                !checking.attack(piece.kind, mv.to)
            } else {
                check_free(board, side, mv) == CheckFree::Yes
            };
            if free {
                out.push(mv);
            }
        });
    }
}

/// Clause rk.3: the moves of a piece by its pattern, onto empty squares
/// and enemy pieces: rk.3.1 king, rk.3.2 queen, rk.3.3 rook, rk.3.4
/// bishop, rk.3.5 knight. No castling, no pawns (clause rk.2).
#[inline]
pub fn piece_moves(board: &Board, from: Square, piece: Piece, emit: &mut impl FnMut(Move)) {
    board.targets(from, piece, |to| emit(Move::new(from, to)));
}

/// What clause rk.4 says of a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CheckFree {
    /// Neither king is attacked afterwards.
    Yes,
    /// Clause rk.4.1: the mover's king is attacked afterwards.
    LeavesKingInCheck,
    /// Clause rk.4.2: the enemy king is attacked afterwards (directly, by
    /// discovery or by a capture).
    GivesCheck,
}

/// Clauses rk.4.1 and rk.4.2: whether `side`'s move `mv` (one its
/// pattern allows) leaves both kings unattacked.
#[inline]
pub fn check_free(board: &Board, side: Side, mv: Move) -> CheckFree {
    let mut after = *board;
    after.relocate(mv.from, mv.to);
    if after.in_check(side) {
        CheckFree::LeavesKingInCheck
    } else if after.in_check(side.opponent()) {
        CheckFree::GivesCheck
    } else {
        CheckFree::Yes
    }
}

/// Clause rk.4.2: whether `side`'s move `mv`, which attacks the enemy
/// king ([`CheckFree::GivesCheck`]), is legal all the same: never, be the
/// attack direct, discovered or by a capture.
pub fn check_forgiven(board: &Board, side: Side, mv: Move, rules: &RacingKings) -> bool {
    match rules.reading::<NoCheck>() {
        NoCheck::Banned => false,
        NoCheck::Allowed => true,
        NoCheck::CapturesExempt => board.piece(mv.to).is_some(),
        NoCheck::DirectOnly => {
            let mut after = *board;
            after.relocate(mv.from, mv.to);
            let direct = after.piece(mv.to).is_some_and(|piece| {
                after.attacks(piece, mv.to, after.king(side.opponent()), mv.from)
            });
            !direct
        }
        NoCheck::MateOnly => {
            let mut after = *board;
            after.relocate(mv.from, mv.to);
            has_way_out(&after, side.opponent())
        }
        NoCheck::KingMovesExempt => mv.from == board.king(side),
        NoCheck::CapturerExempt => {
            let mut after = *board;
            after.relocate(mv.from, mv.to);
            let king = after.king(side.opponent());
            let uncovered = after.pieces().any(|(square, piece)| {
                piece.side == side && square != mv.to && after.attacks(piece, square, king, mv.from)
            });
            board.piece(mv.to).is_some() && !uncovered
        }
    }
}

/// RK-CHECK-ALLOWED.2: whether `side`, its king attacked on `board`, has
/// a move by its pieces' patterns that leaves its king unattacked (no
/// mate).
fn has_way_out(board: &Board, side: Side) -> bool {
    board.pieces().any(|(from, piece)| {
        let mut out = false;
        if piece.side == side {
            piece_moves(board, from, piece, &mut |mv| {
                let mut after = *board;
                after.relocate(mv.from, mv.to);
                out |= !after.in_check(side);
            });
        }
        out
    })
}

/// Clause rk.4.2 for the simple moves: the squares from which a piece of
/// each pattern would attack the enemy king, on the board as it stands.
/// A simple move (not the king, no pin, no discovery, own king safe) gives
/// check exactly when its piece lands on one of its pattern's squares: the
/// square it leaves cannot open its own line to the king, since a piece
/// that stood first on a line from the enemy king and could slide along it
/// would already give check, which no Racing Kings position has.
struct CheckingSquares {
    /// Knight leaps to the king.
    leap: u128,
    /// King steps to the king.
    step: u128,
    /// Rank and file lines from the king up to the first piece.
    straight: u128,
    /// Diagonals from the king up to the first piece.
    diagonal: u128,
}

impl CheckingSquares {
    fn around(board: &Board, king: Square) -> CheckingSquares {
        let geometry = board.geometry();
        let set = |squares: &[Square]| {
            squares
                .iter()
                .fold(0u128, |bits, square| bits | 1u128 << square.index())
        };
        let mut lines = [0u128; 2];
        for direction in 0..8 {
            for &square in geometry.ray(king, direction) {
                lines[direction / 4] |= 1u128 << square.index();
                if board.piece(square).is_some() {
                    break;
                }
            }
        }
        CheckingSquares {
            leap: set(geometry.knight_steps(king)),
            step: set(geometry.king_steps(king)),
            straight: lines[0],
            diagonal: lines[1],
        }
    }

    /// Whether a piece of `kind` on `to` attacks the king.
    #[inline]
    fn attack(&self, kind: Kind, to: Square) -> bool {
        let mut squares = 0;
        if kind == Kind::King {
            squares |= self.step;
        }
        if kind.leaps_like_knight() {
            squares |= self.leap;
        }
        if kind.slides_orthogonally() {
            squares |= self.straight;
        }
        if kind.slides_diagonally() {
            squares |= self.diagonal;
        }
        squares & (1u128 << to.index()) != 0
    }
}
