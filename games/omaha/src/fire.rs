//! German fire (rule 6): which positions fire on the sector's card (6.1, 6.3, 6.41,
//! SYS-FIRE-ELIG), who they hit (T2, 6.31–6.37, SYS-FIRE-CANDIDATES, SYS-FIRE-ALLOC), fire
//! against leaders (11.4), German artillery (6.5, 6.51) and the end of German disruption (6.4).

use crate::action::{DrawFor, OmahaEvent};
use crate::data::{Calibre, FireLevel, Sector, UsKind, WnCategory};
use crate::effects::OmahaLog;
use crate::fire_alloc::{Candidate, Mode, allocate};
use crate::index::{GerKind, HexId, MAX_POSITIONS, PosId, PosKind, UsCounter, UsId};
use crate::state::{GerLoc, GerPool, Omaha, Step, UsFlags, UsLoc};
use crate::tables::fire_chart::{FireColumn, FireEffect, FireTarget, fire_effect};
use overlord_engine::RuleId;

pub const FIRE: RuleId = RuleId("6.3");
pub const CARD: RuleId = RuleId("6.1");
pub const CROSS_SECTOR: RuleId = RuleId("6.22");
pub const HIT_LIMIT: RuleId = RuleId("6.31");
pub const CONCENTRATED: RuleId = RuleId("6.35");
pub const ARMOR_BONUS: RuleId = RuleId("6.36");
pub const RECOVERY: RuleId = RuleId("6.4");
pub const ARTILLERY: RuleId = RuleId("6.5");
pub const OFF_MAP: RuleId = RuleId("6.51");
pub const LEADERS: RuleId = RuleId("11.4");

fn slot_of(sector: Sector) -> usize {
    usize::from(sector == Sector::West)
}

/// A position firing on this card, with what the card says of its colour.
#[derive(Clone, Copy, Debug)]
pub struct Firing {
    pub position: PosId,
    pub capacity: u8,
    pub column: FireColumn,
    pub armor_bonus: bool,
    pub star: bool,
}

/// SYS-GER-ORDER: descending WN number or priority (ID-less 0), then descending name.
fn order_key(state: &Omaha, p: PosId) -> (u8, &str) {
    let pos = &state.data.index.positions[usize::from(p)];
    let number = match pos.kind {
        PosKind::Wn { number } => number,
        PosKind::Reinforcement { priority, .. } => priority,
    };
    (number, pos.name.as_str())
}

/// SYS-FIRE-ELIG (6.1, 6.3, 6.41): the positions of `sector` firing on `card`, in order.
pub fn firing_positions(state: &Omaha, sector: Sector, card: u8) -> Vec<Firing> {
    let index = &state.data.index;
    let Some(fire) = state.data.card(card).and_then(|c| c.fire.as_ref()) else {
        return Vec::new();
    };
    // Counters in each position's non-disrupted hexes (6.41), gathered in one pass.
    #[derive(Clone, Copy)]
    struct Manning {
        capacity: u8,
        with_depth: bool,
        revealed: bool,
    }
    let mut manning = vec![
        Manning {
            capacity: 0,
            with_depth: false,
            revealed: true,
        };
        index.positions.len()
    ];
    for (g, german) in state.germans.iter().enumerate() {
        let GerLoc::Slot(s) = german.loc else {
            continue;
        };
        let Some(slot) = index.slots.get(usize::from(s)) else {
            continue;
        };
        if german.disrupted {
            continue;
        }
        let Some(m) = manning.get_mut(usize::from(slot.position)) else {
            continue;
        };
        m.capacity += 1 + u8::from(german.depth.is_some());
        m.with_depth |= german.depth.is_some();
        m.revealed &= german.revealed || matches!(index.germans[g].kind, GerKind::Wn(_));
    }
    let mut out: Vec<Firing> = Vec::new();
    for (p, pos) in index.positions.iter().enumerate() {
        let p = p as PosId;
        if pos.sector != sector {
            continue; // 6.22: a position fires only on its own sector's card.
        }
        let icons: Vec<_> = fire
            .icons
            .iter()
            .filter(|i| i.colour == pos.colour)
            .collect();
        if icons.is_empty() {
            continue;
        }
        // [Smoke Obscures Beach, AMB-62] a smoked position does not fire this turn.
        if state.smoke.contains(&p) {
            continue;
        }
        let single = icons.iter().any(|i| !i.double);
        let Manning {
            capacity,
            with_depth,
            revealed,
        } = manning[usize::from(p)];
        if capacity == 0 || (!single && !with_depth) {
            continue;
        }
        let column = match pos.kind {
            PosKind::Wn { .. } => FireColumn::WnOrRevealed,
            PosKind::Reinforcement { .. } if revealed => FireColumn::WnOrRevealed,
            PosKind::Reinforcement { .. } => FireColumn::Unrevealed,
        };
        out.push(Firing {
            position: p,
            capacity,
            column,
            armor_bonus: icons.iter().any(|i| i.tank),
            star: icons.iter().any(|i| i.star),
        });
    }
    out.sort_by_key(|f| std::cmp::Reverse(order_key(state, f.position)));
    out
}

