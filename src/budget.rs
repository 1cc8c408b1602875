//! Node budgets for perft: the size of a perft is estimated from the
//! shallow counts before it runs, and a depth whose estimate exceeds the
//! budget is refused (`perft 100` must not silently run forever).

use std::fmt;
use std::str::FromStr;

use crate::input::check_perft_depth;
use crate::variant::Game;

/// The default budget of `perft` and `divide`: ten billion nodes, about
/// an hour of the reference engine on one core.
pub const DEFAULT_MAX_NODES: u64 = 10_000_000_000;

/// The budget of a perft request to `serve`: a hundred million nodes, so
/// that one request cannot block the server for more than a minute or so.
pub const SERVE_MAX_NODES: u64 = 100_000_000;

/// The budget of a scenario's `perft` step: a billion nodes (the suites'
/// deepest steps are far below it), so that a hand-written deep step is
/// refused instead of running for hours.
pub const SCENARIO_MAX_NODES: u64 = 1_000_000_000;

/// The shallow counts stop once a level holds this many nodes; the rest
/// is extrapolated.
const SAMPLE_NODES: u64 = 20_000;

/// How many nodes a perft may visit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NodeBudget {
    /// At most this many (estimated).
    AtMost(u64),
    /// No limit (asked for with `--max-nodes none`).
    Unlimited,
}

impl Default for NodeBudget {
    fn default() -> Self {
        NodeBudget::AtMost(DEFAULT_MAX_NODES)
    }
}

impl fmt::Display for NodeBudget {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NodeBudget::AtMost(nodes) => write!(f, "{nodes}"),
            NodeBudget::Unlimited => f.write_str("none"),
        }
    }
}

impl FromStr for NodeBudget {
    type Err = String;

    /// A whole number (`5000000`, `1e9`, `2_000_000`) or `none`.
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let text = text.trim();
        if text.eq_ignore_ascii_case("none") {
            return Ok(NodeBudget::Unlimited);
        }
        let digits = text.replace('_', "");
        if let Ok(nodes) = digits.parse::<u64>() {
            return Ok(NodeBudget::AtMost(nodes));
        }
        match digits.split_once(['e', 'E']) {
            Some((mantissa, exponent)) => {
                let mantissa: u64 = mantissa.parse().map_err(|_| expected(text))?;
                let exponent: u32 = exponent.parse().map_err(|_| expected(text))?;
                10u64
                    .checked_pow(exponent)
                    .and_then(|power| power.checked_mul(mantissa))
                    .map(NodeBudget::AtMost)
                    .ok_or_else(|| format!("'{text}' is more than {} nodes", u64::MAX))
            }
            None => Err(expected(text)),
        }
    }
}

fn expected(text: &str) -> String {
    format!(
        "'{}' is not a node budget: expected a whole number (e.g. 5000000 or 1e9) or `none`",
        crate::input::quote(text)
    )
}

/// An estimate of a perft's size.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Estimate {
    /// The estimated node count (exact when `exact`).
    pub nodes: f64,
    /// Whether the count was reached without extrapolating.
    pub exact: bool,
}

/// How much each level beyond the counted ones may grow over the
/// largest growth seen: the estimate is meant as an upper bound, and the
/// branching of chess-like games grows with depth (Racing Kings from its
/// start: 20.0, 26.7, 26.3, 32.0, 31.5, 36.0 from level 2 to 7).
const SAFETY: f64 = 1.5;

/// How many positions of the last counted level are sampled for their
/// real branching.
const SAMPLES: u64 = 64;

/// Estimates perft `depth` from `game`, the same whatever budget it is
/// checked against. The levels are counted exactly while a level holds
/// fewer than 20,000 nodes (then the estimate is exact). Past that, each
/// further level grows by at most `SAFETY` times the largest of: the
/// last counted level's growth, and the real branching one level further
/// down, sampled at `SAMPLES` positions of the level before (the
/// subtree of two levels below each counted exactly). The result is an
/// upper bound by construction unless the branching grows by more than
/// half from one level to the next.
pub fn estimate(game: &dyn Game, depth: u32) -> Estimate {
    let mut previous = 1u64;
    for level in 1..=depth {
        let nodes = game.perft(level);
        if level == depth || nodes == 0 {
            return Estimate {
                nodes: nodes as f64,
                exact: true,
            };
        }
        if nodes >= SAMPLE_NODES {
            let counted = nodes as f64 / previous.max(1) as f64;
            let growth = SAFETY * counted.max(sampled_growth(game, level)).max(1.0);
            return Estimate {
                nodes: nodes as f64 * growth.powi((depth - level) as i32),
                exact: false,
            };
        }
        previous = nodes;
    }
    Estimate {
        nodes: 1.0,
        exact: true,
    }
}

