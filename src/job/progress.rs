//! What a job's counters say, and what its engine adds to them.
//!
//! The runtime counts nodes and solutions and keeps the time; an engine
//! that has more to say (the square a sweep is at, the stones a count has
//! searched from) hands the [`Control`](super::Control) a [`Detail`] of
//! its own, which words itself and may know how far the work has got.

use std::any::Any;
use std::fmt;
use std::sync::Arc;
use std::time::Duration;

use crate::english::group_digits;
use crate::i18n::duration_words;
use crate::tr;

/// What an engine says about the work in hand, beyond the counters: its
/// phase in words, and how far it has got where it can tell.
pub trait Detail: fmt::Debug + Send + Sync + 'static {
    /// The words that follow the counters, in the brackets of
    /// `1,234 nodes, 0.3 s, 4,113/s (making block 3 of 8)`.
    fn words(&self, progress: &Progress) -> String;

    /// The share done and the time left, where the engine can tell.
    fn headway(&self, _progress: &Progress) -> Option<Headway> {
        None
    }

    /// The two counters in words, their digits grouped: nodes and
    /// solutions found, unless the engine's nodes are something else.
    fn counter_words(&self, nodes: &str, found: &str) -> (String, String) {
        default_counter_words(nodes, found)
    }

    /// The detail as itself, for a watcher that knows the engine.
    fn as_any(&self) -> &dyn Any;
}

/// A reading of a job's counters.
#[derive(Debug, Clone, Default)]
pub struct Progress {
    /// Search nodes explored so far.
    pub nodes: u64,
    /// Solutions found so far.
    pub found: u64,
    /// Time since the job started, its pauses left out.
    pub elapsed: Duration,
    /// What the engine said of the work, if it said anything.
    pub detail: Option<Arc<dyn Detail>>,
}

impl Progress {
    /// Counters with no detail.
    pub fn counters(nodes: u64, found: u64, elapsed: Duration) -> Self {
        Self {
            nodes,
            found,
            elapsed,
            detail: None,
        }
    }

    /// The same counters with `detail`.
    pub fn with_detail(self, detail: impl Detail) -> Self {
        Self {
            detail: Some(Arc::new(detail)),
            ..self
        }
    }

    /// The engine's detail, if it is a `D`.
    pub fn detail<D: Detail>(&self) -> Option<&D> {
        self.detail.as_deref()?.as_any().downcast_ref()
    }

    /// Nodes per second since the start (0 before any time has passed).
    pub fn nodes_per_second(&self) -> f64 {
        let secs = self.elapsed.as_secs_f64();
        if secs > 0.0 {
            self.nodes as f64 / secs
        } else {
            0.0
        }
    }

    /// The share done and the time left, for work whose engine knows how
    /// far it has to go.
    pub fn headway(&self) -> Option<Headway> {
        self.detail.as_deref()?.headway(self)
    }
}

/// [`Progress`] in words without its detail.
struct Counters<'a>(&'a Progress);

impl fmt::Display for Counters<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Counters(progress) = self;
        progress.write_counters(f)
    }
}

/// The counters in words, as the window's status bar and the command
/// line's progress line show them: nodes, solutions (once there are any),
/// elapsed time and rate, then the engine's detail, e.g.
/// `1,234 nodes, 5 found, 0.3 s, 4,113/s`.
impl fmt::Display for Progress {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_counters(f)?;
        if let Some(detail) = self.detail.as_deref() {
            f.write_str(&tr!("progress-detail", detail = detail.words(self)))?;
        }
        Ok(())
    }
}

impl Progress {
    /// The counters at the end of the work: what the engine said of the
    /// work under way (a step, a time to go) no longer holds, and is left
    /// out.
    pub fn at_end(&self) -> impl fmt::Display + '_ {
        Counters(self)
    }

    fn write_counters(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (nodes, found) = (group_digits(self.nodes), group_digits(self.found));
        let (nodes, found) = match self.detail.as_deref() {
            Some(detail) => detail.counter_words(&nodes, &found),
            None => default_counter_words(&nodes, &found),
        };
        f.write_str(&nodes)?;
        if self.found > 0 {
            f.write_str(&found)?;
        }
        let secs = self.elapsed.as_secs_f64();
        f.write_str(&if secs < 60.0 {
            tr!("progress-seconds", s = format!("{secs:.1}"))
        } else {
            let whole = self.elapsed.as_secs();
            tr!(
                "progress-minutes",
                time = format!("{}:{:02}", whole / 60, whole % 60)
            )
        })?;
        f.write_str(&tr!(
            "progress-rate",
            rate = group_digits(self.nodes_per_second() as u64)
        ))
    }
}

