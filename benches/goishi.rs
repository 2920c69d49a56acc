//! Goishi Hiroi benchmarks (medians are in `target/criterion/*/new/estimates.json`).
//!
//! * `count/<file>`: all solutions of each puzzle of the shared index.
//! * `count_walk/15x15_45/seed<n>`: all solutions of walk-made puzzles with
//!   45 stones on 15x15 (155,399 and 65,686 of them), which the search must
//!   enumerate nearly one by one, and `count_walk/20x20_60/seed0`, 60 stones
//!   on 20x20 (539,253), whose search outgrows the memo.
//! * `solve/<size>/seed<n>`: one solution of walk-made puzzles with 100 stones
//!   on 25x25 and 200 stones on 50x50.
//! * `solve_full/<side>`: one solution of a board full of stones.
//! * `unique/<size>/seed<n>`: "is it unique?" (count with limit 2) on
//!   generated single-solution puzzles (35 stones on 12x12, 200 on 60x60),
//!   which must be searched to the end.
//! * `generate/<size>/seed<n>`: making a unique puzzle, its proof included.
//! * `second/50x50_200/seed<n>`: "is it unique?" on walk-made puzzles with
//!   many solutions, whose exhaustive search from the first starts is huge.
//! * `hint/50x50_200/seed<n>`: the play-mode hint (a solution from a position)
//!   one pick off the solution after 20 picks of the walk, where the position
//!   is usually dead and must be proven so.
//! * `rate/<file>`: the difficulty rating of the shared unique puzzles.

use std::hint::black_box;
use std::path::PathBuf;

use criterion::{Criterion, criterion_group, criterion_main};
use gridtour::goishi::{self, Game, Point, Puzzle, Rng, format};
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

fn count_walks(c: &mut Criterion) {
    let mut group = c.benchmark_group("count_walk");
    group.sample_size(10);
    for (side, stones, seed, solutions) in [
        (15, 45, 1, 155_399),
        (15, 45, 3, 65_686),
        (20, 60, 0, 539_253),
    ] {
        let (puzzle, _) = goishi::walk_forward(side, side, stones, &mut Rng::new(seed)).unwrap();
        let count = || goishi::count(black_box(&puzzle), None, &Control::new());
        let name = format!("{side}x{side}_{stones}/seed{seed}");
        // Checked when the benchmark runs, not when a filter leaves it out:
        // the 60-stone count takes seconds.
        let mut checked = false;
        group.bench_function(name, |b| {
            if !std::mem::replace(&mut checked, true) {
                assert_eq!(count(), Outcome::Done(solutions));
            }
            b.iter(count)
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

fn solve_full_boards(c: &mut Criterion) {
    let mut group = c.benchmark_group("solve_full");
    group.sample_size(10);
    for side in [100, 1000] {
        let mut puzzle = Puzzle::new(side, side).unwrap();
        for y in 0..side {
            for x in 0..side {
                puzzle.set_stone(Point { x, y }, true);
            }
        }
        group.bench_function(format!("{side}x{side}"), |b| {
            b.iter(|| {
                let found = goishi::solve(black_box(&puzzle), &Control::new());
                assert!(matches!(found, Outcome::Done(Some(_))));
            })
        });
    }
    group.finish();
}

fn second_solution(c: &mut Criterion) {
    let mut group = c.benchmark_group("second");
    group.sample_size(20);
    for seed in [1, 3, 5] {
        let (puzzle, _) = goishi::walk_forward(50, 50, 200, &mut Rng::new(seed)).unwrap();
        group.bench_function(format!("50x50_200/seed{seed}"), |b| {
            b.iter(|| {
                let solutions = goishi::count(black_box(&puzzle), Some(2), &Control::new());
                assert_eq!(solutions, Outcome::Done(2));
            })
        });
    }
    group.finish();
}

fn is_it_unique(c: &mut Criterion) {
    let mut group = c.benchmark_group("unique");
    for ((side, stones), seed) in [(12, 35), (60, 200)]
        .into_iter()
        .flat_map(|size| (0..3).map(move |seed| (size, seed)))
    {
        let Outcome::Done(Ok(puzzle)) =
            goishi::generate(side, side, stones, seed, None, &Control::new())
        else {
            panic!("no {side}x{side} puzzle for seed {seed}");
        };
        group.bench_function(format!("{side}x{side}_{stones}/seed{seed}"), |b| {
            b.iter(|| {
                let solutions = goishi::count(black_box(&puzzle), Some(2), &Control::new());
                assert_eq!(solutions, Outcome::Done(1));
            })
        });
    }
    group.finish();
}

fn generation(c: &mut Criterion) {
    let mut group = c.benchmark_group("generate");
    group.sample_size(10);
    for (side, stones) in [(14, 47), (25, 83), (60, 200)] {
        for seed in 0..2 {
            group.bench_function(format!("{side}x{side}_{stones}/seed{seed}"), |b| {
                b.iter(|| {
                    let made = goishi::generate(side, side, stones, seed, None, &Control::new());
                    assert!(matches!(made, Outcome::Done(Ok(_))));
                })
            });
        }
    }
    group.finish();
}

fn hints(c: &mut Criterion) {
    let mut group = c.benchmark_group("hint");
    group.sample_size(20);
    for seed in [0, 1, 2] {
        let (puzzle, walk) = goishi::walk_forward(50, 50, 200, &mut Rng::new(seed)).unwrap();
        let mut game = Game::new(puzzle);
        for &pick in &walk[..20] {
            game.try_pick(pick).unwrap();
        }
        if let Some(&off) = game.legal_picks().iter().find(|&&pick| pick != walk[20]) {
            game.try_pick(off).unwrap();
        }
        group.bench_function(format!("50x50_200/seed{seed}"), |b| {
            b.iter(|| goishi::finish(black_box(&game), &Control::new()))
        });
    }
    group.finish();
}

fn ratings(c: &mut Criterion) {
    let mut group = c.benchmark_group("rate");
    for (file, puzzle) in index_puzzles() {
        if let Outcome::Done(Some(_)) = goishi::rate(&puzzle, &Control::new()) {
            group.bench_function(&file, |b| {
                b.iter(|| goishi::rate(black_box(&puzzle), &Control::new()))
            });
        }
    }
    group.finish();
}

criterion_group!(
    benches,
    generation,
    hints,
    ratings,
    count_index,
    count_walks,
    solve_walks,
    solve_full_boards,
    is_it_unique,
    second_solution
);
criterion_main!(benches);
