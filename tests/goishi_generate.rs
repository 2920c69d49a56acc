//! Puzzle generation: walks obey the rules, generated puzzles have exactly
//! one solution, and a seed always gives the same puzzle.

use gridtour::goishi::{self, MAX_GENERATED_STONES, Puzzle, Rng};
use gridtour::job::{Control, Outcome};

fn done<T>(outcome: Outcome<T>) -> T {
    match outcome {
        Outcome::Done(value) => value,
        Outcome::Cancelled => panic!("cancelled without being asked to"),
    }
}

fn unique_puzzle(width: u32, height: u32, stones: usize, seed: u64) -> Puzzle {
    done(goishi::generate(
        width,
        height,
        stones,
        seed,
        &Control::new(),
    ))
    .unwrap_or_else(|message| panic!("{message}"))
}

#[test]
fn walks_are_solutions_of_their_puzzles() {
    let mut rng = Rng::new(5);
    for (width, height, stones) in [(5, 5, 10), (8, 6, 20), (25, 25, 100), (50, 50, 200)] {
        let (puzzle, walk) = goishi::walk_forward(width, height, stones, &mut rng).unwrap();
        assert_eq!((puzzle.width(), puzzle.height()), (width, height));
        assert_eq!(puzzle.stone_count(), stones);
        goishi::validate(&puzzle, &walk).unwrap();
    }
}

#[test]
fn generated_puzzles_have_exactly_one_solution() {
    for seed in 0..4 {
        let puzzle = unique_puzzle(6, 6, 12, seed);
        assert_eq!(puzzle.stone_count(), 12);
        let control = Control::new();
        assert_eq!(
            done(goishi::count(&puzzle, None, &control)),
            1,
            "seed {seed}"
        );
        let order = done(goishi::solve(&puzzle, &control)).expect("solvable");
        goishi::validate(&puzzle, &order).unwrap();
    }
}

#[test]
fn same_seed_same_puzzle() {
    assert_eq!(unique_puzzle(7, 5, 12, 42), unique_puzzle(7, 5, 12, 42));
    assert_ne!(unique_puzzle(7, 5, 12, 42), unique_puzzle(7, 5, 12, 43));
}

#[test]
fn generates_a_unique_30_stone_10x10_puzzle() {
    let puzzle = unique_puzzle(10, 10, 30, 1);
    assert_eq!(puzzle.stone_count(), 30);
    assert_eq!(done(goishi::count(&puzzle, None, &Control::new())), 1);
}

#[test]
fn impossible_requests_are_refused() {
    let control = Control::new();
    assert!(done(goishi::generate(3, 3, 10, 0, &control)).is_err());
    assert!(done(goishi::generate(3, 3, 0, 0, &control)).is_err());
    assert!(done(goishi::generate(0, 3, 2, 0, &control)).is_err());
    assert!(goishi::walk_forward(2000, 2, 2, &mut Rng::new(0)).is_err());
    let too_many = done(goishi::generate(
        50,
        50,
        MAX_GENERATED_STONES + 1,
        0,
        &control,
    ));
    assert!(too_many.unwrap_err().contains("at most 100 stones"));
    // A full 2x2 board has several solutions and no free point to move to.
    let full = done(goishi::generate(2, 2, 4, 0, &control));
    assert!(full.unwrap_err().contains("single solution"));
}

#[test]
fn cancelled_generation_says_so() {
    let control = Control::new();
    control.cancel();
    assert_eq!(
        goishi::generate(10, 10, 30, 0, &control),
        Outcome::Cancelled
    );
}
