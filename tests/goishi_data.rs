//! The shared test puzzles (`../shared/puzzles/goishi/index.tsv`, with
//! independently verified solution counts): parsing from files and URLs,
//! counting, solving, listing, and format round trips.

mod common;

use std::ops::ControlFlow;

use gridtour::goishi::format::{self, Loaded};
use gridtour::goishi::{self, Point, Puzzle};
use gridtour::job::{Control, Outcome};

struct Entry {
    file: String,
    url: String,
    width: u32,
    height: u32,
    stones: usize,
    solutions: u64,
}

fn index() -> Vec<Entry> {
    let text = std::fs::read_to_string(common::goishi_data_dir().join("index.tsv"))
        .expect("index.tsv is readable");
    let entries: Vec<Entry> = text
        .lines()
        .skip(1)
        .filter(|line| !line.trim().is_empty())
        .map(|line| {
            let fields: Vec<&str> = line.split('\t').collect();
            assert_eq!(fields.len(), 6, "index.tsv line {line:?}");
            Entry {
                file: fields[0].to_owned(),
                url: fields[1].to_owned(),
                width: fields[2].parse().unwrap(),
                height: fields[3].parse().unwrap(),
                stones: fields[4].parse().unwrap(),
                solutions: fields[5].parse().unwrap(),
            }
        })
        .collect();
    assert!(
        entries.len() >= 8,
        "index.tsv lists {} puzzles",
        entries.len()
    );
    entries
}

fn load(file: &str) -> Loaded {
    format::load_path(&common::goishi_data_dir().join(file))
        .unwrap_or_else(|error| panic!("{error}"))
}

fn done<T>(outcome: Outcome<T>) -> T {
    match outcome {
        Outcome::Done(value) => value,
        Outcome::Cancelled => panic!("cancelled without being asked to"),
    }
}

#[test]
fn every_puzzle_reads_the_same_from_its_file_and_its_url() {
    for entry in index() {
        let from_file = load(&entry.file).puzzle;
        let from_url = format::parse_url(&entry.url).unwrap_or_else(|error| panic!("{error}"));
        assert_eq!(from_file, from_url, "{}", entry.file);
        assert_eq!(
            (
                from_file.width(),
                from_file.height(),
                from_file.stones().len()
            ),
            (entry.width, entry.height, entry.stones),
            "{}",
            entry.file
        );
        assert_eq!(format::to_url(&from_file), entry.url, "{}", entry.file);
        let pzv = entry
            .url
            .replace("https://puzz.link/p?", "http://pzv.jp/p.html?");
        assert_eq!(format::parse_url(&pzv), Ok(from_file), "{pzv}");
    }
}

#[test]
fn every_puzzle_has_its_verified_number_of_solutions() {
    for entry in index() {
        let puzzle = load(&entry.file).puzzle;
        let control = Control::new();
        assert_eq!(
            done(goishi::count(&puzzle, None, &control)),
            entry.solutions,
            "{}",
            entry.file
        );
        assert_eq!(
            done(goishi::count(&puzzle, Some(2), &control)),
            entry.solutions.min(2),
            "{} with limit 2",
            entry.file
        );
    }
}

#[test]
fn seed_example_has_7256_solutions() {
    let puzzle = load("seed-004-example.txt").puzzle;
    assert_eq!(done(goishi::count(&puzzle, None, &Control::new())), 7256);
}

#[test]
fn every_solvable_puzzle_gets_a_valid_solution() {
    for entry in index() {
        let puzzle = load(&entry.file).puzzle;
        let solution = done(goishi::solve(&puzzle, &Control::new()));
        match solution {
            Some(order) => {
                assert!(entry.solutions > 0, "{} has no solution", entry.file);
                goishi::validate(&puzzle, &order)
                    .unwrap_or_else(|violation| panic!("{}: {violation}", entry.file));
            }
            None => assert_eq!(entry.solutions, 0, "{}", entry.file),
        }
    }
}

