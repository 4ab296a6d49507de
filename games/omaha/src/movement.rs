//! US movement (rule 7), as the Action Phase, the extended game's moves and combat ask it: who
//! acts for free (7.1, with the answers kept for one Action-Phase list), a unit's crossing into an
//! adjacent hex under the Terrain Effects Chart (7.3, T5a, with Engineer Bases 19.3), the hexes a
//! move may enter (7.31), infiltration (7.32), self-preservation (7.1, 22.1, 23.6) and moves
//! across the sector line (7.22). The Action Phase itself (what may be done, and doing it) is
//! [`crate::actions`]'.

use crate::action::{DrawFor, OmahaEvent, OmahaLog};
use crate::data::{Division, FireLevel, UsKind, tide_of_turn};
use crate::index::{HexId, MAX_POSITIONS, PosSet, UsCounter, UsId};
use crate::state::{GerLoc, Omaha, Step, UsFlags, UsLoc};
use crate::tables::terrain::{Crossing, Mover};
use overlord_engine::RuleId;
use std::cell::Cell;

pub const FREE: RuleId = RuleId("7.1");
pub const GROUP: RuleId = RuleId("7.21");
pub const SECTOR_LINE: RuleId = RuleId("7.22");
pub const MOVE: RuleId = RuleId("7.3");
pub const NO_GERMAN_HEX: RuleId = RuleId("7.31");
pub const INFILTRATION: RuleId = RuleId("7.32");
pub const COMMAND_MOVED: RuleId = RuleId("7.33");
pub const TERRAIN: RuleId = RuleId("T5");

/// Where the Germans stand, gathered once for questions asked of many hexes and moves: which
/// hexes hold a German unit (7.31) and which positions are manned by a non-disrupted one (7.32).
pub(crate) struct Occupancy {
    german_hexes: Vec<bool>,
    pub(crate) manned: PosSet,
    /// A German tank is on the map (23.3: its field is worked out when asked).
    tanks: bool,
    /// 23.3: the strongest point each hex gets from a non-disrupted tank's field (empty while
    /// no such tank is on the map), for the moves that stop in a field (17.1, 17.2).
    tank_fire: Vec<Option<FireLevel>>,
}

impl Occupancy {
    pub(crate) fn of(state: &Omaha) -> Occupancy {
        let index = &state.data.index;
        let mut german_hexes = vec![false; index.hexes.len()];
        let mut manned: PosSet = 0;
        let mut tanks = false;
        for g in &state.germans {
            match g.loc {
                GerLoc::Slot(s) => {
                    if let Some(slot) = index.slots.get(usize::from(s)) {
                        german_hexes[usize::from(slot.hex)] = true;
                        if !g.disrupted && usize::from(slot.position) < MAX_POSITIONS {
                            manned |= 1 << slot.position;
                        }
                    }
                }
                // 23: German tanks hold their hexes (7.31) and infiltrate with their fields
                // (23.3).
                GerLoc::Hex(h) => {
                    if let Some(x) = german_hexes.get_mut(usize::from(h)) {
                        *x = true;
                    }
                    tanks = true;
                }
                GerLoc::Pool(_) | GerLoc::OutOfPlay => {}
            }
        }
        Occupancy {
            german_hexes,
            manned,
            tanks,
            tank_fire: if tanks { tank_fire(state) } else { Vec::new() },
        }
    }

    /// 23.3 with 17.1 and 17.2: whether a non-disrupted German tank's field puts an Intense
    /// point (or, with `or_moderate`, a Moderate one) in `hex`, as a manned position's would.
    pub(crate) fn tank_fire_in(&self, hex: HexId, or_moderate: bool) -> bool {
        match self.tank_fire.get(usize::from(hex)).copied().flatten() {
            Some(FireLevel::Intense) => true,
            Some(FireLevel::Moderate) => or_moderate,
            _ => false,
        }
    }

    pub(crate) fn german_in(&self, hex: HexId) -> bool {
        self.german_hexes[usize::from(hex)]
    }

    /// 7.32: the occupied, non-disrupted positions adjacent to both hexes with fire points in
    /// both; a move between them is an infiltration when this is not empty.
    pub(crate) fn infiltrators(&self, state: &Omaha, from: HexId, to: HexId) -> PosSet {
        let positions = self.manned & infiltration_reach(state, from, to);
        // 23.3, 7.32: a non-disrupted tank adjacent to both hexes with both in its field, as
        // its bit above the positions.
        if self.tanks {
            positions | crate::tanks::infiltrating_tanks(state, from, to)
        } else {
            positions
        }
    }
}

