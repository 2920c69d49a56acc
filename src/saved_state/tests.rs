use std::io;
use web_time::{Duration, Instant};

use serde::Deserialize;

use super::*;
use crate::atomic_write::write_atomic_with;

/// A state shaped like the window's: plain values, an enum, a section, and
/// a list of records that must survive.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
struct State {
    name: String,
    speed: f32,
    colour: Option<Colour>,
    view: View,
    times: Vec<Time>,
}

#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
enum Colour {
    Red,
    Blue,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
struct View {
    numbers: bool,
    size: u32,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
struct Time {
    puzzle: String,
    seconds: f64,
}

impl Saved for State {
    fn merge_from(&mut self, theirs: Self) {
        keep_best(&mut self.times, theirs.times);
    }
}

/// Takes `theirs` into `mine`: every puzzle, and the better time of each.
fn keep_best(mine: &mut Vec<Time>, theirs: Vec<Time>) {
    for time in theirs {
        match mine.iter_mut().find(|kept| kept.puzzle == time.puzzle) {
            Some(kept) => kept.seconds = kept.seconds.min(time.seconds),
            None => mine.push(time),
        }
    }
}

fn sample(times: usize) -> State {
    State {
        name: "a player's boards".to_owned(),
        speed: 12.5,
        colour: Some(Colour::Blue),
        view: View {
            numbers: true,
            size: 8,
        },
        times: (0..times)
            .map(|i| Time {
                puzzle: format!("https://puzz.link/p?goishi/{i}"),
                seconds: 30.0 + i as f64,
            })
            .collect(),
    }
}

struct Scratch(PathBuf);

impl Scratch {
    fn new(name: &str) -> Scratch {
        let path =
            std::env::temp_dir().join(format!("gridtour-state-{}-{name}", std::process::id()));
        let _ = fs::remove_dir_all(&path);
        fs::create_dir_all(&path).expect("a scratch folder");
        Scratch(path)
    }

    fn state(&self) -> PathBuf {
        self.0.join("state.json")
    }

