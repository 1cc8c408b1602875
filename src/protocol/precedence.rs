//! The order of the refusal codes on each variant's protocol page
//! (docs/protocol/<variant>.md), taken from the reference's answers: an
//! action that breaks two rules at once is answered with the code of the
//! rule checked first. Each [`Witness`] is such an action, with the rules
//! it breaks reasoned from the rules (never pasted from the engine); the
//! reference is asked each one, and its answer must be one of them. The
//! page lists the variant's codes in its declared order, each answered
//! code moved before the codes its witness also breaks.

use crate::variant::{self, VariantId};

/// An action that breaks several rules at once.
#[derive(Clone, Copy, Debug)]
pub struct Witness {
    /// The rule system.
    pub variant: VariantId,
    /// The position, in the variant's notation.
    pub position: &'static str,
    /// The action.
    pub action: &'static str,
    /// The codes of every rule the action breaks.
    pub breaks: &'static [&'static str],
    /// Why it breaks them.
    pub why: &'static str,
}

/// The witnesses of every variant.
pub const WITNESSES: &[Witness] = &[
    Witness {
        variant: VariantId::Grand,
        position: "10/10/10/10/10/10/10/2k7/1q8/K9 w - - 0 1",
        action: "zz",
        breaks: &["bad-notation", "game-over"],
        why: "White is mated (queen on b2 guarded by the king on c3), and the text names no square",
    },
    Witness {
        variant: VariantId::Grand,
        position: "10/10/10/10/10/10/10/2k7/1q8/K9 w - - 0 1",
        action: "e5e6",
        breaks: &["game-over", "no-piece"],
        why: "White is mated, and e5 is empty",
    },
    Witness {
        variant: VariantId::Grand,
        position: "10/K3P4r/10/10/10/10/10/10/10/9k w - - 0 1",
        action: "e9e10",
        breaks: &["promotion-required", "leaves-king-in-check"],
        why: "a pawn reaching the tenth rank must promote (g.7), and this one shields its king on a9 from the rook on j9",
    },
    Witness {
        variant: VariantId::Grand,
        position: "10/K3P4r/10/10/10/10/10/10/10/9k w - - 0 1",
        action: "e9e10k",
        breaks: &["bad-promotion-piece", "leaves-king-in-check"],
        why: "a pawn never becomes a king, and the pawn shields its king on a9 from the rook on j9",
    },
    Witness {
        variant: VariantId::Grand,
        position: "10/K3P4r/10/10/10/10/10/10/Q9/9k w - - 0 1",
        action: "e9e10q",
        breaks: &["promotion-unavailable", "leaves-king-in-check"],
        why: "White still has its one queen on a2, so no pawn may become one (g.7), and the pawn shields its king on a9",
    },
    Witness {
        variant: VariantId::Grand,
        position: "10/10/10/10/K3P4r/10/10/10/10/9k w - - 0 1",
        action: "e6e7q",
        breaks: &["promotion-not-allowed", "leaves-king-in-check"],
        why: "the seventh rank is outside the promotion zone, and the pawn shields its king on a6 from the rook on j6",
    },
    Witness {
        variant: VariantId::Racingkings,
        position: "1K4k1/8/8/8/8/8/8/8 b - - 0 1",
        action: "zz",
        breaks: &["bad-notation", "game-over"],
        why: "both kings stand on the eighth rank, so the race is drawn (rk.5.2), and the text names no square",
    },
    Witness {
        variant: VariantId::Racingkings,
        position: "1K4k1/8/8/8/8/8/8/8 b - - 0 1",
        action: "a1a2",
        breaks: &["game-over", "no-piece"],
        why: "the race is over, and a1 is empty",
    },
    Witness {
        variant: VariantId::Racingkings,
        position: "8/3kr3/8/8/8/8/4R3/4K3 w - - 0 1",
        action: "e2d2",
        breaks: &["leaves-king-in-check", "gives-check"],
        why: "the rook on e2 shields its king on e1 from the rook on e7, and on d2 it would attack the king on d7",
    },
];

/// The code the reference answers `witness` with.
///
/// # Errors
/// When the position cannot be opened or the action is accepted.
pub fn answer(witness: &Witness) -> Result<String, String> {
    let mut game = variant::open(witness.variant, Some(witness.position), &[])
        .map_err(|message| format!("{}: {message}", witness.position))?;
    match game.play(witness.action) {
        Ok(_) => Err(format!(
            "{} {}: accepted, but the witness says it breaks {}",
            witness.position,
            witness.action,
            witness.breaks.join(", ")
        )),
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
pub fn refusal_order(variant: VariantId) -> Result<Vec<&'static str>, String> {
    let mut order: Vec<&'static str> = variant::info(variant).refusals.to_vec();
    let mut before: Vec<(&'static str, &'static str)> = Vec::new();
    for witness in WITNESSES.iter().filter(|w| w.variant == variant) {
        let code = answer(witness)?;
        let Some(&first) = witness.breaks.iter().find(|&&c| c == code) else {
            return Err(format!(
                "{} {}: the reference answers `{code}`, not one of the codes the witness breaks ({})",
                witness.position,
                witness.action,
                witness.breaks.join(", ")
            ));
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
                return Err(format!(
                    "{variant}: `{first}` or `{other}` is not one of its refusal codes"
                ));
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
    Err(format!(
        "{variant}: the witnesses contradict each other (a circle of precedence)"
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_witness_is_answered_with_a_code_it_breaks() {
        for witness in WITNESSES {
            let code = answer(witness).unwrap_or_else(|error| panic!("{error}"));
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
