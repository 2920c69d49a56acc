//! Tests of the whole sweep: against brute force, across key formats and
//! row orders, and its memory, disk and checkpoint behaviour.

use std::time::Duration;

use super::admissible::Admissible;
use super::keys::{
    DONE, INWARD_WIDEST_WINDOW, KeyFormat, MAX_DISTANCES_WIDTH, Order, ScanOrder, SquareOrder,
    TERMINAL, UNTOUCHED, WIDEST_WINDOW, WINDOW_ROOM,
};
use super::layer::mix;
use super::scan::{RowSweep, mirror_order, row_order, window_for};
use super::transfer::Window;
use super::*;
use crate::job;
use crate::knight::count::progress::RanOut;
use crate::random::Rng;

/// Hamiltonian edge sets by brute force: paths (with `end` as an end
/// when given) or cycles, each undirected edge set once.
fn brute_force(board: &Board, shape: Shape) -> u64 {
    let squares: Vec<Square> = board.open_squares().collect();
    let n = squares.len();
    let adjacent = |a: usize, b: usize| {
        let (dx, dy) = (
            squares[a].x.abs_diff(squares[b].x),
            squares[a].y.abs_diff(squares[b].y),
        );
        (dx, dy) == (1, 2) || (dx, dy) == (2, 1)
    };
    fn extend(
        at: usize,
        visited: u64,
        n: usize,
        adjacent: &dyn Fn(usize, usize) -> bool,
        done: &mut dyn FnMut(usize),
    ) {
        if visited.count_ones() as usize == n {
            done(at);
            return;
        }
        for next in 0..n {
            if visited & (1 << next) == 0 && adjacent(at, next) {
                extend(next, visited | 1 << next, n, adjacent, done);
            }
        }
    }
    let mut directed = 0u64;
    match shape {
        Shape::Cycle => {
            if n < 3 {
                return 0;
            }
            extend(0, 1, n, &adjacent, &mut |last| {
                directed += u64::from(adjacent(last, 0));
            });
            directed / 2
        }
        Shape::Path(Some(end), other) => {
            let Some(start) = squares.iter().position(|&s| s == end) else {
                return 0;
            };
            let other = other.map(|o| squares.iter().position(|&s| s == o));
            if other == Some(Some(start)) || other == Some(None) {
                return 0;
            }
            extend(start, 1 << start, n, &adjacent, &mut |last| {
                directed += u64::from(other.is_none_or(|o| o == Some(last)));
            });
            directed
        }
        Shape::Path(None, _) => {
            for start in 0..n {
                extend(start, 1 << start, n, &adjacent, &mut |_| directed += 1);
            }
            directed / 2
        }
    }
}

fn swept(board: &Board, shape: Shape) -> u64 {
    count(board, shape, &Control::new())
        .expect("small boards fit")
        .to_u64()
        .expect("small counts")
}

/// The most distinct states a layer of the scan's sweep holds.
fn peak_states(scan: &Scan) -> usize {
    let mut layer = std::collections::HashSet::from([0]);
    let mut peak = 1;
    for position in 0..=scan.last_open {
        let step = scan.step(position, scan.rows, Tally::Capped);
        let mut next = std::collections::HashSet::new();
        for &key in &layer {
            step.successors(
                key,
                |key| {
                    next.insert(key);
                },
                |_| {},
            );
        }
        peak = peak.max(next.len());
        layer = next;
    }
    peak
}

/// The board swept with its states' keys in `keys`, whatever its width
/// would choose.
fn swept_with_keys(board: &Board, shape: Shape, rows: RowSweep, keys: KeyFormat) -> u64 {
    let Some(mut scan) = Scan::with_rows(board, shape, rows) else {
        return 0;
    };
    scan.keys = keys;
    let mut saver = Saver::open(None, 0, Vec::new(), String::new()).unwrap();
    sweep_whole(&scan, 1 << 30, &Control::new(), &mut saver).expect("small boards fit")
}

/// The tours of the whole scan, swept with `memory` bytes of tables,
/// `control` and `saver`.
fn sweep_whole(
    scan: &Scan,
    memory: u64,
    control: &Control,
    saver: &mut Saver,
) -> Result<u64, Unavailable> {
    let means = Means {
        memory,
        control,
        saver,
    };
    let mut tours = 0;
    let pass = (Tally::Capped, SweepPass::Counting);
    sweep(scan, scan.rows, pass, means, &mut |rows, found| {
        if rows == scan.rows {
            tours = found;
        }
    })?;
    Ok(tours)
}

