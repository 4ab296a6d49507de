//! Every rule id of rules 2-23 is cited by a test (DESIGN.md "Testing shape"): the ids of
//! `docs/omaha/rule-ids.txt` (derived from the spec, see its header) must each appear in the
//! test code, in a test's name or in a comment of a test that checks the rule.
//!
//! The test code searched is: `games/omaha/src/acceptance/*.rs`, `games/omaha/tests/*.rs`,
//! `crates/cli/tests/*.rs`, and the part of every other source file of `games/omaha/src` from
//! its first `#[cfg(test)]` on. A numeric id is cited when it appears with dots or with
//! underscores in their place (as in a test name), not run into other digits (nor into a
//! leading dot or underscore); a lettered id when it appears as a whole word, as written or in
//! lower case with underscores. The search reads only files of this repository. The id list's
//! reader and the search are the engine's (`overlord_engine::testing::{read_rule_ids,
//! uncited}`), tested there on made-up ids.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use overlord_engine::testing::{read_rule_ids, rust_sources, uncited};
use std::fs;
use std::path::{Path, PathBuf};

/// The repository root (this crate lives at `games/omaha`).
fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn read(path: &Path) -> String {
    fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The test code of the repository, as one text.
fn test_code() -> String {
    let root = root();
    let src = root.join("games/omaha/src");
    let mut parts = Vec::new();
    for path in rust_sources(&src, true).unwrap() {
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
        for path in rust_sources(&dir, false).unwrap() {
            parts.push(read(&path));
        }
    }
    parts.join("\n")
}

#[test]
fn every_rule_id_is_cited_by_a_test() {
    let ids = read_rule_ids(&root().join("docs/omaha/rule-ids.txt")).unwrap();
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
    let missing = uncited(&ids, &test_code());
    assert!(
        missing.is_empty(),
        "{} rule id(s) of docs/omaha/rule-ids.txt are cited by no test: {}\n\
         Name each in the name of a test that checks it (dots as underscores) or in a comment of \
         that test.",
        missing.len(),
        missing.join(" ")
    );
}
