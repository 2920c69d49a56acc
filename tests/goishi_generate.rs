//! Puzzle generation: walks obey the rules, generated puzzles have exactly
//! one solution, and a seed always gives the same puzzle.

use gridtour::goishi::{self, GenerateError, Level, MAX_GENERATED_STONES, Point, Puzzle, Rng};
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
        None,
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
fn making_a_puzzle_reports_no_solutions_found() {
    // The generator counts the solutions of many candidates; the progress
    // counter would add them all up. Counting afterwards counts again.
    for (side, stones, level) in [(6, 12, None), (30, 100, None), (14, 47, Some(Level::Hard))] {
        let control = Control::new();
        let puzzle = done(goishi::generate(side, side, stones, 1, level, &control))
            .unwrap_or_else(|message| panic!("{message}"));
        let progress = control.snapshot();
        assert!(progress.nodes > 0, "{side}x{side}");
        assert_eq!(progress.found, 0, "{side}x{side}/{stones}");
        done(goishi::count(&puzzle, None, &control));
        assert_eq!(control.snapshot().found, 1);
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
    assert!(done(goishi::generate(3, 3, 10, 0, None, &control)).is_err());
    assert!(done(goishi::generate(3, 3, 0, 0, None, &control)).is_err());
    assert!(done(goishi::generate(0, 3, 2, 0, None, &control)).is_err());
    assert!(goishi::walk_forward(2000, 2, 2, &mut Rng::new(0)).is_err());
    let too_many = done(goishi::generate(
        400,
        400,
        MAX_GENERATED_STONES + 1,
        0,
        None,
        &control,
    ));
    let too_many = too_many.unwrap_err();
    assert_eq!(
        too_many,
        GenerateError::TooMany {
            stones: MAX_GENERATED_STONES + 1,
            most: 1000
        }
    );
    assert!(too_many.to_string().contains("at most 1000 stones"));
    // Denser than any unique puzzle: refused before any search.
    let started = std::time::Instant::now();
    for (width, height, stones) in [(2, 2, 4), (4, 4, 15), (4, 4, 11), (1, 9, 2)] {
        let refusal = done(goishi::generate(width, height, stones, 0, None, &control)).unwrap_err();
        assert!(
            matches!(refusal, GenerateError::TooDense { .. }),
            "{refusal}"
        );
        assert!(refusal.to_string().contains("too dense"), "{refusal}");
    }
    assert!(started.elapsed() < std::time::Duration::from_millis(100));
}

#[test]
fn the_advice_is_a_count_the_generator_makes() {
    let control = Control::new();
    for (width, height, asked, most) in [(10, 10, 80, 32), (9, 9, 55, 29), (6, 6, 24, 20)] {
        let refusal = done(goishi::generate(width, height, asked, 0, None, &control)).unwrap_err();
        assert!(
            matches!(refusal, GenerateError::BeyondReach { most: m, .. } if m == most),
            "{refusal}"
        );
        assert!(
            refusal
                .to_string()
                .contains(&format!("ask for at most {most}")),
            "{refusal}"
        );
        for seed in 1..=3 {
            let puzzle = done(goishi::generate(width, height, most, seed, None, &control))
                .unwrap_or_else(|error| panic!("{width}x{height}, {most} stones: {error}"));
            assert_eq!(puzzle.stone_count(), most);
            assert_eq!(done(goishi::count(&puzzle, Some(2), &control)), 1);
        }
    }
    // Too few for any puzzle with one solution.
    let refusal = done(goishi::generate(6, 6, 5, 1, None, &control)).unwrap_err();
    assert_eq!(
        refusal,
        GenerateError::TooFew {
            stones: 5,
            fewest: 7
        }
    );
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
        goishi::generate(10, 10, 30, 0, None, &control),
        Outcome::Cancelled
    );
    // A chain of blocks, with or without a level to aim at.
    for difficulty in [None, Some(Level::Hard)] {
        assert_eq!(
            goishi::generate(300, 300, 1000, 0, difficulty, &control),
            Outcome::Cancelled
        );
    }
    // Cancelled while it runs: it stops well before it would have ended.
    let control = std::sync::Arc::new(Control::new());
    let canceller = {
        let control = control.clone();
        std::thread::spawn(move || {
            std::thread::sleep(std::time::Duration::from_millis(50));
            control.cancel();
        })
    };
    let started = std::time::Instant::now();
    let outcome = goishi::generate(300, 300, 1000, 0, None, &control);
    canceller.join().unwrap();
    assert_eq!(outcome, Outcome::Cancelled);
    assert!(started.elapsed() < std::time::Duration::from_secs(1));
}

