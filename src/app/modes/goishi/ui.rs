//! The Goishi Hiroi mode on screen: draws the session and turns clicks and
//! keys into [`GoishiCommand`]s. It holds only what is about drawing and
//! typing (the canvas view, the URL being typed, a size being changed).

use gridtour::pseudocode::Code;
use std::borrow::Cow;
use web_time::Instant;

use eframe::egui;
use eframe::egui::{Color32, Pos2, Stroke, vec2};
use gridtour::render::STYLE;
use crate::app::widgets::colour;
use gridtour::goishi::{self, Level, Point, Puzzle};
use gridtour::i18n;
use gridtour::replay::{Event, MoveState, Replay, Rule};

use super::command::{GoishiCommand, Interaction};
use super::session::{EXAMPLES, GoishiSession};
use crate::app::canvas::{CachedPath, Layer, PathIndex, Scene, View};
use crate::app::command::Step;
use crate::app::modes::goishi::settings::GoishiSettings;
use crate::app::clock::clock_text;
use crate::app::shelf::Record;
use crate::app::shelf_list;
use crate::app::pane::ModeUi;
use crate::app::session::{Common, Session};
use crate::app::settings::ViewSettings;
use crate::app::watch::{AtStep, move_words};
use crate::app::widgets;
use gridtour::tr;

/// What the Goishi mode's UI keeps between frames.
#[derive(Default)]
pub struct GoishiUi {
    /// Zoom and pan of the board.
    pub view: View,
    /// The text field for a pasted puzz.link URL.
    pub url: String,
    /// The order's index, with the session revision it was built for.
    path: CachedPath,
    /// A board size being typed or dragged.
    size: Option<(u32, u32)>,
    /// The puzzle size the generator's fields last followed.
    followed: Option<(u32, u32)>,
    /// Whether the solver's section is unfolded, and whether play mode was
    /// on when it was last folded or unfolded for it: it folds when play
    /// starts, so that no solution is one stray click away.
    solver: Option<(bool, bool)>,
    /// The watched search's picks, with the step they were built for.
    watched: CachedPath,
    /// What the board and the panel show of the watched search.
    watch_marks: AtStep<WatchMarks>,
}

/// What a watched pick search shows at one step besides its path: made
/// once a step, read by the board and the panel every frame.
struct WatchMarks {
    /// The stones ringed: those in line still to try, or the one given up.
    rings: Vec<Point>,
    /// The stones a "stranded" pruning speaks of, ringed in red.
    stranded: Vec<Point>,
    /// The stones in line and the pruning, in words.
    words: Vec<String>,
}

