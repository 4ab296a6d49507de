//! Normandy '44 (two players, one d6 and a combat results table;
//! `../shared/rules/normandy-44.md`).
//!
//! The components are authored by the Overlord project from the history and geography of
//! June 1944; they are not the publisher's.

pub mod data;
pub mod state;
pub mod tables;
pub mod zoc;