/// 23.3: per hex, the strongest point of the fields of the non-disrupted German tanks on the
/// map (6.4: a disrupted unit projects no field).
fn tank_fire(state: &Omaha) -> Vec<Option<FireLevel>> {
    let mut out = vec![None; state.data.index.hexes.len()];
    for (g, h) in state.tanks_on_map() {
        if state.germans[usize::from(g)].disrupted {
            continue;
        }
        for (f, level) in crate::tanks::field(state, h) {
            if let Some(x) = out.get_mut(usize::from(f)) {
                // Intense < Moderate < Sporadic in the enum's order: keep the strongest.
                *x = Some(x.map_or(level, |old: FireLevel| old.min(level)));
            }
        }
    }
    out
}

/// 7.32: the positions adjacent to both hexes with fire points in both, manned or not.
fn infiltration_reach(state: &Omaha, from: HexId, to: HexId) -> PosSet {
    let (a, b) = (
        &state.data.index.hexes[usize::from(from)],
        &state.data.index.hexes[usize::from(to)],
    );
    a.adjacent_positions & b.adjacent_positions & a.fired_on_by & b.fired_on_by
}

/// [`Occupancy::infiltrators`] for one move: the moves themselves ask once, so the German
/// units are looked at only when some position is in reach, and no hex is gathered.
pub(crate) fn infiltrators(state: &Omaha, from: HexId, to: HexId) -> PosSet {
    let reach = infiltration_reach(state, from, to);
    let manned = if reach == 0 {
        0
    } else {
        crate::control::manned_positions(state)
    };
    // 23.3, 7.32: as in `Occupancy::infiltrators` (no tank on the map adds none).
    (manned & reach) | crate::tanks::infiltrating_tanks(state, from, to)
}

/// How a unit may cross into an adjacent hex (T5a via `tables::terrain`, 7.3–7.5).
pub fn crossing(state: &Omaha, unit: UsId, from: HexId, to: HexId) -> Crossing {
    let index = &state.data.index;
    let (Some(hex), Some(mover)) = (index.hexes.get(usize::from(from)), mover(state, unit)) else {
        return Crossing::Prohibited;
    };
    hex.neighbours
        .iter()
        .position(|&n| n == to)
        .map_or(Crossing::Prohibited, |slot| {
            crossing_at(state, from, slot, mover)
        })
}

/// The T5a column of `unit` (`None` for an id out of range).
pub(crate) fn mover(state: &Omaha, unit: UsId) -> Option<Mover> {
    Some(match state.data.index.us.get(usize::from(unit))?.counter {
        UsCounter::Hq => Mover::Hq,
        UsCounter::General => Mover::General,
        UsCounter::Unit(kind) if kind.infantry() => Mover::Infantry,
        UsCounter::Unit(_) => Mover::Other,
    })
}

/// [`crossing`] into the neighbour in position `slot` of `from`'s `neighbours`, for loops that
/// already walk them. Engineer Bases arrive with the extended game (19); none exist in turns
/// 1-16, so the table worked out without them (`HexInfo::crossings`) answers.
#[inline]
pub(crate) fn crossing_at(state: &Omaha, from: HexId, slot: usize, mover: Mover) -> Crossing {
    if mover == Mover::Other && !state.bases.is_empty() {
        return crossing_near_bases(state, from, slot, mover);
    }
    state
        .data
        .index
        .hexes
        .get(usize::from(from))
        .and_then(|hex| hex.crossings.get(slot))
        .map_or(Crossing::Prohibited, |c| c[mover.column()])
}

/// [`crossing_at`] for an "other unit" once Engineer Bases stand (extended game only, so kept
/// out of the Action-Phase list's inner loop).
#[cold]
fn crossing_near_bases(state: &Omaha, from: HexId, slot: usize, mover: Mover) -> Crossing {
    // 19.3, 19.31, 19.34: within an Engineer Base's range shingle, AT walls and ditches and
    // mined roads stop no unit (they only stop "other units"); seawalls still do.
    let index = &state.data.index;
    let Some(info) = index.hexes.get(usize::from(from)) else {
        return Crossing::Prohibited;
    };
    let (Some(&to), Some(edge)) = (info.neighbours.get(slot), info.edges.get(slot)) else {
        return Crossing::Prohibited;
    };
    let Some(feature) = index.hexes.get(usize::from(to)).map(|h| h.feature) else {
        return Crossing::Prohibited;
    };
    let entered = crate::engineer_bases::in_range(state, to);
    let sides = entered || crate::engineer_bases::in_range(state, from);
    crate::tables::terrain::step_crossing(mover, feature, &edge.sides, edge.road, entered, sides)
}

