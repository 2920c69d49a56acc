//! The window driven end to end with egui_kittest: real clicks on the real
//! widgets, background jobs and file threads included. Every tour or order
//! the window ends up showing is checked with the engines' validators.
//!
//! The snapshot tests render with wgpu; run them headless with
//! `WGPU_BACKEND=gl cargo test --bin gridtour`.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use eframe::egui::{self, Event, Key, Modifiers, PointerButton, Pos2, vec2};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use gridtour::goishi::{self, Point, Puzzle};
use gridtour::job::{Control, Outcome};
use gridtour::knight::{self, Algorithm, Board, SolveResult, Square, Tour, TourKind};

use super::GridtourApp;
use super::canvas::{Layer, PathIndex, Scene, View};
use super::files::{self, ExportFormat};
use super::goishi_panel::Interaction;
use super::settings::{Mode, Settings};

/// The puzzle of the pzprjs test suite: 6 x 7 points, 11 stones, exactly one
/// solution.
const UNIQUE_PUZZLE: &str =
    "\"      \"\n\"  OO  \"\n\" O O  \"\n\" O O  \"\n\" OOOO \"\n\"   O  \"\n\"      \"\n";

/// How long a test waits for background work before failing.
const PATIENCE: Duration = Duration::from_secs(30);

fn app_harness(settings: Settings) -> Harness<'static, GridtourApp> {
    Harness::builder()
        .with_size(vec2(1100.0, 760.0))
        .build_ui_state(
            |ui, app: &mut GridtourApp| app.show(ui),
            GridtourApp::new(settings),
        )
}

fn knight_settings(width: u32, height: u32, algorithm: Algorithm) -> Settings {
    Settings {
        mode: Mode::Knight,
        knight_width: width,
        knight_height: height,
        knight_algorithm: algorithm.label().to_owned(),
        ..Settings::default()
    }
}

/// A knight board of `width` x `height` with clicks blocking squares.
fn knight_board_in_edit_mode(width: u32, height: u32) -> Harness<'static, GridtourApp> {
    let mut harness = app_harness(knight_settings(width, height, Algorithm::ALL[0]));
    harness.step();
    harness.get_by_label("Edit blocked squares").click();
    harness.step();
    harness
}

/// Goishi mode showing `puzzle`, or the first run's example for `None`.
fn goishi_settings(puzzle: Option<&Puzzle>) -> Settings {
    Settings {
        mode: Mode::Goishi,
        goishi_puzzle: puzzle.map(goishi::format::to_url),
        ..Settings::default()
    }
}

/// Steps frames until no job and no file operation is left.
fn wait_until_idle(harness: &mut Harness<'_, GridtourApp>) {
    let deadline = Instant::now() + PATIENCE;
    loop {
        harness.step();
        let app = harness.state();
        if !app.jobs.is_running() && !app.files.is_busy() {
            break;
        }
        assert!(Instant::now() < deadline, "background work did not finish");
        std::thread::sleep(Duration::from_millis(5));
    }
    harness.step();
}

/// A primary click at a screen position, one frame per event.
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
}

fn click_knight_square(harness: &mut Harness<'_, GridtourApp>, square: Square) {
    let geometry = harness
        .state()
        .knight
        .view
        .geometry()
        .expect("the board was drawn");
    click_at(harness, geometry.cell_center((square.x, square.y)));
}

fn click_goishi_point(harness: &mut Harness<'_, GridtourApp>, point: Point) {
    let geometry = harness
        .state()
        .goishi
        .view
        .geometry()
        .expect("the board was drawn");
    click_at(harness, geometry.cell_center((point.x, point.y)));
}

fn shown_tour(harness: &Harness<'_, GridtourApp>) -> Tour {
    harness.state().knight.tour().cloned().unwrap_or_else(|| {
        panic!(
            "no tour shown; message: {:?}",
            harness.state().knight.message()
        )
    })
}

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("gridtour-app-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temporary directory");
    dir
}

fn open_goishi(harness: &mut Harness<'_, GridtourApp>, path: &Path) {
    let ctx = harness.ctx.clone();
    harness
        .state_mut()
        .files
        .open_path(&ctx, path.to_path_buf());
    wait_until_idle(harness);
}

