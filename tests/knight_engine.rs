//! The knight engine end to end: theory, solvers, validation, formats.

use gridtour::job::{Control, Outcome};
use gridtour::knight::{
    Algorithm, Board, SolveResult, Square, Tour, TourKind, solve, validate,
    warnsdorff_failing_starts, why_no_tour,
};

/// Why no tour exists, in words.
fn why_no_tour_in_words(board: &Board, start: Option<Square>, kind: TourKind) -> Option<String> {
    why_no_tour(board, start, kind).map(|reason| reason.to_string())
}

/// Solves to the end (nothing cancels these controls).
fn solve_now(board: &Board, start: Square, kind: TourKind, algorithm: Algorithm) -> SolveResult {
    match solve(board, start, kind, algorithm, &Control::new()) {
        Outcome::Done(result) => result,
        Outcome::Cancelled => panic!("nothing cancelled this search"),
    }
}

/// The found tour, checked again here: valid, of the right board and kind,
/// from the right square.
fn tour_from(board: &Board, start: Square, kind: TourKind, algorithm: Algorithm) -> Tour {
    match solve_now(board, start, kind, algorithm) {
        SolveResult::Found(tour) => {
            assert_eq!(validate(board, &tour.path, kind), Ok(()));
            assert_eq!(tour.path[0], start);
            assert_eq!(&tour.board, board);
            assert_eq!(tour.kind, kind);
            tour
        }
        SolveResult::NoTour(reason) => panic!(
            "no {kind:?} tour on {}x{} from {start:?}: {reason}",
            board.width(),
            board.height()
        ),
    }
}

/// The default solver answers from every square of the n x n boards: a
/// valid open tour from every square of the majority colour, and a proof
/// (by colour) that there is none from the other squares of odd boards.
fn every_start_succeeds(sides: std::ops::RangeInclusive<u32>) {
    for n in sides {
        let board = Board::new(n, n).unwrap();
        for start in board.squares() {
            match solve_now(&board, start, TourKind::Open, Algorithm::Warnsdorff) {
                SolveResult::Found(tour) => {
                    assert_eq!(validate(&board, &tour.path, TourKind::Open), Ok(()));
                    assert_eq!(tour.path[0], start);
                }
                SolveResult::NoTour(reason) => {
                    assert!(
                        // On odd boards the corners, a1 among them, are dark and
                        // in the majority: no open tour starts on a light square.
                        n % 2 == 1 && !board.is_dark(start),
                        "{n}x{n} from {start:?}: {reason}"
                    );
                }
            }
        }
    }
}

#[test]
fn default_solver_succeeds_from_every_start_of_5x5_to_30x30() {
    every_start_succeeds(5..=30);
}

/// Any closed tour is a closed tour from each of its squares.
#[test]
fn closed_tours_from_every_start_of_even_boards() {
    for n in (6..=20).step_by(2) {
        let board = Board::new(n, n).unwrap();
        for start in board.squares() {
            tour_from(&board, start, TourKind::Closed, Algorithm::Warnsdorff);
        }
    }
}

/// The classic 8x8 closed tour from the knight's home square, (2, 1) in
/// 1-based (column, row from the top) coordinates, by both solvers.
#[test]
fn closed_8x8_tour_from_the_knights_home_square() {
    let board = Board::new(8, 8).unwrap();
    let home = Square::new(1, 0);
    assert_eq!(board.square_name(home), "b8");
    for algorithm in Algorithm::SOLVERS {
        tour_from(&board, home, TourKind::Closed, algorithm);
    }
    // And from the top-right corner.
    tour_from(
        &board,
        Square::new(7, 0),
        TourKind::Closed,
        Algorithm::Backtrack,
    );
}

