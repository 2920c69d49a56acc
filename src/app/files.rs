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
use std::time::{Duration, Instant};

use gridtour::document::{self, Document};

use gridtour::atomic_write::write_atomic;
use gridtour::output::{Format, OutputError, PictureOptions, Subject};
use gridtour::render::{self, Scene, Timing};
use gridtour::replay::Event;

use gridtour::tr;

use super::print::{SheetJob, SheetTo, Skipped, open_in_viewer};

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

/// What is being exported, and how its pictures are drawn.
#[derive(Debug, Clone)]
pub struct Export {
    /// The tour or puzzle with its order.
    pub subject: Subject,
    /// Whether pictures show move numbers, as the window does.
    pub numbers: bool,
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
        let options = PictureOptions::default();
        let cell_px = options.cell_px_for(format, self.scene.longest_side());
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
    write_atomic(path, &bytes).map_err(|error| error.to_string())
}

/// A dialog closed sooner than this was never seen by anyone.
const UNSEEN_DIALOG: Duration = Duration::from_millis(150);

/// Shows a native dialog through `show` and returns the path chosen.
///
/// rfd reports a dialog that could not be shown (on Linux: no desktop
/// portal and no zenity) exactly like one the person cancelled, so the click
/// would seem to do nothing. A dialog that cannot work is not tried, and
/// one that closes faster than anyone could have cancelled it is taken as
/// never shown; both are reported as [`FileEvent::NoDialog`].
fn run_dialog(reply: &Reply, show: impl FnOnce() -> Option<PathBuf>) -> Option<PathBuf> {
    run_dialog_if(dialog_possible(), reply, show)
}

/// Shows the Save dialog titled `title` with `filters` (each a label and
/// an extension) and `name` filled in, opening in `directory`; the path
/// chosen, whose folder is kept for the next dialog.
fn ask_where_to_save(
    reply: &Reply,
    (title, filters, name): (&str, &[(&str, &str)], &str),
    directory: Option<&Path>,
) -> Option<PathBuf> {
    let mut dialog = rfd::FileDialog::new().set_title(title);
    for &(label, extension) in filters {
        dialog = dialog.add_filter(label, &[extension]);
    }
    let dialog = dialog_in(dialog_backend(), dialog, directory, Some(name));
    let path = run_dialog(reply, || dialog.save_file())?;
    reply.chosen(&path);
    Some(path)
}

/// [`run_dialog`] with the system's answer to "can a dialog work?" given.
fn run_dialog_if(
    possible: bool,
    reply: &Reply,
    show: impl FnOnce() -> Option<PathBuf>,
) -> Option<PathBuf> {
    if !possible {
        reply.send(FileEvent::NoDialog);
        return None;
    }
    let shown = Instant::now();
    let chosen = show();
    if chosen.is_none() && shown.elapsed() < UNSEEN_DIALOG {
        reply.send(FileEvent::NoDialog);
    }
    chosen
}

/// Whether rfd has a way to show a dialog.
fn dialog_possible() -> bool {
    dialog_backend() != Backend::Missing
}

/// What shows rfd's dialogs here.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Backend {
    /// The system's own dialogs (the desktop portal on Linux).
    Native,
    /// The zenity program, rfd's fallback on Linux without a portal.
    Zenity,
    /// Nothing: no dialog can appear.
    Missing,
}

/// On Linux: the desktop portal when there is a session D-Bus, zenity when
/// it is installed, else nothing.
#[cfg(target_os = "linux")]
fn dialog_backend() -> Backend {
    let session_bus = std::env::var_os("DBUS_SESSION_BUS_ADDRESS").is_some()
        || std::env::var_os("XDG_RUNTIME_DIR")
            .is_some_and(|runtime| Path::new(&runtime).join("bus").exists());
    let zenity = std::env::var_os("PATH").is_some_and(|paths| {
        std::env::split_paths(&paths).any(|directory| directory.join("zenity").is_file())
    });
    match (session_bus, zenity) {
        (true, _) => Backend::Native,
        (false, true) => Backend::Zenity,
        (false, false) => Backend::Missing,
    }
}

/// Other systems always have their native dialogs.
#[cfg(not(target_os = "linux"))]
fn dialog_backend() -> Backend {
    Backend::Native
}

