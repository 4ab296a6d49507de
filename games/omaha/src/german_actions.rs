//! German actions (rule 16): in the extended game (turn 17 on, turn 12 on with 14.2) each
//! position of the sector whose colour is on the Fire card is examined in turn, highest
//! number first, and does what T7 ([`crate::tables::german_actions`]) gives for its situation
//! and icon: fire (6.3 with 14.1), re-occupy, re-supply, redeploy, reinforce, mortar fire,
//! patrol, artillery fire, advance (after every other action, 16.85) or ambush.
//!
//! The examination runs as [`Step::GermanActions`] (the sector's German Fire Phase starts it,
//! `fire::start_german_actions`): each position is resolved before the next
//! is examined (16), so a prompt (G-FIRE-TIE and G-LEADER of a firing position, or one of this
//! module's ties, [`GermanChoice`]) stops it and its answer resumes it. Once every position is
//! done the sector's 6.5 artillery and 6.4 recovery follow, as in the basic game.

use crate::action::{OmahaAction, OmahaEvent, OmahaLog};
use crate::data::{FireLevel, GermanDivision, Sector, Symbol, UsKind, WnCategory};
use crate::fire::distance;
use crate::index::{GerId, GerKind, Ground, HexId, MAX_POSITIONS, PosId, PosKind, PosSet, UsId};
use crate::state::{
    DepthLoc, DepthPool, GerLoc, GerPool, GermanChoice, Omaha, Step, UsFlags, UsLoc,
};
use crate::tables::german_actions::{
    ActionIcon, Advancer, Examined, Facts, GermanAction, MortarHex, MortarRange, Situation,
    advance_arrow, attempts_advance, german_action, mortar_limit, mortar_reaches, situation,
};
use crate::tables::terrain::HexFeature;
use overlord_engine::{Refusal, RuleId};

pub const ACTIONS: RuleId = RuleId("16");
pub const REOCCUPY: RuleId = RuleId("16.1");
pub const REOCCUPY_NEAREST: RuleId = RuleId("16.12");
pub const RESUPPLY: RuleId = RuleId("16.2");
pub const REDEPLOY: RuleId = RuleId("16.3");
pub const REDEPLOY_SWAP: RuleId = RuleId("16.34");
pub const REINFORCE: RuleId = RuleId("16.4");
pub const MORTAR: RuleId = RuleId("16.5");
pub const PATROL: RuleId = RuleId("16.6");
pub const ARTILLERY: RuleId = RuleId("16.7");
pub const ADVANCE: RuleId = RuleId("16.8");
pub const ADVANCE_REPULSED: RuleId = RuleId("16.82");
pub const AMBUSH: RuleId = RuleId("16.9");
pub const GARRISON: RuleId = RuleId("19.3");

fn bit(p: PosId) -> PosSet {
    if usize::from(p) < MAX_POSITIONS {
        1 << p
    } else {
        0
    }
}

/// The sector's card, once drawn.
fn card_of(state: &Omaha, sector: Sector) -> Option<u8> {
    state.fire_cards[sector.slot()]
}

/// The next position to examine, with the icon its colour shows: 16 "Order", descending
/// number, then descending letter (SYS-GER-ORDER). Smoked positions take no action this turn
/// (Smoke Obscures Beach; INTERP: every action of an occupied WN is fire of some kind).
fn next_position(state: &Omaha, sector: Sector, card: u8) -> Option<(PosId, crate::data::Icon)> {
    let index = &state.data.index;
    let fire = state.data.card(card)?.fire.as_ref()?;
    index.german_order.iter().find_map(|&p| {
        let pos = &index.positions[usize::from(p)];
        let examined = pos.sector == sector
            && state.ger_done & bit(p) == 0
            && !state.smoke.contains(&p)
            // 23.43: in a position a German tank occupies, only the tank acts.
            && !(state.options.german_armor && crate::tanks::tank_in_position(state, p).is_some());
        if !examined {
            return None;
        }
        let icon = fire.icons.iter().find(|i| i.colour == pos.colour)?;
        Some((p, icon.clone()))
    })
}

/// Runs [`Step::GermanActions`]: examine positions until one needs a prompt or all are done,
/// then the Advances (16.85), then 6.5 and 6.4.
pub(crate) fn run(state: &mut Omaha, sector: Sector, log: &mut OmahaLog) {
    let Some(card) = card_of(state, sector) else {
        crate::fire::artillery_stage(state, sector, log);
        return;
    };
    while let Some((p, icon)) = next_position(state, sector, card) {
        state.ger_done |= bit(p);
        act(state, sector, p, &icon, card, log);
        if state.outcome.is_some() || state.step != Step::GermanActions(sector) {
            return;
        }
    }
    // 23.4: the German tanks of the sector whose colour is on the card, after the printed
    // positions (ID-less, they count as 0 in SYS-GER-ORDER).
    while let Some(g) = crate::armor::next_tank(state, sector, card) {
        state.ger_done |= crate::tanks::tank_bit(state, g);
        crate::armor::act(state, g, card, log);
        if state.outcome.is_some() || state.step != Step::GermanActions(sector) {
            return;
        }
    }
    // 16.85: Advances come after every other action of the sector's card, highest number first.
    while let Some(p) = state
        .data
        .index
        .german_order
        .iter()
        .copied()
        .find(|&p| state.ger_advances & bit(p) != 0)
    {
        state.ger_advances &= !bit(p);
        advance(state, sector, p, card, log);
        if state.outcome.is_some() || state.step != Step::GermanActions(sector) {
            return;
        }
    }
    state.ger_acting = None;
    crate::fire::artillery_stage(state, sector, log);
}

// ---------------------------------------------------------------------------------------------
// What a position sees (16 "Procedure", T7 columns and facts).

/// The German units in position `p`'s hexes.
fn units_in(state: &Omaha, p: PosId) -> Vec<GerId> {
    let slots = &state.data.index.positions[usize::from(p)].slots;
    state
        .germans
        .iter()
        .enumerate()
        .filter(|(_, g)| matches!(g.loc, GerLoc::Slot(s) if slots.contains(&s)))
        .map(|(g, _)| g as GerId)
        .collect()
}

