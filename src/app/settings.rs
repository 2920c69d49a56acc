//! What the window remembers between runs: the mode on show, how paths are
//! drawn and played, the last directory a file came from, and each mode's
//! own options and board (the knight board's blocked squares and walk, the
//! Goishi puzzle and pick order), so that closing the window loses nothing
//! a person made.
//!
//! Saved in `state.json` in the window's data folder through
//! [`gridtour::saved_state`]: written whole or not at all, merged with
//! another window's saves, read value by value. Earlier versions kept
//! the settings in eframe's own storage, which is read when there is no
//! state file yet, through [`Legacy`], which also moves the flat fields
//! of entries written before the modes kept their own sections into
//! place.

use std::path::{Path, PathBuf};

use gridtour::i18n::Language;
use gridtour::replay::Landmark;
use gridtour::saved_state::{Saved, StateFile, Trouble};
use serde::{Deserialize, Serialize};

use super::modes::goishi::settings::GoishiSettings;
use super::modes::knight::settings::KnightSettings;
use super::modes::{Mode, ModeSettings};

/// Key under which the settings live in eframe's storage.
pub const STORAGE_KEY: &str = "gridtour-settings";

/// Every option the user can set and expects to find again next time.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    /// The mode shown at start.
    pub mode: Mode,
    /// The language chosen in the window; `None` follows the system's.
    pub language: Option<Language>,
    /// How both modes draw and play their paths.
    pub view: ViewSettings,
    /// Where the last file was opened or saved, for the next dialog.
    #[serde(serialize_with = "text_path")]
    pub last_directory: Option<PathBuf>,
    /// Each mode's own, under its folder's name.
    #[serde(flatten)]
    pub modes: ModeSettings,
    /// Whether nothing was stored: the window opens for the first time.
    #[serde(skip)]
    pub first_run: bool,
}

/// How paths are drawn and played, the same in every mode.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct ViewSettings {
    /// Whether move (or pick) numbers are written on the board.
    pub show_numbers: bool,
    /// Whether the board's columns and rows are named around it.
    pub show_labels: bool,
    /// Animation speed in moves per second.
    pub moves_per_second: f32,
    /// Whether the animation starts over after its last move.
    pub looping: bool,
    /// Whether a long path plays faster than `moves_per_second`, to last
    /// at most [`LONGEST_PLAY_SECONDS`]: 40,000 moves at 8 a second would
    /// take 83 minutes.
    pub within_a_minute: bool,
    /// How fast a watched search is shown, in steps a second.
    pub watch_speed: f32,
    /// What a watched search runs forward or back to.
    pub watch_landmark: Landmark,
}

impl Default for ViewSettings {
    fn default() -> Self {
        Self {
            show_numbers: true,
            show_labels: true,
            moves_per_second: 8.0,
            looping: false,
            within_a_minute: true,
            watch_speed: 20.0,
            watch_landmark: Landmark::default(),
        }
    }
}

/// The longest a path plays with [`ViewSettings::within_a_minute`].
pub const LONGEST_PLAY_SECONDS: f32 = 60.0;

impl ViewSettings {
    /// The moves a second a path of `moves` plays at.
    pub fn playing_speed(&self, moves: usize) -> f32 {
        match self.within_a_minute {
            true => self
                .moves_per_second
                .max(moves as f32 / LONGEST_PLAY_SECONDS),
            false => self.moves_per_second,
        }
    }
}

/// A folder as the state file holds it: a name that is not UTF-8 cannot
/// be written in JSON, and is forgotten rather than fail the whole save.
fn text_path<S: serde::Serializer>(
    path: &Option<PathBuf>,
    serializer: S,
) -> Result<S::Ok, S::Error> {
    path.as_deref().and_then(Path::to_str).serialize(serializer)
}

impl Saved for Settings {
    /// What each mode keeps of another window's save is merged in (a
    /// player's puzzles and best times, whichever window they were made
    /// in); the rest is this window's own.
    fn merge_from(&mut self, theirs: Settings) {
        self.modes.merge_from(theirs.modes);
    }

    fn together() -> Vec<Vec<String>> {
        ModeSettings::together()
    }
}

