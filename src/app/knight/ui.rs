//! The knight's tour mode on screen: draws the session and turns clicks and
//! keys into [`KnightCommand`]s. It holds only what is about drawing (the
//! canvas view, caches, a size being typed).

use eframe::egui;
use gridtour::english::group_digits;
use gridtour::knight::{Algorithm, Board, Square, TourKind};

use super::command::{Interaction, KnightCommand};
use super::session::{FAILING_STARTS_MAX_SQUARES, KnightSession, PlayHints};
use crate::app::canvas::{CachedPath, Layer, PathIndex, Scene, View};
use crate::app::command::Step;
use crate::app::i18n::tr;
use crate::app::pane::ModeUi;
use crate::app::session::{Common, Session};
use crate::app::settings::{KnightSettings, ViewSettings};
use crate::app::widgets;

/// What the knight mode's UI keeps between frames.
#[derive(Default)]
pub struct KnightUi {
    /// Zoom and pan of the board.
    pub view: View,
    /// The walk's index, with the session revision it was built for.
    path: CachedPath,
    /// Play-mode hints, with the revision and walk length they were made for.
    hints: Option<(u64, usize, PlayHints)>,
    /// A board size being typed or dragged.
    size: Option<(u32, u32)>,
}

impl ModeUi<KnightSession> for KnightUi {
    fn controls(
        &mut self,
        ui: &mut egui::Ui,
        session: &KnightSession,
        (_, view): (&mut KnightSettings, &mut ViewSettings),
        out: &mut Vec<KnightCommand>,
    ) {
        let board = session.board();
        ui.heading(tr!("mode-knight"));
        let current = (board.width(), board.height());
        if let Some((width, height)) =
            widgets::size_fields(ui, "knight-size", current, &mut self.size, Board::MAX_SIDE)
        {
            out.push(KnightCommand::Resize { width, height });
        }
        ui.horizontal(|ui| {
            for (kind, label) in [
                (TourKind::Open, tr!("open-tour")),
                (TourKind::Closed, tr!("closed-tour")),
            ] {
                if ui.radio(session.kind() == kind, label).clicked() {
                    out.push(KnightCommand::SetKind(kind));
                }
            }
        });
        let mut algorithm = session.algorithm();
        egui::ComboBox::from_label(tr!("algorithm"))
            .selected_text(algorithm_name(algorithm))
            .show_ui(ui, |ui| {
                for choice in Algorithm::SOLVERS {
                    ui.selectable_value(&mut algorithm, choice, algorithm_name(choice));
                }
            });
        if algorithm != session.algorithm() {
            out.push(KnightCommand::SetAlgorithm(algorithm));
        }

        ui.separator();
        for interaction in [Interaction::Tour, Interaction::Edit, Interaction::Play] {
            if ui
                .radio(session.interaction() == interaction, interaction.label())
                .clicked()
            {
                out.push(KnightCommand::SetInteraction(interaction));
            }
        }
        ui.horizontal_wrapped(|ui| {
            for command in [
                KnightCommand::ClearBlocked,
                KnightCommand::NewWalk,
                KnightCommand::CopyLink,
                KnightCommand::Common(Common::Step(Step::Undo)),
                KnightCommand::Common(Common::Step(Step::Redo)),
            ] {
                if widgets::button(ui, &command, session.can(&command)) {
                    out.push(command);
                }
            }
        });
        if ui
            .checkbox(&mut view.show_numbers, tr!("move-numbers"))
            .changed()
        {
            self.path.clear();
        }
        let mut hints = session.shows_hints();
        if ui
            .checkbox(&mut hints, tr!("play-hints"))
            .on_hover_text(tr!("play-hints-does"))
            .changed()
        {
            out.push(KnightCommand::ShowHints(hints));
        }
        let mut failing = session.shows_failing_starts();
        let toggle = KnightCommand::ShowFailingStarts(!failing);
        if ui
            .add_enabled(
                session.can(&toggle),
                egui::Checkbox::new(&mut failing, tr!("failing-starts")),
            )
            .on_disabled_hover_text(tr!(
                "failing-starts-too-big",
                squares = group_digits(FAILING_STARTS_MAX_SQUARES as u64)
            ))
            .changed()
        {
            out.push(toggle);
        }

        ui.separator();
        let (from_start, start) = session.count_start();
        let label = match start {
            Some(start) => tr!("only-tours-from", square = board.square_name(start)),
            None => tr!("only-tours-from-clicked").to_owned(),
        };
        let mut only = from_start;
        if ui
            .add_enabled(start.is_some(), egui::Checkbox::new(&mut only, label))
            .changed()
        {
            out.push(KnightCommand::CountFromStart(only));
        }
        widgets::button_row(
            ui,
            [KnightCommand::CountTours, KnightCommand::EstimateTours],
            |command| session.can(command),
            out,
        );
        widgets::found_browser(ui, session, out);
    }

    fn canvas(
        &mut self,
        ui: &mut egui::Ui,
        session: &KnightSession,
        view: &ViewSettings,
        out: &mut Vec<KnightCommand>,
    ) -> Option<String> {
        let board = session.board();
        let revision = session.revision();
        let path = self
            .path
            .of(revision, || PathIndex::from_squares(board, &session.line()));
        let play_hints = session.interaction() == Interaction::Play && session.shows_hints();
        let walked = session.walk().len();
        if !play_hints {
            self.hints = None;
        } else if self
            .hints
            .as_ref()
            .is_none_or(|(built, length, _)| (*built, *length) != (revision, walked))
        {
            self.hints = Some((revision, walked, session.play_hints()));
        }
        let (candidates, unreachable): (Vec<_>, &[bool]) = match &self.hints {
            Some((_, _, hints)) => (
                hints
                    .candidates
                    .iter()
                    .map(|&(square, onward)| ((square.x, square.y), onward))
                    .collect(),
                &hints.unreachable,
            ),
            None => (Vec::new(), &[]),
        };
        let scene = Scene {
            layer: Layer::Knight {
                board,
                highlight: session.failing_starts().unwrap_or(&[]),
                unreachable,
                candidates: &candidates,
            },
            path: Some(path),
            shown: walked,
            closed: false,
            numbers: view.show_numbers,
            revision: revision ^ u64::from(view.show_numbers) << 63,
        };
        let response = self.view.show(ui, &scene);
        if let Some((x, y)) = response.clicked {
            out.push(KnightCommand::Click(Square::new(x, y)));
        }
        response
            .hovered
            .map(|(x, y)| board.square_name(Square::new(x, y)))
    }

    fn view(&mut self) -> &mut View {
        &mut self.view
    }
}

/// The solver's name as the window shows it.
pub fn algorithm_name(algorithm: Algorithm) -> &'static str {
    match algorithm {
        Algorithm::Warnsdorff => tr!("algorithm-warnsdorff"),
        Algorithm::Backtrack => tr!("algorithm-backtrack"),
        Algorithm::Dfs => tr!("algorithm-dfs"),
    }
}
