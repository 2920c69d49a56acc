//! Tests of the pictures: structure of the SVG, pixels of the PNG and GIF.

use super::*;
use crate::render::animate::Timing;

/// An element of a parsed SVG document.
#[derive(Debug)]
struct Element {
    name: String,
    attributes: Vec<(String, String)>,
    text: String,
}

impl Element {
    fn attribute(&self, name: &str) -> &str {
        self.attributes
            .iter()
            .find(|(key, _)| key == name)
            .map(|(_, value)| value.as_str())
            .unwrap_or_else(|| panic!("<{}> has no attribute {name}", self.name))
    }

    fn number(&self, name: &str) -> f64 {
        let value = self.attribute(name);
        value
            .parse()
            .unwrap_or_else(|_| panic!("<{}> {name}={value:?} is not a number", self.name))
    }
}

/// A strict little XML reader, enough for the SVG this module writes:
/// panics unless every tag is closed in order, attributes are quoted and
/// unique, and there is exactly one root element.
fn parse_xml(document: &str) -> Vec<Element> {
    let mut elements: Vec<Element> = Vec::new();
    let mut open: Vec<usize> = Vec::new();
    let mut roots = 0;
    let mut rest = document;
    while let Some(start) = rest.find('<') {
        let text = &rest[..start];
        match open.last() {
            Some(&parent) => elements[parent].text.push_str(text),
            None => assert!(text.trim().is_empty(), "text outside the root: {text:?}"),
        }
        rest = &rest[start..];
        if let Some(declaration) = rest.strip_prefix("<?") {
            assert!(elements.is_empty(), "declaration after elements");
            let end = declaration.find("?>").expect("unterminated declaration");
            rest = &declaration[end + 2..];
            continue;
        }
        let end = rest.find('>').expect("unterminated tag");
        let tag = &rest[1..end];
        rest = &rest[end + 1..];
        if let Some(name) = tag.strip_prefix('/') {
            let parent = open.pop().expect("closing tag without an open one");
            assert_eq!(elements[parent].name, name, "mismatched closing tag");
            continue;
        }
        let (tag, self_closing) = match tag.strip_suffix('/') {
            Some(tag) => (tag, true),
            None => (tag, false),
        };
        let name_end = tag.find(char::is_whitespace).unwrap_or(tag.len());
        let name = &tag[..name_end];
        assert!(
            !name.is_empty() && name.chars().all(|c| c.is_ascii_alphanumeric()),
            "bad element name {name:?}"
        );
        let mut attributes = Vec::new();
        let mut attribute_text = tag[name_end..].trim_start();
        while !attribute_text.is_empty() {
            let (key, after) = attribute_text
                .split_once("=\"")
                .expect("unquoted attribute");
            let (value, after) = after.split_once('"').expect("unterminated attribute");
            assert!(!value.contains('<'), "'<' in attribute {key}");
            assert!(
                attributes.iter().all(|(seen, _)| seen != key),
                "duplicate attribute {key} in <{name}>"
            );
            attributes.push((key.to_string(), value.to_string()));
            let trimmed = after.trim_start();
            assert!(
                trimmed.len() < after.len() || trimmed.is_empty(),
                "attributes not separated by space in <{name}>"
            );
            attribute_text = trimmed;
        }
        if open.is_empty() {
            roots += 1;
        }
        elements.push(Element {
            name: name.to_string(),
            attributes,
            text: String::new(),
        });
        if !self_closing {
            open.push(elements.len() - 1);
        }
    }
    assert!(rest.trim().is_empty(), "text after the root: {rest:?}");
    assert!(open.is_empty(), "unclosed elements");
    assert_eq!(roots, 1, "an XML document has exactly one root");
    elements
}

fn count(elements: &[Element], name: &str) -> usize {
    elements
        .iter()
        .filter(|element| element.name == name)
        .count()
}

fn named<'a>(elements: &'a [Element], name: &str) -> Vec<&'a Element> {
    elements
        .iter()
        .filter(|element| element.name == name)
        .collect()
}

