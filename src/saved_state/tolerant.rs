//! A JSON reader that keeps every whole member of a damaged text: a
//! damaged value (`nul`, `fblse`, a control character in a string, a
//! quote lost or added, nesting past any sense) costs its own member or
//! item alone, a missing comma or a stray one costs nothing, and a text
//! cut short keeps everything that ended before the cut.
//!
//! Every part that reads whole is read by `serde_json` in one go; only a
//! part that does not is taken apart member by member, so a good file of
//! any size is read once. After a damaged member the reader looks for the
//! next place a member can start: first honouring strings, then, when a
//! quote was lost and strings no longer pair up, ignoring them.

use serde::Deserialize;
use serde_json::{Map, Value};

/// How deep the reader takes damaged objects and lists apart; a damaged
/// part deeper than this is lost whole (the states read are a few levels
/// deep).
const DEEPEST: usize = 32;

/// What a damaged text held.
#[derive(Debug)]
pub struct Salvaged {
    /// The object, with every member that read.
    pub value: Value,
    /// The members and items lost, as paths (`knight.width`,
    /// `goishi.shelf[3]`); a path ending in `?` is a part with no name.
    pub lost: Vec<String>,
    /// Whether the text ended before the object did, or went on after it.
    pub cut_short: bool,
}

/// The object `text` holds, with every whole member kept; `None` when
/// nothing in it reads as a member.
pub fn salvage(text: &str) -> Option<Salvaged> {
    let mut reader = Reader {
        text: text.as_bytes(),
        at: 0,
        open: Vec::new(),
        lost: Vec::new(),
        cut_short: false,
    };
    reader.skip_blank();
    // The opening brace itself may be the damage.
    let opened = reader.peek() == Some(b'{');
    if opened || reader.peek().is_some_and(|byte| byte != b'"') {
        reader.at += 1;
    }
    let mut members = reader.object_members(&mut Vec::new(), 0);
    // More after the end, where a damaged byte closed the object early:
    // the members there are read too.
    loop {
        reader.skip_blank();
        if reader.at >= reader.text.len() {
            break;
        }
        reader.cut_short = true;
        match reader.resync(reader.at, b'}') {
            After::Next => {
                for (name, value) in reader.object_members(&mut Vec::new(), 0) {
                    members.entry(name).or_insert(value);
                }
            }
            After::Close => {}
            After::End => break,
        }
    }
    (opened || !members.is_empty()).then_some(Salvaged {
        value: Value::Object(members),
        lost: reader.lost,
        cut_short: reader.cut_short,
    })
}

struct Reader<'a> {
    text: &'a [u8],
    at: usize,
    /// The closing brackets of the objects and lists the reader is in.
    open: Vec<u8>,
    lost: Vec<String>,
    cut_short: bool,
}

/// What a closing bracket does where it stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Bracket {
    /// It ends the object or list the reader is in.
    Ends,
    /// It is of the other kind, and ends one around this one, whose own
    /// end was lost: this one ends before it.
    EndsAround,
    /// It stands in place of a comma, or of anything else.
    Stray,
}

/// What comes after a member or an item.
enum After {
    /// A comma: another follows.
    Next,
    /// The closing bracket.
    Close,
    /// The end of the text.
    End,
}

