//! A player's record of a game's puzzles: the shelf of puzzles met (those
//! that ship, those opened and those generated), each with whether it was
//! solved and the best time. Each puzzle game keeps a shelf of its own,
//! keyed by its puzzles' links. No egui in here.

use std::time::Duration;

use gridtour::i18n::{self, Language};
use gridtour::level::Level;
use gridtour::message::cut_name;
use gridtour::saved_state::read_leniently;
use gridtour::tr;
use serde::{Deserialize, Serialize};

use super::clock::LONGEST_SECONDS;

/// The most puzzles the shelf keeps; beyond, the oldest unsolved go first.
const SHELF_MAX: usize = 300;

/// How a generated puzzle is named on the shelf and in the settings,
/// before its seed: in no language, so that it is worded as the window
/// speaks when drawn.
const GENERATED: &str = "generated:";

/// The name of the puzzle Generate made from `seed`.
pub fn generated_name(seed: u64) -> String {
    format!("{GENERATED}{seed}")
}

/// The name earlier versions stored for a generated puzzle, worded as
/// the window then spoke ("generated puzzle (seed 5)"), as
/// [`generated_name`] names it now: so that it too is worded in the
/// language of the window.
fn from_earlier_words(name: &str) -> Option<String> {
    Language::ALL.into_iter().find_map(|language| {
        let worded = i18n::within(language, || tr!("generated-puzzle", seed = SEED_MARK));
        let (before, after) = worded.split_once(SEED_MARK)?;
        let seed = name
            .strip_prefix(before)?
            .strip_suffix(after)?
            .parse()
            .ok()?;
        Some(generated_name(seed))
    })
}

/// Where a seed stands in a generated puzzle's name in words.
const SEED_MARK: &str = "{seed}";

/// The seed of a generated puzzle's name ([`generated_name`]).
pub fn generated_seed(name: &str) -> Option<u64> {
    name.strip_prefix(GENERATED)?.parse().ok()
}

/// One puzzle on the shelf. Read value by value: a record keeps its
/// puzzle whatever else of it cannot be read, and a best time that no
/// solve can have is dropped.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(try_from = "serde_json::Value")]
pub struct Record {
    /// The puzzle, as its link (a puzz.link URL for Goishi Hiroi).
    pub url: String,
    /// Where it came from ("cross-unique.txt", "generated puzzle (seed 2)").
    pub name: String,
    /// Its width and height in grid points or squares.
    pub size: (u32, u32),
    /// Its pieces: Goishi stones, or the givens of a knight's tour puzzle.
    #[serde(rename = "stones")]
    pub pieces: usize,
    /// Its level, once rated or generated for one.
    pub level: Option<String>,
    /// Whether the player has picked every stone.
    pub solved: bool,
    /// The fastest solve, in seconds.
    pub best_seconds: Option<f64>,
}

/// A record as it is written, read with every field optional.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
struct StoredRecord {
    url: String,
    name: String,
    size: (u32, u32),
    #[serde(rename = "stones")]
    pieces: usize,
    level: Option<String>,
    solved: bool,
    best_seconds: Option<f64>,
}

impl TryFrom<serde_json::Value> for Record {
    type Error = &'static str;

    fn try_from(value: serde_json::Value) -> Result<Record, Self::Error> {
        let (stored, _) = read_leniently::<StoredRecord>(&value);
        if stored.url.is_empty() {
            return Err("a shelf record without its puzzle");
        }
        Ok(Record {
            url: stored.url,
            name: from_earlier_words(&stored.name).unwrap_or_else(|| cut_name(&stored.name)),
            size: stored.size,
            pieces: stored.pieces,
            level: stored.level,
            solved: stored.solved,
            best_seconds: stored.best_seconds.filter(|&seconds| valid_best(seconds)),
        })
    }
}

/// Whether `seconds` can be the time of a solve.
fn valid_best(seconds: f64) -> bool {
    seconds.is_finite() && seconds > 0.0 && seconds <= LONGEST_SECONDS
}

/// `records` with what `theirs` (another window's shelf) knows that they
/// do not: its puzzles after these, and of a puzzle both have, the better
/// best time, solved if either solved it, and a level if either rated it.
pub fn merged(records: &[Record], theirs: Vec<Record>) -> Vec<Record> {
    let mut all = records.to_vec();
    for their in theirs {
        match all.iter_mut().find(|record| record.url == their.url) {
            Some(record) => {
                record.solved |= their.solved;
                record.level = record.level.take().or(their.level);
                record.best_seconds = match (record.best_seconds, their.best_seconds) {
                    (Some(mine), Some(theirs)) => Some(mine.min(theirs)),
                    (mine, theirs) => mine.or(theirs),
                };
            }
            None => all.push(their),
        }
    }
    Shelf::from_records(all).records
}

impl Record {
    /// Its level, if it has one gridtour knows.
    pub fn level(&self) -> Option<Level> {
        Level::ALL
            .into_iter()
            .find(|level| self.level.as_deref() == Some(level.name()))
    }

    /// The best time, if there is one.
    pub fn best(&self) -> Option<Duration> {
        self.best_seconds
            .and_then(|seconds| Duration::try_from_secs_f64(seconds).ok())
    }

    /// A puzzle met for the first time.
    fn new(url: &str, name: &str, size: (u32, u32), pieces: usize) -> Record {
        Record {
            url: url.to_owned(),
            name: name.to_owned(),
            size,
            pieces,
            level: None,
            solved: false,
            best_seconds: None,
        }
    }
}

