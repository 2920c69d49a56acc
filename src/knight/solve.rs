//! Finding one tour: theory first, then construction, heuristics and search.

use std::fmt;
use std::str::FromStr;

use super::trace::{Step, Unwatched, Watcher, walk_again};
use super::{
    Board, NoTour, Patience, Square, Tour, TourKind, backtrack, dfs, large, validate, warnsdorff,
    why_no_tour, why_no_tour_between,
};
use crate::job::{Control, Outcome};

/// The method [`solve`] uses on boards too small for the large-board
/// construction.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Algorithm {
    /// Warnsdorff's greedy rule with an edge tie-break, path rotations and
    /// restarts; when all of that fails, the divide-and-conquer
    /// construction on full boards, then exhaustive search. Fast on any
    /// board without blocked squares.
    Warnsdorff,
    /// Exhaustive depth-first search in Warnsdorff order with pruning. Finds
    /// a tour or proves there is none, however long that takes.
    Backtrack,
    /// Plain depth-first search: moves in a fixed order, no pruning, as
    /// the lessons first write it. Lucky from some squares, endless from
    /// others beyond small boards; there to be watched beside the others.
    Dfs,
}

impl Algorithm {
    /// Every algorithm.
    pub const ALL: [Algorithm; 3] = [Algorithm::Warnsdorff, Algorithm::Backtrack, Algorithm::Dfs];

    /// The ones that solve any board a person might ask about, in menu
    /// order: plain search is there to be watched on small boards.
    pub const SOLVERS: [Algorithm; 2] = [Algorithm::Warnsdorff, Algorithm::Backtrack];

    /// The solver's name in this thread's language.
    pub fn words(self) -> &'static str {
        match self {
            Algorithm::Warnsdorff => crate::tr!("algorithm-warnsdorff"),
            Algorithm::Backtrack => crate::tr!("algorithm-backtrack"),
            Algorithm::Dfs => crate::tr!("algorithm-dfs"),
        }
    }

    /// The name used on the command line and in menus.
    pub fn label(&self) -> &'static str {
        match self {
            Algorithm::Warnsdorff => "warnsdorff",
            Algorithm::Backtrack => "backtrack",
            Algorithm::Dfs => "dfs",
        }
    }
}

impl fmt::Display for Algorithm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.label())
    }
}

impl FromStr for Algorithm {
    type Err = String;

    /// Accepts the labels, ignoring case.
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        Algorithm::ALL
            .into_iter()
            .find(|a| a.label().eq_ignore_ascii_case(text.trim()))
            .ok_or_else(|| {
                let names: Vec<_> = Algorithm::ALL.iter().map(|a| a.label()).collect();
                crate::tr!(
                    "unknown-algorithm",
                    given = crate::placed::quoted(text),
                    expected = names.join(", ")
                )
            })
    }
}

/// What [`solve`] found out.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SolveResult {
    /// A tour, already checked by [`validate`](fn@crate::knight::validate).
    Found(Tour),
    /// No tour exists: a theorem says so, or an exhausted search.
    NoTour(NoTour),
}

/// Full boards with at least this many squares are first handed to the
/// divide-and-conquer construction: it is linear in the board and does not
/// depend on luck, where a greedy walk over a million squares may need many
/// rotations.
pub const LARGE_BOARD_SQUARES: usize = 100 * 100;

/// On boards with blocked squares and a side at most this long, a search
/// that goes on races the frontier sweep (see [`racing_the_sweep`]).
pub const SWEEP_SIDE: u32 = 8;

/// How long a search runs alone before the sweep starts beside it: most
/// searches end sooner, and never pay for it.
const SWEEP_AFTER: std::time::Duration = std::time::Duration::from_millis(200);

