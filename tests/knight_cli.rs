//! `gridtour knight` as a user runs it.

use std::process::{Command, Output};

use gridtour::knight::{Board, Square, Tour, TourKind, validate};

fn gridtour(args: &str) -> Output {
    Command::new(env!("CARGO_BIN_EXE_gridtour"))
        .env("LC_ALL", "C")
        .arg("knight")
        .args(args.split_whitespace())
        .output()
        .expect("the binary runs")
}

/// Standard output of a run that must succeed.
fn stdout_of(args: &str) -> String {
    let output = gridtour(args);
    assert!(
        output.status.success(),
        "{args}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).expect("utf-8 output")
}

/// The one-line error of a run that must fail.
fn error_of(args: &str) -> String {
    error_after_notes(args, 0)
}

/// The one-line error of a run that must fail, after at most `notes`
/// notes.
fn error_after_notes(args: &str, notes: usize) -> String {
    let output = gridtour(args);
    assert_eq!(output.status.code(), Some(2), "{args} should fail");
    assert!(output.stdout.is_empty(), "{args} printed to stdout");
    let stderr = String::from_utf8(output.stderr).expect("utf-8 output");
    let noted = stderr
        .lines()
        .take_while(|line| line.starts_with("gridtour: note: "))
        .count();
    assert!(noted <= notes, "{stderr}");
    let stderr = stderr.lines().skip(noted).collect::<Vec<_>>().join("\n") + "\n";
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.starts_with("gridtour: error: "), "{stderr}");
    stderr
}

/// Reads the numbered board back into a path.
fn path_of_text(board: &Board, text: &str) -> Vec<Square> {
    let mut path = vec![Square::new(0, 0); board.open_count()];
    for (y, line) in text.lines().enumerate() {
        for (x, cell) in line.split_whitespace().enumerate() {
            if let Ok(step) = cell.parse::<usize>() {
                path[step - 1] = Square::new(x as u32, y as u32);
            }
        }
    }
    path
}

#[test]
fn prints_an_open_tour_as_a_numbered_board() {
    let text = stdout_of("--size 8x8 --start b1");
    let board = Board::new(8, 8).unwrap();
    assert_eq!(text.lines().count(), 8);
    let path = path_of_text(&board, &text);
    assert_eq!(path[0], board.parse_square("b1").unwrap());
    assert_eq!(validate(&board, &path, TourKind::Open), Ok(()));
}