#[test]
fn rectangular_boards() {
    let open = [
        (3, 4),
        (4, 3),
        (3, 7),
        (8, 3),
        (4, 5),
        (6, 4),
        (5, 7),
        (7, 12),
        (1, 1),
    ];
    for (w, h) in open {
        let board = Board::new(w, h).unwrap();
        tour_from(
            &board,
            Square::new(0, 0),
            TourKind::Open,
            Algorithm::Warnsdorff,
        );
        tour_from(
            &board,
            Square::new(0, 0),
            TourKind::Open,
            Algorithm::Backtrack,
        );
    }
    let closed = [
        (3, 10),
        (10, 3),
        (3, 12),
        (5, 6),
        (6, 5),
        (5, 8),
        (7, 10),
        (6, 16),
    ];
    for (w, h) in closed {
        let board = Board::new(w, h).unwrap();
        tour_from(
            &board,
            Square::new(1, 1),
            TourKind::Closed,
            Algorithm::Warnsdorff,
        );
        tour_from(
            &board,
            Square::new(1, 1),
            TourKind::Closed,
            Algorithm::Backtrack,
        );
    }
}

/// On 3x4 only the squares of the top and bottom rows start an open tour;
/// theory knows the middle rows (the outer-line argument for boards 4
/// across). No theorem covers the centre of 3x7 or the two squares beside
/// the centre of 3x8, where no open tour starts either: exhaustive search
/// proves it, with either algorithm.
#[test]
fn exhaustive_search_proves_there_is_none() {
    let board = Board::new(3, 4).unwrap();
    let mut starts_with_tours = Vec::new();
    for start in board.squares() {
        for algorithm in Algorithm::SOLVERS {
            match solve_now(&board, start, TourKind::Open, algorithm) {
                SolveResult::Found(_) => starts_with_tours.push(board.square_name(start)),
                SolveResult::NoTour(reason) => {
                    assert!(reason.to_string().contains("outer line"), "{reason}")
                }
            }
        }
    }
    starts_with_tours.dedup();
    assert_eq!(starts_with_tours, ["a4", "b4", "c4", "a1", "b1", "c1"]);
    for (w, h, name) in [(3, 7, "b4"), (3, 8, "b3"), (3, 8, "b6"), (8, 3, "c2")] {
        let board = Board::new(w, h).unwrap();
        let start = board.parse_square(name).unwrap();
        assert_eq!(
            why_no_tour_in_words(&board, Some(start), TourKind::Open),
            None
        );
        for algorithm in Algorithm::SOLVERS {
            let SolveResult::NoTour(reason) = solve_now(&board, start, TourKind::Open, algorithm)
            else {
                panic!("{w}x{h} has no open tour from {name}");
            };
            assert!(reason.to_string().contains("exhaustive"), "{reason}");
        }
    }
}

/// Start squares where the greedy walk strands itself on long thin boards:
/// the default solver falls back to the construction instead of an
/// exhaustive search that would not end.
#[test]
fn thin_boards_where_the_walk_fails_still_get_tours() {
    for (w, h, name) in [(3, 78, "b76"), (3, 74, "a1"), (4, 79, "a38"), (80, 4, "x1")] {
        let board = Board::new(w, h).unwrap();
        let start = board.parse_square(name).unwrap();
        tour_from(&board, start, TourKind::Open, Algorithm::Warnsdorff);
    }
}

/// The default solver on every start square of rectangles from 5x5 to
/// 8x12: an open tour from every square (of the majority colour when the
/// area is odd), a closed tour from every square when the board has one.
#[test]
fn default_solver_on_every_start_of_small_rectangles() {
    for w in 5..=8 {
        for h in w..=12 {
            let board = Board::new(w, h).unwrap();
            let closed = why_no_tour_in_words(&board, None, TourKind::Closed).is_none();
            assert_eq!(closed, (w * h) % 2 == 0, "{w}x{h}");
            for start in board.squares() {
                if (w * h) % 2 == 0 || board.is_dark(start) {
                    tour_from(&board, start, TourKind::Open, Algorithm::Warnsdorff);
                }
                if closed {
                    tour_from(&board, start, TourKind::Closed, Algorithm::Warnsdorff);
                }
            }
        }
    }
}

