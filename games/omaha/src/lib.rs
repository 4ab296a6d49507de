//! D-Day at Omaha Beach (solitaire, card-driven; `../shared/rules/omaha-beach.md`).
//!
//! The components are loaded and checked from `data/omaha/` ([`data`]) and indexed densely
//! ([`index`]); the state ([`state`]) is small and flat. The rules live one module per chapter,
//! the turn sequence (4, 15) in [`turn`], the tables T1-T10 in [`tables`]. [`game`] puts them
//! under the engine's `Game` contract; [`view`] shows the player only what may be known; [`bot`]
//! tells the bots; [`picture`] and [`text`] draw the board.
//!
//! # Layers
//!
//! Imports run one way, down: a module uses only the modules of the layers below its own, and
//! those of its own layer listed before it. So a chapter reads with what is below it in mind,
//! and changes without touching what is above. `tests/layers.rs` holds the same table and fails
//! on every reference that runs up (an import, a path, or a method written in another module's
//! `impl` block); a new module goes into its table.
//!
//! 1. **Components and state.** [`tables::terrain`] (T5, which the index works out per hex),
//!    [`data`] with [`index`] (the components as loaded and checked, and their dense ids; the
//!    index is built from the data and kept in it, so the two are read together), the other
//!    [`tables`] (T1-T10 as pure functions), `recall` (memos), [`action`] (the actions, the log
//!    and its events) and [`state`] (the state, its steps and the plain queries of it).
//! 2. **Questions many chapters ask, and what happens to a counter.** [`seats`] (who plays, 1),
//!    [`tanks`] (where German tanks are, their fire fields, their weight on US moves; 23.3,
//!    23.6), [`control`] (12, with the German fire fields), [`command`] (who commands a unit;
//!    7.1, 18.3) and [`effects`] (step losses, elimination, disruption, cards drawn, Hero markers
//!    leaving or offered, captured Generals, catastrophic defeat; 6.32, 6.33, 11.11, 11.14,
//!    11.31, 13.1).
//! 3. **The rules chapters**, each calling only those before it: [`landing`] (5), [`heroes`]
//!    (11.1), [`command_posts`] (18), [`engineer_bases`] (19 and the Engineer and HQ Phase, 15
//!    V), [`engineers`] (10), [`fire_alloc`] and [`fire`] (6), [`armor`] (23), [`germans`] (9),
//!    [`events`] (the event catalogue), [`movement`] (7.1, 7.3-7.32), [`moves_extended`] (17),
//!    [`combat`] (8), [`exits`] (20.3), [`actions`] (the Action Phase, 7), [`german_actions`]
//!    (16), [`victory`] (13, 20), [`deploy`] (21.1: the placements a scenario leaves to the
//!    player).
//! 4. **The turn driver and the game's faces.** [`picture`], [`board`], [`statistics`],
//!    [`setup`], [`text`], [`view`], [`encoding`] (the fixed action space and observation for
//!    learning agents), [`bot`], [`turn`] (4.2, 15: the system steps the engine's
//!    driver runs until a prompt) and [`game`] (the engine's `Game` and `Components`, and each
//!    answer dispatched to its chapter).
//!
//! Where two chapters would call each other, the piece both need moves down: a type a step
//! holds into [`state`], a question into layer 2 (a tank's fire field, the positions manned,
//! who commands), a shared primitive into a lower chapter ([`movement`] under [`actions`] and
//! [`moves_extended`]); or the caller above decides ([`game`] sends a prompt's answer to the
//! chapter that asked it).
//!
//! The components are authored by the Overlord project from the history and geography of
//! 6 June 1944; they are not the publisher's.

pub mod action;
pub mod actions;
pub mod armor;
pub mod board;
pub mod bot;
pub mod combat;
pub mod command;
pub mod command_posts;
pub mod control;
pub mod data;
pub mod deploy;
pub mod effects;
pub mod encoding;
pub mod engineer_bases;
pub mod engineers;
pub mod events;
pub mod exits;
pub mod fire;
pub mod fire_alloc;
pub mod game;
pub mod german_actions;
pub mod germans;
pub mod heroes;
pub mod index;
pub mod landing;
pub mod movement;
pub mod moves_extended;
pub mod picture;
mod recall;
pub mod seats;
pub mod setup;
pub mod state;
pub mod statistics;
pub mod tables;
pub mod tanks;
pub mod text;
pub mod turn;
pub mod victory;
pub mod view;

#[cfg(test)]
mod acceptance;

pub use action::{OmahaAction, OmahaEvent};
pub use data::OmahaData;
use overlord_engine::GameInfo;
pub use state::{Omaha, OmahaOptions};

/// What the game says about itself.
pub fn info() -> GameInfo {
    GameInfo {
        id: "omaha",
        name: "D-Day at Omaha Beach",
        // Raised whenever the same record would play differently: a record saved under
        // another version is refused on load rather than replayed wrong. 2: the tie-break
        // prompts (G-FIRE-TIE, G-LEADER, G-ART-TIE), P-LEADER-FOLLOW, 7.22, 5.31, 5.33, AMB-04,
        // AMB-10. 3: the extended game (14-16: two Event phases, German actions). 4: G-TANK-TIE
        // (23.5). 5: a unit may join an attack only if it can still be declared after (8.1).
        // 6: issue 34: no open sea (5.21), pairs make any move (7.21), leaders infiltrate in
        // pairs (7.32), tank fields stop moves (23.3), no base advance in any field (19.2),
        // variant VP at the end of the game (22), Beyond the Beach's placements the player's
        // (21.1, P-DEPLOY).
        rules_version: "6",
        min_seats: 1,
        max_seats: 2,
    }
}
