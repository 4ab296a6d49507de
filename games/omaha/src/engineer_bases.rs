//! Engineer Bases (rule 19, extended game) and the US Engineer and HQ Phase (15 V): placing a
//! base (19.1), advancing its range (19.2, 19.21), the hexes and hexsides its range covers
//! (19.31, 19.32), what it does there (19.3: Garrison markers, cleared shingle, AT walls and
//! ditches and mined roads, traffic management), German artillery stopping it (19.33) and the
//! seawall it cannot help with (19.34, in `tables::terrain::hexside_crossing`).
//!
//! The phase: CP ranges advance (18.2, automatic), then P-ENG-BASE for the 1st and the 29th
//! Division (skipped when neither placing nor advancing is possible), then Garrison markers
//! (automatic), then P-CP (skipped when no HQ may become a CP), then the Action Phase.

use crate::action::{OmahaEvent, OmahaLog};
use crate::data::{Division, Sector, tide_of_turn};
use crate::index::{Ground, HexId, MAX_POSITIONS, PosId, PosSet, UsId};
use crate::state::{EngineerBase, GerLoc, Omaha, Step, UsLoc};
use overlord_engine::RuleId;

pub const PHASE: RuleId = RuleId("15-V");
pub const ESTABLISH: RuleId = RuleId("19.1");
pub const ADVANCE: RuleId = RuleId("19.2");
pub const LIMITS: RuleId = RuleId("19.21");
pub const CAPABILITIES: RuleId = RuleId("19.3");
pub const GARRISON: RuleId = RuleId("19.3-GARRISON");
pub const TRAFFIC: RuleId = RuleId("19.3-TRAFFIC");
pub const RANGE: RuleId = RuleId("19.31");
pub const NOT_UNDER_FIRE: RuleId = RuleId("19.32");
pub const ARTILLERY: RuleId = RuleId("19.33");
pub const SEAWALL: RuleId = RuleId("19.34");

/// 19: two bases per division.
pub const BASES_PER_DIVISION: usize = 2;

fn sector_of(state: &Omaha, hex: HexId) -> Sector {
    state
        .data
        .index
        .hexes
        .get(usize::from(hex))
        .map_or(Sector::East, |h| h.sector)
}

/// 19.2: the range a base's marker shows on the Engineer Range track.
pub fn base_range(state: &Omaha, base: &EngineerBase) -> u8 {
    let spaces = &state.data.tracks.engineer_range.spaces;
    spaces
        .get(usize::from(base.space))
        .or(spaces.last())
        .copied()
        .unwrap_or(0)
}

/// 19.31, 19.32: whether `base`'s range covers `hex`: within its range of the base hex, and not
/// in the fire field of an occupied German position (disrupted or not), however far the range.
pub fn covers(state: &Omaha, base: &EngineerBase, hex: HexId) -> bool {
    let index = &state.data.index;
    usize::from(hex) < index.hexes.len()
        && index.distance(base.hex, hex) <= u32::from(base_range(state, base))
        && !crate::control::in_german_fire_field(state, hex, true)
}

/// 20.3, AMB-29, 19.3: whether the German obstacles of draw `region` (its index among the map's
/// regions, as `victory::draws` gives it) are all cleared: every AT wall or ditch hexside and
/// every mined road step of its hexes lies in some Engineer Base's range (a hexside is in range
/// when either of its hexes is, 19.31). A draw without obstacles has nothing to clear.
pub fn draw_cleared(state: &Omaha, region: usize) -> bool {
    let data = &state.data;
    let Some(r) = data.map.regions().get(region) else {
        return false;
    };
    let index = &data.index;
    r.hexes
        .iter()
        .filter_map(|&h| data.map.index(h).and_then(|h| HexId::try_from(h).ok()))
        .all(|h| {
            let Some(info) = index.hexes.get(usize::from(h)) else {
                return true;
            };
            info.neighbours.iter().zip(&info.edges).all(|(&n, edge)| {
                let obstacle = edge.road == crate::tables::terrain::Road::Mined
                    || edge
                        .sides
                        .contains(&crate::tables::terrain::Hexside::AtDitch);
                !obstacle || in_range(state, h) || in_range(state, n)
            })
        })
}

