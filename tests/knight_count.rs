//! Tour counts against published values (OEIS and the classic small-board
//! results) and against an independent brute-force counter, and enumeration
//! against counting, with every enumerated tour validated.

use std::collections::HashSet;
use std::ops::ControlFlow;

use gridtour::job::{Control, Outcome};
use gridtour::knight::{
    Board, Count, Patience, SolveResult, Square, TourKind, count, count_between,
    count_every_length, enumerate, solve_between, validate, why_no_tour_between,
};

fn board(width: u32, height: u32) -> Board {
    Board::new(width, height).unwrap()
}

fn tours(board: &Board, start: Option<Square>, kind: TourKind) -> u64 {
    match count(board, start, kind, Patience::Unlimited, &Control::new()) {
        Outcome::Done(Ok(counted)) => counted.tours,
        Outcome::Done(Err(why)) => panic!("not counted: {why}"),
        Outcome::Cancelled => panic!("nobody cancelled the count"),
    }
}

/// Every tour `enumerate` streams, each checked by the validator.
fn listed(board: &Board, start: Option<Square>, kind: TourKind) -> Vec<Vec<Square>> {
    let mut all = Vec::new();
    let outcome = enumerate(board, start, kind, &Control::new(), &mut |path| {
        validate(board, path, kind).unwrap();
        if let Some(s) = start {
            assert_eq!(path[0], s);
        }
        all.push(path.to_vec());
        ControlFlow::Continue(())
    });
    assert_eq!(outcome, Outcome::Done(all.len() as u64));
    all
}

/// Directed Hamiltonian paths (open) or cycles (closed) from `from`, by plain
/// recursion over the knight moves (visited squares as bits of a u64): slow,
/// obviously right, and sharing no code with the engine.
fn brute_force_from(board: &Board, from: Square, kind: TourKind) -> u64 {
    fn extend(board: &Board, path: &mut Vec<Square>, visited: u64, kind: TourKind) -> u64 {
        let here = *path.last().unwrap();
        if path.len() == board.open_count() {
            let closes = {
                let (dx, dy) = (here.x.abs_diff(path[0].x), here.y.abs_diff(path[0].y));
                (dx, dy) == (1, 2) || (dx, dy) == (2, 1)
            };
            return u64::from(kind == TourKind::Open || (closes && path.len() > 2));
        }
        let mut found = 0;
        for (dx, dy) in [
            (1, 2),
            (2, 1),
            (2, -1),
            (1, -2),
            (-1, -2),
            (-2, -1),
            (-2, 1),
            (-1, 2),
        ] {
            let (x, y) = (here.x as i64 + dx, here.y as i64 + dy);
            if x < 0 || y < 0 || x >= board.width() as i64 || y >= board.height() as i64 {
                continue;
            }
            let next = Square::new(x as u32, y as u32);
            let bit = 1u64 << (y * board.width() as i64 + x);
            if board.is_blocked(next) || visited & bit != 0 {
                continue;
            }
            path.push(next);
            found += extend(board, path, visited | bit, kind);
            path.pop();
        }
        found
    }
    assert!(
        board.width() * board.height() <= 64,
        "the brute force keeps squares in a u64"
    );
    let first = 1u64 << (from.y * board.width() + from.x);
    extend(board, &mut vec![from], first, kind)
}

/// Undirected tours by brute force: directed tours from every square, each
/// open path found from both ends, each cycle from every square both ways.
fn brute_force_undirected(board: &Board, kind: TourKind) -> u64 {
    let open: Vec<Square> = board.squares().filter(|&s| !board.is_blocked(s)).collect();
    match kind {
        TourKind::Open if open.len() == 1 => 1,
        TourKind::Open => open
            .iter()
            .map(|&s| brute_force_from(board, s, kind))
            .sum::<u64>()
            .div_ceil(2),
        TourKind::Closed => open
            .first()
            .map_or(0, |&s| brute_force_from(board, s, kind) / 2),
    }
}

#[test]
fn open_tours_from_a_corner() {
    let corner = Some(Square::new(0, 0));
    assert_eq!(tours(&board(3, 4), corner, TourKind::Open), 2);
    // a1 is the bottom-left corner; all four corners are alike on 5x5.
    assert_eq!(tours(&board(5, 5), corner, TourKind::Open), 304);
    assert_eq!(
        tours(&board(5, 5), Some(Square::new(0, 4)), TourKind::Open),
        304
    );
}