/// Some German unit, disrupted or not, stands in position `p` ([`units_in`] is not empty),
/// asked without gathering them.
fn holds_a_german(state: &Omaha, p: PosId) -> bool {
    let slots = &state.data.index.positions[usize::from(p)].slots;
    state
        .germans
        .iter()
        .any(|g| matches!(g.loc, GerLoc::Slot(s) if slots.contains(&s)))
}

/// 23.43: a German tank stands in one of position `p`'s hexes (it occupies the position).
fn tank_in(state: &Omaha, p: PosId) -> bool {
    state.options.german_armor && crate::tanks::tank_in_position(state, p).is_some()
}

/// The fire level of position `p` in `hex`, if it has a fire point there.
fn level_in(state: &Omaha, p: PosId, hex: HexId) -> Option<FireLevel> {
    state.data.index.hexes[usize::from(hex)]
        .fire
        .iter()
        .find(|(q, _)| *q == p)
        .map(|&(_, level)| level)
}

/// The US units (not Leaders, which fire does not target) on the map, with their hexes.
fn us_units_on_map(state: &Omaha) -> Vec<(UsId, HexId)> {
    state
        .us
        .iter()
        .enumerate()
        .filter(|(i, _)| !state.data.index.us[*i].is_leader())
        .filter_map(|(i, u)| match u.loc {
            UsLoc::Hex(h) => Some((i as UsId, h)),
            _ => None,
        })
        .collect()
}

/// The German division of a reinforcement unit (WN units are the 716th's).
fn division(state: &Omaha, g: GerId) -> GermanDivision {
    let german = &state.data.german;
    usize::from(g)
        .checked_sub(german.wn_units.len() + german.artillery.len())
        .and_then(|i| german.reinforcements.get(i))
        .map_or(GermanDivision::D716, |u| u.division)
}

/// 16.8, 16.86: the position an Advance from `p` goes to, if an arrow points to a position no
/// German unit occupies (23.43: a German tank in one of its hexes occupies it too).
fn advance_target(state: &Omaha, p: PosId) -> Option<PosId> {
    let targets = &state.data.index.positions[usize::from(p)].advance;
    let occupied: Vec<bool> = targets
        .iter()
        .map(|&q| holds_a_german(state, q) || tank_in(state, q))
        .collect();
    advance_arrow(&occupied).and_then(|i| targets.get(i).copied())
}

/// 16.86: the Advance target of `p` now.
#[cfg(test)]
pub(crate) fn advance_target_of(state: &Omaha, p: PosId) -> Option<PosId> {
    advance_target(state, p)
}

/// The T7 situation and facts of position `p` now.
fn examine(state: &Omaha, p: PosId, icon: &crate::data::Icon) -> Option<(Situation, Facts)> {
    let index = &state.data.index;
    let pos = &index.positions[usize::from(p)];
    let units = units_in(state, p);
    let active: Vec<GerId> = units
        .iter()
        .copied()
        .filter(|&g| !state.germans[usize::from(g)].disrupted)
        .collect();
    // One pass over the US counters on the map (every position of every card asks this):
    // units in the position's field (leaders are no targets), and counters within 2 hexes or
    // in its hexes (a lone General holds no hex, AMB-80; `germans::us_hexes`).
    let (mut us_in_field, mut us_intense_or_moderate) = (false, false);
    let (mut us_within_2, mut us_in_wn) = (false, false);
    for (i, u) in state.us.iter().enumerate() {
        let UsLoc::Hex(h) = u.loc else { continue };
        let info = &index.us[i];
        if info.counter != crate::index::UsCounter::General {
            us_within_2 = us_within_2 || distance(state, p, h) <= 2;
            us_in_wn = us_in_wn
                || pos
                    .slots
                    .iter()
                    .any(|&s| index.slots[usize::from(s)].hex == h);
        }
        if !info.is_leader()
            && let Some(level) = level_in(state, p, h)
        {
            us_in_field = true;
            us_intense_or_moderate |= matches!(level, FireLevel::Intense | FireLevel::Moderate);
        }
    }
    // 12.2: LOC decides only R and A icons (T7: Re-occupy, Re-supply, Redeploy, Reinforce,
    // Ambush); worked out only for them.
    let loc = matches!(ActionIcon::of(icon), ActionIcon::R | ActionIcon::A)
        && crate::control::german_loc(state, p);
    let wn = matches!(pos.kind, PosKind::Wn { .. });
    let examined = Examined {
        wn,
        occupied: !units.is_empty(),
        disrupted: !units.is_empty() && active.is_empty(),
        us_in_field,
        loc,
        us_within_2,
    };
    let situation = situation(examined)?;
    let depth = active
        .iter()
        .any(|&g| state.germans[usize::from(g)].depth.is_some());
    let wn_artillery = active.iter().any(|&g| {
        matches!(
            index.germans[usize::from(g)].kind,
            GerKind::Wn(WnCategory::C75 | WnCategory::C88)
        )
    });
    let target = advance_target(state, p);
    let advancer = active.first().map(|&g| {
        if state.germans[usize::from(g)].revealed {
            Advancer::Revealed(division(state, g))
        } else {
            Advancer::Hidden
        }
    });
    let facts = Facts {
        double_square: icon.double,
        depth,
        loc,
        us_in_wn,
        wn_artillery,
        advance_arrow: target.is_some(),
        advance_attempt: advancer.is_some_and(|a| attempts_advance(us_in_field, a, depth)),
        vp_position: matches!(pos.kind, PosKind::Reinforcement { vp: true, .. }),
        us_intense_or_moderate,
        us_in_field,
        us_adjacent: false,
        tank_can_move: false,
    };
    Some((situation, facts))
}

/// The T7 action of position `p` now, for tests and the log.
pub(crate) fn action_of(state: &Omaha, p: PosId, icon: &crate::data::Icon) -> GermanAction {
    examine(state, p, icon).map_or(GermanAction::Nothing, |(situation, facts)| {
        german_action(ActionIcon::of(icon), situation, &facts)
    })
}

/// 16: resolve position `p` alone on `card` (the phase uses [`run`]).
#[cfg(test)]
pub(crate) fn resolve(state: &mut Omaha, sector: Sector, p: PosId, card: u8, log: &mut OmahaLog) {
    let colour = state.data.index.positions[usize::from(p)].colour;
    let Some(icon) = state
        .data
        .card(card)
        .and_then(|c| c.fire.as_ref())
        .and_then(|f| f.icons.iter().find(|i| i.colour == colour))
        .cloned()
    else {
        return;
    };
    state.ger_done |= bit(p);
    act(state, sector, p, &icon, card, log);
}

