//! Knight's tour puzzles: the solver's counts against a plain search
//! written here, the shared puzzles' published counts, the article's
//! holey-board puzzle, generated puzzles unique and minimal, and the files
//! read back or refused with their place.

use gridtour::job::{Control, Outcome};
use gridtour::knight::{self, Board, Square, TourKind};
use gridtour::numbers::{self, Level, NumbersPuzzle, format, is_solution};
use gridtour::random::Rng;

fn done<T>(outcome: Outcome<T>) -> T {
    match outcome {
        Outcome::Done(value) => value,
        Outcome::Cancelled => panic!("cancelled"),
    }
}

/// Every numbering of the open squares by a knight's path that keeps the
/// givens, counted by plain depth-first search from every square: no
/// pruning but the givens, sharing nothing with the solver.
fn brute_count(puzzle: &NumbersPuzzle) -> u64 {
    let board = puzzle.board();
    let squares: Vec<Square> = board.open_squares().collect();
    let last = squares.len() as u32;
    let mut used = vec![false; board.area()];
    let mut path = Vec::new();
    // Whether each number is given somewhere.
    let mut given = vec![false; last as usize + 2];
    for (_, number) in puzzle.givens() {
        given[number as usize] = true;
    }
    fn go(
        puzzle: &NumbersPuzzle,
        given: &[bool],
        used: &mut [bool],
        path: &mut Vec<Square>,
    ) -> u64 {
        let last = given.len() as u32 - 2;
        let board = puzzle.board();
        let here = *path.last().expect("a start");
        if path.len() as u32 == last {
            let closes = puzzle.kind() == TourKind::Open
                || (last > 2 && Board::is_knight_move(here, path[0]));
            return u64::from(closes);
        }
        let k = path.len() as u32 + 1;
        let mut found = 0;
        for dx in -2i32..=2 {
            for dy in -2i32..=2 {
                if dx * dx + dy * dy != 5 {
                    continue;
                }
                let (x, y) = (here.x as i32 + dx, here.y as i32 + dy);
                if x < 0 || y < 0 || x >= board.width() as i32 || y >= board.height() as i32 {
                    continue;
                }
                let next = Square::new(x as u32, y as u32);
                let index = board.index(next);
                if board.is_blocked(next) || used[index] {
                    continue;
                }
                match puzzle.given(next) {
                    Some(given) if given != k => continue,
                    None if given[k as usize] => continue,
                    _ => {}
                }
                used[index] = true;
                path.push(next);
                found += go(puzzle, given, used, path);
                path.pop();
                used[index] = false;
            }
        }
        found
    }
    let mut total = 0;
    for &start in &squares {
        match puzzle.given(start) {
            Some(1) | None => {}
            Some(_) => continue,
        }
        if puzzle.given(start).is_none() && given[1] {
            continue;
        }
        used[board.index(start)] = true;
        path.push(start);
        total += go(puzzle, &given, &mut used, &mut path);
        path.pop();
        used[board.index(start)] = false;
    }
    total
}

fn board(width: u32, height: u32, blocked: &[(u32, u32)]) -> Board {
    let mut board = Board::new(width, height).expect("a board");
    for &(x, y) in blocked {
        board.set_blocked(Square::new(x, y), true);
    }
    board
}

/// A tour of `board`, if the knight's solver finds one from some square.
fn some_tour(board: &Board, kind: TourKind) -> Option<Vec<Square>> {
    board.open_squares().find_map(|start| {
        match done(knight::solve(
            board,
            start,
            kind,
            knight::Algorithm::Backtrack,
            &Control::new(),
        )) {
            knight::SolveResult::Found(tour) => Some(tour.path),
            knight::SolveResult::NoTour(_) => None,
        }
    })
}