#[test]
fn all_directed_open_tours_of_5x5() {
    let board = board(5, 5);
    let directed: u64 = board
        .squares()
        .map(|s| tours(&board, Some(s), TourKind::Open))
        .sum();
    assert_eq!(directed, 1728);
    assert_eq!(tours(&board, None, TourKind::Open), 864);
}

#[test]
fn undirected_open_tours() {
    assert_eq!(tours(&board(4, 5), None, TourKind::Open), 82);
    assert_eq!(tours(&board(3, 4), None, TourKind::Open), 8);
    // OEIS A165134 (undirected open tours of n x n): 1, 0, 0, 0, 864, ...
    assert_eq!(tours(&board(1, 1), None, TourKind::Open), 1);
    assert_eq!(tours(&board(4, 4), None, TourKind::Open), 0);
}

#[test]
#[ignore = "about a second in release, much longer in debug: cargo test --release --test knight_count -- --ignored"]
fn undirected_open_tours_of_6x6() {
    assert_eq!(tours(&board(6, 6), None, TourKind::Open), 3_318_960);
}

#[test]
fn undirected_closed_tours() {
    // OEIS A001230 (n x n): 6x6 has 9862; the classic rectangles.
    assert_eq!(tours(&board(6, 6), None, TourKind::Closed), 9862);
    assert_eq!(tours(&board(5, 6), None, TourKind::Closed), 8);
    assert_eq!(tours(&board(3, 10), None, TourKind::Closed), 16);
    assert_eq!(tours(&board(10, 3), None, TourKind::Closed), 16);
    // OEIS A070030 (3 x 2n): 3x12 has 176, 3x14 has 1536.
    assert_eq!(tours(&board(3, 12), None, TourKind::Closed), 176);
    assert_eq!(tours(&board(3, 14), None, TourKind::Closed), 1536);
    assert_eq!(tours(&board(5, 5), None, TourKind::Closed), 0);
}

#[test]
fn undirected_closed_tours_of_5x8() {
    assert_eq!(tours(&board(5, 8), None, TourKind::Closed), 44_202);
}

#[test]
fn directed_closed_tours_are_twice_the_cycles() {
    let board = board(6, 6);
    for s in [Square::new(0, 0), Square::new(2, 3)] {
        assert_eq!(tours(&board, Some(s), TourKind::Closed), 2 * 9862);
    }
}

#[test]
fn long_narrow_boards_are_counted_by_the_sweep() {
    // Beyond the walk's size limit: the frontier sweep counts these.
    // OEIS A070030: 3x16 has 15,424 closed tours, 3x18 has 147,728.
    assert_eq!(tours(&board(3, 16), None, TourKind::Closed), 15_424);
    assert_eq!(tours(&board(18, 3), None, TourKind::Closed), 147_728);
}

#[test]
fn closed_tours_of_six_wide_boards() {
    // OEIS A175881: closed tours of 6 x n boards, counted by the sweep
    // (with mirror images merged at every row's end).
    assert_eq!(tours(&board(6, 7), None, TourKind::Closed), 1_067_638);
    assert_eq!(tours(&board(8, 6), None, TourKind::Closed), 55_488_142);
}

/// The counts of every `width` x 1 to `width` x `length` board from one
/// sweep, checking that they come shortest first, each once.
fn every_length(width: u32, length: u32, kind: TourKind) -> Vec<Count> {
    let mut counts = Vec::new();
    let outcome = count_every_length(width, length, kind, &Control::new(), &mut |k, count| {
        assert_eq!(k as usize, counts.len() + 1, "lengths in order");
        counts.push(count);
    });
    assert_eq!(outcome, Outcome::Done(Ok(())));
    assert_eq!(counts.len(), length as usize);
    counts
}

fn tour_counts(counts: &[Count]) -> Vec<u64> {
    counts.iter().map(|count| count.tours).collect()
}