/// Small boards, some with holes placed at random and some with holes
/// in mirror pairs (so that mirror images are merged on them too).
fn small_boards() -> Vec<Board> {
    let mut rng = Rng::new(7);
    let mut boards = Vec::new();
    for (width, height) in [
        (3, 4),
        (4, 4),
        (3, 6),
        (4, 5),
        (5, 4),
        (3, 7),
        (4, 6),
        (5, 5),
    ] {
        for holes in 0..3 {
            let mut board = Board::new(width, height).unwrap();
            for _ in 0..holes {
                let square = Square::new(
                    rng.below(width as usize) as u32,
                    rng.below(height as usize) as u32,
                );
                board.set_blocked(square, true);
                if holes == 2 {
                    board.set_blocked(Square::new(width - 1 - square.x, square.y), true);
                }
            }
            boards.push(board);
        }
    }
    boards
}

#[test]
fn sweep_agrees_with_brute_force() {
    let mut nonzero = 0;
    for board in small_boards() {
        let mut shapes = vec![Shape::Cycle, Shape::Path(None, None)];
        shapes.extend(
            board
                .open_squares()
                .step_by(5)
                .map(|s| Shape::Path(Some(s), None)),
        );
        // Both ends given: on the boards where brute force is quick.
        let pairs_from = if board.open_count() <= 20 { 4 } else { 0 };
        for first in board.open_squares().step_by(7).take(pairs_from) {
            shapes.extend(
                board
                    .open_squares()
                    .step_by(3)
                    .filter(|&second| second != first)
                    .map(|second| Shape::Path(Some(first), Some(second))),
            );
        }
        for shape in shapes {
            let expected = brute_force(&board, shape);
            nonzero += usize::from(expected > 0);
            assert_eq!(swept(&board, shape), expected, "{board:?} {shape:?}");
            // The small boards take distances; mixed radix, which
            // 8-wide boards take, must count the same, and so must a
            // sweep left to right of a board swept inward.
            let inward = RowSweep::InwardIfMirrored;
            let radix = swept_with_keys(&board, shape, inward, KeyFormat::Radix);
            assert_eq!(radix, expected, "radix: {board:?} {shape:?}");
            let left_to_right = RowSweep::LeftToRight;
            let plain = swept_with_keys(&board, shape, left_to_right, KeyFormat::Distances);
            assert_eq!(plain, expected, "left to right: {board:?} {shape:?}");
        }
    }
    assert!(nonzero >= 40, "too few shapes with tours: {nonzero}");
}

#[test]
fn following_the_colour_of_the_first_end_prunes_without_changing_counts() {
    // 4x5 has 10 squares of each colour: a path's ends differ in
    // colour.
    let board = Board::new(4, 5).unwrap();
    let open = Shape::Path(None, None);
    assert_eq!(swept(&board, open), brute_force(&board, open));
    let mut scan = Scan::new(&board, open).unwrap();
    assert!(scan.follows_end_colours(5));
    let followed = peak_states(&scan);
    // Colour counts two apart turn every colour rule off.
    scan.colours_in_rows
        .iter_mut()
        .for_each(|counts| *counts = [0, 2]);
    assert!(!scan.follows_end_colours(5));
    let unfollowed = peak_states(&scan);
    assert!(
        followed < unfollowed,
        "{followed} states against {unfollowed}"
    );
}

#[test]
fn path_ends_go_by_colour() {
    let open = Shape::Path(None, None);
    let only = |colour: usize| {
        let mut needing = [false; 2];
        needing[colour] = true;
        needing
    };
    let five = Scan::new(&Board::new(5, 5).unwrap(), open).unwrap();
    // 13 squares of a1's colour, 12 of the other: five rows, or three;
    // four rows hold 10 of each.
    let other_than_a1 = 1 - five.colour(0);
    assert_eq!(five.needing_two_edges(5), only(other_than_a1));
    assert_eq!(five.needing_two_edges(3), only(other_than_a1));
    assert_eq!(five.needing_two_edges(4), [false; 2]);
    // Without b1, b1's colour has one square fewer: no square of it
    // can end the path.
    let mut holed = Board::new(4, 5).unwrap();
    holed.set_blocked(Square::new(1, 0), true);
    let holed = Scan::new(&holed, open).unwrap();
    let b1 = holed.open.iter().position(|&open| !open).unwrap();
    assert_eq!(holed.needing_two_edges(5), only(holed.colour(b1)));
    let cycles = Scan::new(&Board::new(5, 5).unwrap(), Shape::Cycle).unwrap();
    assert_eq!(cycles.needing_two_edges(5), [false; 2]);
    // As many of each colour: only a given end says which colour the
    // other end is not, and the given end itself keeps its one edge.
    let even = Board::new(4, 5).unwrap();
    let from = |first, second| Scan::new(&even, Shape::Path(first, second)).unwrap();
    assert_eq!(from(None, None).needing_two_edges(5), [false; 2]);
    let from_b1 = from(Some(Square::new(1, 0)), None);
    let b1 = from_b1.ends[0];
    assert_eq!(from_b1.needing_two_edges(5), only(from_b1.colour(b1)));
    let step = from_b1.step(b1, 5, Tally::Capped);
    assert_eq!(step.two_edges & 1, 0, "b1, the given end, has one edge");
    assert_ne!(step.two_edges & 1 << 2, 0, "d1, of b1's colour, needs two");
    // Both ends given: all the other squares need two edges.
    let b1_to_d5 = from(Some(Square::new(1, 0)), Some(Square::new(3, 4)));
    assert_eq!(b1_to_d5.needing_two_edges(5), [true; 2]);
    let step = b1_to_d5.step(b1_to_d5.ends[0], 5, Tally::Capped);
    assert_eq!(step.two_edges & 0b111, 0b110, "b1 keeps one edge");
    let mut lengths = five;
    lengths.shorter_boards = true;
    assert_eq!(lengths.needing_two_edges(5), [false; 2]);
}

