//! How far the generator reaches on small boards, as measured: the most
//! stones it made into a puzzle with one solution with each of the seeds
//! 1, 2 and 3, on every board up to 16 x 16 (command and figures in
//! BENCHMARKS.md). Requests beyond are refused with this figure as the
//! advice; larger boards follow the chain-of-blocks plan.

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