/// 16: resolve position `p` (T7), at once.
fn act(
    state: &mut Omaha,
    sector: Sector,
    p: PosId,
    icon: &crate::data::Icon,
    card: u8,
    log: &mut OmahaLog,
) {
    let action = action_of(state, p, icon);
    match action {
        GermanAction::Nothing => {}
        GermanAction::Fire | GermanAction::FireVsArmor | GermanAction::FireVsLeaders => {
            fire(state, sector, p, log)
        }
        GermanAction::ResupplyAndFire { add_depth } => {
            if add_depth && let Some(&g) = units_in(state, p).first() {
                let name = crate::fire::position_name(state, p).to_owned();
                log.public(RESUPPLY, OmahaEvent::Note, || {
                    format!("{name} is re-supplied: it draws a depth marker, then fires (16.2).")
                });
                crate::germans::resupply(state, g, log);
            }
            fire(state, sector, p, log);
        }
        // 19.3: a Garrison stops German units appearing in its position.
        GermanAction::Reoccupy | GermanAction::Reinforce
            if crate::engineer_bases::garrisoned(state, p) =>
        {
            let name = crate::fire::position_name(state, p).to_owned();
            log.public(GARRISON, OmahaEvent::Note, || {
                format!("{name} holds a US Garrison: no German unit appears there (19.3).")
            });
        }
        GermanAction::Reoccupy => reoccupy(state, sector, p, card, log),
        GermanAction::Redeploy => redeploy(state, sector, p, log),
        GermanAction::Reinforce => reinforce(state, p, log),
        GermanAction::Mortar { range } => mortar(state, sector, p, range, card, log),
        GermanAction::Patrol => patrol(state, sector, p, card, log),
        GermanAction::ArtilleryFire => artillery(state, sector, p, card, log),
        GermanAction::Advance => state.ger_advances |= bit(p),
        GermanAction::Ambush => ambush(state, sector, p, card, log),
        // 23.4: tank actions are the tanks' own ([`crate::armor::act`]); a printed position
        // never gets one.
        GermanAction::TankFire { .. }
        | GermanAction::TankMove { .. }
        | GermanAction::TankOverrun
        | GermanAction::TankPositionAndFire => {}
    }
}

/// 6.3 with 14.1: `p` fires on its own (the 14.11 limits from turn 17); G-FIRE-TIE and
/// G-LEADER may ask, and the examination resumes once its fire is done.
fn fire(state: &mut Omaha, sector: Sector, p: PosId, log: &mut OmahaLog) {
    state.ger_acting = Some(p);
    state.fire_picks.clear();
    state.star_slots.clear();
    crate::fire::position_fire(state, sector, log);
}

/// The card's target symbol.
fn target_symbol(state: &Omaha, card: u8) -> Option<Symbol> {
    state
        .data
        .card(card)
        .and_then(|c| c.fire.as_ref())
        .map(|f| f.target)
}

/// Whether `unit` in `hex` counts as having the card's symbol: printed, or a concentrated
/// hex (6.35; AMB-25 for mortars, 16.92 for ambushes).
fn has_symbol(
    state: &Omaha,
    unit: UsId,
    hex: HexId,
    symbol: Option<Symbol>,
    concentrated: &[bool],
) -> bool {
    symbol.is_some_and(|s| state.data.index.us[usize::from(unit)].symbol == Some(s))
        || concentrated.get(usize::from(hex)).copied().unwrap_or(false)
}

// ---------------------------------------------------------------------------------------------
// 16.1 Re-occupy.

/// The eliminated WN units a Re-occupy may draw: not artillery (16.1).
fn reoccupiers(state: &Omaha) -> Vec<GerId> {
    state
        .germans
        .iter()
        .enumerate()
        .filter(|(g, german)| {
            german.loc == GerLoc::Pool(GerPool::EliminatedWn)
                && state.data.index.germans[*g].kind == GerKind::Wn(WnCategory::None)
        })
        .map(|(g, _)| g as GerId)
        .collect()
}

/// 16.1, 16.11, 16.12: draw eliminated non-artillery WN units at random and put them face-up in
/// the WN's hexes (both of a two-hex WN). With fewer units than hexes of WNs re-occupying on
/// this card, the hexes nearest US units get them.
fn reoccupy(state: &mut Omaha, sector: Sector, p: PosId, card: u8, log: &mut OmahaLog) {
    let available = reoccupiers(state).len();
    let name = crate::fire::position_name(state, p).to_owned();
    if available == 0 {
        log.public(REOCCUPY, OmahaEvent::Note, || {
            format!("{name} could be re-occupied, but no eliminated WN unit is available (16.1).")
        });
        return;
    }
    let index = &state.data.index;
    let us_hexes = crate::germans::us_hexes(state);
    let nearest = |hex: HexId| {
        us_hexes
            .iter()
            .map(|&h| index.distance(h, hex))
            .min()
            .unwrap_or(u32::MAX)
    };
    // 16.12: every hex of this WN and of the WNs still to be examined that would re-occupy.
    let Some(fire) = state.data.card(card).and_then(|c| c.fire.as_ref()) else {
        return;
    };
    // (distance to the nearest US unit, examination order, hex).
    type Candidate<'a> = (u32, std::cmp::Reverse<(u8, &'a str)>, crate::index::SlotId);
    let mut hexes: Vec<Candidate<'_>> = Vec::new();
    for (q, pos) in index.positions.iter().enumerate() {
        let q = q as PosId;
        if pos.sector != sector || (q != p && state.ger_done & bit(q) != 0) {
            continue;
        }
        let Some(icon) = fire.icons.iter().find(|i| i.colour == pos.colour) else {
            continue;
        };
        if q != p && action_of(state, q, icon) != GermanAction::Reoccupy {
            continue;
        }
        for &s in &pos.slots {
            let hex = index.slots[usize::from(s)].hex;
            hexes.push((
                nearest(hex),
                std::cmp::Reverse(crate::fire::order_key(state, q)),
                s,
            ));
        }
    }
    hexes.sort();
    let chosen: Vec<crate::index::SlotId> = hexes
        .iter()
        .take(available)
        .map(|&(_, _, s)| s)
        .filter(|s| index.positions[usize::from(p)].slots.contains(s))
        .collect();
    if chosen.is_empty() {
        log.public(REOCCUPY_NEAREST, OmahaEvent::Note, || {
            format!("{name} is not re-occupied: the few units left go nearer the US units (16.12).")
        });
        return;
    }
    for s in chosen {
        let units = reoccupiers(state);
        if units.is_empty() {
            break;
        }
        let i = state.rng.pick(&units, |&g| u32::from(g), REOCCUPY);
        let Some(&g) = units.get(i) else { break };
        crate::germans::enter_slot(state, g, s, true, REOCCUPY, log);
    }
}

