//! Where a search runs: alone on this thread, or shared out among the
//! threads when it is long, its first branches taken by each in turn.

use std::collections::VecDeque;
use std::mem::take;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};

use crate::job::{self, Control, Outcome};

use super::super::NumbersPuzzle;
use super::{Goal, Placement, Search, Searched};

/// Questions that take the search more nodes than this are shared out
/// among the threads: most take far fewer, and starting threads costs
/// more than they would.
const SHARE_AFTER: u64 = 20_000;

/// Runs a search with sets of `WORDS` words, enough for the board: alone,
/// or shared out among the threads when it is long. A search that keeps
/// its first solution runs alone, so that it is always the same one.
pub(super) fn search_in<const WORDS: usize>(
    puzzle: &NumbersPuzzle,
    goal: Goal,
    control: &Control,
) -> Outcome<Searched> {
    let threads = control.resources().threads;
    // A search with a budget is shared out on one thread too, so that it
    // gives up where it would on many.
    let budgeted = goal.budget != u64::MAX;
    let shareable = (threads > 1 || budgeted)
        && !goal.keep
        && goal.budget > SHARE_AFTER
        && puzzle.given.iter().any(|&number| number != 0);
    if !shareable {
        return alone::<WORDS>(puzzle, goal, control);
    }
    let first_look = Goal {
        budget: SHARE_AFTER,
        ..goal
    };
    match alone::<WORDS>(puzzle, first_look, control) {
        Outcome::Done(searched) if !searched.whole => shared_out::<WORDS>(puzzle, goal, control),
        done => done,
    }
}

/// Runs a search on this thread.
fn alone<const WORDS: usize>(
    puzzle: &NumbersPuzzle,
    goal: Goal,
    control: &Control,
) -> Outcome<Searched> {
    let mut search = Search::<WORDS>::new(puzzle, goal);
    let ran = search.run(control);
    control.add_nodes(u64::from(take(&mut search.since_check)));
    let gave_up = search.nodes >= goal.budget;
    match ran {
        None if !gave_up => Outcome::Cancelled,
        _ => Outcome::Done(Searched {
            found: search.found,
            first: search.first,
            whole: !gave_up,
        }),
    }
}

/// What the threads of a shared-out search share.
pub(super) struct Shared {
    /// Solutions found by all of them.
    pub(super) found: AtomicU64,
    /// The next branch to take.
    next: AtomicUsize,
    /// Whether a branch gave up, past the goal's budget.
    gave_up: AtomicBool,
}

/// How many branches each thread may take, on average: enough that one
/// long branch leaves the others work.
const BRANCHES_A_THREAD: usize = 16;

/// How many branches a search with a budget is shared out into, on any
/// number of threads, so that where it gives up does not hang on them.
const BUDGETED_BRANCHES: usize = 64;

