//! The estimated reward of a game not yet over, in `[0, 1]`, for depth-limited search.
//!
//! It weighs what decides the game (13.1, 13.2): the victory points the player would score now
//! against the 19 needed (9 in Easy Fox), the shattered infantry companies of the worse-off
//! division against the catastrophe threshold, and, because VP come late, how far the US units
//! have got off the beach and how many German positions are empty. Everything read is on the
//! view: control and fire fields depend on which positions are occupied and disrupted, never on
//! who holds them. The extended scenarios are scored on the same 13.2 points (a proxy for 20.3
//! until the balance lab tunes it).

use crate::data::{Division, VictoryKind};
use crate::index::{Ground, MAX_POSITIONS};
use crate::state::{GerLoc, Omaha, UsLoc};

/// Weights of the parts (they sum to 1, so the estimate stays in `[0, 1]`).
const VP_WEIGHT: f64 = 0.45;
const SURVIVAL_WEIGHT: f64 = 0.35;
const ADVANCE_WEIGHT: f64 = 0.1;
const POSITIONS_WEIGHT: f64 = 0.1;

pub(crate) fn evaluate(state: &Omaha) -> f64 {
    let index = &state.data.index;
    let easy_fox = state.scenario_kind() == VictoryKind::EasyFox;
    // 13.2 (Easy Fox: East only, 9 VP).
    let needed = if easy_fox {
        crate::victory::EASY_FOX_VP
    } else {
        crate::victory::FIRST_WAVE_VP
    };
    let vp = crate::victory::victory_points(state, easy_fox).total;
    let vp_part = (f64::from(vp) / f64::from(needed)).min(1.0);
    // 13.1, 20.1: the worse-off division's Losses box against the threshold; the danger grows
    // faster than linearly as the box fills.
    let threshold = f64::from(crate::victory::catastrophe_threshold(state.turn).max(1));
    let losses = [Division::First, Division::TwentyNinth]
        .map(|d| f64::from(crate::victory::infantry_losses(state, d)))
        .into_iter()
        .fold(0.0, f64::max);
    let danger = (losses / threshold).min(1.0);
    let survival = 1.0 - danger * danger;
    // Off the beach: the share of US units on the map standing on the flat or high ground.
    let (mut on_map, mut inland) = (0u32, 0.0);
    for (u, us) in state.us.iter().enumerate() {
        let UsLoc::Hex(h) = us.loc else { continue };
        if index.us.get(u).is_none_or(|i| i.is_leader()) {
            continue;
        }
        on_map += 1;
        inland += match index.hexes.get(usize::from(h)).map(|x| x.ground) {
            Some(Ground::High) => 1.0,
            Some(Ground::Flat) => 0.5,
            _ => 0.0,
        };
    }
    let advance = if on_map == 0 {
        0.0
    } else {
        inland / f64::from(on_map)
    };
    // The share of positions no German unit holds (they can be controlled, 13.22).
    let positions = index.positions.len().min(MAX_POSITIONS);
    let mut occupied = 0u128;
    for german in &state.germans {
        if let GerLoc::Slot(s) = german.loc
            && let Some(slot) = index.slots.get(usize::from(s))
            && usize::from(slot.position) < positions
        {
            occupied |= 1 << slot.position;
        }
    }
    let empty = if positions == 0 {
        0.0
    } else {
        1.0 - f64::from(occupied.count_ones()) / positions as f64
    };
    (VP_WEIGHT * vp_part
        + SURVIVAL_WEIGHT * survival
        + ADVANCE_WEIGHT * advance
        + POSITIONS_WEIGHT * empty)
        .clamp(0.0, 1.0)
}