// ---------------------------------------------------------------------------------------------
// 16.3 Redeploy.

/// 16.3, 16.31: where the unit of `p` may redeploy, best first by VP, lowest number and most
/// US steps in the field; the best are returned (more than one is G-REDEPLOY-TIE).
pub(crate) fn redeploy_targets(state: &Omaha, sector: Sector, p: PosId) -> Vec<PosId> {
    let index = &state.data.index;
    let from_vp = matches!(
        index.positions[usize::from(p)].kind,
        PosKind::Reinforcement { vp: true, .. }
    );
    let us = us_units_on_map(state);
    let us_hexes = crate::germans::us_hexes(state);
    let loc = crate::control::GermanLoc::new(state);
    type Key = (bool, u8, std::cmp::Reverse<u32>);
    let mut best: Option<Key> = None;
    let mut out = Vec::new();
    for (q, pos) in index.positions.iter().enumerate() {
        let q = q as PosId;
        let PosKind::Reinforcement { vp, priority, .. } = pos.kind else {
            continue;
        };
        if q == p || pos.sector != sector || (from_vp && !vp) {
            continue;
        }
        let us_there = pos
            .slots
            .iter()
            .any(|&s| us_hexes.contains(&index.slots[usize::from(s)].hex));
        // 19.3: no German unit appears in a garrisoned position; 23.43: a German tank in one
        // of its hexes occupies it.
        if holds_a_german(state, q)
            || us_there
            || crate::engineer_bases::garrisoned(state, q)
            || tank_in(state, q)
        {
            continue;
        }
        let steps: u32 = us
            .iter()
            .filter(|&&(_, h)| level_in(state, q, h).is_some())
            .map(|&(u, _)| u32::from(state.us[usize::from(u)].steps))
            .sum();
        if steps == 0 || !loc.has(q) {
            continue;
        }
        let key = (!vp, priority, std::cmp::Reverse(steps));
        if best.is_none_or(|b| key < b) {
            best = Some(key);
            out.clear();
        }
        if best == Some(key) {
            out.push(q);
        }
    }
    out
}

/// 16.3: the unit of `p` (with its depth marker) moves to the best position with US units in
/// its field; it does not fire this phase (16.32), nor does the position it reaches.
fn redeploy(state: &mut Omaha, sector: Sector, p: PosId, log: &mut OmahaLog) {
    let targets = redeploy_targets(state, sector, p);
    match targets[..] {
        [] => {
            let name = crate::fire::position_name(state, p).to_owned();
            log.public(REDEPLOY, OmahaEvent::Note, || {
                format!("{name} could redeploy, but no position qualifies (16.3).")
            });
        }
        [q] => redeploy_to(state, p, q, log),
        _ => {
            state.step = Step::GermanChoice {
                sector,
                position: p,
                choice: GermanChoice::Redeploy,
            };
        }
    }
}

fn redeploy_to(state: &mut Omaha, p: PosId, q: PosId, log: &mut OmahaLog) {
    let Some(&g) = units_in(state, p).first() else {
        return;
    };
    let from = crate::fire::position_name(state, p).to_owned();
    let to = crate::fire::position_name(state, q).to_owned();
    log.public(REDEPLOY, OmahaEvent::Note, || {
        format!("The German unit in {from} redeploys to {to} (16.3); it does not fire (16.32).")
    });
    move_german(state, g, q, REDEPLOY_SWAP, log);
    state.ger_done |= bit(q);
}

/// Move German unit `g` and its depth marker into position `q` (16.3, 16.8), swapping a Mobile
/// marker entering a building position, or a Building marker leaving for another kind, for
/// one of the other type if one is in its box (16.34, 16.83). A lone General there is captured
/// (11.31).
fn move_german(state: &mut Omaha, g: GerId, q: PosId, rule: RuleId, log: &mut OmahaLog) {
    let Some(&slot) = state.data.index.positions[usize::from(q)].slots.first() else {
        return;
    };
    let german = state.germans[usize::from(g)];
    crate::effects::capture_generals(state, state.data.index.slots[usize::from(slot)].hex, log);
    state.germans[usize::from(g)].loc = GerLoc::Slot(slot);
    let Some(d) = german.depth else { return };
    let building = matches!(
        state.data.index.positions[usize::from(q)].kind,
        PosKind::Reinforcement { building: true, .. }
    );
    let kind = state.data.index.depth[usize::from(d)].kind;
    let wanted = match (kind, building) {
        (crate::data::DepthKind::Mobile, true) => DepthPool::Building,
        (crate::data::DepthKind::Building, false) => DepthPool::Mobile,
        _ => return,
    };
    let Some(new) = state
        .depth
        .iter()
        .position(|x| x.loc == DepthLoc::Pool(wanted))
        .map(|i| i as crate::index::DepthId)
    else {
        return;
    };
    let back = if wanted == DepthPool::Building {
        DepthPool::Mobile
    } else {
        DepthPool::Building
    };
    state.depth[usize::from(d)] = crate::state::Depth {
        loc: DepthLoc::Pool(back),
        revealed: false,
    };
    state.depth[usize::from(new)] = crate::state::Depth {
        loc: DepthLoc::Under(g),
        revealed: false,
    };
    state.germans[usize::from(g)].depth = Some(new);
    log.public(rule, OmahaEvent::Note, || {
        format!("The depth marker is swapped for a {wanted:?} one ({rule}).")
    });
}

// ---------------------------------------------------------------------------------------------
// 16.4 Reinforce.

