//! Reading the hand-written TOML data files of a game (counters, cards, scenarios) so that a
//! person who mistyped one learns every problem at once, each with file, line, column and field.
//!
//! `toml::from_str` stops at the first error and forgets where values came from. A [`Doc`]
//! parses the span-preserving `DeTable` instead, decodes each top-level key and each `[[entry]]`
//! on its own (one bad card does not hide the next), and keeps [`Spanned`] values so checks made
//! later, across files, can still point at the line to fix through a [`Source`].

use serde::Deserialize;
pub use serde_spanned::Spanned;
use std::fmt;
use std::ops::Range;
use std::path::Path;
use toml::de::{DeTable, DeValue, ValueDeserializer};

/// One problem in a data file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    /// The file as the user named it.
    pub file: String,
    /// 1-based line; 0 for the file as a whole.
    pub line: usize,
    /// 1-based column in characters; 0 for the file as a whole.
    pub column: usize,
    /// Dotted path of the field at fault (`card.fire.target`).
    pub field: String,
    /// What is wrong, and what would be right.
    pub message: String,
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}:{}:{}: {}: {}",
            self.file, self.line, self.column, self.field, self.message
        )
    }
}

/// A file's name and text, to turn byte spans into lines and columns after parsing.
#[derive(Clone, Debug, Default)]
pub struct Source {
    file: String,
    text: String,
}

impl Source {
    /// `text` read from `file`.
    pub fn new(file: impl Into<String>, text: impl Into<String>) -> Source {
        Source {
            file: file.into(),
            text: text.into(),
        }
    }

    /// The file's name.
    pub fn file(&self) -> &str {
        &self.file
    }

    /// A problem at byte range `span`.
    pub fn problem(
        &self,
        span: &Range<usize>,
        field: impl Into<String>,
        message: impl Into<String>,
    ) -> Problem {
        let (line, column) = self.position(span.start);
        Problem {
            file: self.file.clone(),
            line,
            column,
            field: field.into(),
            message: message.into(),
        }
    }

    /// The 1-based line where byte range `span` starts.
    pub fn line_of(&self, span: &Range<usize>) -> usize {
        self.position(span.start).0
    }

    /// A problem with the file as a whole.
    pub fn whole_file(&self, field: impl Into<String>, message: impl Into<String>) -> Problem {
        Problem {
            file: self.file.clone(),
            line: 0,
            column: 0,
            field: field.into(),
            message: message.into(),
        }
    }

    /// 1-based (line, column in characters); offsets past the end or inside a character clamp.
    fn position(&self, offset: usize) -> (usize, usize) {
        let mut offset = offset.min(self.text.len());
        while !self.text.is_char_boundary(offset) {
            offset -= 1;
        }
        let before = self.text.get(..offset).unwrap_or_default();
        let line = before.matches('\n').count() + 1;
        let line_start = before.rfind('\n').map_or(0, |i| i + 1);
        let column = before.get(line_start..).map_or(0, |s| s.chars().count()) + 1;
        (line, column)
    }
}

/// Read `path` into a [`Source`], or say why not.
pub fn read(path: &Path) -> Result<Source, Problem> {
    let file = path.display().to_string();
    std::fs::read_to_string(path)
        .map(|text| Source::new(file.clone(), text))
        .map_err(|error| Problem {
            file,
            line: 0,
            column: 0,
            field: String::new(),
            message: format!("cannot read the file: {error}"),
        })
}

/// One parsed file, consumed key by key.
pub struct Doc<'a> {
    source: &'a Source,
    root: Vec<(String, Range<usize>, Spanned<DeValue<'a>>)>,
    problems: Vec<Problem>,
}

