//! D-Day at Omaha Beach (solitaire, card-driven; `../shared/rules/omaha-beach.md`).
//!
//! The components are loaded and checked from `data/omaha/` ([`data`]) and indexed densely
//! ([`index`]); the state ([`state`]) is small and flat. The rules live one module per chapter:
//! [`landing`] (5), [`fire`] with [`fire_alloc`] (6), [`actions`] (7), [`engineers`] (10),
//! [`germans`] (9), [`heroes`] (11.1), [`control`] (12), [`victory`] (13), [`events`] (the event
//! catalogue), [`german_actions`] (16), [`moves_extended`] (the extended game's multi-hex
//! moves, 17.1, 17.2), [`command_posts`] (18) and [`engineer_bases`] (19 and the Engineer and
//! HQ Phase, 15 V), [`armor`] (variant 23, German armor), the turn sequence in [`turn`] (4, 15), the tables T1-T10 in
//! [`tables`]. [`game`] puts them under the engine's `Game` contract; [`view`] shows the player
//! only what may be known; [`picture`] and [`text`] draw the board.
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
pub mod effects;
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
        rules_version: "5",
        min_seats: 1,
        max_seats: 2,
    }
}