fn unique_puzzle_file(dir: &Path) -> PathBuf {
    let path = dir.join("unique.txt");
    std::fs::write(&path, UNIQUE_PUZZLE).expect("puzzle file");
    path
}

#[test]
fn clicking_a_square_starts_a_tour_from_exactly_that_square() {
    let mut harness = app_harness(knight_settings(6, 6, Algorithm::ALL[0]));
    harness.step();
    let start = Square { x: 2, y: 3 };
    click_knight_square(&mut harness, start);
    assert!(harness.state().jobs.is_running() || harness.state().knight.tour().is_some());
    wait_until_idle(&mut harness);
    // The tour plays from its first move; End shows all of it.
    assert!(harness.state().knight.animation.is_playing());
    harness.key_press(Key::End);
    harness.step();
    let tour = shown_tour(&harness);
    assert_eq!(tour.path.first(), Some(&start));
    assert_eq!(tour.path.len(), 36);
    knight::validate(&tour.board, &tour.path, TourKind::Open).expect("valid tour");
    assert_eq!(harness.state().knight.animation.shown(), 36);
}

#[test]
fn blocking_a_square_in_edit_mode_changes_the_next_tour() {
    let mut harness = app_harness(knight_settings(6, 6, Algorithm::Backtrack));
    harness.step();
    // (5,5) and (0,0) share a colour, so with (5,5) blocked an open tour
    // must start on the other colour: (1,0).
    let start = Square { x: 1, y: 0 };
    let blocked = Square { x: 5, y: 5 };
    click_knight_square(&mut harness, start);
    wait_until_idle(&mut harness);
    let before = shown_tour(&harness);
    assert!(before.path.contains(&blocked));

    harness.get_by_label("Edit blocked squares").click();
    harness.step();
    click_knight_square(&mut harness, blocked);
    assert!(harness.state().knight.board().is_blocked(blocked));
    assert!(
        harness.state().knight.tour().is_none(),
        "editing drops the old tour"
    );
    harness.get_by_label("Edit blocked squares").click();
    harness.step();

    click_knight_square(&mut harness, start);
    wait_until_idle(&mut harness);
    let after = shown_tour(&harness);
    assert_eq!(after.path.len(), 35);
    assert!(!after.path.contains(&blocked));
    assert!(after.board.is_blocked(blocked));
    knight::validate(&after.board, &after.path, TourKind::Open).expect("valid tour");
}

#[test]
fn blocking_edits_are_undone_one_action_at_a_time() {
    let mut harness = knight_board_in_edit_mode(6, 6);
    let (first, second) = (Square { x: 1, y: 1 }, Square { x: 4, y: 2 });
    click_knight_square(&mut harness, first);
    click_knight_square(&mut harness, second);
    harness.get_by_label("Clear blocked squares").click();
    harness.step();
    let blocked =
        |harness: &Harness<'_, GridtourApp>| harness.state().knight.board().blocked_squares();
    assert!(blocked(&harness).is_empty());

    // Ctrl+Z brings back both squares the clear removed.
    harness.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    harness.step();
    assert_eq!(blocked(&harness), vec![first, second]);
    harness.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    harness.step();
    assert_eq!(blocked(&harness), vec![first]);
    harness.get_by_label("Undo edit").click();
    harness.step();
    assert!(blocked(&harness).is_empty());
    // Nothing left to undo.
    harness.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    harness.step();
    assert!(blocked(&harness).is_empty());
}

#[test]
fn a_board_without_tours_gets_the_reason_instead_of_a_search() {
    let mut settings = knight_settings(5, 5, Algorithm::Backtrack);
    settings.knight_closed = true;
    let mut harness = app_harness(settings);
    harness.step();
    click_knight_square(&mut harness, Square { x: 0, y: 0 });
    wait_until_idle(&mut harness);
    assert!(harness.state().knight.tour().is_none());
    let message = harness
        .state()
        .knight
        .message()
        .unwrap_or_default()
        .to_owned();
    assert!(message.starts_with("No tour: "), "{message}");
    let expected = knight::impossibility(
        harness.state().knight.board(),
        Some(Square { x: 0, y: 0 }),
        TourKind::Closed,
    )
    .expect("a 5x5 board has no closed tour");
    assert!(message.ends_with(&expected), "{message}");
}

