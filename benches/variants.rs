//! perft speed of the chess variants: the Grand Chess start position at
//! depths 3 and 4, the Racing Kings start position at depths 4 and 5 on
//! its fast path (`racingkings-fast`, bitboards) and on its reference rule
//! code (`racingkings-reference`, what `perft --reference` walks).
//! Criterion reports elements/s, where an element is one leaf (node) of
//! the tree.
//!
//! Run with `cargo bench --bench variants` (add `-- --quick` for a short
//! run).

use std::hint::black_box;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};

use regelwerk::variant::grand::{self, Grand};
use regelwerk::variant::perft;
use regelwerk::variant::racingkings::fast::{Board, FastRules};
use regelwerk::variant::racingkings::{self, RacingKings};

fn bench_grand(c: &mut Criterion) {
    let position = grand::Position::start();
    let mut group = c.benchmark_group("grand");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(8));
    for depth in [3, 4] {
        let nodes = perft(&Grand::default(), &position, depth);
        group.throughput(Throughput::Elements(nodes));
        group.bench_with_input(
            BenchmarkId::new("start", depth),
            &position,
            |b, position| {
                b.iter(|| perft(&Grand::default(), black_box(position), black_box(depth)))
            },
        );
    }
    group.finish();
}

fn bench_racingkings_fast(c: &mut Criterion) {
    let position = racingkings::Position::start();
    let Ok(board) = Board::from_position(&position) else {
        panic!("the fast path takes the start position");
    };
    let rules = FastRules::new();
    let mut group = c.benchmark_group("racingkings-fast");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(8));
    for depth in [4, 5] {
        let nodes = perft(&rules, &board, depth);
        assert_eq!(nodes, perft(&RacingKings::default(), &position, depth));
        group.throughput(Throughput::Elements(nodes));
        group.bench_with_input(BenchmarkId::new("start", depth), &board, |b, board| {
            b.iter(|| perft(&rules, black_box(board), black_box(depth)))
        });
    }
    group.finish();
}

fn bench_racingkings_reference(c: &mut Criterion) {
    let position = racingkings::Position::start();
    let mut group = c.benchmark_group("racingkings-reference");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(8));
    for depth in [4, 5] {
        let nodes = perft(&RacingKings::default(), &position, depth);
        group.throughput(Throughput::Elements(nodes));
        group.bench_with_input(
            BenchmarkId::new("start", depth),
            &position,
            |b, position| {
                b.iter(|| {
                    perft(
                        &RacingKings::default(),
                        black_box(position),
                        black_box(depth),
                    )
                })
            },
        );
    }
    group.finish();
}

criterion_group!(
    benches,
    bench_grand,
    bench_racingkings_fast,
    bench_racingkings_reference
);
criterion_main!(benches);
