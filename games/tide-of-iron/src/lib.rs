//! Tide of Iron (two to four players in two teams; squads of figures, custom dice, strategy and
//! operations cards; `../shared/rules/tide-of-iron.md`).
//!
//! The crate is layered as every game crate is (docs/ARCHITECTURE.md, "Adding a game"; imports
//! run down, checked by `tests/layers.rs`):
//!
//! 1. **Components, tables, state.** [`data`] (figures, terrain, board faces and overlays, the
//!    scenarios with their battlefields put together, all loaded from `data/tide-of-iron/` and
//!    checked) with [`los`] (line of sight, `TOI-COMBAT-LOS-ALGO`, a pure function of the
//!    battlefield); [`tables`] (range bands and dice, attack and defence dice, vehicle damage
//!    and suppression); [`state`]; [`action`].
//! 2. **Questions many chapters ask.** [`stacking`], [`cover`], [`text`], [`teams`] (who
//!    sits where, `TOI-TEAM`).
//! 3. **The rules chapters.** [`hidden`] (`TOI-COMBAT-HIDDEN`), [`specialization`]
//!    (`TOI-SPEC`), [`fire`] (`TOI-COMBAT`, halved firepower), [`area`] (`TOI-COMBAT-AREA`,
//!    mortars), [`movement`] (`TOI-MOVE`, `TOI-TERR`, Advance, Fire and Movement, transport,
//!    fortifications), [`obstacles`] (`TOI-FORT-MINE`, `TOI-FORT-WIRE`, `TOI-FORT-TRAP`, in
//!    the order `TOI-TIMING` gives), [`deployment`] (the players' own squad building and
//!    deployment, `TOI-SETUP-5`, `TOI-SETUP-6`), [`opfire`] (`TOI-COMBAT-OPFIRE`), [`combined`]
//!    (`TOI-COMBAT-COMBINED`), [`cards`] (`TOI-CARD-STRAT`, `TOI-KW-*`), [`activation`] (the Action Phase's actions, `TOI-ACT`),
//!    [`assault`] (`TOI-COMBAT-ASSAULT`), [`command`] (`TOI-CMD`), [`status`] (`TOI-STAT`'s
//!    choices), [`victory`] (`TOI-WIN`).
//! 4. **The round and the game's faces.** [`turn`] (`TOI-ROUND`, the Status Phase's clean-up),
//!    [`decisions`], [`setup`], [`view`] with [`sight`] (line of sight from a unit, for the
//!    browser), [`encoding`] (the fixed action space and observation
//!    for learning agents), [`statistics`] (`overlord sim`'s figures), [`picture`]
//!    (`overlord map`), [`bot`] (the rule bot
//!    and the evaluation search bots use), [`game`].
//!
//! What is in: the components, and the rules played end to end on a scenario of ours: the
//! Action Phase (Advance, Concentrated Fire normal and suppressive, Prepare Op Fire and Op Fire
//! as the enemy enters a hex with the machine guns' Rapid Op Fire, combined fire for both, Fire
//! and Movement, Assault, mortars' area attacks, Fatigue, the phase's end); movement with
//! terrain, roads, hills, cliffs, half hexes and stacking; transport; fortifications, obstacles
//! and smoke; hidden squads; specialized squads; the officers' and tanks' abilities (Rally,
//! Determination, Overrun, Concussive Firepower, Thick Armor); the Command Phase's control,
//! income, VP and initiative; strategy cards (drawn, paid for, lasting in the play area,
//! off-board strikes with contact, drift and blast) and operations cards; the Status Phase's
//! draw, clean-up, Op Fire placement, transfers and reinforcements, and the setup's draws and
//! initial Op Fire; the players' own squad building and deployment (options); the FAQ's
//! rulings with the box's figures limited; VP victory; two to four players ([`teams`]); the
//! rule bot ([`bot`]), the terminal's picture with each attack's odds, and the figures
//! `overlord sim` reads ([`statistics`]). The game is registered for play (the terminal,
//! `overlord sim`); the browser is issue 29's.
//!
//! The components are authored by the Overlord project from the history and geography of
//! June 1944 and the spec's restatement of the rules; they are not the publisher's.

pub mod action;
pub mod activation;
pub mod area;
pub mod assault;
pub mod bot;
pub mod cards;
pub mod combined;
pub mod command;
pub mod cover;
pub mod data;
pub mod decisions;
pub mod deployment;
pub mod encoding;
pub mod fire;
pub mod game;
pub mod hidden;
pub mod los;
pub mod movement;
pub mod obstacles;
pub mod opfire;
pub mod picture;
pub mod setup;
pub mod sight;
pub mod specialization;
pub mod stacking;
pub mod state;
pub mod statistics;
pub mod status;
pub mod tables;
pub mod teams;
pub mod text;
pub mod turn;
pub mod victory;
pub mod view;

#[cfg(test)]
mod acceptance;

pub use action::{ToiAction, ToiEvent};
pub use data::ToiData;
pub use game::{ToiOptions, info};
pub use state::ToiGame;
