//! Refusal-precedence witnesses: an action that breaks two or more rules
//! at once, with the rules it breaks reasoned from the rules. Each rule
//! system keeps its own in `<variant>/witnesses.rs` and reaches the
//! harness through its protocol page data ([`super::ProtocolDoc`]); the
//! reference is asked each one when the pages are written and tested
//! (`regelwerk::protocol::precedence`), and the code it answers is never
//! written here.
//!
//! Pairs of codes that can never apply together (no piece on the square
//! and the piece being another party's; a move that is not the piece's
//! and one whose path is blocked) have no witness: their order on the
//! page is the variant's declared order and decides nothing.

/// The position a witness names to play from the variant's start
/// position (MONARCHIE's Anhang A, the other variants' `start`).
pub const START: &str = "start";

/// An action that breaks several rules at once.
#[derive(Clone, Copy, Debug)]
pub struct Witness {
    /// The position, in the variant's notation.
    pub position: &'static str,
    /// Ruling settings `ID=key` the position is played under (most
    /// witnesses play the defaults).
    pub rulings: &'static [&'static str],
    /// The action.
    pub action: &'static str,
    /// The codes of every rule the action breaks.
    pub breaks: &'static [&'static str],
    /// Why it breaks them.
    pub why: &'static str,
}
