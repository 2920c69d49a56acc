//! The order the pick search tries stones in, worked out from the position
//! alone: what a watch shows as the stones in line. It is the order of the
//! search's first attempt, whose ties fall as the stones and directions
//! come; later attempts break ties at random.

use super::puzzle::{Direction, Point, Puzzle};
use crate::replay::{Cell, Event, MoveState, Replay, move_states};

/// The stones not picked yet, as the search sees them from its position.
struct Left(Vec<Point>);

impl Left {
    /// The stones of `puzzle` not in `picked`.
    fn of(puzzle: &Puzzle, picked: &[Point]) -> Left {
        Left(
            puzzle
                .stones()
                .into_iter()
                .filter(|stone| !picked.contains(stone))
                .collect(),
        )
    }

    /// The nearest stone left from `from` going `direction`.
    fn nearest(&self, from: Point, direction: Direction) -> Option<Point> {
        self.0
            .iter()
            .copied()
            .filter(|&stone| Direction::between(from, stone) == Some(direction))
            .min_by_key(|stone| from.x.abs_diff(stone.x) + from.y.abs_diff(stone.y))
    }

    /// How many of `directions` have a stone left from `from`.
    fn ways(&self, from: Point, directions: impl Iterator<Item = Direction>) -> u8 {
        directions
            .filter(|&direction| self.nearest(from, direction).is_some())
            .count() as u8
    }
}

/// The directions a stone reached going `arrival` may be left in: all but
/// back (all four for the first pick).
fn ways_on(arrival: Option<Direction>) -> impl Iterator<Item = Direction> {
    Direction::ALL
        .into_iter()
        .filter(move |&direction| arrival.is_none_or(|arrival| direction != arrival.opposite()))
}

/// The direction of the move onto the last of `picked`, if it was not the
/// first pick.
fn arrival(picked: &[Point]) -> Option<Direction> {
    let (&current, before) = picked.split_last()?;
    Direction::between(*before.last()?, current)
}

/// The stones the pick search's first attempt tries next where `picked`
/// are the stones picked so far, in the order it tries them, each with
/// its count: with nothing picked, every stone by how many of the four
/// directions have a stone (fewest first, then row by row); after a pick,
/// the nearest stone left in each direction but back, by how many ways on
/// each then has (fewest first, none last, then up, down, left, right).
pub fn search_order(puzzle: &Puzzle, picked: &[Point]) -> Vec<(Point, u8)> {
    let left = Left::of(puzzle, picked);
    let Some(&current) = picked.last() else {
        let mut order: Vec<(Point, u8)> = left
            .0
            .iter()
            .map(|&stone| (stone, left.ways(stone, ways_on(None))))
            .collect();
        order.sort_by_key(|&(_, sides)| sides);
        return order;
    };
    let mut order: Vec<(Point, u8)> = ways_on(arrival(picked))
        .filter_map(|direction| {
            let target = left.nearest(current, direction)?;
            Some((target, left.ways(target, ways_on(Some(direction)))))
        })
        .collect();
    // A stone with no way on is tried last: it can only end the order.
    order.sort_by_key(|&(_, onward)| if onward == 0 { u8::MAX } else { onward });
    order
}

/// Stones in line with a picked one, each with its ways on and where it
/// stands in the search's order.
pub type InLine = Vec<(Point, u8, MoveState)>;

/// The stone a replayed pick search stands on and the stones in line with
/// it, in [`search_order`], each with its ways on and where it stands
/// after the search's last step; `None` before the first pick, once the
/// search has restarted (later attempts break ties at random) or found
/// its solution.
pub fn next_stones(puzzle: &Puzzle, replay: &Replay) -> Option<(Point, InLine)> {
    if replay.counters().restarts > 0 || replay.last() == Some(Event::Found) {
        return None;
    }
    let picked: Vec<Point> = replay
        .path()
        .iter()
        .map(|&(x, y)| Point::new(x, y))
        .collect();
    let &from = picked.last()?;
    let order = search_order(puzzle, &picked);
    let cells: Vec<Cell> = order.iter().map(|&(stone, _)| (stone.x, stone.y)).collect();
    let stones = order
        .into_iter()
        .zip(move_states(&cells, replay.last()))
        .map(|((stone, ways), state)| (stone, ways, state))
        .collect();
    Some((from, stones))
}

/// The stones a "stranded" pruning speaks of, with the stones `picked`
/// picked, the last one about to leave play: where the stones left would
/// fall apart into groups, every group but the largest; else the stones
/// left with no stone in line (none can ever be reached again), those
/// with one (each could only be the last pick) when there are more than
/// one, and the stones in line ahead with no way on from them; with no
/// stone in line ahead, every stone left. Worked out from the position
/// alone, apart from the search's own bookkeeping, to show a person why
/// it gave the position up.
pub fn stranded_stones(puzzle: &Puzzle, picked: &[Point]) -> Vec<Point> {
    let Some(&current) = picked.last() else {
        return Vec::new();
    };
    let left = Left::of(puzzle, picked);
    let groups = line_groups(&left.0);
    if groups.len() > 1 {
        let largest = groups.iter().map(Vec::len).max().unwrap_or(0);
        let mut kept_largest = false;
        return groups
            .into_iter()
            .filter(|group| {
                let is_kept = !kept_largest && group.len() == largest;
                kept_largest |= is_kept;
                !is_kept
            })
            .flatten()
            .collect();
    }
    let ahead: Vec<(Direction, Point)> = ways_on(arrival(picked))
        .filter_map(|direction| Some((direction, left.nearest(current, direction)?)))
        .collect();
    if ahead.is_empty() {
        // No stone left in line ahead: none can be picked next.
        return left.0;
    }
    let sides = |stone: Point| left.ways(stone, ways_on(None));
    let isolated = left.0.iter().copied().filter(|&stone| sides(stone) == 0);
    let ends: Vec<Point> = left
        .0
        .iter()
        .copied()
        .filter(|&stone| sides(stone) == 1)
        .collect();
    let mut named: Vec<Point> = isolated.collect();
    if ends.len() > 1 {
        named.extend(ends);
    }
    // A stone ahead with nothing beyond it in line but back the way it
    // came, when it would not be the last pick.
    for (direction, stone) in ahead {
        let blind = left.ways(stone, ways_on(Some(direction))) == 0 && left.0.len() > 1;
        if blind && !named.contains(&stone) {
            named.push(stone);
        }
    }
    named
}

/// `stones` in groups that reach one another through shared rows and
/// columns, each in the order of `stones`.
fn line_groups(stones: &[Point]) -> Vec<Vec<Point>> {
    let mut group_of: Vec<Option<usize>> = vec![None; stones.len()];
    let mut groups = Vec::new();
    for first in 0..stones.len() {
        if group_of[first].is_some() {
            continue;
        }
        let group = groups.len();
        group_of[first] = Some(group);
        let mut queue = vec![first];
        let mut members = Vec::new();
        while let Some(index) = queue.pop() {
            members.push(index);
            for (other, stone) in stones.iter().enumerate() {
                let shares = stone.x == stones[index].x || stone.y == stones[index].y;
                if shares && group_of[other].is_none() {
                    group_of[other] = Some(group);
                    queue.push(other);
                }
            }
        }
        members.sort_unstable();
        groups.push(members.into_iter().map(|index| stones[index]).collect());
    }
    groups
}
