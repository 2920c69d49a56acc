//! Browsing the tours or solutions a count has found so far, while the count
//! goes on. Only the first [`BROWSE_LIMIT`] are kept; the rest are counted.

use eframe::egui;

use gridtour::job::{Progress, group_digits};

use super::jobs::BROWSE_LIMIT;

/// The kept results and the one on show.
#[derive(Debug, Clone, PartialEq)]
pub struct Browser<T> {
    items: Vec<T>,
    index: usize,
}

impl<T> Default for Browser<T> {
    fn default() -> Self {
        Self {
            items: Vec::new(),
            index: 0,
        }
    }
}

impl<T> Browser<T> {
    /// Forgets every kept result.
    pub fn clear(&mut self) {
        self.items.clear();
        self.index = 0;
    }

    /// Keeps a newly found result unless the limit is reached. Returns true
    /// when it is the first one, which the caller then shows.
    pub fn push(&mut self, item: T) -> bool {
        if self.items.len() < BROWSE_LIMIT {
            self.items.push(item);
        }
        self.items.len() == 1
    }

    /// The result on show.
    pub fn current(&self) -> Option<&T> {
        self.items.get(self.index)
    }

    /// The live count of a running search (`progress`), previous/next
    /// buttons and the position. Returns true when another result was
    /// selected.
    pub fn controls(&mut self, ui: &mut egui::Ui, noun: &str, progress: Option<Progress>) -> bool {
        if let Some(progress) = progress {
            ui.label(format!("Found so far: {}", group_digits(progress.found)));
        }
        if self.items.is_empty() {
            return false;
        }
        let before = self.index;
        ui.horizontal(|ui| {
            if ui
                .add_enabled(
                    self.index > 0,
                    egui::Button::new(format!("Previous {noun}")),
                )
                .clicked()
            {
                self.index -= 1;
            }
            if ui
                .add_enabled(
                    self.index + 1 < self.items.len(),
                    egui::Button::new(format!("Next {noun}")),
                )
                .clicked()
            {
                self.index += 1;
            }
        });
        let kept = if self.items.len() == BROWSE_LIMIT {
            format!(" (the first {BROWSE_LIMIT} are kept)")
        } else {
            String::new()
        };
        ui.label(format!(
            "Showing {noun} {} of {}{kept}",
            self.index + 1,
            self.items.len()
        ));
        self.index != before
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_at_most_the_limit_and_reports_the_first() {
        let mut browser = Browser::default();
        assert!(browser.push(0));
        for i in 1..BROWSE_LIMIT + 10 {
            assert!(!browser.push(i));
        }
        assert_eq!(browser.items.len(), BROWSE_LIMIT);
        assert_eq!(browser.current(), Some(&0));
    }
}