/// Where the settings an earlier version kept in eframe's file are kept
/// until the state file holds them: eframe rewrites its file in place
/// at every save, so a failed first save of the state file must not
/// leave the only copy there. They are copied beside the state file, or,
/// where no copy can be written (a full disk), eframe's file is moved
/// aside, which takes no room.
#[derive(Debug, Clone, Default)]
pub struct Earlier {
    /// The copy beside the state file.
    copy: Option<PathBuf>,
    /// eframe's file.
    eframe_file: Option<PathBuf>,
}

impl Earlier {
    /// For the state file `state` and eframe's file `eframe_file`.
    pub fn beside(state: &Path, eframe_file: Option<PathBuf>) -> Self {
        Self {
            copy: Some(state.with_file_name("settings-before-state.ron")),
            eframe_file,
        }
    }

    /// eframe's file moved aside.
    fn moved(&self) -> Option<PathBuf> {
        Some(
            self.eframe_file
                .as_ref()?
                .with_extension("before-state.ron"),
        )
    }

    /// Keeps `text`, the earlier settings, until [`Earlier::forget`].
    fn keep(&self, text: &str) {
        let copied = self.copy.as_ref().is_some_and(|copy| {
            copy.parent()
                .is_some_and(|folder| std::fs::create_dir_all(folder).is_ok())
                && gridtour::atomic_write::write_atomic(copy, text.as_bytes()).is_ok()
        });
        if !copied && let (Some(from), Some(to)) = (&self.eframe_file, self.moved()) {
            let _ = std::fs::rename(from, to);
        }
    }

    /// The earlier settings kept, if any.
    fn read(&self) -> Option<String> {
        if let Some(text) = self
            .copy
            .as_ref()
            .and_then(|copy| std::fs::read_to_string(copy).ok())
        {
            return Some(text);
        }
        let moved = std::fs::read_to_string(self.moved()?).ok()?;
        let entries: std::collections::HashMap<String, String> = ron::from_str(&moved).ok()?;
        entries.get(STORAGE_KEY).cloned()
    }

    /// Whether any earlier settings are kept.
    pub fn kept(&self) -> bool {
        [self.copy.clone(), self.moved()]
            .into_iter()
            .flatten()
            .any(|path| path.is_file())
    }

    /// Drops what was kept: the state file holds it now.
    pub fn forget(&self) {
        for path in [self.copy.clone(), self.moved()].into_iter().flatten() {
            let _ = std::fs::remove_file(path);
        }
    }
}

impl Settings {
    /// The settings a window starts with: those in `file`, or where there
    /// is no file yet, those an earlier version kept in eframe's
    /// `storage`; with what could not be read.
    #[cfg(test)]
    pub fn open(
        file: &mut StateFile,
        storage: Option<&dyn eframe::Storage>,
    ) -> (Settings, Option<Trouble>) {
        Settings::open_keeping(file, storage, &Earlier::default())
    }

    /// [`Settings::open`], keeping what an earlier version saved in
    /// `earlier` until the state file is written, and reading it there if
    /// eframe's storage no longer has it.
    pub fn open_keeping(
        file: &mut StateFile,
        storage: Option<&dyn eframe::Storage>,
        earlier: &Earlier,
    ) -> (Settings, Option<Trouble>) {
        let loaded = file.load::<Settings>();
        let settings = match loaded.state {
            Some(settings) => Settings {
                first_run: false,
                ..settings
            },
            None => {
                let stored = storage.and_then(|storage| storage.get_string(STORAGE_KEY));
                if let Some(text) = &stored {
                    earlier.keep(text);
                }
                let settings = Settings::from_earlier(stored.or_else(|| earlier.read()));
                file.rebase(&settings);
                settings
            }
        };
        (settings, loaded.trouble)
    }

    /// The settings an earlier version kept in eframe's storage, or the
    /// defaults of a first run when there are none.
    pub fn load(storage: Option<&dyn eframe::Storage>) -> Self {
        Settings::from_earlier(storage.and_then(|storage| storage.get_string(STORAGE_KEY)))
    }

    /// The settings an earlier version kept as `stored`, or the defaults
    /// of a first run when there are none.
    fn from_earlier(stored: Option<String>) -> Self {
        let first_run = stored.is_none();
        let settings = stored
            .as_deref()
            .and_then(|text| ron::from_str::<Legacy>(text).ok())
            .map(Settings::from);
        Settings {
            first_run,
            ..settings.unwrap_or_default()
        }
    }
}

