//! Searches that recheck the rejections of `spec/grand/misreadings.yaml`
//! whose reason is a claim about geometry or reachability (issue 47, item
//! 4). Each test states the claim, searches the engine's own position, and
//! asserts what it found; the answer is recorded in the rejection's
//! `search` line.

use crate::variant::chess::{Kind, Side};

use super::position::{Position, START_FEN};

/// g.6/1, "Allows castling as in chess": rejected because "chess castling
/// has no squares here". Chess castling needs a king and a rook that have
/// never moved, on one rank. Searched over the start position, the only
/// place where pieces have not moved: for each side, the rooks on its
/// king's rank. None (the kings stand on e2 and e9, the rooks on a1, j1,
/// a10 and j10), and a FEN cannot name a castling right, so no position of
/// play holds an unmoved pair; the claim holds.
#[test]
fn chess_castling_has_no_king_and_rook_pair() {
    let start = Position::start();
    let board = &start.board;
    let mut pairs = Vec::new();
    for side in Side::ALL {
        let king = board.king(side);
        for (square, piece) in board.pieces() {
            if piece.side == side && piece.kind == Kind::Rook && square.rank() == king.rank() {
                pairs.push((side, king, square));
            }
        }
    }
    assert!(pairs.is_empty(), "king and rook on one rank: {pairs:?}");
    let kings: Vec<String> = Side::ALL
        .iter()
        .map(|&side| board.king(side).to_string())
        .collect();
    assert_eq!(kings, ["e2", "e9"]);
    for rights in ["KQkq", "K", "q", "AJaj"] {
        let fen = START_FEN.replacen(" - ", &format!(" {rights} "), 1);
        assert!(
            super::open(Some(&fen), &[]).is_err(),
            "castling rights accepted: {fen}"
        );
    }
}
