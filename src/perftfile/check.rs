//! Checking a perft file against an engine: each block's position set up
//! (its provenance replayed), each count and divide line run within a
//! node budget, and the verdicts (`regelwerk perft-file`).

use std::collections::BTreeSet;
use std::time::Instant;

use super::{Block, Divide, PerftFile, PerftFileError, SetupProblem};
use crate::variant::{self, Game, PerftPath, VariantId};

/// What one line of a perft file gave.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The engine agrees.
    Passed,
    /// The engine disagrees, or could not set the block up.
    Failed(String),
    /// Not run: over the node budget.
    Skipped(String),
}

/// One checked line: a count, a divide line, or the block's position.
#[derive(Clone, Debug, PartialEq)]
pub struct Checked {
    /// The block.
    pub block: String,
    /// The line in the file.
    pub line: usize,
    /// What was checked, e.g. `perft 3` or `divide 2 1-5`.
    pub what: String,
    /// The count the file gives (none for the position check).
    pub expected: Option<u64>,
    /// The engine's count, when it ran.
    pub counted: Option<u64>,
    /// Seconds spent.
    pub seconds: f64,
    /// The verdict.
    pub outcome: Outcome,
}

impl PerftFile {
    /// The block's game: its provenance replayed when it has one (its
    /// end must be the block's `position`), then the position itself,
    /// read and written back unchanged.
    ///
    /// # Errors
    /// What failed, naming the file, line and block.
    pub fn game_of(
        &self,
        variant: VariantId,
        block: &Block,
    ) -> Result<Box<dyn Game>, PerftFileError> {
        let at_line = |line: usize| {
            move |problem: SetupProblem| PerftFileError::Setup {
                path: self.path.clone(),
                line,
                block: block.id.clone(),
                problem: Box::new(problem),
            }
        };
        if let Some(from) = &block.from {
            let at = at_line(from.line);
            // `start` is the variant's start; another word one of its
            // named starts (`no-bannermen`); anything else a position.
            let opened = match from.value.as_str() {
                "start" => variant::open(variant, None, &block.rulings),
                name => variant::open_start(variant, name, &block.rulings)
                    .or_else(|_| variant::open(variant, Some(name), &block.rulings)),
            };
            let mut game = opened.map_err(|message| at(SetupProblem::Open(message)))?;
            for action in block.moves.iter().flat_map(|moves| &moves.value) {
                game.play(action).map_err(|refusal| {
                    at(SetupProblem::Refused {
                        action: action.clone(),
                        refusal: refusal.to_string(),
                    })
                })?;
            }
            if game.position_text() != block.position.value {
                return Err(at(SetupProblem::Elsewhere {
                    reached: game.position_text(),
                }));
            }
        }
        let at = at_line(block.position.line);
        let game = variant::open(variant, Some(&block.position.value), &block.rulings)
            .map_err(|message| at(SetupProblem::Open(message)))?;
        if game.position_text() != block.position.value {
            return Err(at(SetupProblem::Rewritten {
                written: game.position_text(),
            }));
        }
        Ok(game)
    }

