//! Opening Goishi puzzles and exporting solutions, all off the UI thread.
//!
//! Native dialogs, file reads, image encoding and file writes each run on a
//! short-lived thread that reports back over a channel and wakes the window.
//! The Open dialog, a dropped file, a pasted URL and the tests all end in the
//! same loader ([`load_goishi_file`] or [`load_goishi_bytes`]).

use std::path::{Path, PathBuf};
use std::sync::mpsc::{self, Receiver, Sender};

use eframe::egui;
use gridtour::goishi::format::{self, Loaded};
use gridtour::goishi::{Point, Puzzle};
use gridtour::knight::Tour;

use super::export::{self, Drawing};

/// A finished file operation.
#[derive(Debug)]
pub enum FileEvent {
    /// A Goishi puzzle was read (or could not be).
    Loaded {
        /// The file path, or "URL", or the dropped file's name.
        source: String,
        /// The puzzle, or a one-line message naming the source and the
        /// problem.
        result: Result<Loaded, String>,
    },
    /// An export was written (or could not be).
    Saved {
        /// Where the file went.
        path: PathBuf,
        /// Nothing, or a message naming the path and the reason.
        result: Result<(), String>,
    },
    /// A file was chosen in a dialog; the next dialog starts in its
    /// directory.
    DirectoryChosen(PathBuf),
}

/// What a file thread sends: events, then a last word that it is over.
enum Message {
    Event(FileEvent),
    Over,
}

/// The sending half given to a file thread.
struct Reply(Sender<Message>);

impl Reply {
    fn send(&self, event: FileEvent) {
        // The window may have closed meanwhile; nobody is left to tell.
        let _ = self.0.send(Message::Event(event));
    }

    fn chosen(&self, path: &Path) {
        if let Some(directory) = path.parent() {
            self.send(FileEvent::DirectoryChosen(directory.to_path_buf()));
        }
    }
}

/// Reads a Goishi puzzle file in any format the engine knows.
/// This is the loader behind the Open dialog.
pub fn load_goishi_file(path: &Path) -> Result<Loaded, String> {
    format::load_path(path).map_err(|error| error.to_string())
}

/// Reads a Goishi puzzle from bytes, such as a pasted URL; `source` names it
/// in error messages.
pub fn load_goishi_bytes(source: &str, bytes: &[u8]) -> Result<Loaded, String> {
    format::load_bytes(source, bytes).map_err(|error| error.to_string())
}

/// The file formats a solution can be exported to, chosen by extension.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ExportFormat {
    /// The engine's JSON schema (`.json`).
    Json,
    /// The numbered board as text (`.txt`).
    Text,
    /// An SVG picture of the board (`.svg`).
    Svg,
    /// A PNG picture of the board (`.png`).
    Png,
    /// A puzz.link pzprv3 file with the pick numbers (`.pzprv3`, Goishi only).
    Pzprv3,
}

impl ExportFormat {
    /// The format a file name asks for, by its extension.
    pub fn from_path(path: &Path) -> Result<Self, String> {
        let extension = path
            .extension()
            .and_then(|extension| extension.to_str())
            .map(str::to_ascii_lowercase);
        match extension.as_deref() {
            Some("json") => Ok(Self::Json),
            Some("txt") => Ok(Self::Text),
            Some("svg") => Ok(Self::Svg),
            Some("png") => Ok(Self::Png),
            Some("pzprv3") => Ok(Self::Pzprv3),
            _ => Err(format!(
                "cannot export to {}: use a .json, .txt, .svg, .png or .pzprv3 file name",
                path.display()
            )),
        }
    }
}

/// What is being exported: the data itself, and its picture.
#[derive(Debug, Clone)]
pub struct Export {
    /// The tour or puzzle with its order.
    pub subject: Subject,
    /// The board as drawn.
    pub drawing: Drawing,
}

/// The data behind an export.
#[derive(Debug, Clone)]
pub enum Subject {
    /// A knight's tour.
    Tour(Tour),
    /// A Goishi puzzle with the pickup order shown (possibly empty).
    Goishi {
        /// The puzzle.
        puzzle: Puzzle,
        /// The picks shown, in order.
        order: Vec<Point>,
    },
}

/// Largest side of an exported PNG in pixels, before the cell size is cut.
const PNG_TARGET_SIDE: u32 = 4000;

impl Export {
    /// The dialog's file type filters for this subject.
    fn filters(&self) -> &'static [(&'static str, &'static str)] {
        match self.subject {
            Subject::Tour(_) => &[
                ("JSON", "json"),
                ("Numbered board", "txt"),
                ("SVG image", "svg"),
                ("PNG image", "png"),
            ],
            Subject::Goishi { .. } => &[
                ("JSON", "json"),
                ("Numbered board", "txt"),
                ("SVG image", "svg"),
                ("PNG image", "png"),
                ("pzprv3 (puzz.link)", "pzprv3"),
            ],
        }
    }

    /// The file contents in `format`.
    pub fn render(&self, format: ExportFormat) -> Result<Vec<u8>, String> {
        let text = match (format, &self.subject) {
            (ExportFormat::Svg, _) => export::to_svg(&self.drawing),
            (ExportFormat::Png, _) => {
                let side = self.drawing.width.max(self.drawing.height).max(1);
                let cell_px = (PNG_TARGET_SIDE / side).clamp(2, 48);
                return export::to_png(&self.drawing, cell_px);
            }
            (ExportFormat::Json, Subject::Tour(tour)) => tour.to_json(),
            (ExportFormat::Text, Subject::Tour(tour)) => tour.to_text(),
            (ExportFormat::Pzprv3, Subject::Tour(_)) => {
                return Err("pzprv3 files hold Goishi puzzles, not knight's tours".to_owned());
            }
            (ExportFormat::Json, Subject::Goishi { puzzle, order }) => {
                format::to_json(puzzle, order)
            }
            (ExportFormat::Text, Subject::Goishi { puzzle, order }) => {
                if order.is_empty() {
                    format::to_text(puzzle)
                } else {
                    format::numbered_board(puzzle, order)
                }
            }
            (ExportFormat::Pzprv3, Subject::Goishi { puzzle, order }) => {
                let order = (!order.is_empty()).then_some(order.as_slice());
                format::to_pzprv3(puzzle, order)
            }
        };
        Ok(text.into_bytes())
    }
}

