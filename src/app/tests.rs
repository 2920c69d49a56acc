//! The window driven end to end with egui_kittest: real clicks on the real
//! widgets, background jobs and file threads included. Every tour or order
//! the window ends up showing is checked with the engines' validators. Most
//! of the window's logic is tested without a harness, on the sessions
//! (`knight/session_tests.rs`, `goishi/session_tests.rs`); these tests check
//! that the UI wires it up.
//!
//! The snapshot tests render with wgpu; run them headless with
//! `WGPU_BACKEND=gl cargo test --bin gridtour`.

use std::cell::Cell;
use std::path::{Path, PathBuf};
use std::rc::Rc;
use web_time::{Duration, Instant};

use eframe::egui::accesskit::Role;
use eframe::egui::{self, Event, Key, Modifiers, PointerButton, Pos2, vec2};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use gridtour::document::{self, Document};
use gridtour::goishi::{self, Point, Puzzle};
use gridtour::job::{Control, Outcome, Resources};
use gridtour::knight::count::Phase;
use gridtour::knight::{self, Algorithm, Board, SolveResult, Square, Tour, TourKind};

use super::GridtourApp;
use super::app_command::AppCommand;
use super::canvas::{self, Layer, PathIndex, Scene, View};
use super::modes::goishi::command::Interaction as GoishiInteraction;
use super::modes::goishi::work::Request;
use super::session::Session;
use super::settings::Settings;
use super::timeline::Timeline;
use crate::app::modes::goishi::settings::GoishiSettings;
use crate::app::modes::knight::settings::KnightSettings;
use crate::app::modes::numbers::command::NumbersCommand;
use crate::app::modes::numbers::settings::NumbersSettings;
use crate::app::modes::numbers::work::Request as NumbersRequest;
use crate::app::modes::{Mode, ModeCommand, ModeSettings};
use gridtour::i18n::{self, Language};
use gridtour::output::{Format, Subject};
use gridtour::saved_state::{StateFile, Trouble};

/// The puzzle of the pzprjs test suite: 6 x 7 points, 11 stones, exactly one
/// solution.
const UNIQUE_PUZZLE: &str =
    "\"      \"\n\"  OO  \"\n\" O O  \"\n\" O O  \"\n\" OOOO \"\n\"   O  \"\n\"      \"\n";

/// How long a test waits for background work before failing.
const PATIENCE: Duration = Duration::from_secs(30);

/// The window showing `app`, on a system that speaks English whatever
/// the machine running the tests is set to.
/// The first `most` steps of `algorithm`'s search for an open tour from
/// `start`, as a watch sees them.
fn first_events(
    board: &Board,
    (start, algorithm): (Square, Algorithm),
    most: usize,
) -> Vec<gridtour::replay::Event> {
    let steps = knight::first_steps(board, (start, TourKind::Open), algorithm, most);
    steps
        .into_iter()
        .map(gridtour::replay::Event::from)
        .collect()
}

fn harness_of(app: GridtourApp) -> Harness<'static, GridtourApp> {
    Harness::builder()
        .with_size(vec2(1100.0, 760.0))
        .build_ui_state(
            |ui, app: &mut GridtourApp| app.show(ui),
            app.with_system_language(Language::English),
        )
}

fn app_harness(settings: Settings) -> Harness<'static, GridtourApp> {
    harness_of(GridtourApp::new(settings))
}

/// The window of [`app_harness`] in Goishi mode, opening `given` (a file
/// or link from the command line) on its first frame.
fn app_harness_opening(given: std::ffi::OsString) -> Harness<'static, GridtourApp> {
    harness_of(GridtourApp::new(goishi_settings(None)).opening(given))
}

fn knight_settings(width: u32, height: u32, algorithm: Algorithm) -> Settings {
    Settings {
        mode: Mode::Knight,
        modes: ModeSettings {
            knight: KnightSettings {
                width,
                height,
                algorithm: algorithm.label().to_owned(),
                ..KnightSettings::default()
            },
            ..ModeSettings::default()
        },
        ..Settings::default()
    }
}

/// Goishi mode showing `puzzle`, or the first run's example for `None`.
fn goishi_settings(puzzle: Option<&Puzzle>) -> Settings {
    Settings {
        mode: Mode::Goishi,
        modes: ModeSettings {
            goishi: GoishiSettings {
                puzzle: puzzle.map(goishi::format::to_url),
                ..GoishiSettings::default()
            },
            ..ModeSettings::default()
        },
        ..Settings::default()
    }
}

/// The knight's tour puzzle mode showing the puzzle of `text`, or the
/// first run's puzzle for `None`.
fn numbers_settings(text: Option<&str>) -> Settings {
    Settings {
        mode: Mode::Numbers,
        modes: ModeSettings {
            numbers: NumbersSettings {
                puzzle: text.map(str::to_owned),
                ..NumbersSettings::default()
            },
            ..ModeSettings::default()
        },
        ..Settings::default()
    }
}

fn click_numbers_square(harness: &mut Harness<'_, GridtourApp>, square: Square) {
    let geometry = harness
        .state()
        .panes
        .numbers
        .ui
        .view
        .geometry()
        .expect("the board was drawn");
    click_at(harness, geometry.cell_center((square.x, square.y)));
}

/// Steps frames until no job and no file operation is left.
fn wait_until_idle(harness: &mut Harness<'_, GridtourApp>) {
    let deadline = Instant::now() + PATIENCE;
    loop {
        harness.step();
        let app = harness.state();
        if app.jobs.owner().is_none() && app.adviser.owner().is_none() && !app.files.is_busy() {
            break;
        }
        assert!(Instant::now() < deadline, "background work did not finish");
        std::thread::sleep(Duration::from_millis(5));
    }
    harness.step();
}

/// A primary click at a screen position, one frame per event.
/// Whether some widget's label contains `text`.
fn shows(harness: &Harness<'_, GridtourApp>, text: &str) -> bool {
    harness.query_all_by_label_contains(text).next().is_some()
}

fn click_at(harness: &mut Harness<'_, GridtourApp>, pos: Pos2) {
    harness.event(Event::PointerMoved(pos));
    for pressed in [true, false] {
        harness.event(Event::PointerButton {
            pos,
            button: PointerButton::Primary,
            pressed,
            modifiers: Modifiers::NONE,
        });
    }
    harness.step();
    harness.step();
}

/// Clicks the widget labelled `label` and lets the command take effect
/// (commands are applied after the frame that received the click).
fn press(harness: &mut Harness<'_, GridtourApp>, label: &str) {
    harness.get_by_label(label).click();
    harness.step();
    harness.step();
}

fn click_knight_square(harness: &mut Harness<'_, GridtourApp>, square: Square) {
    let geometry = harness
        .state()
        .panes
        .knight
        .ui
        .view
        .geometry()
        .expect("the board was drawn");
    click_at(harness, geometry.cell_center((square.x, square.y)));
}

fn click_goishi_point(harness: &mut Harness<'_, GridtourApp>, point: Point) {
    let geometry = harness
        .state()
        .panes
        .goishi
        .ui
        .view
        .geometry()
        .expect("the board was drawn");
    click_at(harness, geometry.cell_center((point.x, point.y)));
}

fn shown_tour(harness: &Harness<'_, GridtourApp>) -> Tour {
    harness
        .state()
        .panes
        .knight
        .session
        .tour()
        .unwrap_or_else(|| {
            panic!(
                "no tour shown: {}",
                harness.state().panes.knight.session.summary()
            )
        })
}

/// How the knight mode's last job ended.
fn knight_last_job(harness: &Harness<'_, GridtourApp>) -> super::jobs::JobEnd {
    harness
        .state()
        .panes
        .knight
        .session
        .last_job()
        .expect("ended")
        .clone()
}

fn notice(harness: &Harness<'_, GridtourApp>) -> Option<(String, bool)> {
    let app = harness.state();
    let now = Instant::now();
    let notice = app.shown().notice(now);
    notice.map(|notice| (notice.text(), notice.error))
}

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("gridtour-app-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temporary directory");
    dir
}

/// Makes the window of `harness` save to a state file of its own in a
/// fresh folder `name`; the file's path.
fn save_to_scratch(harness: &mut Harness<'_, GridtourApp>, name: &str) -> PathBuf {
    let folder = temp_dir(name);
    let _ = std::fs::remove_dir_all(&folder);
    let path = folder.join("state.json");
    harness.state_mut().start_saving(StateFile::at(&path));
    path
}

/// Removes the folder of a state file [`save_to_scratch`] made, once the
/// windows saving there are gone (a window saves as it closes).
fn remove_scratch(path: &Path) {
    let _ = std::fs::remove_dir_all(path.parent().expect("a folder"));
}

/// What the window does every few seconds and at the end: it saves.
fn save(harness: &mut Harness<'_, GridtourApp>) {
    harness.state_mut().save_now();
}

/// A window opened on the state saved at `path`, saving there too.
fn reopen(path: &Path) -> Harness<'static, GridtourApp> {
    let mut file = StateFile::at(path);
    let (settings, trouble) = Settings::open(&mut file, None);
    assert_eq!(trouble, None);
    harness_of(GridtourApp::new(settings).saving_to(file, None))
}

fn open_file(harness: &mut Harness<'_, GridtourApp>, path: &Path) {
    harness.step();
    harness
        .state_mut()
        .files
        .open_path(|| {}, path.to_path_buf());
    wait_until_idle(harness);
}

fn unique_puzzle_file(dir: &Path) -> PathBuf {
    let path = dir.join("unique.txt");
    std::fs::write(&path, UNIQUE_PUZZLE).expect("puzzle file");
    path
}

/// A window in Goishi play mode on the unique puzzle, opened from a file
/// in the scratch directory `name`, which it returns.
fn playing_unique_puzzle(name: &str) -> (Harness<'static, GridtourApp>, PathBuf) {
    let dir = temp_dir(name);
    let mut harness = app_harness(Settings::default());
    open_file(&mut harness, &unique_puzzle_file(&dir));
    press(&mut harness, "Play mode");
    (harness, dir)
}

fn goishi_file(path: &Path) -> goishi::format::Loaded {
    match document::read_path(path) {
        Ok(Document::Goishi(loaded)) => loaded,
        other => panic!("not a Goishi file: {other:?}"),
    }
}

#[test]
fn clicking_a_square_starts_a_tour_from_exactly_that_square() {
    let mut harness = app_harness(knight_settings(6, 6, Algorithm::ALL[0]));
    harness.step();
    let start = Square { x: 2, y: 3 };
    click_knight_square(&mut harness, start);
    wait_until_idle(&mut harness);
    // The tour plays from its first move; End shows all of it.
    assert!(harness.state().panes.knight.session.is_playing());
    harness.key_press(Key::End);
    harness.step();
    let tour = shown_tour(&harness);
    assert_eq!(tour.path.first(), Some(&start));
    assert_eq!(tour.path.len(), 36);
    knight::validate(&tour.board, &tour.path, TourKind::Open).expect("valid tour");
    assert_eq!(harness.state().panes.knight.session.walk().len(), 36);
}

#[test]
fn edits_and_moves_undo_and_redo_with_the_keys() {
    let mut harness = app_harness(knight_settings(6, 6, Algorithm::ALL[0]));
    harness.step();
    press(&mut harness, "Edit blocked squares");
    let (first, second) = (Square { x: 1, y: 1 }, Square { x: 4, y: 2 });
    click_knight_square(&mut harness, first);
    click_knight_square(&mut harness, second);
    press(&mut harness, "Clear blocked squares");
    let blocked = |harness: &Harness<'_, GridtourApp>| {
        harness
            .state()
            .panes
            .knight
            .session
            .board()
            .blocked_squares()
    };
    assert!(blocked(&harness).is_empty());
    harness.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    harness.step();
    assert_eq!(blocked(&harness), vec![first, second]);
    harness.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    harness.step();
    assert_eq!(blocked(&harness), vec![first]);
    harness.key_press_modifiers(Modifiers::COMMAND | Modifiers::SHIFT, Key::Z);
    harness.step();
    assert_eq!(blocked(&harness), vec![first, second]);
    harness.key_press_modifiers(Modifiers::COMMAND, Key::Y);
    harness.step();
    assert!(blocked(&harness).is_empty());
    press(&mut harness, "Undo");
    assert_eq!(blocked(&harness), vec![first, second]);
}

#[test]
fn the_knight_can_be_played_by_hand() {
    let mut harness = app_harness(knight_settings(5, 5, Algorithm::ALL[0]));
    harness.step();
    press(&mut harness, "Play mode");
    let a1 = Square { x: 0, y: 4 };
    click_knight_square(&mut harness, a1);
    click_knight_square(&mut harness, Square { x: 1, y: 4 });
    let (text, error) = notice(&harness).expect("a refusal");
    assert!(error);
    assert_eq!(text, "b1 is not a knight's move from a1.");
    click_knight_square(&mut harness, Square { x: 1, y: 2 });
    assert_eq!(
        harness.state().panes.knight.session.walk(),
        &[a1, Square { x: 1, y: 2 }]
    );
    assert!(shows(&harness, "Square 2 of 25 from a1"));
}

#[test]
fn a_board_without_tours_gets_the_reason_instead_of_a_search() {
    let mut settings = knight_settings(5, 5, Algorithm::Backtrack);
    settings.modes.knight.closed = true;
    let mut harness = app_harness(settings);
    harness.step();
    click_knight_square(&mut harness, Square { x: 0, y: 0 });
    wait_until_idle(&mut harness);
    assert!(harness.state().panes.knight.session.tour().is_none());
    let summary = harness.state().panes.knight.session.summary();
    let expected = knight::why_no_tour(
        harness.state().panes.knight.session.board(),
        Some(Square { x: 0, y: 0 }),
        TourKind::Closed,
    )
    .expect("a 5x5 board has no closed tour");
    assert_eq!(summary, format!("No tour: {expected}"));
    assert!(shows(&harness, "(no search was needed)"));
}

#[test]
fn a_stray_click_during_a_count_asks_before_stopping_it() {
    let mut harness = app_harness(knight_settings(8, 8, Algorithm::ALL[0]));
    harness.step();
    press(&mut harness, "Count tours");
    assert_eq!(harness.state().jobs.owner(), Some(Mode::Knight));
    click_knight_square(&mut harness, Square { x: 2, y: 2 });
    // A new window's first frame only measures it.
    harness.step();
    assert!(shows(&harness, "A count is running"));
    press(&mut harness, "Keep it running");
    assert!(!shows(&harness, "A count is running"));
    assert_eq!(harness.state().jobs.owner(), Some(Mode::Knight));
    assert!(harness.state().panes.knight.session.is_counting());
    // Fitting the board is a key or a button, never a board click.
    press(&mut harness, "Fit board");
    assert!(harness.state().panes.knight.session.is_counting());
    harness.key_press(Key::Escape);
    wait_until_idle(&mut harness);
    let count = harness
        .state()
        .panes
        .knight
        .session
        .count()
        .unwrap_or_default()
        .to_owned();
    assert!(count.starts_with("Count cancelled after"), "{count}");
}

#[test]
fn controls_stay_in_place_when_a_count_ends() {
    let mut harness = app_harness(knight_settings(5, 5, Algorithm::ALL[0]));
    harness.step();
    let next = |harness: &Harness<'_, GridtourApp>| harness.get_by_label("Next tour").rect();
    let play = |harness: &Harness<'_, GridtourApp>| harness.get_by_label("Play").rect();
    let before = (next(&harness), play(&harness));
    harness.get_by_label("Count tours").click();
    wait_until_idle(&mut harness);
    assert!(
        harness
            .state()
            .panes
            .knight
            .session
            .count()
            .is_some_and(|c| c.starts_with("864 "))
    );
    assert_eq!(next(&harness).min, before.0.min);
    assert_eq!(play(&harness), before.1);
    press(&mut harness, "Play");
    let pause = harness.get_by_label("Pause").rect();
    assert_eq!(
        pause.width(),
        before.1.width(),
        "Play and Pause have one size"
    );
}