#[test]
fn counts_equal_a_plain_search_on_small_boards() {
    let mut rng = Rng::new(47);
    let boards = [
        (board(5, 5, &[]), TourKind::Open),
        (
            board(4, 5, &[(0, 0), (0, 4), (1, 2), (2, 2), (3, 0), (3, 4)]),
            TourKind::Closed,
        ),
        (board(3, 4, &[]), TourKind::Open),
        (board(5, 4, &[(2, 1)]), TourKind::Open),
        (board(6, 5, &[(0, 0), (5, 4)]), TourKind::Closed),
    ];
    let mut checked = 0;
    for (board, kind) in &boards {
        let tour = some_tour(board, *kind);
        for round in 0..12 {
            // Givens from a tour (at least one solution), and now and then
            // one moved at random (often none).
            let mut givens: Vec<(Square, u32)> = match &tour {
                Some(path) => path
                    .iter()
                    .enumerate()
                    .map(|(i, &s)| (s, i as u32 + 1))
                    .filter(|_| rng.below(4) == 0)
                    .collect(),
                None => Vec::new(),
            };
            if round % 3 == 2 && givens.len() > 1 {
                let open: Vec<Square> = board.open_squares().collect();
                let moved = open[rng.below(open.len())];
                if givens.iter().all(|&(s, _)| s != moved) {
                    givens[0].0 = moved;
                }
            }
            let puzzle = NumbersPuzzle::new(board.clone(), *kind, &givens).expect("a puzzle");
            let expected = brute_count(&puzzle);
            let counted = done(numbers::count(&puzzle, None, &Control::new()));
            assert_eq!(counted, expected, "{}", format::to_text(&puzzle, None));
            let plainly = done(numbers::count_plainly(&puzzle, None, &Control::new()));
            assert_eq!(plainly, expected, "{}", format::to_text(&puzzle, None));
            let solved = done(numbers::solve(&puzzle, &Control::new()));
            assert_eq!(solved.is_some(), expected > 0);
            if let Some(filled) = solved {
                assert!(is_solution(&puzzle, &filled));
            }
            let limited = done(numbers::count(&puzzle, Some(2), &Control::new()));
            assert_eq!(limited, expected.min(2));
            checked += 1;
        }
    }
    assert_eq!(checked, 60);
}

/// The shipped puzzles (the shared ones, and one a level on 6 x 6, 8 x 8
/// and 10 x 10 as the generator makes them), each with the count its
/// index gives.
#[test]
fn the_shared_puzzles_have_their_published_counts() {
    let folder = concat!(env!("CARGO_MANIFEST_DIR"), "/assets/numbers");
    let index = std::fs::read_to_string(format!("{folder}/index.tsv")).expect("the index");
    let mut seen = 0;
    for line in index.lines().skip(1) {
        let fields: Vec<&str> = line.split('\t').collect();
        let (name, solutions) = (fields[0], fields[6].parse::<u64>().expect("a count"));
        for ending in ["txt", "json"] {
            let path = format!("{folder}/{name}.{ending}");
            let read = format::load_path(std::path::Path::new(&path)).expect("readable");
            // One more than the count it should have: an exact count.
            let counted = done(numbers::count(
                &read.puzzle,
                Some(solutions + 1),
                &Control::new(),
            ));
            assert_eq!(counted, solutions, "{path}");
            if let Some(solution) = &read.solution {
                assert!(numbers::is_solution(&read.puzzle, solution), "{path}");
            }
            seen += 1;
        }
        rated_as_solved(&format!("{folder}/{name}.json"), solutions);
    }
    assert_eq!(seen, 42, "every puzzle, text and JSON");
}

/// The rating of the puzzle at `path` finds each number not given once,
/// where its solution (the file's, else the solver's, checked apart) has
/// it; a puzzle without one solution is not rated.
fn rated_as_solved(path: &str, solutions: u64) {
    let read = format::load_path(std::path::Path::new(path)).expect("readable");
    let rating = done(numbers::rate(&read.puzzle, &Control::new()));
    let Some(rating) = rating else {
        assert_ne!(solutions, 1, "{path} is rated");
        return;
    };
    assert_eq!(solutions, 1, "{path} is not rated");
    let board = read.puzzle.board();
    let solution = read.solution.unwrap_or_else(|| {
        let solved = done(numbers::solve(&read.puzzle, &Control::new()));
        solved.expect("a solution")
    });
    assert!(is_solution(&read.puzzle, &solution), "{path}");
    let mut found = vec![false; board.area()];
    for step in &rating.steps {
        let index = board.index(step.square);
        assert_eq!(solution[index], step.number, "{path}: {step:?}");
        assert!(read.puzzle.given(step.square).is_none(), "{path}: {step:?}");
        assert!(
            !std::mem::replace(&mut found[index], true),
            "{path}: {step:?}"
        );
    }
    let givens = read.puzzle.givens().len();
    assert_eq!(rating.steps.len() + givens, board.open_count(), "{path}");
}