#[test]
fn opening_a_goishi_file_shows_it_and_solve_animates_a_valid_order() {
    let dir = temp_dir("open");
    let path = unique_puzzle_file(&dir);
    let mut harness = app_harness(Settings::default());
    open_goishi(&mut harness, &path);
    let app = harness.state();
    assert_eq!(app.settings.mode, Mode::Goishi);
    let expected = files::load_goishi_file(&path)
        .expect("the puzzle loads")
        .puzzle;
    assert_eq!(app.goishi.puzzle(), &expected);
    assert_eq!((expected.width(), expected.height()), (6, 7));
    assert_eq!(expected.stones().len(), 11);

    harness.get_by_label("Solve").click();
    wait_until_idle(&mut harness);
    let animation = &harness.state().goishi.animation;
    assert!(animation.is_playing());
    let first = animation.shown();
    for _ in 0..30 {
        harness.step();
    }
    assert!(
        harness.state().goishi.animation.shown() > first,
        "the order plays"
    );
    harness.key_press(Key::End);
    harness.step();
    let app = harness.state();
    assert!(app.goishi.animation.is_complete());
    let order = app.goishi.order().expect("an order is shown").to_vec();
    assert_eq!(order.len(), 11);
    goishi::validate(&expected, &order).expect("valid order");
    std::fs::remove_dir_all(dir).ok();
}

#[test]
fn a_broken_file_shows_its_name_and_the_reason() {
    let dir = temp_dir("broken");
    let path = dir.join("broken.txt");
    std::fs::write(&path, "\"O Z\"\n").expect("file");
    let mut harness = app_harness(Settings::default());
    open_goishi(&mut harness, &path);
    let notice = harness.state().status.notice.clone().expect("a notice");
    assert!(notice.error);
    assert!(notice.text.contains("broken.txt"), "{}", notice.text);
    std::fs::remove_dir_all(dir).ok();
}

#[test]
fn play_mode_rejects_an_illegal_pick_and_undo_takes_back_the_last() {
    let dir = temp_dir("play");
    let path = unique_puzzle_file(&dir);
    let mut harness = app_harness(Settings::default());
    open_goishi(&mut harness, &path);
    harness.get_by_label("Play mode").click();
    harness.step();
    assert_eq!(harness.state().goishi.interaction, Interaction::Play);

    // The corner stone (1,4) first; from there (4,4) is blocked by (2,4).
    click_goishi_point(&mut harness, Point { x: 1, y: 4 });
    assert_eq!(
        harness.state().goishi.order(),
        Some(&[Point { x: 1, y: 4 }][..])
    );
    click_goishi_point(&mut harness, Point { x: 4, y: 4 });
    let app = harness.state();
    assert_eq!(
        app.goishi.order().map(<[Point]>::len),
        Some(1),
        "the illegal pick is refused"
    );
    let message = app.goishi.message().unwrap_or_default();
    assert!(message.starts_with("Not allowed: "), "{message}");

    harness.get_by_label("Undo").click();
    harness.step();
    assert_eq!(harness.state().goishi.order(), Some(&[][..]));
    std::fs::remove_dir_all(dir).ok();
}