/// Whether `order` picks every stone of `puzzle` by the rules, checked
/// square by square with nothing from the library but the stones' places.
fn follows_the_rules(puzzle: &Puzzle, order: &[Point]) -> bool {
    let mut left: std::collections::HashSet<Point> = puzzle.stones().into_iter().collect();
    if order.len() != left.len() || order.iter().any(|p| !left.contains(p)) {
        return false;
    }
    let mut last_step: Option<(i64, i64)> = None;
    for pair in order.windows(2) {
        let (from, to) = (pair[0], pair[1]);
        left.remove(&from);
        let (dx, dy) = (
            (i64::from(to.x) - i64::from(from.x)).signum(),
            (i64::from(to.y) - i64::from(from.y)).signum(),
        );
        if (dx != 0) == (dy != 0) || last_step == Some((-dx, -dy)) || !left.contains(&to) {
            return false;
        }
        let (mut x, mut y) = (i64::from(from.x) + dx, i64::from(from.y) + dy);
        while (x, y) != (i64::from(to.x), i64::from(to.y)) {
            if left.contains(&Point::new(x as u32, y as u32)) {
                return false;
            }
            x += dx;
            y += dy;
        }
        last_step = Some((dx, dy));
    }
    true
}

/// Every pick order of `puzzle` by plain depth-first search, up to `limit`.
fn brute_force_count(puzzle: &Puzzle, limit: u64) -> u64 {
    fn extend(puzzle: &Puzzle, order: &mut Vec<Point>, found: &mut u64, limit: u64) {
        if *found >= limit {
            return;
        }
        if order.len() == puzzle.stone_count() {
            *found += 1;
            return;
        }
        let stones = puzzle.stones();
        for next in stones {
            if order.contains(&next) {
                continue;
            }
            order.push(next);
            if goishi::validate_prefix(puzzle, order).is_ok() {
                extend(puzzle, order, found, limit);
            }
            order.pop();
        }
    }
    let mut found = 0;
    extend(puzzle, &mut Vec::new(), &mut found, limit);
    found
}

#[test]
fn big_puzzles_have_exactly_one_solution() {
    let control = Control::new();
    for (width, height, stones, seed) in [
        (30, 30, 100, 0),
        (30, 30, 100, 1),
        (45, 20, 80, 2),
        (50, 50, 170, 3),
        (60, 60, 200, 4),
    ] {
        let puzzle = unique_puzzle(width, height, stones, seed);
        assert_eq!(puzzle.stone_count(), stones);
        // The exhaustive count, not the generator's "no second solution".
        assert_eq!(done(goishi::count(&puzzle, None, &control)), 1);
        let order = done(goishi::solve(&puzzle, &control)).expect("solvable");
        assert!(
            follows_the_rules(&puzzle, &order),
            "{width}x{height} seed {seed}"
        );
    }
}

#[test]
fn chains_of_small_puzzles_have_one_solution_by_brute_force() {
    for seed in 0..8 {
        let puzzle = unique_puzzle(12, 12, 18, seed);
        assert_eq!(brute_force_count(&puzzle, 2), 1, "seed {seed}");
        let order = done(goishi::solve(&puzzle, &Control::new())).expect("solvable");
        assert!(follows_the_rules(&puzzle, &order));
    }
}