#[test]
fn the_article_s_holey_board_has_one_closed_tour_both_ways() {
    let text = "closed\n#  1  .  #\n.  .  .  .\n.  #  #  .\n.  .  .  .\n#  .  .  #\n";
    let puzzle = format::parse("article", text).expect("readable").puzzle;
    assert_eq!(done(numbers::count(&puzzle, None, &Control::new())), 2);
    assert_eq!(brute_count(&puzzle), 2);
    let filled = done(numbers::solve(&puzzle, &Control::new())).expect("solved");
    assert!(is_solution(&puzzle, &filled));
}

#[test]
fn generated_puzzles_are_unique_and_hard_ones_minimal() {
    let cases = [
        (board(5, 5, &[]), TourKind::Open),
        (board(6, 5, &[(0, 0), (5, 4)]), TourKind::Closed),
        (board(5, 5, &[(0, 0)]), TourKind::Open),
    ];
    for (board, kind) in &cases {
        for level in Level::ALL {
            for seed in 1..=4 {
                let puzzle = done(numbers::generate(
                    board,
                    *kind,
                    level,
                    seed,
                    &Control::new(),
                ))
                .expect("a puzzle");
                let puzzle = puzzle.puzzle;
                assert_eq!(
                    brute_count(&puzzle),
                    1,
                    "{}",
                    format::to_text(&puzzle, None)
                );
                let again = done(numbers::generate(
                    board,
                    *kind,
                    level,
                    seed,
                    &Control::new(),
                ));
                assert_eq!(
                    again.map(|again| again.puzzle).as_ref(),
                    Ok(&puzzle),
                    "same seed, same puzzle"
                );
                if level == Level::Hard {
                    for (square, _) in puzzle.givens() {
                        assert!(brute_count(&puzzle.without(square)) >= 2);
                    }
                }
            }
        }
    }
}

/// What Generate makes at a level rates at that level, as a person
/// solving it by hand would find it; easy ones are solved by deductions
/// alone, to the generator's solution.
#[test]
fn generated_puzzles_rate_at_their_level() {
    let cases = [
        (board(6, 6, &[]), TourKind::Open),
        (board(6, 6, &[]), TourKind::Closed),
        (board(7, 6, &[(3, 3)]), TourKind::Open),
        (board(8, 8, &[]), TourKind::Open),
    ];
    for (board, kind) in &cases {
        for level in Level::ALL {
            for seed in 1..=5 {
                let made = done(numbers::generate(
                    board,
                    *kind,
                    level,
                    seed,
                    &Control::new(),
                ))
                .expect("a puzzle");
                let text = format::to_text(&made.puzzle, None);
                let rating = done(numbers::rate(&made.puzzle, &Control::new())).expect("unique");
                assert_eq!(rating.level(), level, "seed {seed}:\n{text}");
                let deduced = numbers::by_deduction(&made.puzzle);
                assert_eq!(
                    deduced.is_some(),
                    level == Level::Easy,
                    "seed {seed}:\n{text}"
                );
                if let Some(deduced) = deduced {
                    assert_eq!(deduced, made.solution, "seed {seed}:\n{text}");
                }
            }
        }
    }
}

