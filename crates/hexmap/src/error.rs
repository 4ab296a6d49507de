//! Map loading errors: the workspace's one problem type, shaped like compiler diagnostics so
//! editors can jump to them.
//!
//! A map problem is an [`overlord_datafile::Problem`], displayed as
//! `file:line:column: field: message`, e.g.
//! `data/omaha/map.toml:42:11: hexside.between: 0812 and 0915 are not adjacent; ...`; `line` and
//! `column` are 1-based, both 0 when the problem has no place in the text (the file could not be
//! read, say). `field` is the dotted key the problem is about (`hex.terrain`), empty for TOML
//! syntax errors. The names below are the ones this crate has always used.

/// One problem in a map file (the workspace's [`overlord_datafile::Problem`]).
pub use overlord_datafile::Problem as MapError;
/// Every problem found in a map file, in the order they appear in it; a map loader never
/// returns an empty one (the workspace's [`overlord_datafile::Problems`]).
pub use overlord_datafile::Problems as MapErrors;

/// The problems of a failed load, sorted by place in the file. A failed build always records
/// why; the fallback only keeps an empty list from reading as success.
pub(crate) fn sorted(mut list: Vec<MapError>, file_name: &str) -> MapErrors {
    if list.is_empty() {
        list.push(MapError::whole_file(
            file_name,
            "",
            "the map could not be built",
        ));
    }
    list.sort_by_key(|e| (e.line, e.column));
    MapErrors(list)
}
