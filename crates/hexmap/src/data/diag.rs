//! Collects every problem found while loading, with positions turned into line and column.

use core::ops::Range;

use crate::error::MapError;

pub(crate) struct Diagnostics<'a> {
    file: &'a str,
    text: &'a str,
    errors: Vec<MapError>,
}

impl<'a> Diagnostics<'a> {
    pub(crate) const fn new(file: &'a str, text: &'a str) -> Self {
        Self {
            file,
            text,
            errors: Vec::new(),
        }
    }

    /// Records a problem at byte range `span` of the text.
    pub(crate) fn at(
        &mut self,
        span: &Range<usize>,
        field: impl Into<String>,
        message: impl Into<String>,
    ) {
        let (line, column) = self.position(span.start);
        self.errors.push(MapError {
            file: self.file.to_owned(),
            line,
            column,
            field: field.into(),
            message: message.into(),
        });
    }

    pub(crate) fn has_errors(&self) -> bool {
        !self.errors.is_empty()
    }

    pub(crate) fn into_errors(self) -> Vec<MapError> {
        self.errors
    }

    /// 1-based line of byte `offset`, for "first declared at line N" notes.
    pub(crate) fn line_of(&self, offset: usize) -> usize {
        self.position(offset).0
    }

    /// 1-based (line, column), the column counted in characters. Offsets past the end or inside
    /// a character clamp to something printable rather than failing.
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
