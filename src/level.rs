//! The difficulty levels puzzles are made and rated at.

/// How hard a puzzle is, in every game gridtour makes puzzles for: each
/// game says what makes a level (see `goishi::rate` and
/// `numbers::generate`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Level {
    /// The easiest.
    Easy,
    /// Between the two.
    Medium,
    /// The hardest.
    Hard,
}

impl Level {
    /// Every level, easiest first.
    pub const ALL: [Level; 3] = [Level::Easy, Level::Medium, Level::Hard];

    /// The level's name.
    pub fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
        }
    }

    /// The level's name in this thread's language.
    pub fn words(self) -> &'static str {
        match self {
            Level::Easy => crate::tr!("level-easy"),
            Level::Medium => crate::tr!("level-medium"),
            Level::Hard => crate::tr!("level-hard"),
        }
    }
}
