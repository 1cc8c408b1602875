//! The one integration test binary; each module tests one part.

mod support;

mod conform;
mod geometry;
mod notation;
mod perft;
mod pieces;
mod properties;
mod rulings;
mod scenarios;
mod snapshots;
mod turn_order;
