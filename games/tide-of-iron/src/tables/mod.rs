//! The rules' tables and arithmetic as pure functions (spec sections 1.16-1.20 and 2): range
//! bands and the dice ([`dice`]), attack strength and defence dice ([`strength`]), and what net
//! hits do to a vehicle or a squad ([`results`]). The chapters that resolve an attack call these;
//! nothing here reads the game state.

pub mod dice;
pub mod results;
pub mod strength;