    /// The names in the folder other than the state and its lock.
    fn others(&self) -> Vec<String> {
        let mut names: Vec<String> = fs::read_dir(&self.0)
            .expect("the scratch folder")
            .map(|entry| {
                entry
                    .expect("an entry")
                    .file_name()
                    .to_string_lossy()
                    .into_owned()
            })
            .filter(|name| name != "state.json" && name != ".state.json.lock")
            .collect();
        names.sort();
        names
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.0);
    }
}

fn load(path: &Path) -> Loaded<State> {
    StateFile::at(path).load()
}

#[test]
fn a_state_saved_reads_back_and_an_unchanged_one_is_not_written_again() {
    let scratch = Scratch::new("round");
    let mut file = StateFile::at(scratch.state());
    let loaded: Loaded<State> = file.load();
    assert_eq!(loaded.state, None, "no file yet");
    assert_eq!(loaded.trouble, None);
    let mut state = sample(3);
    assert_eq!(
        file.save(&mut state),
        Ok(SaveOutcome::Written { merged: false })
    );
    assert_eq!(file.save(&mut state), Ok(SaveOutcome::Unchanged));
    let back = load(&scratch.state());
    assert_eq!(back.state, Some(sample(3)));
    assert_eq!(back.trouble, None);
    assert!(scratch.others().is_empty(), "{:?}", scratch.others());
}

#[test]
fn each_value_that_cannot_be_read_takes_its_default_alone() {
    let scratch = Scratch::new("fields");
    let good = serde_json::to_value(sample(2)).expect("a value");
    let cases: [(&str, Value, &[&str]); 6] = [
        // A colour a newer version wrote.
        ("colour", Value::from("Green"), &["colour"]),
        // A wrong type.
        ("speed", Value::from("x"), &["speed"]),
        // A wrong type inside a section: the section keeps the rest.
        (
            "view",
            serde_json::json!({"numbers": true, "size": -3}),
            &["view.size"],
        ),
        // One damaged record among whole ones.
        (
            "times",
            serde_json::json!([good["times"][0], {"puzzle": 4}, good["times"][1]]),
            &["times[1]"],
        ),
        // A section that is not an object at all.
        ("view", Value::from(17), &["view"]),
        // A list that is not a list.
        ("times", Value::from("none"), &["times"]),
    ];
    for (key, bad, unread) in cases {
        let mut stored = good.clone();
        stored[key] = bad.clone();
        fs::write(scratch.state(), serde_json::to_vec(&stored).expect("bytes")).expect("written");
        let mut file = StateFile::at(scratch.state());
        let loaded: Loaded<State> = file.load();
        let state = loaded.state.expect("a state");
        let mut expected = sample(2);
        match (key, unread[0]) {
            ("colour", _) => expected.colour = None,
            ("speed", _) => expected.speed = 0.0,
            (_, "view.size") => expected.view.size = 0,
            (_, "view") => expected.view = View::default(),
            (_, "times[1]") => {}
            _ => expected.times.clear(),
        }
        assert_eq!(state, expected, "{key} = {bad}");
        let Some(Trouble::PartlyRead {
            kept_as: Some(kept_as),
            unread: said,
            cut_short: false,
            ..
        }) = loaded.trouble
        else {
            panic!("{key} = {bad}: {:?}", loaded.trouble);
        };
        assert_eq!(said, unread, "{key} = {bad}");
        // The file as it was is kept, byte for byte.
        assert_eq!(
            fs::read(&kept_as).expect("the copy"),
            fs::read(scratch.state()).expect("the file")
        );
        fs::remove_file(kept_as).expect("removed");
    }
}

#[test]
fn a_file_cut_short_gives_back_every_whole_value_and_never_fails() {
    let scratch = Scratch::new("cut");
    let bytes = serde_json::to_vec_pretty(&sample(4)).expect("bytes");
    for length in 0..bytes.len() {
        fs::write(scratch.state(), &bytes[..length]).expect("written");
        let loaded = load(&scratch.state());
        let state = loaded.state.expect("a state, defaults at worst");
        // What is read is a part of what was saved, never anything else.
        assert!(
            state
                .times
                .iter()
                .all(|time| sample(4).times.contains(time))
        );
        assert!(loaded.trouble.is_some(), "cut at {length} said nothing");
        for name in scratch.others() {
            fs::remove_file(scratch.0.join(name)).expect("removed");
        }
    }
    // Two bytes off the end lose nothing at all.
    fs::write(scratch.state(), &bytes[..bytes.len() - 2]).expect("written");
    let loaded = load(&scratch.state());
    assert_eq!(loaded.state, Some(sample(4)));
    assert!(matches!(
        loaded.trouble,
        Some(Trouble::PartlyRead {
            cut_short: true,
            ..
        })
    ));
    // Something after the end is damage too, but all of it reads.
    fs::write(scratch.state(), [&bytes[..], b"}garbage"].concat()).expect("written");
    assert_eq!(load(&scratch.state()).state, Some(sample(4)));
}

#[test]
fn a_save_cut_short_at_any_byte_leaves_the_state_before_it() {
    let scratch = Scratch::new("full-disk");
    let mut file = StateFile::at(scratch.state());
    let _: Loaded<State> = file.load();
    file.save(&mut sample(1)).expect("the first save");
    let mut newer = sample(3);
    newer.speed = 99.0;
    let length = serde_json::to_vec(&newer).expect("bytes").len();
    for written in 0..length {
        // A full disk after `written` bytes.
        let mut full_disk = |path: &Path, bytes: &[u8]| {
            write_atomic_with(path, &mut |out| {
                out.write_all(&bytes[..written])?;
                Err(io::Error::new(ErrorKind::StorageFull, "no space left"))
            })
        };
        let result = file.save_through(&mut newer.clone(), &mut |_| Wait::On, &mut full_disk);
        assert!(
            matches!(result, Err(Trouble::NotSaved { .. })),
            "{written}: {result:?}"
        );
        let back = load(&scratch.state());
        assert_eq!(back.state, Some(sample(1)), "after {written} bytes");
        assert_eq!(back.trouble, None);
        // A kill after `written` bytes: the temporary file is left behind,
        // never renamed.
        let mut killed = |path: &Path, bytes: &[u8]| {
            let temp = path.with_file_name(format!(".state.json.{}.0.tmp", std::process::id()));
            fs::write(temp, &bytes[..written]).expect("the temporary file");
            Err(WriteError {
                path: path.to_path_buf(),
                reason: crate::atomic_write::WriteFailure::NotAFile,
            })
        };
        let _ = file.save_through(&mut newer.clone(), &mut |_| Wait::On, &mut killed);
        assert_eq!(load(&scratch.state()).state, Some(sample(1)));
    }
    // The next whole save writes the new state.
    file.save(&mut newer.clone()).expect("a save");
    assert_eq!(load(&scratch.state()).state, Some(newer));
}

#[test]
fn two_windows_saving_in_turn_keep_both_best_times() {
    let scratch = Scratch::new("two");
    let (mut first, mut second) = (
        StateFile::at(scratch.state()),
        StateFile::at(scratch.state()),
    );
    let mut one: State = first.load().state.unwrap_or_default();
    let mut two: State = second.load().state.unwrap_or_default();
    let time = |puzzle: &str, seconds| Time {
        puzzle: puzzle.to_owned(),
        seconds,
    };
    one.times.push(time("a", 40.0));
    assert_eq!(
        first.save(&mut one),
        Ok(SaveOutcome::Written { merged: false })
    );
    two.times.push(time("b", 50.0));
    assert_eq!(
        second.save(&mut two),
        Ok(SaveOutcome::Written { merged: true })
    );
    assert_eq!(two.times, [time("b", 50.0), time("a", 40.0)]);
    // The first window beats its time; the second's time stays.
    one.times[0].seconds = 35.0;
    first.save(&mut one).expect("a save");
    assert_eq!(one.times, [time("a", 35.0), time("b", 50.0)]);
    let on_disk = load(&scratch.state()).state.expect("a state");
    assert_eq!(on_disk.times, [time("a", 35.0), time("b", 50.0)]);
    // Threads saving at once, each its own time, lose none of them.
    let threads: Vec<_> = (0..8)
        .map(|i| {
            let path = scratch.state();
            std::thread::spawn(move || {
                let mut file = StateFile::at(path);
                let mut state: State = file.load().state.unwrap_or_default();
                state.times.push(time(&format!("t{i}"), f64::from(i)));
                file.save(&mut state).expect("a save");
            })
        })
        .collect();
    for thread in threads {
        thread.join().expect("a thread");
    }
    let on_disk = load(&scratch.state()).state.expect("a state");
    for i in 0..8 {
        assert!(
            on_disk
                .times
                .contains(&time(&format!("t{i}"), f64::from(i)))
        );
    }
    assert_eq!(on_disk.times.len(), 10);
}

#[test]
fn a_file_that_reads_as_nothing_is_moved_aside_and_never_written_over() {
    let scratch = Scratch::new("damaged");
    fs::write(scratch.state(), b"\x00\x01 not a state").expect("written");
    let mut file = StateFile::at(scratch.state());
    let loaded: Loaded<State> = file.load();
    assert_eq!(loaded.state, Some(State::default()));
    let Some(Trouble::Damaged {
        kept_as: Some(kept_as),
        ..
    }) = loaded.trouble
    else {
        panic!("{:?}", loaded.trouble);
    };
    assert_eq!(fs::read(&kept_as).expect("kept"), b"\x00\x01 not a state");
    file.save(&mut sample(1)).expect("a save");
    assert_eq!(fs::read(&kept_as).expect("kept"), b"\x00\x01 not a state");
    assert_eq!(load(&scratch.state()).state, Some(sample(1)));
}

#[test]
fn a_state_that_cannot_be_read_or_written_says_so() {
    let scratch = Scratch::new("folder");
    fs::create_dir(scratch.state()).expect("a folder where the file goes");
    let mut file = StateFile::at(scratch.state());
    let loaded: Loaded<State> = file.load();
    assert!(matches!(loaded.trouble, Some(Trouble::Unreadable { .. })));
    assert!(matches!(
        file.save(&mut sample(1)),
        Err(Trouble::NotSaved { .. })
    ));
    // A folder that cannot be made.
    fs::write(scratch.0.join("plain"), b"").expect("a file");
    let mut under_a_file = StateFile::at(scratch.0.join("plain").join("state.json"));
    assert!(matches!(
        under_a_file.save(&mut sample(1)),
        Err(Trouble::NotSaved { .. })
    ));
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(64))]

    /// Saves of random states, each cut short at a random byte (a full
    /// disk): the file then reads as the state before, whole, and the
    /// next save that goes through reads as itself.
    #[test]
    fn a_save_cut_anywhere_reads_as_the_state_before_or_after(
        names in proptest::collection::vec("[a-z%\"\\\\é]{0,12}", 0..6),
        seconds in proptest::collection::vec(0.1f64..1e6, 6),
        cut in 0usize..4096,
    ) {
        let scratch = Scratch::new(&format!("random-{cut}"));
        let mut file = StateFile::at(scratch.state());
        let _: Loaded<State> = file.load();
        let before = sample(2);
        file.save(&mut before.clone()).expect("the first save");
        let after = State {
            times: names
                .iter()
                .zip(&seconds)
                .map(|(name, &seconds)| Time { puzzle: name.clone(), seconds })
                .collect(),
            ..sample(0)
        };
        let bytes = serde_json::to_vec(&after).expect("bytes");
        let written = cut % (bytes.len() + 1);
        let mut cut_short = |path: &Path, bytes: &[u8]| {
            write_atomic_with(path, &mut |out| {
                out.write_all(&bytes[..written])?;
                Err(io::Error::new(ErrorKind::StorageFull, "no space left"))
            })
        };
        let failed = file.save_through(&mut after.clone(), &mut |_| Wait::On, &mut cut_short);
        proptest::prop_assert!(failed.is_err());
        proptest::prop_assert_eq!(load(&scratch.state()).state, Some(before));
        file.save(&mut after.clone()).expect("a whole save");
        proptest::prop_assert_eq!(load(&scratch.state()).state, Some(after));
    }
}

