//! Pictures from the command line: `--format svg|png|gif|animated-svg` for
//! both puzzles, read back and checked by independent means. The SVG is
//! rendered by two other programs, librsvg's `rsvg-convert` and
//! ImageMagick's own renderer, which must draw the same picture.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use gridtour::document::{self, Document};
use gridtour::goishi;
use gridtour::knight::{Board, TourKind, validate};
use gridtour::render::{Colour, STYLE};

fn gridtour(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_gridtour"))
        .env("LC_ALL", "C")
        .args(args)
        .output()
        .expect("the binary runs")
}

fn succeeded(args: &[&str]) -> Vec<u8> {
    let output = gridtour(args);
    assert!(
        output.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    output.stdout
}

/// The one-line error of a run that must fail.
fn error_of(args: &[&str]) -> String {
    let output = gridtour(args);
    assert_eq!(output.status.code(), Some(2), "{args:?} should fail");
    let stderr = String::from_utf8(output.stderr).expect("utf-8 output");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    stderr
}

/// A scratch directory for one test, emptied first.
fn scratch(name: &str) -> PathBuf {
    let directory =
        std::env::temp_dir().join(format!("gridtour-pictures-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&directory);
    std::fs::create_dir_all(&directory).expect("a scratch directory");
    directory
}

/// Runs an outside program that checks a picture, which must succeed;
/// without it the test cannot check anything, which fails under CI (where
/// `.ci/run` installs it) and is skipped with a note elsewhere (`None`).
fn outside_tool(program: &str, args: &[&str]) -> Option<Output> {
    match Command::new(program).args(args).output() {
        Ok(output) => {
            assert!(
                output.status.success(),
                "{program} {args:?}: {}",
                String::from_utf8_lossy(&output.stderr)
            );
            Some(output)
        }
        Err(error) => {
            assert!(
                std::env::var_os("CI").is_none(),
                "{program} is needed to check pictures: {error}"
            );
            eprintln!("skipped: {program} is not installed ({error})");
            None
        }
    }
}

/// Runs an outside renderer (see [`outside_tool`]): false if it is not
/// installed.
fn render_with(program: &str, args: &[&str]) -> bool {
    outside_tool(program, args).is_some()
}

fn decode_png(path: &Path) -> tiny_skia::Pixmap {
    let bytes = std::fs::read(path).expect("the rendered PNG");
    tiny_skia::Pixmap::decode_png(&bytes).expect("a decodable PNG")
}

fn colour_at(image: &tiny_skia::Pixmap, x: f64, y: f64) -> Colour {
    let pixel = image
        .pixel(x as u32, y as u32)
        .expect("inside the picture")
        .demultiply();
    Colour::rgb(pixel.red(), pixel.green(), pixel.blue())
}

fn close(a: Colour, b: Colour) -> bool {
    let channels = [(a.red, b.red), (a.green, b.green), (a.blue, b.blue)];
    channels.iter().all(|&(a, b)| a.abs_diff(b) <= 40)
}

/// The tour a picture carries, checked as a closed 8x8 tour from a1.
fn closed_tour_inside(bytes: &[u8]) -> gridtour::knight::Tour {
    let Ok(Document::Tour(tour)) = document::read_bytes("picture", bytes) else {
        panic!("the picture carries no tour");
    };
    let board = Board::new(8, 8).unwrap();
    assert_eq!(validate(&board, &tour.path, TourKind::Closed), Ok(()));
    assert_eq!(board.square_name(tour.path[0]), "a1");
    tour
}

/// Checks a picture of the 8x8 `tour` at `cell` pixels a square, half a
/// square of margin, drawn by `name` in `style`: the path through every
/// square, the knight on the last, a1 (bottom left) dark and b1 light.
fn assert_draws_closed_tour(
    name: &str,
    image: &tiny_skia::Pixmap,
    tour: &gridtour::knight::Tour,
    (cell, style): (f64, &gridtour::render::Style),
) {
    let side = (9.0 * cell).round() as u32;
    assert_eq!((image.width(), image.height()), (side, side), "{name}");
    let centre = |x: u32, y: u32| (cell * (f64::from(x) + 1.0), cell * (f64::from(y) + 1.0));
    let last = *tour.path.last().unwrap();
    for square in &tour.path {
        let (x, y) = centre(square.x, square.y);
        let expected = if *square == last {
            STYLE.knight
        } else {
            STYLE.path.colour
        };
        let seen = colour_at(image, x, y);
        assert!(
            close(seen, expected),
            "{name} at {square:?}: {seen} not {expected}"
        );
    }
    // In a corner of the square that the tour and the start ring leave
    // free.
    let corner = |x: u32, y: u32| (cell * (f64::from(x) + 1.4), cell * (f64::from(y) + 1.4));
    let (x, y) = corner(0, 7);
    assert!(
        close(colour_at(image, x, y), style.dark_square),
        "{name}: a1 is not dark"
    );
    let (x, y) = corner(1, 7);
    assert!(
        close(colour_at(image, x, y), style.light_square),
        "{name}: b1 is not light"
    );
}

#[test]
fn knight_svg_renders_alike_in_librsvg_and_imagemagick_with_a_dark_a1() {
    let directory = scratch("svg");
    let svg = succeeded(&[
        "knight", "--size", "8x8", "--start", "a1", "--closed", "--format", "svg",
    ]);
    let tour = closed_tour_inside(&svg);
    let svg_path = directory.join("tour.svg");
    std::fs::write(&svg_path, &svg).expect("the SVG written");
    let (by_rsvg, by_magick) = (directory.join("rsvg.png"), directory.join("magick.png"));
    let svg_arg = svg_path.to_str().expect("a UTF-8 temp path");
    if !render_with("rsvg-convert", &[svg_arg, "-o", by_rsvg.to_str().unwrap()])
        || !render_with(
            "convert",
            &[&format!("MSVG:{svg_arg}"), by_magick.to_str().unwrap()],
        )
    {
        return;
    }
    let (rsvg, magick) = (decode_png(&by_rsvg), decode_png(&by_magick));
    for (name, image) in [("librsvg", &rsvg), ("ImageMagick", &magick)] {
        assert_draws_closed_tour(name, image, &tour, (40.0, &STYLE));
    }
    let _ = std::fs::remove_dir_all(&directory);
}

#[test]
fn knight_png_is_written_atomically_to_the_output_file() {
    let directory = scratch("png");
    let png = directory.join("tour.png");
    let png_arg = png.to_str().unwrap();
    let printed = succeeded(&[
        "knight", "--size", "8x8", "--start", "a1", "--closed", "--format", "png", "--output",
        png_arg, "--cell", "30",
    ]);
    assert!(printed.is_empty());
    let bytes = std::fs::read(&png).expect("the PNG");
    let tour = closed_tour_inside(&bytes);
    let image = decode_png(&png);
    assert_eq!((image.width(), image.height()), (270, 270));
    let second = tour.path[1];
    let (x, y) = (
        30.0 * f64::from(second.x) + 30.0,
        30.0 * f64::from(second.y) + 30.0,
    );
    assert_eq!(colour_at(&image, x, y), STYLE.path.colour);
    // a1's free corner is dark.
    assert_eq!(colour_at(&image, 27.0, 237.0), STYLE.dark_square);
    // Only the file itself is left in the folder: no temporary files.
    let names: Vec<_> = std::fs::read_dir(&directory)
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(names, ["tour.png"]);
    let _ = std::fs::remove_dir_all(&directory);
}

#[test]
fn knight_gif_and_animated_svg_play_the_tour() {
    let gif = succeeded(&[
        "knight", "--size", "6x6", "--start", "a1", "--format", "gif", "--speed", "50",
    ]);
    let mut decoder = gif::DecodeOptions::new()
        .read_info(gif.as_slice())
        .expect("a GIF");
    let mut frames = 0;
    while decoder.read_next_frame().expect("a frame").is_some() {
        frames += 1;
    }
    // The start square, then a frame for each of the 35 moves.
    assert_eq!(frames, 36);
    let svg = succeeded(&[
        "knight",
        "--size",
        "6x6",
        "--start",
        "a1",
        "--format",
        "animated-svg",
    ]);
    let svg = String::from_utf8(svg).expect("UTF-8 SVG");
    // Casing and cyan for each of 35 moves; a backing and a number for
    // each of the 36 squares.
    assert_eq!(svg.matches("<set ").count(), 2 * 35 + 2 * 36);
    assert!(matches!(
        document::read_bytes("svg", svg.as_bytes()),
        Ok(Document::Tour(_))
    ));
}

#[test]
fn goishi_sheets_show_the_puzzle_blank_or_solved() {
    let puzzle = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/assets/goishi/seed-example.txt"
    );
    let blank = succeeded(&["goishi", puzzle, "--no-solution", "--format", "svg"]);
    let blank = String::from_utf8(blank).unwrap();
    assert!(blank.contains("Goishi Hiroi"), "no title");
    assert!(
        !blank.contains(&STYLE.picked_stone.to_string()),
        "a stone is picked"
    );
    let solved = succeeded(&["goishi", puzzle, "--format", "svg"]);
    let Ok(Document::Goishi(loaded)) = document::read_bytes("svg", &solved) else {
        panic!("the sheet carries no puzzle");
    };
    let order = loaded.order.expect("the solution inside");
    assert_eq!(goishi::validate(&loaded.puzzle, &order), Ok(()));
    let solved = String::from_utf8(solved).unwrap();
    assert!(solved.contains(", solution"));
    assert_eq!(
        solved
            .matches(&format!("fill=\"{}\"", STYLE.picked_stone))
            .count(),
        order.len()
    );
}

#[test]
fn a_trace_of_no_steps_is_refused_before_any_search() {
    // Plain search on 8x8 from d4 would run for hours unseen.
    let started = std::time::Instant::now();
    for format in ["json", "gif"] {
        let error = error_of(&[
            "knight",
            "--size",
            "8",
            "--start",
            "d4",
            "--algo",
            "dfs",
            "--trace",
            "--max-steps",
            "0",
            "--format",
            format,
        ]);
        assert!(error.contains("--max-steps"), "{error}");
    }
    let error = error_of(&[
        "goishi",
        "https://puzz.link/p?goishi/4/4/1370",
        "--trace",
        "--max-steps",
        "0",
    ]);
    assert!(error.contains("--max-steps"), "{error}");
    assert!(started.elapsed().as_secs() < 30);
}

#[test]
fn picture_options_are_checked_with_one_line_errors_naming_the_flag() {
    let error = error_of(&["knight", "--size", "5", "--format", "jpeg"]);
    assert!(error.contains("--format: unknown format 'jpeg'"), "{error}");
    let error = error_of(&["knight", "--size", "5", "--format", "svg", "--cell", "0"]);
    assert!(error.contains("--cell"), "{error}");
    let error = error_of(&[
        "knight", "--size", "5", "--format", "gif", "--speed", "fast",
    ]);
    assert!(error.contains("--speed"), "{error}");
    // Paces where a frame's arithmetic overflows: refused before any work.
    for speed in ["5e-307", "0.001", "0", "-2", "inf", "NaN", "2e6"] {
        let speed = format!("--speed={speed}");
        let error = error_of(&["knight", "--size", "5", "--format", "gif", &speed]);
        assert!(error.contains("from 0.01 to 1000000"), "{speed}: {error}");
        let error = error_of(&[
            "knight",
            "--size",
            "5",
            "--trace",
            "--format",
            "animated-svg",
            &speed,
        ]);
        assert!(error.contains("--speed"), "{speed}: {error}");
    }
    let error = error_of(&["knight", "--size", "5", "--count", "--format", "svg"]);
    assert!(error.contains("--count"), "{error}");
    let error = error_of(&["knight", "--size", "4", "--format", "svg"]);
    assert!(error.contains("nothing to draw"), "{error}");
    let error = error_of(&[
        "knight",
        "--size",
        "5",
        "--format",
        "png",
        "--output",
        "/nonexistent/dir/t.png",
    ]);
    assert!(error.contains("/nonexistent/dir"), "{error}");
    let error = error_of(&["knight", "--size", "5", "--format", "pzprv3"]);
    assert!(error.contains("Goishi"), "{error}");
}

#[test]
fn a_binary_picture_is_not_written_to_a_terminal_but_goes_through_a_pipe() {
    // `script` gives the program a terminal as its standard output.
    let binary = env!("CARGO_BIN_EXE_gridtour");
    let output = Command::new("script")
        .args([
            "-qfec",
            &format!("{binary} knight --size 5x5 --format png"),
            "/dev/null",
        ])
        .stdin(std::process::Stdio::null())
        .output()
        .expect("script(1) from util-linux runs");
    assert_eq!(output.status.code(), Some(2));
    let shown = String::from_utf8_lossy(&output.stdout);
    assert!(shown.contains("give --output FILE"), "{shown:?}");
    assert!(!shown.contains("PNG"), "binary on the terminal: {shown:?}");
    // Through a pipe the picture is written.
    let png = succeeded(&["knight", "--size", "5x5", "--format", "png"]);
    assert!(png.starts_with(b"\x89PNG"));
}

/// Runs a poppler tool with `args`: its standard output, or `None` where
/// it is not installed (see [`outside_tool`]).
fn poppler(program: &str, args: &[&str]) -> Option<String> {
    let output = outside_tool(program, args)?;
    Some(String::from_utf8(output.stdout).expect("UTF-8 from poppler"))
}

/// The path of a scratch file, as an argument.
fn arg(path: &Path) -> &str {
    path.to_str().expect("a UTF-8 temp path")
}

/// Every font of `pdf` is embedded and subset, and it holds no images.
fn assert_fonts_embedded_and_no_images(pdf: &Path) {
    let Some(fonts) = poppler("pdffonts", &[arg(pdf)]) else {
        return;
    };
    let rows: Vec<&str> = fonts.lines().skip(2).collect();
    assert!(!rows.is_empty(), "no fonts in {fonts}");
    for row in rows {
        let columns: Vec<&str> = row.split_whitespace().collect();
        let flags = &columns[columns.len() - 5..columns.len() - 2];
        assert_eq!(
            flags,
            ["yes", "yes", "yes"],
            "embedded, subset, unicode: {row}"
        );
    }
    let images = poppler("pdfimages", &["-list", arg(pdf)]).unwrap_or_default();
    assert_eq!(images.lines().count(), 2, "images in the page: {images}");
}

#[test]
fn a_closed_tour_prints_on_one_vector_page_with_its_font_embedded() {
    let directory = scratch("pdf");
    let pdf = directory.join("tour.pdf");
    let tour_args = ["knight", "--size", "8x8", "--start", "a1", "--closed"];
    let printed = succeeded(&[&tour_args[..], &["--format", "pdf", "-o", arg(&pdf)]].concat());
    assert!(printed.is_empty());
    let bytes = std::fs::read(&pdf).expect("the PDF");
    assert!(bytes.starts_with(b"%PDF-"));
    assert!(bytes.len() < 100_000, "{} bytes", bytes.len());
    let json = succeeded(&[&tour_args[..], &["--format", "json"]].concat());
    let tour = closed_tour_inside(&json);
    let Some(info) = poppler("pdfinfo", &[arg(&pdf)]) else {
        return;
    };
    assert!(
        info.lines()
            .any(|line| line.split_whitespace().eq(["Pages:", "1"])),
        "{info}"
    );
    assert_fonts_embedded_and_no_images(&pdf);
    // 36 points a square at 72 dots an inch: 36 pixels.
    let stem = directory.join("page");
    let page = ["-png", "-r", "72", "-singlefile", arg(&pdf), arg(&stem)];
    outside_tool("pdftoppm", &page).expect("pdftoppm, as pdfinfo");
    let image = decode_png(&directory.join("page.png"));
    // A page to print has light grey dark squares.
    assert_draws_closed_tour("poppler", &image, &tour, (36.0, &gridtour::render::PAPER));
    let _ = std::fs::remove_dir_all(&directory);
}

#[test]
fn pdf_text_comes_back_in_english_and_japanese() {
    let directory = scratch("pdf-text");
    let titles = [
        ("en", "Goishi Hiroi 10 x 10, 30 stones"),
        ("ja", "碁石拾い 10×10、石 30 個"),
    ];
    for (language, title) in titles {
        let pdf = directory.join(format!("goishi-{language}.pdf"));
        succeeded(&[
            "--lang",
            language,
            "goishi",
            "--generate",
            "10x10",
            "--stones",
            "30",
            "--seed",
            "3",
            "--format",
            "pdf",
            "-o",
            arg(&pdf),
        ]);
        let Some(text) = poppler("pdftotext", &[arg(&pdf), "-"]) else {
            return;
        };
        assert!(text.contains(title), "{language}: {text}");
        assert_fonts_embedded_and_no_images(&pdf);
    }
    let _ = std::fs::remove_dir_all(&directory);
}

#[test]
fn a_pdf_page_past_the_format_limit_gets_a_one_line_error() {
    let error = error_of(&[
        "knight",
        "--size",
        "500x500",
        "--format",
        "pdf",
        "--cell",
        "30",
        "-o",
        "/nonexistent/never.pdf",
    ]);
    assert!(
        error.contains("15030 x 15030 point PDF page is too large"),
        "{error}"
    );
    assert!(error.contains("at most 28 points"), "{error}");
}

/// The links of a PDF's link annotations, in the order of the boards.
fn links_in(pdf: &[u8]) -> Vec<String> {
    let text = String::from_utf8_lossy(pdf);
    text.split("/URI(")
        .skip(1)
        .filter_map(|rest| rest.split_once(')').map(|(link, _)| link.to_owned()))
        .collect()
}

/// The rectangles of a PDF's link annotations, in points from the page's
/// bottom left: left, bottom, right, top.
fn link_rects(pdf: &[u8]) -> Vec<[f64; 4]> {
    let text = String::from_utf8_lossy(pdf);
    text.split("/Subtype/Link/Rect[")
        .skip(1)
        .filter_map(|rest| {
            let (numbers, _) = rest.split_once(']')?;
            let numbers: Vec<f64> = numbers
                .split_whitespace()
                .filter_map(|number| number.parse().ok())
                .collect();
            numbers.try_into().ok()
        })
        .collect()
}

/// The number of pages pdfinfo finds, and the page size it gives.
fn pages_and_size(pdf: &Path) -> Option<(u32, String)> {
    let info = poppler("pdfinfo", &[arg(pdf)])?;
    let field = |name: &str| {
        info.lines()
            .find_map(|line| line.strip_prefix(name))
            .map(|value| value.trim().to_owned())
            .unwrap_or_default()
    };
    Some((field("Pages:").parse().unwrap_or(0), field("Page size:")))
}

/// The text of page `page` of `pdf`.
fn page_text(pdf: &Path, page: u32) -> Option<String> {
    let page = page.to_string();
    poppler("pdftotext", &["-f", &page, "-l", &page, arg(pdf), "-"])
}

#[test]
fn a_sheet_of_twelve_goishi_puzzles_prints_on_two_pages_with_answers_after() {
    let directory = scratch("sheet");
    let pdf = directory.join("sheet.pdf");
    let printed = succeeded(&[
        "goishi",
        "--generate",
        "10x10",
        "--stones",
        "30",
        "--seed",
        "5",
        "--puzzles",
        "12",
        "--print",
        "3x4",
        "--with-solutions",
        "-o",
        arg(&pdf),
    ]);
    assert!(printed.is_empty());
    let bytes = std::fs::read(&pdf).expect("the PDF");
    assert!(bytes.len() < 300_000, "{} bytes", bytes.len());
    // Under each puzzle, the link that opens it: twelve different puzzles
    // of the size asked, each with one solution.
    let links = links_in(&bytes);
    assert_eq!(links.len(), 12);
    let mut puzzles = Vec::new();
    for link in &links {
        let puzzle = goishi::format::parse_url(link).expect("a puzz.link URL");
        assert_eq!((puzzle.width(), puzzle.height()), (10, 10));
        assert_eq!(puzzle.stones().len(), 30);
        let count = goishi::count(&puzzle, Some(2), &gridtour::job::Control::new());
        assert!(matches!(count, gridtour::job::Outcome::Done(1)), "{link}");
        assert!(!puzzles.contains(&puzzle), "{link} twice");
        puzzles.push(puzzle);
    }
    let Some((pages, size)) = pages_and_size(&pdf) else {
        return;
    };
    assert_eq!(pages, 2);
    assert!(
        size.starts_with("595.28 x 841.89"),
        "A4 under LC_ALL=C: {size}"
    );
    assert_fonts_embedded_and_no_images(&pdf);
    let puzzles_page = page_text(&pdf, 1).expect("pdftotext, as pdfinfo");
    let answers_page = page_text(&pdf, 2).expect("pdftotext, as pdfinfo");
    assert!(
        puzzles_page.starts_with("Goishi Hiroi, 10 x 10, 30 stones"),
        "{puzzles_page}"
    );
    assert!(answers_page.starts_with("Solutions: Goishi Hiroi, 10 x 10, 30 stones"));
    for number in 1..=12 {
        let caption = format!("No. {number}\n");
        assert!(
            puzzles_page.contains(&caption),
            "{caption} in {puzzles_page}"
        );
        assert!(
            answers_page.contains(&caption),
            "{caption} in {answers_page}"
        );
    }
    // Each board above its caption: wood under the link's rectangle on
    // the puzzle page, and picked stones joined by the path only on the
    // page of answers.
    let stem = directory.join("page");
    outside_tool("pdftoppm", &["-png", "-r", "72", arg(&pdf), arg(&stem)]).expect("pdftoppm");
    let puzzle_image = decode_png(&directory.join("page-1.png"));
    let answer_image = decode_png(&directory.join("page-2.png"));
    let height = f64::from(puzzle_image.height());
    let rects = link_rects(&bytes);
    assert_eq!(rects.len(), 12);
    let count_of = |image: &tiny_skia::Pixmap, colour: Colour, [left, _, right, top]: [f64; 4]| {
        // The board: from well above the caption up to its width again.
        let board_bottom = height - top - 20.0;
        let mut found = 0;
        for y in (board_bottom - (right - left) * 0.8) as u32..board_bottom as u32 {
            for x in left as u32..right as u32 {
                found += u32::from(close(colour_at(image, f64::from(x), f64::from(y)), colour));
            }
        }
        found
    };
    for &rect in &rects {
        assert!(
            count_of(&puzzle_image, STYLE.wood, rect) > 5_000,
            "{rect:?}"
        );
        assert_eq!(count_of(&puzzle_image, STYLE.path.colour, rect), 0);
        assert!(
            count_of(&answer_image, STYLE.path.colour, rect) > 200,
            "{rect:?}"
        );
    }
    let _ = std::fs::remove_dir_all(&directory);
}

#[test]
fn sheets_are_worded_in_japanese_and_sized_for_the_locale() {
    let directory = scratch("sheet-ja");
    let pdf = directory.join("sheet.pdf");
    let output = Command::new(env!("CARGO_BIN_EXE_gridtour"))
        .env("LC_ALL", "ja_JP.UTF-8")
        .args([
            "numbers",
            "--generate",
            "6x6",
            "--seed",
            "2",
            "--puzzles",
            "3",
        ])
        .args(["--print", "2x2", "--with-solutions", "-o", arg(&pdf)])
        .output()
        .expect("the binary runs");
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let Some((pages, size)) = pages_and_size(&pdf) else {
        return;
    };
    assert_eq!(pages, 2);
    assert!(size.starts_with("595.28 x 841.89"), "A4 in Japan: {size}");
    let puzzles_page = page_text(&pdf, 1).expect("pdftotext, as pdfinfo");
    let answers_page = page_text(&pdf, 2).expect("pdftotext, as pdfinfo");
    let heading = "ナイトツアーのパズル、6×6、開いたツアー、ふつう";
    assert!(puzzles_page.starts_with(heading), "{puzzles_page}");
    assert!(
        answers_page.starts_with(&format!("解答：{heading}")),
        "{answers_page}"
    );
    // pdftotext drops the spaces between the kana and kanji.
    let compact = |text: &str| text.replace(' ', "");
    assert!(compact(&puzzles_page).contains("第3問") && compact(&answers_page).contains("第3問"));
    assert_fonts_embedded_and_no_images(&pdf);
    // Letter where the locale prints on it, or when asked.
    for (locale, paper, expected) in [
        ("en_US.UTF-8", None, "612 x 792"),
        ("C", Some("letter"), "612 x 792"),
        ("en_US.UTF-8", Some("A4"), "595.28 x 841.89"),
    ] {
        let mut command = Command::new(env!("CARGO_BIN_EXE_gridtour"));
        command.env("LC_ALL", locale).args([
            "numbers",
            "assets/numbers/few-5x5-open.txt",
            "assets/numbers/minimal-6x6-closed.txt",
            "--print",
            "1x2",
            "-o",
            arg(&pdf),
        ]);
        command.args(paper.map(|paper| ["--paper", paper]).iter().flatten());
        let output = command.output().expect("the binary runs");
        assert!(
            output.status.success(),
            "{}",
            String::from_utf8_lossy(&output.stderr)
        );
        let (pages, size) = pages_and_size(&pdf).expect("pdfinfo");
        assert_eq!(pages, 1);
        assert!(size.starts_with(expected), "{locale} {paper:?}: {size}");
    }
    // The files' own sizes and kinds, which differ, under each.
    let text = page_text(&pdf, 1).expect("pdftotext");
    assert!(text.starts_with("Knight's tour puzzles\n"), "{text}");
    assert!(text.contains("No. 1, 5 x 5, open tour") && text.contains("No. 2, 6 x 6, closed tour"));
    let _ = std::fs::remove_dir_all(&directory);
}

#[test]
fn sheet_options_are_checked_with_one_line_errors() {
    let goishi = ["goishi", "-o", "/nonexistent/x.pdf"];
    let ten = ["--generate", "10x10", "--stones", "30"];
    let cases: [(&[&str], &str); 11] = [
        (
            &["--print", "0x3"],
            "--print: expected boards across x down a page like 3x4, each from 1 to 10, got '0x3'",
        ),
        (&["--print", "11x1"], "got '11x1'"),
        (
            &["--print", "3x4", "--puzzles", "0"],
            "--puzzles: expected a number of puzzles from 1 to 1000, got '0'",
        ),
        (
            &["--print", "3x4", "--scale", "0"],
            "--scale: expected a number above 0",
        ),
        (&["--print", "3x4", "--scale", "nan"], "got 'nan'"),
        (
            &["--print", "3x4", "--scale", "2"],
            "at scale 2 the boards do not fit their places on the page; the largest scale that fits is 1 ",
        ),
        (
            &["--print", "10x10", "--puzzles", "100", "--scale", "0.2"],
            "with 10 x 10 boards a page each square would be 0.05 mm, under the 1.42 mm that can be read",
        ),
        (
            &["--print", "3x4", "--paper", "b5"],
            "--paper: expected one of a4, letter, got 'b5'",
        ),
        (
            &["--print", "3x4", "--format", "png"],
            "--print writes a PDF",
        ),
        (
            &["--format", "pdf", "--puzzles", "2"],
            "the following required arguments were not provided: --print <WxH>",
        ),
        (
            &["--print", "1x1", "--puzzles", "20", "--seed", "1"],
            "only 9 different puzzles",
        ),
    ];
    for (index, (extra, expected)) in cases.into_iter().enumerate() {
        // The last asks for more than a 3x3 board with one stone has.
        let size: &[&str] = if index == 10 {
            &["--generate", "3x3", "--stones", "1"]
        } else {
            &ten
        };
        let args = [&goishi[..], size, extra].concat();
        let error = error_of(&args);
        assert!(error.contains(expected), "{args:?}: {error}");
    }
    let files = [
        "assets/numbers/few-5x5-open.txt",
        "assets/numbers/minimal-6x6-closed.txt",
    ];
    let error = error_of(&["numbers", files[0], files[1]]);
    assert!(
        error.contains("2 puzzles were given and this works on one"),
        "{error}"
    );
    let error = error_of(&["numbers", files[0], "--print", "2x2", "--puzzles", "3"]);
    assert!(error.contains("--puzzles makes new puzzles"), "{error}");
}

#[test]
fn a_puzzle_alone_fills_its_page_in_light_squares_a_pencil_can_write_on() {
    let directory = scratch("paper");
    let pdf = directory.join("sheet.pdf");
    let puzzle = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/assets/numbers/minimal-6x6-open.txt"
    );
    let output = gridtour(&["numbers", puzzle, "--print", "3x4", "-o", arg(&pdf)]);
    assert!(output.status.success(), "{output:?}");
    let Some(text) = page_text(&pdf, 1) else {
        return;
    };
    for given in ["32", "21", "28", "36", "3", "16"] {
        assert!(
            text.split_whitespace().any(|word| word == given),
            "{given} in {text}"
        );
    }
    let stem = directory.join("page");
    outside_tool("pdftoppm", &["-png", "-r", "36", arg(&pdf), arg(&stem)]).expect("pdftoppm");
    let image = decode_png(&directory.join("page-1.png"));
    let (mut dark, mut grey) = (0u64, 0u64);
    for y in 0..image.height() {
        for x in 0..image.width() {
            let colour = colour_at(&image, f64::from(x), f64::from(y));
            let light = u32::from(colour.red) + u32::from(colour.green) + u32::from(colour.blue);
            dark += u64::from(light < 3 * 128);
            grey +=
                u64::from(close(colour, gridtour::render::PAPER.dark_square) && light < 3 * 0xf0);
        }
    }
    let area = u64::from(image.width()) * u64::from(image.height());
    // Half of a board as wide as the page is light grey (a twelfth of a
    // page before); what is darker than mid-grey is text and lines alone.
    assert!(
        grey * 10 > area,
        "light grey squares: {grey} of {area} pixels"
    );
    assert!(dark * 20 < area, "dark pixels: {dark} of {area}");
    let _ = std::fs::remove_dir_all(&directory);
}

#[test]
fn labels_name_the_columns_and_rows_when_asked() {
    let args = [
        "knight", "--size", "5x5", "--start", "a1", "--format", "svg",
    ];
    let plain = String::from_utf8(succeeded(&args)).expect("an SVG");
    let labelled =
        String::from_utf8(succeeded(&[&args[..], &["--labels"]].concat())).expect("an SVG");
    for name in ["a", "e", "1", "5"] {
        assert!(
            labelled.contains(&format!(">{name}</text>")),
            "{name} named"
        );
    }
    // Letters are no move numbers: without --labels no column is named.
    assert!(!plain.contains(">a</text>") && !plain.contains(">e</text>"));
}
