//! Picture export benchmarks (medians are in
//! `target/criterion/*/new/estimates.json`): a PNG and an animated GIF of
//! open knight's tours of 8x8, 100x100 and 300x300 at the default cell
//! sizes and pace, as `--format png` and `--format gif` make them. The size
//! of each file is printed once before its timing.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use gridtour::job::{Control, Outcome};
use gridtour::knight::{self, Algorithm, Board, SolveResult, TourKind};
use gridtour::output::{Format, PictureOptions, Subject};

fn tour(side: u32) -> Subject {
    let board = Board::new(side, side).expect("a board");
    let start = board.parse_square("a1").expect("a1");
    match knight::solve(
        &board,
        start,
        TourKind::Open,
        Algorithm::ALL[0],
        &Control::new(),
    ) {
        Outcome::Done(SolveResult::Found(tour)) => Subject::Tour(tour),
        other => panic!("no {side}x{side} tour: {other:?}"),
    }
}

fn pictures(c: &mut Criterion) {
    let mut group = c.benchmark_group("picture");
    group.sample_size(10);
    let options = PictureOptions::default();
    for side in [8, 100, 300] {
        let subject = tour(side);
        for (format, name) in [(Format::Png, "png"), (Format::Gif, "gif")] {
            let bytes = subject.render(format, &options).expect("a picture");
            println!("{name} {side}x{side}: {} bytes", bytes.len());
            group.bench_function(format!("{name}/{side}x{side}"), |b| {
                b.iter(|| subject.render(black_box(format), &options))
            });
        }
    }
    group.finish();
}

criterion_group!(benches, pictures);
criterion_main!(benches);
