//! German units, depth markers and reinforcements (rule 9): revealing (9.1), adding a depth
//! marker (9.2–9.24, SYS-DEPTH), event reinforcements (9.3–9.34 with 11.31, SYS-REINF), the
//! tactical reinforcement a WN depth marker triggers (9.4–9.42, SYS-WNTR), Kampfgruppe Meyer
//! (9.5) and the Improved German reaction variant (22.4).
//!
//! The log names a German counter only once it is face-up: a face-down unit is its back (`T`,
//! `D`) and its position, a face-down marker its kind (6.3).

use crate::action::{OmahaEvent, OmahaLog};
use crate::data::Sector;
use crate::index::{DepthId, GerId, GerKind, HexId, PosId, PosKind, SlotId, UsCounter};
use crate::state::{DepthLoc, DepthPool, GerLoc, GerPool, Omaha, UsLoc};
use overlord_engine::RuleId;

pub const REVEAL: RuleId = RuleId("9.1");
pub const DEPTH: RuleId = RuleId("9.2");
pub const DEPTH_BOX: RuleId = RuleId("9.21");
pub const DEPTH_AGAIN: RuleId = RuleId("9.22");
pub const HERO_DEPTH: RuleId = RuleId("9.23");
pub const RUNNING_OUT: RuleId = RuleId("9.24");
pub const REINFORCEMENTS: RuleId = RuleId("9.3");
pub const DIVISION_BOX: RuleId = RuleId("9.31");
pub const WHERE_NOT: RuleId = RuleId("9.32");
pub const REINFORCEMENT_LOC: RuleId = RuleId("9.33");
pub const NO_UNITS: RuleId = RuleId("9.34");
pub const TACTICAL: RuleId = RuleId("9.4");
pub const TACTICAL_NO_ID: RuleId = RuleId("9.41");
pub const TACTICAL_BOX: RuleId = RuleId("9.42");
pub const MEYER: RuleId = RuleId("9.5");
pub const IMPROVED: RuleId = RuleId("22.4");

/// The other sector.
pub(crate) fn other(sector: Sector) -> Sector {
    match sector {
        Sector::East => Sector::West,
        Sector::West => Sector::East,
    }
}

/// The slot a German unit is in.
fn slot_of(state: &Omaha, g: GerId) -> Option<SlotId> {
    match state.germans.get(usize::from(g))?.loc {
        GerLoc::Slot(s) => Some(s),
        _ => None,
    }
}

/// The position a German unit is in.
pub(crate) fn position_of(state: &Omaha, g: GerId) -> Option<PosId> {
    let s = slot_of(state, g)?;
    state
        .data
        .index
        .slots
        .get(usize::from(s))
        .map(|s| s.position)
}

fn slot_name(state: &Omaha, s: SlotId) -> String {
    state
        .data
        .index
        .slots
        .get(usize::from(s))
        .map_or_else(|| "?".to_owned(), |s| s.name.clone())
}

/// What the player sees of a unit's back (2.2.1).
fn back(state: &Omaha, g: GerId) -> &'static str {
    match state.data.index.germans.get(usize::from(g)).map(|x| x.kind) {
        Some(GerKind::Wn(_)) => "WN",
        Some(GerKind::Tactical) => "T",
        Some(GerKind::Divisional) => "D",
        Some(GerKind::Meyer) => "M",
        Some(GerKind::Tank) => "tank",
        _ => "?",
    }
}

/// The hexes of "US units" for the 9.2 and 9.3 distances: every US counter on the map but a
/// General, who controls and holds nothing (11.31, AMB-80). Heroes are markers, not counters.
pub(crate) fn us_hexes(state: &Omaha) -> Vec<HexId> {
    let index = &state.data.index;
    let mut out: Vec<HexId> = state
        .us
        .iter()
        .enumerate()
        .filter(|(i, _)| index.us[*i].counter != UsCounter::General)
        .filter_map(|(_, u)| match u.loc {
            UsLoc::Hex(h) => Some(h),
            _ => None,
        })
        .collect();
    out.sort_unstable();
    out.dedup();
    out
}

