//! Perft files: leaf counts of the legal-move tree from named positions,
//! one format for every rule system (`tests/data/monarchie.perft`,
//! `threekingdoms.perft`, `sovereign.perft`; `docs/perft.md`), read here
//! and run by `regelwerk perft-file` and the tests.
//!
//! One directive per line; blank lines and `#` comments are ignored
//! (comments are counted per block: every block says where its position
//! comes from):
//!
//! | directive | meaning |
//! |---|---|
//! | `id <name>` | starts a block; names are unique, one word |
//! | `from <start name or position>` | optional provenance: where `moves` start |
//! | `moves <action>...` | optional provenance: played from `from`, they must reach `position` |
//! | `position <text>` | the position, written as the engine writes it |
//! | `ruling <ID=key>` | optional, repeatable: a ruling alternative |
//! | `perft <depth> <nodes>` | `nodes` leaves `depth` plies deep; depths increase within a block |
//! | `divide <depth> <move> <nodes>` | the leaves below one first move |
//!
//! Anything else is an error naming the file and line.

use std::collections::BTreeSet;
use std::path::Path;

use crate::input;
use crate::variant;

mod check;

pub use check::{Checked, Outcome};

/// A value with the line it was read from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Located<T> {
    /// The value.
    pub value: T,
    /// Its line (1-based).
    pub line: usize,
}

/// One `perft <depth> <nodes>` line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Count {
    /// Plies.
    pub depth: u32,
    /// Leaves.
    pub nodes: u64,
    /// Its line.
    pub line: usize,
}

/// One `divide <depth> <move> <nodes>` line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Divide {
    /// Plies, the first move included.
    pub depth: u32,
    /// The first move, as the engine writes it.
    pub mv: String,
    /// Leaves below it.
    pub nodes: u64,
    /// Its line.
    pub line: usize,
}

/// One `id` block.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Block {
    /// Its name.
    pub id: String,
    /// The line of its `id`.
    pub line: usize,
    /// Where `moves` start (a start name or a position).
    pub from: Option<Located<String>>,
    /// The provenance moves.
    pub moves: Option<Located<Vec<String>>>,
    /// The position counted from.
    pub position: Located<String>,
    /// Ruling settings `ID=key`.
    pub rulings: Vec<String>,
    /// The `perft` lines, depths increasing.
    pub counts: Vec<Count>,
    /// The `divide` lines.
    pub divides: Vec<Divide>,
    /// Its comment lines.
    pub comments: usize,
}

/// A whole perft file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PerftFile {
    /// The path it was read from (for messages).
    pub path: String,
    /// Its blocks, in file order.
    pub blocks: Vec<Block>,
}

/// A block while it is read: every field optional.
#[derive(Default)]
struct Partial {
    id: String,
    line: usize,
    from: Option<Located<String>>,
    moves: Option<Located<Vec<String>>>,
    position: Option<Located<String>>,
    rulings: Vec<String>,
    counts: Vec<Count>,
    divides: Vec<Divide>,
    comments: usize,
}

/// Reads a perft file from disk, within the input limits of [`input`].
///
/// # Errors
/// The file cannot be read, or [`parse`] refuses it.
pub fn read(path: &Path) -> Result<PerftFile, PerftFileError> {
    let text = input::read_text(path)?;
    parse(&text, &path.display().to_string())
}

