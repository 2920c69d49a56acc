//! A job's counters in the window's language. The engines describe their
//! progress in English for the command line; the window knows the engines
//! and reads their details as data, so the status bar speaks Japanese too.

use gridtour::english::{TimeUnit, group_digits, in_binary_units, rough_duration_in, rough_size};
use gridtour::goishi::{
    FEWEST_GENERATED_STONES, GenerateError, Phase as GoishiPhase, Puzzle, SizeOutOfRange,
};
use gridtour::job::{Headway, Progress};
use gridtour::knight::count::NoSweep;
use gridtour::knight::count::{LayerFileWork, Phase as CountPhase, SweepPass};
use gridtour::knight::{
    Board, Estimate, NoTour, NotCounted, Refusal, SamplingFor, Square, WALK_NODES_PER_THREAD_SECOND,
};

use super::goishi::ui::level_name;
use super::i18n::tr;

/// The counters in words: nodes, found (once there are any), the time and
/// the rate, then what the engine is doing.
pub fn progress_words(progress: &Progress) -> String {
    let nodes = group_digits(progress.nodes);
    let mut line = if progress.detail::<SamplingFor>().is_some() {
        tr!("progress-attempts", n = nodes)
    } else {
        tr!("progress-nodes", n = nodes)
    };
    if progress.found > 0 {
        let found = group_digits(progress.found);
        line.push_str(&if progress.detail::<SamplingFor>().is_some() {
            tr!("progress-complete-tours", n = found)
        } else {
            tr!("progress-found", n = found)
        });
    }
    let secs = progress.elapsed.as_secs_f64();
    line.push_str(&if secs < 60.0 {
        tr!("progress-seconds", s = format!("{secs:.1}"))
    } else {
        let whole = progress.elapsed.as_secs();
        tr!(
            "progress-minutes",
            time = format!("{}:{:02}", whole / 60, whole % 60)
        )
    });
    line.push_str(&tr!(
        "progress-rate",
        rate = group_digits(progress.nodes_per_second() as u64)
    ));
    if let Some(detail) = detail_words(progress) {
        line.push_str(&tr!("progress-detail", detail = detail));
    }
    line
}

/// What the engine behind `progress` is doing, if it says.
fn detail_words(progress: &Progress) -> Option<String> {
    if let Some(sampling) = progress.detail::<SamplingFor>() {
        let left = sampling.seconds.saturating_sub(progress.elapsed.as_secs());
        return Some(tr!(
            "detail-sampling",
            seconds = sampling.seconds,
            left = left
        ));
    }
    if let Some(phase) = progress.detail::<GoishiPhase>() {
        return Some(goishi_words(*phase, progress));
    }
    progress
        .detail::<CountPhase>()
        .map(|phase| count_words(phase, progress))
}

/// `, about 3 minutes to go`, when the engine can tell.
fn time_left_words(progress: &Progress) -> String {
    progress
        .headway()
        .and_then(|headway| headway.left)
        .map_or_else(String::new, |left| {
            tr!("detail-time-left", time = duration_words(left))
        })
}

fn goishi_words(phase: GoishiPhase, progress: &Progress) -> String {
    match phase {
        GoishiPhase::Composing { block, blocks } => {
            tr!("detail-composing", block = block, blocks = blocks)
        }
        GoishiPhase::CountingFrom { searched, stones } => {
            let left = time_left_words(progress);
            tr!(
                "detail-counting-from",
                searched = searched,
                stones = stones,
                left = left
            )
        }
        GoishiPhase::ProvingUnique { stones } => tr!("detail-proving-unique", stones = stones),
        GoishiPhase::Rating { stones } => tr!("detail-rating", stones = stones),
    }
}

fn count_words(phase: &CountPhase, progress: &Progress) -> String {
    match *phase {
        CountPhase::FrontierSweep {
            square,
            squares,
            states,
            pass,
            ..
        } => {
            let pass = match pass {
                SweepPass::Counting => String::new(),
                SweepPass::Sizing => tr!("detail-sweep-sizing").to_owned(),
                SweepPass::Modulo { prime, primes } => {
                    tr!("detail-sweep-modulo", prime = prime, primes = primes)
                }
            };
            let left = time_left_words(progress);
            tr!(
                "detail-sweep",
                pass = pass,
                square = square,
                squares = squares,
                percent = u64::from(square) * 100 / u64::from(squares.max(1)),
                states = group_digits(states),
                left = left
            )
        }
        CountPhase::Recording { states } => {
            tr!("detail-recording", states = group_digits(states))
        }
        CountPhase::SweepFile {
            doing,
            after_square,
            squares,
            states,
        } => {
            let states = group_digits(states);
            match doing {
                LayerFileWork::Reading => tr!(
                    "detail-checkpoint-reading",
                    states = states,
                    square = after_square,
                    squares = squares
                ),
                LayerFileWork::Saving => tr!(
                    "detail-checkpoint-saving",
                    states = states,
                    square = after_square,
                    squares = squares
                ),
            }
        }
        CountPhase::WalkInstead { .. } => tr!("detail-walk").to_owned(),
    }
}