impl ModeUi<GoishiSession> for GoishiUi {
    fn controls(
        &mut self,
        ui: &mut egui::Ui,
        session: &GoishiSession,
        (settings, view): (&mut GoishiSettings, &mut ViewSettings),
        out: &mut Vec<GoishiCommand>,
    ) {
        let puzzle = session.puzzle();
        let size = (puzzle.width(), puzzle.height());
        // The size fields follow each puzzle shown, then keep what the
        // person sets for a new board or a generated one.
        if self.followed != Some(size) {
            self.followed = Some(size);
            (settings.width, settings.height) = size;
        }
        ui.heading(tr!("mode-goishi"));
        ui.label(tr!(
            "puzzle-about",
            source = session.source(),
            width = puzzle.width(),
            height = puzzle.height(),
            stones = puzzle.stone_count()
        ));
        ui.horizontal(|ui| {
            let label = ui.label("URL");
            let field = ui
                .add(
                    egui::TextEdit::singleline(&mut self.url)
                        .hint_text("https://puzz.link/p?goishi/…")
                        .desired_width(140.0),
                )
                .labelled_by(label.id);
            let entered = field.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
            let load = GoishiCommand::LoadUrl(self.url.clone());
            if (widgets::button(ui, &load, !self.url.trim().is_empty()) || entered)
                && !self.url.trim().is_empty()
            {
                out.push(load);
            }
        });
        ui.horizontal(|ui| {
            let label = ui.label(tr!("example"));
            egui::ComboBox::from_id_salt("goishi-example")
                .selected_text(tr!("choose-a-puzzle"))
                .show_ui(ui, |ui| {
                    for (index, &(name, _)) in EXAMPLES.iter().enumerate() {
                        if ui.selectable_label(false, name).clicked() {
                            out.push(GoishiCommand::LoadExample(index));
                        }
                    }
                })
                .response
                .labelled_by(label.id);
        });

        ui.separator();
        ui.horizontal(|ui| {
            for interaction in [Interaction::View, Interaction::Edit, Interaction::Play] {
                if ui
                    .radio(session.interaction() == interaction, interaction.label())
                    .clicked()
                {
                    out.push(GoishiCommand::SetInteraction(interaction));
                }
            }
        });
        if session.interaction() == Interaction::Edit {
            let wanted = (settings.width, settings.height);
            if let Some(new) =
                widgets::size_fields(ui, "goishi-size", wanted, &mut self.size, Puzzle::MAX_SIDE)
            {
                (settings.width, settings.height) = new;
            }
            let (width, height) = (settings.width, settings.height);
            widgets::button_row(
                ui,
                [
                    GoishiCommand::Resize { width, height },
                    GoishiCommand::NewBoard { width, height },
                ],
                |command| session.can(command),
                out,
            );
        }
        widgets::button_row(
            ui,
            [
                GoishiCommand::Restart,
                GoishiCommand::Common(Common::Step(Step::Undo)),
                GoishiCommand::Common(Common::Step(Step::Redo)),
                GoishiCommand::Hint,
                GoishiCommand::Check,
            ],
            |command| session.can(command),
            out,
        );
        if let Some(time) = session.clock().reading(Instant::now()) {
            let best = session.best_time().map_or(String::new(), |best| {
                tr!("best-time", time = clock_text(best))
            });
            let clock = tr!("clock", time = clock_text(time), best = best);
            ui.label(egui::RichText::new(clock).monospace());
        }
        shelf(ui, session, out);

        ui.separator();
        let playing = session.interaction() == Interaction::Play;
        let open = match self.solver {
            Some((open, was_playing)) if was_playing == playing => open,
            _ => !playing,
        };
        let title = if playing {
            tr!("solver-shows-solutions")
        } else {
            tr!("solver")
        };
        self.refresh_watch_marks(session);
        let marks = self.watch_marks.get();
        let section = egui::CollapsingHeader::new(title)
            .id_salt("goishi-solver")
            .open(Some(open))
            .show(ui, |ui| {
                ui.horizontal_wrapped(|ui| {
                    for command in [
                        GoishiCommand::Solve,
                        GoishiCommand::CountSolutions,
                        GoishiCommand::IsUnique,
                        GoishiCommand::Rate,
                        GoishiCommand::Watch,
                    ] {
                        if widgets::button(ui, &command, session.can(&command)) {
                            out.push(command);
                        }
                    }
                });
                widgets::watch_panel(
                    ui,
                    session,
                    (view, Code::GoishiPicks),
                    |(x, y)| Point::new(x, y).to_string(),
                    out,
                );
                for words in marks.iter().flat_map(|marks| &marks.words) {
                    ui.label(words);
                }
                widgets::found_browser(ui, session, out);
            });
        let open = open != section.header_response.clicked();
        self.solver = Some((open, playing));
        ui.horizontal(|ui| {
            let generate = GoishiCommand::Generate(settings.generate_request());
            if widgets::button(ui, &generate, session.can(&generate)) {
                // A request refused before any search leaves the seed for
                // the next one.
                if let GoishiCommand::Generate(request) = &generate
                    && request.refusal().is_ok()
                {
                    settings.generate_seed = settings.generate_seed.wrapping_add(1);
                }
                out.push(generate);
            }
            let label = ui.label(tr!("stones"));
            ui.add(
                egui::DragValue::new(&mut settings.generate_stones)
                    .range(1..=goishi::MAX_GENERATED_STONES),
            )
            .labelled_by(label.id);
            let label = ui.label(tr!("seed"));
            ui.add(egui::DragValue::new(&mut settings.generate_seed))
                .labelled_by(label.id);
        });
        ui.horizontal(|ui| {
            let shown = settings.difficulty().map_or(tr!("any-level"), Level::words);
            egui::ComboBox::from_label(tr!("generated-level"))
                .selected_text(shown)
                .show_ui(ui, |ui| {
                    ui.selectable_value(
                        &mut settings.generate_difficulty,
                        String::new(),
                        tr!("any-level"),
                    );
                    // A level the generator does not reach with these stones
                    // is shown, greyed out, with the stones that reach it.
                    for level in Level::ALL {
                        let (width, height) = (settings.width, settings.height);
                        let refusal =
                            goishi::level_refusal(width, height, settings.generate_stones, level);
                        let choice = ui.add_enabled(
                            refusal.is_ok(),
                            egui::Button::selectable(
                                settings.generate_difficulty == level.name(),
                                level.words(),
                            ),
                        );
                        if choice.clicked() {
                            settings.generate_difficulty = level.name().to_owned();
                        }
                        if let Err(reason) = refusal {
                            choice.on_disabled_hover_text(reason.to_string());
                        }
                    }
                });
        });
        ui.label(tr!(
            "generate-size",
            width = settings.width,
            height = settings.height
        ));
        if widgets::button(ui, &GoishiCommand::CopyUrl, true) {
            out.push(GoishiCommand::CopyUrl);
        }
        if ui
            .checkbox(&mut view.show_numbers, tr!("pick-numbers"))
            .changed()
        {
            self.path.clear();
        }
        ui.checkbox(&mut view.show_labels, tr!("board-labels"));
    }