/// A member or item of a file: its path (`view.size`, `times[2]`), its
/// bytes, and the bytes that are its own rather than its parts' (a name,
/// the colon and an opening bracket).
struct Part {
    path: String,
    span: std::ops::Range<usize>,
    head: std::ops::Range<usize>,
}

/// Compact JSON of `value`, with each of its parts, as a file holds them.
fn text_with_parts(value: &Value) -> (String, Vec<Part>) {
    fn write(value: &Value, path: &str, start: usize, text: &mut String, parts: &mut Vec<Part>) {
        let opened = text.len() + 1;
        let end_of_head = |text: &String, value: &Value| match value {
            Value::Object(_) | Value::Array(_) => opened.min(text.len() + 1),
            _ => start,
        };
        match value {
            Value::Object(members) => {
                text.push('{');
                for (index, (key, member)) in members.iter().enumerate() {
                    if index > 0 {
                        text.push(',');
                    }
                    let at = text.len();
                    text.push_str(&serde_json::to_string(key).expect("a key"));
                    text.push(':');
                    let inner = if path.is_empty() {
                        key.clone()
                    } else {
                        format!("{path}.{key}")
                    };
                    write(member, &inner, at, text, parts);
                }
                text.push('}');
            }
            Value::Array(items) => {
                text.push('[');
                for (index, item) in items.iter().enumerate() {
                    if index > 0 {
                        text.push(',');
                    }
                    let at = text.len();
                    write(item, &format!("{path}[{index}]"), at, text, parts);
                }
                text.push(']');
            }
            scalar => text.push_str(&scalar.to_string()),
        }
        let head = start..end_of_head(text, value);
        if !path.is_empty() {
            parts.push(Part {
                path: path.to_owned(),
                span: start..text.len(),
                head,
            });
        }
    }
    let (mut text, mut parts) = (String::new(), Vec::new());
    write(value, "", 0, &mut text, &mut parts);
    (text, parts)
}

