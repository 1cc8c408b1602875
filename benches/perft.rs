//! MONARCHIE perft speed: the fast path on the start position at depths
//! 3, 4 and 5 and on the `midgame` position of the perft corpus at depth
//! 3; the reference rule code (`perft --reference`) at depths 3 and 4 of
//! the start; and the fast path on two threads at depth 5. Criterion
//! reports elements/s, where an element is one leaf (node) of the tree.
//!
//! Run with `cargo bench --bench perft` (add `-- --quick` for a short run).

use std::hint::black_box;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};

use regelwerk::variant::monarchie::notation::parse_position;
use regelwerk::variant::monarchie::perft::{perft_parallel, perft_with, PerftPath};
use regelwerk::variant::monarchie::{Position, Ruleset};

const CORPUS: &str = include_str!("../tests/data/monarchie.perft");

/// The position of a block of the perft corpus.
fn corpus_position(id: &str) -> Position {
    let mut in_block = false;
    for line in CORPUS.lines() {
        if let Some(name) = line.strip_prefix("id ") {
            in_block = name.trim() == id;
        } else if let Some(text) = line.strip_prefix("position ").filter(|_| in_block) {
            return parse_position(text)
                .unwrap_or_else(|error| panic!("corpus block '{id}': {error}"));
        }
    }
    panic!("the perft corpus has no block '{id}' with a position")
}

fn bench_perft(c: &mut Criterion) {
    let rules = Ruleset::default();
    let cases = [
        ("fast", "start", Position::start(), 3, PerftPath::Fast, 1),
        ("fast", "start", Position::start(), 4, PerftPath::Fast, 1),
        ("fast", "start", Position::start(), 5, PerftPath::Fast, 1),
        (
            "fast",
            "midgame",
            corpus_position("midgame"),
            3,
            PerftPath::Fast,
            1,
        ),
        (
            "reference",
            "start",
            Position::start(),
            3,
            PerftPath::Reference,
            1,
        ),
        (
            "reference",
            "start",
            Position::start(),
            4,
            PerftPath::Reference,
            1,
        ),
        (
            "fast-2-threads",
            "start",
            Position::start(),
            5,
            PerftPath::Fast,
            2,
        ),
    ];
    for (path_name, name, position, depth, path, threads) in cases {
        let mut group = c.benchmark_group(format!("monarchie-{path_name}"));
        group.sample_size(10);
        group.measurement_time(Duration::from_secs(8));
        let nodes = perft_with(&position, depth, &rules, path);
        group.throughput(Throughput::Elements(nodes));
        group.bench_with_input(BenchmarkId::new(name, depth), &position, |b, position| {
            b.iter(|| perft_parallel(black_box(position), black_box(depth), &rules, path, threads))
        });
        group.finish();
    }
}

criterion_group!(benches, bench_perft);
criterion_main!(benches);
