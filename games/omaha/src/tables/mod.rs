//! The rules tables of D-Day at Omaha Beach (spec section 2, "Tables and charts"), as pure
//! functions over small enums. Nothing here reads the game state: the rules modules work out
//! the inputs (which row, which column) and apply the result.
//!
//! - [`landing`]: T1, the US Landing table (5.1, 5.11–5.15, 22.1, 22.2), plus the T10 mine turns.
//! - [`fire_chart`]: T2, the German Fire chart (6.3, 6.31–6.37, 11.4, 14.11, 16.9).
//! - [`weapons`]: T3, the US Weapons chart (8.2–8.27, 8.51) and the weapons check of 8.3.
//! - [`barrage`]: T4, the US Barrage table (8.4, 8.41, 17.3).
//! - [`terrain`]: T5a movement and T5b defence (8.15, 8.31, TEC, T5-ALG).
//! - [`attack`]: T6, the US Attack table and the 8.3 procedure around it.
//! - [`german_actions`]: T7, the German Actions summary of turns 17–32 (16, 16.1–16.9, 23.4).
//! - [`tank_fire`]: T8, the German tank fire field (23.3, AMB-37), walked over the dense index.
//! - [`victory`]: T9's levels: the 20.2 turn-16 check, the 20.3 and 21.2 levels, the 20.3 VP
//!   items and the variant VP modifiers (22.1–22.4, 23.7).
//! - [`schedule`]: T10, the per-turn schedule values with no home elsewhere (turn length, Event
//!   phases, actions per division, 14.12, 14.2, 19.4), and tests of every T10 row for 17–32.
//!
//! Where the sources disagree, each table implements the spec's recommendation and cites the
//! AMB id of section 9 next to the cell it decides.

pub mod attack;
pub mod barrage;
pub mod fire_chart;
pub mod german_actions;
pub mod landing;
pub mod schedule;
pub mod tank_fire;
pub mod terrain;
pub mod victory;
pub mod weapons;
