//! Small helpers of the suite: where two JSON values or two states differ, and garbage actions.

use serde_json::{Value, json};
use std::fmt::Debug;

/// At most this many characters of a value in a report.
const SHOWN: usize = 240;

/// `text`, cut to [`SHOWN`] characters.
pub(crate) fn short(text: &str) -> String {
    if text.chars().count() <= SHOWN {
        text.to_owned()
    } else {
        let cut: String = text.chars().take(SHOWN).collect();
        format!("{cut}…")
    }
}

/// The first place where `a` and `b` differ, as `/path: a-value vs b-value`; `None` when equal.
pub(crate) fn first_difference(a: &Value, b: &Value) -> Option<String> {
    difference_at(a, b, String::new())
}

fn difference_at(a: &Value, b: &Value, path: String) -> Option<String> {
    match (a, b) {
        (Value::Object(x), Value::Object(y)) => {
            for (key, value) in x {
                let here = format!("{path}/{key}");
                match y.get(key) {
                    Some(other) => {
                        if let Some(found) = difference_at(value, other, here) {
                            return Some(found);
                        }
                    }
                    None => return Some(format!("{here}: {} vs (absent)", show(value))),
                }
            }
            y.iter()
                .find(|(key, _)| !x.contains_key(*key))
                .map(|(key, value)| format!("{path}/{key}: (absent) vs {}", show(value)))
        }
        (Value::Array(x), Value::Array(y)) => {
            for (i, (p, q)) in x.iter().zip(y).enumerate() {
                if let Some(found) = difference_at(p, q, format!("{path}/{i}")) {
                    return Some(found);
                }
            }
            (x.len() != y.len()).then(|| {
                format!(
                    "{}: {} items vs {} items",
                    if path.is_empty() { "/" } else { &path },
                    x.len(),
                    y.len()
                )
            })
        }
        _ => (a != b).then(|| {
            format!(
                "{}: {} vs {}",
                if path.is_empty() { "/" } else { &path },
                show(a),
                show(b)
            )
        }),
    }
}

fn show(value: &Value) -> String {
    short(&value.to_string())
}

/// Where the `Debug` pictures of two states first differ, for a report (states are not
/// `Serialize`, but every game state is `Debug`).
pub(crate) fn state_difference<G: Debug>(a: &G, b: &G) -> String {
    let (x, y) = (format!("{a:#?}"), format!("{b:#?}"));
    let lines: Vec<&str> = x.lines().collect();
    let found = lines.iter().zip(y.lines()).position(|(p, q)| *p != q);
    match found {
        Some(line) => format!(
            "first difference at line {} of the state's Debug picture, in {}: `{}` vs `{}`",
            line + 1,
            enclosing(&lines, line),
            short(lines[line].trim()),
            short(y.lines().nth(line).unwrap_or_default().trim())
        ),
        None => format!(
            "the states differ though their Debug pictures agree for {} lines ({} vs {} lines)",
            x.lines().count().min(y.lines().count()),
            x.lines().count(),
            y.lines().count()
        ),
    }
}

/// The lines that open the blocks around line `at` of a pretty `Debug` picture (each less
/// indented than the last), as `Duel { > hands: [ > Zone {`.
fn enclosing(lines: &[&str], at: usize) -> String {
    let indent = |line: &str| line.len() - line.trim_start().len();
    let mut depth = lines.get(at).map_or(0, |line| indent(line));
    let mut path = Vec::new();
    for line in lines[..at].iter().rev() {
        if indent(line) < depth {
            depth = indent(line);
            path.push(short(line.trim()));
            if depth == 0 {
                break;
            }
        }
    }
    path.reverse();
    if path.is_empty() {
        "the top".to_owned()
    } else {
        path.join(" > ")
    }
}

/// JSON that is no action of any sensible game: wrong types, unknown names, empty things.
pub(crate) fn fixed_garbage() -> Vec<Value> {
    vec![
        Value::Null,
        json!(true),
        json!(-1),
        json!(1.5e300),
        json!(""),
        json!("no_such_action"),
        json!([]),
        json!({}),
        json!({ "no_such_action": 0 }),
        json!([0, "x", null]),
    ]
}

