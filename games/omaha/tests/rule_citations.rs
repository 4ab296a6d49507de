//! Every rule id of rules 2-23 is cited by a test (DESIGN.md "Testing shape"): the ids of
//! `docs/omaha/rule-ids.txt` (derived from the spec, see its header) must each appear in the
//! test code, in a test's name or in a comment of a test that checks the rule.
//!
//! The test code searched is: `games/omaha/src/acceptance/*.rs`, `games/omaha/tests/*.rs`,
//! `crates/cli/tests/*.rs`, and the part of every other source file of `games/omaha/src` from
//! its first `#[cfg(test)]` on. A numeric id is cited when it appears with dots or with
//! underscores in their place (as in a test name), not run into other digits (nor into a
//! leading dot or underscore); a lettered id when it appears as a whole word, as written or in
//! lower case with underscores. The search reads only files of this repository.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::fs;
use std::path::{Path, PathBuf};

/// The repository root (this crate lives at `games/omaha`).
fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The `.rs` files under `dir`, recursively or not, sorted.
fn rust_files(dir: &Path, recursive: bool) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let Ok(entries) = fs::read_dir(dir) else {
        return out;
    };
    for entry in entries {
        let path = entry.expect("a directory entry").path();
        if path.is_dir() {
            if recursive {
                out.extend(rust_files(&path, true));
            }
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
    out.sort();
    out
}

fn read(path: &Path) -> String {
    fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The test code of the repository, as one text.
fn test_code() -> String {
    let root = root();
    let src = root.join("games/omaha/src");
    let mut parts = Vec::new();
    for path in rust_files(&src, true) {
        let text = read(&path);
        let relative = path.strip_prefix(&src).expect("under src");
        let whole = relative
            .components()
            .any(|c| c.as_os_str() == "acceptance" || c.as_os_str() == "tests");
        if whole {
            parts.push(text);
        } else if let Some(at) = text.find("#[cfg(test)]") {
            parts.push(text[at..].to_owned());
        }
    }
    for dir in ["games/omaha/tests", "crates/cli/tests"] {
        let dir = root.join(dir);
        assert!(dir.is_dir(), "{} is missing", dir.display());
        for path in rust_files(&dir, false) {
            parts.push(read(&path));
        }
    }
    parts.join("\n")
}

/// Whether `needle` occurs in `text` with neither a character before it that `bad_before`
/// accepts nor one after it that `bad_after` accepts (every occurrence is tried).
fn occurs(
    text: &str,
    needle: &str,
    bad_before: impl Fn(char) -> bool,
    bad_after: impl Fn(char) -> bool,
) -> bool {
    let mut from = 0;
    while let Some(pos) = text[from..].find(needle) {
        let at = from + pos;
        let before = text[..at].chars().next_back();
        let after = text[at + needle.len()..].chars().next();
        if !before.is_some_and(&bad_before) && !after.is_some_and(&bad_after) {
            return true;
        }
        from = at + needle.chars().next().map_or(1, char::len_utf8);
    }
    false
}

/// Whether the test code cites rule `id`.
fn cited(code: &str, id: &str) -> bool {
    let digit = |c: char| c.is_ascii_digit();
    if id.starts_with(|c: char| c.is_ascii_digit()) {
        occurs(code, id, |c| digit(c) || c == '.', digit)
            || occurs(code, &id.replace('.', "_"), |c| digit(c) || c == '_', digit)
    } else {
        let word = |c: char| c.is_alphanumeric() || c == '_';
        occurs(code, id, word, word)
            || occurs(code, &id.replace('-', "_").to_lowercase(), word, word)
    }
}

/// The ids of `docs/omaha/rule-ids.txt`.
fn rule_ids() -> Vec<String> {
    let path = root().join("docs/omaha/rule-ids.txt");
    read(&path)
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(str::to_owned)
        .collect()
}

#[test]
fn every_rule_id_is_cited_by_a_test() {
    let ids = rule_ids();
    assert!(
        ids.len() > 100,
        "docs/omaha/rule-ids.txt lists only {} ids",
        ids.len()
    );
    for id in &ids {
        let numeric = id.chars().all(|c| c.is_ascii_digit() || c == '.');
        let lettered = id.contains('-')
            && id
                .chars()
                .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == '-');
        assert!(
            numeric || lettered,
            "`{id}` in docs/omaha/rule-ids.txt is not a rule id"
        );
    }
    let code = test_code();
    let missing: Vec<&str> = ids
        .iter()
        .filter(|id| !cited(&code, id))
        .map(String::as_str)
        .collect();
    assert!(
        missing.is_empty(),
        "{} rule id(s) of docs/omaha/rule-ids.txt are cited by no test: {}\n\
         Name each in the name of a test that checks it (dots as underscores) or in a comment of \
         that test.",
        missing.len(),
        missing.join(" ")
    );
}

/// The search on made-up ids (no rule has them, so this file cites nothing).
#[test]
fn the_citation_search_matches_whole_ids() {
    for text in ["fn r98_76_hit_limit() {}", "// rule 98.76: the hit limit"] {
        assert!(cited(text, "98.76"), "{text}");
    }
    // Run into other digits, or after a dot or an underscore (write `r98_76`, not `t_98_76`).
    for text in ["// 98.761", "// 198.76", "// 98.7", "fn t_98_76() {}"] {
        assert!(!cited(text, "98.76"), "{text}");
    }
    assert!(cited("/// XY-07: as the spec says", "XY-07"));
    assert!(cited("fn xy_07() {}", "XY-07"));
    assert!(!cited("fn xy_07_more() {}", "XY-07"));
    assert!(!cited("// XY-070", "XY-07"));
}