#[test]
fn the_colour_rule_prunes_without_changing_counts() {
    // The path ends fall on the 13-square colour: the rule cuts states
    // early, and the count stays A165134's 1,728 directed (864).
    let board = Board::new(5, 5).unwrap();
    let open = Shape::Path(None, None);
    assert_eq!(swept(&board, open), 864);
    let mut scan = Scan::new(&board, open).unwrap();
    let ruled = peak_states(&scan);
    scan.colours_in_rows
        .iter_mut()
        .for_each(|counts| *counts = [0, 0]);
    let unruled = peak_states(&scan);
    assert!(ruled < unruled, "{ruled} states against {unruled}");
}

/// A board `width` wide whose first `blocked_rows` rows and `holes`
/// are blocked: the scan stays that wide, and the work small.
fn with_rows_blocked(width: u32, height: u32, blocked_rows: u32, holes: &[Square]) -> Board {
    let mut board = Board::new(width, height).unwrap();
    let rows = (0..blocked_rows).flat_map(|y| (0..width).map(move |x| Square::new(x, y)));
    for square in rows.chain(holes.iter().copied()) {
        board.set_blocked(square, true);
    }
    board
}

/// Whether the scan sweeps its rows inward rather than left to right.
fn swept_inward(scan: &Scan) -> bool {
    !scan.columns.iter().copied().eq(0..scan.width)
}

#[test]
fn seven_wide_boards_count_alike_with_distances_and_radix_and_inward() {
    // Rows blocked at one end keep the scan 7 wide (a board's shorter
    // side) and the work small: open paths on 7x4, paths from a corner
    // on 7x5, cycles on 7x6, with and without a hole. Left to right,
    // keys of both formats; inward (the boards that look the same
    // mirrored), keys of radix format, as 16 squares need.
    let corner = |height: u32| Square::new(0, height - 1);
    let cases = [
        (7, 3, Shape::Path(None, None)),
        (7, 3, Shape::Path(Some(corner(7)), None)),
        (7, 2, Shape::Path(Some(corner(7)), None)),
        (8, 2, Shape::Cycle),
    ];
    let (mut nonzero, mut inward) = (0, 0);
    for (height, blocked_rows, shape) in cases {
        for holes in [vec![], vec![Square::new(3, height - 2)]] {
            let board = with_rows_blocked(7, height, blocked_rows, &holes);
            let left_to_right = RowSweep::LeftToRight;
            let distances = swept_with_keys(&board, shape, left_to_right, KeyFormat::Distances);
            let radix = swept_with_keys(&board, shape, left_to_right, KeyFormat::Radix);
            assert_eq!(distances, radix, "{board:?} {shape:?}");
            let scan = Scan::new(&board, shape).unwrap();
            if swept_inward(&scan) {
                assert_eq!(scan.keys, KeyFormat::Radix);
                assert_eq!(swept(&board, shape), radix, "inward: {board:?} {shape:?}");
                inward += 1;
            }
            nonzero += usize::from(radix > 0);
        }
    }
    assert!(nonzero >= 5, "too few boards with tours: {nonzero}");
    assert!(inward >= 4, "too few boards swept inward: {inward}");
}

/// A random window of a step's slots `1..=slots` (slot 0, retired,
/// untouched): finished squares, fixed tour ends and ends of paths
/// paired at random.
fn random_window(rng: &mut Rng, slots: usize) -> Window {
    let mut mate = [UNTOUCHED; WINDOW_ROOM];
    let mut unpaired: Vec<usize> = Vec::new();
    for (slot, mate) in mate.iter_mut().enumerate().take(slots + 1).skip(1) {
        match rng.below(5) {
            0 => *mate = DONE,
            1 => *mate = TERMINAL,
            2 | 3 => unpaired.push(slot),
            _ => {}
        }
    }
    while unpaired.len() >= 2 {
        let a = unpaired.swap_remove(rng.below(unpaired.len()));
        let b = unpaired.swap_remove(rng.below(unpaired.len()));
        (mate[a], mate[b]) = (b as u8, a as u8);
    }
    Window {
        mate,
        end_colour: rng.below(2) as u8,
    }
}

