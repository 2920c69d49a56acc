//! Puzzle sheets to print: puzzles laid out on pages with a heading, each
//! captioned and linked so a player can open it in the window, and their
//! solutions on pages of their own after them. The command line's
//! `--print` and the window's Print… both make their sheets here.

use crate::goishi::format::to_url;
use crate::goishi::{self, Point, Puzzle};
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};

use crate::job::{self, Control, Outcome, lock};
use crate::knight::{Board, Square, TourKind};
use crate::level::Level;
use crate::numbers::{self, Generated, NumbersPuzzle, link};
use crate::render::{
    Ground, PictureError, Scene, SheetItem, SheetOptions, SheetSection, check_sheet, sheet_to_pdf,
};
use crate::tr;

/// A puzzle of one of the games, with its solution if it has one.
#[derive(Debug, Clone, PartialEq)]
pub enum Game {
    /// A Goishi Hiroi puzzle and a pick order that solves it.
    Goishi {
        puzzle: Puzzle,
        solution: Option<Vec<Point>>,
    },
    /// A knight's tour puzzle and the tour that solves it, square by
    /// square in the order of their numbers.
    Numbers {
        puzzle: NumbersPuzzle,
        solution: Option<Vec<Square>>,
    },
}

/// A puzzle to print, with its level when it is known.
#[derive(Debug, Clone, PartialEq)]
pub struct ToPrint {
    pub game: Game,
    pub level: Option<Level>,
    /// Whether the puzzle has one solution only, where that is known (a
    /// new puzzle has); a sheet's solution of one with several says so.
    pub unique: Option<bool>,
}

/// The sheet of `puzzles` as a PDF document, laid out as `layout` says,
/// with pages of solutions after the puzzles if `with_solutions`.
pub fn print_sheet(
    puzzles: &[ToPrint],
    layout: &SheetOptions,
    with_solutions: bool,
) -> Result<Vec<u8>, PictureError> {
    sheet_to_pdf(&sections(puzzles, with_solutions), layout)
}

/// Whether a sheet of `count` puzzles like `sample` fits its pages as
/// `layout` asks (see [`check_sheet`]), checked before they are made.
pub fn check_sheet_for(
    sample: &ToPrint,
    count: usize,
    layout: &SheetOptions,
    with_solutions: bool,
) -> Result<(), PictureError> {
    let page = (layout.across as usize * layout.down as usize).max(1);
    let samples = vec![sample.clone(); count.clamp(1, page)];
    check_sheet(&sections(&samples, with_solutions), layout)
}

/// The boards of the sheet of `puzzles` under their headings: the
/// puzzles, then their solutions if `with_solutions`.
fn sections(puzzles: &[ToPrint], with_solutions: bool) -> Vec<SheetSection> {
    let details: Vec<Details> = puzzles.iter().map(Details::of).collect();
    // What every puzzle shares goes in the heading, the rest under each.
    let shared = |part: fn(&Details) -> Option<&String>| {
        let first = details.first().and_then(part)?;
        details
            .iter()
            .all(|other| part(other) == Some(first))
            .then(|| first.clone())
    };
    let size = shared(|details| Some(&details.size));
    let level = shared(|details| details.level.as_ref());
    let title = match puzzles.first().map(|puzzle| &puzzle.game) {
        Some(Game::Numbers { .. }) => tr!("sheet-title-numbers"),
        _ => tr!("sheet-title-goishi"),
    };
    let heading = [size.clone(), level.clone()]
        .into_iter()
        .flatten()
        .fold(title.to_owned(), |heading, part| {
            tr!("sheet-heading", heading = heading, part = part)
        });
    let caption = |number: usize, details: &Details| {
        let unshared = [
            Some(&details.size).filter(|_| size.is_none()),
            details.level.as_ref().filter(|_| level.is_none()),
        ];
        unshared
            .into_iter()
            .flatten()
            .fold(tr!("sheet-caption", number = number), |caption, part| {
                tr!("sheet-heading", heading = caption, part = part.as_str())
            })
    };
    let items = puzzles.iter().zip(&details).enumerate();
    let mut sections = vec![SheetSection {
        heading: heading.clone(),
        items: items
            .clone()
            .map(|(index, (puzzle, details))| SheetItem {
                scene: puzzle.game.puzzle_scene(),
                caption: caption(index + 1, details),
                link: Some(puzzle.game.link()),
            })
            .collect(),
    }];
    if with_solutions {
        sections.push(SheetSection {
            heading: tr!("sheet-solutions", heading = heading),
            items: items
                .map(|(index, (puzzle, details))| {
                    let caption = caption(index + 1, details);
                    match puzzle.game.solution_scene() {
                        Some(scene) if puzzle.unique == Some(false) => SheetItem {
                            scene,
                            caption: tr!("sheet-one-of-several", caption = caption),
                            link: None,
                        },
                        Some(scene) => SheetItem {
                            scene,
                            caption,
                            link: None,
                        },
                        None => SheetItem {
                            scene: puzzle.game.puzzle_scene(),
                            caption: tr!("sheet-no-solution", caption = caption),
                            link: None,
                        },
                    }
                })
                .collect(),
        });
    }
    sections
}