/// 19.3, 19.31: whether some Engineer Base's range covers `hex` (its hexsides too: a step
/// crosses a hexside in range when either of its hexes is).
pub fn in_range(state: &Omaha, hex: HexId) -> bool {
    state.bases.iter().any(|b| covers(state, b, hex))
}

/// 19.33: a base of this sector may not advance its range nor manage traffic this turn: German
/// artillery fire occurred in its sector (AMB-30), or German Artillery Limits Engineer
/// Operations is in force.
pub fn blocked(state: &Omaha, sector: Sector) -> bool {
    state.engineers_limited
        || state
            .artillery_fired
            .get(sector.slot())
            .copied()
            .unwrap_or(false)
}

/// Whether `hex` is in the potential fire field of a position of `positions`, occupied or not:
/// for 19.1 (seed: "a German position, occupied or not, that has a line of communication") the
/// positions with German LOC (12.2, [`crate::control::german_loc_set`], worked out once by the
/// caller); for 19.2 every position.
fn in_potential_field_of(state: &Omaha, hex: HexId, positions: PosSet) -> bool {
    state
        .data
        .index
        .hexes
        .get(usize::from(hex))
        .is_none_or(|info| info.fired_on_by & positions != 0)
}

/// 19.1, 19.21: the beach hexes where `division` may place a new base now: a beach hex of its
/// sector, above the tide (5.21), without a base, outside the potential fire field of every
/// German position with LOC; the division has fewer than two bases; not while German Artillery
/// Limits Engineer Operations is in force (19.33).
pub fn placeable(state: &Omaha, division: Division) -> Vec<HexId> {
    if state.engineers_limited
        || state
            .bases
            .iter()
            .filter(|b| b.division == division)
            .count()
            >= BASES_PER_DIVISION
    {
        return Vec::new();
    }
    let tide = tide_of_turn(state.turn);
    let index = &state.data.index;
    let loc = crate::control::german_loc_set(state);
    (0..index.hexes.len() as HexId)
        .filter(|&h| {
            let info = &index.hexes[usize::from(h)];
            info.ground == Ground::Beach
                && info.sector == division.sector()
                && !crate::landing::submerged(info.tide, tide)
                && !state.bases.iter().any(|b| b.hex == h)
                && !in_potential_field_of(state, h, loc)
        })
        .collect()
}

/// 19.2, 19.33: the bases of `division` whose marker may advance now: not at the end of the
/// track, the base hex outside the potential fire field of every German position, no German
/// artillery fire in its sector this turn.
pub fn advanceable(state: &Omaha, division: Division) -> Vec<HexId> {
    let last = state
        .data
        .tracks
        .engineer_range
        .spaces
        .len()
        .saturating_sub(1);
    state
        .bases
        .iter()
        .filter(|b| b.division == division && usize::from(b.space) < last)
        .filter(|b| !blocked(state, sector_of(state, b.hex)))
        // 19.2: the seed names "una posizione Tedesca" with no exception; unlike 19.1 it does
        // not spare a position cut from its line of communication, so every position counts.
        .filter(|b| !in_potential_field_of(state, b.hex, PosSet::MAX))
        .map(|b| b.hex)
        .collect()
}

/// 15 V: the phase begins. CP ranges advance first (18.2), then P-ENG-BASE.
pub fn begin(state: &mut Omaha, log: &mut OmahaLog) {
    log.public(PHASE, OmahaEvent::Note, || {
        "The US Engineer and HQ Phase (15 V).".to_owned()
    });
    crate::command_posts::advance_ranges(state, log);
    state.step = Step::EngineerBase {
        division: Division::First,
    };
}

/// The driver's pass over a step of this phase: `true` when it needs the player's answer.
pub fn run_step(state: &mut Omaha, log: &mut OmahaLog) -> bool {
    match state.step {
        Step::EngineerHq => {
            begin(state, log);
            false
        }
        Step::EngineerBase { division } => {
            let playing = state.in_play(division.sector());
            if playing
                && (!placeable(state, division).is_empty()
                    || !advanceable(state, division).is_empty())
            {
                return true;
            }
            next_division(state, division, log);
            false
        }
        Step::CommandPosts(division) => {
            if crate::command_posts::establishable(state, division).is_empty() {
                crate::command_posts::done(state);
                return false;
            }
            true
        }
        _ => false,
    }
}

