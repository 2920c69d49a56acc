//! Short messages a session gives a person (a refusal, a file saved, a
//! failure). Each belongs to the mode that gave it and fades after a while,
//! errors later than the rest, so an old message never sits next to a new
//! state. Results (a tour found, a count) are not notices: they stay as long
//! as what they describe.

use std::time::{Duration, Instant};

/// How long an informative notice stays.
const INFO_LIFETIME: Duration = Duration::from_secs(8);
/// How long an error stays.
const ERROR_LIFETIME: Duration = Duration::from_secs(20);

/// A message with the time it was given.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Notice {
    /// The message.
    pub text: String,
    /// Whether something went wrong.
    pub error: bool,
    given: Instant,
}

impl Notice {
    /// A plain message, given now.
    pub fn info(text: impl Into<String>) -> Self {
        Self {
            text: text.into(),
            error: false,
            given: Instant::now(),
        }
    }

    /// A failure, given now.
    pub fn error(text: impl Into<String>) -> Self {
        Self {
            text: text.into(),
            error: true,
            given: Instant::now(),
        }
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
        let info = Notice::info("saved");
        let error = Notice::error("failed");
        let now = Instant::now();
        assert!(info.is_current(now) && error.is_current(now));
        let later = now + INFO_LIFETIME + Duration::from_millis(1);
        assert!(!info.is_current(later));
        assert!(error.is_current(later));
        assert!(!error.is_current(now + ERROR_LIFETIME + Duration::from_millis(1)));
    }
}
