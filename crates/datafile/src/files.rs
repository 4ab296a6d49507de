//! Reading one game's data files, as every game crate does: a file's text, the `authored_by`
//! line every file carries, its entries with the line each starts on, and the problems found on
//! the way, gathered in one [`Report`] across files.

use crate::{Doc, Problem, Problems, Source, Spanned};
use serde::Deserialize;
use std::path::Path;

/// Where an entry was written: the file (by name) and the line its table starts on.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct At {
    pub file: &'static str,
    pub line: usize,
}

/// Entries that remember where they were written.
pub trait Located {
    fn at_mut(&mut self) -> &mut At;
}

/// Problems found across all files, each located.
#[derive(Default)]
pub struct Report {
    /// The workspace's report type, which the engine knows as `DataErrors`.
    pub problems: Problems,
    /// The folder the files were read from, to print paths the user can open.
    pub dir: String,
}

impl Report {
    /// A problem with the entry written at `at`, field `field`.
    pub fn at(&mut self, at: &At, field: impl Into<String>, message: impl Into<String>) {
        self.problems.push(Problem {
            file: format!("{}/{}", self.dir, at.file),
            line: at.line,
            column: 1,
            field: field.into(),
            message: message.into(),
        });
    }

    /// A problem with a whole file.
    pub fn file(&mut self, file: &str, field: impl Into<String>, message: impl Into<String>) {
        self.problems.push(Problem::whole_file(
            format!("{}/{}", self.dir, file),
            field,
            message,
        ));
    }
}

/// Read `dir/name`, recording a problem if it cannot be read.
pub fn source(dir: &Path, name: &str, report: &mut Report) -> Option<Source> {
    match crate::read(&dir.join(name)) {
        Ok(source) => Some(source),
        Err(problem) => {
            report.problems.push(problem);
            None
        }
    }
}

/// One file being read.
pub struct File<'a> {
    pub name: &'static str,
    source: &'a Source,
    pub doc: Doc<'a>,
}

impl<'a> File<'a> {
    /// Parse `source` (read from `name`) and check its provenance line, as every game does
    /// (ARCHITECTURE invariant 8).
    pub fn open(name: &'static str, source: &'a Source) -> File<'a> {
        let mut doc = Doc::parse(source);
        doc.authored_by();
        File { name, source, doc }
    }

    /// Every `[[key]]` entry, each told where it was written.
    pub fn entries<T: Deserialize<'a> + Located>(&mut self, key: &str) -> Vec<T> {
        let entries: Vec<Spanned<T>> = self.doc.entries(key);
        entries
            .into_iter()
            .map(|entry| {
                let line = self.source.line_of(&entry.span());
                let mut entry = entry.into_inner();
                *entry.at_mut() = At {
                    file: self.name,
                    line,
                };
                entry
            })
            .collect()
    }

    /// A single value.
    pub fn value<T: Deserialize<'a>>(&mut self, key: &str, required: bool) -> Option<T> {
        self.doc.value(key, required).map(Spanned::into_inner)
    }

    /// Finish the file, adding its problems to `report`.
    pub fn close(self, report: &mut Report) {
        report.problems.extend(self.doc.finish());
    }
}

/// Implements [`Located`] for entry types with an `at: At` field.
#[macro_export]
macro_rules! located {
    ($($t:ty),* $(,)?) => {
        $(impl $crate::files::Located for $t {
            fn at_mut(&mut self) -> &mut $crate::files::At {
                &mut self.at
            }
        })*
    };
}