/// A puzzle's size and level, in words.
struct Details {
    size: String,
    level: Option<String>,
}

impl Details {
    fn of(puzzle: &ToPrint) -> Details {
        let size = match &puzzle.game {
            Game::Goishi { puzzle, .. } => tr!(
                "sheet-size-goishi",
                width = puzzle.width(),
                height = puzzle.height(),
                stones = puzzle.stones().len()
            ),
            Game::Numbers { puzzle, .. } => {
                let board = puzzle.board();
                tr!(
                    "sheet-size-numbers",
                    width = board.width(),
                    height = board.height(),
                    kind = puzzle.kind().label()
                )
            }
        };
        Details {
            size,
            level: puzzle.level.map(|level| level.words().to_owned()),
        }
    }
}

impl Game {
    /// The puzzle to solve, its columns and rows named.
    fn puzzle_scene(&self) -> Scene {
        match self {
            Game::Goishi { puzzle, .. } => Scene::goishi(puzzle, &[]),
            Game::Numbers { puzzle, .. } => Scene::numbers_puzzle(puzzle),
        }
        .with_labels(true)
    }

    /// The solved puzzle: the pick order numbered on the stones, or every
    /// square's number written in as the givens are, as puzzle books print
    /// their answers (lines through the squares would hide the numbers).
    fn solution_scene(&self) -> Option<Scene> {
        let scene = match self {
            Game::Goishi { puzzle, solution } => {
                Scene::goishi(puzzle, solution.as_ref()?).with_numbers(true)
            }
            Game::Numbers { puzzle, solution } => {
                let mut scene = Scene::numbers_puzzle(puzzle);
                if let Ground::Knight { givens, .. } = &mut scene.ground {
                    *givens = (1..)
                        .zip(solution.as_ref()?)
                        .map(|(number, square)| ((square.x, square.y), number))
                        .collect();
                }
                scene
            }
        };
        Some(scene.with_labels(true))
    }

    /// Whether `other` is the same puzzle, solved or not.
    fn same_puzzle(&self, other: &Game) -> bool {
        match (self, other) {
            (Game::Goishi { puzzle, .. }, Game::Goishi { puzzle: other, .. }) => puzzle == other,
            (Game::Numbers { puzzle, .. }, Game::Numbers { puzzle: other, .. }) => puzzle == other,
            _ => false,
        }
    }

    /// The link that opens the puzzle in the window.
    fn link(&self) -> String {
        match self {
            Game::Goishi { puzzle, .. } => to_url(puzzle),
            Game::Numbers { puzzle, .. } => link::to_link(puzzle),
        }
    }
}

/// The most puzzles one sheet is made of.
pub const MOST_PUZZLES: usize = 1_000;

/// Why a set of new puzzles could not be made.
#[derive(Debug, Clone, PartialEq)]
pub enum SetError {
    /// The Goishi generator refused or failed.
    Goishi(goishi::GenerateError),
    /// The knight's tour puzzle generator refused or failed.
    Numbers(numbers::GenerateError),
    /// Too few different puzzles came from the seeds tried: a small board
    /// has few puzzles.
    TooFewDifferent {
        /// How many different ones were made.
        found: usize,
        /// How many were asked for.
        wanted: usize,
    },
}

impl std::fmt::Display for SetError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SetError::Goishi(error) => error.fmt(f),
            SetError::Numbers(error) => error.fmt(f),
            SetError::TooFewDifferent { found, wanted } => f.write_str(&tr!(
                "sheet-too-few-different",
                found = *found,
                wanted = *wanted
            )),
        }
    }
}

impl std::error::Error for SetError {}