#[test]
fn eight_wide_boards_count_alike_swept_inward_and_left_to_right() {
    // Rows blocked at one end keep the scan 8 wide and the work small:
    // cycles on 8x5 (as many as on 5x8, 44,202) and 8x6 with two holes
    // in the middle, paths from corner to corner of one side on 8x4 and
    // 8x5 (as symmetric as the board). Open paths with no end given
    // follow an end's colour and are swept left to right.
    let corners = Shape::Path(Some(Square::new(0, 7)), Some(Square::new(7, 7)));
    let cases = [
        (8, 3, None, Shape::Cycle),
        (8, 2, Some(Square::new(3, 4)), Shape::Cycle),
        (8, 4, None, corners),
        (8, 3, None, corners),
        (8, 4, None, Shape::Path(None, None)),
    ];
    let mut nonzero = 0;
    for (height, blocked_rows, hole, shape) in cases {
        let holes: Vec<Square> = (hole.iter())
            .flat_map(|hole| [*hole, Square::new(7 - hole.x, hole.y)])
            .collect();
        let board = with_rows_blocked(8, height, blocked_rows, &holes);
        let scan = Scan::new(&board, shape).unwrap();
        let inward = swept_inward(&scan);
        assert_eq!(
            inward,
            shape != Shape::Path(None, None),
            "{board:?} {shape:?}"
        );
        let expected_keys = if inward {
            KeyFormat::WideRadix
        } else {
            KeyFormat::Radix
        };
        assert_eq!(scan.keys, expected_keys);
        let left_to_right = swept_with_keys(&board, shape, RowSweep::LeftToRight, KeyFormat::Radix);
        assert_eq!(swept(&board, shape), left_to_right, "{board:?} {shape:?}");
        nonzero += usize::from(left_to_right > 0);
        if shape == Shape::Cycle && hole.is_none() {
            assert_eq!(left_to_right, 44_202, "closed tours of 5x8");
        }
    }
    assert!(nonzero >= 4, "too few boards with tours: {nonzero}");
}

#[test]
fn rows_swept_inward_merge_mirror_images_after_every_second_square() {
    for width in 1..=MAX_WIDTH {
        let left_to_right = row_order(width, false, INWARD_WIDEST_WINDOW);
        assert_eq!(window_for(&left_to_right), 2 * width + 1);
        let inward = row_order(width, true, INWARD_WIDEST_WINDOW);
        let mut columns = inward.clone();
        columns.sort_unstable();
        assert!(columns.iter().copied().eq(0..width), "{inward:?}");
        // 8-wide rows swept inward need the key bit of an end's colour.
        let with_end_colour = row_order(width, true, WIDEST_WINDOW);
        if width == MAX_WIDTH {
            assert_eq!(with_end_colour, left_to_right);
        } else {
            assert_eq!(with_end_colour, inward);
        }
        let slots = window_for(&inward);
        // From 3 wide on, the move from a row's first square to the
        // second square two rows on spans one square more.
        let longer = usize::from(width >= 3);
        assert_eq!(slots, 2 * width + 1 + longer, "{width}: {inward:?}");
        for swept in 0..width {
            let order = mirror_order(&inward, swept, slots);
            assert_eq!(
                order.is_some(),
                swept % 2 == 0,
                "{width} wide, {swept} swept"
            );
            let Some(order) = order else { continue };
            for slot in 0..slots {
                let image = order.at(slot);
                assert!(image < slots && order.at(image) == slot, "{width}: {slot}");
                // A square in the same row as its image, or alone.
                let row = |slot: usize| (swept + slot) / width;
                assert!(image == slot || row(image) == row(slot), "{width}: {slot}");
            }
        }
        // Left to right, only a row's end is its own mirror image.
        let merging = (0..width)
            .filter(|&swept| mirror_order(&left_to_right, swept, 2 * width + 1).is_some());
        assert!(merging.eq([0]), "{width}");
    }
}

#[test]
fn keys_give_back_the_window_in_every_format() {
    let mut rng = Rng::new(11);
    let widest = [
        (KeyFormat::Distances, 2 * MAX_DISTANCES_WIDTH + 1),
        (KeyFormat::Radix, WIDEST_WINDOW),
        (KeyFormat::WideRadix, INWARD_WIDEST_WINDOW),
    ];
    for (format, slots) in widest {
        let in_order = ScanOrder { slots };
        let mirror = Order::new(slots, |slot| slots - 1 - slot);
        for _ in 0..2000 {
            // Encoding starts at slot 1, as a step's does.
            let mut window = random_window(&mut rng, slots);
            if format == KeyFormat::WideRadix {
                window.end_colour = 0;
            }
            let key = window.encode(1, &in_order, format);
            assert!(key < 1 << 63, "{format:?}: {key:#x}");
            let decoded = Window::decode(key, slots, format);
            let shifted = |slot: usize| match window.mate[slot + 1] {
                mate if mate >= TERMINAL => mate,
                mate => mate - 1,
            };
            for slot in 0..slots {
                assert_eq!(decoded.mate[slot], shifted(slot), "{format:?} slot {slot}");
            }
            assert_eq!(decoded.end_colour, window.end_colour, "{format:?}");
            // The mirror image's key is the key of the mirrored window.
            let mut mirrored = Window {
                mate: [UNTOUCHED; WINDOW_ROOM],
                end_colour: window.end_colour,
            };
            for slot in 0..slots {
                let mate = decoded.mate[slot];
                mirrored.mate[slots - 1 - slot] = if mate >= TERMINAL {
                    mate
                } else {
                    (slots - 1 - mate as usize) as u8
                };
            }
            assert_eq!(
                window.encode(1, &mirror, format),
                mirrored.encode(0, &ScanOrder { slots }, format),
                "{format:?}"
            );
        }
    }
}

