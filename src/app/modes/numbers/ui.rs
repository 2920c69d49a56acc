//! The knight's tour puzzle mode on screen: the board with its numbers
//! and the moves joining consecutive ones, and the controls. It holds
//! only what is about drawing and typing (the canvas view, a size being
//! typed).

use eframe::egui;
use eframe::egui::{Color32, FontId, Stroke, vec2};
use gridtour::knight::{Square, TourKind};
use gridtour::numbers::{HOLEY_MOST_SQUARES, Level, NumbersPuzzle};
use gridtour::render::STYLE;
use gridtour::tr;

use super::command::NumbersCommand;
use super::session::{EXAMPLES, NumbersSession, example_words};
use super::source::Source;
use super::settings::NumbersSettings;
use super::work::{Request, most_squares, offered};
use crate::app::canvas::{Geometry, Layer, Scene, View};
use crate::app::clock::clock_text;
use crate::app::command::Step;
use crate::app::pane::ModeUi;
use crate::app::session::{Common, Session};
use crate::app::settings::ViewSettings;
use crate::app::shelf::Record;
use crate::app::shelf_list;
use crate::app::widgets::{self, colour};

/// The longest side the window generates puzzles for, the longest a
/// person plays (an easy 16 x 16 puzzle takes up to two seconds).
const GENERATE_MAX_SIDE: u32 = 16;

/// What the puzzle mode's UI keeps between frames.
#[derive(Default)]
pub struct NumbersUi {
    /// Zoom and pan of the board.
    pub view: View,
    /// A board size being typed or dragged.
    size: Option<(u32, u32)>,
    /// A number being typed, for the next click to lay.
    typed: String,
    /// Whether clicks put pencil marks instead of numbers.
    pencil: bool,
}

impl NumbersUi {
    /// The number typed, if what is typed is one.
    fn typed(&self) -> Option<u32> {
        self.typed.trim().parse().ok()
    }

    /// The number a click lays or marks: the one typed, else the smallest
    /// missing.
    fn to_lay(&self, session: &NumbersSession) -> Option<u32> {
        self.typed().or(session.play().next_missing())
    }
}