#[test]
fn exports_are_read_back_by_the_engines() {
    let dir = temp_dir("export");
    let mut harness = app_harness(knight_settings(5, 5, Algorithm::ALL[0]));
    harness.step();
    click_knight_square(&mut harness, Square { x: 0, y: 0 });
    wait_until_idle(&mut harness);
    let tour = shown_tour(&harness);
    let ctx = harness.ctx.clone();
    let export = harness
        .state()
        .knight
        .export(&harness.state().settings)
        .expect("a tour to export");
    for name in ["tour.json", "tour.txt", "tour.svg", "tour.png"] {
        harness
            .state_mut()
            .files
            .save_to(&ctx, dir.join(name), export.clone());
    }
    wait_until_idle(&mut harness);
    let notice = harness.state().status.notice.clone().expect("a notice");
    assert!(!notice.error, "{}", notice.text);

    let read = Tour::from_json(&std::fs::read_to_string(dir.join("tour.json")).expect("json"))
        .expect("the engine reads its JSON back");
    assert_eq!(read.path, tour.path);
    knight::validate(&read.board, &read.path, read.kind).expect("valid tour");
    let text = std::fs::read_to_string(dir.join("tour.txt")).expect("text");
    assert_eq!(text, tour.to_text());
    let svg = std::fs::read_to_string(dir.join("tour.svg")).expect("svg");
    assert!(svg.contains("<svg"));
    let png = std::fs::read(dir.join("tour.png")).expect("png");
    assert!(png.starts_with(b"\x89PNG\r\n\x1a\n"));

    // A solved Goishi puzzle as pzprv3 and JSON.
    open_goishi(&mut harness, &unique_puzzle_file(&dir));
    harness.get_by_label("Solve").click();
    wait_until_idle(&mut harness);
    let app = harness.state();
    let puzzle = app.goishi.puzzle().clone();
    let order = app.goishi.order().expect("solved").to_vec();
    let export = app.goishi.export(&app.settings);
    for name in ["solved.pzprv3", "solved.json"] {
        harness
            .state_mut()
            .files
            .save_to(&ctx, dir.join(name), export.clone());
    }
    wait_until_idle(&mut harness);
    for name in ["solved.pzprv3", "solved.json"] {
        let loaded = files::load_goishi_file(&dir.join(name)).expect("the engine reads it back");
        assert_eq!(loaded.puzzle, puzzle, "{name}");
        assert_eq!(loaded.order.as_deref(), Some(order.as_slice()), "{name}");
        goishi::validate(&puzzle, &order).expect("valid order");
    }
    assert_eq!(
        ExportFormat::from_path(&dir.join("solved.pzprv3")),
        Ok(ExportFormat::Pzprv3)
    );
    std::fs::remove_dir_all(dir).ok();
}

#[test]
fn cancel_stops_a_long_count() {
    let mut harness = app_harness(knight_settings(8, 8, Algorithm::Backtrack));
    harness.step();
    harness.get_by_label("Count tours").click();
    harness.step();
    assert!(harness.state().jobs.is_running());
    // Progress arrives while the count runs.
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
    let ended = harness
        .state()
        .jobs
        .last_ended()
        .expect("the count ended")
        .clone();
    assert!(ended.cancelled);
    assert!(ended.label.starts_with("Counting"), "{}", ended.label);
    assert_eq!(harness.state().knight.message(), Some("Cancelled."));

    // Esc does the same.
    harness.get_by_label("Count tours").click();
    harness.step();
    assert!(harness.state().jobs.is_running());
    harness.key_press(Key::Escape);
    wait_until_idle(&mut harness);
    assert!(
        harness
            .state()
            .jobs
            .last_ended()
            .is_some_and(|ended| ended.cancelled)
    );
}

/// A fixed 8x8 tour for the snapshot: Warnsdorff from a1 (deterministic).
fn snapshot_tour() -> Tour {
    let board = Board::new(8, 8).expect("8x8");
    let start = board.parse_square("a1").expect("a1");
    match knight::solve(
        &board,
        start,
        TourKind::Closed,
        Algorithm::ALL[0],
        &Control::new(),
    ) {
        Outcome::Done(SolveResult::Found(tour)) => tour,
        other => panic!("no 8x8 closed tour: {other:?}"),
    }
}

#[test]
fn knight_board_snapshot() {
    let tour = snapshot_tour();
    let board = tour.board.clone();
    let path = PathIndex::from_squares(&board, &tour.path);
    let mut view = View::default();
    let mut harness = Harness::builder()
        .with_size(vec2(420.0, 420.0))
        .build_ui(move |ui| {
            let scene = Scene {
                layer: Layer::Knight {
                    board: &board,
                    highlight: &[],
                },
                path: Some(&path),
                shown: path.len(),
                closed: true,
                numbers: true,
                revision: 0,
            };
            view.show(ui, &scene);
        });
    harness.run();
    harness.snapshot("knight_8x8_closed_tour");
}