/// On thin boards a level is not always reached: the generator gives a
/// puzzle of the level asked for, or says which it reached instead, never
/// an easier puzzle under the level's name.
#[test]
fn a_level_the_board_does_not_reach_is_refused_with_the_level_reached() {
    let mut refused = 0;
    for (width, height) in [(3, 4), (4, 3), (3, 7), (3, 8), (1, 1)] {
        let board = board(width, height, &[]);
        for level in [Level::Medium, Level::Hard] {
            for seed in 1..=6 {
                match done(numbers::generate(
                    &board,
                    TourKind::Open,
                    level,
                    seed,
                    &Control::new(),
                )) {
                    Ok(made) => {
                        let rating =
                            done(numbers::rate(&made.puzzle, &Control::new())).expect("unique");
                        assert_eq!(rating.level(), level, "{width}x{height} seed {seed}");
                    }
                    Err(numbers::GenerateError::NoneOfLevel {
                        level: asked,
                        reached,
                    }) => {
                        assert_eq!(asked, level);
                        assert!(reached < level, "{width}x{height} seed {seed}: {reached:?}");
                        refused += 1;
                    }
                    Err(error) => panic!("{width}x{height} seed {seed}: {error}"),
                }
            }
        }
    }
    assert!(refused > 0, "a thin board refused nothing");
}

/// A puzzle of one open square has one solution, given or not; one of
/// two squares closed has none (a closed tour needs three squares).
#[test]
fn a_one_square_puzzle_has_its_one_solution() {
    for (board, givens) in [
        (board(1, 1, &[]), vec![]),
        (board(1, 1, &[]), vec![(Square::new(0, 0), 1)]),
        (
            board(
                3,
                3,
                &[
                    (0, 0),
                    (1, 0),
                    (2, 0),
                    (0, 1),
                    (2, 1),
                    (0, 2),
                    (1, 2),
                    (2, 2),
                ],
            ),
            vec![],
        ),
    ] {
        let puzzle = NumbersPuzzle::new(board.clone(), TourKind::Open, &givens).expect("a puzzle");
        let text = format::to_text(&puzzle, None);
        assert_eq!(brute_count(&puzzle), 1, "{text}");
        assert_eq!(
            done(numbers::count(&puzzle, None, &Control::new())),
            1,
            "{text}"
        );
        assert_eq!(
            done(numbers::count_plainly(&puzzle, None, &Control::new())),
            1,
            "{text}"
        );
        let solved = done(numbers::solve(&puzzle, &Control::new())).expect("solved");
        assert!(is_solution(&puzzle, &solved), "{text}");
        let closed = NumbersPuzzle::new(board, TourKind::Closed, &givens).expect("a puzzle");
        assert_eq!(
            done(numbers::count(&closed, None, &Control::new())),
            0,
            "{text}"
        );
        assert_eq!(
            done(numbers::count_plainly(&closed, None, &Control::new())),
            0,
            "{text}"
        );
    }
    // Two squares a knight's move apart: one open tour each way, no
    // closed one.
    let two = board(2, 3, &[(1, 0), (0, 1), (1, 1), (0, 2)]);
    for (kind, tours) in [(TourKind::Open, 2), (TourKind::Closed, 0)] {
        let puzzle = NumbersPuzzle::new(two.clone(), kind, &[]).expect("a puzzle");
        assert_eq!(brute_count(&puzzle), tours, "{kind:?}");
        assert_eq!(
            done(numbers::count(&puzzle, None, &Control::new())),
            tours,
            "{kind:?}"
        );
        assert_eq!(
            done(numbers::count_plainly(&puzzle, None, &Control::new())),
            tours,
            "{kind:?}"
        );
    }
    // What the generator makes of one square reads back as solvable.
    let made = done(numbers::generate(
        &board(1, 1, &[]),
        TourKind::Open,
        Level::Easy,
        1,
        &Control::new(),
    ))
    .expect("a puzzle");
    assert_eq!(done(numbers::count(&made.puzzle, None, &Control::new())), 1);
}

