//! What comes into the window from outside: files read or written in the
//! background, files dropped on it, links pasted or given at start.

use std::ffi::OsString;
use std::path::PathBuf;

use eframe::egui;
use gridtour::document::{self, Document};
use gridtour::tr;

use super::GridtourApp;
use super::command::Effect;
use super::files::{FileEvent, SheetOutcome};
use super::modes::{Mode, Work};
use super::notice::Notice;

impl GridtourApp {
    /// Shows what a file, a drop or a paste held, in its mode.
    fn show_document(&mut self, source: &str, document: Result<Document, String>) {
        let mut document = match document {
            Ok(document) => document,
            Err(error) => {
                // Cut short once: the notice is worded every frame.
                let error = gridtour::message::printable(&error);
                return self.tell(Notice::error(move || {
                    tr!("open-failed", error = error.as_str())
                }));
            }
        };
        // Each mode in turn takes the document if it is one of its own.
        for mode in Mode::ALL {
            match self.pane_mut(mode).open(document, source) {
                Ok(effects) => return self.show_loaded(mode, effects),
                Err(unopened) => document = unopened,
            }
        }
        unreachable!("no mode opens {document:?}");
    }

    /// Opens a knight link or a puzzle's URL pasted (Ctrl+V) while no text
    /// field has the keyboard.
    pub(super) fn take_pasted_links(&mut self, ctx: &egui::Context) {
        if ctx.egui_wants_keyboard_input() {
            return;
        }
        let pasted: Vec<String> = ctx.input(|input| {
            input
                .events
                .iter()
                .filter_map(|event| match event {
                    egui::Event::Paste(text) => Some(text.trim().to_owned()),
                    _ => None,
                })
                .collect()
        });
        for text in pasted {
            if document::names_a_link(&text) {
                let source = tr!("the-pasted-link");
                let document = document::read_bytes(source, text.as_bytes())
                    .map_err(|error| error.to_string());
                self.show_document(source, document);
            }
        }
    }

    pub(super) fn take_file_events(&mut self) {
        for event in self.files.poll() {
            match event {
                FileEvent::Loaded { source, result } => self.show_document(&source, result),
                FileEvent::Saved { path, result } => self.tell(match result {
                    Ok(()) => {
                        let path = path.display().to_string();
                        Notice::info(move || tr!("saved", path = path.as_str()))
                    }
                    Err(error) => Notice::error(move || tr!("save-failed", error = error.as_str())),
                }),
                FileEvent::Sheet(outcome) => {
                    self.print.finished();
                    // Its work done, the dialog goes.
                    if !matches!(outcome, SheetOutcome::Cancelled | SheetOutcome::Failed(_)) {
                        self.print.open = false;
                    }
                    if let Some(notice) = sheet_notice(outcome) {
                        self.tell(notice);
                    }
                }
                FileEvent::DirectoryChosen(directory) => {
                    self.settings.last_directory = Some(directory);
                }
                FileEvent::NoDialog => self.tell(Notice::error(|| tr!("no-dialog").to_owned())),
            }
        }
    }

    /// Shows `mode`, which has just opened a file, fitted to the window.
    fn show_loaded(&mut self, mode: Mode, effects: Vec<Effect<Work>>) {
        self.settings.mode = mode;
        self.carry_out(mode, effects);
        self.view().fit();
    }

    /// Opens a file, link or URL given on the command line: links and URLs
    /// as if pasted, `file://` URLs (what a desktop hands over) and paths
    /// as if dropped.
    pub(super) fn open_given(&mut self, what: OsString) {
        match document::Given::of(&what) {
            document::Given::Link(link) => {
                let source = tr!("the-link-given");
                let document = document::read_bytes(source, link.as_bytes())
                    .map_err(|error| error.to_string());
                self.show_document(source, document);
            }
            document::Given::File(path) => {
                let wake = self.waker();
                self.files.open_path(wake, path);
            }
        }
    }

    /// Files dropped on the window are opened like those of the Open dialog.
    pub(super) fn take_dropped_files(&mut self, ctx: &egui::Context) {
        let dropped = ctx.input(|i| i.raw.dropped_files.clone());
        for file in dropped {
            let wake = self.waker();
            super::platform::open_dropped(&mut self.files, wake, file);
        }
    }
}

/// What the window says of a sheet made for printing.
fn sheet_notice(outcome: SheetOutcome) -> Option<Notice> {
    let shown = |path: PathBuf| path.display().to_string();
    Some(match outcome {
        SheetOutcome::Saved(path, skipped) => {
            let path = shown(path);
            Notice::info(move || with_skipped(tr!("saved", path = path.as_str()), &skipped))
        }
        SheetOutcome::Opened(path, skipped) => {
            let path = shown(path);
            Notice::info(move || with_skipped(tr!("print-opened", path = path.as_str()), &skipped))
        }
        SheetOutcome::NoViewer { path, error } => {
            let path = shown(path);
            Notice::error(move || {
                tr!(
                    "print-no-viewer",
                    path = path.as_str(),
                    error = error.as_str()
                )
            })
        }
        SheetOutcome::Failed(error) => {
            Notice::error(move || tr!("print-failed", error = error.as_str()))
        }
        SheetOutcome::Cancelled => return None,
    })
}

/// `said` of a sheet, and the seeds its new puzzles passed over, if any.
fn with_skipped(said: String, skipped: &[u64]) -> String {
    match gridtour::print::skipped_note(skipped) {
        Some(note) => tr!("print-and-skipped", said = said, skipped = note),
        None => said,
    }
}
