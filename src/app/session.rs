//! What every mode's session shares, as the mid end of a puzzle collection
//! does: the history of moves (for undo, redo and playback), the notice on
//! show, the job in flight and how the last one ended, the question put
//! before a command that would stop long work, and the revision the canvas
//! redraws on. [`Core`] holds that state once; [`Session`] runs every
//! command through one pipeline (can it be given? does it need a question
//! first? then perform it) and each mode supplies only what differs.
//! No egui in here.

use web_time::Instant;

use gridtour::job::Progress;

use super::browse::Browser;
use super::command::{Answer, Asking, Command, Effect, Question, Shortcut, Step};
use super::jobs::{JobEnd, Stopped};
use super::notice::Notice;
use super::said::Said;
use super::timeline::{MoveOwner, PathHistory, PathMove, Playback, Timeline};
use super::watch::{Lanes, Watch};
use gridtour::render::{MOST_TRACE_STEPS, Scene};
use gridtour::replay::{Cell, Event, Landmark};

use super::files::TraceExport;
use gridtour::tr;
use std::sync::mpsc::Receiver;

/// The commands every mode has, with the same meaning in each: walking the
/// history and the path on show, browsing what a search found, answering
/// the question on show.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Common {
    /// Undo, redo or a playback step.
    Step(Step),
    /// Shows the first this many positions of the path (the move slider).
    Seek(usize),
    /// Shows the tour or solution found before the one on show.
    PreviousFound,
    /// Shows the tour or solution found after the one on show.
    NextFound,
    /// Answers the question on show: yes or no.
    Answer(bool),
    /// Controls the search being watched.
    Watch(WatchStep),
}

/// What can be done with a search being watched.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WatchStep {
    /// Holds the watch where it is (the search waits too, soon after).
    Pause,
    /// Goes on at the speed chosen.
    Resume,
    /// Takes the last step back.
    Back,
    /// Shows the next step.
    Forward,
    /// Stops watching, and the search.
    Close,
    /// Runs forward at full speed to the next landmark of this kind.
    RunTo(Landmark),
    /// Goes back to the last landmark of this kind before the step on
    /// show.
    RunBack(Landmark),
    /// Saves the steps so far as an animated picture.
    SaveAnimation,
    /// Goes back to the step that took this cell as the path's cell
    /// number `depth` (from 0).
    BackToTake {
        /// The cell's place in the path.
        depth: usize,
        /// The cell.
        cell: Cell,
    },
    /// Runs forward to the step that takes this cell as the path's cell
    /// number `depth` (from 0).
    OnToTake {
        /// The cell's place in the path.
        depth: usize,
        /// The cell.
        cell: Cell,
    },
}

/// What a mode's searches find, which names its browsing commands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Finds {
    /// Knight's tours, kept by a count.
    Tours,
    /// Goishi solutions, found by a solver.
    Solutions,
}

