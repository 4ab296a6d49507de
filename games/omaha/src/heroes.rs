//! Heroes (11.1): a Hero event puts a Hero marker on a unit (11.11); the unit takes a free
//! action (11.12, also once Inspired: 11.15); German fire may kill the Hero (11.4) or the player
//! may sacrifice it to save a 1-step unit (11.14, AMB-19, P-HERO-SACRIFICE); either way the
//! marker flips to Inspired (11.15). A Hero leaves play with its unit (11.11), and its unit's
//! last step lost to German fire waits for P-HERO-SACRIFICE: both happen where every loss does,
//! in [`crate::effects`].

use crate::action::{OmahaEvent, OmahaLog};
use crate::data::{Division, FireLevel};
use crate::effects::has_hero;
use crate::index::{PosId, UsId};
use crate::state::{HeroLoc, Omaha, Step, UsLoc};
use overlord_engine::RuleId;

pub const ARRIVAL: RuleId = RuleId("11.11");
pub const FREE_ACTION: RuleId = RuleId("11.12");
pub const SACRIFICE: RuleId = RuleId("11.14");
pub const INSPIRED: RuleId = RuleId("11.15");
pub const KILLED: RuleId = RuleId("11.4");

/// 11.12, 11.15: a unit with a Hero or Inspired marker takes a free action.
pub(crate) fn free_action(state: &Omaha, unit: UsId) -> bool {
    state.hero_with(unit).is_some()
}

/// The units [`free_action`] says yes to, for lists that ask it of every unit.
pub(crate) fn units_acting_free(state: &Omaha) -> impl Iterator<Item = UsId> + '_ {
    state.heroes.iter().filter_map(|h| match h.loc {
        HeroLoc::On(unit) => Some(unit),
        HeroLoc::Unused | HeroLoc::Removed => None,
    })
}

/// P-HERO (11.11): the units of `division` on the map that may receive a Hero (one marker per
/// unit: a unit with a Hero or Inspired marker takes no second one).
pub(crate) fn hero_candidates(state: &Omaha, division: Division) -> Vec<UsId> {
    let index = &state.data.index;
    (0..state.us.len())
        .filter(|&i| {
            let info = &index.us[i];
            !info.is_leader()
                && info.division == division
                && matches!(state.us[i].loc, UsLoc::Hex(_))
                && state.hero_with(i as UsId).is_none()
        })
        .map(|i| i as UsId)
        .collect()
}

/// The marker a Hero event of `division` uses: an unused one of that division, else any unused
/// one (the markers have identical abilities).
pub(crate) fn next_marker(state: &Omaha, division: Division) -> Option<usize> {
    let unused = |h: &usize| state.heroes[*h].loc == HeroLoc::Unused;
    let heroes = &state.data.us.heroes;
    (0..state.heroes.len())
        .filter(unused)
        .find(|&h| heroes.get(h).is_some_and(|x| x.division == division))
        .or_else(|| (0..state.heroes.len()).find(unused))
}

/// 11.11: put a Hero marker of `division` on `unit`. Returns whether one was placed.
pub(crate) fn place_hero(
    state: &mut Omaha,
    division: Division,
    unit: UsId,
    log: &mut OmahaLog,
) -> bool {
    let Some(h) = next_marker(state, division) else {
        log.public(ARRIVAL, OmahaEvent::Note, || {
            "Every Hero marker is in use: no Hero arrives (11.11).".to_owned()
        });
        return false;
    };
    state.heroes[h].loc = HeroLoc::On(unit);
    state.heroes[h].inspired = false;
    let (hero, name) = (state.hero_name(h).to_owned(), state.name(unit).to_owned());
    log.public(ARRIVAL, OmahaEvent::Note, || {
        format!("{hero}, a Hero, joins {name} (11.11).")
    });
    true
}

/// The driver's check (4.2): ask P-HERO-SACRIFICE for the next deferred loss. A unit that lost
/// its Hero meanwhile (killed by star fire, 11.4) loses the step after all. Returns whether the
/// prompt is showing.
pub(crate) fn ask_sacrifice(state: &mut Omaha, log: &mut OmahaLog) -> bool {
    if matches!(state.step, Step::HeroSacrifice { .. }) {
        return true;
    }
    while let Some(&unit) = state.hero_pending.first() {
        let alive = state
            .us
            .get(usize::from(unit))
            .is_some_and(|u| u.loc != UsLoc::Eliminated);
        if alive && has_hero(state, unit) {
            state.hero_resume = state.step;
            state.step = Step::HeroSacrifice { unit };
            return true;
        }
        state.hero_pending.remove(0);
        if alive {
            state.eliminate(unit, SACRIFICE, log);
        }
    }
    false
}

/// P-HERO-SACRIFICE answered: the Hero dies and flips to Inspired, the unit keeps its step
/// (11.14, 11.15); or the unit is eliminated.
pub(crate) fn answer_sacrifice(state: &mut Omaha, sacrifice: bool, log: &mut OmahaLog) {
    let Step::HeroSacrifice { unit } = state.step else {
        return;
    };
    state.hero_pending.retain(|&u| u != unit);
    state.step = state.hero_resume;
    let name = state.name(unit).to_owned();
    match state.hero_with(unit) {
        Some(h) if sacrifice => {
            state.heroes[h].inspired = true;
            let hero = state.hero_name(h).to_owned();
            log.public(SACRIFICE, OmahaEvent::Note, || {
                format!("{hero} is sacrificed: {name} survives with one step; the marker turns to Inspired (11.14, 11.15).")
            });
        }
        _ => state.eliminate(unit, SACRIFICE, log),
    }
}

/// 11.4: Heroes a star colour of position `p` may hit: with a unit in an Intense or Moderate
/// hex of its fire field; (distance, marker, unit).
pub(crate) fn star_targets(state: &Omaha, p: PosId) -> Vec<(u32, usize, UsId)> {
    let index = &state.data.index;
    let Some(pos) = index.positions.get(usize::from(p)) else {
        return Vec::new();
    };
    state
        .heroes
        .iter()
        .enumerate()
        .filter(|(_, h)| !h.inspired)
        .filter_map(|(i, h)| {
            let HeroLoc::On(unit) = h.loc else {
                return None;
            };
            let UsLoc::Hex(hex) = state.us.get(usize::from(unit))?.loc else {
                return None;
            };
            let level = index.hexes[usize::from(hex)]
                .fire
                .iter()
                .find(|(q, _)| *q == p)?
                .1;
            let distance = pos
                .slots
                .iter()
                .map(|&s| index.distance(index.slots[usize::from(s)].hex, hex))
                .min()
                .unwrap_or(u32::MAX);
            matches!(level, FireLevel::Intense | FireLevel::Moderate).then_some((distance, i, unit))
        })
        .collect()
}

/// 11.4: a Hero hit by star fire is killed: the marker flips to Inspired and stays (11.15).
pub(crate) fn kill(state: &mut Omaha, hero: usize, log: &mut OmahaLog) {
    let Some(h) = state.heroes.get_mut(hero) else {
        return;
    };
    h.inspired = true;
    let name = state.hero_name(hero).to_owned();
    log.public(KILLED, OmahaEvent::Note, || {
        format!(
            "{name}, a Hero, is killed by German fire; the marker turns to Inspired (11.4, 11.15)."
        )
    });
}