/// Distance from `hex` to the nearest of `hexes` (`u32::MAX` without any).
fn nearest(state: &Omaha, hexes: &[HexId], hex: HexId) -> u32 {
    hexes
        .iter()
        .map(|&h| state.data.index.distance(h, hex))
        .min()
        .unwrap_or(u32::MAX)
}

/// Distance from the nearest hex of position `p` to the nearest of `hexes`.
fn position_distance(state: &Omaha, p: PosId, hexes: &[HexId]) -> u32 {
    let index = &state.data.index;
    index.positions[usize::from(p)]
        .slots
        .iter()
        .map(|&s| nearest(state, hexes, index.slots[usize::from(s)].hex))
        .min()
        .unwrap_or(u32::MAX)
}

/// The number of a position's ID: the WN number or the priority value; ID-less = 0 (9.2, 9.41).
fn id_number(state: &Omaha, p: PosId) -> u8 {
    match state.data.index.positions[usize::from(p)].kind {
        PosKind::Wn { number } => number,
        PosKind::Reinforcement { priority, .. } => priority,
    }
}

// ---------------------------------------------------------------------------------------------
// 9.1 Revealing.

/// 9.1: turn a German unit face-up (its depth marker stays as it is).
pub(crate) fn reveal(state: &mut Omaha, unit: GerId, log: &mut OmahaLog) {
    let Some(g) = state.germans.get_mut(usize::from(unit)) else {
        return;
    };
    if g.revealed {
        return;
    }
    g.revealed = true;
    // Undo never crosses what a reveal showed (invariant 5), as it never crosses a card.
    state.flips += 1;
    let at = slot_of(state, unit).map_or_else(|| "?".to_owned(), |s| slot_name(state, s));
    let (name, strength) = state
        .data
        .index
        .germans
        .get(usize::from(unit))
        .map_or(("?".to_owned(), 0), |x| (x.name.clone(), x.strength));
    log.public(REVEAL, OmahaEvent::Note, || {
        format!("The German unit in {at} is revealed: {name} (strength {strength}) (9.1).")
    });
}

/// 9.1, 9.4: an event reveals a unit with its depth marker (German Prisoner Talks, US Patrol
/// Report). A WN depth marker showing Tactical Reinforcement leaves play and brings a Tactical
/// unit face-up (9.4); the revealed unit itself is unaffected (AMB-16).
pub(crate) fn reveal_with_depth(state: &mut Omaha, unit: GerId, log: &mut OmahaLog) {
    reveal(state, unit, log);
    let Some(d) = state.germans.get(usize::from(unit)).and_then(|g| g.depth) else {
        return;
    };
    let Some(info) = state.data.index.depth.get(usize::from(d)).cloned() else {
        return;
    };
    if !state.depth[usize::from(d)].revealed {
        state.depth[usize::from(d)].revealed = true;
        state.flips += 1;
        log.public(REVEAL, OmahaEvent::Note, || {
            format!(
                "Its depth marker is revealed: {} (strength {}) (9.1).",
                info.name, info.strength
            )
        });
    }
    let Some(p) = position_of(state, unit) else {
        return;
    };
    let wn = matches!(
        state.data.index.positions[usize::from(p)].kind,
        PosKind::Wn { .. }
    );
    if wn && info.tactical_reinforcement {
        // 9.4 step 1 (AMB-15): the marker is removed from play.
        state.depth[usize::from(d)].loc = DepthLoc::OutOfPlay;
        state.germans[usize::from(unit)].depth = None;
        log.public(TACTICAL, OmahaEvent::Note, || {
            "The marker shows Tactical Reinforcement: it is removed from play (9.4, AMB-15)."
                .to_owned()
        });
        tactical_reinforcement(state, p, true, log);
    }
}

// ---------------------------------------------------------------------------------------------
// 9.2 Depth markers.

