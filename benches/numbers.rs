//! Knight's tour puzzle benchmarks (medians are in
//! `target/criterion/*/new/estimates.json`).
//!
//! * `unique/<file>`: "is it unique?" (count with limit 2) on the shipped
//!   puzzles of `assets/numbers`.
//! * `plain/<file>`: the same by the plain search the solver is measured
//!   against, on the puzzles it answers within seconds (not the open
//!   8 x 8 ones, nor those of 10 x 10).
//! * `count/few-*`: every solution of the puzzles with few givens.
//! * `generate/<board>/<level>`: making a unique puzzle, proof included.

use std::hint::black_box;
use std::path::PathBuf;

use criterion::{Criterion, criterion_group, criterion_main};
use gridtour::job::Control;
use gridtour::knight::{Board, TourKind};
use gridtour::numbers::{self, Level, NumbersPuzzle, format};

/// The puzzles shipped, by file name.
fn shipped() -> Vec<(String, NumbersPuzzle)> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("assets/numbers");
    let index = std::fs::read_to_string(dir.join("index.tsv")).expect("index.tsv is readable");
    index
        .lines()
        .skip(1)
        .filter_map(|line| line.split('\t').next())
        .map(str::to_owned)
        .map(|name| {
            let read = format::load_path(&dir.join(format!("{name}.txt")))
                .unwrap_or_else(|error| panic!("{error}"));
            (name, read.puzzle)
        })
        .collect()
}

fn unique(c: &mut Criterion) {
    let mut group = c.benchmark_group("unique");
    for (name, puzzle) in shipped() {
        group.bench_function(&name, |b| {
            b.iter(|| numbers::count(black_box(&puzzle), Some(2), &Control::new()))
        });
    }
    group.finish();
}

/// "Is it unique?" by the plain search (see `numbers::count_plainly`).
fn unique_plainly(c: &mut Criterion) {
    let mut group = c.benchmark_group("plain");
    group.sample_size(10);
    let slow = |name: &str| name.contains("10x10") || name.contains("8x8-open");
    for (name, puzzle) in shipped().into_iter().filter(|(name, _)| !slow(name)) {
        group.bench_function(&name, |b| {
            b.iter(|| numbers::count_plainly(black_box(&puzzle), Some(2), &Control::new()))
        });
    }
    group.finish();
}

fn count_all(c: &mut Criterion) {
    let mut group = c.benchmark_group("count");
    for (name, puzzle) in shipped() {
        if name.starts_with("few-") {
            group.bench_function(&name, |b| {
                b.iter(|| numbers::count(black_box(&puzzle), None, &Control::new()))
            });
        }
    }
    group.finish();
}

fn generate(c: &mut Criterion) {
    let mut group = c.benchmark_group("generate");
    group.sample_size(10);
    let boards = [
        (6, 6, TourKind::Open),
        (6, 6, TourKind::Closed),
        (8, 8, TourKind::Open),
        (8, 8, TourKind::Closed),
    ];
    for (width, height, kind) in boards {
        let board = Board::new(width, height).expect("a board");
        for level in Level::ALL {
            let name = format!("{width}x{height}_{}/{}", kind.label(), level.name());
            group.bench_function(&name, |b| {
                b.iter(|| numbers::generate(&board, kind, level, 1, &Control::new()))
            });
        }
    }
    group.finish();
}

criterion_group!(benches, unique, unique_plainly, count_all, generate);
criterion_main!(benches);
