//! The solver against an independent brute force over the rules, on many
//! small random puzzles, plus cancellation and the bigger walk-made
//! puzzles, and its traces replayed by the rules.

use std::ops::ControlFlow;
use std::path::PathBuf;
use std::process::Command;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use gridtour::document::{self, Document};
use gridtour::goishi::{self, Game, PickRule, PickStep, Point, Puzzle, Rng};
use gridtour::job::{self, Control, Event, Outcome};

fn done<T>(outcome: Outcome<T>) -> T {
    match outcome {
        Outcome::Done(value) => value,
        Outcome::Cancelled => panic!("cancelled without being asked to"),
    }
}

/// Counts solutions by trying every legal pick, straight from the rules.
fn brute_force(game: &mut Game) -> u64 {
    if game.is_complete() {
        return 1;
    }
    let mut total = 0;
    for p in game.legal_picks() {
        game.try_pick(p).expect("a legal pick is accepted");
        total += brute_force(game);
        game.undo();
    }
    total
}

fn random_puzzle(rng: &mut Rng, width: u32, height: u32, stones: usize) -> Puzzle {
    let mut puzzle = Puzzle::new(width, height).unwrap();
    while puzzle.stone_count() < stones {
        let p = Point::new(
            rng.below(width as usize) as u32,
            rng.below(height as usize) as u32,
        );
        puzzle.set_stone(p, true);
    }
    puzzle
}

#[test]
fn counts_match_brute_force_on_small_random_puzzles() {
    let mut rng = Rng::new(2024);
    let mut solvable = 0;
    for round in 0..300 {
        let stones = 4 + round % 9;
        let puzzle = if round % 2 == 0 {
            random_puzzle(&mut rng, 5, 5, stones)
        } else {
            goishi::walk_forward(5, 4, stones, &mut rng).unwrap().0
        };
        let expected = brute_force(&mut Game::new(puzzle.clone()));
        let control = Control::new();
        assert_eq!(
            done(goishi::count(&puzzle, None, &control)),
            expected,
            "{puzzle:?}"
        );
        // Up to 64 solutions are found one by one, each search avoiding
        // those found; beyond that the count is exhaustive.
        for limit in [1, 2, 3, 64, 65] {
            assert_eq!(
                done(goishi::count(&puzzle, Some(limit), &control)),
                expected.min(limit),
                "limit {limit}: {puzzle:?}"
            );
        }
        let listed = done(goishi::enumerate(
            &puzzle,
            &control,
            &mut |order: &[Point]| {
                goishi::validate(&puzzle, order).unwrap();
                ControlFlow::Continue(())
            },
        ));
        assert_eq!(listed, expected);
        let solution = done(goishi::solve(&puzzle, &control));
        assert_eq!(solution.is_some(), expected > 0);
        if let Some(order) = solution {
            goishi::validate(&puzzle, &order).unwrap();
            solvable += 1;
        }
    }
    assert!(
        solvable > 100,
        "only {solvable} solvable puzzles: the test lost its teeth"
    );
}

#[test]
fn parallel_count_agrees_with_single_threaded_listing() {
    let mut rng = Rng::new(77);
    for _ in 0..4 {
        // 24 stones: the smallest puzzles counted on several threads.
        let (puzzle, walk) = goishi::walk_forward(9, 9, 24, &mut rng).unwrap();
        goishi::validate(&puzzle, &walk).unwrap();
        let control = Control::new();
        let counted = done(goishi::count(&puzzle, None, &control));
        let listed = done(goishi::enumerate(
            &puzzle,
            &control,
            &mut |_: &[Point]| ControlFlow::Continue(()),
        ));
        assert!(counted >= 1);
        assert_eq!(counted, listed);
        assert_eq!(
            done(goishi::count(&puzzle, Some(2), &control)),
            counted.min(2)
        );
    }
}

