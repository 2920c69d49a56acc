//! The Help window (F1): the rules of the puzzle on show with a small
//! picture, the keys of every command, and About. The key sheet is made
//! from the same lists the keyboard is read from, so it cannot go stale;
//! the rules are text in `assets/help/`.

use eframe::egui::{self, Color32, Pos2, Rect, Stroke, vec2};

use gridtour::knight::KNIGHT_MOVES;
use gridtour::render::STYLE;

use super::command::Command;
use super::widgets::colour;
use crate::app::mode::Mode;
use gridtour::i18n::{self, Language};
use gridtour::tr;

/// The rules of `mode`'s puzzle in `language`, as the Help window shows
/// them.
pub fn rules_text(mode: Mode, language: Language) -> &'static str {
    match (mode, language) {
        (Mode::Knight, Language::English) => include_str!("../../assets/help/knight.md"),
        (Mode::Knight, Language::Japanese) => include_str!("../../assets/help/knight.ja.md"),
        (Mode::Goishi, Language::English) => include_str!("../../assets/help/goishi.md"),
        (Mode::Goishi, Language::Japanese) => include_str!("../../assets/help/goishi.ja.md"),
    }
}

/// The Help window's pages.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Page {
    /// How the puzzle on show is played.
    #[default]
    Rules,
    /// Every command with a key.
    Keys,
    /// Version, licence and links.
    About,
}

impl Page {
    const ALL: [Page; 3] = [Page::Rules, Page::Keys, Page::About];

    fn label(self) -> &'static str {
        match self {
            Page::Rules => tr!("help-rules"),
            Page::Keys => tr!("help-keys"),
            Page::About => tr!("help-about"),
        }
    }
}

/// Whether the Help window is open, and on which page.
#[derive(Debug, Default)]
pub struct Help {
    /// Whether it is on screen.
    pub open: bool,
    /// The page it shows.
    pub page: Page,
}

/// A group of commands on the key sheet.
pub struct KeySection {
    /// Whose commands they are ("Window", "Both modes", a mode's name).
    pub title: String,
    /// Each command's keys, label and what it does.
    pub rows: Vec<KeyRow>,
}

/// One command on the key sheet.
pub struct KeyRow {
    /// Its keys, "Ctrl+Z or Ctrl+Y".
    pub keys: String,
    /// Its button's text.
    pub label: &'static str,
    /// What it does.
    pub description: &'static str,
}

impl KeyRow {
    /// The row of `command`, or `None` if no key gives it.
    pub fn of(command: &impl Command) -> Option<KeyRow> {
        let keys: Vec<String> = command
            .shortcuts()
            .iter()
            .map(ToString::to_string)
            .collect();
        (!keys.is_empty()).then(|| KeyRow {
            keys: keys.join(tr!("keys-or")),
            label: command.label(),
            description: command.description(),
        })
    }
}

/// Draws the Help window when it is open, for `mode` on show.
pub fn window(ctx: &egui::Context, help: &mut Help, mode: Mode, keys: &[KeySection]) {
    let mut open = help.open;
    // At the right, clear of the mode bar and the controls on the left.
    let corner = ctx.content_rect().right_top() + vec2(-560.0, 60.0);
    egui::Window::new(tr!("help"))
        .open(&mut open)
        .default_pos(corner)
        .default_size(vec2(520.0, 560.0))
        .vscroll(true)
        .show(ctx, |ui| {
            ui.horizontal(|ui| {
                for page in Page::ALL {
                    ui.selectable_value(&mut help.page, page, page.label());
                }
            });
            ui.separator();
            match help.page {
                Page::Rules => rules(ui, mode),
                Page::Keys => key_sheet(ui, keys),
                Page::About => about(ui),
            }
        });
    help.open = open;
}

/// The rules of `mode`'s puzzle with its picture after the first
/// paragraph.
fn rules(ui: &mut egui::Ui, mode: Mode) {
    let text = rules_text(mode, i18n::current());
    let mut pictured = false;
    for block in text.split("\n\n").map(str::trim).filter(|b| !b.is_empty()) {
        if let Some(title) = block.strip_prefix("# ") {
            ui.heading(title);
        } else if let Some(title) = block.strip_prefix("## ") {
            ui.add_space(6.0);
            ui.label(egui::RichText::new(title).strong().size(15.0));
        } else {
            for line in block.lines() {
                let line = match line.strip_prefix("- ") {
                    Some(item) => format!("•  {item}"),
                    None => line.to_owned(),
                };
                ui.label(with_bold(ui, &line));
            }
            if !pictured {
                pictured = true;
                match mode {
                    Mode::Knight => knight_picture(ui),
                    Mode::Goishi => goishi_picture(ui),
                }
            }
        }
        ui.add_space(4.0);
    }
}