/// Mutations of a real action's JSON: each number replaced by values out of every range a
/// game's ids may have, each string by an unknown name. They often still deserialise (a unit
/// id of 255, a hex of 65535), so they reach the game's own checks.
pub(crate) fn mutations(action: &Value) -> Vec<Value> {
    let mut out = Vec::new();
    mutate(
        action,
        &mut |replaced| out.push(replaced),
        &mut Vec::new(),
        action,
    );
    out
}

/// Calls `emit` with `root` where the leaf at `path` (reached inside `value`) is replaced.
fn mutate(value: &Value, emit: &mut dyn FnMut(Value), path: &mut Vec<Step>, root: &Value) {
    match value {
        Value::Object(map) => {
            for (key, inner) in map {
                path.push(Step::Key(key.clone()));
                mutate(inner, emit, path, root);
                path.pop();
            }
        }
        Value::Array(items) => {
            for (i, inner) in items.iter().enumerate() {
                path.push(Step::Index(i));
                mutate(inner, emit, path, root);
                path.pop();
            }
        }
        Value::Number(n) => {
            let next = n.as_u64().map_or(json!(0), |n| json!(n.saturating_add(1)));
            for replacement in [next, json!(255), json!(65_535), json!(u32::MAX), json!(-1)] {
                emit(replace(root, path, replacement));
            }
        }
        Value::String(_) => emit(replace(root, path, json!("no_such_name"))),
        Value::Bool(b) => emit(replace(root, path, json!(!b))),
        Value::Null => emit(replace(root, path, json!(0))),
    }
}

#[derive(Clone)]
enum Step {
    Key(String),
    Index(usize),
}

fn replace(root: &Value, path: &[Step], replacement: Value) -> Value {
    let mut copy = root.clone();
    let mut at = &mut copy;
    for step in path {
        let next = match step {
            Step::Key(key) => at.get_mut(key.as_str()),
            Step::Index(i) => at.get_mut(*i),
        };
        match next {
            Some(inner) => at = inner,
            None => return copy,
        }
    }
    *at = replacement;
    copy
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_difference_names_its_path() {
        let a = json!({"hands": [{"cards": [1, 2]}, {"count": 1}], "hp": 3});
        let b = json!({"hands": [{"cards": [1, 5]}, {"count": 1}], "hp": 3});
        assert_eq!(
            first_difference(&a, &b).as_deref(),
            Some("/hands/0/cards/1: 2 vs 5")
        );
        assert_eq!(first_difference(&a, &a), None);
        let c = json!({"hands": [], "hp": 3, "extra": 1});
        assert_eq!(
            first_difference(&a, &c).as_deref(),
            Some("/hands: 2 items vs 0 items")
        );
        assert_eq!(
            first_difference(&json!({"a": 1}), &json!({"a": 1, "b": 2})).as_deref(),
            Some("/b: (absent) vs 2")
        );
    }

    #[test]
    fn a_state_difference_names_the_fields_around_it() {
        // Read only through Debug.
        #[allow(dead_code)]
        #[derive(Debug)]
        struct Inner {
            secrets: Vec<u8>,
        }
        #[allow(dead_code)]
        #[derive(Debug)]
        struct State {
            turn: u8,
            inner: Inner,
        }
        let a = State {
            turn: 1,
            inner: Inner {
                secrets: vec![4, 2],
            },
        };
        let b = State {
            turn: 1,
            inner: Inner {
                secrets: vec![5, 2],
            },
        };
        let text = state_difference(&a, &b);
        assert!(
            text.contains("in State { > inner: Inner { > secrets: [: `4,` vs `5,`"),
            "{text}"
        );
    }

    #[test]
    fn mutations_replace_one_leaf_at_a_time() {
        let action = json!({"move": {"unit": 3, "to": 40}});
        let all = mutations(&action);
        assert_eq!(all.len(), 10, "five values for each of two numbers");
        assert!(all.contains(&json!({"move": {"unit": 4, "to": 40}})));
        assert!(all.contains(&json!({"move": {"unit": 3, "to": 65_535}})));
        assert_eq!(mutations(&json!("pass")), vec![json!("no_such_name")]);
    }
}
