//! Making unique puzzles: big ones as chains of small blocks (see
//! [`compose`](super::compose)), small ones in one piece (see
//! [`single`](super::single)).

use super::compose;
use super::progress::Phase;
use super::puzzle::Puzzle;
use super::rate::{Level, rate};
use super::single::{NODES_PER_GENERATION, check_request, generate_single};
use crate::job::{Control, Outcome};
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
/// are (see [`compose`](super::compose)).
pub fn generation_refusal(width: u32, height: u32, stones: usize) -> Result<(), String> {
    check_request(width, height, stones)?;
    if stones > MAX_GENERATED_STONES {
        return Err(format!(
            "the generator makes puzzles of at most {MAX_GENERATED_STONES} stones (asked for {stones})"
        ));
    }
    compose::composition_refusal(width, height, stones, SINGLE_BLOCK_STONES)
}

/// A random puzzle with exactly one solution. Big ones are chains of small
/// ones (see [`compose`](super::compose)); small ones come from
/// [`generate_single`]. With a `difficulty`, puzzles are made from new
/// seeds derived from `seed` until one rates that level (see
/// [`rate`](fn@super::rate)), at most twelve of them.
pub fn generate(
    width: u32,
    height: u32,
    stones: usize,
    seed: u64,
    difficulty: Option<Level>,
    control: &Control,
) -> Outcome<Result<Puzzle, String>> {
    if let Err(message) = generation_refusal(width, height, stones) {
        return Outcome::Done(Err(message));
    }
    control.without_found(|| {
        let attempts = if difficulty.is_some() {
            DIFFICULTY_ATTEMPTS
        } else {
            1
        };
        for attempt in 0..attempts {
            let seed = if attempt == 0 {
                seed
            } else {
                splitmix64(seed ^ attempt)
            };
            let made = compose::compose(width, height, stones, seed, difficulty, control)
                .unwrap_or_else(|| {
                    generate_single(width, height, stones, seed, NODES_PER_GENERATION, control)
                });
            let puzzle = match made {
                Outcome::Done(Ok(puzzle)) => puzzle,
                // No unique puzzle within the search budget: other seeds fare
                // no better.
                failed => return failed,
            };
            let Some(level) = difficulty else {
                return Outcome::Done(Ok(puzzle));
            };
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
        let level = difficulty.map_or("", Level::name);
        Outcome::Done(Err(format!(
            "found no {width}x{height} puzzle with {stones} stones that rates {level} in \
             {attempts} tries; try another seed{}",
            if difficulty == Some(Level::Easy) {
                ", or fewer stones (easy puzzles are rare beyond about 20 stones a block)"
            } else {
                ""
            }
        )))
    })
}
