//! perft speed: the start position at depths 3 and 4, and the `midgame`
//! position of the perft corpus at depth 3. Criterion reports elements/s,
//! where an element is one leaf (node) of the tree.
//!
//! Run with `cargo bench --bench perft` (add `-- --quick` for a short run).

use std::hint::black_box;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};

use regelwerk::notation::parse_position;
use regelwerk::perft::perft;
use regelwerk::{Position, Ruleset};

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
        ("start", Position::start(), 3),
        ("start", Position::start(), 4),
        ("midgame", corpus_position("midgame"), 3),
    ];
    let mut group = c.benchmark_group("perft");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(8));
    for (name, position, depth) in cases {
        let nodes = perft(&position, depth, &rules);
        group.throughput(Throughput::Elements(nodes));
        group.bench_with_input(BenchmarkId::new(name, depth), &position, |b, position| {
            b.iter(|| perft(black_box(position), black_box(depth), &rules))
        });
    }
    group.finish();
}

criterion_group!(benches, bench_perft);
criterion_main!(benches);
