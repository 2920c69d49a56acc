//! Opening files and exporting, all off the UI thread.
//!
//! Native dialogs, file reads, image encoding and file writes each run on a
//! short-lived thread that reports back over a channel and wakes the window.
//! The Open dialog and a dropped file end in the same reader,
//! [`gridtour::document::read_path`], which tells a knight's tour from a
//! Goishi puzzle by the file's content and reads back every format Export
//! writes (pictures carry their data inside).

use std::path::{Path, PathBuf};
use std::sync::mpsc::{self, Receiver, Sender};

use gridtour::document::{self, Document};

use gridtour::output::{Format, OutputError, PictureOptions, Subject};
use gridtour::render::{self, Scene, Timing};
use gridtour::replay::Event;

use gridtour::tr;

use super::platform;
use super::print::{SheetJob, SheetTo, Skipped};

/// A finished file operation.
#[derive(Debug)]
pub enum FileEvent {
    /// A file was read (or could not be).
    Loaded {
        /// The file's path.
        source: String,
        /// A tour or a puzzle, or a one-line message naming the file and
        /// the problem.
        result: Result<Document, String>,
    },
    /// An export was written (or could not be).
    Saved {
        /// Where the file went.
        path: PathBuf,
        /// Nothing, or a message naming the path and the reason.
        result: Result<(), String>,
    },
    /// A sheet to print was made (or not).
    Sheet(SheetOutcome),
    /// A file was chosen in a dialog; the next dialog starts in its
    /// directory.
    DirectoryChosen(PathBuf),
    /// The native dialog could not be shown (the window says what to do
    /// instead).
    NoDialog,
}

/// How making a sheet to print ended.
#[derive(Debug)]
pub enum SheetOutcome {
    /// Saved where the Save dialog said.
    Saved(PathBuf, Skipped),
    /// Written to this file and handed to the system's PDF viewer.
    Opened(PathBuf, Skipped),
    /// Written to this file, which no viewer could be started for.
    NoViewer {
        /// The file.
        path: PathBuf,
        /// Why the viewer did not start.
        error: String,
    },
    /// The Save dialog was cancelled, or the work was.
    Cancelled,
    /// The sheet could not be made or written.
    Failed(String),
}

/// What a file thread sends: events, then a last word that it is over.
pub(super) enum Message {
    Event(FileEvent),
    Over,
}

/// The sending half given to a file thread.
pub struct Reply(pub(super) Sender<Message>);

impl Reply {
    pub fn send(&self, event: FileEvent) {
        // The window may have closed meanwhile; nobody is left to tell.
        let _ = self.0.send(Message::Event(event));
    }

    pub fn chosen(&self, path: &Path) {
        if let Some(directory) = path.parent() {
            self.send(FileEvent::DirectoryChosen(directory.to_path_buf()));
        }
    }

    /// Says the work is over (after all it sends).
    pub fn over(self) {
        let _ = self.0.send(Message::Over);
    }
}

/// What is being exported, and how its pictures are drawn.
#[derive(Debug, Clone)]
pub struct Export {
    /// The tour or puzzle with its order.
    pub subject: Subject,
    /// Whether pictures show move numbers, as the window does.
    pub numbers: bool,
    /// Whether pictures name the columns and rows, as the window does.
    pub labels: bool,
    /// The pace of animations: the window's playback speed.
    pub moves_per_second: f32,
}

impl Export {
    /// The dialog's file type filters for this subject. The format
    /// follows the chosen name's extension; an animated SVG is a name
    /// ending in `.animated.svg`.
    fn filters(&self) -> Vec<(&'static str, &'static str)> {
        let mut filters = vec![
            ("JSON", "json"),
            (tr!("filter-numbered-board"), "txt"),
            (tr!("filter-svg"), "svg"),
            (tr!("filter-png"), "png"),
            (tr!("filter-pdf"), "pdf"),
            (tr!("filter-gif"), "gif"),
            (tr!("filter-animated-svg"), "svg"),
        ];
        if let Subject::Goishi { .. } = self.subject {
            filters.push(("pzprv3 (puzz.link)", "pzprv3"));
        }
        filters
    }

    /// The file contents in `format`.
    pub fn render(&self, format: Format) -> Result<Vec<u8>, OutputError> {
        let options = PictureOptions {
            numbers: Some(self.numbers),
            labels: self.labels,
            timing: Timing::new(f64::from(self.moves_per_second)).ok(),
            ..PictureOptions::default()
        };
        self.subject.render(format, &options)
    }
}

