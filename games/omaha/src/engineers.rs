//! US engineer demolitions (rule 10): the Engineer Phase (4 IV) and its clearing of beach
//! obstacles.

use crate::action::{OmahaEvent, OmahaLog};
use crate::data::Sector;
use crate::index::{HexId, PosId, PosSet};
use crate::state::{Omaha, Step};
use overlord_engine::RuleId;

pub const CLEAR: RuleId = RuleId("10.1");
pub const TIDE_LIMITS: RuleId = RuleId("10.12");

/// 10.12: hexes each sector may clear this turn (none on turn 1, the phase is skipped).
pub fn clears_allowed(turn: u8) -> u8 {
    match turn {
        2..=6 => 2,
        7..=15 => 1,
        _ => 0,
    }
}

/// The Engineer Phase (4 IV, 10.1) as the step that begins it: it follows the German Fire Phase
/// and, on turns 17–31, the Second Event Phase; it has no clears from turn 17 (15: High Tide on
/// turns 17–22, every obstacle demolished from turn 23), and the Action Phase follows it.
pub(crate) fn phase_start(state: &Omaha) -> Step {
    Step::Engineers {
        sector: Sector::East,
        left: clears_allowed(state.turn),
    }
}

/// 10.1, AMB-18: an obstacle hex of `sector` not yet cleared and outside the fire field of every
/// occupied, non-disrupted position whose colour is on this turn's Fire card of its own sector.
pub fn clearable(state: &Omaha, sector: Sector) -> Vec<HexId> {
    let index = &state.data.index;
    // AMB-18: a position blocks with the Fire card of its own sector, which is not always the
    // hex's (6.22: WN65's field reaches six West hexes).
    let colours = |slot: usize| -> Vec<crate::data::Colour> {
        state.fire_cards[slot]
            .and_then(|c| state.data.card(c))
            .and_then(|c| c.fire.as_ref())
            .map(|f| f.icons.iter().map(|i| i.colour).collect())
            .unwrap_or_default()
    };
    let cards = [colours(0), colours(1)];
    let manned = crate::control::manned_positions(state);
    // Only manned positions can block: walk their bits, not every position.
    let mut active: PosSet = 0;
    let mut left = manned;
    while left != 0 {
        let p = left.trailing_zeros() as usize;
        left &= left - 1;
        let Some(pos) = index.positions.get(p) else {
            continue;
        };
        if cards[usize::from(pos.sector == Sector::West)].contains(&pos.colour)
            // [Smoke, AMB-62] a smoked WN does not block clearing.
            && !state.smoke.contains(&(p as PosId))
        {
            active |= 1 << p;
        }
    }
    index.obstacles[sector.slot()]
        .iter()
        .copied()
        .filter(|&h| !state.is_cleared(h) && index.hexes[usize::from(h)].fired_on_by & active == 0)
        .collect()
}

pub fn can_clear(state: &Omaha, sector: Sector) -> bool {
    // 22.1: engineer clearing starts on turn 5.
    let started = !(state.options.effective_bombardment && state.turn < 5);
    started && state.in_play(sector) && !clearable(state, sector).is_empty()
}

/// P-CLEAR answered with a hex.
pub fn clear(state: &mut Omaha, hex: HexId, log: &mut OmahaLog) {
    state.set_cleared(hex);
    let label = state.data.index.hexes[usize::from(hex)].label;
    log.public(CLEAR, OmahaEvent::Cleared { hex }, || {
        format!("Engineers clear the obstacles in {label}.")
    });
    if let Step::Engineers { sector, left } = state.step {
        state.step = Step::Engineers {
            sector,
            left: left.saturating_sub(1),
        };
    }
}

/// P-CLEAR answered with "no more".
pub fn stop(state: &mut Omaha) {
    if let Step::Engineers { sector, .. } = state.step {
        state.step = Step::Engineers { sector, left: 0 };
    }
}
