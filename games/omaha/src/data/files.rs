//! Reading one data file: the workspace's shared reader, [`overlord_datafile::files`].

pub use overlord_datafile::files::{At, File, Located, Report, source};
pub(crate) use overlord_datafile::located;