/// A dialog that opens in `directory` with `name` filled in. rfd hands the
/// starting directory to native dialogs but not to zenity, which only takes
/// a file name: for zenity the directory goes into that name (a trailing
/// slash opens the directory with no file chosen).
fn dialog_in(
    backend: Backend,
    mut dialog: rfd::FileDialog,
    directory: Option<&Path>,
    name: Option<&str>,
) -> rfd::FileDialog {
    match (backend, directory) {
        (Backend::Zenity, Some(directory)) => {
            let mut path = directory.as_os_str().to_owned();
            path.push("/");
            path.push(name.unwrap_or_default());
            dialog.set_file_name(path.to_string_lossy())
        }
        _ => {
            if let Some(directory) = directory {
                dialog = dialog.set_directory(directory);
            }
            match name {
                Some(name) => dialog.set_file_name(name),
                None => dialog,
            }
        }
    }
}

/// Renders `export` in the format its path asks for and writes it
/// atomically. This is what the Save dialog does once a path is chosen.
pub fn write_export(path: &Path, export: &Export) -> Result<(), String> {
    let format = Format::from_path(path).map_err(|error| error.to_string())?;
    let bytes = export.render(format).map_err(|error| error.to_string())?;
    write_atomic(path, &bytes).map_err(|error| error.to_string())
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
    /// [`Self::poll`], and `wake` is called when it is done.
    fn spawn(
        &mut self,
        wake: impl Fn() + Send + 'static,
        task: impl FnOnce(&Reply) + Send + 'static,
    ) {
        let reply = Reply(self.sender.clone());
        self.in_flight += 1;
        std::thread::spawn(move || {
            task(&reply);
            let _ = reply.0.send(Message::Over);
            wake();
        });
    }

    /// Shows the native Open dialog in `directory`, then reads the chosen
    /// file.
    pub fn open_dialog(&mut self, wake: impl Fn() + Send + 'static, directory: Option<PathBuf>) {
        // Worded here: the thread the dialog runs on knows no language.
        let (title, ours, all) = (
            tr!("open-dialog-title"),
            tr!("filter-gridtour-files"),
            tr!("filter-all-files"),
        );
        self.spawn(wake, move |reply| {
            let dialog = rfd::FileDialog::new()
                .set_title(title)
                .add_filter(ours, &["txt", "json", "pzprv3", "svg", "png", "url"])
                .add_filter(all, &["*"]);
            let dialog = dialog_in(dialog_backend(), dialog, directory.as_deref(), None);
            if let Some(path) = run_dialog(reply, || dialog.pick_file()) {
                reply.chosen(&path);
                send_loaded(reply, &path);
            }
        });
    }

    /// Reads a file chosen without the dialog (dropped, or from a test).
    pub fn open_path(&mut self, wake: impl Fn() + Send + 'static, path: PathBuf) {
        self.spawn(wake, move |reply| send_loaded(reply, &path));
    }

    /// Shows the native Save dialog, then renders and writes the export.
    /// `stem` is the suggested file name without its extension; the dialog
    /// offers it as JSON, since the format follows the name's extension
    /// and some dialogs add none for the chosen file type.
    pub fn save_dialog(
        &mut self,
        wake: impl Fn() + Send + 'static,
        directory: Option<PathBuf>,
        stem: String,
        export: Export,
    ) {
        let (title, filters) = (tr!("export-dialog-title"), export.filters());
        self.spawn(wake, move |reply| {
            let (_, first_extension) = filters[0];
            let name = format!("{stem}.{first_extension}");
            let asked = (title, &filters[..], name.as_str());
            if let Some(path) = ask_where_to_save(reply, asked, directory.as_deref()) {
                let result = write_export(&path, &export);
                reply.send(FileEvent::Saved { path, result });
            }
        });
    }

    /// Shows the Save dialog, then draws the watched search and writes it.
    pub fn save_trace_dialog(
        &mut self,
        wake: impl Fn() + Send + 'static,
        directory: Option<PathBuf>,
        export: TraceExport,
    ) {
        let title = tr!("trace-export-dialog-title");
        let filters = [
            (tr!("filter-gif"), "gif"),
            (tr!("filter-animated-svg"), "svg"),
        ];
        self.spawn(wake, move |reply| {
            let asked = (title, &filters[..], "search.gif");
            if let Some(path) = ask_where_to_save(reply, asked, directory.as_deref()) {
                let result = write_trace(&path, &export);
                reply.send(FileEvent::Saved { path, result });
            }
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
        let title = tr!("print-dialog-title");
        let filter = tr!("filter-pdf");
        self.spawn(wake, move |reply| {
            let outcome = match to {
                SheetTo::File => {
                    let asked = (title, &[(filter, "pdf")][..], job.file_name.as_str());
                    match ask_where_to_save(reply, asked, directory.as_deref()) {
                        Some(path) => write_sheet(&job, &path, SheetOutcome::Saved),
                        None => SheetOutcome::Cancelled,
                    }
                }
                SheetTo::Viewer => {
                    let path = viewer_file(&job.file_name);
                    match write_sheet(&job, &path, SheetOutcome::Opened) {
                        SheetOutcome::Opened(path, skipped) => match open_in_viewer(&path) {
                            Ok(()) => SheetOutcome::Opened(path, skipped),
                            Err(error) => SheetOutcome::NoViewer { path, error },
                        },
                        other => other,
                    }
                }
            };
            reply.send(FileEvent::Sheet(outcome));
        });
    }

    #[cfg(test)]
    /// Makes the sheet of `job` and writes it to a known path (what the
    /// Save dialog does once a path is chosen).
    pub fn sheet_to(&mut self, path: PathBuf, job: SheetJob) {
        self.spawn(
            || {},
            move |reply| {
                let outcome = write_sheet(&job, &path, SheetOutcome::Saved);
                reply.send(FileEvent::Sheet(outcome));
            },
        );
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

/// Makes the sheet of `job` and writes it atomically to `path`: `done`
/// of the path when it is written.
fn write_sheet(
    job: &SheetJob,
    path: &Path,
    done: fn(PathBuf, Skipped) -> SheetOutcome,
) -> SheetOutcome {
    match job.make() {
        Ok(Some((bytes, skipped))) => match write_atomic(path, &bytes) {
            Ok(()) => done(path.to_path_buf(), skipped),
            Err(error) => SheetOutcome::Failed(error.to_string()),
        },
        Ok(None) => SheetOutcome::Cancelled,
        Err(error) => SheetOutcome::Failed(error),
    }
}

/// A new file in the temporary folder for a sheet to view, named after
/// `name`: each sheet its own, so a viewer still showing the last one
/// keeps it.
fn viewer_file(name: &str) -> PathBuf {
    static SHEETS: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);
    let number = SHEETS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let stem = name.trim_end_matches(".pdf");
    std::env::temp_dir().join(format!("{stem}-{}-{number}.pdf", std::process::id()))
}

fn send_loaded(reply: &Reply, path: &Path) {
    let result = document::read_path(path).map_err(|error| error.to_string());
    reply.send(FileEvent::Loaded {
        source: path.display().to_string(),
        result,
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Runs `run_dialog_if` and returns its answer and the events it sent.
    fn dialog_outcome(
        possible: bool,
        show: impl FnOnce() -> Option<PathBuf>,
    ) -> (Option<PathBuf>, Vec<FileEvent>) {
        let (sender, receiver) = mpsc::channel();
        let chosen = run_dialog_if(possible, &Reply(sender), show);
        let events = receiver
            .try_iter()
            .filter_map(|message| match message {
                Message::Event(event) => Some(event),
                Message::Over => None,
            })
            .collect();
        (chosen, events)
    }

    #[test]
    fn a_dialog_that_cannot_appear_is_reported_not_taken_for_a_cancel() {
        let chosen = PathBuf::from("/tmp/puzzle.txt");
        let (path, events) = dialog_outcome(false, || panic!("not tried"));
        assert_eq!(path, None);
        assert!(matches!(events.as_slice(), [FileEvent::NoDialog]));

        // Gone before anyone could see it: it never showed.
        let (path, events) = dialog_outcome(true, || None);
        assert_eq!(path, None);
        assert!(matches!(events.as_slice(), [FileEvent::NoDialog]));

        // A person who looks, then cancels or chooses.
        let (path, events) = dialog_outcome(true, || {
            std::thread::sleep(UNSEEN_DIALOG + Duration::from_millis(50));
            None
        });
        assert_eq!(path, None);
        assert!(events.is_empty());
        let (path, events) = dialog_outcome(true, || Some(chosen.clone()));
        assert_eq!(path, Some(chosen.clone()));
        assert!(events.is_empty());
    }

    #[test]
    fn zenity_dialogs_get_the_directory_through_the_file_name() {
        let directory = Path::new("/home/person/puzzles");
        // rfd keeps what it was given; its Debug output shows both fields.
        let shown = |backend, name| {
            format!(
                "{:?}",
                dialog_in(backend, rfd::FileDialog::new(), Some(directory), name)
            )
        };
        let zenity = shown(Backend::Zenity, Some("tour.json"));
        assert!(
            zenity.contains("\"/home/person/puzzles/tour.json\""),
            "{zenity}"
        );
        let zenity_open = shown(Backend::Zenity, None);
        assert!(
            zenity_open.contains("\"/home/person/puzzles/\""),
            "{zenity_open}"
        );
        let native = shown(Backend::Native, Some("tour.json"));
        assert!(native.contains("\"/home/person/puzzles\""), "{native}");
        assert!(native.contains("\"tour.json\""), "{native}");
    }
}