impl<'a> Doc<'a> {
    /// Parse `source`. Syntax errors are recorded and leave the document empty: anything
    /// decoded from a half-parsed file would only add noise.
    pub fn parse(source: &'a Source) -> Doc<'a> {
        let (root, syntax_errors) = DeTable::parse_recoverable(&source.text);
        let mut doc = Doc {
            source,
            root: Vec::new(),
            problems: Vec::new(),
        };
        if !syntax_errors.is_empty() {
            for error in &syntax_errors {
                let span = error.span().unwrap_or(0..0);
                doc.problems
                    .push(source.problem(&span, "", error.message().to_owned()));
            }
            return doc;
        }
        doc.root = root
            .into_inner()
            .into_iter()
            .map(|(key, value)| (key.get_ref().to_string(), key.span(), value))
            .collect();
        doc.root.sort_by_key(|(_, span, _)| span.start);
        doc
    }

    /// Whether the file parsed.
    pub fn parsed(&self) -> bool {
        self.problems.is_empty() || !self.root.is_empty()
    }

    /// Record a problem at `span`.
    pub fn problem(&mut self, span: &Range<usize>, field: &str, message: impl Into<String>) {
        self.problems
            .push(self.source.problem(span, field, message));
    }

    fn take(&mut self, key: &str) -> Option<Spanned<DeValue<'a>>> {
        let index = self.root.iter().position(|(k, _, _)| k == key)?;
        Some(self.root.remove(index).2)
    }

    /// The value of top-level `key`, decoded; a missing key is reported when `required`.
    pub fn value<T: Deserialize<'a>>(&mut self, key: &str, required: bool) -> Option<Spanned<T>> {
        match self.take(key) {
            Some(value) => self.decode(value, key),
            None => {
                if required && self.parsed() {
                    let problem = self
                        .source
                        .whole_file(key, format!("missing `{key}`; see docs for the format"));
                    self.problems.push(problem);
                }
                None
            }
        }
    }

    /// Every `[[key]]` entry, each decoded on its own; an absent key is an empty list.
    pub fn entries<T: Deserialize<'a>>(&mut self, key: &str) -> Vec<Spanned<T>> {
        let Some(value) = self.take(key) else {
            return Vec::new();
        };
        let span = value.span();
        match value.into_inner() {
            DeValue::Array(items) => items
                .into_iter()
                .filter_map(|item| self.decode(item, key))
                .collect(),
            table @ DeValue::Table(_) => self
                .decode(Spanned::new(span, table), key)
                .into_iter()
                .collect(),
            other => {
                let message = format!(
                    "expected a list of tables, like [[{key}]], found {}",
                    other.type_str()
                );
                self.problem(&span, key, message);
                Vec::new()
            }
        }
    }

    /// Decode one value, blaming the innermost key that holds the fault.
    fn decode<T: Deserialize<'a>>(
        &mut self,
        value: Spanned<DeValue<'a>>,
        field: &str,
    ) -> Option<Spanned<T>> {
        let whole = value.span();
        let keys: Vec<(String, Range<usize>, Range<usize>)> = match value.get_ref() {
            DeValue::Table(table) => table
                .iter()
                .map(|(k, v)| (k.get_ref().to_string(), k.span(), v.span()))
                .collect(),
            _ => Vec::new(),
        };
        match T::deserialize(ValueDeserializer::from(value)) {
            Ok(decoded) => Some(Spanned::new(whole, decoded)),
            Err(error) => {
                let span = error.span().unwrap_or(whole);
                let inside = |r: &Range<usize>| r.start <= span.start && span.start < r.end;
                let field = keys
                    .iter()
                    .find(|(_, key, value)| inside(key) || inside(value))
                    .map_or_else(
                        || field.to_owned(),
                        |(name, _, _)| format!("{field}.{name}"),
                    );
                self.problem(&span, &field, error.message().to_owned());
                None
            }
        }
    }

    /// Report keys nobody asked for, then hand over every problem found.
    pub fn finish(mut self) -> Vec<Problem> {
        let leftover: Vec<_> = self.root.drain(..).collect();
        for (key, span, _) in leftover {
            self.problem(
                &span,
                &key,
                "unknown key; see the data format documentation",
            );
        }
        self.problems
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
}
