//! Big unique puzzles built from small ones.
//!
//! Making a puzzle unique takes exact counts of its solutions, and those
//! grow out of reach with the puzzle: moving stones until one solution is
//! left (see [`single`](super::single)) stops near 45 stones. A big
//! puzzle is therefore built as a chain of small unique puzzles, *blocks*,
//! joined by one *link* stone between consecutive blocks:
//!
//! * Every block has rows and columns of its own (the blocks stand on a
//!   diagonal), so no move goes from one block to another except through a
//!   link.
//! * The link between blocks `i` and `i + 1` stands in a column of block `i`
//!   beyond all of its stones there (or in a row), and in a row of block
//!   `i + 1` just before the first stone of that block's solution (or in a
//!   column), reached and left without reversing.
//! * A pick order passes a link once, so it picks everything on one side
//!   of it before and everything on the other side after. Restricted to one
//!   block, the picks are a solution of that block alone (the links stand
//!   outside the blocks' stones and never block a move), which is unique.
//!   So the whole puzzle has one solution going forwards; the final count
//!   also rules out the chain being walked backwards.
//!
//! Last, rows are put in a random order that keeps every column's stones in
//! their order, and columns likewise. Which stone comes next in each
//! direction stays the same for every stone, so every move and every
//! solution stays; the blocks interleave and the puzzle no longer looks
//! like a diagonal of small ones.

use super::generate_error::GenerateError;
use super::progress::Phase;
use super::puzzle::{Direction, Point, Puzzle};
use super::rate::rate;
use super::single::{generate_single, generation_refusal_single};
use super::solver::{count, solve};
use crate::job::{Control, Outcome};
use crate::level::Level;
use crate::random::{Rng, splitmix64};

/// The side blocks aim at: a unique 7x7 block of 23 stones takes about a
/// tenth of a second to make.
const BLOCK_SIDE: f64 = 7.0;

/// Blocks are at least this many points wide and high: smaller ones hold
/// too few stones for their rows and columns.
const MIN_BLOCK_SIDE: u32 = 5;

/// The most stones asked of a block, per row plus column of it (as a
/// fraction): 1.65 gives 19 stones on 6x6, 23 on 7x7 and 26 on 8x8, which
/// the small-puzzle generator makes in well under a second; a little more
/// and it starts to fail. Long thin blocks are harder: their long side
/// counts as at most 1.5 times the short one.
const BLOCK_STONES_PER_LINE: (usize, usize) = (33, 20);

/// The most stones asked of a block, per point of it (as a fraction),
/// which bounds small blocks.
const BLOCK_STONES_PER_POINT: (usize, usize) = (53, 100);

/// The fewest stones a block is asked to hold: a chain of blocks of one
/// stone is a path of rook moves, which can be picked from either end, and
/// unique puzzles of a few stones are rare (none of 2 or 3).
const MIN_BLOCK_STONES: usize = 8;

/// Search nodes the making of one block may take: a block that does not
/// turn unique within about a quarter of a second is replaced by a fresh
/// one, which usually does.
const NODES_PER_BLOCK: u64 = 1 << 21;

/// New blocks tried in one place of the chain before the attempt is given
/// up (each is a fresh seed; most fit the first time).
const TRIES_PER_BLOCK: u64 = 12;

/// New blocks tried in one place of an easy chain: few dense blocks rate
/// easy (none of 30 unique 7x7 blocks of 23 stones, 2 of 30 of 18).
const TRIES_PER_EASY_BLOCK: u64 = 40;

/// Whole chains tried before giving up: a chain that counts more than one
/// solution (it can be walked backwards) is replaced.
const CHAINS: u64 = 3;

/// One block of a planned chain.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Block {
    width: u32,
    height: u32,
    stones: usize,
}

/// The stones a block of this size is asked to hold at most.
fn block_capacity(width: u32, height: u32) -> usize {
    let (short, long) = (width.min(height), width.max(height));
    let lines = (short + long.min(short * 3 / 2)) as usize;
    let per_line = lines * BLOCK_STONES_PER_LINE.0 / BLOCK_STONES_PER_LINE.1;
    let per_point = (width * height) as usize * BLOCK_STONES_PER_POINT.0 / BLOCK_STONES_PER_POINT.1;
    per_line.min(per_point)
}

/// `total` split into `parts` nearly equal whole parts.
fn split(total: u32, parts: u32) -> impl Iterator<Item = u32> {
    (0..parts).map(move |i| total / parts + u32::from(i < total % parts))
}

