//! Knight's tours on large full boards in time and memory linear in the
//! board, by divide and conquer.
//!
//! The board is cut into blocks a few squares on a side whose routes are
//! found once per shape by a small search ([`blocks`]); the blocks' routes
//! are then joined into one by edge exchanges across the block boundaries
//! ([`cover`]). A 1000 x 1000 board takes a few milliseconds; the memory is
//! two neighbours per square plus the tour itself.
//!
//! Block sides are chosen so that every block has a closed tour:
//!
//! - both sides at least 5 and at least one of them even: block sides 6, 8
//!   and 10 along even board sides; along an odd side one block of odd side
//!   7, 9, 11 or 5 and the rest even;
//! - 3 x n with n even and at least 10: 3 x 10 to 3 x 16 (or 3 x 18) blocks
//!   in a row.
//!
//! An open tour on a board with a closed tour is that closed tour, listed
//! from the start square. The boards with open but no closed tours get one
//! block holding the start with an open route from there, into which the
//! other blocks' routes are spliced:
//!
//! - both sides odd: the odd-by-odd block, placed over the start (which must
//!   be on the majority colour);
//! - 3 x n with n odd: a block 3 x 7 to 3 x 21 over the start;
//! - 4 x n: a block 4 x 5 to 4 x 12 over the start (which must be on one of
//!   the two outer lines); the other blocks, having no closed tours, get two
//!   cycles each, see [`blocks::four_across_class`].
//!
//! Where the block search cannot find the start block's route, other block
//! sides are tried; the construction answers `None` only for a few small
//! boards and start squares (3 x 7 from the centre, 3 x 8 from the two
//! squares next to the centre on the middle line, and the 3 x 4 squares no
//! tour starts from), which the solvers answer by search.

mod blocks;
mod cover;

use super::{Board, Square};
use crate::job::Control;
use blocks::RouteKind;
use cover::{Cover, Layout};

/// A closed tour of the full board through every square, rotated to start at
/// `start`; `None` when this construction does not apply (a board with
/// blocked squares, too small, or without closed tours) or the job was
/// cancelled.
pub(crate) fn closed_tour(board: &Board, start: Square, control: &Control) -> Option<Vec<Square>> {
    let (width, height) = full_board_size(board, start)?;
    let layout = closed_layout(width, height)?;
    build_tour(&layout, width, start, control)
}

/// An open tour of the full board starting at `start`; `None` when this
/// construction does not apply (a board with blocked squares, too small, a
/// start square no open tour leaves from, or a thin board without closed
/// tours) or the job was cancelled.
pub(crate) fn open_tour(board: &Board, start: Square, control: &Control) -> Option<Vec<Square>> {
    let (width, height) = full_board_size(board, start)?;
    if let Some(layout) = closed_layout(width, height) {
        return build_tour(&layout, width, start, control);
    }
    open_layouts(width, height, start)
        .iter()
        .find_map(|layout| build_tour(layout, width, start, control))
}

/// The board's size, when it has no blocked squares and holds `start`.
fn full_board_size(board: &Board, start: Square) -> Option<(u32, u32)> {
    let (width, height) = (board.width(), board.height());
    (board.is_full() && board.contains(start)).then_some((width, height))
}

/// Lays the blocks, merges their routes and lists the tour from `start`.
fn build_tour(
    layout: &Layout,
    width: u32,
    start: Square,
    control: &Control,
) -> Option<Vec<Square>> {
    let mut cover = Cover::build(layout, control)?;
    if !cover.merge_all(control) {
        return None;
    }
    cover.walk(start.y * width + start.x, |x, y| Square { x, y }, control)
}

/// Blocks for a closed tour of a `width` x `height` board, when the
/// construction covers that board.
fn closed_layout(width: u32, height: u32) -> Option<Layout> {
    let (columns, rows) = match (width, height) {
        (3, long) => (vec![3], split_thin(long)?),
        (long, 3) => (split_thin(long)?, vec![3]),
        _ if !width.is_multiple_of(2) => (split_with_odd(width, 0)?, split_even(height)?),
        _ if !height.is_multiple_of(2) => (split_even(width)?, split_with_odd(height, 0)?),
        _ => (split_even(width)?, split_even(height)?),
    };
    Some(Layout {
        columns,
        rows,
        open_from: None,
        cycles: RouteKind::Closed,
    })
}