#[test]
fn small_limits_agree_with_the_exhaustive_count_on_restarted_searches() {
    // From 48 stones on, a search for one solution restarts with random
    // tie-breaks, so the solutions it must avoid come back along new paths.
    let mut few = 0;
    for seed in 0..6 {
        let (puzzle, _) = goishi::walk_forward(30, 30, 50, &mut Rng::new(seed)).unwrap();
        let control = Control::new();
        let exhaustive = done(goishi::count(&puzzle, Some(65), &control));
        few += usize::from(exhaustive < 65);
        for limit in [2, 5, 64] {
            assert_eq!(
                done(goishi::count(&puzzle, Some(limit), &control)),
                exhaustive.min(limit),
                "limit {limit}: {puzzle:?}"
            );
        }
    }
    assert!(few > 0, "every puzzle had over 64 solutions");
}

#[test]
fn solves_walk_made_puzzles_with_hundreds_of_stones() {
    let mut rng = Rng::new(9);
    let (puzzle, _) = goishi::walk_forward(40, 40, 300, &mut rng).unwrap();
    assert_eq!(puzzle.stone_count(), 300);
    let order =
        done(goishi::solve(&puzzle, &Control::new())).expect("a walk-made puzzle is solvable");
    goishi::validate(&puzzle, &order).unwrap();
}

/// A full board solves in time close to linear in its stones (the search
/// looks up the next stone and tests for dead ends without rescanning the
/// board); the order is checked by the rules. The README gives the release
/// command for the full 1000x1000 board.
#[test]
fn solves_full_and_nearly_full_boards() {
    let side = 300;
    let mut puzzle = Puzzle::new(side, side).unwrap();
    for p in (0..side * side).map(|i| Point::new(i % side, i / side)) {
        puzzle.set_stone(p, true);
    }
    let order = done(goishi::solve(&puzzle, &Control::new())).expect("a full board is solvable");
    goishi::validate(&puzzle, &order).unwrap();
    // With every seventh stone of every eleventh row taken away.
    for y in (0..side).step_by(11) {
        for x in (y % 7..side).step_by(7) {
            puzzle.set_stone(Point::new(x, y), false);
        }
    }
    let order = done(goishi::solve(&puzzle, &Control::new())).expect("still solvable");
    goishi::validate(&puzzle, &order).unwrap();
}

#[test]
fn empty_board_and_single_stone() {
    let mut puzzle = Puzzle::new(3, 3).unwrap();
    let control = Control::new();
    assert_eq!(done(goishi::count(&puzzle, None, &control)), 1);
    puzzle.set_stone(Point::new(1, 1), true);
    assert_eq!(done(goishi::count(&puzzle, None, &control)), 1);
    assert_eq!(
        done(goishi::solve(&puzzle, &control)),
        Some(vec![Point::new(1, 1)])
    );
}

/// A full 12x12 board: solutions beyond counting, so counting and listing
/// never end on their own.
fn dense_board() -> Puzzle {
    let mut puzzle = Puzzle::new(12, 12).unwrap();
    for p in (0..144).map(|i| Point::new(i % 12, i / 12)) {
        puzzle.set_stone(p, true);
    }
    puzzle
}

/// Runs `search` on a job thread, cancels it after 100 ms of progress and
/// returns how long it took to stop, checking that progress was reported.
fn time_to_stop<T: Send + std::fmt::Debug + 'static>(
    search: impl FnOnce(&Control) -> Outcome<T> + Send + 'static,
) -> Duration {
    let job = job::spawn(
        job::Resources::default(),
        |_| {},
        move |control, _: &job::Emitter<_, ()>| search(control),
    );
    let mut progress = Vec::new();
    while progress.len() < 2 {
        match job
            .next_event(Duration::from_secs(5))
            .expect("progress arrives")
        {
            Event::Progress(reading) => progress.push(reading),
            other => panic!("the search ended on its own: {other:?}"),
        }
    }
    assert!(progress[1].nodes > progress[0].nodes, "{progress:?}");
    let asked = Instant::now();
    job.cancel();
    loop {
        match job
            .next_event(Duration::from_secs(5))
            .expect("the job ends")
        {
            Event::Finished(outcome, _) => {
                assert!(matches!(outcome, Outcome::Cancelled));
                return asked.elapsed();
            }
            _ => continue,
        }
    }
}

/// The quickest of three stops: the bound is about how often the search
/// looks at the cancel flag, not about a scheduler that, on a machine busy
/// with other tests, may leave a thread waiting now and then.
fn best_time_to_stop<T: Send + std::fmt::Debug + 'static>(
    search: impl Fn(&Control) -> Outcome<T> + Send + Sync + Copy + 'static,
) -> Duration {
    (0..3).map(|_| time_to_stop(search)).min().unwrap()
}