impl Common {
    /// The button's text, with the mode's `found` words.
    pub fn label(self, finds: Finds) -> &'static str {
        match (self, finds) {
            (Common::Step(step), _) => step.label(),
            (Common::Seek(_), _) => tr!("seek"),
            (Common::PreviousFound, Finds::Tours) => tr!("previous-tour"),
            (Common::PreviousFound, Finds::Solutions) => tr!("previous-solution"),
            (Common::NextFound, Finds::Tours) => tr!("next-tour"),
            (Common::NextFound, Finds::Solutions) => tr!("next-solution"),
            (Common::Answer(true), _) => tr!("answer-yes"),
            (Common::Answer(false), _) => tr!("answer-no"),
            (Common::Watch(WatchStep::Pause), _) => tr!("watch-pause"),
            (Common::Watch(WatchStep::Resume), _) => tr!("watch-resume"),
            (Common::Watch(WatchStep::Back), _) => tr!("watch-back"),
            (Common::Watch(WatchStep::Forward), _) => tr!("watch-forward"),
            (Common::Watch(WatchStep::Close), _) => tr!("watch-close"),
            (Common::Watch(WatchStep::RunTo(_)), _) => tr!("watch-run-to"),
            (Common::Watch(WatchStep::RunBack(_)), _) => tr!("watch-run-back"),
            (Common::Watch(WatchStep::SaveAnimation), _) => tr!("watch-save-animation"),
            (Common::Watch(WatchStep::BackToTake { .. }), _) => tr!("watch-back-to-take"),
            (Common::Watch(WatchStep::OnToTake { .. }), _) => tr!("watch-on-to-take"),
        }
    }

    /// What it does, for the hover text, with the mode's `found` words.
    pub fn description(self, finds: Finds) -> &'static str {
        match (self, finds) {
            (Common::Step(step), _) => step.description(),
            (Common::Seek(_), _) => tr!("seek-does"),
            (Common::PreviousFound, Finds::Tours) => tr!("previous-tour-does"),
            (Common::PreviousFound, Finds::Solutions) => tr!("previous-solution-does"),
            (Common::NextFound, Finds::Tours) => tr!("next-tour-does"),
            (Common::NextFound, Finds::Solutions) => tr!("next-solution-does"),
            (Common::Answer(true), _) => tr!("answer-yes-does"),
            (Common::Answer(false), _) => tr!("answer-no-does"),
            (Common::Watch(WatchStep::Pause), _) => tr!("watch-pause-does"),
            (Common::Watch(WatchStep::Resume), _) => tr!("watch-resume-does"),
            (Common::Watch(WatchStep::Back), _) => tr!("watch-back-does"),
            (Common::Watch(WatchStep::Forward), _) => tr!("watch-forward-does"),
            (Common::Watch(WatchStep::Close), _) => tr!("watch-close-does"),
            (Common::Watch(WatchStep::RunTo(_)), _) => tr!("watch-run-to-does"),
            (Common::Watch(WatchStep::RunBack(_)), _) => tr!("watch-run-back-does"),
            (Common::Watch(WatchStep::SaveAnimation), _) => tr!("watch-save-animation-does"),
            (Common::Watch(WatchStep::BackToTake { .. }), _) => tr!("watch-back-to-take-does"),
            (Common::Watch(WatchStep::OnToTake { .. }), _) => tr!("watch-on-to-take-does"),
        }
    }

    /// The keys that give it.
    pub fn shortcuts(self) -> &'static [Shortcut] {
        match self {
            Common::Step(step) => step.shortcuts(),
            _ => &[],
        }
    }
}

/// The state every session has: `C` its commands, `M` the moves of its
/// history, `K` the kinds of job it runs, `P` the places its paths go
/// through (squares, points).
#[derive(Debug)]
pub struct Core<C, M, K, P> {
    /// The history of moves; the path on show is its trailing steps.
    pub moves: PathHistory<M>,
    /// Whether the path on show plays.
    pub playback: Playback,
    /// The last notice, while it is current.
    pub notice: Option<Notice>,
    /// The kind of the mode's job in flight, if one is.
    pub running: Option<K>,
    /// How the mode's last job ended.
    pub last_job: Option<JobEnd>,
    /// The question waiting for an answer, with its command.
    pub asking: Asking<C>,
    /// Changes whenever what the canvas draws changes other than by a step
    /// along the path.
    pub revision: u64,
    /// The paths a search streamed, kept for browsing.
    pub found: Browser<Vec<P>>,
    /// The search being watched, if one is.
    pub watch: Option<Watch>,
    /// The searches being compared side by side, if they are: never at
    /// the same time as a watch.
    pub lanes: Option<Lanes>,
}

impl<C, M, K, P> Default for Core<C, M, K, P> {
    fn default() -> Self {
        Self {
            moves: PathHistory::default(),
            playback: Playback::default(),
            notice: None,
            running: None,
            last_job: None,
            asking: Asking::default(),
            revision: 0,
            found: Browser::default(),
            watch: None,
            lanes: None,
        }
    }
}

impl<C, M: PathMove, K, P> Core<C, M, K, P> {
    /// Where the mode stands: it changes with every move made, undone or
    /// redone and every other change of the drawing.
    pub fn position(&self) -> (u64, u64) {
        (self.revision, self.moves.changes())
    }
}

impl<C, M, K, P> Core<C, M, K, P> {
    /// Marks the drawing as changed.
    pub fn touch(&mut self) {
        self.revision = self.revision.wrapping_add(1);
    }

