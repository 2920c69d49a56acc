//! The Help window (F1): the rules of the puzzle on show with a small
//! picture, the keys of every command, and About. The key sheet is made
//! from the same lists the keyboard is read from, so it cannot go stale;
//! the rules are each mode's own text, in its folder.

use eframe::egui::{self, vec2};

use super::command::Command;
use crate::app::modes::Mode;
use gridtour::i18n;
use gridtour::tr;

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
    let text = mode.rules(i18n::current());
    let mut pictured = false;
    for block in text.split("\n\n").map(str::trim).filter(|b| !b.is_empty()) {
        if let Some(title) = block.strip_prefix("# ") {
            ui.heading(title);
        } else if let Some(title) = block.strip_prefix("## ") {
            ui.add_space(6.0);
            ui.label(egui::RichText::new(title).strong().size(15.0));
        } else {
            for line in block.lines() {
                let figure = line
                    .strip_prefix("[picture: ")
                    .and_then(|name| name.strip_suffix(']'));
                if let Some(name) = figure {
                    mode.rules_figure(ui, name);
                    continue;
                }
                let line = match line.strip_prefix("- ") {
                    Some(item) => format!("•  {item}"),
                    None => line.to_owned(),
                };
                ui.label(with_bold(ui, &line));
            }
            if !pictured {
                pictured = true;
                mode.rules_picture(ui);
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
