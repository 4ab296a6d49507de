//! One parsed file, read key by key and entry by entry.

use crate::problem::Problem;
use crate::source::Source;
use serde::Deserialize;
use serde_spanned::Spanned;
use std::ops::Range;
use toml::de::{DeTable, DeValue, ValueDeserializer};

/// What a file whose `authored_by` is blank is told (ARCHITECTURE invariant 8).
pub const AUTHORED_BY_BLANK: &str = "say who authored this data (ours: \"Overlord project\"; never the publisher's name for our own work)";

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
        let (root, syntax_errors) = DeTable::parse_recoverable(source.text());
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

    /// The file being read.
    pub fn source(&self) -> &'a Source {
        self.source
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

    /// Record a problem found in another file this one names (a map a scenario places, say),
    /// so the reader of this file hands over every problem at once.
    pub fn push(&mut self, problem: Problem) {
        self.problems.push(problem);
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

    /// The `authored_by = "..."` line every data file carries (ARCHITECTURE invariant 8: our
    /// data says it is ours, and a publisher's file put in its place says whose it is). Missing
    /// or blank is a problem; the text itself is not judged, so any file can be replaced by the
    /// real one.
    pub fn authored_by(&mut self) -> Option<Spanned<String>> {
        let authored: Option<Spanned<String>> = self.value("authored_by", true);
        if let Some(authored) = &authored
            && authored.get_ref().trim().is_empty()
        {
            self.problem(&authored.span(), "authored_by", AUTHORED_BY_BLANK);
        }
        authored
    }

    /// Every `[[key]]` entry, each decoded on its own; an absent key is an empty list.
    pub fn entries<T: Deserialize<'a>>(&mut self, key: &str) -> Vec<Spanned<T>> {
        self.entries_of(key, true)
    }

    /// Every `[[key]]` entry, each decoded on its own, where a lone `[key]` table is a problem
    /// rather than one entry: for files that another reader decodes whole into a list, which
    /// refuses a table, so that a file passing here passes there too. An absent key is an
    /// empty list.
    pub fn list<T: Deserialize<'a>>(&mut self, key: &str) -> Vec<Spanned<T>> {
        self.entries_of(key, false)
    }

    fn entries_of<T: Deserialize<'a>>(&mut self, key: &str, lone_table: bool) -> Vec<Spanned<T>> {
        let Some(value) = self.take(key) else {
            return Vec::new();
        };
        let span = value.span();
        match value.into_inner() {
            DeValue::Array(items) => items
                .into_iter()
                .filter_map(|item| self.decode(item, key))
                .collect(),
            table @ DeValue::Table(_) if lone_table => self
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

    fn decode<T: Deserialize<'a>>(
        &mut self,
        value: Spanned<DeValue<'a>>,
        field: &str,
    ) -> Option<Spanned<T>> {
        decode(self.source, value, field)
            .map_err(|problem| self.problems.push(problem))
            .ok()
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

/// Decode one value of `source` found under `field`, or say what is wrong with it, blaming the
/// innermost key that holds the fault (`hex.level`, not `hex`).
///
/// For readers that walk the span-preserving [`DeTable`] themselves, as map files do.
///
/// # Errors
/// The decoding error, located in `source`.
pub fn decode<'a, T: Deserialize<'a>>(
    source: &Source,
    value: Spanned<DeValue<'a>>,
    field: &str,
) -> Result<Spanned<T>, Problem> {
    let whole = value.span();
    let keys: Vec<(String, Range<usize>, Range<usize>)> = match value.get_ref() {
        DeValue::Table(table) => table
            .iter()
            .map(|(k, v)| (k.get_ref().to_string(), k.span(), v.span()))
            .collect(),
        _ => Vec::new(),
    };
    match T::deserialize(ValueDeserializer::from(value)) {
        Ok(decoded) => Ok(Spanned::new(whole, decoded)),
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
            Err(source.problem(&span, field, error.message().to_owned()))
        }
    }
}