#[test]
fn a_sweep_that_would_need_too_many_groups_stops() {
    let board = Board::new(6, 8).unwrap();
    let scan = Scan::new(&board, Shape::Cycle).unwrap();
    let mut saver = Saver::open(None, 0, Vec::new(), String::new()).unwrap();
    // Closed 6x8 has millions of states: in 64 KiB that would take
    // thousands of groups.
    let outcome = sweep_whole(&scan, 1 << 16, &Control::new(), &mut saver);
    assert!(
        matches!(outcome, Err(Unavailable::OverBudget { at: RanOut { square, squares: 48 } }) if square > 1),
        "{outcome:?}"
    );
}

#[test]
fn a_sweep_short_of_memory_builds_its_layers_on_disk_and_counts_the_same() {
    let mut boards = vec![
        (Board::new(6, 6).unwrap(), Shape::Cycle),
        (Board::new(5, 6).unwrap(), Shape::Path(None, None)),
    ];
    let mut holed = Board::new(6, 6).unwrap();
    holed.set_blocked(Square::new(2, 3), true);
    boards.push((holed, Shape::Path(Some(Square::new(0, 0)), None)));
    for (board, shape) in boards {
        let scan = Scan::new(&board, shape).unwrap();
        let saver = || Saver::open(None, 0, Vec::new(), String::new()).unwrap();
        let in_memory = Control::new();
        let whole = sweep_whole(&scan, 1 << 30, &in_memory, &mut saver()).unwrap();
        assert!(whole > 0);
        let made = spill::files_made();
        let through_disk = Control::new();
        let short = sweep_whole(&scan, 256 << 10, &through_disk, &mut saver());
        assert_eq!(short, Ok(whole), "{board:?} {shape:?}");
        assert!(spill::files_made() > made, "no scratch file made");
        // Each state is expanded once through disk (more often where a
        // step ran out of memory and was run again).
        assert!(through_disk.snapshot().nodes >= in_memory.snapshot().nodes);
    }
}

/// Saves after every square to a file of this test's own, which is not
/// there yet.
fn fresh_checkpoint(name: &str) -> job::Checkpointing {
    let path = std::env::temp_dir().join(format!(
        "gridtour-frontier-{name}-{}.count",
        std::process::id()
    ));
    let _ = std::fs::remove_file(&path);
    job::Checkpointing {
        path,
        every: Duration::ZERO,
        wait_while_in_use: false,
    }
}

#[test]
fn a_checkpoint_of_the_same_count_kept_otherwise_is_refused_as_such() {
    let checkpointing = fresh_checkpoint("version");
    let open = |request: Vec<u64>, description: &str| {
        Saver::open(Some(&checkpointing), 7, request, description.into()).map(|_| ())
    };
    open(vec![1, 2], "open tours of 6x8").unwrap();
    // Saved states that follow the colours of the ends add a word to
    // the request: the same description, another request.
    let older = open(vec![1, 2, 3], "open tours of 6x8").unwrap_err();
    assert!(
        matches!(older, SweepFileError::OtherVersion { .. }),
        "{older}"
    );
    assert!(
        older
            .to_string()
            .contains("holds this count (open tours of 6x8) as another version"),
        "{older}"
    );
    let other = open(vec![1, 3], "closed tours of 6x8").unwrap_err();
    assert!(
        other
            .to_string()
            .contains("holds a count of open tours of 6x8, not of closed tours of 6x8"),
        "{other}"
    );
    std::fs::remove_file(&checkpointing.path).unwrap();
}

