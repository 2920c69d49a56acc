//! Property tests: whatever the input, the readers answer with a puzzle or
//! an error that points inside the input, and never panic.

use gridtour::goishi::format::{self, ParseError};
use proptest::prelude::*;

fn points_inside(error: &ParseError, text: &str) {
    let lines = text.lines().count().max(1);
    assert!(
        error.line <= lines + 1,
        "{error} but the input has {lines} lines"
    );
}

/// Text made of the characters the formats use, so that the readers get
/// past their first checks more often than with arbitrary bytes.
fn format_like() -> impl Strategy<Value = String> {
    let pieces = prop::sample::select(vec![
        "pzprv3\n",
        "goishi\n",
        "O",
        " ",
        ".",
        "\"",
        "\n",
        "0 ",
        "1 ",
        "7",
        "12 ",
        "-",
        "x",
        "#",
        "{",
        "}",
        "[",
        "]",
        ",",
        "\"width\":",
        "\"height\":",
        "\"stones\":",
        "\"order\":",
        "https://puzz.link/p?goishi/",
        "/",
        "v",
        "0",
        "99999999",
        "\r\n",
        "●",
    ]);
    prop::collection::vec(pieces, 0..60).prop_map(|pieces| pieces.concat())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn arbitrary_bytes_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..400)) {
        if let Err(error) = format::load_bytes("fuzz", &bytes) {
            prop_assert!(!error.problem.to_string().is_empty());
        }
    }

    #[test]
    fn format_like_text_never_panics(text in format_like()) {
        if let Err(error) = format::load_bytes("fuzz", text.as_bytes()) {
            points_inside(&error, &text);
        }
        let _ = format::parse_url(&text);
        let _ = format::parse_order_json("fuzz", &text);
    }

    #[test]
    fn pzprv3_like_files_never_panic(rows in 0u32..5, cols in 0u32..5, cells in prop::collection::vec(prop::sample::select(vec![".", "0", "1", "2", "3", "-1", "a", ""]), 0..30)) {
        let grid: Vec<String> = cells.chunks(cols.max(1) as usize).map(|row| row.join(" ") + " ").collect();
        let file = format!("pzprv3\ngoishi\n{rows}\n{cols}\n{}\n", grid.join("\n"));
        if let Ok(loaded) = format::load_bytes("fuzz.pzprv3", file.as_bytes()) {
            prop_assert_eq!((loaded.puzzle.width(), loaded.puzzle.height()), (cols, rows));
        }
    }

    #[test]
    fn any_link_tail_never_panics(tail in any::<String>(), head in prop::sample::select(vec![
        "https://puzz.link/p?goishi/",
        "http://pzv.jp/p.html?goishi/",
        "https://puzz.link/p?goishi/4/",
        "https://puzz.link/p?goishi/3/3/",
    ])) {
        let url = format!("{head}{tail}");
        if let Err(error) = format::parse_url(&url) {
            prop_assert_eq!(error.line, 1);
            prop_assert!(error.column >= 1 && error.column <= url.chars().count() + 1, "{}", error);
        }
    }

    #[test]
    fn urls_round_trip(cols in 1u32..12, rows in 1u32..12, body in "[0-9a-v]{0,30}") {
        let url = format!("https://puzz.link/p?goishi/{cols}/{rows}/{body}");
        match format::parse_url(&url) {
            Ok(puzzle) => {
                let again = format::parse_url(&format::to_url(&puzzle)).unwrap();
                prop_assert_eq!(again, puzzle);
            }
            Err(error) => prop_assert!(
                matches!(error.problem, format::Problem::LinkBodyTooLong { .. }),
                "{}",
                error
            ),
        }
    }
}

#[test]
fn oversized_input_is_refused_before_parsing() {
    let huge = vec![b'O'; format::MAX_FILE_BYTES as usize + 1];
    let error = format::load_bytes("huge.txt", &huge).unwrap_err();
    assert_eq!(error.problem, format::Problem::TooLarge(32), "{error}");
    let wide = "O".repeat(1001);
    let error = format::load_bytes("wide.txt", wide.as_bytes()).unwrap_err();
    assert_eq!((error.line, error.column), (1, 1001));
}
