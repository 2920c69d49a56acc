//! Saving the window's state: every few seconds and on closing, on a
//! thread of its own (a save waiting for another window's turn never
//! holds up a frame), whether or not eframe's own storage works. A save
//! that took in another window's game shows it in the modes this window
//! left alone since.

use web_time::{Duration, Instant};

use gridtour::message::printable;
use gridtour::saved_state::{Reply, SaveOutcome, Saver, StateFile, Trouble};
use gridtour::tr;

use super::GridtourApp;
use super::modes::Mode;
use super::settings::{Earlier, Settings};

/// How often the state is saved while the window is open (it is also
/// saved when it closes), so that a crash loses at most a few seconds of
/// play; another window's saves are taken in as often.
pub const AUTO_SAVE_INTERVAL: Duration = Duration::from_secs(5);

/// How long the last save, on closing, waits for another window's turn
/// before it writes anyway.
const CLOSING_PATIENCE: Duration = Duration::from_secs(5);

impl GridtourApp {
    /// The same window, saving its state to `file`, from which it was read
    /// with `trouble`.
    pub fn saving_to(mut self, file: StateFile, trouble: Option<Trouble>) -> Self {
        self.start_saving(file);
        self.state_trouble = trouble;
        self
    }

    /// The same window, keeping what an earlier version saved in
    /// `earlier` until its state is first saved.
    pub fn keeping(self, earlier: Earlier) -> Self {
        Self {
            earlier: earlier.kept().then_some(earlier),
            ..self
        }
    }

    /// Saves the state to `file` from now on.
    pub(super) fn start_saving(&mut self, mut file: StateFile) {
        // What the sessions make of the settings read (a game's numbers
        // written out, the shipped puzzles on the shelf) is what this
        // window starts from, not a change of its own.
        self.remember_sessions();
        file.start_from(&self.settings);
        let path = file.path().to_path_buf();
        match Saver::start(file, self.waker()) {
            Ok(saver) => self.saver = Some(saver),
            Err(error) => {
                self.state_trouble = Some(Trouble::NotSaved {
                    path,
                    reason: error.to_string(),
                });
            }
        }
    }

    /// Writes each mode whose session changed since it was last written
    /// into the settings: a mode left alone keeps what a save took in
    /// from another window.
    pub(super) fn remember_sessions(&mut self) {
        for (index, mode) in Mode::ALL.into_iter().enumerate() {
            let shown = self.pane(mode).shown();
            if self.remembered[index] != Some(shown) {
                self.remembered[index] = Some(shown);
                let (pane, settings) = self.pane_and_settings(mode);
                pane.remember(settings);
            }
        }
    }

    /// Saves when it is time, if anything changed here or another window
    /// saved; takes in the answers of earlier saves.
    pub(super) fn autosave(&mut self, now: Instant) {
        self.take_save_replies();
        if now >= self.next_save {
            self.next_save = now + AUTO_SAVE_INTERVAL;
            self.request_save();
        }
    }

    fn request_save(&mut self) {
        if self.saver.as_ref().is_none_or(Saver::busy) {
            return;
        }
        self.remember_sessions();
        let Some(saver) = &mut self.saver else {
            return;
        };
        if self.last_sent.as_ref() == Some(&self.settings) && !saver.others_saved() {
            return;
        }
        saver.save(self.settings.clone());
        self.last_sent = Some(self.settings.clone());
    }

    /// Saves now and waits for the answer, as closing does.
    #[cfg(test)]
    pub fn save_now(&mut self) {
        self.last_sent = None;
        self.request_save();
        let replies = self.saver.as_mut().map(Saver::wait).unwrap_or_default();
        for reply in replies {
            self.took_reply(reply);
        }
    }

    fn take_save_replies(&mut self) {
        let replies = self.saver.as_mut().map(Saver::replies).unwrap_or_default();
        for reply in replies {
            self.took_reply(reply);
        }
    }

    fn took_reply(&mut self, reply: Reply<Settings>) {
        match reply.outcome {
            Ok(outcome) => {
                if matches!(self.state_trouble, Some(Trouble::NotSaved { .. })) {
                    self.state_trouble = None;
                }
                self.forget_earlier();
                // One save is under way at a time: it sent `last_sent`.
                let merged = matches!(
                    outcome,
                    SaveOutcome::Adopted | SaveOutcome::Written { merged: true }
                );
                if merged && let Some(sent) = self.last_sent.take() {
                    let base = self.adopt_saved(&sent, &reply.saved);
                    if let Some(saver) = &mut self.saver {
                        saver.rebase(base);
                    }
                }
            }
            // A trouble reading the file says more than the save it holds off.
            Err(trouble) => {
                if !matches!(
                    self.state_trouble,
                    Some(
                        Trouble::Unreadable { .. }
                            | Trouble::Damaged { .. }
                            | Trouble::PartlyRead { .. }
                    )
                ) {
                    self.state_trouble = Some(trouble);
                }
            }
        }
    }

