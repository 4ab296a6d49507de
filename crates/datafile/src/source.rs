//! A file's name and text, kept after parsing so byte spans can become lines and columns.

use crate::problem::{Location, Problem, line_column};
use std::ops::Range;
use std::path::Path;

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
        let (line, column) = line_column(&self.text, span.start);
        Location {
            file: self.file.clone(),
            line,
            column,
        }
    }

    /// The 1-based line where byte range `span` starts.
    pub fn line_of(&self, span: &Range<usize>) -> usize {
        line_column(&self.text, span.start).0
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