/// Is `(x, y)` a knight's move away from `(x0, y0)`?
fn is_knight_move((x0, y0): Cell, (x, y): Cell) -> bool {
    let (dx, dy) = (x0.abs_diff(x), y0.abs_diff(y));
    (dx, dy) == (1, 2) || (dx, dy) == (2, 1)
}

/// The 3x3 board with its centre blocked has a closed knight's tour round
/// the eight outer squares.
fn ring_tour() -> Scene {
    let path = vec![
        (0, 0),
        (1, 2),
        (2, 0),
        (0, 1),
        (2, 2),
        (1, 0),
        (0, 2),
        (2, 1),
    ];
    // Independent check that the fixture really is a closed tour of the
    // eight free squares.
    let mut squares = path.clone();
    squares.sort_unstable();
    squares.dedup();
    assert_eq!(squares.len(), 8);
    assert!(!squares.contains(&(1, 1)));
    for (index, &square) in path.iter().enumerate() {
        assert!(is_knight_move(square, path[(index + 1) % path.len()]));
    }
    Scene {
        width: 3,
        height: 3,
        ground: Ground::Knight {
            blocked: vec![(1, 1)],
            failing_starts: Vec::new(),
            givens: Vec::new(),
        },
        path,
        closed: true,
        numbers: true,
        title: None,
        labels: false,
    }
}

/// Four stones in the corners of a 3x3 grid, picked round the square.
fn corner_stones() -> Scene {
    let stones = vec![(0, 0), (2, 0), (2, 2), (0, 2)];
    Scene {
        width: 3,
        height: 3,
        ground: Ground::Goishi {
            stones: stones.clone(),
        },
        path: stones,
        closed: false,
        numbers: true,
        title: None,
        labels: false,
    }
}

/// Pixels a cell in the tests: cell centres land on multiples of 40.
const CELL: u32 = 40;

#[test]
fn svg_is_in_pixels_with_a_view_box_equal_to_its_size() {
    let elements = parse_xml(&to_svg(&ring_tour(), CELL));
    let root = &elements[0];
    assert_eq!(root.name, "svg");
    assert_eq!(root.attribute("xmlns"), "http://www.w3.org/2000/svg");
    assert_eq!(root.attribute("viewBox"), "0 0 160 160");
    assert_eq!(root.attribute("width"), "160");
    assert_eq!(root.attribute("height"), "160");
    let page = named(&elements, "rect")[0];
    assert_eq!(page.attribute("width"), "160");
    assert_eq!(page.attribute("fill"), "#ffffff");
    // Nothing a simple renderer could miss: no references, no styles.
    assert_eq!(count(&elements, "use"), 0);
    assert_eq!(count(&elements, "style"), 0);
    for text in named(&elements, "text") {
        assert!(text.number("font-size") >= 4.0, "{text:?}");
    }
}

#[test]
fn svg_tour_passes_through_square_centres_in_order_cased_then_cyan() {
    let scene = ring_tour();
    let elements = parse_xml(&to_svg(&scene, CELL));
    let polygons = named(&elements, "polygon");
    assert_eq!(polygons.len(), 2);
    assert_eq!(count(&elements, "polyline"), 0);
    let expected: Vec<String> = scene
        .path
        .iter()
        .map(|&(x, y)| format!("{},{}", 40 * (x + 1), 40 * (y + 1)))
        .collect();
    for polygon in &polygons {
        assert_eq!(polygon.attribute("points"), expected.join(" "));
        assert_eq!(polygon.attribute("fill"), "none");
        assert_eq!(polygon.attribute("stroke-linejoin"), "round");
    }
    assert_eq!(
        polygons[0].attribute("stroke"),
        STYLE.path.casing.to_string()
    );
    assert_eq!(polygons[1].attribute("stroke"), "#00ffff");
}

