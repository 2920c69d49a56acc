//! Puzzle sheets: boards laid out across and down printed pages, each
//! with a caption and a link under it, a heading on every page, and the
//! solutions on pages of their own after the puzzles.

use krilla::Document;
use krilla::page::PageSettings;

use super::error::PictureError;
use super::font::{self, LATIN_FONT};
use super::pdf::{Fonts, PageLink, PdfCanvas, draw_page, finish};
use super::scene::{Anchor, Canvas, Label, Painter, Point, Scene};
use super::style::PAPER;

/// A paper size.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Paper {
    /// 210 x 297 mm.
    A4,
    /// 8.5 x 11 inches.
    Letter,
}

impl Paper {
    /// Every paper with its name on the command line.
    pub const ALL: [Paper; 2] = [Paper::A4, Paper::Letter];

    /// The name on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Paper::A4 => "a4",
            Paper::Letter => "letter",
        }
    }

    /// The paper named `text`, in any case.
    pub fn parse(text: &str) -> Option<Paper> {
        let wanted = text.trim().to_ascii_lowercase();
        Paper::ALL.into_iter().find(|paper| paper.name() == wanted)
    }

    /// Width and height in points.
    pub fn size(self) -> (f64, f64) {
        match self {
            Paper::A4 => (595.28, 841.89),
            Paper::Letter => (612.0, 792.0),
        }
    }

    /// The paper of the system's locale (`LC_ALL`, then `LC_PAPER`, then
    /// `LANG`).
    pub fn of_system() -> Paper {
        Self::of_variables(|name| std::env::var(name).ok())
    }

    /// The paper of the locale the variables `get` returns name.
    pub fn of_variables(get: impl Fn(&str) -> Option<String>) -> Paper {
        ["LC_ALL", "LC_PAPER", "LANG"]
            .into_iter()
            .filter_map(get)
            .find(|value| !value.is_empty())
            .map_or(Paper::A4, |locale| Paper::for_locale(&locale))
    }

    /// The paper people print on where `locale` (such as `en_US.UTF-8`)
    /// is spoken: Letter in the Americas that use it and the Philippines,
    /// A4 everywhere else.
    pub fn for_locale(locale: &str) -> Paper {
        const LETTER_REGIONS: [&str; 8] = ["US", "CA", "MX", "PH", "CL", "CO", "VE", "PR"];
        let region = locale
            .split(['.', '@'])
            .next()
            .and_then(|name| name.split(['_', '-']).nth(1))
            .unwrap_or("");
        if LETTER_REGIONS.contains(&region.to_ascii_uppercase().as_str()) {
            Paper::Letter
        } else {
            Paper::A4
        }
    }
}

/// One board on a sheet: the picture, a short caption under it, and a
/// link that opens it again.
#[derive(Debug, Clone, PartialEq)]
pub struct SheetItem {
    pub scene: Scene,
    pub caption: String,
    pub link: Option<String>,
}

/// Boards under one heading, on as many pages as they need.
#[derive(Debug, Clone, PartialEq)]
pub struct SheetSection {
    pub heading: String,
    pub items: Vec<SheetItem>,
}

/// How a sheet is laid out.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SheetOptions {
    /// Boards across a page.
    pub across: u32,
    /// Boards down a page.
    pub down: u32,
    pub paper: Paper,
    /// The boards' size as a multiple of the largest that fits (at most
    /// [`NATURAL_CELL`] a square).
    pub scale: f64,
}

/// The most boards across or down a page: more leave squares too small
/// to read on A4.
pub const MOST_BOARDS_A_SIDE: u32 = 10;

/// The size of a square when the page leaves room: 1 cm.
pub const NATURAL_CELL: f64 = 72.0 / 2.54;

/// The smallest square worth printing, about 1.4 mm.
const SMALLEST_CELL: f64 = 4.0;

/// Room around the printed area, in points: half an inch.
const PAGE_MARGIN: f64 = 36.0;
/// The heading's em size and the band it sits in.
const HEADING_SIZE: f64 = 14.0;
const HEADING_BAND: f64 = 30.0;
/// Space between boards.
const GAP: f64 = 12.0;
/// Em sizes of the caption under a board and of its link.
const CAPTION_SIZE: f64 = 9.0;
const LINK_SIZE: f64 = 6.5;
/// Line height, in ems.
const LINE: f64 = 1.3;
/// The page number at the foot of each page.
const FOOTER_SIZE: f64 = 8.0;