/// The settings as earlier versions kept them in eframe's storage, when
/// there were two modes: the sections, and the flat fields of entries
/// written before there were sections, each of which, where present,
/// takes its place in its section.
#[derive(Deserialize, Default)]
#[serde(default)]
struct Legacy {
    mode: Mode,
    language: Option<Language>,
    view: ViewSettings,
    last_directory: Option<PathBuf>,
    knight: KnightSettings,
    goishi: GoishiSettings,
    show_numbers: Given<bool>,
    moves_per_second: Given<f32>,
    looping: Given<bool>,
    knight_width: Given<u32>,
    knight_height: Given<u32>,
    knight_closed: Given<bool>,
    knight_algorithm: Given<String>,
    knight_blocked: Given<Vec<[u32; 2]>>,
    knight_walk: Given<Vec<[u32; 2]>>,
    knight_walk_shown: Given<usize>,
    goishi_width: Given<u32>,
    goishi_height: Given<u32>,
    goishi_puzzle: Given<Option<String>>,
    goishi_order: Given<Vec<[u32; 2]>>,
    goishi_order_shown: Given<usize>,
    generate_stones: Given<usize>,
    generate_seed: Given<u64>,
    generate_difficulty: Given<String>,
}

/// A field that is there or not. Not an `Option`: RON writes an `Option`
/// as `Some(..)`, and the flat fields were written bare.
struct Given<T>(Option<T>);

impl<T> Default for Given<T> {
    fn default() -> Self {
        Self(None)
    }
}

impl<'de, T: Deserialize<'de>> Deserialize<'de> for Given<T> {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        T::deserialize(deserializer).map(|value| Self(Some(value)))
    }
}

impl<T> Given<T> {
    /// Puts the value, if there is one, into `place`.
    fn put_in(self, place: &mut T) {
        if let Some(value) = self.0 {
            *place = value;
        }
    }
}

impl From<Legacy> for Settings {
    fn from(stored: Legacy) -> Self {
        let Legacy {
            mode,
            language,
            mut view,
            last_directory,
            mut knight,
            mut goishi,
            ..
        } = stored;
        stored.show_numbers.put_in(&mut view.show_numbers);
        stored.moves_per_second.put_in(&mut view.moves_per_second);
        stored.looping.put_in(&mut view.looping);
        stored.knight_width.put_in(&mut knight.width);
        stored.knight_height.put_in(&mut knight.height);
        stored.knight_closed.put_in(&mut knight.closed);
        stored.knight_algorithm.put_in(&mut knight.algorithm);
        stored.knight_blocked.put_in(&mut knight.blocked);
        stored.knight_walk.put_in(&mut knight.walk);
        stored.knight_walk_shown.put_in(&mut knight.walk_shown);
        stored.goishi_width.put_in(&mut goishi.width);
        stored.goishi_height.put_in(&mut goishi.height);
        stored.goishi_puzzle.put_in(&mut goishi.puzzle);
        stored.goishi_order.put_in(&mut goishi.order);
        stored.goishi_order_shown.put_in(&mut goishi.order_shown);
        stored.generate_stones.put_in(&mut goishi.generate_stones);
        stored.generate_seed.put_in(&mut goishi.generate_seed);
        stored
            .generate_difficulty
            .put_in(&mut goishi.generate_difficulty);
        // Modes that came after these entries start from their defaults.
        #[allow(clippy::needless_update)]
        let modes = ModeSettings {
            knight,
            goishi,
            ..ModeSettings::default()
        };
        Settings {
            mode,
            language,
            view,
            last_directory,
            modes,
            first_run: false,
        }
    }
}

/// eframe's storage, kept in memory.
#[cfg(test)]
#[derive(Default)]
pub struct MemoryStorage(std::collections::HashMap<String, String>);

