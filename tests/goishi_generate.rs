//! Puzzle generation: walks obey the rules, generated puzzles have exactly
//! one solution, and a seed always gives the same puzzle.

use gridtour::goishi::{self, MAX_GENERATED_STONES, Point, Puzzle, Rng};
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
    // Denser than any unique puzzle: refused before any search.
    let started = std::time::Instant::now();
    for (width, height, stones) in [(2, 2, 4), (4, 4, 15), (4, 4, 11), (1, 9, 2), (9, 9, 55)] {
        let refusal = done(goishi::generate(width, height, stones, 0, &control)).unwrap_err();
        assert!(refusal.contains("too dense"), "{refusal}");
    }
    assert!(started.elapsed() < std::time::Duration::from_millis(100));
}

/// The largest number of stones any unique puzzle on a `width` x `height`
/// board has, by counting the solutions of every placement.
fn densest_unique_by_search(width: u32, height: u32) -> usize {
    let points = (width * height) as usize;
    let control = Control::new();
    for stones in (1..=points).rev() {
        let mut chosen: Vec<usize> = (0..stones).collect();
        loop {
            let mut puzzle = Puzzle::new(width, height).unwrap();
            for &i in &chosen {
                puzzle.set_stone(Point::new(i as u32 % width, i as u32 / width), true);
            }
            if done(goishi::count(&puzzle, Some(2), &control)) == 1 {
                return stones;
            }
            let Some(i) = (0..stones).rev().find(|&i| chosen[i] < points - stones + i) else {
                break;
            };
            chosen[i] += 1;
            for j in i + 1..stones {
                chosen[j] = chosen[j - 1] + 1;
            }
        }
    }
    0
}

#[test]
fn the_small_board_maxima_are_what_a_search_of_every_placement_finds() {
    for &((width, height), most) in goishi::SMALL_BOARD_MAXIMA {
        if width * height <= 16 {
            assert_eq!(
                densest_unique_by_search(width, height),
                most,
                "{width}x{height}"
            );
        }
    }
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
