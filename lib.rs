//! check copy
pub mod control;
pub mod data;
pub mod index;
pub mod setup;
pub mod state;
pub mod picture;
pub mod victory;

pub use data::OmahaData;
