//! The stones still in play, linked along their rows and columns.
//!
//! Every stone keeps its nearest neighbour in play in each of the four
//! directions. Taking a stone out splices it from its row and column in
//! constant time and putting it back undoes that exactly, as long as stones
//! come back in the reverse order they left (Knuth's dancing links), which a
//! depth-first search guarantees. So "the next stone up from here" costs one
//! lookup however many picked stones lie between, and the search keeps, as it
//! goes, the counts that its dead-end test needs instead of rescanning the
//! board at every node.

use super::puzzle::Point;
use crate::memory::Unshared;

/// Direction codes: up, down, left, right. A direction's opposite is its
/// code with the lowest bit flipped.
pub(super) const UP: u8 = 0;
pub(super) const DOWN: u8 = 1;
pub(super) const LEFT: u8 = 2;
pub(super) const RIGHT: u8 = 3;
pub(super) const DIRECTIONS: [u8; 4] = [UP, DOWN, LEFT, RIGHT];

pub(super) fn opposite(direction: u8) -> u8 {
    direction ^ 1
}

/// No stone in that direction.
const NONE: u32 = u32::MAX;

/// The stones in play with their links, and tallies of how many of them have
/// no neighbour at all and how many have at most one.
#[derive(Debug, Clone)]
pub(super) struct Lines {
    /// Per stone, its nearest neighbour in play in each direction.
    links: Unshared<[u32; 4]>,
    /// Per stone, how many of its links are to a stone (kept with the
    /// links: the search asks for degrees far more often than links
    /// change).
    degrees: Unshared<u8>,
    /// Stones in play with no neighbour in play.
    isolated: usize,
    /// Stones in play with at most one neighbour in play: such a stone can
    /// only be the last pick (or the current one).
    ends: usize,
    /// Scratch for [`Lines::would_split_without`]: per stone, the epoch and side
    /// that last reached it, and the two sides' search queues.
    marks: Vec<u32>,
    epoch: u32,
    queues: [Vec<u32>; 2],
    /// The rows and columns as sets, when the stones lie in at most 64 of
    /// each: a faster cut test (see [`Crossings`]).
    crossings: Option<Crossings>,
}

/// The stones in play as a graph of lines: rows and columns are its
/// vertices, and each stone is an edge between its row and its column.
/// Taking a stone out cuts the stones apart exactly when its edge is a
/// bridge, which a search over at most 64 rows and 64 columns held as bit
/// sets answers in a few word operations, where a search over the stones
/// follows their links one by one.
#[derive(Debug, Clone)]
struct Crossings {
    /// Per stone, its row and column as numbers below 64.
    line_of: Vec<(u8, u8)>,
    /// Per row, the columns where it has a stone in play.
    columns_of_row: [u64; 64],
    /// Per column, the rows where it has a stone in play.
    rows_of_column: [u64; 64],
}

impl Crossings {
    /// `None` when the stones lie in more than 64 rows or columns.
    fn new(points: &[Point]) -> Option<Crossings> {
        let numbered = |coordinate: fn(&Point) -> u32| {
            let mut values: Vec<u32> = points.iter().map(coordinate).collect();
            values.sort_unstable();
            values.dedup();
            (values.len() <= 64).then_some(values)
        };
        let rows = numbered(|p| p.y)?;
        let columns = numbered(|p| p.x)?;
        // Every value is found: the lists are made from these points.
        let index = |values: &[u32], value: u32| values.binary_search(&value).unwrap_or(0) as u8;
        let line_of: Vec<(u8, u8)> = points
            .iter()
            .map(|p| (index(&rows, p.y), index(&columns, p.x)))
            .collect();
        let mut crossings = Crossings {
            line_of,
            columns_of_row: [0; 64],
            rows_of_column: [0; 64],
        };
        for stone in 0..points.len() {
            crossings.set(stone, true);
        }
        Some(crossings)
    }

    fn set(&mut self, stone: usize, in_play: bool) {
        let (row, column) = self.line_of[stone];
        let (row_bit, column_bit) = (1u64 << row, 1u64 << column);
        if in_play {
            self.columns_of_row[row as usize] |= column_bit;
            self.rows_of_column[column as usize] |= row_bit;
        } else {
            self.columns_of_row[row as usize] &= !column_bit;
            self.rows_of_column[column as usize] &= !row_bit;
        }
    }

