//! The knight's tour mode on screen: draws the session and turns clicks and
//! keys into [`KnightCommand`]s. It holds only what is about drawing (the
//! canvas view, caches, a size being typed).

use std::borrow::Cow;

use eframe::egui;
use eframe::egui::{Color32, Stroke, vec2};
use gridtour::knight::KNIGHT_MOVES;
use gridtour::render::STYLE;
use crate::app::widgets::colour;
use gridtour::english::group_digits;
use gridtour::knight::trace::PruneRule;
use gridtour::knight::{self, Algorithm, Board, Square, TourKind};
use gridtour::i18n;
use gridtour::pseudocode::Code;
use gridtour::replay::Event;

use super::lanes::{LaneView, compare_canvas, compare_section};
use super::pruning_pictures;
use gridtour::knight::next_moves::{Moves, watched_moves};
use gridtour::replay::MoveState;

use super::command::{Interaction, KnightCommand};
use super::session::{FAILING_STARTS_MAX_SQUARES, KnightSession, PlayHints};
use crate::app::canvas::{CachedPath, Layer, PathIndex, Scene, View};
use crate::app::command::Step;
use crate::app::modes::knight::settings::KnightSettings;
use crate::app::pane::ModeUi;
use crate::app::command::Command;
use crate::app::session::{Common, Session, WatchStep};
use crate::app::settings::ViewSettings;
use crate::app::watch::{AtStep, Watch, move_words};
use crate::app::widgets;
use crate::app::words::named_few;
use gridtour::tr;

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
    /// The watched search's path, with the step it was built for.
    watched: CachedPath,
    /// What the board marks for the watched search, with the step it was
    /// made for.
    watch_marks: AtStep<WatchMarks>,
    /// The boards of searches compared side by side.
    lanes: Vec<LaneView>,
}

/// What the board marks for a watched search at one step.
struct WatchMarks {
    /// The square just given up (a dead end, a square given back, a
    /// position pruned), as a mask of the board.
    given_up: Vec<bool>,
    /// The squares the knight can go to next, with their onward counts.
    candidates: Vec<((u32, u32), u32)>,
    /// The squares a pruning just shown speaks of, as a mask of the
    /// board (empty at any other step).
    pruned: Vec<bool>,
    /// The moves from the knight's square in the search's order, where
    /// that order is known.
    moves: Option<Moves>,
    /// What the pruning just shown gave up and why, if one was.
    pruning: Option<String>,
}

/// The rule of the pruning `replay` just showed, and the squares it
/// speaks of (see [`knight::trace::pruned_squares`]).
fn pruned_by(
    board: &Board,
    replay: &gridtour::replay::Replay,
    kind: TourKind,
) -> Option<(PruneRule, Vec<Square>)> {
    let Some(Event::Prune { rule, .. }) = replay.last() else {
        return None;
    };
    let rule = PruneRule::of_replayed(rule)?;
    let path: Vec<Square> = replay.path().iter().map(|&(x, y)| Square::new(x, y)).collect();
    Some((rule, knight::trace::pruned_squares(board, &path, kind, rule)))
}