/// The blocks of a chain of `blocks` blocks on a `width` x `height` board,
/// the sides split evenly; [`plan`] gives them their stones.
fn chain_of(width: u32, height: u32, blocks: u32) -> Vec<Block> {
    split(width, blocks)
        .zip(split(height, blocks))
        .map(|(width, height)| Block {
            width,
            height,
            stones: 0,
        })
        .collect()
}

/// How many stones a chain of `blocks` blocks holds at most.
fn chain_capacity(width: u32, height: u32, blocks: u32) -> usize {
    chain_of(width, height, blocks)
        .iter()
        .map(|block| block_capacity(block.width, block.height))
        .sum::<usize>()
        + blocks as usize
        - 1
}

/// The block counts worth trying on this board, best first: at least two,
/// none narrower than [`MIN_BLOCK_SIDE`], nearest to blocks of
/// [`BLOCK_SIDE`] first.
fn block_counts(width: u32, height: u32) -> Vec<u32> {
    let most = width.min(height) / MIN_BLOCK_SIDE;
    let aim = f64::from(width * height).sqrt() / BLOCK_SIDE;
    let mut counts: Vec<u32> = (2..=most).collect();
    counts.sort_by(|a, b| {
        (f64::from(*a) - aim)
            .abs()
            .total_cmp(&(f64::from(*b) - aim).abs())
    });
    counts
}

/// A chain for `stones` stones on this board, or `None` when no chain can
/// hold them (the caller then tries one block, or refuses).
fn plan(width: u32, height: u32, stones: usize) -> Option<Vec<Block>> {
    let blocks = block_counts(width, height).into_iter().find(|&blocks| {
        let in_blocks = (stones + 1).saturating_sub(blocks as usize);
        in_blocks >= MIN_BLOCK_STONES * blocks as usize
            && chain_capacity(width, height, blocks) >= stones
    })?;
    let mut chain = chain_of(width, height, blocks);
    // Share the stones by rows plus columns, then hand out the remainder
    // to blocks with room, largest first.
    let in_blocks = stones + 1 - blocks as usize;
    let lines: usize = chain.iter().map(|b| (b.width + b.height) as usize).sum();
    for block in &mut chain {
        block.stones = (in_blocks * (block.width + block.height) as usize / lines)
            .min(block_capacity(block.width, block.height));
    }
    let mut left = in_blocks - chain.iter().map(|b| b.stones).sum::<usize>();
    while left > 0 {
        let block = chain
            .iter_mut()
            .filter(|b| b.stones < block_capacity(b.width, b.height))
            .max_by_key(|b| b.width + b.height)?;
        block.stones += 1;
        left -= 1;
    }
    Some(chain)
}

/// Why this request cannot be made, if it cannot: a chain of blocks holds
/// it, or else one block (of at most `single_most` stones, which is as far
/// as that method goes) must, and otherwise the refusal says how many
/// stones the board takes, or how big a board the stones need.
pub(super) fn composition_refusal(
    width: u32,
    height: u32,
    stones: usize,
    single_most: usize,
) -> Result<(), GenerateError> {
    if plan(width, height, stones).is_some() {
        return Ok(());
    }
    let single = generation_refusal_single(width, height, stones);
    if single.is_ok() && stones <= single_most {
        return Ok(());
    }
    let chained = block_counts(width, height)
        .into_iter()
        .map(|blocks| chain_capacity(width, height, blocks))
        .max();
    match (chained, single) {
        (Some(most), _) => Err(GenerateError::BeyondReach {
            width,
            height,
            stones,
            most,
            chained: true,
            side: smallest_square_for(stones),
        }),
        (None, Err(refusal)) => Err(refusal),
        (None, Ok(())) => Err(GenerateError::BeyondReach {
            width,
            height,
            stones,
            most: single_most,
            chained: false,
            side: smallest_square_for(stones),
        }),
    }
}

/// The side of the smallest square board a chain of `stones` fits on.
fn smallest_square_for(stones: usize) -> u32 {
    (1..)
        .find(|&side| plan(side, side, stones).is_some())
        .unwrap_or(u32::MAX)
}

