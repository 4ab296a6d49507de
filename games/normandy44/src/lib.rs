//! Normandy '44 (two players, one d6 and a combat results table;
//! `../shared/rules/normandy-44.md`).
//!
//! The components are loaded and checked from `data/normandy44/` ([`data`]); the state
//! ([`state`]) is small and flat. The tables of the spec's section 2 are pure functions in
//! [`tables`]. [`game`] puts the rules under the engine's contract; [`picture`] draws the map.
//!
//! # Layers
//!
//! Imports run one way, down, as in every game crate (docs/ARCHITECTURE.md):
//!
//! 1. **Components and state.** `hex_bits` (sets of hexes, a bit per hex), [`tables`],
//!    [`data`] (the components as loaded and checked,
//!    with the map's dense per-hex arrays), [`action`] (the decisions and the log's events),
//!    [`state`].
//! 2. **Questions many chapters ask.** [`zoc`] (zones of control and bonds, 8), [`stacking`]
//!    (7), [`beaches`] (beaches, Mulberries and Cherbourg, 21), [`control`] (who controls a
//!    hex, 24.3, A-43), [`supply_lines`] (supply sources and lines of supply, 18.1, 18.2),
//!    [`solitaire`] (27.2's constraints, asked by the chapters).
//! 3. **The rules chapters**, each calling only those before it: [`mulberry`] (21.1),
//!    [`weather`] (4, 5, the Initial Phase), [`replacement`] (6.2-6.4), [`fortify`] (16),
//!    [`cherbourg`] (26.3's airborne zones), [`movement`] (7-9), [`reinforcement`] (6.5-6.7,
//!    17.4, 21.2, 22.1), [`withdrawal`] (17.4, 17.5, 22.2), [`combat`] (10-15), [`recovery`]
//!    (3.B.5),
//!    [`supply`] (18), [`invasion`] (20), [`victory`] (23-26).
//! 4. **The turn and the game's faces.** [`setup`], [`decisions`] (which chapter answers),
//!    [`turn`] (the sequence of play, 3), [`seats`] (27.1: who answers), [`view`], [`encoding`]
//!    (the fixed action space and observation for learning agents), [`picture`], [`text`],
//!    [`statistics`], [`bot`] (the rule bot and the evaluation search bots use), [`game`].
//!
//! The components are authored by the Overlord project from the history and geography of
//! June 1944; they are not the publisher's.

pub mod action;
pub mod beaches;
pub mod bot;
pub mod cherbourg;
pub mod combat;
pub mod control;
pub mod data;
pub mod decisions;
pub mod encoding;
pub mod fortify;
pub mod game;
mod hex_bits;
pub mod invasion;
pub mod movement;
pub mod mulberry;
pub mod picture;
pub mod recovery;
pub mod reinforcement;
pub mod replacement;
pub mod seats;
pub mod setup;
pub mod solitaire;
pub mod stacking;
pub mod state;
pub mod statistics;
pub mod supply;
pub mod supply_lines;
pub mod tables;
pub mod text;
pub mod turn;
pub mod victory;
pub mod view;
pub mod weather;
pub mod withdrawal;
pub mod zoc;

#[cfg(test)]
mod acceptance;
#[cfg(test)]
mod testkit;

pub use action::{N44Action, N44Event};
pub use data::N44Data;
pub use game::info;
pub use state::{N44Options, Normandy44};