/// New puzzles for a sheet, and the seeds passed over on the way because
/// they made no puzzle.
#[derive(Debug, Clone, PartialEq)]
pub struct Made {
    /// The puzzles, in the order of their seeds.
    pub puzzles: Vec<ToPrint>,
    /// The seeds that made no puzzle, smallest first.
    pub skipped: Vec<u64>,
}

/// The seeds a set passed over (see [`Made::skipped`]), in words; `None`
/// when there were none.
pub fn skipped_note(skipped: &[u64]) -> Option<String> {
    let seeds: Vec<String> = skipped.iter().map(u64::to_string).collect();
    (!seeds.is_empty()).then(|| {
        tr!(
            "sheet-seeds-skipped",
            count = seeds.len(),
            seeds = seeds.join(", ")
        )
    })
}

/// How many seeds in a row, from the first, may make no puzzle before a
/// set is given up: a recipe refused for every seed is told at once, and
/// a seed that fails now and then is passed over.
const FAILURES_BEFORE_ANY: usize = 8;

/// What new puzzles for a sheet are made of: the game, the board and the
/// level, as its Generate makes them.
#[derive(Debug, Clone, PartialEq)]
pub enum Recipe {
    /// Goishi Hiroi puzzles of `stones` stones on `width` x `height`.
    Goishi {
        width: u32,
        height: u32,
        stones: usize,
        level: Option<Level>,
    },
    /// Knight's tour puzzles at `level`, or in the article's holey form
    /// when `level` is `None`.
    Numbers {
        board: Board,
        kind: TourKind,
        level: Option<Level>,
    },
}

impl Recipe {
    /// A puzzle of the recipe's board with nothing on it, to check a sheet
    /// against before any puzzle is made (see [`check_sheet_for`]); `None`
    /// for a board no puzzle can have.
    pub fn blank(&self) -> Option<ToPrint> {
        let (game, level) = match self {
            Recipe::Goishi {
                width,
                height,
                level,
                ..
            } => (
                Game::Goishi {
                    puzzle: Puzzle::new(*width, *height).ok()?,
                    solution: None,
                },
                *level,
            ),
            Recipe::Numbers { board, kind, level } => (
                Game::Numbers {
                    puzzle: NumbersPuzzle::new(board.clone(), *kind, &[]).ok()?,
                    solution: None,
                },
                *level,
            ),
        };
        Some(ToPrint {
            game,
            level,
            unique: None,
        })
    }

    /// `count` different puzzles with their solutions, made from the seeds
    /// `seed`, `seed + 1`, ...: a seed whose puzzle is one already made is
    /// passed over, and so is a seed that makes none (the set says which),
    /// unless the first few all fail, when the first seed's reason is
    /// given; after four times `count` seeds (and at least a hundred) the
    /// set is given up as too small. `made` hears how many are made so
    /// far.
    ///
    /// Goishi puzzles are made on every thread the control allows, each
    /// taking the next seed; the set is the same on any number of
    /// threads, since it is the first `count` different puzzles in the
    /// order of their seeds. The knight's tour puzzle generator uses every
    /// thread for its proofs already, so its puzzles are made one by one.
    pub fn make(
        &self,
        count: usize,
        seed: u64,
        control: &Control,
        made: impl Fn(usize) + Sync,
    ) -> Outcome<Result<Made, SetError>> {
        let tries = (count.saturating_mul(4)).max(100) as u64;
        let workers = match self {
            Recipe::Goishi { .. } => control.resources().threads.clamp(1, count.max(1)),
            Recipe::Numbers { .. } => 1,
        };
        let next = AtomicU64::new(0);
        let different = AtomicUsize::new(0);
        let done: Mutex<Vec<(u64, ToPrint)>> = Mutex::new(Vec::new());
        let failures: Mutex<Vec<(u64, SetError)>> = Mutex::new(Vec::new());
        let given_up = AtomicBool::new(false);
        job::on_threads(workers, |_| {
            while different.load(Ordering::Relaxed) < count
                && !control.is_cancelled()
                && !given_up.load(Ordering::Relaxed)
            {
                let offset = next.fetch_add(1, Ordering::Relaxed);
                if offset >= tries {
                    break;
                }
                match self.make_one(seed.wrapping_add(offset), control) {
                    Outcome::Cancelled => break,
                    Outcome::Done(Err(error)) => {
                        let mut failures = lock(&failures);
                        failures.push((offset, error));
                        let failed_from_start = (0..FAILURES_BEFORE_ANY as u64)
                            .all(|first| failures.iter().any(|&(offset, _)| offset == first));
                        if failed_from_start {
                            given_up.store(true, Ordering::Relaxed);
                        }
                    }
                    Outcome::Done(Ok(puzzle)) => {
                        let mut done = lock(&done);
                        if !done
                            .iter()
                            .any(|(_, other)| other.game.same_puzzle(&puzzle.game))
                        {
                            made(different.fetch_add(1, Ordering::Relaxed) + 1);
                        }
                        done.push((offset, puzzle));
                    }
                }
            }
        });
        if control.is_cancelled() {
            return Outcome::Cancelled;
        }
        let mut failures = std::mem::take(&mut *lock(&failures));
        failures.sort_unstable_by_key(|&(offset, _)| offset);
        let mut done = std::mem::take(&mut *lock(&done));
        done.sort_unstable_by_key(|&(offset, _)| offset);
        let mut puzzles: Vec<ToPrint> = Vec::with_capacity(count);
        let mut last_used = 0;
        for (offset, puzzle) in done {
            if puzzles.len() < count
                && !puzzles
                    .iter()
                    .any(|other| other.game.same_puzzle(&puzzle.game))
            {
                puzzles.push(puzzle);
                last_used = offset;
            }
        }
        Outcome::Done(if puzzles.len() == count {
            let skipped = failures
                .iter()
                .filter(|&&(offset, _)| offset < last_used)
                .map(|&(offset, _)| seed.wrapping_add(offset))
                .collect();
            Ok(Made { puzzles, skipped })
        } else if puzzles.is_empty()
            && let Some((_, error)) = failures.into_iter().next()
        {
            Err(error)
        } else {
            Err(SetError::TooFewDifferent {
                found: puzzles.len(),
                wanted: count,
            })
        })
    }

