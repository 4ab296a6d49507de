//! Rule ids in test code: a game's list of ids, and whether its tests cite each one
//! (DESIGN.md, "Testing shape": each rule id is cited by at least one test).

use std::fs;
use std::path::{Path, PathBuf};

/// The rule ids listed in `path`: one a line, blank lines and lines starting with `#` skipped.
pub fn read_rule_ids(path: &Path) -> Result<Vec<String>, String> {
    let text = fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let mut ids = Vec::new();
    for (number, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        if line.contains(char::is_whitespace) {
            return Err(format!(
                "{}:{}: `{line}` is not one rule id (one a line)",
                path.display(),
                number + 1
            ));
        }
        ids.push(line.to_owned());
    }
    Ok(ids)
}

/// The rule ids of `rule_ids` (a file [`read_rule_ids`] reads) that the rules reference of
/// the game's data folder `data_dir` (`rules.toml`, which the browser opens a rule id from)
/// gives no text for, in the file's order; an error for a folder without a reference, or an
/// entry with empty text.
pub fn rules_without_text(data_dir: &Path, rule_ids: &Path) -> Result<Vec<String>, String> {
    let ids = read_rule_ids(rule_ids)?;
    let reference = crate::rules_reference::read(data_dir)
        .map_err(|e| e.to_string())?
        .ok_or_else(|| format!("{}: no rules.toml", data_dir.display()))?;
    if let Some(empty) = reference.rules.iter().find(|r| r.text.trim().is_empty()) {
        return Err(format!(
            "{}: rule {} has no text",
            data_dir.display(),
            empty.id
        ));
    }
    let known: std::collections::BTreeSet<&str> =
        reference.rules.iter().map(|r| r.id.as_str()).collect();
    Ok(ids
        .into_iter()
        .filter(|id| !known.contains(id.as_str()))
        .collect())
}

/// The `.rs` files under `dir` (in its subfolders too when `recursive`), sorted.
pub fn rust_sources(dir: &Path, recursive: bool) -> Result<Vec<PathBuf>, String> {
    let mut out = Vec::new();
    let entries = fs::read_dir(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    for entry in entries {
        let path = entry.map_err(|e| format!("{}: {e}", dir.display()))?.path();
        if path.is_dir() {
            if recursive {
                out.extend(rust_sources(&path, true)?);
            }
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
    out.sort();
    Ok(out)
}

/// Whether `code` cites rule `id`. A numeric id (`6.31`) is cited where it appears with dots,
/// or with underscores in their place as in a test name (`r6_31_...`), not run into other
/// digits nor after a dot or an underscore (`t_6_31` does not cite it: write `r6_31`). A
/// lettered id (`TOI-COMBAT-LOS`) is cited where it appears as a whole word, as written or in
/// lower case with underscores (`toi_combat_los`).
pub fn cited(code: &str, id: &str) -> bool {
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

/// The ids of `ids` that `code` does not cite ([`cited`]), in list order.
pub fn uncited<'a>(ids: &'a [String], code: &str) -> Vec<&'a str> {
    ids.iter()
        .filter(|id| !cited(code, id))
        .map(String::as_str)
        .collect()
}

/// Whether `needle` occurs in `text` with neither a character before it that `bad_before`
/// accepts nor one after it that `bad_after` accepts (every occurrence is tried).
fn occurs(
    text: &str,
    needle: &str,
    bad_before: impl Fn(char) -> bool,
    bad_after: impl Fn(char) -> bool,
) -> bool {
    if needle.is_empty() {
        return false;
    }
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

#[cfg(test)]
mod tests {
    use super::*;

    /// The search on made-up ids (no game has them).
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
        let ids = vec!["98.76".to_owned(), "XY-07".to_owned()];
        assert_eq!(uncited(&ids, "fn r98_76() {}"), ["XY-07"]);
    }
}
