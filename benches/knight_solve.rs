//! Finding one tour: `cargo bench --bench knight_solve`.
//!
//! The 1000x1000 figures are the large-board targets (open under 0.1 s,
//! closed under 0.5 s); the holed 1000x1000 board cannot use the
//! construction and measures the Warnsdorff walk with rotations instead.

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use gridtour::job::{Control, Outcome};
use gridtour::knight::{Algorithm, Board, SolveResult, Square, TourKind, solve};

/// Solves and insists on a tour, so a regression cannot bench "no tour".
fn tour_length(board: &Board, start: Square, kind: TourKind, algorithm: Algorithm) -> usize {
    match solve(board, start, kind, algorithm, &Control::new()) {
        Outcome::Done(SolveResult::Found(tour)) => tour.path.len(),
        other => panic!("expected a tour, got {other:?}"),
    }
}

fn bench_case(
    c: &mut Criterion,
    name: &str,
    board: &Board,
    start: Square,
    kind: TourKind,
    algorithm: Algorithm,
) {
    c.bench_function(name, |b| {
        b.iter(|| tour_length(black_box(board), start, kind, algorithm))
    });
}

fn small_boards(c: &mut Criterion) {
    let board = Board::new(8, 8).unwrap();
    let home = Square::new(1, 0);
    for algorithm in Algorithm::SOLVERS {
        let name = format!("closed 8x8 {}", algorithm.label());
        bench_case(c, &name, &board, home, TourKind::Closed, algorithm);
    }
    let board = Board::new(30, 30).unwrap();
    bench_case(
        c,
        "open 30x30 warnsdorff",
        &board,
        Square::new(7, 3),
        TourKind::Open,
        Algorithm::Warnsdorff,
    );
    bench_case(
        c,
        "closed 30x30 warnsdorff",
        &board,
        Square::new(7, 3),
        TourKind::Closed,
        Algorithm::Warnsdorff,
    );
}

fn large_boards(c: &mut Criterion) {
    let board = Board::new(1000, 1000).unwrap();
    let start = Square::new(0, 0);
    bench_case(
        c,
        "open 1000x1000",
        &board,
        start,
        TourKind::Open,
        Algorithm::Warnsdorff,
    );
    bench_case(
        c,
        "closed 1000x1000",
        &board,
        start,
        TourKind::Closed,
        Algorithm::Warnsdorff,
    );
    let mut holed = board.clone();
    holed.set_blocked(Square::new(500, 500), true);
    holed.set_blocked(Square::new(501, 500), true);
    bench_case(
        c,
        "open 1000x1000 holed warnsdorff",
        &holed,
        start,
        TourKind::Open,
        Algorithm::Warnsdorff,
    );
    bench_case(
        c,
        "closed 1000x1000 holed warnsdorff",
        &holed,
        start,
        TourKind::Closed,
        Algorithm::Warnsdorff,
    );
}

criterion_group! {
    name = small;
    config = Criterion::default().measurement_time(Duration::from_secs(3));
    targets = small_boards
}

criterion_group! {
    name = large;
    config = Criterion::default().sample_size(10).measurement_time(Duration::from_secs(5));
    targets = large_boards
}

criterion_main!(small, large);