impl Reader<'_> {
    fn peek(&self) -> Option<u8> {
        self.text.get(self.at).copied()
    }

    fn skip_blank(&mut self) {
        self.at = self.next_after(self.at).1;
    }

    /// Notes `part` of the value at `path` as lost.
    fn lose(&mut self, path: &[String], part: &str) {
        let mut whole = path.join(".");
        if !whole.is_empty() && !part.starts_with('[') {
            whole.push('.');
        }
        whole.push_str(part);
        self.lost.push(whole);
    }

    /// One whole JSON value at `self.at` read by serde_json, and where it
    /// ends; a number or word that runs to the end of the text may have
    /// been cut, and does not count.
    fn strict<T: for<'de> Deserialize<'de>>(&self, from: usize) -> Option<(T, usize)> {
        let mut values = serde_json::Deserializer::from_slice(&self.text[from..]).into_iter::<T>();
        let value = values.next()?.ok()?;
        let end = from + values.byte_offset();
        let self_delimited = matches!(self.text[end - 1], b'"' | b'}' | b']');
        (end < self.text.len() || self_delimited).then_some((value, end))
    }

    /// The value at `self.at`, as much of it as reads; `None` if none of it
    /// does (the reader is then where it was).
    fn value(&mut self, path: &mut Vec<String>, depth: usize) -> Option<Value> {
        if let Some((value, end)) = self.strict::<Value>(self.at) {
            // A list or an object before something no value is followed
            // by: its closing bracket may have been the damage.
            let container = value.is_array() || value.is_object();
            let (next, at) = self.next_after(end);
            let empty = value.as_array().is_some_and(Vec::is_empty)
                || value.as_object().is_some_and(Map::is_empty);
            let whole = match next {
                None | Some(b',' | b'}' | b']') => true,
                // `[]` or `{}` may be a bracket and the damage after it;
                // and a whole object or list right after this one is more
                // of it, its end a damaged comma.
                Some(_) if empty => false,
                Some(b'{' | b'[') if self.strict::<serde::de::IgnoredAny>(at).is_some() => false,
                // One character in place of a comma, and more after it.
                Some(byte) => {
                    let close = self.open.last().copied().unwrap_or(b'}');
                    let after = self.next_after(at + byte.leading_ones().max(1) as usize);
                    self.can_start_after(at, close)
                        || matches!(after.0, None | Some(b',' | b'}' | b']'))
                        || self.can_start_after(after.1, close)
                }
            };
            if !container || whole {
                self.at = end;
                return Some(value);
            }
        }
        if let Some((value, end)) = self.scalar() {
            self.at = end;
            return Some(value);
        }
        if depth >= DEEPEST {
            return None;
        }
        let first = self.at + 1;
        match self.peek()? {
            b'{' => {
                self.at = first;
                Some(Value::Object(self.object_members(path, depth + 1)))
            }
            b'[' => {
                self.at = first;
                Some(Value::Array(self.array_items(path, depth + 1)))
            }
            _ => None,
        }
    }

    /// A number or a word at `self.at` followed by something no value
    /// can be followed by (a lost comma), and where it ends.
    fn scalar(&self) -> Option<(Value, usize)> {
        let rest = &self.text[self.at..];
        let length = match rest.first()? {
            b'-' | b'0'..=b'9' => rest
                .iter()
                .position(|byte| !matches!(byte, b'0'..=b'9' | b'-' | b'+' | b'.' | b'e' | b'E'))?,
            _ => ["true", "false", "null"]
                .iter()
                .find(|word| rest.starts_with(word.as_bytes()))?
                .len(),
        };
        let value = serde_json::from_slice(&rest[..length]).ok()?;
        Some((value, self.at + length))
    }

    /// The members of an object whose `{` is behind the reader, up to and
    /// past its `}`.
    fn object_members(&mut self, path: &mut Vec<String>, depth: usize) -> Map<String, Value> {
        self.inside(b'}', |reader| reader.object_members_within(path, depth))
    }

    /// What `read` reads inside an object or list that `close` ends.
    fn inside<R>(&mut self, close: u8, read: impl FnOnce(&mut Self) -> R) -> R {
        self.open.push(close);
        let read = read(self);
        self.open.pop();
        read
    }

    fn object_members_within(
        &mut self,
        path: &mut Vec<String>,
        depth: usize,
    ) -> Map<String, Value> {
        let mut members = Map::new();
        loop {
            self.skip_blank();
            match self.peek() {
                None => {
                    self.cut_short = true;
                    return members;
                }
                Some(b'}' | b']') => match self.bracket(b'}') {
                    Bracket::Ends => {
                        self.at += 1;
                        return members;
                    }
                    Bracket::EndsAround => return members,
                    Bracket::Stray => self.at += 1,
                },
                // A stray comma loses nothing.
                Some(b',') => self.at += 1,
                Some(b'"') => {}
                // Something where a name should start: stepped over.
                Some(_) => self.at += 1,
            }
            if self.peek() != Some(b'"') {
                continue;
            }
            let start = self.at;
            let member = self.member(path, depth);
            match member {
                Some((name, value, after)) => {
                    members.insert(name, value);
                    if self.ends(after) {
                        return members;
                    }
                }
                // A quote in the place of something else before a name.
                None if self.can_start_after(start + 1, b'}') => self.at = start + 1,
                None => {
                    let name = self.strict::<String>(start).map(|(name, _)| name);
                    self.lose(path, name.as_deref().unwrap_or("?"));
                    let after = self.resync(start, b'}');
                    if self.ends(after) {
                        return members;
                    }
                }
            }
        }
    }

    /// Whether the object or list ends with `after` (noting a text cut
    /// short).
    fn ends(&mut self, after: After) -> bool {
        match after {
            After::Next => false,
            After::Close => true,
            After::End => {
                self.cut_short = true;
                true
            }
        }
    }

    /// A member `"name": value` at `self.at`, with what follows it.
    fn member(&mut self, path: &mut Vec<String>, depth: usize) -> Option<(String, Value, After)> {
        let (name, end) = self.strict::<String>(self.at)?;
        self.at = end;
        self.skip_blank();
        if self.peek() != Some(b':') {
            return None;
        }
        self.at += 1;
        self.skip_blank();
        path.push(name.clone());
        let value = self.value(path, depth);
        path.pop();
        let value = value?;
        Some((name, value, self.after(b'}')?))
    }

    /// What follows a member or an item: a comma, the closing bracket,
    /// or the end.
    fn after(&mut self, close: u8) -> Option<After> {
        if let Some(after) = self.separator(close) {
            return Some(after);
        }
        // One character in place of a comma or a bracket, with what
        // follows whole: the value before it is whole too.
        let next = self.at + self.text[self.at].leading_ones().max(1) as usize;
        let whole_after = match self.next_after(next).0 {
            None => true,
            Some(b',' | b'}' | b']') => true,
            Some(_) => self.can_start_after(next, close),
        };
        if !whole_after {
            return None;
        }
        self.at = next;
        Some(self.separator(close).unwrap_or(After::Next))
    }

    /// The comma, closing bracket or end at the reader, or (a comma lost)
    /// the start of the next member or item; `None` for anything else.
    fn separator(&mut self, close: u8) -> Option<After> {
        self.skip_blank();
        match self.peek() {
            None => Some(After::End),
            Some(b',') => {
                self.at += 1;
                Some(After::Next)
            }
            Some(b'}' | b']') => match self.bracket(close) {
                Bracket::Ends => {
                    self.at += 1;
                    Some(After::Close)
                }
                Bracket::EndsAround => Some(After::Close),
                Bracket::Stray => {
                    self.at += 1;
                    Some(After::Next)
                }
            },
            Some(_) if self.can_start_after(self.at, close) => Some(After::Next),
            Some(_) => None,
        }
    }

    /// The items of a list whose `[` is behind the reader, up to and past
    /// its `]`, or up to a member's name where its `]` was lost.
    fn array_items(&mut self, path: &mut Vec<String>, depth: usize) -> Vec<Value> {
        self.inside(b']', |reader| reader.array_items_within(path, depth))
    }

    fn array_items_within(&mut self, path: &mut Vec<String>, depth: usize) -> Vec<Value> {
        let mut items = Vec::new();
        loop {
            self.skip_blank();
            match self.peek() {
                None => {
                    self.cut_short = true;
                    return items;
                }
                Some(b']' | b'}') if self.bracket(b']') != Bracket::Stray => {
                    // Unless it stands in place of an object's `{`.
                    let lost_brace = self.object_lost_its_brace(self.at + 1, path, depth);
                    let Some(members) = lost_brace else {
                        self.at += usize::from(self.bracket(b']') == Bracket::Ends);
                        return items;
                    };
                    items.push(Value::Object(members));
                    let after = self.after(b']').unwrap_or(After::End);
                    if self.ends(after) {
                        return items;
                    }
                    continue;
                }
                Some(b',' | b']' | b'}') => {
                    self.at += 1;
                    continue;
                }
                Some(byte) if starts_value(byte) => {}
                // Something where an item should start: stepped over.
                Some(_) => {
                    self.at += 1;
                    continue;
                }
            }
            let start = self.at;
            let index = items.len();
            path.push(format!("[{index}]"));
            let item = self.value(path, depth);
            path.pop();
            self.skip_blank();
            let item = if item.as_ref().is_some_and(Value::is_string) && self.peek() == Some(b':') {
                // A name where an item should be: an object whose `{` was
                // lost, if what follows ends like an item, or else a
                // member of the object around, the list's end lost.
                match self.object_lost_its_brace(start, path, depth) {
                    Some(members) => Some(Value::Object(members)),
                    None => {
                        self.at = start;
                        return items;
                    }
                }
            } else {
                item
            };
            let after = match item.and_then(|item| Some((item, self.after(b']')?))) {
                Some((item, after)) => {
                    items.push(item);
                    after
                }
                None => {
                    self.lose(path, &format!("[{index}]"));
                    self.resync(start, b']')
                }
            };
            if self.ends(after) {
                return items;
            }
        }
    }

    /// The members of an object from `start`, where its `{` was lost, if
    /// it ends as an item of a list does; `None` (and the reader as it
    /// was) if not.
    fn object_lost_its_brace(
        &mut self,
        start: usize,
        path: &mut Vec<String>,
        depth: usize,
    ) -> Option<Map<String, Value>> {
        let (at, lost, cut_short) = (self.at, self.lost.len(), self.cut_short);
        self.at = start;
        self.skip_blank();
        if self.peek() != Some(b'"') || depth + 1 >= DEEPEST {
            self.at = at;
            return None;
        }
        let members = self.object_members(path, depth + 1);
        self.skip_blank();
        if matches!(self.peek(), Some(b',' | b']')) {
            return Some(members);
        }
        (self.at, self.cut_short) = (at, cut_short);
        self.lost.truncate(lost);
        None
    }

    /// After a damaged member or item that began at `start`, moves to the
    /// next place one can begin (past a comma) or to past the closing
    /// bracket `close` of the object or list: first reading strings and
    /// brackets as such; if that finds nothing before the end (a quote
    /// lost or gained), brackets alone; then (a bracket gained too) the
    /// next comma a member or item follows.
    fn resync(&mut self, start: usize, close: u8) -> After {
        for (honour_strings, honour_brackets) in [(true, true), (false, true), (false, false)] {
            if let Some(after) = self.scan(start, close, honour_strings, honour_brackets) {
                return after;
            }
        }
        self.at = self.text.len();
        After::End
    }

    fn scan(
        &mut self,
        start: usize,
        close: u8,
        honour_strings: bool,
        honour_brackets: bool,
    ) -> Option<After> {
        let (mut depth, mut in_string, mut escaped) = (0usize, false, false);
        for at in start..self.text.len() {
            let byte = self.text[at];
            if in_string {
                match byte {
                    _ if escaped => escaped = false,
                    b'\\' => escaped = true,
                    b'"' => in_string = false,
                    _ => {}
                }
                continue;
            }
            match byte {
                b'"' if honour_strings => in_string = true,
                b'{' | b'[' if honour_brackets => depth += 1,
                b'}' | b']' if honour_brackets && depth > 0 => depth -= 1,
                b'}' | b']'
                    if honour_brackets
                        && byte == close
                        && matches!(self.next_after(at + 1).0, None | Some(b',' | b'}' | b']')) =>
                {
                    self.at = at + 1;
                    return Some(After::Close);
                }
                b',' if depth == 0 && self.can_start_after(at + 1, close) => {
                    self.at = at + 1;
                    return Some(After::Next);
                }
                _ => {}
            }
        }
        None
    }

    /// What the closing bracket at the reader does in an object or a list
    /// that `close` ends.
    fn bracket(&self, close: u8) -> Bracket {
        if self.text[self.at] == close {
            return if self.closes(close) {
                Bracket::Ends
            } else {
                Bracket::Stray
            };
        }
        // The other kind: the nearest object or list of its kind around
        // this one, whose end it would be, is followed by what goes on
        // in the one around that.
        let kind = self.text[self.at];
        let outer = &self.open[..self.open.len().saturating_sub(1)];
        let Some(target) = outer.iter().rposition(|&open| open == kind) else {
            return Bracket::Stray;
        };
        let beyond = target.checked_sub(1).map(|index| self.open[index]);
        let (next, at) = self.next_after(self.at + 1);
        let goes_on = match next {
            None => true,
            Some(b',') => beyond.is_some_and(|beyond| self.can_start_after(at + 1, beyond)),
            Some(_) => beyond.is_some_and(|beyond| self.can_start_after(at, beyond)),
        };
        if goes_on && !self.can_start_after(self.at + 1, close) {
            Bracket::EndsAround
        } else {
            Bracket::Stray
        }
    }

    /// Whether the bracket at the reader ends its object or list (one of
    /// `close`'s kind): only where a comma, a bracket or the end follows
    /// it. Where something else does, it stands in place of a comma (a
    /// member or an item follows) or of anything else.
    fn closes(&self, close: u8) -> bool {
        let (next, at) = self.next_after(self.at + 1);
        let around = self.open.iter().rev().nth(1).copied();
        let ends = match next {
            None | Some(b'}' | b']') => true,
            // A comma, then what goes on in the object or list around
            // this one, or at least not what goes on in this one.
            Some(b',') => {
                around.is_none_or(|around| self.can_start_after(at + 1, around))
                    || !self.can_start_after(at + 1, close)
            }
            // What goes on around this one, its comma lost.
            Some(_) => around.is_some_and(|around| self.can_start_after(at, around)),
        };
        ends && !self.can_start_after(self.at + 1, close)
    }

    /// The first byte from `from` on that is not blank, and where it is.
    fn next_after(&self, from: usize) -> (Option<u8>, usize) {
        let mut at = from;
        while self
            .text
            .get(at)
            .is_some_and(|byte| byte.is_ascii_whitespace())
        {
            at += 1;
        }
        (self.text.get(at).copied(), at)
    }

    /// Whether a member (`"name":`) or an item can start at `from`.
    fn can_start_after(&self, from: usize, close: u8) -> bool {
        let at = self.next_after(from).1;
        if close == b']' {
            // A whole item, then a comma or the list's end.
            let Some((_, end)) = self.strict::<serde::de::IgnoredAny>(at) else {
                return false;
            };
            return matches!(self.next_after(end).0, Some(b',' | b']'));
        }
        let Some((_, end)) = self.strict::<String>(at) else {
            return false;
        };
        self.next_after(end).0 == Some(b':')
    }
}