#[test]
fn each_mode_shows_its_own_job_and_notices() {
    let mut harness = app_harness(goishi_settings(None));
    harness.step();
    harness.get_by_label("Solve").click();
    wait_until_idle(&mut harness);
    assert!(shows(&harness, "Solving the puzzle: done"));
    press(&mut harness, "Knight's tour");
    assert!(!shows(&harness, "Solving the puzzle"));
    assert!(shows(&harness, "Ready"));
    // A knight job replacing a Goishi one is told to the Goishi mode. A
    // generation of 1000 stones takes seconds.
    let app = harness.state_mut();
    app.apply(AppCommand::Mode(ModeCommand::Goishi(
        super::modes::goishi::command::GoishiCommand::Generate(Request {
            width: 300,
            height: 300,
            stones: 1000,
            seed: 1,
            difficulty: None,
        }),
    )));
    assert_eq!(app.jobs.owner(), Some(Mode::Goishi));
    app.apply(AppCommand::Mode(ModeCommand::Knight(
        super::modes::knight::command::KnightCommand::CountTours,
    )));
    assert_eq!(app.jobs.owner(), Some(Mode::Knight));
    let how = app
        .panes
        .goishi
        .session
        .last_job()
        .expect("told")
        .how
        .clone();
    assert_eq!(how.words(), "stopped for Counting undirected open tours");
    harness.key_press(Key::Escape);
    wait_until_idle(&mut harness);
}

#[test]
fn opening_a_goishi_file_shows_it_and_solve_animates_a_valid_order() {
    let dir = temp_dir("open");
    let path = unique_puzzle_file(&dir);
    let mut harness = app_harness(Settings::default());
    open_file(&mut harness, &path);
    let app = harness.state();
    assert_eq!(app.settings.mode, Mode::Goishi);
    let expected = goishi_file(&path).puzzle;
    assert_eq!(app.panes.goishi.session.puzzle(), &expected);

    harness.get_by_label("Solve").click();
    wait_until_idle(&mut harness);
    assert!(harness.state().panes.goishi.session.is_playing());
    let first = harness.state().panes.goishi.session.picks().len();
    for _ in 0..30 {
        harness.step();
    }
    assert!(
        harness.state().panes.goishi.session.picks().len() > first,
        "the order plays"
    );
    harness.key_press(Key::End);
    harness.step();
    let order = harness.state().panes.goishi.session.picks().to_vec();
    assert_eq!(order.len(), 11);
    goishi::validate(&expected, &order).expect("valid order");
    std::fs::remove_dir_all(dir).ok();
}

#[test]
fn a_broken_file_is_named_and_the_mode_stays() {
    let dir = temp_dir("broken");
    let path = dir.join("broken.txt");
    std::fs::write(&path, "\"O Z\"\n").expect("file");
    let mut harness = app_harness(knight_settings(6, 6, Algorithm::ALL[0]));
    open_file(&mut harness, &path);
    assert_eq!(harness.state().settings.mode, Mode::Knight);
    let (text, error) = notice(&harness).expect("a notice");
    assert!(error);
    assert!(text.contains("broken.txt"), "{text}");
    std::fs::remove_dir_all(dir).ok();
}

#[test]
fn play_mode_rejects_an_illegal_pick_and_undo_takes_back_the_last() {
    let (mut harness, dir) = playing_unique_puzzle("play");
    assert_eq!(
        harness.state().panes.goishi.session.interaction(),
        GoishiInteraction::Play
    );
    click_goishi_point(&mut harness, Point { x: 1, y: 4 });
    assert_eq!(
        harness.state().panes.goishi.session.picks(),
        &[Point { x: 1, y: 4 }]
    );
    click_goishi_point(&mut harness, Point { x: 4, y: 4 });
    assert_eq!(
        harness.state().panes.goishi.session.picks().len(),
        1,
        "the illegal pick is refused"
    );
    let (text, _) = notice(&harness).expect("a refusal");
    assert!(text.starts_with("Not allowed: "), "{text}");
    press(&mut harness, "Undo");
    assert!(harness.state().panes.goishi.session.picks().is_empty());
    std::fs::remove_dir_all(dir).ok();
}

#[test]
fn hints_in_play_mode_lead_to_the_solution_and_a_dead_end_is_announced() {
    let (mut harness, dir) = playing_unique_puzzle("hints");
    let stones = harness.state().panes.goishi.session.puzzle().stone_count();
    // The first hint by the button, the others by the H key.
    press(&mut harness, "Hint");
    for _ in 0..stones {
        wait_until_idle(&mut harness);
        let hint = harness
            .state()
            .panes
            .goishi
            .session
            .hint()
            .unwrap_or_else(|| {
                panic!(
                    "no hint after {:?}: {}",
                    harness.state().panes.goishi.session.picks(),
                    harness.state().panes.goishi.session.summary()
                )
            });
        click_goishi_point(&mut harness, hint);
        wait_until_idle(&mut harness);
        harness.key_press(egui::Key::H);
        harness.step();
    }
    let session = &harness.state().panes.goishi.session;
    assert_eq!(session.picks().len(), stones);
    assert_eq!(goishi::validate(session.puzzle(), session.picks()), Ok(()));
    // Back along the solution to a legal pick off it that leaves moves:
    // the puzzle has one solution, so that position is dead at once.
    let wrong = loop {
        press(&mut harness, "Undo");
        let session = &harness.state().panes.goishi.session;
        let picks = session.picks().len();
        assert!(picks > 0, "no pick off the solution leaves a legal move");
        let next = session.line()[picks];
        let mut game = goishi::Game::new(session.puzzle().clone());
        for &pick in session.picks() {
            game.try_pick(pick).unwrap();
        }
        let misleading = session.legal_picks().into_iter().find(|&pick| {
            let mut trial = game.clone();
            pick != next && trial.try_pick(pick).is_ok() && !trial.legal_picks().is_empty()
        });
        if let Some(pick) = misleading {
            break pick;
        }
    };
    click_goishi_point(&mut harness, wrong);
    wait_until_idle(&mut harness);
    let summary = harness.state().panes.goishi.session.summary();
    assert!(summary.starts_with("Dead end:"), "{summary}");
    std::fs::remove_dir_all(dir).ok();
}

#[test]
fn every_export_opens_again_in_its_own_mode() {
    let dir = temp_dir("export");
    let mut harness = app_harness(knight_settings(5, 5, Algorithm::ALL[0]));
    harness.step();
    click_knight_square(&mut harness, Square { x: 0, y: 0 });
    wait_until_idle(&mut harness);
    let tour = shown_tour(&harness);
    let (export, _) = harness.state().export().expect("a tour to export");
    let names = [
        "tour.json",
        "tour.txt",
        "tour.svg",
        "tour.png",
        "tour.animated.svg",
    ];
    for name in names.iter().chain(&["tour.gif"]) {
        harness
            .state_mut()
            .files
            .save_to(dir.join(name), export.clone());
    }
    wait_until_idle(&mut harness);
    let (text, error) = notice(&harness).expect("a notice");
    assert!(!error, "{text}");
    // The GIF plays at the window's speed (8 moves a second): the first
    // square, then a frame of an eighth of a second for each move.
    let gif = std::fs::read(dir.join("tour.gif")).expect("the GIF");
    let mut decoder = gif::DecodeOptions::new()
        .read_info(gif.as_slice())
        .expect("a GIF");
    let mut delays = Vec::new();
    while let Some(frame) = decoder.read_next_frame().expect("a frame") {
        delays.push(frame.delay);
    }
    assert_eq!(delays.len(), 25);
    assert!(delays[..24].iter().all(|&delay| delay == 13), "{delays:?}");
    // Pictures name the columns and rows as the window does.
    assert!(harness.state().settings.view.show_labels);
    let svg = std::fs::read_to_string(dir.join("tour.svg")).expect("the SVG");
    assert!(svg.contains(">e</text>") && svg.contains(">5</text>"));
    let mut unlabelled = export.clone();
    unlabelled.labels = false;
    let svg = unlabelled.render(Format::Svg).expect("an SVG");
    assert!(!String::from_utf8_lossy(&svg).contains(">e</text>"));

    // Open each from Goishi mode: the window switches to the knight.
    for name in names {
        press(&mut harness, "Goishi Hiroi");
        open_file(&mut harness, &dir.join(name));
        assert_eq!(harness.state().settings.mode, Mode::Knight, "{name}");
        let read = shown_tour(&harness);
        assert_eq!(read.path, tour.path, "{name}");
        knight::validate(&read.board, &read.path, read.kind).expect("valid tour");
    }

    // A solved Goishi puzzle, in every format, back in Goishi mode.
    open_file(&mut harness, &unique_puzzle_file(&dir));
    harness.get_by_label("Solve").click();
    wait_until_idle(&mut harness);
    harness.key_press(Key::End);
    harness.step();
    let app = harness.state();
    let puzzle = app.panes.goishi.session.puzzle().clone();
    let order = app.panes.goishi.session.picks().to_vec();
    let (export, _) = app.export().expect("a puzzle to export");
    let names = [
        "solved.pzprv3",
        "solved.json",
        "solved.txt",
        "solved.svg",
        "solved.png",
    ];
    for name in names {
        harness
            .state_mut()
            .files
            .save_to(dir.join(name), export.clone());
    }
    wait_until_idle(&mut harness);
    for name in names {
        press(&mut harness, "Knight's tour");
        open_file(&mut harness, &dir.join(name));
        let app = harness.state();
        assert_eq!(app.settings.mode, Mode::Goishi, "{name}");
        assert_eq!(app.panes.goishi.session.puzzle(), &puzzle, "{name}");
        assert_eq!(app.panes.goishi.session.line(), order, "{name}");
    }
    goishi::validate(&puzzle, &order).expect("valid order");
    std::fs::remove_dir_all(dir).ok();
}