/// 16.4: a reinforcement unit and a depth marker enter `p` (T7 has checked VP and fire).
fn reinforce(state: &mut Omaha, p: PosId, log: &mut OmahaLog) {
    let name = crate::fire::position_name(state, p).to_owned();
    log.public(REINFORCE, OmahaEvent::Note, || {
        format!("{name} is reinforced (16.4); the new unit does not fire this phase.")
    });
    crate::germans::reinforce_with_depth(state, p, REINFORCE, log);
}

// ---------------------------------------------------------------------------------------------
// 16.5 Mortar fire, 16.6 Patrol, 16.7 Artillery fire, 16.9 Ambush.

/// 16.5: whether a mortar of position `p` reaches `hex`, beyond its field.
fn mortar_reach(state: &Omaha, p: PosId, range: MortarRange, hex: HexId) -> bool {
    let index = &state.data.index;
    let info = &index.hexes[usize::from(hex)];
    let kind = match info.ground {
        Ground::Beach => MortarHex::BeachOrBeachFlat,
        Ground::Flat
            if info
                .neighbours
                .iter()
                .any(|&n| index.hexes[usize::from(n)].ground == Ground::Beach) =>
        {
            MortarHex::BeachOrBeachFlat
        }
        _ => MortarHex::Inland,
    };
    let d = distance(state, p, hex);
    level_in(state, p, hex).is_none()
        && mortar_reaches(range, kind, u8::try_from(d).unwrap_or(u8::MAX))
}

/// 16.5: the mortar's targets: units with the card's symbol (or in a concentrated hex, AMB-25)
/// in range beyond the field, armored units too.
pub(crate) fn mortar_targets(state: &Omaha, p: PosId, range: MortarRange, card: u8) -> Vec<UsId> {
    let symbol = target_symbol(state, card);
    let concentrated = crate::fire::concentrated(state);
    us_units_on_map(state)
        .into_iter()
        .filter(|&(u, h)| {
            mortar_reach(state, p, range, h) && has_symbol(state, u, h, symbol, &concentrated)
        })
        .map(|(u, _)| u)
        .collect()
}

/// 16.5: up to the limit, the units with the most steps lose one each (no disruption); a tie
/// at the limit is G-MORTAR-TIE.
fn mortar(
    state: &mut Omaha,
    sector: Sector,
    p: PosId,
    range: MortarRange,
    card: u8,
    log: &mut OmahaLog,
) {
    let mut targets = mortar_targets(state, p, range, card);
    let name = crate::fire::position_name(state, p).to_owned();
    if targets.is_empty() {
        log.public(MORTAR, OmahaEvent::Note, || {
            format!("{name} has no mortar target (16.51).")
        });
        return;
    }
    let depth = units_in(state, p).iter().any(|&g| {
        !state.germans[usize::from(g)].disrupted && state.germans[usize::from(g)].depth.is_some()
    });
    let mut left = usize::from(mortar_limit(depth));
    targets.sort_by_key(|&u| (std::cmp::Reverse(state.us[usize::from(u)].steps), u));
    log.public(MORTAR, OmahaEvent::Note, || {
        format!("{name} fires its mortars (16.5).")
    });
    mortar_hits(state, sector, p, targets, &mut left, log);
}

/// Hit the mortar targets (most steps first) while hits are left; ask when a group of equal
/// steps is larger than the hits left.
fn mortar_hits(
    state: &mut Omaha,
    sector: Sector,
    p: PosId,
    targets: Vec<UsId>,
    left: &mut usize,
    log: &mut OmahaLog,
) {
    let mut rest = targets.as_slice();
    while *left > 0
        && let Some(&first) = rest.first()
    {
        let steps = state.us[usize::from(first)].steps;
        let tied = rest
            .iter()
            .take_while(|&&u| state.us[usize::from(u)].steps == steps)
            .count();
        let (group, further) = rest.split_at(tied);
        if tied > *left {
            state.choices = group.to_vec();
            state.step = Step::GermanChoice {
                sector,
                position: p,
                choice: GermanChoice::Mortar {
                    left: u8::try_from(*left).unwrap_or(u8::MAX),
                },
            };
            return;
        }
        for &u in group {
            mortar_hit(state, u, log);
        }
        *left -= tied;
        rest = further;
    }
}

fn mortar_hit(state: &mut Omaha, unit: UsId, log: &mut OmahaLog) {
    let name = state.name(unit).to_owned();
    log.public(MORTAR, OmahaEvent::Note, || {
        format!("Mortar fire: {name} loses a step (16.5).")
    });
    state.lose_step(unit, MORTAR, log);
}

/// 16.6: the units a Patrol disrupts: every unit in the field's Intense or Moderate hexes; if
/// there is none, the best one within 3 hexes (nearest, then with the card's symbol, then the
/// strongest; more than one is G-PATROL-TIE). Leaders never (16.61), nor units already
/// disrupted (INTERP: a patrol disrupts someone it can).
pub(crate) fn patrol_targets(state: &Omaha, p: PosId, card: u8) -> (bool, Vec<UsId>) {
    let us = us_units_on_map(state);
    let near: Vec<UsId> = us
        .iter()
        .filter(|&&(_, h)| {
            matches!(
                level_in(state, p, h),
                Some(FireLevel::Intense | FireLevel::Moderate)
            )
        })
        .map(|&(u, _)| u)
        .collect();
    if !near.is_empty() {
        return (true, near);
    }
    let symbol = target_symbol(state, card);
    type Key = (u32, bool, std::cmp::Reverse<u8>);
    let mut best: Option<Key> = None;
    let mut out = Vec::new();
    for (u, h) in us {
        let d = distance(state, p, h);
        if d > 3 || state.us[usize::from(u)].flags.has(UsFlags::DISRUPTED) {
            continue;
        }
        let printed = symbol.is_some_and(|s| state.data.index.us[usize::from(u)].symbol == Some(s));
        let key = (
            d,
            !printed,
            std::cmp::Reverse(crate::combat::strength(state, u)),
        );
        if best.is_none_or(|b| key < b) {
            best = Some(key);
            out.clear();
        }
        if best == Some(key) {
            out.push(u);
        }
    }
    (false, out)
}

