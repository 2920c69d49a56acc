//! The tours or solutions a search streams, kept for browsing while the
//! search goes on. Only the first [`BROWSE_LIMIT`] are kept; the rest are
//! only counted, so memory stays flat however many there are.

use web_time::{Duration, Instant};

use gridtour::job::{self, Control, Outcome};

/// How many streamed tours or solutions are kept for browsing.
pub const BROWSE_LIMIT: usize = 1000;

/// The kept results and the one on show.
#[derive(Debug, Clone, PartialEq)]
pub struct Browser<T> {
    items: Vec<T>,
    index: usize,
}

impl<T> Default for Browser<T> {
    fn default() -> Self {
        Self {
            items: Vec::new(),
            index: 0,
        }
    }
}

impl<T> Browser<T> {
    /// Forgets every kept result.
    pub fn clear(&mut self) {
        self.items.clear();
        self.index = 0;
    }

    /// Keeps a newly found result unless the limit is reached. Returns true
    /// when it is the first one, which the caller then shows.
    pub fn push(&mut self, item: T) -> bool {
        if self.items.len() < BROWSE_LIMIT {
            self.items.push(item);
        }
        self.items.len() == 1
    }

    /// The result on show.
    pub fn current(&self) -> Option<&T> {
        self.items.get(self.index)
    }

    /// Whether there is a result before the one on show.
    pub fn has_previous(&self) -> bool {
        self.index > 0
    }

    /// Whether there is a result after the one on show.
    pub fn has_next(&self) -> bool {
        self.index + 1 < self.items.len()
    }

    /// Moves to the previous result and returns it.
    pub fn previous(&mut self) -> Option<&T> {
        self.index = self.index.checked_sub(1)?;
        self.items.get(self.index)
    }

    /// Moves to the next result and returns it.
    pub fn next(&mut self) -> Option<&T> {
        if !self.has_next() {
            return None;
        }
        self.index += 1;
        self.items.get(self.index)
    }

    /// The 1-based position of the result on show and how many are kept.
    pub fn position(&self) -> (usize, usize) {
        (self.index + 1, self.items.len())
    }

    /// Whether nothing is kept.
    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }
}

/// How long a browsing enumeration may go on after the count it runs beside
/// has ended, to fill the browser on boards where counting is much quicker
/// than listing.
const BROWSE_GRACE: Duration = Duration::from_secs(1);

/// How long a browsing enumeration may look for its first result before
/// it gives up, leaving every core to the count. Even at the lowest
/// priority it takes most of a core from a count whose threads come and go
/// step by step (closed 6x40, where a listing finds no tour, took nearly
/// twice as long in the window as on the command line).
const BROWSE_PATIENCE: Duration = Duration::from_secs(2);

/// Runs `count` on the calling thread while `browse` lists results for
/// browsing on a helper thread, at the lowest priority. The helper gets a
/// control of its own, so the job's progress figures are the count's
/// alone (`browse` adds what it lists to that control's found ones); it
/// is cancelled with the job (`control`), when it has found nothing in
/// [`BROWSE_PATIENCE`], or [`BROWSE_GRACE`] after the count ends. `browse`
/// should stop by itself once it has listed enough.
pub fn count_while_browsing<T>(
    control: &Control,
    browse: impl FnOnce(&Control) + Send,
    count: impl FnOnce() -> Outcome<T>,
) -> Outcome<T> {
    let browse_control = Control::with_resources(control.resources().clone());
    gridtour::platform::scope(|scope| {
        // A helper the system refuses leaves the count without a listing.
        let _ = scope.spawn(|| {
            job::lower_to_side_work();
            browse(&browse_control);
            // Finished: the count need not wait for it.
            browse_control.cancel();
        });
        let _ = scope.spawn(|| {
            let deadline = Instant::now() + BROWSE_PATIENCE;
            while !browse_control.is_cancelled() && Instant::now() < deadline {
                std::thread::sleep(Duration::from_millis(10));
            }
            if browse_control.snapshot().found == 0 {
                browse_control.cancel();
            }
        });
        let counted = count();
        if matches!(counted, Outcome::Done(_)) {
            let deadline = Instant::now() + BROWSE_GRACE;
            while !browse_control.is_cancelled()
                && !control.is_cancelled()
                && Instant::now() < deadline
            {
                std::thread::sleep(Duration::from_millis(10));
            }
        }
        browse_control.cancel();
        counted
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_at_most_the_limit_and_reports_the_first() {
        let mut browser = Browser::default();
        assert!(browser.push(0));
        for i in 1..BROWSE_LIMIT + 10 {
            assert!(!browser.push(i));
        }
        assert_eq!(browser.position(), (1, BROWSE_LIMIT));
        assert_eq!(browser.current(), Some(&0));
        assert_eq!(browser.next(), Some(&1));
        assert_eq!(browser.previous(), Some(&0));
        assert_eq!(browser.previous(), None);
        assert!(!browser.has_previous() && browser.has_next());
    }

    /// How long a count beside a listing (that finds something when
    /// `finds`, else nothing) lasted before the listing stopped, or None
    /// when it outlasted `count_for`.
    fn listing_stopped_after(finds: bool, count_for: Duration) -> Option<Duration> {
        let began = Instant::now();
        let stopped = std::sync::Mutex::new(None);
        let outcome = count_while_browsing(
            &Control::new(),
            |browse_control| {
                if finds {
                    browse_control.add_found(1);
                }
                while !browse_control.is_cancelled() {
                    std::thread::sleep(Duration::from_millis(5));
                }
                *stopped.lock().unwrap() = Some(began.elapsed());
            },
            || {
                std::thread::sleep(count_for);
                Outcome::Done(())
            },
        );
        assert_eq!(outcome, Outcome::Done(()));
        let stopped = stopped.into_inner().unwrap().expect("the listing ended");
        (stopped < count_for).then_some(stopped)
    }

    #[test]
    fn a_listing_that_finds_nothing_gives_its_core_back_to_the_count() {
        let count_for = BROWSE_PATIENCE + Duration::from_secs(1);
        let stopped = listing_stopped_after(false, count_for).expect("stopped early");
        assert!(stopped >= BROWSE_PATIENCE, "{stopped:?}");
        assert_eq!(listing_stopped_after(true, count_for), None);
    }
}
