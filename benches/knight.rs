//! Counting tours: the figures the counting engine is held to (all
//! undirected closed tours of 6x6, 5x8 and 6x8, all undirected open tours
//! of 6x6), plus a directed count from a corner and a long board that the
//! frontier sweep counts. Run with `cargo bench --bench knight`. Closed
//! 7x8 (about 40 s) is timed from the command line instead:
//! `/usr/bin/time -v gridtour knight --size 7x8 --count --closed`.
//!
//! `count/open_7x6_corner_to_corner`: the open tours between two opposite
//! corners (`--start a1 --end g6`), by the sweep with both ends required.
//!
//! `count/closed_6x1_to_6x12_every_length`: one sweep that counts every
//! 6 x k board up to 6x12 (`--every-length`).
//!
//! `count/closed_6x40`: a count of 68 digits, six sweeps run from one
//! recorded plan of the board's steps.
//!
//! `estimate/<board>_100k`: 100,000 random tour attempts of the estimate
//! (`--estimate`), on every core.

use criterion::{Criterion, criterion_group, criterion_main};
use gridtour::job::{Control, Outcome};
use gridtour::knight::{
    Board, Count, NotCounted, Patience, Sampling, Square, TourKind, count, count_between,
    count_every_length, estimate,
};
use std::hint::black_box;

/// The tours of a count that is never refused nor cancelled.
fn tours_of(outcome: Outcome<Result<Count, NotCounted>>) -> u64 {
    match outcome {
        Outcome::Done(Ok(counted)) => counted.tours,
        Outcome::Done(Err(why)) => panic!("not counted: {why}"),
        Outcome::Cancelled => unreachable!("the bench never cancels"),
    }
}

fn counted(board: &Board, start: Option<Square>, kind: TourKind) -> u64 {
    let control = Control::new();
    tours_of(count(
        black_box(board),
        start,
        kind,
        Patience::Unlimited,
        &control,
    ))
}

fn counting(c: &mut Criterion) {
    let mut group = c.benchmark_group("count");
    group.sample_size(10);
    let corner = Some(Square::new(0, 0));
    let cases = [
        ("closed_6x6", 6, 6, None, TourKind::Closed, 9862),
        ("closed_5x8", 5, 8, None, TourKind::Closed, 44_202),
        ("open_6x6", 6, 6, None, TourKind::Open, 3_318_960),
        ("open_5x5_from_corner", 5, 5, corner, TourKind::Open, 304),
        ("closed_3x18", 3, 18, None, TourKind::Closed, 147_728),
        ("closed_6x8", 6, 8, None, TourKind::Closed, 55_488_142),
    ];
    for (name, width, height, start, kind, expected) in cases {
        let board = Board::new(width, height).expect("valid bench board");
        assert_eq!(counted(&board, start, kind), expected, "{name}");
        group.bench_function(name, |b| b.iter(|| counted(&board, start, kind)));
    }
    let board = Board::new(7, 6).expect("valid bench board");
    let (start, end) = (Square::new(0, 0), Square::new(6, 5));
    let between = || {
        let control = Control::new();
        tours_of(count_between(
            black_box(&board),
            start,
            end,
            Patience::Unlimited,
            &control,
        ))
    };
    assert_eq!(between(), 8_107_945);
    group.bench_function("open_7x6_corner_to_corner", |b| b.iter(between));
    let every_length = || {
        let mut last = 0;
        let outcome = count_every_length(6, 12, TourKind::Closed, &Control::new(), &mut |_, n| {
            last = n.tours
        });
        assert_eq!(outcome, Outcome::Done(Ok(())));
        last
    };
    assert_eq!(every_length(), 964_730_606_632_516);
    group.bench_function("closed_6x1_to_6x12_every_length", |b| b.iter(every_length));
    let board = Board::new(6, 40).expect("valid bench board");
    let long_board = || {
        let control = Control::new();
        let outcome = count(
            &board,
            None,
            TourKind::Closed,
            Patience::Unlimited,
            &control,
        );
        match outcome {
            Outcome::Done(Ok(counted)) => counted.digits(),
            _ => panic!("6x40 not counted"),
        }
    };
    assert_eq!(
        long_board(),
        "377031597006006571424070743308269493020186682009428464253448495336"
    );
    group.bench_function("closed_6x40", |b| b.iter(long_board));
    group.finish();
}

fn estimating(c: &mut Criterion) {
    let mut group = c.benchmark_group("estimate");
    group.sample_size(10);
    for (name, side, kind) in [
        ("open_8x8_100k", 8, TourKind::Open),
        ("closed_8x8_100k", 8, TourKind::Closed),
    ] {
        let board = Board::new(side, side).expect("valid bench board");
        let sampling = Sampling {
            seconds: 3600.0,
            max_attempts: 100_000,
            seed: 1,
        };
        group.bench_function(name, |b| {
            b.iter(|| estimate(black_box(&board), None, kind, sampling, &Control::new()))
        });
    }
    group.finish();
}

criterion_group!(benches, counting, estimating);
criterion_main!(benches);
