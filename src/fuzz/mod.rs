//! Random games for property testing. The one driver of every variant is
//! [`game`]. Each variant's generators and invariants live with the
//! variant (MONARCHIE's: [`crate::variant::monarchie::random`] and
//! [`crate::variant::monarchie::invariants`]); the seeded generator is
//! [`crate::rng`], below both. [`progress`] tells how a run goes while it
//! runs; [`crate::conform::difffuzz::diagnose`] names the cause of a difference `fuzz --engine`
//! found.

pub mod game;
pub mod progress;
