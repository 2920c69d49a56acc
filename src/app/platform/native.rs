//! The desktop: the window opens through winit, files are chosen in the
//! system's dialogs and written where they say, a sheet opens in the
//! system's PDF viewer, and SIGTERM closes the window the normal way.

mod signals;

use std::ffi::OsString;
use std::path::{Path, PathBuf};

use eframe::egui;
use web_time::{Duration, Instant};

use gridtour::atomic_write::write_atomic;
use gridtour::job::Resources;
use gridtour::saved_state::StateFile;
use gridtour::tr;

use super::super::GridtourApp;
use super::super::files::{Asked, FileEvent, FileTasks, Reply};
use super::super::settings::{Earlier, Settings};

/// The window's icon: a knight's path on a board.
pub const WINDOW_ICON: &[u8] = include_bytes!("../../../assets/icons/gridtour-256.png");

/// Why the window could not open.
#[derive(Debug)]
pub enum WindowError {
    /// No display to open it on: neither an X nor a Wayland one is named.
    NoDisplay,
    /// The window system refused, for this reason.
    Refused(String),
}

impl WindowError {
    /// The error in one line, in the messages' language.
    pub fn words(&self) -> String {
        match self {
            WindowError::NoDisplay => tr!("cli-no-display").to_owned(),
            WindowError::Refused(reason) => tr!("cli-cannot-open-window", error = reason.as_str()),
        }
    }
}

/// `text` without the places in the program's sources some window-system
/// errors quote (` at /home/…/mod.rs:788`), which say nothing to a person.
pub fn without_source_places(text: &str) -> String {
    let mut kept = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find(" at ") {
        let after = &rest[at + " at ".len()..];
        let end = after.find(char::is_whitespace).unwrap_or(after.len());
        let place = &after[..end];
        kept.push_str(&rest[..at]);
        if place.contains(".rs:") {
            if place.ends_with(':') {
                kept.push(':');
            }
            rest = &after[end..];
        } else {
            kept.push_str(" at ");
            rest = after;
        }
    }
    kept.push_str(rest);
    kept
}

/// Opens the window, on the file or link `open` if given, and runs until
/// it closes; its jobs may use `resources`.
pub fn run(resources: Resources, open: Option<OsString>) -> Result<(), WindowError> {
    let named = |name: &str| std::env::var_os(name).is_some_and(|value| !value.is_empty());
    if cfg!(all(unix, not(target_os = "macos"))) && !named("DISPLAY") && !named("WAYLAND_DISPLAY") {
        return Err(WindowError::NoDisplay);
    }
    open_window(resources, open)
        .map_err(|error| WindowError::Refused(without_source_places(&error.to_string())))
}

/// [`run`], once there is a display.
fn open_window(resources: Resources, open: Option<OsString>) -> eframe::Result {
    // Counts keep their progress beside the saved state, to be taken up
    // after the window closed during one.
    let resources = match eframe::storage_dir("gridtour") {
        Some(folder) => resources.with_keep_dir(folder.join("counts")),
        None => resources,
    };
    let mut viewport = egui::ViewportBuilder::default()
        .with_title("gridtour")
        .with_app_id(APP_ID)
        .with_inner_size([1100.0, 760.0])
        .with_min_inner_size([640.0, 480.0])
        .with_drag_and_drop(true);
    if let Ok(icon) = eframe::icon_data::from_png_bytes(WINDOW_ICON) {
        viewport = viewport.with_icon(icon);
    }
    let options = eframe::NativeOptions {
        viewport,
        // Boards are flat colours, where dithering changes nothing visible;
        // without it a software renderer shades every pixel faster.
        dithering: false,
        // OpenGL through glow: with Mesa's software rasteriser (no GPU, or a
        // remote display) it paints this window several times faster than
        // wgpu does, which keeps the frame rate up while a count fills both
        // cores.
        renderer: eframe::Renderer::Glow,
        ..Default::default()
    };
    eframe::run_native(
        "gridtour",
        options,
        Box::new(|creation| {
            // Logging out or `kill` closes the window the normal way, which
            // saves the boards and settings.
            let ctx = creation.egui_ctx.clone();
            if let Err(error) = signals::on_termination(move || {
                ctx.send_viewport_cmd(egui::ViewportCommand::Close);
                ctx.request_repaint();
            }) {
                eprintln!("gridtour: warning: cannot watch for SIGTERM: {error}");
            }
            let app = match state_file() {
                Some(mut file) => {
                    let earlier = Earlier::beside(file.path(), eframe_file());
                    let (settings, trouble) =
                        Settings::open_keeping(&mut file, creation.storage, &earlier);
                    GridtourApp::new(settings)
                        .saving_to(file, trouble)
                        .keeping(earlier)
                }
                None => GridtourApp::new(Settings::load(creation.storage)),
            }
            .with_resources(resources);
            Ok(Box::new(match open {
                Some(open) => app.opening(open),
                None => app,
            }))
        }),
    )
}