/// What `rule` gave up with the knight on `knight` and why, naming the
/// `squares` it speaks of.
fn pruned_words(board: &Board, (rule, squares): &(PruneRule, Vec<Square>), knight: Square) -> Option<String> {
    let first = board.square_name(*squares.first()?);
    Some(match rule {
        PruneRule::Closing => tr!("pruned-closing", square = first),
        PruneRule::EndTooEarly => tr!("pruned-end-too-early", square = first),
        PruneRule::DeadEnds => tr!("pruned-dead-ends", squares = named_few(board, squares)),
        PruneRule::Connectivity => tr!(
            "pruned-connectivity",
            squares = named_few(board, squares),
            knight = board.square_name(knight)
        ),
    })
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
            .selected_text(algorithm.words())
            .show_ui(ui, |ui| {
                // Plain search is for watching and comparing: it may never
                // end on a board a click starts.
                let choices: &[Algorithm] = if session.interaction() == Interaction::Watch {
                    &Algorithm::ALL
                } else {
                    &Algorithm::SOLVERS
                };
                for &choice in choices {
                    ui.selectable_value(&mut algorithm, choice, choice.words());
                }
            });
        if algorithm != session.algorithm() {
            out.push(KnightCommand::SetAlgorithm(algorithm));
        }

        ui.separator();
        for interaction in [
            Interaction::Tour,
            Interaction::Edit,
            Interaction::Play,
            Interaction::Watch,
        ] {
            if ui
                .radio(session.interaction() == interaction, interaction.label())
                .clicked()
            {
                out.push(KnightCommand::SetInteraction(interaction));
            }
        }
        if session.interaction() == Interaction::Watch {
            self.refresh_watch_marks(session);
            let marks = self.watch_marks.get();
            watch_section(ui, session, (view, marks), out);
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
        ui.checkbox(&mut view.show_labels, tr!("board-labels"));
        let mut hints = session.shows_hints();
        if ui
            .checkbox(&mut hints, tr!("play-hints"))
            .on_hover_text(tr!("play-hints-does"))
            .changed()
        {
            out.push(KnightCommand::ShowHints(hints));
        }
        let mut failing = session.shows_failing_starts() && session.kind() == TourKind::Open;
        let toggle = KnightCommand::ShowFailingStarts(!failing);
        if ui
            .add_enabled(
                session.can(&toggle),
                egui::Checkbox::new(&mut failing, tr!("failing-starts")),
            )
            .on_disabled_hover_text(if session.kind() == TourKind::Closed {
                tr!("failing-starts-open-only").to_owned()
            } else {
                tr!(
                    "failing-starts-too-big",
                    squares = group_digits(FAILING_STARTS_MAX_SQUARES as u64)
                )
            })
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
        if let Some(tours) = session.unfinished_count() {
            ui.group(|ui| {
                let what = tours.words();
                ui.label(if session.unfinished_was_stopped() {
                    tr!("count-stopped-kept", what = what)
                } else {
                    tr!("count-unfinished", what = what)
                });
                widgets::button_row(
                    ui,
                    [KnightCommand::TakeUpCount, KnightCommand::ForgetCount],
                    |command| session.can(command),
                    out,
                );
            });
        }
        widgets::found_browser(ui, session, out);
    }

    fn canvas(
        &mut self,
        ui: &mut egui::Ui,
        session: &KnightSession,
        view: &ViewSettings,
        out: &mut Vec<KnightCommand>,
    ) -> Option<String> {
        if let Some(comparing) = session.comparing() {
            compare_canvas(ui, &mut self.lanes, session, comparing, view);
            return None;
        }
        self.refresh_watch_marks(session);
        let board = session.board();
        let revision = session.revision();
        let watch = session.core().watch.as_ref();
        let (path, shown, drawn) = match watch {
            Some(watch) => {
                let (path, key) =
                    self.watched
                        .of_watch(watch, revision, board.width(), board.height());
                (path, watch.replay().path().len(), key)
            }
            None => {
                let path = self
                    .path
                    .of(revision, || PathIndex::from_squares(board, &session.line()));
                (path, session.walk().len(), revision)
            }
        };
        let play_hints = session.interaction() == Interaction::Play && session.shows_hints();
        if !play_hints || watch.is_some() {
            self.hints = None;
        } else if self
            .hints
            .as_ref()
            .is_none_or(|(built, length, _)| (*built, *length) != (revision, shown))
        {
            self.hints = Some((revision, shown, session.play_hints()));
        }
        let failing_starts = session.failing_starts().unwrap_or(&[]);
        let (highlight, candidates, unreachable): (&[bool], Cow<[_]>, &[bool]) =
            match (self.watch_marks.get(), &self.hints) {
                (Some(marks), _) => (
                    &marks.given_up,
                    Cow::Borrowed(&marks.candidates),
                    &marks.pruned,
                ),
                (None, Some((_, _, hints))) => (
                    failing_starts,
                    hints
                        .candidates
                        .iter()
                        .map(|&(square, onward)| ((square.x, square.y), onward))
                        .collect(),
                    &hints.unreachable,
                ),
                (None, None) => (failing_starts, Cow::Borrowed(&[]), &[]),
            };
        let scene = Scene {
            layer: Layer::Knight {
                board,
                highlight,
                unreachable,
                candidates: &candidates,
            },
            path: Some(path),
            shown,
            closed: false,
            numbers: view.show_numbers,
            labels: view.show_labels,
            revision: drawn ^ u64::from(view.show_numbers) << 63,
        };
        self.view
            .show(ui, &scene)
            .on_knight_board(board, out, KnightCommand::Click)
    }

    fn view(&mut self) -> &mut View {
        &mut self.view
    }

    /// A pruning rule at work, where the search first meets it.
    fn rules_figure(ui: &mut egui::Ui, name: &str) {
        pruning_pictures::draw(ui, name, 200.0);
    }

    /// A knight in the middle of a 5 x 5 board and its eight moves.
    fn rules_picture(ui: &mut egui::Ui) {
        let (painter, corner, cell) = widgets::rules_board(ui, 5, 150.0);
        let centre = |x: i32, y: i32| corner + vec2((x as f32 + 0.5) * cell, (y as f32 + 0.5) * cell);
        let from = centre(2, 2);
        for (dx, dy) in KNIGHT_MOVES {
            let to = centre(2 + dx, 2 + dy);
            painter.line_segment([from, to], Stroke::new(2.0, colour(STYLE.path.colour)));
            painter.circle_filled(to, cell * 0.15, colour(STYLE.path.colour));
        }
        painter.circle_filled(from, cell * 0.3, colour(STYLE.knight));
        painter.text(
            from,
            egui::Align2::CENTER_CENTER,
            "N",
            egui::FontId::proportional(cell * 0.4),
            Color32::WHITE,
        );
    }
}

