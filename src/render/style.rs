//! The look of every board gridtour draws, on screen and in SVG, PNG and
//! GIF files, as named values. The window's canvas and the file writers
//! both read [`STYLE`], so an export looks like what is on screen.
//!
//! Sizes are in cells (the side of one square of a knight board, or the
//! spacing of grid points on a Goishi board), so one value serves every
//! zoom level and every picture size.

use std::fmt;

/// An opaque colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Colour {
    pub red: u8,
    pub green: u8,
    pub blue: u8,
}

impl Colour {
    pub const fn rgb(red: u8, green: u8, blue: u8) -> Self {
        Colour { red, green, blue }
    }

    /// Whether light text reads better than dark text on this colour.
    pub fn is_dark(self) -> bool {
        // Rec. 601 luma, in thousandths.
        let luma =
            299 * u32::from(self.red) + 587 * u32::from(self.green) + 114 * u32::from(self.blue);
        luma < 128_000
    }
}

impl fmt::Display for Colour {
    /// The `#rrggbb` form of SVG and CSS.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "#{:02x}{:02x}{:02x}", self.red, self.green, self.blue)
    }
}

/// A line drawn in a colour over a darker casing, so that it stays visible
/// on light and dark ground alike.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct CasedLine {
    pub colour: Colour,
    pub casing: Colour,
    /// Width of the coloured line, in cells.
    pub width: f64,
    /// Width of the casing under it, in cells.
    pub casing_width: f64,
}

/// Every colour and proportion of a board picture.
#[derive(Debug, Clone, PartialEq)]
pub struct Style {
    /// Around the board in pictures.
    pub page: Colour,
    /// Space around the board in pictures, in cells.
    pub page_margin: f64,
    pub light_square: Colour,
    pub dark_square: Colour,
    /// The thin line around a knight board, which keeps its dark edge
    /// squares apart from a dark background.
    pub board_frame: Colour,
    pub board_frame_width: f64,
    /// Squares no knight may visit: filled, and crossed out.
    pub blocked_square: Colour,
    pub blocked_cross: Colour,
    pub blocked_cross_width: f64,
    /// Distance of the cross's ends from the square's edges.
    pub blocked_cross_inset: f64,
    /// Start squares where plain Warnsdorff's rule dead-ends.
    pub failing_start_on_light: Colour,
    pub failing_start_on_dark: Colour,
    /// Squares a walk in play mode can no longer reach.
    pub unreachable_on_light: Colour,
    pub unreachable_on_dark: Colour,
    /// Their outline and hatch, seen on light and dark squares alike.
    pub unreachable_mark: Colour,
    /// Visited squares when the board is too small on screen for lines.
    pub visited_on_light: Colour,
    pub visited_on_dark: Colour,
    /// The knight's tour and the Goishi pickup order alike.
    pub path: CasedLine,
    /// The ring around the first square of the path.
    pub start_ring: Colour,
    pub start_ring_radius: f64,
    /// Line width of the start ring and of the Goishi current-stone ring.
    pub marker_width: f64,
    /// The knight: a dot on the last square reached.
    pub knight: Colour,
    pub knight_radius: f64,
    /// Ring around the last stone picked.
    pub current_stone_ring_radius: f64,
    /// Legal moves offered in play mode, and the hint ring.
    pub legal_move: Colour,
    pub legal_move_fill: Colour,
    pub legal_move_radius: f64,
    /// The ring around the stone a hint suggests.
    pub hint_ring_radius: f64,
    /// The go board.
    pub wood: Colour,
    pub grid_line: Colour,
    pub grid_line_width: f64,
    pub stone: Colour,
    pub stone_edge: Colour,
    pub stone_radius: f64,
    /// A stone already picked, drawn pale with its pick number; opaque, so
    /// the path runs under it.
    pub picked_stone: Colour,
    pub stone_edge_width: f64,
    /// Move numbers on knight squares: em size for up to four digits, and
    /// how far they sit from the square's top-left corner.
    pub number_size: f64,
    pub number_inset: f64,
    /// Pick numbers in the middle of picked stones, em size.
    pub pick_number_size: f64,
    /// Text on light ground and on dark ground.
    pub text_on_light: Colour,
    pub text_on_dark: Colour,
    /// Height of the title band above a titled picture, and its em size.
    pub title_band: f64,
    pub title_size: f64,
    /// The band beside the board for the names of its columns and rows,
    /// and their em size.
    pub label_room: f64,
    pub label_size: f64,
}