#[test]
fn a1_is_dark_on_boards_of_every_size() {
    for (width, height) in [(3, 3), (4, 4), (5, 4), (4, 5), (8, 8), (1, 1)] {
        let scene = Scene {
            width,
            height,
            path: Vec::new(),
            ground: Ground::Knight {
                blocked: Vec::new(),
                failing_starts: Vec::new(),
                givens: Vec::new(),
            },
            ..ring_tour()
        };
        let elements = parse_xml(&to_svg(&scene, CELL));
        let dark: Vec<(u32, u32)> = named(&elements, "rect")
            .iter()
            .filter(|rect| rect.attribute("fill") == "#000000")
            .map(|rect| {
                let cell = |at: f64| (at / 40.0 - 0.5) as u32;
                (cell(rect.number("x")), cell(rect.number("y")))
            })
            .collect();
        // a1 is the bottom-left square.
        assert!(
            dark.contains(&(0, height - 1)),
            "{width}x{height}: {dark:?}"
        );
        assert_eq!(
            dark.len() as u32,
            (width * height).div_ceil(2),
            "{width}x{height}"
        );
        for &(x, y) in &dark {
            assert!(!dark.contains(&(x + 1, y)), "{width}x{height}");
        }
    }
}

#[test]
fn svg_marks_start_with_a_green_ring_and_the_knight_with_a_red_dot() {
    let elements = parse_xml(&to_svg(&ring_tour(), CELL));
    let circles = named(&elements, "circle");
    assert_eq!(circles.len(), 2);
    assert_eq!(circles[0].attribute("stroke"), STYLE.start_ring.to_string());
    assert_eq!(
        (circles[0].number("cx"), circles[0].number("cy")),
        (40.0, 40.0)
    );
    // The last square (2, 1) has its centre at (120, 80).
    assert_eq!(circles[1].attribute("fill"), STYLE.knight.to_string());
    assert_eq!(
        (circles[1].number("cx"), circles[1].number("cy")),
        (120.0, 80.0)
    );
}

#[test]
fn svg_numbers_sit_on_a_backing_of_their_square_and_contrast_with_it() {
    let elements = parse_xml(&to_svg(&ring_tour(), CELL));
    let texts = named(&elements, "text");
    let numbers: Vec<&str> = texts.iter().map(|text| text.text.as_str()).collect();
    assert_eq!(numbers, ["1", "2", "3", "4", "5", "6", "7", "8"]);
    // Move 1 is on (0, 0): a dark square on a 3x3 board (a1 dark, corners
    // dark); move 2 on (1, 2), light.
    assert_eq!(texts[0].attribute("fill"), "#ffffff");
    assert_eq!(texts[1].attribute("fill"), "#000000");
    // Top-left corner of the square (1, 2) is at (60, 100).
    assert!((60.0..70.0).contains(&texts[1].number("x")));
    assert!((100.0..120.0).contains(&texts[1].number("y")));
}

#[test]
fn svg_numbers_shrink_to_fit_long_tours_and_are_optional() {
    let path: Vec<Cell> = (0..10_000).map(|i| (i % 100, i / 100)).collect();
    let scene = Scene {
        width: 100,
        height: 100,
        path,
        closed: false,
        ..ring_tour()
    };
    let elements = parse_xml(&to_svg(&scene, CELL));
    let texts = named(&elements, "text");
    assert_eq!(texts.len(), 10_000);
    assert_eq!(texts[9_999].text, "10000");
    let size = texts[0].number("font-size") / 40.0;
    assert!(5.0 * 0.62 * size <= 0.9, "font size {size}");
    let plain = parse_xml(&to_svg(&scene.with_numbers(false), CELL));
    assert_eq!(count(&plain, "text"), 0);
    assert_eq!(count(&plain, "polyline"), 2);
}

#[test]
fn svg_of_goishi_draws_grid_lines_stones_picks_and_title() {
    let scene = corner_stones().with_title("Goishi Hiroi <3 x 3> & more");
    let elements = parse_xml(&to_svg(&scene, CELL));
    // Three rows and three columns of grid lines.
    assert_eq!(count(&elements, "line"), 6);
    // Four solid stones, four picked ones over them, the two markers.
    let circles = named(&elements, "circle");
    // Each stone is a fill and an edge; picked stones are drawn again.
    assert_eq!(circles.len(), 8 + 8 + 2);
    let picked = circles
        .iter()
        .filter(|circle| circle.attribute("fill") == STYLE.picked_stone.to_string())
        .count();
    assert_eq!(picked, 4);
    let texts = named(&elements, "text");
    assert_eq!(texts[0].text, "Goishi Hiroi &lt;3 x 3&gt; &amp; more");
    let numbers: Vec<&str> = texts[1..].iter().map(|text| text.text.as_str()).collect();
    assert_eq!(numbers, ["1", "2", "3", "4"]);
    // The title band makes the picture one cell taller.
    assert_eq!(elements[0].attribute("height"), "200");
}

