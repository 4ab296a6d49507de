//! The placements a scenario leaves to the player before its first turn (21.1, P-DEPLOY):
//! Beyond the Beach's tanks, anti-aircraft and artillery go "on any mid-tide-line hexes of the
//! assigned sector" and its turn-16 arrivals into "any landing box of your choice" of their
//! sector (5.3). The scenario file marks them `choose:beach` and `choose:box`.
//!
//! Reading (docs/omaha/interpretations.md, 21.1): the scenario starts on turn 17, a High Tide
//! turn (T10), when the mid-tide line is under water and may not be occupied (5.21); a unit
//! set there would drown at the end of the turn whatever the player did. The line 21.1 means is
//! the water's edge: the tide line in force on the scenario's first turn, where that turn's
//! landings come ashore (5.2), the high-tide line on turn 17.

use crate::action::{OmahaAction, OmahaEvent, OmahaLog};
pub use crate::data::Deploy;
use crate::data::{Sector, tide_of_turn};
use crate::index::{BoxId, Ground, HexId, UsId};
use crate::state::{Omaha, Step, UsLoc};
use overlord_engine::RuleId;

pub const DEPLOY: RuleId = RuleId("21.1");

/// How the scenario leaves `unit` to the player (`None` for a unit it places itself).
pub fn kind(state: &Omaha, unit: UsId) -> Option<Deploy> {
    let data = &state.data;
    let name = &data.index.us.get(usize::from(unit))?.name;
    data.scenarios
        .get(usize::from(state.scenario))?
        .us
        .iter()
        .find(|p| &p.unit == name)
        .and_then(|p| Deploy::of(&p.at))
}

/// The sector `unit` is placed in: its division's ("nel settore assegnato").
fn sector(state: &Omaha, unit: UsId) -> Sector {
    state.us[usize::from(unit)].command.sector()
}

/// 21.1: the beach hexes `unit` may start on: its sector's hexes on the tide line in force now
/// (5.2, 5.21), none with a German unit (7.31) or two units already (7.6: leaders do not
/// count).
pub fn beach_hexes(state: &Omaha, unit: UsId) -> Vec<HexId> {
    let index = &state.data.index;
    let tide = tide_of_turn(state.turn);
    let sector = sector(state, unit);
    let leader = index.us[usize::from(unit)].is_leader();
    let occupancy = crate::movement::Occupancy::of(state);
    (0..index.hexes.len() as HexId)
        .filter(|&h| {
            let info = &index.hexes[usize::from(h)];
            info.ground == Ground::Beach
                && info.sector == sector
                && info.tide == Some(tide)
                && crate::movement::enterable(state, &occupancy, h)
                && (leader || units_in(state, h) < 2)
        })
        .collect()
}

/// The units in `hex` that count for stacking (7.61: not leaders).
fn units_in(state: &Omaha, hex: HexId) -> usize {
    state
        .us_at(UsLoc::Hex(hex))
        .filter(|&u| !state.data.index.us[usize::from(u)].is_leader())
        .count()
}

/// P-DEPLOY's answers for `unit`.
pub fn legal(state: &Omaha, unit: UsId, out: &mut Vec<OmahaAction>) {
    match kind(state, unit) {
        Some(Deploy::Beach) => out.extend(
            beach_hexes(state, unit)
                .into_iter()
                .map(|hex| OmahaAction::DeployOnHex { unit, hex }),
        ),
        Some(Deploy::Box) => out.extend(
            crate::landing::legal_boxes(state, unit)
                .into_iter()
                .map(|landing_box| OmahaAction::PlaceInBox { unit, landing_box }),
        ),
        None => {}
    }
}

/// P-DEPLOY answered with a hex.
pub fn on_hex(state: &mut Omaha, unit: UsId, hex: HexId, log: &mut OmahaLog) {
    state.us[usize::from(unit)].loc = UsLoc::Hex(hex);
    let name = state.name(unit).to_owned();
    let label = state.data.index.hexes[usize::from(hex)].label;
    log.public(DEPLOY, OmahaEvent::Landed { unit, hex }, || {
        format!("{name} starts in {label}, at the water's edge (21.1).")
    });
    next(state, unit, log);
}

/// P-DEPLOY answered with a landing box (5.3): the unit lands on the first turn.
pub fn in_box(state: &mut Omaha, unit: UsId, landing_box: BoxId, log: &mut OmahaLog) {
    state.us[usize::from(unit)].loc = UsLoc::Box(landing_box);
    let name = state.name(unit).to_owned();
    let box_name = state.data.index.boxes[usize::from(landing_box)]
        .name
        .clone();
    log.public(DEPLOY, OmahaEvent::Placed { unit, landing_box }, || {
        format!("{name} is placed in landing box {box_name} (21.1).")
    });
    next(state, unit, log);
}

/// The next unit to place, or the first turn. A unit with nowhere to go (every hex or box
/// full) waits a turn on the Turn track, as an arrival does (5.3).
fn next(state: &mut Omaha, placed: UsId, log: &mut OmahaLog) {
    state.deploy.retain(|&u| u != placed);
    while let Some(&unit) = state.deploy.first() {
        let mut options = Vec::new();
        legal(state, unit, &mut options);
        if !options.is_empty() {
            state.step = Step::Deploy(unit);
            return;
        }
        state.deploy.remove(0);
        state.delay(unit, 1, DEPLOY, log);
    }
    state.step = Step::LandingCheck(Sector::East);
}