    /// One new puzzle with its solution, from `seed`.
    fn make_one(&self, seed: u64, control: &Control) -> Outcome<Result<ToPrint, SetError>> {
        match self {
            Recipe::Goishi {
                width,
                height,
                stones,
                level,
            } => {
                let made = goishi::generate(*width, *height, *stones, seed, *level, control);
                let puzzle = match made {
                    Outcome::Done(Ok(puzzle)) => puzzle,
                    Outcome::Done(Err(error)) => {
                        return Outcome::Done(Err(SetError::Goishi(error)));
                    }
                    Outcome::Cancelled => return Outcome::Cancelled,
                };
                goishi::solve(&puzzle, control).map(|solution| {
                    Ok(ToPrint {
                        game: Game::Goishi { puzzle, solution },
                        level: *level,
                        unique: Some(true),
                    })
                })
            }
            Recipe::Numbers { board, kind, level } => {
                let generated = match level {
                    Some(level) => numbers::generate(board, *kind, *level, seed, control),
                    None => numbers::holey(board, *kind, seed, control),
                };
                generated.map(|result| {
                    result
                        .map(|Generated { puzzle, solution }| ToPrint {
                            game: Game::Numbers {
                                solution: Some(numbers::path_of(&puzzle, &solution)),
                                puzzle,
                            },
                            level: *level,
                            unique: Some(true),
                        })
                        .map_err(SetError::Numbers)
                })
            }
        }
    }
}

