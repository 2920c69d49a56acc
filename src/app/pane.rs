//! The window's modes behind one interface, as egui's demo app keeps its
//! apps: [`Pane`] is all the window asks of a mode (draw its controls and
//! board, apply its commands, take its job reports), and [`ModePane`]
//! makes one of any mode's session and UI, so the window never matches on
//! which mode it shows.

use web_time::Instant;

use eframe::egui;
use gridtour::job::Progress;
use gridtour::output::Subject;

use super::canvas::View;
use super::command::Effect;
use super::command::Step;
use super::jobs::{JobEnd, Stopped};
use super::notice::Notice;
use super::print::PrintChoices;
use super::said::Said;
use super::session::{Common, Session};
use super::settings::{Settings, ViewSettings};
use super::timeline::Timeline;
use super::widgets;
use crate::app::app_command::AppCommand;
use crate::app::modes::{Registered, Report, Work};
use gridtour::document::Document;

/// A mode's UI: draws its session and turns clicks into its commands.
pub trait ModeUi<S: WindowMode> {
    /// The side panel's controls, with the mode's own settings and the
    /// drawing ones; what the person asks goes to `out`.
    fn controls(
        &mut self,
        ui: &mut egui::Ui,
        session: &S,
        settings: (&mut S::Settings, &mut ViewSettings),
        out: &mut Vec<S::Command>,
    );
    /// The board; returns the name of what is under the pointer.
    fn canvas(
        &mut self,
        ui: &mut egui::Ui,
        session: &S,
        view: &ViewSettings,
        out: &mut Vec<S::Command>,
    ) -> Option<String>;
    /// Zoom and pan of the board.
    fn view(&mut self) -> &mut View;
    /// A small picture of the game, drawn beside its rules in Help.
    fn rules_picture(ui: &mut egui::Ui);
    /// The picture a line `[picture: name]` of the rules asks for; none
    /// by default.
    fn rules_figure(_ui: &mut egui::Ui, _name: &str) {}
}

/// A session as the window sees it: which mode it is, and how its
/// commands, jobs and reports sit inside the window's own.
pub trait WindowMode: Session<Command: Clone> + Timeline {
    /// What the mode remembers between runs.
    type Settings: Default;
    /// The mode's name, as its tab shows it.
    fn name() -> &'static str;
    /// The line a first run shows above the mode.
    fn welcome() -> &'static str;
    /// The mode as `settings` left it.
    fn restore(settings: &Self::Settings) -> Self;
    /// Takes into `mine` what the mode keeps of another window's save of
    /// its settings (a player's shelf); nothing by default.
    fn merge_saved(_mine: &mut Self::Settings, _theirs: Self::Settings) {}
    /// Shows `document` if it is one of the mode's (a file opened, a link
    /// pasted) as read from `source`, or hands it back.
    fn open(
        &mut self,
        document: Document,
        _source: &str,
    ) -> Result<Vec<Effect<Self::Job>>, Document> {
        Err(document)
    }
    /// The mode's commands with keys, read while it is on show: the
    /// steps, and [`WindowMode::keyed_own`].
    fn keyed() -> Vec<Self::Command> {
        let steps = Step::ALL.map(|step| Common::Step(step).into());
        steps.into_iter().chain(Self::keyed_own()).collect()
    }
    /// The mode's own commands with keys; none by default.
    fn keyed_own() -> Vec<Self::Command> {
        Vec::new()
    }
    /// Whether the mode shows a path to play move by move (a tour, a pick
    /// order), with the playback controls; yes by default.
    fn has_path() -> bool {
        true
    }
    /// The answers to a question: yes, then no.
    fn answers() -> [Self::Command; 2] {
        [Common::Answer(true).into(), Common::Answer(false).into()]
    }
    /// The paragraph under the controls that says what is on show.
    fn summary(&self) -> String;
    /// What is on show, for the window's title.
    fn title(&self) -> String;
    /// Whether the mode is in view (shown, in a window in front): a
    /// player's clock runs only then. Nothing by default.
    fn in_view(&mut self, _in_view: bool) {}
    /// Whether something on show changes by itself (a running clock), so
    /// that the window redraws now and then. No by default.
    fn ticking(&self) -> bool {
        false
    }
    /// The answer of the mode's last count, check or search, shown whole
    /// at the foot of the controls.
    fn result(&self) -> Option<String>;
    /// What Export saves, with a file name for it, or why there is nothing.
    fn subject(&self) -> Result<(Subject, String), String>;
    /// What Print can put on a sheet: the puzzle on show, and new puzzles
    /// as the mode's Generate, set up as in `settings`, would make them.
    /// Nothing by default: the mode has no puzzles.
    fn to_print(&self, _settings: &Self::Settings) -> Option<PrintChoices> {
        None
    }
    /// Writes what should be found again next run into `settings`.
    fn remember(&self, settings: &mut Self::Settings);
    /// The revision and the length of the path on show: a save reads a
    /// large board again only after they changed.
    fn shown(&self) -> (u64, usize);
    /// Takes in what a save merged into `settings` from another window's
    /// (a player's shelf); nothing by default.
    fn adopt(&mut self, _settings: &Self::Settings) {}
    /// The members of the mode's settings that only make sense together
    /// (a puzzle and the numbers laid on it), which a merge with another
    /// window's save takes whole from one window; none by default.
    fn saved_together() -> &'static [&'static str] {
        &[]
    }
}

