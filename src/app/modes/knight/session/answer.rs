//! What the knight session has to say about its board: the answer to the
//! last search and the result of the last count, kept as values (squares
//! by name, reasons, counts) and worded only when drawn, in the language
//! of that frame. Both are dropped when the board changes.

use gridtour::english::{group_decimal, group_digits};
use gridtour::i18n::duration_words;
use gridtour::job::Progress;
use gridtour::knight::{
    Algorithm, Count, Estimate, NoTour, NotCounted, TooManySquares, TourKind,
};
use gridtour::tr;

use crate::app::jobs::How;
use crate::app::modes::knight::work::{Tours, WINDOW_ESTIMATE_SECONDS};

/// The answer to the last search or analysis, while it fits the board.
#[derive(Debug, Clone)]
pub enum Answer {
    /// A search for a tour from this square is running.
    Searching(String),
    /// A watched search from this square is running.
    Watching(Algorithm, String),
    /// The comparison of the searches from this square is running.
    Comparing(String),
    /// The watched search (of this algorithm, from this square) found its
    /// tour: said once the watch has come to it.
    WatchedFound(Algorithm, String),
    /// The board's tour is built from tiles: there was nothing to watch.
    WatchedBuilt,
    /// There is no tour.
    NoTour(NoTour),
    /// The search did not run to its end.
    SearchCutShort(How),
    /// The failing-starts analysis did not run to its end.
    FailingStartsCutShort(How),
    /// Plain Warnsdorff's failing starts: their names (the first few), how
    /// many there are, of how many open squares.
    FailingStarts {
        /// The first failing starts by name, with `…` for the rest.
        names: String,
        /// How many starts fail.
        failing: usize,
        /// The board's open squares.
        squares: usize,
    },
}

impl Answer {
    /// The answer in this frame's language.
    pub fn words(&self) -> String {
        match self {
            Answer::Searching(name) => tr!("searching-from", name = name.as_str()),
            Answer::Watching(algorithm, name) => tr!(
                "watching-from",
                algorithm = algorithm.words(),
                name = name.as_str()
            ),
            Answer::Comparing(name) => tr!("comparing-from", name = name.as_str()),
            Answer::WatchedFound(..) => tr!("watched-found").to_owned(),
            Answer::WatchedBuilt => tr!("watched-built").to_owned(),
            Answer::NoTour(reason) => tr!("no-tour", reason = reason.to_string()),
            Answer::SearchCutShort(how) => tr!("search-cut-short", how = how.words()),
            Answer::FailingStartsCutShort(how) => {
                tr!("failing-starts-cut-short", how = how.words())
            }
            Answer::FailingStarts {
                names,
                failing,
                squares,
            } => {
                let squares = group_digits(*squares as u64);
                if *failing == 0 {
                    tr!("failing-starts-none", squares = squares)
                } else {
                    tr!(
                        "failing-starts-found",
                        failing = group_digits(*failing as u64),
                        squares = squares,
                        names = names.as_str()
                    )
                }
            }
        }
    }
}

/// The result of the last count or estimate, while it fits the board.
#[derive(Debug, Clone)]
pub enum CountLine {
    /// A count of these tours is running.
    Counting(Tours),
    /// An estimate of these tours is running.
    Estimating(Tours),
    /// The count of these tours.
    Counted(Tours, Count),
    /// Theory rules out every tour.
    NoTours(NoTour),
    /// The estimate of these tours.
    Estimated(Tours, Estimate),
    /// The board is too big to estimate.
    NotEstimated(TooManySquares),
    /// The count was refused or gave no number.
    NotCounted(NotCounted),
    /// The count did not run to its end; its counters then.
    CountCutShort(How, Progress),
    /// The estimate did not run to its end.
    EstimateCutShort(How),
}

impl CountLine {
    /// The line in this frame's language.
    pub fn words(&self) -> String {
        match self {
            CountLine::Counting(tours) => tr!("counting", what = tours.words()),
            CountLine::Estimating(tours) => tr!(
                "estimating",
                what = tours.words(),
                seconds = WINDOW_ESTIMATE_SECONDS
            ),
            CountLine::Counted(tours, count) => {
                let count = group_decimal(&count.digits());
                match (&tours.from, tours.kind) {
                    (Some(start), TourKind::Open) => tr!(
                        "counted-directed-open",
                        count = count,
                        start = start.as_str()
                    ),
                    (Some(start), TourKind::Closed) => tr!(
                        "counted-directed-closed",
                        count = count,
                        start = start.as_str()
                    ),
                    (None, TourKind::Open) => {
                        tr!("counted-undirected-open", count = count)
                    }
                    (None, TourKind::Closed) => {
                        tr!("counted-undirected-closed", count = count)
                    }
                }
            }
            CountLine::NoTours(reason) => tr!("no-tours", reason = reason.to_string()),
            CountLine::Estimated(tours, estimate) => estimate.words(&tours.words()),
            CountLine::NotEstimated(refusal) => {
                tr!("not-estimated", reason = refusal.to_string())
            }
            CountLine::NotCounted(why) => {
                // The panel shows the start of the line (the rest on hover).
                let more_memory = if why.more_memory_helps() {
                    tr!("more-memory-may-fit")
                } else {
                    ""
                };
                let work = match why {
                    NotCounted::TooLong(too_long) => tr!(
                        "work-about",
                        time = duration_words(too_long.estimated_seconds)
                    ),
                    _ => String::new(),
                };
                tr!(
                    "not-counted",
                    work = work,
                    why = why.to_string(),
                    more_memory = more_memory
                )
            }
            CountLine::CountCutShort(how, progress) => tr!(
                "count-cut-short",
                how = how.words(),
                progress = progress.to_string()
            ),
            CountLine::EstimateCutShort(how) => tr!("estimate-cut-short", how = how.words()),
        }
    }
}