fn patrol(state: &mut Omaha, sector: Sector, p: PosId, card: u8, log: &mut OmahaLog) {
    let name = crate::fire::position_name(state, p).to_owned();
    let (all, targets) = patrol_targets(state, p, card);
    match (all, targets.as_slice()) {
        (true, units) => {
            log.public(PATROL, OmahaEvent::Note, || {
                format!("{name} patrols: every US unit in its Intense and Moderate hexes is disrupted (16.6).")
            });
            for &u in units {
                if !state.us[usize::from(u)].flags.has(UsFlags::DISRUPTED) {
                    state.disrupt(u, PATROL, log);
                }
            }
        }
        (false, []) => log.public(PATROL, OmahaEvent::Note, || {
            format!("{name} patrols, but no US unit is within 3 hexes (16.6).")
        }),
        (false, &[u]) => {
            log.public(PATROL, OmahaEvent::Note, || {
                format!("{name} patrols (16.6).")
            });
            state.disrupt(u, PATROL, log);
        }
        (false, units) => {
            state.choices = units.to_vec();
            state.step = Step::GermanChoice {
                sector,
                position: p,
                choice: GermanChoice::Patrol,
            };
        }
    }
}

/// 16.7 (AMB-26): one US unit with the card's symbol in either sector, by 6.5's four classes,
/// then in the position's sector, then most steps; the best (more than one is
/// G-GER-ARTILLERY-TIE).
pub(crate) fn artillery_targets(state: &Omaha, sector: Sector, card: u8) -> Vec<UsId> {
    let symbol = target_symbol(state, card);
    let own = crate::fire::artillery_targets(state, sector, symbol);
    let other = crate::fire::artillery_targets(state, crate::germans::other(sector), symbol);
    let class = |units: &[UsId]| {
        units
            .first()
            .map(|&u| crate::fire::artillery_class(state, u))
    };
    match (class(&own), class(&other)) {
        (Some(a), Some(b)) if b < a => other,
        (Some(_), _) => own,
        (None, _) => other,
    }
}

fn artillery(state: &mut Omaha, sector: Sector, p: PosId, card: u8, log: &mut OmahaLog) {
    let name = crate::fire::position_name(state, p).to_owned();
    match artillery_targets(state, sector, card)[..] {
        [] => log.public(ARTILLERY, OmahaEvent::Note, || {
            format!(
                "{name}'s artillery has no target with the symbol in a box or on the beach (16.7)."
            )
        }),
        [u] => artillery_hit(state, p, u, log),
        ref units => {
            state.choices = units.to_vec();
            state.step = Step::GermanChoice {
                sector,
                position: p,
                choice: GermanChoice::Artillery,
            };
        }
    }
}

fn artillery_hit(state: &mut Omaha, p: PosId, unit: UsId, log: &mut OmahaLog) {
    let name = crate::fire::position_name(state, p).to_owned();
    let target = state.name(unit).to_owned();
    log.public(ARTILLERY, OmahaEvent::Note, || {
        format!("{name}'s artillery fires: {target} loses a step (16.7).")
    });
    crate::fire::artillery_hit(state, unit, ARTILLERY, log);
}

/// 16.9, 16.92: the Ambush's targets: units with the card's symbol (or in a concentrated hex)
/// in an Intense hex of the field lose a step; without one, those in Moderate or Sporadic hexes
/// are disrupted (not those already disrupted). The nearest, then most steps; more than one is
/// G-AMBUSH-TIE. Returns (lose a step, the best).
pub(crate) fn ambush_targets(state: &Omaha, p: PosId, card: u8) -> (bool, Vec<UsId>) {
    let symbol = target_symbol(state, card);
    let concentrated = crate::fire::concentrated(state);
    let us = us_units_on_map(state);
    for lose in [true, false] {
        type Key = (u32, std::cmp::Reverse<u8>);
        let mut best: Option<Key> = None;
        let mut out = Vec::new();
        for &(u, h) in &us {
            let Some(level) = level_in(state, p, h) else {
                continue;
            };
            if (level == FireLevel::Intense) != lose
                || !has_symbol(state, u, h, symbol, &concentrated)
            {
                continue;
            }
            if !lose && state.us[usize::from(u)].flags.has(UsFlags::DISRUPTED) {
                continue;
            }
            let key = (
                distance(state, p, h),
                std::cmp::Reverse(state.us[usize::from(u)].steps),
            );
            if best.is_none_or(|b| key < b) {
                best = Some(key);
                out.clear();
            }
            if best == Some(key) {
                out.push(u);
            }
        }
        if !out.is_empty() {
            return (lose, out);
        }
    }
    (false, Vec::new())
}

fn ambush(state: &mut Omaha, sector: Sector, p: PosId, card: u8, log: &mut OmahaLog) {
    let name = crate::fire::position_name(state, p).to_owned();
    let (lose_step, targets) = ambush_targets(state, p, card);
    match targets[..] {
        [] => log.public(AMBUSH, OmahaEvent::Note, || {
            format!("{name}: an ambush, but no US unit with the symbol is in its field (16.9).")
        }),
        [u] => ambush_hit(state, p, u, lose_step, log),
        ref units => {
            state.choices = units.to_vec();
            state.step = Step::GermanChoice {
                sector,
                position: p,
                choice: GermanChoice::Ambush { lose_step },
            };
        }
    }
}

fn ambush_hit(state: &mut Omaha, p: PosId, unit: UsId, lose_step: bool, log: &mut OmahaLog) {
    let name = crate::fire::position_name(state, p).to_owned();
    let target = state.name(unit).to_owned();
    log.public(AMBUSH, OmahaEvent::Note, || {
        format!(
            "Ambush from {name}: {target} {} (16.9).",
            if lose_step {
                "loses a step"
            } else {
                "is disrupted"
            }
        )
    });
    if lose_step {
        state.lose_step(unit, AMBUSH, log);
    } else {
        state.disrupt(unit, AMBUSH, log);
    }
}

// ---------------------------------------------------------------------------------------------
// 16.8 Advance.

/// The hexes of the Advance path from `p` to `q` (16.82, authored in positions.toml).
fn path(state: &Omaha, p: PosId, q: PosId) -> Vec<HexId> {
    let index = &state.data.index;
    let from = &index.positions[usize::from(p)].name;
    let to = &index.positions[usize::from(q)].name;
    state
        .data
        .positions
        .advance_paths
        .iter()
        .find(|a| &a.from == from && &a.to == to)
        .map(|a| a.path.iter().filter_map(|&l| index.hex(l)).collect())
        .unwrap_or_default()
}