impl KnightUi {
    /// Makes the marks of the watched search again if it has moved since
    /// they were made (once a step, not once a frame); forgets them when
    /// no search is watched.
    fn refresh_watch_marks(&mut self, session: &KnightSession) {
        let search = (session.algorithm(), session.kind());
        let watch = session.core().watch.as_ref();
        self.watch_marks.refresh(session.revision(), watch, |watch| {
            WatchMarks::of(session.board(), watch, search)
        });
    }
}

impl WatchMarks {
    /// The marks of `watch`, a watch of `search`, at its present step.
    fn of(board: &Board, watch: &Watch, search: (Algorithm, TourKind)) -> WatchMarks {
        let replay = watch.replay();
        let mut given_up = vec![false; board.area()];
        if let Some(Event::DeadEnd(cell) | Event::GiveBack(cell) | Event::Prune { at: cell, .. }) =
            replay.last()
        {
            given_up[board.index(Square::new(cell.0, cell.1))] = true;
        }
        let path = replay.path();
        let mut taken = vec![false; board.area()];
        for &(x, y) in path {
            taken[board.index(Square::new(x, y))] = true;
        }
        let free = |square: Square| !taken[board.index(square)];
        let mut pruned = Vec::new();
        let pruned_by = pruned_by(board, replay, search.1);
        if let Some((_, squares)) = &pruned_by {
            pruned = vec![false; board.area()];
            for &square in squares {
                pruned[board.index(square)] = true;
            }
        }
        let knight = path.last().map(|&(x, y)| Square::new(x, y));
        let pruning = pruned_by
            .zip(knight)
            .and_then(|(pruned_by, knight)| pruned_words(board, &pruned_by, knight));
        let moves = watched_moves(board, search, replay);
        // The moves still to try, where the search's order is known; else
        // every free square a move away.
        let candidates = match &moves {
            Some(moves) => moves
                .moves
                .iter()
                .filter(|&&(_, _, state)| matches!(state, MoveState::Next | MoveState::Later))
                .map(|&(square, onward, _)| ((square.x, square.y), u32::from(onward)))
                .collect(),
            None => knight.map_or_else(Vec::new, |knight| {
                board
                    .neighbours(knight)
                    .filter(|&square| free(square))
                    .map(|square| {
                        let onward = board.neighbours(square).filter(|&next| free(next)).count();
                        ((square.x, square.y), onward as u32)
                    })
                    .collect()
            }),
        };
        WatchMarks {
            given_up,
            candidates,
            pruned,
            moves,
            pruning,
        }
    }
}

/// Where a move of the search tree stands.
#[derive(Clone, Copy)]
enum Made {
    /// The move the branch takes.
    OnBranch,
    /// Made and taken back before it.
    Before,
    /// Still to come.
    Later,
}

/// The levels of the tree shown whole at the root and at the knight's end
/// of the branch; those between fold.
const TREE_ENDS: usize = 5;

/// Boards up to this many squares list each level's other moves: the
/// search's order is worked out again for every level shown, each frame.
const TREE_ORDER_MOST_SQUARES: usize = 10_000;