#[test]
fn prints_a_closed_tour_with_blocked_squares_as_json() {
    let json =
        stdout_of("--size 6x6 --start c3 --closed --blocked a1,b1 --algo backtrack --format json");
    let tour = Tour::from_json(json.trim()).expect("a valid tour");
    assert_eq!(tour.kind, TourKind::Closed);
    assert_eq!(
        tour.board.blocked_squares(),
        [Square::new(0, 5), Square::new(1, 5)]
    );
    assert_eq!(tour.path[0], Square::new(2, 3));
    assert!(json.starts_with(r#"{"width":6,"height":6,"blocked":[[0,5],[1,5]],"closed":true,"start":[2,3],"path":[[2,3],"#));
}

#[test]
fn a_single_number_is_a_square_board() {
    let text = stdout_of("--size 5 --start c3 --algo backtrack");
    assert_eq!(text.lines().count(), 5);
    assert_eq!(text.split_whitespace().count(), 25);
}

#[test]
fn says_why_there_is_no_tour() {
    let text = stdout_of("--size 4x4 --start a1");
    assert!(text.starts_with("no open tour from a1 on 4x4: "), "{text}");
    let text = stdout_of("--size 5x5 --start a1 --closed");
    assert!(text.contains("even number"), "{text}");
    let json = stdout_of("--size 4x8 --closed --format json");
    assert!(
        json.contains(r#""path":null"#) && json.contains("Schwenk"),
        "{json}"
    );
}

#[test]
fn counts_put_the_number_first() {
    assert_eq!(
        stdout_of("--size 5x5 --start a1 --count"),
        "304 directed open tours from a1\n"
    );
    assert_eq!(
        stdout_of("--size 3x4 --start a4 --count"),
        "2 directed open tours from a4\n"
    );
    let text = stdout_of("--size 6x6 --count --closed");
    assert!(text.starts_with("9862 undirected closed tours"), "{text}");
}

#[test]
fn failing_starts_are_listed_and_solved() {
    let text = stdout_of("--size 12x12 --failing-starts");
    let mut lines = text.lines();
    let header = lines.next().unwrap_or_default();
    assert!(header.starts_with("6 start squares"), "{header}");
    let indices: Vec<&str> = lines
        .clone()
        .map(|l| l.split(' ').next().unwrap_or_default())
        .collect();
    assert_eq!(indices, ["22", "91", "96", "101", "113", "126"]);
    assert!(
        lines.all(|l| l.ends_with("the default solver finds a valid open tour")),
        "{text}"
    );
    let json = stdout_of("--size 8 --failing-starts --format json");
    assert!(
        json.contains(r#""index":44,"#) && json.contains(r#""solved":true"#),
        "{json}"
    );
}

#[test]
fn bad_arguments_give_one_line_errors() {
    let cases = [
        ("--size 0x8", "--size"),
        ("--size 8x99999", "too large"),
        ("--size eight", "--size"),
        ("--size 8x8 --start i1", "off the 8x8 board"),
        ("--size 8x8 --start 1a", "not a square name"),
        ("--size 8x8 --start b1 --blocked b1", "blocked"),
        ("--size 8x8 --blocked a1,q7", "--blocked"),
        (
            "--size 8x8 --algo bfs",
            "unknown algorithm 'bfs' (expected one of warnsdorff, backtrack, dfs)",
        ),
        ("--size 8x8 --format xml", "unknown format"),
        ("--size 0", "at least 1"),
        ("--size 0x5", "width must be at least 1"),
        ("--size 99999x99999", "too large"),
        ("--size 8x", "--size"),
        ("--size x8", "--size"),
        ("--size 8x8x8", "--size"),
        ("--size -8x8", "unexpected argument"),
        ("--size 8x8 --start z99", "off the 8x8 board"),
        ("--size 8x8 --start a0", "off the 8x8 board"),
        ("--size 8x8 --start a99999999999999999999", "--start"),
        ("--size 8x8 --blocked c3,", "--blocked"),
        ("--size 8x8 --blocked #!", "not a square name"),
        ("--size 5x5 --start a1 --end z9 --count", "--end: "),
        (
            "--size 5x5 --start a1 --end c3 --blocked c3 --count",
            "--end: square 'c3' is blocked",
        ),
        ("--size 5x5 --end c3 --count", "--start"),
        (
            "--size 5x5 --start a1 --end c3 --estimate",
            "cannot be used with",
        ),
        (
            "--size 5x5 --start a1 --end c3 --count --closed",
            "cannot be used with",
        ),
        (
            "--size 8x8 --blocked a1",
            "a1 is the start when --start is omitted",
        ),
        (
            "--size 8x8 --failing-starts --closed",
            "cannot be used with",
        ),
        ("--size 8x8 --count --failing-starts", "cannot be used with"),
        ("--size 8x8 --bogus", "--bogus"),
        ("--start a1", "--size"),
    ];
    for (args, words) in cases {
        let error = error_of(args);
        assert!(error.contains(words), "{args}: {error}");
    }
}

/// Files past `z` continue with two letters: `ad` is the 30th column.
#[test]
fn squares_past_file_z_have_two_letters() {
    let json = stdout_of("--size 30x5 --start ad5 --format json");
    let tour = Tour::from_json(json.trim()).expect("a valid tour");
    assert_eq!(tour.path[0], Square::new(29, 0));
}

/// A board 4 squares across: no open tour leaves an inner line, and theory
/// says why at once, even on the longest board.
#[test]
fn inner_lines_of_boards_four_across_are_answered_at_once() {
    let text = stdout_of("--size 4x4000 --start b7");
    assert!(
        text.starts_with("no open tour from b7 on 4x4000: ") && text.contains("outer line"),
        "{text}"
    );
}

#[test]
fn a_long_count_shows_progress_on_a_terminal_and_nothing_when_redirected() {
    // Counting all tours of 8x8 never ends in practice: a person at a
    // terminal must see that it is working. `script` gives the program a
    // terminal and copies what it writes there. Killing `script` hangs
    // the terminal up, which ends the count; `timeout` ends it anyway if
    // `script` is killed before the terminal is set up (a count left
    // running once took the machine's cores for the rest of a CI run).
    let binary = env!("CARGO_BIN_EXE_gridtour");
    let mut child = Command::new("script")
        .args([
            "-qfec",
            &format!("timeout --foreground 30 {binary} knight --size 8x8 --count"),
            "/dev/null",
        ])
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("script(1) from util-linux runs");
    std::thread::sleep(std::time::Duration::from_millis(3200));
    child.kill().expect("stopped");
    let output = child.wait_with_output().expect("output");
    let shown = String::from_utf8_lossy(&output.stdout);
    let lines: Vec<&str> = shown
        .split('\r')
        .filter(|line| line.contains("counting:"))
        .collect();
    assert!(lines.len() >= 2, "{shown:?}");
    assert!(
        lines.iter().all(|line| line.contains(" nodes, ")),
        "{shown:?}"
    );

    // Redirected, a quick count prints its answer and nothing else.
    let output = gridtour("--size 5x5 --start a1 --count");
    assert!(output.stderr.is_empty());
    assert_eq!(
        String::from_utf8_lossy(&output.stdout),
        "304 directed open tours from a1\n"
    );
}

#[test]
fn progress_asks_for_progress_lines_on_a_redirected_standard_error() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_gridtour"))
        .env("LC_ALL", "C")
        .args(["knight", "--size", "8x8", "--count", "--progress"])
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("the binary runs");
    std::thread::sleep(std::time::Duration::from_millis(5600));
    child.kill().expect("stopped");
    let output = child.wait_with_output().expect("output");
    let logged = String::from_utf8_lossy(&output.stderr);
    // An 8-wide sweep is said to be long work once it has run two seconds,
    // then a progress line every five.
    let lines: Vec<&str> = logged.lines().collect();
    assert_eq!(lines.len(), 2, "{logged:?}");
    assert!(
        lines[0].starts_with("gridtour: note: counting goes by a frontier sweep of 64 squares"),
        "{logged:?}"
    );
    let lines = &lines[1..];
    assert!(lines[0].starts_with("gridtour: counting: "), "{logged:?}");
    assert!(lines[0].contains(" nodes, "), "{logged:?}");
    assert!(
        !logged.contains('\x1b'),
        "terminal codes in a log: {logged:?}"
    );
}

/// Runs `gridtour knight ARGS` through the shell with `redirection` applied
/// to its output.
fn through_shell(args: &str, redirection: &str) -> Output {
    let command = format!(
        "'{}' knight {args} {redirection}",
        env!("CARGO_BIN_EXE_gridtour")
    );
    Command::new("sh")
        .args(["-c", &command])
        .output()
        .expect("sh runs")
}

#[test]
fn a_reader_that_stops_early_ends_the_run_quietly() {
    // 40,000 lines of output, of which `head` reads one.
    let output = through_shell("--size 200 --start a1", "| head -c 10 > /dev/null");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert!(stderr.is_empty(), "{stderr}");
    // The pipe's writer itself: exit status 141 (128 + SIGPIPE), no word.
    let mut child = Command::new(env!("CARGO_BIN_EXE_gridtour"))
        .env("LC_ALL", "C")
        .args(["knight", "--size", "200", "--start", "a1"])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("the binary runs");
    drop(child.stdout.take());
    let output = child.wait_with_output().expect("it ends");
    assert_eq!(output.status.code(), Some(141));
    assert!(
        output.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
}

#[test]
fn a_full_disk_is_one_line_not_a_panic() {
    let output = through_shell("--size 8 --start a1", "> /dev/full");
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(
        stderr.starts_with("gridtour: error: cannot write to standard output"),
        "{stderr}"
    );
}

#[test]
fn a_closed_standard_output_is_one_line_and_a_null_device_is_fine() {
    let output = through_shell("--size 8 --start a1", ">&-");
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(
        stderr,
        "gridtour: error: cannot write to standard output: it is closed\n"
    );
    let output = through_shell("--size 8 --start a1", "> /dev/null");
    assert!(output.status.success());
    assert!(output.stderr.is_empty());
}

#[test]
fn a_hopeless_count_is_refused_at_once_unless_forced() {
    let started = std::time::Instant::now();
    // On a busy machine the sweep may run long enough to be said to be
    // long work before it meets the budget.
    let error = error_after_notes("--size 8 --count --memory 1M", 1);
    // The sweep started, and says where it ran out of room; the walk did not.
    assert!(
        error.starts_with(
            "gridtour: error: counting: the frontier sweep ran out of room at square "
        ),
        "{error}"
    );
    assert!(
        error.contains(
            " of 64: it needs more than the 1 MiB memory budget, and the exhaustive walk instead \
             would visit about "
        ),
        "{error}"
    );
    assert!(error.contains("--force starts the walk anyway"), "{error}");
    assert!(
        started.elapsed() < std::time::Duration::from_secs(20),
        "took {:?}",
        started.elapsed()
    );
    // Forced, it starts and says at once what it is in for.
    let mut child = Command::new(env!("CARGO_BIN_EXE_gridtour"))
        .env("LC_ALL", "C")
        .args([
            "knight", "--size", "8", "--count", "--memory", "1M", "--force",
        ])
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("the binary runs");
    // Read until the note arrives (at once on an idle machine; a busy one
    // may take longer), then stop the walk.
    let stderr = child.stderr.take().expect("stderr");
    let (lines, read) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        use std::io::BufRead;
        for line in std::io::BufReader::new(stderr)
            .lines()
            .map_while(Result::ok)
        {
            if lines.send(line).is_err() {
                break;
            }
        }
    });
    let mut said = String::new();
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(60);
    while !said.contains("by exhaustive walk of about ") {
        let left = deadline.saturating_duration_since(std::time::Instant::now());
        match read.recv_timeout(left) {
            Ok(line) => {
                said.push_str(&line);
                said.push('\n');
            }
            Err(_) => break,
        }
    }
    child.kill().expect("stopped");
    child.wait().expect("ended");
    // After, on a busy machine, the note that an 8-wide sweep is long work.
    let walk_note = said
        .lines()
        .find(|line| !line.contains("rows of 8"))
        .unwrap_or_default();
    assert!(
        walk_note.starts_with("gridtour: note: the frontier sweep ran out of room at square ")
            && walk_note.contains(" of 64: it needs more than the 1 MiB memory budget"),
        "{said:?}"
    );
    assert!(said.contains("by exhaustive walk of about "), "{said:?}");
    assert!(
        said.lines()
            .all(|line| line == walk_note || line.contains("rows of 8")),
        "{said:?}"
    );
    // A board too wide for the sweep says so, not that memory is short.
    let error = error_of("--size 10 --count --memory 20M");
    assert!(
        error.starts_with(
            "gridtour: error: counting: not started: the frontier sweep takes boards up to 8 \
             squares on their shorter side, and this one has 10, and the exhaustive walk"
        ),
        "{error}"
    );
    // A count the walk finishes soon is not refused, however small the budget.
    assert!(stdout_of("--size 5x6 --count --memory 1M").starts_with("18784 "));
    assert!(error_of("--size 5 --force").contains("--count"));
    assert!(error_of("--size 5 --count --threads 0").contains("--threads"));
    assert!(stdout_of("--size 5 --start a1 --count --threads 1").starts_with("304 "));
    let error = error_of("--size 5 --count --memory lots");
    assert!(error.contains("--memory: expected a size"), "{error}");
}

#[test]
fn a_count_short_of_memory_goes_on_through_the_scratch_directory() {
    let scratch = std::env::temp_dir().join(format!("gridtour-scratch-{}", std::process::id()));
    std::fs::create_dir_all(&scratch).expect("a scratch directory");
    let count = |memory: &str, directory: &std::path::Path| {
        Command::new(env!("CARGO_BIN_EXE_gridtour"))
            .env("LC_ALL", "C")
            .args(["--memory", memory, "--scratch"])
            .arg(directory)
            .args(["knight", "--size", "6x8", "--closed", "--count"])
            .output()
            .expect("the binary runs")
    };
    // Closed 6x8 peaks near two million states, 50 MB of tables: in 4 MiB
    // its largest layers are built on disk, group by group.
    let output = count("4M", &scratch);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert_eq!(
        String::from_utf8_lossy(&output.stdout),
        "55488142 undirected closed tours (each cycle counted once)\n"
    );
    let left: Vec<_> = std::fs::read_dir(&scratch).unwrap().collect();
    assert!(left.is_empty(), "scratch files left behind: {left:?}");
    std::fs::remove_dir(&scratch).expect("the scratch directory, empty");
    let error = error_of("--size 5 --count --scratch /nonexistent/gridtour");
    assert_eq!(
        error,
        "gridtour: error: --scratch: /nonexistent/gridtour is not a directory\n"
    );
}

#[test]
fn counts_tours_between_two_squares() {
    assert_eq!(
        stdout_of("--size 5x5 --start a1 --end e5 --count"),
        "56 directed open tours from a1 to e5\n"
    );
    assert_eq!(
        stdout_of("--size 5x5 --start a1 --end b1 --count --format json"),
        "{\"description\":\"directed open tours from a1 to b1\",\"tours\":0,\"because\":\"a knight changes colour with every move, so a tour of 25 squares (an odd number) ends on the colour it starts on, and a1 is dark but b1 is light\"}\n"
    );
}

#[test]
fn finds_a_tour_between_two_squares_or_says_why_there_is_none() {
    let board = Board::new(6, 6).unwrap();
    for end in ["f1", "a6", "c4"] {
        let text = stdout_of(&format!("--size 6x6 --start a1 --end {end}"));
        let path = path_of_text(&board, &text);
        validate(&board, &path, TourKind::Open).unwrap();
        assert_eq!(path[0], board.parse_square("a1").unwrap());
        assert_eq!(path[35], board.parse_square(end).unwrap(), "to {end}");
    }
    assert_eq!(
        stdout_of("--size 6x6 --start a1 --end c3"),
        "no open tour from a1 to c3 on 6x6: a knight changes colour with every move, so a tour \
         of 36 squares (an even number) ends on the other colour, and a1 and c3 are both dark\n"
    );
}

#[test]
fn every_length_prints_a_line_per_board_as_the_sweep_passes_it() {
    let text = stdout_of("--size 6x8 --count --closed --every-length");
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 8, "{text}");
    assert_eq!(
        lines[5],
        "6x6 9862 undirected closed tours (each cycle counted once)"
    );
    assert!(lines[7].starts_with("6x8 55488142 "), "{text}");
    // Named the way round the size was given; JSON, one object a line.
    let json = stdout_of("--size 7x3 --count --every-length --format json");
    let last: serde_json::Value = serde_json::from_str(json.lines().last().unwrap()).unwrap();
    assert_eq!(last["board"], "7x3");
    assert_eq!(
        last["tours"].as_u64().unwrap(),
        stdout_of("--size 7x3 --count")
            .split(' ')
            .next()
            .unwrap()
            .parse::<u64>()
            .unwrap()
    );
    assert_eq!(json.lines().next().unwrap().split('"').nth(3), Some("1x3"));
    // A reader that stops early stops the sweep too (6x60 would take a minute).
    let output = through_shell("--size 6x60 --count --closed --every-length", "| head -n 1");
    assert_eq!(
        String::from_utf8_lossy(&output.stdout),
        "6x1 0 undirected closed tours (each cycle counted once)\n"
    );
    for (args, expected) in [
        (
            "--size 9x20 --count --every-length",
            "up to 8 squares on their shorter side",
        ),
        ("--size 6x8 --count --every-length --start a1", "--start"),
        (
            "--size 6x8 --count --every-length --blocked a1",
            "--blocked",
        ),
        ("--size 6x8 --every-length", "--count"),
        (
            "--size 6x4096 --count --every-length",
            "sweeps four rows past the longest board, so it goes up to 4092 long",
        ),
    ] {
        let error = error_of(args);
        assert!(error.contains(expected), "{args}: {error}");
    }
}

#[test]
fn counts_beyond_64_bits_are_printed_whole() {
    use gridtour::job::{Control, Outcome};
    use gridtour::knight::{Patience, count};
    let board = Board::new(3, 48).unwrap();
    let Outcome::Done(Ok(counted)) = count(
        &board,
        None,
        TourKind::Closed,
        Patience::Unlimited,
        &Control::new(),
    ) else {
        panic!("3x48 is counted");
    };
    let digits = counted.digits();
    assert!(
        digits.parse::<u128>().unwrap() > u128::from(u64::MAX),
        "{digits}"
    );
    assert_eq!(
        stdout_of("--size 3x48 --count --closed"),
        format!("{digits} undirected closed tours (each cycle counted once)\n")
    );
    // JSON numbers have no size limit: the count is written out whole.
    let json = stdout_of("--size 3x48 --count --closed --format json");
    assert!(
        json.ends_with(&format!(",\"tours\":{digits}}}\n")),
        "{json}"
    );
    let parsed: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert!(parsed["tours"].as_f64().unwrap() > 1e19);
}

#[test]
fn a_board_and_its_tour_travel_as_a_link_and_back() {
    let link = stdout_of("--size 10x10 --blocked c3,d5 --start b1 --closed --format link");
    let link = link.trim();
    assert!(
        link.starts_with("gridtour:knight?size=10x10&closed&blocked=")
            && link.contains("&start=b1&tour="),
        "{link}"
    );
    // The link alone prints its own tour, in any format.
    let json: serde_json::Value =
        serde_json::from_str(&stdout_of(&format!("{link} --format json"))).expect("json");
    let board = {
        let mut board = Board::new(10, 10).expect("10x10");
        for name in ["c3", "d5"] {
            let square = board.parse_square(name).expect("a square");
            board.set_blocked(square, true);
        }
        board
    };
    let path: Vec<Square> = json["path"]
        .as_array()
        .expect("a path")
        .iter()
        .map(|p| Square::new(p[0].as_u64().unwrap() as u32, p[1].as_u64().unwrap() as u32))
        .collect();
    assert_eq!(validate(&board, &path, TourKind::Closed), Ok(()));
    assert_eq!(path[0], board.parse_square("b1").expect("b1"));
    assert_eq!(stdout_of(&format!("{link} --format link")).trim(), link);
    // Options override the link: another start searches a new tour.
    let moved = stdout_of(&format!("{link} --start a1 --format link"));
    assert!(moved.contains("&start=a1&tour="), "{moved}");
    assert_eq!(
        stdout_of(&format!("{} --count", "gridtour:knight?size=5x5&start=a1")).trim(),
        stdout_of("--size 5x5 --start a1 --count").trim()
    );
    // A new size keeps the link's squares by their names.
    let resized =
        stdout_of("gridtour:knight?size=5x5&blocked=a2,e5&start=a1 --size 5x6 --format link");
    assert!(
        resized.starts_with("gridtour:knight?size=5x6&blocked=")
            && resized.contains("&start=a1&tour="),
        "{resized}"
    );
    let blocked = resized
        .split("blocked=")
        .nth(1)
        .and_then(|rest| rest.split('&').next());
    let mut names: Vec<&str> = blocked.expect("blocked squares").split(',').collect();
    names.sort_unstable();
    assert_eq!(names, ["a2", "e5"]);
    assert_eq!(
        stdout_of("gridtour:knight?size=5x5&start=a1 --size 5x6 --count").trim(),
        stdout_of("--size 5x6 --start a1 --count").trim()
    );
    // Damaged links get one line that says where.
    let error = error_of("gridtour:knight?size=8x8&start=a1&tour=0q");
    assert_eq!(
        error,
        "gridtour: error: the link: column 41: tour: 'q' is not a move (moves are digits 0 to 7)\n"
    );
    assert!(error_of("gridtour:knight?size=8x8&tour=").contains("needs its start square"));
    assert!(error_of("--size 5x5 --count --format link").contains("not a count"));
}

#[test]
fn a_link_is_printed_as_the_web_page_address_and_read_back_from_it() {
    let link = stdout_of("--size 6x6 --start a1 --format link");
    let page = "https://example.org/gridtour/index.html";
    let address = stdout_of(&format!(
        "--size 6x6 --start a1 --format link --web-base {page}"
    ));
    assert_eq!(address, format!("{page}#{link}"));
    // The address opens its board and tour as the link does.
    assert_eq!(
        stdout_of(&format!("{} --format link", address.trim())),
        link
    );
    assert!(
        error_of(&format!("--size 6x6 --web-base {page}")).contains("add --format link"),
        "--web-base without --format link"
    );
    assert!(
        error_of("--size 6x6 --format link --web-base ftp://example.org/")
            .contains("--web-base: expected the address of gridtour's web page"),
    );
}

/// Run as root only: an ordinary user limited to three processes (so the
/// system refuses most worker threads) still gets the right count, with a
/// note, instead of a crash or a hang.
#[test]
fn threads_the_system_refuses_are_not_fatal() {
    let is_root = Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|output| output.stdout.starts_with(b"0\n"));
    let has_nobody = Command::new("id")
        .arg("nobody")
        .output()
        .is_ok_and(|o| o.status.success())
        && std::path::Path::new("/bin/bash").exists();
    if !is_root || !has_nobody {
        // CI runs as root on a system with the user nobody.
        assert!(
            std::env::var_os("CI").is_none(),
            "needs root and the user nobody under CI"
        );
        eprintln!("skipped: needs root and the user nobody to set a process limit");
        return;
    }
    let dir = std::env::temp_dir().join(format!("gridtour-threads-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a scratch folder");
    let binary = dir.join("gridtour");
    std::fs::copy(env!("CARGO_BIN_EXE_gridtour"), &binary).expect("a copy nobody can run");
    for path in [&dir, &binary] {
        use std::os::unix::fs::PermissionsExt as _;
        std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o755)).expect("chmod");
    }
    let script = format!(
        "ulimit -u 3; {} knight --size 6x6 --count --threads 8",
        binary.display()
    );
    let output = Command::new("su")
        .args(["nobody", "-s", "/bin/bash", "-c", &script])
        .output()
        .expect("su runs");
    std::fs::remove_dir_all(&dir).ok();
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    if stderr.starts_with("su:") {
        assert!(
            std::env::var_os("CI").is_none(),
            "su cannot switch to nobody under CI: {stderr}"
        );
        eprintln!("skipped: su cannot switch to nobody here: {stderr}");
        return;
    }
    assert!(output.status.success(), "{stderr}");
    assert!(stdout.starts_with("3318960 "), "{stdout}");
    assert!(stderr.contains("the system refused to start"), "{stderr}");
}