/// 9.21: the box a unit in position `p` draws its marker from.
fn depth_box(state: &Omaha, p: PosId) -> DepthPool {
    match state.data.index.positions[usize::from(p)].kind {
        PosKind::Wn { .. } => DepthPool::Wn,
        PosKind::Reinforcement { building: true, .. } => DepthPool::Building,
        PosKind::Reinforcement { .. } => DepthPool::Mobile,
    }
}

fn in_box(state: &Omaha, pool: DepthPool) -> Vec<DepthId> {
    state
        .depth
        .iter()
        .enumerate()
        .filter(|(_, d)| d.loc == DepthLoc::Pool(pool))
        .map(|(i, _)| i as DepthId)
        .collect()
}

/// 9.21: a marker drawn at random from `pool`.
fn draw_from(state: &mut Omaha, pool: DepthPool) -> Option<DepthId> {
    let members = in_box(state, pool);
    if members.is_empty() {
        return None;
    }
    let i = state.rng.pick(&members, |&d| u32::from(d), DEPTH_BOX);
    members.get(i).copied()
}

/// 9.24 with 22.4: a Mobile marker; the first time the box runs out under 22.4, five markers
/// removed from play come back to it.
fn draw_mobile(state: &mut Omaha, log: &mut OmahaLog) -> Option<DepthId> {
    if in_box(state, DepthPool::Mobile).is_empty()
        && state.options.improved_german_reaction
        && !state.mobile_refilled
    {
        state.mobile_refilled = true;
        let index = &state.data.index;
        let mut removed: Vec<DepthId> = state
            .depth
            .iter()
            .enumerate()
            .filter(|(i, d)| {
                d.loc == DepthLoc::OutOfPlay
                    && index.depth[*i].kind == crate::data::DepthKind::Mobile
            })
            .map(|(i, _)| i as DepthId)
            .collect();
        let mut back = 0;
        while back < 5 && !removed.is_empty() {
            let i = state.rng.pick(&removed, |&d| u32::from(d), IMPROVED);
            let d = removed.swap_remove(i.min(removed.len() - 1));
            state.depth[usize::from(d)] = crate::state::Depth {
                loc: DepthLoc::Pool(DepthPool::Mobile),
                revealed: false,
            };
            back += 1;
        }
        log.public(IMPROVED, OmahaEvent::Note, || {
            format!("The Mobile depth box is empty: {back} removed Mobile markers return to it, once per game (22.4).")
        });
    }
    draw_from(state, DepthPool::Mobile)
}

/// 9.21, 9.24: the marker a unit in position `p` receives. WN box empty: none here (the
/// caller re-chooses among reinforcement units, or, for one attacked unit, gives up: AMB-47);
/// Building box empty: Mobile; Mobile box empty: none.
fn marker_for(state: &mut Omaha, p: PosId, log: &mut OmahaLog) -> Option<DepthId> {
    match depth_box(state, p) {
        DepthPool::Wn => draw_from(state, DepthPool::Wn),
        DepthPool::Building => match draw_from(state, DepthPool::Building) {
            Some(d) => Some(d),
            None => {
                log.public(RUNNING_OUT, OmahaEvent::Note, || {
                    "The Building depth box is empty: a Mobile marker is drawn (9.24).".to_owned()
                });
                draw_mobile(state, log)
            }
        },
        _ => draw_mobile(state, log),
    }
}

/// Put marker `d` face-down under unit `g`.
fn put_under(state: &mut Omaha, g: GerId, d: DepthId, rule: RuleId, log: &mut OmahaLog) {
    state.depth[usize::from(d)] = crate::state::Depth {
        loc: DepthLoc::Under(g),
        revealed: false,
    };
    state.germans[usize::from(g)].depth = Some(d);
    let kind = format!("{:?}", state.data.index.depth[usize::from(d)].kind);
    let at = slot_of(state, g).map_or_else(|| "?".to_owned(), |s| slot_name(state, s));
    log.public(rule, OmahaEvent::Note, || {
        format!("A face-down {kind} depth marker is placed under the German unit in {at} ({rule}).")
    });
}

/// 9.2 key: nearest a US unit; single-hex WN, two-hex WN, reinforcement position; lowest ID;
/// lowest letter (N before S, zone A before B).
type DepthKey = (u32, u8, u8, String);

