//! Every tour built here is checked by the engine's independent
//! [`validate`]; the expectations come from the theorems quoted in the
//! module documentation (Schwenk for closed tours, the colour and
//! outer-line arguments for open ones), never from the construction.

use super::*;
use crate::knight::{TourKind, validate};

fn board(width: u32, height: u32) -> Board {
    Board::new(width, height).expect("test boards are valid")
}

/// Schwenk's theorem: the full boards with a closed tour.
fn has_closed_tour(width: u32, height: u32) -> bool {
    let (short, long) = (width.min(height), width.max(height));
    let both_odd = width % 2 == 1 && height % 2 == 1;
    let excluded =
        both_odd || [1, 2, 4].contains(&short) || (short == 3 && [4, 6, 8].contains(&long));
    !excluded
}

/// Builds a closed tour from `start` and checks it, or says why not.
fn check_closed(width: u32, height: u32, start: Square) -> Result<(), String> {
    let board = board(width, height);
    let tour = closed_tour(&board, start, &Control::new())
        .ok_or_else(|| format!("no closed tour of {width}x{height} from {start:?}"))?;
    validate(&board, &tour, TourKind::Closed)
        .map_err(|e| format!("{width}x{height} closed: {e}"))?;
    (tour[0] == start)
        .then_some(())
        .ok_or_else(|| format!("{width}x{height} closed: wrong start"))
}

/// Builds an open tour from `start` and checks it, or says why not.
fn check_open(width: u32, height: u32, start: Square) -> Result<(), String> {
    let board = board(width, height);
    let tour = open_tour(&board, start, &Control::new())
        .ok_or_else(|| format!("no open tour of {width}x{height} from {start:?}"))?;
    validate(&board, &tour, TourKind::Open).map_err(|e| format!("{width}x{height} open: {e}"))?;
    (tour[0] == start)
        .then_some(())
        .ok_or_else(|| format!("{width}x{height} open: wrong start"))
}

/// Corners, the middle and two squares near the rims, moved onto the
/// majority colour when the board has an odd number of squares.
fn sample_starts(width: u32, height: u32) -> Vec<Square> {
    let odd_area = width % 2 == 1 && height % 2 == 1;
    [
        (0, 0),
        (width - 1, height - 1),
        (width / 2, height / 2),
        (1, height / 3),
        (width / 3, 1),
    ]
    .into_iter()
    .map(|(x, y)| {
        let x = if odd_area && (x + y) % 2 == 1 {
            x ^ 1
        } else {
            x
        };
        Square::new(x.min(width - 1), y)
    })
    .collect()
}

fn assert_all_ok(failures: Vec<String>) {
    assert!(
        failures.is_empty(),
        "{} failures, first: {:?}",
        failures.len(),
        &failures[..failures.len().min(5)]
    );
}

#[test]
fn closed_tours_on_every_board_from_5_to_24_that_has_one() {
    let mut failures = Vec::new();
    for width in 5..=24 {
        for height in 5..=24 {
            if has_closed_tour(width, height) {
                failures.extend(
                    sample_starts(width, height)
                        .into_iter()
                        .filter_map(|s| check_closed(width, height, s).err()),
                );
            }
        }
    }
    assert_all_ok(failures);
}

#[test]
fn closed_tours_on_boards_three_wide() {
    let mut failures = Vec::new();
    for long in (10..=70).step_by(2) {
        for (width, height) in [(3, long), (long, 3)] {
            failures.extend(
                sample_starts(width, height)
                    .into_iter()
                    .filter_map(|s| check_closed(width, height, s).err()),
            );
        }
    }
    assert_all_ok(failures);
}

#[test]
fn open_tours_on_every_board_from_5_to_24() {
    let mut failures = Vec::new();
    for width in 5..=24 {
        for height in 5..=24 {
            failures.extend(
                sample_starts(width, height)
                    .into_iter()
                    .filter_map(|s| check_open(width, height, s).err()),
            );
        }
    }
    assert_all_ok(failures);
}

#[test]
fn open_tours_on_boards_three_wide_with_an_odd_length() {
    let mut failures = Vec::new();
    for long in (9..=41).step_by(2) {
        for (width, height) in [(3, long), (long, 3)] {
            failures.extend(
                sample_starts(width, height)
                    .into_iter()
                    .filter_map(|s| check_open(width, height, s).err()),
            );
        }
    }
    assert_all_ok(failures);
}

#[test]
fn open_tours_on_boards_four_wide_from_the_outer_lines() {
    let mut failures = Vec::new();
    for long in (10..=40).chain([101, 250]) {
        for (x, y) in [(0, 0), (3, long / 2), (0, long - 1), (3, 1)] {
            failures.extend(check_open(4, long, Square::new(x, y)).err());
            failures.extend(check_open(long, 4, Square::new(y, x)).err());
        }
    }
    assert_all_ok(failures);
}

#[test]
fn no_construction_where_theory_forbids_the_tour() {
    let control = Control::new();
    // Closed tours: odd area, short side 4, 3 x 8.
    for (width, height) in [(25, 25), (4, 40), (40, 4), (3, 8)] {
        assert_eq!(
            closed_tour(&board(width, height), Square::new(0, 0), &control),
            None
        );
    }
    // Open tours from the minority colour of an odd board.
    assert_eq!(open_tour(&board(25, 25), Square::new(0, 1), &control), None);
    // Open tours of a board 4 wide start and end on its outer lines.
    assert_eq!(open_tour(&board(4, 40), Square::new(1, 5), &control), None);
    assert_eq!(open_tour(&board(40, 4), Square::new(5, 2), &control), None);
}