    /// [`Lines::would_split_without`] for this stone: whether its row and
    /// its column stop reaching each other without it. A search from the
    /// row, one ring of columns and then rows at a time.
    fn would_split_without(&self, stone: usize) -> bool {
        let (row, column) = self.line_of[stone];
        let (row_bit, column_bit) = (1u64 << row, 1u64 << column);
        let mut columns = self.columns_of_row[row as usize] & !column_bit;
        // The rows of the column's other stones: reaching one joins them.
        let goal = self.rows_of_column[column as usize] & !row_bit;
        if columns == 0 || goal == 0 {
            return false;
        }
        let mut rows = row_bit;
        let mut new_columns = columns;
        loop {
            let mut new_rows = 0;
            for c in set_bits(new_columns) {
                new_rows |= self.rows_of_column[c];
            }
            if new_rows & goal != 0 {
                return false;
            }
            new_rows &= !rows;
            if new_rows == 0 {
                return true;
            }
            rows |= new_rows;
            // No new row has a stone in the column (it would be a goal),
            // so the column itself is never reached.
            new_columns = 0;
            for r in set_bits(new_rows) {
                new_columns |= self.columns_of_row[r];
            }
            new_columns &= !columns;
            if new_columns == 0 {
                return true;
            }
            columns |= new_columns;
        }
    }
}

/// The numbers of the bits set in `bits`, lowest first.
fn set_bits(mut bits: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (bits != 0).then(|| {
            let bit = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            bit
        })
    })
}

impl Lines {
    /// All `points` in play; they must be listed row by row, left to right
    /// (the order of `Puzzle::stones`).
    pub(super) fn new(points: &[Point]) -> Lines {
        let mut links = vec![[NONE; 4]; points.len()];
        let columns = points.iter().map(|p| p.x as usize + 1).max().unwrap_or(0);
        let mut last_in_column = vec![NONE; columns];
        for (stone, p) in points.iter().enumerate() {
            let stone = stone as u32;
            if stone > 0 && points[stone as usize - 1].y == p.y {
                links[stone as usize][LEFT as usize] = stone - 1;
                links[stone as usize - 1][RIGHT as usize] = stone;
            }
            let above = last_in_column[p.x as usize];
            if above != NONE {
                links[stone as usize][UP as usize] = above;
                links[above as usize][DOWN as usize] = stone;
            }
            last_in_column[p.x as usize] = stone;
        }
        // Each search thread changes its own copy's links and degrees at
        // every step (see `Unshared`).
        let degrees = Unshared::from_fn(links.len(), |stone| {
            links[stone].iter().filter(|&&next| next != NONE).count() as u8
        });
        let mut lines = Lines {
            links: Unshared::from_slice(&links),
            degrees,
            isolated: 0,
            ends: 0,
            marks: vec![0; points.len()],
            epoch: 0,
            queues: [Vec::new(), Vec::new()],
            crossings: Crossings::new(points),
        };
        for stone in 0..points.len() as u32 {
            lines.tally(stone, 1);
        }
        lines
    }

    /// The nearest stone in play from `stone` looking `direction`.
    pub(super) fn next(&self, stone: u32, direction: u8) -> Option<u32> {
        let next = self.links[stone as usize][direction as usize];
        (next != NONE).then_some(next)
    }

    /// How many of the four directions have a stone in play.
    pub(super) fn degree(&self, stone: u32) -> u8 {
        self.degrees[stone as usize]
    }

    /// Stones in play with no neighbour in play.
    pub(super) fn isolated(&self) -> usize {
        self.isolated
    }

    /// Stones in play with at most one neighbour in play.
    pub(super) fn ends(&self) -> usize {
        self.ends
    }

    /// Adds (`sign` 1) or takes away (`sign` -1) the stone's share of the
    /// tallies.
    fn tally(&mut self, stone: u32, sign: isize) {
        self.tally_degree(self.degree(stone), sign);
    }

    /// Adds or takes away the share of a stone with `degree` neighbours.
    fn tally_degree(&mut self, degree: u8, sign: isize) {
        if degree == 0 {
            self.isolated = self.isolated.wrapping_add_signed(sign);
        }
        if degree <= 1 {
            self.ends = self.ends.wrapping_add_signed(sign);
        }
    }

    /// Takes a stone out of play: its neighbours on each side now see each
    /// other. The stone keeps its own links, which [`Lines::restore`] uses.
    pub(super) fn remove(&mut self, stone: u32) {
        self.tally(stone, -1);
        if let Some(crossings) = &mut self.crossings {
            crossings.set(stone as usize, false);
        }
        let links = self.links[stone as usize];
        for (before, after) in [(UP, DOWN), (LEFT, RIGHT)] {
            self.relink(links[before as usize], after, links[after as usize]);
            self.relink(links[after as usize], before, links[before as usize]);
        }
    }

    /// Puts back the stone taken out last.
    pub(super) fn restore(&mut self, stone: u32) {
        let links = self.links[stone as usize];
        for direction in DIRECTIONS {
            self.relink(links[direction as usize], opposite(direction), stone);
        }
        self.tally(stone, 1);
        if let Some(crossings) = &mut self.crossings {
            crossings.set(stone as usize, true);
        }
    }