/// Distance from a position (nearest of its hexes) to a hex.
fn distance(state: &Omaha, p: PosId, hex: HexId) -> u32 {
    let index = &state.data.index;
    index.positions[usize::from(p)]
        .slots
        .iter()
        .map(|&s| index.distance(index.slots[usize::from(s)].hex, hex))
        .min()
        .unwrap_or(u32::MAX)
}

/// Steps of US units (leaders excluded) in each hex: 5 or more make a concentrated target (6.35).
fn concentrated(state: &Omaha) -> Vec<bool> {
    let index = &state.data.index;
    let mut steps = vec![0u16; index.hexes.len()];
    for (i, u) in state.us.iter().enumerate() {
        if let UsLoc::Hex(h) = u.loc
            && !index.us[i].is_leader()
        {
            steps[usize::from(h)] += u16::from(u.steps);
        }
    }
    steps.into_iter().map(|s| s >= 5).collect()
}

/// SYS-FIRE-CANDIDATES: every way a firing position can hit a US unit (T2, 6.35, 6.36).
pub fn candidates(state: &Omaha, firing: &[Firing], card: u8) -> Vec<Candidate> {
    let index = &state.data.index;
    let Some(target) = state
        .data
        .card(card)
        .and_then(|c| c.fire.as_ref())
        .map(|f| f.target)
    else {
        return Vec::new();
    };
    let concentrated = concentrated(state);
    let mut out = Vec::new();
    for (f, firing) in firing.iter().enumerate() {
        for (i, u) in state.us.iter().enumerate() {
            let UsLoc::Hex(h) = u.loc else { continue };
            let info = &index.us[i];
            let in_field = |p: PosId| {
                usize::from(p) >= MAX_POSITIONS
                    || index.hexes[usize::from(h)].fired_on_by & (1 << p) != 0
            };
            if info.is_leader() || !in_field(firing.position) {
                continue;
            }
            let Some(&(_, level)) = index.hexes[usize::from(h)]
                .fire
                .iter()
                .find(|(p, _)| *p == firing.position)
            else {
                continue;
            };
            // [German Plunging Fire] Sporadic points on beach hexes beside a protective hexside
            // count as Intense in this Fire Phase.
            let hex_info = &index.hexes[usize::from(h)];
            let level = if state.plunging_fire
                && level == FireLevel::Sporadic
                && hex_info.ground == crate::index::Ground::Beach
                && hex_info.protective_distance == 0
            {
                FireLevel::Intense
            } else {
                level
            };
            let unit = FireTarget {
                armored: info.armored() && !firing.armor_bonus,
                has_symbol: info.symbol == Some(target) || concentrated[usize::from(h)],
            };
            let effect = fire_effect(level, firing.column, unit);
            let (loses_step, disrupts) = match effect {
                FireEffect::None => continue,
                FireEffect::Disrupt => (false, true),
                FireEffect::LoseStep => (true, false),
                FireEffect::LoseStepAndDisrupt => (true, true),
            };
            // AMB-51: only hits that change something count: no second step in this phase
            // (6.34), no disruption of a disrupted unit (6.33).
            let loses_step = loses_step && !u.flags.has(UsFlags::HIT_THIS_PHASE);
            let disrupts = disrupts && !u.flags.has(UsFlags::DISRUPTED);
            if !loses_step && !disrupts {
                continue;
            }
            out.push(Candidate {
                position: f,
                unit: i,
                level,
                distance: distance(state, firing.position, h),
                steps: u.steps,
                loses_step,
                disrupts,
            });
        }
    }
    out
}

