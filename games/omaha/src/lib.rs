//! D-Day at Omaha Beach (solitaire, card-driven; `../shared/rules/omaha-beach.md`).
//!
//! This crate holds the game's components, loaded and checked from `data/omaha/` ([`data`]),
//! and draws its map ([`picture`]). The rules arrive with the next issue; until then the game is
//! registered as data only.
//!
//! The components are authored by the Overlord project from the history and geography of
//! 6 June 1944; they are not the publisher's.

pub mod data;
pub mod picture;

pub use data::OmahaData;
use overlord_engine::GameInfo;

/// What the game says about itself.
pub fn info() -> GameInfo {
    GameInfo {
        id: "omaha",
        name: "D-Day at Omaha Beach",
        rules_version: "0",
        min_seats: 1,
        max_seats: 2,
    }
}
