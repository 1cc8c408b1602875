//! Why a move or an action is refused: the codes both chess variants use,
//! each with a stable kebab-case string.

use crate::variant::Refusal;

/// A refusal code. Each variant uses the ones its rules need.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RefusalCode {
    /// Unreadable text, or a square off the board.
    BadNotation,
    /// The from-square is empty.
    NoPiece,
    /// The piece on the from-square belongs to the other side.
    NotYourPiece,
    /// The piece does not move that way (including a non-pawn or a wrong
    /// en-passant attempt).
    NotAMoveOfThePiece,
    /// A piece stands in the way.
    Blocked,
    /// The target holds a piece of the mover.
    OwnPieceOnTarget,
    /// The move leaves (or puts) the mover's king attacked.
    LeavesKingInCheck,
    /// The move attacks the enemy king (Racing Kings).
    GivesCheck,
    /// A pawn reaches the last rank without naming a piece though one is
    /// available.
    PromotionRequired,
    /// A promotion letter on a move that cannot promote.
    PromotionNotAllowed,
    /// The kind named is not available for promotion.
    PromotionUnavailable,
    /// A pawn move to the last rank when no kind is available.
    NoPromotionAvailable,
    /// A king or a pawn named as promotion kind.
    BadPromotionPiece,
    /// The game is over.
    GameOver,
    /// A draw claim without a draw to claim.
    NoDrawToClaim,
}

impl RefusalCode {
    /// The stable kebab-case code.
    pub const fn code(self) -> &'static str {
        match self {
            RefusalCode::BadNotation => "bad-notation",
            RefusalCode::NoPiece => "no-piece",
            RefusalCode::NotYourPiece => "not-your-piece",
            RefusalCode::NotAMoveOfThePiece => "not-a-move-of-the-piece",
            RefusalCode::Blocked => "blocked",
            RefusalCode::OwnPieceOnTarget => "own-piece-on-target",
            RefusalCode::LeavesKingInCheck => "leaves-king-in-check",
            RefusalCode::GivesCheck => "gives-check",
            RefusalCode::PromotionRequired => "promotion-required",
            RefusalCode::PromotionNotAllowed => "promotion-not-allowed",
            RefusalCode::PromotionUnavailable => "promotion-unavailable",
            RefusalCode::NoPromotionAvailable => "no-promotion-available",
            RefusalCode::BadPromotionPiece => "bad-promotion-piece",
            RefusalCode::GameOver => "game-over",
            RefusalCode::NoDrawToClaim => "no-draw-to-claim",
        }
    }

    /// The [`Refusal`] with this code and `detail`.
    pub fn refuse(self, detail: impl Into<String>) -> Refusal {
        Refusal {
            code: self.code(),
            detail: detail.into(),
        }
    }
}