/// All the window asks of a mode.
pub trait Pane {
    /// The side panel's controls.
    fn controls(&mut self, ui: &mut egui::Ui, settings: &mut Settings, out: &mut Vec<AppCommand>);
    /// The board; the name of what is under the pointer.
    fn canvas(
        &mut self,
        ui: &mut egui::Ui,
        settings: &Settings,
        out: &mut Vec<AppCommand>,
    ) -> Option<String>;
    /// Zoom and pan of the board.
    fn view(&mut self) -> &mut View;
    /// Whether `command`, one of the mode's, can be given now.
    fn can(&self, command: &AppCommand) -> bool;
    /// Carries out `command`, one of the mode's.
    fn apply(&mut self, command: AppCommand) -> Vec<Effect<Work>>;
    /// The mode's commands with keys.
    fn keyed(&self) -> Vec<AppCommand>;
    /// The question waiting for an answer, with the commands that answer
    /// it yes and no.
    fn question(&self) -> Option<(String, [AppCommand; 2])>;
    /// The notice on show, if it is still current.
    fn notice(&self, now: Instant) -> Option<&Notice>;
    /// How the mode's last job ended.
    fn last_job(&self) -> Option<&JobEnd>;
    /// The steps of the watched search on show (see [`super::watch::Watch::steps`]).
    fn watched_steps(&self) -> Option<(u64, Option<u64>)>;
    /// Advances the path on show if it plays; whether it plays.
    fn tick(&mut self, seconds: f32, view: &ViewSettings) -> bool;
    /// See [`WindowMode::in_view`].
    fn in_view(&mut self, in_view: bool);
    /// See [`WindowMode::title`].
    fn title(&self) -> String;
    /// See [`WindowMode::ticking`].
    fn ticking(&self) -> bool;
    /// Takes a streamed report or advice.
    fn job_item(&mut self, report: Report);
    /// Takes the result of the mode's job.
    fn job_done(&mut self, report: Report, label: Said, progress: Progress);
    /// The mode's job stopped early.
    fn job_stopped(&mut self, stopped: Stopped, by: Option<Said>);
    /// Says `notice`.
    fn tell(&mut self, notice: Notice);
    /// What Export saves, with a file name.
    fn subject(&self) -> Result<(Subject, String), String>;
    /// See [`WindowMode::to_print`].
    fn to_print(&self, settings: &mut Settings) -> Option<PrintChoices>;
    /// Writes what should be found again next run into `settings`.
    fn remember(&self, settings: &mut Settings);
    /// See [`WindowMode::shown`].
    fn shown(&self) -> (u64, usize);
    /// See [`WindowMode::adopt`].
    fn adopt(&mut self, settings: &mut Settings);
    /// Starts the mode over as `settings` say (another window's game,
    /// saved while this one left it alone).
    fn restore(&mut self, settings: &mut Settings);
    /// Shows `document` if it is one of the mode's, or hands it back.
    fn open(&mut self, document: Document, source: &str) -> Result<Vec<Effect<Work>>, Document>;
}

/// A mode: its session and its UI.
pub struct ModePane<S, U> {
    /// The mode's state.
    pub session: S,
    /// What its UI keeps between frames.
    pub ui: U,
}

impl<S: Registered, U> ModePane<S, U> {
    /// The mode as `settings` left it, with a fresh UI.
    pub fn new(settings: &mut Settings) -> Self
    where
        U: Default,
    {
        Self {
            session: S::restore(S::settings(settings).0),
            ui: U::default(),
        }
    }

