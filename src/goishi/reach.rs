//! How far the generator reaches on small boards, as measured: the most
//! stones it made into a puzzle with one solution with each of the seeds
//! 1, 2 and 3, on every board up to 16 x 16, and the stones with which its
//! puzzles rate each level, on every board up to 10 x 10 (commands and
//! figures in BENCHMARKS.md). Requests beyond are refused with these
//! figures as the advice; larger boards follow the chain-of-blocks plan.

use crate::level::Level;

/// Below this many stones (but more than one) no seed makes a puzzle with
/// one solution on any board measured.
pub const FEWEST_GENERATED_STONES: usize = 7;

/// The longest side the table covers.
const MEASURED_SIDE: u32 = 16;

/// (shorter side, longer side, most stones) for every board of 2 to 16
/// points a side; 1 where no count from [`FEWEST_GENERATED_STONES`] on was
/// made.
#[rustfmt::skip]
const MEASURED_REACH: &[(u32, u32, usize)] = &[
    (2, 2, 1), (2, 3, 1), (2, 4, 1), (2, 5, 1), (2, 6, 1), (2, 7, 1), (2, 8, 1), (2, 9, 1),
    (2, 10, 1), (2, 11, 1), (2, 12, 1), (2, 13, 1), (2, 14, 1), (2, 15, 1), (2, 16, 1),
    (3, 3, 1), (3, 4, 7), (3, 5, 10), (3, 6, 12), (3, 7, 14), (3, 8, 16), (3, 9, 18),
    (3, 10, 20), (3, 11, 21), (3, 12, 22), (3, 13, 21), (3, 14, 25), (3, 15, 26), (3, 16, 26),
    (4, 4, 10), (4, 5, 13), (4, 6, 15), (4, 7, 17), (4, 8, 19), (4, 9, 21), (4, 10, 21),
    (4, 11, 24), (4, 12, 25), (4, 13, 25), (4, 14, 22), (4, 15, 30), (4, 16, 29),
    (5, 5, 15), (5, 6, 17), (5, 7, 19), (5, 8, 20), (5, 9, 23), (5, 10, 24), (5, 11, 26),
    (5, 12, 25), (5, 13, 25), (5, 14, 25), (5, 15, 29), (5, 16, 28),
    (6, 6, 20), (6, 7, 22), (6, 8, 22), (6, 9, 24), (6, 10, 26), (6, 11, 27), (6, 12, 30),
    (6, 13, 30), (6, 14, 30), (6, 15, 32), (6, 16, 31),
    (7, 7, 23), (7, 8, 25), (7, 9, 26), (7, 10, 27), (7, 11, 29), (7, 12, 30), (7, 13, 30),
    (7, 14, 33), (7, 15, 33), (7, 16, 31),
    (8, 8, 27), (8, 9, 29), (8, 10, 30), (8, 11, 31), (8, 12, 33), (8, 13, 32), (8, 14, 33),
    (8, 15, 36), (8, 16, 34),
    (9, 9, 29), (9, 10, 29), (9, 11, 32), (9, 12, 34), (9, 13, 36), (9, 14, 36), (9, 15, 36),
    (9, 16, 37),
    (10, 10, 32), (10, 11, 34), (10, 12, 36), (10, 13, 36), (10, 14, 37), (10, 15, 39),
    (10, 16, 42),
    (11, 11, 33), (11, 12, 35), (11, 13, 37), (11, 14, 40), (11, 15, 42), (11, 16, 43),
    (12, 12, 39), (12, 13, 41), (12, 14, 43), (12, 15, 45), (12, 16, 47),
    (13, 13, 43), (13, 14, 45), (13, 15, 46), (13, 16, 48),
    (14, 14, 47), (14, 15, 48), (14, 16, 49),
    (15, 15, 50), (15, 16, 51),
    (16, 16, 53),
];

/// The most stones the generator was measured to make on a `width` x
/// `height` board, when the table covers it (both sides 2 to 16).
pub(super) fn measured_reach(width: u32, height: u32) -> Option<usize> {
    let (short, long) = (width.min(height), width.max(height));
    if long > MEASURED_SIDE {
        return None;
    }
    MEASURED_REACH
        .iter()
        .find(|&&(s, l, _)| (s, l) == (short, long))
        .map(|&(_, _, most)| most)
}