/// Whether a JSON value can start with `byte`.
fn starts_value(byte: u8) -> bool {
    matches!(
        byte,
        b'{' | b'[' | b'"' | b'-' | b'0'..=b'9' | b't' | b'f' | b'n'
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn read(text: &str) -> Value {
        salvage(text).expect("an object").value
    }

    #[test]
    fn each_kind_of_damage_costs_its_member_alone() {
        let whole = json!({"a": 1, "b": {"c": [1, 2, 3], "d": "x"}, "e": true});
        let text = whole.to_string();
        assert_eq!(read(&text), whole);
        let cases = [
            // A word misspelt.
            (
                text.replace("true", "tru"),
                json!({"a": 1, "b": {"c": [1, 2, 3], "d": "x"}}),
            ),
            // A comma lost, or another byte in its place.
            (text.replace("1,\"b\"", "1 \"b\""), whole.clone()),
            (text.replace("1,\"b\"", "1x\"b\""), whole.clone()),
            (
                text.replace("1,2", "1x2"),
                json!({"a": 1, "b": {"c": [1, 2, 3], "d": "x"}, "e": true}),
            ),
            // Commas to spare.
            (text.replace(",\"e\"", ",,,,\"e\""), whole.clone()),
            // A control character in a string.
            (
                text.replace("\"x\"", "\"\u{0}\""),
                json!({"a": 1, "b": {"c": [1, 2, 3]}, "e": true}),
            ),
            // A quote lost.
            (
                text.replace("\"x\"", "\"x"),
                json!({"a": 1, "b": {"c": [1, 2, 3]}, "e": true}),
            ),
            // An item damaged.
            (
                text.replace("2,", "z,"),
                json!({"a": 1, "b": {"c": [1, 3], "d": "x"}, "e": true}),
            ),
            // The opening brace.
            (text.replacen('{', "x", 1), whole.clone()),
        ];
        for (damaged, expected) in cases {
            assert_eq!(read(&damaged), expected, "{damaged}");
        }
    }

    #[test]
    fn a_bracket_in_the_wrong_place_costs_its_record_alone() {
        let whole = json!({"list": [{"p": "a", "s": 1}, {"p": "b", "s": 2}, {"p": "c", "s": 3}], "z": true});
        let text = whole.to_string();
        let b = json!({"p": "b", "s": 2});
        let c = json!({"p": "c", "s": 3});
        let cases = [
            // A comma between records turned into either bracket.
            text.replacen("},{", "}]{", 1),
            text.replacen("},{", "}}{", 1),
            // A record's opening bracket lost, or turned into a closing one.
            text.replacen("[{", "[ ", 1),
            text.replacen("[{", "[]", 1),
            text.replacen("[{", "[}", 1),
            // A record's closing bracket turned into the list's.
            text.replacen("1},", "1],", 1),
            // The list's end lost.
            text.replacen("}],", "} ,", 1),
        ];
        for damaged in cases {
            let read = read(&damaged);
            let list = read["list"].as_array().expect("the list");
            assert!(list.contains(&b) && list.contains(&c), "{damaged}: {read}");
            assert_eq!(read["z"], json!(true), "{damaged}");
        }
    }

    #[test]
    fn nesting_past_any_sense_is_cut_without_a_deep_stack() {
        let deep = format!("{}{}", "[".repeat(100_000), "]".repeat(100_000));
        let text = format!("{{\"a\":1,\"deep\":{deep},\"b\":2}}");
        let read = read(&text);
        assert_eq!((&read["a"], &read["b"]), (&json!(1), &json!(2)));
        let mut depth = 0;
        let mut inner = &read["deep"];
        while let Some(first) = inner.get(0) {
            (depth, inner) = (depth + 1, first);
        }
        assert!(depth < DEEPEST, "{depth}");
    }

    #[test]
    fn a_number_at_the_cut_is_not_trusted() {
        let salvaged = salvage("{\"a\":\"x\",\"b\":12").expect("an object");
        assert_eq!(salvaged.value, json!({"a": "x"}));
        assert!(salvaged.cut_short);
    }
}
