//! Grand Chess behind the text shell: what the shell asks of the rules,
//! and refusals with the reason a move is not legal, checked in the order
//! piece, pattern, blocking, promotion, king safety (the shell checks the
//! notation and the game's end first).

use crate::variant::chess::board::Reach;
use crate::variant::chess::game::{ChessGame, ChessVariant};
use crate::variant::chess::geometry::{Geometry, TEN_BY_TEN};
use crate::variant::chess::{Kind, Move, RefusalCode, Square};
use crate::variant::{Captured, Refusal, Rules, Status, VariantId};

use super::position::Position;
use super::{end, make, movegen, pawn, promotion, safety, Grand};

/// A game of Grand Chess in progress.
pub type GrandGame = ChessGame<Grand>;

impl ChessVariant for Grand {
    const ID: VariantId = VariantId::Grand;

    fn geometry(&self) -> &'static Geometry {
        &TEN_BY_TEN
    }

    fn fen(&self, position: &Position) -> String {
        position.to_fen()
    }

    fn moves(&self, position: &Position, only: Option<Square>, out: &mut Vec<Move>) {
        match only {
            None => self.legal_moves(position, out),
            Some(_) if end::insufficient_material(&position.board) => {}
            Some(_) => movegen::legal_moves(position, only, out),
        }
    }

    fn play(&self, position: &Position, mv: Move) -> (Position, Option<Captured>) {
        let (next, capture) = make::after(position, mv);
        let capture = capture.map(|(piece, square)| Captured {
            kind: piece.kind.name().to_string(),
            square: square.to_string(),
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

    fn in_check(&self, position: &Position) -> bool {
        position.board.in_check(position.side)
    }

    fn side_name(&self, position: &Position) -> &'static str {
        position.side.name()
    }
}

/// Why `mv`, which is not among the legal moves, is refused: the first
/// rule it breaks in the order piece, pattern (clauses g.3, g.5), blocking,
/// promotion (g.7), king safety (g.4).
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
    let pattern = if piece.kind == Kind::Pawn {
        pawn::check_pattern(position, mv).and_then(|()| promotion::check(board, side, mv))
    } else {
        check_piece_pattern(position, mv, piece.kind)
    };
    if let Err(refusal) = pattern {
        return refusal;
    }
    if !safety::keeps_king_safe(position, mv) {
        return RefusalCode::LeavesKingInCheck
            .refuse(format!("{mv}: it leaves {side}'s king attacked"));
    }
    RefusalCode::NotAMoveOfThePiece.refuse(format!("{mv} is not a legal move"))
}

/// Clause g.3 (and g.6, no castling): why a piece other than a pawn cannot
/// make `mv` by its pattern, if it cannot.
fn check_piece_pattern(position: &Position, mv: Move, kind: Kind) -> Result<(), Refusal> {
    match position.board.reach(kind, mv.from, mv.to) {
        Reach::No => {
            return Err(RefusalCode::NotAMoveOfThePiece.refuse(format!(
                "{mv}: a {kind} does not move from {} to {}",
                mv.from, mv.to
            )))
        }
        Reach::Blocked => {
            return Err(RefusalCode::Blocked.refuse(format!(
                "{mv}: a piece stands between {} and {}",
                mv.from, mv.to
            )))
        }
        Reach::Yes => {}
    }
    if position
        .board
        .piece(mv.to)
        .is_some_and(|target| target.side == position.side)
    {
        return Err(
            RefusalCode::OwnPieceOnTarget.refuse(format!("{mv}: {} holds your own piece", mv.to))
        );
    }
    if let Some(promoted) = mv.promotion {
        return Err(RefusalCode::PromotionNotAllowed.refuse(format!(
            "{mv}: only a pawn promotes, and a {kind} cannot become a {promoted}"
        )));
    }
    Ok(())
}
