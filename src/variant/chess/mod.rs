//! The two-player board core that Grand Chess and Racing Kings share:
//! [`square`]s of a rectangular board up to 10x10, the [`side`]s, the
//! [`piece`] kinds and their movement patterns, the [`geometry`] tables,
//! the [`board`] with attack detection, [`fen`], coordinate [`moves`], the
//! [`zobrist`] keys and the [`history`] of them for repetition, what every
//! variant's [`position`] keeps (with the numbers of the draw claims), the
//! [`refusal`] codes and shared checks, and the text shell [`game`] that
//! speaks FEN and coordinate moves for any variant that supplies the rules.
//!
//! It holds no rule of either game: no pawn moves, no promotion, no goal,
//! no end of the game. Those live in [`super::grand`] and
//! [`super::racingkings`].

pub mod board;
pub mod fen;
pub mod frames;
pub mod game;
pub mod geometry;
pub mod history;
pub mod moves;
pub mod picture;
pub mod piece;
pub mod position;
pub mod protocol_doc;
pub mod refusal;
pub mod side;
pub mod square;
pub mod zobrist;

pub use board::{Board, Reach};
pub use geometry::Geometry;
pub use history::History;
pub use moves::Move;
pub use piece::{Kind, Piece};
pub use position::{ChessPosition, Core, DrawClaims};
pub use refusal::RefusalCode;
pub use side::Side;
pub use square::Square;

/// Sorted text of moves, as [`crate::variant::Game::legal_moves`] returns
/// them.
pub fn sorted_texts(moves: impl IntoIterator<Item = Move>) -> Vec<String> {
    let mut texts: Vec<String> = moves.into_iter().map(|mv| mv.to_string()).collect();
    texts.sort();
    texts
}