/// III: German fire in one sector (6.3), then artillery (6.5) and recovery (6.4).
pub fn fire_phase(state: &mut Omaha, sector: Sector, log: &mut OmahaLog) {
    let next = match sector {
        Sector::East => Step::Fire(Sector::West),
        Sector::West => Step::Engineers {
            sector: Sector::East,
            left: crate::engineers::clears_allowed(state.turn),
        },
    };
    if sector == Sector::East {
        update_off_map_artillery(state, log);
    }
    if !state.in_play(sector) {
        state.step = next;
        end_of_fire_phase(state, sector);
        return;
    }
    let Some(card) = state.draw_card(DrawFor::Fire(sector), log) else {
        state.step = next;
        return;
    };
    state.fire_cards[slot_of(sector)] = Some(card);
    let firing = firing_positions(state, sector, card);
    let candidates = candidates(state, &firing, card);
    let capacities: Vec<u8> = firing.iter().map(|f| f.capacity).collect();
    let allocation = allocate(Mode::Basic, &capacities, &candidates);
    for (f, hits) in allocation.hits.iter().enumerate() {
        let name = state.data.index.positions[usize::from(firing[f].position)]
            .name
            .clone();
        for &c in hits {
            if state.outcome.is_some() {
                return; // 13.1: the game ended at once.
            }
            let candidate = &candidates[c];
            let unit = candidate.unit as UsId;
            if state.us[candidate.unit].loc == UsLoc::Eliminated {
                continue;
            }
            let unit_name = state.name(unit).to_owned();
            log.public(FIRE, OmahaEvent::Note, || {
                format!("{name} fires on {unit_name} ({:?} fire).", candidate.level)
            });
            if candidate.loses_step && !state.us[candidate.unit].flags.has(UsFlags::HIT_THIS_PHASE)
            {
                state.us[candidate.unit]
                    .flags
                    .set(UsFlags::HIT_THIS_PHASE, true);
                state.lose_step(unit, FIRE, log);
            }
            if candidate.disrupts && state.us[candidate.unit].loc != UsLoc::Eliminated {
                state.disrupt(unit, FIRE, log);
            }
        }
        let unused = allocation.unused.get(f).copied().unwrap_or(0);
        if firing[f].star && unused > 0 {
            hit_leaders(state, firing[f].position, usize::from(unused), log);
        }
    }
    if state.turn >= if state.options.v22_1 { 5 } else { 4 } {
        artillery(state, sector, card, log);
    }
    recover(state, sector, card, log);
    end_of_fire_phase(state, sector);
    if state.outcome.is_none() {
        state.step = next;
    }
}

fn end_of_fire_phase(state: &mut Omaha, sector: Sector) {
    if sector == Sector::West {
        for u in &mut state.us {
            u.flags.set(UsFlags::HIT_THIS_PHASE, false);
        }
    }
}

