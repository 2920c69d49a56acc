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
/// square of margin, drawn by `name`: the path through every square, the
/// knight on the last, a1 (bottom left) dark and b1 light.
fn assert_draws_closed_tour(
    name: &str,
    image: &tiny_skia::Pixmap,
    tour: &gridtour::knight::Tour,
    cell: f64,
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
        close(colour_at(image, x, y), STYLE.dark_square),
        "{name}: a1 is not dark"
    );
    let (x, y) = corner(1, 7);
    assert!(
        close(colour_at(image, x, y), STYLE.light_square),
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
        assert_draws_closed_tour(name, image, &tour, 40.0);
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
    assert_draws_closed_tour("poppler", &image, &tour, 36.0);
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