    /// Takes in `saved`, the state `sent` with another window's saves
    /// merged in: each mode this window left alone since it sent them, not
    /// on show and running nothing, starts over as the other window left
    /// it; the others keep this window's game and take in the records.
    /// Returns the state to count this window's changes from, for the
    /// saver: what this window kept does not count as changed here.
    pub(super) fn adopt_saved(&mut self, sent: &Settings, saved: &Settings) -> Settings {
        let mut base = Settings {
            modes: saved.modes.clone(),
            ..sent.clone()
        };
        let mut kept = Vec::new();
        for (index, mode) in Mode::ALL.into_iter().enumerate() {
            if saved.modes.same_for(&sent.modes, mode) {
                continue;
            }
            let left_alone = self.settings.modes.same_for(&sent.modes, mode)
                && self.remembered[index] == Some(self.pane(mode).shown());
            let idle = mode != self.settings.mode
                && self.jobs.owner() != Some(mode)
                && self.adviser.owner() != Some(mode);
            if left_alone && idle {
                let (pane, settings) = self.pane_and_settings(mode);
                settings.modes.take_for(&saved.modes, mode);
                pane.restore(settings);
                self.remembered[index] = Some(self.pane(mode).shown());
            } else {
                base.modes.take_for(&sent.modes, mode);
                kept.push(mode);
            }
        }
        self.settings.modes.merge_from(saved.modes.clone());
        for mode in kept {
            let (pane, settings) = self.pane_and_settings(mode);
            pane.adopt(settings);
        }
        base
    }

    /// Saves the state one last time, as the window closes.
    pub(super) fn save_on_closing(&mut self) {
        // A running clock moves without a move on the board: the mode on
        // show is written as it is now.
        if let Some(index) = Mode::ALL
            .iter()
            .position(|&mode| mode == self.settings.mode)
        {
            self.remembered[index] = None;
        }
        self.remember_sessions();
        let Some(saver) = self.saver.take() else {
            return;
        };
        let Some(reply) = saver.finish(self.settings.clone(), CLOSING_PATIENCE) else {
            return;
        };
        match reply.outcome {
            Ok(_) => self.forget_earlier(),
            Err(trouble) => eprintln!("gridtour: {}", trouble_words(&trouble)),
        }
    }

    /// Drops what earlier versions kept: the state file holds it now.
    fn forget_earlier(&mut self) {
        if let Some(earlier) = self.earlier.take() {
            earlier.forget();
            self.forget_earlier_key = true;
        }
    }

    /// Whether a save waits for another window's turn.
    pub(super) fn save_waiting(&self) -> bool {
        self.saver.as_ref().is_some_and(Saver::waiting)
    }
}

/// What went wrong with the saved state, in words.
pub fn trouble_words(trouble: &Trouble) -> String {
    let shown = |path: &std::path::Path| printable(&path.display().to_string());
    match trouble {
        Trouble::Unreadable { path, reason } => tr!(
            "state-unreadable",
            path = shown(path),
            reason = printable(reason)
        ),
        Trouble::Damaged {
            path,
            kept_as: Some(kept_as),
        } => tr!("state-damaged", path = shown(path), kept = shown(kept_as)),
        Trouble::Damaged {
            path,
            kept_as: None,
        } => tr!("state-damaged-held", path = shown(path)),
        Trouble::PartlyRead {
            path,
            kept_as,
            unread,
            cut_short,
        } => {
            let read = if *cut_short {
                tr!("state-cut-short", path = shown(path))
            } else {
                tr!(
                    "state-partly-read",
                    path = shown(path),
                    count = unread.len()
                )
            };
            let kept = match kept_as {
                Some(kept_as) => tr!("state-copy-kept", kept = shown(kept_as)),
                None => tr!("state-copy-not-kept").to_owned(),
            };
            tr!("state-read-and-kept", read = read, kept = kept)
        }
        Trouble::NotSaved { reason, .. } => {
            tr!("state-not-saved", reason = printable(reason))
        }
    }
}