/// Every start square of the boards 3 and 4 squares across, up to 120
/// long, with the default solver; and up to 10 long with exhaustive search
/// too. Open tours start from every square except the inner lines of boards
/// 4 across (theory), the centre of 3x7 and two squares of 3x8; closed
/// tours exist on 3 x n for even n from 10 on.
#[test]
#[ignore = "about a minute in release; cargo test --release --test knight_engine -- --ignored"]
fn every_start_of_boards_three_and_four_across() {
    let mut without_tours = Vec::new();
    for w in [3, 4] {
        for h in 1..=120 {
            let board = Board::new(w, h).unwrap();
            let algorithms: &[Algorithm] = if h <= 10 {
                &Algorithm::SOLVERS
            } else {
                &[Algorithm::Warnsdorff]
            };
            for start in board.squares() {
                for kind in TourKind::ALL {
                    for &algorithm in algorithms {
                        match solve_now(&board, start, kind, algorithm) {
                            SolveResult::Found(tour) => {
                                assert_eq!(validate(&board, &tour.path, kind), Ok(()));
                            }
                            SolveResult::NoTour(_) => {
                                if why_no_tour_in_words(&board, Some(start), kind).is_none() {
                                    without_tours.push(format!(
                                        "{w}x{h} {} {algorithm}",
                                        board.square_name(start)
                                    ));
                                }
                            }
                        }
                    }
                }
            }
        }
    }
    assert_eq!(
        without_tours,
        [
            "3x7 b4 warnsdorff",
            "3x7 b4 backtrack",
            "3x8 b6 warnsdorff",
            "3x8 b6 backtrack",
            "3x8 b3 warnsdorff",
            "3x8 b3 backtrack",
        ]
    );
}

/// The 14-square closed-tour puzzle (x = blocked, numbers = the squares in
/// reading order):
/// ```text
///  x  0  1  x
///  2  3  4  5
///  6  x  x  7
///  8  9 10 11
///  x 12 13  x
/// ```
/// Its only closed tour, from square 0, is 0 5 10 3 8 13 7 1 2 9 4 11 12 6
/// (or the same backwards).
#[test]
fn holed_puzzle_has_its_unique_closed_tour() {
    let mut board = Board::new(4, 5).unwrap();
    for (x, y) in [(0, 0), (3, 0), (1, 2), (2, 2), (0, 4), (3, 4)] {
        board.set_blocked(Square::new(x, y), true);
    }
    let numbered: Vec<Square> = board.open_squares().collect();
    assert_eq!(numbered.len(), 14);
    let forward: Vec<Square> = [0, 5, 10, 3, 8, 13, 7, 1, 2, 9, 4, 11, 12, 6]
        .iter()
        .map(|&i| numbered[i])
        .collect();
    let mut backward = forward.clone();
    backward[1..].reverse();
    for algorithm in Algorithm::SOLVERS {
        let tour = tour_from(&board, numbered[0], TourKind::Closed, algorithm);
        assert!(
            tour.path == forward || tour.path == backward,
            "{:?}",
            tour.path
        );
    }
}

#[test]
fn holed_boards() {
    // 8x8 without its corners; 10x10 without its centre; 12x9 with a wall
    // that has a gap.
    let mut corners = Board::new(8, 8).unwrap();
    for (x, y) in [(0, 0), (7, 0), (0, 7), (7, 7)] {
        corners.set_blocked(Square::new(x, y), true);
    }
    let mut centre = Board::new(10, 10).unwrap();
    for (x, y) in [(4, 4), (5, 4), (4, 5), (5, 5)] {
        centre.set_blocked(Square::new(x, y), true);
    }
    let mut wall = Board::new(12, 9).unwrap();
    for y in 0..6 {
        wall.set_blocked(Square::new(6, y), true);
    }
    for board in [&corners, &centre, &wall] {
        for kind in TourKind::ALL {
            for algorithm in Algorithm::SOLVERS {
                let start = board.open_squares().nth(3).unwrap();
                tour_from(board, start, kind, algorithm);
            }
        }
    }
}

