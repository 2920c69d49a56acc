//! The searches' traces replay: every push is a knight's move from the last
//! square onto a free open one, every pop takes the last square off, a
//! rotation keeps the path a knight's path, and the path at "found" is the
//! tour the search returned. Checked by a replayer of its own here, for
//! every algorithm on boards with and without blocked squares, and on the
//! command line.

use std::process::Command;

use gridtour::job::{Control, Outcome};
use gridtour::knight::trace::{PruneRule, Step};
use gridtour::knight::{self, Algorithm, Board, SolveResult, Square, TourKind};

/// A search's steps and what it returned, with the nodes it reported.
fn traced(
    board: &Board,
    (start, kind): (Square, TourKind),
    algorithm: Algorithm,
) -> (Vec<Step>, SolveResult, u64) {
    let control = Control::new();
    let mut steps = Vec::new();
    let mut watcher = |step| steps.push(step);
    let result =
        match knight::solve_watched(board, (start, kind), algorithm, &control, &mut watcher) {
            Outcome::Done(result) => result,
            Outcome::Cancelled => panic!("not cancelled"),
        };
    (steps, result, control.snapshot().nodes)
}

/// Replays `steps` on `board`: the path at "found", if the trace found one.
fn replay(board: &Board, steps: &[Step]) -> Result<Option<Vec<Square>>, String> {
    let mut path: Vec<Square> = Vec::new();
    let last_is = |path: &[Square], square: Square, what: &str| match path.last() {
        Some(&last) if last == square => Ok(()),
        other => Err(format!(
            "{what} of {square:?}, but the last square is {other:?}"
        )),
    };
    for (number, &step) in steps.iter().enumerate() {
        let fail = |why: String| format!("step {}: {why}", number + 1);
        match step {
            Step::Push(square) => {
                if !board.is_open(square) || path.contains(&square) {
                    return Err(fail(format!("{square:?} is blocked or taken")));
                }
                if let Some(&last) = path.last()
                    && !Board::is_knight_move(last, square)
                {
                    return Err(fail(format!("{last:?} to {square:?} is no knight's move")));
                }
                path.push(square);
            }
            Step::Pop(square) => {
                last_is(&path, square, "a pop").map_err(fail)?;
                path.pop();
            }
            Step::DeadEnd(square) | Step::Prune { square, .. } => {
                last_is(&path, square, "a dead end or pruning").map_err(fail)?;
            }
            Step::Rotate { kept } => {
                if kept == 0 || kept >= path.len() {
                    return Err(fail(format!("a rotation after {kept} of {}", path.len())));
                }
                path[kept..].reverse();
                if !Board::is_knight_move(path[kept - 1], path[kept]) {
                    return Err(fail("a rotation that breaks the path".to_owned()));
                }
            }
            Step::Restart => path.clear(),
            Step::Found => {
                if number + 1 != steps.len() {
                    return Err(fail("steps after the tour was found".to_owned()));
                }
                return Ok(Some(path));
            }
        }
    }
    Ok(None)
}

/// Whether `found` is `tour`, or for a closed tour the same cycle from
/// another square.
fn same_tour(found: &[Square], tour: &[Square], kind: TourKind) -> bool {
    match kind {
        TourKind::Open => found == tour,
        TourKind::Closed => (0..found.len()).any(|turn| {
            let mut turned = found.to_vec();
            turned.rotate_left(turn);
            turned == tour
        }),
    }
}

fn board(width: u32, height: u32, blocked: &[&str]) -> Board {
    let mut board = Board::new(width, height).unwrap();
    for name in blocked {
        let square = board.parse_square(name).unwrap();
        board.set_blocked(square, true);
    }
    board
}

