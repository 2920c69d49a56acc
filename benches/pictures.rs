//! Picture export benchmarks (medians are in
//! `target/criterion/*/new/estimates.json`): a PNG and an animated GIF of
//! open knight's tours of 8x8, 100x100 and 300x300 at the default cell
//! sizes and pace, as `--format png` and `--format gif` make them. The size
//! of each file is printed once before its timing. Then a search drawn as
//! `--trace --format gif` draws it: plain DFS on 5x5 from a1, its first
//! 2,000 steps, at the default pace and at one step a frame. Last, the
//! sheet `goishi --generate 10x10 --stones 30 --puzzles 12 --print 3x4
//! --with-solutions` prints: its twelve puzzles made and solved, and the
//! PDF drawn from them.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use gridtour::job::{Control, Outcome};
use gridtour::knight::{self, Algorithm, Board, SolveResult, TourKind};
use gridtour::output::{Format, PictureOptions, Subject};
use gridtour::print::{Recipe, print_sheet};
use gridtour::render::{self, Paper, Scene, SheetOptions, Timing};
use gridtour::replay::Event;

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
    let board = Board::new(5, 5).expect("a board");
    let start = board.parse_square("a1").expect("a1");
    let steps = knight::first_steps(&board, (start, TourKind::Open), Algorithm::Dfs, 2_000);
    let events: Vec<Event> = steps.into_iter().map(Event::from).collect();
    let scene = Scene::knight_board(&board).with_numbers(true);
    let cell_px = options.cell_px_for(Format::Gif, 5);
    for (name, timing) in [
        ("default", Timing::for_path(events.len())),
        ("one-step-a-frame", Timing::new(50.0).expect("a pace")),
    ] {
        let bytes = render::trace_gif(&scene, &events, cell_px, (timing, None)).expect("a GIF");
        println!("trace gif {name}: {} bytes", bytes.len());
        group.bench_function(format!("trace-gif/5x5-dfs-2000/{name}"), |b| {
            b.iter(|| render::trace_gif(&scene, black_box(&events), cell_px, (timing, None)))
        });
    }
    group.finish();
}

fn sheets(c: &mut Criterion) {
    let mut group = c.benchmark_group("sheet");
    group.sample_size(10);
    let recipe = Recipe::Goishi {
        width: 10,
        height: 10,
        stones: 30,
        level: None,
    };
    let layout = SheetOptions {
        across: 3,
        down: 4,
        paper: Paper::A4,
        scale: 1.0,
    };
    let make = || match recipe.make(12, 1, &Control::new(), |_| {}) {
        Outcome::Done(Ok(made)) => made.puzzles,
        other => panic!("no puzzles: {other:?}"),
    };
    let puzzles = make();
    let bytes = print_sheet(&puzzles, &layout, true).expect("a sheet");
    println!(
        "sheet goishi 10x10 x12 with solutions: {} bytes",
        bytes.len()
    );
    group.bench_function("goishi-10x10-12/make", |b| b.iter(make));
    group.bench_function("goishi-10x10-12/pdf", |b| {
        b.iter(|| print_sheet(black_box(&puzzles), &layout, true))
    });
    group.finish();
}

criterion_group!(benches, pictures, sheets);
criterion_main!(benches);
