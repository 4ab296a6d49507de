//! Normandy '44 (two players, one d6 and a combat results table;
//! `../shared/rules/normandy-44.md`).
//!
//! The components are loaded and checked from `data/normandy44/` ([`data`]); the state
//! ([`state`]) is small and flat. The tables of the spec's section 2 are pure functions in
//! [`tables`]. [`game`] puts them under the engine's contract; [`picture`] draws the map.
//!
//! # Layers
//!
//! Imports run one way, down, as in every game crate (docs/ARCHITECTURE.md):
//!
//! 1. **Components and state.** [`tables`], [`data`] (the components as loaded and checked,
//!    with the map's dense per-hex arrays), [`state`].
//! 2. **Questions many chapters ask.** (zones of control and bonds, supply.)
//! 3. **The rules chapters**, one module per chapter of the rules.
//! 4. **The game's faces.** [`picture`], [`game`].
//!
//! The components are authored by the Overlord project from the history and geography of
//! June 1944; they are not the publisher's.

pub mod data;
pub mod game;
pub mod picture;
pub mod state;
pub mod tables;

pub use data::N44Data;
pub use game::info;
pub use state::{N44Options, Normandy44};
