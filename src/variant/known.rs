//! Known rule differences between the reference and an outside engine:
//! each rule system lists its own (`<variant>/known.rs`, reached through
//! [`super::VariantInfo::known_differences`]), each by the finding that
//! records it, with a sign that recognises it from the reference's view
//! of the diverging position or from the two answers. The harness that
//! counts them is `regelwerk::conform::known`.

use super::{Game, Status};

/// How a known difference shows.
#[derive(Debug)]
pub enum Sign {
    /// The reference's status at the diverging position marks it, while
    /// the engine plays on.
    Ended(fn(&Status, &dyn Game) -> bool),
    /// The two answers to one action agree but for the en-passant field of
    /// the position text: the reference writes `-`, the engine a square.
    EnPassantField,
}

/// One known difference.
#[derive(Debug)]
pub struct KnownDifference {
    /// The finding that records it (`spec/<variant>/findings.yaml`).
    pub finding: &'static str,
    /// What it looks like, one line.
    pub what: &'static str,
    /// How it is recognised.
    pub sign: Sign,
}
