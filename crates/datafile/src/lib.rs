//! The bottom crate of the workspace's data handling: reading hand-written TOML data files
//! (maps, counters, cards, scenarios) so that a person who mistyped one learns every problem at
//! once, each with file, line, column and field.
//!
//! - [`Problem`] is the one problem type of the workspace (`file:line:column: field: message`):
//!   `overlord-hexmap` reports map problems with it and the engine knows it as `DataError`.
//!   [`Problems`] is the report a loader returns (the engine's `DataErrors`).
//! - [`line_column`] turns a byte offset into the line and column a person can jump to; it is
//!   written here once.
//! - `toml::from_str` stops at the first error and forgets where values came from. A [`Doc`]
//!   parses the span-preserving `DeTable` instead, decodes each top-level key and each
//!   `[[entry]]` on its own (one bad card does not hide the next), and keeps [`Spanned`] values
//!   so checks made later, across files, can still point at the line to fix through a
//!   [`Source`] or a [`Location`].
//! - [`files`] is how a game crate reads its folder with these: a [`files::File`] per file, its
//!   `[[entries]]` told where they were written ([`files::At`], [`located!`]), every problem
//!   gathered in one [`files::Report`].
//! - [`Doc::authored_by`] is the provenance check every data file passes (ARCHITECTURE
//!   invariant 8).

mod doc;
pub mod files;
mod problem;
mod source;

pub use doc::{AUTHORED_BY_BLANK, Doc, decode};
pub use problem::{Location, Problem, Problems, line_column};
pub use serde_spanned::Spanned;
pub use source::{Source, read};

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Deserialize;

    #[derive(Deserialize)]
    #[serde(deny_unknown_fields)]
    struct Card {
        number: u8,
        #[allow(dead_code)]
        title: Option<String>,
    }

    #[test]
    fn every_bad_entry_is_reported_with_its_line_and_field() {
        let source = Source::new(
            "cards.toml",
            "authored_by = \"us\"\n[[card]]\nnumber = 1\n[[card]]\nnumber = \"two\"\n[[card]]\nnumbr = 3\n",
        );
        let mut doc = Doc::parse(&source);
        let by: Option<Spanned<String>> = doc.value("authored_by", true);
        assert_eq!(by.map(|b| b.into_inner()), Some("us".to_owned()));
        let cards: Vec<Spanned<Card>> = doc.entries("card");
        assert_eq!(cards.len(), 1);
        assert_eq!(cards[0].get_ref().number, 1);
        let problems = doc.finish();
        assert_eq!(problems.len(), 2, "{problems:?}");
        assert_eq!(
            (problems[0].line, problems[0].field.as_str()),
            (5, "card.number")
        );
        assert_eq!(problems[1].line, 7);
        assert!(problems[1].message.contains("numbr"), "{}", problems[1]);
    }

    #[test]
    fn a_list_refuses_a_lone_table_that_entries_takes_as_one_entry() {
        let text = "authored_by = \"us\"\n[card]\nnumber = 1\n";
        let source = Source::new("cards.toml", text);
        let mut doc = Doc::parse(&source);
        assert_eq!(doc.entries::<Card>("card").len(), 1);
        assert!(doc.finish().iter().all(|p| p.field == "authored_by"));

        let mut doc = Doc::parse(&source);
        assert!(doc.list::<Card>("card").is_empty());
        let problems = doc.finish();
        let problem = problems.iter().find(|p| p.field == "card");
        let problem = problem.unwrap_or_else(|| panic!("{problems:?}"));
        assert_eq!(problem.line, 2, "{problem}");
        assert!(problem.message.contains("[[card]]"), "{problem}");

        let source = Source::new("cards.toml", "[[card]]\nnumber = 1\n[[card]]\nnumber = 2\n");
        let mut doc = Doc::parse(&source);
        assert_eq!(doc.list::<Card>("card").len(), 2);
    }

    #[test]
    fn syntax_errors_and_missing_and_unknown_keys_are_reported() {
        let source = Source::new("x.toml", "a = = 1\n");
        let mut doc = Doc::parse(&source);
        let missing: Option<Spanned<String>> = doc.value("authored_by", true);
        assert!(missing.is_none());
        let problems = doc.finish();
        assert!(
            !problems.is_empty() && problems.iter().all(|p| p.field.is_empty()),
            "syntax errors only: {problems:?}"
        );
        assert_eq!(problems[0].line, 1);

        let source = Source::new("y.toml", "colour = \"red\"\n");
        let mut doc = Doc::parse(&source);
        let _: Option<Spanned<String>> = doc.value("authored_by", true);
        let problems = doc.finish();
        assert_eq!(problems.len(), 2);
        assert!(
            problems
                .iter()
                .any(|p| p.field == "authored_by" && p.line == 0)
        );
        assert!(problems.iter().any(|p| p.field == "colour" && p.line == 1));
    }

    #[test]
    fn authored_by_must_be_there_and_not_blank() {
        let source = Source::new("a.toml", "authored_by = \"  \"\n");
        let mut doc = Doc::parse(&source);
        assert!(doc.authored_by().is_some());
        let problems = doc.finish();
        assert_eq!(problems.len(), 1);
        assert_eq!(
            problems[0].to_string(),
            format!("a.toml:1:15: authored_by: {AUTHORED_BY_BLANK}")
        );

        let source = Source::new("b.toml", "");
        let mut doc = Doc::parse(&source);
        assert!(doc.authored_by().is_none());
        let problems = doc.finish();
        assert_eq!(
            problems[0].to_string(),
            "b.toml:0:0: authored_by: missing `authored_by`; see docs for the format"
        );

        let source = Source::new("c.toml", "authored_by = \"Overlord project\"\n");
        let mut doc = Doc::parse(&source);
        let by = doc.authored_by().map(Spanned::into_inner);
        assert_eq!(by.as_deref(), Some("Overlord project"));
        assert!(doc.finish().is_empty());
    }
}