#[test]
fn cells_off_the_board_are_drawn_without_failing() {
    let far = (u32::MAX, u32::MAX);
    let scene = Scene {
        ground: Ground::Knight {
            blocked: vec![far],
            failing_starts: vec![far],
            givens: Vec::new(),
        },
        path: vec![(0, 0), far],
        ..ring_tour()
    };
    let elements = parse_xml(&to_svg(&scene, CELL));
    assert_eq!(count(&elements, "text"), 2);
    let png = to_png(&scene, 10).expect("a small image");
    assert_eq!(png_header_size(&png), (40, 40));
    assert!(animated_gif(&scene, 10, Timing::for_path(2)).is_ok());
    let goishi = Scene {
        ground: Ground::Goishi { stones: vec![far] },
        path: vec![far],
        ..corner_stones()
    };
    assert!(to_png(&goishi, 10).is_ok());
    assert!(animated_gif(&goishi, 10, Timing::for_path(1)).is_ok());
}

#[test]
fn lengths_print_without_float_noise() {
    use super::svg::Num;
    assert_eq!(Num(1.0).to_string(), "1");
    assert_eq!(Num(0.5 + 0.22).to_string(), "0.72");
    assert_eq!(Num(0.1 + 0.2).to_string(), "0.3");
    assert_eq!(Num(-0.0001).to_string(), "0");
    assert_eq!(Num(8040.0).to_string(), "8040");
}

/// Width and height from a PNG's IHDR chunk, after checking the signature.
fn png_header_size(png: &[u8]) -> (u32, u32) {
    assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
    assert_eq!(&png[12..16], b"IHDR");
    let read = |at: usize| u32::from_be_bytes([png[at], png[at + 1], png[at + 2], png[at + 3]]);
    (read(16), read(20))
}

fn decode(png: &[u8]) -> tiny_skia::Pixmap {
    tiny_skia::Pixmap::decode_png(png).expect("a decodable PNG")
}

fn pixel(image: &tiny_skia::Pixmap, x: u32, y: u32) -> Colour {
    let pixel = image
        .pixel(x, y)
        .unwrap_or_else(|| panic!("({x}, {y}) is outside the image"))
        .demultiply();
    assert_eq!(pixel.alpha(), 0xff, "pixel ({x}, {y}) is not opaque");
    Colour::rgb(pixel.red(), pixel.green(), pixel.blue())
}

/// A 4x4 board with one knight's move from the top-left corner.
fn one_move() -> Scene {
    Scene {
        width: 4,
        height: 4,
        ground: Ground::Knight {
            blocked: vec![(3, 3)],
            failing_starts: vec![(3, 0)],
            givens: Vec::new(),
        },
        path: vec![(0, 0), (1, 2)],
        closed: false,
        numbers: false,
        title: None,
        labels: false,
    }
}

#[test]
fn png_shows_squares_path_and_markers_in_the_style_colours() {
    let image = decode(&to_png(&one_move(), CELL).expect("a small image"));
    assert_eq!((image.width(), image.height()), (200, 200));
    assert_eq!(pixel(&image, 5, 5), STYLE.page);
    // On a 4x4 board a1 = (0, 3) is dark, so (0, 0) is light and (1, 0)
    // dark; their centres are at (40, 40) and (80, 40).
    assert_eq!(pixel(&image, 80, 30), STYLE.dark_square);
    assert_eq!(pixel(&image, 120, 40), STYLE.light_square);
    // The failing start (3, 0) is dark.
    assert_eq!(pixel(&image, 160, 40), STYLE.failing_start_on_dark);
    // Blocked square (3, 3), off its cross, and the cross at its centre.
    assert_eq!(pixel(&image, 160, 145), STYLE.blocked_square);
    assert_eq!(pixel(&image, 160, 160), STYLE.blocked_cross);
    // Middle of the move from (40, 40) to (80, 120): cyan, cased.
    assert_eq!(pixel(&image, 60, 80), STYLE.path.colour);
    assert_eq!(pixel(&image, 62, 79), STYLE.path.casing);
    // The start ring, 0.42 cells right of the first centre, and the knight.
    assert_eq!(pixel(&image, 57, 40), STYLE.start_ring);
    assert_eq!(pixel(&image, 80, 120), STYLE.knight);
}

