//! `gridtour numbers` end to end: a shipped puzzle solved (the answer
//! checked apart from the program), counted, an answer checked, a seeded
//! puzzle generated twice alike, and mistakes refused in one line.

use std::path::PathBuf;
use std::process::{Command, Output};

use gridtour::numbers::{format, is_solution};

fn gridtour(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_gridtour"))
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .env("LANG", "C")
        .args(args)
        .output()
        .expect("the binary runs")
}

fn stdout(args: &[&str]) -> String {
    let output = gridtour(args);
    assert!(output.status.success(), "{args:?}: {:?}", output);
    String::from_utf8(output.stdout).expect("utf-8")
}

fn refused(args: &[&str]) -> String {
    let output = gridtour(args);
    assert_eq!(output.status.code(), Some(2), "{args:?}: {output:?}");
    let said = String::from_utf8(output.stderr).expect("utf-8");
    assert_eq!(said.lines().count(), 1, "{said}");
    said
}

fn scratch(name: &str) -> PathBuf {
    std::env::temp_dir().join(format!(
        "gridtour-numbers-cli-{}-{name}",
        std::process::id()
    ))
}

#[test]
fn a_shipped_puzzle_is_solved_counted_and_its_answer_checked() {
    let puzzle = "assets/numbers/problem-a-4x5-closed.txt";
    let json = stdout(&["numbers", puzzle, "--format", "json"]);
    let read = format::parse("json", &json).expect("its own JSON reads back");
    let solution = read.solution.expect("solved");
    let asked = format::load_path(puzzle.as_ref()).expect("shipped").puzzle;
    assert_eq!(read.puzzle, asked);
    assert!(is_solution(&asked, &solution));
    assert_eq!(
        stdout(&["numbers", puzzle, "--count", "--limit", "5"]),
        "2 solutions\n"
    );
    let answer = scratch("answer.txt");
    std::fs::write(&answer, stdout(&["numbers", puzzle])).expect("written");
    let answer_name = answer.to_str().expect("utf-8 path");
    assert_eq!(
        stdout(&["numbers", puzzle, "--check", answer_name]),
        "valid: every square from 1 to 14 filled, each number a knight's move from the next\n"
    );
    // The same answer with two numbers swapped breaks a rule, named with
    // its squares.
    let text = std::fs::read_to_string(&answer).expect("read");
    let mut rows: Vec<Vec<String>> = text
        .lines()
        .filter(|line| !line.starts_with("closed"))
        .map(|line| line.split_whitespace().map(str::to_owned).collect())
        .collect();
    let swap = |rows: &mut Vec<Vec<String>>| {
        let cells: Vec<(usize, usize)> = (0..rows.len())
            .flat_map(|y| (0..rows[y].len()).map(move |x| (x, y)))
            .filter(|&(x, y)| rows[y][x] != "#" && rows[y][x] != "1")
            .collect();
        let ((x1, y1), (x2, y2)) = (cells[0], cells[cells.len() - 1]);
        let first = rows[y1][x1].clone();
        rows[y1][x1] = rows[y2][x2].clone();
        rows[y2][x2] = first;
    };
    swap(&mut rows);
    let swapped: String = std::iter::once("closed".to_owned())
        .chain(rows.iter().map(|row| row.join(" ")))
        .map(|line| line + "\n")
        .collect();
    std::fs::write(&answer, swapped).expect("written");
    let said = refused(&["numbers", puzzle, "--check", answer_name]);
    assert!(said.contains("cannot be joined"), "{said}");
    std::fs::remove_file(&answer).expect("removed");
}

#[test]
fn a_seeded_puzzle_is_the_same_twice_and_unique() {
    let args = [
        "numbers",
        "--generate",
        "6x6",
        "--closed",
        "--level",
        "hard",
        "--seed",
        "11",
    ];
    let made = stdout(&args);
    assert_eq!(stdout(&args), made);
    let file = scratch("made.txt");
    std::fs::write(&file, &made).expect("written");
    let name = file.to_str().expect("utf-8 path");
    assert_eq!(
        stdout(&["numbers", name, "--count", "--limit", "2"]),
        "1 solution\n"
    );
    std::fs::remove_file(&file).expect("removed");
}

#[test]
fn mistakes_are_refused_in_one_line_in_either_language() {
    let puzzle = "assets/numbers/minimal-6x6-open.txt";
    for (args, words) in [
        (&["numbers", "no-such-file.txt"][..], "no-such-file.txt"),
        (
            &["numbers", puzzle, "--format", "pzprv3"][..],
            "text, json, link, svg, png or pdf",
        ),
        (
            &["numbers", "--generate", "8x8", "--blocked", "z9"][..],
            "--blocked",
        ),
        (&["numbers", "--generate", "30x30"][..], "1 to 24"),
        (&["numbers", puzzle, "--limit", "0"][..], "--limit"),
    ] {
        let said = refused(args);
        assert!(said.starts_with("gridtour: error: "), "{said}");
        assert!(said.contains(words), "{args:?}: {said}");
    }
    let output = Command::new(env!("CARGO_BIN_EXE_gridtour"))
        .args(["--lang", "ja", "numbers", puzzle, "--format", "gif"])
        .output()
        .expect("runs");
    let said = String::from_utf8(output.stderr).expect("utf-8");
    assert!(
        said.starts_with("gridtour：エラー：--format：ナイトツアーのパズル"),
        "{said}"
    );
}