    /// Carries the session's effects over to the window's work.
    fn effects(effects: Vec<Effect<S::Job>>) -> Vec<Effect<Work>> {
        effects
            .into_iter()
            .map(|effect| effect.map(S::work))
            .collect()
    }
}

impl<S: Registered, U: ModeUi<S>> Pane for ModePane<S, U> {
    fn controls(&mut self, ui: &mut egui::Ui, settings: &mut Settings, out: &mut Vec<AppCommand>) {
        let mut own = Vec::new();
        let (section, view) = S::settings(settings);
        self.ui
            .controls(ui, &self.session, (section, &mut *view), &mut own);
        ui.separator();
        if S::has_path() {
            own.extend(widgets::playback(ui, &self.session, view).map(Common::into));
            ui.separator();
        }
        ui.label(self.session.summary());
        let notice = self.session.notice(Instant::now());
        widgets::result_area(ui, self.session.result().as_deref(), notice);
        out.extend(own.into_iter().map(S::wrap));
    }

    fn canvas(
        &mut self,
        ui: &mut egui::Ui,
        settings: &Settings,
        out: &mut Vec<AppCommand>,
    ) -> Option<String> {
        let mut own = Vec::new();
        let hovered = self.ui.canvas(ui, &self.session, &settings.view, &mut own);
        out.extend(own.into_iter().map(S::wrap));
        hovered
    }

    fn view(&mut self) -> &mut View {
        self.ui.view()
    }

    fn can(&self, command: &AppCommand) -> bool {
        S::unwrap(command).is_some_and(|command| self.session.can(command))
    }

    fn apply(&mut self, command: AppCommand) -> Vec<Effect<Work>> {
        match S::unwrap(&command) {
            Some(own) => {
                let effects = self.session.apply(own.clone());
                // New work stands for the attempt an error on show spoke of.
                if effects
                    .iter()
                    .any(|effect| matches!(effect, Effect::Start(_)))
                {
                    self.session.forget_error();
                }
                Self::effects(effects)
            }
            None => Vec::new(),
        }
    }

    fn keyed(&self) -> Vec<AppCommand> {
        S::keyed().into_iter().map(S::wrap).collect()
    }

    fn question(&self) -> Option<(String, [AppCommand; 2])> {
        let text = self.session.question()?.text.clone();
        Some((text, S::answers().map(S::wrap)))
    }

    fn notice(&self, now: Instant) -> Option<&Notice> {
        self.session.notice(now)
    }

    fn last_job(&self) -> Option<&JobEnd> {
        self.session.last_job()
    }

    fn watched_steps(&self) -> Option<(u64, Option<u64>)> {
        self.session.core().watched_steps()
    }

    fn tick(&mut self, seconds: f32, view: &ViewSettings) -> bool {
        let watching = self
            .session
            .core_mut()
            .tick_watch(seconds, view.watch_speed);
        let (_, moves) = self.session.position();
        self.session
            .tick(seconds, view.playing_speed(moves), view.looping);
        self.session.is_playing() || watching
    }

    fn in_view(&mut self, in_view: bool) {
        self.session.in_view(in_view);
    }

    fn title(&self) -> String {
        self.session.title()
    }

    fn ticking(&self) -> bool {
        self.session.ticking()
    }

    fn job_item(&mut self, report: Report) {
        if let Some(report) = S::report(report) {
            self.session.job_item(report);
        }
    }

    fn job_done(&mut self, report: Report, label: Said, progress: Progress) {
        if let Some(report) = S::report(report) {
            self.session.job_done(report, label, progress);
        }
    }

    fn job_stopped(&mut self, stopped: Stopped, by: Option<Said>) {
        self.session.job_stopped(stopped, by);
    }

    fn tell(&mut self, notice: Notice) {
        self.session.tell(notice);
    }

    fn subject(&self) -> Result<(Subject, String), String> {
        self.session.subject()
    }

    fn to_print(&self, settings: &mut Settings) -> Option<PrintChoices> {
        self.session.to_print(S::settings(settings).0)
    }

    fn remember(&self, settings: &mut Settings) {
        self.session.remember(S::settings(settings).0);
    }

    fn shown(&self) -> (u64, usize) {
        self.session.shown()
    }

    fn adopt(&mut self, settings: &mut Settings) {
        self.session.adopt(S::settings(settings).0);
    }

    fn restore(&mut self, settings: &mut Settings) {
        self.session = S::restore(S::settings(settings).0);
    }

    fn open(&mut self, document: Document, source: &str) -> Result<Vec<Effect<Work>>, Document> {
        self.session.open(document, source).map(Self::effects)
    }
}