#[test]
fn big_puzzles_are_the_same_for_a_seed() {
    assert_eq!(unique_puzzle(40, 40, 130, 5), unique_puzzle(40, 40, 130, 5));
    assert_ne!(unique_puzzle(40, 40, 130, 5), unique_puzzle(40, 40, 130, 6));
}

#[test]
fn too_dense_big_requests_say_what_fits() {
    let started = std::time::Instant::now();
    let refusal = done(goishi::generate(50, 50, 200, 0, None, &Control::new())).unwrap_err();
    assert!(
        matches!(
            refusal,
            GenerateError::BeyondReach {
                most: 170,
                side: 59,
                chained: true,
                ..
            }
        ),
        "{refusal}"
    );
    // The refusal says both, in words.
    assert!(refusal.to_string().contains("at most 170"), "{refusal}");
    assert!(refusal.to_string().contains("at least 59x59"), "{refusal}");
    assert!(started.elapsed() < std::time::Duration::from_millis(100));
    // What it names can be made.
    assert_eq!(unique_puzzle(50, 50, 170, 0).stone_count(), 170);
    assert_eq!(unique_puzzle(59, 59, 200, 0).stone_count(), 200);
}

#[test]
fn the_independent_rule_check_rejects_broken_orders() {
    let puzzle = unique_puzzle(6, 6, 12, 0);
    let order = done(goishi::solve(&puzzle, &Control::new())).unwrap();
    assert!(follows_the_rules(&puzzle, &order));
    let mut swapped = order.clone();
    swapped.swap(3, 4);
    assert!(!follows_the_rules(&puzzle, &swapped));
    assert!(!follows_the_rules(&puzzle, &order[1..]));
    let mut reversed = order.clone();
    reversed.reverse();
    assert!(
        !follows_the_rules(&puzzle, &reversed),
        "a unique order cannot be reversed"
    );
}

#[test]
fn generated_puzzles_rate_the_level_asked_for() {
    let control = Control::new();
    for (width, height, stones, level) in [
        (8, 8, 16, Level::Easy),
        (10, 10, 20, Level::Easy),
        (14, 14, 47, Level::Medium),
        (14, 14, 47, Level::Hard),
        (30, 30, 100, Level::Medium),
        (30, 30, 100, Level::Hard),
    ] {
        let puzzle = done(goishi::generate(
            width,
            height,
            stones,
            1,
            Some(level),
            &control,
        ))
        .unwrap_or_else(|message| panic!("{message}"));
        assert_eq!(puzzle.stone_count(), stones);
        let rating = done(goishi::rate(&puzzle, &control)).expect("solvable");
        assert_eq!(rating.level, level, "{width}x{height} with {stones}");
        assert_eq!(done(goishi::count(&puzzle, None, &control)), 1);
    }
}

#[test]
fn a_level_that_cannot_be_met_is_named_in_the_failure() {
    let failure = done(goishi::generate(
        14,
        14,
        47,
        1,
        Some(Level::Easy),
        &Control::new(),
    ))
    .unwrap_err();
    assert!(
        matches!(
            failure,
            GenerateError::NoneOfLevel {
                level: Level::Easy,
                ..
            } | GenerateError::NotFound {
                level: Some(Level::Easy),
                ..
            }
        ),
        "{failure}"
    );
    assert!(failure.to_string().contains("that rates easy"), "{failure}");
}

#[test]
fn the_default_stone_count_is_one_the_board_takes() {
    for (width, height) in [
        (1, 1),
        (2, 2),
        (3, 3),
        (4, 4),
        (6, 6),
        (10, 10),
        (40, 40),
        (700, 700),
    ] {
        let stones = goishi::default_stones(width, height);
        assert_eq!(
            goishi::generation_refusal(width, height, stones),
            Ok(()),
            "{width}x{height}: {stones}"
        );
    }
    assert_eq!(
        goishi::default_stones(700, 700),
        MAX_GENERATED_STONES.min(2100)
    );
}