    /// Points `stone`'s link in `direction` at `target`, keeping the degrees
    /// and the tallies. Mostly a link moves from one stone to the next and
    /// the degree stays as it was; only at a line's end does it change, and
    /// the tallies with it.
    fn relink(&mut self, stone: u32, direction: u8, target: u32) {
        if stone == NONE {
            return;
        }
        let link = &mut self.links[stone as usize][direction as usize];
        let was_linked = *link != NONE;
        *link = target;
        if was_linked != (target != NONE) {
            let degree = self.degrees[stone as usize];
            let after = if was_linked { degree - 1 } else { degree + 1 };
            self.degrees[stone as usize] = after;
            self.tally_degree(degree, -1);
            self.tally_degree(after, 1);
        }
    }

    /// Whether all the stones reach each other along rows and columns
    /// (asked before any is taken out; true when there are none).
    pub(super) fn all_linked(&self) -> bool {
        if self.links.is_empty() {
            return true;
        }
        let mut seen = vec![false; self.links.len()];
        seen[0] = true;
        let mut stack = vec![0];
        let mut reached = 1;
        while let Some(stone) = stack.pop() {
            for next in self.links[stone as usize] {
                if next != NONE && !seen[next as usize] {
                    seen[next as usize] = true;
                    reached += 1;
                    stack.push(next);
                }
            }
        }
        reached == self.links.len()
    }

    /// Whether taking out `stone` (still in play, with the stones in play
    /// all linked) would cut them into two groups: the rest of its row and
    /// the rest of its column would no longer reach each other.
    ///
    /// Asked at nearly every node of a search: over the rows and columns
    /// as bit sets when there are at most 64 of each (counting 45 stones
    /// took a sixth less time than with [`Lines::split_by_links`]), else
    /// over the stones.
    pub(super) fn would_split_without(&mut self, stone: u32) -> bool {
        match &self.crossings {
            Some(crossings) => crossings.would_split_without(stone as usize),
            None => self.split_by_links(stone),
        }
    }