/// The one style of gridtour.
pub const STYLE: Style = Style {
    page: Colour::rgb(0xff, 0xff, 0xff),
    page_margin: 0.5,
    light_square: Colour::rgb(0xff, 0xff, 0xff),
    dark_square: Colour::rgb(0x00, 0x00, 0x00),
    board_frame: Colour::rgb(0xa0, 0xa0, 0xa0),
    board_frame_width: 0.03,
    blocked_square: Colour::rgb(120, 120, 120),
    blocked_cross: Colour::rgb(200, 40, 40),
    blocked_cross_width: 0.06,
    blocked_cross_inset: 0.2,
    failing_start_on_light: Colour::rgb(255, 160, 90),
    failing_start_on_dark: Colour::rgb(150, 60, 0),
    unreachable_on_light: Colour::rgb(240, 150, 150),
    unreachable_on_dark: Colour::rgb(110, 20, 20),
    unreachable_mark: Colour::rgb(255, 40, 40),
    visited_on_light: Colour::rgb(0, 255, 255),
    visited_on_dark: Colour::rgb(0, 150, 150),
    path: CasedLine {
        colour: Colour::rgb(0, 255, 255),
        casing: Colour::rgb(0, 51, 64),
        width: 0.08,
        casing_width: 0.16,
    },
    start_ring: Colour::rgb(0, 200, 0),
    start_ring_radius: 0.42,
    marker_width: 0.08,
    knight: Colour::rgb(230, 30, 30),
    knight_radius: 0.2,
    current_stone_ring_radius: 0.34,
    legal_move: Colour::rgb(0, 150, 0),
    legal_move_fill: Colour::rgb(0, 110, 0),
    legal_move_radius: 0.3,
    hint_ring_radius: 0.46,
    wood: Colour::rgb(222, 184, 108),
    grid_line: Colour::rgb(90, 60, 20),
    grid_line_width: 0.03,
    stone: Colour::rgb(25, 25, 25),
    stone_edge: Colour::rgb(90, 90, 90),
    stone_radius: 0.38,
    picked_stone: Colour::rgb(248, 240, 222),
    stone_edge_width: 0.03,
    number_size: 0.3,
    number_inset: 0.06,
    pick_number_size: 0.36,
    text_on_light: Colour::rgb(0, 0, 0),
    text_on_dark: Colour::rgb(0xff, 0xff, 0xff),
    title_band: 1.0,
    title_size: 0.5,
    label_room: 0.7,
    label_size: 0.4,
};

/// The style of pages to print: dark squares a light grey, so that a
/// number can be pencilled into every square, and numbers dark on all of
/// them.
pub const PAPER: Style = Style {
    dark_square: Colour::rgb(0xd4, 0xd4, 0xd4),
    ..STYLE
};

impl Style {
    /// Em size of knight move numbers when the longest has `digits` digits:
    /// the full size up to four digits, smaller beyond, so every number fits
    /// in its square.
    pub fn number_size_for(&self, digits: usize) -> f64 {
        self.number_size.min(1.4 / digits.max(1) as f64)
    }

    /// Em size of a puzzle's given numbers when the longest has `digits`
    /// digits: as large as fits across a square.
    pub fn given_size_for(&self, digits: usize) -> f64 {
        (0.62_f64).min(1.5 / digits.max(1) as f64)
    }

    /// Em size of Goishi pick numbers when the longest has `digits` digits,
    /// shrunk to stay inside the stone.
    pub fn pick_number_size_for(&self, digits: usize) -> f64 {
        self.pick_number_size
            .min(1.3 * self.stone_radius / digits.max(1) as f64)
    }

    /// The text colour that reads on `ground`.
    pub fn text_on(&self, ground: Colour) -> Colour {
        if ground.is_dark() {
            self.text_on_dark
        } else {
            self.text_on_light
        }
    }
}

/// What a knight board square shows besides its colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SquareMark {
    Plain,
    Blocked,
    FailingStart,
    Unreachable,
}

impl Style {
    /// The fill of a knight board square.
    pub fn square_colour(&self, dark: bool, mark: SquareMark) -> Colour {
        let pick = |light: Colour, on_dark: Colour| if dark { on_dark } else { light };
        match mark {
            SquareMark::Plain => pick(self.light_square, self.dark_square),
            SquareMark::Blocked => self.blocked_square,
            SquareMark::FailingStart => {
                pick(self.failing_start_on_light, self.failing_start_on_dark)
            }
            SquareMark::Unreachable => pick(self.unreachable_on_light, self.unreachable_on_dark),
        }
    }
}
