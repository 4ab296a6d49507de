//! A game's rules reference, `data/<game>/rules.toml`: the project's own short restatement of
//! each rule the game cites, which the browser client opens from a rule id in the log or a
//! prompt. A game without one still plays; its rule ids then open nothing.
//!
//! It is read here, beside the registry's entries, so that `GameEntry::validate` checks it like
//! every other file of the game's data: before, only the server read it, on first request, so a
//! broken file passed `overlord validate` and failed in front of a player. The server reads it
//! with [`read`] too (`crates/server/src/catalog.rs`).

use crate::game::DataErrors;
use overlord_datafile::{Doc, Spanned};
use serde::{Deserialize, Serialize};
use std::path::Path;

/// The file of a game's rules reference, in its data folder.
pub const RULES_FILE: &str = "rules.toml";

/// One rule of the reference, a `[[rule]]` table.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct RuleText {
    /// The rule's id as the game's log and prompts cite it (`"5.3"`, `"T6"`).
    pub id: String,
    pub title: String,
    pub text: String,
}

/// A game's rules reference as written.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RulesReference {
    /// Who wrote the restatement (ARCHITECTURE invariant 8).
    pub authored_by: String,
    /// What the reference is and is not (not the publisher's rulebook).
    pub about: String,
    /// The rules, in the file's order.
    pub rules: Vec<RuleText>,
}

/// The rules reference in `data_dir`, or `None` when the game has none.
///
/// # Errors
/// Every problem of the file, each with its line and field: one that does not parse, a missing
/// or mistyped field, a key the format does not have, a blank `authored_by`, and rules written
/// as a lone `[rule]` table rather than a list of `[[rule]]` tables.
pub fn read(data_dir: &Path) -> Result<Option<RulesReference>, DataErrors> {
    let path = data_dir.join(RULES_FILE);
    // A folder that cannot be looked into is reported by reading the file below, not taken
    // as a game without a reference.
    if matches!(path.try_exists(), Ok(false)) {
        return Ok(None);
    }
    let source = overlord_datafile::read(&path).map_err(DataErrors::single)?;
    let mut doc = Doc::parse(&source);
    let authored_by = doc.authored_by();
    let about: Option<Spanned<String>> = doc.value("about", true);
    let rules: Vec<Spanned<RuleText>> = doc.list("rule");
    let problems = DataErrors::from(doc.finish());
    match (authored_by, about) {
        (Some(authored_by), Some(about)) if problems.is_empty() => Ok(Some(RulesReference {
            authored_by: authored_by.into_inner(),
            about: about.into_inner(),
            rules: rules.into_iter().map(Spanned::into_inner).collect(),
        })),
        // Missing fields were reported by `Doc::value`.
        _ => Err(problems),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicU32, Ordering};

    /// [`read`] of a folder whose `rules.toml` is `text`, or of one without it (`None`).
    fn read_text(text: Option<&str>) -> Result<Option<RulesReference>, DataErrors> {
        static RUN: AtomicU32 = AtomicU32::new(0);
        let dir = std::env::temp_dir().join(format!(
            "overlord-rules-reference-{}-{}",
            std::process::id(),
            RUN.fetch_add(1, Ordering::Relaxed)
        ));
        std::fs::create_dir_all(&dir).unwrap();
        if let Some(text) = text {
            std::fs::write(dir.join(RULES_FILE), text).unwrap();
        }
        let result = read(&dir);
        std::fs::remove_dir_all(&dir).unwrap();
        result
    }

    /// Each problem as `line:field`.
    fn problems_of(text: &str) -> Vec<String> {
        match read_text(Some(text)) {
            Ok(_) => Vec::new(),
            Err(problems) => problems
                .iter()
                .map(|p| format!("{}:{}", p.line, p.field))
                .collect(),
        }
    }

    const HEAD: &str = "authored_by = \"us\"\nabout = \"ours\"\n";

    #[test]
    fn a_reference_reads_its_rules_in_order() {
        let text = format!(
            "{HEAD}[[rule]]\nid = \"1\"\ntitle = \"a\"\ntext = \"x\"\n\
             [[rule]]\nid = \"2\"\ntitle = \"b\"\ntext = \"y\"\n"
        );
        let reference = read_text(Some(&text)).unwrap().unwrap();
        assert_eq!(reference.about, "ours");
        let ids: Vec<&str> = reference.rules.iter().map(|r| r.id.as_str()).collect();
        assert_eq!(ids, ["1", "2"]);
    }

    #[test]
    fn a_game_without_a_reference_has_none() {
        assert_eq!(read_text(None), Ok(None));
    }

    #[test]
    fn every_problem_is_reported_with_its_line_and_field() {
        // Each bad rule is reported, not only the first.
        let text = format!(
            "{HEAD}[[rule]]\nid = 1\ntitle = \"a\"\ntext = \"x\"\n\
             [[rule]]\nid = \"2\"\ntitle = \"b\"\ntext = \"y\"\ncolour = \"red\"\n"
        );
        assert_eq!(problems_of(&text), ["4:rule.id", "11:rule.colour"]);
        assert_eq!(
            problems_of(&format!("{HEAD}[[rule]]\nid = \"1\"\ntitle = \"a\"\n")),
            ["3:rule"]
        );
        assert_eq!(problems_of(&format!("{HEAD}[[rule]\n")), ["3:"]);
        assert_eq!(problems_of(&format!("{HEAD}extra = 1\n")), ["3:extra"]);
        assert_eq!(
            problems_of("authored_by = \" \"\n[[rule]]\nid = \"1\"\ntitle = \"a\"\ntext = \"x\"\n"),
            ["1:authored_by", "0:about"]
        );
        // Rules are a list of `[[rule]]` tables: a lone `[rule]` is a mistake, not one rule.
        assert_eq!(
            problems_of(&format!(
                "{HEAD}[rule]\nid = \"1\"\ntitle = \"a\"\ntext = \"x\"\n"
            )),
            ["3:rule"]
        );
    }
}
