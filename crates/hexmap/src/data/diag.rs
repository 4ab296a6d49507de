//! Collects every problem found while loading; the file's [`Source`] turns positions into line
//! and column.

use core::ops::Range;

use overlord_datafile::Source;

use crate::error::MapError;

pub(crate) struct Diagnostics<'a> {
    source: &'a Source,
    errors: Vec<MapError>,
}

impl<'a> Diagnostics<'a> {
    pub(crate) const fn new(source: &'a Source) -> Self {
        Self {
            source,
            errors: Vec::new(),
        }
    }

    pub(crate) const fn source(&self) -> &'a Source {
        self.source
    }

    /// Records a problem at byte range `span` of the text.
    pub(crate) fn at(
        &mut self,
        span: &Range<usize>,
        field: impl Into<String>,
        message: impl Into<String>,
    ) {
        self.errors.push(self.source.problem(span, field, message));
    }

    /// Records a problem found elsewhere (decoding, say).
    pub(crate) fn push(&mut self, error: MapError) {
        self.errors.push(error);
    }

    pub(crate) fn has_errors(&self) -> bool {
        !self.errors.is_empty()
    }

    pub(crate) fn into_errors(self) -> Vec<MapError> {
        self.errors
    }

    /// 1-based line of byte `offset`, for "first declared at line N" notes.
    pub(crate) fn line_of(&self, offset: usize) -> usize {
        self.source.line_of(&(offset..offset))
    }
}