/// An open tour of 5x5 from its corner, as the solver finds it.
fn open_tour_of_5x5() -> Tour {
    let board = Board::new(5, 5).expect("5x5");
    match knight::solve(
        &board,
        Square::new(0, 0),
        TourKind::Open,
        Algorithm::ALL[0],
        &Control::new(),
    ) {
        Outcome::Done(SolveResult::Found(tour)) => tour,
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_dropped_file_opens_like_the_dialog_does() {
    let dir = temp_dir("drop");
    let path = dir.join("tour.json");
    let tour = open_tour_of_5x5();
    std::fs::write(&path, tour.to_json()).expect("file");
    let mut harness = app_harness(goishi_settings(None));
    harness.step();
    harness
        .input_mut()
        .dropped_files
        .push(std::sync::Arc::new(DroppedPath(path.clone())));
    wait_until_idle(&mut harness);
    assert_eq!(harness.state().settings.mode, Mode::Knight);
    assert_eq!(shown_tour(&harness), tour);
    std::fs::remove_dir_all(dir).ok();
}

#[test]
fn a_file_or_link_given_at_start_is_opened() {
    let dir = temp_dir("given");
    // A name a desktop hands over as a file:// URL, escapes and all.
    let path = dir.join("my tour.json");
    let tour = open_tour_of_5x5();
    std::fs::write(&path, tour.to_json()).expect("file");
    let url = format!("file://{}", path.display()).replace(' ', "%20");
    for given in [path.clone().into_os_string(), url.into()] {
        let mut harness = app_harness_opening(given);
        wait_until_idle(&mut harness);
        assert_eq!(harness.state().settings.mode, Mode::Knight);
        assert_eq!(shown_tour(&harness), tour);
    }
    // A knight link opens its board and tour.
    let link = gridtour::knight::BoardLink::of_tour(&tour).to_link();
    let mut harness = app_harness_opening(link.into());
    wait_until_idle(&mut harness);
    assert_eq!(shown_tour(&harness), tour);
    std::fs::remove_dir_all(dir).ok();
}

/// A file as the window system hands it over when dropped.
#[derive(Debug)]
struct DroppedPath(PathBuf);

impl egui::DroppedFile for DroppedPath {
    fn path(&self) -> &Path {
        &self.0
    }

    fn bytes(&self) -> Result<Vec<u8>, String> {
        std::fs::read(&self.0).map_err(|error| error.to_string())
    }
}

#[test]
fn exporting_without_a_tour_says_so() {
    let mut harness = app_harness(knight_settings(5, 5, Algorithm::ALL[0]));
    harness.step();
    harness.key_press_modifiers(Modifiers::COMMAND, Key::S);
    harness.step();
    harness.step();
    let (text, error) = notice(&harness).expect("a notice");
    assert!(error);
    assert!(text.starts_with("Nothing to export"), "{text}");
}

#[test]
fn counting_from_the_clicked_corner_finds_304_tours_and_they_can_be_browsed() {
    // 304 open tours from a corner of the 5x5 board (seed 003).
    let mut harness = app_harness(knight_settings(5, 5, Algorithm::Backtrack));
    harness.step();
    let corner = Square { x: 0, y: 0 };
    click_knight_square(&mut harness, corner);
    wait_until_idle(&mut harness);
    press(&mut harness, "Only tours from a5");
    harness.get_by_label("Count tours").click();
    wait_until_idle(&mut harness);
    assert_eq!(
        harness.state().panes.knight.session.count().as_deref(),
        Some("304 directed open tours from a5.")
    );
    let first = shown_tour(&harness);
    press(&mut harness, "Next tour");
    let second = shown_tour(&harness);
    assert_ne!(first.path, second.path);
    for tour in [first, second] {
        assert_eq!(tour.path.first(), Some(&corner));
        knight::validate(&tour.board, &tour.path, TourKind::Open).expect("valid tour");
    }
    assert!(
        harness
            .query_by_label("Showing tour 2 of the 304 kept")
            .is_some()
    );
}

#[test]
fn cancel_stops_a_long_count_at_once() {
    let mut harness = app_harness(knight_settings(8, 8, Algorithm::Backtrack));
    harness.step();
    press(&mut harness, "Count tours");
    let deadline = Instant::now() + PATIENCE;
    while harness
        .state()
        .jobs
        .current()
        .is_none_or(|(_, progress)| progress.nodes == 0)
    {
        assert!(Instant::now() < deadline, "no progress reported");
        harness.step();
        std::thread::sleep(Duration::from_millis(10));
    }
    harness.get_by_label("Cancel").click();
    let asked = Instant::now();
    wait_until_idle(&mut harness);
    assert!(
        asked.elapsed() < Duration::from_secs(1),
        "took {:?}",
        asked.elapsed()
    );
    let ended = knight_last_job(&harness);
    assert_eq!(ended.how.words(), "cancelled");
    assert!(
        ended.label.words().starts_with("Counting"),
        "{}",
        ended.label
    );
}

#[test]
fn a_long_count_shows_how_far_it_has_got_in_a_progress_bar() {
    let mut harness = app_harness(knight_settings(8, 8, Algorithm::Backtrack));
    harness.step();
    assert!(harness.query_by_role(Role::ProgressIndicator).is_none());
    press(&mut harness, "Count tours");
    let deadline = Instant::now() + PATIENCE;
    let shown_share = loop {
        assert!(Instant::now() < deadline, "no square of the sweep reported");
        std::thread::sleep(Duration::from_millis(10));
        harness.step();
        let Some((_, progress)) = harness.state().jobs.current() else {
            continue;
        };
        if let Some(&Phase::FrontierSweep {
            square,
            squares,
            done_by,
            ..
        }) = progress.detail::<Phase>()
            && square > 0
        {
            let shown = progress
                .headway()
                .expect("a sweep knows its share")
                .to_string();
            // Before the forecast (two rows), the share is of the squares.
            if done_by.is_none() {
                assert_eq!(shown, format!("{}%", square * 100 / squares));
            }
            break shown;
        }
    };
    // The frame just drawn shows the progress that the state holds: the
    // share of the squares (or, with a forecast, of the time) and the
    // time left.
    let bar = harness.query_by(|node| {
        node.role() == Role::ProgressIndicator && node.label().as_deref() == Some(&shown_share)
    });
    assert!(bar.is_some(), "no progress bar reads {shown_share}");
    press(&mut harness, "Cancel");
    wait_until_idle(&mut harness);
    harness.step();
    assert!(harness.query_by_role(Role::ProgressIndicator).is_none());
}

/// The running job's node counter, once it has one.
fn nodes_so_far(harness: &mut Harness<'_, GridtourApp>) -> u64 {
    let deadline = Instant::now() + PATIENCE;
    loop {
        harness.step();
        if let Some((_, progress)) = harness.state().jobs.current()
            && progress.nodes > 0
        {
            return progress.nodes;
        }
        assert!(Instant::now() < deadline, "no progress reported");
        std::thread::sleep(Duration::from_millis(10));
    }
}

#[test]
fn pause_holds_a_count_and_resume_lets_it_go_on() {
    let mut harness = app_harness(knight_settings(8, 8, Algorithm::Backtrack));
    harness.step();
    press(&mut harness, "Count tours");
    nodes_so_far(&mut harness);
    press(&mut harness, "Pause job");
    // Reports already on their way may still arrive.
    std::thread::sleep(Duration::from_millis(200));
    let held = nodes_so_far(&mut harness);
    std::thread::sleep(Duration::from_millis(300));
    assert_eq!(nodes_so_far(&mut harness), held, "a paused count walks on");
    assert!(shows(&harness, "… paused — "), "the status bar says paused");
    assert!(harness.query_by_label("Pause job").is_none());
    press(&mut harness, "Resume job");
    let deadline = Instant::now() + PATIENCE;
    while nodes_so_far(&mut harness) == held {
        assert!(
            Instant::now() < deadline,
            "the resumed count does not go on"
        );
        std::thread::sleep(Duration::from_millis(10));
    }
    assert!(!shows(&harness, "… paused — "));
    // Cancelling a paused count stops it too.
    press(&mut harness, "Pause job");
    press(&mut harness, "Cancel");
    wait_until_idle(&mut harness);
    let ended = knight_last_job(&harness);
    assert_eq!(ended.how.words(), "cancelled");
}

/// A Warnsdorff tour of a `width` x `height` board from a1
/// (deterministic), `kind` as asked.
fn warnsdorff_tour(width: u32, height: u32, kind: TourKind) -> Tour {
    let board = Board::new(width, height).expect("a board the engine accepts");
    let start = board.parse_square("a1").expect("a1");
    match knight::solve(&board, start, kind, Algorithm::Warnsdorff, &Control::new()) {
        Outcome::Done(SolveResult::Found(tour)) => tour,
        other => panic!("no {width}x{height} {kind:?} tour: {other:?}"),
    }
}

/// A harness showing `tour` alone on the canvas, `side` points square,
/// and where the canvas last laid the board out.
fn knight_canvas(
    tour: &Tour,
    side: f32,
    numbers: bool,
) -> (Harness<'static>, Rc<Cell<Option<canvas::Geometry>>>) {
    let board = tour.board.clone();
    let path = PathIndex::from_squares(&board, &tour.path);
    let closed = tour.kind == TourKind::Closed;
    let geometry = Rc::new(Cell::new(None));
    let seen_geometry = Rc::clone(&geometry);
    let mut view = View::default();
    let harness = Harness::builder()
        .with_size(vec2(side, side))
        .build_ui(move |ui| {
            let scene = Scene {
                layer: Layer::Knight {
                    board: &board,
                    highlight: &[],
                    unreachable: &[],
                    candidates: &[],
                },
                path: Some(&path),
                shown: path.len(),
                closed,
                numbers,
                labels: false,
                revision: 0,
            };
            view.show(ui, &scene);
            seen_geometry.set(view.geometry());
        });
    (harness, geometry)
}

#[test]
fn knight_board_snapshot() {
    let (mut harness, _) = knight_canvas(&warnsdorff_tour(8, 8, TourKind::Closed), 420.0, true);
    harness.run();
    harness.snapshot("knight_8x8_closed_tour");
}

#[test]
fn goishi_board_snapshot() {
    let puzzle = goishi::format::load_bytes("snapshot", UNIQUE_PUZZLE.as_bytes())
        .expect("puzzle")
        .puzzle;
    let order = match goishi::solve(&puzzle, &Control::new()) {
        Outcome::Done(Some(order)) => order,
        other => panic!("the puzzle has a solution: {other:?}"),
    };
    let path = PathIndex::from_points(&puzzle, &order);
    let shown = order.len() / 2;
    let mut view = View::default();
    let mut harness = Harness::builder()
        .with_size(vec2(360.0, 420.0))
        .build_ui(move |ui| {
            let scene = Scene {
                layer: Layer::Goishi {
                    puzzle: &puzzle,
                    hints: &[],
                    stranded: &[],
                },
                path: Some(&path),
                shown,
                closed: false,
                numbers: true,
                labels: false,
                revision: 0,
            };
            view.show(ui, &scene);
        });
    harness.run();
    harness.snapshot("goishi_half_picked");
}

/// The window and the exported PNG take their colours from one style: at
/// the same places of the same board, the rendered window and the PNG show
/// the same colours (squares of both colours, a blocked square, the path,
/// the start ring and the knight).
#[test]
fn the_window_and_a_png_export_show_the_same_colours_at_the_same_squares() {
    use gridtour::render::{self, STYLE};
    let mut board = Board::new(5, 5).expect("5x5");
    board.set_blocked(Square::new(2, 2), true);
    let squares = [Square::new(0, 0), Square::new(1, 2), Square::new(3, 3)];
    let tour = Tour {
        board,
        kind: TourKind::Open,
        path: squares.to_vec(),
    };
    let (mut harness, geometry) = knight_canvas(&tour, 300.0, false);
    harness.run();
    let window = harness.render().expect("a rendered window");
    let geometry = geometry.get().expect("the board was laid out");
    let cell_px = 40;
    let png = render::to_png(&render::Scene::tour(&tour), cell_px).expect("a PNG");
    let png = tiny_skia::Pixmap::decode_png(&png).expect("a decodable PNG");
    // Places as (square, fraction across, fraction down), with the colour
    // expected there.
    let places = [
        ((4, 0), 0.5, 0.5, STYLE.dark_square),
        ((4, 1), 0.5, 0.5, STYLE.light_square),
        ((2, 2), 0.5, 0.12, STYLE.blocked_square),
        ((2, 2), 0.5, 0.5, STYLE.blocked_cross),
        // Half-way along the first move, (0, 0) to (1, 2).
        ((0, 1), 1.0, 0.5, STYLE.path.colour),
        // The start ring, right of the first square's centre.
        ((0, 0), 0.5 + STYLE.start_ring_radius, 0.5, STYLE.start_ring),
        ((3, 3), 0.5, 0.5, STYLE.knight),
    ];
    for ((x, y), across, down, expected) in places {
        let rect = geometry.cell_rect((x, y));
        let on_screen = window.get_pixel(
            (rect.left() + across as f32 * rect.width()).round() as u32,
            (rect.top() + down as f32 * rect.height()).round() as u32,
        );
        let in_file = png
            .pixel(
                ((f64::from(x) + 0.5 + across) * f64::from(cell_px)) as u32,
                ((f64::from(y) + 0.5 + down) * f64::from(cell_px)) as u32,
            )
            .expect("inside the PNG")
            .demultiply();
        let screen = [on_screen.0[0], on_screen.0[1], on_screen.0[2]];
        let file = [in_file.red(), in_file.green(), in_file.blue()];
        let wanted = [expected.red, expected.green, expected.blue];
        // Lines are smoothed at their edges: a little give.
        let near = |a: [u8; 3]| a.iter().zip(wanted).all(|(&a, b)| a.abs_diff(b) <= 10);
        assert!(
            near(screen),
            "window at {x},{y}: {screen:?}, not {wanted:?}"
        );
        assert!(near(file), "PNG at {x},{y}: {file:?}, not {wanted:?}");
    }
}

#[test]
fn a_puzzle_edited_by_clicks_matches_the_clicks() {
    let empty = Puzzle::new(4, 3).expect("4x3");
    let mut harness = app_harness(goishi_settings(Some(&empty)));
    harness.step();
    assert_eq!(
        harness.state().panes.goishi.session.interaction(),
        GoishiInteraction::Edit
    );
    let points = [
        Point { x: 0, y: 0 },
        Point { x: 3, y: 2 },
        Point { x: 1, y: 1 },
    ];
    for point in points {
        click_goishi_point(&mut harness, point);
    }
    let mut expected = empty;
    for point in points {
        expected.set_stone(point, true);
    }
    assert_eq!(harness.state().panes.goishi.session.puzzle(), &expected);
}

#[test]
fn boards_and_the_shown_tour_survive_closing_the_window() {
    let mut harness = app_harness(knight_settings(6, 5, Algorithm::ALL[0]));
    harness.step();
    press(&mut harness, "Edit blocked squares");
    let blocked = [Square { x: 1, y: 1 }, Square { x: 4, y: 3 }];
    click_knight_square(&mut harness, blocked[0]);
    press(&mut harness, "Goishi Hiroi");
    press(&mut harness, "Edit stones");
    press(&mut harness, "New empty board");
    let stones = [
        Point { x: 0, y: 2 },
        Point { x: 3, y: 2 },
        Point { x: 3, y: 5 },
    ];
    click_goishi_point(&mut harness, stones[0]);
    // A periodic save half-way: what changes after it is saved too.
    let state = save_to_scratch(&mut harness, "restart");
    save(&mut harness);
    for point in &stones[1..] {
        click_goishi_point(&mut harness, *point);
    }
    press(&mut harness, "Knight's tour");
    click_knight_square(&mut harness, blocked[1]);
    press(&mut harness, "Start tours");
    click_knight_square(&mut harness, Square { x: 0, y: 0 });
    wait_until_idle(&mut harness);
    harness.key_press(Key::End);
    harness.step();
    let tour = harness.state().panes.knight.session.tour();
    let made = harness.state().panes.goishi.session.puzzle().clone();
    assert_eq!(made.stones().len(), 3);

    save(&mut harness);
    let mut reopened = reopen(&state);
    reopened.step();
    let app = reopened.state();
    assert_eq!(app.settings.mode, Mode::Knight);
    assert_eq!(app.panes.goishi.session.puzzle(), &made);
    let board = app.panes.knight.session.board();
    assert_eq!((board.width(), board.height()), (6, 5));
    assert_eq!(board.blocked_squares(), blocked.to_vec());
    assert_eq!(app.panes.knight.session.tour(), tour);
    drop((harness, reopened));
    remove_scratch(&state);
}

#[test]
fn a_pasted_url_loads_the_puzzle() {
    let mut harness = app_harness(goishi_settings(Some(&Puzzle::new(3, 3).expect("3x3"))));
    harness.step();
    harness.get_by_label("URL").focus();
    harness.step();
    harness
        .get_by_label("URL")
        .type_text("https://puzz.link/p?goishi/8/7/re0tnms1rfvg");
    harness.step();
    press(&mut harness, "Load URL");
    let puzzle = harness.state().panes.goishi.session.puzzle();
    assert_eq!((puzzle.width(), puzzle.height()), (8, 7));
    assert_eq!(puzzle.stones().len(), 20);
}

#[test]
fn every_built_in_example_opens_from_the_menu() {
    let mut harness = app_harness(goishi_settings(None));
    harness.step();
    let examples = std::fs::read_dir(Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/goishi"))
        .expect("assets/goishi");
    let mut opened = 0;
    for entry in examples {
        let path = entry.expect("directory entry").path();
        let name = path
            .file_name()
            .and_then(|n| n.to_str())
            .expect("file name");
        harness.get_by_label("Example").click();
        harness.run();
        harness.get_by_label(name).click();
        harness.step();
        harness.step();
        assert_eq!(
            harness.state().panes.goishi.session.puzzle(),
            &goishi_file(&path).puzzle,
            "{name}"
        );
        opened += 1;
    }
    assert_eq!(opened, super::modes::goishi::session::EXAMPLES.len());
}

/// A window that pressed Generate for `stones` stones on an empty 6x6
/// board, its answer in.
fn generating_on_6x6(stones: usize) -> Harness<'static, GridtourApp> {
    let board = Puzzle::new(6, 6).expect("6x6");
    let mut settings = goishi_settings(Some(&board));
    settings.modes.goishi.generate_stones = stones;
    let mut harness = app_harness(settings);
    harness.step();
    harness.get_by_label("Generate").click();
    wait_until_idle(&mut harness);
    harness
}

#[test]
fn a_generated_puzzle_has_the_stones_asked_for_and_one_solution() {
    let mut harness = generating_on_6x6(10);
    let puzzle = harness.state().panes.goishi.session.puzzle().clone();
    assert_eq!((puzzle.width(), puzzle.height()), (6, 6));
    assert_eq!(puzzle.stones().len(), 10);
    assert!(
        harness
            .state()
            .panes
            .goishi
            .session
            .source()
            .contains("seed 1")
    );
    harness.get_by_label("Is it unique?").click();
    wait_until_idle(&mut harness);
    assert_eq!(
        harness.state().panes.goishi.session.answer().as_deref(),
        Some("Unique: exactly one solution.")
    );
}

#[test]
fn the_level_chosen_beside_generate_is_the_generated_puzzle_s_rating() {
    let board = Puzzle::new(14, 14).expect("14x14");
    let mut settings = goishi_settings(Some(&board));
    settings.modes.goishi.generate_stones = 47;
    let mut harness = app_harness(settings);
    harness.step();
    harness.get_by_label("level of generated puzzles").click();
    harness.run();
    // Seed 1 of any level rates hard.
    harness.get_by_label("medium").click();
    harness.run();
    harness.get_by_label("Generate").click();
    wait_until_idle(&mut harness);
    let puzzle = harness.state().panes.goishi.session.puzzle().clone();
    assert_eq!(puzzle.stones().len(), 47);
    harness.get_by_label("Rate difficulty").click();
    wait_until_idle(&mut harness);
    let answer = harness
        .state()
        .panes
        .goishi
        .session
        .answer()
        .unwrap_or_default()
        .to_owned();
    assert!(answer.starts_with("Rated medium"), "{answer}");
}

/// Median time to build and tessellate one frame of the canvas showing
/// `tour` in an 800 x 720 point canvas (the central panel of the default
/// window), zoomed `zoom` times around `center` (in squares), with the first
/// `shown` moves drawn; `shown` grows by `step` every frame, as in playback,
/// and the view moves `pan` squares to the right every frame, as in a drag.
fn median_frame_time(
    tour: &Tour,
    zoom: f32,
    center: egui::Vec2,
    (shown, step): (usize, usize),
    pan: f32,
) -> Duration {
    let path = PathIndex::from_squares(&tour.board, &tour.path);
    let ctx = egui::Context::default();
    let mut view = View::default();
    let input = || egui::RawInput {
        screen_rect: Some(egui::Rect::from_min_size(Pos2::ZERO, vec2(800.0, 720.0))),
        ..Default::default()
    };
    let mut times = Vec::new();
    for frame in 0..25 {
        let shown = (shown + frame * step).min(path.len());
        view.zoom_to(zoom, center + vec2(frame as f32 * pan, 0.0));
        let began = Instant::now();
        let output = ctx.run_ui(input(), |ui| {
            let scene = Scene {
                layer: Layer::Knight {
                    board: &tour.board,
                    highlight: &[],
                    unreachable: &[],
                    candidates: &[],
                },
                path: Some(&path),
                shown,
                closed: false,
                numbers: true,
                labels: false,
                revision: 0,
            };
            view.show(ui, &scene);
        });
        let primitives = ctx.tessellate(output.shapes, output.pixels_per_point);
        times.push(began.elapsed());
        assert!(!primitives.is_empty());
    }
    times.sort();
    times[times.len() / 2]
}

/// Frame cost of the board painter on large tours. Run in release:
/// `cargo test --release --bin gridtour -- --ignored drawing_large_tours_stays_within_a_frame --nocapture`
#[test]
#[ignore = "timing; run in release mode"]
fn drawing_large_tours_stays_within_a_frame() {
    let mut report = Vec::new();
    for side in [200, 1000, 2000] {
        let tour = warnsdorff_tour(side, side, TourKind::Open);
        let len = tour.path.len();
        let middle = vec2(side as f32, side as f32) / 2.0;
        let cases = [
            ("whole board", 1.0, (len, 0), 0.0),
            ("whole board, playing", 1.0, (1, len / 50), 0.0),
            ("~25 px squares", side as f32 / 28.0, (len, 0), 0.0),
            ("~25 px squares, panning", side as f32 / 28.0, (len, 0), 0.5),
            ("~6 px squares", side as f32 / 112.0, (len, 0), 0.0),
            ("~6 px squares, panning", side as f32 / 112.0, (len, 0), 0.5),
        ];
        for (what, zoom, shown, pan) in cases {
            let time = median_frame_time(&tour, zoom.max(1.0), middle, shown, pan);
            report.push((side, format!("{side}x{side} {what}: {time:?}"), time));
        }
    }
    for (_, line, _) in &report {
        println!("{line}");
    }
    for (side, line, time) in report {
        assert!(side > 200 || time < Duration::from_millis(16), "{line}");
    }
}

#[test]
fn plus_and_minus_zoom_the_board_and_zero_fits_it_again() {
    let mut harness = app_harness(knight_settings(20, 20, Algorithm::ALL[0]));
    harness.step();
    let cell = |harness: &Harness<'_, GridtourApp>| {
        harness
            .state()
            .panes
            .knight
            .ui
            .view
            .geometry()
            .expect("the board was drawn")
            .cell
    };
    let fitted = cell(&harness);
    harness.key_press(Key::Plus);
    harness.step();
    harness.step();
    let zoomed = cell(&harness);
    // Fit rounds squares down to whole pixels; a zoom step is 1.5 times
    // the unrounded size.
    assert!((zoomed / fitted - 1.5).abs() < 0.05, "{fitted} -> {zoomed}");
    harness.key_press(Key::Minus);
    harness.step();
    harness.step();
    harness.key_press(Key::Minus);
    harness.step();
    harness.step();
    assert!(
        (cell(&harness) - fitted).abs() < 1e-3,
        "never smaller than fitted"
    );
    harness.key_press(Key::Plus);
    harness.step();
    harness.key_press(Key::Num0);
    harness.step();
    harness.step();
    assert!((cell(&harness) - fitted).abs() < 1e-3);
}

#[test]
fn space_toggles_playback_once_even_after_clicking_a_button() {
    let mut harness = app_harness(knight_settings(6, 6, Algorithm::ALL[0]));
    harness.step();
    click_knight_square(&mut harness, Square { x: 0, y: 0 });
    wait_until_idle(&mut harness);
    assert!(harness.state().panes.knight.session.is_playing());
    press(&mut harness, "Pause");
    assert!(!harness.state().panes.knight.session.is_playing());
    harness.get_by_label("Play").focus();
    harness.step();
    harness.key_press(Key::Space);
    harness.step();
    assert!(harness.state().panes.knight.session.is_playing());
    harness.key_press(Key::Space);
    harness.step();
    assert!(!harness.state().panes.knight.session.is_playing());
    let shown = harness.state().panes.knight.session.position().0;
    harness.key_press(Key::ArrowRight);
    harness.step();
    assert_eq!(harness.state().panes.knight.session.position().0, shown + 1);
    harness.key_press(Key::Home);
    harness.step();
    assert_eq!(harness.state().panes.knight.session.position().0, 1);
}

#[test]
fn the_failing_starts_overlay_marks_the_one_failing_square_of_8x8() {
    // Plain Warnsdorff fails only from square 44 (row-major) of 8x8.
    let mut harness = app_harness(knight_settings(8, 8, Algorithm::ALL[0]));
    harness.step();
    press(&mut harness, "Show Warnsdorff failing starts");
    wait_until_idle(&mut harness);
    let app = harness.state();
    assert_eq!(
        app.panes.knight.session.summary(),
        "Plain Warnsdorff dead-ends from 1 of 64 start squares, tinted on the board: e3."
    );
    let mask = app.panes.knight.session.failing_starts().expect("computed");
    let marked: Vec<usize> = (0..mask.len()).filter(|&i| mask[i]).collect();
    assert_eq!(marked, [44]);
    // Closed tours: the overlay of an open walk goes, and cannot come back.
    press(&mut harness, "Closed tour");
    assert!(
        harness
            .state()
            .panes
            .knight
            .session
            .failing_starts()
            .is_none()
    );
    let toggle = harness.get_by_label("Show Warnsdorff failing starts");
    assert!(egui_kittest::kittest::NodeT::accesskit_node(&toggle).is_disabled());
}

#[test]
fn a_count_s_whole_answer_is_in_the_panel_wrapped_not_cut() {
    let mut harness = app_harness(knight_settings(5, 5, Algorithm::ALL[0]));
    harness.step();
    press(&mut harness, "Count tours");
    wait_until_idle(&mut harness);
    let answer = harness
        .state()
        .panes
        .knight
        .session
        .count()
        .expect("a count")
        .to_owned();
    assert!(answer.len() > 60, "a long answer: {answer}");
    let label = harness.get_by_label(&answer).rect();
    let one_line = harness.get_by_label_contains("Showing tour 1 of").rect();
    assert!(
        label.height() > 1.5 * one_line.height(),
        "wrapped over lines: {label:?}"
    );
    assert!(label.max.x < 320.0, "inside the side panel: {label:?}");
}

#[test]
fn knight_play_says_when_the_walk_can_no_longer_become_a_tour() {
    let mut harness = app_harness(knight_settings(8, 8, Algorithm::ALL[0]));
    harness.step();
    press(&mut harness, "Play mode");
    let board = harness.state().panes.knight.session.board().clone();
    let square = |name: &str| board.parse_square(name).expect("a square");
    let walk = ["b3", "d4", "c2"].map(square);
    for square in walk {
        click_knight_square(&mut harness, square);
    }
    assert!(shows(&harness, "Square 3 of 64 from b3"));
    click_knight_square(&mut harness, square("e1"));
    assert!(shows(
        &harness,
        "a1 can no longer be reached: this walk cannot become a tour."
    ));
    press(&mut harness, "Undo");
    assert!(shows(&harness, "Square 3 of 64 from b3"));
}

#[test]
fn f1_opens_the_rules_of_the_mode_on_show_and_the_keys_of_every_command() {
    use super::command::Command;
    let mut harness = app_harness(knight_settings(6, 6, Algorithm::ALL[0]));
    harness.step();
    harness.key_press(Key::F1);
    harness.run();
    assert!(shows(&harness, "A knight moves in an L"));
    press(&mut harness, "Goishi Hiroi");
    assert!(shows(&harness, "Stones lie on points of a grid"));
    assert!(!shows(&harness, "A knight moves in an L"));
    press(&mut harness, "Keys");
    // Every command the keyboard is read for, with its first key.
    let mut keyed: Vec<AppCommand> = AppCommand::KEYED.to_vec();
    for mode in Mode::ALL {
        keyed.extend(harness.state().pane(mode).keyed());
    }
    for command in &keyed {
        let first = command.shortcuts()[0].to_string();
        assert!(
            harness.query_all_by_label(command.label()).next().is_some(),
            "{} listed",
            command.label()
        );
        assert!(shows(&harness, &first), "{first} listed");
    }
    press(&mut harness, "About");
    assert!(shows(&harness, env!("CARGO_PKG_VERSION")));
    harness.key_press(Key::F1);
    harness.run();
    assert!(!shows(&harness, "Licence"));
}

#[test]
fn a_small_window_keeps_every_control_of_the_top_bar_on_screen() {
    for language in Language::ALL {
        let mut harness = Harness::builder()
            .with_size(vec2(800.0, 560.0))
            .build_ui_state(
                |ui, app: &mut GridtourApp| app.show(ui),
                GridtourApp::new(knight_settings(8, 8, Algorithm::ALL[0]))
                    .with_system_language(language),
            );
        harness.run_steps(4);
        let menu = harness.get_by_label(if language == Language::English {
            "Language"
        } else {
            "言語"
        });
        let screen = egui::Rect::from_min_size(egui::Pos2::ZERO, vec2(800.0, 560.0));
        assert!(
            screen.contains_rect(menu.rect()),
            "{language:?}: {:?}",
            menu.rect()
        );
    }
}

#[test]
fn escape_closes_help_and_the_next_f1_opens_it_again() {
    let mut harness = app_harness(knight_settings(6, 6, Algorithm::ALL[0]));
    harness.step();
    for _ in 0..2 {
        harness.key_press(Key::F1);
        harness.run();
        assert!(shows(&harness, "A knight moves in an L"), "F1 opens Help");
        harness.key_press(Key::Escape);
        harness.run();
        assert!(
            !shows(&harness, "A knight moves in an L"),
            "Escape closes it"
        );
    }
}

#[test]
fn the_first_window_says_what_to_do_first_until_something_is_done() {
    let mut harness = app_harness(Settings::load(None));
    harness.step();
    assert!(shows(&harness, "New here? Click a square"));
    click_knight_square(&mut harness, Square { x: 0, y: 0 });
    wait_until_idle(&mut harness);
    assert!(!shows(&harness, "New here?"));
    let mut again = app_harness(Settings::default());
    again.step();
    assert!(!shows(&again, "New here?"));
    // Shown the Goishi board first, it speaks of stones.
    let mut goishi = app_harness(Settings {
        mode: Mode::Goishi,
        ..Settings::load(None)
    });
    goishi.step();
    assert!(shows(&goishi, "click a stone to start picking"));
    assert!(!shows(&goishi, "knight"));
}

#[test]
fn a_refused_generate_keeps_its_seed_for_the_next_one() {
    let mut harness = generating_on_6x6(30);
    let (text, error) = notice(&harness).expect("a refusal");
    assert!(error && text.starts_with("Cannot generate: "), "{text}");
    assert_eq!(harness.state().settings.modes.goishi.generate_seed, 1);
    harness.state_mut().settings.modes.goishi.generate_stones = 10;
    harness.get_by_label("Generate").click();
    wait_until_idle(&mut harness);
    assert_eq!(harness.state().settings.modes.goishi.generate_seed, 2);
    assert!(
        harness
            .state()
            .panes
            .goishi
            .session
            .source()
            .contains("seed 1")
    );
}

#[test]
fn a_knight_link_round_trips_through_copy_and_paste() {
    let mut harness = app_harness(knight_settings(6, 6, Algorithm::ALL[0]));
    harness.step();
    press(&mut harness, "Edit blocked squares");
    click_knight_square(&mut harness, Square { x: 4, y: 0 });
    press(&mut harness, "Start tours");
    click_knight_square(&mut harness, Square { x: 0, y: 5 });
    wait_until_idle(&mut harness);
    let tour = shown_tour(&harness);
    harness.get_by_label("Copy link").click();
    harness.step();
    let link = harness
        .output()
        .platform_output
        .commands
        .iter()
        .find_map(|command| match command {
            egui::OutputCommand::CopyText(text) => Some(text.clone()),
            _ => None,
        })
        .expect("the link on the clipboard");
    assert!(
        link.starts_with("gridtour:knight?size=6x6&blocked=e6&start=a1&tour="),
        "{link}"
    );
    // Another board, then the link pasted: the same board and tour again.
    press(&mut harness, "Edit blocked squares");
    click_knight_square(&mut harness, Square { x: 2, y: 2 });
    harness.event(egui::Event::Paste(link));
    harness.step();
    harness.step();
    assert_eq!(shown_tour(&harness), tour);
    // A damaged link says where.
    harness.event(egui::Event::Paste(
        "gridtour:knight?size=6x6&colour=red".to_owned(),
    ));
    harness.step();
    let (text, error) = notice(&harness).expect("a refusal");
    assert!(error, "{text}");
    assert!(
        text.contains("column 26: unknown field \"colour\""),
        "{text}"
    );
}

#[test]
fn the_solver_folds_away_when_play_starts() {
    let mut harness = app_harness(goishi_settings(None));
    harness.step();
    assert!(shows(&harness, "Count solutions"));
    press(&mut harness, "Play mode");
    assert!(!shows(&harness, "Count solutions"));
    press(&mut harness, "Solver (shows solutions)");
    assert!(shows(&harness, "Count solutions"));
    press(&mut harness, "View");
    assert!(shows(&harness, "Count solutions"));
}

#[test]
fn a_solved_puzzle_shows_its_time_and_the_best_survives_a_restart() {
    let puzzle = goishi::format::load_bytes("unique", UNIQUE_PUZZLE.as_bytes())
        .expect("the unique puzzle")
        .puzzle;
    let control = Control::new();
    let solution = match goishi::solve(&puzzle, &control) {
        Outcome::Done(Some(order)) => order,
        other => panic!("no solution: {other:?}"),
    };
    let mut harness = app_harness(goishi_settings(Some(&puzzle)));
    harness.step();
    press(&mut harness, "Play mode");
    assert!(!shows(&harness, "Time 0:"));
    click_goishi_point(&mut harness, solution[0]);
    assert!(
        shows(&harness, "Time 0:0"),
        "the clock runs from the first pick"
    );
    for &stone in &solution[1..] {
        click_goishi_point(&mut harness, stone);
    }
    assert!(shows(&harness, "Solved in 0:0"));
    let state = save_to_scratch(&mut harness, "best-time");
    save(&mut harness);
    let mut reopened = reopen(&state);
    reopened.step();
    reopened.get_by_label_contains("Shelf: ").click();
    reopened.step();
    reopened.step();
    assert!(shows(&reopened, "solved (best 0:0"));
    drop((harness, reopened));
    remove_scratch(&state);
}

#[test]
fn the_window_title_names_what_is_on_show() {
    let mut harness = app_harness(knight_settings(8, 8, Algorithm::ALL[0]));
    harness.step();
    assert_eq!(harness.state().title, "gridtour — Knight's tour, 8x8 open");
    press(&mut harness, "Goishi Hiroi");
    assert_eq!(
        harness.state().title,
        "gridtour — Goishi Hiroi, cross-unique.txt"
    );
}

#[test]
fn the_window_icon_decodes() {
    let icon = eframe::icon_data::from_png_bytes(super::platform::WINDOW_ICON).expect("a PNG");
    assert_eq!((icon.width, icon.height), (256, 256));
}

/// Every text the window's widgets carry: labels and values.
fn texts_on_show(harness: &Harness<'_, GridtourApp>) -> Vec<String> {
    use egui_kittest::kittest::NodeT;
    harness
        .root()
        .children_recursive()
        .flat_map(|node| {
            let node = node.accesskit_node();
            [node.label(), node.value()]
        })
        .flatten()
        .map(|text| text.to_string())
        .filter(|text| {
            let egui_own = EGUI_OWN.contains(&text.as_str()) || text.starts_with("Resize window ");
            !text.trim().is_empty() && !egui_own
        })
        .collect()
}

/// The names egui itself gives a panel's drag handle and a window's
/// buttons (and its edges, "Resize window ..."), read only by screen
/// readers.
const EGUI_OWN: [&str; 4] = ["Resize panel", "Hide", "Show", "Close window"];

/// The English words in `text`: runs of two or more Latin letters, after
/// taking out what stays the same in every language (file names, URLs,
/// the program's name, key caps, file formats, the licence's name).
fn english_words(text: &str) -> Vec<String> {
    const KEPT: &[&str] = &[
        "gridtour",
        "English",
        "Ctrl",
        "Shift",
        "Esc",
        "Home",
        "End",
        "Cmd",
        "URL",
        "JSON",
        "SVG",
        "PNG",
        "GIF",
        "PDF",
        "OEIS",
        "fps",
        "pzprv",
        "zenity",
        "xdg",
        "desktop",
        "portal",
        "docs",
        "GUIDE",
        "ALGORITHMS",
        "md",
        "knight",
        "CPU",
    ];
    let licence = env!("CARGO_PKG_LICENSE");
    text.replace(licence, " ")
        .split_whitespace()
        .filter(|token| {
            let is_name = [".txt", ".json", ".svg", ".png", ".gif", ".pzprv3", ".md"]
                .iter()
                .any(|extension| token.contains(extension));
            let is_site = ["://", "puzz.link", "pzv.jp"]
                .iter()
                .any(|site| token.contains(site));
            !is_name && !is_site
        })
        .flat_map(|token| {
            token
                .split(|c: char| !c.is_ascii_alphabetic())
                .filter(|word| word.len() >= 2 && !KEPT.contains(word))
                .map(str::to_owned)
                .collect::<Vec<_>>()
        })
        .collect()
}

/// The window in Japanese, as on a system whose language is Japanese.
fn japanese_harness(settings: Settings) -> Harness<'static, GridtourApp> {
    Harness::builder()
        .with_size(vec2(1100.0, 760.0))
        .build_ui_state(
            |ui, app: &mut GridtourApp| app.show(ui),
            GridtourApp::new(settings).with_system_language(Language::Japanese),
        )
}