/// Many threads under an address-space limit: fewer threads and a budget
/// that leaves room for their stacks and arenas, not an abort.
#[test]
fn many_threads_under_an_address_space_limit_count_to_the_end() {
    let Ok(output) = Command::new("prlimit")
        .args(["--as=1000000000", env!("CARGO_BIN_EXE_gridtour")])
        .args([
            "knight",
            "--size",
            "6x8",
            "--closed",
            "--count",
            "--threads",
            "16",
        ])
        .output()
    else {
        // util-linux's prlimit is part of every Debian system CI runs on.
        assert!(
            std::env::var_os("CI").is_none(),
            "prlimit is needed under CI"
        );
        eprintln!("skipped: no prlimit");
        return;
    };
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{stderr}");
    assert!(stdout.starts_with("55488142 "), "{stdout}");
    assert!(
        stderr.contains("--threads 16: the address-space limit leaves room for 3 threads"),
        "{stderr}"
    );
}

#[test]
fn count_options_without_count_are_refused_and_a_missing_scratch_folder_is_said() {
    for extra in ["--checkpoint /tmp/x.ckpt", "--force", "--every-length"] {
        let error = error_of(&format!("--size 8 --estimate --seconds 0.1 {extra}"));
        let flag = extra.split_whitespace().next().unwrap_or_default();
        assert_eq!(
            error,
            format!("gridtour: error: {flag} goes with --count\n")
        );
    }
    let output = Command::new(env!("CARGO_BIN_EXE_gridtour"))
        .env("LC_ALL", "C")
        .args(["knight", "--size", "5x5", "--count"])
        .env("TMPDIR", "/nonexistent-gridtour-scratch")
        .output()
        .expect("the binary runs");
    assert!(output.status.success());
    let said = String::from_utf8_lossy(&output.stderr);
    assert!(
        said.contains("the scratch folder /nonexistent-gridtour-scratch does not exist"),
        "{said}"
    );
}