/// Finds one tour of `kind` from `start`.
///
/// In order: the theory of [`why_no_tour`] (no search when a proof
/// exists); on large full boards, the divide-and-conquer construction;
/// then `algorithm`. When the Warnsdorff walk fails, the construction gets
/// its chance on full boards of any size, then exhaustive search decides,
/// so with either algorithm the answer "no tour" is always a proof. Every
/// tour returned has passed [`validate`](fn@crate::knight::validate).
///
/// With [`Algorithm::Warnsdorff`] only a board with blocked squares can
/// keep the search going for long: one with no tour that no theorem rules
/// out (such as two rooms joined by a single square, for a closed tour), or
/// one where the walk fails and the search has a huge space to cover.
/// [`Algorithm::Backtrack`] is exhaustive search as asked, which can also
/// take very long on full boards 3 or 4 squares across and a few dozen
/// long. `control` cancels such a search within milliseconds.
pub fn solve(
    board: &Board,
    start: Square,
    kind: TourKind,
    algorithm: Algorithm,
    control: &Control,
) -> Outcome<SolveResult> {
    solve_watched(board, (start, kind), algorithm, control, &mut Unwatched)
}

/// [`solve`], showing every step of its searches to `watcher` (see
/// [`trace`](super::trace)). With [`Algorithm::Dfs`] only the plain search
/// runs: no theory first, no construction.
pub fn solve_watched(
    board: &Board,
    (start, kind): (Square, TourKind),
    algorithm: Algorithm,
    control: &Control,
    watcher: &mut impl Watcher,
) -> Outcome<SolveResult> {
    if algorithm == Algorithm::Dfs {
        return match dfs::plain_search(board, start, kind, control, watcher) {
            Outcome::Cancelled => Outcome::Cancelled,
            Outcome::Done(found) => Outcome::Done(found_or_exhausted(board, start, kind, found)),
        };
    }
    if let Some(reason) = why_no_tour(board, Some(start), kind) {
        return Outcome::Done(SolveResult::NoTour(reason));
    }
    racing_the_sweep(
        board,
        (start, kind),
        control,
        watcher,
        |control, watcher| searched(board, (start, kind), algorithm, control, watcher),
    )
}

/// The squares `algorithm`'s depth-first search tries from the last
/// square of `path`, a path it is on in a search for a tour of `kind`, in
/// the order it tries them, each with the free squares a move on from it
/// (plain DFS, which only shows them) or the ways out that ordered it
/// (backtracking). `None` for Warnsdorff's walk, whose order also hangs
/// on the tie-break of its attempt.
pub fn search_order(
    algorithm: Algorithm,
    board: &Board,
    path: &[Square],
    kind: TourKind,
) -> Option<Vec<(Square, u8)>> {
    match algorithm {
        Algorithm::Warnsdorff => None,
        Algorithm::Backtrack => Some(backtrack::search_order(board, path, kind, None)),
        Algorithm::Dfs => Some(dfs::search_order(board, path)),
    }
}

/// The search of [`solve_watched`] once theory has had its say.
fn searched(
    board: &Board,
    (start, kind): (Square, TourKind),
    algorithm: Algorithm,
    control: &Control,
    watcher: &mut impl Watcher,
) -> Outcome<SolveResult> {
    let large_board = board.area() >= LARGE_BOARD_SQUARES;
    if large_board {
        match constructed(board, start, kind, control) {
            Outcome::Done(Some(tour)) => return Outcome::Done(SolveResult::Found(tour)),
            Outcome::Done(None) => {}
            Outcome::Cancelled => return Outcome::Cancelled,
        }
    }
    if algorithm == Algorithm::Warnsdorff {
        match warnsdorff::robust_tour(board, start, kind, control, watcher) {
            Outcome::Cancelled => return Outcome::Cancelled,
            Outcome::Done(Some(path)) => {
                if let Some(tour) = checked(board, start, kind, path) {
                    return Outcome::Done(SolveResult::Found(tour));
                }
            }
            Outcome::Done(None) => {}
        }
        // The greedy walk can strand itself on long thin boards (3 or 4
        // squares across), where exhaustive search from scratch would take
        // forever; the construction covers every full board that has tours.
        if !large_board {
            match constructed(board, start, kind, control) {
                Outcome::Done(Some(tour)) => {
                    walk_again(watcher, &tour.path);
                    watcher.see(Step::Found);
                    return Outcome::Done(SolveResult::Found(tour));
                }
                Outcome::Done(None) => {}
                Outcome::Cancelled => return Outcome::Cancelled,
            }
        }
        // Backtracking starts over from the start square.
        watcher.see(Step::Restart);
    }
    match backtrack::backtrack(board, start, kind, control, watcher) {
        Outcome::Cancelled => Outcome::Cancelled,
        Outcome::Done(found) => Outcome::Done(found_or_exhausted(board, start, kind, found)),
    }
}

