//! The difficulty rating against the rules: it counts only wrong picks
//! that really fail, its level follows its hardest trap, and the command
//! line prints it.

mod common;

use std::process::Command;

use gridtour::goishi::{self, Game, Level, Point, Puzzle, format};
use gridtour::job::{Control, Outcome};

fn rating(puzzle: &Puzzle) -> Option<goishi::Rating> {
    match goishi::rate(puzzle, &Control::new()) {
        Outcome::Done(rating) => rating,
        Outcome::Cancelled => panic!("cancelled without being asked to"),
    }
}

/// Whether any order finishes the game, straight from the rules.
fn can_finish(game: &mut Game) -> bool {
    if game.is_complete() {
        return true;
    }
    for p in game.legal_picks() {
        game.try_pick(p).unwrap();
        let found = can_finish(game);
        game.undo();
        if found {
            return true;
        }
    }
    false
}

#[test]
fn traps_are_wrong_picks_that_really_fail() {
    for name in [
        "pzprjs-test.txt",
        "gridpuzzle-37d49.txt",
        "pencilbox-sample01.txt",
    ] {
        let puzzle = format::load_path(&common::goishi_data_dir().join(name))
            .unwrap()
            .puzzle;
        let rated = rating(&puzzle).expect("the puzzle has a solution");
        // These puzzles have one solution: the rating follows it.
        let solution = match goishi::solve(&puzzle, &Control::new()) {
            Outcome::Done(Some(solution)) => solution,
            other => panic!("{name}: {other:?}"),
        };
        let mut game = Game::new(puzzle.clone());
        let (mut failing, mut positions_with_failing) = (0, 0);
        for &next in &solution {
            let mut here = 0;
            for pick in game.legal_picks().into_iter().filter(|&pick| pick != next) {
                let mut trial = game.clone();
                trial.try_pick(pick).unwrap();
                here += usize::from(!can_finish(&mut trial));
            }
            failing += here;
            positions_with_failing += usize::from(here > 0);
            game.try_pick(next).unwrap();
        }
        assert!(rated.traps > 0, "{name}: {rated:?}");
        assert!(
            rated.traps <= failing,
            "{name}: {rated:?}, {failing} failing picks"
        );
        assert!(rated.decisions <= positions_with_failing && rated.decisions <= rated.traps);
        let level = match rated.hardest {
            0..=8 => Level::Easy,
            9..=256 => Level::Medium,
            _ => Level::Hard,
        };
        assert_eq!(rated.level, level, "{name}: {rated:?}");
    }
}

#[test]
fn a_puzzle_without_choices_is_easy_and_one_without_solution_has_no_rating() {
    // A staircase: from its top-left end every pick is the only legal one,
    // and no other first pick gets anywhere.
    let mut stairs = Puzzle::new(6, 6).unwrap();
    for (x, y) in [(0, 0), (2, 0), (2, 2), (4, 2), (4, 4)] {
        stairs.set_stone(Point::new(x, y), true);
    }
    let rated = rating(&stairs).expect("the staircase can be picked");
    assert_eq!(rated.level, Level::Easy, "{rated:?}");
    assert!(rated.hardest <= 8, "{rated:?}");
    let mut corner = Puzzle::new(3, 3).unwrap();
    for (x, y) in [(0, 0), (2, 0), (1, 2)] {
        corner.set_stone(Point::new(x, y), true);
    }
    assert_eq!(rating(&corner), None);
}

#[test]
fn the_command_line_prints_the_rating_in_one_line() {
    let file = common::goishi_data_dir().join("pzprjs-test.txt");
    let output = Command::new(env!("CARGO_BIN_EXE_gridtour"))
        .env("LC_ALL", "C")
        .args(["goishi", "--rate"])
        .arg(&file)
        .output()
        .unwrap();
    assert!(output.status.success());
    let text = String::from_utf8(output.stdout).unwrap();
    let puzzle = format::load_path(&file).unwrap().puzzle;
    let rated = rating(&puzzle).unwrap();
    assert_eq!(text, format!("{rated}\n"));
    assert!(
        text.starts_with(&format!("Rated {}", rated.level.name())),
        "{text}"
    );
    let refused = Command::new(env!("CARGO_BIN_EXE_gridtour"))
        .env("LC_ALL", "C")
        .args(["goishi", "--rate", "--count"])
        .arg(&file)
        .output()
        .unwrap();
    assert_eq!(refused.status.code(), Some(2));
}