/// Renders `export` in the format its path asks for and writes it
/// atomically. This is what the Save dialog does once a path is chosen.
pub fn write_export(path: &Path, export: &Export) -> Result<(), String> {
    let format = ExportFormat::from_path(path)?;
    let bytes = export.render(format)?;
    export::write_atomic(path, &bytes)
}

/// File operations in flight; their results arrive through [`Self::poll`].
pub struct FileTasks {
    sender: Sender<Message>,
    receiver: Receiver<Message>,
    in_flight: usize,
}

impl Default for FileTasks {
    fn default() -> Self {
        let (sender, receiver) = mpsc::channel();
        Self {
            sender,
            receiver,
            in_flight: 0,
        }
    }
}

impl FileTasks {
    /// Whether any dialog, read or write is still going on.
    pub fn is_busy(&self) -> bool {
        self.in_flight > 0
    }

    /// Runs `task` on its own thread; whatever it sends arrives in
    /// [`Self::poll`], and the window is woken when it is done.
    fn spawn(&mut self, ctx: &egui::Context, task: impl FnOnce(&Reply) + Send + 'static) {
        let reply = Reply(self.sender.clone());
        let ctx = ctx.clone();
        self.in_flight += 1;
        std::thread::spawn(move || {
            task(&reply);
            let _ = reply.0.send(Message::Over);
            ctx.request_repaint();
        });
    }

    /// Shows the native Open dialog, then reads the chosen file.
    pub fn open_dialog(&mut self, ctx: &egui::Context, directory: Option<PathBuf>) {
        self.spawn(ctx, move |reply| {
            let mut dialog = rfd::FileDialog::new()
                .set_title("Open a Goishi Hiroi puzzle")
                .add_filter("Goishi puzzles", &["txt", "pzprv3", "json", "url"])
                .add_filter("All files", &["*"]);
            if let Some(directory) = directory {
                dialog = dialog.set_directory(directory);
            }
            if let Some(path) = dialog.pick_file() {
                reply.chosen(&path);
                send_loaded(reply, &path);
            }
        });
    }

    /// Reads a file chosen without the dialog (dropped, or from a test).
    pub fn open_path(&mut self, ctx: &egui::Context, path: PathBuf) {
        self.spawn(ctx, move |reply| send_loaded(reply, &path));
    }

    /// Reads a puzzle from bytes, such as a pasted URL.
    pub fn open_bytes(&mut self, ctx: &egui::Context, source: String, bytes: Vec<u8>) {
        self.spawn(ctx, move |reply| {
            let result = load_goishi_bytes(&source, &bytes);
            reply.send(FileEvent::Loaded { source, result });
        });
    }

    /// Shows the native Save dialog, then renders and writes the export.
    pub fn save_dialog(
        &mut self,
        ctx: &egui::Context,
        directory: Option<PathBuf>,
        name: String,
        export: Export,
    ) {
        self.spawn(ctx, move |reply| {
            let mut dialog = rfd::FileDialog::new()
                .set_title("Export")
                .set_file_name(name);
            for (label, extension) in export.filters() {
                dialog = dialog.add_filter(*label, &[*extension]);
            }
            if let Some(directory) = directory {
                dialog = dialog.set_directory(directory);
            }
            if let Some(path) = dialog.save_file() {
                reply.chosen(&path);
                let result = write_export(&path, &export);
                reply.send(FileEvent::Saved { path, result });
            }
        });
    }

    #[cfg(test)]
    /// Renders and writes an export to a known path (the Save dialog's
    /// second half).
    pub fn save_to(&mut self, ctx: &egui::Context, path: PathBuf, export: Export) {
        self.spawn(ctx, move |reply| {
            let result = write_export(&path, &export);
            reply.send(FileEvent::Saved { path, result });
        });
    }

    /// Results that arrived since the last call.
    pub fn poll(&mut self) -> Vec<FileEvent> {
        let mut events = Vec::new();
        for message in self.receiver.try_iter() {
            match message {
                Message::Event(event) => events.push(event),
                Message::Over => self.in_flight = self.in_flight.saturating_sub(1),
            }
        }
        events
    }
}

fn send_loaded(reply: &Reply, path: &Path) {
    let result = load_goishi_file(path);
    reply.send(FileEvent::Loaded {
        source: path.display().to_string(),
        result,
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn export_format_follows_the_extension() {
        assert_eq!(
            ExportFormat::from_path(Path::new("a.JSON")),
            Ok(ExportFormat::Json)
        );
        assert_eq!(
            ExportFormat::from_path(Path::new("b.png")),
            Ok(ExportFormat::Png)
        );
        assert_eq!(
            ExportFormat::from_path(Path::new("c.pzprv3")),
            Ok(ExportFormat::Pzprv3)
        );
        let error = ExportFormat::from_path(Path::new("dir/d.doc")).unwrap_err();
        assert!(error.contains("dir/d.doc"), "{error}");
    }
}