/// What the frontier sweep found out while a search ran beside it.
enum Swept {
    /// There is no tour.
    NoTour,
    /// A tour, built from its counts.
    Tour(Vec<Square>),
}

/// Runs `search`, and beside it, once it has run for [`SWEEP_AFTER`] on a
/// board with blocked squares the frontier sweep can count (a side of at
/// most [`SWEEP_SIDE`]), a count of the tours. A count of none stops the
/// search with the answer that there is none; where the count was quick,
/// a tour is built from further counts (see [`built_from_counts`]) and
/// stops the search with that tour, which `watcher` is shown walked. So
/// no search outlasts what the sweep can tell: thin boards with holes
/// are where a search can look for hours and the sweep answers in
/// seconds.
fn racing_the_sweep<W: Watcher>(
    board: &Board,
    (start, kind): (Square, TourKind),
    control: &Control,
    watcher: &mut W,
    search: impl FnOnce(&Control, &mut W) -> Outcome<SolveResult>,
) -> Outcome<SolveResult> {
    if board.is_full() || board.width().min(board.height()) > SWEEP_SIDE {
        return search(control, watcher);
    }
    let sweep = Control::with_resources(control.resources().clone());
    let swept = std::sync::Mutex::new(None);
    let (search_done, search_ended) = std::sync::mpsc::channel::<()>();
    let outcome = crate::platform::scope(|scope| {
        let (sweep, swept) = (&sweep, &swept);
        // A thread the system refuses leaves the search to itself.
        let _ = scope.spawn(move || {
            if crate::platform::recv_timeout(&search_ended, SWEEP_AFTER).is_ok() {
                return;
            }
            let began = web_time::Instant::now();
            let answer = match tours_counted(board, start, None, kind, sweep) {
                Some(0) => Some(Swept::NoTour),
                Some(_) if began.elapsed() <= BUILD_AFTER_COUNT_MAX => {
                    built_from_counts(board, start, kind, sweep).map(Swept::Tour)
                }
                _ => None,
            };
            if answer.is_some() {
                *swept
                    .lock()
                    .unwrap_or_else(|poisoned| poisoned.into_inner()) = answer;
                control.interrupt();
            }
        });
        let outcome = search(control, watcher);
        let _ = search_done.send(());
        sweep.cancel();
        outcome
    });
    let interrupted = control.end_interrupt();
    let swept = swept
        .into_inner()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    match (outcome, swept) {
        (Outcome::Cancelled, Some(swept)) if interrupted && !control.is_cancelled() => {
            match swept {
                Swept::NoTour => Outcome::Done(SolveResult::NoTour(exhausted(board, start, kind))),
                Swept::Tour(path) => {
                    walk_again(watcher, &path);
                    watcher.see(Step::Found);
                    Outcome::Done(found_or_exhausted(board, start, kind, Some(path)))
                }
            }
        }
        (outcome, _) => outcome,
    }
}