/// Shows the Open dialog in `directory`, then reads the chosen file, on a
/// thread of its own.
pub fn open_dialog(
    files: &mut FileTasks,
    wake: impl Fn() + Send + 'static,
    directory: Option<PathBuf>,
) {
    // Worded here: the thread the dialog runs on knows no language.
    let (title, ours, all) = (
        tr!("open-dialog-title"),
        tr!("filter-gridtour-files"),
        tr!("filter-all-files"),
    );
    files.spawn(wake, move |reply| {
        let ours_endings: &[&str] = &["txt", "json", "pzprv3", "svg", "png", "url"];
        let filters = [(ours, ours_endings), (all, &["*"][..])];
        let dialog = new_dialog(title, &filters, directory.as_deref(), None);
        if let Some(path) = run_dialog(reply, || dialog.pick_file()) {
            reply.chosen(&path);
            let result = gridtour::document::read_path(&path).map_err(|error| error.to_string());
            reply.send(FileEvent::Loaded {
                source: path.display().to_string(),
                result,
            });
        }
    });
}

/// Shows the Save dialog `asked` for, then hands the path chosen (`None`
/// when none was) to `write`, on a thread of their own.
pub fn save_as(
    files: &mut FileTasks,
    wake: impl Fn() + Send + 'static,
    asked: Asked,
    write: impl FnOnce(&Reply, Option<PathBuf>) + Send + 'static,
) {
    files.spawn(wake, move |reply| {
        let offered = (asked.title, &asked.filters[..], asked.name.as_str());
        write(
            reply,
            ask_where_to_save(reply, offered, asked.directory.as_deref()),
        );
    });
}

/// Writes `bytes` to `path` atomically.
pub fn write_file(path: &Path, bytes: &[u8]) -> Result<(), String> {
    write_atomic(path, bytes).map_err(|error| error.to_string())
}

/// A new file in the temporary folder for a sheet to view, named after
/// `name`: each sheet its own, so a viewer still showing the last one
/// keeps it.
pub fn viewer_file(name: &str) -> Option<PathBuf> {
    static SHEETS: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);
    let number = SHEETS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let stem = name.trim_end_matches(".pdf");
    Some(std::env::temp_dir().join(format!("{stem}-{}-{number}.pdf", std::process::id())))
}

/// Opens `path` in the program the system opens PDF files with.
pub fn open_in_viewer(path: &Path) -> Result<(), String> {
    let mut command = if cfg!(target_os = "macos") {
        std::process::Command::new("open")
    } else if cfg!(windows) {
        let mut command = std::process::Command::new("cmd");
        command.args(["/C", "start", ""]);
        command
    } else {
        std::process::Command::new("xdg-open")
    };
    command.arg(path);
    launch(command)
}