#[test]
fn one_sweep_counts_every_length_of_six_wide_boards() {
    // OEIS A175881, 6 x 1 to 6 x 10.
    let counts = every_length(6, 10, TourKind::Closed);
    assert_eq!(
        tour_counts(&counts),
        [
            0,
            0,
            0,
            0,
            8,
            9862,
            1_067_638,
            55_488_142,
            3_374_967_940,
            239_187_240_144
        ]
    );
    assert!(counts[9].description.contains("undirected closed"));
}

#[test]
fn one_sweep_counts_every_length_of_five_and_three_wide_boards() {
    // OEIS A383661 (closed tours on the first cells of 5-wide boards) at
    // whole boards: 5x6, 5x8, 5x10, 5x12, 5x14.
    let five = tour_counts(&every_length(5, 14, TourKind::Closed));
    assert_eq!(
        [five[5], five[7], five[9], five[11], five[13]],
        [8, 44_202, 13_311_268, 4_557_702_762, 1_495_135_512_514]
    );
    assert!(five.iter().step_by(2).all(|&odd_length| odd_length == 0));
    // OEIS A070030 (3 x 2n): 3x10 16, 3x12 176, ... 3x18 147,728; a 3 x n
    // board with n odd has an odd number of squares and no closed tour.
    let three = tour_counts(&every_length(3, 18, TourKind::Closed));
    assert_eq!(
        [three[9], three[11], three[13], three[15], three[17]],
        [16, 176, 1536, 15_424, 147_728]
    );
    assert!(three.iter().step_by(2).all(|&odd_length| odd_length == 0));
}

#[test]
fn every_length_of_six_wide_boards_up_to_6x40_is_exact() {
    // OEIS A175881, all 40 terms it lists: from 6x15 on beyond 64 bits.
    // Six sweeps of a 6x44 board, run from the plan that records its
    // steps once (about 9 s in a test build).
    let published = [
        "0",
        "0",
        "0",
        "0",
        "8",
        "9862",
        "1067638",
        "55488142",
        "3374967940",
        "239187240144",
        "15360134570696",
        "964730606632516",
        "61989683445413228",
        "4005716717182224826",
        "255967892553030600920",
        "16378998506224697063588",
        "1050504687249683771795632",
        "67351449674771471216148786",
        "4314151246752166099728445868",
        "276453522147273309254029785276",
        "17717606001764726850971209939188",
        "1135386328785418512845166305951994",
        "72754625853111517738642395445641832",
        "4662311340698795306229004946849255108",
        "298772700964630993744576968415214630040",
        "19145888052227167790585189427230454709502",
        "1226902568798073025855948189578313739199398",
        "78622502118507651703659030426757524782646558",
        "5038287048556094010756276060713112469110084532",
        "322863244258188584511076820531771298243292346804",
        "20689713115693125810120458424283134088711708746418",
        "1325838052128808846982470604742513077251389064878480",
        "84962322582242436449028078490147227914653412498469176",
        "5444553480688572729507994773339404670293124094670063400",
        "348897761885575809340513599895637906535045836867112425442",
        "22358059291249098112956347313304579317330515128430578229580",
        "1432748662105938633370488721737295472216003424322051173765262",
        "91813368745075979865082473968848043302481279531417429418851766",
        "5883582334056740305836749071273843581025553554521365508472081512",
        "377031597006006571424070743308269493020186682009428464253448495336",
    ];
    let counts = every_length(6, 40, TourKind::Closed);
    let digits: Vec<String> = counts.iter().map(Count::digits).collect();
    assert_eq!(digits, published);
}

#[test]
fn every_length_agrees_with_counting_each_board() {
    // Boards of up to 36 squares are counted by the exhaustive walk, which
    // shares nothing with the sweep. (An open sweep 6 wide takes a minute
    // here: the states of an open tour's sweep are many.)
    for (kind, widest) in [(TourKind::Open, 5), (TourKind::Closed, 6)] {
        for width in 1..=widest {
            let length = 30 / width.max(3);
            let swept = tour_counts(&every_length(width, length, kind));
            let each: Vec<u64> = (1..=length)
                .map(|k| tours(&board(width, k), None, kind))
                .collect();
            assert_eq!(swept, each, "{width} x 1..{length}, {kind:?}");
        }
    }
}