/// An unsolved puzzle drawn is a sheet to solve: its givens in their
/// squares and no path, and the picture opens again as the puzzle.
#[test]
fn an_unsolved_puzzle_draws_as_a_sheet_that_opens_again() {
    let puzzle = "assets/numbers/minimal-6x6-open.txt";
    let sheet = stdout(&["numbers", puzzle, "--no-solution", "--format", "svg"]);
    assert!(sheet.contains("<svg"), "{sheet}");
    let read = format::load_path(puzzle.as_ref()).expect("shipped");
    for (_, number) in read.puzzle.givens() {
        assert!(sheet.contains(&format!(">{number}<")), "given {number}");
    }
    assert!(!sheet.contains("<polyline"), "no path on a sheet");
    let solved = stdout(&["numbers", puzzle, "--format", "svg"]);
    assert!(solved.contains("<polyline"), "the solution's tour");
    let file = scratch("sheet.png");
    let name = file.to_str().expect("utf-8 path");
    stdout(&[
        "numbers",
        puzzle,
        "--no-solution",
        "--format",
        "png",
        "-o",
        name,
    ]);
    assert_eq!(
        stdout(&["numbers", name, "--count", "--limit", "2"]),
        "1 solution\n"
    );
    std::fs::remove_file(&file).expect("removed");
    // A Goishi picture is no knight's tour puzzle, and says what it is.
    let goishi = scratch("goishi.svg");
    let goishi_name = goishi.to_str().expect("utf-8 path");
    let shipped = "assets/goishi/cross-unique.txt";
    stdout(&["goishi", shipped, "--format", "svg", "-o", goishi_name]);
    let said = refused(&["numbers", goishi_name]);
    assert!(said.contains("Goishi Hiroi puzzle"), "{said}");
    std::fs::remove_file(&goishi).expect("removed");
}

#[test]
fn a_puzzle_travels_as_a_link_and_back() {
    let args = [
        "numbers",
        "--generate",
        "6x6",
        "--level",
        "hard",
        "--seed",
        "4",
    ];
    let text = stdout(&args);
    let mut with_link = args.to_vec();
    with_link.extend(["--format", "link"]);
    let link = stdout(&with_link);
    assert!(
        link.starts_with("gridtour:numbers?size=6x6&givens="),
        "{link}"
    );
    assert_eq!(stdout(&["numbers", link.trim(), "--no-solution"]), text);
    assert_eq!(
        stdout(&["numbers", link.trim(), "--count", "--limit", "2"]),
        "1 solution\n"
    );
    let said = refused(&["numbers", "gridtour:numbers?size=6x6&givens=a1"]);
    assert!(said.contains("column 34"), "{said}");
}

#[test]
fn every_file_the_help_names_is_shipped() {
    let help = stdout(&["numbers", "--help"]);
    let named: Vec<&str> = help
        .split_whitespace()
        .filter(|word| word.starts_with("assets/"))
        .collect();
    assert!(!named.is_empty(), "{help}");
    for path in named {
        let shipped = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(path);
        assert!(shipped.is_file(), "{path}");
        stdout(&["numbers", path]);
    }
}

#[test]
fn sizes_links_and_formats_out_of_reach_are_refused_where_they_are() {
    for size in ["0x0", "4294967295x1", "25x3"] {
        let said = refused(&["numbers", "--generate", size]);
        assert!(said.contains("--generate"), "{said}");
        assert!(said.contains("1 to 24"), "{said}");
    }
    // A number is digits, in a link as in a file.
    let said = refused(&["numbers", "gridtour:numbers?size=5x5&givens=a1:+1"]);
    assert!(said.contains("column"), "{said}");
    // A board too large is the size field's fault.
    let said = refused(&["numbers", "gridtour:numbers?size=25x25"]);
    assert!(said.contains("column 18"), "{said}");
    // --print writes a PDF: text is refused, not written as PDF bytes.
    let said = refused(&[
        "numbers",
        "--generate",
        "5x5",
        "--print",
        "1x1",
        "--format",
        "text",
    ]);
    assert!(said.contains("--print writes a PDF"), "{said}");
}

#[test]
fn a_solved_puzzles_picture_reads_back_with_its_givens() {
    let source = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/assets/numbers/problem-a-4x5-closed.txt"
    );
    let original = format::load_path(std::path::Path::new(source)).expect("the puzzle");
    for ending in ["png", "svg"] {
        let picture = scratch(&format!("solved.{ending}"));
        let path = picture.to_str().expect("a UTF-8 path");
        stdout(&["numbers", source, "--format", ending, "--output", path]);
        let read = gridtour::document::read_path(&picture).expect("readable");
        let _ = std::fs::remove_file(&picture);
        let gridtour::document::Document::Numbers(read) = read else {
            panic!("{ending}: not a knight's tour puzzle: {read:?}")
        };
        assert_eq!(read.puzzle, original.puzzle, "{ending}");
        let solution = read.solution.expect("its solution");
        assert!(is_solution(&read.puzzle, &solution), "{ending}");
    }
}
