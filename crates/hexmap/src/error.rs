//! Map loading errors, shaped like compiler diagnostics so editors can jump to them.

use core::fmt;

/// One problem in a map file.
///
/// Displayed as `file:line:column: field: message`, e.g.
/// `data/omaha/map.toml:42:11: hexside.between: 0812 and 0915 are not adjacent; ...`.
/// `line` and `column` are 1-based; both are 0 when the problem has no place in the text (the
/// file could not be read, say), and the `line:column:` part is then left out. `field` is the
/// dotted key the problem is about (`hex.terrain`), empty for TOML syntax errors.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct MapError {
    pub file: String,
    pub line: usize,
    pub column: usize,
    pub field: String,
    pub message: String,
}

impl fmt::Display for MapError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:", self.file)?;
        if self.line > 0 {
            write!(f, "{}:{}:", self.line, self.column)?;
        }
        if !self.field.is_empty() {
            write!(f, " {}:", self.field)?;
        }
        write!(f, " {}", self.message)
    }
}

impl std::error::Error for MapError {}

/// Every problem found in a map file, in the order they appear in it. Never empty.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct MapErrors(Vec<MapError>);

impl MapErrors {
    /// Wraps a list of errors, sorted by position. `None` for an empty list, so a value of this
    /// type always reports at least one problem.
    #[must_use]
    pub fn new(mut errors: Vec<MapError>) -> Option<Self> {
        if errors.is_empty() {
            return None;
        }
        errors.sort_by_key(|e| (e.line, e.column));
        Some(Self(errors))
    }

    /// A single problem.
    #[must_use]
    pub fn single(error: MapError) -> Self {
        Self(vec![error])
    }

    /// The problems, in file order.
    #[must_use]
    pub fn errors(&self) -> &[MapError] {
        &self.0
    }

    /// How many problems there are.
    #[must_use]
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Always false; present because `len` is.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    pub fn iter(&self) -> core::slice::Iter<'_, MapError> {
        self.0.iter()
    }

    #[must_use]
    pub fn into_vec(self) -> Vec<MapError> {
        self.0
    }
}

impl<'a> IntoIterator for &'a MapErrors {
    type Item = &'a MapError;
    type IntoIter = core::slice::Iter<'a, MapError>;

    fn into_iter(self) -> Self::IntoIter {
        self.0.iter()
    }
}

/// One error per line.
impl fmt::Display for MapErrors {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, error) in self.0.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            write!(f, "{error}")?;
        }
        Ok(())
    }
}

impl std::error::Error for MapErrors {}