    /// [`Lines::would_split_without`] by following the links.
    ///
    /// The stone stays in play: the searches step over it, to the stone
    /// beyond it in the same direction, as its neighbours' links would after
    /// [`Lines::remove`]. Two searches, one from each side, take a stone
    /// each in turn. They stop as soon as they meet (still linked) or one
    /// side runs out of stones (cut off), so the work is bounded by the
    /// smaller group when there is a cut and is usually a handful of stones
    /// when there is not.
    fn split_by_links(&mut self, stone: u32) -> bool {
        let links = self.links[stone as usize];
        let either = |a: u32, b: u32| if a != NONE { a } else { b };
        let column_side = either(links[UP as usize], links[DOWN as usize]);
        let row_side = either(links[LEFT as usize], links[RIGHT as usize]);
        if column_side == NONE || row_side == NONE {
            return false;
        }
        if self.epoch >= u32::MAX - 2 {
            self.marks.fill(0);
            self.epoch = 0;
        }
        self.epoch += 2;
        let marks = [self.epoch, self.epoch + 1];
        let mut heads = [0, 0];
        for (side, start) in [row_side, column_side].into_iter().enumerate() {
            self.queues[side].clear();
            self.queues[side].push(start);
            self.marks[start as usize] = marks[side];
        }
        loop {
            for side in 0..2 {
                let Some(&from) = self.queues[side].get(heads[side]) else {
                    return true;
                };
                heads[side] += 1;
                for (direction, mut next) in self.links[from as usize].into_iter().enumerate() {
                    if next == stone {
                        next = links[direction];
                    }
                    if next == NONE || self.marks[next as usize] == marks[side] {
                        continue;
                    }
                    if self.marks[next as usize] == marks[1 - side] {
                        return false;
                    }
                    self.marks[next as usize] = marks[side];
                    self.queues[side].push(next);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn points(rows: &[&str]) -> Vec<Point> {
        let mut points = Vec::new();
        for (y, row) in rows.iter().enumerate() {
            for (x, cell) in row.chars().enumerate() {
                if cell == 'o' {
                    points.push(Point {
                        x: x as u32,
                        y: y as u32,
                    });
                }
            }
        }
        points
    }

    /// The tallies recounted from the links, after checking the degrees
    /// kept against them.
    fn recount(lines: &Lines, in_play: &[bool]) -> (usize, usize) {
        let degrees = (0..in_play.len() as u32)
            .filter(|&stone| in_play[stone as usize])
            .map(|stone| {
                let linked = DIRECTIONS
                    .into_iter()
                    .filter(|&direction| lines.next(stone, direction).is_some())
                    .count() as u8;
                assert_eq!(lines.degree(stone), linked, "stone {stone}");
                linked
            });
        degrees.fold((0, 0), |(isolated, ends), degree| {
            (
                isolated + usize::from(degree == 0),
                ends + usize::from(degree <= 1),
            )
        })
    }

    #[test]
    fn removing_skips_and_restoring_undoes() {
        // o o o
        // . o .
        // o o o
        let all = points(&["ooo", ".o.", "ooo"]);
        let mut lines = Lines::new(&all);
        assert_eq!(lines.next(0, RIGHT), Some(1));
        assert_eq!(lines.next(1, DOWN), Some(3));
        assert_eq!(lines.next(0, UP), None);
        assert!(lines.all_linked());
        let before = lines.links.clone();
        let mut in_play = vec![true; all.len()];
        for stone in [1, 3, 0] {
            lines.remove(stone);
            in_play[stone as usize] = false;
            assert_eq!((lines.isolated(), lines.ends()), recount(&lines, &in_play));
        }
        // The top row keeps only its right stone, which still sees the
        // bottom right one; the middle column keeps only its bottom stone.
        assert_eq!(lines.next(2, LEFT), None);
        assert_eq!(lines.next(2, DOWN), Some(6));
        assert_eq!(lines.next(5, UP), None);
        assert_eq!((lines.isolated(), lines.ends()), (0, 2));
        for stone in [0, 3, 1] {
            lines.restore(stone);
            in_play[stone as usize] = true;
            assert_eq!((lines.isolated(), lines.ends()), recount(&lines, &in_play));
        }
        assert_eq!(*lines.links, *before);
    }

    #[test]
    fn a_cut_is_found_and_a_detour_is_not_one() {
        // The centre of a cross joins its arms: without it they are apart.
        let mut cross = Lines::new(&points(&[".o.", "ooo", ".o."]));
        assert!(cross.would_split_without(2));
        // A corner of a square: its row and column stay joined round the
        // far corner.
        let mut square = Lines::new(&points(&["oo", "oo"]));
        assert!(!square.would_split_without(0));
        // A stone alone in its column cuts nothing.
        let mut top = Lines::new(&points(&["ooo", "o.o"]));
        assert!(!top.would_split_without(1));
        // A stone alone in its row cuts nothing either, however many
        // stones its column holds.
        let mut side = Lines::new(&points(&["o.", "oo", "o."]));
        assert!(!side.would_split_without(0));
        // Two stones sharing no line are apart from the start.
        assert!(!Lines::new(&points(&["o.", ".o"])).all_linked());
        assert!(Lines::new(&points(&["o.", "oo"])).all_linked());
    }

    /// Whether the stones `in_play` (all of them, none other) reach each
    /// other along their links.
    fn linked(lines: &Lines, in_play: &[u32]) -> bool {
        let mut seen = vec![in_play[0]];
        let mut next = 0;
        while let Some(&stone) = seen.get(next) {
            next += 1;
            for direction in DIRECTIONS {
                if let Some(neighbour) = lines.next(stone, direction)
                    && !seen.contains(&neighbour)
                {
                    seen.push(neighbour);
                }
            }
        }
        seen.len() == in_play.len()
    }

    /// The cut test over rows and columns as bit sets answers as the
    /// search over the links does, for every stone in play as random
    /// stones leave and come back.
    #[test]
    fn both_cut_tests_agree() {
        let mut rng = crate::random::Rng::new(7);
        let mut cuts = 0;
        for _ in 0..200 {
            let side = 3 + rng.below(6) as u32;
            let all: Vec<Point> = (0..side * side)
                .filter(|_| rng.below(3) != 0)
                .map(|i| Point {
                    x: i % side,
                    y: i / side,
                })
                .collect();
            let mut lines = Lines::new(&all);
            assert!(lines.crossings.is_some());
            let mut out = Vec::new();
            for _ in 0..all.len() {
                let in_play: Vec<u32> = (0..all.len() as u32)
                    .filter(|stone| !out.contains(stone))
                    .collect();
                if in_play.is_empty() {
                    break;
                }
                if linked(&lines, &in_play) {
                    for &stone in &in_play {
                        let by_lines = lines.would_split_without(stone);
                        assert_eq!(
                            by_lines,
                            lines.split_by_links(stone),
                            "{all:?} {out:?} {stone}"
                        );
                        cuts += usize::from(by_lines);
                    }
                }
                let leaving = in_play[rng.below(in_play.len())];
                lines.remove(leaving);
                out.push(leaving);
            }
            while let Some(back) = out.pop() {
                lines.restore(back);
            }
        }
        assert!(cuts > 100, "{cuts} cuts");
    }
}