#[test]
fn in_japanese_no_english_word_is_left_in_either_mode_or_the_help() {
    let mut settings_to_walk = Vec::new();
    for interaction in [
        super::modes::knight::command::Interaction::Tour,
        super::modes::knight::command::Interaction::Edit,
        super::modes::knight::command::Interaction::Play,
        super::modes::knight::command::Interaction::Watch,
    ] {
        let mut settings = knight_settings(6, 6, Algorithm::ALL[0]);
        settings.modes.knight.interaction = interaction;
        settings_to_walk.push(settings);
    }
    for interaction in [
        GoishiInteraction::View,
        GoishiInteraction::Edit,
        GoishiInteraction::Play,
    ] {
        let mut settings = goishi_settings(None);
        settings.modes.goishi.interaction = Some(interaction);
        settings_to_walk.push(settings);
    }
    settings_to_walk.push(numbers_settings(None));
    let mut seen = 0;
    for settings in settings_to_walk {
        let first_run = Settings {
            first_run: true,
            ..settings
        };
        let mut harness = japanese_harness(first_run);
        harness.step();
        harness.key_press(Key::F1);
        harness.run();
        let mut texts = texts_on_show(&harness);
        for page in ["キー操作", "このソフトについて"] {
            press(&mut harness, page);
            texts.extend(texts_on_show(&harness));
        }
        assert!(
            texts.iter().any(|text| text.contains("ナイトツアー")),
            "{texts:?}"
        );
        for text in &texts {
            let english = english_words(text);
            assert!(english.is_empty(), "{english:?} in {text:?}");
        }
        seen += texts.len();
    }
    assert!(seen > 300, "only {seen} texts were read");
}