/// The value at a path [`text_with_spans`] gives.
fn value_at<'a>(value: &'a Value, path: &str) -> Option<&'a Value> {
    path.split('.')
        .try_fold(value, |value, part| match part.split_once('[') {
            Some((key, index)) => {
                let index: usize = index.trim_end_matches(']').parse().ok()?;
                value.get(key)?.get(index)
            }
            None => value.get(part),
        })
}

#[test]
fn damage_at_any_byte_keeps_every_whole_member() {
    let original = serde_json::to_value(sample(4)).expect("a value");
    let (text, parts) = text_with_parts(&original);
    let mut cases = 0;
    for at in 0..text.len() {
        // Bytes of every kind but brackets, which can make of damage a
        // reading as likely as the true one (`tru}` ends an object); the
        // reader's bracket cases are tested one by one in `tolerant`.
        for byte in [b' ', b'x', b'"', b',', b':', 0, b'\\', b'9', 0xff, b'\n'] {
            let mut damaged = text.clone().into_bytes();
            if damaged[at] == byte {
                continue;
            }
            damaged[at] = byte;
            cases += 1;
            let stored = read_stored::<State>(&damaged);
            let state = stored.map(|stored| stored.state).unwrap_or_default();
            let read = serde_json::to_value(&state).expect("a value");
            // A part is whole where the damage is neither in it nor in
            // the name or opening bracket of a part it is in. A digit in
            // place of the comma after a number makes a longer number of
            // it, which no reader can tell.
            let whole = |part: &Part| {
                !(part.span.contains(&at) || byte.is_ascii_digit() && at == part.span.end)
                    && parts.iter().all(|outer| {
                        !(part.path.starts_with(&outer.path) && outer.head.contains(&at))
                    })
            };
            let said = || {
                format!(
                    "{:?} at {at}: {}",
                    byte as char,
                    String::from_utf8_lossy(&damaged)
                )
            };
            for part in parts.iter().filter(|part| whole(part)) {
                let expected = value_at(&original, &part.path);
                match part.path.split_once('[') {
                    // An item is kept, wherever it ends up in its list.
                    Some((list, index)) if !index.contains('.') => {
                        let items = value_at(&read, list).and_then(Value::as_array);
                        assert!(
                            items.is_some_and(|items| items
                                .iter()
                                .any(|item| Some(item) == expected)),
                            "{} lost to {}",
                            part.path,
                            said()
                        );
                    }
                    Some(_) => {}
                    None if expected.is_some_and(|value| value.is_array()) => {}
                    None => assert_eq!(
                        value_at(&read, &part.path),
                        expected,
                        "{} by {}",
                        part.path,
                        said()
                    ),
                }
            }
        }
    }
    assert!(cases > 2_000, "{cases}");
}

