//! `fuzz --fault ID` (issue 47): random games of the reference against
//! the reference playing one misreading. The faulted reference is just
//! another [`crate::protocol::responder::Responder`]
//! ([`crate::protocol::responder::InProcess`] with the fault forced), so the
//! differential driver of `fuzz --engine`
//! ([`crate::conform::difffuzz::fuzz_game`]) plays the games, compares the
//! move lists and outcomes after every action and shrinks each difference
//! to the latest starting point that still shows it. The positions found
//! are where the misreading shows in play: material for scenarios (whose
//! expectations are still reasoned from the rules, never pasted).

use std::collections::BTreeSet;

use super::{fuzz_game, fuzz_game_from, DivergentGame};
use crate::protocol::responder::InProcess;
use crate::variant::{VariantError, VariantId, FAULT_PREFIX};

/// The reference engine in this process playing the misreading `fault`.
///
/// # Errors
/// [`VariantError`] when `fault` is not a misreading of `variant`.
fn faulty_reference(variant: VariantId, fault: &str) -> Result<InProcess, VariantError> {
    if let Some(error) = crate::variant::faults::foreign_faults(variant, &[fault.to_string()]) {
        return Err(error);
    }
    Ok(InProcess {
        forced: vec![format!("{FAULT_PREFIX}{fault}")],
    })
}

/// The differences found so far, each shrunk difference once (by its
/// start, actions and diverging action), in the order found.
#[derive(Default)]
struct Distinct {
    seen: BTreeSet<(String, Vec<String>, Option<String>)>,
    games: Vec<DivergentGame>,
}

impl Distinct {
    /// Keeps `found` as game `index` unless the same difference is kept
    /// already; whether it was new.
    fn keep(&mut self, mut found: DivergentGame, index: u64) -> bool {
        found.game = Some(index);
        let key = (
            found.start.clone(),
            found.actions.clone(),
            found.diverging_action.clone(),
        );
        let new = self.seen.insert(key);
        if new {
            self.games.push(found);
        }
        new
    }
}

/// Plays `games` random games (seeds `seed`, `seed + 1`, ...) of at most
/// `max_plies` actions with the reference against the reference playing
/// the misreading `fault`; every game's first difference, shrunk, in game
/// order, the same shrunk difference once. With `first_only` it stops at
/// the first.
///
/// # Errors
/// [`VariantError`] when `fault` is not a misreading of `variant`.
pub fn fault_differences(
    variant: VariantId,
    fault: &str,
    seed: u64,
    games: u64,
    max_plies: usize,
    rulings: &[String],
    first_only: bool,
) -> Result<Vec<DivergentGame>, VariantError> {
    let mut engine = faulty_reference(variant, fault)?;
    let mut found_once = Distinct::default();
    for index in 0..games {
        let game_seed = seed.wrapping_add(index);
        if let Err(found) = fuzz_game(&mut engine, variant, game_seed, max_plies, 0, rulings) {
            if found_once.keep(*found, index) && first_only {
                break;
            }
        }
    }
    Ok(found_once.games)
}

/// [`fault_differences`] from given start positions instead of random
/// ones (`fuzz --fault ID --from-suite`: the start of every scenario of
/// the variant's suite, each with its own ruling settings): one game of
/// at most `max_plies` actions from each, seeded `seed + i`.
///
/// # Errors
/// [`VariantError`] when `fault` is not a misreading of `variant`.
pub fn fault_differences_from(
    variant: VariantId,
    fault: &str,
    starts: &[(String, Vec<String>)],
    seed: u64,
    max_plies: usize,
    first_only: bool,
) -> Result<Vec<DivergentGame>, VariantError> {
    let mut engine = faulty_reference(variant, fault)?;
    let mut found_once = Distinct::default();
    for (index, (start, rulings)) in starts.iter().enumerate() {
        let game_seed = seed.wrapping_add(index as u64);
        if let Err(found) =
            fuzz_game_from(&mut engine, variant, game_seed, start, max_plies, rulings)
        {
            if found_once.keep(*found, index as u64) && first_only {
                break;
            }
        }
    }
    Ok(found_once.games)
}

/// One line for a difference: the game, the shrunk start and actions, and
/// what differs.
pub fn difference_line(found: &DivergentGame) -> String {
    let actions = if found.actions.is_empty() {
        String::new()
    } else {
        format!(" after {}", found.actions.join(" "))
    };
    let at = found
        .diverging_action
        .as_ref()
        .map_or(String::new(), |a| format!(", playing {a}"));
    format!(
        "game {} (seed {}): from {}{actions}{at}: {}",
        found.game.unwrap_or(0),
        found.seed,
        found.start,
        found
            .divergence
            .describe(found.variant)
            .lines()
            .next()
            .unwrap_or("")
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_misreading_of_the_knight_differs_in_the_first_games() {
        let found = fault_differences(
            VariantId::Grand,
            "G-MARSHAL-ROOK-ONLY",
            1,
            20,
            200,
            &[],
            true,
        )
        .unwrap();
        assert_eq!(found.len(), 1, "no difference in 20 games");
        assert!(difference_line(&found[0]).contains("seed"));
    }

    #[test]
    fn an_unknown_misreading_is_named() {
        let error = fault_differences(VariantId::Grand, "G-NOPE", 1, 1, 10, &[], true)
            .unwrap_err()
            .to_string();
        assert!(error.contains("G-NOPE"), "{error}");
    }
}