#[test]
fn counting_and_listing_report_progress_and_stop_within_50_ms_of_cancel() {
    let bound = Duration::from_millis(50);
    let counting = best_time_to_stop(|control| {
        let outcome = goishi::count(&dense_board(), None, control);
        assert_eq!(outcome, Outcome::Cancelled);
        outcome
    });
    assert!(counting < bound, "count took {counting:?} to stop");
    let listing = best_time_to_stop(|control| {
        let outcome = goishi::enumerate(&dense_board(), control, &mut |_: &[Point]| {
            ControlFlow::Continue(())
        });
        assert_eq!(outcome, Outcome::Cancelled);
        outcome
    });
    assert!(listing < bound, "enumerate took {listing:?} to stop");
}

#[test]
fn cancelled_searches_say_so() {
    let control = Control::new();
    control.cancel();
    let puzzle = dense_board();
    assert_eq!(goishi::solve(&puzzle, &control), Outcome::Cancelled);
    assert_eq!(
        goishi::count(&puzzle, Some(2), &control),
        Outcome::Cancelled
    );
}

#[test]
fn finishing_a_game_agrees_with_brute_force_from_every_position() {
    // Every prefix of random legal play, on small random puzzles: the game
    // can be finished exactly when the brute force finds a completion, and
    // the completion given finishes it under the rules.
    let mut rng = Rng::new(31);
    let (mut finishable, mut dead) = (0, 0);
    for round in 0..200 {
        let stones = 5 + round % 10;
        let puzzle = if round % 2 == 0 {
            random_puzzle(&mut rng, 6, 5, stones)
        } else {
            goishi::walk_forward(6, 5, stones, &mut rng).unwrap().0
        };
        let mut game = Game::new(puzzle.clone());
        loop {
            let completions = brute_force(&mut game.clone());
            match done(goishi::finish(&game, &Control::new())) {
                Some(rest) => {
                    assert!(completions > 0, "{puzzle:?} after {:?}", game.picks());
                    let order: Vec<Point> = game.picks().iter().chain(&rest).copied().collect();
                    assert_eq!(goishi::validate(&puzzle, &order), Ok(()), "{puzzle:?}");
                    finishable += 1;
                }
                None => {
                    assert_eq!(completions, 0, "{puzzle:?} after {:?}", game.picks());
                    dead += 1;
                }
            }
            let legal = game.legal_picks();
            if legal.is_empty() {
                break;
            }
            game.try_pick(legal[rng.below(legal.len())]).unwrap();
        }
    }
    assert!(finishable > 200 && dead > 200, "{finishable} / {dead}");
}

#[test]
fn a_count_says_how_many_starting_stones_it_has_searched_from() {
    let (puzzle, _) = goishi::walk_forward(12, 12, 30, &mut Rng::new(4)).unwrap();
    let control = Control::new();
    let solutions = done(goishi::count(&puzzle, None, &control));
    assert!(solutions > 0);
    assert_eq!(
        control.snapshot().detail(),
        Some(&goishi::Phase::CountingFrom {
            searched: 30,
            stones: 30,
            explored: 30.0,
        })
    );
    // Counts with a small limit look for solutions one at a time instead.
    let control = Control::new();
    done(goishi::count(&puzzle, Some(2), &control));
    assert!(control.snapshot().detail.is_none());
}

// The pick search's traces replay by the rules of the game: every pick
// is legal where it is made, every unpick takes back the last pick, and
// the picks at "found" are the solution the search returned.

fn shipped(name: &str) -> Puzzle {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("assets/goishi")
        .join(name);
    match document::read_path(&path) {
        Ok(Document::Goishi(loaded)) => loaded.puzzle,
        other => panic!("{name}: {other:?}"),
    }
}

/// The search's steps and its answer.
fn traced(puzzle: &Puzzle) -> (Vec<PickStep>, Option<Vec<Point>>) {
    let steps = Mutex::new(Vec::new());
    let watcher = |step| steps.lock().unwrap().push(step);
    let Outcome::Done(found) = goishi::solve_watched(puzzle, &Control::new(), &watcher) else {
        panic!("not cancelled");
    };
    (steps.into_inner().unwrap(), found)
}