/// The hex of position `q` (reinforcement positions have one).
fn position_hex(state: &Omaha, q: PosId) -> Option<HexId> {
    let index = &state.data.index;
    index.positions[usize::from(q)]
        .slots
        .first()
        .map(|&s| index.slots[usize::from(s)].hex)
}

/// 16.82 step 4: the defence of the US units on the path: attack strengths of the
/// non-disrupted units, doubled in building or bocage hexes, +1 with a Hero (16.84, after the
/// doubling).
pub(crate) fn path_defence(state: &Omaha, hexes: &[HexId]) -> u32 {
    us_units_on_map(state)
        .into_iter()
        .filter(|&(u, h)| {
            hexes.contains(&h) && !state.us[usize::from(u)].flags.has(UsFlags::DISRUPTED)
        })
        .map(|(u, h)| {
            let strength = u32::from(crate::combat::strength(state, u));
            let doubled = matches!(
                state.data.index.hexes[usize::from(h)].feature,
                HexFeature::Buildings | HexFeature::Bocage
            );
            strength * if doubled { 2 } else { 1 } + u32::from(crate::effects::has_hero(state, u))
        })
        .sum()
}

/// 16.8: the deferred Advance of `p` (16.85): check the arrow again, disrupt and total the
/// path's defence, then repulse or advance.
fn advance(state: &mut Omaha, sector: Sector, p: PosId, card: u8, log: &mut OmahaLog) {
    let name = crate::fire::position_name(state, p).to_owned();
    let Some(q) = advance_target(state, p) else {
        // An earlier Advance took the arrow's position: the unit fires if it can (16.8).
        let us_in_field = us_units_on_map(state)
            .iter()
            .any(|&(_, h)| level_in(state, p, h).is_some());
        if us_in_field {
            fire(state, sector, p, log);
        }
        return;
    };
    let hexes = path(state, p, q);
    let to = crate::fire::position_name(state, q).to_owned();
    let on_path: Vec<UsId> = us_units_on_map(state)
        .into_iter()
        .filter(|&(_, h)| hexes.contains(&h))
        .map(|(u, _)| u)
        .collect();
    if !on_path.is_empty() {
        // 16.82 step 3: every unit that is not infantry or a tank, and infantry and tanks with
        // the card's symbol, are disrupted.
        let symbol = target_symbol(state, card);
        for &u in &on_path {
            let info = &state.data.index.us[usize::from(u)];
            let plain = info
                .kind()
                .is_some_and(|k| k.infantry() || k == UsKind::Tank);
            let marked = symbol.is_some_and(|s| info.symbol == Some(s));
            if (!plain || marked) && !state.us[usize::from(u)].flags.has(UsFlags::DISRUPTED) {
                state.disrupt(u, ADVANCE, log);
            }
        }
        let defence = path_defence(state, &hexes);
        if defence >= 7 {
            log.public(ADVANCE_REPULSED, OmahaEvent::Note, || {
                format!("The German unit in {name} advances toward {to}, but the defence of {defence} repulses it; it does not fire (16.82).")
            });
            return;
        }
        log.public(ADVANCE, OmahaEvent::Note, || {
            format!("The German unit in {name} advances toward {to} against a defence of {defence} (16.82).")
        });
        match on_path[..] {
            [u] => state.lose_step(u, ADVANCE, log),
            _ => {
                state.choices = on_path;
                state.step = Step::GermanChoice {
                    sector,
                    position: p,
                    choice: GermanChoice::AdvanceLoss,
                };
                return;
            }
        }
    }
    advance_finish(state, sector, p, log);
}

/// 16.82: the hexes a US unit in the destination may be displaced to: adjacent, not on the
/// path, enterable.
pub(crate) fn displace_hexes(state: &Omaha, p: PosId) -> Vec<HexId> {
    let Some(q) = advance_target(state, p) else {
        return Vec::new();
    };
    let Some(dest) = position_hex(state, q) else {
        return Vec::new();
    };
    let hexes = path(state, p, q);
    let occupancy = crate::movement::Occupancy::of(state);
    state.data.index.hexes[usize::from(dest)]
        .neighbours
        .iter()
        .copied()
        .filter(|h| !hexes.contains(h) && crate::movement::enterable(state, &occupancy, *h))
        .collect()
}

/// 16.82: displace the US counters in the destination (not a lone General, whom the German unit
/// captures, 11.31), then move the unit and its marker.
fn advance_finish(state: &mut Omaha, sector: Sector, p: PosId, log: &mut OmahaLog) {
    let Some(q) = advance_target(state, p) else {
        return;
    };
    let Some(dest) = position_hex(state, q) else {
        return;
    };
    let general = |state: &Omaha, u: UsId| {
        state.data.index.us[usize::from(u)].counter == crate::index::UsCounter::General
    };
    loop {
        let there: Vec<UsId> = state.us_at(UsLoc::Hex(dest)).collect();
        // Generals go with the other units; alone, they are captured (11.31).
        let Some(&unit) = there.iter().find(|&&u| !general(state, u)) else {
            break;
        };
        let options = displace_hexes(state, p);
        match options[..] {
            [] => {
                let name = state.name(unit).to_owned();
                log.public(ADVANCE, OmahaEvent::Note, || {
                    format!("{name} cannot be displaced from the Advance's destination: it is eliminated (16.82).")
                });
                state.eliminate(unit, ADVANCE, log);
            }
            [to] => displace(state, unit, to, log),
            _ => {
                state.step = Step::GermanChoice {
                    sector,
                    position: p,
                    choice: GermanChoice::Displace { unit },
                };
                return;
            }
        }
    }
    let Some(&g) = units_in(state, p).first() else {
        return;
    };
    let name = crate::fire::position_name(state, p).to_owned();
    let to = crate::fire::position_name(state, q).to_owned();
    log.public(ADVANCE, OmahaEvent::Note, || {
        format!("The German unit in {name} advances to {to} (16.82).")
    });
    // 19.3: a Garrison in the destination of a successful Advance is removed.
    if crate::engineer_bases::garrisoned(state, q) {
        state.garrisons &= !bit(q);
        log.public(GARRISON, OmahaEvent::Note, || {
            format!("The US Garrison in {to} is removed by the Advance (19.3).")
        });
    }
    move_german(state, g, q, RuleId("16.83"), log);
    state.step = Step::GermanActions(sector);
}