#[test]
fn in_japanese_watching_a_search_speaks_japanese_too() {
    let mut settings = knight_settings(5, 5, Algorithm::Backtrack);
    settings.modes.knight.interaction = super::modes::knight::command::Interaction::Watch;
    settings.view.watch_speed = 30.0;
    let mut harness = japanese_harness(settings);
    harness.step();
    let board = harness.state().panes.knight.session.board().clone();
    click_knight_square(&mut harness, board.parse_square("a1").expect("a1"));
    step_until(&mut harness, |harness| {
        watched(harness).is_some_and(|(steps, _)| steps >= 3)
    });
    press(&mut harness, "探索を一時停止");
    harness.get_by_label("探索を比較").click_accesskit();
    step_until(&mut harness, |harness| {
        let shown = lanes_shown(harness);
        !shown.is_empty() && shown.iter().all(|&steps| steps >= 3)
    });
    harness.state_mut().settings.view.watch_speed = *super::watch::WATCH_SPEEDS.end();
    // Each lane says how its search ended once the job has said so.
    step_until(&mut harness, |harness| {
        shows(harness, "ステップ 26,471 で最初のツアー。")
    });
    assert!(shows(&harness, "どの探索も終わりました"));
    let texts = texts_on_show(&harness);
    assert!(
        texts.iter().any(|text| text.contains("ステップ")),
        "{texts:?}"
    );
    for text in &texts {
        let english = english_words(text);
        assert!(english.is_empty(), "{english:?} in {text:?}");
    }
}

#[test]
fn in_japanese_every_command_speaks_from_the_japanese_file() {
    use super::command::{Command, Step};
    use super::modes::goishi::command::GoishiCommand;
    use super::modes::knight::command::KnightCommand;
    use super::session::{Common, WatchStep};
    let mut commands: Vec<AppCommand> = AppCommand::KEYED.to_vec();
    commands.extend([
        AppCommand::Show(Mode::Knight),
        AppCommand::Show(Mode::Goishi),
        AppCommand::Pause,
        AppCommand::Resume,
    ]);
    let common = Step::ALL
        .map(Common::Step)
        .into_iter()
        .chain([
            Common::Seek(1),
            Common::PreviousFound,
            Common::NextFound,
            Common::Answer(true),
            Common::Answer(false),
        ])
        .chain(
            [
                WatchStep::Pause,
                WatchStep::Resume,
                WatchStep::Back,
                WatchStep::Forward,
                WatchStep::Close,
            ]
            .map(Common::Watch),
        );
    for common in common {
        commands.push(AppCommand::Mode(ModeCommand::Knight(
            KnightCommand::Common(common),
        )));
        commands.push(AppCommand::Mode(ModeCommand::Goishi(
            GoishiCommand::Common(common),
        )));
    }
    commands.extend([AppCommand::CloseAnyway, AppCommand::KeepWorking]);
    commands.extend(
        [
            KnightCommand::ClearBlocked,
            KnightCommand::NewWalk,
            KnightCommand::CopyLink,
            KnightCommand::CountTours,
            KnightCommand::EstimateTours,
            KnightCommand::CompareSearches,
        ]
        .map(|own| AppCommand::Mode(ModeCommand::Knight(own))),
    );
    commands.extend(
        [
            GoishiCommand::Solve,
            GoishiCommand::Watch,
            GoishiCommand::CountSolutions,
            GoishiCommand::IsUnique,
            GoishiCommand::Hint,
            GoishiCommand::Check,
            GoishiCommand::Rate,
            GoishiCommand::Generate(Request {
                width: 6,
                height: 6,
                stones: 10,
                seed: 1,
                difficulty: None,
            }),
            GoishiCommand::CopyUrl,
            GoishiCommand::Restart,
            GoishiCommand::Resize {
                width: 6,
                height: 6,
            },
            GoishiCommand::NewBoard {
                width: 6,
                height: 6,
            },
            GoishiCommand::LoadUrl(String::new()),
        ]
        .map(|own| AppCommand::Mode(ModeCommand::Goishi(own))),
    );
    commands.extend(
        [
            NumbersCommand::Hint,
            NumbersCommand::Check,
            NumbersCommand::Restart,
            NumbersCommand::Generate(NumbersRequest {
                board: Board::new(6, 6).expect("a board"),
                kind: TourKind::Open,
                level: Some(gridtour::numbers::Level::Easy),
                seed: 1,
            }),
        ]
        .map(|own| AppCommand::Mode(ModeCommand::Numbers(own))),
    );
    for command in &commands {
        i18n::set(Language::English);
        let english = (command.label(), command.description(), command.hint());
        i18n::set(Language::Japanese);
        let japanese = (command.label(), command.description(), command.hint());
        i18n::set(Language::English);
        for (english, japanese) in [
            (english.0, japanese.0),
            (english.1, japanese.1),
            (english.2.as_str(), japanese.2.as_str()),
        ] {
            assert!(!english.is_empty(), "{command:?} has words");
            assert!(
                japanese != english && !japanese.is_ascii(),
                "{command:?}: {japanese:?}"
            );
            assert!(english_words(japanese).is_empty(), "{japanese:?}");
        }
    }
}

#[test]
fn the_language_chosen_in_the_window_is_used_at_once_and_remembered() {
    let mut harness = app_harness(knight_settings(6, 6, Algorithm::ALL[0]));
    harness.step();
    assert!(shows(&harness, "Count tours"));
    harness.get_by_label("Language").click();
    harness.run();
    harness.get_by_label("日本語").click();
    // New fonts take a few frames to settle.
    harness.run_steps(8);
    assert!(shows(&harness, "ツアーを数える"));
    assert!(!shows(&harness, "Count tours"));
    let state = save_to_scratch(&mut harness, "language");
    save(&mut harness);
    let mut again = reopen(&state);
    assert_eq!(again.state().settings.language, Some(Language::Japanese));
    again.step();
    assert!(shows(&again, "ツアーを数える"), "a system in English");
    drop((harness, again));
    remove_scratch(&state);
}

#[test]
fn japanese_knight_mode_snapshot() {
    let mut harness = japanese_harness(knight_settings(6, 6, Algorithm::ALL[0]));
    harness.run();
    harness.snapshot("knight_mode_japanese");
}

#[test]
fn japanese_goishi_mode_snapshot() {
    let mut harness = japanese_harness(goishi_settings(None));
    harness.run();
    harness.snapshot("goishi_mode_japanese");
}

/// The steps the shown mode's watch has applied, and its path.
fn watched(harness: &Harness<'_, GridtourApp>) -> Option<(u64, Vec<(u32, u32)>)> {
    let replay = watch_on_show(harness)?.replay();
    Some((replay.counters().steps, replay.path().to_vec()))
}

/// The watch of the mode on show, if it watches a search.
fn watch_on_show<'h>(harness: &'h Harness<'_, GridtourApp>) -> Option<&'h super::watch::Watch> {
    let app = harness.state();
    match app.settings.mode {
        Mode::Knight => app.panes.knight.session.core().watch.as_ref(),
        Mode::Goishi => app.panes.goishi.session.core().watch.as_ref(),
        Mode::Numbers => app.panes.numbers.session.core().watch.as_ref(),
    }
}

/// Presses `next` (the watch's Next, its landmark a pruning), waits for
/// the watch of the mode on show to stop at the pruning, and returns it.
fn run_to_next_pruning(
    harness: &mut Harness<'_, GridtourApp>,
    next: &str,
) -> Option<gridtour::replay::Event> {
    let last = |harness: &Harness<'_, GridtourApp>| {
        watch_on_show(harness).and_then(|watch| watch.replay().last())
    };
    press(harness, next);
    step_until(harness, |harness| {
        matches!(last(harness), Some(gridtour::replay::Event::Prune { .. }))
    });
    harness.step();
    last(harness)
}

/// Steps frames until `done` says so.
fn step_until(
    harness: &mut Harness<'_, GridtourApp>,
    done: impl Fn(&Harness<'_, GridtourApp>) -> bool,
) {
    let deadline = Instant::now() + PATIENCE;
    while !done(harness) {
        assert!(Instant::now() < deadline, "the watch did not get there");
        harness.step();
        std::thread::sleep(Duration::from_millis(2));
    }
}

#[test]
fn watch_mode_steps_forward_and_back_and_its_counters_follow() {
    let mut settings = knight_settings(5, 5, Algorithm::Backtrack);
    settings.view.watch_speed = 30.0;
    let mut harness = app_harness(settings);
    harness.step();
    let board_left = harness.get_by_label("Board").rect().left();
    press(&mut harness, "Watch a search");
    assert!(shows(&harness, "Click a square to watch"));
    let board = harness.state().panes.knight.session.board().clone();
    click_knight_square(&mut harness, board.parse_square("a1").expect("a1"));
    step_until(&mut harness, |harness| {
        watched(harness).is_some_and(|(steps, _)| steps >= 3)
    });
    let places = |harness: &Harness<'_, GridtourApp>| {
        ["Step back", "Step forward", "Stop watching"]
            .map(|label| harness.get_by_label(label).rect())
    };
    let running = places(&harness);
    // The panel keeps its width: its rows wrap instead of widening it.
    assert_eq!(harness.get_by_label("Board").rect().left(), board_left);
    assert!(running.iter().all(|place| place.right() <= board_left));
    press(&mut harness, "Pause search");
    // Go on takes the place of Pause search: nothing after it moves.
    assert_eq!(places(&harness), running);
    let (steps, path) = watched(&harness).expect("watching");
    assert!(
        ["Goes to", "Gives", "Dead end"]
            .iter()
            .any(|words| shows(&harness, words)),
        "the last step in words"
    );
    assert!(shows(&harness, "Steps"));
    harness.run();
    // The status bar counts what the panel counts.
    let (shown, _) = watched(&harness).expect("watching");
    assert!(
        shows(&harness, &format!(": step {shown} "))
            || shows(&harness, &format!(": step {shown} of")),
        "the status bar speaks of step {shown}"
    );
    assert!(!shows(&harness, "nodes"), "no second counter");
    press(&mut harness, "Step back");
    let (back, back_path) = watched(&harness).expect("watching");
    assert_eq!(back, steps - 1);
    assert!(back_path.len() + 1 >= path.len());
    press(&mut harness, "Step forward");
    assert_eq!(watched(&harness).expect("watching"), (steps, path));
    harness.state_mut().settings.view.watch_speed = *super::watch::WATCH_SPEEDS.end();
    press(&mut harness, "Go on");
    step_until(&mut harness, |harness| shows(harness, "The search is over"));
    let (_, path) = watched(&harness).expect("watching");
    let squares: Vec<Square> = path.iter().map(|&(x, y)| Square::new(x, y)).collect();
    knight::validate(&board, &squares, TourKind::Open).expect("the watched path is a tour");
    assert!(shows(&harness, "Found a solution"));
    press(&mut harness, "Stop watching");
    assert!(watched(&harness).is_none());
}

/// The steps each lane of the comparison on show shows.
fn lanes_shown(harness: &Harness<'_, GridtourApp>) -> Vec<u64> {
    let core = harness.state().panes.knight.session.core();
    core.lanes
        .as_ref()
        .map_or_else(Vec::new, super::watch::Lanes::steps_shown)
}

#[test]
fn compared_searches_run_side_by_side_to_their_first_tours() {
    let mut settings = knight_settings(5, 5, Algorithm::Backtrack);
    settings.modes.knight.interaction = super::modes::knight::command::Interaction::Watch;
    settings.view.watch_speed = 20.0;
    let mut harness = app_harness(settings);
    harness.step();
    assert!(shows(
        &harness,
        "Click a square to choose where the compared searches start."
    ));
    let board = harness.state().panes.knight.session.board().clone();
    click_knight_square(&mut harness, board.parse_square("a1").expect("a1"));
    assert!(shows(&harness, "Compare from a1:"));
    // The watch from a1 puts its controls above the button first.
    step_until(&mut harness, |harness| watched(harness).is_some());
    harness.step();
    // Below the panel's fold, as a person would scroll to it.
    harness.get_by_label("Compare searches").click_accesskit();
    step_until(&mut harness, |harness| {
        let shown = lanes_shown(harness);
        !shown.is_empty() && shown.iter().all(|&steps| steps >= 3)
    });
    harness.step();
    // Three boards, each under its search's name.
    assert_eq!(harness.query_all_by_label("Board").count(), 3);
    for name in [
        "Warnsdorff's rule",
        "Backtracking",
        "Plain depth-first search",
    ] {
        assert!(shows(&harness, name), "{name}");
    }
    assert!(shows(&harness, "The searches run side by side"));
    press(&mut harness, "Pause search");
    let paused = lanes_shown(&harness);
    let over = |harness: &Harness<'_, GridtourApp>| -> Vec<bool> {
        let core = harness.state().panes.knight.session.core();
        let lanes = core.lanes.as_ref().expect("lanes");
        lanes
            .watches()
            .iter()
            .map(|watch| watch.is_over())
            .collect()
    };
    // One pace: every lane still going shows the furthest lane's step.
    let furthest = paused.iter().copied().max().unwrap_or(0);
    let ended = over(&harness);
    for (steps, ended) in paused.iter().zip(&ended) {
        assert!(*ended || *steps == furthest, "{paused:?} {ended:?}");
    }
    assert_eq!(harness.query_all_by_label("Steps").count(), 3);
    assert!(shows(&harness, &gridtour::english::group_digits(furthest)));
    assert!(shows(&harness, "Search tree: "));
    press(&mut harness, "Step forward");
    let forward: Vec<u64> = paused
        .iter()
        .zip(&ended)
        .map(|(&steps, &ended)| if ended { steps } else { steps + 1 })
        .collect();
    assert_eq!(lanes_shown(&harness), forward);
    harness.state_mut().settings.view.watch_speed = *super::watch::WATCH_SPEEDS.end();
    press(&mut harness, "Go on");
    // Plain search's first tour is the one it finds watched alone; each
    // lane says how its search ended once the job has said so.
    step_until(&mut harness, |harness| {
        shows(harness, "First tour at step 26,471.")
    });
    assert!(shows(&harness, "Every search has ended."));
    assert_eq!(lanes_shown(&harness)[2], 26_471);
    let core = harness.state().panes.knight.session.core();
    for watch in core.lanes.as_ref().expect("lanes").watches() {
        let squares: Vec<Square> = watch
            .replay()
            .path()
            .iter()
            .map(|&(x, y)| Square::new(x, y))
            .collect();
        knight::validate(&board, &squares, TourKind::Open).expect("each lane ends on a tour");
    }
    press(&mut harness, "Stop watching");
    assert_eq!(harness.query_all_by_label("Board").count(), 1);
}