impl ModeUi<NumbersSession> for NumbersUi {
    fn controls(
        &mut self,
        ui: &mut egui::Ui,
        session: &NumbersSession,
        (settings, _view): (&mut NumbersSettings, &mut ViewSettings),
        out: &mut Vec<NumbersCommand>,
    ) {
        ui.heading(tr!("mode-numbers"));
        ui.horizontal(|ui| {
            let label = ui.label(tr!("example"));
            egui::ComboBox::from_id_salt("numbers-example")
                .selected_text(tr!("choose-a-puzzle"))
                .show_ui(ui, |ui| {
                    for index in 0..EXAMPLES.len() {
                        if ui.selectable_label(false, example_words(index)).clicked() {
                            out.push(NumbersCommand::LoadExample(index));
                        }
                    }
                })
                .response
                .labelled_by(label.id);
        });
        widgets::button_row(
            ui,
            [
                NumbersCommand::Restart,
                NumbersCommand::Common(Common::Step(Step::Undo)),
                NumbersCommand::Common(Common::Step(Step::Redo)),
                NumbersCommand::Hint,
                NumbersCommand::Check,
                NumbersCommand::CopyLink,
            ],
            |command| session.can(command),
            out,
        );
        if let Some(time) = session.clock().reading(web_time::Instant::now()) {
            let best = session.best_time().map_or(String::new(), |best| {
                tr!("best-time", time = clock_text(best))
            });
            let clock = tr!("clock", time = clock_text(time), best = best);
            ui.label(egui::RichText::new(clock).monospace());
        }
        ui.horizontal(|ui| {
            let label = ui.label(tr!("numbers-type"));
            ui.add(egui::TextEdit::singleline(&mut self.typed).desired_width(48.0))
                .labelled_by(label.id)
                .on_hover_text(tr!("numbers-type-does"));
            ui.checkbox(&mut self.pencil, tr!("numbers-pencil"))
                .on_hover_text(tr!("numbers-pencil-does"));
        });
        ui.label(match (self.to_lay(session), self.pencil) {
            (Some(number), false) => tr!("numbers-next", number = number),
            (Some(number), true) => tr!("numbers-next-mark", number = number),
            (None, _) => tr!("numbers-full").to_owned(),
        });
        let name = |record: &Record| Source::of_shelf_name(&record.name).words();
        let about = |record: &Record| {
            let (width, height) = record.size;
            let size =
                tr!("numbers-shelf-size", width = width, height = height, givens = record.pieces);
            // An example's name gives its level already.
            let named = matches!(Source::of_shelf_name(&record.name), Source::Example(_));
            shelf_list::with_level(size, record.level().filter(|_| !named))
        };
        let records = session.shelf().records();
        if let Some(link) = shelf_list::show(ui, "numbers-shelf", records, name, about) {
            out.push(NumbersCommand::OpenFromShelf(link));
        }

        ui.separator();
        let wanted = (settings.width, settings.height);
        if let Some(new) =
            widgets::size_fields(ui, "numbers-size", wanted, &mut self.size, GENERATE_MAX_SIDE)
        {
            (settings.width, settings.height) = new;
        }
        ui.checkbox(&mut settings.closed, tr!("closed-tour"));
        ui.checkbox(&mut settings.holes, tr!("numbers-holes"))
            .on_hover_text(tr!("numbers-holes-does"));
        let level = settings.generated_level();
        ui.horizontal(|ui| {
            let label = ui.label(tr!("numbers-level"));
            ui.add_enabled_ui(!settings.holes, |ui| {
                egui::ComboBox::from_id_salt("numbers-level")
                .selected_text(level.words())
                .show_ui(ui, |ui| {
                    for choice in Level::ALL {
                        let offered = offered(Some(choice), settings.width, settings.height);
                        let item = ui
                            .add_enabled(
                                offered,
                                egui::Button::selectable(choice == level, choice.words()),
                            )
                            .on_disabled_hover_text(tr!(
                                "numbers-level-not-offered",
                                squares = most_squares(choice).unwrap_or_default()
                            ));
                        if item.clicked() {
                            settings.level = choice.name().to_owned();
                        }
                    }
                })
                .response
                .labelled_by(label.id);
            });
            let label = ui.label(tr!("seed"));
            ui.add(egui::DragValue::new(&mut settings.seed))
                .labelled_by(label.id);
        });
        let chosen = (!settings.holes).then_some(level);
        let board = gridtour::knight::Board::new(settings.width, settings.height);
        if let Ok(board) = board {
            let generate = NumbersCommand::Generate(Request {
                board,
                kind: settings.kind(),
                level: chosen,
                seed: settings.seed,
            });
            let offered = offered(chosen, settings.width, settings.height);
            if widgets::button(ui, &generate, session.can(&generate) && offered) {
                out.push(generate);
                // The next Generate makes another puzzle.
                settings.seed = settings.seed.wrapping_add(1);
            }
            // The level chosen, where the board is too large for it.
            let wished = settings.chosen_level();
            if wished != level && !settings.holes {
                let why = tr!(
                    "numbers-level-stepped-down",
                    chosen = wished.words(),
                    squares = most_squares(wished).unwrap_or_default(),
                    level = level.words()
                );
                ui.label(egui::RichText::new(why).small().weak());
            }
            // Why Generate is greyed, where it is greyed for the board.
            if !offered {
                let why = match chosen {
                    Some(level) => tr!(
                        "numbers-level-not-offered",
                        squares = most_squares(level).unwrap_or_default()
                    ),
                    None => tr!("numbers-holes-not-offered", squares = HOLEY_MOST_SQUARES),
                };
                ui.label(egui::RichText::new(why).small().weak());
            }
        }
    }

    fn canvas(
        &mut self,
        ui: &mut egui::Ui,
        session: &NumbersSession,
        view: &ViewSettings,
        out: &mut Vec<NumbersCommand>,
    ) -> Option<String> {
        let board = session.board();
        let mut highlight = vec![false; board.area()];
        for square in session.marked() {
            highlight[board.index(square)] = true;
        }
        let scene = Scene {
            layer: Layer::Knight {
                board,
                highlight: &highlight,
                unreachable: &[],
                candidates: &[],
            },
            path: None,
            shown: 0,
            closed: false,
            numbers: false,
            labels: view.show_labels,
            revision: session.revision(),
        };
        let response = self.view.show(ui, &scene);
        if let Some(geometry) = self.view.geometry() {
            draw_numbers(&ui.painter_at(geometry.clip), &geometry, session);
        }
        let (pencil, typed, to_lay) = (self.pencil, self.typed(), self.to_lay(session));
        let hovered = response.on_knight_board(board, out, |square| match (pencil, to_lay, typed) {
            (true, Some(number), _) => NumbersCommand::Mark { square, number },
            (false, _, Some(number)) => NumbersCommand::Lay { square, number },
            _ => NumbersCommand::Click(square),
        });
        // A typed number is laid once; in pencil it marks square after
        // square.
        if matches!(out.last(), Some(NumbersCommand::Lay { .. })) {
            self.typed.clear();
        }
        hovered
    }

    fn view(&mut self) -> &mut View {
        &mut self.view
    }