/// Answered by theory: no search node is spent.
#[test]
fn boards_without_tours_are_answered_by_theory() {
    let cases = [
        (4, 4, TourKind::Open, "4x4"),
        (5, 5, TourKind::Closed, "even number"),
        (4, 8, TourKind::Closed, "Schwenk"),
        (3, 6, TourKind::Closed, "Schwenk"),
        (2, 7, TourKind::Open, "2x7"),
    ];
    for (w, h, kind, words) in cases {
        let board = Board::new(w, h).unwrap();
        for algorithm in Algorithm::SOLVERS {
            let control = Control::new();
            let outcome = solve(&board, Square::new(0, 0), kind, algorithm, &control);
            let Outcome::Done(SolveResult::NoTour(reason)) = outcome else {
                panic!("{w}x{h} {kind:?} has no tour");
            };
            assert!(reason.to_string().contains(words), "{reason}");
            assert_eq!(control.snapshot().nodes, 0, "{w}x{h} searched");
        }
    }
    // Wrong colour on an odd board.
    let board = Board::new(7, 7).unwrap();
    let reason = why_no_tour_in_words(&board, Some(Square::new(1, 0)), TourKind::Open).unwrap();
    assert!(
        reason.contains("25 light") || reason.contains("25 dark"),
        "{reason}"
    );
    // An inner line of a long board 4 across: a search would never end.
    let board = Board::new(2000, 4).unwrap();
    let control = Control::new();
    let start = board.parse_square("bx2").unwrap();
    let outcome = solve(
        &board,
        start,
        TourKind::Open,
        Algorithm::Backtrack,
        &control,
    );
    let Outcome::Done(SolveResult::NoTour(reason)) = outcome else {
        panic!("no open tour starts on an inner line");
    };
    assert!(
        reason.to_string().contains("bx2 is on an inner one"),
        "{reason}"
    );
    assert_eq!(control.snapshot().nodes, 0);
}

/// The start squares where first-minimum Warnsdorff dead-ends, numbered
/// row by row from 0.
#[test]
fn plain_warnsdorff_failing_starts() {
    let expected: [(u32, &[usize]); 4] = [
        (6, &[15]),
        (8, &[44]),
        (10, &[21, 61]),
        (12, &[22, 91, 96, 101, 113, 126]),
    ];
    for (n, failing) in expected {
        let board = Board::new(n, n).unwrap();
        let Outcome::Done(failing_found) = warnsdorff_failing_starts(&board, &Control::new())
        else {
            panic!("nobody cancelled");
        };
        let found: Vec<usize> = failing_found.iter().map(|&s| board.index(s)).collect();
        assert_eq!(found, failing, "{n}x{n}");
        for &index in failing {
            tour_from(
                &board,
                board.square(index),
                TourKind::Open,
                Algorithm::Warnsdorff,
            );
        }
    }
}