/// Starts `command`, which opens a file in a viewer: an error if it
/// cannot start, or ends at once with a failure.
pub fn launch(mut command: std::process::Command) -> Result<(), String> {
    let mut child = command
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .map_err(|error| match error.kind() {
            std::io::ErrorKind::NotFound => {
                let program = command.get_program().to_string_lossy().into_owned();
                tr!("print-viewer-not-found", program = program)
            }
            _ => error.to_string(),
        })?;
    // A launcher that finds no viewer says so by its exit status, at
    // once; one still running after a while has started one, and is
    // waited for apart, so that it holds up nothing and leaves no zombie.
    let program = command.get_program().to_string_lossy().into_owned();
    let given_up = web_time::Instant::now() + VIEWER_PATIENCE;
    while web_time::Instant::now() < given_up {
        match child.try_wait() {
            Ok(Some(status)) if status.success() => return Ok(()),
            Ok(Some(status)) => {
                let code = status
                    .code()
                    .map_or_else(|| status.to_string(), |code| code.to_string());
                return Err(tr!("print-viewer-failed", program = program, code = code));
            }
            Ok(None) => std::thread::sleep(std::time::Duration::from_millis(50)),
            Err(error) => return Err(error.to_string()),
        }
    }
    std::thread::spawn(move || child.wait());
    Ok(())
}

/// How long a viewer's launcher is watched for a failure before it is
/// taken to have started one.
const VIEWER_PATIENCE: std::time::Duration = std::time::Duration::from_secs(3);

/// How often eframe saves its own storage: its default, since the
/// desktop keeps only the window's place there.
pub const EFRAME_SAVE_INTERVAL: Duration = Duration::from_secs(30);

/// The state goes to its own file on the desktop (see `saving.rs`), not
/// to eframe's storage.
pub fn save_state(_app: &mut GridtourApp, _storage: &mut dyn eframe::Storage) {}

/// The window's application id, under which eframe keeps its own file.
const APP_ID: &str = "io.github.gridtour";

/// The file the window's state is saved in: `state.json` in the data
/// folder (`~/.local/share/gridtour` on Linux).
fn state_file() -> Option<StateFile> {
    eframe::storage_dir("gridtour").map(|folder| StateFile::at(folder.join("state.json")))
}

/// eframe's own file, where earlier versions kept the settings.
fn eframe_file() -> Option<PathBuf> {
    eframe::storage_dir(APP_ID).map(|folder| folder.join("app.ron"))
}

/// Reads a file dropped on the window, from its path.
pub fn open_dropped(
    files: &mut FileTasks,
    wake: impl Fn() + Send + 'static,
    file: egui::DroppedFileHandle,
) {
    files.open_path(wake, file.path().to_path_buf());
}

/// Nothing to do each frame on the desktop: threads wake the window.
pub fn each_frame(_ctx: &egui::Context, _busy: bool) {}

/// A closure for threads to wake the window: at once when `now`, else
/// within [`PROGRESS_REPAINT`](super::super::PROGRESS_REPAINT).
pub fn waker(ctx: &egui::Context) -> impl Fn(bool) + Send + Sync + 'static {
    let ctx = ctx.clone();
    move |now| {
        if now {
            ctx.request_repaint();
        } else {
            ctx.request_repaint_after(super::super::PROGRESS_REPAINT);
        }
    }
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
    let filters: Vec<(&str, &[&str])> = filters
        .iter()
        .map(|(label, extension)| (*label, std::slice::from_ref(extension)))
        .collect();
    let dialog = new_dialog(title, &filters, directory, Some(name));
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

/// A dialog titled `title` with `filters` (each a label and its file
/// endings), opening in `directory` with `name` filled in, worded as the
/// program that shows it can take.
fn new_dialog(
    title: &str,
    filters: &[(&str, &[&str])],
    directory: Option<&Path>,
    name: Option<&str>,
) -> rfd::FileDialog {
    let backend = dialog_backend();
    let plain = ascii_only(backend, utf8_locale());
    let mut dialog = rfd::FileDialog::new().set_title(dialog_words(title, plain, &[]));
    for &(label, endings) in filters {
        dialog = dialog.add_filter(dialog_words(label, plain, endings), endings);
    }
    dialog_in(backend, dialog, directory, name)
}