/// Reads the text of a perft file; `path` names it in messages.
///
/// # Errors
/// `path:line: what is wrong`, for the first problem: an unknown
/// directive, a directive before the first `id`, a repeated `from`,
/// `moves` or `position`, a number that is not one, a depth over
/// [`input::MAX_PERFT_DEPTH`] or not above the one before, a repeated id, a block
/// without `position` or without a `perft` line.
pub fn parse(text: &str, path: &str) -> Result<PerftFile, PerftFileError> {
    let mut blocks: Vec<Partial> = Vec::new();
    for (index, raw) in text.lines().enumerate() {
        let line = index + 1;
        let at = |problem: LineProblem| PerftFileError::Line {
            path: path.to_string(),
            line,
            problem,
        };
        let trimmed = raw.trim();
        if trimmed.is_empty() {
            continue;
        }
        if trimmed.starts_with('#') {
            if let Some(block) = blocks.last_mut() {
                block.comments += 1;
            }
            continue;
        }
        let (keyword, rest) = trimmed.split_once(' ').unwrap_or((trimmed, ""));
        let rest = rest.trim();
        if keyword == "id" {
            if rest.is_empty() || rest.contains(char::is_whitespace) {
                return Err(at(LineProblem::IdWithoutName));
            }
            blocks.push(Partial {
                id: rest.to_string(),
                line,
                ..Partial::default()
            });
            continue;
        }
        let Some(block) = blocks.last_mut() else {
            return Err(at(LineProblem::BeforeFirstId {
                keyword: keyword.to_string(),
            }));
        };
        let once = |taken: bool| {
            if taken {
                Err(at(LineProblem::SecondLine {
                    block: block.id.clone(),
                    keyword: keyword.to_string(),
                }))
            } else {
                Ok(())
            }
        };
        let located = |value: String| Located { value, line };
        match keyword {
            "from" => {
                once(block.from.is_some())?;
                block.from = Some(located(rest.to_string()));
            }
            "moves" => {
                once(block.moves.is_some())?;
                let moves = rest.split_whitespace().map(str::to_string).collect();
                block.moves = Some(Located { value: moves, line });
            }
            "position" => {
                once(block.position.is_some())?;
                if rest.is_empty() {
                    return Err(at(LineProblem::EmptyPosition));
                }
                block.position = Some(located(rest.to_string()));
            }
            "ruling" => {
                if !rest.contains('=') || rest.contains(char::is_whitespace) {
                    return Err(at(LineProblem::BadRuling {
                        rest: rest.to_string(),
                    }));
                }
                block.rulings.push(rest.to_string());
            }
            "perft" => {
                let [depth, nodes] = rest.split_whitespace().collect::<Vec<_>>()[..] else {
                    return Err(at(LineProblem::BadPerft {
                        rest: rest.to_string(),
                    }));
                };
                let depth = depth_of(depth).map_err(at)?;
                let nodes = nodes_of(nodes).map_err(at)?;
                if block.counts.last().is_some_and(|last| last.depth >= depth) {
                    return Err(at(LineProblem::DepthsNotIncreasing));
                }
                block.counts.push(Count { depth, nodes, line });
            }
            "divide" => {
                let [depth, mv, nodes] = rest.split_whitespace().collect::<Vec<_>>()[..] else {
                    return Err(at(LineProblem::BadDivide {
                        rest: rest.to_string(),
                    }));
                };
                let depth = depth_of(depth).map_err(at)?;
                if depth == 0 {
                    return Err(at(LineProblem::DivideDepthZero));
                }
                let nodes = nodes_of(nodes).map_err(at)?;
                block.divides.push(Divide {
                    depth,
                    mv: mv.to_string(),
                    nodes,
                    line,
                });
            }
            other => {
                return Err(at(LineProblem::UnknownDirective {
                    directive: other.to_string(),
                }))
            }
        }
    }
    let mut ids = BTreeSet::new();
    let mut done = Vec::with_capacity(blocks.len());
    for block in blocks {
        let at = |problem: LineProblem| PerftFileError::Line {
            path: path.to_string(),
            line: block.line,
            problem,
        };
        if !ids.insert(block.id.clone()) {
            return Err(at(LineProblem::DuplicateId { id: block.id }));
        }
        let Some(position) = block.position else {
            return Err(at(LineProblem::NoPosition { block: block.id }));
        };
        if block.counts.is_empty() {
            return Err(at(LineProblem::NoPerft { block: block.id }));
        }
        if block.moves.is_some() && block.from.is_none() {
            return Err(at(LineProblem::MovesWithoutFrom { block: block.id }));
        }
        done.push(Block {
            id: block.id,
            line: block.line,
            from: block.from,
            moves: block.moves,
            position,
            rulings: block.rulings,
            counts: block.counts,
            divides: block.divides,
            comments: block.comments,
        });
    }
    if done.is_empty() {
        return Err(PerftFileError::NoBlocks {
            path: path.to_string(),
        });
    }
    Ok(PerftFile {
        path: path.to_string(),
        blocks: done,
    })
}

