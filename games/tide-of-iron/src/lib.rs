//! Tide of Iron (two to four players in two teams; squads of figures, custom dice, strategy and
//! operations cards; `../shared/rules/tide-of-iron.md`).
//!
//! This crate holds the game's components as loaded and checked from `data/tide-of-iron/`
//! ([`data`]): the figure and vehicle statistics of the spec's table 2.1, the terrain table
//! 2.2, and the double-sided map boards and overlays a scenario's battlefield is put together
//! from (hexmap's `Composition`); the rules' tables as pure functions ([`tables`]: range bands
//! and dice, attack and defence dice, vehicle damage and suppression); line of sight
//! (`TOI-COMBAT-LOS`) in [`los`]. The rest of the rules come next, in the layers every game crate has
//! (docs/ARCHITECTURE.md, "Adding a game"); until then the game is registered for its
//! components only: `overlord validate tide-of-iron` checks them.
//!
//! The components are authored by the Overlord project from the history and geography of
//! June 1944 and the spec's restatement of the rules; they are not the publisher's.

pub mod data;
pub mod game;
pub mod los;
pub mod picture;
pub mod tables;

pub use data::ToiData;
pub use game::info;