#[test]
fn compared_tours_built_from_tiles_say_so() {
    let mut settings = knight_settings(100, 100, Algorithm::Warnsdorff);
    settings.modes.knight.interaction = super::modes::knight::command::Interaction::Watch;
    settings.modes.knight.compare = vec!["warnsdorff".to_owned(), "backtrack".to_owned()];
    let mut harness = app_harness(settings);
    harness.step();
    let board = harness.state().panes.knight.session.board().clone();
    click_knight_square(&mut harness, board.parse_square("a1").expect("a1"));
    step_until(&mut harness, |harness| shows(harness, "built from tiles"));
    harness.get_by_label("Compare searches").click_accesskit();
    step_until(&mut harness, |harness| {
        harness
            .query_all_by_label(
                "This board's tour is built from tiles, not searched: there are no steps to watch.",
            )
            .count()
            == 2
    });
    assert!(!shows(&harness, "First tour at step 0"));
}

#[test]
fn a_pruning_hatches_the_squares_its_rule_speaks_of() {
    use super::modes::knight::command::Interaction;
    use gridtour::replay::{Event, Landmark, Rule};
    for (language, words) in [
        (Language::English, "Hatched: a1, the start."),
        (Language::Japanese, "斜線：出発点 a1。"),
    ] {
        let mut settings = knight_settings(6, 6, Algorithm::Backtrack);
        settings.modes.knight.interaction = Interaction::Watch;
        settings.modes.knight.closed = true;
        settings.view.watch_speed = 1.0;
        settings.view.watch_landmark = Landmark::Prune;
        settings.language = Some(language);
        let mut harness = app_harness(settings);
        harness.step();
        let board = harness.state().panes.knight.session.board().clone();
        click_knight_square(&mut harness, board.parse_square("a1").expect("a1"));
        step_until(&mut harness, |harness| watched(harness).is_some());
        let next = match language {
            Language::English => "Next",
            Language::Japanese => "次へ",
        };
        // Closed 6 x 6 from a1: the first pruning is the closing rule's,
        // at step 9 with the knight on c2.
        assert_eq!(
            run_to_next_pruning(&mut harness, next),
            Some(Event::Prune {
                at: (2, 4),
                rule: Rule::Closing
            })
        );
        assert!(shows(&harness, words), "{language:?}");
    }
}

#[test]
fn a_stranded_pick_search_rings_the_stones_it_speaks_of() {
    use gridtour::replay::{Event, Landmark, Rule};
    let puzzle = goishi::format::load_bytes("test", UNIQUE_PUZZLE.as_bytes())
        .expect("puzzle")
        .puzzle;
    let mut settings = goishi_settings(Some(&puzzle));
    settings.view.watch_speed = 1.0;
    settings.view.watch_landmark = Landmark::Prune;
    let mut harness = app_harness(settings);
    harness.step();
    press(&mut harness, "Watch the search");
    step_until(&mut harness, |harness| watched(harness).is_some());
    // Its first pruning, at step 6, is by the "stranded" rule.
    let pruning = run_to_next_pruning(&mut harness, "Next");
    let Some(Event::Prune {
        rule: Rule::Stranded,
        ..
    }) = pruning
    else {
        panic!("{pruning:?}");
    };
    let (_, path) = watched(&harness).expect("watching");
    let picked: Vec<Point> = path.iter().map(|&(x, y)| Point::new(x, y)).collect();
    let named = goishi::stranded_stones(&puzzle, &picked);
    assert!(!named.is_empty());
    let names: Vec<String> = named.iter().map(ToString::to_string).collect();
    assert!(
        shows(&harness, &format!("Ringed in red: {}.", names.join(", "))),
        "{names:?}"
    );
}

#[test]
fn watching_the_goishi_search_ends_on_a_valid_order() {
    let puzzle = goishi::format::load_bytes("test", UNIQUE_PUZZLE.as_bytes())
        .expect("puzzle")
        .puzzle;
    let mut settings = goishi_settings(Some(&puzzle));
    settings.view.watch_speed = *super::watch::WATCH_SPEEDS.end();
    let mut harness = app_harness(settings);
    harness.step();
    press(&mut harness, "Watch the search");
    step_until(&mut harness, |harness| shows(harness, "The search is over"));
    let (steps, path) = watched(&harness).expect("watching");
    let order: Vec<Point> = path.iter().map(|&(x, y)| Point::new(x, y)).collect();
    goishi::validate(&puzzle, &order).expect("the watched order solves the puzzle");
    assert!(steps > order.len() as u64);
    press(&mut harness, "Step back");
    assert_eq!(watched(&harness).expect("watching").0, steps - 1);
    // The last stone picked has none in line; the one before it has the
    // last, next in the search's order.
    let last = order[order.len() - 1];
    assert!(shows(
        &harness,
        &format!("No stone left is in line with {last}.")
    ));
    press(&mut harness, "Step back");
    let before = order[order.len() - 2];
    assert!(shows(
        &harness,
        &format!("Stones in line with {before} in the search's order")
    ));
    assert!(shows(&harness, &format!("{last} (0) next")));
}

#[test]
fn a_damaged_state_file_is_said_kept_aside_and_dismissed() {
    let folder = temp_dir("damaged-state");
    let _ = std::fs::remove_dir_all(&folder);
    std::fs::create_dir_all(&folder).expect("a folder");
    let path = folder.join("state.json");
    std::fs::write(
        &path,
        b"{\"mode\":\"Goishi\",\"view\":{\"moves_per_second\":\"x\"}}",
    )
    .expect("written");
    let mut file = StateFile::at(&path);
    let (settings, trouble) = Settings::open(&mut file, None);
    assert_eq!(settings.mode, Mode::Goishi, "what reads is kept");
    assert!(matches!(trouble, Some(Trouble::PartlyRead { .. })));
    let mut harness = harness_of(GridtourApp::new(settings).saving_to(file, trouble));
    harness.step();
    assert!(shows(&harness, "One value in the saved state"));
    assert!(shows(&harness, "The file as it was is kept as"));
    harness.get_by_label("Got it").click();
    harness.step();
    harness.step();
    assert!(!shows(&harness, "One value in the saved state"));
    let _ = std::fs::remove_dir_all(&folder);
}

#[test]
fn a_state_that_cannot_be_saved_is_said_until_a_save_works() {
    let mut harness = app_harness(goishi_settings(None));
    let path = save_to_scratch(&mut harness, "unsaved");
    // A folder where the file should go: no save can replace it.
    std::fs::create_dir_all(&path).expect("a folder in the way");
    save(&mut harness);
    harness.step();
    assert!(shows(&harness, "could not be saved"));
    std::fs::remove_dir(&path).expect("the folder removed");
    // Something to save.
    press(&mut harness, "Edit stones");
    save(&mut harness);
    harness.step();
    assert!(!shows(&harness, "could not be saved"));
    assert!(path.is_file());
    drop(harness);
    remove_scratch(&path);
}

#[test]
fn a_window_saving_after_another_shows_and_keeps_the_others_best_time() {
    let mut first = app_harness(goishi_settings(None));
    let path = save_to_scratch(&mut first, "two-windows");
    save(&mut first);
    let mut second = reopen(&path);
    second.step();
    // The first window's player solves a puzzle; it saves.
    let mut first_settings = first.state().settings.clone();
    let url = first_settings.modes.goishi.shelf[0].url.clone();
    first_settings.modes.goishi.shelf[0].solved = true;
    first_settings.modes.goishi.shelf[0].best_seconds = Some(75.0);
    first
        .state_mut()
        .panes
        .goishi
        .session
        .adopt_shelf(&first_settings.modes.goishi.shelf);
    save(&mut first);
    // The second window, which never saw that solve, saves after it.
    press(&mut second, "Edit stones");
    save(&mut second);
    let shelf = second.state().panes.goishi.session.shelf();
    assert_eq!(
        shelf.get(&url).and_then(|record| record.best_seconds),
        Some(75.0)
    );
    let (on_disk, _) = Settings::open(&mut StateFile::at(&path), None);
    let record = on_disk
        .modes
        .goishi
        .shelf
        .iter()
        .find(|record| record.url == url);
    assert_eq!(record.and_then(|record| record.best_seconds), Some(75.0));
    remove_scratch(&path);
}

#[test]
fn a_window_saving_after_another_keeps_and_shows_the_game_the_other_plays() {
    // Windows A and B open the same state, which an earlier version
    // wrote with little in it; A plays the knight's tour puzzle, B goes
    // to the knight board.
    let folder = temp_dir("two-games");
    let _ = std::fs::remove_dir_all(&folder);
    std::fs::create_dir_all(&folder).expect("a folder");
    let path = folder.join("state.json");
    std::fs::write(&path, b"{\"mode\":\"Numbers\"}").expect("written");
    let mut a = reopen(&path);
    let mut b = reopen(&path);
    a.step();
    b.step();
    save(&mut a);
    save(&mut b);
    let square = a
        .state()
        .panes
        .numbers
        .session
        .board()
        .open_squares()
        .nth(2)
        .expect("a square");
    let _ = a
        .state_mut()
        .panes
        .numbers
        .session
        .apply(NumbersCommand::Click(square));
    assert!(
        a.state()
            .panes
            .numbers
            .session
            .play()
            .number(square)
            .is_some()
    );
    save(&mut a);
    // B saves while it still shows the puzzle, and keeps its own there;
    // then it changes its own board and saves again.
    save(&mut b);
    press(&mut b, "Knight's tour");
    click_knight_square(&mut b, Square { x: 0, y: 0 });
    wait_until_idle(&mut b);
    save(&mut b);
    let (on_disk, _) = Settings::open(&mut StateFile::at(&path), None);
    let board = a.state().panes.numbers.session.board().clone();
    assert_ne!(
        on_disk.modes.numbers.laid[board.index(square)],
        0,
        "A's move kept"
    );
    assert!(!on_disk.modes.knight.walk.is_empty(), "B's walk kept");
    // B, which left its puzzle alone, now shows A's game.
    let shown = b.state().panes.numbers.session.play().number(square);
    assert!(shown.is_some(), "B shows A's move");
    drop((a, b));
    remove_scratch(&path);
}

#[test]
fn a_window_saves_on_its_own_whether_or_not_eframe_can() {
    let mut harness = app_harness(goishi_settings(None));
    let path = save_to_scratch(&mut harness, "own-schedule");
    // The save is due: no call from eframe's storage is needed.
    harness.state_mut().next_save = Instant::now();
    let deadline = Instant::now() + PATIENCE;
    while !path.is_file() {
        assert!(Instant::now() < deadline, "never saved");
        harness.step();
        std::thread::sleep(Duration::from_millis(10));
    }
    drop(harness);
    remove_scratch(&path);
}

#[test]
fn a_save_behind_another_windows_turn_leaves_the_window_drawing_and_says_so() {
    let mut harness = app_harness(goishi_settings(None));
    let path = save_to_scratch(&mut harness, "held-turn");
    std::fs::create_dir_all(path.parent().expect("a folder")).expect("the folder");
    let lock = std::fs::OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .open(path.with_file_name(".state.json.lock"))
        .expect("the lock file");
    lock.lock().expect("the lock");
    harness.state_mut().next_save = Instant::now();
    let began = Instant::now();
    let mut frames = 0;
    while !shows(&harness, "Saving waits") {
        assert!(began.elapsed() < PATIENCE, "never said it waits");
        harness.step();
        frames += 1;
        std::thread::sleep(Duration::from_millis(10));
    }
    assert!(frames > 5, "{frames} frames");
    assert!(!path.exists(), "nothing written while the turn is held");
    drop(lock);
    while shows(&harness, "Saving waits") || !path.is_file() {
        assert!(began.elapsed() < PATIENCE, "never saved");
        harness.step();
        std::thread::sleep(Duration::from_millis(10));
    }
    drop(harness);
    remove_scratch(&path);
}

#[test]
fn a_count_ruled_out_by_theory_gives_its_reason_once() {
    let mut harness = app_harness(knight_settings(4, 4, Algorithm::ALL[0]));
    harness.step();
    // A search first: its answer gives the reason too.
    click_knight_square(&mut harness, Square { x: 0, y: 0 });
    wait_until_idle(&mut harness);
    press(&mut harness, "Count tours");
    wait_until_idle(&mut harness);
    let said: Vec<String> = harness
        .query_all_by_label_contains("4x4")
        .map(|node| format!("{node:?}"))
        .collect();
    assert_eq!(said.len(), 1, "the reason is said once: {said:#?}");
}

/// Sets the knight board's width through its field, as a person types it.
fn type_knight_width(harness: &mut Harness<'_, GridtourApp>, width: u32) {
    harness.get_by_label("Width").click();
    harness.run();
    harness.key_press_modifiers(Modifiers::COMMAND, Key::A);
    harness.get_by_label("Width").type_text(&width.to_string());
    harness.key_press(Key::Enter);
    harness.run();
}

/// A window on a `side` x `side` knight board whose tours have been
/// counted, and the count's words.
fn counted_board(side: u32) -> (Harness<'static, GridtourApp>, String) {
    let mut harness = app_harness(knight_settings(side, side, Algorithm::ALL[0]));
    harness.step();
    press(&mut harness, "Count tours");
    wait_until_idle(&mut harness);
    let count = harness
        .state()
        .panes
        .knight
        .session
        .count()
        .expect("a count");
    (harness, count)
}

#[test]
fn a_count_goes_when_the_board_it_counted_changes() {
    let (mut harness, count) = counted_board(6);
    assert!(shows(&harness, &count), "{count}");
    type_knight_width(&mut harness, 5);
    assert_eq!(harness.state().panes.knight.session.board().width(), 5);
    assert_eq!(harness.state().panes.knight.session.count(), None);
    assert!(!shows(&harness, &count), "the 6x6 count is gone");
}

#[test]
fn switching_to_japanese_rewords_the_count_on_show() {
    let (mut harness, english) = counted_board(5);
    assert!(english.contains("864"), "{english}");
    harness.get_by_label("Language").click();
    harness.run();
    harness.get_by_label("日本語").click();
    harness.run_steps(8);
    i18n::set(Language::Japanese);
    let japanese = harness
        .state()
        .panes
        .knight
        .session
        .count()
        .expect("a count");
    i18n::set(Language::English);
    assert_ne!(japanese, english);
    assert!(
        japanese.contains("864") && !japanese.is_ascii(),
        "{japanese}"
    );
    assert!(shows(&harness, &japanese), "{japanese}");
    assert!(!shows(&harness, &english));
}

/// Asks the window to close, as its close button does.
fn request_close(harness: &mut Harness<'_, GridtourApp>) {
    harness
        .input_mut()
        .viewports
        .entry(egui::ViewportId::ROOT)
        .or_default()
        .events
        .push(egui::ViewportEvent::Close);
    harness.step();
}