#[test]
fn traces_replay_to_the_tour_and_the_nodes_reported() {
    let cases = [
        (board(5, 5, &[]), "a1", TourKind::Open),
        (board(6, 6, &[]), "a1", TourKind::Closed),
        (board(5, 6, &["c3", "d4"]), "a1", TourKind::Open),
        (board(6, 5, &["b2"]), "f5", TourKind::Open),
        (board(8, 8, &[]), "d4", TourKind::Closed),
        // No tour: the search proves it.
        (board(3, 4, &[]), "b2", TourKind::Open),
    ];
    let mut pruned = 0;
    for (board, start, kind) in cases {
        let start = board.parse_square(start).unwrap();
        for algorithm in Algorithm::ALL {
            // Plain search on 8x8 does not end; 6x6 closed takes millions
            // of steps, which the next test covers in part.
            let plain_too_long = board.area() > 30 && kind == TourKind::Closed;
            if algorithm == Algorithm::Dfs && plain_too_long {
                continue;
            }
            let what = format!("{algorithm} on {board:?} from {start:?}");
            let (steps, result, nodes) = traced(&board, (start, kind), algorithm);
            let found = replay(&board, &steps).unwrap_or_else(|why| panic!("{what}: {why}"));
            match (&result, found) {
                (SolveResult::Found(tour), Some(found)) => {
                    assert!(same_tour(&found, &tour.path, kind), "{what}: {found:?}");
                }
                (SolveResult::NoTour(_), None) => {}
                (result, found) => panic!("{what}: {result:?} but the trace found {found:?}"),
            }
            let pushes = steps.iter().filter(|s| matches!(s, Step::Push(_))).count();
            if algorithm != Algorithm::Warnsdorff {
                // Every move tried is a node; the start square is none (and
                // where theory answers, nothing is searched).
                assert_eq!(pushes.saturating_sub(1) as u64, nodes, "{what}");
            }
            pruned += steps
                .iter()
                .filter(|s| matches!(s, Step::Prune { .. }))
                .count();
        }
    }
    assert!(pruned > 0, "no pruning seen");
}

/// Closed 6x6 from a1 with c3 and d3 blocked: the backtracking search
/// gives positions up by the start-square rule (the way home is gone) and
/// by the dead-end rule. Whether a tour exists never depends on them: the
/// plain search, which prunes nothing, agrees from every start of the
/// small boards.
#[test]
fn prunings_show_on_closed_6x6_and_never_cut_off_a_tour() {
    let board6 = board(6, 6, &["c3", "d3"]);
    let start = board6.parse_square("a1").unwrap();
    let (steps, result, _) = traced(&board6, (start, TourKind::Closed), Algorithm::Backtrack);
    assert!(matches!(result, SolveResult::Found(_)));
    let rules: Vec<PruneRule> = steps
        .iter()
        .filter_map(|step| match step {
            Step::Prune { rule, .. } => Some(*rule),
            _ => None,
        })
        .collect();
    for rule in [PruneRule::Closing, PruneRule::DeadEnds] {
        assert!(
            rules.contains(&rule),
            "no {rule:?} in {} prunings",
            rules.len()
        );
    }
    for (width, height) in [(3, 4), (4, 4), (4, 5), (3, 7), (3, 8)] {
        let board = board(width, height, &[]);
        for start in board.open_squares().collect::<Vec<_>>() {
            for kind in [TourKind::Open, TourKind::Closed] {
                let exists = |algorithm| {
                    let (_, result, _) = traced(&board, (start, kind), algorithm);
                    matches!(result, SolveResult::Found(_))
                };
                assert_eq!(
                    exists(Algorithm::Backtrack),
                    exists(Algorithm::Dfs),
                    "{width}x{height} {kind:?} from {start:?}"
                );
            }
        }
    }
}

/// Follows a printed trace: every square pushed is the next of the
/// `"tries"` its parent's push announced, and a dead end comes only once
/// they are all tried.
fn assert_announced_orders_are_kept(lines: &[serde_json::Value]) {
    // For each square of the path, what it announced and how many of
    // them were tried.
    let mut stack: Vec<(Vec<String>, usize)> = Vec::new();
    for line in lines {
        let square = line["square"].as_str().unwrap_or_default().to_owned();
        match line["event"].as_str().unwrap() {
            "push" => {
                if let Some((tries, tried)) = stack.last_mut() {
                    assert_eq!(tries.get(*tried), Some(&square), "{line}");
                    *tried += 1;
                }
                let tries = line["tries"].as_array().expect("tries").iter();
                let tries = tries.map(|name| name.as_str().unwrap().to_owned());
                stack.push((tries.collect(), 0));
            }
            "pop" => {
                stack.pop();
            }
            "dead-end" => {
                let (tries, tried) = stack.last().expect("a square");
                assert_eq!(*tried, tries.len(), "{line}");
            }
            _ => {}
        }
    }
}

