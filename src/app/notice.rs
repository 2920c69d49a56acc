//! Short messages a session gives a person (a refusal, a file saved, a
//! failure). Each belongs to the mode that gave it and fades after a while,
//! errors later than the rest, so an old message never sits next to a new
//! state. Results (a tour found, a count) are not notices: they stay as long
//! as what they describe. A notice quoting what a file or a link holds
//! is escaped and cut as the command line's errors are: a 3 MB bad value
//! makes a line of 400 characters, not a page egui lays out every frame.

use web_time::{Duration, Instant};

use gridtour::message::printable;

use super::said::Said;

/// How long an informative notice stays.
const INFO_LIFETIME: Duration = Duration::from_secs(8);
/// How long an error stays.
const ERROR_LIFETIME: Duration = Duration::from_secs(20);

/// A message with the time it was given, kept as the values it speaks
/// of and worded when drawn: a switch of language rewords it.
#[derive(Debug, Clone)]
pub struct Notice {
    words: Said,
    /// Whether something went wrong.
    pub error: bool,
    given: Instant,
}

impl PartialEq for Notice {
    /// The same notice: given at the same moment, saying the same.
    fn eq(&self, other: &Self) -> bool {
        self.given == other.given && self.error == other.error && self.text() == other.text()
    }
}

impl Notice {
    /// A plain message, given now, that `words` words.
    pub fn info(words: impl Fn() -> String + Send + Sync + 'static) -> Self {
        Self {
            words: Said::new(words),
            error: false,
            given: Instant::now(),
        }
    }

    /// A failure, given now, that `words` words.
    pub fn error(words: impl Fn() -> String + Send + Sync + 'static) -> Self {
        Self {
            words: Said::new(words),
            error: true,
            given: Instant::now(),
        }
    }

    /// The message in this frame's language, escaped and cut short.
    pub fn text(&self) -> String {
        printable(&self.words.words())
    }

    /// Whether the notice is still shown at `now`.
    pub fn is_current(&self, now: Instant) -> bool {
        now.saturating_duration_since(self.given) < self.lifetime()
    }

    /// When the notice stops being shown, for a repaint at that time.
    pub fn expires_in(&self, now: Instant) -> Duration {
        (self.given + self.lifetime()).saturating_duration_since(now)
    }

    fn lifetime(&self) -> Duration {
        if self.error {
            ERROR_LIFETIME
        } else {
            INFO_LIFETIME
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notices_fade_and_errors_stay_longer() {
        let info = Notice::info(|| "saved".to_owned());
        let error = Notice::error(|| "failed".to_owned());
        let now = Instant::now();
        assert!(info.is_current(now) && error.is_current(now));
        let later = now + INFO_LIFETIME + Duration::from_millis(1);
        assert!(!info.is_current(later));
        assert!(error.is_current(later));
        assert!(!error.is_current(now + ERROR_LIFETIME + Duration::from_millis(1)));
    }

    #[test]
    fn a_notice_quoting_a_huge_value_is_one_short_line() {
        let huge = format!(
            "cannot read the link: bad value \"{}\"",
            "9".repeat(3_000_000)
        );
        let notice = Notice::error(move || huge.clone());
        assert_eq!(notice.text().chars().count(), 401);
        assert!(
            notice
                .text()
                .starts_with("cannot read the link: bad value \"999")
        );
        assert_eq!(
            Notice::info(|| "moved\u{202e}".to_owned()).text(),
            "moved\\u{202e}"
        );
    }
}