    /// Runs every block of the file on the engine of `variant`, counting
    /// with `path` (the fast path, or the reference rule code):
    /// the position (and its provenance), every `perft` line and every
    /// `divide` line of at most `max_nodes` leaves (the others are
    /// skipped); a divide line must name a legal first move. `progress` sees each line when done.
    pub fn run(
        &self,
        variant: VariantId,
        max_nodes: u64,
        path: PerftPath,
        mut progress: impl FnMut(&Checked),
    ) -> Vec<Checked> {
        let mut all = Vec::new();
        let mut emit = |checked: Checked| {
            progress(&checked);
            all.push(checked);
        };
        for block in &self.blocks {
            let started = Instant::now();
            let game = match self.game_of(variant, block) {
                Ok(game) => game,
                Err(error) => {
                    emit(Checked {
                        block: block.id.clone(),
                        line: block.line,
                        what: "position".into(),
                        expected: None,
                        counted: None,
                        seconds: started.elapsed().as_secs_f64(),
                        outcome: Outcome::Failed(error.to_string()),
                    });
                    continue;
                }
            };
            emit(Checked {
                block: block.id.clone(),
                line: block.position.line,
                what: "position".into(),
                expected: None,
                counted: None,
                seconds: started.elapsed().as_secs_f64(),
                outcome: Outcome::Passed,
            });
            for count in &block.counts {
                emit(check_count(
                    game.as_ref(),
                    block,
                    count.line,
                    count.depth,
                    format!("perft {}", count.depth),
                    count.nodes,
                    max_nodes,
                    || game.perft_on(count.depth, path),
                ));
            }
            let depths: BTreeSet<u32> = block.divides.iter().map(|d| d.depth).collect();
            for depth in depths {
                let lines: Vec<&Divide> =
                    block.divides.iter().filter(|d| d.depth == depth).collect();
                let largest = lines.iter().map(|d| d.nodes).sum::<u64>();
                let started = Instant::now();
                if let Some(why) = over_budget(game.as_ref(), depth, largest, max_nodes) {
                    for divide in lines {
                        emit(skipped(
                            block,
                            divide.line,
                            divide_what(divide),
                            divide.nodes,
                            why.clone(),
                        ));
                    }
                    continue;
                }
                let counted = game.divide(depth);
                let seconds = started.elapsed().as_secs_f64();
                for divide in &lines {
                    let found = counted.iter().find(|(mv, _)| *mv == divide.mv).map(|c| c.1);
                    let outcome = match found {
                        Some(nodes) if nodes == divide.nodes => Outcome::Passed,
                        Some(nodes) => Outcome::Failed(format!(
                            "{}:{}: {}: {} counts {nodes}, the file {}",
                            self.path,
                            divide.line,
                            block.id,
                            divide_what(divide),
                            divide.nodes
                        )),
                        None => Outcome::Failed(format!(
                            "{}:{}: {}: `{}` is not a legal first move",
                            self.path, divide.line, block.id, divide.mv
                        )),
                    };
                    emit(Checked {
                        block: block.id.clone(),
                        line: divide.line,
                        what: divide_what(divide),
                        expected: Some(divide.nodes),
                        counted: found,
                        seconds,
                        outcome,
                    });
                }
            }
        }
        all
    }
}

fn divide_what(divide: &Divide) -> String {
    format!("divide {} {}", divide.depth, divide.mv)
}

fn skipped(block: &Block, line: usize, what: String, nodes: u64, why: String) -> Checked {
    Checked {
        block: block.id.clone(),
        line,
        what,
        expected: Some(nodes),
        counted: None,
        seconds: 0.0,
        outcome: Outcome::Skipped(why),
    }
}

/// Why a count of `depth` from `game` that the file puts at `written`
/// nodes is not run under `max_nodes`: the budget is held against the
/// larger of the file's count and the engine's own estimate
/// ([`crate::budget::estimate`]), so that a file cannot make a deep perft
/// run by writing a small count for it.
fn over_budget(game: &dyn Game, depth: u32, written: u64, max_nodes: u64) -> Option<String> {
    if written > max_nodes {
        return Some(format!(
            "{written} nodes, over the budget of {max_nodes} (--max-nodes)"
        ));
    }
    if max_nodes == u64::MAX {
        return None;
    }
    let estimate = crate::budget::estimate(game, depth);
    (estimate.nodes > max_nodes as f64).then(|| {
        format!(
            "estimated at {:.3e} nodes, over the budget of {max_nodes} (--max-nodes), whatever the file says",
            estimate.nodes
        )
    })
}

#[allow(clippy::too_many_arguments)]
fn check_count(
    game: &dyn Game,
    block: &Block,
    line: usize,
    depth: u32,
    what: String,
    expected: u64,
    max_nodes: u64,
    count: impl FnOnce() -> u64,
) -> Checked {
    if let Some(why) = over_budget(game, depth, expected, max_nodes) {
        return skipped(block, line, what, expected, why);
    }
    let started = Instant::now();
    let counted = count();
    let outcome = if counted == expected {
        Outcome::Passed
    } else {
        Outcome::Failed(format!(
            "{}: {what} of {} counts {counted}, the file {expected}",
            block.id,
            game.position_text()
        ))
    };
    Checked {
        block: block.id.clone(),
        line,
        what,
        expected: Some(expected),
        counted: Some(counted),
        seconds: started.elapsed().as_secs_f64(),
        outcome,
    }
}