#[test]
fn the_command_line_prints_the_trace_and_stops_at_max_steps() {
    let run = |args: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_gridtour"))
            .env("LC_ALL", "C")
            .args(["knight", "--size", "5x5", "--algo", "dfs"])
            .args(args)
            .output()
            .expect("the binary runs")
    };
    let traced = run(&["--trace", "--max-steps", "100000"]);
    assert!(traced.status.success());
    let text = String::from_utf8(traced.stdout).unwrap();
    let lines: Vec<serde_json::Value> = text
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    // Each push names the squares the search will try from there, in its
    // order, with their onward moves.
    assert_eq!(
        text.lines().next(),
        Some(r#"{"step":1,"event":"push","square":"a1","tries":["b3","c2"],"onward":[5,5]}"#)
    );
    assert_announced_orders_are_kept(&lines);
    assert_eq!(lines.last().unwrap()["event"], "found");
    // The path left at "found" is the tour printed without --trace.
    let mut path: Vec<String> = Vec::new();
    for line in &lines {
        match line["event"].as_str().unwrap() {
            "push" => path.push(line["square"].as_str().unwrap().to_owned()),
            "pop" => {
                assert_eq!(path.pop().as_deref(), line["square"].as_str());
            }
            _ => {}
        }
    }
    let printed: serde_json::Value =
        serde_json::from_slice(&run(&["--format", "json"]).stdout).unwrap();
    // Names on 5x5: file a.. from x 0, rank 1 the bottom row (y 4).
    let printed: Vec<String> = (printed["path"].as_array().unwrap().iter())
        .map(|point| {
            let (x, y) = (point[0].as_u64().unwrap(), point[1].as_u64().unwrap());
            format!("{}{}", char::from(b'a' + x as u8), 5 - y)
        })
        .collect();
    assert_eq!(path, printed);
    let backtracking = Command::new(env!("CARGO_BIN_EXE_gridtour"))
        .env("LC_ALL", "C")
        .args(["knight", "--size", "4x8", "--algo", "backtrack", "--trace"])
        .args(["--max-steps", "100000"])
        .output()
        .expect("the binary runs");
    let backtracking: Vec<serde_json::Value> = String::from_utf8(backtracking.stdout)
        .unwrap()
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    assert!(backtracking.len() > 20_000);
    assert_announced_orders_are_kept(&backtracking);
    // A pruning names the squares its rule speaks of: never one on the
    // path (4 x 8 open tours: no closing rule).
    let mut path: Vec<String> = Vec::new();
    let mut prunings = 0;
    for line in &backtracking {
        let square = line["square"].as_str().map(str::to_owned);
        match line["event"].as_str().unwrap() {
            "push" => path.extend(square),
            "pop" => {
                path.pop();
            }
            "prune" => {
                let because = line["because"].as_array().expect("because");
                assert!(!because.is_empty(), "{line}");
                assert!(
                    because
                        .iter()
                        .all(|name| !path.iter().any(|on| on == name.as_str().unwrap())),
                    "{line}"
                );
                prunings += 1;
            }
            _ => {}
        }
    }
    assert!(prunings > 100, "{prunings}");
    // Warnsdorff's first walk names its order too, with the onward moves
    // that made it, and goes to the first of it.
    let walk = Command::new(env!("CARGO_BIN_EXE_gridtour"))
        .env("LC_ALL", "C")
        .args(["knight", "--size", "8x8", "--algo", "warnsdorff", "--trace"])
        .output()
        .expect("the binary runs");
    let walk: Vec<serde_json::Value> = String::from_utf8(walk.stdout)
        .unwrap()
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    assert_eq!(walk.len(), 65, "64 pushes and found");
    for pair in walk.windows(2).filter(|pair| pair[1]["event"] == "push") {
        assert_eq!(pair[0]["tries"][0], pair[1]["square"], "{}", pair[0]);
        let onward: Vec<u64> = (pair[0]["onward"].as_array().expect("onward").iter())
            .map(|count| count.as_u64().unwrap())
            .collect();
        assert!(onward.is_sorted(), "{}", pair[0]);
    }
    let cut = run(&["--trace", "--max-steps", "10"]);
    assert!(cut.status.success());
    assert_eq!(String::from_utf8(cut.stdout).unwrap().lines().count(), 10);
    assert!(
        String::from_utf8_lossy(&cut.stderr)
            .contains("the trace stops after 10 steps (--max-steps); the search went on"),
    );
    // Warnsdorff's walk finishes 6x6 before it looks at the stop: the
    // trace still says it was cut.
    let walked = Command::new(env!("CARGO_BIN_EXE_gridtour"))
        .env("LC_ALL", "C")
        .args(["knight", "--size", "6x6", "--trace", "--max-steps", "3"])
        .output()
        .expect("the binary runs");
    assert_eq!(String::from_utf8(walked.stdout).unwrap().lines().count(), 3);
    assert!(String::from_utf8_lossy(&walked.stderr).contains("the trace stops after 3 steps"));
    // Theory answers 4x4 before any step: no line, and the reason.
    let proven = Command::new(env!("CARGO_BIN_EXE_gridtour"))
        .env("LC_ALL", "C")
        .args(["knight", "--size", "4x4", "--trace"])
        .output()
        .expect("the binary runs");
    assert!(proven.status.success());
    assert!(proven.stdout.is_empty());
    let said = String::from_utf8_lossy(&proven.stderr);
    assert!(said.starts_with("gridtour: note: no open tour: "), "{said}");
}