    /// Shows the search whose steps come through `steps`.
    pub fn watch_steps(&mut self, steps: Receiver<Vec<Event>>) {
        self.watch = Some(Watch::new(steps));
        self.lanes = None;
        self.touch();
    }

    /// Shows side by side the searches whose steps come through `steps`.
    pub fn compare_steps(&mut self, steps: Vec<Receiver<Vec<Event>>>) {
        self.lanes = Some(Lanes::new(steps));
        self.watch = None;
        self.touch();
    }

    /// Stops watching the search or the searches compared, and the job
    /// that runs them if it still does.
    pub fn stop_watching<J>(&mut self) -> Vec<Effect<J>> {
        let watch_runs = self.watch.take().is_some_and(|watch| watch.search_runs());
        let lanes_run = self.lanes.take().is_some_and(|lanes| lanes.search_runs());
        // The status bar spoke of the search no longer on show.
        self.last_job = None;
        self.touch();
        if (watch_runs || lanes_run) && self.running.take().is_some() {
            return vec![Effect::Cancel];
        }
        Vec::new()
    }

    /// The steps the watch or the furthest lane of a comparison shows,
    /// and how many its search took once it has ended.
    pub fn watched_steps(&self) -> Option<(u64, Option<u64>)> {
        match (&self.watch, &self.lanes) {
            (Some(watch), _) => Some(watch.steps()),
            (None, Some(lanes)) => Some(lanes.steps()),
            (None, None) => None,
        }
    }

    /// Lets `seconds` pass at `speed` steps a second in the watch or the
    /// comparison on show; whether it wants another frame soon.
    pub fn tick_watch(&mut self, seconds: f32, speed: f32) -> bool {
        let watching = self
            .watch
            .as_mut()
            .is_some_and(|watch| watch.tick(seconds, speed));
        let comparing = self
            .lanes
            .as_mut()
            .is_some_and(|lanes| lanes.tick(seconds, speed));
        watching || comparing
    }
}

/// A mode's session: its state changes only through [`Session::apply`]
/// and the reports of the jobs it asked for.
pub trait Session: MoveOwner<Effect = Effect<Self::Job>> + Timeline + Sized {
    /// What a person can ask of the mode.
    type Command: Answer + From<Common>;
    /// The places its paths go through.
    type Place: Clone;
    /// The background work the mode asks for.
    type Job;
    /// What that work reports.
    type Report;
    /// Which of the mode's jobs runs.
    type JobKind;
    /// What the mode's searches find.
    const FINDS: Finds;

    /// The shared state.
    fn core(&self) -> &Core<Self::Command, Self::Move, Self::JobKind, Self::Place>;
    /// The shared state, to change it.
    fn core_mut(&mut self) -> &mut Core<Self::Command, Self::Move, Self::JobKind, Self::Place>;

    /// `command` as one of the commands every mode has, if it is one.
    fn common(command: &Self::Command) -> Option<Common>;
    /// Whether `command`, one of the mode's own, can be given now.
    fn can_own(&self, command: &Self::Command) -> bool;
    /// The question to ask before `command`, if it would stop long work a
    /// stray click should not lose.
    fn interruption(&self, command: &Self::Command) -> Option<String>;
    /// Carries out `command`, one of the mode's own, once it may be.
    fn perform(&mut self, command: Self::Command) -> Vec<Effect<Self::Job>>;
    /// Puts `path` on show as a new path, its first `shown` positions done
    /// and the rest ready to be replayed.
    fn show_path(&mut self, path: &[Self::Place], shown: usize);
    /// What the mode asks for after any command (the Goishi play-mode
    /// adviser); nothing by default.
    fn after_command(&mut self) -> Vec<Effect<Self::Job>> {
        Vec::new()
    }

    /// The board a watched search runs on, without a path, as its
    /// pictures draw it; none by default (the mode watches no search).
    fn watched_board(&self) -> Option<Scene> {
        None
    }

    /// Takes what a job streamed, or advice.
    fn job_item(&mut self, report: Self::Report);
    /// Takes the result of the mode's job.
    fn job_done(&mut self, report: Self::Report, label: Said, progress: Progress);
    /// Says what a job of `kind` left behind when it stopped early (`end`
    /// says how).
    fn job_cut_short(&mut self, kind: Self::JobKind, end: &JobEnd);

