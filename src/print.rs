//! Puzzle sheets to print: puzzles laid out on pages with a heading, each
//! captioned and linked so a player can open it in the window, and their
//! solutions on pages of their own after them. The command line's
//! `--print` and the window's Print… both make their sheets here.

use crate::goishi::format::to_url;
use crate::goishi::{self, Point, Puzzle};
use crate::job::{Control, Outcome};
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

/// Whether a sheet of puzzles like `sample` fits its pages as `layout`
/// asks (see [`check_sheet`]), checked before they are made.
pub fn check_sheet_for(
    sample: &ToPrint,
    layout: &SheetOptions,
    with_solutions: bool,
) -> Result<(), PictureError> {
    check_sheet(
        &sections(std::slice::from_ref(sample), with_solutions),
        layout,
    )
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
pub enum SetError<E> {
    /// The generator refused or failed.
    Generate(E),
    /// Too few different puzzles came from the seeds tried: a small board
    /// has few puzzles.
    TooFewDifferent {
        /// How many different ones were made.
        found: usize,
        /// How many were asked for.
        wanted: usize,
    },
}

impl<E: std::fmt::Display> std::fmt::Display for SetError<E> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SetError::Generate(error) => error.fmt(f),
            SetError::TooFewDifferent { found, wanted } => f.write_str(&tr!(
                "sheet-too-few-different",
                found = *found,
                wanted = *wanted
            )),
        }
    }
}

impl<E: std::fmt::Debug + std::fmt::Display> std::error::Error for SetError<E> {}

/// `count` different puzzles made by `make` from the seeds `seed`,
/// `seed + 1`, ...: a seed whose puzzle is one already made is passed
/// over, and after four times `count` seeds (and at least a hundred) the
/// set is given up as too small.
pub fn distinct_puzzles<E>(
    count: usize,
    seed: u64,
    control: &Control,
    mut make: impl FnMut(u64) -> Outcome<Result<ToPrint, E>>,
) -> Outcome<Result<Vec<ToPrint>, SetError<E>>> {
    let mut made: Vec<ToPrint> = Vec::with_capacity(count.min(MOST_PUZZLES));
    let tries = (count.saturating_mul(4)).max(100) as u64;
    for offset in 0..tries {
        if made.len() == count {
            break;
        }
        let Outcome::Done(result) = make(seed.wrapping_add(offset)) else {
            return Outcome::Cancelled;
        };
        let puzzle = match result {
            Ok(puzzle) => puzzle,
            Err(error) => return Outcome::Done(Err(SetError::Generate(error))),
        };
        if !made
            .iter()
            .any(|other| other.game.same_puzzle(&puzzle.game))
        {
            made.push(puzzle);
        }
        if control.is_cancelled() {
            return Outcome::Cancelled;
        }
    }
    Outcome::Done(if made.len() == count {
        Ok(made)
    } else {
        Err(SetError::TooFewDifferent {
            found: made.len(),
            wanted: count,
        })
    })
}

/// A new Goishi puzzle to print, with its solution.
pub fn goishi_to_print(
    (width, height, stones): (u32, u32, usize),
    level: Option<Level>,
    seed: u64,
    control: &Control,
) -> Outcome<Result<ToPrint, goishi::GenerateError>> {
    let puzzle = match goishi::generate(width, height, stones, seed, level, control) {
        Outcome::Done(Ok(puzzle)) => puzzle,
        Outcome::Done(Err(error)) => return Outcome::Done(Err(error)),
        Outcome::Cancelled => return Outcome::Cancelled,
    };
    goishi::solve(&puzzle, control).map(|solution| {
        Ok(ToPrint {
            game: Game::Goishi { puzzle, solution },
            level,
        })
    })
}

/// A new knight's tour puzzle to print, with its solution: at `level`, or
/// the holey form of the article when `level` is `None`.
pub fn numbers_to_print(
    board: &Board,
    kind: TourKind,
    level: Option<Level>,
    seed: u64,
    control: &Control,
) -> Outcome<Result<ToPrint, numbers::GenerateError>> {
    let generated = match level {
        Some(level) => numbers::generate(board, kind, level, seed, control),
        None => numbers::holey(board, kind, seed, control),
    };
    generated.map(|result| {
        result.map(|Generated { puzzle, solution }| ToPrint {
            game: Game::Numbers {
                solution: Some(numbers::path_of(&puzzle, &solution)),
                puzzle,
            },
            level,
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::knight::validate;

    fn goishi_set(count: usize, seed: u64) -> Vec<ToPrint> {
        let control = Control::new();
        let made = distinct_puzzles(count, seed, &control, |seed| {
            goishi_to_print((6, 6, 12), None, seed, &control)
        });
        let Outcome::Done(Ok(made)) = made else {
            panic!("six 6x6 Goishi puzzles")
        };
        made
    }

    fn numbers_set(count: usize, kind: TourKind, level: Option<Level>) -> Vec<ToPrint> {
        let control = Control::new();
        let board = Board::new(6, 6).expect("a 6x6 board");
        let made = distinct_puzzles(count, 1, &control, |seed| {
            numbers_to_print(&board, kind, level, seed, &control)
        });
        let Outcome::Done(Ok(made)) = made else {
            panic!("{count} knight's tour puzzles")
        };
        made
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
    fn a_board_with_few_puzzles_gives_up_with_how_many_it_found() {
        // One stone on a 3x3 board: nine puzzles.
        let control = Control::new();
        let made = distinct_puzzles(12, 1, &control, |seed| {
            goishi_to_print((3, 3, 1), None, seed, &control)
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
