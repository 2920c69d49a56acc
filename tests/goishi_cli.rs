//! `gridtour goishi` end to end: the real binary on the shared test puzzles.

mod common;

use std::path::PathBuf;
use std::process::{Command, Output};

use gridtour::goishi::{self, format};
use gridtour::job::{Control, Outcome};

fn puzzle_file(name: &str) -> String {
    common::goishi_data_dir().join(name).display().to_string()
}

fn gridtour(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_gridtour"))
        .env("LC_ALL", "C")
        .arg("goishi")
        .args(args)
        .output()
        .expect("the binary runs")
}

fn stdout(output: &Output) -> String {
    assert!(
        output.status.success(),
        "failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout.clone()).unwrap()
}

/// A scratch file under the system temp directory, removed on drop.
struct TempFile(PathBuf);

impl TempFile {
    fn new(name: &str, contents: &str) -> TempFile {
        let path =
            std::env::temp_dir().join(format!("gridtour-goishi-cli-{}-{name}", std::process::id()));
        std::fs::write(&path, contents).unwrap();
        TempFile(path)
    }

    fn path(&self) -> &str {
        self.0.to_str().unwrap()
    }
}

impl Drop for TempFile {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

#[test]
fn counts_put_the_number_first() {
    let seed = puzzle_file("seed-004-example.txt");
    assert!(stdout(&gridtour(&[&seed, "--count"])).starts_with("7256 solutions"));
    assert!(stdout(&gridtour(&[&seed, "--count", "--limit", "2"])).starts_with("2 solutions"));
    let url = "https://puzz.link/p?goishi/4/4/1370";
    assert_eq!(stdout(&gridtour(&[url, "--count"])), "4 solutions\n");
}

#[test]
fn json_solution_is_valid() {
    let file = puzzle_file("pencilbox-sample01.txt");
    let json = stdout(&gridtour(&[&file, "--format", "json"]));
    let loaded = format::load_bytes("out.json", json.as_bytes()).unwrap();
    let expected = format::load_path(file.as_ref()).unwrap().puzzle;
    assert_eq!(loaded.puzzle, expected);
    goishi::validate(&expected, &loaded.order.unwrap()).unwrap();
}

#[test]
fn text_and_pzprv3_show_pick_numbers() {
    let file = puzzle_file("pzprjs-test.txt");
    let text = stdout(&gridtour(&[&file]));
    assert_eq!(text.lines().count(), 7);
    assert!(text.split_whitespace().any(|cell| cell == "11"), "{text}");
    let pzprv3 = stdout(&gridtour(&[&file, "--format", "pzprv3"]));
    let loaded = format::load_bytes("out.pzprv3", pzprv3.as_bytes()).unwrap();
    // The puzzle has one solution: the editor's own file shows it.
    let solved = format::load_path(puzzle_file("pzprjs-test-solved.pzprv3").as_ref()).unwrap();
    assert_eq!(loaded, solved);
    let url = stdout(&gridtour(&[&file, "--format", "url"]));
    assert_eq!(url, "https://puzz.link/p?goishi/6/7/vsten1tvo\n");
}

#[test]
fn unsolvable_puzzle_says_so() {
    assert_eq!(
        stdout(&gridtour(&[&puzzle_file("no-solution-3x3.txt")])),
        "no solution\n"
    );
}

#[test]
fn check_validates_an_order_file() {
    let puzzle = puzzle_file("pzprjs-test.txt");
    let good = TempFile::new(
        "good.json",
        "[[4,4],[3,4],[3,3],[3,2],[1,2],[1,3],[1,4],[2,4],[2,1],[3,1],[3,5]]",
    );
    assert_eq!(
        stdout(&gridtour(&[&puzzle, "--check", good.path()])),
        "valid: all 11 stones picked\n"
    );
    let bad = TempFile::new("bad.json", r#"{"order":[[4,4],[2,4]]}"#);
    let output = gridtour(&[&puzzle, "--check", bad.path()]);
    assert_eq!(output.status.code(), Some(2));
    let error = String::from_utf8(output.stderr).unwrap();
    assert_eq!(error.lines().count(), 1);
    assert!(
        error.contains("step 2: jumped over the stone at (4,5)"),
        "{error}"
    );
}

#[test]
fn bad_input_gives_one_line_with_the_position() {
    let broken = TempFile::new("broken.txt", "\"O O\"\n\"O Z\"\n");
    let output = gridtour(&[broken.path()]);
    assert_eq!(output.status.code(), Some(2));
    let error = String::from_utf8(output.stderr).unwrap();
    assert_eq!(error.lines().count(), 1);
    assert!(error.starts_with("gridtour: error: "), "{error}");
    assert!(
        error.contains(&format!("{}:2:4: unknown character 'Z'", broken.path())),
        "{error}"
    );
    let output = gridtour(&["https://puzz.link/p?goishi/3/3/zz"]);
    assert!(
        String::from_utf8(output.stderr)
            .unwrap()
            .contains("URL:1:32: bad digit 'z'")
    );
    let output = gridtour(&["/nonexistent/puzzle.txt"]);
    assert_eq!(output.status.code(), Some(2));
}

/// Runs the binary, expecting exit status 2 and one line on standard error
/// that contains `expected`.
fn fails_with(args: &[&str], expected: &str) {
    let output = gridtour(args);
    let error = String::from_utf8(output.stderr).unwrap();
    assert_eq!(output.status.code(), Some(2), "{args:?}: {error}");
    assert_eq!(error.lines().count(), 1, "{args:?}: {error}");
    assert!(error.starts_with("gridtour: error: "), "{args:?}: {error}");
    assert!(error.contains(expected), "{args:?}: {error}");
    assert!(output.stdout.is_empty(), "{args:?}");
}

#[test]
fn bad_files_arguments_and_links_give_one_line_and_status_2() {
    let seed = puzzle_file("seed-004-example.txt");
    let binary = TempFile::new("binary.dat", "OO\n\0\x01\x02");
    let short = TempFile::new("short.pzprv3", "pzprv3\ngoishi\n2\n");
    fails_with(&["/nonexistent/puzzle.txt"], "cannot read the file");
    let data_dir = puzzle_file("");
    fails_with(&[&data_dir], "cannot read the file");
    fails_with(&[binary.path()], ":2:1: not a text file (binary data)");
    fails_with(
        &[short.path()],
        ":3:1: file ends before the number of columns",
    );
    fails_with(
        &["https://puzz.link/p?goishi/3"],
        "URL:1:29: missing the number of rows",
    );
    fails_with(
        &["https://puzz.link/p?goishi/5000/3/0"],
        "URL:1:28: columns 5000 is out of range (1 to 1000)",
    );
    fails_with(&["https://puzz.link/p?nurikabe/3/3/0"], "not a goishi link");
    fails_with(&[&seed, "--count", "--limit", "0"], "1 or more, got '0'");
    fails_with(&[&seed, "--check", binary.path()], "not a text file");
    fails_with(&[&seed, "--format", "xml"], "'xml'");
    fails_with(
        &["--generate", "10x"],
        "expected a size like 10x10, got '10x'",
    );
    fails_with(
        &["--generate", "3x3", "--stones", "10"],
        "the 3x3 board holds 1 to 9 stones (asked for 10)",
    );
    fails_with(
        &["--generate", "8x3", "--stones", "25"],
        "the 8x3 board holds 1 to 24 stones (asked for 25)",
    );
    fails_with(&["--generate", "0x3", "--stones", "1"], "out of range");
    fails_with(
        &["--generate", "9x9", "--difficulty", "extreme"],
        "expected easy, medium or hard, got 'extreme'",
    );
    fails_with(&[&seed, "--difficulty", "easy"], "cannot be used with");
    fails_with(&[&seed, "--seed", "3"], "cannot be used with");
    fails_with(&["--seed", "3"], "--generate");
    fails_with(
        &["--generate", "50x50", "--stones", "500", "--seed", "1"],
        "500 stones are more than the generator can make unique on the 50x50 board (about 3.4 \
         stones a row and a column): ask for at most 170, or a board of at least 147x147",
    );
}

#[test]
fn generates_the_same_unique_puzzle_for_a_seed() {
    let args = ["--generate", "6x6", "--stones", "12", "--seed", "3"];
    let first = stdout(&gridtour(&args));
    assert_eq!(first, stdout(&gridtour(&args)));
    let puzzle = format::load_bytes("generated.txt", first.as_bytes())
        .unwrap()
        .puzzle;
    assert_eq!(puzzle.stone_count(), 12);
    assert_eq!(
        goishi::count(&puzzle, None, &Control::new()),
        Outcome::Done(1)
    );
    let output = gridtour(&["--generate", "3x3", "--stones", "10"]);
    assert_eq!(output.status.code(), Some(2));
}

#[test]
fn terminal_control_bytes_in_a_file_never_reach_the_error_line() {
    let hostile = TempFile::new(
        "hostile.pzprv3",
        "pzprv3\n\u{1b}[2J\u{1b}[31m PWNED \r\n2\n2\n",
    );
    let output = gridtour(&[hostile.0.to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(
        !stderr.contains('\u{1b}') && !stderr.contains('\r'),
        "{stderr:?}"
    );
    assert!(stderr.contains("\\x1b"), "{stderr}");
}

/// A puzzle with a single solution, from the examples.
const CROSS_UNIQUE: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/assets/goishi/cross-unique.txt"
);

#[test]
fn file_names_need_not_be_utf8_and_pipes_without_writers_do_not_hang() {
    use std::os::unix::ffi::OsStrExt;
    let directory = std::env::temp_dir().join(format!("gridtour-names-{}", std::process::id()));
    std::fs::create_dir_all(&directory).unwrap();
    let name = std::ffi::OsStr::from_bytes(b"caf\xe9.txt");
    let path = directory.join(name);
    std::fs::copy(CROSS_UNIQUE, &path).unwrap();
    let output = Command::new(env!("CARGO_BIN_EXE_gridtour"))
        .env("LC_ALL", "C")
        .arg("goishi")
        .arg(&path)
        .arg("--count")
        .output()
        .expect("the binary runs");
    assert_eq!(stdout(&output), "1 solution\n");

    // A named pipe nobody writes to reads as empty: an error, not a hang.
    let fifo = directory.join("pipe");
    let made = Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .expect("mkfifo runs");
    assert!(made.success());
    let started = std::time::Instant::now();
    let output = gridtour(&[fifo.to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(2));
    assert!(started.elapsed() < std::time::Duration::from_secs(5));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("pipe:1:1: no rows"), "{stderr}");
    std::fs::remove_dir_all(&directory).ok();

    // An argument that is not UTF-8 is named by its place and flag.
    let output = Command::new(env!("CARGO_BIN_EXE_gridtour"))
        .env("LC_ALL", "C")
        .args(["goishi", "--generate"])
        .arg(std::ffi::OsStr::from_bytes(b"8x\xff"))
        .output()
        .expect("the binary runs");
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.starts_with(
            "gridtour: error: argument 3 (the value of --generate) is not valid UTF-8"
        ),
        "{stderr}"
    );
}

#[test]
fn wrong_values_in_an_order_file_are_reported_where_they_are() {
    let directory = std::env::temp_dir().join(format!("gridtour-order-{}", std::process::id()));
    std::fs::create_dir_all(&directory).unwrap();
    let order = directory.join("order.json");
    std::fs::write(&order, "[\n[4,4],\n[3,4],\n[\"three\",3]\n]\n").unwrap();
    let output = gridtour(&[CROSS_UNIQUE, "--check", order.to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("order.json:4:"), "{stderr}");
    assert!(stderr.contains("invalid type"), "{stderr}");
    std::fs::remove_dir_all(&directory).ok();
}

#[test]
fn goishi_reads_its_own_pictures_and_says_what_a_tour_file_is() {
    let dir = std::env::temp_dir().join(format!("gridtour-goishi-pictures-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a scratch folder");
    let url = "https://puzz.link/p?goishi/4/4/1370";
    for name in ["p.png", "p.svg", "p.animated.svg"] {
        let path = dir.join(name);
        let path = path.to_str().expect("a UTF-8 path");
        let made = gridtour(&[url, "--no-solution", "--output", path]);
        assert!(
            made.status.success(),
            "{}",
            String::from_utf8_lossy(&made.stderr)
        );
        let counted = gridtour(&[path, "--count"]);
        assert_eq!(stdout(&counted), "4 solutions\n", "{name}");
    }
    let tour = dir.join("tour.json");
    let made = Command::new(env!("CARGO_BIN_EXE_gridtour"))
        .env("LC_ALL", "C")
        .args(["knight", "--size", "5x5", "--format", "json", "--output"])
        .arg(&tour)
        .output()
        .expect("the binary runs");
    assert!(made.status.success());
    let refused = gridtour(&[tour.to_str().expect("UTF-8"), "--count"]);
    let error = String::from_utf8_lossy(&refused.stderr);
    assert!(
        error.contains("holds a knight's tour, not a Goishi puzzle")
            && error.contains("opens it in the window"),
        "{error}"
    );
    std::fs::remove_dir_all(&dir).ok();
}
