//! What the Goishi session keeps for its player: the clock of a game, the
//! shelf of puzzles met and their best times.

use super::*;
use crate::app::clock::SavedClock;
use crate::app::shelf::generated_seed;

/// A Goishi puzzle's source (as the settings and the shelf keep it) in
/// words: a generated puzzle's by its seed, in the window's language; any
/// other name as it is.
pub fn source_words(name: &str) -> String {
    match generated_seed(name) {
        Some(seed) => tr!("generated-puzzle", seed = seed),
        None => name.to_owned(),
    }
}

impl GoishiSession {
    /// Puts the puzzle on show first on the shelf, under its name; not a
    /// puzzle too big to play by hand, whose link would weigh on every
    /// save of the settings.
    pub(super) fn put_on_shelf(&mut self) {
        if self.puzzle.stone_count() > 0 && self.url.len() <= SHELF_URL_MAX {
            let size = (self.puzzle.width(), self.puzzle.height());
            let stones = self.puzzle.stone_count();
            self.shelf.note(&self.url, &self.source, size, stones);
        }
    }

    /// Starts the clock on a game's first pick and stops it on its last,
    /// keeping the time on the shelf.
    pub(super) fn time_the_game(&mut self) {
        let now = Instant::now();
        if self.game.picks().len() == 1 {
            self.clock.start(now);
        }
        if self.game.is_complete() && self.solved_in.is_none() && self.clock.reading(now).is_some()
        {
            let time = self.clock.stop(now);
            if self.shelf.get(&self.url).is_none() {
                self.put_on_shelf();
            }
            let best = self.shelf.solved(&self.url, time, self.helped);
            self.solved_in = Some((time, best));
        }
    }

    /// Takes up the clock `saved` with the game just put back on the
    /// board: its time runs on once the game is in play and in view, and
    /// a game that ended says its time.
    pub(super) fn take_up_the_clock(&mut self, saved: Option<SavedClock>) {
        if self.game.picks().is_empty() {
            return;
        }
        (self.clock, self.helped) = Clock::restored(saved);
        let taken = self.clock.time_taken().filter(|_| self.game.is_complete());
        self.solved_in = taken.map(|time| (time, None));
    }

    /// The clock of the game in play, once its first pick is made.
    pub fn clock(&self) -> &Clock {
        &self.clock
    }

    /// The puzzles met.
    pub fn shelf(&self) -> &Shelf {
        &self.shelf
    }

    /// Takes `records` (the shelf merged with another window's) for the
    /// shelf on show.
    pub fn adopt_shelf(&mut self, records: &[Record]) {
        self.shelf.replace(records.to_vec());
    }

    /// The best time of the puzzle on show, if it was ever solved.
    pub fn best_time(&self) -> Option<Duration> {
        self.shelf.get(&self.url)?.best()
    }

    /// Holds the clock while the window is out of view or play mode is
    /// left, and lets it run on when both come back.
    pub fn in_view(&mut self, in_view: bool) {
        let now = Instant::now();
        if in_view && self.interaction == Interaction::Play {
            self.clock.resume(now);
        } else {
            self.clock.pause(now);
        }
    }
}
