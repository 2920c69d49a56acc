//! What every command has in common: a label, a description for its hover
//! text and optionally a keyboard shortcut, all owned by the command type so
//! that a button, its key and its hint cannot disagree. Nothing here knows
//! egui: sessions and their commands are plain data, and the UI turns a
//! [`Shortcut`] into egui's own type when it reads the keyboard.

use super::files::TraceExport;
use std::fmt;

use gridtour::tr;

/// A key a command can be bound to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Key {
    /// The letter H.
    H,
    /// The letter K.
    K,
    /// The letter O.
    O,
    /// The letter P.
    P,
    /// The letter S.
    S,
    /// The letter Y.
    Y,
    /// The letter Z.
    Z,
    /// Escape.
    Escape,
    /// The space bar.
    Space,
    /// Left arrow.
    ArrowLeft,
    /// Right arrow.
    ArrowRight,
    /// Home.
    Home,
    /// End.
    End,
    /// `+` (also `=`, the same key unshifted).
    Plus,
    /// `-`.
    Minus,
    /// `0`.
    Num0,
    /// F1.
    F1,
}

impl Key {
    fn name(self) -> &'static str {
        match self {
            Key::H => "H",
            Key::K => "K",
            Key::O => "O",
            Key::P => "P",
            Key::S => "S",
            Key::Y => "Y",
            Key::Z => "Z",
            Key::Escape => "Esc",
            Key::Space => tr!("key-space"),
            Key::ArrowLeft => tr!("key-left"),
            Key::ArrowRight => tr!("key-right"),
            Key::Home => "Home",
            Key::End => "End",
            Key::Plus => "+",
            Key::Minus => "-",
            Key::Num0 => "0",
            Key::F1 => "F1",
        }
    }
}

/// A key with its modifiers. `command` is Ctrl, or Cmd on a Mac.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Shortcut {
    /// The key.
    pub key: Key,
    /// Whether Ctrl (Cmd on a Mac) is held.
    pub command: bool,
    /// Whether Shift is held.
    pub shift: bool,
}

impl Shortcut {
    /// The key alone.
    pub const fn plain(key: Key) -> Self {
        Self {
            key,
            command: false,
            shift: false,
        }
    }

    /// Ctrl (Cmd) and the key.
    pub const fn command(key: Key) -> Self {
        Self {
            key,
            command: true,
            shift: false,
        }
    }

    /// Ctrl (Cmd), Shift and the key.
    pub const fn command_shift(key: Key) -> Self {
        Self {
            key,
            command: true,
            shift: true,
        }
    }
}

/// `Ctrl+Shift+Z`, or `Cmd+Shift+Z` on a Mac.
impl fmt::Display for Shortcut {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.command {
            let name = if cfg!(target_os = "macos") {
                "Cmd"
            } else {
                "Ctrl"
            };
            write!(f, "{name}+")?;
        }
        if self.shift {
            write!(f, "Shift+")?;
        }
        f.write_str(self.key.name())
    }
}

/// A command a person can give, by button or key.
pub trait Command {
    /// The button's text.
    fn label(&self) -> &'static str;
    /// What it does, for the hover text.
    fn description(&self) -> &'static str;
    /// The keys that give it; the first is the one shown in hints.
    fn shortcuts(&self) -> &'static [Shortcut] {
        &[]
    }
    /// The hover text: the description and the first key.
    fn hint(&self) -> String {
        match self.shortcuts().first() {
            Some(shortcut) => format!("{} ({shortcut})", self.description()),
            None => self.description().to_owned(),
        }
    }
}

/// Walking the history and the path on show, the same in both modes: undo
/// and redo go over every move (edits included), the playback commands only
/// over the moves of the path on show (the animation is the history's
/// cursor moving along that path).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Step {
    /// Takes back the last move.
    Undo,
    /// Makes the last move taken back again.
    Redo,
    /// Back to the path's first position.
    First,
    /// One position back along the path.
    Back,
    /// Plays the path from where it is.
    Play,
    /// Stops playing.
    Pause,
    /// One position forward along the path.
    Forward,
    /// To the path's last position.
    Last,
}

impl Step {
    /// Every step command, for the keyboard.
    pub const ALL: [Step; 8] = [
        Step::Undo,
        Step::Redo,
        Step::First,
        Step::Back,
        Step::Play,
        Step::Pause,
        Step::Forward,
        Step::Last,
    ];
}