/// Whether a dialog must be worded in ASCII: zenity reads its arguments
/// in the locale's character set, and where that is not UTF-8 (`LANG=C`,
/// or a locale named but not installed) it quits at once on Japanese
/// words.
fn ascii_only(backend: Backend, utf8_locale: bool) -> bool {
    backend == Backend::Zenity && !utf8_locale
}

/// Whether the locale the environment names is installed and UTF-8, as
/// the C library (and so zenity) finds it.
fn utf8_locale() -> bool {
    utf8_locale_named(c"")
}

/// Whether the locale `name` (the environment's for an empty name) is
/// installed and UTF-8.
#[cfg(target_os = "linux")]
fn utf8_locale_named(name: &std::ffi::CStr) -> bool {
    // SAFETY: newlocale reads the NUL-terminated name (or the
    // environment's locale names) and returns a new locale object (or
    // null); nl_langinfo_l reads that object's character set, a string it
    // owns, before it is freed.
    unsafe {
        let locale = libc::newlocale(libc::LC_CTYPE_MASK, name.as_ptr(), std::ptr::null_mut());
        if locale.is_null() {
            return false;
        }
        let codeset = libc::nl_langinfo_l(libc::CODESET, locale);
        let utf8 = !codeset.is_null() && {
            let name = std::ffi::CStr::from_ptr(codeset).to_bytes();
            name.eq_ignore_ascii_case(b"UTF-8") || name.eq_ignore_ascii_case(b"utf8")
        };
        libc::freelocale(locale);
        utf8
    }
}

/// Elsewhere dialogs take any text.
#[cfg(not(target_os = "linux"))]
fn utf8_locale_named(_name: &std::ffi::CStr) -> bool {
    true
}

/// `words` for a dialog, or where it must be ASCII ([`ascii_only`]) and
/// they are not, the file endings they stand for (`*.pdf`), or gridtour's
/// name for a title (no `endings`).
fn dialog_words(words: &str, plain: bool, endings: &[&str]) -> String {
    if !plain || words.is_ascii() {
        return words.to_owned();
    }
    match endings {
        [] => "gridtour".to_owned(),
        ["*"] => "*".to_owned(),
        _ => endings
            .iter()
            .map(|ending| format!("*.{ending}"))
            .collect::<Vec<_>>()
            .join(" "),
    }
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

#[cfg(test)]
mod tests {
    use std::sync::mpsc;

    use super::super::super::files::Message;
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

    #[cfg(target_os = "linux")]
    #[test]
    fn the_c_library_says_which_locales_are_utf8() {
        // C is ASCII, C.UTF-8 (built into glibc) is UTF-8, and a locale
        // that is not installed is none at all.
        assert!(!utf8_locale_named(c"C"));
        assert!(utf8_locale_named(c"C.UTF-8"));
        assert!(!utf8_locale_named(c"xx_XX.UTF-8"));
    }

    #[test]
    fn zenity_under_a_locale_that_is_not_utf8_gets_ascii_words() {
        assert!(ascii_only(Backend::Zenity, false));
        assert!(!ascii_only(Backend::Zenity, true));
        assert!(!ascii_only(Backend::Native, false));
        assert_eq!(dialog_words("ファイルを開く", true, &[]), "gridtour");
        assert_eq!(
            dialog_words("gridtour のファイル", true, &["txt", "json"]),
            "*.txt *.json"
        );
        assert_eq!(dialog_words("すべてのファイル", true, &["*"]), "*");
        assert_eq!(
            dialog_words("PDF ファイル", false, &["pdf"]),
            "PDF ファイル"
        );
        assert_eq!(dialog_words("PDF files", true, &["pdf"]), "PDF files");
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
