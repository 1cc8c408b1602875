//! Placeholder (being written).

use super::Game;

/// Opens a game (placeholder).
///
/// # Errors
/// Always, until the engine lands.
pub fn open(_position: Option<&str>, _rulings: &[String]) -> Result<Box<dyn Game>, String> {
    Err("not implemented yet".to_string())
}