/// After `division`'s P-ENG-BASE: the other division, or Garrisons and P-CP.
fn next_division(state: &mut Omaha, division: Division, log: &mut OmahaLog) {
    state.step = match division {
        Division::First => Step::EngineerBase {
            division: Division::TwentyNinth,
        },
        Division::TwentyNinth => {
            place_garrisons(state, log);
            Step::CommandPosts(Division::First)
        }
    };
}

/// P-ENG-BASE answered with a placement (19.1): the base's marker goes on "0".
pub fn place(state: &mut Omaha, hex: HexId, log: &mut OmahaLog) {
    let Step::EngineerBase { division } = state.step else {
        return;
    };
    state.bases.push(EngineerBase {
        division,
        hex,
        space: 0,
    });
    let label = label(state, hex);
    log.public(ESTABLISH, OmahaEvent::Note, || {
        format!("The {division} Division establishes an Engineer Base in {label}, range 0 (19.1).")
    });
    next_division(state, division, log);
}

/// P-ENG-BASE answered with an advance (19.2, 19.21): the base's marker moves one space.
pub fn advance(state: &mut Omaha, hex: HexId, log: &mut OmahaLog) {
    let Step::EngineerBase { division } = state.step else {
        return;
    };
    if let Some(i) = state
        .bases
        .iter()
        .position(|b| b.hex == hex && b.division == division)
    {
        state.bases[i].space += 1;
        let base = state.bases[i];
        let value = base_range(state, &base);
        let label = label(state, hex);
        log.public(ADVANCE, OmahaEvent::Note, || {
            format!("The Engineer Base in {label} extends its range to {value} (19.2).")
        });
    }
    next_division(state, division, log);
}

/// P-ENG-BASE answered: neither place nor advance (19.21).
pub fn skip(state: &mut Omaha, log: &mut OmahaLog) {
    let Step::EngineerBase { division } = state.step else {
        return;
    };
    log.public(LIMITS, OmahaEvent::Note, || {
        format!("The {division} Division neither places nor advances an Engineer Base (19.21).")
    });
    next_division(state, division, log);
}

/// 19.3: a Garrison marker in each unoccupied German position with a hex in some base's range
/// (which already leaves out fire fields of occupied positions, 19.32). Automatic: a Garrison
/// never costs the player anything.
pub fn place_garrisons(state: &mut Omaha, log: &mut OmahaLog) {
    let index = &state.data.index;
    let mut placed = Vec::new();
    for p in 0..index.positions.len().min(MAX_POSITIONS) {
        if state.garrisons & (1 << p) != 0 {
            continue;
        }
        let pos = &index.positions[p];
        let occupied = state
            .germans
            .iter()
            .any(|g| matches!(g.loc, GerLoc::Slot(s) if pos.slots.contains(&s)));
        let reached = pos
            .slots
            .iter()
            .filter_map(|&s| index.slots.get(usize::from(s)))
            .any(|s| in_range(state, s.hex));
        if !occupied && reached {
            placed.push(p);
        }
    }
    for p in placed {
        state.garrisons |= 1 << p;
        let name = state.data.index.positions[p].name.clone();
        log.public(GARRISON, OmahaEvent::Note, || {
            format!("A US Garrison marker occupies {name} (19.3).")
        });
    }
}

/// 19.3: whether position `pos` holds a US Garrison marker: German units may not appear there
/// (re-occupy, reinforcements); it scores as a controlled position at the end.
pub(crate) fn garrisoned(state: &Omaha, pos: PosId) -> bool {
    usize::from(pos) < MAX_POSITIONS && state.garrisons & (1 << pos) != 0
}

/// 19.3, 19.33 (traffic management): `unit` starts its move on a beach or flat hex within the
/// range of a base that may manage traffic this turn, so its Move action is free.
pub fn traffic_managed(state: &Omaha, unit: UsId) -> bool {
    if state.bases.is_empty() {
        return false;
    }
    let Some(UsLoc::Hex(at)) = state.us.get(usize::from(unit)).map(|u| u.loc) else {
        return false;
    };
    let index = &state.data.index;
    let low = index
        .hexes
        .get(usize::from(at))
        .is_some_and(|h| matches!(h.ground, Ground::Beach | Ground::Flat));
    low && state
        .bases
        .iter()
        .any(|b| !blocked(state, sector_of(state, b.hex)) && covers(state, b, at))
}

fn label(state: &Omaha, hex: HexId) -> String {
    state.data.index.label(hex)
}
