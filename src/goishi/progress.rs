//! What a Goishi count or generation says while it runs (see [`Phase`]).

use std::any::Any;

use crate::i18n::duration_words;
use crate::job::{Detail, Headway, Progress};
use crate::tr;

/// What a long Goishi job is doing.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Phase {
    /// A big Goishi puzzle being made block by block (see
    /// `goishi::generate`).
    Composing {
        /// The block being made (from 1).
        block: u32,
        /// The blocks of the chain.
        blocks: u32,
    },
    /// A Goishi puzzle's solutions being counted by a search from each
    /// stone in turn. The searches from different stones can differ a lot
    /// in length, but the stones are taken in a random order, so the time
    /// the searched ones took a stone is a fair guess of what the others
    /// will take, and better the more have been searched.
    CountingFrom {
        /// The starting stones searched to the end so far.
        searched: u32,
        /// The puzzle's stones: every one is a starting stone.
        stones: u32,
        /// The starting stones searched so far, those under way counted
        /// by the share of their search tree behind them: a count of a few
        /// costly stones moves and foretells its end before the first of
        /// them is done. On the largest puzzles that share is below a
        /// billionth for hours, and still foretells the time.
        explored: f64,
    },
    /// A made puzzle's uniqueness being proven by a full search.
    ProvingUnique {
        /// The puzzle's stones.
        stones: u32,
    },
    /// A made puzzle being rated, to see whether it is of the level asked
    /// for.
    Rating {
        /// The puzzle's stones.
        stones: u32,
    },
}

impl Phase {
    /// The seconds a count's starting stones so far say are left.
    fn seconds_left(&self, progress: &Progress) -> Option<f64> {
        match *self {
            Phase::CountingFrom {
                stones, explored, ..
            } if explored > 0.0 => {
                let left = (f64::from(stones) - explored).max(0.0);
                Some(progress.elapsed.as_secs_f64() * left / explored)
            }
            _ => None,
        }
    }
}

impl Detail for Phase {
    fn headway(&self, progress: &Progress) -> Option<Headway> {
        let left = self.seconds_left(progress);
        match *self {
            Phase::CountingFrom {
                stones, explored, ..
            } => Some(Headway::of(explored, f64::from(stones), left)),
            Phase::Composing { block, blocks } => Some(Headway::of(
                f64::from(block.saturating_sub(1)),
                f64::from(blocks),
                None,
            )),
            Phase::ProvingUnique { .. } | Phase::Rating { .. } => None,
        }
    }

    fn words(&self, progress: &Progress) -> String {
        match *self {
            Phase::Composing { block, blocks } => {
                tr!("detail-composing", block = block, blocks = blocks)
            }
            Phase::CountingFrom {
                searched, stones, ..
            } => {
                let left = self
                    .seconds_left(progress)
                    .filter(|&left| left >= 1.0)
                    .map_or_else(String::new, |left| {
                        tr!("detail-time-left", time = duration_words(left))
                    });
                tr!(
                    "detail-counting-from",
                    searched = searched,
                    stones = stones,
                    left = left
                )
            }
            Phase::ProvingUnique { stones } => tr!("detail-proving-unique", stones = stones),
            Phase::Rating { stones } => tr!("detail-rating", stones = stones),
        }
    }

    fn as_any(&self) -> &dyn Any {
        self
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;

    fn at(phase: Phase, elapsed: Duration) -> Progress {
        Progress::counters(1_234_000, 0, elapsed).with_detail(phase)
    }

    #[test]
    fn each_phase_words_itself() {
        let two_minutes = Duration::from_secs(125);
        // A generator's searches leave the found counter alone (see
        // `Control::without_found`).
        assert_eq!(
            at(
                Phase::Composing {
                    block: 3,
                    blocks: 8
                },
                two_minutes
            )
            .to_string(),
            "1,234,000 nodes, 2:05 min, 9,872/s (making block 3 of 8)"
        );
        let proving = at(Phase::ProvingUnique { stones: 200 }, two_minutes).to_string();
        assert!(
            proving.ends_with("/s (proving the 200-stone puzzle unique)"),
            "{proving}"
        );
        let rating = at(Phase::Rating { stones: 200 }, two_minutes).to_string();
        assert!(
            rating.ends_with("/s (rating the 200-stone puzzle)"),
            "{rating}"
        );
        let counting = at(
            Phase::CountingFrom {
                searched: 12,
                stones: 60,
                explored: 12.0,
            },
            two_minutes,
        )
        .to_string();
        assert!(
            counting
                .ends_with("/s (searched from 12 of 60 starting stones, about 8 minutes to go)"),
            "{counting}"
        );
        // Less than a second to go is not worth a word.
        let nearly = at(
            Phase::CountingFrom {
                searched: 599,
                stones: 600,
                explored: 599.0,
            },
            Duration::from_millis(500),
        )
        .to_string();
        assert!(
            nearly.ends_with("/s (searched from 599 of 600 starting stones)"),
            "{nearly}"
        );
    }

    #[test]
    fn counts_and_compositions_know_their_headway() {
        let headway = |phase, seconds| {
            at(phase, Duration::from_secs_f64(seconds))
                .headway()
                .map(|h| h.to_string())
        };
        let stones = |searched, explored| Phase::CountingFrom {
            searched,
            stones: 60,
            explored,
        };
        assert_eq!(
            headway(stones(15, 15.0), 20.0),
            Some("25%, about 60 seconds left".into())
        );
        assert_eq!(headway(stones(0, 0.0), 20.0), Some("0%".into()));
        // Two stones half searched and none finished: a share, and a time.
        assert_eq!(
            headway(stones(0, 1.5), 10.0),
            Some("2%, about 7 minutes left".into())
        );
        // A share far below a billionth still foretells the time, in years.
        let tiny = headway(stones(0, 3e-15), 30.0).expect("a share");
        assert!(tiny.starts_with("0%, about "), "{tiny}");
        assert!(tiny.ends_with(" years left"), "{tiny}");
        assert_eq!(
            headway(
                Phase::Composing {
                    block: 3,
                    blocks: 8
                },
                1.0
            ),
            Some("25%".into())
        );
        assert_eq!(headway(Phase::Rating { stones: 9 }, 1.0), None);
    }
}
