//! Any file gridtour writes, read back: a knight's tour, a Goishi puzzle
//! or a knight's tour puzzle.
//!
//! The window exports a tour as JSON, as the numbered board, or as a picture
//! (SVG, PNG), and a puzzle in those forms plus pzprv3. Pictures carry the
//! JSON inside them (SVG metadata, a PNG text chunk), so that Open can
//! return any exported file to the board it came from. Which puzzle a file
//! holds is decided by its content, never by its name.

use std::fmt;

use crate::tr;
use std::path::Path;

use crate::goishi::format::{self, Loaded, ParseError};
use crate::knight::{BoardLink, LINK_PREFIX, LinkError, Tour, TourFileError};
use crate::numbers::format::ReadPuzzle;

/// Why a file could not be opened.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum OpenError {
    /// A picture gridtour did not export, which holds no tour or puzzle.
    ImageWithoutData {
        /// The file.
        source: String,
        /// "PNG" or "SVG".
        image: &'static str,
    },
    /// A PDF page or a GIF animation, which gridtour writes but does not
    /// read back.
    WrittenOnly {
        /// The file.
        source: String,
        /// "PDF" or "GIF".
        kind: &'static str,
    },
    /// A tour file that is not a tour.
    Tour {
        /// The file.
        source: String,
        /// What is wrong with it.
        error: TourFileError,
    },
    /// A knight link that is damaged.
    Link {
        /// The file, or what else it came from.
        source: String,
        /// What is wrong with it.
        error: LinkError,
    },
    /// Not a puzzle either, or not readable at all.
    Puzzle(ParseError),
    /// A knight's tour puzzle that is damaged.
    NumbersPuzzle(crate::numbers::format::ReadError),
    /// A knight's tour puzzle's link that is damaged.
    NumbersLink {
        /// The file, or what else it came from.
        source: String,
        /// What is wrong with it.
        error: crate::numbers::link::NumbersLinkError,
    },
}

impl fmt::Display for OpenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&match self {
            OpenError::ImageWithoutData { source, image } => tr!(
                "opening-image-without-data",
                source = source.as_str(),
                image = *image
            ),
            OpenError::WrittenOnly { source, kind } => tr!(
                "opening-written-only",
                source = source.as_str(),
                kind = *kind
            ),
            OpenError::Tour { source, error } => tr!(
                "opening-tour",
                source = source.as_str(),
                error = error.to_string()
            ),
            OpenError::Link { source, error } => tr!(
                "opening-link",
                source = source.as_str(),
                error = error.to_string()
            ),
            OpenError::Puzzle(error) => error.to_string(),
            OpenError::NumbersPuzzle(error) => error.to_string(),
            OpenError::NumbersLink { source, error } => tr!(
                "opening-numbers-link",
                source = source.as_str(),
                error = error.to_string()
            ),
        })
    }
}

impl std::error::Error for OpenError {}

impl From<ParseError> for OpenError {
    fn from(error: ParseError) -> Self {
        OpenError::Puzzle(error)
    }
}

/// What a file holds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Document {
    /// A knight's tour with its board.
    Tour(Tour),
    /// A Goishi puzzle, with the pick order the file carried.
    Goishi(Loaded),
    /// A knight board from a link, with its tour if the link carried one.
    KnightLink(BoardLink),
    /// A knight's tour puzzle, with the solution its JSON carried.
    Numbers(ReadPuzzle),
}

/// The PNG text chunk keyword and SVG metadata id under which the data of a
/// picture is stored.
const EMBED_KEY: &str = "gridtour";

const PNG_SIGNATURE: &[u8] = b"\x89PNG\r\n\x1a\n";

/// What a person gave to open (a command-line argument, a desktop's
/// request): a link or URL to read as it is, or a file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Given<'a> {
    /// A knight link, a knight's tour puzzle's link or an http(s) URL.
    Link(&'a str),
    /// A file, by its path.
    File(std::path::PathBuf),
}

