//! Misreadings of Grand Chess (`spec/grand/misreadings.yaml`): plausible
//! wrong readings of the rule text, played by the reference engine only
//! when a test or `--fault G-...` asks (the contract is in
//! [`crate::variant::faults`]). The rule code branches on
//! [`FaultSet::has`] at the spot each changes, marked `// Fault G-...`;
//! with no fault set every branch is a bit test that fails.

use crate::variant::chess::{Board, Kind, Move, Side};

use super::position::Position;

misreadings! {
    "spec/grand/misreadings.yaml";
    /// A pawn promotes into any of the six kinds, lost or not.
    PromoAnyKind => "G-PROMO-ANY-KIND", ["g.7.2"];
    /// A pawn promotes only into a kind its side has captured from the
    /// opponent (the opponent's losses, not its own).
    PromoOpponentLosses => "G-PROMO-OPPONENT-LOSSES", ["g.7.2"];
    /// Promotion only on the last rank; the 8th and 9th ranks are plain
    /// squares.
    PromoLastRankOnly => "G-PROMO-LAST-RANK-ONLY", ["g.7.1"];
    /// Promotion is forced on the 8th and 9th ranks too.
    PromoEarlyForced => "G-PROMO-EARLY-FORCED", ["g.7.1"];
    /// With no kind to promote into, a pawn still steps onto the last rank
    /// and stays a pawn.
    LastRankUnpromoted => "G-LAST-RANK-UNPROMOTED", ["g.7.3"];
    /// A pawn may double-step from any rank, not only its third.
    DoubleStepAnywhere => "G-DOUBLE-STEP-ANYWHERE", ["g.5.2"];
    /// No en-passant capture.
    NoEnPassant => "G-NO-EN-PASSANT", ["g.5.3"];
    /// The marshal moves as a rook only (its knight leap forgotten).
    MarshalRookOnly => "G-MARSHAL-ROOK-ONLY", ["g.3.6"];
    /// The cardinal moves as a bishop only (its knight leap forgotten).
    CardinalBishopOnly => "G-CARDINAL-BISHOP-ONLY", ["g.3.7"];
    /// A pinned piece does not give check: the king may step onto a
    /// square only a pinned enemy piece attacks.
    PinnedNoCheck => "G-PINNED-NO-CHECK", ["g.4"];
    /// A pawn on its ninth rank with no kind to promote into, which cannot
    /// move, is taken to attack nothing: it gives no check.
    StuckPawnNoCheck => "G-STUCK-PAWN-NO-CHECK", ["g.7.3"];
    /// Stalemate wins for the side that stalemated.
    StalemateWins => "G-STALEMATE-WINS", ["g.8.2"];
    /// Insufficient material does not end the game.
    MaterialPlaysOn => "G-MATERIAL-PLAYS-ON", ["g.8.5"];
    /// The fifty-move rule counts fifty half-moves, not fifty moves each.
    FiftyMovePlies => "G-FIFTY-MOVE-PLIES", ["g.8.4"];
}

/// Fault G-PINNED-NO-CHECK: whether `side`'s king is safe after `mv` when
/// the attacks of enemy pieces pinned to their own king are ignored.
pub fn king_safe_ignoring_pinned(position: &Position, mv: Move) -> bool {
    let mut board: Board = position.board;
    if super::pawn::is_en_passant(position, mv) {
        if let Some(victim) = super::pawn::en_passant_victim(position.side, mv.to) {
            board.take(victim);
        }
    }
    board.relocate(mv.from, mv.to);
    !attacked_by_unpinned(&board, position.side)
}

/// Whether a piece of `side`'s opponent that is not pinned to its own king
/// attacks `side`'s king.
fn attacked_by_unpinned(board: &Board, side: Side) -> bool {
    let king = board.king(side);
    let them = side.opponent();
    let pinned = board.pinned(them);
    board.pieces().any(|(square, piece)| {
        piece.side == them
            && pinned & (1u128 << square.index()) == 0
            && board.attacks(piece, square, king, king)
    })
}

/// Fault G-STUCK-PAWN-NO-CHECK: whether `side`'s king is safe after `mv`
/// when the enemy pawns on their ninth rank that cannot move (their side
/// has no kind to promote into, clause g.7.3) are taken to attack nothing.
pub fn king_safe_ignoring_stuck_pawns(position: &Position, mv: Move) -> bool {
    let mut board: Board = position.board;
    if super::pawn::is_en_passant(position, mv) {
        if let Some(victim) = super::pawn::en_passant_victim(position.side, mv.to) {
            board.take(victim);
        }
    }
    board.relocate(mv.from, mv.to);
    let king = board.king(position.side);
    let them = position.side.opponent();
    let ninth = match them {
        Side::White => super::position::BOARD_SIDE - 2,
        Side::Black => 1,
    };
    let stuck = super::promotion::available_kinds(&board, them)
        .next()
        .is_none();
    let attacked = board.pieces().any(|(square, piece)| {
        piece.side == them
            && !(stuck && piece.kind == Kind::Pawn && square.rank() == ninth)
            && board.attacks(piece, square, king, king)
    });
    !attacked
}