#[test]
fn json_round_trip() {
    let mut board = Board::new(7, 6).unwrap();
    board.set_blocked(Square::new(3, 3), true);
    board.set_blocked(Square::new(3, 0), true);
    for kind in TourKind::ALL {
        let tour = tour_from(&board, Square::new(6, 5), kind, Algorithm::Warnsdorff);
        let json = tour.to_json();
        assert!(json.contains(r#""blocked":[[3,0],[3,3]]"#), "{json}");
        assert_eq!(Tour::from_json(&json), Ok(tour));
    }
}

#[test]
fn text_board_numbers_every_square() {
    let board = Board::new(5, 5).unwrap();
    let tour = tour_from(
        &board,
        Square::new(0, 0),
        TourKind::Open,
        Algorithm::Backtrack,
    );
    let text = tour.to_text();
    let mut numbers: Vec<usize> = text
        .split_whitespace()
        .map(|n| n.parse().unwrap())
        .collect();
    assert_eq!(text.lines().count(), 5);
    assert_eq!(numbers[0], 1);
    numbers.sort();
    assert_eq!(numbers, (1..=25).collect::<Vec<_>>());
}

/// Searches report their nodes to the control.
#[test]
fn progress_is_counted() {
    let board = Board::new(8, 8).unwrap();
    let control = Control::new();
    let outcome = solve(
        &board,
        Square::new(0, 0),
        TourKind::Closed,
        Algorithm::Backtrack,
        &control,
    );
    assert!(matches!(outcome, Outcome::Done(SolveResult::Found(_))));
    assert!(control.snapshot().nodes >= 63);
}

/// Two 6x6 rooms joined by a single open square (the door). An open tour
/// from the left room must cover it before passing the door, but the left
/// room has one light square too few for a path that starts on a dark one,
/// so there is none; no theorem here sees it (the colours balance over the
/// whole board), and the search has to try the countless paths through the
/// first room. A cancel stops it at once.
#[test]
fn cancel_stops_a_hopeless_search() {
    use gridtour::job::{Emitter, Event, Resources, spawn};
    use std::time::{Duration, Instant};
    let mut rooms = Board::new(14, 6).unwrap();
    for y in 0..6 {
        rooms.set_blocked(Square::new(7, y), true);
        if y != 2 {
            rooms.set_blocked(Square::new(6, y), true);
        }
    }
    for (x, y) in [(13, 5), (0, 0), (10, 1)] {
        rooms.set_blocked(Square::new(x, y), true);
    }
    assert_eq!(
        why_no_tour_in_words(&rooms, Some(Square::new(1, 1)), TourKind::Open),
        None
    );
    let job = spawn(
        Resources::default(),
        |_| {},
        move |control, _: &Emitter<_, ()>| {
            solve(
                &rooms,
                Square::new(1, 1),
                TourKind::Open,
                Algorithm::Backtrack,
                control,
            )
        },
    );
    std::thread::sleep(Duration::from_millis(300));
    let asked = Instant::now();
    job.cancel();
    loop {
        match job.next_event(Duration::from_secs(5)).expect("job hung") {
            Event::Finished(outcome, progress) => {
                assert!(matches!(outcome, Outcome::Cancelled));
                assert!(progress.nodes > 0);
                break;
            }
            _ => continue,
        }
    }
    assert!(
        asked.elapsed() < Duration::from_millis(200),
        "{:?}",
        asked.elapsed()
    );
}

/// Needs the large-board construction and a release build:
/// `cargo test --release --test knight_engine -- --ignored`.
#[test]
#[ignore]
fn tours_on_1000x1000() {
    let board = Board::new(1000, 1000).unwrap();
    for kind in TourKind::ALL {
        let tour = tour_from(&board, Square::new(0, 0), kind, Algorithm::Warnsdorff);
        assert_eq!(tour.path.len(), 1_000_000);
        let start = Square::new(517, 203);
        tour_from(&board, start, kind, Algorithm::Warnsdorff);
    }
}

/// Whether any tour exists, by plain recursive search with no pruning and
/// no theory: the reference the engine's answers are checked against.
fn reference_has_tour(board: &Board, start: Square, kind: TourKind) -> bool {
    fn extend(board: &Board, path: &mut Vec<Square>, kind: TourKind) -> bool {
        let here = *path.last().unwrap();
        if path.len() == board.open_count() {
            let first = path[0];
            let (dx, dy) = (here.x.abs_diff(first.x), here.y.abs_diff(first.y));
            return kind == TourKind::Open || (path.len() > 2 && dx * dy == 2);
        }
        let jumps = [
            (1, 2),
            (2, 1),
            (2, -1),
            (1, -2),
            (-1, -2),
            (-2, -1),
            (-2, 1),
            (-1, 2),
        ];
        for (dx, dy) in jumps {
            let (Some(x), Some(y)) = (here.x.checked_add_signed(dx), here.y.checked_add_signed(dy))
            else {
                continue;
            };
            let next = Square::new(x, y);
            if board.contains(next) && !board.is_blocked(next) && !path.contains(&next) {
                path.push(next);
                if extend(board, path, kind) {
                    return true;
                }
                path.pop();
            }
        }
        false
    }
    !board.is_blocked(start) && extend(board, &mut vec![start], kind)
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(200))]

    /// Theory, pruning and heuristics never lose a tour nor invent one.
    #[test]
    fn answers_agree_with_a_plain_search(
        width in 1u32..=4,
        height in 1u32..=5,
        holes in proptest::collection::vec((0u32..5, 0u32..5), 0..6),
        start in (0u32..5, 0u32..5),
        closed in proptest::bool::ANY,
    ) {
        let mut board = Board::new(width, height).unwrap();
        for (x, y) in holes {
            board.set_blocked(Square::new(x, y), true);
        }
        let start = Square::new(start.0 % width, start.1 % height);
        let kind = if closed { TourKind::Closed } else { TourKind::Open };
        let expected = reference_has_tour(&board, start, kind);
        for algorithm in Algorithm::SOLVERS {
            let found = match solve_now(&board, start, kind, algorithm) {
                SolveResult::Found(tour) => {
                    proptest::prop_assert_eq!(validate(&board, &tour.path, kind), Ok(()));
                    true
                }
                SolveResult::NoTour(_) => false,
            };
            proptest::prop_assert_eq!(found, expected, "{:?} {:?} from {:?} on {:?}", algorithm, kind, start, board);
        }
    }
}