/// `42%, about 3 minutes left`.
pub fn headway_words(headway: Headway) -> String {
    let percent = (headway.done * 100.0).floor() as u32;
    match headway.left {
        Some(left) => tr!(
            "headway-left",
            percent = percent,
            time = duration_words(left)
        ),
        None => tr!("headway", percent = percent),
    }
}

/// A duration in the largest unit that keeps it readable.
pub fn duration_words(seconds: f64) -> String {
    let (n, unit) = rough_duration_in(seconds);
    match unit {
        TimeUnit::Years => tr!("duration-years", n = n),
        TimeUnit::Days => tr!("duration-days", n = n),
        TimeUnit::Hours => tr!("duration-hours", n = n),
        TimeUnit::Minutes => tr!("duration-minutes", n = n),
        TimeUnit::Seconds => tr!("duration-seconds", n = n),
    }
}

/// Why a board has no tour, in words.
pub fn no_tour_words(reason: &NoTour) -> String {
    let list = |names: &[String]| names.join(tr!("list-separator"));
    match reason {
        NoTour::AllBlocked => tr!("no-tour-all-blocked").to_owned(),
        NoTour::StartOffBoard {
            start,
            width,
            height,
        } => tr!(
            "no-tour-start-off-board",
            x = start.x,
            y = start.y,
            size = format!("{width}x{height}")
        ),
        NoTour::StartBlocked { start } => tr!("no-tour-start-blocked", start = start.as_str()),
        NoTour::OddClosed { squares } => tr!("no-tour-odd-closed", squares = *squares),
        NoTour::UnbalancedClosed { dark, light } => {
            tr!("no-tour-unbalanced-closed", dark = *dark, light = *light)
        }
        NoTour::ClosedTooSmall => tr!("no-tour-closed-too-small").to_owned(),
        NoTour::UnbalancedOpen { dark, light } => {
            tr!("no-tour-unbalanced-open", dark = *dark, light = *light)
        }
        NoTour::WrongStartColour { dark, light, start } => tr!(
            "no-tour-wrong-start-colour",
            dark = *dark,
            light = *light,
            start = start.as_str(),
            majority = if dark > light { "dark" } else { "light" }
        ),
        NoTour::Schwenk { m, n } => tr!("no-tour-schwenk", size = format!("{m}x{n}")),
        NoTour::NoOpenRectangle { m, n } => {
            tr!("no-tour-open-rectangle", size = format!("{m}x{n}"))
        }
        NoTour::FourAcross { start } => tr!("no-tour-four-across", start = start.as_str()),
        NoTour::Unreachable { square } => tr!("no-tour-unreachable", square = square.as_str()),
        NoTour::ClosedThroughLeaves { leaves } => {
            tr!("no-tour-closed-leaves", leaves = list(leaves))
        }
        NoTour::TooManyLeaves { leaves } => tr!("no-tour-too-many-leaves", leaves = list(leaves)),
        NoTour::StartNotAnEnd { leaves, start } => tr!(
            "no-tour-start-not-an-end",
            leaves = list(leaves),
            start = start.as_str()
        ),
        NoTour::Disconnected {
            from,
            to,
            reached,
            open,
        } => tr!(
            "no-tour-disconnected",
            from = from.as_str(),
            to = to.as_str(),
            reached = *reached,
            open = *open
        ),
        NoTour::ClosedCut { cut, groups } => {
            tr!("no-tour-closed-cut", cut = cut.as_str(), groups = *groups)
        }
        NoTour::ThreeWayCut { cut, groups } => {
            tr!(
                "no-tour-three-way-cut",
                cut = cut.as_str(),
                groups = *groups
            )
        }
        NoTour::ThreeLinks { links } => tr!("no-tour-three-links", links = list(links)),
        NoTour::StartSplits { start } => tr!("no-tour-start-splits", start = start.as_str()),
        NoTour::StartBetweenLinks { start, links } => tr!(
            "no-tour-start-between-links",
            start = start.as_str(),
            links = list(links)
        ),
    }
}