/// The article's form: squares blocked and the 1 alone, one tour left
/// (one each way when closed), by a count written apart from the
/// generator's; the same seed makes the same board.
#[test]
fn the_article_s_form_leaves_one_tour_with_the_1_alone() {
    let cases = [
        (board(4, 5, &[]), TourKind::Closed, 2),
        (board(5, 5, &[]), TourKind::Open, 1),
        (board(5, 5, &[]), TourKind::Closed, 2),
        (board(6, 5, &[]), TourKind::Open, 1),
        (board(6, 5, &[(0, 0)]), TourKind::Closed, 2),
    ];
    for (board, kind, tours) in &cases {
        for seed in 1..=3 {
            let made = done(numbers::holey(board, *kind, seed, &Control::new())).expect("a puzzle");
            let puzzle = &made.puzzle;
            let text = format::to_text(puzzle, None);
            assert_eq!(puzzle.givens().len(), 1, "{text}");
            assert_eq!(puzzle.givens()[0].1, 1, "{text}");
            assert_eq!(brute_count(puzzle), *tours, "seed {seed}:\n{text}");
            assert!(numbers::is_solution(puzzle, &made.solution), "{text}");
            for square in board.blocked_squares() {
                assert!(
                    puzzle.board().is_blocked(square),
                    "the board's own holes stay"
                );
            }
            let again = done(numbers::holey(board, *kind, seed, &Control::new()));
            assert_eq!(
                again.map(|again| again.puzzle).as_ref(),
                Ok(puzzle),
                "same seed"
            );
        }
    }
    assert_eq!(
        done(numbers::holey(
            &board(8, 8, &[]),
            TourKind::Open,
            1,
            &Control::new()
        )),
        Err(numbers::GenerateError::TooLargeForHoles)
    );
}

#[test]
fn a_generated_closed_6x6_puzzle_is_unique_by_the_knight_s_enumeration() {
    // Closed 6x6 has 9,862 tours: each, both ways and from every square,
    // is checked against the givens.
    let board = board(6, 6, &[]);
    let puzzle = done(numbers::generate(
        &board,
        TourKind::Closed,
        Level::Hard,
        3,
        &Control::new(),
    ))
    .expect("a puzzle")
    .puzzle;
    let givens = puzzle.givens();
    let mut fitting = 0u64;
    let mut on_tour = |path: &[Square]| {
        let n = path.len();
        for reversed in [false, true] {
            for shift in 0..n {
                let fits = givens.iter().all(|&(square, number)| {
                    let i = (number as usize - 1 + shift) % n;
                    let at = if reversed { path[n - 1 - i] } else { path[i] };
                    at == square
                });
                fitting += u64::from(fits);
            }
        }
        std::ops::ControlFlow::Continue(())
    };
    done(knight::count::enumerate(
        &board,
        None,
        TourKind::Closed,
        &Control::new(),
        &mut on_tour,
    ));
    assert_eq!(fitting, 1);
}

