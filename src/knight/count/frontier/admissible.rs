//! What a state entering a scan position can be, so that a checkpoint
//! whose states could not arise there (a damaged file, or one whose saved
//! position was changed) is refused instead of counted.
//!
//! A state is admitted when its key is a window written the way the sweep
//! writes it, and the window agrees with the squares behind the position:
//! - every path end's partner is in the window and points back to it;
//! - squares off the board, blocked or not yet reachable from a swept
//!   square hold no edge, and none holds more edges than its swept knight
//!   neighbours can give it, and every open square next to a swept one
//!   can still get the edges it needs;
//! - a cycle has no fixed end, a path no more than its required ends
//!   leave room for, and no fewer than the required ends already swept;
//! - the colours add up: a knight's path alternates colours, so the
//!   covered squares (every swept open square, and the window's touched
//!   ones) hold as many more of one colour as the paths' ends say.
//!
//! The multiplicities of states are not checked: any number can be true.

use super::keys::{DONE, TERMINAL, UNTOUCHED, WINDOW_ROOM};
use super::layer::Tally;
use super::scan::Scan;
use super::transfer::Window;

/// The facts about one scan position that its states are checked against,
/// worked out once for a layer.
pub(super) struct Admissible<'s> {
    scan: &'s Scan,
    position: usize,
    tally: Tally,
    /// For each window slot, the edges its square can have from swept
    /// squares: its open knight neighbours before the position.
    swept_neighbours: [u8; WINDOW_ROOM],
    /// For each window slot, its square's open knight neighbours not yet
    /// swept: a mask of those in the window, and how many lie beyond.
    unswept_neighbours: [(u32, u32); WINDOW_ROOM],
    /// +1 for each slot whose square is of colour 0, -1 for colour 1.
    sign: [i64; WINDOW_ROOM],
    /// The swept open squares, and the knight moves between two of them:
    /// each swept square has two edges but a fixed end, so the window's
    /// squares hold twice the first less the fixed ends, less twice the
    /// edges between swept squares (at most the second).
    swept: (usize, usize),
    /// The swept open squares of colour 0 less those of colour 1.
    swept_balance: i64,
    /// The fewest and most fixed path ends (see [`TERMINAL`]).
    fixed_ends: (usize, usize),
    /// The required ends swept, and the sum of their colours.
    required_behind: (usize, i64),
    /// The open squares of each colour of the rows swept.
    colour_counts: [usize; 2],
    follows_end_colours: bool,
}