/// Solves on a thread, giving up (and failing) after `seconds`: a search
/// that outlasts the sweep is the fault these tests look for.
fn solve_within(
    board: &Board,
    (start, kind): (Square, TourKind),
    algorithm: Algorithm,
    seconds: u64,
) -> SolveResult {
    let control = Control::new();
    let (sender, receiver) = std::sync::mpsc::channel();
    let outcome = std::thread::scope(|scope| {
        scope.spawn(|| {
            let _ = sender.send(solve(board, start, kind, algorithm, &control));
        });
        let outcome = receiver.recv_timeout(std::time::Duration::from_secs(seconds));
        control.cancel();
        outcome
    });
    match outcome {
        Ok(Outcome::Done(result)) => result,
        _ => panic!(
            "no answer in {seconds} s on {}x{} with {:?} blocked, from {start:?}",
            board.width(),
            board.height(),
            board.blocked_squares()
        ),
    }
}

#[test]
fn thin_boards_with_holes_and_no_tour_are_answered_by_the_sweep_at_once() {
    let mut board = Board::new(4, 18).expect("4x18");
    for name in ["c1", "a6", "b5", "a3", "b2", "d3"] {
        let square = board.parse_square(name).expect("a square");
        board.set_blocked(square, true);
    }
    let a1 = board.parse_square("a1").expect("a1");
    for algorithm in Algorithm::SOLVERS {
        let result = solve_within(&board, (a1, TourKind::Open), algorithm, 30);
        assert!(matches!(result, SolveResult::NoTour(_)), "{result:?}");
    }
}

#[test]
fn thin_boards_with_holes_where_the_search_is_slow_get_a_tour_built_from_counts() {
    // Backtracking took 22 s here; counts build a tour in well under one.
    let mut board = Board::new(3, 28).expect("3x28");
    for name in ["a13", "a14", "a27", "b7", "b24", "c7", "c12"] {
        let square = board.parse_square(name).expect("a square");
        board.set_blocked(square, true);
    }
    let start = board.parse_square("a22").expect("a22");
    match solve_within(&board, (start, TourKind::Open), Algorithm::SOLVERS[0], 30) {
        SolveResult::Found(tour) => {
            assert_eq!(validate(&board, &tour.path, TourKind::Open), Ok(()));
            assert_eq!(tour.path[0], start);
        }
        SolveResult::NoTour(reason) => panic!("{reason}"),
    }
}

#[test]
fn on_random_thin_boards_with_holes_the_search_agrees_with_the_count() {
    let mut random = gridtour::random::Rng::new(51);
    for case in 0..60 {
        // Boards the count answers in milliseconds even in a debug build.
        let width = 3 + random.below(3) as u32;
        let height = 5 + random.below(14) as u32;
        let mut board = Board::new(width, height).expect("a board");
        for _ in 0..(width * height / 10).max(1) {
            let index = random.below(board.area());
            board.set_blocked(board.square(index), true);
        }
        let Some(start) = board.open_squares().next() else {
            continue;
        };
        let kind = if case % 3 == 0 {
            TourKind::Closed
        } else {
            TourKind::Open
        };
        let counted = match gridtour::knight::count(
            &board,
            Some(start),
            kind,
            gridtour::knight::Patience::Unlimited,
            &Control::new(),
        ) {
            Outcome::Done(Ok(count)) => count.tours,
            other => panic!("no count: {other:?}"),
        };
        match solve_within(&board, (start, kind), Algorithm::SOLVERS[0], 60) {
            SolveResult::Found(tour) => {
                assert_eq!(validate(&board, &tour.path, kind), Ok(()));
                assert!(counted > 0);
            }
            SolveResult::NoTour(reason) => assert_eq!(counted, 0, "{reason}"),
        }
    }
}