#[test]
fn a_checkpoint_serves_one_count_at_a_time_and_only_as_an_ordinary_file() {
    let checkpointing = fresh_checkpoint("lock");
    let open = || Saver::open(Some(&checkpointing), 7, vec![1, 2], "test".into());
    let first = open().expect("the first count");
    let second = open().err().expect("a second count is refused");
    assert!(matches!(second, SweepFileError::InUse { .. }), "{second}");
    assert!(
        second
            .to_string()
            .ends_with("is in use by another count (one checkpoint serves one count at a time)")
    );
    drop(first);
    drop(open().expect("free again once the first let go"));
    std::fs::remove_file(&checkpointing.path).unwrap();
    // A named pipe is refused at once, not waited on.
    let fifo = fresh_checkpoint("fifo");
    let name = std::ffi::CString::new(fifo.path.as_os_str().as_encoded_bytes()).unwrap();
    // SAFETY: mkfifo with a NUL-terminated path.
    assert_eq!(unsafe { libc::mkfifo(name.as_ptr(), 0o600) }, 0);
    let refused = Saver::open(Some(&fifo), 7, vec![1, 2], "test".into())
        .err()
        .expect("a pipe");
    assert!(
        matches!(refused, SweepFileError::NotAFile { .. }),
        "{refused}"
    );
    std::fs::remove_file(&fifo.path).unwrap();
    let leftovers: Vec<_> = std::fs::read_dir(std::env::temp_dir())
        .unwrap()
        .flatten()
        .filter(|entry| {
            let name = entry.file_name().to_string_lossy().into_owned();
            name.ends_with(".lock") && name.contains(&format!("-{}.count", std::process::id()))
        })
        .collect();
    assert!(leftovers.is_empty(), "no lock file is left behind");
}

#[test]
fn a_saved_layer_too_large_for_memory_is_taken_up_through_disk_and_saved_from_there() {
    let board = Board::new(6, 6).unwrap();
    let scan = Scan::new(&board, Shape::Cycle).unwrap();
    let checkpointing = fresh_checkpoint("spill");
    let open = || Saver::open(Some(&checkpointing), 7, vec![1, 2], "test".into()).unwrap();
    // Swept within `memory`, saving after every square, and stopped once
    // `rows` rows are done.
    let stopped_after = |rows_done: usize, memory: u64| {
        let stopping = Control::new();
        let mut saver = open();
        let means = Means {
            memory,
            control: &stopping,
            saver: &mut saver,
        };
        let pass = (Tally::Capped, SweepPass::Counting);
        let stopped = sweep(&scan, scan.rows, pass, means, &mut |rows, _| {
            if rows == rows_done {
                stopping.cancel();
            }
        });
        assert_eq!(stopped, Err(Unavailable::Cancelled));
        // One count at a time holds the file: this one lets go first.
        drop(saver);
        open().saved_layer(Tally::Capped).expect("a saved layer").1
    };
    // The layer that the fourth row begins with: thousands of states,
    // more than 32 KiB hold (2,048 at 16 bytes).
    let saved = stopped_after(3, 1 << 30);
    assert!(saved > 2_048, "{saved} states saved");
    // Taken up within 32 KiB: read into a scratch file, and its next
    // layers built through disk and saved from there.
    let made = spill::files_made();
    let saved = stopped_after(4, 32 << 10);
    assert!(saved > 2_048, "{saved} states saved");
    assert!(spill::files_made() > made, "no scratch file made");
    // A001230: closed tours of 6x6, taken up from that save.
    let taken_up = sweep_whole(&scan, 1 << 30, &Control::new(), &mut open());
    assert_eq!(taken_up, Ok(9_862));
    let _ = std::fs::remove_file(&checkpointing.path);
}

#[test]
fn a_cancelled_sweep_stops() {
    let control = Control::new();
    control.cancel();
    let board = Board::new(6, 8).unwrap();
    assert_eq!(
        count(&board, Shape::Cycle, &control),
        Err(Unavailable::Cancelled)
    );
}

#[test]
fn a_request_names_its_blocked_squares_so_a_mismatch_says_which() {
    let mut board = Board::new(8, 8).unwrap();
    for name in ["a1", "b1"] {
        let square = board.parse_square(name).unwrap();
        board.set_blocked(square, true);
    }
    assert_eq!(
        super::describe(&board, Shape::Cycle, None),
        "closed tours of 8x8 (blocked: a1, b1)"
    );
    for square in board.squares().collect::<Vec<_>>() {
        board.set_blocked(square, true);
    }
    let many = super::describe(&board, Shape::Cycle, None);
    assert!(many.ends_with(", and 52 more)"), "{many}");
}

/// The layers a sweep of `scan` carries: the states entering each
/// position, with their counts.
fn layers(scan: &Scan) -> Vec<std::collections::HashMap<u64, u64>> {
    let mut layer = std::collections::HashMap::from([(0, 1)]);
    let mut layers = vec![layer.clone()];
    for position in 0..scan.last_open {
        let step = scan.step(position, scan.rows, Tally::Capped);
        let mut next = std::collections::HashMap::new();
        for (&key, &count) in &layer {
            step.successors(key, |key| *next.entry(key).or_insert(0) += count, |_| {});
        }
        layer = next;
        layers.push(layer.clone());
    }
    layers
}