/// A watched search's steps, to save as an animated picture.
#[derive(Debug, Clone, PartialEq)]
pub struct TraceExport {
    /// The board, without a path.
    pub scene: Scene,
    /// The steps from the first to the one on show.
    pub events: Vec<Event>,
}

impl TraceExport {
    /// The picture in `format`: an animated GIF, or an animated SVG; at
    /// the pace `--trace` draws by default.
    fn render(&self, format: Format) -> Result<Vec<u8>, String> {
        let cell_px = PictureOptions::trace_cell_px(self.scene.longest_side());
        let timing = Timing::for_path(self.events.len());
        match format {
            Format::Gif => render::trace_gif(&self.scene, &self.events, cell_px, (timing, None))
                .map_err(|error| error.to_string()),
            Format::Svg | Format::AnimatedSvg => {
                Ok(
                    render::trace_svg(&self.scene, &self.events, cell_px, (timing, None))
                        .into_bytes(),
                )
            }
            _ => Err(tr!("trace-export-format").to_owned()),
        }
    }
}

/// Renders `export` in the format its path asks for and writes it
/// atomically.
pub fn write_trace(path: &Path, export: &TraceExport) -> Result<(), String> {
    let format = Format::from_path(path).map_err(|error| error.to_string())?;
    let bytes = export.render(format)?;
    platform::write_file(path, &bytes)
}