/// Builds a unique puzzle as a chain of blocks when [`plan`] finds one;
/// `None` when the request is for one block. With a `difficulty`, the
/// blocks are chosen by their own rating (see [`suits`]); the caller rates
/// the whole.
pub(super) fn compose(
    width: u32,
    height: u32,
    stones: usize,
    seed: u64,
    difficulty: Option<Level>,
    control: &Control,
) -> Option<Outcome<Result<Puzzle, GenerateError>>> {
    let chain = plan(width, height, stones)?;
    for attempt in 0..CHAINS {
        let seed = splitmix64(seed ^ attempt.wrapping_mul(0xA24B_AED4_963E_E407));
        let (puzzle, solution) = match build(width, height, &chain, seed, difficulty, control) {
            Outcome::Done(Some(built)) => built,
            Outcome::Done(None) => continue,
            Outcome::Cancelled => return Some(Outcome::Cancelled),
        };
        debug_assert!(super::validate(&puzzle, &solution).is_ok());
        control.set_detail(Phase::ProvingUnique {
            stones: puzzle.stone_count() as u32,
        });
        match count(&puzzle, Some(2), control) {
            Outcome::Done(1) => return Some(Outcome::Done(Ok(puzzle))),
            Outcome::Done(_) => continue,
            Outcome::Cancelled => return Some(Outcome::Cancelled),
        }
    }
    Some(Outcome::Done(Err(GenerateError::NotFound {
        width,
        height,
        stones,
        level: difficulty,
        chained: true,
    })))
}

/// A block made unique and solved, turned so that it joins its chain.
#[derive(Debug, Clone)]
struct Placed {
    width: u32,
    height: u32,
    /// The block's solution, in its own coordinates.
    solution: Vec<Point>,
}

/// How a link joins two blocks: the way it is reached from the end of the
/// earlier block (and so the way it is left, a quarter turn later).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Link {
    /// Down a column of the earlier block, then right along a row of the
    /// later one.
    DownThenRight,
    /// Right along a row of the earlier block, then down a column of the
    /// later one.
    RightThenDown,
}

impl Placed {
    fn start(&self) -> Point {
        self.solution[0]
    }

    fn end(&self) -> Point {
        self.solution[self.solution.len() - 1]
    }

    /// The block mirrored left to right and/or top to bottom (bit 0 and
    /// bit 1 of `flip`): it stays unique, with the mirrored solution.
    fn flipped(&self, flip: usize) -> Placed {
        let (width, height) = (self.width, self.height);
        let solution = self
            .solution
            .iter()
            .map(|p| {
                Point::new(
                    if flip & 1 == 1 { width - 1 - p.x } else { p.x },
                    if flip & 2 == 2 { height - 1 - p.y } else { p.y },
                )
            })
            .collect();
        Placed {
            width,
            height,
            solution,
        }
    }

    /// Whether the block can be left through `link` after its last pick:
    /// the move to the link must not reverse the last move.
    fn can_leave(&self, link: Link) -> bool {
        let arrival = match self.solution.as_slice() {
            [.., before, last] => Direction::between(*before, *last),
            _ => None,
        };
        let forbidden = match link {
            Link::DownThenRight => Direction::Up,
            Link::RightThenDown => Direction::Left,
        };
        arrival != Some(forbidden)
    }

    /// Whether the block can be entered through `link`: its first stone
    /// must be the first one the link sees (the leftmost of its row, or the
    /// topmost of its column).
    fn can_enter(&self, link: Link) -> bool {
        let start = self.start();
        !self.solution[1..].iter().any(|p| match link {
            Link::DownThenRight => p.y == start.y && p.x < start.x,
            Link::RightThenDown => p.x == start.x && p.y < start.y,
        })
    }

    /// The row or column the block shares with a link.
    fn line_of(point: Point, link: Link, entering: bool) -> (bool, u32) {
        // (is a row, index): entering DownThenRight uses the start's row,
        // leaving DownThenRight the end's column, and the reverse for
        // RightThenDown.
        match (link, entering) {
            (Link::DownThenRight, true) | (Link::RightThenDown, false) => (true, point.y),
            (Link::DownThenRight, false) | (Link::RightThenDown, true) => (false, point.x),
        }
    }

    /// Whether the links entering and leaving the block would share a row
    /// or column (and so see each other once the block's stones there are
    /// gone): such a pair is not used.
    fn links_meet(&self, entering: Link, leaving: Link) -> bool {
        Self::line_of(self.start(), entering, true) == Self::line_of(self.end(), leaving, false)
    }
}