#[test]
fn goishi_board_snapshot() {
    let puzzle = files::load_goishi_bytes("snapshot", UNIQUE_PUZZLE.as_bytes())
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
                },
                path: Some(&path),
                shown,
                closed: false,
                numbers: true,
                revision: 0,
            };
            view.show(ui, &scene);
        });
    harness.run();
    harness.snapshot("goishi_half_picked");
}

#[test]
fn a_puzzle_edited_by_clicks_matches_the_clicks() {
    let empty = Puzzle::new(4, 3).expect("4x3");
    let mut harness = app_harness(goishi_settings(Some(&empty)));
    harness.step();
    assert_eq!(harness.state().goishi.interaction, Interaction::Edit);
    let points = [
        Point { x: 0, y: 0 },
        Point { x: 3, y: 0 },
        Point { x: 3, y: 2 },
    ];
    for point in points {
        click_goishi_point(&mut harness, point);
    }
    let mut expected = Puzzle::new(4, 3).expect("4x3");
    for point in points {
        expected.set_stone(point, true);
    }
    assert_eq!(harness.state().goishi.puzzle(), &expected);
}

/// eframe's storage, kept in memory.
#[derive(Default)]
struct MemoryStorage(std::collections::HashMap<String, String>);

impl eframe::Storage for MemoryStorage {
    fn get_string(&self, key: &str) -> Option<String> {
        self.0.get(key).cloned()
    }

    fn set_string(&mut self, key: &str, value: String) {
        self.0.insert(key.to_owned(), value);
    }

    fn remove_string(&mut self, key: &str) {
        self.0.remove(key);
    }

    fn flush(&mut self) {}
}

#[test]
fn the_first_run_shows_the_classic_goishi_example() {
    let mut harness = app_harness(goishi_settings(None));
    harness.step();
    let app = harness.state();
    assert_eq!(app.goishi.interaction, Interaction::View);
    let puzzle = app.goishi.puzzle();
    assert_eq!((puzzle.width(), puzzle.height()), (8, 7));
    assert_eq!(puzzle.stones().len(), 20);
    // The size fields show the puzzle's size, not the default.
    harness.get_by_label("Edit stones").click();
    harness.step();
    assert_eq!(harness.get_by_label("Width").value().as_deref(), Some("8"));
    assert_eq!(harness.get_by_label("Height").value().as_deref(), Some("7"));
}

#[test]
fn boards_made_by_hand_survive_closing_the_window() {
    let mut harness = knight_board_in_edit_mode(6, 5);
    let blocked = [Square { x: 1, y: 1 }, Square { x: 4, y: 3 }];
    click_knight_square(&mut harness, blocked[0]);
    harness.get_by_label("Goishi Hiroi").click();
    harness.step();
    harness.get_by_label("Edit stones").click();
    harness.step();
    harness.get_by_label("New empty board").click();
    harness.step();
    let stones = [
        Point { x: 0, y: 2 },
        Point { x: 3, y: 2 },
        Point { x: 3, y: 5 },
    ];
    click_goishi_point(&mut harness, stones[0]);
    // A periodic save half-way: what changes after it is saved too.
    let mut storage = MemoryStorage::default();
    eframe::App::save(harness.state_mut(), &mut storage);
    for point in &stones[1..] {
        click_goishi_point(&mut harness, *point);
    }
    harness.get_by_label("Knight's tour").click();
    harness.step();
    click_knight_square(&mut harness, blocked[1]);
    harness.get_by_label("Goishi Hiroi").click();
    harness.step();
    let made = harness.state().goishi.puzzle().clone();
    assert_eq!(made.stones().len(), 3);

    eframe::App::save(harness.state_mut(), &mut storage);
    let mut reopened = app_harness(Settings::load(Some(&storage as &dyn eframe::Storage)));
    reopened.step();
    let app = reopened.state();
    assert_eq!(app.settings.mode, Mode::Goishi);
    assert_eq!(app.goishi.puzzle(), &made);
    let board = app.knight.board();
    assert_eq!((board.width(), board.height()), (6, 5));
    assert_eq!(board.blocked_squares(), blocked.to_vec());
}