/// SYS-DEPTH: the units that may receive a marker in `sector` (any with `None`), best first,
/// LOC not yet checked.
fn depth_candidates(
    state: &Omaha,
    sector: Option<Sector>,
    reinforcement_only: bool,
) -> Vec<(DepthKey, GerId, PosId)> {
    let index = &state.data.index;
    let us = us_hexes(state);
    let mut out = Vec::new();
    for (g, german) in state.germans.iter().enumerate() {
        let GerLoc::Slot(s) = german.loc else {
            continue;
        };
        // INTERP (5.3 SYS-DEPTH): German tanks carry only Armor markers.
        if german.depth.is_some() || index.germans[g].kind == GerKind::Tank {
            continue;
        }
        let slot = &index.slots[usize::from(s)];
        let p = slot.position;
        let pos = &index.positions[usize::from(p)];
        if sector.is_some_and(|x| x != pos.sector) || !state.in_play(pos.sector) {
            continue;
        }
        let class = match pos.kind {
            PosKind::Wn { .. } if reinforcement_only => continue,
            PosKind::Wn { .. } if pos.slots.len() == 1 => 0,
            PosKind::Wn { .. } => 1,
            PosKind::Reinforcement { .. } => 2,
        };
        let key = (
            nearest(state, &us, slot.hex),
            class,
            id_number(state, p),
            slot.name.clone(),
        );
        out.push((key, g as GerId, p));
    }
    out.sort();
    out
}

/// The best candidate with LOC (9.2: "the unit must have a line of communication"; disrupted
/// units may receive one).
fn first_with_loc(
    state: &Omaha,
    candidates: Vec<(DepthKey, GerId, PosId)>,
) -> Option<(GerId, PosId)> {
    let loc = crate::control::GermanLoc::new(state);
    candidates
        .into_iter()
        .find(|(_, _, p)| loc.has(*p))
        .map(|(_, g, p)| (g, p))
}

/// SYS-DEPTH (9.2, 9.21, 9.24): an event adds a depth marker in `sector` (the other sector if
/// it has no eligible unit), or anywhere with `None`. Returns whether one was placed.
pub(crate) fn add_depth_marker(
    state: &mut Omaha,
    sector: Option<Sector>,
    log: &mut OmahaLog,
) -> bool {
    let choose = |state: &Omaha, reinforcement_only: bool| {
        let here = first_with_loc(state, depth_candidates(state, sector, reinforcement_only));
        match (here, sector) {
            (Some(c), _) => Some(c),
            // 9.2: no eligible unit in the named sector: the other sector.
            (None, Some(s)) => first_with_loc(
                state,
                depth_candidates(state, Some(other(s)), reinforcement_only),
            ),
            (None, None) => None,
        }
    };
    let Some((mut g, mut p)) = choose(state, false) else {
        log.public(DEPTH, OmahaEvent::Note, || {
            "No German unit without a depth marker has a line of communication: no marker is placed (9.2).".to_owned()
        });
        return false;
    };
    if depth_box(state, p) == DepthPool::Wn && in_box(state, DepthPool::Wn).is_empty() {
        // 9.24: the WN box is empty: re-choose among units in reinforcement positions.
        log.public(RUNNING_OUT, OmahaEvent::Note, || {
            "The WN depth box is empty: the marker goes to a unit in a reinforcement position (9.24).".to_owned()
        });
        match choose(state, true) {
            Some(c) => (g, p) = c,
            None => {
                log.public(RUNNING_OUT, OmahaEvent::Note, || {
                    "No unit in a reinforcement position can receive it: no marker (9.24)."
                        .to_owned()
                });
                return false;
            }
        }
    }
    match marker_for(state, p, log) {
        Some(d) => {
            put_under(state, g, d, DEPTH, log);
            true
        }
        None => {
            log.public(RUNNING_OUT, OmahaEvent::Note, || {
                "The depth boxes are exhausted: no marker is placed (9.24).".to_owned()
            });
            false
        }
    }
}

