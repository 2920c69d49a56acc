//! Messages made safe to show, on a terminal or in the window: text from
//! a file, a link or a URL quoted in a message can carry anything.

/// The longest message, in characters: enough for any message of the
/// program's own with a file name and a quoted piece of the input.
pub const MAX_MESSAGE_CHARS: usize = 400;

/// Of a message cut short, how many of its last characters are kept: the
/// advice a message ends with survives the cut of a long quotation.
const KEPT_END_CHARS: usize = 150;

/// `message` made safe to show: control characters (which could clear a
/// terminal or rewrite its line) and the invisible marks that reorder
/// text (a right-to-left override makes `exe.txt` show as `txt.exe`) are
/// written as escapes such as `\x1b` and `\u{202e}`, and a message too long
/// for one line is cut in the middle with an ellipsis, keeping its start
/// and its end.
pub fn printable(message: &str) -> String {
    let mut shown = String::with_capacity(message.len().min(MAX_MESSAGE_CHARS + 8));
    if message.chars().nth(MAX_MESSAGE_CHARS).is_none() {
        escape_into(&mut shown, message.chars());
        return shown;
    }
    escape_into(
        &mut shown,
        message.chars().take(MAX_MESSAGE_CHARS - KEPT_END_CHARS),
    );
    shown.push('…');
    let mut end: Vec<char> = message.chars().rev().take(KEPT_END_CHARS).collect();
    end.reverse();
    escape_into(&mut shown, end.into_iter());
    shown
}

/// What the operating system said of a read or write that failed: worded
/// in the language of whoever shows it where gridtour has words for its
/// kind, else in the system's own (which are English).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SystemError {
    kind: std::io::ErrorKind,
    text: String,
}

impl From<&std::io::Error> for SystemError {
    fn from(error: &std::io::Error) -> Self {
        SystemError {
            kind: error.kind(),
            text: error.to_string(),
        }
    }
}

impl From<std::io::Error> for SystemError {
    fn from(error: std::io::Error) -> Self {
        SystemError::from(&error)
    }
}

impl std::fmt::Display for SystemError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        use std::io::ErrorKind;
        f.write_str(match self.kind {
            ErrorKind::NotFound => crate::tr!("os-not-found"),
            ErrorKind::PermissionDenied => crate::tr!("os-permission-denied"),
            ErrorKind::AlreadyExists => crate::tr!("os-already-exists"),
            ErrorKind::IsADirectory => crate::tr!("os-is-a-folder"),
            ErrorKind::NotADirectory => crate::tr!("os-not-a-folder"),
            ErrorKind::StorageFull => crate::tr!("os-disk-full"),
            ErrorKind::QuotaExceeded => crate::tr!("os-quota"),
            ErrorKind::ReadOnlyFilesystem => crate::tr!("os-read-only"),
            ErrorKind::FileTooLarge => crate::tr!("os-too-large"),
            ErrorKind::InvalidFilename => crate::tr!("os-bad-name"),
            ErrorKind::OutOfMemory => crate::tr!("os-out-of-memory"),
            ErrorKind::BrokenPipe => crate::tr!("os-broken-pipe"),
            _ => &self.text,
        })
    }
}

/// The longest name kept for a puzzle (a file's name, a shelf entry), in
/// characters: a name read back from a saved state or a file can be of
/// any length, and is laid out on every frame.
pub const MAX_NAME_CHARS: usize = 200;

/// `name` cut to [`MAX_NAME_CHARS`], with an ellipsis where it was cut.
pub fn cut_name(name: &str) -> String {
    match name.char_indices().nth(MAX_NAME_CHARS) {
        Some((at, _)) => format!("{}…", &name[..at]),
        None => name.to_owned(),
    }
}

/// Whether `c` changes the direction or order in which text around it is
/// shown (Unicode's bidirectional marks, embeddings, overrides and
/// isolates).
fn reorders(c: char) -> bool {
    matches!(c, '\u{200e}' | '\u{200f}' | '\u{061c}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
}

/// Appends `chars` to `shown`, control characters escaped.
fn escape_into(shown: &mut String, chars: impl Iterator<Item = char>) {
    for c in chars {
        match c {
            '\t' => shown.push(' '),
            c if c.is_control() && (c as u32) < 0x80 => {
                shown.push_str(&format!("\\x{:02x}", c as u32));
            }
            c if c.is_control() || reorders(c) => {
                shown.push_str(&format!("\\u{{{:x}}}", c as u32));
            }
            c => shown.push(c),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_names_are_cut_and_short_ones_kept() {
        assert_eq!(cut_name("碁石拾い"), "碁石拾い");
        let cut = cut_name(&"名".repeat(10_000_000));
        assert_eq!(cut.chars().count(), MAX_NAME_CHARS + 1);
        assert!(cut.ends_with('…'));
    }

    #[test]
    fn control_characters_and_reordering_marks_are_escaped_and_long_messages_cut() {
        assert_eq!(
            printable("bad kind '\u{1b}[2J\u{1b}[31m PWNED \r' at 3:1"),
            "bad kind '\\x1b[2J\\x1b[31m PWNED \\x0d' at 3:1"
        );
        assert_eq!(printable("next\u{85}line\u{b}"), "next\\u{85}line\\x0b");
        assert_eq!(
            printable("cannot read tour\u{202e}txt.exe"),
            "cannot read tour\\u{202e}txt.exe"
        );
        assert_eq!(printable("a\u{2066}b\u{200f}"), "a\\u{2066}b\\u{200f}");
        assert_eq!(printable("碁石拾い"), "碁石拾い");
        let long = "x".repeat(5_000_000) + " (try --memory 8G)";
        let shown = printable(&long);
        assert_eq!(shown.chars().count(), MAX_MESSAGE_CHARS + 1);
        assert!(shown.contains('…'));
        assert!(
            shown.ends_with("x (try --memory 8G)"),
            "the advice at the end is kept"
        );
    }

    #[test]
    fn the_systems_errors_are_worded_by_their_kind() {
        let missing = std::fs::read("/nonexistent/gridtour-file").unwrap_err();
        let said = SystemError::from(&missing).to_string();
        assert_eq!(said, "there is no such file or folder");
        assert!(!said.contains("os error"));
        // A kind without words of gridtour's keeps the system's.
        let other = std::io::Error::other("the tape is out");
        assert_eq!(SystemError::from(other).to_string(), "the tape is out");
    }
}
