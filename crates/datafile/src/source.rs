//! A file's name and text, kept after parsing so byte spans can become lines and columns.

use crate::problem::{Location, Problem, line_column};
use std::ops::Range;
use std::path::Path;

/// A file's name and text, to turn byte spans into lines and columns after parsing.
#[derive(Clone, Debug, Default)]
pub struct Source {
    file: String,
    text: String,
    /// The byte offset of each line's start, made on first use: a loader asks the line of
    /// hundreds of records, and counting newlines from the top each time made loading quadratic.
    line_starts: std::sync::OnceLock<Vec<usize>>,
}

impl Source {
    /// `text` read from `file`.
    pub fn new(file: impl Into<String>, text: impl Into<String>) -> Source {
        Source {
            file: file.into(),
            text: text.into(),
            line_starts: std::sync::OnceLock::new(),
        }
    }

    /// The file's name.
    pub fn file(&self) -> &str {
        &self.file
    }

    /// The file's text.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// A problem at byte range `span`.
    pub fn problem(
        &self,
        span: &Range<usize>,
        field: impl Into<String>,
        message: impl Into<String>,
    ) -> Problem {
        self.location(span).problem(field, message)
    }

    /// Where byte range `span` starts, to blame it later.
    pub fn location(&self, span: &Range<usize>) -> Location {
        let (line, column) = self.line_column(span.start);
        Location {
            file: self.file.clone(),
            line,
            column,
        }
    }

    /// The 1-based line where byte range `span` starts.
    pub fn line_of(&self, span: &Range<usize>) -> usize {
        self.line_column(span.start).0
    }

    /// [`line_column`] of byte `offset`, found from the table of line starts.
    fn line_column(&self, offset: usize) -> (usize, usize) {
        let starts = self.line_starts.get_or_init(|| {
            std::iter::once(0)
                .chain(self.text.match_indices('\n').map(|(i, _)| i + 1))
                .collect()
        });
        let line = starts.partition_point(|&start| start <= offset).max(1);
        let start = starts.get(line - 1).copied().unwrap_or(0);
        let (_, column) = line_column(self.text.get(start..).unwrap_or_default(), offset - start);
        (line, column)
    }

    /// A problem with the file as a whole.
    pub fn whole_file(&self, field: impl Into<String>, message: impl Into<String>) -> Problem {
        Problem::whole_file(self.file.clone(), field, message)
    }
}

/// Read `path` into a [`Source`], or say why not.
///
/// # Errors
/// A whole-file problem (empty field) when the file cannot be read as UTF-8 text.
pub fn read(path: &Path) -> Result<Source, Problem> {
    let file = path.display().to_string();
    std::fs::read_to_string(path)
        .map(|text| Source::new(file.clone(), text))
        .map_err(|error| Problem::whole_file(file, "", format!("cannot read the file: {error}")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_from_the_table_match_counting_from_the_top() {
        let text = "a = 1\n\nçà = \"x\"\r\nlast";
        let source = Source::new("f.toml", text);
        for offset in 0..text.len() + 3 {
            let location = source.location(&(offset..offset));
            assert_eq!(
                (location.line, location.column),
                line_column(text, offset),
                "offset {offset}"
            );
        }
    }
}