/// Replays `steps` by the rules: the picks at "found", if it came.
fn replay(puzzle: &Puzzle, steps: &[PickStep]) -> Result<Option<Vec<Point>>, String> {
    let mut game = Game::new(puzzle.clone());
    for (number, &step) in steps.iter().enumerate() {
        let fail = |why: String| format!("step {}: {why}", number + 1);
        match step {
            PickStep::Pick(point) => game
                .try_pick(point)
                .map_err(|violation| fail(format!("{point:?}: {violation}")))?,
            PickStep::Unpick(point) => {
                let undone = game.undo();
                if undone != Some(point) {
                    return Err(fail(format!("unpick of {point:?}, last {undone:?}")));
                }
            }
            PickStep::Prune { point, .. } => {
                if game.picks().last() != Some(&point) {
                    return Err(fail(format!("a pruning at {point:?}, not the last pick")));
                }
            }
            PickStep::Restart => {}
            PickStep::Found => {
                if number + 1 != steps.len() || !game.is_complete() {
                    return Err(fail("found, but the game is not over".to_owned()));
                }
                return Ok(Some(game.picks().to_vec()));
            }
        }
    }
    Ok(None)
}

#[test]
fn pick_traces_replay_by_the_rules_to_the_solution() {
    let mut puzzles: Vec<Puzzle> = [
        "seed-example.txt",
        "unique-6x6-10stones.txt",
        "unique-10x10-30stones.txt",
        "unique-12x12-35stones.txt",
        "four-solutions-4x4.txt",
    ]
    .into_iter()
    .map(shipped)
    .collect();
    let mut rng = Rng::new(39);
    puzzles.extend((0..200).map(|round| random_puzzle(&mut rng, 6, 6, 6 + round % 10)));
    let (mut solved, mut unsolvable, mut stranded) = (0, 0, 0);
    for (index, puzzle) in puzzles.iter().enumerate() {
        let (steps, found) = traced(puzzle);
        let replayed = replay(puzzle, &steps).unwrap_or_else(|why| panic!("puzzle {index}: {why}"));
        assert_eq!(replayed, found, "puzzle {index}");
        match found {
            Some(_) => solved += 1,
            None => unsolvable += 1,
        }
        stranded += steps
            .iter()
            .filter(|step| {
                matches!(
                    step,
                    PickStep::Prune {
                        rule: PickRule::Stranded,
                        ..
                    }
                )
            })
            .count();
    }
    assert!(
        solved >= 20 && unsolvable >= 20,
        "{solved} solved, {unsolvable} not"
    );
    assert!(stranded > 0);
}

#[test]
fn the_command_line_prints_the_pick_trace() {
    let puzzle = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("assets/goishi/seed-example.txt");
    let run = |max_steps: &str| {
        Command::new(env!("CARGO_BIN_EXE_gridtour"))
            .env("LC_ALL", "C")
            .arg("goishi")
            .arg(&puzzle)
            .args(["--trace", "--max-steps", max_steps])
            .output()
            .expect("the binary runs")
    };
    let whole = run("1000000");
    assert!(whole.status.success());
    let text = String::from_utf8(whole.stdout).unwrap();
    let first: serde_json::Value = serde_json::from_str(text.lines().next().unwrap()).unwrap();
    assert_eq!(first["step"], 1);
    assert_eq!(first["event"], "pick");
    assert_eq!(first["point"].as_array().map(Vec::len), Some(2));
    assert!(text.ends_with(",\"event\":\"found\"}\n"), "{text}");
    let cut = run("5");
    assert_eq!(String::from_utf8(cut.stdout).unwrap().lines().count(), 5);
    assert!(String::from_utf8_lossy(&cut.stderr).contains("the trace stops after 5 steps"));
}

/// A picked stone as [`follow_first_attempt`] follows it: the order of
/// the stones in line, how many are tried, and whether the position was
/// given up at once.
struct Picked {
    order: Vec<(Point, u8)>,
    tried: usize,
    given_up: bool,
}