/// `puzzles` with a solution found for each that has none and can have
/// one, and whether each has no other where that is not known.
pub fn solved(puzzles: Vec<ToPrint>, control: &Control) -> Outcome<Vec<ToPrint>> {
    let mut done = Vec::with_capacity(puzzles.len());
    for mut puzzle in puzzles {
        if puzzle.unique.is_none() {
            // Two solutions are enough to know.
            let counted = match &puzzle.game {
                Game::Goishi { puzzle, .. } => goishi::count(puzzle, Some(2), control),
                Game::Numbers { puzzle, .. } => numbers::count(puzzle, Some(2), control),
            };
            let Outcome::Done(solutions) = counted else {
                return Outcome::Cancelled;
            };
            puzzle.unique = Some(solutions == 1);
        }
        match &mut puzzle.game {
            Game::Goishi { puzzle, solution } if solution.is_none() => {
                let Outcome::Done(found) = goishi::solve(puzzle, control) else {
                    return Outcome::Cancelled;
                };
                *solution = found;
            }
            Game::Numbers { puzzle, solution } if solution.is_none() => {
                let Outcome::Done(found) = numbers::solve(puzzle, control) else {
                    return Outcome::Cancelled;
                };
                *solution = found.map(|filled| numbers::path_of(puzzle, &filled));
            }
            _ => {}
        }
        done.push(puzzle);
    }
    Outcome::Done(done)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::knight::validate;

    fn goishi_set(count: usize, seed: u64) -> Vec<ToPrint> {
        let recipe = Recipe::Goishi {
            width: 6,
            height: 6,
            stones: 12,
            level: None,
        };
        let made = recipe.make(count, seed, &Control::new(), |_| {});
        let Outcome::Done(Ok(made)) = made else {
            panic!("six 6x6 Goishi puzzles")
        };
        made.puzzles
    }

    fn numbers_set(count: usize, kind: TourKind, level: Option<Level>) -> Vec<ToPrint> {
        let board = Board::new(6, 6).expect("a 6x6 board");
        let recipe = Recipe::Numbers { board, kind, level };
        let made = recipe.make(count, 1, &Control::new(), |_| {});
        let Outcome::Done(Ok(made)) = made else {
            panic!("{count} knight's tour puzzles")
        };
        made.puzzles
    }

    #[test]
    fn a_set_is_of_different_puzzles() {
        let goishi = goishi_set(6, 11);
        let numbers = numbers_set(6, TourKind::Open, Some(Level::Easy));
        for set in [goishi, numbers] {
            assert_eq!(set.len(), 6);
            for (index, puzzle) in set.iter().enumerate() {
                for other in &set[..index] {
                    assert!(!puzzle.game.same_puzzle(&other.game));
                }
            }
        }
    }

    #[test]
    fn a_set_is_the_same_on_any_number_of_threads() {
        let recipe = Recipe::Goishi {
            width: 6,
            height: 6,
            stones: 12,
            level: None,
        };
        let sets: Vec<Vec<ToPrint>> = [1, 2, 5]
            .into_iter()
            .map(|threads| {
                let resources = crate::job::Resources::default().with_threads(threads);
                let control = Control::with_resources(resources);
                match recipe.make(8, 21, &control, |_| {}) {
                    Outcome::Done(Ok(set)) => set.puzzles,
                    other => panic!("{threads} threads: {other:?}"),
                }
            })
            .collect();
        assert_eq!(sets[0].len(), 8);
        assert!(sets.iter().all(|set| *set == sets[0]));
    }

    #[test]
    fn a_refused_recipe_says_why_and_a_cancelled_one_stops() {
        let recipe = Recipe::Goishi {
            width: 5,
            height: 5,
            stones: 6,
            level: None,
        };
        let made = recipe.make(4, 1, &Control::new(), |_| {});
        assert!(
            matches!(made, Outcome::Done(Err(SetError::Goishi(_)))),
            "{made:?}"
        );
        let control = Control::new();
        control.cancel();
        let recipe = Recipe::Goishi {
            width: 8,
            height: 8,
            stones: 20,
            level: None,
        };
        assert!(matches!(
            recipe.make(4, 1, &control, |_| {}),
            Outcome::Cancelled
        ));
    }

    #[test]
    fn a_seed_that_makes_no_puzzle_is_passed_over_and_named() {
        // Seed 73 makes no 30-stone puzzle of 10 x 10.
        let recipe = Recipe::Goishi {
            width: 10,
            height: 10,
            stones: 30,
            level: None,
        };
        let alone = recipe.make(1, 73, &Control::new(), |_| {});
        assert!(
            matches!(alone, Outcome::Done(Ok(ref made)) if made.skipped == [73]),
            "{alone:?}"
        );
        let Outcome::Done(Ok(made)) = recipe.make(10, 70, &Control::new(), |_| {}) else {
            panic!("ten puzzles from seed 70 on")
        };
        assert_eq!(made.puzzles.len(), 10);
        assert_eq!(made.skipped, [73]);
    }

    #[test]
    fn a_board_with_few_puzzles_gives_up_with_how_many_it_found() {
        // One stone on a 3x3 board: nine puzzles.
        let recipe = Recipe::Goishi {
            width: 3,
            height: 3,
            stones: 1,
            level: None,
        };
        let counted = AtomicUsize::new(0);
        let made = recipe.make(12, 1, &Control::new(), |made| {
            counted.fetch_max(made, Ordering::Relaxed);
        });
        let Outcome::Done(Err(error)) = made else {
            panic!("too few puzzles: {made:?}")
        };
        assert!(
            matches!(
                error,
                SetError::TooFewDifferent {
                    found: 9,
                    wanted: 12
                }
            ),
            "{error:?}"
        );
        assert!(error.to_string().starts_with("only 9 different"), "{error}");
        assert_eq!(counted.load(Ordering::Relaxed), 9);
    }

    #[test]
    fn a_solution_of_a_puzzle_with_several_says_so() {
        let four = include_bytes!("../assets/goishi/four-solutions-4x4.txt");
        let goishi = goishi::format::load_bytes("four", four)
            .expect("a puzzle")
            .puzzle;
        let blank = NumbersPuzzle::new(Board::new(5, 5).expect("a board"), TourKind::Open, &[])
            .expect("a puzzle");
        let given = [
            Game::Goishi {
                puzzle: goishi,
                solution: None,
            },
            Game::Numbers {
                puzzle: blank,
                solution: None,
            },
        ];
        for game in given {
            let puzzles = vec![ToPrint {
                game,
                level: None,
                unique: None,
            }];
            let Outcome::Done(solved) = solved(puzzles, &Control::new()) else {
                panic!("solved")
            };
            assert_eq!(solved[0].unique, Some(false));
            let sheet = sections(&solved, true);
            assert_eq!(sheet[1].items[0].caption, "No. 1: one of several solutions");
        }
        // New puzzles are known to have one.
        let made = goishi_set(1, 3);
        assert_eq!(made[0].unique, Some(true));
        let sheet = sections(&made, true);
        assert_eq!(sheet[1].items[0].caption, "No. 1");
    }

    #[test]
    fn goishi_solution_boards_show_valid_pick_orders() {
        let puzzles = goishi_set(4, 3);
        let sheet = sections(&puzzles, true);
        assert_eq!(sheet.len(), 2);
        for (puzzle, solved) in puzzles.iter().zip(&sheet[1].items) {
            let Game::Goishi { puzzle, .. } = &puzzle.game else {
                panic!("a Goishi puzzle")
            };
            let order: Vec<Point> = solved
                .scene
                .path
                .iter()
                .map(|&(x, y)| Point { x, y })
                .collect();
            assert_eq!(goishi::validate(puzzle, &order), Ok(()));
            assert!(solved.scene.numbers && solved.scene.labels);
        }
    }

    #[test]
    fn knight_puzzle_solution_boards_number_a_tour_through_the_givens() {
        for kind in [TourKind::Open, TourKind::Closed] {
            let puzzles = numbers_set(3, kind, Some(Level::Medium));
            let sheet = sections(&puzzles, true);
            for (puzzle, solved) in puzzles.iter().zip(&sheet[1].items) {
                let Game::Numbers { puzzle, .. } = &puzzle.game else {
                    panic!("a knight's tour puzzle")
                };
                let Ground::Knight { givens, .. } = &solved.scene.ground else {
                    panic!("a knight board")
                };
                let mut numbered = givens.clone();
                numbered.sort_by_key(|&(_, number)| number);
                let path: Vec<Square> = numbered
                    .iter()
                    .map(|&((x, y), _)| Square { x, y })
                    .collect();
                assert_eq!(validate(puzzle.board(), &path, kind), Ok(()));
                for (square, number) in puzzle.givens() {
                    assert!(givens.contains(&((square.x, square.y), number)));
                }
            }
        }
    }

    #[test]
    fn what_the_puzzles_share_heads_the_sheet_and_the_rest_is_under_each() {
        let mut puzzles = numbers_set(2, TourKind::Open, Some(Level::Easy));
        puzzles.extend(numbers_set(1, TourKind::Closed, None));
        let mixed = sections(&puzzles, false);
        assert_eq!(mixed.len(), 1);
        assert_eq!(mixed[0].heading, "Knight's tour puzzles");
        let captions: Vec<&str> = mixed[0]
            .items
            .iter()
            .map(|item| item.caption.as_str())
            .collect();
        assert_eq!(
            captions,
            [
                "No. 1, 6 x 6, open tour, easy",
                "No. 2, 6 x 6, open tour, easy",
                "No. 3, 6 x 6, closed tour"
            ]
        );
        let same = sections(&puzzles[..2], true);
        assert_eq!(
            same[0].heading,
            "Knight's tour puzzles, 6 x 6, open tour, easy"
        );
        assert_eq!(
            same[1].heading,
            "Solutions: Knight's tour puzzles, 6 x 6, open tour, easy"
        );
        assert_eq!(same[1].items[1].caption, "No. 2");
        let link = same[0].items[0].link.as_deref().unwrap_or_default();
        let Game::Numbers { puzzle, .. } = &puzzles[0].game else {
            panic!("a knight's tour puzzle")
        };
        assert_eq!(link::parse(link).as_ref(), Ok(puzzle));
    }
}