    /// A 4 x 4 corner with the numbers 1 to 4 laid a knight's move apart.
    fn rules_picture(ui: &mut egui::Ui) {
        let (painter, corner, cell) = widgets::rules_board(ui, 4, 140.0);
        let centre =
            |(x, y): (u32, u32)| corner + vec2((x as f32 + 0.5) * cell, (y as f32 + 0.5) * cell);
        let path = [(0, 3), (1, 1), (3, 0), (2, 2)];
        for pair in path.windows(2) {
            painter.line_segment(
                [centre(pair[0]), centre(pair[1])],
                Stroke::new(2.0, colour(STYLE.path.colour)),
            );
        }
        for (index, &place) in path.iter().enumerate() {
            number_disc(&painter, centre(place), (cell, 1), index as u32 + 1, index == 0);
        }
    }
}

/// The numbers on the board, each on a disc (white for a given, the
/// path's colour for one laid by hand), over the moves that join each
/// number to the next (and, on a closed puzzle, the last to 1).
fn draw_numbers(painter: &egui::Painter, geometry: &Geometry, session: &NumbersSession) {
    let play = session.play();
    let puzzle: &NumbersPuzzle = play.puzzle();
    let board = puzzle.board();
    let last = puzzle.last_number();
    let mut at: Vec<Option<Square>> = vec![None; last as usize + 1];
    for square in board.open_squares() {
        if let Some(number) = play.number(square) {
            at[number as usize] = Some(square);
        }
    }
    let centre = |square: Square| geometry.cell_center((square.x, square.y));
    let stroke = Stroke::new(
        (geometry.cell * 0.06).max(1.5),
        colour(STYLE.path.colour),
    );
    let mut joined: Vec<(Square, Square)> = at
        .windows(2)
        .filter_map(|pair| Some((pair[0]?, pair[1]?)))
        .collect();
    if puzzle.kind() == TourKind::Closed
        && let (Some(first), Some(end)) = (at[1], at[last as usize])
    {
        joined.push((end, first));
    }
    for (from, to) in joined {
        // Numbers laid apart that no knight joins are drawn apart: Check
        // names the rule.
        if gridtour::knight::Board::is_knight_move(from, to) {
            painter.line_segment([centre(from), centre(to)], stroke);
        }
    }
    // Every number in the size the longest needs, so that they read alike.
    let digits = last.max(1).ilog10() + 1;
    for square in board.open_squares() {
        if let Some(number) = play.number(square) {
            let given = puzzle.given(square).is_some();
            number_disc(painter, centre(square), (geometry.cell, digits), number, given);
        } else if !session.marks(square).is_empty() {
            let dark = board.is_dark(square);
            pencil_marks(painter, geometry, (square, dark), session.marks(square));
        }
    }
}

/// The pencil `marks` of an empty `square`, small, along the square's top
/// in lines as many as fit: in the path's colour on a dark square, and
/// that colour darkened to a third on a light one, where the bright cyan
/// (and a half-dark teal) reads faintly in so small a size.
fn pencil_marks(
    painter: &egui::Painter,
    geometry: &Geometry,
    (square, dark): (Square, bool),
    marks: &[u32],
) {
    let cell = geometry.cell;
    let size = (cell * 0.22).max(8.0);
    let text: Vec<String> = marks.iter().map(u32::to_string).collect();
    let corner = geometry.cell_center((square.x, square.y)) - vec2(cell * 0.44, cell * 0.44);
    let path = colour(STYLE.path.colour);
    let ink = if dark {
        path
    } else {
        Color32::from_rgb(path.r() / 3, path.g() / 3, path.b() / 3)
    };
    let galley = painter.layout(text.join(" "), FontId::proportional(size), ink, cell * 0.88);
    painter.galley(corner, galley, ink);
}

/// `number` on a disc at `centre` in a square `cell` wide, in the size
/// numbers of `digits` digits fit: white with a dark ring for a given, the
/// path's colour for a number laid by hand.
fn number_disc(
    painter: &egui::Painter,
    centre: egui::Pos2,
    (cell, digits): (f32, u32),
    number: u32,
    given: bool,
) {
    let radius = cell * 0.34;
    let (fill, ring) = if given {
        (Color32::WHITE, Color32::BLACK)
    } else {
        (colour(STYLE.path.colour), colour(STYLE.path.colour))
    };
    painter.circle(centre, radius, fill, Stroke::new((cell * 0.04).max(1.0), ring));
    let size = cell * 0.63 / (digits as f32).max(1.5);
    painter.text(
        centre,
        egui::Align2::CENTER_CENTER,
        number.to_string(),
        FontId::proportional(size),
        Color32::BLACK,
    );
}
