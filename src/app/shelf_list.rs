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

/// `about` (a record's size and pieces), then its `level`, if any.
pub fn with_level(mut about: String, level: Option<Level>) -> String {
    if let Some(level) = level {
        about.push_str(&tr!("shelf-level", level = level.words()));
    }
    about
}

/// Draws `records` under a heading that says how many there are, each
/// named as `name` words it, with what `about` says of it (its size,
/// pieces and level) and its best time; the link of the one clicked.
pub fn show(
    ui: &mut egui::Ui,
    salt: &str,
    records: &[Record],
    name: impl Fn(&Record) -> String,
    about: impl Fn(&Record) -> String,
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
                        let mut about = about(record);
                        match (record.solved, record.best()) {
                            (true, Some(best)) => {
                                about.push_str(&tr!("shelf-solved-best", time = clock_text(best)))
                            }
                            (true, None) => about.push_str(tr!("shelf-solved")),
                            (false, _) => {}
                        }
                        if ui
                            .link(name(record))
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
