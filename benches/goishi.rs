//! Goishi Hiroi benchmarks (medians are in `target/criterion/*/new/estimates.json`).
//!
//! * `count/<file>`: all solutions of each puzzle of the shared index.
//! * `solve/<size>/seed<n>`: one solution of walk-made puzzles with 100 stones
//!   on 25x25 and 200 stones on 50x50.
//! * `unique/12x12_35/seed<n>`: "is it unique?" (count with limit 2) on
//!   generated single-solution puzzles, which must be searched to the end.

use std::hint::black_box;
use std::path::PathBuf;

use criterion::{Criterion, criterion_group, criterion_main};
use gridtour::goishi::{self, Puzzle, Rng, format};
use gridtour::job::{Control, Outcome};

fn index_puzzles() -> Vec<(String, Puzzle)> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/puzzles/goishi");
    let index = std::fs::read_to_string(dir.join("index.tsv")).expect("index.tsv is readable");
    index
        .lines()
        .skip(1)
        .filter_map(|line| line.split('\t').next())
        .filter(|file| !file.is_empty())
        .map(|file| {
            let loaded =
                format::load_path(&dir.join(file)).unwrap_or_else(|error| panic!("{error}"));
            (file.to_owned(), loaded.puzzle)
        })
        .collect()
}

fn count_index(c: &mut Criterion) {
    let mut group = c.benchmark_group("count");
    for (file, puzzle) in index_puzzles() {
        group.bench_function(&file, |b| {
            b.iter(|| goishi::count(black_box(&puzzle), None, &Control::new()))
        });
    }
    group.finish();
}

fn solve_walks(c: &mut Criterion) {
    let mut group = c.benchmark_group("solve");
    group.sample_size(20);
    for (side, stones) in [(25, 100), (50, 200)] {
        for seed in 0..3 {
            let (puzzle, _) =
                goishi::walk_forward(side, side, stones, &mut Rng::new(seed)).unwrap();
            group.bench_function(format!("{side}x{side}_{stones}/seed{seed}"), |b| {
                b.iter(|| {
                    let found = goishi::solve(black_box(&puzzle), &Control::new());
                    assert!(matches!(found, Outcome::Done(Some(_))));
                })
            });
        }
    }
    group.finish();
}

fn is_it_unique(c: &mut Criterion) {
    let mut group = c.benchmark_group("unique");
    for seed in 0..3 {
        let Outcome::Done(Ok(puzzle)) = goishi::generate(12, 12, 35, seed, &Control::new()) else {
            panic!("no 12x12 puzzle for seed {seed}");
        };
        group.bench_function(format!("12x12_35/seed{seed}"), |b| {
            b.iter(|| {
                let solutions = goishi::count(black_box(&puzzle), Some(2), &Control::new());
                assert_eq!(solutions, Outcome::Done(1));
            })
        });
    }
    group.finish();
}

criterion_group!(benches, count_index, solve_walks, is_it_unique);
criterion_main!(benches);
