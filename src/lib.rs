//! regelwerk: a rules-specification test oracle for five rule systems:
//! MONARCHIE (six parties on a 253-cell hexagram), Grand Chess, Racing
//! Kings, Three Kingdoms Xiangqi and Sovereign Chess. Each lives in its
//! own folder under [`variant`] and joins the harness through its
//! [`variant::VariantInfo`] entry; the harness parts ([`scenario`],
//! [`protocol`], [`conform`], [`fuzz`], [`journal`], [`record`], [`report`]) sit
//! beside them and are the same for every rule system.
//!
//! MONARCHIE's reference engine reads like the rulebook: `geometry`
//! (clause 2), `party` (clause 3), `piece` (clause 6), `setup` and
//! `position` (the state), `rules` (clauses 4-16), `start` (Anhang A).
//! Every ruling where the text is silent is a field of its
//! `ruleset::Ruleset`. These modules live in [`variant::monarchie`] and
//! are reached by their full paths (`regelwerk::variant::monarchie::cell`),
//! like every other rule system's.

#![warn(missing_docs)]

pub mod budget;
pub mod conform;
pub mod draw;
pub mod explore;
pub mod fuzz;
pub mod input;
pub mod journal;
pub mod output;
pub mod parser_checks;
pub mod perftfile;
pub mod players;
pub mod protocol;
pub mod record;
pub mod render;
pub mod report;
pub mod rng;
pub mod scenario;
pub mod shard;
pub mod spec;
pub mod suite;
pub mod variant;