/// The longest first count after which [`racing_the_sweep`] builds a tour
/// from counts: the building takes a few counts a square, each quicker
/// than the first.
const BUILD_AFTER_COUNT_MAX: std::time::Duration = std::time::Duration::from_millis(50);

/// The number of tours of `kind` from `start` (to `end`, for open tours
/// that must end there), if the sweep alone counts them before `control`
/// stops it.
fn tours_counted(
    board: &Board,
    start: Square,
    end: Option<Square>,
    kind: TourKind,
    control: &Control,
) -> Option<u64> {
    let counted = match end {
        None => super::count::count(board, Some(start), kind, Patience::Seconds(0.0), control),
        Some(end) => {
            super::count::count_between(board, start, end, Patience::Seconds(0.0), control)
        }
    };
    match counted {
        Outcome::Done(Ok(count)) => Some(count.tours),
        _ => None,
    }
}

/// A tour of `kind` from `start`, built square by square from counts: the
/// path goes on to a neighbour from which the squares left still have a
/// tour (to the chosen last square, for a closed tour), tried fewest
/// onward moves first. `None` if `control` stopped it, or a count could
/// not be made.
fn built_from_counts(
    board: &Board,
    start: Square,
    kind: TourKind,
    control: &Control,
) -> Option<Vec<Square>> {
    let open = board.open_count();
    // A closed tour is an open one from the start to a neighbour of it.
    let end = match kind {
        TourKind::Open => None,
        TourKind::Closed => Some(board.neighbours(start).find(|&end| {
            board.is_open(end)
                && tours_counted(board, start, Some(end), TourKind::Open, control)
                    .is_some_and(|tours| tours > 0)
        })?),
    };
    let mut rest = board.clone();
    let mut path = vec![start];
    while path.len() < open {
        let here = *path.last()?;
        rest.set_blocked(here, true);
        if path.len() + 1 == open {
            path.push(end.unwrap_or_else(|| rest.open_squares().next().unwrap_or(here)));
            break;
        }
        let mut next: Vec<Square> = rest
            .neighbours(here)
            .filter(|&square| rest.is_open(square) && Some(square) != end)
            .collect();
        next.sort_by_key(|&square| rest.neighbours(square).filter(|&n| rest.is_open(n)).count());
        let step = next.into_iter().find(|&square| {
            tours_counted(&rest, square, end, TourKind::Open, control)
                .is_some_and(|tours| tours > 0)
        })?;
        path.push(step);
    }
    Some(path)
}

/// What an exhaustive search's end means: the tour it found, checked, or
/// that there is none.
fn found_or_exhausted(
    board: &Board,
    start: Square,
    kind: TourKind,
    found: Option<Vec<Square>>,
) -> SolveResult {
    found
        .and_then(|path| checked(board, start, kind, path))
        .map(SolveResult::Found)
        .unwrap_or_else(|| SolveResult::NoTour(exhausted(board, start, kind)))
}

/// Finds one open tour from `start` that ends on `end`: the theory of
/// [`why_no_tour_between`], then exhaustive search (which, on big boards,
/// can take very long; `control` cancels it).
pub fn solve_between(
    board: &Board,
    start: Square,
    end: Square,
    control: &Control,
) -> Outcome<SolveResult> {
    if let Some(reason) = why_no_tour_between(board, start, end) {
        return Outcome::Done(SolveResult::NoTour(reason));
    }
    match backtrack::backtrack_to(board, start, end, control, &mut Unwatched) {
        Outcome::Cancelled => Outcome::Cancelled,
        Outcome::Done(found) => Outcome::Done(
            found
                .filter(|path| path.last() == Some(&end))
                .and_then(|path| checked(board, start, TourKind::Open, path))
                .map(SolveResult::Found)
                .unwrap_or_else(|| {
                    SolveResult::NoTour(NoTour::Exhausted {
                        kind: TourKind::Open,
                        start: board.square_name(start),
                        end: Some(board.square_name(end)),
                    })
                }),
        ),
    }
}