/// The sheet as a PDF document: each section's boards, `across` x `down`
/// a page, every page headed with its section's heading and numbered.
pub fn sheet_to_pdf(
    sections: &[SheetSection],
    options: &SheetOptions,
) -> Result<Vec<u8>, PictureError> {
    let place = Placing::plan(sections, options)?;
    let (width, height) = options.paper.size();
    let settings =
        PageSettings::from_wh(width as f32, height as f32).ok_or(PictureError::NoCellSize)?;
    let per_page = place.across * place.down;
    let pages: Vec<(&str, &[SheetItem])> = sections
        .iter()
        .flat_map(|section| {
            section
                .items
                .chunks(per_page)
                .map(|items| (section.heading.as_str(), items))
        })
        .collect();
    let fonts = Fonts::new()?;
    let mut document = Document::new();
    // The sheet's number of each page's first board.
    let mut first = 0;
    for (number, (heading, items)) in pages.iter().enumerate() {
        draw_page(&mut document, &fonts, settings.clone(), |canvas| {
            let top_left = (PAGE_MARGIN, PAGE_MARGIN);
            write(canvas, heading, top_left, HEADING_SIZE, Anchor::TopLeft);
            let footer = format!("{} / {}", number + 1, pages.len());
            let foot = (width / 2.0, height - PAGE_MARGIN / 2.0);
            write(canvas, &footer, foot, FOOTER_SIZE, Anchor::Centre);
            items
                .iter()
                .enumerate()
                .filter_map(|(index, item)| place.draw(canvas, (index, first + index), item))
                .collect()
        });
        first += items.len();
    }
    finish(document)
}

/// Whether the boards of `sections` fit on the pages as `options` asks,
/// checked before the work of making them: the error [`sheet_to_pdf`]
/// would give, if any.
pub fn check_sheet(sections: &[SheetSection], options: &SheetOptions) -> Result<(), PictureError> {
    Placing::plan(sections, options).map(|_| ())
}

/// Where boards go on a page.
struct Placing {
    /// Points a square.
    cell: f64,
    /// The room each board and its caption have, in points.
    slot: (f64, f64),
    across: usize,
    down: usize,
    /// Each board's link cut into lines, in the order of the sections'
    /// boards.
    links: Vec<Vec<String>>,
}

impl Placing {
    /// The boards' places on the pages: one square size for every board
    /// (so boards of a size look alike), the largest that fits each one's
    /// place, at most [`NATURAL_CELL`] on a full page, times the scale
    /// asked for.
    fn plan(sections: &[SheetSection], options: &SheetOptions) -> Result<Placing, PictureError> {
        let items = sections.iter().flat_map(|section| &section.items);
        if items.clone().next().is_none() {
            return Err(PictureError::EmptySheet);
        }
        let (width, height) = options.paper.size();
        let (across, down) = (options.across.max(1), options.down.max(1));
        // Fewer boards than a page holds take the page: as few across
        // and down as hold them, as large as fits.
        let most = sections
            .iter()
            .map(|section| section.items.len())
            .max()
            .unwrap_or(0);
        let fewer = (most as u64) < u64::from(across) * u64::from(down);
        let (across, down) = if fewer {
            let across_now = across.min(most as u32).max(1);
            (across_now, (most as u32).div_ceil(across_now).min(down))
        } else {
            (across, down)
        };
        let natural = if fewer { f64::INFINITY } else { NATURAL_CELL };
        let slot_width =
            (width - 2.0 * PAGE_MARGIN - f64::from(across - 1) * GAP) / f64::from(across);
        let links: Vec<Vec<String>> = items
            .clone()
            .map(|item| wrap_link(item.link.as_deref().unwrap_or(""), slot_width))
            .collect();
        let link_lines = links.iter().map(Vec::len).max().unwrap_or(0);
        let caption_height = (CAPTION_SIZE + link_lines as f64 * LINK_SIZE) * LINE;
        let slot_height = (height - 2.0 * PAGE_MARGIN - HEADING_BAND - f64::from(down - 1) * GAP)
            / f64::from(down);
        let board_height = slot_height - caption_height;
        let fit = items
            .map(|item| {
                let (columns, rows) = Painter::new(&item.scene, &PAPER).layout.page();
                (slot_width / columns).min(board_height / rows)
            })
            .fold(f64::INFINITY, f64::min);
        let cell = fit.min(natural) * options.scale;
        let millimetres = |points: f64| points * 25.4 / 72.0;
        if cell > fit * (1.0 + 1e-9) {
            return Err(PictureError::ScaleTooLarge {
                scale: options.scale,
                largest: (fit / fit.min(natural) * 100.0).floor() / 100.0,
            });
        }
        if cell.is_nan() || cell < SMALLEST_CELL {
            return Err(PictureError::BoardsTooSmall {
                across,
                down,
                millimetres: millimetres(cell.max(0.0)),
                smallest: millimetres(SMALLEST_CELL),
            });
        }
        Ok(Placing {
            cell,
            slot: (slot_width, slot_height),
            across: across as usize,
            down: down as usize,
            links,
        })
    }