    /// Whether `command` can be given now (buttons are greyed out and keys
    /// ignored otherwise).
    fn can(&self, command: &Self::Command) -> bool {
        match Self::common(command) {
            Some(common) => self.can_common(common),
            None => self.can_own(command),
        }
    }

    /// Whether one of the commands every mode has can be given now.
    fn can_common(&self, common: Common) -> bool {
        let core = self.core();
        match common {
            Common::Step(Step::Undo) => core.moves.can_undo(),
            Common::Step(Step::Redo) => core.moves.can_redo(),
            Common::Step(step) => core.playback.can(self, step),
            Common::Seek(_) => true,
            Common::PreviousFound => core.found.has_previous(),
            Common::NextFound => core.found.has_next(),
            Common::Answer(_) => core.asking.question().is_some(),
            Common::Watch(step) if core.watch.is_none() => {
                core.lanes.as_ref().is_some_and(|lanes| match step {
                    WatchStep::Pause => !lanes.is_paused() && !lanes.is_over(),
                    WatchStep::Resume => lanes.is_paused() && !lanes.is_over(),
                    WatchStep::Back => lanes.can_go_back(),
                    WatchStep::Forward => lanes.can_go_forward(),
                    WatchStep::Close => true,
                    // Landmarks, the tree and pictures are for one search.
                    _ => false,
                })
            }
            Common::Watch(step) => core.watch.as_ref().is_some_and(|watch| match step {
                WatchStep::Pause => !watch.is_paused() && !watch.is_over(),
                WatchStep::Resume => watch.is_paused() && !watch.is_over(),
                WatchStep::Back => watch.can_go_back(),
                WatchStep::Forward => watch.can_go_forward(),
                WatchStep::Close => true,
                WatchStep::RunTo(_) => !watch.is_over(),
                WatchStep::RunBack(_) => watch.can_go_back(),
                WatchStep::SaveAnimation => {
                    (1..=MOST_TRACE_STEPS).contains(&watch.replay().counters().steps)
                }
                WatchStep::BackToTake { .. } => watch.can_go_back(),
                WatchStep::OnToTake { .. } => !watch.is_over(),
            }),
        }
    }

    /// Carries out `command` and says what the window must do for it. A
    /// command that would stop long work is first put as a question.
    fn apply(&mut self, command: Self::Command) -> Vec<Effect<Self::Job>> {
        if !self.can(&command) {
            return Vec::new();
        }
        let interruption = self.interruption(&command);
        let (position, notice) = (self.core().position(), self.core().notice.clone());
        let screened = self.core_mut().asking.screen(command, |_| interruption);
        let mut effects = match screened {
            Some(command) => match Self::common(&command) {
                Some(common) => self.perform_common(common),
                None => self.perform(command),
            },
            None => Vec::new(),
        };
        // A notice speaks of the position it was given at (a refusal, a
        // check, a hint): a command that moves on, saying nothing new, puts
        // it away. Playing the path is not a command, and keeps it.
        let core = self.core_mut();
        if core.position() != position && core.notice == notice {
            core.notice = None;
        }
        effects.extend(self.after_command());
        effects
    }

    /// Carries out one of the commands every mode has.
    fn perform_common(&mut self, common: Common) -> Vec<Effect<Self::Job>> {
        match common {
            Common::Step(Step::Undo) => return self.undo(),
            Common::Step(Step::Redo) => return self.redo(),
            Common::Step(step) => self.walk_path(step),
            Common::Seek(shown) => self.seek_path(shown),
            Common::PreviousFound | Common::NextFound => {
                let found = &mut self.core_mut().found;
                let path = match common {
                    Common::NextFound => found.next(),
                    _ => found.previous(),
                };
                if let Some(path) = path.cloned() {
                    self.show_path(&path, path.len());
                }
            }
            // Answers were taken by the question they answer.
            Common::Answer(_) => {}
            Common::Watch(step) => return self.watch_step(step),
        }
        Vec::new()
    }