/// Runs a search shared out among the threads: the tree's first branches
/// (paths of placements from the root) are taken by each thread in turn.
fn shared_out<const WORDS: usize>(
    puzzle: &NumbersPuzzle,
    goal: Goal,
    control: &Control,
) -> Outcome<Searched> {
    let threads = control.resources().threads;
    let branches = match goal.budget {
        u64::MAX => threads * BRANCHES_A_THREAD,
        _ => BUDGETED_BRANCHES,
    };
    let mut paths: VecDeque<Vec<Placement>> = VecDeque::from([Vec::new()]);
    let mut found = 0;
    while paths.len() < branches && found < goal.limit {
        let Some(path) = paths.pop_front() else {
            break;
        };
        let mut search = Search::<WORDS>::new(puzzle, goal);
        if !search.follow(&path) {
            continue;
        }
        if search.runs.is_empty() {
            search.finish();
            found += search.found;
            continue;
        }
        let mut room = take(&mut search.room);
        let tries = search
            .domains(&mut room)
            .then(|| search.choose(&room.domains))
            .flatten();
        for placement in tries.into_iter().flatten() {
            let mut longer = path.clone();
            longer.push(placement);
            paths.push_back(longer);
        }
    }
    let paths = Vec::from(paths);
    let shared = Shared {
        found: AtomicU64::new(found),
        next: AtomicUsize::new(0),
        gave_up: AtomicBool::new(false),
    };
    let ran = job::on_threads(threads, |_| {
        while shared.found.load(Ordering::Relaxed) < goal.limit {
            let Some(path) = paths.get(shared.next.fetch_add(1, Ordering::Relaxed)) else {
                break;
            };
            let mut search = Search::<WORDS>::new(puzzle, goal);
            search.shared = Some(&shared);
            let ran = if search.follow(path) {
                search.grow(control)
            } else {
                Some(())
            };
            control.add_nodes(u64::from(take(&mut search.since_check)));
            // A branch past its budget leaves the rest to search on: one
            // of them may still find a solution, on any threads.
            if ran.is_none() && search.nodes >= goal.budget {
                shared.gave_up.store(true, Ordering::Relaxed);
                continue;
            }
            ran?;
        }
        Some(())
    });
    if ran.iter().any(Option::is_none) {
        return Outcome::Cancelled;
    }
    Outcome::Done(Searched {
        found: shared.found.into_inner().min(goal.limit),
        first: None,
        whole: !shared.gave_up.into_inner(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::job::Resources;
    use crate::knight::{Board, Square, TourKind};
    use crate::numbers::solve::count;
    use crate::numbers::solve::tests::{done, puzzles};

    /// A search shared out among threads counts what one thread counts:
    /// the open tours of 5 x 5 (304) and 6 x 5 from a corner, and puzzles
    /// with a few givens.
    #[test]
    fn searches_shared_out_count_what_one_thread_counts() {
        let goal = Goal {
            limit: u64::MAX,
            keep: false,
            barred: None,
            budget: u64::MAX,
        };
        let corner = |width, height, kind| {
            let board = Board::new(width, height).expect("a board");
            NumbersPuzzle::new(board, kind, &[(Square::new(0, 0), 1)]).expect("a puzzle")
        };
        let mut shared_out = 0;
        let corners = [corner(5, 5, TourKind::Open), corner(6, 5, TourKind::Open)];
        for puzzle in corners.iter().cloned().chain(puzzles(7)) {
            let one = done(alone::<1>(&puzzle, goal, &Control::new())).found;
            let threads = Control::with_resources(Resources::default().with_threads(3));
            let many = done(search_in::<1>(&puzzle, goal, &threads)).found;
            assert_eq!(one, many, "{:?}", puzzle.givens());
            if threads.snapshot().nodes > SHARE_AFTER {
                shared_out += 1;
            }
            let limited = Goal { limit: 2, ..goal };
            let many = done(search_in::<1>(&puzzle, limited, &threads)).found;
            assert_eq!(many, one.min(2));
        }
        assert!(shared_out > 0);
        let open = done(search_in::<1>(&corners[0], goal, &Control::new())).found;
        assert_eq!(open, 304);
    }

    /// A search with a budget finds, and gives up, the same on one thread
    /// as on three: its branches are the same, and each has the budget.
    #[test]
    fn a_budget_answers_the_same_on_any_number_of_threads() {
        let board = Board::new(6, 5).expect("a board");
        let corner =
            NumbersPuzzle::new(board, TourKind::Open, &[(Square::new(0, 0), 1)]).expect("a puzzle");
        let mut answers_seen = [false; 2];
        for puzzle in std::iter::once(corner).chain(puzzles(8)) {
            for (budget, limit) in [(30, u64::MAX), (300, u64::MAX), (300, 1), (3_000, 1)] {
                let goal = Goal {
                    limit,
                    keep: false,
                    barred: None,
                    budget,
                };
                let [one, three] = [1, 3].map(|threads| {
                    let control =
                        Control::with_resources(Resources::default().with_threads(threads));
                    let searched = done(shared_out::<1>(&puzzle, goal, &control));
                    (searched.found, searched.whole)
                });
                assert_eq!(one, three, "{:?} budget {budget}", puzzle.givens());
                if one.1 {
                    let all = done(count(&puzzle, Some(limit), &Control::new()));
                    assert_eq!(one.0, all, "{:?} budget {budget}", puzzle.givens());
                }
                answers_seen[usize::from(one.1)] = true;
            }
        }
        assert_eq!(answers_seen, [true, true]);
    }
}