/// Which levels the generator reaches: on each board up to 10 x 10, for
/// each stone count it takes and each level, requests with that level and
/// the seeds 1 to 3, as the window makes them; the table of the levels the
/// window offers must be what all three reach (BENCHMARKS.md): `cargo test --release --test
/// goishi_generate -- --ignored --nocapture levels_reached`.
#[test]
#[ignore = "a measurement of some minutes"]
fn levels_reached() {
    const SEEDS: u64 = 3;
    let boards: Vec<(u32, u32)> = (3..=10u32)
        .flat_map(|short| (short..=10).map(move |long| (short, long)))
        .collect();
    let next = std::sync::atomic::AtomicUsize::new(0);
    let threads = std::thread::available_parallelism().map_or(1, usize::from);
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| {
                while let Some(&(short, long)) =
                    boards.get(next.fetch_add(1, std::sync::atomic::Ordering::Relaxed))
                {
                    let mut stones = goishi::FEWEST_GENERATED_STONES;
                    while goishi::generation_refusal(short, long, stones).is_ok() {
                        let made = Level::ALL.map(|level| {
                            (1..=SEEDS)
                                .filter(|&seed| {
                                    let control = Control::new();
                                    let request = goishi::generate(
                                        short,
                                        long,
                                        stones,
                                        seed,
                                        Some(level),
                                        &control,
                                    );
                                    matches!(request, Outcome::Done(Ok(_)))
                                })
                                .count()
                        });
                        println!("{short}x{long} {stones} {made:?}");
                        // The table the window offers is what all three
                        // seeds reach, and nothing else.
                        for (level, made) in Level::ALL.into_iter().zip(made) {
                            let offered = goishi::level_reach(short, long, level)
                                .is_some_and(|counts| counts.contains(stones));
                            assert_eq!(
                                offered,
                                made as u64 == SEEDS,
                                "{short}x{long}, {stones} stones, {level:?}: {made} of {SEEDS} seeds"
                            );
                        }
                        stones += 1;
                    }
                }
            });
        }
    });
}

#[test]
fn every_level_offered_for_a_board_and_stones_can_be_made() {
    // A sample of the measured table: the middle of each level's longest
    // run of stone counts, with the first of the seeds it was measured with.
    for (width, height) in [(5, 6), (6, 7)] {
        for level in Level::ALL {
            let runs = goishi::level_reach(width, height, level)
                .expect("measured")
                .runs();
            let Some(&(fewest, most)) = runs.iter().max_by_key(|(fewest, most)| most - fewest)
            else {
                assert_eq!((width, level), (5, Level::Hard), "5x6 makes no hard one");
                continue;
            };
            let stones = (fewest + most) / 2;
            assert_eq!(goishi::level_refusal(width, height, stones, level), Ok(()));
            let made = done(goishi::generate(
                width,
                height,
                stones,
                1,
                Some(level),
                &Control::new(),
            ));
            let puzzle = made.unwrap_or_else(|error| panic!("{width}x{height} {stones}: {error}"));
            let rating = done(goishi::rate(&puzzle, &Control::new())).expect("solvable");
            assert_eq!(rating.level, level, "{width}x{height} {stones}");
        }
    }
}

#[test]
fn a_level_out_of_reach_is_refused_with_the_stones_that_reach_it() {
    // The window's default board and stones.
    assert_eq!(goishi::level_refusal(6, 7, 12, Level::Easy), Ok(()));
    assert_eq!(goishi::level_refusal(6, 7, 12, Level::Medium), Ok(()));
    let hard = goishi::level_refusal(6, 7, 12, Level::Hard).unwrap_err();
    assert!(
        hard.to_string().contains("they do with 22 stones"),
        "{hard}"
    );
    let never = goishi::level_refusal(6, 8, 20, Level::Hard).unwrap_err();
    assert!(
        never.to_string().contains("with any number of stones"),
        "{never}"
    );
    // Boards beyond the measured ones are let through.
    assert_eq!(goishi::level_refusal(20, 20, 60, Level::Hard), Ok(()));
}
