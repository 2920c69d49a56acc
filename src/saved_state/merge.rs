//! Merging a window's state with what another window saved since: the
//! three-way merge of version control, part by part, against the state
//! as this window last read or wrote it; and the members a newer version
//! wrote, which this build has no place for, put back before writing.

use serde_json::Value;

/// `mine` merged with `theirs` against `base`, all three as this build
/// writes them (every member it knows): a part this window did not change
/// since `base` takes theirs, a part the other window did not change
/// keeps mine, and objects both changed are merged member by member; a
/// value both changed keeps mine. Each group of `together` (member paths
/// such as `numbers.laid`) is taken whole from one side: theirs unless
/// this window changed one of its members.
pub fn three_way(base: &Value, mine: &Value, theirs: &Value, together: &[Vec<String>]) -> Value {
    let mut merged = merge(Some(base), mine, Some(theirs));
    for group in together {
        let changed_here = group.iter().any(|path| at(mine, path) != at(base, path));
        let side = if changed_here { mine } else { theirs };
        for path in group {
            if let Some(value) = at(side, path) {
                put(&mut merged, path, value.clone());
            }
        }
    }
    merged
}

fn merge(base: Option<&Value>, mine: &Value, theirs: Option<&Value>) -> Value {
    let Some(theirs) = theirs else {
        return mine.clone();
    };
    if base == Some(mine) {
        return theirs.clone();
    }
    if base == Some(theirs) || mine == theirs {
        return mine.clone();
    }
    match (base, mine, theirs) {
        (Some(Value::Object(base)), Value::Object(mine), Value::Object(theirs)) => Value::Object(
            mine.iter()
                .map(|(key, value)| (key.clone(), merge(base.get(key), value, theirs.get(key))))
                .collect(),
        ),
        _ => mine.clone(),
    }
}

/// The value at the dotted `path` in `value`.
fn at<'a>(value: &'a Value, path: &str) -> Option<&'a Value> {
    path.split('.').try_fold(value, |value, key| value.get(key))
}

/// Puts `new` at the dotted `path` in `value`, where its object is.
fn put(value: &mut Value, path: &str, new: Value) {
    let mut keys: Vec<&str> = path.split('.').collect();
    let Some(last) = keys.pop() else {
        return;
    };
    let place = keys
        .into_iter()
        .try_fold(value, |value, key| value.get_mut(key));
    if let Some(Value::Object(members)) = place {
        members.insert(last.to_owned(), new);
    }
}

/// Puts back into `known` (a state as this build writes it) the members
/// of `stored` (the file as another version wrote it) that this build has
/// no place for, at every depth: in objects both hold, and in the items
/// of a list that hold what `known`'s items hold.
pub fn keep_unknown(known: &mut Value, stored: &Value) {
    match (known, stored) {
        (Value::Object(known), Value::Object(stored)) => {
            for (key, value) in stored {
                match known.get_mut(key) {
                    Some(place) => keep_unknown(place, value),
                    None => {
                        known.insert(key.clone(), value.clone());
                    }
                }
            }
        }
        (Value::Array(known), Value::Array(stored)) => {
            let mut used = vec![false; stored.len()];
            for item in known.iter_mut().filter(|item| item.is_object()) {
                let found = stored
                    .iter()
                    .enumerate()
                    .find(|&(index, theirs)| !used[index] && covers(theirs, item));
                if let Some((index, theirs)) = found {
                    used[index] = true;
                    keep_unknown(item, theirs);
                }
            }
        }
        _ => {}
    }
}

/// Whether `stored` (a file as read) holds members that `known` (the
/// state read from it, as this build writes it) has no place for: those
/// [`keep_unknown`] would put back.
pub fn has_unknown(known: &Value, stored: &Value) -> bool {
    match (known, stored) {
        (Value::Object(known), Value::Object(stored)) => {
            stored.iter().any(|(key, value)| match known.get(key) {
                Some(place) => has_unknown(place, value),
                None => true,
            })
        }
        (Value::Array(known), Value::Array(stored)) => known
            .iter()
            .zip(stored)
            .any(|(known, stored)| has_unknown(known, stored)),
        _ => false,
    }
}

/// Whether `stored` holds all that `known` holds, and perhaps more.
fn covers(stored: &Value, known: &Value) -> bool {
    match (stored, known) {
        (Value::Object(stored), Value::Object(known)) => known
            .iter()
            .all(|(key, value)| stored.get(key).is_some_and(|theirs| covers(theirs, value))),
        (Value::Array(stored), Value::Array(known)) => {
            stored.len() == known.len()
                && stored
                    .iter()
                    .zip(known)
                    .all(|(theirs, mine)| covers(theirs, mine))
        }
        _ => stored == known,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn each_side_keeps_what_it_changed() {
        let base = json!({"a": {"x": 1, "y": 1}, "b": [1], "c": 1});
        let mine = json!({"a": {"x": 2, "y": 1}, "b": [1], "c": 2});
        let theirs = json!({"a": {"x": 1, "y": 3}, "b": [1, 2], "c": 3});
        assert_eq!(
            three_way(&base, &mine, &theirs, &[]),
            json!({"a": {"x": 2, "y": 3}, "b": [1, 2], "c": 2})
        );
    }

    #[test]
    fn a_group_comes_whole_from_one_side() {
        let base = json!({"game": {"puzzle": "p", "laid": [0], "marks": []}});
        let mine = json!({"game": {"puzzle": "p", "laid": [0], "marks": [[1]]}});
        let theirs = json!({"game": {"puzzle": "q", "laid": [5], "marks": []}});
        let together = [vec![
            "game.puzzle".to_owned(),
            "game.laid".to_owned(),
            "game.marks".to_owned(),
        ]];
        assert_eq!(three_way(&base, &mine, &theirs, &together), mine);
        let unchanged = three_way(&base, &base, &theirs, &together);
        assert_eq!(unchanged, theirs);
    }

    #[test]
    fn members_of_a_newer_version_are_put_back() {
        let mut known = json!({"a": 1, "list": [{"id": 1}, {"id": 2}]});
        let stored =
            json!({"a": 0, "new": {"t": 5}, "list": [{"id": 2, "extra": true}, {"id": 1}]});
        keep_unknown(&mut known, &stored);
        assert_eq!(
            known,
            json!({"a": 1, "new": {"t": 5}, "list": [{"id": 1}, {"id": 2, "extra": true}]})
        );
    }
}