#[test]
fn a_pasted_url_loads_the_puzzle() {
    let mut harness = app_harness(goishi_settings(None));
    harness.step();
    harness.get_by_label("URL").focus();
    harness.step();
    harness
        .get_by_label("URL")
        .type_text("https://puzz.link/p?goishi/8/7/re0tnms1rfvg");
    harness.step();
    harness.get_by_label("Load URL").click();
    wait_until_idle(&mut harness);
    let puzzle = harness.state().goishi.puzzle();
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
        wait_until_idle(&mut harness);
        let expected = files::load_goishi_bytes(name, &std::fs::read(&path).expect("read"))
            .expect("the example parses")
            .puzzle;
        assert_eq!(harness.state().goishi.puzzle(), &expected, "{name}");
        opened += 1;
    }
    assert_eq!(opened, 7);
}

#[test]
fn a_generated_puzzle_has_the_stones_asked_for_and_one_solution() {
    // Generation makes a puzzle the size of the board on show.
    let board = Puzzle::new(6, 6).expect("6x6");
    let mut harness = app_harness(Settings {
        generate_stones: 10,
        ..goishi_settings(Some(&board))
    });
    harness.step();
    harness.get_by_label("Generate").click();
    wait_until_idle(&mut harness);
    let puzzle = harness.state().goishi.puzzle().clone();
    assert_eq!((puzzle.width(), puzzle.height()), (6, 6));
    assert_eq!(puzzle.stones().len(), 10);
    harness.get_by_label("Is it unique?").click();
    wait_until_idle(&mut harness);
    assert_eq!(
        harness.state().goishi.message(),
        Some("Unique: exactly one solution.")
    );
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
fn a_dropped_file_is_opened() {
    let dir = temp_dir("drop");
    let path = unique_puzzle_file(&dir);
    let mut harness = app_harness(Settings::default());
    harness.step();
    harness
        .input_mut()
        .dropped_files
        .push(std::sync::Arc::new(DroppedPath(path.clone())));
    wait_until_idle(&mut harness);
    let app = harness.state();
    assert_eq!(app.settings.mode, Mode::Goishi);
    let expected = files::load_goishi_file(&path).expect("puzzle").puzzle;
    assert_eq!(app.goishi.puzzle(), &expected);
    std::fs::remove_dir_all(dir).ok();
}

#[test]
fn exporting_without_a_tour_says_so() {
    let mut harness = app_harness(knight_settings(5, 5, Algorithm::ALL[0]));
    harness.step();
    harness.key_press_modifiers(Modifiers::COMMAND, Key::S);
    harness.step();
    let notice = harness.state().status.notice.clone().expect("a notice");
    assert!(notice.error);
    assert!(
        notice.text.starts_with("Nothing to export"),
        "{}",
        notice.text
    );
}

#[test]
fn counting_from_the_clicked_corner_finds_304_tours_and_they_can_be_browsed() {
    // 304 open tours from a corner of the 5x5 board (seed 003).
    let mut harness = app_harness(knight_settings(5, 5, Algorithm::Backtrack));
    harness.step();
    let corner = Square { x: 0, y: 0 };
    click_knight_square(&mut harness, corner);
    wait_until_idle(&mut harness);
    harness.get_by_label("Only tours from a5").click();
    harness.step();
    harness.get_by_label("Count tours").click();
    wait_until_idle(&mut harness);
    let message = harness
        .state()
        .knight
        .message()
        .unwrap_or_default()
        .to_owned();
    assert_eq!(message, "304 directed open tours from a5.");

    let first = shown_tour(&harness);
    harness.get_by_label("Next tour").click();
    harness.step();
    let second = shown_tour(&harness);
    assert_ne!(first.path, second.path);
    for tour in [first, second] {
        assert_eq!(tour.path.first(), Some(&corner));
        knight::validate(&tour.board, &tour.path, TourKind::Open).expect("valid tour");
    }
    assert!(harness.query_by_label("Showing tour 2 of 304").is_some());
}

/// A Warnsdorff tour over a `side` x `side` board.
fn large_tour(side: u32) -> Tour {
    let board = Board::new(side, side).expect("a board the engine accepts");
    match knight::solve(
        &board,
        Square { x: 0, y: 0 },
        TourKind::Open,
        Algorithm::Warnsdorff,
        &Control::new(),
    ) {
        Outcome::Done(SolveResult::Found(tour)) => tour,
        other => panic!("no {side}x{side} tour: {other:?}"),
    }
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
                },
                path: Some(&path),
                shown,
                closed: false,
                numbers: true,
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
        let tour = large_tour(side);
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
fn editing_the_board_while_a_count_runs_drops_the_count() {
    let mut harness = app_harness(knight_settings(8, 8, Algorithm::Backtrack));
    harness.step();
    harness.get_by_label("Count tours").click();
    harness.step();
    assert!(harness.state().jobs.is_running());
    harness.get_by_label("Edit blocked squares").click();
    harness.step();
    let blocked = Square { x: 3, y: 3 };
    click_knight_square(&mut harness, blocked);
    let app = harness.state();
    assert!(app.knight.board().is_blocked(blocked));
    assert!(
        !app.jobs.is_running(),
        "the count on the old board is dropped"
    );
    assert!(app.jobs.last_ended().is_some_and(|ended| ended.cancelled));
    // Nothing the old count still finds reaches the window.
    for _ in 0..10 {
        harness.step();
        std::thread::sleep(Duration::from_millis(10));
    }
    assert!(harness.state().knight.tour().is_none());
}

#[test]
fn plus_and_minus_zoom_the_board_and_zero_fits_it_again() {
    let mut harness = app_harness(knight_settings(20, 20, Algorithm::ALL[0]));
    harness.step();
    let cell = |harness: &Harness<'_, GridtourApp>| {
        harness
            .state()
            .knight
            .view
            .geometry()
            .expect("the board was drawn")
            .cell
    };
    let fitted = cell(&harness);
    harness.key_press(Key::Plus);
    harness.step();
    let zoomed = cell(&harness);
    assert!((zoomed / fitted - 1.5).abs() < 1e-3, "{fitted} -> {zoomed}");
    harness.key_press(Key::Plus);
    harness.step();
    harness.key_press(Key::Minus);
    harness.step();
    assert!((cell(&harness) - zoomed).abs() < 1e-3);
    harness.key_press(Key::Minus);
    harness.key_press(Key::Minus);
    harness.step();
    assert!(
        (cell(&harness) - fitted).abs() < 1e-3,
        "never smaller than fitted"
    );
    harness.key_press(Key::Plus);
    harness.step();
    harness.key_press(Key::Num0);
    harness.step();
    assert!((cell(&harness) - fitted).abs() < 1e-3);
}

