//! Computer players ("Joshuas", clause 19) of every variant, through the
//! game interface, and games between them recorded in the variant's
//! record format ([`any`]). A rule system's own players and game runner
//! live in its folder (MONARCHIE's, with its journal:
//! `variant/monarchie/players/`).
//!
//! Every player is deterministic for its seed: the same seed and the same
//! positions give the same moves on every platform.

pub mod any;

pub use crate::variant::journal::{Joshua, UnknownPlayer};
pub use any::{play_recorded, GamePlayer};