impl<'a> Given<'a> {
    /// What `what` names: a file that exists is a file whatever its name
    /// (`https-puzzle.txt`); then knight links and `http://` or `https://`
    /// URLs; then `file://` URLs (with no host or `localhost`, percent
    /// escapes read as bytes of the name); anything else is a path.
    pub fn of(what: &'a std::ffi::OsStr) -> Given<'a> {
        let path = Path::new(what);
        let text = what.to_str();
        if path.exists() {
            return Given::File(path.to_path_buf());
        }
        if let Some(link) = text.filter(|text| names_a_link(text)) {
            return Given::Link(link);
        }
        match text.and_then(|text| text.strip_prefix("file://")) {
            Some(url_path) => {
                let url_path = url_path.strip_prefix("localhost").unwrap_or(url_path);
                Given::File(path_of_file_url(url_path))
            }
            None => Given::File(path.to_path_buf()),
        }
    }
}

/// The path of a `file://` URL (after the scheme and host): percent
/// escapes are bytes of the name, which need not be UTF-8.
fn path_of_file_url(url_path: &str) -> std::path::PathBuf {
    let bytes = url_path.as_bytes();
    let mut name = Vec::with_capacity(bytes.len());
    let mut at = 0;
    while at < bytes.len() {
        let escaped = (bytes[at] == b'%')
            .then(|| bytes.get(at + 1..at + 3))
            .flatten()
            .and_then(|hex| u8::from_str_radix(std::str::from_utf8(hex).ok()?, 16).ok());
        match escaped {
            Some(byte) => {
                name.push(byte);
                at += 3;
            }
            None => {
                name.push(bytes[at]);
                at += 1;
            }
        }
    }
    #[cfg(unix)]
    let path = std::path::PathBuf::from(
        <std::ffi::OsString as std::os::unix::ffi::OsStringExt>::from_vec(name),
    );
    #[cfg(not(unix))]
    let path = std::path::PathBuf::from(String::from_utf8_lossy(&name).into_owned());
    path
}

/// Reads the file at `path` (at most [`format::MAX_FILE_BYTES`]).
pub fn read_path(path: &Path) -> Result<Document, OpenError> {
    let source = path.display().to_string();
    let bytes = format::read_limited(&source, path)?;
    read_bytes(&source, &bytes)
}

/// Reads a file's bytes; `source` names it in error messages.
pub fn read_bytes(source: &str, bytes: &[u8]) -> Result<Document, OpenError> {
    let without_data = |image| OpenError::ImageWithoutData {
        source: source.to_owned(),
        image,
    };
    if bytes.starts_with(PNG_SIGNATURE) {
        let data = png_text(bytes, EMBED_KEY).ok_or_else(|| without_data("PNG"))?;
        return read_data(source, data);
    }
    for (magic, kind) in [
        (&b"%PDF-"[..], "PDF"),
        (b"GIF87a", "GIF"),
        (b"GIF89a", "GIF"),
    ] {
        if bytes.starts_with(magic) {
            return Err(OpenError::WrittenOnly {
                source: source.to_owned(),
                kind,
            });
        }
    }
    let text = String::from_utf8_lossy(bytes);
    if text
        .trim_start_matches('\u{feff}')
        .trim_start()
        .starts_with('<')
    {
        let data = svg_metadata(&text).ok_or_else(|| without_data("SVG"))?;
        return read_data(source, data.as_bytes());
    }
    read_data(source, bytes)
}

/// Reads data that is not a picture: a tour (JSON or numbered board) or a
/// puzzle in any format the Goishi readers know. A picture's data is read
/// with this too, so a picture inside a picture is refused instead of being
/// unpacked level after level.
fn read_data(source: &str, bytes: &[u8]) -> Result<Document, OpenError> {
    let text = String::from_utf8_lossy(bytes);
    let text = text.trim_start_matches('\u{feff}').trim_start();
    // A page address is read as the link it carries, errors placed in it.
    let (text, bytes) = match link_in_page_address(text) {
        Some(link) => (link, link.as_bytes()),
        None => (text, bytes),
    };
    if text.starts_with(LINK_PREFIX) {
        return BoardLink::parse(text)
            .map(Document::KnightLink)
            .map_err(|error| OpenError::Link {
                source: source.to_owned(),
                error,
            });
    }
    if text.starts_with(crate::knight::NUMBERS_LINK_PREFIX) {
        return crate::numbers::link::parse(text)
            .map(|puzzle| {
                Document::Numbers(ReadPuzzle {
                    puzzle,
                    solution: None,
                })
            })
            .map_err(|error| OpenError::NumbersLink {
                source: source.to_owned(),
                error,
            });
    }
    if text.starts_with('{') && text.contains("\"path\"") {
        return Tour::from_json(text)
            .map(Document::Tour)
            .map_err(|error| OpenError::Tour {
                source: source.to_owned(),
                error,
            });
    }
    if looks_like_numbered_tour(text)
        && let Ok(tour) = Tour::from_text(text)
    {
        return Ok(Document::Tour(tour));
    }
    let numbers_json = text.starts_with('{') && text.contains("\"givens\"");
    if numbers_json || looks_like_numbers_puzzle(text) {
        return crate::numbers::format::parse(source, text)
            .map(Document::Numbers)
            .map_err(OpenError::NumbersPuzzle);
    }
    Ok(Document::Goishi(format::load_bytes(source, bytes)?))
}

/// The address of gridtour's web page showing `link`: the page's own
/// address (any part after `#` dropped), then `#` and the link.
pub fn page_address(page: &str, link: &str) -> String {
    let page = page.split('#').next().unwrap_or(page);
    format!("{page}#{link}")
}

/// The link inside a web page's address that [`page_address`] made: the
/// part after `#` when it is a knight link, a knight's tour puzzle's link
/// or a puzzle's URL. Only one page address is unwrapped, so a hostile
/// file cannot nest them without end.
pub fn link_in_page_address(text: &str) -> Option<&str> {
    if !is_web_address(text) {
        return None;
    }
    let (_, fragment) = text.split_once('#')?;
    let fragment = fragment.trim_end();
    names_a_link(fragment).then_some(fragment)
}

/// Whether `text` is a link gridtour opens: a knight link, a knight's
/// tour puzzle's link, or an http(s) address (a puzzle's URL, or the
/// page's address with a link after `#`).
pub fn names_a_link(text: &str) -> bool {
    text.starts_with(LINK_PREFIX)
        || text.starts_with(crate::knight::NUMBERS_LINK_PREFIX)
        || is_web_address(text)
}

/// Whether `text` is an http(s) address.
pub fn is_web_address(text: &str) -> bool {
    text.starts_with("http://") || text.starts_with("https://")
}

/// Whether `text` is a grid of move numbers, `x` and `.` only (what
/// [`Tour::to_text`] writes), with at least one number.
fn looks_like_numbered_tour(text: &str) -> bool {
    let mut cells = text.split_whitespace().peekable();
    cells.peek().is_some()
        && text.contains(|c: char| c.is_ascii_digit())
        && cells.all(|cell| cell == "x" || cell == "." || cell.bytes().all(|b| b.is_ascii_digit()))
}

/// Whether `text` is a knight's tour puzzle as text: a first line
/// `closed` or none, then move numbers, `.` and `#` only, with at least
/// one square. Numbers and dots alone are also a solved Goishi puzzle's
/// pick order, whose numbers run 1, 2, 3... without a gap: such a text
/// is a puzzle only with `closed` or a `#`.
fn looks_like_numbers_puzzle(text: &str) -> bool {
    let (closed, rows) = match text.strip_prefix("closed") {
        Some(rows) => (true, rows),
        None => (false, text),
    };
    let cells: Vec<&str> = rows.split_whitespace().collect();
    let only_puzzle_cells = !cells.is_empty()
        && cells
            .iter()
            .all(|cell| *cell == "." || *cell == "#" || cell.bytes().all(|b| b.is_ascii_digit()));
    if !only_puzzle_cells || closed || cells.contains(&"#") {
        return only_puzzle_cells;
    }
    let mut numbers: Vec<u64> = cells.iter().filter_map(|cell| cell.parse().ok()).collect();
    numbers.sort_unstable();
    let pick_order = numbers
        .iter()
        .zip(1..)
        .all(|(&number, place)| number == place);
    !pick_order
}

/// `svg` with `data` (JSON) stored in a `<metadata>` element right after the
/// opening `<svg ...>` tag.
pub fn embed_in_svg(svg: &str, data: &str) -> String {
    let escaped = data
        .replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;");
    let element = format!("<metadata id=\"{EMBED_KEY}\">{escaped}</metadata>");
    match svg
        .find("<svg")
        .and_then(|at| svg[at..].find('>').map(|end| at + end + 1))
    {
        Some(after_tag) => format!("{}{element}{}", &svg[..after_tag], &svg[after_tag..]),
        None => svg.to_owned(),
    }
}

/// The data [`embed_in_svg`] stored, unescaped.
fn svg_metadata(svg: &str) -> Option<String> {
    let open = format!("<metadata id=\"{EMBED_KEY}\">");
    let start = svg.find(&open)? + open.len();
    let end = start + svg[start..].find("</metadata>")?;
    Some(
        svg[start..end]
            .replace("&lt;", "<")
            .replace("&gt;", ">")
            .replace("&amp;", "&"),
    )
}

/// `png` with a `tEXt` chunk holding `data` under gridtour's keyword, placed
/// right after the header chunk. Returns `png` unchanged if it is not a PNG.
pub fn embed_in_png(png: &[u8], data: &str) -> Vec<u8> {
    let header_end = PNG_SIGNATURE.len() + 8 + 13 + 4;
    if !png.starts_with(PNG_SIGNATURE) || png.len() < header_end {
        return png.to_vec();
    }
    let mut body = Vec::with_capacity(EMBED_KEY.len() + 1 + data.len());
    body.extend_from_slice(EMBED_KEY.as_bytes());
    body.push(0);
    body.extend_from_slice(data.as_bytes());
    let mut chunk = Vec::with_capacity(body.len() + 12);
    chunk.extend_from_slice(&(body.len() as u32).to_be_bytes());
    let mut crc = crc32fast::Hasher::new();
    crc.update(b"tEXt");
    crc.update(&body);
    chunk.extend_from_slice(b"tEXt");
    chunk.extend_from_slice(&body);
    chunk.extend_from_slice(&crc.finalize().to_be_bytes());
    let mut out = Vec::with_capacity(png.len() + chunk.len());
    out.extend_from_slice(&png[..header_end]);
    out.extend_from_slice(&chunk);
    out.extend_from_slice(&png[header_end..]);
    out
}

/// The text of the PNG `tEXt` chunk named `keyword`, walking the chunks
/// with every length checked against the data.
fn png_text<'a>(png: &'a [u8], keyword: &str) -> Option<&'a [u8]> {
    let mut at = PNG_SIGNATURE.len();
    while at + 8 <= png.len() {
        let length = u32::from_be_bytes(png[at..at + 4].try_into().ok()?) as usize;
        let kind = &png[at + 4..at + 8];
        let body = png.get(at + 8..(at + 8).checked_add(length)?)?;
        if kind == b"tEXt"
            && let Some(text) = body
                .strip_prefix(keyword.as_bytes())
                .and_then(|rest| rest.strip_prefix(b"\0"))
        {
            return Some(text);
        }
        if kind == b"IEND" {
            return None;
        }
        at += 12 + length;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::goishi::{Point, Puzzle};

    fn tour() -> Tour {
        crate::knight::small_tour()
    }

    #[test]
    fn a_tour_reads_back_from_json_and_from_its_numbered_board() {
        let tour = tour();
        assert_eq!(
            read_bytes("t.json", tour.to_json().as_bytes()),
            Ok(Document::Tour(tour.clone()))
        );
        assert_eq!(
            read_bytes("t.txt", tour.to_text().as_bytes()),
            Ok(Document::Tour(tour))
        );
    }

    #[test]
    fn a_page_address_opens_the_link_after_its_hash() {
        let tour = tour();
        let link = BoardLink::of_tour(&tour).to_link();
        let page = page_address("https://example.org/gridtour/index.html#old", &link);
        assert_eq!(
            page,
            format!("https://example.org/gridtour/index.html#{link}")
        );
        let Ok(Document::KnightLink(read)) = read_bytes("pasted", page.as_bytes()) else {
            panic!("{page} did not open as a knight link");
        };
        assert_eq!(read, BoardLink::parse(&link).unwrap());

        let mut puzzle = Puzzle::new(3, 2).unwrap();
        for stone in [Point::new(0, 0), Point::new(2, 0), Point::new(2, 1)] {
            puzzle.set_stone(stone, true);
        }
        let url = format::to_url(&puzzle);
        let page = page_address("http://localhost:8000/", &url);
        let Ok(Document::Goishi(loaded)) = read_bytes("pasted", page.as_bytes()) else {
            panic!("{page} did not open as a Goishi puzzle");
        };
        assert_eq!(loaded.puzzle, puzzle);

        // An address whose part after # is no link is read as it stands.
        let plain = "https://puzz.link/p?goishi/3/2/x#top";
        assert_eq!(link_in_page_address(plain), None);
        let nested = format!("https://a/#https://b/#{link}");
        assert_eq!(link_in_page_address(&nested), Some(&nested[11..]));
    }

    #[test]
    fn pages_and_animations_are_refused_for_what_they_are() {
        for (bytes, kind) in [
            (&b"%PDF-1.7\n%\xe2\xe3"[..], "PDF"),
            (b"GIF89a\x10\x00\xff", "GIF"),
        ] {
            let error = read_bytes("sheet", bytes).unwrap_err();
            assert_eq!(
                error,
                OpenError::WrittenOnly {
                    source: "sheet".into(),
                    kind
                }
            );
            assert!(
                error.to_string().contains("writes but does not read back"),
                "{error}"
            );
        }
    }

    #[test]
    fn pictures_carry_their_data() {
        let tour = tour();
        let svg = embed_in_svg(
            "<?xml version=\"1.0\"?>\n<svg width=\"3\"><rect/></svg>",
            &tour.to_json(),
        );
        assert!(svg.contains("<svg width=\"3\"><metadata"), "{svg}");
        assert_eq!(
            read_bytes("t.svg", svg.as_bytes()),
            Ok(Document::Tour(tour.clone()))
        );

        let png = tiny_skia::Pixmap::new(3, 4).unwrap().encode_png().unwrap();
        let with_data = embed_in_png(&png, &tour.to_json());
        assert_eq!(read_bytes("t.png", &with_data), Ok(Document::Tour(tour)));
        // Still a PNG that a decoder accepts, chunk checksums included.
        let decoded = tiny_skia::Pixmap::decode_png(&with_data).unwrap();
        assert_eq!((decoded.width(), decoded.height()), (3, 4));
        let error = read_bytes("plain.png", &png).unwrap_err();
        assert_eq!(
            error,
            OpenError::ImageWithoutData {
                source: "plain.png".into(),
                image: "PNG"
            }
        );
        assert!(
            error
                .to_string()
                .starts_with("plain.png: a PNG image without"),
            "{error}"
        );
    }

    #[test]
    fn goishi_files_stay_goishi() {
        let mut puzzle = Puzzle::new(3, 2).unwrap();
        let order = [Point::new(0, 0), Point::new(2, 0)];
        for point in order {
            puzzle.set_stone(point, true);
        }
        let json = format::to_json(&puzzle, &order);
        let expected = Document::Goishi(Loaded {
            puzzle: puzzle.clone(),
            order: Some(order.to_vec()),
        });
        assert_eq!(read_bytes("g.json", json.as_bytes()), Ok(expected.clone()));
        let numbered = format::numbered_board(&puzzle, &order);
        assert_eq!(read_bytes("g.txt", numbered.as_bytes()), Ok(expected));
    }

    #[test]
    fn a_picture_inside_a_picture_is_not_unpacked() {
        let png = tiny_skia::Pixmap::new(2, 2).unwrap().encode_png().unwrap();
        let inner = embed_in_png(&png, &tour().to_json());
        let outer = embed_in_png(&png, &String::from_utf8_lossy(&inner));
        assert!(read_bytes("nested.png", &outer).is_err());
    }

    #[test]
    fn a_truncated_png_is_refused_without_panic() {
        let png = tiny_skia::Pixmap::new(2, 2).unwrap().encode_png().unwrap();
        let with_data = embed_in_png(&png, "{}");
        for cut in 0..with_data.len() {
            let _ = read_bytes("cut.png", &with_data[..cut]);
        }
    }
}