/// 7.31, 5.21: a hex any move may enter: no German unit in it, and not under water (the tide,
/// or the open sea, T5).
pub(crate) fn enterable(state: &Omaha, occupancy: &Occupancy, to: HexId) -> bool {
    let hex = &state.data.index.hexes[usize::from(to)];
    !occupancy.german_in(to)
        && !crate::landing::under_water(hex.ground, hex.tide, tide_of_turn(state.turn))
}

/// Whether `unit` may take a free action now (7.1): a leader, a Ranger, a unit under command of
/// an HQ or General that has not moved this phase (7.33, AMB-13), or a Hero's unit.
pub(crate) fn free(state: &Omaha, unit: UsId) -> bool {
    free_given(state, unit, || crate::heroes::free_action(state, unit))
}

/// [`free`], with `hero` answering whether the unit carries a Hero (or Inspired) marker.
fn free_given(state: &Omaha, unit: UsId, hero: impl FnOnce() -> bool) -> bool {
    let info = &state.data.index.us[usize::from(unit)];
    let u = &state.us[usize::from(unit)];
    info.is_leader()
        || info.kind() == Some(UsKind::Ranger)
        // 11.12, 11.15: a Hero's (or Inspired) unit.
        || hero()
        || (u.flags.has(UsFlags::COMMANDED) && crate::command::commanded(state, unit, false))
}

/// A yes-or-no question about units asked many times within one Action-Phase list: each unit's
/// answer is worked out at its first question, then kept. Units are `u8`, so 256 bits hold them.
#[derive(Default)]
pub(crate) struct UnitAnswers {
    asked: [Cell<u64>; 4],
    yes: [Cell<u64>; 4],
}

impl UnitAnswers {
    /// `unit`'s kept answer, or `work_out()`'s, kept for the next question.
    pub(crate) fn get(&self, unit: UsId, work_out: impl FnOnce() -> bool) -> bool {
        let (word, bit) = (usize::from(unit / 64), 1u64 << (unit % 64));
        if self.asked[word].get() & bit != 0 {
            return self.yes[word].get() & bit != 0;
        }
        let answer = work_out();
        self.asked[word].set(self.asked[word].get() | bit);
        if answer {
            self.yes[word].set(self.yes[word].get() | bit);
        }
        answer
    }
}

/// [`free`]'s answers within one Action-Phase list, whose moves, pairs and combat entries ask
/// it of the same units. The units with a Hero are found once for all of them.
pub(crate) struct FreeAnswers {
    heroes: [u64; 4],
    free: UnitAnswers,
}

impl FreeAnswers {
    pub(crate) fn new(state: &Omaha) -> FreeAnswers {
        let mut heroes = [0u64; 4];
        for unit in crate::heroes::units_acting_free(state) {
            heroes[usize::from(unit / 64)] |= 1 << (unit % 64);
        }
        FreeAnswers {
            heroes,
            free: UnitAnswers::default(),
        }
    }

    pub(crate) fn free(&self, state: &Omaha, unit: UsId) -> bool {
        self.free.get(unit, || {
            let hero = self.heroes[usize::from(unit / 64)] & (1 << (unit % 64)) != 0;
            free_given(state, unit, || hero)
        })
    }
}

/// 7.1: an infantry move from beach to an adjacent beach hex closer to a protective hex; 22.1
/// and 23.6 add theirs.
pub(crate) fn self_preservation(state: &Omaha, unit: UsId, from: HexId, to: HexId) -> bool {
    let index = &state.data.index;
    let infantry = index.us[usize::from(unit)]
        .kind()
        .is_some_and(UsKind::infantry);
    let beach = |h: HexId| index.hexes[usize::from(h)].ground == crate::index::Ground::Beach;
    let basic = infantry
        && beach(from)
        && beach(to)
        && protective_distance(state, to) < protective_distance(state, from);
    // 22.1: also a move into a beach or flat hex in no occupied German position's fire field,
    // disrupted positions included.
    let extended = || {
        state.options.effective_bombardment
            && infantry
            && matches!(
                index.hexes[usize::from(to)].ground,
                crate::index::Ground::Beach | crate::index::Ground::Flat
            )
            && !crate::control::in_german_fire_field(state, to, true)
    };
    // 23.6: infantry adjacent to and in the field of a German tank moves away for free.
    basic || extended() || crate::tanks::self_preservation(state, unit, from, to)
}