/// Follows the first attempt of a watched pick search: every stone picked
/// is the next of the order [`goishi::search_order`] gives where it was
/// picked (the starts in the order it gives with nothing picked), and a
/// stone is given back only once every stone in its line has been tried.
/// How many picks it checked.
fn follow_first_attempt(puzzle: &Puzzle, steps: &[PickStep]) -> Result<usize, String> {
    let mut picked: Vec<Point> = Vec::new();
    let starts = goishi::search_order(puzzle, &[]);
    let mut next_start = 0;
    let mut frames: Vec<Picked> = Vec::new();
    let mut checked = 0;
    for (number, &step) in steps.iter().enumerate() {
        let at = |why: String| format!("step {}: {why}", number + 1);
        match step {
            PickStep::Pick(point) => {
                let expected = match frames.last_mut() {
                    Some(frame) => {
                        frame.tried += 1;
                        frame.order.get(frame.tried - 1).map(|&(stone, _)| stone)
                    }
                    None => {
                        next_start += 1;
                        starts.get(next_start - 1).map(|&(stone, _)| stone)
                    }
                };
                if expected != Some(point) {
                    return Err(at(format!("picked {point:?}, announced {expected:?}")));
                }
                checked += 1;
                picked.push(point);
                frames.push(Picked {
                    order: goishi::search_order(puzzle, &picked),
                    tried: 0,
                    given_up: false,
                });
            }
            PickStep::Prune { .. } => {
                if let Some(frame) = frames.last_mut() {
                    frame.given_up = true;
                }
            }
            PickStep::Unpick(point) => {
                let frame = frames.pop().ok_or_else(|| at("no pick".into()))?;
                if !frame.given_up && !frames.is_empty() && frame.tried != frame.order.len() {
                    return Err(at(format!(
                        "{point:?} given back after {} of {:?}",
                        frame.tried, frame.order
                    )));
                }
                picked.pop();
            }
            PickStep::Restart | PickStep::Found => break,
        }
    }
    Ok(checked)
}

#[test]
fn the_stones_in_line_are_announced_in_the_order_the_search_tries_them() {
    let mut puzzles: Vec<Puzzle> = [
        "seed-example.txt",
        "unique-6x6-10stones.txt",
        "unique-10x10-30stones.txt",
        "four-solutions-4x4.txt",
        "cross-unique.txt",
    ]
    .into_iter()
    .map(shipped)
    .collect();
    let mut rng = Rng::new(7);
    puzzles.extend((0..200).map(|round| random_puzzle(&mut rng, 6, 6, 6 + round % 12)));
    let mut checked = 0;
    for (index, puzzle) in puzzles.iter().enumerate() {
        let (steps, _) = traced(puzzle);
        checked += follow_first_attempt(puzzle, &steps)
            .unwrap_or_else(|why| panic!("puzzle {index}: {why}"));
    }
    assert!(checked > 1_000, "{checked} picks checked");
}

#[test]
fn every_stranded_pruning_names_the_stones_that_gave_it_up() {
    let mut rng = Rng::new(11);
    let mut puzzles: Vec<Puzzle> = ["seed-example.txt", "unique-10x10-30stones.txt"]
        .into_iter()
        .map(shipped)
        .collect();
    puzzles.extend((0..300).map(|round| random_puzzle(&mut rng, 6, 6, 5 + round % 14)));
    let mut named_prunings = 0;
    for (index, puzzle) in puzzles.iter().enumerate() {
        let (steps, _) = traced(puzzle);
        let mut picked: Vec<Point> = Vec::new();
        for (number, step) in steps.iter().enumerate() {
            match *step {
                PickStep::Pick(point) => picked.push(point),
                PickStep::Unpick(_) => {
                    picked.pop();
                }
                PickStep::Prune {
                    rule: PickRule::Stranded,
                    ..
                } => {
                    let named = goishi::stranded_stones(puzzle, &picked);
                    let at = format!("puzzle {index}, step {}", number + 1);
                    assert!(!named.is_empty(), "{at}: {picked:?}");
                    assert!(
                        named
                            .iter()
                            .all(|stone| puzzle.has_stone(*stone) && !picked.contains(stone)),
                        "{at}: {named:?}"
                    );
                    named_prunings += 1;
                }
                _ => {}
            }
        }
    }
    assert!(named_prunings > 200, "{named_prunings} prunings");
}
