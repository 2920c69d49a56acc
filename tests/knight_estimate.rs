//! The tour estimate against exact counts: the true numbers lie within its
//! intervals (with fixed seeds, so the check is repeatable), and they are
//! narrow enough to mean something. A 95% interval misses one time in
//! twenty by design, so each board is estimated with 40 seeds, and more
//! than 6 misses (a chance of about 1 in 70 for a true 95% interval) fail.

use std::process::Command;

use gridtour::job::{Control, Outcome, Resources};
use gridtour::knight::{self, Board, Estimate, Patience, Sampling, Square, TourKind};

fn exact(board: &Board, start: Option<Square>, kind: TourKind) -> u64 {
    match knight::count(board, start, kind, Patience::Unlimited, &Control::new()) {
        Outcome::Done(Ok(counted)) => counted.tours,
        other => panic!("{other:?}"),
    }
}

fn estimate(board: &Board, start: Option<Square>, kind: TourKind, attempts: u64) -> Estimate {
    estimate_on(board, start, kind, (attempts, 7), &Control::new())
}

/// The same with `seed`, and the work and the resources of `control`.
fn estimate_on(
    board: &Board,
    start: Option<Square>,
    kind: TourKind,
    (attempts, seed): (u64, u64),
    control: &Control,
) -> Estimate {
    let sampling = Sampling {
        seconds: 600.0,
        max_attempts: attempts,
        seed,
    };
    knight::estimate(board, start, kind, sampling, control).expect("a small board")
}

#[test]
fn intervals_hold_the_exact_counts_nineteen_times_in_twenty() {
    let mut blocked = Board::new(6, 6).unwrap();
    blocked.set_blocked(Square::new(2, 2), true);
    blocked.set_blocked(Square::new(3, 4), true);
    let cases = [
        (
            Board::new(5, 5).unwrap(),
            Some(Square::new(0, 4)),
            TourKind::Open,
        ),
        (Board::new(6, 6).unwrap(), None, TourKind::Open),
        (Board::new(5, 6).unwrap(), None, TourKind::Closed),
        (Board::new(6, 6).unwrap(), None, TourKind::Closed),
        (Board::new(5, 8).unwrap(), None, TourKind::Closed),
        (
            Board::new(6, 6).unwrap(),
            Some(Square::new(0, 0)),
            TourKind::Closed,
        ),
        (blocked, None, TourKind::Open),
    ];
    for (board, start, kind) in cases {
        let truth = exact(&board, start, kind) as f64;
        let what = format!(
            "{}x{} {kind:?} from {start:?}",
            board.width(),
            board.height()
        );
        let misses = (1..=40)
            .map(|seed| {
                let estimated = estimate_on(&board, start, kind, (10_000, seed), &Control::new());
                assert!(estimated.has_interval(), "{what}: {estimated}");
                !(estimated.low <= truth && truth <= estimated.high)
            })
            .filter(|&missed| missed)
            .count();
        assert!(misses <= 6, "{what}: {misses} misses in 40");
        let estimated = estimate(&board, start, kind, 100_000);
        assert!(
            estimated.high - estimated.low < 0.3 * truth,
            "{what}: interval too wide to mean anything: {estimated}"
        );
        assert!(estimated.completed > 1000, "{what}: {estimated}");
        assert_eq!(estimated.attempts, 100_000);
    }
}

#[test]
fn the_same_seed_gives_the_same_estimate_on_any_number_of_threads() {
    let board = Board::new(6, 6).unwrap();
    let on_threads = |threads| {
        let control = Control::with_resources(Resources::default().with_threads(threads));
        estimate_on(&board, None, TourKind::Open, (20_000, 7), &control)
    };
    let (one, three) = (on_threads(1), on_threads(3));
    assert_eq!(
        (one.attempts, one.completed),
        (three.attempts, three.completed)
    );
    assert!((one.tours - three.tours).abs() <= 1e-9 * one.tours);
}

#[test]
fn theory_answers_exactly_and_huge_boards_are_refused() {
    let odd = Board::new(5, 5).unwrap();
    let none = estimate(&odd, None, TourKind::Closed, 1_000);
    assert_eq!((none.tours, none.attempts), (0.0, 0));
    assert!(
        none.to_string().starts_with("0 undirected closed tours"),
        "{none}"
    );
    let single = estimate(&Board::new(1, 1).unwrap(), None, TourKind::Open, 1_000);
    assert_eq!(
        single.tours,
        exact(&Board::new(1, 1).unwrap(), None, TourKind::Open) as f64
    );
    let huge = Board::new(40, 40).unwrap();
    let sampling = Sampling {
        seconds: 1.0,
        max_attempts: 10,
        seed: 1,
    };
    let refused = knight::estimate(&huge, None, TourKind::Open, sampling, &Control::new());
    let refused = refused.unwrap_err();
    assert_eq!(refused, knight::TooManySquares { squares: 1600 });
    assert!(refused.to_string().contains("up to 1,024 open squares"));
}

#[test]
fn the_command_line_prints_the_estimate_and_its_interval() {
    let output = Command::new(env!("CARGO_BIN_EXE_gridtour"))
        .env("LC_ALL", "C")
        .args([
            "knight",
            "--size",
            "5x6",
            "--closed",
            "--estimate",
            "--seconds",
            "1",
        ])
        .args(["--format", "json"])
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let json: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    let interval = json["interval_95"].as_array().unwrap();
    let (low, high) = (interval[0].as_f64().unwrap(), interval[1].as_f64().unwrap());
    // 5x6 has 8 closed tours.
    assert!(low <= 8.0 && 8.0 <= high, "{json}");
    assert!(json["attempts"].as_u64().unwrap() > 1000);
    assert!(json["exact_because"].is_null(), "{json}");
    let odd = Command::new(env!("CARGO_BIN_EXE_gridtour"))
        .env("LC_ALL", "C")
        .args([
            "knight",
            "--size",
            "5x5",
            "--closed",
            "--estimate",
            "--format",
            "json",
        ])
        .output()
        .unwrap();
    let json: serde_json::Value = serde_json::from_slice(&odd.stdout).unwrap();
    assert_eq!(json["estimate"].as_f64(), Some(0.0), "{json}");
    assert!(
        json["exact_because"]
            .as_str()
            .unwrap()
            .contains("even number"),
        "{json}"
    );
    assert_eq!(json["attempts"].as_u64(), Some(0));
    let bad = Command::new(env!("CARGO_BIN_EXE_gridtour"))
        .env("LC_ALL", "C")
        .args(["knight", "--size", "8", "--estimate", "--seconds", "-1"])
        .output()
        .unwrap();
    assert_eq!(bad.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&bad.stderr);
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
}