/// The watched search's tree along its present branch: at each level the
/// square the branch goes through, the other moves there in the search's
/// order (those tried already, and those still to come), and how many
/// squares the search has tried, given up and found dead at that depth.
/// A click on a move goes back to the step that made it.
fn search_tree(
    ui: &mut egui::Ui,
    session: &KnightSession,
    replay: &gridtour::replay::Replay,
    out: &mut Vec<KnightCommand>,
) {
    let board = session.board();
    let path: Vec<Square> = replay.path().iter().map(|&(x, y)| Square::new(x, y)).collect();
    let levels = path.len();
    ui.label(egui::RichText::new(tr!("watch-tree-legend")).weak());
    let level = |ui: &mut egui::Ui, out: &mut Vec<KnightCommand>, depth: usize| {
        let square = path[depth];
        let counts = replay.depths().get(depth).copied().unwrap_or_default();
        ui.horizontal_wrapped(|ui| {
            ui.label(format!("{}.", depth + 1));
            // A move made already goes back to its step; one still to
            // come runs forward to it.
            let mut back_to = |ui: &mut egui::Ui, square: Square, made: Made| {
                let name = board.square_name(square);
                let cell = (square.x, square.y);
                let (text, step) = match made {
                    Made::OnBranch => (
                        egui::RichText::new(name).strong(),
                        WatchStep::BackToTake { depth, cell },
                    ),
                    Made::Before => (
                        egui::RichText::new(name).weak(),
                        WatchStep::BackToTake { depth, cell },
                    ),
                    Made::Later => (
                        egui::RichText::new(name).italics().weak(),
                        WatchStep::OnToTake { depth, cell },
                    ),
                };
                let command = KnightCommand::Common(Common::Watch(step));
                if ui
                    .add(egui::Button::new(text).small())
                    .on_hover_text(command.description())
                    .clicked()
                {
                    out.push(command);
                }
            };
            let order = (depth > 0 && board.area() <= TREE_ORDER_MOST_SQUARES)
                .then(|| {
                    knight::search_order(
                        session.algorithm(),
                        board,
                        &path[..depth],
                        session.kind(),
                    )
                })
                .flatten();
            match order {
                Some(order) => {
                    let here = order.iter().position(|&(other, _)| other == square);
                    for (index, &(other, _)) in order.iter().enumerate() {
                        let made = match here {
                            Some(here) if index < here => Made::Before,
                            Some(here) if index == here => Made::OnBranch,
                            _ => Made::Later,
                        };
                        back_to(ui, other, made);
                    }
                }
                None => back_to(ui, square, Made::OnBranch),
            }
            ui.label(
                egui::RichText::new(tr!(
                    "watch-tree-counts",
                    tried = group_digits(counts.tried),
                    pruned = group_digits(counts.pruned),
                    dead_ends = group_digits(counts.dead_ends)
                ))
                .weak(),
            );
        });
    };
    if levels <= 2 * TREE_ENDS {
        for depth in 0..levels {
            level(ui, out, depth);
        }
        return;
    }
    for depth in 0..TREE_ENDS {
        level(ui, out, depth);
    }
    let folded = levels - 2 * TREE_ENDS;
    egui::CollapsingHeader::new(tr!("watch-tree-folded", levels = folded))
        .id_salt("watch-tree-folded")
        .show(ui, |ui| {
            for depth in TREE_ENDS..levels - TREE_ENDS {
                level(ui, out, depth);
            }
        });
    for depth in levels - TREE_ENDS..levels {
        level(ui, out, depth);
    }
}

/// The moves from the square a watched search stands on, in its order,
/// each with its number and where it stands.
fn moves_words(board: &Board, moves: &Moves) -> String {
    let each: Vec<String> = moves
        .moves
        .iter()
        .map(|&(square, onward, state)| move_words(&board.square_name(square), onward, state))
        .collect();
    let from = board.square_name(moves.from);
    if each.is_empty() {
        return tr!("watch-moves-none", square = from);
    }
    let words = tr!("watch-moves", square = from, moves = i18n::list_words(&each));
    if moves.tie {
        return tr!("watch-moves-tie", moves = words);
    }
    words
}

/// The search being watched, and the searches compared side by side.
fn watch_section(
    ui: &mut egui::Ui,
    session: &KnightSession,
    (view, marks): (&mut ViewSettings, Option<&WatchMarks>),
    out: &mut Vec<KnightCommand>,
) {
    let board = session.board();
    widgets::watch_panel(
        ui,
        session,
        (view, Code::of_knight(session.algorithm())),
        |(x, y)| board.square_name(Square::new(x, y)),
        out,
    );
    if let Some(watch) = session.core().watch.as_ref() {
        let replay = watch.replay();
        if let Some(moves) = marks.and_then(|marks| marks.moves.as_ref()) {
            ui.label(moves_words(board, moves));
        }
        if let Some(words) = marks.and_then(|marks| marks.pruning.as_deref()) {
            ui.label(words);
        }
        egui::CollapsingHeader::new(tr!("watch-tree"))
            .default_open(false)
            .show(ui, |ui| search_tree(ui, session, replay, out));
    }
    compare_section(ui, session, view, out);
}
