//! The legal moves: clause g.3 (the pieces' patterns, from the board core)
//! and g.5 (pawns, with g.7 promotion), filtered by g.4 (king safety).

use crate::variant::chess::{Board, Kind, Move, Piece, Side, Square};

use super::position::{Position, BOARD_SIDE};
use super::readings::{CardinalPattern, KingAttackers, MarshalPattern};
use super::{pawn, promotion, safety, Grand};

/// Clauses g.3-g.5 and g.7: appends to `out` the legal moves of the side
/// to move, of the piece on `only` if given. (Whether the game is over is
/// the caller's business.)
pub fn legal_moves(position: &Position, only: Option<Square>, rules: &Grand, out: &mut Vec<Move>) {
    let board = &position.board;
    let side = position.side;
    let checked = board.in_check(side);
    let pinned = board.pinned(side);
    let king = board.king(side);
    let mut push = |mv: Move| {
        // Clause g.4. A move that is not the king's, from a square that
        // shields no line to the king, while not in check and not en
        // passant, cannot expose the king; every other move is tried.
        let risky = checked
            || mv.from == king
            || pinned & (1u128 << mv.from.index()) != 0
            || (position.en_passant == Some(mv.to) && pawn::is_en_passant(position, mv));
        if !risky || king_safe(position, mv, rules) {
            out.push(mv);
        }
    };
    for (from, piece) in board.pieces() {
        if piece.side != side || only.is_some_and(|only| only != from) {
            continue;
        }
        if piece.kind == Kind::Pawn {
            pawn::moves(position, from, rules, &mut push);
        } else if leap_never_captures(piece, rules) {
            // G-MARSHAL-ROOK-ONLY.2, G-CARDINAL-BISHOP-ONLY.2: the knight
            // leap onto an enemy piece is dropped.
            piece_moves(board, from, piece, &mut |mv| {
                if !(is_leap(mv) && board.piece(mv.to).is_some()) {
                    push(mv);
                }
            });
        } else {
            piece_moves(board, from, moving_as(piece, rules), &mut push);
        }
    }
}

/// Clause g.4 (with g.7.3): whether the mover's king is safe after `mv`:
/// every enemy piece attacks by its pattern, one pinned to its own king
/// and a pawn that cannot move too.
#[inline]
fn king_safe(position: &Position, mv: Move, rules: &Grand) -> bool {
    match rules.reading::<KingAttackers>() {
        KingAttackers::Every => safety::keeps_king_safe(position, mv),
        KingAttackers::PinnedIgnored => {
            safety::keeps_king_safe_ignoring(position, mv, |board, them| board.pinned(them))
        }
        KingAttackers::PinnedBeforeIgnored => {
            let before = position.board.pinned(position.side.opponent());
            safety::keeps_king_safe_ignoring(position, mv, |_, _| before)
        }
        KingAttackers::ImmobilePawnsIgnored => {
            safety::keeps_king_safe_ignoring(position, mv, immobile_pawns)
        }
        KingAttackers::StuckPawnsIgnored => {
            safety::keeps_king_safe_ignoring(position, mv, |board, them| {
                let ninth = match them {
                    Side::White => BOARD_SIDE - 2,
                    Side::Black => 1,
                };
                let stuck = promotion::available_kinds(board, them).next().is_none();
                board
                    .pieces()
                    .filter(|(square, piece)| {
                        stuck
                            && piece.side == them
                            && piece.kind == Kind::Pawn
                            && square.rank() == ninth
                    })
                    .fold(0, |bits, (square, _)| bits | 1u128 << square.index())
            })
        }
    }
}

/// G-STUCK-PAWN-NO-CHECK.2: the squares of `them`'s pawns on `board` that
/// have no move of their own: the step ahead is blocked (or barred by
/// clause g.7.3) and no diagonal square ahead holds a piece to take other
/// than a king.
fn immobile_pawns(board: &Board, them: Side) -> u128 {
    let geometry = board.geometry();
    let kinds_left = promotion::available_kinds(board, them).next().is_some();
    let may_enter =
        |to: Square| kinds_left || promotion::zone(them, to.rank()) != promotion::Zone::Mandatory;
    board
        .pieces()
        .filter(|(_, piece)| piece.side == them && piece.kind == Kind::Pawn)
        .filter(|&(from, _)| {
            let step = from
                .offset(0, them.forward())
                .filter(|s| geometry.contains(*s))
                .is_some_and(|to| board.piece(to).is_none() && may_enter(to));
            let take = geometry.pawn_attacks(them, from).iter().any(|&to| {
                board
                    .piece(to)
                    .is_some_and(|p| p.side != them && p.kind != Kind::King)
                    && may_enter(to)
            });
            !step && !take
        })
        .fold(0, |bits, (square, _)| bits | 1u128 << square.index())
}

/// G-MARSHAL-ROOK-ONLY.2 and G-CARDINAL-BISHOP-ONLY.2: whether `piece`'s
/// knight leap is read as one that never captures.
#[inline]
fn leap_never_captures(piece: Piece, rules: &Grand) -> bool {
    match piece.kind {
        Kind::Marshal => rules.reading::<MarshalPattern>() == MarshalPattern::LeapNeverCaptures,
        Kind::Cardinal => rules.reading::<CardinalPattern>() == CardinalPattern::LeapNeverCaptures,
        _ => false,
    }
}

/// Whether `mv` has the shape of a knight's leap.
#[inline]
fn is_leap(mv: Move) -> bool {
    let files = mv.from.file().abs_diff(mv.to.file());
    let ranks = mv.from.rank().abs_diff(mv.to.rank());
    matches!((files, ranks), (1, 2) | (2, 1))
}

/// Clauses g.3.6 and g.3.7: the pattern `piece` moves by; the marshal and
/// the cardinal keep their knight leap.
#[inline]
fn moving_as(piece: Piece, rules: &Grand) -> Piece {
    match piece.kind {
        Kind::Marshal => match rules.reading::<MarshalPattern>() {
            MarshalPattern::RookOrKnight | MarshalPattern::LeapNeverCaptures => piece,
            MarshalPattern::RookOnly => Piece::new(piece.side, Kind::Rook),
        },
        Kind::Cardinal => match rules.reading::<CardinalPattern>() {
            CardinalPattern::BishopOrKnight | CardinalPattern::LeapNeverCaptures => piece,
            CardinalPattern::BishopOnly => Piece::new(piece.side, Kind::Bishop),
        },
        _ => piece,
    }
}

/// Clause g.3: the moves of a piece other than a pawn by its pattern, onto
/// empty squares and enemy pieces: g.3.1 king (one step), g.3.2 queen
/// (rook or bishop), g.3.3 rook, g.3.4 bishop, g.3.5 knight, g.3.6 marshal
/// (rook or knight), g.3.7 cardinal (bishop or knight). No castling
/// (clause g.6).
#[inline]
fn piece_moves(board: &Board, from: Square, piece: Piece, emit: &mut impl FnMut(Move)) {
    board.targets(from, piece, |to| emit(Move::new(from, to)));
}