/// Makes the blocks of `chain`, turns and links them and shuffles the
/// lines: the puzzle and its (forward) solution, or `None` when some place
/// of the chain got no block that fits.
fn build(
    width: u32,
    height: u32,
    chain: &[Block],
    seed: u64,
    difficulty: Option<Level>,
    control: &Control,
) -> Outcome<Option<(Puzzle, Vec<Point>)>> {
    let tries = match difficulty {
        Some(Level::Easy) => TRIES_PER_EASY_BLOCK,
        _ => TRIES_PER_BLOCK,
    };
    let mut rng = Rng::new(seed);
    let mut placed: Vec<Placed> = Vec::with_capacity(chain.len());
    let mut links: Vec<Link> = Vec::with_capacity(chain.len());
    for (index, block) in chain.iter().enumerate() {
        control.set_detail(Phase::Composing {
            block: index as u32 + 1,
            blocks: chain.len() as u32,
        });
        let mut fitted = None;
        for try_number in 0..tries {
            let block_seed = splitmix64(seed.wrapping_add((index as u64) << 8 | try_number));
            let wanted = difficulty.map(|level| (level, index == 0));
            let made = match make_block(block, block_seed, wanted, control) {
                Outcome::Done(made) => made,
                Outcome::Cancelled => return Outcome::Cancelled,
            };
            let Some(made) = made else { continue };
            fitted = fit(
                placed.last(),
                links.last().copied(),
                &made,
                index + 1 < chain.len(),
                &mut rng,
            );
            if fitted.is_some() {
                break;
            }
        }
        let Some((block, link)) = fitted else {
            return Outcome::Done(None);
        };
        links.extend(link);
        placed.push(block);
    }
    let (puzzle, solution) = join(width, height, &placed, &links);
    Outcome::Done(Some(shuffle_lines(&puzzle, &solution, &mut rng)))
}

/// A unique block and its solution, or `None` when the small-puzzle
/// generator found none or the block does not suit `wanted` (a level, and
/// whether this is the first block; see [`suits`]).
fn make_block(
    block: &Block,
    seed: u64,
    wanted: Option<(Level, bool)>,
    control: &Control,
) -> Outcome<Option<Placed>> {
    let puzzle = match generate_single(
        block.width,
        block.height,
        block.stones,
        seed,
        NODES_PER_BLOCK,
        control,
    ) {
        Outcome::Done(Ok(puzzle)) => puzzle,
        Outcome::Done(Err(_)) => return Outcome::Done(None),
        Outcome::Cancelled => return Outcome::Cancelled,
    };
    if let Some((level, first)) = wanted {
        match suits(&puzzle, level, first, control) {
            Outcome::Done(true) => {}
            Outcome::Done(false) => return Outcome::Done(None),
            Outcome::Cancelled => return Outcome::Cancelled,
        }
    }
    match solve(&puzzle, control) {
        Outcome::Done(solution) => Outcome::Done(solution.map(|solution| Placed {
            width: block.width,
            height: block.height,
            solution,
        })),
        Outcome::Cancelled => Outcome::Cancelled,
    }
}

/// Whether a block fits in a chain meant to rate `level`. A puzzle's level
/// is that of its hardest wrong pick, so every block of an easy chain is
/// easy, and a medium or hard chain has its first block at that level and
/// no block above it (for hard, any block below).
fn suits(puzzle: &Puzzle, level: Level, first: bool, control: &Control) -> Outcome<bool> {
    if level == Level::Hard && !first {
        return Outcome::Done(true);
    }
    match rate(puzzle, control) {
        Outcome::Done(Some(rating)) => Outcome::Done(if first {
            rating.level == level
        } else {
            rating.level <= level
        }),
        Outcome::Done(None) => Outcome::Done(false),
        Outcome::Cancelled => Outcome::Cancelled,
    }
}

/// A mirror image of `block` that can follow `previous` (reached through
/// `entering`, the link into `previous`), and the link between them; among
/// those that fit, one that can still be left both ways when more blocks
/// follow. `None` when no mirror image fits.
fn fit(
    previous: Option<&Placed>,
    entering: Option<Link>,
    block: &Placed,
    more_follow: bool,
    rng: &mut Rng,
) -> Option<(Placed, Option<Link>)> {
    let mut fitting: Vec<(Placed, Option<Link>)> = Vec::new();
    for flip in 0..4 {
        let turned = block.flipped(flip);
        match previous {
            None => fitting.push((turned, None)),
            Some(previous) => {
                for link in [Link::DownThenRight, Link::RightThenDown] {
                    let meets =
                        entering.is_some_and(|entering| previous.links_meet(entering, link));
                    if previous.can_leave(link) && turned.can_enter(link) && !meets {
                        fitting.push((turned.clone(), Some(link)));
                    }
                }
            }
        }
    }
    let open_both_ways = |candidate: &(Placed, Option<Link>)| {
        candidate.0.can_leave(Link::DownThenRight) && candidate.0.can_leave(Link::RightThenDown)
    };
    if more_follow && fitting.iter().any(open_both_ways) {
        fitting.retain(open_both_ways);
    }
    if fitting.is_empty() {
        return None;
    }
    let chosen = rng.below(fitting.len());
    Some(fitting.swap_remove(chosen))
}