/// (shorter side, longer side, and for easy, medium and hard the stone
/// counts with which a request for that level was met with each of the
/// seeds 1, 2 and 3, bit n for n stones), for every board of 3 to 10
/// points a side.
#[rustfmt::skip]
const MEASURED_LEVELS: &[(u32, u32, [u64; 3])] = &[
    (3, 4, [0x80, 0x0, 0x0]), (3, 5, [0x780, 0x0, 0x0]), (3, 6, [0x1f80, 0x1800, 0x0]),
    (3, 7, [0x3f80, 0x7800, 0x0]), (3, 8, [0x7f80, 0x1f800, 0x0]), (3, 9, [0x3ff80, 0x7e000, 0x0]),
    (3, 10, [0x7ff80, 0x1fe000, 0x0]), (4, 4, [0x780, 0x400, 0x0]), (4, 5, [0xf80, 0x3800, 0x0]),
    (4, 6, [0x3f80, 0xf800, 0x0]), (4, 7, [0x7f80, 0x3f000, 0x0]), (4, 8, [0x1ff80, 0xfe000, 0x0]),
    (4, 9, [0x3ff80, 0x3ff000, 0x300000]), (4, 10, [0x17ff80, 0x3fc000, 0x0]),
    (5, 5, [0x3f80, 0xf000, 0x0]), (5, 6, [0x17f80, 0x3f800, 0x0]),
    (5, 7, [0x17f80, 0xff000, 0x0]), (5, 8, [0x1ff80, 0x1ff000, 0x0]),
    (5, 9, [0x9ff80, 0xffe000, 0x800000]), (5, 10, [0xfff80, 0x1ffd000, 0x1800000]),
    (6, 6, [0x17f80, 0x1ff000, 0x0]), (6, 7, [0xeff80, 0x7ff000, 0x400000]),
    (6, 8, [0x3ff80, 0x7fc000, 0x0]), (6, 9, [0xfff80, 0x1ff7000, 0x1000000]),
    (6, 10, [0x7ff80, 0x7ffe000, 0x6000000]), (7, 7, [0xfff80, 0xfff000, 0xc00000]),
    (7, 8, [0x3ff80, 0x3ffe000, 0x3000000]), (7, 9, [0x2fff80, 0x7ffe000, 0x6800000]),
    (7, 10, [0x5fff80, 0xfffc000, 0xc000000]), (8, 8, [0x2fff80, 0xfffc000, 0xe000000]),
    (8, 9, [0x2fff80, 0x3fffc000, 0x3c000000]), (8, 10, [0xdfff80, 0x3fffd000, 0x7e000000]),
    (9, 9, [0x1fff80, 0x3fffc000, 0x3c000000]), (9, 10, [0x17fff80, 0x3fffc000, 0x30000000]),
    (10, 10, [0xfffff80, 0x1ff81e000, 0x1f0000000]),
];

/// The stone counts with which the generator makes puzzles of a level on
/// a board, as measured: bit n for n stones.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct StoneCounts(pub u64);

impl StoneCounts {
    /// Whether `stones` is among them.
    pub fn contains(self, stones: usize) -> bool {
        stones < 64 && self.0 >> stones & 1 == 1
    }

    /// Whether there are none.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The counts as runs, fewest first: `[(7, 16), (18, 18)]`.
    pub fn runs(self) -> Vec<(usize, usize)> {
        let mut runs: Vec<(usize, usize)> = Vec::new();
        for stones in (0..64).filter(|&stones| self.contains(stones)) {
            match runs.last_mut() {
                Some((_, last)) if *last + 1 == stones => *last = stones,
                _ => runs.push((stones, stones)),
            }
        }
        runs
    }
}

/// Where the generator's puzzles on a `width` x `height` board rate
/// `level`, as measured; `None` for boards not measured (a side of 2, or
/// past 10).
pub fn level_reach(width: u32, height: u32, level: Level) -> Option<StoneCounts> {
    let (short, long) = (width.min(height), width.max(height));
    let index = Level::ALL.iter().position(|&each| each == level)?;
    MEASURED_LEVELS
        .iter()
        .find(|&&(s, l, _)| (s, l) == (short, long))
        .map(|&(_, _, levels)| StoneCounts(levels[index]))
}