#[test]
fn png_writes_move_numbers_in_the_top_left_corner_of_their_square() {
    let numbered = one_move().with_numbers(true);
    // Move 1 is on (0, 0), a light square from (20, 20) to (60, 60).
    let dark_rows = |image: &tiny_skia::Pixmap| -> Vec<u32> {
        (20..40)
            .filter(|&y| {
                (20..36).any(|x| {
                    let colour = pixel(image, x, y);
                    colour.red.max(colour.green).max(colour.blue) < 100
                })
            })
            .collect()
    };
    let plain = decode(&to_png(&one_move(), CELL).expect("a small image"));
    assert!(dark_rows(&plain).is_empty());
    let rows = dark_rows(&decode(&to_png(&numbered, CELL).expect("a small image")));
    let (top, bottom) = (rows[0], rows[rows.len() - 1]);
    // Digits are about 0.7 em high; the em is 0.3 cells of 40 pixels.
    assert!((6..=11).contains(&(bottom - top)), "rows {top}..{bottom}");
    assert!((22..=27).contains(&top), "rows {top}..{bottom}");
}

#[test]
fn png_of_goishi_shows_stones_and_grid_lines_on_wood() {
    let scene = Scene {
        path: Vec::new(),
        ..corner_stones()
    };
    // 100 pixels a cell: grid lines 3 pixels wide, centres on multiples of
    // 100.
    let image = decode(&to_png(&scene, 100).expect("a small image"));
    assert_eq!(pixel(&image, 100, 100), STYLE.stone);
    assert_eq!(pixel(&image, 150, 100), STYLE.grid_line);
    assert_eq!(pixel(&image, 200, 200), STYLE.grid_line);
    assert_eq!(pixel(&image, 170, 170), STYLE.wood);
    let solved = decode(&to_png(&corner_stones().with_numbers(false), 100).expect("an image"));
    assert_eq!(pixel(&solved, 300, 100), STYLE.picked_stone);
    // The path runs between picked stones.
    assert_eq!(pixel(&solved, 300, 200), STYLE.path.colour);
}

#[test]
fn png_squares_meet_without_seams_at_odd_cell_sizes() {
    let scene = Scene {
        ground: Ground::Knight {
            blocked: Vec::new(),
            failing_starts: Vec::new(),
            givens: Vec::new(),
        },
        path: Vec::new(),
        ..one_move()
    };
    let image = decode(&to_png(&scene, 15).expect("a small image"));
    for x in 9..66 {
        let colour = pixel(&image, x, 15);
        assert!(
            colour == STYLE.dark_square || colour == STYLE.light_square,
            "({x}, 15) is {colour}"
        );
    }
}

#[test]
fn raster_pictures_too_large_are_refused_with_advice() {
    let board = |side| Scene {
        width: side,
        height: side,
        path: Vec::new(),
        ..one_move()
    };
    // 201 cells of 100 pixels: 20100 pixels a side.
    let error = to_png(&board(200), 100).expect_err("too wide");
    assert!(
        matches!(
            error,
            PictureError::TooLarge {
                width: 20100,
                largest_cell: 70,
                ..
            }
        ),
        "{error}"
    );
    let error = error.to_string();
    assert!(error.contains("20100 x 20100"), "{error}");
    assert!(error.contains("at most 70 pixels"), "{error}");
    let error = to_png(&board(159), 100)
        .expect_err("too many pixels")
        .to_string();
    assert!(error.contains("200 megapixels"), "{error}");
    assert!(error.contains("at most 88 pixels"), "{error}");
    let error = to_png(&board(u32::MAX), 1)
        .expect_err("far too large")
        .to_string();
    assert!(error.contains("export it as SVG"), "{error}");
    let error = to_png(&board(3), 0).expect_err("empty cells");
    assert_eq!(error, PictureError::NoCellSize);
    let error = animated_gif(&board(1000), 10, Timing::for_path(0)).expect_err("too large");
    assert!(error.to_string().contains("at most 6 pixels"), "{error}");
}