    /// Draws `item`, the sheet's board number `number` (from 0), in the
    /// slot `index` of its page (counted across, then down), and gives
    /// where its link is.
    fn draw(
        &self,
        canvas: &mut PdfCanvas<'_, '_>,
        (index, number): (usize, usize),
        item: &SheetItem,
    ) -> Option<PageLink> {
        let column = (index % self.across) as f64;
        let row = (index / self.across) as f64;
        let left = PAGE_MARGIN + column * (self.slot.0 + GAP);
        let top = PAGE_MARGIN + HEADING_BAND + row * (self.slot.1 + GAP);
        let painter = Painter::new(&item.scene, &PAPER);
        let (columns, rows) = painter.layout.page();
        let board_width = columns * self.cell;
        canvas.place((left + (self.slot.0 - board_width) / 2.0, top), self.cell);
        painter.paint(item.scene.path.len(), canvas);
        let middle = left + self.slot.0 / 2.0;
        let mut y = top + rows * self.cell;
        write(
            canvas,
            &item.caption,
            (middle, y + CAPTION_SIZE * LINE / 2.0),
            CAPTION_SIZE,
            Anchor::Centre,
        );
        y += CAPTION_SIZE * LINE;
        let link = item.link.as_ref()?;
        let lines = &self.links[number];
        for line in lines {
            write(
                canvas,
                line,
                (middle, y + LINK_SIZE * LINE / 2.0),
                LINK_SIZE,
                Anchor::Centre,
            );
            y += LINK_SIZE * LINE;
        }
        let height = lines.len() as f64 * LINK_SIZE * LINE;
        Some(PageLink {
            rect: (left, y - height, self.slot.0, height),
            uri: link.clone(),
        })
    }
}

/// Writes `text` at `at` in points, `size` points to the em.
fn write(canvas: &mut PdfCanvas<'_, '_>, text: &str, at: (f64, f64), size: f64, anchor: Anchor) {
    canvas.place((0.0, 0.0), 1.0);
    canvas.text(&Label {
        at: Point { x: at.0, y: at.1 },
        anchor,
        size,
        text,
        colour: PAPER.text_on(PAPER.page),
        backing: None,
    });
}