/// The puzzles met, most recent first.
#[derive(Debug, Clone, Default)]
pub struct Shelf {
    records: Vec<Record>,
    /// How many times it changed: a save writes it again after it
    /// changed, even where nothing on the board did (a rating, a merge).
    changes: u64,
}

impl PartialEq for Shelf {
    fn eq(&self, other: &Shelf) -> bool {
        self.records == other.records
    }
}

impl Shelf {
    /// The shelf as stored.
    pub fn from_records(records: Vec<Record>) -> Shelf {
        let mut shelf = Shelf::default();
        for record in records.into_iter().rev() {
            shelf.put(record);
        }
        shelf
    }

    /// Takes `records` for its own (the shelf merged with another
    /// window's).
    pub fn replace(&mut self, records: Vec<Record>) {
        let changes = self.changes + 1;
        *self = Shelf::from_records(records);
        self.changes = changes;
    }

    /// How many times the shelf changed since it was made.
    pub fn changes(&self) -> u64 {
        self.changes
    }

    /// Every record, most recent first.
    pub fn records(&self) -> &[Record] {
        &self.records
    }

    /// The record of the puzzle `url`, if it is on the shelf.
    pub fn get(&self, url: &str) -> Option<&Record> {
        self.records.iter().find(|record| record.url == url)
    }

    /// Puts the puzzle first on the shelf, keeping what is known of it.
    pub fn note(&mut self, url: &str, name: &str, size: (u32, u32), pieces: usize) {
        self.changes += 1;
        let record = match self.take(url) {
            Some(known) => Record {
                name: name.to_owned(),
                ..known
            },
            None => Record::new(url, name, size, pieces),
        };
        self.put(record);
    }

    /// Adds a puzzle at the back, unless it is there: the shipped ones.
    pub fn stock(&mut self, url: &str, name: &str, size: (u32, u32), pieces: usize) {
        self.changes += 1;
        if self.get(url).is_none() && self.records.len() < SHELF_MAX {
            self.records.push(Record::new(url, name, size, pieces));
        }
    }

    /// Records a solve of `url` in `time`, a best time unless `helped`
    /// (hints were taken); the best time before it, if any.
    pub fn solved(&mut self, url: &str, time: Duration, helped: bool) -> Option<Duration> {
        self.changes += 1;
        let record = self.records.iter_mut().find(|record| record.url == url)?;
        let before = record.best();
        record.solved = true;
        let seconds = time.as_secs_f64();
        if !helped && valid_best(seconds) && record.best_seconds.is_none_or(|best| seconds < best) {
            record.best_seconds = Some(seconds);
        }
        before
    }

    /// Records the level of `url`.
    pub fn rated(&mut self, url: &str, level: &str) {
        self.changes += 1;
        if let Some(record) = self.records.iter_mut().find(|record| record.url == url) {
            record.level = Some(level.to_owned());
        }
    }

    fn take(&mut self, url: &str) -> Option<Record> {
        let at = self.records.iter().position(|record| record.url == url)?;
        Some(self.records.remove(at))
    }

    /// Puts `record` first, making room by dropping the oldest unsolved
    /// puzzle (or the oldest of all).
    fn put(&mut self, record: Record) {
        self.take(&record.url);
        if self.records.len() >= SHELF_MAX {
            let drop = self
                .records
                .iter()
                .rposition(|record| !record.solved)
                .unwrap_or(self.records.len() - 1);
            self.records.remove(drop);
        }
        self.records.insert(0, record);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn generated_names_of_earlier_versions_are_worded_as_the_window_speaks() {
        let record = |name: &str| {
            let json = serde_json::json!({"url": "https://puzz.link/p?goishi/3/1/o", "name": name});
            Record::try_from(json).expect("a record").name
        };
        assert_eq!(record("generated puzzle (seed 5)"), generated_name(5));
        assert_eq!(record("生成したパズル（シード 12）"), generated_name(12));
        assert_eq!(
            record("generated puzzle (seed x)"),
            "generated puzzle (seed x)"
        );
        assert_eq!(record("cross-unique.txt"), "cross-unique.txt");
    }

    #[test]
    fn the_shelf_keeps_the_best_time_and_the_most_recent_first() {
        let mut shelf = Shelf::default();
        shelf.stock("u1", "one", (4, 4), 10);
        shelf.note("u2", "two", (6, 7), 11);
        assert_eq!(shelf.records()[0].url, "u2");
        assert_eq!(shelf.solved("u1", Duration::from_secs(90), false), None);
        assert_eq!(
            shelf.solved("u1", Duration::from_secs(120), false),
            Some(Duration::from_secs(90))
        );
        // A solve with hints is no record.
        shelf.solved("u1", Duration::from_secs(5), true);
        assert_eq!(shelf.get("u1").and_then(|r| r.best_seconds), Some(90.0));
        shelf.note("u1", "one again", (4, 4), 10);
        assert_eq!(shelf.records()[0].name, "one again");
        assert!(shelf.records()[0].solved);
        let again = Shelf::from_records(shelf.records().to_vec());
        assert_eq!(again, shelf);
    }

    #[test]
    fn a_full_shelf_drops_its_oldest_unsolved_puzzle() {
        let mut shelf = Shelf::default();
        for i in 0..SHELF_MAX {
            shelf.note(&format!("u{i}"), "p", (5, 5), 7);
        }
        shelf.solved("u0", Duration::from_secs(1), false);
        shelf.note("new", "p", (5, 5), 7);
        assert_eq!(shelf.records().len(), SHELF_MAX);
        assert!(shelf.get("u0").is_some(), "a solved one stays");
        assert!(shelf.get("u1").is_none(), "the oldest unsolved goes");
    }
}
