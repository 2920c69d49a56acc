//! Words kept as the values they are made of. A session that tells of a
//! job or a result keeps a [`Said`]: the values it speaks of, with the
//! message that words them, run each time it is drawn, so that it reads in
//! the language of that frame and a switch of language rewords it.

use std::fmt;
use std::sync::Arc;

/// A message with its arguments, worded when drawn.
#[derive(Clone)]
pub struct Said(Arc<dyn Fn() -> String + Send + Sync>);

impl Said {
    /// The message `words` puts together from the values it holds.
    pub fn new(words: impl Fn() -> String + Send + Sync + 'static) -> Self {
        Said(Arc::new(words))
    }

    /// The message in this thread's language.
    pub fn words(&self) -> String {
        (self.0)()
    }
}

impl fmt::Display for Said {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.words())
    }
}

impl fmt::Debug for Said {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Said({:?})", self.words())
    }
}