#[test]
fn hopeless_counts_of_big_boards_are_refused_soon_with_their_own_size() {
    let started = std::time::Instant::now();
    let error = error_of("--size 50x50 --count");
    assert!(
        error.contains("would visit more than 1e308 nodes: it would never end"),
        "{error}"
    );
    let error = error_of("--size 9x9 --count");
    let size = error
        .split("would visit about ")
        .nth(1)
        .and_then(|rest| rest.split(' ').next())
        .expect("a size");
    assert_ne!(size, "1.8e19", "not the 64-bit cap");
    // It took minutes before; a few seconds leave room for a busy machine.
    assert!(
        started.elapsed() < std::time::Duration::from_secs(30),
        "{:?}",
        started.elapsed()
    );
}

/// SIGTERM and SIGHUP end a long run with their usual exit status (after
/// removing the temporary files of writes under way).
#[test]
fn signals_end_a_long_run_with_their_exit_status() {
    use std::os::unix::process::ExitStatusExt as _;
    for signal in [1, 15] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_gridtour"))
            .env("LC_ALL", "C")
            .args(["knight", "--size", "8", "--count", "--force"])
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .expect("the binary runs");
        std::thread::sleep(std::time::Duration::from_millis(300));
        // SAFETY: kill of a child process this test started.
        unsafe {
            libc::kill(child.id() as i32, signal);
        }
        let status = child.wait().expect("it ends");
        assert_eq!(
            status.code(),
            Some(128 + signal),
            "{status:?} {:?}",
            status.signal()
        );
    }
}