#[cfg(test)]
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::modes::goishi::command::Interaction as GoishiInteraction;
    use crate::app::modes::knight::command::Interaction as KnightInteraction;
    use crate::app::shelf::{Record, merged};
    use gridtour::knight::{Algorithm, TourKind};

    #[test]
    fn a_long_path_plays_within_a_minute_unless_told_otherwise() {
        let mut view = ViewSettings::default();
        assert_eq!(view.playing_speed(100), 8.0);
        // 40,000 squares: 667 a second, not 83 minutes at 8.
        assert!((view.playing_speed(40_000) - 40_000.0 / 60.0).abs() < 0.01);
        view.within_a_minute = false;
        assert_eq!(view.playing_speed(40_000), 8.0);
        // Settings saved before the choice existed take the default.
        let older: ViewSettings = serde_json::from_str(r#"{"moves_per_second":3.5}"#).unwrap();
        assert!(older.within_a_minute);
        assert_eq!(older.moves_per_second, 3.5);
    }

    /// A state file of its own in a fresh folder, for one test.
    fn scratch_file(name: &str) -> StateFile {
        let folder =
            std::env::temp_dir().join(format!("gridtour-settings-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&folder);
        StateFile::at(folder.join("state.json"))
    }

    fn through_storage(settings: &Settings) -> Settings {
        let mut file = scratch_file(&format!("{:x}", name_for(settings)));
        file.save(&mut settings.clone()).expect("saved");
        let (back, trouble) = Settings::open(&mut StateFile::at(file.path()), None);
        assert_eq!(trouble, None);
        let _ = std::fs::remove_dir_all(file.path().parent().expect("a folder"));
        back
    }

    /// A name for a test's file, one for each settings.
    fn name_for(settings: &Settings) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut hasher = std::hash::DefaultHasher::new();
        format!("{settings:?}").hash(&mut hasher);
        hasher.finish()
    }

    #[test]
    fn settings_survive_a_round_trip_through_storage() {
        let settings = Settings {
            mode: Mode::Goishi,
            language: Some(Language::Japanese),
            view: ViewSettings {
                show_numbers: false,
                show_labels: false,
                moves_per_second: 30.0,
                looping: true,
                within_a_minute: false,
                watch_speed: 500.0,
                watch_landmark: Landmark::Prune,
            },
            last_directory: Some(PathBuf::from("/tmp/puzzles")),
            modes: ModeSettings {
                knight: KnightSettings {
                    width: 12,
                    closed: true,
                    algorithm: Algorithm::ALL[1].label().to_owned(),
                    blocked: vec![[1, 2], [3, 4]],
                    walk: vec![[0, 0], [1, 2]],
                    walk_shown: 1,
                    interaction: KnightInteraction::Play,
                    count_start: Some([2, 3]),
                    count_from_start: true,
                    ..KnightSettings::default()
                },
                goishi: GoishiSettings {
                    puzzle: Some("https://puzz.link/p?goishi/4/4/1370".to_owned()),
                    order: vec![[0, 1]],
                    generate_seed: 9,
                    generate_difficulty: "hard".to_owned(),
                    source: Some("generated puzzle (seed 9)".to_owned()),
                    interaction: Some(GoishiInteraction::Play),
                    ..GoishiSettings::default()
                },
                ..ModeSettings::default()
            },
            first_run: false,
        };
        let back = through_storage(&settings);
        assert_eq!(back, settings);
        assert_eq!(back.modes.knight.algorithm(), Algorithm::ALL[1]);
        assert_eq!(back.modes.knight.tour_kind(), TourKind::Closed);
    }

    #[test]
    fn an_entry_from_before_the_sections_keeps_every_board_and_option() {
        let mut storage = MemoryStorage::default();
        let flat = format!(
            "(mode:Goishi,knight_width:12,knight_height:7,knight_closed:true,\
             knight_algorithm:\"{}\",show_numbers:false,goishi_width:9,goishi_height:5,\
             generate_stones:20,moves_per_second:3.5,looping:true,\
             last_directory:Some(\"/tmp/p\"),knight_blocked:[(1,2)],\
             goishi_puzzle:Some(\"https://puzz.link/p?goishi/4/4/1370\"),\
             knight_walk:[(0,0),(1,2)],knight_walk_shown:2,goishi_order:[(3,1)],\
             goishi_order_shown:1,generate_seed:7,generate_difficulty:\"easy\")",
            Algorithm::ALL[1].label()
        );
        eframe::Storage::set_string(&mut storage, STORAGE_KEY, flat);
        let settings = Settings::load(Some(&storage));
        let expected = Settings {
            mode: Mode::Goishi,
            language: None,
            view: ViewSettings {
                show_numbers: false,
                moves_per_second: 3.5,
                looping: true,
                ..ViewSettings::default()
            },
            last_directory: Some(PathBuf::from("/tmp/p")),
            modes: ModeSettings {
                knight: KnightSettings {
                    width: 12,
                    height: 7,
                    closed: true,
                    algorithm: Algorithm::ALL[1].label().to_owned(),
                    blocked: vec![[1, 2]],
                    walk: vec![[0, 0], [1, 2]],
                    walk_shown: 2,
                    ..KnightSettings::default()
                },
                goishi: GoishiSettings {
                    width: 9,
                    height: 5,
                    puzzle: Some("https://puzz.link/p?goishi/4/4/1370".to_owned()),
                    order: vec![[3, 1]],
                    order_shown: 1,
                    generate_stones: 20,
                    generate_seed: 7,
                    generate_difficulty: "easy".to_owned(),
                    ..GoishiSettings::default()
                },
                ..ModeSettings::default()
            },
            first_run: false,
        };
        assert_eq!(settings, expected);
        // Stored again, it is written in sections and reads back the same.
        assert_eq!(through_storage(&settings), expected);
    }

    fn record(url: &str, best_seconds: Option<f64>) -> Record {
        Record {
            url: url.to_owned(),
            name: "p".to_owned(),
            size: (4, 4),
            pieces: 6,
            level: None,
            solved: best_seconds.is_some(),
            best_seconds,
        }
    }

    #[test]
    fn a_shelf_read_back_keeps_every_record_and_drops_impossible_times() {
        let mut file = scratch_file("times");
        let mut settings = Settings::default();
        settings.modes.goishi.shelf = vec![record("u1", Some(61.5)), record("u2", None)];
        file.save(&mut settings).expect("saved");
        let text = std::fs::read_to_string(file.path()).expect("the file");
        // Times no solve can have, as a damaged or hostile file holds them,
        // and one record with a field of the wrong type.
        for bad in ["-5.0", "1e300", "0.0", "\"NaN\"", "[1]"] {
            let damaged =
                text.replacen("61.5", bad, 1)
                    .replacen("\"stones\":6", "\"stones\":\"six\"", 1);
            std::fs::write(file.path(), &damaged).expect("written");
            let (back, _) = Settings::open(&mut StateFile::at(file.path()), None);
            let shelf = &back.modes.goishi.shelf;
            assert_eq!(shelf.len(), 2, "{bad}: {shelf:?}");
            assert_eq!(shelf[0].best_seconds, None, "{bad}");
            assert_eq!(shelf[0].best(), None);
            assert!(shelf[0].solved, "{bad}: the solve is kept without its time");
            assert_eq!(shelf[0].pieces, 0, "{bad}: the field that did not read");
            assert_eq!(shelf[1], record("u2", None));
        }
        let _ = std::fs::remove_dir_all(file.path().parent().expect("a folder"));
    }

    #[test]
    fn a_merge_keeps_every_puzzle_and_the_better_time() {
        let mine = vec![record("a", Some(50.0)), record("b", None)];
        let theirs = vec![
            record("b", Some(20.0)),
            record("a", Some(70.0)),
            record("c", None),
        ];
        let all = merged(&mine, theirs);
        let urls: Vec<&str> = all.iter().map(|record| record.url.as_str()).collect();
        assert_eq!(urls, ["a", "b", "c"]);
        assert_eq!(all[0].best_seconds, Some(50.0));
        assert_eq!(all[1].best_seconds, Some(20.0));
        assert!(all[1].solved);
    }

    #[test]
    fn a_state_file_is_preferred_to_eframe_storage_which_is_read_when_there_is_none() {
        let mut storage = MemoryStorage::default();
        let legacy = "(mode:Goishi,knight:(width:11),goishi:(shelf:[(url:\"u9\",name:\"n\",\
                      size:(4,4),stones:6,level:Some(\"easy\"),solved:true,best_seconds:Some(42.0))]))";
        eframe::Storage::set_string(&mut storage, STORAGE_KEY, legacy.to_owned());
        let mut file = scratch_file("legacy");
        let (settings, trouble) = Settings::open(&mut file, Some(&storage));
        assert_eq!(trouble, None);
        assert!(!settings.first_run);
        assert_eq!(settings.mode, Mode::Goishi);
        assert_eq!(settings.modes.knight.width, 11);
        assert_eq!(settings.modes.goishi.shelf.len(), 1);
        assert_eq!(settings.modes.goishi.shelf[0].best_seconds, Some(42.0));
        assert_eq!(
            settings.modes.goishi.shelf[0].level.as_deref(),
            Some("easy")
        );
        file.save(&mut settings.clone()).expect("saved");
        let (again, _) = Settings::open(&mut StateFile::at(file.path()), None);
        assert_eq!(again, settings);
        let _ = std::fs::remove_dir_all(file.path().parent().expect("a folder"));
    }

    #[test]
    fn an_earlier_versions_settings_outlive_a_failed_first_save() {
        let folder = scratch_file("earlier")
            .path()
            .parent()
            .expect("a folder")
            .to_path_buf();
        let legacy = "(mode:Goishi,goishi:(shelf:[(url:\"u9\",name:\"n\",size:(4,4),stones:6,\
                      solved:true,best_seconds:Some(95.0))]))";
        let eframe_file = folder.join("eframe").join("app.ron");
        let entries =
            std::collections::HashMap::from([(STORAGE_KEY.to_owned(), legacy.to_owned())]);
        let write_eframe_file = || {
            std::fs::create_dir_all(eframe_file.parent().expect("a folder")).expect("a folder");
            std::fs::write(&eframe_file, ron::to_string(&entries).expect("RON")).expect("written");
        };
        let best = |settings: &Settings| {
            settings
                .modes
                .goishi
                .shelf
                .first()
                .and_then(|record| record.best_seconds)
        };
        let mut storage = MemoryStorage::default();
        eframe::Storage::set_string(&mut storage, STORAGE_KEY, legacy.to_owned());
        // The state file's first save fails; eframe then cuts its own file
        // short: the next start has neither, but the copy.
        let state = folder.join("state.json");
        let earlier = Earlier::beside(&state, Some(eframe_file.clone()));
        let (first, _) =
            Settings::open_keeping(&mut StateFile::at(&state), Some(&storage), &earlier);
        assert_eq!(best(&first), Some(95.0));
        assert!(earlier.kept());
        let (again, _) = Settings::open_keeping(&mut StateFile::at(&state), None, &earlier);
        assert_eq!(best(&again), Some(95.0));
        // Where not even a copy can be written (a full disk), eframe's
        // file is moved aside before eframe can write over it.
        let state = folder.join("second").join("state.json");
        std::fs::create_dir_all(state.with_file_name("settings-before-state.ron"))
            .expect("a folder in the copy's place");
        write_eframe_file();
        let earlier = Earlier::beside(&state, Some(eframe_file.clone()));
        let _ = Settings::open_keeping(&mut StateFile::at(&state), Some(&storage), &earlier);
        assert!(!eframe_file.exists(), "moved aside");
        let (again, _) = Settings::open_keeping(&mut StateFile::at(&state), None, &earlier);
        assert_eq!(best(&again), Some(95.0));
        // Once the state file holds them, nothing is kept.
        earlier.forget();
        assert!(!earlier.kept());
        let _ = std::fs::remove_dir_all(&folder);
    }

    #[test]
    fn only_a_window_with_nothing_stored_opens_for_the_first_time() {
        assert!(Settings::load(None).first_run);
        assert!(Settings::load(Some(&MemoryStorage::default())).first_run);
        assert!(!through_storage(&Settings::default()).first_run);
    }

    #[test]
    fn missing_or_unknown_values_fall_back_to_defaults() {
        let back: Settings =
            serde_json::from_str(r#"{"knight": {"width": 9, "algorithm": "no such solver"}}"#)
                .expect("deserialises");
        assert_eq!(back.modes.knight.width, 9);
        assert_eq!(back.modes.knight.height, KnightSettings::default().height);
        assert_eq!(back.modes.knight.algorithm(), Algorithm::ALL[0]);
        assert_eq!(back.modes.goishi, GoishiSettings::default());
    }
}
