//! Grand Chess behind the text shell: what the shell asks of the rules,
//! and refusals with the reason a move is not legal, checked in the order
//! piece, pattern, blocking, promotion, king safety (the shell checks the
//! notation and the game's end first).

use crate::variant::chess::game::{ChessGame, ChessVariant};
use crate::variant::chess::geometry::{Geometry, TEN_BY_TEN};
use crate::variant::chess::refusal::{check_reach, mover};
use crate::variant::chess::{DrawClaims, Kind, Move, Piece, RefusalCode, Square};
use crate::variant::{Refusal, Rules, Status, VariantId};

use super::position::Position;
use super::readings::FiftyMove;
use super::{end, make, movegen, pawn, promotion, safety, Grand};

/// A game of Grand Chess in progress.
pub type GrandGame = ChessGame<Grand>;

impl ChessVariant for Grand {
    const ID: VariantId = VariantId::Grand;
    const DRAW_CLAIMS: DrawClaims = end::DRAW_CLAIMS;
    const FIXED_RULINGS: &'static [&'static str] = &[
        "R-G-PROMO-LIMIT",
        "R-G-PROMO-ZONE",
        "R-G-MATERIAL",
        "R-G-CLAIM",
        "R-G-EP-FEN",
    ];

    fn geometry(&self) -> &'static Geometry {
        &TEN_BY_TEN
    }

    fn moves(&self, position: &Position, only: Option<Square>, out: &mut Vec<Move>) {
        match only {
            None => self.legal_moves(position, out),
            Some(_) if self.material_ends(position) => {}
            Some(_) => movegen::legal_moves(position, only, self, out),
        }
    }

    fn play(&self, position: &Position, mv: Move) -> (Position, Option<(Piece, Square)>) {
        make::after(position, mv, self)
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

    fn in_check(&self, position: &Position) -> bool {
        position.board.in_check(position.side)
    }
}

impl Grand {
    /// Clauses g.8.3 and g.8.4: the draw claims.
    fn draw_claims(&self) -> DrawClaims {
        // Clause g.8.4: fifty moves each.
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
/// rule it breaks in the order piece, pattern (clauses g.3, g.5), blocking,
/// promotion (g.7), king safety (g.4).
fn refusal(position: &Position, mv: Move) -> Refusal {
    let board = &position.board;
    let side = position.side;
    let pattern = mover(board, side, mv).and_then(|piece| match piece.kind {
        Kind::Pawn => {
            pawn::check_pattern(position, mv).and_then(|()| promotion::check(board, side, mv))
        }
        kind => check_piece_pattern(position, mv, kind),
    });
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
    check_reach(&position.board, position.side, kind, mv)?;
    if let Some(promoted) = mv.promotion {
        return Err(RefusalCode::PromotionNotAllowed.refuse(format!(
            "{mv}: only a pawn promotes, and a {kind} cannot become a {promoted}"
        )));
    }
    Ok(())
}
