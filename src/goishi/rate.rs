//! How hard a puzzle is for a person: the wrong picks along its solution
//! and the search each one takes to be seen to fail.
//!
//! A person solving a puzzle follows a solution and, at every pick, has to
//! rule out the other legal picks. Some fail at a glance: right after them
//! a stone is cut off from the rest, or two stones could each only be the
//! last one. Others ("traps") look fine and fail only further on. The
//! rating counts the traps and measures each by the search steps (moves
//! tried) a depth-first search needs to prove it hopeless; the level comes
//! from the hardest trap, which is where a person gets stuck.

use super::puzzle::{Point, Puzzle};
use super::rules::Game;
use super::solver::{Sought, Threads, finish_within, solve};
use crate::english::group_digits;
use crate::job::{Control, Outcome};
use crate::level::Level;
use crate::tr;

/// Search steps beyond which a trap counts as "at least this hard": proving
/// it hopeless takes a computer search, not a person's look-ahead.
const MAX_TRAP_STEPS: u64 = 1 << 20;

/// Hardest-trap limits (search steps) of the easy and medium levels.
const EASY_STEPS: u64 = 8;
const MEDIUM_STEPS: u64 = 256;

/// A puzzle's difficulty; see the module documentation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rating {
    /// Picks of the solution (the first included) at which some other
    /// legal pick is a trap.
    pub decisions: usize,
    /// Traps along the solution, over all picks.
    pub traps: usize,
    /// Search steps the hardest trap takes (at most 2^20: beyond, it is
    /// counted as that hard).
    pub hardest: u64,
    /// The level the hardest trap gives.
    pub level: Level,
}

/// The level of a puzzle whose hardest trap takes `hardest` search steps:
/// easy when every wrong pick fails within a few moves (at most
/// [`EASY_STEPS`]), medium when some needs a short look-ahead (at most
/// [`MEDIUM_STEPS`]), hard when some fails only after a long search.
fn level_of(hardest: u64) -> Level {
    if hardest <= EASY_STEPS {
        Level::Easy
    } else if hardest <= MEDIUM_STEPS {
        Level::Medium
    } else {
        Level::Hard
    }
}

impl Rating {
    /// Whether the hardest trap took the most steps a rating looks at,
    /// so that it may take more.
    pub fn hardest_is_capped(&self) -> bool {
        self.hardest >= MAX_TRAP_STEPS
    }
}

impl std::fmt::Display for Rating {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let hardest = group_digits(self.hardest);
        f.write_str(&tr!(
            "rated",
            level = self.level.words(),
            traps = self.traps,
            decisions = self.decisions,
            steps = self.hardest,
            hardest = if self.hardest_is_capped() {
                tr!("at-least", n = hardest)
            } else {
                hardest
            }
        ))
    }
}

/// Rates the puzzle along the solution [`solve`] finds; `None` when it has
/// no solution. A wrong pick that leads to another solution is no trap.
pub fn rate(puzzle: &Puzzle, control: &Control) -> Outcome<Option<Rating>> {
    let solution = match solve(puzzle, control) {
        Outcome::Done(Some(solution)) => solution,
        Outcome::Done(None) => return Outcome::Done(None),
        Outcome::Cancelled => return Outcome::Cancelled,
    };
    let mut rating = Rating {
        decisions: 0,
        traps: 0,
        hardest: 0,
        level: Level::Easy,
    };
    let mut game = Game::new(puzzle.clone());
    for &next in &solution {
        let mut traps_here = 0;
        for pick in game.legal_picks().into_iter().filter(|&pick| pick != next) {
            match steps_to_fail(&game, pick, control) {
                Outcome::Done(Some(steps)) if steps > 0 => {
                    traps_here += 1;
                    rating.hardest = rating.hardest.max(steps);
                }
                Outcome::Done(_) => {}
                Outcome::Cancelled => return Outcome::Cancelled,
            }
        }
        rating.traps += traps_here;
        rating.decisions += usize::from(traps_here > 0);
        game.try_pick(next)
            .expect("the solver's answer follows the rules");
    }
    rating.level = level_of(rating.hardest);
    Outcome::Done(Some(rating))
}

/// The search steps proving that `pick` after the game so far leads
/// nowhere (0 when that shows at a glance), or `None` when it leads to a
/// solution. Runs on one thread so that the figure is the same every time.
fn steps_to_fail(game: &Game, pick: Point, control: &Control) -> Outcome<Option<u64>> {
    let mut trial = game.clone();
    trial.try_pick(pick).expect("a legal pick is accepted");
    // The search runs alone on this thread: the nodes the control gains
    // while it runs are its own.
    let before = control.snapshot().nodes;
    let sought = finish_within(&trial, (Threads::One, MAX_TRAP_STEPS), control);
    let steps = control.snapshot().nodes - before;
    match sought {
        Outcome::Done(Sought::Found(_)) => Outcome::Done(None),
        Outcome::Done(Sought::NoneLeft) => Outcome::Done(Some(steps)),
        Outcome::Done(Sought::OutOfNodes) => Outcome::Done(Some(MAX_TRAP_STEPS)),
        Outcome::Cancelled => Outcome::Cancelled,
    }
}
