//! How the game stands for a side, in [0, 1]: the VP it leads by, the objectives it holds (what
//! the rounds to come will score) and the figures each side has on the map.

use crate::data::{Nation, ObjectiveKind};
use crate::state::{Kind, ToiGame};

/// The strength of `nation` on the map: a figure 1, a vehicle 3.
pub fn strength(game: &ToiGame, nation: Nation) -> f64 {
    game.unit_ids()
        .filter(|&u| game.unit(u).nation == nation && game.hex_of(u).is_some())
        .map(|u| match game.unit(u).kind {
            Kind::Squad { figures, .. } => figures
                .iter()
                .filter(|&&f| f != crate::state::EMPTY_SLOT)
                .count() as f64,
            Kind::Vehicle { .. } => 3.0,
        })
        .sum()
}

/// `nation`'s chances, by a rough logistic of VP lead, objectives' worth and strength.
pub fn chances(game: &ToiGame, nation: Nation) -> f64 {
    let enemy = nation.enemy();
    let vp = f64::from(game.side(nation).vp) - f64::from(game.side(enemy).vp);
    let rounds_left = f64::from(game.scenario().rounds.saturating_sub(game.round()));
    let holding: f64 = game
        .scenario()
        .objectives
        .iter()
        .enumerate()
        .filter(|(_, o)| o.kind == ObjectiveKind::Victory)
        .map(|(i, o)| match game.controller(i) {
            Some(n) if n == nation => f64::from(o.value),
            Some(_) => -f64::from(o.value),
            None => 0.0,
        })
        .sum();
    let ratio = (strength(game, nation) + 1.0) / (strength(game, enemy) + 1.0);
    let x = (vp + holding * rounds_left) / 4.0 + ratio.ln();
    1.0 / (1.0 + (-x).exp())
}
