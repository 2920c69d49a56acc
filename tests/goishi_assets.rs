//! The example puzzles shipped in `assets/goishi/` for the app: every file
//! parses, has the number of solutions the README states, its solver answer
//! passes the rule checker, and each one's stated source is where it is from.

mod common;

use std::path::PathBuf;

use gridtour::goishi::{self, Rng, format};
use gridtour::job::{Control, Outcome};

/// Every shipped file with its size, stone count and number of solutions.
/// `AtLeast` marks puzzles too loose to count to the end.
const ASSETS: [(&str, u32, u32, usize, Solutions); 8] = [
    ("seed-example.txt", 8, 7, 20, Solutions::Exactly(7256)),
    ("cross-unique.txt", 6, 7, 11, Solutions::Exactly(1)),
    ("four-solutions-4x4.txt", 4, 4, 10, Solutions::Exactly(4)),
    ("unique-6x6-10stones.txt", 6, 6, 10, Solutions::Exactly(1)),
    (
        "unique-10x10-30stones.txt",
        10,
        10,
        30,
        Solutions::Exactly(1),
    ),
    (
        "unique-12x12-35stones.txt",
        12,
        12,
        35,
        Solutions::Exactly(1),
    ),
    (
        "unique-60x60-200stones.txt",
        60,
        60,
        200,
        Solutions::Exactly(1),
    ),
    (
        "walk-25x25-100stones.txt",
        25,
        25,
        100,
        Solutions::AtLeast(1000),
    ),
];

#[derive(Debug, Clone, Copy)]
enum Solutions {
    Exactly(u64),
    AtLeast(u64),
}

fn assets_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("assets/goishi")
}

fn done<T>(outcome: Outcome<T>) -> T {
    match outcome {
        Outcome::Done(value) => value,
        Outcome::Cancelled => panic!("cancelled without being asked to"),
    }
}

#[test]
fn every_shipped_file_is_listed() {
    let mut on_disk: Vec<String> = std::fs::read_dir(assets_dir())
        .expect("assets/goishi is readable")
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    on_disk.sort();
    let mut listed: Vec<String> = ASSETS.iter().map(|asset| asset.0.to_owned()).collect();
    listed.sort();
    assert_eq!(on_disk, listed);
}

#[test]
fn every_shipped_puzzle_parses_and_has_its_number_of_solutions() {
    for (file, width, height, stones, solutions) in ASSETS {
        let loaded =
            format::load_path(&assets_dir().join(file)).unwrap_or_else(|error| panic!("{error}"));
        let puzzle = loaded.puzzle;
        assert_eq!(
            (puzzle.width(), puzzle.height(), puzzle.stone_count()),
            (width, height, stones),
            "{file}"
        );
        let control = Control::new();
        match solutions {
            Solutions::Exactly(expected) => {
                assert_eq!(
                    done(goishi::count(&puzzle, None, &control)),
                    expected,
                    "{file}"
                )
            }
            Solutions::AtLeast(expected) => assert_eq!(
                done(goishi::count(&puzzle, Some(expected), &control)),
                expected,
                "{file}"
            ),
        }
        let order = done(goishi::solve(&puzzle, &control)).expect("every example is solvable");
        goishi::validate(&puzzle, &order).unwrap_or_else(|violation| panic!("{file}: {violation}"));
    }
}

#[test]
fn the_seed_example_is_the_shared_one() {
    let shipped = format::load_path(&assets_dir().join("seed-example.txt")).unwrap();
    let shared = common::goishi_data_dir().join("seed-004-example.txt");
    assert_eq!(shipped, format::load_path(&shared).unwrap());
}

#[test]
fn generated_and_walked_examples_are_what_their_seeds_give() {
    for (file, width, height, stones, seed) in [
        ("unique-6x6-10stones.txt", 6, 6, 10, 1),
        ("unique-10x10-30stones.txt", 10, 10, 30, 1),
        ("unique-12x12-35stones.txt", 12, 12, 35, 1),
        ("unique-60x60-200stones.txt", 60, 60, 200, 1),
    ] {
        let shipped = format::load_path(&assets_dir().join(file)).unwrap().puzzle;
        let generated = done(goishi::generate(
            width,
            height,
            stones,
            seed,
            None,
            &Control::new(),
        ));
        assert_eq!(generated, Ok(shipped), "{file}");
    }
    let walked = format::load_path(&assets_dir().join("walk-25x25-100stones.txt"))
        .unwrap()
        .puzzle;
    let (puzzle, walk) = goishi::walk_forward(25, 25, 100, &mut Rng::new(1)).unwrap();
    assert_eq!(puzzle, walked);
    goishi::validate(&walked, &walk).unwrap();
}