/// The branching of positions `level` plies from `game`: at [`SAMPLES`]
/// positions `level - 1` plies deep (reached by fixed pseudo-random
/// walks), the nodes two levels below over the nodes one level below.
fn sampled_growth(game: &dyn Game, level: u32) -> f64 {
    let (mut children, mut grandchildren) = (0u64, 0u64);
    for sample in 0..SAMPLES {
        let mut node = game.boxed_clone();
        let mut state = sample.wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ 0x2545_f491_4f6c_dd1d;
        let mut reached = true;
        for _ in 1..level {
            let moves = node.legal_moves();
            if moves.is_empty() {
                reached = false;
                break;
            }
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let pick = &moves[(state % moves.len() as u64) as usize];
            if node.play(pick).is_err() {
                reached = false;
                break;
            }
        }
        if reached {
            children += node.perft(1);
            grandchildren += node.perft(2);
        }
    }
    grandchildren as f64 / children.max(1) as f64
}

/// Checks a perft of `depth` from `game` against the depth limit and the
/// budget; `flag` names the budget in the error (an option such as
/// `--max-nodes` is also offered as the way to raise it).
///
/// `Ok(Some(count))` when the check counted the perft exactly on the way.
///
/// # Errors
/// [`BudgetError`]: the depth is over the limit, or the estimate over
/// the budget (with how to raise it).
pub fn check(
    game: &dyn Game,
    depth: u32,
    budget: NodeBudget,
    flag: &str,
) -> Result<Option<u64>, BudgetError> {
    check_perft_depth(depth)?;
    let NodeBudget::AtMost(limit) = budget else {
        return Ok(None);
    };
    let estimate = estimate(game, depth);
    if estimate.nodes > limit as f64 {
        return Err(BudgetError::OverBudget {
            depth,
            estimate,
            limit,
            flag: flag.to_string(),
        });
    }
    Ok(estimate.exact.then_some(estimate.nodes as u64))
}

/// Why a perft is refused before it runs.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum BudgetError {
    /// Deeper than [`crate::input::MAX_PERFT_DEPTH`].
    #[error(transparent)]
    TooDeep(#[from] crate::input::InputError),
    /// Larger than the node budget.
    #[error(
        "perft {depth} from this position is {} {:.3e} nodes, more than the budget of {limit} ({flag}){}",
        if estimate.exact { "exactly" } else { "estimated at" },
        estimate.nodes,
        raise(flag)
    )]
    OverBudget {
        /// The depth asked for.
        depth: u32,
        /// The perft's size.
        estimate: Estimate,
        /// The budget.
        limit: u64,
        /// What names the budget (an option such as `--max-nodes`).
        flag: String,
    },
}

/// How to raise a budget named by an option; nothing for other budgets.
fn raise(flag: &str) -> String {
    if flag.starts_with("--") {
        format!("; raise it with {flag} N, or {flag} none")
    } else {
        String::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn budgets_read() {
        assert_eq!("none".parse(), Ok(NodeBudget::Unlimited));
        assert_eq!("1e9".parse(), Ok(NodeBudget::AtMost(1_000_000_000)));
        assert_eq!("2_000".parse(), Ok(NodeBudget::AtMost(2000)));
        assert!("lots".parse::<NodeBudget>().is_err());
        assert!("1e30".parse::<NodeBudget>().is_err());
    }

    #[test]
    fn deep_perft_is_refused_and_shallow_is_exact() {
        for id in crate::variant::VariantId::ALL {
            let game = crate::variant::open(id, None, &[]).expect("start");
            let error = check(game.as_ref(), 100, NodeBudget::default(), "--max-nodes")
                .expect_err("perft 100")
                .to_string();
            assert!(error.contains("MAX_PERFT_DEPTH"), "{error}");
            let error = check(game.as_ref(), 30, NodeBudget::default(), "--max-nodes")
                .expect_err("perft 30")
                .to_string();
            assert!(error.contains("more than the budget"), "{error}");
            let small = estimate(game.as_ref(), 2);
            assert!(small.exact);
            assert_eq!(small.nodes, game.perft(2) as f64);
        }
    }
}