/// The blocks on a diagonal from the top left, each link where its two
/// lines cross: the puzzle and its solution.
fn join(width: u32, height: u32, blocks: &[Placed], links: &[Link]) -> (Puzzle, Vec<Point>) {
    let mut puzzle = Puzzle::new(width, height).expect("the chain fits the board");
    let mut solution = Vec::new();
    let (mut left, mut top) = (0, 0);
    let mut corners = Vec::with_capacity(blocks.len());
    for block in blocks {
        corners.push((left, top));
        left += block.width;
        top += block.height;
    }
    for (index, block) in blocks.iter().enumerate() {
        let (left, top) = corners[index];
        if index > 0 {
            let (before_left, before_top) = corners[index - 1];
            let end = blocks[index - 1].end();
            let start = block.start();
            let link = match links[index - 1] {
                Link::DownThenRight => Point::new(before_left + end.x, top + start.y),
                Link::RightThenDown => Point::new(left + start.x, before_top + end.y),
            };
            solution.push(link);
        }
        solution.extend(
            block
                .solution
                .iter()
                .map(|p| Point::new(left + p.x, top + p.y)),
        );
    }
    for &stone in &solution {
        puzzle.set_stone(stone, true);
    }
    (puzzle, solution)
}

/// The puzzle with its rows in a random order that keeps every column's
/// stones in their top-to-bottom order, and its columns in one that keeps
/// every row's stones in their left-to-right order: the same puzzle to a
/// player (every stone sees the same stones in each direction), spread
/// over the board. `solution` is carried along.
fn shuffle_lines(puzzle: &Puzzle, solution: &[Point], rng: &mut Rng) -> (Puzzle, Vec<Point>) {
    let stones = puzzle.stones();
    let new_row = order_keeping(puzzle.height(), &stones, |p| (p.x, p.y), rng);
    let new_column = order_keeping(puzzle.width(), &stones, |p| (p.y, p.x), rng);
    let moved = |p: &Point| Point::new(new_column[p.x as usize], new_row[p.y as usize]);
    let mut shuffled = Puzzle::new(puzzle.width(), puzzle.height()).expect("same size");
    for stone in &stones {
        shuffled.set_stone(moved(stone), true);
    }
    (shuffled, solution.iter().map(moved).collect())
}