/// Whether `unit` could make any [`self_preservation`] move out of `from`: all three kinds
/// are infantry's, the basic one (7.1) leaves a beach hex, and 22.1 and 23.6 are options (23.6
/// only for a unit marked beside a German tank).
pub(crate) fn may_self_preserve_from(state: &Omaha, unit: UsId, from: HexId) -> bool {
    let index = &state.data.index;
    let infantry = index.us[usize::from(unit)]
        .kind()
        .is_some_and(UsKind::infantry);
    infantry
        && (index.hexes[usize::from(from)].ground == crate::index::Ground::Beach
            || state.options.effective_bombardment
            || (state.options.german_armor
                && state.us[usize::from(unit)].flags.has(UsFlags::NEAR_TANK)))
}

/// Distance to the nearest protective hex (AMB-12), precomputed in the index.
fn protective_distance(state: &Omaha, hex: HexId) -> u32 {
    state
        .data
        .index
        .hexes
        .get(usize::from(hex))
        .map_or(u32::MAX, |h| h.protective_distance)
}

/// Whether `unit` is commanded by the acting `division` (7.2, 5.22).
pub(crate) fn own(state: &Omaha, unit: UsId, division: Division) -> bool {
    state.us[usize::from(unit)].command == division
}

/// 7.22: a move between hexes of different sectors crosses the East/West line.
pub(crate) fn across(state: &Omaha, from: HexId, to: HexId) -> bool {
    let hexes = &state.data.index.hexes;
    hexes[usize::from(from)].sector != hexes[usize::from(to)].sector
}

/// 7.22: say which division's Action Phase moved a unit of the other division across the line
/// (free or paid from `division`'s actions). Its command does not change (solo game; see
/// docs/omaha/interpretations.md).
pub(crate) fn log_paid_by_other(
    state: &Omaha,
    units: &[UsId],
    division: Division,
    log: &mut OmahaLog,
) {
    for &unit in units {
        if own(state, unit, division) {
            continue;
        }
        let name = state.name(unit).to_owned();
        let command = state.us[usize::from(unit)].command;
        log.public(SECTOR_LINE, OmahaEvent::Note, || {
            format!(
                "{name} ({command} Division) crosses the sector line in the {division} Division's actions (7.22)."
            )
        });
    }
}

/// 7.32: draw one Fire card for a move of `units` (one unit, or two moving together, 7.21) from
/// `from` to `to`; a unit loses a step if the card shows its symbol and a qualifying colour (a
/// double square counts only against a position with a depth marker). Leaders have no target
/// symbol and are never hit: they infiltrate only with another unit. Returns `true` when the
/// move stops here: every unit was eliminated, or a step was lost and the player now chooses,
/// for the units left, to complete the move or stay (P-INFILTRATE-DONE).
pub(crate) fn infiltrate(
    state: &mut Omaha,
    units: &[UsId],
    from: HexId,
    to: HexId,
    log: &mut OmahaLog,
) -> bool {
    let positions = infiltrators(state, from, to);
    let Some(card) = state.draw_card(DrawFor::Infiltration, log) else {
        return false;
    };
    let index = &state.data.index;
    let Some(fire) = state.data.card(card).and_then(|c| c.fire.clone()) else {
        return false;
    };
    let hit: Vec<UsId> = units
        .iter()
        .copied()
        .filter(|&u| index.us[usize::from(u)].symbol == Some(fire.target))
        .collect();
    if hit.is_empty() {
        return false;
    }
    let qualifies = (0..index.positions.len().min(MAX_POSITIONS)).any(|p| {
        let pos = &index.positions[p];
        if positions & (1 << p) == 0 {
            return false;
        }
        let has_depth = state.germans.iter().any(|g| {
            g.depth.is_some() && matches!(g.loc, GerLoc::Slot(s) if pos.slots.contains(&s))
        });
        fire.icons
            .iter()
            .any(|i| i.colour == pos.colour && (has_depth || !i.double))
    }) || crate::tanks::tank_infiltration_qualifies(state, positions, &fire.icons);
    if !qualifies {
        return false;
    }
    for unit in hit {
        state.lose_step(unit, INFILTRATION, log);
    }
    let mut left = units
        .iter()
        .copied()
        .filter(|&u| state.us[usize::from(u)].loc == UsLoc::Hex(from));
    if let Some(unit) = left.next()
        && let Step::Actions {
            division,
            left: actions_left,
            second,
        } = state.step
    {
        state.step = Step::Infiltration {
            unit,
            with: left.next(),
            to,
            division,
            left: actions_left,
            second,
        };
    }
    true
}