/// 11.4, 11.41: spare hits of a star colour fall on leaders in Intense or Moderate hexes,
/// nearest first. HQs go two turns up the track (AMB-21); Generals are wounded, then killed.
fn hit_leaders(state: &mut Omaha, p: PosId, slots: usize, log: &mut OmahaLog) {
    let index = &state.data.index;
    let mut leaders: Vec<(u32, Option<usize>, UsId)> = state
        .us
        .iter()
        .enumerate()
        .filter(|(i, _)| matches!(index.us[*i].counter, UsCounter::Hq | UsCounter::General))
        .filter_map(|(i, u)| {
            let UsLoc::Hex(h) = u.loc else { return None };
            let level = index.hexes[usize::from(h)]
                .fire
                .iter()
                .find(|(q, _)| *q == p)?
                .1;
            matches!(level, FireLevel::Intense | FireLevel::Moderate)
                .then(|| (distance(state, p, h), None, i as UsId))
        })
        .collect();
    // [Heroes, 11.4] a Hero with a unit in an Intense or Moderate hex is a Leader too.
    leaders.extend(
        crate::heroes::star_targets(state, p)
            .into_iter()
            .map(|(d, hero, unit)| (d, Some(hero), unit)),
    );
    leaders.sort_unstable();
    for (_, hero, leader) in leaders.into_iter().take(slots) {
        if let Some(hero) = hero {
            crate::heroes::kill(state, hero, log);
            continue;
        }
        let name = state.name(leader).to_owned();
        match state.data.index.us[usize::from(leader)].counter {
            UsCounter::Hq => {
                log.public(LEADERS, OmahaEvent::Note, || {
                    format!("{name} is hit and must re-land (11.4).")
                });
                state.delay(leader, 2, LEADERS, log);
            }
            _ if state.us[usize::from(leader)].flags.has(UsFlags::WOUNDED) => {
                log.public(LEADERS, OmahaEvent::Note, || {
                    format!("General {name} is hit again and killed (11.4).")
                });
                state.eliminate(leader, LEADERS, log);
            }
            _ => {
                log.public(LEADERS, OmahaEvent::Note, || {
                    format!("General {name} is lightly wounded (11.4).")
                });
                state.us[usize::from(leader)]
                    .flags
                    .set(UsFlags::WOUNDED, true);
            }
        }
    }
}

/// The calibre of a German artillery unit, if it has one (rocket never counts, 6.53).
fn calibre(state: &Omaha, g: usize) -> Option<Calibre> {
    match state.data.index.germans[g].kind {
        GerKind::Wn(WnCategory::C75) => Some(Calibre::C75),
        GerKind::Wn(WnCategory::C88) => Some(Calibre::C88),
        GerKind::OffMapArtillery => state
            .data
            .german
            .artillery
            .get(g - state.data.german.wn_units.len())
            .map(|a| a.calibre),
        _ => None,
    }
}