/// `text` with its `**bold**` runs in strong type.
fn with_bold(ui: &egui::Ui, text: &str) -> egui::text::LayoutJob {
    let mut job = egui::text::LayoutJob::default();
    for (index, run) in text.split("**").enumerate() {
        let rich = egui::RichText::new(run);
        let rich = if index % 2 == 1 { rich.strong() } else { rich };
        rich.append_to(
            &mut job,
            ui.style(),
            egui::FontSelection::Default,
            egui::Align::Min,
        );
    }
    job
}

/// A knight in the middle of a 5 x 5 board and its eight moves.
fn knight_picture(ui: &mut egui::Ui) {
    let side = 5;
    let (rect, _) = ui.allocate_exact_size(vec2(150.0, 150.0), egui::Sense::hover());
    let painter = ui.painter_at(rect);
    let cell = rect.width() / side as f32;
    let centre = |x: i32, y: i32| rect.min + vec2((x as f32 + 0.5) * cell, (y as f32 + 0.5) * cell);
    for y in 0..side {
        for x in 0..side {
            let dark = (x + y) % 2 == 1;
            let fill = colour(if dark {
                STYLE.dark_square
            } else {
                STYLE.light_square
            });
            let min = rect.min + vec2(x as f32 * cell, y as f32 * cell);
            painter.rect_filled(Rect::from_min_size(min, vec2(cell, cell)), 0.0, fill);
        }
    }
    let from = centre(2, 2);
    for (dx, dy) in KNIGHT_MOVES {
        let to = centre(2 + dx, 2 + dy);
        painter.line_segment([from, to], Stroke::new(2.0, colour(STYLE.path.colour)));
        painter.circle_filled(to, cell * 0.15, colour(STYLE.path.colour));
    }
    painter.circle_filled(from, cell * 0.3, colour(STYLE.knight));
    painter.text(
        from,
        egui::Align2::CENTER_CENTER,
        "N",
        egui::FontId::proportional(cell * 0.4),
        Color32::WHITE,
    );
}

/// Five stones on a 4 x 4 grid and the order that picks them all.
fn goishi_picture(ui: &mut egui::Ui) {
    let side = 4;
    let (rect, _) = ui.allocate_exact_size(vec2(150.0, 150.0), egui::Sense::hover());
    let painter = ui.painter_at(rect);
    painter.rect_filled(rect, 0.0, colour(STYLE.wood));
    let gap = rect.width() / side as f32;
    let point = |x: u32, y: u32| -> Pos2 {
        rect.min + vec2((x as f32 + 0.5) * gap, (y as f32 + 0.5) * gap)
    };
    let line = Stroke::new(1.0, colour(STYLE.grid_line));
    for i in 0..side {
        painter.line_segment([point(i, 0), point(i, side - 1)], line);
        painter.line_segment([point(0, i), point(side - 1, i)], line);
    }
    // Right, down, left, up: a turn at each stone, never straight back.
    let order = [(0, 0), (3, 0), (3, 2), (1, 2), (1, 1)];
    let points: Vec<Pos2> = order.iter().map(|&(x, y)| point(x, y)).collect();
    painter.add(egui::Shape::line(
        points.clone(),
        Stroke::new(3.0, colour(STYLE.path.colour)),
    ));
    for (index, &at) in points.iter().enumerate() {
        painter.circle_filled(at, gap * 0.3, colour(STYLE.stone));
        painter.text(
            at,
            egui::Align2::CENTER_CENTER,
            (index + 1).to_string(),
            egui::FontId::proportional(gap * 0.3),
            Color32::WHITE,
        );
    }
}

/// Every command with a key, by section.
fn key_sheet(ui: &mut egui::Ui, sections: &[KeySection]) {
    for section in sections {
        ui.label(egui::RichText::new(&section.title).strong());
        egui::Grid::new(("keys", &section.title))
            .num_columns(3)
            .striped(true)
            .show(ui, |ui| {
                for row in &section.rows {
                    ui.monospace(&row.keys);
                    ui.label(row.label);
                    ui.label(row.description);
                    ui.end_row();
                }
            });
        ui.add_space(6.0);
    }
}

/// Version, licence and where to read more.
fn about(ui: &mut egui::Ui) {
    ui.heading(format!("gridtour {}", env!("CARGO_PKG_VERSION")));
    ui.label(tr!("about-description"));
    ui.label(tr!("about-licence", licence = env!("CARGO_PKG_LICENSE")));
    ui.add_space(6.0);
    ui.label(tr!("about-manual"));
    ui.add_space(6.0);
    for (text, url) in [
        (tr!("about-puzz-link"), "https://puzz.link/list.html"),
        (tr!("about-closed-tours"), "https://oeis.org/A001230"),
        (tr!("about-open-tours"), "https://oeis.org/A165134"),
    ] {
        ui.hyperlink_to(text, url);
    }
}