fn depth_of(text: &str) -> Result<u32, LineProblem> {
    let depth: u32 = text.parse().map_err(|_| LineProblem::NotADepth {
        text: text.to_string(),
    })?;
    input::check_perft_depth(depth)?;
    Ok(depth)
}

fn nodes_of(text: &str) -> Result<u64, LineProblem> {
    text.replace('_', "")
        .parse()
        .map_err(|_| LineProblem::NotANodeCount {
            text: text.to_string(),
        })
}

/// Why a perft file cannot be used, or a block of it cannot be set up.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PerftFileError {
    /// The file cannot be read.
    #[error(transparent)]
    Unreadable(#[from] input::LoadError),
    /// A line of the file is wrong (for a whole block, its `id` line).
    #[error("{path}:{line}: {problem}")]
    Line {
        /// The file, as given.
        path: String,
        /// 1-based line.
        line: usize,
        /// What is wrong there.
        problem: LineProblem,
    },
    /// The file holds no block.
    #[error(
        "{path}: no blocks: a perft file holds at least one `id` line with its position and counts (docs/perft.md)"
    )]
    NoBlocks {
        /// The file, as given.
        path: String,
    },
    /// A block's game cannot be set up ([`PerftFile::game_of`]).
    #[error("{path}:{line}: {block}: {problem}")]
    Setup {
        /// The file, as given.
        path: String,
        /// The line of the block's `from` or `position`.
        line: usize,
        /// The block's id.
        block: String,
        /// What failed.
        problem: Box<SetupProblem>,
    },
}

/// What is wrong on one line of a perft file.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LineProblem {
    /// `id` without one name.
    #[error("`id` needs one name without spaces")]
    IdWithoutName,
    /// A directive before any block.
    #[error("`{keyword}` before the first `id` line")]
    BeforeFirstId {
        /// The directive.
        keyword: String,
    },
    /// `from`, `moves` or `position` given twice in a block.
    #[error("block `{block}` has a second `{keyword}` line")]
    SecondLine {
        /// The block's id.
        block: String,
        /// The directive.
        keyword: String,
    },
    /// `position` without text.
    #[error("`position` needs a position")]
    EmptyPosition,
    /// A `ruling` line that is not `ID=key`.
    #[error("expected `ruling ID=key`, found `ruling {rest}`")]
    BadRuling {
        /// What followed `ruling`.
        rest: String,
    },
    /// A `perft` line without depth and count.
    #[error("expected `perft <depth> <nodes>`, found `perft {rest}`")]
    BadPerft {
        /// What followed `perft`.
        rest: String,
    },
    /// Depths that do not increase within a block.
    #[error("depths must increase within a block")]
    DepthsNotIncreasing,
    /// A `divide` line without depth, move and count.
    #[error("expected `divide <depth> <move> <nodes>`, found `divide {rest}`")]
    BadDivide {
        /// What followed `divide`.
        rest: String,
    },
    /// `divide 0`.
    #[error("a divide depth is at least 1")]
    DivideDepthZero,
    /// A directive the format does not have.
    #[error(
        "unknown directive `{directive}` (expected id, from, moves, position, ruling, perft, divide or #)"
    )]
    UnknownDirective {
        /// The directive.
        directive: String,
    },
    /// A depth that is not a number.
    #[error("depth `{text}` is not a number")]
    NotADepth {
        /// The text given.
        text: String,
    },
    /// A depth over [`input::MAX_PERFT_DEPTH`].
    #[error(transparent)]
    TooDeep(#[from] input::InputError),
    /// A node count that is not a number.
    #[error("node count `{text}` is not a number")]
    NotANodeCount {
        /// The text given.
        text: String,
    },
    /// An id given to two blocks.
    #[error("id `{id}` is used twice")]
    DuplicateId {
        /// The id.
        id: String,
    },
    /// A block without `position`.
    #[error("block `{block}` has no `position` line")]
    NoPosition {
        /// The block's id.
        block: String,
    },
    /// A block without a `perft` line.
    #[error("block `{block}` has no `perft` line")]
    NoPerft {
        /// The block's id.
        block: String,
    },
    /// `moves` without `from`.
    #[error("block `{block}` has `moves` but no `from`")]
    MovesWithoutFrom {
        /// The block's id.
        block: String,
    },
}