/// An estimate of the tours `what` names, number and interval first
/// (the panel cuts the rest to its width, whole on hover).
pub fn estimate_words(estimate: &Estimate, what: &str) -> String {
    if estimate.exact_because.is_some() {
        return tr!(
            "estimate-exact",
            tours = estimate.tours.to_string(),
            what = what
        );
    }
    if estimate.completed == 0 {
        return tr!(
            "estimate-none",
            what = what,
            attempts = group_digits(estimate.attempts)
        );
    }
    let (low, high) = (
        format!("{:.4e}", estimate.low),
        format!("{:.4e}", estimate.high),
    );
    let interval = if estimate.has_interval() {
        tr!("interval-95", low = low, high = high)
    } else {
        tr!("interval-rough", low = low, high = high)
    };
    tr!(
        "estimate-about",
        tours = format!("{:.4e}", estimate.tours),
        what = what,
        interval = interval,
        attempts = group_digits(estimate.attempts),
        completed = group_digits(estimate.completed)
    )
}

/// Why a count gave no number.
pub fn not_counted_words(why: &NotCounted) -> String {
    match why {
        NotCounted::TooLong(too_long) => {
            let sweep = no_sweep_words(&too_long.why);
            if too_long.estimated_nodes.is_finite() {
                tr!(
                    "walk-too-long",
                    sweep = sweep,
                    nodes = rough_size(too_long.estimated_nodes),
                    time = duration_words(too_long.estimated_seconds),
                    rate = WALK_NODES_PER_THREAD_SECOND / 1_000_000,
                    threads = too_long.threads
                )
            } else {
                tr!("walk-never-ends", sweep = sweep)
            }
        }
        NotCounted::NoSweep(why) => no_sweep_words(why),
        NotCounted::File(error) => error.to_string(),
    }
}

/// Why the frontier sweep cannot count a board.
fn no_sweep_words(why: &NoSweep) -> String {
    match *why {
        NoSweep::OverBudget { budget, at } => tr!(
            "sweep-over-budget",
            square = at.square,
            squares = at.squares,
            budget = in_binary_units(budget)
        ),
        NoSweep::OverBudgetAndDisk { budget, free, at } => tr!(
            "sweep-over-budget-and-disk",
            square = at.square,
            squares = at.squares,
            budget = in_binary_units(budget),
            free = in_binary_units(free)
        ),
        NoSweep::TooWide { width, widest } => {
            tr!("sweep-too-wide", width = width, widest = widest)
        }
        NoSweep::TooLongForEveryLength { longest } => {
            tr!("sweep-too-long-for-every-length", longest = longest)
        }
    }
}

/// A Goishi board size out of range, in words.
pub fn size_words(error: &SizeOutOfRange) -> String {
    tr!(
        "size-out-of-range",
        size = format!("{}x{}", error.width, error.height),
        most = Puzzle::MAX_SIDE
    )
}

/// Why the Goishi generator made no puzzle, in words.
pub fn generate_error_words(error: &GenerateError) -> String {
    let size = |width: u32, height: u32| format!("{width}x{height}");
    match *error {
        GenerateError::Size(error) => size_words(&error),
        GenerateError::StonesOutOfRange {
            width,
            height,
            stones,
        } => tr!(
            "generate-stones-out-of-range",
            size = size(width, height),
            points = width as usize * height as usize,
            stones = stones
        ),
        GenerateError::TooMany { stones, most } => {
            tr!("generate-too-many", stones = stones, most = most)
        }
        GenerateError::TooFew { stones, fewest } => {
            tr!("generate-too-few", stones = stones, fewest = fewest)
        }
        GenerateError::TooDense {
            width,
            height,
            stones,
            most,
        } => tr!(
            "generate-too-dense",
            size = size(width, height),
            points = width as usize * height as usize,
            stones = stones,
            most = most
        ),
        GenerateError::BeyondReach {
            width,
            height,
            stones,
            most,
            side,
            ..
        } => {
            let size = size(width, height);
            if most < FEWEST_GENERATED_STONES {
                tr!(
                    "generate-none-on-board",
                    size = size,
                    stones = stones,
                    side = side
                )
            } else {
                tr!(
                    "generate-beyond-reach",
                    size = size,
                    stones = stones,
                    most = most,
                    side = side
                )
            }
        }
        GenerateError::NoWalk {
            width,
            height,
            stones,
        } => tr!(
            "generate-no-walk",
            size = size(width, height),
            stones = stones
        ),
        GenerateError::NotFound {
            width,
            height,
            stones,
            level,
            ..
        } => tr!(
            "generate-not-found",
            size = size(width, height),
            stones = stones,
            level = level.map_or(String::new(), |level| {
                tr!("generate-rating", level = level_name(level))
            })
        ),
        GenerateError::NoneOfLevel {
            width,
            height,
            stones,
            level,
            attempts,
        } => tr!(
            "generate-none-of-level",
            size = size(width, height),
            stones = stones,
            level = level_name(level),
            attempts = group_digits(attempts)
        ),
    }
}

