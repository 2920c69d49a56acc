//! Making puzzles: random walks that obey the rules, and unique puzzles.

use super::puzzle::{Direction, Point, Puzzle};
use super::solver::{count, splitmix64};
use crate::job::{Control, Outcome};

/// Walks tried per requested puzzle before giving up.
const MAX_ATTEMPTS: usize = 20_000;

/// A small deterministic random number generator (splitmix64), so that a
/// seed always gives the same puzzle on every platform.
#[derive(Debug, Clone)]
pub struct Rng {
    state: u64,
}

impl Rng {
    /// A generator whose whole sequence is fixed by `seed`.
    pub fn new(seed: u64) -> Rng {
        Rng { state: seed }
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        splitmix64(self.state)
    }

    /// A number in `0..bound` (`bound` > 0), without modulo bias.
    pub fn below(&mut self, bound: usize) -> usize {
        ((u128::from(self.next_u64()) * bound as u128) >> 64) as usize
    }
}

fn check_request(width: u32, height: u32, stones: usize) -> Result<Puzzle, String> {
    let puzzle = Puzzle::new(width, height)?;
    let points = width as usize * height as usize;
    if stones == 0 || stones > points {
        return Err(format!(
            "a {width}x{height} board holds 1 to {points} stones (asked for {stones})"
        ));
    }
    Ok(puzzle)
}

/// A random solvable puzzle and one solution of it, made by playing the
/// rules forward: from the last stone placed, move in a direction that is not
/// a reversal to a free point and put the next stone there. Points a move
/// passes over are never used later, so no later stone blocks an earlier
/// move and the walk itself is a solution.
pub fn walk_forward(
    width: u32,
    height: u32,
    stones: usize,
    rng: &mut Rng,
) -> Result<(Puzzle, Vec<Point>), String> {
    let empty = check_request(width, height, stones)?;
    for _ in 0..MAX_ATTEMPTS {
        if let Some(walk) = try_walk(&empty, stones, rng) {
            return Ok(walk);
        }
    }
    Err(format!(
        "could not place {stones} stones on a {width}x{height} board by a legal walk; try fewer stones"
    ))
}

fn try_walk(empty: &Puzzle, stones: usize, rng: &mut Rng) -> Option<(Puzzle, Vec<Point>)> {
    let (width, height) = (empty.width(), empty.height());
    let mut puzzle = empty.clone();
    // Points some move passed over: a stone there would have been jumped.
    let mut crossed = vec![false; width as usize * height as usize];
    let index = |p: Point| p.y as usize * width as usize + p.x as usize;
    let first = Point::new(
        rng.below(width as usize) as u32,
        rng.below(height as usize) as u32,
    );
    puzzle.set_stone(first, true);
    let mut order = vec![first];
    let mut last_direction: Option<Direction> = None;
    let mut landings: Vec<Point> = Vec::new();
    while order.len() < stones {
        let from = order[order.len() - 1];
        // Directions are tried in random order; within one, nearer landing
        // points are likelier, so that moves cross few points and the walk
        // does not fence itself in.
        let mut directions = Direction::ALL;
        for i in (1..directions.len()).rev() {
            directions.swap(i, rng.below(i + 1));
        }
        let mut chosen = None;
        for direction in directions {
            if last_direction == Some(direction.opposite()) {
                continue;
            }
            landings.clear();
            let mut at = direction.step(from);
            while let Some(p) = at.filter(|&p| puzzle.contains(p)) {
                if !puzzle.has_stone(p) && !crossed[index(p)] {
                    landings.push(p);
                }
                at = direction.step(p);
            }
            if !landings.is_empty() {
                let nearish = rng.below(landings.len()).min(rng.below(landings.len()));
                chosen = Some((landings[nearish], direction));
                break;
            }
        }
        let (to, direction) = chosen?;
        let mut at = direction.step(from);
        while let Some(p) = at.filter(|&p| p != to) {
            crossed[index(p)] = true;
            at = direction.step(p);
        }
        puzzle.set_stone(to, true);
        order.push(to);
        last_direction = Some(direction);
    }
    Some((puzzle, order))
}

/// Solutions counted at most when comparing candidate puzzles.
const COUNT_CAP: u64 = 10_000;

/// Moves tried on one walk-made puzzle before starting from a new walk.
const MOVES_PER_WALK: usize = 2_000;

/// A random puzzle with exactly one solution. It starts from a walk-made
/// puzzle (solvable, but usually in many ways) and then moves one stone at a
/// time to a random free point, keeping a move when the puzzle stays
/// solvable with no more solutions than before, until only one is left.
/// The same arguments always give the same puzzle.
pub fn generate(
    width: u32,
    height: u32,
    stones: usize,
    seed: u64,
    control: &Control,
) -> Outcome<Result<Puzzle, String>> {
    let mut rng = Rng::new(seed);
    let points = width as usize * height as usize;
    for _ in 0..MAX_ATTEMPTS / MOVES_PER_WALK {
        let mut puzzle = match walk_forward(width, height, stones, &mut rng) {
            Ok((puzzle, _)) => puzzle,
            Err(message) => return Outcome::Done(Err(message)),
        };
        let Outcome::Done(mut solutions) = count(&puzzle, Some(COUNT_CAP), control) else {
            return Outcome::Cancelled;
        };
        for _ in 0..MOVES_PER_WALK {
            if solutions == 1 {
                return Outcome::Done(Ok(puzzle));
            }
            if stones == points {
                break;
            }
            let placed = puzzle.stones();
            let from = placed[rng.below(placed.len())];
            let to = loop {
                let p = Point::new(
                    rng.below(width as usize) as u32,
                    rng.below(height as usize) as u32,
                );
                if !puzzle.has_stone(p) {
                    break p;
                }
            };
            puzzle.set_stone(from, false);
            puzzle.set_stone(to, true);
            match count(&puzzle, Some(COUNT_CAP), control) {
                Outcome::Cancelled => return Outcome::Cancelled,
                Outcome::Done(found) if (1..=solutions).contains(&found) => solutions = found,
                Outcome::Done(_) => {
                    puzzle.set_stone(to, false);
                    puzzle.set_stone(from, true);
                }
            }
        }
    }
    Outcome::Done(Err(format!(
        "found no {width}x{height} puzzle with {stones} stones and a single solution; try other numbers"
    )))
}