/// The divide-and-conquer construction's tour, checked; `Done(None)` when
/// the construction does not apply (blocked squares, or one of the few
/// small boards and start squares it does not cover).
fn constructed(
    board: &Board,
    start: Square,
    kind: TourKind,
    control: &Control,
) -> Outcome<Option<Tour>> {
    if !board.is_full() {
        return Outcome::Done(None);
    }
    let built = match kind {
        TourKind::Open => large::open_tour(board, start, control),
        TourKind::Closed => large::closed_tour(board, start, control),
    };
    if control.should_stop() {
        return Outcome::Cancelled;
    }
    Outcome::Done(built.and_then(|path| checked(board, start, kind, path)))
}

/// The tour, if `path` really is one from `start`. A failure here is a bug
/// in a solver; it is loud in debug builds and, in release builds, the
/// next method gets its chance instead of a wrong tour reaching the user.
fn checked(board: &Board, start: Square, kind: TourKind, path: Vec<Square>) -> Option<Tour> {
    let verdict = validate(board, &path, kind);
    debug_assert_eq!(verdict, Ok(()), "a solver produced an invalid tour");
    debug_assert_eq!(
        path.first(),
        Some(&start),
        "a solver's tour does not begin at the start square"
    );
    let valid = verdict.is_ok() && path.first() == Some(&start);
    valid.then(|| Tour {
        board: board.clone(),
        kind,
        path,
    })
}

/// The reason given after an exhaustive search.
fn exhausted(board: &Board, start: Square, kind: TourKind) -> NoTour {
    NoTour::Exhausted {
        kind,
        start: board.square_name(start),
        end: None,
    }
}

/// The first `most` steps of `algorithm`'s search for a tour of `kind`
/// from `start` on `board`: the search is stopped there (pictures of the
/// start of a search, and tests that follow one).
pub fn first_steps(
    board: &Board,
    (start, kind): (Square, TourKind),
    algorithm: Algorithm,
    most: usize,
) -> Vec<Step> {
    let control = crate::job::Control::new();
    let mut steps = Vec::new();
    let mut watcher = |step: Step| {
        if steps.len() < most {
            steps.push(step);
        } else {
            control.cancel();
        }
    };
    let _ = solve_watched(board, (start, kind), algorithm, &control, &mut watcher);
    steps
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn algorithm_names_parse() {
        for algorithm in Algorithm::ALL {
            assert_eq!(algorithm.label().parse(), Ok(algorithm));
        }
        assert_eq!("Backtrack".parse(), Ok(Algorithm::Backtrack));
        assert!(
            "dijkstra"
                .parse::<Algorithm>()
                .unwrap_err()
                .contains("one of warnsdorff, backtrack, dfs")
        );
    }

    #[test]
    fn tours_built_from_counts_are_tours_where_the_count_finds_some() {
        let control = Control::new();
        let mut random = crate::random::Rng::new(48);
        let mut built = 0;
        for case in 0..60 {
            let (width, height) = (4 + random.below(2) as u32, 4 + random.below(5) as u32);
            let mut board = Board::new(width, height).expect("a board");
            for _ in 0..random.below(3) {
                let index = random.below(board.area());
                board.set_blocked(board.square(index), true);
            }
            let Some(start) = board.open_squares().nth(random.below(3)) else {
                continue;
            };
            let kind = TourKind::ALL[case % 2];
            let tours = tours_counted(&board, start, None, kind, &control).expect("a count");
            match built_from_counts(&board, start, kind, &control) {
                Some(path) => {
                    assert!(tours > 0);
                    assert_eq!(crate::knight::validate(&board, &path, kind), Ok(()));
                    assert_eq!(path[0], start);
                    built += 1;
                }
                None => assert_eq!(tours, 0, "{width}x{height} {kind:?}"),
            }
        }
        assert!(built >= 10, "only {built} boards had tours");
    }
}