    fn canvas(
        &mut self,
        ui: &mut egui::Ui,
        session: &GoishiSession,
        view: &ViewSettings,
        out: &mut Vec<GoishiCommand>,
    ) -> Option<String> {
        self.refresh_watch_marks(session);
        let puzzle = session.puzzle();
        let revision = session.revision();
        let no_stones: &[Point] = &[];
        let (path, shown, drawn, (hints, stranded)) = match session.core().watch.as_ref() {
            Some(watch) => {
                let (path, key) =
                    self.watched
                        .of_watch(watch, revision, puzzle.width(), puzzle.height());
                let marks = self.watch_marks.get();
                let rings = marks.map_or(no_stones, |marks| &marks.rings);
                let stranded = marks.map_or(no_stones, |marks| &marks.stranded);
                let shown = watch.replay().path().len();
                (path, shown, key, (Cow::Borrowed(rings), stranded))
            }
            None => {
                let path = self
                    .path
                    .of(revision, || PathIndex::from_points(puzzle, &session.line()));
                let hints = match (session.interaction(), session.hint()) {
                    (Interaction::Play, Some(hint)) => vec![hint],
                    (Interaction::Play, None) => session.legal_picks(),
                    _ => Vec::new(),
                };
                (path, session.picks().len(), revision, (Cow::Owned(hints), no_stones))
            }
        };
        let scene = Scene {
            layer: Layer::Goishi {
                puzzle,
                hints: &hints,
                stranded,
            },
            path: Some(path),
            shown,
            closed: false,
            numbers: view.show_numbers,
            labels: view.show_labels,
            revision: drawn ^ u64::from(view.show_numbers) << 63,
        };
        let response = self.view.show(ui, &scene);
        if let Some((x, y)) = response.clicked {
            out.push(GoishiCommand::Click(Point::new(x, y)));
        }
        response.hovered.map(|(x, y)| Point::new(x, y).to_string())
    }

    fn view(&mut self) -> &mut View {
        &mut self.view
    }

    /// Five stones on a 4 x 4 grid and the order that picks them all.
    fn rules_picture(ui: &mut egui::Ui) {
        let side = 4;
        let (rect, _) = ui.allocate_exact_size(vec2(150.0, 150.0), egui::Sense::hover());
        let painter = ui.painter_at(rect);
        painter.rect_filled(rect, 0.0, colour(STYLE.wood));
        let gap = rect.width() / side as f32;
        let point = |x: u32, y: u32| -> Pos2 {
            rect.min + vec2((x as f32 + 0.5) * gap, (y as f32 + 0.5) * gap)
        };
        let line = Stroke::new(1.0, colour(STYLE.grid_line));
        for i in 0..side {
            painter.line_segment([point(i, 0), point(i, side - 1)], line);
            painter.line_segment([point(0, i), point(side - 1, i)], line);
        }
        // Right, down, left, up: a turn at each stone, never straight back.
        let order = [(0, 0), (3, 0), (3, 2), (1, 2), (1, 1)];
        let points: Vec<Pos2> = order.iter().map(|&(x, y)| point(x, y)).collect();
        painter.add(egui::Shape::line(
            points.clone(),
            Stroke::new(3.0, colour(STYLE.path.colour)),
        ));
        for (index, &at) in points.iter().enumerate() {
            painter.circle_filled(at, gap * 0.3, colour(STYLE.stone));
            painter.text(
                at,
                egui::Align2::CENTER_CENTER,
                (index + 1).to_string(),
                egui::FontId::proportional(gap * 0.3),
                Color32::WHITE,
            );
        }
    }
}