/// The first few of `squares` by name, with an ellipsis for the rest.
pub fn named_few(board: &Board, squares: &[Square]) -> String {
    /// The most squares a sentence names.
    const NAMED: usize = 12;
    let mut names: Vec<String> = squares
        .iter()
        .take(NAMED)
        .map(|&square| board.square_name(square))
        .collect();
    if squares.len() > NAMED {
        names.push("…".to_owned());
    }
    names.join(", ")
}

/// Why the knight cannot go to a square in play mode, in words.
pub fn refusal_words(refusal: &Refusal) -> String {
    match refusal {
        Refusal::OffBoard { square } => tr!(
            "refused-off-board",
            square = format!("({}, {})", square.x, square.y)
        ),
        Refusal::Blocked { name } => tr!("refused-blocked", name = name.as_str()),
        Refusal::Complete => tr!("refused-complete").to_owned(),
        Refusal::NotAKnightMove { name, from } => tr!(
            "refused-not-a-knight-move",
            name = name.as_str(),
            from = from.as_str()
        ),
        Refusal::Visited { name, at_move } => {
            tr!("refused-visited", name = name.as_str(), at_move = *at_move)
        }
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;
    use crate::app::i18n::{self, Language};

    #[test]
    fn counters_read_the_same_in_english_as_on_the_command_line() {
        i18n::set(Language::English);
        let progress = Progress {
            nodes: 1234,
            found: 5,
            elapsed: Duration::from_millis(300),
            ..Progress::default()
        };
        assert_eq!(progress_words(&progress), progress.to_string());
        let sampling = progress.clone().with_detail(SamplingFor { seconds: 3 });
        assert_eq!(progress_words(&sampling), sampling.to_string());
        let composing = progress.with_detail(GoishiPhase::Composing {
            block: 3,
            blocks: 8,
        });
        assert_eq!(progress_words(&composing), composing.to_string());
        let headway = Headway::of(42.0, 100.0, Some(180.0));
        assert_eq!(headway_words(headway), headway.to_string());
    }

    /// One reason of every kind.
    fn every_reason() -> Vec<NoTour> {
        let names = |names: &[&str]| names.iter().map(|name| (*name).to_owned()).collect();
        vec![
            NoTour::AllBlocked,
            NoTour::StartOffBoard {
                start: gridtour::knight::Square::new(9, 2),
                width: 5,
                height: 5,
            },
            NoTour::StartBlocked { start: "c3".into() },
            NoTour::OddClosed { squares: 25 },
            NoTour::UnbalancedClosed {
                dark: 13,
                light: 11,
            },
            NoTour::ClosedTooSmall,
            NoTour::UnbalancedOpen {
                dark: 14,
                light: 10,
            },
            NoTour::WrongStartColour {
                dark: 13,
                light: 12,
                start: "b1".into(),
            },
            NoTour::WrongStartColour {
                dark: 12,
                light: 13,
                start: "a1".into(),
            },
            NoTour::Schwenk { m: 4, n: 5 },
            NoTour::NoOpenRectangle { m: 4, n: 4 },
            NoTour::FourAcross { start: "b1".into() },
            NoTour::Unreachable {
                square: "a1".into(),
            },
            NoTour::ClosedThroughLeaves {
                leaves: names(&["a1", "h8"]),
            },
            NoTour::TooManyLeaves {
                leaves: names(&["a1", "h8", "a8"]),
            },
            NoTour::StartNotAnEnd {
                leaves: names(&["a1", "h8"]),
                start: "d4".into(),
            },
            NoTour::Disconnected {
                from: "a1".into(),
                to: "e5".into(),
                reached: 12,
                open: 20,
            },
            NoTour::ClosedCut {
                cut: "c2".into(),
                groups: 2,
            },
            NoTour::ThreeWayCut {
                cut: "c2".into(),
                groups: 3,
            },
            NoTour::ThreeLinks {
                links: names(&["a3", "c1", "e3"]),
            },
            NoTour::StartSplits { start: "c2".into() },
            NoTour::StartBetweenLinks {
                start: "c3".into(),
                links: names(&["b1", "e2"]),
            },
        ]
    }

    #[test]
    fn every_reason_reads_in_english_as_the_command_line_words_it() {
        i18n::set(Language::English);
        for reason in every_reason() {
            assert_eq!(no_tour_words(&reason), reason.to_string());
        }
    }

    #[test]
    fn every_reason_reads_in_japanese() {
        i18n::set(Language::Japanese);
        let worded: Vec<(String, String)> = every_reason()
            .iter()
            .map(|reason| (no_tour_words(reason), reason.to_string()))
            .collect();
        i18n::set(Language::English);
        for (japanese, english) in worded {
            assert!(japanese != english && !japanese.is_ascii(), "{japanese}");
            let latin_words = japanese
                .split(|c: char| !c.is_ascii_alphabetic())
                .filter(|word| word.len() > 1)
                .count();
            assert_eq!(latin_words, 0, "{japanese}");
        }
    }

    #[test]
    fn count_refusals_read_in_english_as_the_command_line_words_them() {
        use gridtour::knight::TooLong;
        use gridtour::knight::count::RanOut;
        let at = RanOut {
            square: 30,
            squares: 64,
        };
        let sweeps = [
            NoSweep::OverBudget {
                budget: 1 << 30,
                at,
            },
            NoSweep::OverBudgetAndDisk {
                budget: 1 << 30,
                free: 5 << 30,
                at,
            },
            NoSweep::TooWide {
                width: 10,
                widest: 8,
            },
            NoSweep::TooLongForEveryLength { longest: 40 },
        ];
        let mut refusals: Vec<NotCounted> = sweeps.into_iter().map(NotCounted::NoSweep).collect();
        for why in sweeps {
            for estimated_nodes in [3.2e15, f64::INFINITY] {
                refusals.push(NotCounted::TooLong(TooLong {
                    why,
                    estimated_nodes,
                    threads: 2,
                    estimated_seconds: 3.0e7,
                }));
            }
        }
        i18n::set(Language::English);
        for why in &refusals {
            assert_eq!(not_counted_words(why), why.to_string());
        }
        i18n::set(Language::Japanese);
        let japanese: Vec<String> = refusals.iter().map(not_counted_words).collect();
        i18n::set(Language::English);
        for (words, why) in japanese.iter().zip(&refusals) {
            assert!(*words != why.to_string() && !words.is_ascii(), "{words}");
        }
    }

    #[test]
    fn every_generation_refusal_has_its_words_in_both_languages() {
        let errors = [
            GenerateError::Size(SizeOutOfRange {
                width: 0,
                height: 5,
            }),
            GenerateError::StonesOutOfRange {
                width: 3,
                height: 3,
                stones: 10,
            },
            GenerateError::TooMany {
                stones: 5000,
                most: 2000,
            },
            GenerateError::TooFew {
                stones: 2,
                fewest: 3,
            },
            GenerateError::TooDense {
                width: 4,
                height: 4,
                stones: 14,
                most: 12,
            },
            GenerateError::BeyondReach {
                width: 4,
                height: 4,
                stones: 12,
                most: 9,
                chained: false,
                side: 6,
            },
            GenerateError::BeyondReach {
                width: 2,
                height: 2,
                stones: 3,
                most: 1,
                chained: false,
                side: 4,
            },
            GenerateError::NoWalk {
                width: 4,
                height: 4,
                stones: 15,
            },
            GenerateError::NotFound {
                width: 8,
                height: 8,
                stones: 40,
                level: Some(gridtour::goishi::Level::Hard),
                chained: true,
            },
            GenerateError::NoneOfLevel {
                width: 8,
                height: 8,
                stones: 30,
                level: gridtour::goishi::Level::Easy,
                attempts: 64,
            },
        ];
        for error in &errors {
            i18n::set(Language::English);
            let english = generate_error_words(error);
            i18n::set(Language::Japanese);
            let japanese = generate_error_words(error);
            i18n::set(Language::English);
            assert!(english.is_ascii() && !english.is_empty(), "{english}");
            assert!(!japanese.is_ascii(), "{japanese}");
            let latin = japanese
                .split(|c: char| !c.is_ascii_alphabetic())
                .filter(|word| word.len() > 1)
                .count();
            assert_eq!(latin, 0, "{japanese}");
        }
    }

    #[test]
    fn counters_read_in_japanese() {
        i18n::set(Language::Japanese);
        let progress = Progress {
            nodes: 1234,
            found: 5,
            elapsed: Duration::from_secs(75),
            ..Progress::default()
        }
        .with_detail(GoishiPhase::Composing {
            block: 3,
            blocks: 8,
        });
        let words = progress_words(&progress);
        i18n::set(Language::English);
        assert_eq!(
            words,
            "1,234 ノード、5 個発見、1:15 分、16/秒（ブロック 3/8 を作成中）"
        );
    }
}