/// Renders `export` in the format its path asks for and writes it
/// atomically. This is what the Save dialog does once a path is chosen.
pub fn write_export(path: &Path, export: &Export) -> Result<(), String> {
    let format = Format::from_path(path).map_err(|error| error.to_string())?;
    let bytes = export.render(format).map_err(|error| error.to_string())?;
    platform::write_file(path, &bytes)
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

    /// Runs `task` on its own thread (or, where none can start, here);
    /// whatever it sends arrives in [`Self::poll`], and `wake` is called
    /// when it is done.
    pub(super) fn spawn(
        &mut self,
        wake: impl Fn() + Send + 'static,
        task: impl FnOnce(&Reply) + Send + 'static,
    ) {
        let reply = self.begin();
        let work = move || {
            task(&reply);
            reply.over();
            wake();
        };
        let work = std::sync::Arc::new(std::sync::Mutex::new(Some(work)));
        let on_thread = std::sync::Arc::clone(&work);
        let started = gridtour::platform::spawn(move || {
            if let Some(work) = gridtour::job::lock(&on_thread).take() {
                work();
            }
        });
        if started.is_err()
            && let Some(work) = gridtour::job::lock(&work).take()
        {
            work();
        }
    }

    /// A reply for work that is starting; its [`Reply::over`] ends it.
    pub(super) fn begin(&mut self) -> Reply {
        self.in_flight += 1;
        Reply(self.sender.clone())
    }

    /// Asks which file to open (the system's dialog, or the browser's
    /// file picker), then reads it.
    pub fn open_dialog(&mut self, wake: impl Fn() + Send + 'static, directory: Option<PathBuf>) {
        platform::open_dialog(self, wake, directory);
    }

    /// Reads a file chosen without the dialog (dropped, or from a test).
    pub fn open_path(&mut self, wake: impl Fn() + Send + 'static, path: PathBuf) {
        self.spawn(wake, move |reply| send_loaded(reply, &path));
    }

    /// Asks where to save (the Save dialog, or a name for the browser's
    /// download), then renders and writes the export. `stem` is the
    /// suggested file name without its extension; it is offered as JSON,
    /// since the format follows the name's extension and some dialogs add
    /// none for the chosen file type.
    pub fn save_dialog(
        &mut self,
        wake: impl Fn() + Send + 'static,
        directory: Option<PathBuf>,
        stem: String,
        export: Export,
    ) {
        let (title, filters) = (tr!("export-dialog-title"), export.filters());
        let (_, first_extension) = filters[0];
        let name = format!("{stem}.{first_extension}");
        let asked = Asked {
            title,
            filters,
            name,
            directory,
        };
        platform::save_as(self, wake, asked, move |reply, path| {
            let Some(path) = path else { return };
            let result = write_export(&path, &export);
            reply.send(FileEvent::Saved { path, result });
        });
    }

    /// Asks where to save, then draws the watched search and writes it.
    pub fn save_trace_dialog(
        &mut self,
        wake: impl Fn() + Send + 'static,
        directory: Option<PathBuf>,
        export: TraceExport,
    ) {
        let asked = Asked {
            title: tr!("trace-export-dialog-title"),
            filters: vec![
                (tr!("filter-gif"), "gif"),
                (tr!("filter-animated-svg"), "svg"),
            ],
            name: "search.gif".to_owned(),
            directory,
        };
        platform::save_as(self, wake, asked, move |reply, path| {
            let Some(path) = path else { return };
            let result = write_trace(&path, &export);
            reply.send(FileEvent::Saved { path, result });
        });
    }

    /// Makes the sheet of `job` and sends it `to` a file the Save dialog
    /// asks for (first, before the work) or the system's PDF viewer.
    pub fn make_sheet(
        &mut self,
        wake: impl Fn() + Send + 'static,
        directory: Option<PathBuf>,
        job: SheetJob,
        to: SheetTo,
    ) {
        match to {
            SheetTo::File => {
                let asked = Asked {
                    title: tr!("print-dialog-title"),
                    filters: vec![(tr!("filter-pdf"), "pdf")],
                    name: job.file_name.clone(),
                    directory,
                };
                platform::save_as(self, wake, asked, sheet_to_file(job));
            }
            SheetTo::Viewer => self.spawn(wake, move |reply| {
                let outcome = match platform::viewer_file(&job.file_name) {
                    Some(path) => match write_sheet(&job, &path, SheetOutcome::Opened) {
                        SheetOutcome::Opened(path, skipped) => {
                            match platform::open_in_viewer(&path) {
                                Ok(()) => SheetOutcome::Opened(path, skipped),
                                Err(error) => SheetOutcome::NoViewer { path, error },
                            }
                        }
                        other => other,
                    },
                    // Where no viewer can be started (a browser, which
                    // shows a downloaded PDF itself), the sheet is saved.
                    None => write_sheet(&job, Path::new(&job.file_name), SheetOutcome::Saved),
                };
                reply.send(FileEvent::Sheet(outcome));
            }),
        }
    }

    #[cfg(test)]
    /// Makes the sheet of `job` and writes it to a known path, or to none
    /// (what the Save dialog does once it is answered).
    pub fn sheet_to(&mut self, path: Option<PathBuf>, job: SheetJob) {
        let write = sheet_to_file(job);
        self.spawn(|| {}, move |reply| write(reply, path));
    }

    #[cfg(test)]
    /// Renders and writes an export to a known path (the Save dialog's
    /// second half).
    pub fn save_to(&mut self, path: PathBuf, export: Export) {
        self.spawn(
            || {},
            move |reply| {
                let result = write_export(&path, &export);
                reply.send(FileEvent::Saved { path, result });
            },
        );
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

/// What makes the sheet of `job` once the Save dialog is answered: with
/// no file chosen, the dialog's work ends with nothing made.
fn sheet_to_file(job: SheetJob) -> impl FnOnce(&Reply, Option<PathBuf>) + Send + 'static {
    move |reply, path| {
        let outcome = match path {
            Some(path) => write_sheet(&job, &path, SheetOutcome::Saved),
            None => SheetOutcome::Cancelled,
        };
        reply.send(FileEvent::Sheet(outcome));
    }
}

/// Makes the sheet of `job` and writes it atomically to `path`: `done`
/// of the path when it is written.
fn write_sheet(
    job: &SheetJob,
    path: &Path,
    done: fn(PathBuf, Skipped) -> SheetOutcome,
) -> SheetOutcome {
    match job.make() {
        Ok(Some((bytes, skipped))) => match platform::write_file(path, &bytes) {
            Ok(()) => done(path.to_path_buf(), skipped),
            Err(error) => SheetOutcome::Failed(error),
        },
        Ok(None) => SheetOutcome::Cancelled,
        Err(error) => SheetOutcome::Failed(error),
    }
}

fn send_loaded(reply: &Reply, path: &Path) {
    let result = document::read_path(path).map_err(|error| error.to_string());
    reply.send(FileEvent::Loaded {
        source: path.display().to_string(),
        result,
    });
}

/// What a Save dialog asks: its title, its file types (a label and an
/// extension each), the name offered and the folder it opens in.
pub struct Asked {
    pub title: &'static str,
    pub filters: Vec<(&'static str, &'static str)>,
    pub name: String,
    pub directory: Option<PathBuf>,
}