#[test]
fn every_length_counts_beyond_64_bits_exactly_and_in_order() {
    // 3x46 still fits in 64 bits, 3x48 does not; 3x47 and 3x49 have an odd
    // number of squares and no closed tour, and still come in their place.
    let three = every_length(3, 50, TourKind::Closed);
    assert!(three[45].tours < u64::MAX && three[45].beyond_64_bits.is_none());
    assert_eq!((three[46].tours, three[48].tours), (0, 0));
    for length in [48, 50] {
        let swept = &three[length as usize - 1];
        assert_eq!(swept.tours, u64::MAX);
        let Outcome::Done(Ok(alone)) = count(
            &board(3, length),
            None,
            TourKind::Closed,
            Patience::Unlimited,
            &Control::new(),
        ) else {
            panic!("3x{length} is counted");
        };
        assert_eq!(swept.digits(), alone.digits(), "3x{length}");
    }
}

#[test]
fn every_length_refuses_boards_too_wide() {
    let outcome = count_every_length(9, 9, TourKind::Closed, &Control::new(), &mut |_, _| {
        panic!("no count from a refused sweep")
    });
    assert!(matches!(outcome, Outcome::Done(Err(why)) if why.to_string().contains("up to 8")));
}

#[test]
fn open_tours_of_6x7_by_the_sweep() {
    // 42 squares: beyond the walk's limit, so the sweep counts them. The
    // exhaustive walk (`WALK_OPEN_SQUARES` raised to 42) found the same
    // number in 198 s.
    assert_eq!(tours(&board(6, 7), None, TourKind::Open), 389_969_466);
}

#[test]
fn counts_beyond_64_bits_are_exact() {
    let closed = |board: &Board, start: Option<Square>| match count(
        board,
        start,
        TourKind::Closed,
        Patience::Unlimited,
        &Control::new(),
    ) {
        Outcome::Done(Ok(counted)) => counted,
        other => panic!("{board:?} not counted: {other:?}"),
    };
    // Closed tours of 3 x n grow about tenfold every two rows: 3x46 still
    // fits in 64 bits, 3x48 does not, and is counted by further sweeps
    // modulo primes.
    let fits = closed(&board(3, 46), None);
    assert!(fits.tours > 1 << 63 && fits.tours < u64::MAX, "{fits:?}");
    assert_eq!(
        (fits.beyond_64_bits.as_deref(), fits.digits()),
        (None, fits.tours.to_string())
    );
    let beyond = closed(&board(48, 3), None);
    assert_eq!(beyond.tours, u64::MAX);
    let digits: u128 = beyond.digits().parse().unwrap();
    assert!(digits > u128::from(u64::MAX), "{beyond:?}");
    assert!(!beyond.description.contains("64 bits"), "{beyond:?}");
    // The progress counter's 64 bits are left alone, not filled to the top.
    let control = Control::new();
    let _ = count(
        &board(48, 3),
        None,
        TourKind::Closed,
        Patience::Unlimited,
        &control,
    );
    assert_eq!(control.snapshot().found, 0);
    // Directed from a square: each cycle once per direction.
    let directed = closed(&board(48, 3), Some(Square::new(0, 0)));
    assert_eq!(directed.digits(), (2 * digits).to_string());
    // OEIS A175881: 6x15 is the first six-wide board beyond 64 bits.
    assert_eq!(
        closed(&board(6, 15), None).digits(),
        "255967892553030600920"
    );
}

#[test]
fn unusable_start_squares_have_no_tours() {
    let mut board = board(5, 5);
    board.set_blocked(Square::new(2, 2), true);
    assert_eq!(tours(&board, Some(Square::new(2, 2)), TourKind::Open), 0);
    assert_eq!(tours(&board, Some(Square::new(9, 9)), TourKind::Open), 0);
}

/// Small boards with holes, where no published count exists: the engine's
/// count, its enumeration and the brute force must all agree.
fn holed_boards() -> Vec<Board> {
    let mut boards = Vec::new();
    let mut seed = 0x2545_f491_4f6c_dd1d_u64;
    for (width, height) in [
        (3, 4),
        (4, 4),
        (3, 5),
        (4, 5),
        (5, 5),
        (3, 6),
        (4, 6),
        (3, 7),
        (3, 8),
    ] {
        for holes in 0..3 {
            let mut board = Board::new(width, height).unwrap();
            for _ in 0..holes {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                let index = (seed % u64::from(width * height)) as u32;
                board.set_blocked(Square::new(index % width, index / width), true);
            }
            boards.push(board);
        }
    }
    boards
}