/// 9.24: markers left in the WN, Building and Mobile boxes (with 22.4's refill still to come,
/// counted as available).
pub(crate) fn markers_available(state: &Omaha) -> usize {
    let refill = usize::from(state.options.improved_german_reaction && !state.mobile_refilled);
    in_box(state, DepthPool::Wn).len()
        + in_box(state, DepthPool::Building).len()
        + in_box(state, DepthPool::Mobile).len()
        + refill
}

/// 9.2 "in each sector", 9.24: one marker per sector in play, East first; when only one marker
/// is left for two, the placement priorities run over the whole map.
pub(crate) fn add_depth_marker_each_sector(state: &mut Omaha, log: &mut OmahaLog) {
    let sectors: Vec<Sector> = [Sector::East, Sector::West]
        .into_iter()
        .filter(|&s| state.in_play(s))
        .collect();
    if sectors.len() > 1 && markers_available(state) < sectors.len() {
        log.public(RUNNING_OUT, OmahaEvent::Note, || {
            "Only one depth marker is left for two: it goes by the priorities over the whole map (9.24).".to_owned()
        });
        add_depth_marker(state, None, log);
        return;
    }
    for s in sectors {
        add_depth_marker(state, Some(s), log);
    }
}

/// T6 "German +1 depth" on the attacked unit (9.21, 9.22, 12.24, AMB-47): a marker from the
/// unit's box if it has none and has LOC now; WN box empty → none; Building → Mobile; Mobile
/// empty → none. Returns whether one was placed.
pub(crate) fn add_depth_marker_to(state: &mut Omaha, unit: GerId, log: &mut OmahaLog) -> bool {
    let Some(german) = state.germans.get(usize::from(unit)) else {
        return false;
    };
    if german.depth.is_some() || state.data.index.germans[usize::from(unit)].kind == GerKind::Tank {
        return false;
    }
    let Some(p) = position_of(state, unit) else {
        return false;
    };
    // 9.22: a unit that lost its marker may get a new one, as long as it has LOC (12.24).
    if !crate::control::german_loc(state, p) {
        return false;
    }
    match marker_for(state, p, log) {
        Some(d) => {
            put_under(state, unit, d, DEPTH_AGAIN, log);
            true
        }
        None => false,
    }
}

// ---------------------------------------------------------------------------------------------
// 9.3, 9.4 Reinforcements.

/// 9.32, 9.33, 11.31: a reinforcement may enter position `p`: no German unit there, no US
/// counter there but a lone General (who is captured), and LOC (12.22: the position's own hex
/// may be US-controlled). Positions of sectors out of play (Easy Fox) never open.
fn open_position(state: &Omaha, loc: &crate::control::GermanLoc<'_>, p: PosId) -> bool {
    let index = &state.data.index;
    let pos = &index.positions[usize::from(p)];
    // 19.3: a Garrison stops German units appearing in its position.
    if !state.in_play(pos.sector) || crate::engineer_bases::garrisoned(state, p) {
        return false;
    }
    let german = state
        .germans
        .iter()
        .any(|g| matches!(g.loc, GerLoc::Slot(s) if pos.slots.contains(&s)));
    // 23.43: a German tank in the position's hex occupies it.
    if german || crate::tanks::tank_in_position(state, p).is_some() {
        return false;
    }
    let us_held = pos.slots.iter().any(|&s| {
        let hex = index.slots[usize::from(s)].hex;
        state
            .us_at(UsLoc::Hex(hex))
            .any(|u| index.us[usize::from(u)].counter != UsCounter::General)
    });
    !us_held && loc.has(p)
}

/// A random unit of a reinforcement box.
fn draw_unit(state: &mut Omaha, pool: GerPool, rule: RuleId) -> Option<GerId> {
    let members: Vec<GerId> = state
        .germans
        .iter()
        .enumerate()
        .filter(|(_, g)| g.loc == GerLoc::Pool(pool))
        .map(|(i, _)| i as GerId)
        .collect();
    if members.is_empty() {
        return None;
    }
    let i = state.rng.pick(&members, |&g| u32::from(g), rule);
    members.get(i).copied()
}