/// A picture as rows of RGB pixels, row by row.
type Picture = Vec<[u8; 3]>;

/// Every frame of a GIF composed onto one canvas, as a viewer shows them:
/// the pictures after each frame, with the frame delays.
fn play_gif(gif: &[u8]) -> (Vec<Picture>, Vec<u16>, (u32, u32)) {
    let mut options = gif::DecodeOptions::new();
    options.set_color_output(gif::ColorOutput::Indexed);
    let mut decoder = options.read_info(gif).expect("a GIF header");
    let (width, height) = (u32::from(decoder.width()), u32::from(decoder.height()));
    let palette = decoder.global_palette().expect("a global palette").to_vec();
    let mut screen = vec![[0u8; 3]; (width * height) as usize];
    let (mut pictures, mut delays) = (Vec::new(), Vec::new());
    while let Some(frame) = decoder.read_next_frame().expect("a frame") {
        for y in 0..usize::from(frame.height) {
            for x in 0..usize::from(frame.width) {
                let index = frame.buffer[y * usize::from(frame.width) + x];
                if Some(index) == frame.transparent {
                    continue;
                }
                let at =
                    (usize::from(frame.top) + y) * width as usize + usize::from(frame.left) + x;
                let entry = &palette[usize::from(index) * 3..usize::from(index) * 3 + 3];
                screen[at] = [entry[0], entry[1], entry[2]];
            }
        }
        pictures.push(screen.clone());
        delays.push(frame.delay);
    }
    (pictures, delays, (width, height))
}

#[test]
fn gif_plays_the_tour_move_by_move_and_ends_on_the_finished_picture() {
    let scene = ring_tour();
    let gif = animated_gif(&scene, CELL, Timing::new(10.0).expect("a pace")).expect("a GIF");
    let (pictures, delays, (width, height)) = play_gif(&gif);
    assert_eq!((width, height), (160, 160));
    // The first square, then one frame a move; the closing move comes with
    // the last.
    assert_eq!(pictures.len(), 8);
    assert!(delays[..7].iter().all(|&delay| delay == 10), "{delays:?}");
    assert_eq!(delays[7], 300);
    let at = |picture: &Picture, x: u32, y: u32| {
        let [red, green, blue] = picture[(y * width + x) as usize];
        Colour::rgb(red, green, blue)
    };
    // The knight sits on the square of the latest move in every frame.
    for (frame, picture) in pictures.iter().enumerate() {
        let (x, y) = scene.path[frame];
        assert_eq!(
            at(picture, 40 * (x + 1), 40 * (y + 1)),
            STYLE.knight,
            "frame {frame}"
        );
    }
    // The middle of the first move's segment is cyan from frame 1 on.
    let (mx, my) = (60, 80);
    assert_ne!(at(&pictures[0], mx, my), STYLE.path.colour);
    assert_eq!(at(&pictures[1], mx, my), STYLE.path.colour);
    // The closing move, from (2, 1) back to (0, 0), shows only at the end
    // (a quarter of the way along it, where no other move crosses).
    let (cx, cy) = (100, 70);
    assert_ne!(at(&pictures[6], cx, cy), STYLE.path.colour);
    assert_eq!(at(&pictures[7], cx, cy), STYLE.path.colour);
    // The finished picture matches the still one away from the lines.
    let still = decode(&to_png(&scene, CELL).expect("a PNG"));
    for (x, y) in [(5, 5), (80, 80), (130, 30), (150, 150)] {
        assert_eq!(at(&pictures[7], x, y), pixel(&still, x, y), "({x}, {y})");
    }
}

