//! Racing Kings behind the text shell: what the shell asks of the rules,
//! and refusals with the reason a move is not legal, checked in the order
//! piece, pattern, blocking, promotion, king safety, gives-check (the shell
//! checks the notation and the game's end first).

use crate::variant::chess::board::Reach;
use crate::variant::chess::game::{ChessGame, ChessVariant};
use crate::variant::chess::geometry::{Geometry, EIGHT_BY_EIGHT};
use crate::variant::chess::{Move, RefusalCode, Square};
use crate::variant::{Captured, Refusal, Rules, Status, VariantId};

use super::movegen::{self, CheckFree};
use super::position::Position;
use super::{end, goal, make, RacingKings};

/// A game of Racing Kings in progress.
pub type RacingKingsGame = ChessGame<RacingKings>;

impl ChessVariant for RacingKings {
    const ID: VariantId = VariantId::Racingkings;

    fn geometry(&self) -> &'static Geometry {
        &EIGHT_BY_EIGHT
    }

    fn fen(&self, position: &Position) -> String {
        position.to_fen()
    }

    fn moves(&self, position: &Position, only: Option<Square>, out: &mut Vec<Move>) {
        match only {
            None => self.legal_moves(position, out),
            Some(_) if matches!(goal::race(position), goal::Race::Decided(_)) => {}
            Some(_) => movegen::legal_moves(position, only, out),
        }
    }

    fn play(&self, position: &Position, mv: Move) -> (Position, Option<Captured>) {
        let (next, captured) = make::after(position, mv);
        let capture = captured.map(|piece| Captured {
            kind: piece.kind.name().to_string(),
            square: mv.to.to_string(),
        });
        (next, capture)
    }

    fn refusal(&self, position: &Position, mv: Move) -> Refusal {
        refusal(position, mv)
    }

    fn status(&self, position: &Position) -> Status {
        end::status(position)
    }

    fn claimable_draw(&self, position: &Position) -> Option<&'static str> {
        end::claimable_draw(position)
    }

    fn no_claim_detail(&self, position: &Position) -> String {
        format!(
            "no draw to claim: the position has occurred {} time(s) ({} needed) and the halfmove clock is {} ({} needed)",
            position.history.count(position.key) + 1,
            end::REPETITIONS,
            position.halfmove,
            end::FIFTY_MOVE_PLIES
        )
    }

    /// Clause rk.4: never; no position has a king in check.
    fn in_check(&self, _position: &Position) -> bool {
        false
    }

    fn side_name(&self, position: &Position) -> &'static str {
        position.side.name()
    }
}

/// Why `mv`, which is not among the legal moves, is refused: the first
/// rule it breaks in the order piece, pattern (clause rk.3), blocking,
/// promotion (there are no pawns, clause rk.2), own king (rk.4.1), enemy
/// king (rk.4.2).
fn refusal(position: &Position, mv: Move) -> Refusal {
    let board = &position.board;
    let side = position.side;
    let Some(piece) = board.piece(mv.from) else {
        return RefusalCode::NoPiece.refuse(format!("{mv}: {} is empty", mv.from));
    };
    if piece.side != side {
        return RefusalCode::NotYourPiece.refuse(format!(
            "{mv}: the {} on {} is {}'s and {side} is to move",
            piece.kind, mv.from, piece.side
        ));
    }
    let kind = piece.kind;
    match board.reach(kind, mv.from, mv.to) {
        Reach::No => {
            return RefusalCode::NotAMoveOfThePiece.refuse(format!(
                "{mv}: a {kind} does not move from {} to {}",
                mv.from, mv.to
            ))
        }
        Reach::Blocked => {
            return RefusalCode::Blocked.refuse(format!(
                "{mv}: a piece stands between {} and {}",
                mv.from, mv.to
            ))
        }
        Reach::Yes => {}
    }
    if board.piece(mv.to).is_some_and(|target| target.side == side) {
        return RefusalCode::OwnPieceOnTarget
            .refuse(format!("{mv}: {} holds your own piece", mv.to));
    }
    if let Some(promoted) = mv.promotion {
        return RefusalCode::PromotionNotAllowed.refuse(format!(
            "{mv}: racing kings has no pawns and no promotion, so a {kind} cannot become a {promoted}"
        ));
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
