//! Why a move or an action is refused: the codes both chess variants use,
//! each with a stable kebab-case string, and the first checks of a refused
//! move they share (whose piece it is, and whether a non-pawn's movement
//! pattern gets it there).

use crate::variant::Refusal;

use super::board::{Board, Reach};
use super::moves::Move;
use super::piece::{Kind, Piece};
use super::side::Side;

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

/// Every refusal code of the chess variants, for validating files.
pub const CODES: [&str; 15] = [
    "bad-notation",
    "no-piece",
    "not-your-piece",
    "not-a-move-of-the-piece",
    "blocked",
    "own-piece-on-target",
    "leaves-king-in-check",
    "gives-check",
    "promotion-required",
    "promotion-not-allowed",
    "promotion-unavailable",
    "no-promotion-available",
    "bad-promotion-piece",
    "game-over",
    "no-draw-to-claim",
];

/// What each refusal code means, in English and German (the words the
/// report and the explorer show; `variant/refusal_words.rs`).
pub const WORDS: [crate::variant::refusal_words::RefusalWords; 15] = {
    use crate::variant::refusal_words::{shared, words};
    [
        shared::BAD_NOTATION,
        shared::NO_PIECE,
        shared::NOT_YOUR_PIECE,
        shared::NOT_A_MOVE_OF_THE_PIECE,
        shared::BLOCKED,
        shared::OWN_PIECE_ON_TARGET,
        shared::LEAVES_KING_IN_CHECK,
        words("gives-check", "it gives check", "gibt Schach"),
        shared::PROMOTION_REQUIRED,
        shared::PROMOTION_NOT_ALLOWED,
        shared::PROMOTION_UNAVAILABLE,
        words(
            "no-promotion-available",
            "no piece is available for promotion",
            "keine Umwandlungsfigur verfügbar",
        ),
        words(
            "bad-promotion-piece",
            "that kind cannot be promoted to",
            "unzulässige Umwandlungsfigur",
        ),
        shared::GAME_OVER,
        shared::NO_DRAW_TO_CLAIM,
    ]
};

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

/// The piece `mv` moves, if it is `side`'s: refused with `no-piece` when
/// the from-square is empty, `not-your-piece` when the piece there is the
/// other side's.
///
/// # Errors
/// The refusal.
pub fn mover(board: &Board, side: Side, mv: Move) -> Result<Piece, Refusal> {
    let Some(piece) = board.piece(mv.from) else {
        return Err(RefusalCode::NoPiece.refuse(format!("{mv}: {} is empty", mv.from)));
    };
    if piece.side != side {
        return Err(RefusalCode::NotYourPiece.refuse(format!(
            "{mv}: the {} on {} is {}'s and {side} is to move",
            piece.kind, mv.from, piece.side
        )));
    }
    Ok(piece)
}

/// Whether `side`'s piece of `kind` (not a pawn) goes from `mv.from` to
/// `mv.to` by its movement pattern: refused with
/// `not-a-move-of-the-piece`, `blocked`, or `own-piece-on-target`.
///
/// # Errors
/// The refusal.
pub fn check_reach(board: &Board, side: Side, kind: Kind, mv: Move) -> Result<(), Refusal> {
    match board.reach(kind, mv.from, mv.to) {
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
    if board.piece(mv.to).is_some_and(|target| target.side == side) {
        return Err(
            RefusalCode::OwnPieceOnTarget.refuse(format!("{mv}: {} holds your own piece", mv.to))
        );
    }
    Ok(())
}
