//! A shelf on screen: the puzzles met, each with what is known of it; a
//! click opens one to play. Each puzzle mode shows its own shelf.

use eframe::egui;
use gridtour::level::Level;
use gridtour::tr;

use super::clock::clock_text;
use super::shelf::Record;

/// The most height an unfolded shelf takes; a longer one scrolls, so that
/// the controls under it stay where they are.
const HEIGHT: f32 = 240.0;

/// Draws `records` under a heading that says how many there are, each
/// named as `name` words it, with its size and pieces as `size` words
/// them, its level (unless its name says it) and its best time; the link
/// of the one clicked.
pub fn show(
    ui: &mut egui::Ui,
    salt: &str,
    records: &[Record],
    name: impl Fn(&Record) -> String,
    size: impl Fn(&Record) -> String,
) -> Option<String> {
    let mut clicked = None;
    egui::CollapsingHeader::new(tr!("shelf", puzzles = records.len()))
        .id_salt(salt)
        .show(ui, |ui| {
            egui::ScrollArea::vertical()
                .id_salt(salt)
                .max_height(HEIGHT)
                .show(ui, |ui| {
                    for record in records {
                        let title = name(record);
                        let mut about = size(record);
                        // An example's name gives its level already.
                        let level = Level::ALL.into_iter().find(|level| {
                            record.level.as_deref() == Some(level.name())
                                && !title.contains(level.words())
                        });
                        if let Some(level) = level {
                            about.push_str(&tr!("shelf-level", level = level.words()));
                        }
                        match (record.solved, record.best()) {
                            (true, Some(best)) => {
                                about.push_str(&tr!("shelf-solved-best", time = clock_text(best)))
                            }
                            (true, None) => about.push_str(tr!("shelf-solved")),
                            (false, _) => {}
                        }
                        if ui
                            .link(title)
                            .on_hover_text(tr!("shelf-open-does"))
                            .clicked()
                        {
                            clicked = Some(record.url.clone());
                        }
                        ui.label(egui::RichText::new(about).small());
                    }
                });
        });
    clicked
}
