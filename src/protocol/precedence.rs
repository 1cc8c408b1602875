//! The order of the refusal codes on each variant's protocol page
//! (`docs/protocol/<variant>.md`), taken from the reference's answers: an
//! action that breaks two rules at once is answered with the code of the
//! rule checked first. Each [`Witness`] is such an action, with the rules
//! it breaks reasoned from the rules (never pasted from the engine); the
//! reference is asked each one, and its answer must be one of them. The
//! page lists the variant's codes in its declared order, each answered
//! code moved before the codes its witness also breaks. Each variant
//! keeps its witnesses in its own folder (`<variant>/witnesses.rs`) and
//! names them in its protocol page data.

use crate::variant::{self, VariantId};

pub use crate::variant::witness::{Witness, START};

/// `variant`'s witnesses.
pub fn witnesses(variant: VariantId) -> &'static [Witness] {
    variant::info(variant).protocol.witnesses
}

/// The code the reference answers `witness` of `variant` with.
///
/// # Errors
/// When the position cannot be opened or the action is accepted.
pub fn answer(variant: VariantId, witness: &Witness) -> Result<String, PrecedenceError> {
    let rulings: Vec<String> = witness.rulings.iter().map(|r| r.to_string()).collect();
    let position = (witness.position != START).then_some(witness.position);
    let mut game = variant::open(variant, position, &rulings).map_err(|message| {
        PrecedenceError::Unopened {
            position: witness.position,
            message,
        }
    })?;
    match game.play(witness.action) {
        Ok(_) => Err(PrecedenceError::Accepted {
            position: witness.position,
            action: witness.action,
            breaks: witness.breaks.join(", "),
        }),
        Err(refusal) => Ok(refusal.code.to_string()),
    }
}

/// `variant`'s refusal codes in the reference's order of precedence: the
/// declared order, with the code the reference answers for each witness
/// moved before the other codes that witness breaks.
///
/// # Errors
/// A witness the reference answers with a code it does not list, or
/// witnesses that contradict each other (a circle).
pub fn refusal_order(variant: VariantId) -> Result<Vec<&'static str>, PrecedenceError> {
    let mut order: Vec<&'static str> = variant::info(variant).refusals.to_vec();
    let mut before: Vec<(&'static str, &'static str)> = Vec::new();
    for witness in witnesses(variant) {
        let code = answer(variant, witness)?;
        let Some(&first) = witness.breaks.iter().find(|&&c| c == code) else {
            return Err(PrecedenceError::OtherCode {
                position: witness.position,
                action: witness.action,
                code,
                breaks: witness.breaks.join(", "),
            });
        };
        for &other in witness.breaks.iter().filter(|&&c| c != first) {
            before.push((first, other));
        }
    }
    // Move each first code before the codes it beats until nothing moves;
    // more rounds than pairs means the pairs contradict each other.
    for _ in 0..=before.len() {
        let mut moved = false;
        for &(first, other) in &before {
            let (Some(at), Some(other_at)) = (
                order.iter().position(|&c| c == first),
                order.iter().position(|&c| c == other),
            ) else {
                return Err(PrecedenceError::UnknownCode {
                    variant,
                    first,
                    other,
                });
            };
            if at > other_at {
                let code = order.remove(at);
                order.insert(other_at, code);
                moved = true;
            }
        }
        if !moved {
            return Ok(order);
        }
    }
    Err(PrecedenceError::Circle { variant })
}

/// Why the order of a variant's refusal codes cannot be taken from the
/// reference.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PrecedenceError {
    /// A witness's position does not open.
    #[error("{position}: {message}")]
    Unopened {
        /// The position.
        position: &'static str,
        /// Why it does not open.
        message: variant::VariantError,
    },
    /// The reference accepts a witness's action.
    #[error("{position} {action}: accepted, but the witness says it breaks {breaks}")]
    Accepted {
        /// The position.
        position: &'static str,
        /// The action.
        action: &'static str,
        /// The codes the witness breaks.
        breaks: String,
    },
    /// The reference answers a code the witness does not break.
    #[error(
        "{position} {action}: the reference answers `{code}`, not one of the codes the witness breaks ({breaks})"
    )]
    OtherCode {
        /// The position.
        position: &'static str,
        /// The action.
        action: &'static str,
        /// The code answered.
        code: String,
        /// The codes the witness breaks.
        breaks: String,
    },
    /// A witness names a code the variant does not list.
    #[error("{variant}: `{first}` or `{other}` is not one of its refusal codes")]
    UnknownCode {
        /// The variant.
        variant: VariantId,
        /// The code answered first.
        first: &'static str,
        /// The code it beats.
        other: &'static str,
    },
    /// The witnesses contradict each other.
    #[error("{variant}: the witnesses contradict each other (a circle of precedence)")]
    Circle {
        /// The variant.
        variant: VariantId,
    },
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_witness_is_answered_with_a_code_it_breaks() {
        for (variant, witness) in VariantId::ALL
            .iter()
            .flat_map(|&variant| witnesses(variant).iter().map(move |w| (variant, w)))
        {
            let code = answer(variant, witness).unwrap_or_else(|error| panic!("{error}"));
            assert!(
                witness.breaks.contains(&code.as_str()),
                "{} {}: {code}",
                witness.position,
                witness.action
            );
        }
    }

    #[test]
    fn the_chess_pages_list_game_over_second_and_promotion_before_king_safety() {
        for variant in [VariantId::Grand, VariantId::Racingkings] {
            let order = refusal_order(variant).unwrap_or_else(|error| panic!("{error}"));
            assert_eq!(
                &order[..3],
                ["bad-notation", "game-over", "no-piece"],
                "{variant}"
            );
            let at = |code: &str| order.iter().position(|&c| c == code);
            assert!(at("leaves-king-in-check") < at("gives-check"), "{variant}");
            if variant == VariantId::Grand {
                for code in [
                    "promotion-required",
                    "promotion-not-allowed",
                    "promotion-unavailable",
                    "bad-promotion-piece",
                ] {
                    assert!(at(code) < at("leaves-king-in-check"), "{code}: {order:?}");
                }
            }
        }
    }

    /// The orders the witnesses of MONARCHIE, Three Kingdoms and
    /// Sovereign Chess fix, where the declared lists said otherwise.
    #[test]
    fn the_reference_answers_what_the_declared_lists_put_later() {
        let at = |variant: VariantId, code: &str| {
            let order = refusal_order(variant).unwrap_or_else(|error| panic!("{error}"));
            order
                .iter()
                .position(|&c| c == code)
                .unwrap_or_else(|| panic!("{variant}: no {code}"))
        };
        // A dead blocker is refused as dead before it is refused as
        // another party's piece.
        assert!(at(VariantId::Monarchie, "dead-piece") < at(VariantId::Monarchie, "wrong-party"));
        // A slider's blocked path is found before its length.
        assert!(
            at(VariantId::Sovereign, "blocked") < at(VariantId::Sovereign, "beyond-slide-limit")
        );
    }

    #[test]
    fn every_variant_has_witnesses() {
        for variant in VariantId::ALL {
            let count = witnesses(variant).len();
            assert!(count >= 3, "{variant}: {count} witnesses");
        }
    }

    #[test]
    fn every_variant_has_an_order_of_all_its_codes() {
        for variant in VariantId::ALL {
            let order = refusal_order(variant).unwrap_or_else(|error| panic!("{error}"));
            let mut sorted = order.clone();
            sorted.sort_unstable();
            let mut declared = variant::info(variant).refusals.to_vec();
            declared.sort_unstable();
            assert_eq!(sorted, declared, "{variant}");
        }
    }
}