impl Admissible<'_> {
    /// The states that can enter `position` of a sweep of the first
    /// `rows` rows of `scan`, counted as `tally` says.
    pub(super) fn at(scan: &Scan, position: usize, rows: usize, tally: Tally) -> Admissible<'_> {
        let slots = scan.window();
        let mut swept_neighbours = [0u8; WINDOW_ROOM];
        for earlier in position.saturating_sub(slots + 1)..position {
            for &offset in &scan.forward[earlier] {
                let slot = (earlier + offset as usize).wrapping_sub(position);
                if slot < slots {
                    swept_neighbours[slot] += 1;
                }
            }
        }
        let mut unswept_neighbours = [(0, 0); WINDOW_ROOM];
        for from in position..(position + slots).min(scan.forward.len()) {
            for &offset in &scan.forward[from] {
                let to = from + offset as usize;
                let (from_slot, to_slot) = (from - position, to - position);
                if to_slot < slots {
                    unswept_neighbours[to_slot].0 |= 1 << from_slot;
                    unswept_neighbours[from_slot].0 |= 1 << to_slot;
                } else {
                    unswept_neighbours[from_slot].1 += 1;
                }
            }
        }
        let sign_of = |p: usize| colour_sign(scan, p);
        let mut sign = [0; WINDOW_ROOM];
        for (slot, sign) in sign.iter_mut().enumerate().take(slots) {
            *sign = sign_of(position + slot);
        }
        let swept_balance = (0..position.min(scan.open.len()))
            .filter(|&p| scan.open[p])
            .map(sign_of)
            .sum();
        let swept_open = (0..position.min(scan.open.len()))
            .filter(|&p| scan.open[p])
            .count();
        let swept_moves = (0..position)
            .map(|p| {
                (scan.forward[p].iter())
                    .filter(|&&offset| p + (offset as usize) < position)
                    .count()
            })
            .sum();
        let behind = scan.ends.iter().filter(|&&end| end < position).count();
        let behind_colours = (scan.ends.iter())
            .filter(|&&end| end < position)
            .map(|&end| sign_of(end))
            .sum();
        let fixed_ends = if scan.cycles {
            (0, 0)
        } else {
            (behind, 2 - (scan.ends.len() - behind))
        };
        Admissible {
            scan,
            position,
            tally,
            swept_neighbours,
            unswept_neighbours,
            sign,
            swept_balance,
            swept: (swept_open, swept_moves),
            fixed_ends,
            required_behind: (behind, behind_colours),
            colour_counts: scan.colours_in_rows[rows],
            follows_end_colours: scan.follows_end_colours(rows),
        }
    }

    /// Whether a state with `key` and `count` partial tours can enter the
    /// position.
    pub(super) fn admits(&self, key: u64, count: u64) -> bool {
        let scan = self.scan;
        let slots = scan.window();
        let window = Window::decode(key, slots, scan.keys);
        if !self.tally.holds_state_count(count)
            || window.encode(0, &scan.in_order, scan.keys) != key
        {
            return false;
        }
        let done = window.slots_with(DONE);
        // The fewest edges a square needs in all.
        let least = if scan.cycles { 2 } else { 1 };
        let mut fixed_ends = 0;
        let mut degrees = 0;
        // Twice the covered window squares of colour 0 less those of
        // colour 1, less the colours of the path ends in the window.
        let mut balance = 2 * self.swept_balance;
        for slot in 0..slots {
            let square = self.position + slot;
            let open = scan.open.get(square).copied().unwrap_or(false);
            let mate = window.mate[slot];
            let degree = window.degree(slot);
            let fits = match mate {
                UNTOUCHED | DONE => true,
                TERMINAL => {
                    fixed_ends += 1;
                    true
                }
                partner => {
                    let partner = partner as usize;
                    partner < slots && partner != slot && window.mate[partner] as usize == slot
                }
            };
            if !fits || (degree > 0 && !open) || degree > self.swept_neighbours[slot] {
                return false;
            }
            // A square that lost a neighbour to the sweep was looked at
            // then: one that can no longer get the edges it needs ended
            // the state.
            let (in_window, beyond) = self.unswept_neighbours[slot];
            let reachable = u32::from(degree) + beyond + (in_window & !done).count_ones();
            if open && self.swept_neighbours[slot] > 0 && reachable < least {
                return false;
            }
            degrees += degree as usize;
            if degree > 0 {
                balance += 2 * self.sign[slot];
            }
            if degree == 1 {
                balance -= self.sign[slot];
            }
        }
        let (fewest, most) = self.fixed_ends;
        if fixed_ends < fewest || fixed_ends > most {
            return false;
        }
        let (swept_open, swept_moves) = self.swept;
        let swept_degrees = (2 * swept_open).checked_sub(fixed_ends);
        if swept_degrees.is_none_or(|swept| degrees > swept || degrees + 2 * swept_moves < swept) {
            return false;
        }
        // What is left is the colours of the fixed ends: +1 or -1 each.
        let following_one = self.follows_end_colours && fixed_ends == 1;
        if window.end_colour != 0 && !following_one {
            return false;
        }
        match self.fixed_end_colours(fixed_ends, window.end_colour) {
            Some(sum) => balance == sum,
            None => {
                let most = balance.unsigned_abs() as usize;
                most <= fixed_ends && most % 2 == fixed_ends % 2
            }
        }
    }

    /// The sum of the colours of `fixed` fixed ends, +1 or -1 each, where
    /// the sweep's colour rules tell it (see [`Scan::needing_two_edges`]
    /// and [`Window::end_colour`]): a required end behind is fixed and of
    /// its own colour; the others are of the colour of the more squares,
    /// or, on a board with as many of each, of the colour a required end
    /// lacks, or one of each.
    fn fixed_end_colours(&self, fixed: usize, end_colour: u8) -> Option<i64> {
        let scan = self.scan;
        let (behind, colours) = self.required_behind;
        let others = fixed.checked_sub(behind)? as i64;
        let other_colour = match (self.colour_counts, scan.ends.as_slice()) {
            _ if others == 0 => 0,
            _ if scan.shorter_boards => return None,
            ([first, second], _) if first.abs_diff(second) == 1 => {
                if first > second {
                    1
                } else {
                    -1
                }
            }
            ([first, second], &[end]) if first == second => -colour_sign(scan, end),
            ([first, second], []) if first == second => match (others, end_colour) {
                (2, _) => return Some(0),
                (_, 0) => self.sign[0],
                _ => -self.sign[0],
            },
            _ => return None,
        };
        Some(colours + others * other_colour)
    }
}

/// +1 for the square at `position` if it is of colour 0, -1 for colour 1.
fn colour_sign(scan: &Scan, position: usize) -> i64 {
    if scan.colour(position) == 0 { 1 } else { -1 }
}
