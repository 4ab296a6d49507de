//! The one problem type of the workspace's data files, the report that gathers them, and the
//! conversion from a byte offset to the line and column a person can jump to.

use serde::Serialize;
use std::fmt;

/// One problem in a data file, located for the person who will fix it.
///
/// Displayed as `file:line:column: field: message`, e.g.
/// `data/omaha/map.toml:42:11: hexside.between: 0812 and 0915 are not adjacent; ...`, a shape
/// editors and terminals turn into a link. Map files (`overlord-hexmap`), a game's own files and
/// the engine (as `DataError`) all use this type, so a message reads the same wherever it was
/// found.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct Problem {
    /// The file as the user named it.
    pub file: String,
    /// 1-based line; 0 for the file as a whole.
    pub line: usize,
    /// 1-based column in characters; 0 for the file as a whole.
    pub column: usize,
    /// Dotted path of the field at fault (`card.fire.target`); empty for TOML syntax errors.
    pub field: String,
    /// What is wrong, and what would be right.
    pub message: String,
}

impl Problem {
    /// A problem with `file` as a whole (line and column 0): it cannot be read, or a required
    /// key is missing.
    pub fn whole_file(
        file: impl Into<String>,
        field: impl Into<String>,
        message: impl Into<String>,
    ) -> Problem {
        Problem {
            file: file.into(),
            line: 0,
            column: 0,
            field: field.into(),
            message: message.into(),
        }
    }
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

impl std::error::Error for Problem {}

/// Every problem found in a game's data: what a loader returns when the data will not do.
///
/// Displayed as a count, then one problem per line. The engine knows it as `DataErrors`,
/// `overlord-hexmap` as `MapErrors`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize)]
pub struct Problems(pub Vec<Problem>);

impl Problems {
    /// The report of a single problem.
    #[must_use]
    pub fn single(problem: Problem) -> Problems {
        Problems(vec![problem])
    }

    /// Adds a problem.
    pub fn push(&mut self, problem: Problem) {
        self.0.push(problem);
    }

    /// The problems, in the order they were found.
    #[must_use]
    pub fn errors(&self) -> &[Problem] {
        &self.0
    }

    /// How many problems there are.
    #[must_use]
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Whether there are none (the data will do).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The problems, in the order they were found.
    pub fn iter(&self) -> std::slice::Iter<'_, Problem> {
        self.0.iter()
    }

    /// The problems, as a list.
    #[must_use]
    pub fn into_vec(self) -> Vec<Problem> {
        self.0
    }

    /// `Ok(value)` when there are no problems, otherwise the report: how a loader ends.
    ///
    /// # Errors
    /// `self`, when it holds any problem.
    pub fn into_result<T>(self, value: T) -> Result<T, Problems> {
        if self.0.is_empty() {
            Ok(value)
        } else {
            Err(self)
        }
    }
}

impl From<Vec<Problem>> for Problems {
    fn from(problems: Vec<Problem>) -> Problems {
        Problems(problems)
    }
}

impl Extend<Problem> for Problems {
    fn extend<I: IntoIterator<Item = Problem>>(&mut self, problems: I) {
        self.0.extend(problems);
    }
}

impl IntoIterator for Problems {
    type Item = Problem;
    type IntoIter = std::vec::IntoIter<Problem>;

    fn into_iter(self) -> Self::IntoIter {
        self.0.into_iter()
    }
}

impl<'a> IntoIterator for &'a Problems {
    type Item = &'a Problem;
    type IntoIter = std::slice::Iter<'a, Problem>;

    fn into_iter(self) -> Self::IntoIter {
        self.0.iter()
    }
}

impl fmt::Display for Problems {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} problem(s) in the data:", self.0.len())?;
        // The newline after the count is there even when no problem follows, as it always was.
        writeln!(f)?;
        for (i, problem) in self.0.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            write!(f, "{problem}")?;
        }
        Ok(())
    }
}

impl std::error::Error for Problems {}

/// Where something was written: a file, and the line and column its text starts at (0 and 0
/// for the file as a whole, or for something built in code rather than read).
///
/// Kept with a decoded entry, so a check made later, across files, can still blame the line.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Location {
    /// The file as the user named it.
    pub file: String,
    /// 1-based line; 0 for the file as a whole.
    pub line: usize,
    /// 1-based column in characters; 0 for the file as a whole.
    pub column: usize,
}

impl Location {
    /// A problem with field `field` of what was written here.
    pub fn problem(&self, field: impl Into<String>, message: impl Into<String>) -> Problem {
        Problem {
            file: self.file.clone(),
            line: self.line,
            column: self.column,
            field: field.into(),
            message: message.into(),
        }
    }
}

/// The 1-based (line, column) of byte `offset` in `text`, the column counted in characters.
///
/// Offsets past the end or inside a character clamp to something printable rather than fail:
/// a message pointing one character off is better than none.
#[must_use]
pub fn line_column(text: &str, offset: usize) -> (usize, usize) {
    let mut offset = offset.min(text.len());
    while !text.is_char_boundary(offset) {
        offset -= 1;
    }
    let before = text.get(..offset).unwrap_or_default();
    let line = before.matches('\n').count() + 1;
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    let column = before.get(line_start..).map_or(0, |s| s.chars().count()) + 1;
    (line, column)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_and_columns_count_characters_and_clamp() {
        let text = "ab\nçd\n";
        assert_eq!(line_column(text, 0), (1, 1));
        assert_eq!(line_column(text, 3), (2, 1));
        // 'ç' is two bytes: the offset of 'd' is 5, its column 2.
        assert_eq!(line_column(text, 5), (2, 2));
        // Inside 'ç': clamped back to its start.
        assert_eq!(line_column(text, 4), (2, 1));
        assert_eq!(line_column(text, 99), (3, 1));
    }

    #[test]
    fn display_is_file_line_column_field_message() {
        let problem = Problem {
            file: "cards.toml".to_owned(),
            line: 5,
            column: 10,
            field: "card.number".to_owned(),
            message: "invalid type".to_owned(),
        };
        assert_eq!(
            problem.to_string(),
            "cards.toml:5:10: card.number: invalid type"
        );
        let whole = Problem::whole_file("x.toml", "authored_by", "missing");
        assert_eq!(whole.to_string(), "x.toml:0:0: authored_by: missing");
        let report = Problems(vec![problem, whole]);
        assert_eq!(
            report.to_string(),
            "2 problem(s) in the data:\ncards.toml:5:10: card.number: invalid type\n\
             x.toml:0:0: authored_by: missing"
        );
        assert_eq!(
            Problems::default().to_string(),
            "0 problem(s) in the data:\n"
        );
        assert!(Problems::default().into_result(1).is_ok());
        assert!(report.into_result(1).is_err());
    }
}
