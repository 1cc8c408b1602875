//! The shared harness, the same for every rule system: formats, runners, protocol, conformance, fuzzing, records, diagrams, reports, documentation and layering.

mod bounds;
mod conform;
mod doc_commands;
mod engine_faults;
mod explore;
pub mod fast_harness;
mod field_separators;
mod fuzz_checks;
mod german;
pub mod hostile;
mod implementations;
mod implementers;
pub mod messages;
mod misreadings;
mod perft_records;
mod properties;
mod records;
mod render;
mod resume;
mod rulings;
mod runner;
mod scale;
mod scenarios;
mod structure;
mod uci;
mod unreadable_files;
mod variant_harness;