/// Why a block's game cannot be set up.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SetupProblem {
    /// The rule system refuses the start or the position.
    #[error("{0}")]
    Open(variant::VariantError),
    /// A provenance move is refused.
    #[error("`{action}` is refused: {refusal}")]
    Refused {
        /// The move.
        action: String,
        /// The rule system's refusal.
        refusal: String,
    },
    /// The provenance ends elsewhere.
    #[error("the moves reach `{reached}`, not the block's position")]
    Elsewhere {
        /// The position the moves reach.
        reached: String,
    },
    /// The engine writes the position differently.
    #[error("the engine writes the position as `{written}`")]
    Rewritten {
        /// The position as the engine writes it.
        written: String,
    },
}

#[cfg(test)]
mod tests {
    use super::{parse, Outcome};
    use crate::variant::{PerftPath, VariantId};

    const SMALL: &str =
        "# a file\nid start\n# the start\nfrom start\nmoves\nposition P\nperft 1 28\n";

    #[test]
    fn every_malformed_line_is_named() {
        let cases = [
            ("perft 1 2\n", "f:1: `perft` before the first `id` line"),
            ("id a b\n", "f:1: `id` needs one name"),
            (
                "id a\nposition x\nperft 1\n",
                "f:3: expected `perft <depth> <nodes>`",
            ),
            (
                "id a\nposition x\nperft one 2\n",
                "f:3: depth `one` is not a number",
            ),
            ("id a\nposition x\nperft 99 2\n", "f:3: perft depth 99"),
            (
                "id a\nposition x\nperft 2 1\nperft 1 1\n",
                "f:4: depths must increase",
            ),
            (
                "id a\nposition x\nposition y\n",
                "f:3: block `a` has a second `position` line",
            ),
            (
                "id a\nposition x\nperft 1 1\nbogus 1\n",
                "f:4: unknown directive `bogus`",
            ),
            (
                "id a\nposition x\nperft 1 1\nid a\nposition x\nperft 1 1\n",
                "f:4: id `a` is used twice",
            ),
            ("id a\nperft 1 1\n", "f:1: block `a` has no `position` line"),
            ("id a\nposition x\n", "f:1: block `a` has no `perft` line"),
            (
                "id a\nposition x\nperft 1 1\ndivide 0 m 1\n",
                "f:4: a divide depth is at least 1",
            ),
            (
                "id a\nposition x\nperft 1 1\nruling R\n",
                "f:4: expected `ruling ID=key`",
            ),
        ];
        for (text, expected) in cases {
            let error = parse(text, "f").expect_err(text).to_string();
            assert!(error.starts_with(expected), "{text:?}: {error}");
        }
    }

    #[test]
    fn a_block_reads_with_its_lines() {
        let file = parse(SMALL, "f").unwrap_or_else(|e| panic!("{e}"));
        let block = &file.blocks[0];
        assert_eq!(block.id, "start");
        assert_eq!(block.comments, 1);
        assert_eq!(block.position.line, 6);
        assert_eq!(block.counts[0].nodes, 28);
    }

    #[test]
    fn a_wrong_count_fails_and_a_large_one_is_skipped() {
        let start = crate::variant::monarchie::Position::start();
        let text = format!(
            "id start\nposition {}\nperft 1 28\nperft 2 776\nperft 3 21000000\ndivide 1 1-2 1\n",
            crate::variant::monarchie::notation::to_notation(&start)
        );
        let file = parse(&text, "f").unwrap_or_else(|e| panic!("{e}"));
        let checked = file.run(
            VariantId::Monarchie,
            1_000_000,
            PerftPath::Reference,
            |_| {},
        );
        let outcomes: Vec<&Outcome> = checked.iter().map(|c| &c.outcome).collect();
        assert_eq!(outcomes[0], &Outcome::Passed, "position");
        assert_eq!(outcomes[1], &Outcome::Passed, "perft 1");
        assert!(matches!(outcomes[2], Outcome::Failed(m) if m.contains("counts 775")));
        assert!(matches!(outcomes[3], Outcome::Skipped(_)));
        assert!(matches!(outcomes[4], Outcome::Failed(m) if m.contains("not a legal first move")));
    }
}