#[test]
fn members_a_newer_version_wrote_survive_ten_saves() {
    let scratch = Scratch::new("newer");
    let mut stored = serde_json::to_value(sample(2)).expect("a value");
    stored["future"] = serde_json::json!({"times": [{"puzzle": "z", "seconds": 9.5}]});
    stored["view"]["zoom"] = serde_json::json!(3);
    stored["times"][1]["hints"] = serde_json::json!(2);
    fs::write(scratch.state(), stored.to_string()).expect("written");
    let (mut first, mut second) = (
        StateFile::at(scratch.state()),
        StateFile::at(scratch.state()),
    );
    let mut one: State = first.load().state.expect("a state");
    let mut two: State = second.load().state.expect("a state");
    for round in 0..10 {
        // Each window changes something of its own, and saves.
        one.speed = f32::from(round as u8);
        one.save_into(&mut first);
        two.name = format!("round {round}");
        two.times[0].seconds = 20.0 - f64::from(round);
        two.save_into(&mut second);
    }
    let on_disk: Value =
        serde_json::from_slice(&fs::read(scratch.state()).expect("the file")).expect("JSON");
    assert_eq!(on_disk["future"], stored["future"]);
    assert_eq!(on_disk["view"]["zoom"], 3);
    assert_eq!(on_disk["times"][1]["hints"], 2);
    assert_eq!(on_disk["speed"], 9.0);
    assert_eq!(on_disk["name"], "round 9");
    assert_eq!(on_disk["times"][0]["seconds"], 11.0);
}

impl State {
    fn save_into(&mut self, file: &mut StateFile) {
        file.save(self).expect("a save");
    }
}

/// A state of three games, each played in a window of its own, and the
/// best times all of them keep.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
struct Games {
    a: Game,
    b: Game,
    c: Game,
    times: Vec<Time>,
}

impl Games {
    fn game(&mut self, window: usize) -> &mut Game {
        match window {
            0 => &mut self.a,
            1 => &mut self.b,
            _ => &mut self.c,
        }
    }
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
struct Game {
    puzzle: u32,
    laid: Vec<u32>,
    marks: Vec<u32>,
}

impl Saved for Games {
    fn merge_from(&mut self, theirs: Self) {
        keep_best(&mut self.times, theirs.times);
    }

