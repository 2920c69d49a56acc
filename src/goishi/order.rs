//! The order the pick search tries stones in, worked out from the position
//! alone: what a watch shows as the stones in line. It is the order of the
//! search's first attempt, whose ties fall as the stones and directions
//! come; later attempts break ties at random.

use super::puzzle::{Direction, Point, Puzzle};
use crate::replay::{Cell, Event, MoveState, Replay, move_states};

/// The stones the pick search's first attempt tries next where `picked`
/// are the stones picked so far, in the order it tries them, each with
/// its count: with nothing picked, every stone by how many of the four
/// directions have a stone (fewest first, then row by row); after a pick,
/// the nearest stone left in each direction but back, by how many ways on
/// each then has (fewest first, none last, then up, down, left, right).
pub fn search_order(puzzle: &Puzzle, picked: &[Point]) -> Vec<(Point, u8)> {
    let left: Vec<Point> = puzzle
        .stones()
        .into_iter()
        .filter(|stone| !picked.contains(stone))
        .collect();
    // The nearest stone left from `from` going `direction`.
    let nearest = |from: Point, direction: Direction| {
        left.iter()
            .copied()
            .filter(|&stone| Direction::between(from, stone) == Some(direction))
            .min_by_key(|stone| from.x.abs_diff(stone.x) + from.y.abs_diff(stone.y))
    };
    let ways = |from: Point, directions: &[Direction]| {
        directions
            .iter()
            .filter(|&&direction| nearest(from, direction).is_some())
            .count() as u8
    };
    let Some(&current) = picked.last() else {
        let mut order: Vec<(Point, u8)> = left
            .iter()
            .map(|&stone| (stone, ways(stone, &Direction::ALL)))
            .collect();
        order.sort_by_key(|&(_, sides)| sides);
        return order;
    };
    let arrival = picked
        .len()
        .checked_sub(2)
        .and_then(|before| Direction::between(picked[before], current));
    let on_from = |arrival: Option<Direction>| -> Vec<Direction> {
        Direction::ALL
            .into_iter()
            .filter(|&direction| arrival.is_none_or(|arrival| direction != arrival.opposite()))
            .collect()
    };
    let mut order: Vec<(Point, u8)> = on_from(arrival)
        .into_iter()
        .filter_map(|direction| {
            let target = nearest(current, direction)?;
            Some((target, ways(target, &on_from(Some(direction)))))
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
    let left: Vec<Point> = puzzle
        .stones()
        .into_iter()
        .filter(|stone| !picked.contains(stone))
        .collect();
    let groups = line_groups(&left);
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
    let in_line = |from: Point, among: &[Point], direction: Direction| {
        among
            .iter()
            .copied()
            .filter(|&stone| Direction::between(from, stone) == Some(direction))
            .min_by_key(|stone| from.x.abs_diff(stone.x) + from.y.abs_diff(stone.y))
    };
    let sides = |stone: Point| {
        Direction::ALL
            .into_iter()
            .filter(|&direction| in_line(stone, &left, direction).is_some())
            .count()
    };
    let isolated: Vec<Point> = left.iter().copied().filter(|&s| sides(s) == 0).collect();
    let ends: Vec<Point> = left.iter().copied().filter(|&s| sides(s) == 1).collect();
    let arrival = picked
        .len()
        .checked_sub(2)
        .and_then(|before| Direction::between(picked[before], current));
    // A stone ahead with nothing beyond it in line but back the way it
    // came, when it would not be the last pick.
    let blind: Vec<Point> = Direction::ALL
        .into_iter()
        .filter(|&direction| arrival.is_none_or(|arrival| direction != arrival.opposite()))
        .filter_map(|direction| {
            let ahead = in_line(current, &left, direction)?;
            let ways_on = Direction::ALL
                .into_iter()
                .filter(|&on| on != direction.opposite())
                .filter(|&on| in_line(ahead, &left, on).is_some())
                .count();
            (ways_on == 0 && left.len() > 1).then_some(ahead)
        })
        .collect();
    let ahead = Direction::ALL
        .into_iter()
        .filter(|&direction| arrival.is_none_or(|arrival| direction != arrival.opposite()))
        .any(|direction| in_line(current, &left, direction).is_some());
    if !ahead {
        // No stone left in line ahead: none can be picked next.
        return left;
    }
    let mut named = isolated;
    if ends.len() > 1 {
        named.extend(ends);
    }
    for stone in blind {
        if !named.contains(&stone) {
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