fn pool_size(state: &Omaha, pool: GerPool) -> usize {
    state
        .germans
        .iter()
        .filter(|g| g.loc == GerLoc::Pool(pool))
        .count()
}

/// Put unit `g` into position `p` (its first hex), capturing a lone General there (11.31).
fn enter(state: &mut Omaha, g: GerId, p: PosId, face_up: bool, rule: RuleId, log: &mut OmahaLog) {
    let Some(&s) = state.data.index.positions[usize::from(p)].slots.first() else {
        return;
    };
    enter_slot(state, g, s, face_up, rule, log);
}

/// Put unit `g` into hex `s` of a position, capturing a lone General there (11.31).
pub(crate) fn enter_slot(
    state: &mut Omaha,
    g: GerId,
    s: SlotId,
    face_up: bool,
    rule: RuleId,
    log: &mut OmahaLog,
) {
    let hex = state.data.index.slots[usize::from(s)].hex;
    crate::effects::capture_generals(state, hex, log);
    state.germans[usize::from(g)] = crate::state::German {
        loc: GerLoc::Slot(s),
        revealed: face_up,
        disrupted: false,
        active: true,
        depth: None,
    };
    let at = slot_name(state, s);
    let back = back(state, g);
    if face_up {
        let name = state.data.index.germans[usize::from(g)].name.clone();
        log.public(rule, OmahaEvent::Note, || {
            format!("A German reinforcement enters {at} face-up: {name} ({rule}).")
        });
    } else {
        log.public(rule, OmahaEvent::Note, || {
            format!("A German reinforcement ({back}) enters {at} face-down ({rule}).")
        });
    }
}

/// 16.2: unit `g` draws a depth marker for its position (T7 has checked LOC and that it has
/// none).
pub(crate) fn resupply(state: &mut Omaha, g: GerId, log: &mut OmahaLog) {
    if let Some(p) = position_of(state, g)
        && let Some(d) = marker_for(state, p, log)
    {
        put_under(state, g, d, RuleId("16.2"), log);
    }
}

/// 16.4: a unit from the Tactical box, else from the Division box, enters `p` face-down with a
/// depth marker (9.21). Returns whether a unit entered.
pub(crate) fn reinforce_with_depth(
    state: &mut Omaha,
    p: PosId,
    rule: RuleId,
    log: &mut OmahaLog,
) -> bool {
    reinforce_from_boxes(state, p, true, rule, log)
}

/// 9.3, 9.31, 22.4: a unit from the Tactical box (no depth marker; 22.4: with one), else from
/// the Division box (always with one), enters `p`. Returns whether a unit entered.
fn reinforce_position(state: &mut Omaha, p: PosId, log: &mut OmahaLog) -> bool {
    reinforce_from_boxes(state, p, false, REINFORCEMENTS, log)
}

fn reinforce_from_boxes(
    state: &mut Omaha,
    p: PosId,
    always_depth: bool,
    action: RuleId,
    log: &mut OmahaLog,
) -> bool {
    let (g, with_depth, rule) = match draw_unit(state, GerPool::Tactical, REINFORCEMENTS) {
        Some(g) => (
            g,
            always_depth || state.options.improved_german_reaction,
            REINFORCEMENTS,
        ),
        None => match draw_unit(state, GerPool::Division, DIVISION_BOX) {
            Some(g) => (g, true, DIVISION_BOX),
            None => {
                log.public(NO_UNITS, OmahaEvent::Note, || {
                    "The Tactical and Division boxes are empty: no reinforcement (9.34).".to_owned()
                });
                return false;
            }
        },
    };
    enter(
        state,
        g,
        p,
        false,
        if always_depth { action } else { rule },
        log,
    );
    if with_depth && let Some(d) = marker_for(state, p, log) {
        let why = if always_depth {
            action
        } else if rule == DIVISION_BOX {
            DIVISION_BOX
        } else {
            IMPROVED
        };
        put_under(state, g, d, why, log);
    }
    true
}