    fn together() -> Vec<Vec<String>> {
        ["a", "b", "c"]
            .map(|game| {
                ["puzzle", "laid", "marks"]
                    .map(|part| format!("{game}.{part}"))
                    .to_vec()
            })
            .to_vec()
    }
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(48))]

    /// Two or three windows, each playing a game of its own (numbers
    /// laid, marks, a new puzzle) and setting best times, save in turn in
    /// a random order: after every save the file holds every game as its
    /// window last saved it, and every best time at least as good.
    #[test]
    fn windows_saving_in_turn_lose_no_game_mark_or_time(
        windows in 2usize..=3,
        steps in proptest::collection::vec((0usize..3, 0u8..4, 1u32..50), 1..40),
    ) {
        let scratch = Scratch::new(&format!("turns-{windows}-{}", steps.len()));
        let mut files: Vec<StateFile> = (0..windows).map(|_| StateFile::at(scratch.state())).collect();
        let mut states: Vec<Games> = files.iter_mut().map(|file| file.load().state.unwrap_or_default()).collect();
        let mut saved_games = vec![Game::default(); 3];
        let mut best: Vec<(String, f64)> = Vec::new();
        for (window, action, value) in steps {
            let window = window % windows;
            let state = &mut states[window];
            match action {
                0 => state.game(window).laid.push(value),
                1 => state.game(window).marks.push(value),
                2 => *state.game(window) = Game { puzzle: value, ..Game::default() },
                _ => {
                    let puzzle = format!("p{}", value % 5);
                    let seconds = f64::from(value);
                    match state.times.iter_mut().find(|time| time.puzzle == puzzle) {
                        Some(time) => time.seconds = time.seconds.min(seconds),
                        None => state.times.push(Time { puzzle: puzzle.clone(), seconds }),
                    }
                    best.push((puzzle, seconds));
                }
            }
            files[window].save(&mut states[window]).expect("a save");
            saved_games[window] = states[window].game(window).clone();
            let mut on_disk: Games = load_games(&scratch.state());
            for (game, saved) in saved_games.iter().enumerate().take(windows) {
                proptest::prop_assert_eq!(&*on_disk.game(game), saved, "game {}", game);
            }
            for (puzzle, seconds) in &best {
                let kept = on_disk.times.iter().find(|time| &time.puzzle == puzzle);
                proptest::prop_assert!(kept.is_some_and(|time| time.seconds <= *seconds), "{puzzle}");
            }
        }
    }
}

fn load_games(path: &Path) -> Games {
    StateFile::at(path).load().state.unwrap_or_default()
}

#[test]
fn a_save_waits_for_a_turn_held_elsewhere_and_says_so() {
    let scratch = Scratch::new("held");
    let mut file = StateFile::at(scratch.state());
    let _: Loaded<State> = file.load();
    let lock = fs::OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .open(scratch.0.join(".state.json.lock"))
        .expect("the lock file");
    lock.lock().expect("the lock");
    // A save that runs out of patience writes anyway.
    let mut asked = 0;
    let outcome = file.save_with(&mut sample(1), &mut |waited| {
        asked += 1;
        if waited >= Duration::from_millis(100) {
            Wait::WriteAnyway
        } else {
            Wait::On
        }
    });
    assert_eq!(outcome, Ok(SaveOutcome::Written { merged: false }));
    assert!(asked >= 3, "{asked}");
    // A saver waits on its own thread, says so, and saves once the turn
    // is free.
    let woken = std::sync::Arc::new(std::sync::atomic::AtomicUsize::new(0));
    let mut saver = {
        let woken = woken.clone();
        Saver::start(StateFile::at(scratch.state()), move || {
            woken.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        })
        .expect("a saver")
    };
    saver.save(sample(3));
    let began = Instant::now();
    while !saver.waiting() {
        assert!(
            began.elapsed() < Duration::from_secs(5),
            "never said it waits"
        );
        std::thread::sleep(Duration::from_millis(10));
    }
    assert!(saver.busy());
    assert!(woken.load(std::sync::atomic::Ordering::Relaxed) >= 1);
    drop(lock);
    let replies = saver.wait();
    assert!(!saver.waiting());
    assert_eq!(replies.len(), 1);
    assert!(replies[0].outcome.is_ok());
    assert_eq!(load(&scratch.state()).state, Some(sample(3)));
}

#[test]
fn after_a_merge_a_save_of_nothing_new_writes_nothing() {
    let scratch = Scratch::new("settled");
    let (mut first, mut second) = (
        StateFile::at(scratch.state()),
        StateFile::at(scratch.state()),
    );
    let mut one: State = first.load().state.unwrap_or_default();
    let mut two: State = second.load().state.unwrap_or_default();
    one.speed = 3.0;
    first.save(&mut one).expect("a save");
    two.name = "two".to_owned();
    assert_eq!(
        second.save(&mut two),
        Ok(SaveOutcome::Written { merged: true })
    );
    let written = fs::read(scratch.state()).expect("the file");
    // Nothing new on either side: no write, no merge, the file as it was.
    assert_eq!(second.save(&mut two), Ok(SaveOutcome::Unchanged));
    assert_eq!(first.save(&mut one), Ok(SaveOutcome::Adopted));
    assert_eq!(one, two);
    assert_eq!(first.save(&mut one), Ok(SaveOutcome::Unchanged));
    assert_eq!(fs::read(scratch.state()).expect("the file"), written);
}