/// `link` cut into lines that fit `width` points at the link's size, of
/// about even lengths: a link has no spaces to break at, and every
/// character of it is needed. Each character is measured once.
fn wrap_link(link: &str, width: f64) -> Vec<String> {
    // A tenth to spare for the outline that makes the text bold.
    let room = width / LINK_SIZE / 1.1;
    let characters: Vec<char> = link.chars().collect();
    let widths: Vec<f64> = font::char_advance_ems(LATIN_FONT, link, Some(1.0))
        .map(|widths| widths.into_iter().map(|ems| ems.unwrap_or(1.0)).collect())
        .unwrap_or_else(|| vec![1.0; characters.len()]);
    let fits = |from: usize, to: usize| widths[from..to].iter().sum::<f64>() <= room;
    // The fewest lines, filled greedily (at least a character each), then
    // as many lines of even length if they fit too.
    let mut greedy = Vec::new();
    let mut from = 0;
    while from < characters.len() {
        let mut to = from + 1;
        let mut used = widths[from];
        while to < characters.len() && used + widths[to] <= room {
            used += widths[to];
            to += 1;
        }
        greedy.push(from..to);
        from = to;
    }
    let even_length = characters.len().div_ceil(greedy.len().max(1)).max(1);
    let even: Vec<_> = (0..characters.len())
        .step_by(even_length)
        .map(|from| from..(from + even_length).min(characters.len()))
        .collect();
    let lines = if even.len() == greedy.len() && even.iter().all(|line| fits(line.start, line.end))
    {
        even
    } else {
        greedy
    };
    lines
        .into_iter()
        .map(|line| characters[line].iter().collect())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::goishi::Puzzle;

    #[test]
    fn the_paper_follows_the_locale() {
        assert_eq!(Paper::for_locale("en_US.UTF-8"), Paper::Letter);
        assert_eq!(Paper::for_locale("es_MX"), Paper::Letter);
        assert_eq!(Paper::for_locale("en_CA.utf8@euro"), Paper::Letter);
        assert_eq!(Paper::for_locale("en_GB.UTF-8"), Paper::A4);
        assert_eq!(Paper::for_locale("ja_JP.UTF-8"), Paper::A4);
        assert_eq!(Paper::for_locale("C"), Paper::A4);
        let locale = |all: &'static str, paper: &'static str, lang: &'static str| {
            move |name: &str| {
                let value = match name {
                    "LC_ALL" => all,
                    "LC_PAPER" => paper,
                    "LANG" => lang,
                    _ => "",
                };
                Some(value.to_owned())
            }
        };
        assert_eq!(
            Paper::of_variables(locale("", "en_US", "de_DE")),
            Paper::Letter
        );
        assert_eq!(Paper::of_variables(locale("fr_FR", "en_US", "")), Paper::A4);
        assert_eq!(Paper::of_variables(|_| None), Paper::A4);
        assert_eq!(Paper::parse(" Letter "), Some(Paper::Letter));
        assert_eq!(Paper::parse("b5"), None);
    }

    #[test]
    fn links_wrap_into_even_lines_that_fit_and_keep_every_character() {
        let link = "gridtour:numbers?size=8x8&givens=g8:26,c7:7,g7:45,f6:53,b5:22,c5:63,g4:52";
        for width in [60.0, 120.0, 160.0, 400.0, 1000.0] {
            let lines = wrap_link(link, width);
            assert_eq!(lines.concat(), link);
            let lengths: Vec<usize> = lines.iter().map(|line| line.chars().count()).collect();
            let (shortest, longest) = (lengths.iter().min(), lengths.iter().max());
            assert!(
                longest
                    .zip(shortest)
                    .is_some_and(|(l, s)| l - s <= l / 2 + 1),
                "{lengths:?}"
            );
            for line in &lines {
                let ems = font::advance_ems(LATIN_FONT, line, Some(1.0)).unwrap_or(f64::MAX);
                assert!(ems * LINK_SIZE <= width, "{line} at {width}");
            }
        }
        assert_eq!(wrap_link(link, 1000.0).len(), 1);
    }

    fn sheet(count: usize, side: u32) -> Vec<SheetSection> {
        let puzzle = Puzzle::new(side, side).expect("an empty board");
        let item = SheetItem {
            scene: Scene::goishi(&puzzle, &[]).with_labels(true),
            caption: "caption".to_owned(),
            link: Some("https://puzz.link/p?goishi/10/10/abc".to_owned()),
        };
        vec![SheetSection {
            heading: "heading".to_owned(),
            items: vec![item; count],
        }]
    }

    fn options(across: u32, down: u32, scale: f64) -> SheetOptions {
        SheetOptions {
            across,
            down,
            paper: Paper::A4,
            scale,
        }
    }

    #[test]
    fn a_sheet_has_as_many_pages_as_its_boards_need() {
        let pdf = sheet_to_pdf(&sheet(13, 10), &options(3, 4, 1.0)).expect("a sheet");
        let text = String::from_utf8_lossy(&pdf);
        let pages = text.matches("/Type/Page").count() - text.matches("/Type/Pages").count();
        assert_eq!(pages, 2);
        assert_eq!(
            text.matches("/S/URI").count(),
            13,
            "a link under every board"
        );
    }

    #[test]
    fn sheets_that_cannot_be_printed_say_why() {
        let error = |sections: &[SheetSection], options| {
            sheet_to_pdf(sections, &options).expect_err("no sheet")
        };
        assert_eq!(error(&[], options(1, 1, 1.0)), PictureError::EmptySheet);
        assert!(matches!(
            error(&sheet(1, 10), options(3, 4, 3.0)),
            PictureError::ScaleTooLarge { largest: 1.0, .. }
        ));
        assert!(matches!(
            error(&sheet(100, 40), options(10, 10, 1.0)),
            PictureError::BoardsTooSmall {
                across: 10,
                down: 10,
                ..
            }
        ));
        // Sizes just under the smallest are never said to be its equal.
        let too_small = PictureError::BoardsTooSmall {
            across: 10,
            down: 10,
            millimetres: 1.396,
            smallest: 1.4112,
        };
        assert!(
            too_small.to_string().contains("1.39 mm, under the 1.42 mm"),
            "{too_small}"
        );
        // 523 points across for 11.7 squares (board, margin and labels),
        // 44.7 points each: 1.57 times a centimetre.
        let message = error(&sheet(1, 10), options(1, 1, 3.0)).to_string();
        assert!(
            message.contains("the largest scale that fits is 1.57"),
            "{message}"
        );
    }
}
