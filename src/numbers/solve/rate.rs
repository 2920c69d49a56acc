//! How hard a numbered tour is for a person: the puzzle is solved as one
//! solves it by hand, each number found by the easiest deduction that
//! finds one, and rated by the hardest it needed.

use std::mem::take;

use super::domains::{covered, placements_on};
use super::{Domain, Goal, Placement, Search, count, solve};
use crate::job::{Control, Outcome};
use crate::knight::Square;
use crate::level::Level;
use crate::numbers::{Filled, NumbersPuzzle};

/// The ways a person finds where a number goes, easiest first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Deduction {
    /// The number next to a laid one has one square a knight's move from
    /// it that can still reach on.
    NextTo,
    /// A number has one square left within reach of the laid numbers
    /// around it.
    Reach,
    /// A square with two ways in and out beside a laid number holds the
    /// number next to it.
    TwoWays,
    /// A square only one number can reach holds it.
    OnlyNumber,
    /// None of these finds a number: one is tried, and the search behind
    /// it decides (lookahead).
    Trial,
}

impl Deduction {
    /// Every deduction, easiest first.
    pub const ALL: [Deduction; 5] = [
        Deduction::NextTo,
        Deduction::Reach,
        Deduction::TwoWays,
        Deduction::OnlyNumber,
        Deduction::Trial,
    ];
}

/// One number found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Step {
    pub deduction: Deduction,
    pub square: Square,
    pub number: u32,
}

/// How a puzzle is solved by hand: each number not given, in the order
/// found, with the deduction that found it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rating {
    pub steps: Vec<Step>,
}

impl Rating {
    /// How many numbers `deduction` found.
    pub fn count(&self, deduction: Deduction) -> usize {
        self.steps
            .iter()
            .filter(|step| step.deduction == deduction)
            .count()
    }

    /// The hardest deduction needed, if any was (none when every number
    /// is given).
    pub fn hardest(&self) -> Option<Deduction> {
        self.steps.iter().map(|step| step.deduction).max()
    }

    /// The level: easy when no number has to be tried, medium when at
    /// most a fifth of the numbers found are tried, hard beyond. (On the
    /// shipped puzzles made easy a fifth of their numbers or fewer are
    /// tried, on the minimal ones a quarter to a third.)
    pub fn level(&self) -> Level {
        let trials = self.count(Deduction::Trial);
        if trials == 0 {
            Level::Easy
        } else if trials * 5 <= self.steps.len() {
            Level::Medium
        } else {
            Level::Hard
        }
    }
}

/// How `puzzle` is solved by hand, if it has one solution (`None` if it
/// has none or several).
pub fn rate(puzzle: &NumbersPuzzle, control: &Control) -> Outcome<Option<Rating>> {
    match count(puzzle, Some(2), control) {
        Outcome::Done(1) => {}
        Outcome::Done(_) => return Outcome::Done(None),
        Outcome::Cancelled => return Outcome::Cancelled,
    }
    let solution = match solve(puzzle, control) {
        Outcome::Done(Some(solution)) => solution,
        Outcome::Done(None) => return Outcome::Done(None),
        Outcome::Cancelled => return Outcome::Cancelled,
    };
    Outcome::Done(rating_towards(puzzle, &solution))
}

/// How `puzzle`, whose one solution is `solution`, is solved by hand.
pub(in crate::numbers) fn rating_towards(
    puzzle: &NumbersPuzzle,
    solution: &Filled,
) -> Option<Rating> {
    let steps = with_words!(puzzle.board().area(), steps_in(puzzle, Some(solution)));
    steps.map(|steps| Rating { steps })
}

/// The solution of `puzzle` when deductions alone find every number, no
/// trial needed: each of them is forced, so it is the only solution.
pub fn by_deduction(puzzle: &NumbersPuzzle) -> Option<Filled> {
    let steps = with_words!(puzzle.board().area(), steps_in(puzzle, None))?;
    let board = puzzle.board();
    let mut filled = vec![0; board.area()];
    for (square, number) in puzzle.givens() {
        filled[board.index(square)] = number;
    }
    for step in steps {
        filled[board.index(step.square)] = step.number;
    }
    crate::numbers::is_solution(puzzle, &filled).then_some(filled)
}

/// The numbers of `puzzle` found one by one, with sets of `WORDS` words:
/// towards its one `solution`, trying its numbers where deductions find
/// none; without it, `None` where a number would have to be tried.
fn steps_in<const WORDS: usize>(
    puzzle: &NumbersPuzzle,
    solution: Option<&Filled>,
) -> Option<Vec<Step>> {
    let goal = Goal {
        limit: 1,
        keep: false,
        barred: None,
        budget: u64::MAX,
    };
    let mut search = Search::<WORDS>::new(puzzle, goal);
    if !search.follow(&[]) {
        return None;
    }
    let board = puzzle.board();
    let mut steps = Vec::new();
    while !search.runs.is_empty() {
        let mut room = take(&mut search.room);
        let found = search
            .domains(&mut room)
            .then(|| search.deduce(&room.domains, solution))
            .flatten();
        search.room = room;
        let (deduction, placement) = found?;
        let number = search.runs[placement.run].number(placement.place, search.last);
        steps.push(Step {
            deduction,
            square: board.square(placement.square as usize),
            number,
        });
        search.enter(placement);
    }
    Some(steps)
}

impl<const WORDS: usize> Search<'_, WORDS> {
    /// The easiest deduction that finds a number, and where it goes; a
    /// trial lays the number with the fewest squares where `solution` has
    /// it (none without a solution).
    fn deduce(
        &self,
        domains: &[Domain<WORDS>],
        solution: Option<&Filled>,
    ) -> Option<(Deduction, Placement)> {
        let on = |domain: &Domain<WORDS>, square: usize| Placement {
            run: domain.run,
            place: domain.place,
            square: square as u16,
        };
        let next_to = |domain: &&Domain<WORDS>| {
            let run = &self.runs[domain.run];
            domain.place == 1 && run.low.is_some() || domain.place == run.left && run.high.is_some()
        };
        let mut singles = domains.iter().filter(|domain| domain.squares.len() == 1);
        if let Some(domain) = singles.clone().find(next_to) {
            return Some((Deduction::NextTo, on(domain, domain.squares.first()?)));
        }
        if let Some(domain) = singles.next() {
            return Some((Deduction::Reach, on(domain, domain.squares.first()?)));
        }
        if let Some(Some(placement)) = self.forced_by_ways(domains) {
            return Some((Deduction::TwoWays, placement));
        }
        let [once, twice, _] = covered(domains);
        if let Some(square) = (once & !twice).first() {
            return Some((Deduction::OnlyNumber, placements_on(domains, square)[0]));
        }
        let fewest = domains.iter().min_by_key(|domain| domain.squares.len())?;
        let number = self.runs[fewest.run].number(fewest.place, self.last);
        let solution = solution?;
        let square = fewest
            .squares
            .iter()
            .find(|&square| solution[square] == number)?;
        Some((Deduction::Trial, on(fewest, square)))
    }
}
