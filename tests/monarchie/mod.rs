//! MONARCHIE: the board, notation, pieces, turn order, perft corpus, fast path, computer players, journals, tournament and move snapshots.

mod fast_path;
mod geometry;
mod journal;
mod notation;
mod perft;
mod pieces;
mod players;
mod snapshots;
mod tournament;
mod turn_order;
