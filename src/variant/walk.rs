//! The tree walks over any [`Rules`]: perft, divide and parallel perft.
//! A walk allocates one move list per depth, once, and reuses it at every
//! node of that depth.

use rayon::prelude::{IntoParallelIterator, ParallelIterator};

use super::Rules;

/// Which move generator a count walks: a variant's fast path (MONARCHIE's
/// and Racing Kings' bitboards, Sovereign's mailbox with kept control) or
/// its readable reference rule code
/// (`perft --reference`). A variant with one move generator answers both
/// with it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum PerftPath {
    /// The variant's fast path, or its reference where the fast path does
    /// not take the position or the ruleset.
    #[default]
    Fast,
    /// The readable reference rule code (`perft --reference`).
    Reference,
}

/// perft: the number of legal move sequences of length `depth`; a finished
/// game is a leaf with no children.
pub fn perft<R: Rules>(rules: &R, position: &R::Position, depth: u32) -> u64 {
    let mut lists: Vec<Vec<R::Move>> = (0..depth).map(|_| Vec::new()).collect();
    perft_in(rules, position, depth, &mut lists)
}

/// perft with one reusable move list per remaining depth in `lists`.
fn perft_in<R: Rules>(
    rules: &R,
    position: &R::Position,
    depth: u32,
    lists: &mut [Vec<R::Move>],
) -> u64 {
    let Some((moves, deeper)) = lists.split_first_mut() else {
        return 1;
    };
    if depth == 0 {
        return 1;
    }
    if depth == 1 {
        return rules.count_moves(position, moves);
    }
    moves.clear();
    rules.legal_moves(position, moves);
    let mut total = 0;
    for &mv in moves.iter() {
        total += perft_in(rules, &rules.after(position, mv), depth - 1, deeper);
    }
    total
}

/// perft split by first move, in move-generation order.
pub fn divide<R: Rules>(rules: &R, position: &R::Position, depth: u32) -> Vec<(R::Move, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    let mut moves = Vec::new();
    rules.legal_moves(position, &mut moves);
    moves
        .into_iter()
        .map(|mv| (mv, perft(rules, &rules.after(position, mv), depth - 1)))
        .collect()
}

/// The subtrees a parallel perft hands out: at least this many per
/// thread, where the tree is deep enough to split further.
const ITEMS_PER_THREAD: usize = 8;

/// [`perft`] on `threads` threads: the tree is split at the first moves,
/// and deeper while there are fewer than eight subtrees per thread and
/// the subtrees are at least three plies deep; rayon counts the subtrees.
/// The same count as [`perft`]. With one thread (or zero) it is [`perft`].
pub fn perft_parallel<R>(rules: &R, position: &R::Position, depth: u32, threads: usize) -> u64
where
    R: Rules + Sync,
    R::Position: Send + Sync,
    R::Move: Send,
{
    if threads <= 1 || depth < 2 {
        return perft(rules, position, depth);
    }
    let mut items = vec![(position.clone(), depth)];
    while items.len() < ITEMS_PER_THREAD * threads && items.iter().all(|(_, d)| *d >= 3) {
        let mut split = Vec::new();
        let mut moves = Vec::new();
        for (position, depth) in &items {
            moves.clear();
            rules.legal_moves(position, &mut moves);
            split.extend(
                moves
                    .iter()
                    .map(|&mv| (rules.after(position, mv), depth - 1)),
            );
        }
        if split.is_empty() {
            return 0;
        }
        items = split;
    }
    let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build();
    let count = |items: Vec<(R::Position, u32)>| -> u64 {
        items
            .into_par_iter()
            .map(|(position, depth)| perft(rules, &position, depth))
            .sum()
    };
    match pool {
        Ok(pool) => pool.install(|| count(items)),
        Err(_) => items
            .iter()
            .map(|(position, depth)| perft(rules, position, *depth))
            .sum(),
    }
}

/// perft split by first move of any [`Game`](super::Game), counted on
/// `threads` threads: each first move's subtree (split one ply deeper
/// when there are fewer first moves than eight per thread) is a rayon
/// task, counted on `path`. Rows as (move, count), in the order of
/// `Game::legal_moves` (sorted as the variant sorts its moves).
pub fn divide_game_parallel(
    game: &dyn super::Game,
    depth: u32,
    threads: usize,
    path: PerftPath,
) -> Vec<(String, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    let child = |game: &dyn super::Game, mv: &str| {
        let mut child = game.boxed_clone();
        child.play(mv).ok().map(|_| child)
    };
    let mut items: Vec<(String, Box<dyn super::Game>, u32)> = game
        .legal_moves()
        .into_iter()
        .filter_map(|mv| child(game, &mv).map(|next| (mv, next, depth - 1)))
        .collect();
    if items.len() < ITEMS_PER_THREAD * threads && depth >= 4 {
        items = items
            .into_iter()
            .flat_map(|(root, next, depth)| {
                next.legal_moves()
                    .into_iter()
                    .filter_map(|mv| child(next.as_ref(), &mv))
                    .map(|grandchild| (root.clone(), grandchild, depth - 1))
                    .collect::<Vec<_>>()
            })
            .collect();
    }
    let count = |items: Vec<(String, Box<dyn super::Game>, u32)>| -> Vec<(String, u64)> {
        items
            .into_par_iter()
            .map(|(root, game, depth)| (root, game.perft_on(depth, path)))
            .collect()
    };
    let counted = match rayon::ThreadPoolBuilder::new().num_threads(threads).build() {
        Ok(pool) => pool.install(|| count(items)),
        Err(_) => items
            .into_iter()
            .map(|(root, game, depth)| (root, game.perft_on(depth, path)))
            .collect(),
    };
    let mut rows: Vec<(String, u64)> = game.legal_moves().into_iter().map(|mv| (mv, 0)).collect();
    for (root, nodes) in counted {
        if let Some(row) = rows.iter_mut().find(|(mv, _)| *mv == root) {
            row.1 += nodes;
        }
    }
    rows
}

/// What a differential test says when two move lists differ: the moves
/// of `expected` that `actual` lacks, those it adds, and both sizes.
pub fn list_difference<T: PartialEq + std::fmt::Display>(expected: &[T], actual: &[T]) -> String {
    let only = |these: &[T], those: &[T]| {
        these
            .iter()
            .filter(|mv| !those.contains(mv))
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join(" ")
    };
    format!(
        "the fast path lacks [{}] and adds [{}] ({} vs {} moves)",
        only(expected, actual),
        only(actual, expected),
        actual.len(),
        expected.len()
    )
}
