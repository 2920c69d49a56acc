//! The browser: the window draws on the page's canvas, a file to open
//! comes from the browser's file picker, a file saved is downloaded, and
//! the saved state lives in the page's local storage. Threads are Web
//! Workers (see [`gridtour::platform`]); the page's own thread never
//! waits for one, so threads never wake the window: it looks for news
//! itself while work is in flight (see [`each_frame`]).

use std::path::{Path, PathBuf};

use eframe::egui;
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;

use gridtour::job::Resources;
use gridtour::platform::web as page;
use gridtour::saved_state::StateSlot;
use gridtour::tr;

use super::super::files::{Asked, FileEvent, FileTasks, Reply};
use super::super::settings::Settings;
use super::super::{GridtourApp, PROGRESS_REPAINT};

/// Starts the window on the page's canvas `canvas_id`, opening the link
/// after `#` in the page's address if there is one. Called by the page.
#[wasm_bindgen]
pub fn start_window(canvas_id: &str) {
    let canvas_id = canvas_id.to_owned();
    page::start_pool();
    wasm_bindgen_futures::spawn_local(async move {
        let Some(canvas) = web_sys::window()
            .and_then(|window| window.document())
            .and_then(|document| document.get_element_by_id(&canvas_id))
            .and_then(|element| element.dyn_into::<web_sys::HtmlCanvasElement>().ok())
        else {
            web_sys::console::error_1(&format!("gridtour: no canvas #{canvas_id}").into());
            return;
        };
        let options = eframe::WebOptions {
            dithering: false,
            ..Default::default()
        };
        let started = eframe::WebRunner::new()
            .start(
                canvas,
                options,
                Box::new(|creation| {
                    let link = page::address_fragment();
                    let mut app = GridtourApp::new(read_state(creation.storage))
                        .with_resources(Resources::default());
                    // What the sessions make of the state read is where
                    // this tab starts, not a change of its own.
                    app.remember_sessions();
                    SLOT.with_borrow_mut(|slot| slot.start_from(&app.settings));
                    Ok(Box::new(if link.is_empty() {
                        app
                    } else {
                        app.opening(link.into())
                    }))
                }),
            )
            .await;
        if let Err(error) = started {
            web_sys::console::error_1(&error);
        }
    });
}

/// Where the page keeps the window's state, in eframe's storage (the
/// page's local storage).
const STATE_KEY: &str = "gridtour-state";

/// The state the page kept, read part by part (a part that does not read
/// takes its default alone), or the defaults of a first visit.
fn read_state(storage: Option<&dyn eframe::Storage>) -> Settings {
    let stored = storage
        .and_then(|storage| storage.get_string(STATE_KEY))
        .and_then(|text| serde_json::from_str::<serde_json::Value>(&text).ok());
    match stored {
        Some(stored) => Settings {
            first_run: false,
            ..gridtour::saved_state::read_leniently::<Settings>(&stored).0
        },
        None => Settings::load(storage),
    }
}

/// How often eframe saves its storage, which in a browser holds the
/// state: as often as a desktop window saves its file.
pub const EFRAME_SAVE_INTERVAL: web_time::Duration = super::super::saving::AUTO_SAVE_INTERVAL;

thread_local! {
    /// What this tab last read from or wrote to the page's storage, which
    /// every tab of the site shares.
    static SLOT: std::cell::RefCell<StateSlot> = std::cell::RefCell::default();
}

/// Keeps the window's state in the page's storage (eframe calls this
/// every few seconds and when the page is hidden), taking in what other
/// tabs saved there as a desktop window takes in another's saves.
pub fn save_state(app: &mut GridtourApp, storage: &mut dyn eframe::Storage) {
    app.remember_sessions();
    let mut saved = app.settings.clone();
    let stored = storage.get_string(STATE_KEY);
    let outcome = SLOT.with_borrow_mut(|slot| slot.save(&mut saved, stored.as_deref()));
    if let Some(text) = outcome.write {
        storage.set_string(STATE_KEY, text);
    }
    if outcome.merged {
        let sent = app.settings.clone();
        let base = app.adopt_saved(&sent, &saved);
        SLOT.with_borrow_mut(|slot| slot.start_from(&base));
    }
}