fn displace(state: &mut Omaha, unit: UsId, to: HexId, log: &mut OmahaLog) {
    let Some(UsLoc::Hex(from)) = state.us.get(usize::from(unit)).map(|u| u.loc) else {
        return;
    };
    let name = state.name(unit).to_owned();
    let label = state.data.index.hexes[usize::from(to)].label;
    log.public(ADVANCE, OmahaEvent::Moved { unit, from, to }, || {
        format!("{name} is displaced to {label} by the German Advance (16.82).")
    });
    // Generals in the hex go with the first unit displaced.
    let generals: Vec<UsId> = state
        .us_at(UsLoc::Hex(from))
        .filter(|&u| {
            state.data.index.us[usize::from(u)].counter == crate::index::UsCounter::General
        })
        .collect();
    state.us[usize::from(unit)].loc = UsLoc::Hex(to);
    for g in generals {
        state.us[usize::from(g)].loc = UsLoc::Hex(to);
    }
}

// ---------------------------------------------------------------------------------------------
// The prompts.

pub(crate) fn prompt(state: &Omaha) -> (&'static str, RuleId, String) {
    let Step::GermanChoice {
        position, choice, ..
    } = state.step
    else {
        return ("running", ACTIONS, String::new());
    };
    let name = crate::fire::position_name(state, position);
    match choice {
        GermanChoice::Mortar { left } => (
            "mortar_tie",
            MORTAR,
            format!(
                "G-MORTAR-TIE: which unit does {name}'s mortar hit ({left} hit(s) left)? These have equal steps (16.5)."
            ),
        ),
        GermanChoice::Patrol => (
            "patrol_tie",
            PATROL,
            format!(
                "G-PATROL-TIE: which unit does {name}'s patrol disrupt? These are equal (16.6)."
            ),
        ),
        GermanChoice::Artillery => (
            "german_artillery_tie",
            ARTILLERY,
            format!(
                "G-GER-ARTILLERY-TIE: which unit does {name}'s artillery hit? These are equal (16.7)."
            ),
        ),
        GermanChoice::Ambush { lose_step } => (
            "ambush_tie",
            AMBUSH,
            format!(
                "G-AMBUSH-TIE: which unit does the ambush from {name} {}? These are equally near, with equal steps (16.92).",
                if lose_step { "hit" } else { "disrupt" }
            ),
        ),
        GermanChoice::Redeploy => (
            "redeploy_tie",
            REDEPLOY,
            format!(
                "G-REDEPLOY-TIE: where does the unit in {name} redeploy? These are equally good (16.3)."
            ),
        ),
        GermanChoice::AdvanceLoss => (
            "advance_loss",
            ADVANCE,
            format!(
                "The Advance from {name} succeeds: choose the unit on its path that loses a step (16.82)."
            ),
        ),
        GermanChoice::Displace { unit } => (
            "advance_displace",
            ADVANCE,
            format!(
                "The Advance from {name} takes the hex of {}: choose where it goes (16.82).",
                state.name(unit)
            ),
        ),
    }
}

pub(crate) fn legal(state: &Omaha, out: &mut Vec<OmahaAction>) {
    let Step::GermanChoice {
        position,
        choice,
        sector,
    } = state.step
    else {
        return;
    };
    match choice {
        GermanChoice::Redeploy => out.extend(
            redeploy_targets(state, sector, position)
                .into_iter()
                .map(|to| OmahaAction::RedeployTo { position: to }),
        ),
        GermanChoice::Displace { unit } => out.extend(
            displace_hexes(state, position)
                .into_iter()
                .map(|to| OmahaAction::Displace { unit, to }),
        ),
        _ => out.extend(
            state
                .choices
                .iter()
                .map(|&unit| OmahaAction::GermanTarget { unit }),
        ),
    }
}

/// An answer to a German-action prompt (checked against [`legal`] by the caller).
pub(crate) fn answer(
    state: &mut Omaha,
    action: OmahaAction,
    log: &mut OmahaLog,
) -> Result<(), Refusal> {
    let Step::GermanChoice {
        sector,
        position: p,
        choice,
    } = state.step
    else {
        return Err(Refusal::new("no German action is waiting for a choice"));
    };
    state.step = Step::GermanActions(sector);
    match (choice, action) {
        (GermanChoice::Mortar { left }, OmahaAction::GermanTarget { unit }) => {
            let rest: Vec<UsId> = state
                .choices
                .iter()
                .copied()
                .filter(|&u| u != unit)
                .collect();
            state.choices.clear();
            mortar_hit(state, unit, log);
            let mut left = usize::from(left).saturating_sub(1);
            mortar_hits(state, sector, p, rest, &mut left, log);
        }
        (GermanChoice::Patrol, OmahaAction::GermanTarget { unit }) => {
            state.choices.clear();
            state.disrupt(unit, PATROL, log);
        }
        (GermanChoice::Artillery, OmahaAction::GermanTarget { unit }) => {
            state.choices.clear();
            artillery_hit(state, p, unit, log);
        }
        (GermanChoice::Ambush { lose_step }, OmahaAction::GermanTarget { unit }) => {
            state.choices.clear();
            ambush_hit(state, p, unit, lose_step, log);
        }
        (GermanChoice::Redeploy, OmahaAction::RedeployTo { position }) => {
            redeploy_to(state, p, position, log);
        }
        (GermanChoice::AdvanceLoss, OmahaAction::GermanTarget { unit }) => {
            state.choices.clear();
            state.lose_step(unit, ADVANCE, log);
            if state.outcome.is_none() {
                advance_finish(state, sector, p, log);
            }
        }
        (GermanChoice::Displace { .. }, OmahaAction::Displace { unit, to }) => {
            displace(state, unit, to, log);
            advance_finish(state, sector, p, log);
        }
        _ => {
            return Err(Refusal::new(
                "that is not an answer to this German action's prompt",
            ));
        }
    }
    Ok(())
}