#[test]
fn every_state_a_sweep_carries_is_admitted_and_moved_layers_are_not() {
    let mut scans = Vec::new();
    for board in small_boards() {
        let corner = board.open_squares().next();
        for shape in [
            Shape::Cycle,
            Shape::Path(None, None),
            Shape::Path(corner, None),
        ] {
            scans.extend(Scan::new(&board, shape));
            scans.extend(Scan::with_rows(&board, shape, RowSweep::LeftToRight));
        }
    }
    let corners = Shape::Path(Some(Square::new(0, 7)), Some(Square::new(7, 7)));
    for (width, blocked_rows, shape) in [
        (7, 4, Shape::Path(Some(Square::new(0, 7)), None)),
        (7, 3, Shape::Path(None, None)),
        (8, 4, corners),
        (8, 3, Shape::Cycle),
        (8, 4, Shape::Path(None, None)),
    ] {
        let board = with_rows_blocked(width, 8, blocked_rows, &[]);
        scans.extend(Scan::new(&board, shape));
    }
    let (mut moved, mut moved_admitted) = (0, 0);
    for scan in &scans {
        let layers = layers(scan);
        for (position, layer) in layers.iter().enumerate() {
            let admissible = Admissible::at(scan, position, scan.rows, Tally::Capped);
            for (&key, &count) in layer {
                assert!(
                    admissible.admits(key, count),
                    "position {position} of {:?}: {key:#x}",
                    scan.open
                );
            }
            if layer.len() < 8 {
                continue;
            }
            for other in [position.wrapping_sub(1), position + 1, position + 2] {
                if other <= scan.last_open {
                    let admissible = Admissible::at(scan, other, scan.rows, Tally::Capped);
                    moved += 1;
                    moved_admitted += usize::from(
                        layer
                            .iter()
                            .all(|(&key, &count)| admissible.admits(key, count)),
                    );
                }
            }
        }
    }
    assert!(moved > 2_000, "{moved} layers moved");
    assert_eq!(moved_admitted, 0, "layers taken for another position's");
}

/// A checkpoint file of a sweep of `scan` stopped once `rows_done` rows
/// are done, as words.
fn saved_words(scan: &Scan, checkpointing: &job::Checkpointing, rows_done: usize) -> Vec<u64> {
    let stopping = Control::new();
    let mut saver = Saver::open(Some(checkpointing), 7, vec![1, 2], "test".into()).unwrap();
    let means = Means {
        memory: 1 << 30,
        control: &stopping,
        saver: &mut saver,
    };
    let pass = (Tally::Capped, SweepPass::Counting);
    let stopped = sweep(scan, scan.rows, pass, means, &mut |rows, _| {
        if rows == rows_done {
            stopping.cancel();
        }
    });
    assert_eq!(stopped, Err(Unavailable::Cancelled));
    drop(saver);
    let bytes = std::fs::read(&checkpointing.path).unwrap();
    bytes
        .chunks_exact(8)
        .map(|word| u64::from_le_bytes(word.try_into().unwrap()))
        .collect()
}

/// Where the fields of a checkpoint's saved sweep are, as word indices:
/// the header ends with how long the count had worked.
struct Fields {
    next: usize,
    states: usize,
    header_end: usize,
}

impl Fields {
    /// The fields of a file with no finished sweep and one under way.
    fn of(words: &[u64]) -> Fields {
        let description = 2 + words[1] as usize;
        let finished = description + 1 + (words[description] as usize).div_ceil(8);
        assert_eq!(words[finished], 0, "no finished sweep");
        assert_eq!(words[finished + 1], 2, "a sweep under way, with its work");
        let next = finished + 4;
        let tours = next + 2;
        let states = tours + 1 + words[tours] as usize;
        Fields {
            next,
            states,
            header_end: states + 2,
        }
    }
}

/// Both checksums made right again for the words as they are, the
/// header's after word `header_end`.
fn resealed(mut words: Vec<u64>, header_end: usize) -> Vec<u64> {
    let sum = |words: &[u64]| (words.iter()).fold(0, |sum: u64, &word| mix(sum.wrapping_add(word)));
    words[header_end + 1] = sum(&words[..=header_end]);
    let last = words.len() - 1;
    if last > header_end + 1 {
        words[last] = sum(&words[header_end + 2..last]);
    }
    words
}