#[test]
fn space_toggles_playback_once_even_after_clicking_a_button() {
    let mut harness = app_harness(knight_settings(6, 6, Algorithm::ALL[0]));
    harness.step();
    click_knight_square(&mut harness, Square { x: 0, y: 0 });
    wait_until_idle(&mut harness);
    assert!(harness.state().knight.animation.is_playing());
    harness.get_by_label("Pause").click();
    harness.step();
    assert!(!harness.state().knight.animation.is_playing());
    // A clicked button keeps the keyboard focus.
    harness.step();
    harness.get_by_label("Play").focus();
    harness.step();
    harness.key_press(Key::Space);
    harness.step();
    assert!(harness.state().knight.animation.is_playing());
    harness.key_press(Key::Space);
    harness.step();
    assert!(!harness.state().knight.animation.is_playing());
    let shown = harness.state().knight.animation.shown();
    harness.key_press(Key::ArrowRight);
    harness.step();
    assert_eq!(harness.state().knight.animation.shown(), shown + 1);
    harness.key_press(Key::Home);
    harness.step();
    assert_eq!(harness.state().knight.animation.shown(), 1);
}

#[test]
fn the_failing_starts_overlay_marks_the_one_failing_square_of_8x8() {
    // Plain Warnsdorff fails only from square 44 (row-major) of 8x8.
    let mut harness = app_harness(knight_settings(8, 8, Algorithm::ALL[0]));
    harness.step();
    harness
        .get_by_label("Show Warnsdorff failing starts")
        .click();
    harness.step();
    wait_until_idle(&mut harness);
    let app = harness.state();
    assert_eq!(
        app.knight.message(),
        Some("Plain Warnsdorff dead-ends from 1 of 64 start squares.")
    );
    assert_eq!(
        app.knight.failing_starts(),
        Some(vec![Square { x: 4, y: 5 }])
    );
}