#[test]
fn the_command_line_draws_a_trace_as_a_gif_or_an_animated_svg() {
    let dir = std::env::temp_dir().join(format!("gridtour-trace-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let run = |args: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_gridtour"))
            .env("LC_ALL", "C")
            .args(["knight", "--size", "5x5", "--algo", "dfs", "--trace"])
            .args(args)
            .output()
            .expect("the binary runs")
    };
    let gif = dir.join("search.gif");
    let drawn = run(&[
        "--max-steps",
        "300",
        "--format",
        "gif",
        "-o",
        gif.to_str().unwrap(),
    ]);
    assert!(drawn.status.success(), "{drawn:?}");
    let bytes = std::fs::read(&gif).unwrap();
    assert!(bytes.starts_with(b"GIF89a"));
    assert!(
        String::from_utf8_lossy(&drawn.stderr).contains("the trace stops after 300 steps"),
        "{drawn:?}"
    );
    let svg = run(&["--max-steps", "300", "--format", "animated-svg"]);
    assert!(svg.status.success());
    let text = String::from_utf8(svg.stdout).unwrap();
    assert!(
        text.starts_with("<svg") || text.starts_with("<?xml"),
        "{text:.80}"
    );
    // One segment, outline and line, for each of the 150-odd pushes.
    assert!(text.matches("<set ").count() >= 2 * 100, "{text:.200}");
    for (args, says) in [
        (
            &["--format", "png"][..],
            "--trace prints JSON lines, or draws",
        ),
        (
            &["--format", "gif", "--max-steps", "300000", "-o", "x.gif"][..],
            "--max-steps: a picture of a search holds at most 200,000 steps",
        ),
    ] {
        let refused = run(args);
        assert_eq!(refused.status.code(), Some(2), "{args:?}");
        assert!(
            String::from_utf8_lossy(&refused.stderr).contains(says),
            "{refused:?}"
        );
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Follows a search's trace, checking that every square it moves to is
/// the next of the order [`knight::search_order`] gave for the square it
/// moved from, and that a dead end comes only once that order is used up.
/// Stops the search after `most` steps; the steps checked.
fn check_orders(
    board: &Board,
    (start, kind): (Square, TourKind),
    algorithm: Algorithm,
    most: usize,
) -> usize {
    let control = Control::new();
    let mut path: Vec<Square> = Vec::new();
    // For each square of the path, its order and how many were tried.
    let mut orders: Vec<(Vec<Square>, usize)> = Vec::new();
    let mut seen = 0;
    let mut watcher = |step: Step| {
        seen += 1;
        if seen > most {
            control.cancel();
            return;
        }
        match step {
            Step::Push(square) => {
                if let Some((order, tried)) = orders.last_mut() {
                    assert_eq!(
                        order.get(*tried),
                        Some(&square),
                        "{algorithm:?} at step {seen}"
                    );
                    *tried += 1;
                }
                path.push(square);
                let order = knight::search_order(algorithm, board, &path, kind).expect("an order");
                orders.push((order.into_iter().map(|(square, _)| square).collect(), 0));
            }
            Step::Pop(_) => {
                path.pop();
                orders.pop();
            }
            Step::DeadEnd(square) => {
                assert_eq!(path.last(), Some(&square));
                let (order, tried) = orders.last().expect("a square");
                assert_eq!(
                    *tried,
                    order.len(),
                    "{algorithm:?}: a dead end with moves left"
                );
            }
            Step::Prune { .. } | Step::Found => {}
            Step::Rotate { .. } | Step::Restart => panic!("{algorithm:?} does not walk"),
        }
    };
    let _ = knight::solve_watched(board, (start, kind), algorithm, &control, &mut watcher);
    seen.min(most)
}

#[test]
fn every_move_is_the_next_of_the_order_its_square_announced() {
    let open = |width, height| Board::new(width, height).expect("a board");
    let mut blocked = open(6, 6);
    for name in ["c3", "d3"] {
        let square = blocked.parse_square(name).expect("a square");
        blocked.set_blocked(square, true);
    }
    // Boards where backtracking backs up thousands of times too.
    let cases = [
        (open(5, 5), "a1", TourKind::Open),
        (open(6, 6), "a1", TourKind::Closed),
        (open(6, 6), "b1", TourKind::Open),
        (open(4, 8), "a1", TourKind::Open),
        (open(4, 7), "a1", TourKind::Open),
        (blocked, "a1", TourKind::Closed),
    ];
    let mut checked = [0, 0];
    for (board, start, kind) in cases {
        let start = board.parse_square(start).expect("a square");
        for (algorithm, checked) in [Algorithm::Dfs, Algorithm::Backtrack]
            .iter()
            .zip(&mut checked)
        {
            *checked += check_orders(&board, (start, kind), *algorithm, 40_000);
        }
    }
    // Both searches backed up often enough to test their orders.
    assert!(checked.iter().all(|&steps| steps > 20_000), "{checked:?}");
}

#[test]
fn warnsdorffs_first_walk_moves_to_the_first_of_its_order() {
    use gridtour::replay::{Event, Replay};
    let mut checked = 0;
    for (side, start, kind) in [
        (8, "a1", TourKind::Closed),
        (8, "d4", TourKind::Open),
        (6, "a1", TourKind::Closed),
        (12, "b2", TourKind::Open),
        (7, "c3", TourKind::Open),
    ] {
        let board = Board::new(side, side).expect("a board");
        let start = board.parse_square(start).expect("a square");
        let steps = knight::first_steps(&board, (start, kind), Algorithm::Warnsdorff, 10_000);
        let mut replay = Replay::new(1);
        for step in steps {
            if step == Step::Restart {
                break;
            }
            if let Step::Push(square) = step
                && !replay.path().is_empty()
            {
                let path: Vec<Square> = replay
                    .path()
                    .iter()
                    .map(|&(x, y)| Square::new(x, y))
                    .collect();
                let order = knight::walk_order(&board, &path, kind);
                assert_eq!(order.first().map(|&(first, _)| first), Some(square));
                checked += 1;
            }
            replay.apply(Event::from(step));
        }
    }
    assert!(checked > 250, "{checked} moves checked");
}

#[test]
fn every_pruning_names_the_squares_that_gave_it_up() {
    let mut seen = std::collections::HashMap::new();
    let boards = [
        board(6, 6, &["c3", "d3"]),
        board(5, 5, &[]),
        board(6, 6, &[]),
        board(4, 7, &[]),
        board(8, 8, &[]),
        board(7, 7, &["d4"]),
    ];
    for board in &boards {
        for start in board.open_squares().step_by(3).collect::<Vec<_>>() {
            for kind in [TourKind::Open, TourKind::Closed] {
                let (steps, _, _) = traced(board, (start, kind), Algorithm::Backtrack);
                let mut path: Vec<Square> = Vec::new();
                for (index, step) in steps.iter().enumerate() {
                    match *step {
                        Step::Push(square) => path.push(square),
                        Step::Pop(_) => {
                            path.pop();
                        }
                        Step::Prune { square, rule } => {
                            assert_eq!(path.last(), Some(&square));
                            let named = knight::trace::pruned_squares(board, &path, kind, rule);
                            let free = |s: &Square| !path.contains(s) && board.is_open(*s);
                            let at = format!("{rule:?} at step {index}, {kind:?} from {start:?}");
                            match rule {
                                PruneRule::Closing => {
                                    assert_eq!(named, [path[0]], "{at}");
                                    assert!(board.neighbours(path[0]).all(|s| !free(&s)), "{at}");
                                }
                                PruneRule::DeadEnds => {
                                    let allowed = usize::from(kind == TourKind::Open);
                                    assert!(!named.is_empty() && named.iter().all(free), "{at}");
                                    let stranded = named.iter().any(|s| {
                                        board.neighbours(*s).filter(free).count()
                                            + usize::from(
                                                kind == TourKind::Closed
                                                    && Board::is_knight_move(*s, path[0]),
                                            )
                                            == 0
                                    });
                                    assert!(stranded || named.len() > allowed, "{at}: {named:?}");
                                }
                                PruneRule::Connectivity => {
                                    assert!(!named.is_empty() && named.iter().all(free), "{at}");
                                }
                                PruneRule::EndTooEarly => assert_eq!(named, [square], "{at}"),
                            }
                            *seen.entry(rule.label()).or_insert(0) += 1;
                        }
                        _ => {}
                    }
                }
            }
        }
    }
    for rule in ["closing", "dead-ends", "connectivity"] {
        assert!(seen.get(rule).is_some_and(|&n| n > 0), "{rule}: {seen:?}");
    }
}
