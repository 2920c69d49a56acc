//! The large-board construction through `solve` (construction plus the
//! independent check every tour passes). Medians are in
//! `target/criterion/large/*/new/estimates.json`.

use criterion::{Criterion, criterion_group, criterion_main};
use gridtour::job::Control;
use gridtour::knight::{Algorithm, Board, Square, TourKind, solve};
use std::hint::black_box;

fn large_tours(c: &mut Criterion) {
    let mut group = c.benchmark_group("large");
    group.sample_size(10);
    let cases = [
        (1000, 1000, TourKind::Open),
        (1000, 1000, TourKind::Closed),
        (1001, 1001, TourKind::Open),
        (2000, 2000, TourKind::Closed),
    ];
    for (width, height, kind) in cases {
        let board = Board::new(width, height).expect("valid bench board");
        // The middle square: on the majority colour of the odd board too.
        let start = Square::new(width / 2, height / 2);
        let name = format!("{}_{width}x{height}", kind.label());
        group.bench_function(name, |b| {
            b.iter(|| {
                solve(
                    black_box(&board),
                    start,
                    kind,
                    Algorithm::Warnsdorff,
                    &Control::new(),
                )
            })
        });
    }
    group.finish();
}

criterion_group!(benches, large_tours);
criterion_main!(benches);