#[test]
fn boards_with_blocked_squares_are_left_to_the_solvers() {
    let mut board = board(30, 30);
    board.set_blocked(Square::new(10, 10), true);
    assert_eq!(
        closed_tour(&board, Square::new(0, 0), &Control::new()),
        None
    );
    assert_eq!(open_tour(&board, Square::new(0, 0), &Control::new()), None);
}

#[test]
fn a_cancelled_job_gets_no_tour() {
    let control = Control::new();
    control.cancel();
    assert_eq!(
        closed_tour(&board(200, 200), Square::new(0, 0), &control),
        None
    );
    assert_eq!(
        open_tour(&board(201, 201), Square::new(0, 0), &control),
        None
    );
}

#[test]
fn even_sides_split_into_sixes_to_tens() {
    for len in (6..200).step_by(2) {
        let parts = split_even(len).expect("even side from 6 splits");
        assert_eq!(parts.iter().sum::<u32>(), len);
        assert!(
            parts.iter().all(|p| [6, 8, 10].contains(p)),
            "{len}: {parts:?}"
        );
    }
    assert_eq!(split_even(4), None);
    assert_eq!(split_even(7), None);
}

#[test]
fn odd_sides_put_the_odd_block_over_the_start() {
    for len in (5..120).step_by(2) {
        for cover in 0..len {
            let parts = split_with_odd(len, cover)
                .unwrap_or_else(|| panic!("{len} does not split around {cover}"));
            assert_eq!(parts.iter().sum::<u32>(), len);
            let odd_at = parts
                .iter()
                .position(|p| p % 2 == 1)
                .expect("one odd block");
            let before: u32 = parts[..odd_at].iter().sum();
            assert!(
                before <= cover && cover < before + parts[odd_at],
                "{len} {cover} {parts:?}"
            );
            assert_eq!(parts.iter().filter(|p| *p % 2 == 1).count(), 1);
            assert!(parts.iter().all(|p| (5..=11).contains(p)));
        }
    }
}

#[test]
fn thin_sides_split_into_tens_to_sixteens() {
    for len in (10..200).step_by(2) {
        let parts = split_thin(len).expect("even length from 10 splits");
        assert_eq!(parts.iter().sum::<u32>(), len);
        let longest = if len == 18 { 18 } else { 16 };
        assert!(
            parts.iter().all(|p| (10..=longest).contains(p)),
            "{len}: {parts:?}"
        );
    }
}

#[test]
fn four_across_sides_split_into_fives_to_twelves() {
    for len in 5..200 {
        let parts = split_four_across(len).expect("length from 5 splits");
        assert_eq!(parts.iter().sum::<u32>(), len);
        assert!(
            parts.iter().all(|p| (5..=12).contains(p)),
            "{len}: {parts:?}"
        );
    }
}

/// Every start square of every odd board up to 25 x 25 on the majority
/// colour. `cargo test --release --lib large -- --ignored`
#[test]
#[ignore = "slow in debug builds; run with --release"]
fn open_tours_from_every_majority_square_of_odd_boards() {
    let mut failures = Vec::new();
    for width in (5..=25).step_by(2) {
        for height in (5..=25).step_by(2) {
            for y in 0..height {
                for x in (y % 2..width).step_by(2) {
                    failures.extend(check_open(width, height, Square::new(x, y)).err());
                }
            }
        }
    }
    assert_all_ok(failures);
}

/// Sizes from 5 to 40 and large boards.
/// `cargo test --release --lib large -- --ignored`
#[test]
#[ignore = "slow in debug builds; run with --release"]
fn tours_on_all_sizes_up_to_40_and_on_large_boards() {
    let mut failures = Vec::new();
    let sizes = (5..=40).flat_map(|w| (5..=40).map(move |h| (w, h)));
    let large = [
        (1000, 1000),
        (2000, 2000),
        (999, 999),
        (1001, 1001),
        (1999, 2000),
        (2000, 1999),
        (3, 2000),
        (2000, 3),
    ];
    let more = [
        (3, 1999),
        (1999, 3),
        (4, 2000),
        (2000, 4),
        (5, 2000),
        (2000, 5),
        (7, 1999),
        (1999, 1999),
    ];
    for (width, height) in sizes.chain(large).chain(more) {
        for start in sample_starts(width, height) {
            if has_closed_tour(width, height) {
                failures.extend(check_closed(width, height, start).err());
            }
            let outer =
                |x: u32, y: u32, side: u32| side != 4 || x == 0 || x == 3 || y == 0 || y == 3;
            if outer(start.x, start.y, width.min(height)) {
                failures.extend(check_open(width, height, start).err());
            }
        }
    }
    assert_all_ok(failures);
}

/// Every start square of boards 3 wide with an odd length from 9 and every
/// outer-line square of boards 4 wide.
/// `cargo test --release --lib large -- --ignored`
#[test]
#[ignore = "slow in debug builds; run with --release"]
fn open_tours_from_every_possible_square_of_thin_boards() {
    let mut failures = Vec::new();
    for long in (9..=41).step_by(2) {
        for y in 0..long {
            for x in (y % 2..3).step_by(2) {
                failures.extend(check_open(3, long, Square::new(x, y)).err());
                failures.extend(check_open(long, 3, Square::new(y, x)).err());
            }
        }
    }
    for long in 5..=40 {
        for y in 0..long {
            for x in [0, 3] {
                failures.extend(check_open(4, long, Square::new(x, y)).err());
                failures.extend(check_open(long, 4, Square::new(y, x)).err());
            }
        }
    }
    assert_all_ok(failures);
}