#[test]
fn counts_agree_with_brute_force_on_holed_boards() {
    let mut nonzero = 0;
    for board in holed_boards() {
        for kind in [TourKind::Open, TourKind::Closed] {
            let expected = brute_force_undirected(&board, kind);
            assert_eq!(tours(&board, None, kind), expected, "{board:?} {kind:?}");
            nonzero += usize::from(expected > 0);
            let start = board.squares().find(|&s| !board.is_blocked(s)).unwrap();
            assert_eq!(
                tours(&board, Some(start), kind),
                brute_force_from(&board, start, kind),
                "{board:?} {kind:?} from {start:?}"
            );
        }
    }
    assert!(nonzero >= 8, "too few boards with tours: {nonzero}");
}

#[test]
fn enumeration_lists_each_tour_once() {
    for board in holed_boards()
        .into_iter()
        .chain([board(5, 6), board(3, 10)])
    {
        for kind in [TourKind::Open, TourKind::Closed] {
            let all = listed(&board, None, kind);
            assert_eq!(all.len() as u64, tours(&board, None, kind), "{board:?}");
            // As undirected tours: an open path and its reverse are one
            // tour, a cycle is the same from any square in either direction.
            let distinct: HashSet<Vec<Square>> = all
                .iter()
                .map(|path| {
                    let mut edges: Vec<(Square, Square)> = path
                        .windows(2)
                        .map(|w| (w[0].min(w[1]), w[0].max(w[1])))
                        .collect();
                    if kind == TourKind::Closed && path.len() > 2 {
                        let (a, b) = (path[0], path[path.len() - 1]);
                        edges.push((a.min(b), a.max(b)));
                    }
                    edges.sort();
                    edges.into_iter().flat_map(|(a, b)| [a, b]).collect()
                })
                .collect();
            assert_eq!(distinct.len(), all.len(), "{board:?} {kind:?}");
        }
    }
}

#[test]
fn enumeration_from_a_square_lists_directed_tours() {
    let board = board(5, 5);
    let corner = Square::new(0, 0);
    assert_eq!(listed(&board, Some(corner), TourKind::Open).len(), 304);
    let board6 = Board::new(5, 6).unwrap();
    assert_eq!(listed(&board6, Some(corner), TourKind::Closed).len(), 16);
}

#[test]
fn enumeration_stops_when_asked() {
    let board = board(5, 5);
    let mut seen = 0;
    let outcome = enumerate(&board, None, TourKind::Open, &Control::new(), &mut |_| {
        seen += 1;
        if seen == 10 {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    });
    assert_eq!(outcome, Outcome::Done(10));
}

#[test]
fn cancelled_counts_and_enumerations_stop() {
    let control = Control::new();
    control.cancel();
    let board = board(8, 8);
    assert_eq!(
        count(&board, None, TourKind::Open, Patience::Unlimited, &control),
        Outcome::Cancelled
    );
    let outcome = enumerate(&board, None, TourKind::Open, &control, &mut |_| {
        ControlFlow::Continue(())
    });
    assert_eq!(outcome, Outcome::Cancelled);
}

#[test]
fn a_running_count_stops_soon_after_cancel() {
    use std::time::{Duration, Instant};
    let control = Control::new();
    let board = board(8, 8);
    let stopped = std::thread::scope(|scope| {
        let job = scope.spawn(|| {
            let outcome = count(&board, None, TourKind::Open, Patience::Unlimited, &control);
            (outcome, Instant::now())
        });
        std::thread::sleep(Duration::from_millis(200));
        let asked = Instant::now();
        control.cancel();
        let (outcome, finished) = job.join().unwrap();
        assert_eq!(outcome, Outcome::Cancelled);
        finished.saturating_duration_since(asked)
    });
    // Within a check interval on an idle machine; a busy one (the other
    // tests) may not schedule the counting threads at once.
    assert!(stopped < Duration::from_millis(1000), "took {stopped:?}");
    assert!(control.snapshot().nodes > 0, "no progress was reported");
}

/// The process's peak resident memory in KiB, from `/proc/self/status`.
fn peak_memory_kib() -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").expect("Linux /proc");
    let line = status
        .lines()
        .find(|line| line.starts_with("VmHWM:"))
        .expect("VmHWM line");
    line.split_whitespace().nth(1).unwrap().parse().unwrap()
}

