//! The estimated reward of a game not yet over, in `[0, 1]`, for depth-limited search.
//!
//! It weighs what decides the game (13.1, 13.2): the victory points the player would score now
//! against the 19 needed (9 in Easy Fox), the shattered infantry companies of the worse-off
//! division against the catastrophe threshold, the German fire the US units stand in (what
//! will shatter more of them at the next German Fire Phase, 6.3), and, because VP come late,
//! how far the US units have got off the beach and how many German positions are empty. Everything read is on the
//! view: control and fire fields depend on which positions are occupied and disrupted, never on
//! who holds them. The extended scenarios are scored on the same 13.2 points (a proxy for 20.3
//! until the balance lab tunes it).

use crate::data::{Division, FireLevel, VictoryKind};
use crate::index::{Ground, MAX_POSITIONS, PosSet};
use crate::state::{GerLoc, Omaha, UsLoc};

/// Weights of the parts (they sum to 1, so the estimate stays in `[0, 1]`).
const VP_WEIGHT: f64 = 0.4;
const SURVIVAL_WEIGHT: f64 = 0.3;
const SAFETY_WEIGHT: f64 = 0.15;
const ADVANCE_WEIGHT: f64 = 0.05;
const POSITIONS_WEIGHT: f64 = 0.1;

/// The weight of a fire point (6.3, T2: Intense hits most).
fn fire_weight(level: FireLevel) -> f64 {
    match level {
        FireLevel::Intense => 3.0,
        FireLevel::Moderate => 2.0,
        FireLevel::Sporadic => 1.0,
    }
}

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
    let threshold = f64::from(crate::effects::catastrophe_threshold(state.turn).max(1));
    let losses = [Division::First, Division::TwentyNinth]
        .map(|d| f64::from(crate::effects::infantry_losses(state, d)))
        .into_iter()
        .fold(0.0, f64::max);
    let danger = (losses / threshold).min(1.0);
    let survival = 1.0 - danger * danger;
    // Positions held by a German unit, and those of them that fire (6.4: not disrupted).
    let positions = index.positions.len().min(MAX_POSITIONS);
    let (mut occupied, mut firing): (PosSet, PosSet) = (0, 0);
    for german in &state.germans {
        if let GerLoc::Slot(s) = german.loc
            && let Some(slot) = index.slots.get(usize::from(s))
            && usize::from(slot.position) < positions
        {
            occupied |= 1 << slot.position;
            if !german.disrupted {
                firing |= 1 << slot.position;
            }
        }
    }
    // Off the beach: the share of US units on the map standing on the flat or high ground;
    // and the fire they stand in.
    let (mut on_map, mut inland, mut exposure) = (0u32, 0.0, 0.0);
    for (u, us) in state.us.iter().enumerate() {
        let UsLoc::Hex(h) = us.loc else { continue };
        if index.us.get(u).is_none_or(|i| i.is_leader()) {
            continue;
        }
        let Some(hex) = index.hexes.get(usize::from(h)) else {
            continue;
        };
        on_map += 1;
        inland += match hex.ground {
            Ground::High => 1.0,
            Ground::Flat => 0.5,
            Ground::Beach | Ground::Sea => 0.0,
        };
        exposure += hex
            .fire
            .iter()
            .filter(|&&(p, _)| usize::from(p) < MAX_POSITIONS && firing & (1 << p) != 0)
            .map(|&(_, level)| fire_weight(level))
            .sum::<f64>();
    }
    let (advance, safety) = if on_map == 0 {
        (0.0, 1.0)
    } else {
        let units = f64::from(on_map);
        (inland / units, 1.0 / (1.0 + exposure / units / 4.0))
    };
    // The share of positions no German unit holds (they can be controlled, 13.22).
    let empty = if positions == 0 {
        0.0
    } else {
        1.0 - f64::from(occupied.count_ones()) / positions as f64
    };
    (VP_WEIGHT * vp_part
        + SURVIVAL_WEIGHT * survival
        + SAFETY_WEIGHT * safety
        + ADVANCE_WEIGHT * advance
        + POSITIONS_WEIGHT * empty)
        .clamp(0.0, 1.0)
}