/// `gridtour` run with `args` under the locale `locale` alone.
fn in_locale(locale: &str, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_gridtour"))
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .env("LANG", locale)
        .args(args)
        .output()
        .expect("the binary runs")
}

#[test]
fn the_command_line_speaks_japanese_under_a_japanese_locale_or_when_asked() {
    let run = |locale: &str, args: &[&str]| {
        String::from_utf8(in_locale(locale, args).stdout).expect("utf-8 output")
    };
    // Why there is no tour, and what a count counted.
    let reason = run("ja_JP.UTF-8", &["knight", "--size", "4x4"]);
    assert!(reason.contains("開いたツアーはありません"), "{reason}");
    let count = run(
        "ja_JP.UTF-8",
        &["knight", "--size", "6x6", "--closed", "--count"],
    );
    assert_eq!(
        count,
        "9862 向きを区別しない閉じたツアー（各周回を 1 回と数えます）\n"
    );
    let english = run("C", &["knight", "--size", "6x6", "--closed", "--count"]);
    assert_eq!(
        english,
        "9862 undirected closed tours (each cycle counted once)\n"
    );
    let asked = run(
        "C",
        &[
            "--lang", "ja", "knight", "--size", "6x6", "--closed", "--count",
        ],
    );
    assert_eq!(asked, count);
    let solutions = run(
        "ja_JP.UTF-8",
        &["goishi", "assets/goishi/four-solutions-4x4.txt", "--count"],
    );
    assert_eq!(solutions, "解 4 個\n");
}

