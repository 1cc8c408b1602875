//! Racing Kings behind the text shell: what the shell asks of the rules,
//! and refusals with the reason a move is not legal, checked in the order
//! piece, pattern, blocking, promotion, king safety, gives-check (the shell
//! checks the notation and the game's end first).

use crate::variant::chess::game::{ChessGame, ChessVariant};
use crate::variant::chess::geometry::{Geometry, EIGHT_BY_EIGHT};
use crate::variant::chess::refusal::{check_reach, mover};
use crate::variant::chess::{Board, DrawClaims, Move, Piece, RefusalCode, Side, Square};
use crate::variant::{PerftPath, Refusal, Rules, Status, VariantId};

use super::movegen::{self, CheckFree};
use super::position::Position;
use super::readings::FiftyMove;
use super::{end, fast, goal, make, RacingKings};

/// A game of Racing Kings in progress.
pub type RacingKingsGame = ChessGame<RacingKings>;

impl ChessVariant for RacingKings {
    /// R-RK-CHECK: no king is ever in check in Racing Kings.
    fn invariants(
        &self,
        _position: &Self::Position,
        report: &crate::variant::Report,
    ) -> Result<(), (String, String)> {
        if report.checks.is_empty() {
            return Ok(());
        }
        Err((
            "no-check-in-racing-kings".to_string(),
            format!("{:?} in check after {}", report.checks, report.action),
        ))
    }

    const ID: VariantId = VariantId::Racingkings;
    const DRAW_CLAIMS: DrawClaims = end::DRAW_CLAIMS;
    const FIXED_RULINGS: &'static [&'static str] = &[
        "R-RK-ANSWER",
        "R-RK-CHECK-FEN",
        "R-RK-CLAIM",
        "R-RK-FIFTY",
        "R-CHESS-FEN",
    ];

    fn geometry(&self) -> &'static Geometry {
        &EIGHT_BY_EIGHT
    }

    fn moves(&self, position: &Position, only: Option<Square>, out: &mut Vec<Move>) {
        match only {
            None => self.legal_moves(position, out),
            Some(_) if matches!(goal::race(position, self), goal::Race::Decided(_)) => {}
            Some(square) => match goal::only_mover(position, self) {
                Some(king) if king != square => {}
                _ => movegen::legal_moves(position, only, self, out),
            },
        }
    }

    /// The capture is on the target square: there is no en passant.
    fn play(&self, position: &Position, mv: Move) -> (Position, Option<(Piece, Square)>) {
        let (next, captured) = make::after(position, mv);
        (next, captured.map(|piece| (piece, mv.to)))
    }

    fn refusal(&self, position: &Position, mv: Move) -> Refusal {
        refusal(position, mv)
    }

    fn status(&self, position: &Position) -> Status {
        end::status(position, self)
    }

    fn claimable_draw(&self, position: &Position) -> Option<&'static str> {
        self.draw_claims().claimable(position)
    }

    fn no_claim_detail(&self, position: &Position) -> String {
        self.draw_claims().no_claim_detail(position)
    }

    /// Clause rk.4: never; no position has a king in check.
    fn in_check(&self, _position: &Position) -> bool {
        false
    }

    /// The bitboard fast path ([`super::fast`]) by default, the rule code
    /// of this module with `--reference` (and where the fast path does
    /// not take the position).
    fn perft_on(&self, position: &Position, depth: u32, path: PerftPath) -> u64 {
        if !self.faults.is_empty() {
            // A misreading is played by the rule code only.
            return crate::variant::perft(self, position, depth);
        }
        fast::perft(position, depth, path)
    }
}

impl RacingKings {
    /// Clauses rk.6.2 and rk.6.3: the draw claims.
    fn draw_claims(&self) -> DrawClaims {
        // Clause rk.6.3: fifty moves each.
        match self.reading::<FiftyMove>() {
            FiftyMove::FiftyEach => end::DRAW_CLAIMS,
            FiftyMove::FiftyPlies => DrawClaims {
                fifty_move_plies: 50,
                ..end::DRAW_CLAIMS
            },
            FiftyMove::OverFiftyPlies => DrawClaims {
                fifty_move_plies: 51,
                ..end::DRAW_CLAIMS
            },
        }
    }
}

/// Why `mv`, which is not among the legal moves, is refused: the first
/// rule it breaks in the order piece, pattern (clause rk.3), blocking,
/// promotion (there are no pawns, clause rk.2), own king (rk.4.1), enemy
/// king (rk.4.2).
fn refusal(position: &Position, mv: Move) -> Refusal {
    let board = &position.board;
    let side = position.side;
    if let Err(refusal) = check_pattern(board, side, mv) {
        return refusal;
    }
    match movegen::check_free(board, side, mv) {
        CheckFree::LeavesKingInCheck => {
            RefusalCode::LeavesKingInCheck.refuse(format!("{mv}: it leaves {side}'s king attacked"))
        }
        CheckFree::GivesCheck => RefusalCode::GivesCheck.refuse(format!(
            "{mv}: it attacks {}'s king, and checks are forbidden",
            side.opponent()
        )),
        CheckFree::Yes => {
            RefusalCode::NotAMoveOfThePiece.refuse(format!("{mv} is not a legal move"))
        }
    }
}

/// Clauses rk.2 and rk.3: why `mv` is no move of one of `side`'s pieces by
/// its pattern, if it is not: no piece of `side` there, a pattern it does
/// not have, a blocked slide, an own piece on the target, or a promotion
/// (there are no pawns).
fn check_pattern(board: &Board, side: Side, mv: Move) -> Result<(), Refusal> {
    let kind = mover(board, side, mv)?.kind;
    check_reach(board, side, kind, mv)?;
    if let Some(promoted) = mv.promotion {
        return Err(RefusalCode::PromotionNotAllowed.refuse(format!(
            "{mv}: racing kings has no pawns and no promotion, so a {kind} cannot become a {promoted}"
        )));
    }
    Ok(())
}
