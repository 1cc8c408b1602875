//! The one integration test binary; each module tests one part.

mod support;

mod conform;
mod fast_path;
mod geometry;
mod journal;
mod misreadings;
mod notation;
mod perft;
mod pieces;
mod players;
mod properties;
mod records;
mod render;
mod rulings;
mod scenarios;
mod snapshots;
mod tournament;
mod turn_order;
mod uci;
mod variant_harness;
mod variants;