/// Ways to lay blocks for an open tour from `start` on a board without
/// closed tours, best first; the next way is worth trying when the open
/// route from the start through its block cannot be found. The block
/// holding the start is the one odd-by-odd block of a board with both sides
/// odd, or on a board 3 squares across the one block of odd length (or the
/// whole board, when it is 3 x 4, 3 x 6 or 3 x 8). On a board 4 squares
/// across the other blocks get a cycle through each of their two
/// [`blocks::four_across_class`]es, and open tours only start on the outer
/// lines. None at all when the start is on the minority colour of an odd
/// board, or an inner line of a board 4 across (no open tour leaves from
/// there), or the construction does not cover the board.
fn open_layouts(width: u32, height: u32, start: Square) -> Vec<Layout> {
    let majority_colour = (start.x + start.y).is_multiple_of(2);
    let odd_area = !width.is_multiple_of(2) && !height.is_multiple_of(2);
    if odd_area && !majority_colour {
        return Vec::new();
    }
    let (column_splits, row_splits) = match (width, height) {
        (3, 4 | 6 | 8) | (4 | 6 | 8, 3) => (vec![vec![width]], vec![vec![height]]),
        (3, long) if odd_area => (
            vec![vec![3]],
            splits_around(long, start.y, &THIN_ODD_SIDES, split_thin),
        ),
        (long, 3) if odd_area => (
            splits_around(long, start.x, &THIN_ODD_SIDES, split_thin),
            vec![vec![3]],
        ),
        (4, long) if long >= 5 && [0, 3].contains(&start.x) => (
            vec![vec![4]],
            splits_around(long, start.y, &FOUR_ACROSS_SIDES, split_four_across),
        ),
        (long, 4) if long >= 5 && [0, 3].contains(&start.y) => (
            splits_around(long, start.x, &FOUR_ACROSS_SIDES, split_four_across),
            vec![vec![4]],
        ),
        _ if odd_area && width >= 5 && height >= 5 => (
            splits_around(width, start.x, &ODD_SIDES, split_even),
            splits_around(height, start.y, &ODD_SIDES, split_even),
        ),
        _ => return Vec::new(),
    };
    let cycles = if width == 4 || height == 4 {
        RouteKind::ClassCycles
    } else {
        RouteKind::Closed
    };
    column_splits
        .into_iter()
        .flat_map(|columns| {
            row_splits.iter().map(move |rows| Layout {
                columns: columns.clone(),
                rows: rows.clone(),
                open_from: Some((start.x, start.y)),
                cycles,
            })
        })
        .collect()
}

/// Even block sides along an even board side of at least 6: 8s, with a
/// 6 or 10 (or two 6s) to make up the rest.
fn split_even(len: u32) -> Option<Vec<u32>> {
    if !len.is_multiple_of(2) || len < 6 {
        return None;
    }
    let mut parts = Vec::with_capacity(len as usize / 8 + 2);
    let mut left = len;
    while left > 0 {
        match left {
            6 | 8 | 10 => {
                parts.push(left);
                left = 0;
            }
            12 => {
                parts.extend([6, 6]);
                left = 0;
            }
            14 => {
                parts.extend([6, 8]);
                left = 0;
            }
            _ => {
                parts.push(8);
                left -= 8;
            }
        }
    }
    Some(parts)
}

/// Odd block sides along an odd board side at least 5 squares across, in
/// order of preference (blocks 5 squares across have few tours to choose
/// from, so they come last).
const ODD_SIDES: [u32; 4] = [7, 9, 11, 5];

/// Odd block lengths along an odd board side 3 squares across: 3 x n has an
/// open tour for every n from 7 on.
const THIN_ODD_SIDES: [u32; 8] = [7, 9, 11, 13, 15, 17, 19, 21];

/// Block lengths along a board 4 squares across: its 4 x k blocks split into
/// two class cycles for every k from 5 on.
const FOUR_ACROSS_SIDES: [u32; 8] = [5, 6, 7, 8, 9, 10, 11, 12];

/// Ways to cut a board side into block sides, best first: one side from
/// `sides` whose block covers coordinate `cover` (the block of the start, or
/// of the odd side), and sides from `split_rest` before and after it.
fn splits_around(
    len: u32,
    cover: u32,
    sides: &[u32],
    split_rest: fn(u32) -> Option<Vec<u32>>,
) -> Vec<Vec<u32>> {
    let fits = |part: u32| part == 0 || split_rest(part).is_some();
    let mut splits = Vec::new();
    for &side in sides {
        if side > len {
            continue;
        }
        // Block starts from the latest that still covers `cover` back.
        let latest = cover.min(len - side);
        let earliest = (cover + 1).saturating_sub(side);
        let before = (earliest..=latest)
            .rev()
            .find(|&before| fits(before) && fits(len - side - before));
        if let Some(before) = before {
            let mut parts = split_rest(before).unwrap_or_default();
            parts.push(side);
            parts.extend(split_rest(len - side - before).unwrap_or_default());
            splits.push(parts);
        }
    }
    splits
}

/// Block lengths along a board 4 squares across: 8s and one length from 5
/// to 12.
fn split_four_across(len: u32) -> Option<Vec<u32>> {
    if len < 5 {
        return None;
    }
    let mut parts = vec![8; (len.saturating_sub(5) / 8) as usize];
    parts.push(len - 8 * parts.len() as u32);
    Some(parts)
}

/// The best way to cut an odd board side into block sides: one odd side
/// from [`ODD_SIDES`] whose block covers coordinate `cover`, and even sides
/// before and after it.
fn split_with_odd(len: u32, cover: u32) -> Option<Vec<u32>> {
    splits_around(len, cover, &ODD_SIDES, split_even)
        .into_iter()
        .next()
}

/// Block lengths along a board 3 squares wide: 3 x n has a closed tour for
/// every even n from 10 on, so lengths 10 to 16 make up any even length of
/// at least 10 except 18, which is a block of its own (its tour takes the
/// block search far longer than the shorter ones).
fn split_thin(len: u32) -> Option<Vec<u32>> {
    if !len.is_multiple_of(2) || len < 10 {
        return None;
    }
    let mut parts = Vec::with_capacity(len as usize / 10 + 1);
    let mut left = len;
    while left >= 20 {
        let part = if left == 28 { 12 } else { 10 };
        parts.push(part);
        left -= part;
    }
    parts.push(left);
    Some(parts)
}

#[cfg(test)]
mod tests;
