//! Random games for property testing. The one driver of every variant is
//! [`game`]. Each variant's generators and invariants live with the
//! variant (MONARCHIE's: [`crate::variant::monarchie::random`] and
//! [`crate::variant::monarchie::invariants`]); the seeded generator is
//! [`crate::rng`], below both.

pub mod game;