/// 9.3 key: adjacent to a US unit, then within two hexes, then the rest; lowest ID.
type ReinforcementKey = (u8, u8, String);

/// SYS-REINF: the best open position of `zone`, with its key.
fn best_in_zone(state: &Omaha, zone: char, us: &[HexId]) -> Option<(ReinforcementKey, PosId)> {
    let index = &state.data.index;
    let mut candidates: Vec<(ReinforcementKey, PosId)> = index
        .positions
        .iter()
        .enumerate()
        .filter_map(|(p, pos)| match pos.kind {
            // 9.32: never ID-less positions, never WN positions.
            PosKind::Reinforcement {
                zone: Some(z),
                priority,
                ..
            } if z == zone => {
                let d = position_distance(state, p as PosId, us);
                let class = match d {
                    0 | 1 => 0,
                    2 => 1,
                    _ => 2,
                };
                Some(((class, priority, pos.name.clone()), p as PosId))
            }
            _ => None,
        })
        .collect();
    candidates.sort();
    let loc = crate::control::GermanLoc::new(state);
    candidates
        .into_iter()
        .find(|(_, p)| open_position(state, &loc, *p))
}

/// SYS-REINF (9.3, 9.31–9.34, 11.31): one reinforcement for each zone named by an event.
pub(crate) fn event_reinforcements(state: &mut Omaha, zones: &[char], log: &mut OmahaLog) {
    let us = us_hexes(state);
    let mut chosen: Vec<(ReinforcementKey, PosId)> = Vec::new();
    for &zone in zones {
        match best_in_zone(state, zone, &us) {
            Some(best) => chosen.push(best),
            None => log.public(REINFORCEMENT_LOC, OmahaEvent::Note, || {
                format!("No free position of zone {zone} has a line of communication: its reinforcement does not appear (9.33).")
            }),
        }
    }
    // 23.2, 23.21: on the second Event Phase one chosen position may get a German tank
    // instead (at most one per turn, the lowest priority value of those that qualify).
    let positions: Vec<PosId> = chosen.iter().map(|&(_, p)| p).collect();
    if let Some(p) = crate::armor::armor_position(state, &positions)
        && crate::armor::enter(state, p, log)
    {
        chosen.retain(|&(_, q)| q != p);
    }
    let available = pool_size(state, GerPool::Tactical) + pool_size(state, GerPool::Division);
    if available < chosen.len() {
        // 9.34: too few units for the zones: the priorities over the whole event decide.
        chosen.sort();
        chosen.truncate(available);
        log.public(NO_UNITS, OmahaEvent::Note, || {
            format!("Only {available} reinforcement unit(s) remain: the best positions of all the named zones get them (9.34).")
        });
    }
    for (_, p) in chosen {
        if !reinforce_position(state, p, log) {
            break;
        }
    }
}