/// A random new place for each of `count` lines (rows, say) such that any
/// two stones on one crossing line (a column) keep their order. `key`
/// gives a stone's crossing line and its line. This is a random
/// topological order of the lines under "comes before on some crossing
/// line".
fn order_keeping(
    count: u32,
    stones: &[Point],
    key: impl Fn(Point) -> (u32, u32),
    rng: &mut Rng,
) -> Vec<u32> {
    let mut keyed: Vec<(u32, u32)> = stones.iter().map(|&p| key(p)).collect();
    keyed.sort_unstable();
    let mut after: Vec<Vec<u32>> = vec![Vec::new(); count as usize];
    let mut waiting_for = vec![0u32; count as usize];
    for pair in keyed.windows(2) {
        let [(crossing_a, a), (crossing_b, b)] = [pair[0], pair[1]];
        if crossing_a == crossing_b {
            after[a as usize].push(b);
            waiting_for[b as usize] += 1;
        }
    }
    let mut ready: Vec<u32> = (0..count)
        .filter(|&line| waiting_for[line as usize] == 0)
        .collect();
    let mut place = vec![0u32; count as usize];
    let mut next = 0;
    while !ready.is_empty() {
        let line = ready.swap_remove(rng.below(ready.len()));
        place[line as usize] = next;
        next += 1;
        for &later in &after[line as usize] {
            waiting_for[later as usize] -= 1;
            if waiting_for[later as usize] == 0 {
                ready.push(later);
            }
        }
    }
    place
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::goishi::{validate, walk_forward};

    fn done<T>(outcome: Outcome<T>) -> T {
        match outcome {
            Outcome::Done(value) => value,
            Outcome::Cancelled => panic!("cancelled without being asked to"),
        }
    }

    #[test]
    fn shuffled_lines_keep_every_solution() {
        let mut rng = Rng::new(3);
        let control = Control::new();
        for _ in 0..60 {
            let (puzzle, walk) = walk_forward(7, 6, 12, &mut rng).unwrap();
            let (shuffled, moved_walk) = shuffle_lines(&puzzle, &walk, &mut rng);
            assert_eq!(shuffled.stone_count(), 12);
            validate(&shuffled, &moved_walk).unwrap();
            assert_eq!(
                done(count(&shuffled, None, &control)),
                done(count(&puzzle, None, &control))
            );
        }
    }

    #[test]
    fn shuffled_lines_move_rows_that_nothing_holds_in_place() {
        // Two stones on a diagonal share no line: any order of the rows and
        // columns keeps the puzzle, and some seed swaps them.
        let mut puzzle = Puzzle::new(2, 2).unwrap();
        puzzle.set_stone(Point::new(0, 0), true);
        puzzle.set_stone(Point::new(1, 1), true);
        let moved = (0..20).any(|seed| {
            let (shuffled, _) = shuffle_lines(&puzzle, &[], &mut Rng::new(seed));
            shuffled.has_stone(Point::new(1, 0))
        });
        assert!(moved);
        // Two stones in one column keep their order, whatever the seed.
        let mut column = Puzzle::new(1, 5).unwrap();
        column.set_stone(Point::new(0, 1), true);
        column.set_stone(Point::new(0, 3), true);
        let order = [Point::new(0, 1), Point::new(0, 3)];
        for seed in 0..20 {
            let (_, moved) = shuffle_lines(&column, &order, &mut Rng::new(seed));
            assert!(moved[0].y < moved[1].y, "seed {seed}");
        }
    }

    #[test]
    fn plans_fit_their_boards_and_their_blocks_capacities() {
        for (width, height, stones) in [
            (12, 12, 30),
            (14, 14, 47),
            (30, 30, 100),
            (60, 60, 200),
            (45, 20, 80),
            (300, 300, 1000),
        ] {
            let chain = plan(width, height, stones).expect("a chain holds it");
            assert!(chain.len() >= 2);
            let links = chain.len() - 1;
            assert_eq!(
                chain.iter().map(|b| b.stones).sum::<usize>() + links,
                stones
            );
            assert!(chain.iter().map(|b| b.width).sum::<u32>() <= width);
            assert!(chain.iter().map(|b| b.height).sum::<u32>() <= height);
            for block in &chain {
                assert!(block.width.min(block.height) >= MIN_BLOCK_SIDE);
                assert!(block.stones <= block_capacity(block.width, block.height));
            }
        }
        // Too dense for a chain, a board too small for one, and too few
        // stones to give every block one.
        assert!(plan(50, 50, 200).is_none());
        assert!(plan(9, 9, 20).is_none());
        for stones in 1..=16 {
            assert!(plan(20, 20, stones).is_none(), "{stones}");
        }
        assert_eq!(plan(20, 20, 17).map(|chain| chain.len()), Some(2));
        assert_eq!(plan(20, 20, 26).map(|chain| chain.len()), Some(3));
    }

    #[test]
    fn blocks_are_entered_at_their_first_stone_and_left_without_reversing() {
        // Solution (1,0) -> (1,2) -> (0,2): it starts with a stone to its
        // left in no row, the leftmost of its row; it ends moving left.
        let block = Placed {
            width: 3,
            height: 3,
            solution: vec![Point::new(1, 0), Point::new(1, 2), Point::new(0, 2)],
        };
        assert!(block.can_enter(Link::DownThenRight));
        assert!(block.can_enter(Link::RightThenDown));
        assert!(block.can_leave(Link::DownThenRight));
        assert!(!block.can_leave(Link::RightThenDown));
        // Mirrored left to right it ends moving right.
        let mirrored = block.flipped(1);
        assert_eq!(mirrored.end(), Point::new(2, 2));
        assert!(mirrored.can_leave(Link::RightThenDown));
        // Mirrored top to bottom, the first stone has the next one above.
        assert!(!block.flipped(2).can_enter(Link::RightThenDown));
    }
}