/// Whether the last frame asked the window to `close` (or, if false, to
/// stay open).
fn sent_close(harness: &Harness<'_, GridtourApp>, close: bool) -> bool {
    let wanted = if close {
        egui::ViewportCommand::Close
    } else {
        egui::ViewportCommand::CancelClose
    };
    harness.output().viewport_output[&egui::ViewportId::ROOT]
        .commands
        .contains(&wanted)
}

#[test]
fn closing_during_a_long_count_asks_first() {
    let app = GridtourApp::new(knight_settings(8, 8, Algorithm::Backtrack))
        .asking_before_closing_after(Duration::ZERO);
    let mut harness = harness_of(app);
    harness.step();
    press(&mut harness, "Count tours");
    harness.step();
    assert!(harness.state().jobs.current().is_some(), "counting");
    request_close(&mut harness);
    assert!(sent_close(&harness, false), "the window stays open");
    harness.run_steps(2);
    assert!(shows(&harness, "closing the window stops it"));
    press(&mut harness, "Keep working");
    assert!(harness.state().jobs.current().is_some(), "still counting");
    assert!(!shows(&harness, "closing the window stops it"));
    request_close(&mut harness);
    harness.run_steps(2);
    harness.get_by_label("Close anyway").click();
    harness.step();
    assert!(sent_close(&harness, true), "closed when asked again");
    request_close(&mut harness);
    assert!(!sent_close(&harness, false), "and closing goes through");
}

#[test]
fn switching_to_japanese_rewords_the_notice_on_show() {
    let mut harness = app_harness(knight_settings(6, 6, Algorithm::ALL[0]));
    press(&mut harness, "Copy link");
    let english = notice(&harness).expect("told").0;
    assert!(
        english.starts_with("Copied a link to the board"),
        "{english}"
    );
    harness.get_by_label("Language").click();
    harness.run();
    harness.get_by_label("日本語").click();
    harness.run_steps(8);
    i18n::set(Language::Japanese);
    let japanese = notice(&harness).expect("still on show").0;
    i18n::set(Language::English);
    assert!(
        japanese.starts_with("盤へのリンクをコピーしました"),
        "{japanese}"
    );
    assert!(shows(&harness, &japanese), "{japanese}");
    assert!(!shows(&harness, &english));
}

#[test]
fn a_knight_s_tour_puzzle_is_played_to_the_end_by_clicks() {
    let text = include_str!("../../assets/numbers/minimal-5x5-open.txt");
    let puzzle = gridtour::numbers::format::parse("5x5", text)
        .expect("shipped")
        .puzzle;
    let solution = match gridtour::numbers::solve(&puzzle, &Control::new()) {
        Outcome::Done(Some(solution)) => solution,
        _ => panic!("the shipped puzzle has a solution"),
    };
    let mut harness = app_harness(numbers_settings(Some(text)));
    harness.step();
    assert!(shows(&harness, "A click lays 1."));
    let board = puzzle.board().clone();
    let mut order: Vec<Square> = board.open_squares().collect();
    order.sort_by_key(|&square| solution[board.index(square)]);
    // A click on an empty square lays the smallest number missing, so the
    // solution's squares in order fill the board as the solution does.
    for square in order {
        if puzzle.given(square).is_none() {
            click_numbers_square(&mut harness, square);
        }
    }
    let play = harness.state().panes.numbers.session.play().clone();
    assert!(gridtour::numbers::is_solution(&puzzle, play.numbers()));
    assert!(
        shows(&harness, "Solved in 0:0"),
        "{:?}",
        texts_on_show(&harness)
    );
    // Undo takes the last number back, redo lays it again.
    harness.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    harness.step();
    assert!(!harness.state().panes.numbers.session.play().is_solved());
    harness.key_press_modifiers(Modifiers::COMMAND, Key::Y);
    harness.step();
    assert!(harness.state().panes.numbers.session.play().is_solved());
    // The solve and its time are on the shelf of the next run, beside the
    // shipped puzzles; a click there opens one.
    let state = save_to_scratch(&mut harness, "numbers-best-time");
    save(&mut harness);
    let mut reopened = reopen(&state);
    reopened.step();
    reopened.get_by_label_contains("Shelf: ").click();
    reopened.step();
    reopened.step();
    assert!(
        shows(&reopened, "5 x 5, 3 givens, solved (best 0:0"),
        "{:?}",
        texts_on_show(&reopened)
    );
    // An example's line does not repeat the level its name gives.
    assert!(shows(&reopened, "6 x 6, 12 givens"));
    assert!(!shows(&reopened, "6 x 6, 12 givens, easy"));
    reopened.get_by_label("6x6 open, easy").click();
    reopened.step();
    reopened.step();
    let opened = reopened
        .state()
        .panes
        .numbers
        .session
        .play()
        .puzzle()
        .clone();
    assert_eq!(opened.givens().len(), 12);
    drop((harness, reopened));
    remove_scratch(&state);
}

/// The window on the article's puzzle, drawn, and its board.
fn article_window() -> (Harness<'static, GridtourApp>, Board) {
    let mut harness = app_harness(numbers_settings(None));
    harness.step();
    let board = harness.state().panes.numbers.session.board().clone();
    (harness, board)
}

/// Types `number` in the puzzle mode's Number to lay field.
fn type_number(harness: &mut Harness<'_, GridtourApp>, number: &str) {
    harness.get_by_label("Number to lay").click();
    harness.step();
    harness.get_by_label("Number to lay").type_text(number);
    harness.step();
}

/// A number typed, then a click, lays that number there, over the one
/// laid before; the field empties, and the next click lays the smallest
/// number missing again.
#[test]
fn a_typed_number_goes_where_the_next_click_is() {
    let (mut harness, board) = article_window();
    let square = |name: &str| board.parse_square(name).expect("a square");
    type_number(&mut harness, "9");
    assert!(
        shows(&harness, "A click lays 9."),
        "{:?}",
        texts_on_show(&harness)
    );
    click_numbers_square(&mut harness, square("d4"));
    let play = harness.state().panes.numbers.session.play().clone();
    assert_eq!(play.number(square("d4")), Some(9));
    assert!(
        shows(&harness, "A click lays 2."),
        "{:?}",
        texts_on_show(&harness)
    );
    // Typed over a laid number, it takes its place; undo brings it back.
    type_number(&mut harness, "4");
    click_numbers_square(&mut harness, square("d4"));
    let number = |harness: &Harness<'_, GridtourApp>| {
        harness
            .state()
            .panes
            .numbers
            .session
            .play()
            .number(square("d4"))
    };
    assert_eq!(number(&harness), Some(4));
    harness.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    harness.step();
    assert_eq!(number(&harness), Some(9));
    // A number past the last is refused in words.
    type_number(&mut harness, "99");
    click_numbers_square(&mut harness, square("c2"));
    assert_eq!(
        harness
            .state()
            .panes
            .numbers
            .session
            .play()
            .number(square("c2")),
        None
    );
    assert!(
        shows(&harness, "99 is not one of the numbers 1 to 14"),
        "{:?}",
        texts_on_show(&harness)
    );
}

/// With Pencil ticked, clicks mark the number to lay on squares instead
/// of laying it, square after square, and the board draws the marks.
#[test]
fn pencil_marks_go_on_the_squares_clicked() {
    let (mut harness, board) = article_window();
    let square = |name: &str| board.parse_square(name).expect("a square");
    harness.get_by_label("Pencil").click();
    harness.step();
    type_number(&mut harness, "7");
    assert!(
        shows(&harness, "A click marks 7 in pencil."),
        "{:?}",
        texts_on_show(&harness)
    );
    click_numbers_square(&mut harness, square("d4"));
    click_numbers_square(&mut harness, square("c2"));
    let session = &harness.state().panes.numbers.session;
    assert_eq!(session.marks(square("d4")), [7]);
    assert_eq!(session.marks(square("c2")), [7]);
    assert_eq!(session.play().number(square("d4")), None, "nothing laid");
}

#[test]
fn a_number_laid_against_the_rules_is_named_and_check_and_hint_answer() {
    let (mut harness, board) = article_window();
    let square = |name: &str| board.parse_square(name).expect("a square");
    // 1 stands on b5 of the article's board: 2 on d4, then 3 on a3,
    // which is no knight's move from d4.
    click_numbers_square(&mut harness, square("d4"));
    click_numbers_square(&mut harness, square("a3"));
    assert!(
        shows(&harness, "2 on d4 and 3 on a3 cannot be joined"),
        "{:?}",
        texts_on_show(&harness)
    );
    harness.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    harness.step();
    assert!(!shows(&harness, "cannot be joined"));
    press(&mut harness, "Check");
    wait_until_idle(&mut harness);
    assert!(shows(&harness, "this can still be finished"));
    press(&mut harness, "Hint");
    wait_until_idle(&mut harness);
    assert!(
        shows(&harness, "Hint: 3 goes on"),
        "{:?}",
        texts_on_show(&harness)
    );
}

#[test]
fn generate_makes_a_unique_puzzle_of_the_size_and_kind_chosen() {
    let mut settings = numbers_settings(None);
    settings.modes.numbers.width = 5;
    settings.modes.numbers.height = 6;
    settings.modes.numbers.level = "hard".to_owned();
    let mut harness = app_harness(settings);
    harness.step();
    press(&mut harness, "Generate");
    wait_until_idle(&mut harness);
    let puzzle = harness
        .state()
        .panes
        .numbers
        .session
        .play()
        .puzzle()
        .clone();
    assert_eq!((puzzle.board().width(), puzzle.board().height()), (5, 6));
    assert_eq!(
        gridtour::numbers::count(&puzzle, Some(2), &Control::new()),
        Outcome::Done(1)
    );
    assert!(
        shows(&harness, "5x6 open, hard, seed 1"),
        "{:?}",
        texts_on_show(&harness)
    );
    // Switching to Japanese rewords what is on show.
    harness.get_by_label("Language").click();
    harness.run();
    harness.get_by_label("日本語").click();
    harness.run_steps(8);
    assert!(shows(&harness, "解が 1 つの問題を生成しました"));
}

#[test]
fn a_knight_s_tour_puzzle_file_opens_in_its_mode_and_hints_from_its_solution() {
    let mut harness = app_harness(knight_settings(6, 6, Algorithm::ALL[0]));
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/numbers/medium-8x8-closed.json");
    open_file(&mut harness, &path);
    assert_eq!(harness.state().settings.mode, Mode::Numbers);
    let session = &harness.state().panes.numbers.session;
    assert_eq!(session.board().width(), 8);
    assert!(session.source().ends_with("medium-8x8-closed.json"));
    // The file carries its solution: a hint needs no search, so no job
    // ran, not even one ended by now.
    press(&mut harness, "Hint");
    wait_until_idle(&mut harness);
    assert!(
        harness
            .state()
            .panes
            .numbers
            .session
            .core()
            .last_job
            .is_none()
    );
    assert!(shows(&harness, "Hint: "), "{:?}", texts_on_show(&harness));
}

#[test]
fn a_pasted_puzzle_link_opens_in_the_puzzle_mode() {
    let puzzle = gridtour::numbers::format::load_path(
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("assets/numbers/minimal-6x6-open.txt")
            .as_path(),
    )
    .expect("shipped")
    .puzzle;
    let link = gridtour::numbers::link::to_link(&puzzle);
    let mut harness = app_harness(knight_settings(6, 6, Algorithm::ALL[0]));
    harness.step();
    harness.event(Event::Paste(link));
    wait_until_idle(&mut harness);
    assert_eq!(harness.state().settings.mode, Mode::Numbers);
    assert_eq!(
        harness.state().panes.numbers.session.play().puzzle(),
        &puzzle
    );
}

/// Frame cost of the whole window (build, layout and tessellation): the
/// knight mode on 8x8 and 20x20 with a tour found from a1 on show. Run in
/// release:
/// `cargo test --release --bin gridtour -- --ignored a_whole_window_frame --nocapture`
#[test]
#[ignore = "timing; run in release mode"]
fn a_whole_window_frame() {
    for side in [8, 20] {
        let mut harness = app_harness(knight_settings(side, side, Algorithm::ALL[0]));
        harness.step();
        click_knight_square(&mut harness, Square::new(0, 0));
        wait_until_idle(&mut harness);
        let mut times: Vec<Duration> = (0..300)
            .map(|_| {
                let began = Instant::now();
                harness.step();
                let output = harness.output();
                let (shapes, scale) = (output.shapes.clone(), output.pixels_per_point);
                assert!(!harness.ctx.tessellate(shapes, scale).is_empty());
                began.elapsed()
            })
            .collect();
        times.sort();
        println!(
            "{side}x{side}, a tour on show: median frame {:?}",
            times[times.len() / 2]
        );
    }
}

/// The links under the boards of a sheet, in order.
fn sheet_links(pdf: &[u8]) -> Vec<String> {
    String::from_utf8_lossy(pdf)
        .split("/URI(")
        .skip(1)
        .filter_map(|rest| rest.split_once(')').map(|(link, _)| link.to_owned()))
        .collect()
}

/// The pages of a PDF gridtour wrote.
fn sheet_pages(pdf: &[u8]) -> usize {
    let text = String::from_utf8_lossy(pdf);
    text.matches("/Type/Page").count() - text.matches("/Type/Pages").count()
}

/// Presses Print… and waits out the frame a new window is measured in.
fn open_print_dialog(harness: &mut Harness<'_, GridtourApp>) {
    press(harness, "Print…");
    harness.step();
}