#[test]
#[ignore = "streams 3.3 million tours in about 8 s: cargo test --release --test knight_count -- --ignored"]
fn millions_of_tours_stream_in_flat_memory() {
    // Every undirected open tour of 6x6, never held together.
    let board = board(6, 6);
    let before = peak_memory_kib();
    let mut streamed = 0u64;
    let outcome = enumerate(&board, None, TourKind::Open, &Control::new(), &mut |path| {
        if streamed.is_multiple_of(100_000) {
            validate(&board, path, TourKind::Open).unwrap();
        }
        streamed += 1;
        ControlFlow::Continue(())
    });
    assert_eq!(outcome, Outcome::Done(streamed));
    assert_eq!(streamed, 3_318_960);
    // Holding the tours would take 3.3 million x 36 squares x 8 bytes,
    // about 950 MB; streaming them must not grow the peak by even 20 MB.
    let growth = peak_memory_kib().saturating_sub(before);
    assert!(growth < 20 * 1024, "peak memory grew by {growth} KiB");
}

fn tours_between(board: &Board, start: Square, end: Square) -> u64 {
    match count_between(board, start, end, Patience::Unlimited, &Control::new()) {
        Outcome::Done(Ok(counted)) => counted.tours,
        Outcome::Done(Err(why)) => panic!("not counted: {why}"),
        Outcome::Cancelled => panic!("nobody cancelled the count"),
    }
}

/// Tours from a square, sorted by where they end, add up to all tours from
/// it: on 5x5 (walked) and on 3x13 (swept, more squares than the walk
/// takes), and each part agrees with the tours listed one by one.
#[test]
fn tours_between_two_squares_add_up_to_the_tours_from_the_first() {
    for (width, height) in [(5, 5), (3, 13)] {
        let board = board(width, height);
        let start = Square::new(0, 0);
        let listed = listed(&board, Some(start), TourKind::Open);
        let mut total = 0;
        for end in board.open_squares() {
            let between = tours_between(&board, start, end);
            let ending_there = listed
                .iter()
                .filter(|path| path.last() == Some(&end))
                .count();
            assert_eq!(between, ending_there as u64, "{width}x{height} to {end:?}");
            total += between;
        }
        assert_eq!(total, tours(&board, Some(start), TourKind::Open));
        assert!(total > 0);
    }
    // The same square at both ends, or a blocked one: no tour.
    let board = board(5, 5);
    assert_eq!(
        tours_between(&board, Square::new(0, 0), Square::new(0, 0)),
        0
    );
    let mut holed = board.clone();
    holed.set_blocked(Square::new(2, 2), true);
    assert_eq!(
        tours_between(&holed, Square::new(0, 0), Square::new(2, 2)),
        0
    );
}

/// For every pair of squares of small boards (one with a hole): the search
/// for a tour between them finds one exactly when some exist, ending where
/// asked, and the colour rule never rules out a pair that has tours.
#[test]
fn tours_between_two_squares_are_found_exactly_when_they_exist() {
    let mut holed = board(5, 6);
    holed.set_blocked(Square::new(2, 3), true);
    for board in [board(5, 5), board(3, 8), holed] {
        let start = board.open_squares().next().unwrap();
        let mut found = 0;
        for end in board.open_squares() {
            let exist = tours_between(&board, start, end) > 0;
            if why_no_tour_between(&board, start, end).is_some() {
                assert!(!exist, "{end:?}");
            }
            match solve_between(&board, start, end, &Control::new()) {
                Outcome::Done(SolveResult::Found(tour)) => {
                    assert!(exist, "{end:?}");
                    validate(&board, &tour.path, TourKind::Open).unwrap();
                    assert_eq!((tour.path[0], *tour.path.last().unwrap()), (start, end));
                    found += 1;
                }
                Outcome::Done(SolveResult::NoTour(_)) => assert!(!exist, "{end:?}"),
                Outcome::Cancelled => unreachable!("not cancelled"),
            }
        }
        assert!(found > 0);
    }
}