/// Checks that every changed field (checksums made right) and every
/// changed byte (not) of a checkpoint of `scan` saved after `rows_done`
/// rows is refused, or gives the right count, `expected`; with
/// `keys`, each bit of the keys of 40 saved states too.
fn changed_checkpoints_are_refused_or_counted_right(
    scan: &Scan,
    (name, rows_done): (&str, usize),
    expected: u64,
    keys: bool,
) -> usize {
    let checkpointing = fresh_checkpoint(name);
    let words = saved_words(scan, &checkpointing, rows_done);
    let fields = Fields::of(&words);
    let count_from = |words: &[u64]| {
        let bytes: Vec<u8> = words.iter().flat_map(|word| word.to_le_bytes()).collect();
        std::fs::write(&checkpointing.path, bytes).unwrap();
        let mut saver = Saver::open(Some(&checkpointing), 7, vec![1, 2], "test".into()).ok()?;
        sweep_whole(scan, 1 << 30, &Control::new(), &mut saver).ok()
    };
    assert_eq!(count_from(&words), Some(expected), "the file as saved");
    // Each change: a word, its new value, and whether the checksums are
    // made right after it.
    let mut changes: Vec<(usize, u64, bool)> = Vec::new();
    let next = words[fields.next];
    for other in [
        0,
        1,
        next.saturating_sub(2),
        next.saturating_sub(1),
        next + 1,
        next + 2,
    ] {
        changes.push((fields.next, other, true));
    }
    let header = words.iter().enumerate().take(fields.header_end + 1);
    for (field, &word) in header.skip(fields.next) {
        for value in [word + 1, word.saturating_sub(1), u64::MAX] {
            changes.push((field, value, true));
        }
    }
    let states = words[fields.states] as usize;
    let mut rng = Rng::new(11);
    if keys {
        for _ in 0..40 {
            let key = fields.header_end + 2 + 2 * rng.below(states);
            changes.extend((0..64).map(|bit| (key, words[key] ^ 1 << bit, true)));
        }
    }
    for _ in 0..200 {
        let at = rng.below(words.len());
        changes.push((at, words[at] ^ 1 << rng.below(64), false));
    }
    for &(at, value, reseal) in &changes {
        let mut changed = words.clone();
        changed[at] = value;
        if reseal {
            changed = resealed(changed, fields.header_end);
        }
        let counted = count_from(&changed);
        assert!(
            counted.is_none() || counted == Some(expected),
            "word {at} made {value:#x} counted {counted:?}"
        );
    }
    let _ = std::fs::remove_file(&checkpointing.path);
    changes.len()
}

/// A damaged or changed checkpoint never turns into a wrong count: the
/// checksums refuse damage, and a file changed with its checksums made
/// right is refused where its position, its totals or a state could not
/// be what a count holds there. A state's key changed into another that
/// the count can reach at that position, or a changed number of partial
/// tours, is not told apart: closed tours' states are tight enough that
/// no one-bit change of a key is one, open paths' are not.
#[test]
fn changed_checkpoints_are_refused_or_give_the_right_count() {
    // A001230: closed tours of 6x6, saved in mid-board.
    let board = Board::new(6, 6).unwrap();
    let scan = Scan::new(&board, Shape::Cycle).unwrap();
    let tried = changed_checkpoints_are_refused_or_counted_right(&scan, ("closed", 3), 9_862, true);
    assert!(tried > 2_500, "{tried} files tried");
    // A165134: open tours of 5x5, 1,728 counted each way round: 864
    // paths. Positions and totals only.
    let board = Board::new(5, 5).unwrap();
    let scan = Scan::new(&board, Shape::Path(None, None)).unwrap();
    changed_checkpoints_are_refused_or_counted_right(&scan, ("open", 2), 864, false);
}

/// A count taken up goes on from the time and the states expanded it had
/// saved; a file of an earlier version, which did not save them, still
/// counts right.
#[test]
fn a_count_taken_up_goes_on_from_its_time_and_earlier_files_still_count() {
    // A001230: closed tours of 6x6.
    let board = Board::new(6, 6).unwrap();
    let scan = Scan::new(&board, Shape::Cycle).unwrap();
    let checkpointing = fresh_checkpoint("worked");
    let words = saved_words(&scan, &checkpointing, 3);
    let fields = Fields::of(&words);
    let take_up = |words: &[u64], ran_before: Duration| {
        let bytes: Vec<u8> = words.iter().flat_map(|word| word.to_le_bytes()).collect();
        std::fs::write(&checkpointing.path, bytes).unwrap();
        let control = Control::new();
        let mut saver = Saver::open(Some(&checkpointing), 7, vec![1, 2], "test".into()).unwrap();
        let counted = sweep_whole(&scan, 1 << 30, &control, &mut saver);
        let elapsed = control.elapsed();
        assert!(
            elapsed >= ran_before && elapsed < ran_before + Duration::from_secs(30),
            "{elapsed:?} after {ran_before:?}"
        );
        (counted, control.snapshot().nodes)
    };
    // As saved, with an hour's work said to be behind it.
    let mut worked = words.clone();
    worked[fields.states + 1] = 3_600_000;
    let saved_nodes = worked[fields.states + 2];
    let (counted, nodes) = take_up(
        &resealed(worked, fields.header_end),
        Duration::from_secs(3600),
    );
    assert_eq!(counted, Ok(9_862));
    assert!(
        nodes > saved_nodes && saved_nodes > 0,
        "{nodes} after {saved_nodes}"
    );
    // As an earlier version saved it: no work, marked so.
    let mut earlier = words[..=fields.states].to_vec();
    let marker = fields.next - 3;
    assert_eq!(earlier[marker], 2);
    earlier[marker] = 1;
    earlier.extend_from_slice(&words[fields.header_end + 1..]);
    let (counted, _) = take_up(&resealed(earlier, fields.states), Duration::ZERO);
    assert_eq!(counted, Ok(9_862));
    let _ = std::fs::remove_file(&checkpointing.path);
}