/// 6.5: count qualifying artillery; on N or more, one US unit with the card symbol in a box
/// or on a beach hex of the sector loses a step, by the four priorities.
fn artillery(state: &mut Omaha, sector: Sector, card: u8, log: &mut OmahaLog) {
    let Some(c) = state.data.card(card) else {
        return;
    };
    let (Some(block), Some(target)) = (c.artillery.clone(), c.fire.as_ref().map(|f| f.target))
    else {
        return;
    };
    let index = &state.data.index;
    let count = state
        .germans
        .iter()
        .enumerate()
        .filter(|(g, german)| {
            let Some(cal) = calibre(state, *g) else {
                return false;
            };
            let placed = match german.loc {
                GerLoc::Slot(s) => {
                    matches!(
                        index.positions[usize::from(index.slots[usize::from(s)].position)].kind,
                        PosKind::Wn { .. }
                    ) && index.positions[usize::from(index.slots[usize::from(s)].position)].sector
                        == sector
                }
                GerLoc::Pool(GerPool::Artillery(box_sector)) => {
                    box_sector == sector && german.active
                }
                _ => false,
            };
            placed && !german.disrupted && block.calibres.contains(&cal)
        })
        .count();
    if count < usize::from(block.value) {
        log.public(ARTILLERY, OmahaEvent::Note, || {
            format!(
                "German artillery: {count} qualifying batteries, {} needed: no hit.",
                block.value
            )
        });
        return;
    }
    // (priority class, most steps first, unit id) of the best target so far.
    type Key = (u8, std::cmp::Reverse<u8>, usize);
    let mut best: Option<(Key, UsId)> = None;
    for (i, u) in state.us.iter().enumerate() {
        let info = &index.us[i];
        if info.is_leader() || info.symbol != Some(target) {
            continue;
        }
        let infantry = info.kind().is_some_and(UsKind::infantry);
        let class = match u.loc {
            UsLoc::Box(b) if index.boxes[usize::from(b)].sector == sector => {
                if infantry {
                    1
                } else {
                    3
                }
            }
            UsLoc::Hex(h)
                if index.hexes[usize::from(h)].sector == sector
                    && index.hexes[usize::from(h)].ground == crate::index::Ground::Beach =>
            {
                if infantry {
                    4
                } else {
                    2
                }
            }
            _ => continue,
        };
        let key = (class, std::cmp::Reverse(u.steps), i);
        if best.as_ref().is_none_or(|(k, _)| key < *k) {
            best = Some((key, i as UsId));
        }
    }
    match best {
        Some((_, unit)) => {
            let name = state.name(unit).to_owned();
            log.public(ARTILLERY, OmahaEvent::Note, || {
                format!("German artillery ({count} batteries) hits {name}.")
            });
            state.lose_step(unit, ARTILLERY, log);
        }
        None => log.public(ARTILLERY, OmahaEvent::Note, || {
            "German artillery fires, but no unit with the symbol is in a box or on the beach."
                .into()
        }),
    }
}

/// 6.4: units in this sector's positions whose colour is on the card recover.
fn recover(state: &mut Omaha, sector: Sector, card: u8, log: &mut OmahaLog) {
    let index = &state.data.index;
    let colours: Vec<crate::data::Colour> = state
        .data
        .card(card)
        .and_then(|c| c.fire.as_ref())
        .map(|f| f.icons.iter().map(|i| i.colour).collect())
        .unwrap_or_default();
    let mut recovered = 0;
    for g in &mut state.germans {
        let GerLoc::Slot(s) = g.loc else { continue };
        let pos = &index.positions[usize::from(index.slots[usize::from(s)].position)];
        if g.disrupted && pos.sector == sector && colours.contains(&pos.colour) {
            g.disrupted = false;
            recovered += 1;
        }
    }
    if recovered > 0 {
        log.public(RECOVERY, OmahaEvent::Note, || {
            format!("{recovered} German unit(s) recover from disruption.")
        });
    }
}

/// 6.51, AMB-11: an off-map battery is inactive while every observer position is in US hands.
fn update_off_map_artillery(state: &mut Omaha, log: &mut OmahaLog) {
    let data = std::sync::Arc::clone(&state.data);
    for artillery_box in &data.boxes.artillery {
        let loc = crate::control::GermanLoc::new(state);
        let silenced = artillery_box.observers.iter().all(|name| {
            let Some(p) = data.index.positions.iter().position(|p| &p.name == name) else {
                return false;
            };
            let pos = &data.index.positions[p];
            let occupied = state
                .germans
                .iter()
                .any(|g| matches!(g.loc, GerLoc::Slot(s) if pos.slots.contains(&s)));
            let us_held = pos.slots.iter().any(|&s| {
                let hex = data.index.slots[usize::from(s)].hex;
                state.us_at(UsLoc::Hex(hex)).next().is_some()
                    || crate::control::us_controls(state, hex)
            });
            !occupied && us_held && !loc.has(p as PosId)
        });
        for g in &mut state.germans {
            if g.loc == GerLoc::Pool(GerPool::Artillery(artillery_box.sector))
                && g.active == silenced
            {
                g.active = !silenced;
                let sector = artillery_box.sector;
                log.public(OFF_MAP, OmahaEvent::Note, || {
                    format!(
                        "Off-map artillery ({sector:?}) is now {}.",
                        if silenced { "inactive" } else { "active" }
                    )
                });
            }
        }
    }
}