#[test]
fn fast_gifs_group_moves_into_frames_of_a_fiftieth_of_a_second() {
    let path: Vec<Cell> = (0..100).map(|i| (i % 10, i / 10)).collect();
    let scene = Scene {
        width: 10,
        height: 10,
        path,
        closed: false,
        numbers: false,
        ..ring_tour()
    };
    let gif = animated_gif(&scene, 8, Timing::new(500.0).expect("a pace")).expect("a GIF");
    let (pictures, delays, _) = play_gif(&gif);
    // 500 moves a second in frames of 2 hundredths: 10 moves a frame.
    assert_eq!(pictures.len(), 1 + 99usize.div_ceil(10));
    assert!(delays[..delays.len() - 1].iter().all(|&delay| delay == 2));
    assert!(Timing::new(0.0).is_err());
    assert!(Timing::new(f64::NAN).is_err());
}

#[test]
fn animated_svg_shows_each_move_at_its_time_and_loops() {
    let scene = ring_tour();
    let svg = animated_svg(&scene, CELL, Timing::new(4.0).expect("a pace"));
    let elements = parse_xml(&svg);
    // Casing and colour for each of 8 moves (7 plus the closing one), a
    // number for each square, and the knight's two coordinates moving.
    let sets = named(&elements, "set");
    assert_eq!(sets.len(), 2 * 8 + 2 * 8);
    let starts: Vec<&str> = sets.iter().map(|set| set.attribute("begin")).collect();
    assert_eq!(starts[0], "clock.begin+0.25s");
    assert_eq!(starts[7], "clock.begin+2s");
    let clock = named(&elements, "animate")[0];
    assert_eq!(clock.attribute("id"), "clock");
    assert_eq!(clock.attribute("begin"), "0s;clock.end");
    // Eight moves at 4 a second, then the 3-second hold.
    assert_eq!(clock.attribute("dur"), "5s");
    let moving = &named(&elements, "animate")[1];
    assert_eq!(moving.attribute("attributeName"), "cx");
    assert_eq!(moving.attribute("values"), "40;80;120;40;120;80;40;120");
    assert_eq!(moving.attribute("calcMode"), "discrete");
}

#[test]
fn a_title_wider_than_its_board_widens_the_picture_instead_of_being_cut() {
    let title = "Goishi Hiroi 3 x 3, 4 stones, solution";
    let scene = corner_stones().with_title(title);
    let image = decode(&to_png(&scene, CELL).expect("a small image"));
    let band = (STYLE.title_band * f64::from(CELL)) as u32;
    let inked: Vec<u32> = (0..image.width())
        .filter(|&x| (0..band).any(|y| pixel(&image, x, y) != STYLE.page))
        .collect();
    let (first, last) = (inked[0], *inked.last().expect("a title"));
    let margin = (STYLE.page_margin * f64::from(CELL)) as u32;
    assert!(first >= margin / 2, "starts at {first}");
    // The whole title is drawn, with room to its right.
    assert!(
        last + margin / 2 < image.width(),
        "ends at {last} of {}",
        image.width()
    );
    assert!(image.width() > 5 * CELL, "wider than the board's page");
    // The SVG gives it the same room.
    let svg = to_svg(&scene, CELL);
    let elements = parse_xml(&svg);
    let root = &elements[0];
    assert_eq!(root.attribute("width"), image.width().to_string());
}

#[test]
fn raster_text_draws_what_the_latin_font_lacks_from_the_japanese_font() {
    let mut font = font::RasterFont::new().expect("the built-in fonts");
    font.use_size(0.5, 40.0);
    let latin = font.advance('G').expect("a Latin letter");
    let kanji = font.advance('碁').expect("a kanji, from the Japanese font");
    assert!(
        kanji > latin,
        "{kanji} <= {latin}: a kanji is a full em wide"
    );
    let sprite = font.sprite('碁', Colour::rgb(0, 0, 0)).expect("drawn");
    let inked = sprite
        .pixmap
        .pixels()
        .iter()
        .filter(|pixel| pixel.alpha() > 0);
    assert!(inked.count() > 50);
    assert_eq!(font.advance('\u{e000}'), None, "a character no font has");
}
