//! Where the knight's tour puzzle on show came from, and how the shelf
//! and the settings keep that.

use gridtour::message::cut_name;
use gridtour::tr;

use super::examples::{EXAMPLES, example_words};
use crate::app::shelf::{generated_name, generated_seed};

/// Where the puzzle on show came from, named in the language of the frame
/// that draws it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Source {
    /// The article's 4 x 5 puzzle.
    Article,
    /// Generate, with this seed.
    Generated(u64),
    /// A file, or a puzzle pasted: its name.
    Named(String),
    /// One of the [`EXAMPLES`].
    Example(usize),
}

impl Source {
    /// The source as the shelf keeps it: an example's file name, a
    /// generated puzzle's seed, a file's name.
    pub(super) fn shelf_name(&self) -> String {
        match self {
            Source::Article => EXAMPLES[0].0.to_owned(),
            Source::Example(index) => EXAMPLES[*index].0.to_owned(),
            Source::Generated(seed) => generated_name(*seed),
            Source::Named(name) => name.clone(),
        }
    }

    /// The source of a puzzle the shelf names `name`.
    pub fn of_shelf_name(name: &str) -> Source {
        Source::of_saved(Some(name), generated_seed(name))
    }

    /// The source the settings saved as `name` (an example's or a file's)
    /// or the seed of a generated puzzle; the article's when neither. A
    /// name read back is cut to what a name may be.
    pub(super) fn of_saved(name: Option<&str>, seed: Option<u64>) -> Source {
        let example = name.and_then(|name| EXAMPLES.iter().position(|(example, _, _)| *example == name));
        match (example, name, seed) {
            (Some(index), _, _) => Source::Example(index),
            (None, _, Some(seed)) => Source::Generated(seed),
            (None, Some(name), None) => Source::Named(cut_name(name)),
            (None, None, None) => Source::Article,
        }
    }

    /// The source in words.
    pub fn words(&self) -> String {
        match self {
            Source::Article => tr!("numbers-article").to_owned(),
            Source::Generated(seed) => tr!("numbers-generated-source", seed = *seed),
            Source::Named(name) => name.clone(),
            Source::Example(index) => example_words(*index),
        }
    }
}
