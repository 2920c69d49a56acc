//! The pick search's traces replay by the rules of the game: every pick is
//! legal where it is made, every unpick takes back the last pick, and the
//! picks at "found" are the solution the search returned. Checked with the
//! play rules (`goishi::Game`), on the shipped puzzles and on random ones
//! with and without solutions, and on the command line.

use std::path::PathBuf;
use std::process::Command;
use std::sync::Mutex;

use gridtour::document::{self, Document};
use gridtour::goishi::{self, Game, PickRule, PickStep, Point, Puzzle, Rng};
use gridtour::job::{Control, Outcome};

fn shipped(name: &str) -> Puzzle {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("assets/goishi")
        .join(name);
    match document::read_path(&path) {
        Ok(Document::Goishi(loaded)) => loaded.puzzle,
        other => panic!("{name}: {other:?}"),
    }
}

fn random_puzzle(rng: &mut Rng, side: u32, stones: usize) -> Puzzle {
    let mut puzzle = Puzzle::new(side, side).unwrap();
    while puzzle.stone_count() < stones {
        let point = Point::new(
            rng.below(side as usize) as u32,
            rng.below(side as usize) as u32,
        );
        puzzle.set_stone(point, true);
    }
    puzzle
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
    puzzles.extend((0..200).map(|round| random_puzzle(&mut rng, 6, 6 + round % 10)));
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