#[test]
fn text_and_json_read_back_and_bad_files_name_their_place() {
    let made = done(numbers::generate(
        &board(6, 6, &[(2, 2)]),
        TourKind::Open,
        Level::Medium,
        9,
        &Control::new(),
    ))
    .expect("a puzzle");
    let (puzzle, filled) = (made.puzzle, made.solution);
    assert_eq!(
        done(numbers::solve(&puzzle, &Control::new())).as_ref(),
        Some(&filled),
        "the solution generated with the puzzle"
    );
    let text = format::to_text(&puzzle, None);
    assert_eq!(format::parse("t", &text).expect("text").puzzle, puzzle);
    let json = format::to_json(&puzzle, Some(&filled));
    let read = format::parse("j", &json).expect("json");
    assert_eq!(read.puzzle, puzzle);
    assert_eq!(read.solution.as_deref(), Some(&filled[..]));
    let refused = |text: &str| format::parse("p.txt", text).unwrap_err();
    let error = refused(". . .\n. x .\n");
    assert_eq!((error.line, error.column), (2, 3), "{error}");
    assert!(
        error.to_string().starts_with("p.txt:2:3: unknown cell 'x'"),
        "{error}"
    );
    let error = refused(". . .\n. .\n");
    assert_eq!(error.line, 2, "{error}");
    let error = refused("1 . .\n. . 1\n");
    assert_eq!((error.line, error.column), (2, 5), "{error}");
    let error = refused("1 . .\n. . 7\n");
    assert!(error.to_string().contains("not one of 1 to 6"), "{error}");
    let error = refused(&". ".repeat(30));
    assert!(error.to_string().contains("beyond a puzzle's"), "{error}");
    let error = format::parse("p.json", "{\"width\":3,\n\"height\":\"x\"}").unwrap_err();
    assert_eq!(error.line, 2, "{error}");
    assert!(format::parse("p.json", r#"{"width":3,"height":3,"givens":[[5,5,1]]}"#).is_err());
    assert!(format::parse("p.txt", "").is_err());
}

#[cfg(unix)]
#[test]
fn a_pipe_with_no_writer_reads_as_empty_instead_of_hanging() {
    let path = std::env::temp_dir().join(format!("gridtour-numbers-{}.fifo", std::process::id()));
    let made = std::process::Command::new("mkfifo")
        .arg(&path)
        .status()
        .expect("mkfifo runs");
    assert!(made.success());
    let error = format::load_path(&path).unwrap_err();
    std::fs::remove_file(&path).expect("removed");
    assert_eq!(error.problem, format::Problem::Empty, "{error}");
}

/// Plays a solution into an empty puzzle number by number: no rule is
/// broken at any point, and the board is solved at the end; a number
/// moved off its square or laid twice is named with its squares.
#[test]
fn play_by_hand_lays_numbers_and_names_the_rule_a_board_breaks() {
    use numbers::{Broken, Play, Refusal};
    let text = std::fs::read_to_string("assets/numbers/minimal-6x6-open.txt").expect("shipped");
    let puzzle = format::parse("6x6", &text).expect("valid").puzzle;
    let solution = done(numbers::solve(&puzzle, &Control::new())).expect("solvable");
    let board = puzzle.board().clone();
    let mut play = Play::new(puzzle.clone());
    let given = puzzle.givens()[0].0;
    assert_eq!(play.place(given, 5), Err(Refusal::Given(given)));
    assert_eq!(
        play.place(Square::new(9, 9), 5),
        Err(Refusal::OffBoard(Square::new(9, 9)))
    );
    for square in board.squares() {
        if puzzle.given(square).is_some() {
            continue;
        }
        let number = solution[board.index(square)];
        assert_eq!(
            play.place(square, 37),
            Err(Refusal::OutOfRange {
                number: 37,
                last: 36
            })
        );
        assert_eq!(play.place(square, number), Ok(None));
        assert_eq!(play.broken(), vec![], "after {number}");
    }
    assert!(play.is_solved());
    assert_eq!(play.next_missing(), None);
    // Swap two laid numbers a knight's move apart: each is now out of
    // reach of a neighbour in number order.
    let free: Vec<Square> = board
        .squares()
        .filter(|&square| puzzle.given(square).is_none())
        .collect();
    let (a, b) = (free[0], free[1]);
    let (na, nb) = (solution[board.index(a)], solution[board.index(b)]);
    assert_eq!(play.place(a, nb), Ok(Some(na)));
    assert!(!play.is_solved());
    let broken = play.broken();
    assert!(
        broken.contains(&Broken::Twice {
            number: nb,
            first: a,
            second: b
        }),
        "{broken:?}"
    );
    assert_eq!(play.next_missing(), Some(na));
    assert_eq!(play.remove(a), Ok(nb));
    assert_eq!(play.remove(a), Err(Refusal::Empty(a)));
    assert_eq!(play.broken(), vec![]);
    for rule in &broken {
        let words = rule.words(&board);
        for square in rule.squares() {
            assert!(words.contains(&board.square_name(square)), "{words}");
        }
    }
}

/// Numbers laid where no knight joins them in the moves between them are
/// out of reach; a closed tour's last number must be a move from 1.
#[test]
fn out_of_reach_and_unclosed_tours_are_found_by_colour_and_distance() {
    use numbers::{Broken, Play};
    let puzzle = NumbersPuzzle::new(Board::new(6, 6).expect("a board"), TourKind::Closed, &[])
        .expect("empty");
    let mut play = Play::new(puzzle);
    let (a1, c2, a2, f6) = (
        Square::new(0, 5),
        Square::new(2, 4),
        Square::new(0, 4),
        Square::new(5, 0),
    );
    play.place(a1, 1).expect("open");
    play.place(c2, 2).expect("open");
    assert_eq!(play.broken(), vec![]);
    // a2 is no knight's move from c2 (and has its colour).
    play.place(a2, 3).expect("open");
    assert_eq!(
        play.broken(),
        vec![Broken::OutOfReach {
            from: (2, c2),
            to: (3, a2)
        }]
    );
    play.remove(a2).expect("laid");
    // f6 is three moves at least from c2.
    play.place(f6, 4).expect("open");
    assert_eq!(play.broken().len(), 1);
    play.remove(f6).expect("laid");
    let f5 = Square::new(5, 1);
    play.place(f5, 36).expect("open");
    assert_eq!(
        play.broken(),
        vec![Broken::NotClosed {
            first: a1,
            last: f5
        }]
    );
}

/// Open reads a puzzle in either form as a knight's tour puzzle, and a
/// filled board still as a knight's tour.
#[test]
fn open_tells_a_puzzle_from_a_tour() {
    use gridtour::document::{Document, read_path};
    for ending in ["txt", "json"] {
        let path = format!("assets/numbers/minimal-6x6-closed.{ending}");
        match read_path(path.as_ref()) {
            Ok(Document::Numbers(read)) => assert_eq!(read.puzzle.givens().len(), 6),
            other => panic!("{path}: {other:?}"),
        }
    }
    // Numbers and dots: a puzzle when its numbers leave a gap, a solved
    // Goishi puzzle's pick order when they run 1, 2, 3...
    for (givens, is_puzzle) in [(vec![1, 3], true), (vec![1, 2], false)] {
        let givens: Vec<(Square, u32)> = givens
            .into_iter()
            .enumerate()
            .map(|(x, number)| (Square::new(x as u32, 0), number))
            .collect();
        let puzzle =
            NumbersPuzzle::new(board(4, 5, &[]), TourKind::Open, &givens).expect("a puzzle");
        let text = numbers::format::to_text(&puzzle, None);
        let read = gridtour::document::read_bytes("text", text.as_bytes());
        assert_eq!(
            matches!(read, Ok(Document::Numbers(_))),
            is_puzzle,
            "{text}"
        );
    }
    let path = some_tour(&board(5, 5, &[]), TourKind::Open).expect("5x5 has tours");
    let tour = knight::Tour {
        board: board(5, 5, &[]),
        kind: TourKind::Open,
        path,
    };
    assert!(matches!(
        gridtour::document::read_bytes("tour", tour.to_text().as_bytes()),
        Ok(Document::Tour(_))
    ));
    let damaged = "closed\n1 . .\n. . 12\n";
    match gridtour::document::read_bytes("damaged.txt", damaged.as_bytes()) {
        Err(error) => assert!(error.to_string().contains("damaged.txt"), "{error}"),
        Ok(document) => panic!("{document:?}"),
    }
}

/// A puzzle's link reads back as the same puzzle; a damaged one names its
/// column.
#[test]
fn links_carry_a_puzzle_and_damaged_ones_name_their_column() {
    use numbers::link::{NumbersLinkError, parse, to_link};
    for name in [
        "problem-a-4x5-closed",
        "minimal-8x8-closed-holey",
        "easy-10x10-open",
    ] {
        let path = format!("assets/numbers/{name}.txt");
        let puzzle = format::load_path(path.as_ref()).expect("shipped").puzzle;
        let link = to_link(&puzzle);
        assert!(link.starts_with("gridtour:numbers?size="), "{link}");
        assert_eq!(parse(&link), Ok(puzzle.clone()), "{link}");
        // Escaped as chat programs escape it, and with white space around.
        let escaped = format!("  {}\n", link.replace(',', "%2C"));
        assert_eq!(parse(&escaped), Ok(puzzle), "{escaped}");
    }
    assert_eq!(
        parse("gridtour:knight?size=8x8"),
        Err(NumbersLinkError::NotALink)
    );
    let link = "gridtour:numbers?size=5x5&givens=a1:1,b3:2,c5";
    assert_eq!(parse(link), Err(NumbersLinkError::NotAGiven { column: 44 }));
    assert_eq!(&link[43..], "c5");
    let refused = parse("gridtour:numbers?size=5x5&start=a1").expect_err("no start");
    assert!(refused.to_string().contains("givens"), "{refused}");
    assert!(matches!(
        parse("gridtour:numbers?size=5x5&givens=a1:1,b3:1"),
        Err(NumbersLinkError::Puzzle { column: 34, .. })
    ));
}