#[test]
fn enumeration_lists_every_solution_once_and_each_is_valid() {
    for entry in index() {
        let puzzle = load(&entry.file).puzzle;
        let mut seen = std::collections::HashSet::new();
        let passed = done(goishi::enumerate(
            &puzzle,
            &Control::new(),
            &mut |order: &[Point]| {
                goishi::validate(&puzzle, order)
                    .unwrap_or_else(|violation| panic!("{}: {violation}", entry.file));
                assert!(seen.insert(order.to_vec()), "{}: listed twice", entry.file);
                ControlFlow::Continue(())
            },
        ));
        assert_eq!(passed, entry.solutions, "{}", entry.file);
        assert_eq!(seen.len() as u64, entry.solutions, "{}", entry.file);
    }
}

#[test]
fn enumeration_stops_when_asked() {
    let puzzle = load("seed-004-example.txt").puzzle;
    let mut calls = 0;
    let passed = done(goishi::enumerate(
        &puzzle,
        &Control::new(),
        &mut |_: &[Point]| {
            calls += 1;
            if calls == 5 {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        },
    ));
    assert_eq!((passed, calls), (5, 5));
}

#[test]
fn text_to_url_to_pzprv3_to_text_keeps_the_puzzle() {
    for entry in index() {
        let text = std::fs::read_to_string(common::goishi_data_dir().join(&entry.file)).unwrap();
        let puzzle = load(&entry.file).puzzle;
        let via_url = format::parse_url(&format::to_url(&puzzle)).unwrap();
        let pzprv3 = format::to_pzprv3(&via_url, None);
        let via_pzprv3 = format::load_bytes("round.pzprv3", pzprv3.as_bytes()).unwrap();
        assert_eq!(via_pzprv3.order, None);
        let back = format::to_text(&via_pzprv3.puzzle);
        assert_eq!(back, text, "{}", entry.file);
    }
}

#[test]
fn solved_pzprv3_file_carries_a_valid_order() {
    let solved = load("pzprjs-test-solved.pzprv3");
    let unsolved: Puzzle = load("pzprjs-test.txt").puzzle;
    assert_eq!(solved.puzzle, unsolved);
    let order = solved.order.expect("the file has pick numbers");
    assert_eq!(order.len(), 11);
    assert_eq!(order[0], Point::new(4, 4));
    goishi::validate(&solved.puzzle, &order).unwrap();
    // Written back with the same numbers, it is the editor's file exactly.
    let written = format::to_pzprv3(&solved.puzzle, Some(&order));
    let original =
        std::fs::read_to_string(common::goishi_data_dir().join("pzprjs-test-solved.pzprv3"))
            .unwrap();
    assert_eq!(written, original);
    let reread = format::load_bytes("again.pzprv3", written.as_bytes()).unwrap();
    assert_eq!(
        reread,
        Loaded {
            puzzle: unsolved,
            order: Some(order)
        }
    );
}

#[test]
fn json_export_round_trips_a_solution() {
    let puzzle = load("gridpuzzle-37d49.txt").puzzle;
    let order = done(goishi::solve(&puzzle, &Control::new())).unwrap();
    let json = format::to_json(&puzzle, &order);
    let loaded = format::load_bytes("s.json", json.as_bytes()).unwrap();
    assert_eq!(loaded.puzzle, puzzle);
    assert_eq!(loaded.order, Some(order));
}

#[test]
fn pzprv3_lines_after_the_grid_are_ignored() {
    let original =
        std::fs::read_to_string(common::goishi_data_dir().join("pzprjs-test-solved.pzprv3"))
            .unwrap();
    let with_trailer = format!(
        "{original}TrialData\n1\nhistory:{{\"type\":\"pzpr\",\"version\":0.4,\"time\":1}}\n\
         info:{{\"metadata\":{{\"author\":\"\"}}}}\n"
    );
    assert_eq!(
        format::load_bytes("trailer.pzprv3", with_trailer.as_bytes()).unwrap(),
        load("pzprjs-test-solved.pzprv3")
    );
}