/// `1,234 nodes` and `, 5 found`.
fn default_counter_words(nodes: &str, found: &str) -> (String, String) {
    (
        tr!("progress-nodes", n = nodes),
        tr!("progress-found", n = found),
    )
}

/// How far a job has got and how long it should still take, as far as its
/// engine can tell: the window draws it as a progress bar, which stays in
/// view where the status bar's line is cut short.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Headway {
    /// The share of the work done, from 0 to 1.
    pub done: f32,
    /// Seconds still to go, when the engine can guess and at least a
    /// second is left.
    pub left: Option<f64>,
    /// The soonest and latest seconds to go, when the engine can bound
    /// them and the latest is at least a second off.
    pub range: Option<(f64, f64)>,
}

impl Headway {
    /// `done` of `whole` done, with `left` seconds to go if that is at
    /// least a second.
    pub fn of(done: f64, whole: f64, left: Option<f64>) -> Self {
        Self {
            done: (done / whole.max(1.0)).clamp(0.0, 1.0) as f32,
            left: left.filter(|&left| left >= 1.0),
            range: None,
        }
    }
}

impl fmt::Display for Headway {
    /// `42%, about 3 minutes left`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let percent = (self.done * 100.0).floor() as u32;
        f.write_str(&match (self.left, self.range) {
            (Some(left), Some((soonest, latest))) if soonest < 1.0 => tr!(
                "headway-up-to",
                percent = percent,
                time = duration_words(left),
                latest = duration_words(latest)
            ),
            (Some(left), Some((soonest, latest))) => tr!(
                "headway-range",
                percent = percent,
                time = duration_words(left),
                soonest = duration_words(soonest),
                latest = duration_words(latest)
            ),
            (Some(left), None) => tr!(
                "headway-left",
                percent = percent,
                time = duration_words(left)
            ),
            (None, Some((_, latest))) => tr!(
                "headway-at-most",
                percent = percent,
                latest = duration_words(latest)
            ),
            (None, None) => tr!("headway", percent = percent),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug)]
    struct Sifting;

    impl Detail for Sifting {
        fn words(&self, progress: &Progress) -> String {
            format!("sifting {} grains", progress.nodes)
        }

        fn headway(&self, progress: &Progress) -> Option<Headway> {
            Some(Headway::of(progress.nodes as f64, 10.0, Some(0.5)))
        }

        fn counter_words(&self, nodes: &str, found: &str) -> (String, String) {
            (format!("{nodes} grains"), format!(", {found} nuggets"))
        }

        fn as_any(&self) -> &dyn Any {
            self
        }
    }

    #[test]
    fn progress_reads_as_counters_time_and_rate() {
        let progress = Progress::counters(1_234_000, 0, Duration::from_millis(2500));
        assert_eq!(progress.to_string(), "1,234,000 nodes, 2.5 s, 493,600/s");
        let progress = Progress {
            found: 7256,
            elapsed: Duration::from_secs(125),
            ..progress
        };
        assert_eq!(
            progress.to_string(),
            "1,234,000 nodes, 7,256 found, 2:05 min, 9,872/s"
        );
        assert_eq!(progress.headway(), None);
    }

    #[test]
    fn an_engines_detail_words_itself_and_tells_its_headway() {
        let progress = Progress::counters(4, 1, Duration::from_secs(2)).with_detail(Sifting);
        assert_eq!(
            progress.to_string(),
            "4 grains, 1 nuggets, 2.0 s, 2/s (sifting 4 grains)"
        );
        // Half a second to go is not worth a word.
        assert_eq!(
            progress.headway().map(|h| h.to_string()),
            Some("40%".into())
        );
        assert!(progress.detail::<Sifting>().is_some());
        // At the end, the counters keep the engine's words, not its detail.
        assert_eq!(
            progress.at_end().to_string(),
            "4 grains, 1 nuggets, 2.0 s, 2/s"
        );
    }
}