impl Command for Step {
    fn label(&self) -> &'static str {
        match self {
            Step::Undo => tr!("undo"),
            Step::Redo => tr!("redo"),
            Step::First => tr!("first"),
            Step::Back => tr!("back"),
            Step::Play => tr!("play"),
            Step::Pause => tr!("pause"),
            Step::Forward => tr!("forward"),
            Step::Last => tr!("last"),
        }
    }

    fn description(&self) -> &'static str {
        match self {
            Step::Undo => tr!("undo-does"),
            Step::Redo => tr!("redo-does"),
            Step::First => tr!("first-does"),
            Step::Back => tr!("back-does"),
            Step::Play => tr!("play-does"),
            Step::Pause => tr!("pause-does"),
            Step::Forward => tr!("forward-does"),
            Step::Last => tr!("last-does"),
        }
    }

    fn shortcuts(&self) -> &'static [Shortcut] {
        match self {
            Step::Undo => const { &[Shortcut::command(Key::Z)] },
            Step::Redo => const { &[Shortcut::command_shift(Key::Z), Shortcut::command(Key::Y)] },
            Step::First => const { &[Shortcut::plain(Key::Home)] },
            Step::Back => const { &[Shortcut::plain(Key::ArrowLeft)] },
            Step::Play | Step::Pause => const { &[Shortcut::plain(Key::Space)] },
            Step::Forward => const { &[Shortcut::plain(Key::ArrowRight)] },
            Step::Last => const { &[Shortcut::plain(Key::End)] },
        }
    }
}

/// What applying a command asks of the window, besides the session's own
/// change: sessions never run threads or touch the system themselves.
#[derive(Debug, Clone, PartialEq)]
pub enum Effect<J> {
    /// Run this job in the background, replacing whatever job runs.
    Start(J),
    /// Run this quick job beside the main one (which it leaves alone),
    /// replacing the last such job: the play-mode adviser. Its result
    /// comes back as an item, not as the end of the mode's job.
    Advise(J),
    /// Stop the adviser's job: the position it was asked about is gone.
    EndAdvice,
    /// Stop the job this session started: its board has changed.
    Cancel,
    /// Put this link on the clipboard (in a browser, as the page's
    /// address that opens it).
    Copy(String),
    /// Save a watched search's steps as a picture, where the Save dialog
    /// says.
    SaveTrace(TraceExport),
}

impl<J> Effect<J> {
    /// The same effect with its job turned into another type (the window's
    /// work, which tags it with the mode that asked).
    pub fn map<K>(self, job: impl FnOnce(J) -> K) -> Effect<K> {
        match self {
            Effect::Start(work) => Effect::Start(job(work)),
            Effect::Advise(work) => Effect::Advise(job(work)),
            Effect::EndAdvice => Effect::EndAdvice,
            Effect::Cancel => Effect::Cancel,
            Effect::Copy(text) => Effect::Copy(text),
            Effect::SaveTrace(export) => Effect::SaveTrace(export),
        }
    }
}

/// A question put to the person before a command that would stop long
/// work; the session keeps the command and carries it out on yes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Question {
    /// The question.
    pub text: String,
}

/// A command that may answer the question on show.
pub trait Answer {
    /// `Some(true)` for yes, `Some(false)` for no, `None` for any other
    /// command.
    fn answer(&self) -> Option<bool>;
}

/// The question a session waits on, with the command it is about.
#[derive(Debug, Clone, PartialEq)]
pub struct Asking<C> {
    pending: Option<(Question, C)>,
}

impl<C> Default for Asking<C> {
    fn default() -> Self {
        Self { pending: None }
    }
}

impl<C: Answer> Asking<C> {
    /// The question waiting for an answer.
    pub fn question(&self) -> Option<&Question> {
        self.pending.as_ref().map(|(question, _)| question)
    }

    /// Screens `command`: an answer resolves the question (yes gives back
    /// the command it was about); any other command is held back with a
    /// question when `interruption` has one for it, and otherwise given
    /// back to be carried out (dropping an unanswered question).
    pub fn screen(
        &mut self,
        command: C,
        interruption: impl FnOnce(&C) -> Option<String>,
    ) -> Option<C> {
        match command.answer() {
            Some(true) => self.pending.take().map(|(_, asked)| asked),
            Some(false) => {
                self.pending = None;
                None
            }
            None if self.pending.is_none() => match interruption(&command) {
                Some(text) => {
                    self.pending = Some((Question { text }, command));
                    None
                }
                None => Some(command),
            },
            None => {
                self.pending = None;
                Some(command)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hints_name_the_first_key() {
        assert_eq!(
            Step::Undo.hint(),
            "Take back the last move or edit (Ctrl+Z)"
        );
        assert_eq!(
            Step::Redo.hint(),
            "Make the move or edit taken back again (Ctrl+Shift+Z)"
        );
        assert_eq!(Step::Redo.shortcuts()[1].to_string(), "Ctrl+Y");
        assert_eq!(Step::Pause.hint(), "Stop playing (Space)");
    }
}
