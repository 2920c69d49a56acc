//! The tours or solutions a search streams, kept for browsing while the
//! search goes on. Only the first [`BROWSE_LIMIT`] are kept; the rest are
//! only counted, so memory stays flat however many there are.

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
}