/// The puzzles met, each with its size, level and best time; a click opens
/// one to play.
fn shelf(ui: &mut egui::Ui, session: &GoishiSession, out: &mut Vec<GoishiCommand>) {
    let name = |record: &Record| super::session::source_words(&record.name);
    let about = |record: &Record| {
        let (width, height) = record.size;
        let size = tr!("shelf-size", width = width, height = height, stones = record.pieces);
        shelf_list::with_level(size, record.level())
    };
    let records = session.shelf().records();
    if let Some(url) = shelf_list::show(ui, "goishi-shelf", records, name, about) {
        out.push(GoishiCommand::OpenFromShelf(url));
    }
}

impl GoishiUi {
    /// Makes the marks of the watched search again if it has moved.
    fn refresh_watch_marks(&mut self, session: &GoishiSession) {
        let watch = session.core().watch.as_ref();
        self.watch_marks.refresh(session.revision(), watch, |watch| {
            WatchMarks::of(session.puzzle(), watch.replay())
        });
    }
}

impl WatchMarks {
    /// The marks of a watched search on `puzzle` at the step on show of
    /// `replay`.
    fn of(puzzle: &Puzzle, replay: &Replay) -> WatchMarks {
        let mut words = Vec::new();
        // The stones in line still to try (see [`goishi::next_stones`]);
        // where that order is not known (after a restart), the stone just
        // given up.
        let rings = match goishi::next_stones(puzzle, replay) {
            Some((from, stones)) => {
                let from = from.to_string();
                words.push(if stones.is_empty() {
                    tr!("goishi-watch-stones-none", stone = from)
                } else {
                    let each: Vec<String> = stones
                        .iter()
                        .map(|&(stone, ways, state)| move_words(&stone.to_string(), ways, state))
                        .collect();
                    tr!(
                        "goishi-watch-stones",
                        stone = from,
                        stones = i18n::list_words(&each)
                    )
                });
                stones
                    .into_iter()
                    .filter(|&(_, _, state)| matches!(state, MoveState::Next | MoveState::Later))
                    .map(|(stone, _, _)| stone)
                    .collect()
            }
            None => match replay.last() {
                Some(Event::GiveBack((x, y)) | Event::Prune { at: (x, y), .. }) => {
                    vec![Point::new(x, y)]
                }
                _ => Vec::new(),
            },
        };
        // The stones a "stranded" pruning just shown speaks of (see
        // [`goishi::stranded_stones`]).
        let mut stranded = Vec::new();
        if let Some(Event::Prune {
            rule: Rule::Stranded,
            ..
        }) = replay.last()
        {
            let picked: Vec<Point> = replay.path().iter().map(|&(x, y)| Point::new(x, y)).collect();
            stranded = goishi::stranded_stones(puzzle, &picked);
            let names: Vec<String> = stranded.iter().map(ToString::to_string).collect();
            words.push(tr!("pruned-stranded", stones = i18n::list_words(&names)));
        }
        WatchMarks {
            rings,
            stranded,
            words,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_watched_pick_search_rings_the_stones_it_has_still_to_try() {
        // Three stones in a row and one below the middle: from the left
        // stone the search goes right to the middle, whose stones in line
        // are the right one and the one below.
        let mut puzzle = Puzzle::new(3, 2).expect("a board");
        for (x, y) in [(0, 0), (1, 0), (2, 0), (1, 1)] {
            puzzle.set_stone(Point::new(x, y), true);
        }
        let mut replay = Replay::new(16);
        replay.apply(Event::Take((0, 0)));
        assert_eq!(WatchMarks::of(&puzzle, &replay).rings, [Point::new(1, 0)]);
        replay.apply(Event::Take((1, 0)));
        let rings = WatchMarks::of(&puzzle, &replay).rings;
        assert_eq!(rings.len(), 2, "{rings:?}");
        assert!(rings.contains(&Point::new(2, 0)) && rings.contains(&Point::new(1, 1)));
        // Taking the first of them back: only the other is still to try.
        let first = rings[0];
        replay.apply(Event::Take((first.x, first.y)));
        replay.apply(Event::GiveBack((first.x, first.y)));
        assert_eq!(WatchMarks::of(&puzzle, &replay).rings, [rings[1]]);
        // After a restart the order is not known: the stone given back.
        replay.apply(Event::Restart { clears: false });
        replay.apply(Event::GiveBack((1, 0)));
        assert_eq!(WatchMarks::of(&puzzle, &replay).rings, [Point::new(1, 0)]);
    }
}