    /// Carries out a watch command.
    fn watch_step(&mut self, step: WatchStep) -> Vec<Effect<Self::Job>> {
        let core = self.core_mut();
        let Some(watch) = core.watch.as_mut() else {
            return self.compare_step(step);
        };
        match step {
            WatchStep::Pause => watch.set_paused(true),
            WatchStep::Resume => watch.set_paused(false),
            // Stepping holds the watch, to look at one step at a time.
            WatchStep::Back => {
                watch.set_paused(true);
                watch.back();
            }
            WatchStep::Forward => {
                watch.set_paused(true);
                watch.forward();
            }
            WatchStep::RunTo(landmark) => watch.run_to(landmark),
            WatchStep::OnToTake { depth, cell } => watch.run_to_take(depth, cell),
            WatchStep::BackToTake { depth, cell } => {
                if !watch.back_to_take(depth, cell) {
                    self.tell(Notice::info(|| tr!("watch-take-forgotten").to_owned()));
                }
            }
            WatchStep::SaveAnimation => {
                let events = watch.replay().from_start();
                let board = self.watched_board();
                if let (Some(events), Some(scene)) = (events, board) {
                    return vec![Effect::SaveTrace(TraceExport { scene, events })];
                }
            }
            WatchStep::RunBack(landmark) => {
                if !watch.run_back_to(landmark) {
                    self.tell(Notice::info(move || {
                        tr!("watch-no-landmark-before", landmark = landmark.words())
                    }));
                }
            }
            WatchStep::Close => return core.stop_watching(),
        }
        Vec::new()
    }

    /// Carries out a watch command on the searches compared.
    fn compare_step(&mut self, step: WatchStep) -> Vec<Effect<Self::Job>> {
        let core = self.core_mut();
        let Some(lanes) = core.lanes.as_mut() else {
            return Vec::new();
        };
        match step {
            WatchStep::Pause => lanes.set_paused(true),
            WatchStep::Resume => lanes.set_paused(false),
            WatchStep::Back => lanes.back(),
            WatchStep::Forward => lanes.forward(),
            WatchStep::Close => return core.stop_watching(),
            _ => {}
        }
        Vec::new()
    }

    /// The paths a search kept: the one on show (1-based) and how many.
    fn found(&self) -> Option<(usize, usize)> {
        let found = &self.core().found;
        (!found.is_empty()).then(|| found.position())
    }

    /// Keeps `path`, streamed by a search, for browsing, and shows it when
    /// it is the first.
    fn keep_found(&mut self, path: Vec<Self::Place>) {
        let found = &mut self.core_mut().found;
        if found.push(path)
            && let Some(first) = found.current().cloned()
        {
            self.show_path(&first, first.len());
        }
    }

    /// The mode's job stopped before its end: cancelled, or stopped for the
    /// job `by` (another mode's) that took its place.
    fn job_stopped(&mut self, stopped: Stopped, by: Option<Said>) {
        let end = JobEnd::stopped(stopped, by);
        if let Some(kind) = self.core_mut().running.take() {
            self.job_cut_short(kind, &end);
        }
        self.core_mut().last_job = Some(end);
    }

    /// Says `notice`.
    fn tell(&mut self, notice: Notice) {
        self.core_mut().notice = Some(notice);
    }

    /// Drops the error on show, if any: work started since supersedes the
    /// attempt it spoke of.
    fn forget_error(&mut self) {
        if self
            .core()
            .notice
            .as_ref()
            .is_some_and(|notice| notice.error)
        {
            self.core_mut().notice = None;
        }
    }

    /// The notice on show, if it is still current.
    fn notice(&self, now: Instant) -> Option<&Notice> {
        self.core()
            .notice
            .as_ref()
            .filter(|notice| notice.is_current(now))
    }

    /// How the mode's last job ended.
    fn last_job(&self) -> Option<&JobEnd> {
        self.core().last_job.as_ref()
    }

    /// The question waiting for an answer.
    fn question(&self) -> Option<&Question> {
        self.core().asking.question()
    }

    /// Whether the path on show is playing.
    fn is_playing(&self) -> bool {
        self.core().playback.is_playing()
    }

    /// Changes when the drawing changes other than by a step along the
    /// path.
    fn revision(&self) -> u64 {
        self.core().revision
    }
}
