//! The one integration test binary; each module tests one part.

mod support;

mod conform;
mod doc_commands;
mod fast_path;
mod fuzz_checks;
mod geometry;
mod hostile;
mod hostile_bounds;
mod hostile_faults;
mod hostile_messages;
mod implementers;
mod journal;
mod misreadings;
mod notation;
mod perft;
mod perft_records;
mod pieces;
mod players;
mod properties;
mod racingkings_fast;
mod records;
mod render;
mod rulings;
mod scale;
mod scenarios;
mod snapshots;
mod sovereign;
mod sovereign_fast;
mod threekingdoms;
mod threekingdoms_misreadings;
mod tournament;
mod turn_order;
mod uci;
mod variant_harness;
mod variants;