/// SYS-WNTR (9.4, 9.41, 9.42, AMB-15, AMB-35): the Tactical Reinforcement of a revealed WN depth
/// marker (the caller has removed the marker): a unit from the Tactical box only enters the
/// free reinforcement position (ID-less ones too) with LOC nearest WN `wn_position`; ties:
/// nearest a US unit, then the lowest ID (ID-less = 0). Face-up when an event revealed it
/// (German Prisoner Talks, US Patrol Report); with a depth marker under 22.4 (AMB-35).
pub(crate) fn tactical_reinforcement(
    state: &mut Omaha,
    wn_position: PosId,
    face_up: bool,
    log: &mut OmahaLog,
) {
    let index = &state.data.index;
    let Some(wn) = index.positions.get(usize::from(wn_position)) else {
        return;
    };
    let wn_hexes: Vec<HexId> = wn
        .slots
        .iter()
        .map(|&s| index.slots[usize::from(s)].hex)
        .collect();
    let us = us_hexes(state);
    let mut candidates: Vec<((u32, u32, u8, String), PosId)> = index
        .positions
        .iter()
        .enumerate()
        .filter(|(_, pos)| matches!(pos.kind, PosKind::Reinforcement { .. }))
        .map(|(p, pos)| {
            let p = p as PosId;
            (
                (
                    position_distance(state, p, &wn_hexes),
                    position_distance(state, p, &us),
                    // 9.41: an ID-less position counts as ID 0.
                    id_number(state, p),
                    pos.name.clone(),
                ),
                p,
            )
        })
        .collect();
    candidates.sort();
    let loc = crate::control::GermanLoc::new(state);
    let Some(p) = candidates
        .into_iter()
        .map(|(_, p)| p)
        .find(|&p| open_position(state, &loc, p))
    else {
        log.public(TACTICAL, OmahaEvent::Note, || {
            "No free reinforcement position has a line of communication: no tactical reinforcement (9.4, 9.41).".to_owned()
        });
        return;
    };
    // 9.42: only from the Tactical box; empty, nothing enters.
    let Some(g) = draw_unit(state, GerPool::Tactical, TACTICAL_BOX) else {
        log.public(TACTICAL_BOX, OmahaEvent::Note, || {
            "The Tactical box is empty: no tactical reinforcement (9.42).".to_owned()
        });
        return;
    };
    enter(state, g, p, face_up, TACTICAL, log);
    if state.options.improved_german_reaction
        && let Some(d) = marker_for(state, p, log)
    {
        put_under(state, g, d, IMPROVED, log);
    }
}

// ---------------------------------------------------------------------------------------------
// 9.5 Kampfgruppe Meyer, 22.4.

/// 9.5 (AMB-17): the event moves KG Meyer units to the Division box and Mobile markers of the
/// KG Meyer box to the Mobile box: the card's counts, or 4 units and 2 markers (UNVERIFIED
/// placeholder). Ignored once the box is empty, and under 22.4 (its units are already there).
pub(crate) fn kampfgruppe_meyer(
    state: &mut Omaha,
    units: Option<u8>,
    markers: Option<u8>,
    log: &mut OmahaLog,
) {
    if state.options.improved_german_reaction {
        log.public(IMPROVED, OmahaEvent::Note, || {
            "Kampfgruppe Meyer is already in the Division box: the event is ignored (22.4)."
                .to_owned()
        });
        return;
    }
    if pool_size(state, GerPool::Meyer) == 0 {
        log.public(MEYER, OmahaEvent::Note, || {
            "The Kampfgruppe Meyer box is empty: the event is ignored (9.5).".to_owned()
        });
        return;
    }
    let placeholder = units.is_none() || markers.is_none();
    let mut moved = 0;
    for _ in 0..units.unwrap_or(4) {
        let Some(g) = draw_unit(state, GerPool::Meyer, MEYER) else {
            break;
        };
        state.germans[usize::from(g)].loc = GerLoc::Pool(GerPool::Division);
        moved += 1;
    }
    let mut moved_markers = 0;
    for _ in 0..markers.unwrap_or(2) {
        let Some(d) = draw_from(state, DepthPool::Meyer) else {
            break;
        };
        state.depth[usize::from(d)].loc = DepthLoc::Pool(DepthPool::Mobile);
        moved_markers += 1;
    }
    log.public(MEYER, OmahaEvent::Note, || {
        format!(
            "Kampfgruppe Meyer: {moved} unit(s) go to the Division box and {moved_markers} depth marker(s) to the Mobile box (9.5{}).",
            if placeholder { "; AMB-17 placeholder counts, UNVERIFIED" } else { "" }
        )
    });
}

/// 22.4 at setup: every KG Meyer unit goes to the Division box and every Mobile marker
/// (the KG Meyer box's too) to the Mobile box.
pub(crate) fn improved_reaction_setup(state: &mut Omaha) {
    if !state.options.improved_german_reaction {
        return;
    }
    for g in &mut state.germans {
        if g.loc == GerLoc::Pool(GerPool::Meyer) {
            g.loc = GerLoc::Pool(GerPool::Division);
        }
    }
    for d in &mut state.depth {
        if d.loc == DepthLoc::Pool(DepthPool::Meyer) {
            d.loc = DepthLoc::Pool(DepthPool::Mobile);
        }
    }
}
