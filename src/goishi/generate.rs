//! Making unique puzzles: big ones as chains of small blocks (see
//! [`compose`](super::compose)), small ones in one piece (see
//! [`single`](super::single)).

use super::compose;
use super::generate_error::GenerateError;
use super::progress::Phase;
use super::puzzle::Puzzle;
use super::rate::rate;
pub use super::reach::FEWEST_GENERATED_STONES;
use super::reach::{StoneCounts, level_reach, measured_reach};
use super::single::{NODES_PER_GENERATION, check_request, generate_single, known_densest_unique};
use crate::job::{Control, Outcome};
use crate::level::Level;
use crate::random::splitmix64;

/// Puzzles made for a request with a difficulty before giving up.
const DIFFICULTY_ATTEMPTS: u64 = 12;

/// The most stones [`generate`] accepts: beyond this, proving the chain of
/// blocks unique (a full search) takes more than a few seconds.
pub const MAX_GENERATED_STONES: usize = 1000;

/// The most stones asked of the single-block method when no chain of
/// blocks can hold a request (it reaches about 45).
const SINGLE_BLOCK_STONES: usize = 60;

/// Why a request for a unique puzzle cannot be met, said before any search:
/// a board that cannot hold the stones, more stones than the generator
/// makes, or stones packed more densely than the generator's unique puzzles
/// are (see `compose`).
pub fn generation_refusal(width: u32, height: u32, stones: usize) -> Result<(), GenerateError> {
    check_request(width, height, stones)?;
    if stones > MAX_GENERATED_STONES {
        return Err(GenerateError::TooMany {
            stones,
            most: MAX_GENERATED_STONES,
        });
    }
    if let Some(most) = known_densest_unique(width, height)
        && stones > most
    {
        return Err(GenerateError::TooDense {
            width,
            height,
            stones,
            most,
        });
    }
    if (2..FEWEST_GENERATED_STONES).contains(&stones) {
        return Err(GenerateError::TooFew {
            stones,
            fewest: FEWEST_GENERATED_STONES,
        });
    }
    match measured_reach(width, height) {
        Some(most) if stones > most => Err(GenerateError::BeyondReach {
            width,
            height,
            stones,
            most,
            chained: false,
            side: (1..)
                .find(|&side| accepts(side, side, stones))
                .unwrap_or(u32::MAX),
        }),
        Some(_) => Ok(()),
        None => compose::composition_refusal(width, height, stones, SINGLE_BLOCK_STONES),
    }
}

/// How many stones a generated puzzle has when nobody says: 30% of the
/// points, but no more than 1.5 stones a row and a column (well within
/// what big boards take), at least [`FEWEST_GENERATED_STONES`], and never
/// more than the board takes.
pub fn default_stones(width: u32, height: u32) -> usize {
    let points = width as usize * height as usize;
    let wanted = (points * 3 / 10)
        .min((width + height) as usize * 3 / 2)
        .clamp(FEWEST_GENERATED_STONES, MAX_GENERATED_STONES)
        .min(points);
    match generation_refusal(width, height, wanted) {
        Err(GenerateError::BeyondReach { most, .. } | GenerateError::TooDense { most, .. }) => {
            most.min(wanted)
        }
        _ => wanted,
    }
}

/// Whether the board takes the stones: within its measured reach, or as
/// the chain-of-blocks plan allows beyond the measured boards.
fn accepts(width: u32, height: u32, stones: usize) -> bool {
    match measured_reach(width, height) {
        Some(most) => stones <= most,
        None => compose::composition_refusal(width, height, stones, SINGLE_BLOCK_STONES).is_ok(),
    }
}

/// Why the generator's puzzles of `stones` on a `width` x `height` board
/// cannot be asked to rate `level`, as measured (see [`level_reach`]);
/// boards beyond the measured ones are let through. [`generate`] itself
/// tries whatever it is asked, for the measurement: the window and the
/// command line ask this first.
pub fn level_refusal(
    width: u32,
    height: u32,
    stones: usize,
    level: Level,
) -> Result<(), GenerateError> {
    let reached_with: StoneCounts = match level_reach(width, height, level) {
        None => return Ok(()),
        Some(counts) if counts.contains(stones) => return Ok(()),
        Some(counts) => counts,
    };
    Err(GenerateError::LevelOutOfReach {
        width,
        height,
        stones,
        level,
        reached_with,
    })
}

/// A random puzzle with exactly one solution. Big ones are chains of small
/// ones (see `compose`); small ones come from
/// `generate_single`. With a `difficulty`, puzzles are made from new
/// seeds derived from `seed` until one rates that level (see
/// [`rate`](fn@super::rate)), at most twelve of them.
pub fn generate(
    width: u32,
    height: u32,
    stones: usize,
    seed: u64,
    difficulty: Option<Level>,
    control: &Control,
) -> Outcome<Result<Puzzle, GenerateError>> {
    if let Err(refusal) = generation_refusal(width, height, stones) {
        return Outcome::Done(Err(refusal));
    }
    let make = |seed| {
        compose::compose(width, height, stones, seed, difficulty, control).unwrap_or_else(|| {
            generate_single(width, height, stones, seed, NODES_PER_GENERATION, control)
        })
    };
    control.without_found(|| {
        let Some(level) = difficulty else {
            return make(seed);
        };
        let mut made_any = false;
        let mut failure = None;
        for attempt in 0..DIFFICULTY_ATTEMPTS {
            let seed = if attempt == 0 {
                seed
            } else {
                splitmix64(seed ^ attempt)
            };
            let puzzle = match make(seed) {
                Outcome::Done(Ok(puzzle)) => puzzle,
                // Near the most stones a board takes, some seeds give no
                // unique puzzle within the search budget and others do.
                Outcome::Done(Err(error)) => {
                    failure = Some(error);
                    continue;
                }
                Outcome::Cancelled => return Outcome::Cancelled,
            };
            made_any = true;
            control.set_detail(Phase::Rating {
                stones: puzzle.stone_count() as u32,
            });
            match rate(&puzzle, control) {
                Outcome::Done(Some(rating)) if rating.level == level => {
                    return Outcome::Done(Ok(puzzle));
                }
                Outcome::Done(_) => {}
                Outcome::Cancelled => return Outcome::Cancelled,
            }
        }
        Outcome::Done(Err(match failure {
            Some(failure) if !made_any => failure,
            _ => GenerateError::NoneOfLevel {
                width,
                height,
                stones,
                level,
                attempts: DIFFICULTY_ATTEMPTS,
            },
        }))
    })
}