#[test]
fn print_makes_a_sheet_of_new_puzzles_like_generate_with_their_solutions() {
    let mut settings = goishi_settings(None);
    settings.modes.goishi.generate_stones = 8;
    let mut harness = app_harness(settings);
    open_print_dialog(&mut harness);
    assert!(shows(&harness, "The puzzle on show"));
    assert!(shows(&harness, "Solutions on pages after the puzzles"));
    press(&mut harness, "New puzzles:");
    let dir = temp_dir("print");
    let path = dir.join("sheet.pdf");
    harness.state_mut().make_sheet_to(Some(path.clone()));
    assert!(harness.state().print.is_making());
    wait_until_idle(&mut harness);
    assert!(!harness.state().print.is_making());
    let said = notice(&harness).expect("a notice");
    assert_eq!(said, (format!("Saved {}", path.display()), false));
    let pdf = std::fs::read(&path).expect("the sheet");
    // Twelve puzzles, three across and four down, then their solutions.
    assert_eq!(sheet_pages(&pdf), 2);
    let links = sheet_links(&pdf);
    assert_eq!(links.len(), 12);
    // The size Generate would make, as its controls show it.
    let goishi = &harness.state().settings.modes.goishi;
    let size = (goishi.width, goishi.height, 8);
    for (index, link) in links.iter().enumerate() {
        let puzzle = goishi::format::parse_url(link).expect("a puzz.link URL");
        assert_eq!(
            (puzzle.width(), puzzle.height(), puzzle.stones().len()),
            size
        );
        assert!(!links[..index].contains(link), "{link} twice");
    }
    // The dialog went with its sheet written.
    harness.step();
    assert!(!shows(&harness, "The puzzle on show"));
    // The puzzle on show, alone on a page.
    open_print_dialog(&mut harness);
    press(&mut harness, "The puzzle on show");
    harness.state_mut().make_sheet_to(Some(path.clone()));
    wait_until_idle(&mut harness);
    let pdf = std::fs::read(&path).expect("the sheet");
    assert_eq!(sheet_pages(&pdf), 2);
    let shown = harness.state().shown().subject().expect("a puzzle").0;
    let Subject::Goishi { puzzle, .. } = shown else {
        panic!("a Goishi puzzle")
    };
    assert_eq!(sheet_links(&pdf), [goishi::format::to_url(&puzzle)]);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn print_makes_no_new_puzzles_that_generate_would_not() {
    let mut settings = numbers_settings(None);
    let numbers = &mut settings.modes.numbers;
    // Hard on 12 x 12: Generate makes medium puzzles there, and says so.
    (numbers.width, numbers.height, numbers.level) = (12, 12, "hard".to_owned());
    let mut harness = app_harness(settings.clone());
    harness.step();
    assert!(shows(
        &harness,
        "hard is for boards of at most 100 squares: Generate makes medium puzzles here."
    ));
    {
        use egui_kittest::kittest::NodeT;
        let generate = harness.get_by_label("Generate");
        assert!(!generate.accesskit_node().is_disabled(), "Generate offered");
    }
    // The holey form only goes to 42 squares: 7 x 7 has none to print.
    let numbers = &mut settings.modes.numbers;
    (numbers.width, numbers.height, numbers.holes) = (7, 7, true);
    let mut harness = app_harness(settings);
    open_print_dialog(&mut harness);
    assert!(shows(&harness, "Generate cannot make new puzzles"));
    {
        use egui_kittest::kittest::NodeT;
        let radio = harness.get_by_label("New puzzles:");
        assert!(
            radio.accesskit_node().is_disabled(),
            "New puzzles is greyed"
        );
    }
    // A Save dialog answered with no file leaves the dialog as it was,
    // ready to print.
    harness.state_mut().make_sheet_to(None);
    wait_until_idle(&mut harness);
    assert!(!harness.state().print.is_making());
    assert!(shows(&harness, "Save PDF…"));
    // The puzzle on show still prints.
    let dir = temp_dir("print-not-offered");
    let path = dir.join("sheet.pdf");
    harness.state_mut().make_sheet_to(Some(path.clone()));
    wait_until_idle(&mut harness);
    let pdf = std::fs::read(&path).expect("the sheet");
    assert_eq!(sheet_links(&pdf).len(), 1);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_print_dialog_shows_only_in_the_mode_that_opened_it() {
    let mut harness = app_harness(goishi_settings(None));
    open_print_dialog(&mut harness);
    assert!(shows(&harness, "The puzzle on show"));
    harness.state_mut().settings.mode = Mode::Knight;
    harness.step();
    harness.step();
    assert!(
        !shows(&harness, "The puzzle on show"),
        "not over the knight's controls"
    );
    harness.state_mut().settings.mode = Mode::Goishi;
    harness.step();
    harness.step();
    assert!(shows(&harness, "The puzzle on show"), "back with its mode");
}

#[test]
fn print_in_the_knight_mode_says_where_tours_print() {
    let mut harness = app_harness(knight_settings(5, 5, Algorithm::Warnsdorff));
    open_print_dialog(&mut harness);
    assert!(shows(
        &harness,
        "The knight's tour mode has no puzzles to print"
    ));
    assert!(!shows(&harness, "Save PDF…"));
}

/// The steps (from 1) of the dead ends of plain DFS on 5x5 from a1, as
/// the engine reports them, up to the `count`th.
fn dfs_dead_end_steps(count: usize) -> Vec<u64> {
    let board = Board::new(5, 5).expect("a board");
    let start = board.parse_square("a1").expect("a1");
    let events = first_events(&board, (start, Algorithm::Dfs), 1_000);
    let steps: Vec<u64> = (1..)
        .zip(events)
        .filter(|(_, event)| matches!(event, gridtour::replay::Event::DeadEnd(_)))
        .map(|(step, _)| step)
        .take(count)
        .collect();
    assert_eq!(steps.len(), count, "dead ends in the first thousand steps");
    steps
}

#[test]
fn a_watched_search_jumps_to_the_next_dead_end_and_back() {
    let dead_ends = dfs_dead_end_steps(3);
    for language in [Language::English, Language::Japanese] {
        let mut settings = knight_settings(5, 5, Algorithm::Dfs);
        // So slow that only a jump gets anywhere.
        settings.view.watch_speed = 1.0;
        settings.language = Some(language);
        let mut harness = app_harness(settings);
        harness.step();
        let [
            watch,
            next,
            previous,
            waits,
            code_line,
            moves_from,
            tried,
            next_move,
            no_moves,
        ] = match language {
            Language::English => [
                "Watch a search",
                "Next",
                "Previous",
                "The search waits",
                "no move left to try: a dead end",
                "Moves from ",
                ") tried",
                ") next",
                "No free square is a move from",
            ],
            Language::Japanese => [
                "探索を観察",
                "次へ",
                "前へ",
                "探索は一時停止中",
                "試す手が残っていない：行き止まり",
                "からの手（",
                "）試した",
                "）次",
                "から一手で行ける空いたマスはありません",
            ],
        };
        press(&mut harness, watch);
        let board = harness.state().panes.knight.session.board().clone();
        click_knight_square(&mut harness, board.parse_square("a1").expect("a1"));
        let at = |harness: &Harness<'_, GridtourApp>| watched(harness).map(|(steps, _)| steps);
        step_until(&mut harness, |harness| at(harness).is_some());
        for &dead_end in &dead_ends {
            press(&mut harness, next);
            step_until(&mut harness, |harness| at(harness) == Some(dead_end));
            harness.step();
            assert_eq!(at(&harness), Some(dead_end), "{language:?}: it waits there");
            assert!(shows(&harness, waits));
            assert!(shows(&harness, code_line), "the code beside the board");
            // At a dead end every move from the square has been tried, if
            // it has any.
            let moves = texts_on_show(&harness)
                .into_iter()
                .find(|text| text.contains(moves_from) || text.contains(no_moves))
                .expect("the moves from the square");
            assert!(!moves.contains(next_move), "{moves}");
            assert!(moves.contains(tried) || moves.contains(no_moves), "{moves}");
        }
        press(&mut harness, previous);
        assert_eq!(at(&harness), Some(dead_ends[1]));
        press(&mut harness, previous);
        press(&mut harness, previous);
        assert_eq!(at(&harness), Some(dead_ends[0]), "none before the first");
    }
}

/// A window watching plain DFS from a1 on 5 x 5 at a step a second,
/// its view as `view` leaves it.
fn watching_dfs_from_a1(
    view: impl FnOnce(&mut super::settings::ViewSettings),
) -> Harness<'static, GridtourApp> {
    let mut settings = knight_settings(5, 5, Algorithm::Dfs);
    settings.view.watch_speed = 1.0;
    view(&mut settings.view);
    let mut harness = app_harness(settings);
    harness.step();
    press(&mut harness, "Watch a search");
    let board = harness.state().panes.knight.session.board().clone();
    click_knight_square(&mut harness, board.parse_square("a1").expect("a1"));
    step_until(&mut harness, |harness| watched(harness).is_some());
    harness
}

#[test]
fn the_jump_menu_offers_only_what_the_search_meets() {
    // Chosen while watching another search: plain DFS never prunes.
    let mut harness =
        watching_dfs_from_a1(|view| view.watch_landmark = gridtour::replay::Landmark::Prune);
    assert!(shows(&harness, "dead end"), "the first kind DFS meets");
    assert!(!shows(&harness, "pruning"));
    // Each counter says what it counts when pointed at.
    harness.get_by_label("Dead ends").hover();
    for _ in 0..5 {
        harness.step();
    }
    assert!(shows(
        &harness,
        "Times the path came to a square with no move left"
    ));
    harness.get_by_label("Jump to a").click();
    for _ in 0..5 {
        harness.step();
    }
    assert!(shows(&harness, "backtrack") && shows(&harness, "solution"));
    assert!(!shows(&harness, "pruning") && !shows(&harness, "restart"));
    // The kind chosen for the other search stays for it.
    assert_eq!(
        harness.state().settings.view.watch_landmark,
        gridtour::replay::Landmark::Prune
    );
}

#[test]
fn the_search_tree_shows_the_branch_and_goes_back_to_a_move() {
    let dead_ends = dfs_dead_end_steps(1);
    let mut harness = watching_dfs_from_a1(|_| {});
    let board = harness.state().panes.knight.session.board().clone();
    let at = |harness: &Harness<'_, GridtourApp>| watched(harness).map(|(steps, _)| steps);
    press(&mut harness, "Next");
    step_until(&mut harness, |harness| at(harness) == Some(dead_ends[0]));
    // Below the fold of the panel: clicked through accessibility.
    harness.get_by_label("Search tree").click_accesskit();
    // The section opens over a few frames.
    for _ in 0..20 {
        harness.step();
    }
    let (_, path) = watched(&harness).expect("watching");
    // The first and last five depths of the branch are buttons, those
    // between fold away; the third goes back to the step that moved
    // there, the third of the whole search.
    assert!(path.len() > 10);
    assert!(shows(
        &harness,
        &format!("{} levels between", path.len() - 10)
    ));
    for &(x, y) in path[..5].iter().chain(&path[path.len() - 5..]) {
        let name = board.square_name(Square::new(x, y));
        // Also a move still to come at a shallower depth, perhaps.
        assert!(
            harness
                .query_all_by_role_and_label(Role::Button, &name)
                .next()
                .is_some()
        );
    }
    // A move still to come, near the knight, runs forward to its step as
    // the engine's own trace has it.
    let start = board.parse_square("a1").expect("a1");
    let events = first_events(&board, (start, Algorithm::Dfs), 2_000);
    let squares: Vec<Square> = path.iter().map(|&(x, y)| Square::new(x, y)).collect();
    let (depth, later, expected) = (path.len() - 5..path.len())
        .rev()
        .find_map(|depth| {
            let order =
                knight::search_order(Algorithm::Dfs, &board, &squares[..depth], TourKind::Open)?;
            let here = order
                .iter()
                .position(|&(square, _)| square == squares[depth])?;
            let &(later, _) = order.get(here + 1)?;
            let mut replay = gridtour::replay::Replay::new(1);
            let taken = gridtour::replay::Event::Take((later.x, later.y));
            (1..).zip(&events).find_map(|(step, &event)| {
                replay.apply(event);
                (step > dead_ends[0] && event == taken && replay.path().len() == depth + 1)
                    .then_some((depth, later, step))
            })
        })
        .expect("a move still to come near the knight");
    let on = |harness: &Harness<'_, GridtourApp>| {
        harness
            .query_all_by_role_and_label(Role::Button, &board.square_name(later))
            .count()
    };
    assert!(on(&harness) > 0, "depth {depth}");
    harness
        .query_all_by_role_and_label(Role::Button, &board.square_name(later))
        .last()
        .expect("the move")
        .click_accesskit();
    step_until(&mut harness, |harness| at(harness) == Some(expected));
    harness.step();
    assert_eq!(at(&harness), Some(expected), "it waits there");
    // The first depths of the branch are as they were: its third move
    // goes back to the third step of the search.
    let third = board.square_name(Square::new(path[2].0, path[2].1));
    harness
        .get_by_role_and_label(Role::Button, &third)
        .click_accesskit();
    harness.step();
    harness.step();
    assert_eq!(watched(&harness), Some((3, path[..3].to_vec())));
    assert!(shows(&harness, "1 tried, 0 given up, 0 dead ends"));
}

#[test]
fn window_system_errors_lose_the_places_in_sources_they_quote() {
    assert_eq!(
        super::platform::without_source_places(
            "winit EventLoopError: os error at /home/u/.cargo/winit-0.30.13/src/platform_impl/linux/mod.rs:788"
        ),
        "winit EventLoopError: os error"
    );
    assert_eq!(
        super::platform::without_source_places("os error at src/x.rs:12: no display at all"),
        "os error: no display at all"
    );
}

#[test]
fn a_failed_generate_error_goes_with_the_next_attempt() {
    let mut settings = goishi_settings(None);
    settings.modes.goishi.generate_stones = 40;
    let mut harness = app_harness(settings);
    harness.step();
    press(&mut harness, "Generate");
    assert!(shows(&harness, "Cannot generate"));
    harness.state_mut().settings.modes.goishi.generate_stones = 8;
    press(&mut harness, "Generate");
    wait_until_idle(&mut harness);
    harness.step();
    assert!(!shows(&harness, "Cannot generate"));
    assert!(notice(&harness).is_none_or(|(_, error)| !error));
}

#[test]
fn a_viewer_launcher_that_fails_at_once_is_said() {
    use std::process::Command;
    let failed = super::platform::launch(Command::new("false")).expect_err("a failure");
    assert!(
        failed.contains("false found no program to open it"),
        "{failed}"
    );
    assert!(failed.contains("status 1"), "{failed}");
    assert_eq!(super::platform::launch(Command::new("true")), Ok(()));
    let missing =
        super::platform::launch(Command::new("no-such-viewer-here")).expect_err("missing");
    assert!(missing.contains("not installed"), "{missing}");
}

/// Cancel (Esc) on a count that saves its progress keeps what it did,
/// offered to be taken up; a change of board gives it up.
#[test]
fn a_cancelled_count_keeps_its_progress_to_be_taken_up() {
    let folder = std::env::temp_dir().join(format!("gridtour-kept-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&folder);
    let resources = Resources::default().with_keep_dir(folder.clone());
    let app =
        GridtourApp::new(knight_settings(8, 8, Algorithm::Backtrack)).with_resources(resources);
    let mut harness = harness_of(app);
    harness.step();
    press(&mut harness, "Count tours");
    until_sweeping(&mut harness);
    harness.key_press(egui::Key::Escape);
    wait_until_idle(&mut harness);
    assert_eq!(
        knight_last_job(&harness).how.words(),
        "cancelled, its progress kept to be taken up"
    );
    assert!(shows(&harness, "was stopped, and what it had done is kept"));
    let kept: Vec<_> = std::fs::read_dir(&folder).unwrap().flatten().collect();
    assert!(
        kept.iter()
            .any(|entry| entry.file_name().to_string_lossy().ends_with(".sweep")),
        "{kept:?}"
    );
    // Taken up, the same count runs again; forgotten, its file goes.
    press(&mut harness, "Take up the count");
    until_sweeping(&mut harness);
    press(&mut harness, "Cancel");
    wait_until_idle(&mut harness);
    press(&mut harness, "Forget it");
    let deadline = Instant::now() + PATIENCE;
    while std::fs::read_dir(&folder)
        .unwrap()
        .flatten()
        .any(|entry| entry.file_name().to_string_lossy().ends_with(".sweep"))
    {
        assert!(
            Instant::now() < deadline,
            "the forgotten count's file stays"
        );
        std::thread::sleep(Duration::from_millis(20));
        harness.step();
    }
    let _ = std::fs::remove_dir_all(&folder);
}

/// Steps the window until its count reports a square of the sweep.
fn until_sweeping(harness: &mut Harness<'_, GridtourApp>) {
    let deadline = Instant::now() + PATIENCE;
    loop {
        assert!(Instant::now() < deadline, "no square of the sweep reported");
        std::thread::sleep(Duration::from_millis(10));
        harness.step();
        let sweeping = harness.state().jobs.current().is_some_and(|(_, progress)| {
            matches!(
                progress.detail::<Phase>(),
                Some(Phase::FrontierSweep { .. })
            )
        });
        if sweeping {
            return;
        }
    }
}

/// Squares a few pixels wide cannot be aimed at: a click zooms in where it
/// was, and a click on the square then seen starts the tour from it.
#[test]
fn a_click_on_squares_too_small_to_pick_zooms_in_on_them() {
    let mut harness = app_harness(knight_settings(300, 300, Algorithm::Warnsdorff));
    harness.step();
    let cell = |harness: &Harness<'_, GridtourApp>| {
        let view = &harness.state().panes.knight.ui.view;
        view.geometry().expect("the board was drawn").cell
    };
    assert!(cell(&harness) < 4.0, "{}", cell(&harness));
    let a1 = Square { x: 0, y: 0 };
    click_knight_square(&mut harness, a1);
    harness.step();
    assert!(
        harness.state().jobs.current().is_none(),
        "a tour from a guess"
    );
    assert!(harness.state().panes.knight.session.tour().is_none());
    assert!(cell(&harness) >= 15.0, "{}", cell(&harness));
    click_knight_square(&mut harness, a1);
    wait_until_idle(&mut harness);
    assert_eq!(shown_tour(&harness).path.first(), Some(&a1));
}
