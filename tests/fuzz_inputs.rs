//! Hostile input for every reader not covered by `goishi_parsers.rs`: pick
//! order files, documents (pictures, tours, puzzles), board sizes and
//! square names, format and size names, and the command line itself. None
//! may panic; every error is one line.

use std::process::Command;

use gridtour::document;
use gridtour::goishi::format;
use gridtour::knight::Board;
use gridtour::memory;
use gridtour::output::Format;
use proptest::prelude::*;

/// Text that looks a little like what the readers expect.
fn json_like() -> impl Strategy<Value = String> {
    prop::collection::vec(
        prop::sample::select(vec![
            "[",
            "]",
            "{",
            "}",
            ",",
            ":",
            "\"order\"",
            "\"width\"",
            "\"path\"",
            "1",
            "-1",
            "0",
            "99999999999",
            "\"x\"",
            "null",
            "\n",
            " ",
            "\u{1b}[2J",
            "\"\u{85}\"",
            "1.5",
            "true",
        ]),
        0..40,
    )
    .prop_map(|pieces| pieces.concat())
}

fn one_line(message: &str) {
    assert!(!message.contains('\n'), "a multi-line error: {message:?}");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn order_files_never_panic(text in json_like()) {
        if let Err(error) = format::parse_order_json("order.json", &text) {
            one_line(&error.to_string());
        }
    }

    #[test]
    fn documents_never_panic(text in json_like(), bytes in prop::collection::vec(any::<u8>(), 0..200)) {
        for input in [text.as_bytes(), &bytes[..]] {
            if let Err(error) = document::read_bytes("file", input) {
                one_line(&error.to_string());
            }
        }
        let svg = document::embed_in_svg("<svg>x</svg>", &text);
        if let Err(error) = document::read_bytes("picture.svg", svg.as_bytes()) {
            one_line(&error.to_string());
        }
    }

    #[test]
    fn sizes_squares_and_names_never_panic(text in any::<String>()) {
        if let Ok(board) = Board::parse_size(&text) {
            prop_assert!(board.width() >= 1 && board.height() >= 1);
        }
        let board = Board::new(30, 30).unwrap();
        if let Ok(square) = board.parse_square(&text) {
            prop_assert!(board.contains(square));
            prop_assert_eq!(board.parse_square(&board.square_name(square)), Ok(square));
        }
        if let Err(error) = Format::parse(&text) {
            one_line(&error.to_string());
        }
        if let Err(error) = memory::parse_size(&text) {
            one_line(&error.to_string());
        }
    }
}

proptest! {
    // Each case starts the program: fewer of them.
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn the_command_line_answers_or_fails_in_one_line(arguments in prop::collection::vec(
        prop::sample::select(vec![
            // Boards small enough that every count ends at once.
            "knight", "goishi", "--size", "5", "6x1", "0x3", "a1", "z99", "--start", "--closed",
            "--count", "--blocked", "b2,c3", "--format", "svg", "png", "gif", "json", "", "--cell",
            "0", "--speed", "-1", "--limit", "2", "--generate", "4x4", "--stones", "3",
            "--no-solution", "--memory", "1K", "--failing-starts", "--numbers", "\u{1b}[31m",
        ]),
        1..7,
    )) {
        let output = Command::new(env!("CARGO_BIN_EXE_gridtour"))
        .env("LC_ALL", "C")
            .args(&arguments)
            .arg("--output")
            .arg(std::env::temp_dir().join(format!("gridtour-fuzz-{}.out", std::process::id())))
            .output()
            .expect("the binary runs");
        let stderr = String::from_utf8_lossy(&output.stderr);
        prop_assert!(matches!(output.status.code(), Some(0 | 2)), "{arguments:?}: {stderr}");
        prop_assert!(!stderr.contains("panicked"), "{arguments:?}: {stderr}");
        if output.status.code() == Some(2) {
            prop_assert_eq!(stderr.lines().count(), 1, "{:?}: {}", arguments, stderr);
            prop_assert!(!stderr.contains('\u{1b}'), "{:?}: {}", arguments, stderr);
        }
    }
}

/// The cases that once broke: a terminal escape in a file name quoted back,
/// an empty format name, an order file with a wrong value on line 4.
#[test]
fn replayed_cases_fail_in_one_clean_line() {
    let output = Command::new(env!("CARGO_BIN_EXE_gridtour"))
        .env("LC_ALL", "C")
        .args(["goishi", "\u{1b}[2J\u{1b}[31m PWNED \r.txt"])
        .output()
        .expect("the binary runs");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr.contains("\\x1b[2J"), "{stderr:?}");
    assert!(
        !stderr.contains('\u{1b}') && !stderr.contains('\r'),
        "{stderr:?}"
    );
    let output = Command::new(env!("CARGO_BIN_EXE_gridtour"))
        .env("LC_ALL", "C")
        .args(["knight", "--size", "5", "--format", ""])
        .output()
        .expect("the binary runs");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("--format: unknown format ''"), "{stderr:?}");
    let error = format::parse_order_json("o.json", "[\n[1,2],\n[3,4],\n[true,5]\n]").unwrap_err();
    assert_eq!(error.line, 4, "{error}");
}
