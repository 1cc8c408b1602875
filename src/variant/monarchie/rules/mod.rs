//! The rules of Part I of the rulebook, each in the file named for it:
//! piece movement ([`movegen`], [`pawn`]), attack and check ([`attack`]),
//! which moves are legal and why one is not ([`legality`]), what a move
//! does ([`effects`]), who moves next ([`turn`]), and the whole action
//! ([`apply`](mod@apply)).

pub mod apply;
pub mod attack;
pub mod effects;
pub mod legality;
pub mod movegen;
pub mod pawn;
pub mod turn;

pub use apply::{apply, Event, Outcome};
pub use attack::{in_check, is_attacked, parties_in_check};
pub use effects::Capture;
pub use legality::{
    check_move, has_legal_move, legal_moves, legal_moves_from, legal_moves_of, Illegal,
};
pub use turn::{Cause, Elimination};