#[test]
fn refusals_and_notes_speak_the_chosen_language_before_and_after_parsing() {
    let errors = |locale: &str, args: &[&str]| {
        let output = in_locale(locale, args);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        String::from_utf8(output.stderr).expect("utf-8 errors")
    };
    // Clap's refusals, worded by the program: under the locale, and with
    // `--lang` anywhere among the arguments.
    for (args, japanese, english) in [
        (
            &["knight", "--size", "8x8", "--frobnicate"][..],
            "知らない引数「--frobnicate」があります",
            "unexpected argument '--frobnicate' found",
        ),
        (
            &["knight", "--size", "8x8", "--lang", "de"][..],
            "「--lang <LANG>」に「de」は使えません（使える値：en, ja）",
            "invalid value 'de' for '--lang <LANG>' (possible values: en, ja)",
        ),
        (
            &["goishi", "--generate", "5x5", "--difficulty", "extreme"][..],
            "easy、medium、hard のどれかを指定してください",
            "expected easy, medium or hard, got 'extreme'",
        ),
        (
            &[
                "knight",
                "--size",
                "8x8",
                "--start",
                "b1",
                "--blocked",
                "b1",
            ][..],
            "--start：マス「b1」はふさがっています",
            "--start: square 'b1' is blocked",
        ),
    ] {
        let said = errors("ja_JP.UTF-8", args);
        assert!(said.starts_with("gridtour：エラー："), "{said}");
        assert!(said.contains(japanese), "{said}");
        if !args.contains(&"--lang") {
            let mut asked = vec!["--lang", "ja"];
            asked.extend_from_slice(args);
            assert_eq!(errors("C", &asked), said);
        }
        let said = errors("C", args);
        assert!(said.starts_with("gridtour: error: "), "{said}");
        assert!(said.contains(english), "{said}");
        assert_eq!(said.lines().count(), 1, "{said}");
    }
}