/// Work the page's thread does every frame: downloads that workers made
/// go out, and while work is in flight the window looks again soon (no
/// worker wakes it).
pub fn each_frame(ctx: &egui::Context, busy: bool) {
    page::deliver_downloads();
    if busy {
        ctx.request_repaint_after(PROGRESS_REPAINT);
    }
}

/// A closure for threads to wake the window: nothing, in a browser.
pub fn waker(_ctx: &egui::Context) -> impl Fn(bool) + Send + Sync + 'static {
    |_now| {}
}

/// Reads `bytes`, a file called `name`, and sends what they hold.
fn send_read(reply: &Reply, name: String, bytes: &[u8]) {
    let result = gridtour::document::read_bytes(&name, bytes).map_err(|error| error.to_string());
    reply.send(FileEvent::Loaded {
        source: name,
        result,
    });
}

/// Reads a file dropped on the page: the browser hands over its contents.
pub fn open_dropped(
    files: &mut FileTasks,
    wake: impl Fn() + Send + 'static,
    file: egui::DroppedFileHandle,
) {
    let reply = files.begin();
    wasm_bindgen_futures::spawn_local(async move {
        let name = file.path().display().to_string();
        match file.bytes_async().await {
            Ok(bytes) => send_read(&reply, name, &bytes),
            Err(error) => reply.send(FileEvent::Loaded {
                source: name,
                result: Err(error),
            }),
        }
        reply.over();
        wake();
    });
}

/// Shows the browser's file picker, then reads the chosen file.
pub fn open_dialog(
    files: &mut FileTasks,
    wake: impl Fn() + Send + 'static,
    _directory: Option<PathBuf>,
) {
    let (ours, all) = (tr!("filter-gridtour-files"), tr!("filter-all-files"));
    let reply = files.begin();
    wasm_bindgen_futures::spawn_local(async move {
        let picked = rfd::AsyncFileDialog::new()
            .add_filter(ours, &["txt", "json", "pzprv3", "svg", "png", "url"])
            .add_filter(all, &["*"])
            .pick_file()
            .await;
        if let Some(file) = picked {
            let bytes = file.read().await;
            send_read(&reply, file.file_name(), &bytes);
        }
        reply.over();
        wake();
    });
}

/// Asks for a file name (its ending chooses the format), then hands it
/// (`None` when none was given) to `write`, which downloads what it
/// writes (see [`write_file`]).
pub fn save_as(
    files: &mut FileTasks,
    wake: impl Fn() + Send + 'static,
    asked: Asked,
    write: impl FnOnce(&Reply, Option<PathBuf>) + Send + 'static,
) {
    let endings: Vec<String> = asked
        .filters
        .iter()
        .map(|(_, extension)| format!(".{extension}"))
        .collect();
    let question = format!(
        "{}\n{}",
        asked.title,
        tr!("web-save-as", endings = endings.join(" "))
    );
    let name = web_sys::window()
        .and_then(|window| {
            window
                .prompt_with_message_and_default(&question, &asked.name)
                .ok()
        })
        .flatten()
        .map(|name| name.trim().to_owned())
        .filter(|name| !name.is_empty());
    match name {
        Some(name) => files.spawn(wake, move |reply| write(reply, Some(PathBuf::from(name)))),
        None => {
            let reply = files.begin();
            write(&reply, None);
            reply.over();
        }
    }
}

/// Downloads `bytes` as a file named as `path`'s last part.
pub fn write_file(path: &Path, bytes: &[u8]) -> Result<(), String> {
    let name = path.file_name().map_or_else(
        || "gridtour".to_owned(),
        |name| name.to_string_lossy().into_owned(),
    );
    page::offer_download(name, bytes.to_vec());
    Ok(())
}

/// No file for a viewer: the sheet is downloaded instead (the browser
/// shows a downloaded PDF itself).
pub fn viewer_file(_name: &str) -> Option<PathBuf> {
    None
}

/// A browser opens no other program (and [`viewer_file`] gives none).
pub fn open_in_viewer(_path: &Path) -> Result<(), String> {
    Ok(())
}