#[test]
fn the_window_without_a_display_says_so_and_what_to_do_instead() {
    let output = Command::new(env!("CARGO_BIN_EXE_gridtour"))
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .env_remove("LC_ALL")
        .env("LANG", "C")
        .output()
        .expect("the binary runs");
    assert_eq!(output.status.code(), Some(1), "{output:?}");
    let said = String::from_utf8(output.stderr).expect("UTF-8");
    assert_eq!(said.lines().count(), 1, "{said}");
    assert!(said.contains("no display"), "{said}");
    assert!(said.contains("gridtour --help"), "{said}");
    assert!(!said.contains(".rs:"), "{said}");
}

#[test]
fn a_count_the_theory_rules_out_gives_its_reason_at_once() {
    let began = std::time::Instant::now();
    let output = gridtour("--size 7x7 --closed --count");
    assert!(output.status.success(), "{output:?}");
    let said = String::from_utf8(output.stdout.clone()).expect("UTF-8");
    assert!(said.starts_with("0 undirected closed tours"), "{said}");
    assert!(said.contains("even number of squares"), "{said}");
    assert!(
        output.stderr.is_empty(),
        "no sweep is announced: {output:?}"
    );
    assert!(
        began.elapsed() < std::time::Duration::from_secs(2),
        "{:?}",
        began.elapsed()
    );
    let json = String::from_utf8(gridtour("--size 7x7 --closed --count --format json").stdout)
        .expect("UTF-8");
    let value: serde_json::Value = serde_json::from_str(&json).expect("JSON");
    assert_eq!(value["tours"], 0);
    assert!(
        value["because"]
            .as_str()
            .is_some_and(|reason| reason.contains("even number")),
        "{json}"
    );
}
